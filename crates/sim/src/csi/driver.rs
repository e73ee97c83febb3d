//! The CSI driver's side: what the storage backend holds, and its answer to every call.
//!
//! The rest of the model is Kubernetes, which decides *whether* and *when* to call; the driver
//! decides what a call does to the disks and answers with a gRPC code. Every call is idempotent,
//! as the CSI spec requires and csi-sanity checks by repeating each one: a call that already holds
//! answers OK and changes nothing, and a call that cannot hold gives the same error every time.
//! The codes are the spec's (see `Code`): NOT_FOUND for an unknown volume or node, ALREADY_EXISTS
//! for a CreateVolume of an existing name with another size, FAILED_PRECONDITION for a call made
//! out of order or a single-node volume published to a second node, OUT_OF_RANGE for a size the
//! backend cannot give.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::rpc::{Capabilities, Code, CsiCall, Rpc};
use crate::ordered::{VecMap, VecSet};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Driver {
    pub capabilities: Capabilities,
    /// How many GiB the backend can hand out in all; `None` for one without a limit.
    pub pool_gib: Option<u32>,
    /// Nodes where node-driver-registrar has called NodeGetInfo, with the zone the driver reported.
    pub nodes: VecMap<String, Option<String>>,
    pub disks: BTreeMap<String, Disk>,
    /// The sum of every disk's size, kept as disks come, grow and go, so an answer never adds up
    /// every disk.
    used_gib: u64,
}

/// One volume in the backend. Deleting its PersistentVolume under Retain leaves it here, still
/// taking space, because no DeleteVolume is ever sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Disk {
    pub size_gib: u32,
    /// What the filesystem on the disk has grown to. ControllerExpandVolume grows the disk;
    /// only NodeExpandVolume, on a node that has the disk, grows the filesystem after it.
    pub filesystem_gib: u32,
    /// Created for a SINGLE_NODE_* access mode: publishable to one node at a time.
    pub single_node: bool,
    /// ControllerPublishVolume: the nodes the disk is attached to.
    pub published: VecSet<String>,
    /// NodeStageVolume: the nodes where it is mounted at the staging path.
    pub staged: VecSet<String>,
    /// NodePublishVolume: (node, pod) target paths.
    pub targets: VecSet<(String, String)>,
}

impl Disk {
    fn on_node(&self, node: &str) -> bool {
        self.staged.contains(node) || self.has_targets_on(node)
    }

    fn has_targets_on(&self, node: &str) -> bool {
        self.targets.iter().any(|(n, _)| n == node)
    }

    /// Drops what `node` had mounted from the disk: its staging and every pod's target path there.
    pub fn forget_node(&mut self, node: &str) {
        self.staged.remove(node);
        let targets: Vec<_> = self.targets.iter().filter(|(n, _)| n == node).cloned().collect();
        for target in targets {
            self.targets.remove(&target);
        }
    }

    pub fn in_use(&self) -> bool {
        !self.published.is_empty() || !self.staged.is_empty() || !self.targets.is_empty()
    }
}

impl Driver {
    pub fn new(capabilities: Capabilities, pool_gib: Option<u32>) -> Driver {
        Driver { capabilities, pool_gib, nodes: VecMap::new(), disks: BTreeMap::new(), used_gib: 0 }
    }

    /// What the backend can still give: its pool less every disk it holds.
    pub fn free_gib(&self) -> u64 {
        self.pool_gib.map_or(u64::MAX, |pool| u64::from(pool).saturating_sub(self.used_gib))
    }

    /// Answers one call, changing the backend only when the answer is OK and something was not
    /// yet so.
    pub fn answer(&mut self, call: &CsiCall) -> Code {
        match call.rpc {
            Rpc::GetPluginInfo => Code::Ok,
            Rpc::NodeGetInfo => self.node_get_info(call),
            Rpc::CreateVolume => self.create_volume(call),
            Rpc::DeleteVolume => self.delete_volume(call),
            Rpc::ControllerPublishVolume => self.controller_publish(call),
            Rpc::ControllerUnpublishVolume => self.controller_unpublish(call),
            Rpc::NodeStageVolume => self.node_stage(call),
            Rpc::NodeUnstageVolume => self.node_unstage(call),
            Rpc::NodePublishVolume => self.node_publish(call),
            Rpc::NodeUnpublishVolume => self.node_unpublish(call),
            Rpc::ControllerExpandVolume => self.controller_expand(call),
            Rpc::NodeExpandVolume => self.node_expand(call),
        }
    }

    fn node_get_info(&mut self, call: &CsiCall) -> Code {
        self.nodes.insert(node_of(call).to_string(), call.zone.clone());
        Code::Ok
    }

    fn create_volume(&mut self, call: &CsiCall) -> Code {
        let size = call.capacity_gib.unwrap_or(0);
        match self.disks.get(&call.volume) {
            Some(d) if d.size_gib == size => Code::Ok,
            Some(_) => Code::AlreadyExists,
            None if size == 0 || u64::from(size) > self.free_gib() => Code::OutOfRange,
            None => {
                let single_node = call.access_mode.is_none_or(|m| m.single_node());
                let disk = Disk {
                    size_gib: size,
                    filesystem_gib: size,
                    single_node,
                    published: VecSet::new(),
                    staged: VecSet::new(),
                    targets: VecSet::new(),
                };
                self.disks.insert(call.volume.clone(), disk);
                self.used_gib += u64::from(size);
                Code::Ok
            }
        }
    }

