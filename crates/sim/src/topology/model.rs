//! What the topology model is made of: nodes with zones, labels and taints; StorageClasses with a
//! binding mode and allowed zones; claims, pods and StatefulSets with an optional nodeSelector and
//! topology spread constraint. These are the specs a scenario writes; `state` holds the objects.

use serde::{Deserialize, Serialize};

use crate::ordered::VecMap;

/// The API's words a topology scenario is written in, under the topology model's name as well.
pub use crate::api::{
    AccessMode, Binding, PodManagementPolicy, WhenUnsatisfiable, CONTROL_PLANE_TAINT, HOSTNAME_LABEL,
    UNREACHABLE_TAINT, ZONE_LABEL,
};

/// The label every pod of a StatefulSet carries here, `app: <set>`, which its spread counts.
pub const APP_LABEL: &str = "app";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TaintEffect {
    NoSchedule,
    PreferNoSchedule,
    NoExecute,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taint {
    pub key: String,
    #[serde(default)]
    pub value: String,
    pub effect: TaintEffect,
    /// `timeAdded`, the step it was added at: set for the taints the node lifecycle controller adds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_added: Option<u64>,
}

impl Taint {
    /// PreferNoSchedule only lowers a node's score; the other effects filter it out.
    pub fn filters(&self) -> bool {
        self.effect != TaintEffect::PreferNoSchedule
    }

    /// As `kubectl describe node` writes it: `key[=value]:Effect`.
    pub fn written(&self) -> String {
        let value = if self.value.is_empty() { String::new() } else { format!("={}", self.value) };
        format!("{}{value}:{}", self.key, self.effect.name())
    }
}

impl TaintEffect {
    pub fn name(self) -> &'static str {
        match self {
            TaintEffect::NoSchedule => "NoSchedule",
            TaintEffect::PreferNoSchedule => "PreferNoSchedule",
            TaintEffect::NoExecute => "NoExecute",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeSpec {
    pub name: String,
    #[serde(default)]
    pub zone: Option<String>,
    /// Labels besides the hostname and zone labels, which every node has implicitly.
    #[serde(default)]
    pub labels: VecMap<String, String>,
    #[serde(default)]
    pub taints: Vec<Taint>,
}

impl NodeSpec {
    pub fn label(&self, key: &str) -> Option<&str> {
        match key {
            HOSTNAME_LABEL => Some(&self.name),
            ZONE_LABEL => self.zone.as_deref(),
            _ => self.labels.get(key).map(String::as_str),
        }
    }

    pub fn matches(&self, selector: &VecMap<String, String>) -> bool {
        selector.iter().all(|(k, v)| self.label(k) == Some(v))
    }

    /// Pods in this model tolerate no taint.
    pub fn untolerated_taint(&self) -> Option<&Taint> {
        self.taints.iter().find(|t| t.filters())
    }

    /// Lost: the node stopped reporting and carries the unreachable taint.
    pub fn is_down(&self) -> bool {
        self.lost_at().is_some()
    }

    /// The step the node was lost at: when the node lifecycle controller tainted it unreachable.
    pub fn lost_at(&self) -> Option<u64> {
        self.taints.iter().find(|t| t.key == UNREACHABLE_TAINT).map(|t| t.time_added.unwrap_or(0))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassSpec {
    pub name: String,
    pub binding: Binding,
    /// allowedTopologies as zones; empty means wherever the storage can provision.
    #[serde(default)]
    pub allowed_zones: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimSpec {
    pub name: String,
    pub class: String,
    pub mode: AccessMode,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PodSpec {
    pub name: String,
    #[serde(default)]
    pub claim: Option<String>,
    #[serde(default)]
    pub node_selector: VecMap<String, String>,
    /// `spec.nodeName`: the pod is already on this node, and the scheduler never sees it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// Its labels; `app: <set>` makes a spread constraint of that StatefulSet count it.
    #[serde(default, skip_serializing_if = "VecMap::is_empty")]
    pub labels: VecMap<String, String>,
}

/// `nodeTaintsPolicy` of a topology spread constraint: whether tainted nodes count as domains.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TaintsPolicy {
    /// The default: tainted nodes count, even though no pod can run there.
    #[default]
    Ignore,
    /// Nodes whose taints the pod does not tolerate are left out (GA in 1.33).
    Honor,
}

impl TaintsPolicy {
    pub const ALL: [TaintsPolicy; 2] = [TaintsPolicy::Ignore, TaintsPolicy::Honor];

    pub fn name(self) -> &'static str {
        match self {
            TaintsPolicy::Ignore => "Ignore",
            TaintsPolicy::Honor => "Honor",
        }
    }
}

/// A topology spread constraint over the pods of its StatefulSet (labelSelector `app: <set>`);
/// `nodeAffinityPolicy` is the default Honor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spread {
    pub max_skew: u32,
    #[serde(default = "zone_key")]
    pub topology_key: String,
    #[serde(default)]
    pub node_taints_policy: TaintsPolicy,
    #[serde(default)]
    pub when_unsatisfiable: WhenUnsatisfiable,
}

fn zone_key() -> String {
    ZONE_LABEL.to_string()
}

/// `app: <set>`: the labels every pod of the StatefulSet `set` carries, and so what its spread
/// constraint (and a read-out about its pods) selects.
pub fn app_labels(set: &str) -> VecMap<String, String> {
    let mut labels = VecMap::new();
    labels.insert(APP_LABEL.to_string(), set.to_string());
    labels
}

/// A StatefulSet with one volume claim template (named `myvol`, as in the article).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetSpec {
    pub name: String,
    pub replicas: u32,
    #[serde(default = "ordered")]
    pub policy: PodManagementPolicy,
    /// The StorageClass of its volume claim template; without one its pods have no volume (the
    /// book's topology chapter spreads plain pods).
    #[serde(default)]
    pub class: Option<String>,
    #[serde(default = "rwo")]
    pub mode: AccessMode,
    #[serde(default)]
    pub node_selector: VecMap<String, String>,
    #[serde(default)]
    pub spread: Option<Spread>,
}

fn ordered() -> PodManagementPolicy {
    PodManagementPolicy::OrderedReady
}

fn rwo() -> AccessMode {
    AccessMode::ReadWriteOnce
}

impl SetSpec {
    pub fn pod_name(&self, ordinal: u32) -> String {
        format!("{}-{ordinal}", self.name)
    }

    pub fn claim_name(&self, ordinal: u32) -> String {
        format!("myvol-{}-{ordinal}", self.name)
    }

    /// The labels its pods carry, which its spread constraint selects.
    pub fn labels(&self) -> VecMap<String, String> {
        app_labels(&self.name)
    }
}

/// Everything a topology scenario starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub nodes: Vec<NodeSpec>,
    /// Zones where the CSI driver can create volumes (its supportedTopologies); empty means the
    /// storage has no zones.
    #[serde(default)]
    pub storage_zones: Vec<String>,
    #[serde(default)]
    pub classes: Vec<ClassSpec>,
    #[serde(default)]
    pub claims: Vec<ClaimSpec>,
    #[serde(default)]
    pub pods: Vec<PodSpec>,
    #[serde(default)]
    pub sets: Vec<SetSpec>,
}
