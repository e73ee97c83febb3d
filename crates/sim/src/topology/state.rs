//! The objects of the topology model: PVCs, PVs and pods as the API server would hold them.

use serde::{Deserialize, Serialize};

use super::model::{ClassSpec, NodeSpec, SetSpec, Spread};
use crate::api::AccessMode;
use crate::ordered::VecMap;
use crate::scheduling::FailedScheduling;

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
    pub problem: Option<PvcProblem>,
}

/// Why a claim is stuck in Pending, by the reason of the Warning event that says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PvcProblem {
    /// The provisioner could not create a volume the claim's class allows (an empty allowedTopologies
    /// intersection, or no zone the storage reaches).
    ProvisioningFailed,
}

impl PvcProblem {
    /// The event's reason, as `kubectl describe pvc` shows it.
    pub fn reason(self) -> &'static str {
        match self {
            PvcProblem::ProvisioningFailed => "ProvisioningFailed",
        }
    }
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
    pub node_selector: VecMap<String, String>,
    #[serde(default)]
    pub labels: VecMap<String, String>,
    pub spread: Option<Spread>,
    /// The StatefulSet and ordinal that own it, if any.
    pub owner: Option<(String, u32)>,
    /// The node it was scheduled to; `None` while Pending.
    pub node: Option<String>,
    /// Created with `nodeName`: on its node without the scheduler, so no filter ever ran for it.
    #[serde(default)]
    pub pinned: bool,
    /// Why the last scheduling attempt failed, while Pending. Saved as its message, the field's
    /// old name and form.
    #[serde(rename = "message")]
    pub failed_scheduling: Option<FailedScheduling>,
    /// Creation order: the scheduler's queue order.
    pub seq: u64,
    /// Deleted while its node is lost: only that node's kubelet can confirm the containers are
    /// gone, so the object stays, Terminating, and its StatefulSet cannot create the ordinal again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion: Option<Deletion>,
}

/// A pod's deletionTimestamp (the step it was deleted at) and who asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deletion {
    pub at: u64,
    /// By the taint eviction controller, which marks the pod with a DisruptionTarget condition;
    /// otherwise by a plain delete (a reader's, or the StatefulSet's on scale-down).
    pub evicted: bool,
}

impl Pod {
    /// Whether it has a deletionTimestamp.
    pub fn terminating(&self) -> bool {
        self.deletion.is_some()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub nodes: VecMap<String, NodeSpec>,
    pub storage_zones: Vec<String>,
    pub classes: VecMap<String, ClassSpec>,
    pub sets: VecMap<String, SetSpec>,
    pub pvcs: VecMap<String, Pvc>,
    pub pvs: VecMap<String, Pv>,
    pub pods: Pods,
    pub now: u64,
    pub next_pv: u64,
    pub next_seq: u64,
}

/// The pods in creation order, which is also the scheduler's queue order. A cluster in these
/// demos holds tens of pods, so finding one by name is a scan.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pods(Vec<Pod>);

impl Pods {
    pub fn get(&self, name: &str) -> Option<&Pod> {
        self.0.iter().find(|p| p.name == name)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut Pod> {
        self.0.iter_mut().find(|p| p.name == name)
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// The pod of `set`'s `ordinal`, by its name (`SetSpec::pod_name`): a StatefulSet's controller
    /// asks it of each ordinal on every step, so the set's own pod is found by its owner, and only
    /// a missing one costs writing the name out (another pod may hold the name).
    pub fn of_ordinal(&self, set: &SetSpec, ordinal: u32) -> Option<&Pod> {
        let owned = |p: &&Pod| p.owner.as_ref().is_some_and(|(s, o)| *o == ordinal && *s == set.name);
        self.0.iter().find(owned).or_else(|| self.get(&set.pod_name(ordinal)))
    }

    pub(crate) fn push(&mut self, pod: Pod) {
        self.0.push(pod);
    }

    pub fn remove(&mut self, name: &str) -> Option<Pod> {
        let i = self.0.iter().position(|p| p.name == name)?;
        Some(self.0.remove(i))
    }

    pub fn values(&self) -> std::slice::Iter<'_, Pod> {
        self.0.iter()
    }

    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|p| &p.name)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::ops::Index<&str> for Pods {
    type Output = Pod;

    fn index(&self, name: &str) -> &Pod {
        self.get(name).expect("pod exists")
    }
}

impl Pod {
    /// The FailedScheduling message of the last attempt, word for word.
    pub fn message(&self) -> Option<String> {
        self.failed_scheduling.as_ref().map(FailedScheduling::message)
    }
}

/// Where a pod stands, as its status would say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Not yet on a node.
    Pending,
    Running,
    /// On a lost node: nobody can say whether it still runs, so it does not count as running.
    Unknown,
    /// On a lost node and deleted, waiting for a kubelet that does not answer.
    Terminating,
}

impl State {
    pub fn pending_pods(&self) -> Vec<&Pod> {
        self.pods.values().filter(|p| p.node.is_none()).collect()
    }

