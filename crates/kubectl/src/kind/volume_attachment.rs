//! The VolumeAttachment: its names, as discovery lists them, and the word the demo's panel types for it.

use crate::api_resource::{ApiResource, Word, VERSION};

pub(super) const API: ApiResource = ApiResource {
    kind: "VolumeAttachment",
    group: "storage.k8s.io",
    version: VERSION,
    plural: "volumeattachments",
    short_names: &[],
    namespaced: false,
};
pub(super) const TYPED: Word = Word::Plural;
