//! The chapter "CSIとボリューム": a claim, the volume behind it, and the three stages between them:
//! provision (per claim), attach (per node) and mount (per pod); then growing a volume, which takes
//! the controller and a node in turn. Every stage goes to the CSI driver (`driver.rs`) as a call,
//! and the driver's capabilities decide which calls there are.
//!
//! ```
//! use kubevol_sim::csi::{Action, DemoConfig, Setup, State};
//! let (mut s, _) = State::new(&Setup::demo(DemoConfig::default())).unwrap();
//! s.apply(Action::Attach { claim: "data".into(), node: "node-a".into() }).unwrap();
//! let refused = s.apply(Action::Attach { claim: "data".into(), node: "node-b".into() }).unwrap_err();
//! assert_eq!(refused.kind(), "multi-attach");
//! ```

mod action;
mod apply;
mod cluster;
mod driver;
mod event;
mod model;
mod refusal;
mod rpc;
mod state;

pub use crate::api::{AccessMode, Binding, Reclaim, DRIVER_NAME};
pub use action::Action;
pub use apply::Outcome;
pub use driver::{Disk, Driver};
pub use event::{AlreadyHolds, Event};
pub use model::{Claim, ClaimSpec, Node, Phase, Resize, StorageClass, Volume};
pub use refusal::Refusal;
pub use rpc::{Caller, Capabilities, Capability, Code, CsiAccessMode, CsiCall, Rpc};
pub use state::{DemoConfig, Setup, State, DEMO_CLAIM, DEMO_CLASS, DEMO_NODES, DEMO_POOL_GIB, DEMO_ZONES};
