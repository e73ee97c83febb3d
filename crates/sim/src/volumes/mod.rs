//! The chapter "CSIとボリューム": a claim, the volume behind it, and the three stages between them:
//! provision (per claim), attach (per node) and mount (per pod).
//!
//! ```
//! use kubevol_sim::volumes::{Action, DemoConfig, Setup, State};
//! let (mut s, _) = State::new(&Setup::demo(DemoConfig::default())).unwrap();
//! s.apply(Action::Attach { claim: "data".into(), node: "node-a".into() }).unwrap();
//! let refused = s.apply(Action::Attach { claim: "data".into(), node: "node-b".into() }).unwrap_err();
//! assert_eq!(refused.kind(), "multi-attach");
//! ```

mod action;
mod apply;
mod csi;
mod event;
mod model;
mod refusal;
mod state;

pub use action::Action;
pub use apply::Outcome;
pub use csi::{CsiAccessMode, CsiCall, Rpc};
pub use event::{AlreadyHolds, Event};
pub use model::{AccessMode, Binding, Claim, ClaimSpec, Node, Phase, Reclaim, StorageClass, Volume};
pub use refusal::Refusal;
pub use state::{DemoConfig, Setup, State, DEMO_CLAIM, DEMO_CLASS, DEMO_NODES, DEMO_ZONES};
