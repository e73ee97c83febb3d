//! The model behind every kubevol-lab demo.
//!
//! Pure and deterministic: no clock, no randomness, no DOM. Each demo is a reducer: a `State`, a serde
//! `Action`, and `apply` that returns the events an action caused or a typed refusal that changed
//! nothing. The UI, the tests and the replay tool all drive the same code, so they cannot disagree.
#![forbid(unsafe_code)]

pub mod voice;

pub use voice::Voice;
