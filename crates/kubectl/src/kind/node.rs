//! The Node: its names, as discovery lists them, and the word the demo's panel types for it.

use crate::api_resource::{ApiResource, Word, VERSION};

pub(super) const API: ApiResource =
    ApiResource { kind: "Node", group: "", version: VERSION, plural: "nodes", short_names: &["no"], namespaced: false };
pub(super) const TYPED: Word = Word::Plural;
