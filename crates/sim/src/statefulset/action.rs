//! What a reader (or a scenario file) can ask the StatefulSet model to do.

use serde::{Deserialize, Serialize};

use super::model::RetentionPolicy;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Action {
    /// Advance one step: pods whose startup is over become ready, then the controller makes one
    /// move (OrderedReady) or every move (Parallel).
    Step,
    /// Step until converged, at most `max` times (the book's `Run`).
    Run {
        max: u32,
    },
    /// Set the target; below zero is clamped to zero.
    Scale {
        replicas: i64,
    },
    /// Change the target by `delta`; below zero is clamped to zero.
    ScaleBy {
        delta: i64,
    },
    /// Make an ordinal fail to become ready (a crash-looping pod), now and whenever it is re-created.
    Break {
        ordinal: u32,
    },
    Fix {
        ordinal: u32,
    },
    /// Delete a pod by hand; its PVC stays, and the controller re-creates the pod with it.
    DeletePod {
        ordinal: u32,
    },
    /// Delete a PVC by hand: its data is gone for good.
    DeletePvc {
        ordinal: u32,
    },
    /// The pod writes to its volume; without `data` the model writes `<pod>@step<N>`.
    Write {
        ordinal: u32,
        #[serde(default)]
        data: Option<String>,
    },
    Read {
        ordinal: u32,
    },
    SetRetention(RetentionPolicy),
    /// Delete the StatefulSet object: its pods go; its PVCs follow whenDeleted.
    DeleteSet,
    /// Create the StatefulSet again with the same spec; it adopts the PVCs that are still there.
    CreateSet,
}
