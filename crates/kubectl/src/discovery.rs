//! Discovery: the resources the demos' cluster serves, each with its path, group, short names and
//! kind, as the API server lists them. The served cluster builds its discovery documents from
//! this, and the prompt prints `kubectl api-resources` from the same list.

use crate::get::tabwrite;
use crate::Kind;

/// What the cluster serves: one of the demos' kinds, the Events about them, or the nodes' Leases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApiResource {
    Kind(Kind),
    Event,
    /// Each node's heartbeat, which its kubelet renews and `kubectl describe node` shows.
    Lease,
}

/// The named groups the demos' kinds live in.
pub const GROUPS: [&str; 3] = ["apps", "coordination.k8s.io", "storage.k8s.io"];

/// The verbs every resource lists, as the API server's own resources do.
pub const VERBS: [&str; 8] = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];

impl ApiResource {
    pub const ALL: [ApiResource; 10] = [
        ApiResource::Kind(Kind::Node),
        ApiResource::Kind(Kind::StorageClass),
        ApiResource::Kind(Kind::CSIDriver),
        ApiResource::Kind(Kind::PersistentVolumeClaim),
        ApiResource::Kind(Kind::PersistentVolume),
        ApiResource::Kind(Kind::VolumeAttachment),
        ApiResource::Kind(Kind::StatefulSet),
        ApiResource::Kind(Kind::Pod),
        ApiResource::Event,
        ApiResource::Lease,
    ];

    /// Path segment, API group, short names, kind.
    pub fn api(self) -> (&'static str, &'static str, &'static [&'static str], &'static str) {
        match self {
            ApiResource::Kind(kind) => {
                let (plural, group, short) = kind.api();
                (plural, group, short, kind.name())
            }
            ApiResource::Event => ("events", "", &["ev"], "Event"),
            ApiResource::Lease => ("leases", "coordination.k8s.io", &[], "Lease"),
        }
    }

    pub fn namespaced(self) -> bool {
        match self {
            ApiResource::Kind(kind) => kind.namespaced(),
            ApiResource::Event | ApiResource::Lease => true,
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
    pub fn find(group: &str, plural: &str) -> Option<ApiResource> {
        ApiResource::ALL.into_iter().find(|r| r.api().0 == plural && r.api().1 == group)
    }
}

/// `kubectl api-resources`: every resource discovery lists, by group and then name.
// Models staging/src/k8s.io/kubectl/pkg/cmd/apiresources/apiresources.go APIResourceOptions.RunAPIResources
pub fn api_resources() -> String {
    let mut all = ApiResource::ALL;
    all.sort_by_key(|r| (r.api().1, r.api().0));
    let mut lines = vec![["NAME", "SHORTNAMES", "APIVERSION", "NAMESPACED", "KIND"].map(String::from).to_vec()];
    for resource in all {
        let (plural, _, short, kind) = resource.api();
        let namespaced = if resource.namespaced() { "true" } else { "false" };
        lines.push(vec![
            plural.to_string(),
            short.join(","),
            resource.group_version().to_string(),
            namespaced.to_string(),
            kind.to_string(),
        ]);
    }
    tabwrite(&lines)
}
