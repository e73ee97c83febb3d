//! The topology model's state as kubectl would show it: classes, claims, volumes with their zone's
//! nodeAffinity, StatefulSets with their nodeSelector and spread constraint, and pods, Pending ones
//! with the scheduler's message. This model attaches nothing, so it has no VolumeAttachments, and
//! it tracks no sizes: every claim asks for 1Gi.

use super::{Event, State};
use crate::cluster::{
    node_not_ready, provisioner_source, Claim, Class, Cluster, Kind, KubeEvent, Node, Pod, Set, Volume, NAMESPACE,
    NODE_CONTROLLER,
};

const SIZE_GIB: u32 = 1;

fn pairs(map: &crate::ordered::VecMap<String, String>) -> Vec<(String, String)> {
    map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

impl State {
    /// The objects this state stands for.
    pub fn cluster(&self) -> Cluster {
        let nodes = self
            .nodes
            .values()
            .map(|n| Node {
                name: n.name.clone(),
                zone: n.zone.clone(),
                labels: pairs(&n.labels),
                taints: n.taints.iter().map(|t| (t.key.clone(), t.effect.name(), t.time_added)).collect(),
                lost_at: n.lost_at(),
            })
            .collect();
        let classes = self
            .classes
            .values()
            .map(|c| Class {
                name: c.name.clone(),
                reclaim: "Delete",
                binding: c.binding.name(),
                allow_expansion: false,
                zones: c.allowed_zones.clone(),
            })
            .collect();
        let owner =
            |claim: &str| self.pods.values().find(|p| p.claim.as_deref() == Some(claim)).and_then(|p| p.owner.clone());
        let claims = self
            .pvcs
            .values()
            .map(|c| Claim {
                name: c.name.clone(),
                request_gib: SIZE_GIB,
                mode: c.mode,
                class: c.class.clone(),
                bound: c.volume.clone().map(|v| (v, SIZE_GIB)),
                selected_node: c.selected_node.clone(),
                set: owner(&c.name).map(|(set, _)| set),
                deleted_at: None,
            })
            .collect();
        let volumes = self
            .pvs
            .values()
            .map(|v| Volume {
                name: v.name.clone(),
                capacity_gib: SIZE_GIB,
                mode: self.pvcs.get(&v.claim).map_or(crate::api::AccessMode::ReadWriteOnce, |c| c.mode),
                reclaim: "Delete",
                phase: "Bound",
                claim: v.claim.clone(),
                class: self.pvcs.get(&v.claim).map(|c| c.class.clone()).unwrap_or_default(),
                zone: v.zone.clone(),
            })
            .collect();
        let sets = self
            .sets
            .values()
            .map(|s| {
                let mine: Vec<_> =
                    self.pods.values().filter(|p| p.owner.as_ref().is_some_and(|(o, _)| *o == s.name)).collect();
                Set {
                    name: s.name.clone(),
                    replicas: s.replicas,
                    // readyReplicas counts the Ready condition, which the node controller turned
                    // False on a lost node's pods.
                    ready: mine.iter().filter(|p| self.runs(p)).count() as u32,
                    current: mine.len() as u32,
                    policy: s.policy.name(),
                    template: s.class.clone().map(|class| ("myvol".to_string(), class, SIZE_GIB, s.mode)),
                    when_scaled: "Retain",
                    when_deleted: "Retain",
                    node_selector: pairs(&s.node_selector),
                    spread: s.spread.as_ref().map(|sp| {
                        (
                            sp.max_skew,
                            sp.topology_key.clone(),
                            sp.when_unsatisfiable.name(),
                            sp.node_taints_policy.name(),
                        )
                    }),
                }
            })
            .collect();
        let pods = self
            .pods
            .values()
            .map(|p| Pod {
                name: p.name.clone(),
                node: p.node.clone(),
                // READY counts ready, running containers, which only a kubelet reports: on a lost
                // node they keep their last report.
                ready: p.node.is_some(),
                claim: p.claim.clone(),
                set: p.owner.as_ref().map(|(set, _)| set.clone()),
                labels: pairs(&p.labels),
                node_selector: pairs(&p.node_selector),
                unschedulable: p.failed_scheduling.as_ref().map(|f| f.message()),
                node_lost_at: p.node.as_ref().and_then(|n| self.nodes.get(n)).and_then(|n| n.lost_at()),
                deleted: p.deletion.map(|d| (d.at, d.evicted)),
                creating: false,
            })
            .collect();
        Cluster { nodes, classes, claims, volumes, sets, pods, ..Cluster::default() }
    }

    /// The Kubernetes Events a model event stands for: the scheduler's Scheduled and
    /// FailedScheduling, the PV controller's WaitForFirstConsumer, the provisioner's
    /// ProvisioningSucceeded and ProvisioningFailed, the StatefulSet controller's SuccessfulCreate on
    /// the set, and a lost node's: the node lifecycle controller's NodeNotReady on the node and on
    /// each of its pods and RemovingNode, the taint eviction controller's TaintManagerEviction, and
    /// the kubelet's NodeReady with its three pressure conditions. A force delete and the pod
    /// garbage collector record none.
    // Models pkg/scheduler/schedule_one.go Scheduler.handleSchedulingFailure
    // Models pkg/controller/util/node/controller_utils.go RecordNodeStatusChange
    // Models pkg/controller/util/node/controller_utils.go MarkPodsNotReady
    // Models pkg/controller/tainteviction/taint_eviction.go Controller.processPodOnNode
    // Models pkg/kubelet/nodestatus/setters.go ReadyCondition
    pub fn kube_events(&self, event: &Event) -> Vec<KubeEvent> {
        fn pvc(name: &str) -> (Kind, &str) {
            (Kind::PersistentVolumeClaim, name)
        }
        // The node lifecycle controller's NodeNotReady on each lost node, each followed by the
        // same on its pods (`MarkPodsNotReady`).
        let not_ready = |nodes: &[String], lost: &[String], per_node: &[usize]| {
            said::by_node(nodes, lost, per_node).flat_map(|(node, pods)| node_not_ready(node, pods)).collect::<Vec<_>>()
        };
        match event {
            Event::NodeLost { node, lost, .. } => not_ready(std::slice::from_ref(node), lost, &[lost.len()]),
            Event::ZoneLost { nodes, lost, lost_per_node, .. } => not_ready(nodes, lost, lost_per_node),
            Event::Evicted { pod, .. } => vec![KubeEvent::normal(
                "TaintManagerEviction",
                "taint-eviction-controller",
                (Kind::Pod, pod),
                format!("Marking for deletion Pod {NAMESPACE}/{pod}"),
            )],
            Event::NodeDeleted { node, .. } => vec![KubeEvent::normal(
                "RemovingNode",
                NODE_CONTROLLER,
                (Kind::Node, node),
                format!("Node {node} event: Removing Node {node} from Controller"),
            )],
            Event::NodeRecovered { node, running, .. } => {
                let mut out: Vec<KubeEvent> = said::NODE_BACK
                    .into_iter()
                    .map(|reason| {
                        KubeEvent::normal(reason, "kubelet", (Kind::Node, node), said::condition(node, reason))
                    })
                    .collect();
                // The evictions still waiting for their 300 s are called off.
                out.extend(running.iter().map(|pod| {
                    KubeEvent::normal(
                        "TaintManagerEviction",
                        "taint-eviction-controller",
                        (Kind::Pod, pod),
                        said::cancelling(pod),
                    )
                }));
                out
            }
            Event::Scheduled { pod, node } => vec![KubeEvent::normal(
                "Scheduled",
                "default-scheduler",
                (Kind::Pod, pod),
                format!("Successfully assigned {NAMESPACE}/{pod} to {node}"),
            )],
            Event::FailedScheduling { pod, message } => {
                vec![KubeEvent::warning("FailedScheduling", "default-scheduler", (Kind::Pod, pod), message.message())]
            }
            Event::WaitingForFirstConsumer { pvc: c } => vec![KubeEvent::normal(
                "WaitForFirstConsumer",
                "persistentvolume-controller",
                pvc(c),
                crate::cluster::WAITING_FOR_FIRST_CONSUMER.into(),
            )],
            Event::Provisioned { pv, pvc: c, .. } => vec![KubeEvent::normal(
                "ProvisioningSucceeded",
                &provisioner_source(),
                pvc(c),
                format!("Successfully provisioned volume {pv}"),
            )],
            Event::ProvisioningFailed { pvc: c, class } => vec![KubeEvent::warning(
                "ProvisioningFailed",
                &provisioner_source(),
                pvc(c),
                format!(
                    "failed to provision volume with StorageClass \"{class}\": no topology the class allows has \
                    storage"
                ),
            )],
            Event::PodCreated { pod, set: Some(set) } => vec![KubeEvent::normal(
                "SuccessfulCreate",
                "statefulset-controller",
                (Kind::StatefulSet, set),
                format!("create Pod {pod} in StatefulSet {set} successful"),
            )],
            _ => Vec::new(),
        }
    }
}

/// The words of the node lifecycle controller's, the kubelet's and the taint eviction
/// controller's Events, which the model's Kubernetes voice tells too (`event.rs`): one source for
/// what `kubectl describe` lists and what the voice says.
pub(super) mod said {
    use crate::cluster::NAMESPACE;

    pub use crate::cluster::POD_NOT_READY;

    pub fn not_ready(node: &str) -> String {
        condition(node, "NodeNotReady")
    }

    /// What a kubelet that reports again records, in the order it records them
    /// (`pkg/kubelet/nodestatus`).
    pub const NODE_BACK: [&str; 4] =
        ["NodeHasSufficientMemory", "NodeHasNoDiskPressure", "NodeHasSufficientPID", "NodeReady"];

    pub fn condition(node: &str, reason: &str) -> String {
        crate::cluster::node_status(node, reason)
    }

    pub fn cancelling(pod: &str) -> String {
        format!("Cancelling deletion of Pod {NAMESPACE}/{pod}")
    }

    /// Each lost node with its pods: `lost` holds `per_node[i]` pods of `nodes[i]`, in order.
    pub fn by_node<'a>(
        nodes: &'a [String],
        lost: &'a [String],
        per_node: &'a [usize],
    ) -> impl Iterator<Item = (&'a String, &'a [String])> {
        let mut start = 0;
        nodes.iter().enumerate().map(move |(i, node)| {
            let end = (start + per_node.get(i).copied().unwrap_or(0)).min(lost.len());
            let pods = &lost[start.min(end)..end];
            start = end;
            (node, pods)
        })
    }

    /// Every line the node lifecycle controller records when `nodes` go NotReady with `lost` on
    /// them, `per_node` of them on each.
    pub fn lost(nodes: &[String], lost: &[String], per_node: &[usize]) -> String {
        by_node(nodes, lost, per_node)
            .flat_map(|(node, pods)| std::iter::once(not_ready(node)).chain(pods.iter().map(|_| POD_NOT_READY.into())))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Every line a recovered node's kubelet and the taint eviction controller record.
    pub fn back(node: &str, running: &[String]) -> String {
        let conditions = NODE_BACK.iter().map(|reason| condition(node, reason));
        conditions.chain(running.iter().map(|pod| cancelling(pod))).collect::<Vec<_>>().join("\n")
    }
}
