//! What a reader (or a scenario file) can ask the CSI model to do.

use serde::{Deserialize, Serialize};

use super::model::ClaimSpec;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Action {
    /// Create a claim. Immediate classes provision at once; WaitForFirstConsumer waits.
    Request(ClaimSpec),
    /// Attach the claim's volume to a node (ControllerPublishVolume). Provisions first under
    /// WaitForFirstConsumer, in that node's zone.
    Attach {
        claim: String,
        node: String,
    },
    /// Make the volume visible to a pod on an attached node. Without a name the model names the pod
    /// `web-N`, so every click makes a new pod, as in the book's demo.
    Mount {
        claim: String,
        node: String,
        #[serde(default)]
        pod: Option<String>,
    },
    Unmount {
        claim: String,
        pod: String,
    },
    /// `kubectl delete pod --force --grace-period=0`: the pod object goes without waiting for its
    /// kubelet. On a node that responds, its kubelet unmounts as for any delete; on one that does
    /// not, nothing is unmounted or detached: the volume stays attached there until it is
    /// force-detached.
    ForceDeletePod {
        claim: String,
        pod: String,
    },
    /// Unmount every pod that sees the volume.
    UnmountAll {
        claim: String,
    },
    /// Detach from one node; refused while pods on that node still see the volume.
    Detach {
        claim: String,
        node: String,
    },
    /// Detach without waiting for the node to confirm: from one node, or from every node it is
    /// attached to. The last resort when a node is dead, and the way to two writers on one disk.
    ForceDetach {
        claim: String,
        #[serde(default)]
        node: Option<String>,
    },
    /// A pod writes to the volume.
    Write {
        claim: String,
        pod: String,
    },
    /// Delete the claim; the class's reclaim policy decides what happens to the volume.
    DeleteClaim {
        claim: String,
    },
    /// The administrator deletes a Released volume that Retain kept.
    DeleteReleased {
        volume: String,
    },
    /// Ask for a new size: edit the claim's `spec.resources.requests.storage`. external-resizer
    /// calls ControllerExpandVolume, then the kubelet NodeExpandVolume where a pod uses the volume.
    Expand {
        claim: String,
        size_gib: u32,
    },
    /// A node stops (`false`) or resumes (`true`) responding.
    SetResponsive {
        node: String,
        responsive: bool,
    },
}

impl Action {
    /// Every action's `type`, in the order `name` gives them.
    pub const NAMES: [&'static str; 13] = [
        "request",
        "attach",
        "mount",
        "unmount",
        "force-delete-pod",
        "unmount-all",
        "detach",
        "force-detach",
        "write",
        "delete-claim",
        "delete-released",
        "expand",
        "set-responsive",
    ];

    /// The action's `type`, as a scenario or a level writes it (`forbid` names actions so).
    pub fn name(&self) -> &'static str {
        match self {
            Action::Request(_) => "request",
            Action::Attach { .. } => "attach",
            Action::Mount { .. } => "mount",
            Action::Unmount { .. } => "unmount",
            Action::ForceDeletePod { .. } => "force-delete-pod",
            Action::UnmountAll { .. } => "unmount-all",
            Action::Detach { .. } => "detach",
            Action::ForceDetach { .. } => "force-detach",
            Action::Write { .. } => "write",
            Action::DeleteClaim { .. } => "delete-claim",
            Action::DeleteReleased { .. } => "delete-released",
            Action::Expand { .. } => "expand",
            Action::SetResponsive { .. } => "set-responsive",
        }
    }
    /// The claim the action is about, if any: how a demo scopes an action to its one claim.
    pub fn claim(&self) -> Option<&str> {
        match self {
            Action::Request(spec) => Some(&spec.name),
            Action::Attach { claim, .. }
            | Action::Mount { claim, .. }
            | Action::Unmount { claim, .. }
            | Action::ForceDeletePod { claim, .. }
            | Action::UnmountAll { claim }
            | Action::Detach { claim, .. }
            | Action::ForceDetach { claim, .. }
            | Action::Write { claim, .. }
            | Action::Expand { claim, .. }
            | Action::DeleteClaim { claim } => Some(claim),
            Action::DeleteReleased { .. } | Action::SetResponsive { .. } => None,
        }
    }
}
