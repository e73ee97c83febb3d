//! What a resource is called, as discovery lists it: one [`ApiResource`] per resource, said once,
//! in each kind's file (`kind/`) and for Events and Leases in `resource.rs`. Everything that names
//! a resource (an object's `apiVersion` and `kind`, the words a reader types, `kubectl
//! api-resources`, the served cluster's paths and discovery documents) reads it from there.

/// The one version every group here serves.
pub const VERSION: &str = "v1";

/// A group's group-version, which is an object's `apiVersion`: `v1` for the core group,
/// `apps/v1` for a named one.
pub fn group_version(group: &str) -> String {
    join(group, VERSION)
}

fn join(group: &str, version: &str) -> String {
    match group {
        "" => version.to_string(),
        named => format!("{named}/{version}"),
    }
}

/// A resource's names, as kube-rs's `ApiResource` holds them, with the short names and the scope
/// that discovery lists beside them. Its singular is its kind lower-cased, as the API server
/// serves every built-in's `singularName`.
// Models staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/types.go APIResource
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ApiResource {
    /// The kind as the API names it (`kind:` of its objects).
    pub kind: &'static str,
    /// Its API group, "" for the core group.
    pub group: &'static str,
    pub version: &'static str,
    /// Its path segment.
    pub plural: &'static str,
    pub short_names: &'static [&'static str],
    /// Whether its objects live in a namespace (the rest are cluster-wide).
    pub namespaced: bool,
}

/// Which of a kind's names the demo's kubectl panel types for it (`kubectl get pvc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    Plural,
    Singular,
    /// Its first short name.
    Short,
}

impl ApiResource {
    /// Its objects' `apiVersion`.
    pub fn api_version(&self) -> String {
        join(self.group, self.version)
    }

    /// `persistentvolumeclaim`: the kind lower-cased.
    pub fn singular(&self) -> String {
        self.kind.to_ascii_lowercase()
    }

    /// `pods` in `pods "db-9" not found`; `statefulsets.apps` for a named group.
    pub fn qualified(&self) -> String {
        with_group(self.plural.to_string(), self.group)
    }

    /// How kubectl names the resource before a name (`persistentvolumeclaim/data`,
    /// `statefulset.apps "db" deleted`): its singular, with its group if it has one.
    pub fn prefix(&self) -> String {
        with_group(self.singular(), self.group)
    }

    /// One of its names, as [`Word`] picks it.
    pub fn word(&self, word: Word) -> String {
        match word {
            Word::Plural => self.plural.to_string(),
            Word::Singular => self.singular(),
            Word::Short => self.short_names.first().unwrap_or(&self.plural).to_string(),
        }
    }
}

fn with_group(name: String, group: &str) -> String {
    match group {
        "" => name,
        named => format!("{name}.{named}"),
    }
}
