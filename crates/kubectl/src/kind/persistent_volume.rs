//! The PersistentVolume: its names, as discovery lists them, and the word the demo's panel types for it.

use crate::api_resource::{ApiResource, Word, VERSION};

pub(super) const API: ApiResource = ApiResource {
    kind: "PersistentVolume",
    group: "",
    version: VERSION,
    plural: "persistentvolumes",
    short_names: &["pv"],
    namespaced: false,
};
pub(super) const TYPED: Word = Word::Short;
