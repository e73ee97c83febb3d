//! What the server serves: the demos' kinds and their Events, each with its path, group, short
//! names and kind, as discovery lists them.

use kubevol_sim::kubectl::Kind;

/// What the server lists: one of the demo's kinds, or the Events about them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    Kind(Kind),
    Event,
    /// Each node's heartbeat, which its kubelet renews and `kubectl describe node` shows.
    Lease,
}

impl Resource {
    pub const ALL: [Resource; 9] = [
        Resource::Kind(Kind::Node),
        Resource::Kind(Kind::StorageClass),
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

    pub fn group_version(self) -> &'static str {
        match self.api().1 {
            "" => "v1",
            "apps" => "apps/v1",
            "coordination.k8s.io" => "coordination.k8s.io/v1",
            _ => "storage.k8s.io/v1",
        }
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
}
