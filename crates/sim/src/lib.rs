//! The model behind every kubevol-lab demo.
//!
//! Pure and deterministic: no clock, no randomness, no DOM. Each demo is a reducer: a `State`, a serde
//! `Action`, and `apply` that returns the events an action caused or a typed refusal that changed
//! nothing. The UI, the tests and the replay tool all drive the same code, so they cannot disagree.
#![forbid(unsafe_code)]
// A refusal carries everything its texts need (names, zones, pods); it is built once per refused
// click, so its size costs nothing that matters and boxing it would only obscure the types.
#![allow(clippy::result_large_err)]

pub mod api;
pub mod cluster;
pub mod csi;
pub mod json;
pub mod link;
pub mod model;
pub mod names;
pub mod ordered;
mod reducer;
pub mod scheduling;
pub mod setting;
pub mod statefulset;
pub mod told;
pub mod topology;
pub mod voice;

pub use model::{DemoKind, Model, Refused};
pub use setting::Setting;
pub use told::{Tell, Told};
pub use voice::Voice;
