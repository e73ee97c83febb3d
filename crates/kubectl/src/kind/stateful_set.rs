//! The StatefulSet: its names, as discovery lists them, and the word the demo's panel types for it.

use crate::api_resource::{ApiResource, Word, VERSION};

pub(super) const API: ApiResource = ApiResource {
    kind: "StatefulSet",
    group: "apps",
    version: VERSION,
    plural: "statefulsets",
    short_names: &["sts"],
    namespaced: true,
};
pub(super) const TYPED: Word = Word::Plural;
