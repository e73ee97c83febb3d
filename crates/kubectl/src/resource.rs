//! The one resource type: what the demos' cluster serves, each with its names ([`ApiResource`]:
//! a kind's from its file in `kind/`, the Events' and the Leases' here), as discovery lists them,
//! and the words a reader types for it. The served cluster routes and builds its discovery
//! documents from it, the objects' `apiVersion` is its group-version, and the prompt reads a typed
//! resource type into it and prints `kubectl api-resources` from the same list.

use crate::api_resource::{ApiResource, VERSION};
use crate::{Kind, KindWords};

/// What the cluster serves: one of the demos' kinds, the Events about them, or the nodes' Leases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    Kind(Kind),
    Event,
    /// Each node's heartbeat, which its kubelet renews and `kubectl describe node` shows. The
    /// served cluster's own: the prompt does not read it.
    Lease,
}

const EVENT: ApiResource = ApiResource {
    kind: "Event",
    group: "",
    version: VERSION,
    plural: "events",
    short_names: &["ev"],
    namespaced: true,
};
const LEASE: ApiResource = ApiResource {
    kind: "Lease",
    group: "coordination.k8s.io",
    version: VERSION,
    plural: "leases",
    short_names: &[],
    namespaced: true,
};

/// The verbs every resource lists, as the API server's own resources do.
pub const VERBS: [&str; 8] = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];

impl Resource {
    pub const ALL: [Resource; 10] = [
        Resource::Kind(Kind::Node),
        Resource::Kind(Kind::StorageClass),
        Resource::Kind(Kind::CSIDriver),
        Resource::Kind(Kind::PersistentVolumeClaim),
        Resource::Kind(Kind::PersistentVolume),
        Resource::Kind(Kind::VolumeAttachment),
        Resource::Kind(Kind::StatefulSet),
        Resource::Kind(Kind::Pod),
        Resource::Event,
        Resource::Lease,
    ];

    /// Its names: path segment, group, version, short names, kind, scope.
    pub fn api(self) -> &'static ApiResource {
        match self {
            Resource::Kind(kind) => kind.api(),
            Resource::Event => &EVENT,
            Resource::Lease => &LEASE,
        }
    }

    /// The resource of a path segment in a group.
    pub fn find(group: &str, plural: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.api().plural == plural && r.api().group == group)
    }

    /// The named groups the cluster serves, each once, sorted.
    pub fn groups() -> Vec<&'static str> {
        let mut groups: Vec<&'static str> = Resource::ALL.iter().map(|r| r.api().group).collect();
        groups.retain(|g| !g.is_empty());
        groups.sort_unstable();
        groups.dedup();
        groups
    }

    /// The kind, or `None` for Events and Leases.
    pub fn kind(self) -> Option<Kind> {
        match self {
            Resource::Kind(kind) => Some(kind),
            Resource::Event | Resource::Lease => None,
        }
    }

    /// What a reader may type for a resource type: the kind's plural, singular, either with its
    /// group, or a short name discovery lists; the Events' plural, singular or short name. Never a
    /// Lease: the nodes' Leases are the served cluster's own, not the demos'.
    pub fn typed(word: &str) -> Option<Resource> {
        let word = word.to_ascii_lowercase();
        if [EVENT.plural.to_string(), EVENT.singular()].contains(&word) || EVENT.short_names.contains(&word.as_str()) {
            return Some(Resource::Event);
        }
        Kind::ALL.into_iter().find_map(|kind| {
            let api = kind.api();
            let (plural, group, singular) = (api.plural, api.group, api.singular());
            let names =
                [plural.to_string(), singular.clone(), format!("{plural}.{group}"), format!("{singular}.{group}")];
            (names.contains(&word) || api.short_names.contains(&word.as_str())).then_some(Resource::Kind(kind))
        })
    }
}
