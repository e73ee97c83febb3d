//! What the CSI model holds: classes, nodes, claims and the volumes behind them.
//!
//! A claim says how much and how it will be used, never which disk; a volume is the disk, and it
//! carries its zone from the moment it is created, because a disk cannot move. Attachments are per
//! node and mounts per pod: that split is the whole chapter.

use serde::{Deserialize, Serialize};

use super::rpc::Code;
/// The API's words a claim and a class are written in, where the reducer looks for them.
pub use crate::api::{AccessMode, Binding, Reclaim};
use crate::ordered::{VecMap, VecSet};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StorageClass {
    pub name: String,
    pub binding: Binding,
    pub reclaim: Reclaim,
    /// allowedTopologies as zone names; empty means any zone.
    #[serde(default)]
    pub allowed_zones: Vec<String>,
    /// `allowVolumeExpansion`: without it the API server refuses any new size for a claim.
    #[serde(default)]
    pub allow_volume_expansion: bool,
}

impl StorageClass {
    pub fn allows(&self, zone: Option<&str>) -> bool {
        self.allowed_zones.is_empty() || zone.is_some_and(|z| self.allowed_zones.iter().any(|a| a == z))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Node {
    pub name: String,
    /// `topology.kubernetes.io/zone`; `None` on a cluster without zones.
    #[serde(default)]
    pub zone: Option<String>,
    /// A node that stops responding cannot confirm that its pods let go of a volume.
    #[serde(default = "yes")]
    pub responsive: bool,
}

fn yes() -> bool {
    true
}

/// What the user of storage writes: size and usage, never which disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimSpec {
    pub name: String,
    pub class: String,
    pub size_gib: u32,
    pub mode: AccessMode,
    /// A zone the claim asks for, honoured by Immediate provisioning.
    #[serde(default)]
    pub zone: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    pub spec: ClaimSpec,
    /// The volume bound to this claim; `None` while it waits for its first consumer.
    pub volume: Option<String>,
    /// Where a resize stands, when one has not finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resize: Option<Resize>,
    /// Deleted while in use: the `kubernetes.io/pvc-protection` finalizer keeps it, Terminating,
    /// until no pod uses it and no node holds its disk.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub terminating: bool,
}

/// A resize that has not finished. Growing a volume is two steps because a disk and the filesystem
/// on it are two things: the controller grows the disk anywhere, but only a node that has the disk
/// mounted can grow the filesystem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Resize {
    /// ControllerExpandVolume failed with a code retrying cannot fix (OUT_OF_RANGE), what the PVC's
    /// `allocatedResourceStatuses` calls ControllerResizeInfeasible. Asking for less again, but not
    /// less than the volume has, recovers.
    ControllerResizeInfeasible { code: Code },
    /// The disk has grown and the filesystem not yet: the PVC condition FileSystemResizePending,
    /// until a kubelet calls NodeExpandVolume where a pod uses the volume.
    FileSystemResizePending,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Bound,
    /// Its claim is gone and the class said Retain: kept, and never bound again by itself.
    Released,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Volume {
    pub name: String,
    pub claim: String,
    pub class: String,
    /// The PersistentVolume's capacity: what the controller has expanded the disk to.
    pub size_gib: u32,
    /// What the filesystem has, which is what a pod sees and what the claim's `status.capacity`
    /// reports. It catches up with `size_gib` only through NodeExpandVolume.
    pub filesystem_gib: u32,
    pub mode: AccessMode,
    /// Fixed when the volume is created: a disk cannot move to another zone.
    pub zone: Option<String>,
    pub reclaim: Reclaim,
    pub phase: Phase,
    /// Nodes the volume is attached to (ControllerPublishVolume).
    pub attached: VecSet<String>,
    /// Nodes whose attach the attach/detach controller has reported on a pod. It reports an attach
    /// (SuccessfulAttachVolume) on the pods it attached for, once: the demo attaches before a pod
    /// arrives, so the first pod on the node after an attach stands for them, and a pod that joins
    /// a volume already attached hears nothing.
    #[serde(default)]
    pub attach_reported: VecSet<String>,
    /// Pod -> the node it runs on, for every pod the volume is mounted into (NodePublishVolume).
    pub mounts: VecMap<String, String>,
    /// The same mounts keyed by node first, so "which pods on this node" is a range, not a scan.
    #[serde(skip)]
    pub(crate) by_node: VecSet<(String, String)>,
    /// Pods that wrote to the volume, in order: two names on one ReadWriteOnce disk are two writers.
    #[serde(default)]
    pub writes: Vec<String>,
}

impl Volume {
    /// Pods that see the volume through `node`, in name order.
    pub fn pods_on(&self, node: &str) -> Vec<String> {
        self.on_node(node).iter().map(|(_, pod)| pod.clone()).collect()
    }

    pub fn has_pods_on(&self, node: &str) -> bool {
        !self.on_node(node).is_empty()
    }

    /// The (node, pod) entries of one node: a binary search for where they start.
    fn on_node(&self, node: &str) -> &[(String, String)] {
        let all = self.by_node.as_slice();
        let start = all.partition_point(|(n, _)| n.as_str() < node);
        let len = all[start..].iter().take_while(|(n, _)| n == node).count();
        &all[start..start + len]
    }

    pub fn all_pods(&self) -> Vec<String> {
        self.mounts.keys().cloned().collect()
    }

    pub(crate) fn add_mount(&mut self, node: &str, pod: &str) {
        self.mounts.insert(pod.to_string(), node.to_string());
        self.by_node.insert((node.to_string(), pod.to_string()));
    }

    pub(crate) fn remove_mount(&mut self, pod: &str) -> Option<String> {
        let node = self.mounts.remove(pod)?;
        self.by_node.remove(&(node.clone(), pod.to_string()));
        Some(node)
    }

    /// Rebuilds the node index after deserialising (it is derived, so it is not serialised).
    pub(crate) fn reindex(&mut self) {
        self.by_node = self.mounts.iter().map(|(pod, node)| (node.clone(), pod.clone())).collect();
    }
}
