//! What `kubectl` would show for a model's state: the objects a real cluster would hold at that
//! moment, their `kubectl get` tables and their YAML.
//!
//! Each model says which objects its state stands for (`Model::cluster`); this crate renders
//! them the way kubectl and the API server do, so the columns, names and fields are Kubernetes'
//! own. What the models do not have (uids, timestamps, the driver's volume ids) is made up here,
//! plainly: uids are all zeros but their last digits, and time is the demo's step clock, one step a
//! second from [`EPOCH`].
//!
//! Each kind of object has its file (`kind/`, one per kind as kubectl has one printer and one
//! describer per kind): its names, its `kubectl get` columns and rows, its object and its
//! describer. A typed line is read once (`read/`) and answered by its command (`cmd/`, one file per
//! command as kubectl has them), for the demo's prompt (`prompt.rs`), the served cluster and the
//! tests; what a command did is an [`Outcome`].

pub mod api_resource;
mod change;
mod clock;
mod cmd;
mod describer;
mod events;
#[cfg(test)]
mod fixtures;
mod jsonpath;
mod kind;
mod labels;
mod moment;
mod object;
mod outcome;
pub mod prompt;
pub mod read;
pub mod resource;
mod table;
mod value;

pub use api_resource::ApiResource;
pub use change::{cannot, deleted, Change, Served};
pub use clock::{set_step_zero, timestamp};
pub use cmd::describe::Describe;
pub use cmd::get::{Get, Output};
pub use events::{aggregated, counted, describe_counted, describe_events, event_name, event_table, Counted};
pub use kind::{get, object, table, KindWords};
pub use labels::LabelSelector;
pub use moment::Moment;
pub use outcome::Outcome;
pub use prompt::run;
pub use read::Request;
pub use resource::Resource;
pub use table::{age, print, Column, Row, Shown, Table};
pub use value::yaml::yaml;
pub use value::Value;

pub use kubevol_sim::cluster::*;

/// When a demo's step 0 happens, for the `creationTimestamp` of its objects.
pub const EPOCH: &str = "2026-01-01T00:00:00Z";
/// [`EPOCH`] in seconds since 1970.
pub const EPOCH_SECONDS: u64 = 1_767_225_600;
/// What every demo node's kubelet reports as its version, and the served API server's: one minor
/// version past the pinned kubectl ([`CLIENT_VERSION`]), the skew kubectl supports without a
/// warning, and the schemas `scripts/validate-manifests.sh` checks every object against.
pub const KUBELET_VERSION: &str = "v1.34.4";
/// The kubectl the prompt stands for: the one the bootstrap pins as the judge
/// (`scripts/bootstrap.sh`), with the kustomize it was built with.
pub const CLIENT_VERSION: &str = "v1.33.9";
pub const KUSTOMIZE_VERSION: &str = "v5.6.0";
/// What every demo node's kubelet reports of its machine (`status.nodeInfo`).
pub const OS_IMAGE: &str = "Debian GNU/Linux 12 (bookworm)";
pub const KERNEL_VERSION: &str = "6.1.0-40-amd64";
pub const CONTAINER_RUNTIME: &str = "containerd://2.1.4";
/// The image every demo pod runs, in its one container: the pods here do nothing but hold their
/// volume.
pub const IMAGE: &str = "registry.k8s.io/pause:3.10";
pub const CONTAINER: &str = "app";
/// A container's waiting reason while its volume is not there yet, which `get pods` shows.
pub const CONTAINER_CREATING: &str = "ContainerCreating";
/// A pod's Ready condition message while its one container is not ready.
pub const CONTAINERS_NOT_READY: &str = "containers with unready status: [app]";
