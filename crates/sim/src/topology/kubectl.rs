//! The topology model's state as kubectl would show it: classes, claims, volumes with their zone's
//! nodeAffinity, StatefulSets with their nodeSelector and spread constraint, and pods, Pending ones
//! with the scheduler's message. This model attaches nothing, so it has no VolumeAttachments, and
//! it tracks no sizes: every claim asks for 1Gi.

use super::{Event, State};
use crate::kubectl::{provisioner_source, Claim, Class, Cluster, Kind, KubeEvent, Node, Pod, Set, Volume, NAMESPACE};

const SIZE_GIB: u32 = 1;
/// The component the node lifecycle controller records its Events as.
const NODE_CONTROLLER: &str = "node-controller";

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
                terminating: false,
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
            })
            .collect();
        Cluster { nodes, classes, claims, volumes, attachments: Vec::new(), sets, pods }
    }

    /// The Kubernetes Events a model event stands for: the scheduler's Scheduled and
    /// FailedScheduling (`pkg/scheduler/schedule_one.go`), the PV controller's
    /// WaitForFirstConsumer, the provisioner's ProvisioningSucceeded and ProvisioningFailed, the
    /// StatefulSet controller's SuccessfulCreate on the set, and a lost node's: the node lifecycle
    /// controller's NodeNotReady on the node and on each of its pods and RemovingNode
    /// (`pkg/controller/nodelifecycle`, `pkg/controller/util/node/controller_utils.go`), the taint
    /// eviction controller's TaintManagerEviction (`pkg/controller/tainteviction`), and the
    /// kubelet's NodeReady with its three pressure conditions (`pkg/kubelet/nodestatus`). A force
    /// delete and the pod garbage collector record none.
    pub fn kube_events(&self, event: &Event) -> Vec<KubeEvent> {
        fn pvc(name: &str) -> (Kind, &str) {
            (Kind::PersistentVolumeClaim, name)
        }
        let not_ready = |node: &str, lost: &[String]| {
            let mut out = vec![KubeEvent::normal(
                "NodeNotReady",
                NODE_CONTROLLER,
                (Kind::Node, node),
                super::event::not_ready(node),
            )];
            out.extend(lost.iter().filter(|p| self.pods.get(p).is_some_and(|p| p.node.as_deref() == Some(node))).map(
                |pod| KubeEvent::warning("NodeNotReady", NODE_CONTROLLER, (Kind::Pod, pod), "Node is not ready".into()),
            ));
            out
        };
        match event {
            Event::NodeLost { node, lost, .. } => not_ready(node, lost),
            Event::ZoneLost { nodes, lost, .. } => nodes.iter().flat_map(|n| not_ready(n, lost)).collect(),
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
                let mut out: Vec<KubeEvent> =
                    ["NodeHasSufficientMemory", "NodeHasNoDiskPressure", "NodeHasSufficientPID", "NodeReady"]
                        .into_iter()
                        .map(|reason| {
                            KubeEvent::normal(
                                reason,
                                "kubelet",
                                (Kind::Node, node),
                                format!("Node {node} status is now: {reason}"),
                            )
                        })
                        .collect();
                // The evictions still waiting for their 300 s are called off.
                out.extend(running.iter().map(|pod| {
                    KubeEvent::normal(
                        "TaintManagerEviction",
                        "taint-eviction-controller",
                        (Kind::Pod, pod),
                        format!("Cancelling deletion of Pod {NAMESPACE}/{pod}"),
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
                "waiting for first consumer to be created before binding".into(),
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
