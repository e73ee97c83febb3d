//! The CSIDriver: its names, as discovery lists them, and the word the demo's panel types for it.

use crate::api_resource::{ApiResource, Word, VERSION};

pub(super) const API: ApiResource = ApiResource {
    kind: "CSIDriver",
    group: "storage.k8s.io",
    version: VERSION,
    plural: "csidrivers",
    short_names: &[],
    namespaced: false,
};
pub(super) const TYPED: Word = Word::Plural;
