//! The one resource type: what the demos' cluster serves, each with its path, group, version,
//! short names and kind, as discovery lists them, and the words a reader types for it. The
//! served cluster routes and builds its discovery documents from it, the objects' `apiVersion`
//! is its group-version, and the prompt reads a typed resource type into it and prints
//! `kubectl api-resources` from the same list.
// Models staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/types.go APIResource

use crate::Kind;

/// What the cluster serves: one of the demos' kinds, the Events about them, or the nodes' Leases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    Kind(Kind),
    Event,
    /// Each node's heartbeat, which its kubelet renews and `kubectl describe node` shows. The
    /// served cluster's own: the prompt does not read it.
    Lease,
}

/// The one version every group here serves.
pub const VERSION: &str = "v1";

/// A group's group-version, which is an object's `apiVersion`: `v1` for the core group,
/// `apps/v1` for a named one.
pub fn group_version(group: &str) -> String {
    match group {
        "" => VERSION.to_string(),
        named => format!("{named}/{VERSION}"),
    }
}

/// The named groups the demos' kinds live in.
pub const GROUPS: [&str; 3] = ["apps", "coordination.k8s.io", "storage.k8s.io"];

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

    /// Path segment, API group, short names, kind.
    pub fn api(self) -> (&'static str, &'static str, &'static [&'static str], &'static str) {
        match self {
            Resource::Kind(kind) => {
                let (plural, group, short) = kind.api();
                (plural, group, short, kind.name())
            }
            Resource::Event => ("events", "", &["ev"], "Event"),
            Resource::Lease => ("leases", "coordination.k8s.io", &[], "Lease"),
        }
    }

    pub fn namespaced(self) -> bool {
        match self {
            Resource::Kind(kind) => kind.namespaced(),
            Resource::Event | Resource::Lease => true,
        }
    }

    /// Its objects' `apiVersion` ([`group_version`]).
    pub fn group_version(self) -> String {
        group_version(self.api().1)
    }

    /// `pods` in `pods "db-9" not found`; `statefulsets.apps` for a named group.
    pub fn qualified(self) -> String {
        let (plural, group, ..) = self.api();
        if group.is_empty() {
            plural.to_string()
        } else {
            format!("{plural}.{group}")
        }
    }

    /// The resource of a path segment in a group.
    pub fn find(group: &str, plural: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.api().0 == plural && r.api().1 == group)
    }

    /// The kind, or `None` for Events and Leases.
    pub fn kind(self) -> Option<Kind> {
        match self {
            Resource::Kind(kind) => Some(kind),
            Resource::Event | Resource::Lease => None,
        }
    }

    /// What a reader may type for a resource type: the kind's plural, singular, either with its
    /// group, or a short name discovery lists; `events` for Events. Never a Lease: the nodes'
    /// Leases are the served cluster's own, not the demos'.
    pub fn typed(word: &str) -> Option<Resource> {
        let word = word.to_ascii_lowercase();
        if matches!(word.as_str(), "event" | "events" | "ev") {
            return Some(Resource::Event);
        }
        Kind::ALL.into_iter().find_map(|kind| {
            let (plural, group, short) = kind.api();
            let singular = kind.name().to_ascii_lowercase();
            let names =
                [plural.to_string(), singular.clone(), format!("{plural}.{group}"), format!("{singular}.{group}")];
            (names.contains(&word) || short.contains(&word.as_str())).then_some(Resource::Kind(kind))
        })
    }
}

/// How kubectl words a kind: as a prefix before a name, and as a reader types it.
pub trait KindWords {
    fn resource(self) -> &'static str;
    fn short(self) -> &'static str;
}

impl KindWords for Kind {
    /// How `kubectl get` names the kind before a name when it lists several kinds at once
    /// (`persistentvolumeclaim/data`).
    fn resource(self) -> &'static str {
        match self {
            Kind::Node => "node",
            Kind::StorageClass => "storageclass.storage.k8s.io",
            Kind::CSIDriver => "csidriver.storage.k8s.io",
            Kind::PersistentVolumeClaim => "persistentvolumeclaim",
            Kind::PersistentVolume => "persistentvolume",
            Kind::VolumeAttachment => "volumeattachment.storage.k8s.io",
            Kind::StatefulSet => "statefulset.apps",
            Kind::Pod => "pod",
        }
    }

    /// The short name a reader types: `kubectl get pvc`.
    fn short(self) -> &'static str {
        match self {
            Kind::Node => "nodes",
            Kind::StorageClass => "storageclass",
            Kind::CSIDriver => "csidrivers",
            Kind::PersistentVolumeClaim => "pvc",
            Kind::PersistentVolume => "pv",
            Kind::VolumeAttachment => "volumeattachments",
            Kind::StatefulSet => "statefulsets",
            Kind::Pod => "pods",
        }
    }
}
