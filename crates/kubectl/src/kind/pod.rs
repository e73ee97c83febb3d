//! The Pod: its names, as discovery lists them, and the word the demo's panel types for it.

use crate::api_resource::{ApiResource, Word, VERSION};

pub(super) const API: ApiResource =
    ApiResource { kind: "Pod", group: "", version: VERSION, plural: "pods", short_names: &["po"], namespaced: true };
pub(super) const TYPED: Word = Word::Plural;
