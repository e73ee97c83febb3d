//! One file per command a reader types, as kubectl keeps one package per command
//! (`staging/src/k8s.io/kubectl/pkg/cmd/<command>/`): each holds the command's typed request and
//! its reading (`read`, from the words and flags the parser (`read/`) split), its run at a moment,
//! and what it asks of the model (a [`Change`](crate::Change), which the prompt makes the model's
//! own action through [`Served`](crate::Served)). `cordon`, `uncordon` and `drain` share
//! `drain.rs`, as they share kubectl's `drain` package.
//!
//! The reads (`get`, `describe`) print from our printers at a moment; their texts are checked
//! against the real kubectl's, which ran against the served cluster at the same moment
//! (`crates/replay/tests/kubectl.rs`). What a command comes to is a [`Reply`]; the prompt
//! (`prompt.rs`) says which command a request is and carries its reply out.

pub mod api_resources;
pub mod delete;
pub mod describe;
pub mod drain;
mod found;
pub mod get;
pub mod help;
pub mod scale;
pub mod version;

use crate::Outcome;
use get::Get;

/// What a typed line does.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply<A> {
    /// Printed at once: what a read prints, help, or the error kubectl prints.
    Print(Outcome),
    /// A change: each object's action with what kubectl prints once the model takes it (the model
    /// may still refuse it: [`refused`](crate::outcome::refused)), then the errors printed after them (the names not
    /// found), any of which fails the command.
    Act(Vec<(A, String)>, String),
    /// `get -w`: the first listing, and the `get` whose rows are printed again as the demo moves.
    Watch(String, Get),
    /// `clear`: the output is emptied, as Ctrl-L does.
    Clear,
}
