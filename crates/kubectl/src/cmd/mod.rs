//! One file per command a reader types, as kubectl keeps one package per command
//! (`staging/src/k8s.io/kubectl/pkg/cmd/<command>/`): each holds the command's typed request and
//! its reading (`read`, from the words and flags the parser (`read/`) split), its run at a moment,
//! and what it asks of the model (a [`Change`](crate::Change), which the prompt makes the model's
//! own action through [`Served`](crate::Served)). `cordon`, `uncordon` and `drain` share
//! `drain.rs`, as they share kubectl's `drain` package.
//!
//! The reads (`get`, `describe`) print from our printers at a moment; their texts are checked
//! against the real kubectl's, which ran against the served cluster at the same moment
//! (`crates/replay/tests/kubectl.rs`). [`run`] answers `None` for a change, and for the jsonpath
//! forms `jsonpath.rs` leaves out, which are the real kubectl's against `kubevol-replay serve`.

pub mod api_resources;
pub mod delete;
pub mod describe;
pub mod drain;
pub mod get;
pub mod help;
pub mod scale;
pub mod version;

use crate::read::Request;
use crate::{Kind, Moment, Outcome, Resource, NAMESPACE};

/// kubectl's line for an object the server does not have.
pub(crate) fn not_found(kind: Option<Kind>, name: &str) -> String {
    let resource = kind.map_or(Resource::Event, Resource::Kind).qualified();
    format!("Error from server (NotFound): {resource} \"{name}\" not found\n")
}

/// What our printer prints for a read at the moment, and whether kubectl fails (exit 1); `None` for
/// a change, and for what it leaves to the real kubectl (the jsonpath forms `jsonpath.rs` does not
/// answer).
pub fn run(moment: &Moment, request: &Request) -> Option<Outcome> {
    match request {
        Request::Get(request) => get::run(moment, request),
        Request::Describe(request) => Some(describe::run(moment, request)),
        _ => None,
    }
}

/// Whether a namespace asked for is another than the one every demo object lives in.
pub(crate) fn elsewhere(namespace: &Option<String>) -> Option<&str> {
    namespace.as_deref().filter(|ns| *ns != NAMESPACE)
}

/// Whether the moment holds this object in the namespace asked.
pub(crate) fn holds(moment: &Moment, kind: Kind, name: &str, namespace: &Option<String>) -> bool {
    let here = !kind.namespaced() || namespace.as_deref().is_none_or(|ns| ns == NAMESPACE);
    here && moment.cluster.names().iter().any(|(k, n)| *k == kind && n == name)
}
