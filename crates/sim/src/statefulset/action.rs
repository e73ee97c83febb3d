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

impl Action {
    /// Every action's `type`, in the order `name` gives them.
    pub const NAMES: [&'static str; 13] = [
        "step",
        "run",
        "scale",
        "scale-by",
        "break",
        "fix",
        "delete-pod",
        "delete-pvc",
        "write",
        "read",
        "set-retention",
        "delete-set",
        "create-set",
    ];

    /// The action's `type`, as a scenario or a level writes it (`forbid` names actions so).
    pub fn name(&self) -> &'static str {
        match self {
            Action::Step => "step",
            Action::Run { .. } => "run",
            Action::Scale { .. } => "scale",
            Action::ScaleBy { .. } => "scale-by",
            Action::Break { .. } => "break",
            Action::Fix { .. } => "fix",
            Action::DeletePod { .. } => "delete-pod",
            Action::DeletePvc { .. } => "delete-pvc",
            Action::Write { .. } => "write",
            Action::Read { .. } => "read",
            Action::SetRetention(_) => "set-retention",
            Action::DeleteSet => "delete-set",
            Action::CreateSet => "create-set",
        }
    }
}
