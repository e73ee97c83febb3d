//! The objects of the topology model: PVCs, PVs and pods as the API server would hold them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::model::{AccessMode, ClassSpec, NodeSpec, SetSpec, Spread};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pvc {
    pub name: String,
    pub class: String,
    pub mode: AccessMode,
    /// The PV bound to it; `None` while Pending.
    pub volume: Option<String>,
    /// `volume.kubernetes.io/selected-node`, written by the scheduler under WaitForFirstConsumer.
    pub selected_node: Option<String>,
    /// Why it is still Pending, when provisioning failed.
    #[serde(default)]
    pub problem: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pv {
    pub name: String,
    pub claim: String,
    /// The PV's nodeAffinity `topology.kubernetes.io/zone in [zone]`; `None` for zoneless storage.
    pub zone: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pod {
    pub name: String,
    pub claim: Option<String>,
    pub node_selector: BTreeMap<String, String>,
    pub spread: Option<Spread>,
    /// The StatefulSet and ordinal that own it, if any.
    pub owner: Option<(String, u32)>,
    /// The node it was scheduled to; `None` while Pending.
    pub node: Option<String>,
    /// The last FailedScheduling message while Pending.
    pub message: Option<String>,
    /// Creation order: the scheduler's queue order.
    pub seq: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub nodes: BTreeMap<String, NodeSpec>,
    pub storage_zones: Vec<String>,
    pub classes: BTreeMap<String, ClassSpec>,
    pub sets: BTreeMap<String, SetSpec>,
    pub pvcs: BTreeMap<String, Pvc>,
    pub pvs: BTreeMap<String, Pv>,
    pub pods: BTreeMap<String, Pod>,
    pub now: u64,
    pub next_pv: u64,
    pub next_seq: u64,
}

impl State {
    pub fn pending_pods(&self) -> Vec<&Pod> {
        let mut pending: Vec<&Pod> = self.pods.values().filter(|p| p.node.is_none()).collect();
        pending.sort_by_key(|p| p.seq);
        pending
    }

    pub fn pods_on(&self, node: &str) -> Vec<&Pod> {
        let mut on: Vec<&Pod> = self.pods.values().filter(|p| p.node.as_deref() == Some(node)).collect();
        on.sort_by_key(|p| p.seq);
        on
    }

    /// Zones in the order the nodes name them, each once.
    pub fn zones(&self) -> Vec<String> {
        let mut zones: Vec<String> = Vec::new();
        for n in self.nodes.values() {
            if let Some(z) = &n.zone {
                if !zones.contains(z) {
                    zones.push(z.clone());
                }
            }
        }
        zones
    }

    pub fn running(&self) -> usize {
        self.pods.values().filter(|p| p.node.is_some()).count()
    }
}
