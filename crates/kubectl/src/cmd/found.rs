//! Whether the moment holds what a command names, and kubectl's line for what it does not: what
//! every command that names an object asks first.

use crate::{Kind, KindWords, Moment, Resource, NAMESPACE};

/// kubectl's line for an object the server does not have.
pub(crate) fn not_found(kind: Option<Kind>, name: &str) -> String {
    let resource = kind.map_or(Resource::Event, Resource::Kind).api().qualified();
    format!("Error from server (NotFound): {resource} \"{name}\" not found\n")
}

/// Whether a namespace asked for is another than the one every demo object lives in.
pub(crate) fn elsewhere(namespace: &Option<String>) -> Option<&str> {
    namespace.as_deref().filter(|ns| *ns != NAMESPACE)
}

/// Whether the moment holds this object in the namespace asked.
pub(crate) fn holds(moment: &Moment, kind: Kind, name: &str, namespace: &Option<String>) -> bool {
    let here = !kind.api().namespaced || namespace.as_deref().is_none_or(|ns| ns == NAMESPACE);
    here && moment.cluster.names().iter().any(|(k, n)| *k == kind && n == name)
}
