//! The book's topology spread chapter, and seed 004 and seed 002 on a three-node cluster: where pods
//! and volumes land across zones, what a spread constraint allows (DoNotSchedule) or prefers
//! (ScheduleAnyway), what survives when a node or a zone is lost, and the real FailedScheduling
//! messages when a pod cannot be placed.
//!
//! ```
//! use kubevol_sim::topology::{Action, Preset, State};
//! let (mut s, _) = State::new(&Preset::SpreadTrap.setup()).unwrap();
//! s.apply(Action::Run { max: 50 }).unwrap();
//! assert_eq!(s.running(), 2);
//! ```

mod apply;
mod cluster;
mod event;
mod model;
mod preset;
mod refusal;
mod scheduler;
mod state;

pub use apply::{Action, Outcome, MAX_REPLICAS, MAX_RUN};
pub use event::Event;
pub use model::*;
pub use preset::{article_nodes, article_storage_zones, AllowedZones, Chapter, Custom, Preset, SpreadKey};
pub use refusal::Refusal;
pub use scheduler::Placement;
pub use state::{Deletion, Loss, Phase, Pod, Pv, Pvc, PvcProblem, State};
