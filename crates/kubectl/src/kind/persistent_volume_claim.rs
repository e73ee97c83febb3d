//! The PersistentVolumeClaim: its names, as discovery lists them, and the word the demo's panel types for it.

use crate::api_resource::{ApiResource, Word, VERSION};

pub(super) const API: ApiResource = ApiResource {
    kind: "PersistentVolumeClaim",
    group: "",
    version: VERSION,
    plural: "persistentvolumeclaims",
    short_names: &["pvc"],
    namespaced: true,
};
pub(super) const TYPED: Word = Word::Short;
