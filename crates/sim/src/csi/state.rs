//! The CSI model's state and how a scenario sets it up.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::api::{AccessMode, Binding, Reclaim};
use crate::ordered::VecMap;

use super::driver::Driver;
use super::model::{Claim, ClaimSpec, Node, StorageClass, Volume};
use super::rpc::Capabilities;

/// Everything a scenario starts from. Claims are requested in order, as `Request` actions would be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub classes: Vec<StorageClass>,
    pub nodes: Vec<Node>,
    #[serde(default)]
    pub claims: Vec<ClaimSpec>,
    /// Whether the CSI driver advertises SINGLE_NODE_MULTI_WRITER, which changes the access mode
    /// sent for ReadWriteOnce and ReadWriteOncePod.
    #[serde(default)]
    pub driver_multi_writer: bool,
    /// What the driver advertises; all three unless a scenario says otherwise.
    #[serde(default, skip_serializing_if = "Capabilities::is_default")]
    pub capabilities: Capabilities,
    /// The backend's size in GiB; without it the backend has no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool_gib: Option<u32>,
}

/// The chapter's demo: one claim `data` (20GiB) and two nodes, node-a and node-b. With `zoned` the
/// nodes sit in zone-a and zone-b and the claim asks for zone-a, which is where Immediate creates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DemoConfig {
    pub mode: AccessMode,
    pub binding: Binding,
    pub reclaim: Reclaim,
    pub zoned: bool,
    pub allow_expansion: bool,
    pub capabilities: Capabilities,
}

impl Default for DemoConfig {
    fn default() -> Self {
        DemoConfig {
            mode: AccessMode::ReadWriteOnce,
            binding: Binding::Immediate,
            reclaim: Reclaim::Delete,
            zoned: false,
            allow_expansion: true,
            capabilities: Capabilities::default(),
        }
    }
}

pub const DEMO_CLAIM: &str = "data";
pub const DEMO_CLASS: &str = "standard";
pub const DEMO_NODES: [&str; 2] = ["node-a", "node-b"];
pub const DEMO_ZONES: [&str; 2] = ["zone-a", "zone-b"];
/// The demo's backend: 100GiB, so the 20GiB claim can grow by tens and a +100GiB request cannot.
pub const DEMO_POOL_GIB: u32 = 100;

impl Setup {
    pub fn demo(config: DemoConfig) -> Setup {
        let zone = |i: usize| config.zoned.then(|| DEMO_ZONES[i].to_string());
        Setup {
            classes: vec![StorageClass {
                name: DEMO_CLASS.to_string(),
                binding: config.binding,
                reclaim: config.reclaim,
                allowed_zones: Vec::new(),
                allow_volume_expansion: config.allow_expansion,
            }],
            nodes: (0..2).map(|i| Node { name: DEMO_NODES[i].to_string(), zone: zone(i), responsive: true }).collect(),
            claims: vec![ClaimSpec {
                name: DEMO_CLAIM.to_string(),
                class: DEMO_CLASS.to_string(),
                size_gib: 20,
                mode: config.mode,
                zone: zone(0),
            }],
            driver_multi_writer: false,
            capabilities: config.capabilities,
            pool_gib: Some(DEMO_POOL_GIB),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub classes: VecMap<String, StorageClass>,
    pub nodes: VecMap<String, Node>,
    pub claims: BTreeMap<String, Claim>,
    pub volumes: BTreeMap<String, Volume>,
    /// Volumes are named pv-1, pv-2, ... in creation order, as in the book.
    pub next_volume: u64,
    /// Pods the model names itself are web-1, web-2, ...
    pub next_pod: u64,
    pub driver_multi_writer: bool,
    /// The driver's own record of the disks, which every CSI call goes through.
    pub driver: Driver,
}

impl State {
    /// Nodes and classes only; no claims.
    pub(crate) fn empty(setup: &Setup) -> State {
        State {
            classes: setup.classes.iter().map(|c| (c.name.clone(), c.clone())).collect(),
            nodes: setup.nodes.iter().map(|n| (n.name.clone(), n.clone())).collect(),
            claims: BTreeMap::new(),
            volumes: BTreeMap::new(),
            next_volume: 1,
            next_pod: 1,
            driver_multi_writer: setup.driver_multi_writer,
            driver: Driver::new(setup.capabilities, setup.pool_gib),
        }
    }

    /// The volume currently bound to `claim`, if any.
    pub fn volume_for(&self, claim: &str) -> Option<&Volume> {
        self.claims.get(claim)?.volume.as_ref().and_then(|v| self.volumes.get(v))
    }

    /// Restores the derived indexes after a state was deserialised (they are not serialised).
    pub fn reindex(&mut self) {
        for v in self.volumes.values_mut() {
            v.reindex();
        }
    }

    /// The name the next model-named pod gets: the first `web-N` from the counter that no pod has
    /// (a scenario may name a pod itself).
    pub fn next_pod_name(&self) -> String {
        self.free_pod_name(|_| false)
    }

    /// The first `web-N` from the counter that no pod has and `also_taken` does not claim (the
    /// pods waiting for refused actions, `cluster.rs` `assign`).
    pub(crate) fn free_pod_name(&self, also_taken: impl Fn(&str) -> bool) -> String {
        let taken = |name: &String| also_taken(name) || self.volumes.values().any(|v| v.mounts.contains_key(name));
        (self.next_pod..).map(|n| format!("web-{n}")).find(|n| !taken(n)).unwrap_or_default()
    }
}