    fn delete_volume(&mut self, call: &CsiCall) -> Code {
        // Deleting what is not there is OK: the volume is gone either way.
        match self.disks.get(&call.volume) {
            None => Code::Ok,
            Some(d) if d.in_use() => Code::FailedPrecondition,
            Some(disk) => {
                self.used_gib -= u64::from(disk.size_gib);
                self.disks.remove(&call.volume);
                Code::Ok
            }
        }
    }

    fn controller_publish(&mut self, call: &CsiCall) -> Code {
        let node = node_of(call);
        let known_node = self.nodes.contains_key(node);
        let Some(disk) = self.disks.get_mut(&call.volume) else {
            return Code::NotFound;
        };
        if !known_node {
            Code::NotFound
        } else if disk.published.contains(node) {
            Code::Ok
        } else if disk.single_node && !disk.published.is_empty() {
            Code::FailedPrecondition
        } else {
            disk.published.insert(node.to_string());
            Code::Ok
        }
    }

    fn controller_unpublish(&mut self, call: &CsiCall) -> Code {
        let node = node_of(call);
        let known_node = self.nodes.contains_key(node);
        let Some(disk) = self.disks.get_mut(&call.volume) else {
            return Code::NotFound;
        };
        if !known_node {
            return Code::NotFound;
        }
        // The disk leaves the node; whatever the node still had mounted from it is gone with it.
        disk.published.remove(node);
        disk.forget_node(node);
        Code::Ok
    }

    fn node_stage(&mut self, call: &CsiCall) -> Code {
        let node = node_of(call);
        let publishes = self.capabilities.publish_unpublish;
        let Some(disk) = self.disks.get_mut(&call.volume) else {
            return Code::NotFound;
        };
        if disk.staged.contains(node) {
            Code::Ok
        } else if publishes && !disk.published.contains(node) {
            Code::FailedPrecondition
        } else {
            disk.staged.insert(node.to_string());
            Code::Ok
        }
    }

    fn node_unstage(&mut self, call: &CsiCall) -> Code {
        let node = node_of(call);
        let Some(disk) = self.disks.get_mut(&call.volume) else {
            return Code::NotFound;
        };
        if !disk.staged.contains(node) {
            Code::Ok
        } else if disk.has_targets_on(node) {
            Code::FailedPrecondition
        } else {
            disk.staged.remove(node);
            Code::Ok
        }
    }

    fn node_publish(&mut self, call: &CsiCall) -> Code {
        let node = node_of(call);
        let caps = self.capabilities;
        let Some(disk) = self.disks.get_mut(&call.volume) else {
            return Code::NotFound;
        };
        let target = (node.to_string(), call.pod.clone().unwrap_or_default());
        let ready = if caps.stage_unstage {
            disk.staged.contains(node)
        } else {
            !caps.publish_unpublish || disk.published.contains(node)
        };
        if disk.targets.contains(&target) {
            Code::Ok
        } else if !ready {
            Code::FailedPrecondition
        } else {
            disk.targets.insert(target);
            Code::Ok
        }
    }

    fn node_unpublish(&mut self, call: &CsiCall) -> Code {
        let Some(disk) = self.disks.get_mut(&call.volume) else {
            return Code::NotFound;
        };
        disk.targets.remove(&(node_of(call).to_string(), call.pod.clone().unwrap_or_default()));
        Code::Ok
    }

    fn controller_expand(&mut self, call: &CsiCall) -> Code {
        let size = call.capacity_gib.unwrap_or(0);
        let free = self.free_gib();
        let Some(disk) = self.disks.get_mut(&call.volume) else {
            return Code::NotFound;
        };
        if size <= disk.size_gib {
            return Code::Ok;
        }
        // The spec's OUT_OF_RANGE is "capacity not allowed by the plugin"; it is also the code
        // external-resizer treats as infeasible, which is what the claim then reports
        // (ControllerResizeInfeasible) rather than retrying forever.
        if u64::from(size - disk.size_gib) > free {
            return Code::OutOfRange;
        }
        self.used_gib += u64::from(size - disk.size_gib);
        disk.size_gib = size;
        Code::Ok
    }

    fn node_expand(&mut self, call: &CsiCall) -> Code {
        let size = call.capacity_gib.unwrap_or(0);
        let Some(disk) = self.disks.get_mut(&call.volume) else {
            return Code::NotFound;
        };
        if !disk.on_node(node_of(call)) {
            Code::NotFound
        } else if size > disk.size_gib {
            Code::OutOfRange
        } else {
            disk.filesystem_gib = disk.filesystem_gib.max(size);
            Code::Ok
        }
    }
}

/// The node a call names; a call without one names no node the driver knows.
fn node_of(call: &CsiCall) -> &str {
    call.node.as_deref().unwrap_or_default()
}
