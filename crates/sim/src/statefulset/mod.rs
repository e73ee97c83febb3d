//! The chapter "StatefulSetとPVC": ordinal names, ordered start-up one at a time, reverse-order
//! scale-down, and PVCs that outlive their pods.
//!
//! ```
//! use kubevol_sim::statefulset::{Action, Config, State};
//! let mut s = State::new(Config::default()).unwrap();
//! s.apply(Action::Run { max: 20 }).unwrap();
//! assert!(s.converged());
//! assert_eq!(s.ready_count(), 3);
//! ```

mod action;
mod apply;
mod cluster;
mod event;
mod model;
mod refusal;
mod state;

pub use crate::api::PodManagementPolicy;
pub use action::Action;
pub use apply::{Outcome, MAX_DATA_CHARS};
pub use event::{Event, PodGone, PvcGone};
pub use model::{Config, Pod, Pvc, Retention, RetentionPolicy};
pub use refusal::Refusal;
pub use state::{State, MAX_REPLICAS, MAX_RUN, MAX_STARTUP};
