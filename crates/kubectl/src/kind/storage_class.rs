//! The StorageClass: its names, as discovery lists them, and the word the demo's panel types for it.

use crate::api_resource::{ApiResource, Word, VERSION};

pub(super) const API: ApiResource = ApiResource {
    kind: "StorageClass",
    group: "storage.k8s.io",
    version: VERSION,
    plural: "storageclasses",
    short_names: &["sc"],
    namespaced: false,
};
pub(super) const TYPED: Word = Word::Singular;