    /// The pods bound to `node`, whatever their phase.
    pub fn pods_on(&self, node: &str) -> Vec<&Pod> {
        self.pods.values().filter(|p| p.node.as_deref() == Some(node)).collect()
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

    /// The first pod of `set` below `ordinal` that is missing or not yet running: what an
    /// OrderedReady `ordinal` waits for.
    pub fn first_not_running_below(&self, set: &str, ordinal: u32) -> Option<String> {
        let spec = &self.sets[set];
        (0..ordinal).find(|o| self.pods.of_ordinal(spec, *o).is_none_or(|p| !self.runs(p))).map(|o| spec.pod_name(o))
    }

    /// The highest ordinal among the pods `set` owns, which scale-down removes first.
    pub fn highest_ordinal(&self, set: &str) -> Option<u32> {
        self.pods.values().filter_map(|p| p.owner.as_ref().filter(|(s, _)| s == set).map(|o| o.1)).max()
    }

    /// The pod's phase: a pod on a lost node is Unknown, or Terminating once deleted.
    pub fn phase(&self, pod: &Pod) -> Phase {
        match &pod.node {
            None => Phase::Pending,
            Some(node) if !self.nodes.get(node).is_some_and(NodeSpec::is_down) => Phase::Running,
            Some(_) if pod.terminating() => Phase::Terminating,
            Some(_) => Phase::Unknown,
        }
    }

    /// Whether a pod runs on a node that reports: the only pods a read-out counts as running.
    pub fn runs(&self, pod: &Pod) -> bool {
        self.phase(pod) == Phase::Running
    }

    pub fn running(&self) -> usize {
        self.pods.values().filter(|p| self.runs(p)).count()
    }

    /// Pods on a lost node, Unknown or Terminating: they exist, but nobody knows whether they run.
    pub fn unconfirmed(&self) -> usize {
        self.pods.values().filter(|p| matches!(self.phase(p), Phase::Unknown | Phase::Terminating)).count()
    }

    /// Running pods per domain of `key`, for every domain some node has (a lost node's domain
    /// counts, with nothing running on it): the pods carrying all of `labels`, or every pod when
    /// `labels` is empty.
    pub fn counts_by(&self, key: &str, labels: &VecMap<String, String>) -> VecMap<String, usize> {
        self.count_domains(key, labels, |_| true, |p| self.runs(p))
    }

    /// Pods carrying all of `labels` that `pod_counted` keeps, per domain of `key`, over the nodes
    /// `counted` keeps (a domain appears, with 0, as soon as one such node has the key). The
    /// scheduler's spread filter and the read-outs both count this way; they differ in which pods
    /// count.
    pub(crate) fn count_domains(
        &self,
        key: &str,
        labels: &VecMap<String, String>,
        counted: impl Fn(&NodeSpec) -> bool,
        pod_counted: impl Fn(&Pod) -> bool,
    ) -> VecMap<String, usize> {
        let mut counts: VecMap<String, usize> = VecMap::new();
        for node in self.nodes.values().filter(|n| counted(n)) {
            let Some(domain) = node.label(key) else { continue };
            let here = self
                .pods
                .values()
                .filter(|p| p.node.as_deref() == Some(&node.name) && carries(&p.labels, labels) && pod_counted(p))
                .count();
            match counts.get_mut(domain) {
                Some(n) => *n += here,
                None => {
                    counts.insert(domain.to_string(), here);
                }
            }
        }
        counts
    }

    /// The largest minus the smallest count over the domains of `key`, as the book measures skew.
    pub fn skew(&self, key: &str, labels: &VecMap<String, String>) -> usize {
        let counts = self.counts_by(key, labels);
        let max = counts.values().copied().max().unwrap_or(0);
        let min = counts.values().copied().min().unwrap_or(0);
        max - min
    }

    /// How many of these pods would keep running after the worst loss: 0 when nothing runs, or
    /// when there is no domain to lose (the book's `TestNoNodes`: `WorstZoneLoss()` is 0).
    pub fn survivors(&self, key: &str, labels: &VecMap<String, String>) -> usize {
        self.worst_loss(key, labels).map_or(0, |l| l.survivors)
    }

    /// The domain of `key` whose loss would leave the fewest of these pods running, and how many
    /// would. Ties go to the first domain by name.
    pub fn worst_loss(&self, key: &str, labels: &VecMap<String, String>) -> Option<Loss> {
        let counts = self.counts_by(key, labels);
        let total: usize = counts.values().sum();
        let mut worst: Option<Loss> = None;
        for (domain, here) in counts.iter() {
            let survivors = total - here;
            if worst.as_ref().is_none_or(|w| survivors < w.survivors) {
                worst = Some(Loss { domain: domain.clone(), survivors, of: total });
            }
        }
        worst
    }
}

/// What losing one domain would leave: `survivors` of the `of` pods now running keep running.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loss {
    pub domain: String,
    pub survivors: usize,
    pub of: usize,
}

/// Whether `labels` include every label of `selector`.
fn carries(labels: &VecMap<String, String>, selector: &VecMap<String, String>) -> bool {
    selector.iter().all(|(k, v)| labels.get(k) == Some(v))
}
