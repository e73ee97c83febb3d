//! The changes kubectl asks a cluster for, as the demo's own actions. The served cluster
//! (`kubevol-replay serve`) and the kubectl prompt both turn a change into the action the demo's
//! button for it sends, through [`Served`], so a change typed or sent over HTTP is one history
//! entry like a click; a change the model has no action for is refused, never pretended.

use crate::{Cluster, Kind, KindWords, Resource};
use kubevol_sim::{csi, statefulset, topology, Model};

/// What a request asks the cluster to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// `kubectl delete KIND NAME`; `force` is `--force --grace-period=0` (gracePeriodSeconds 0).
    Delete { kind: Kind, name: String, force: bool },
    /// `kubectl scale sts NAME --replicas=N`: the scale subresource.
    Scale { set: String, replicas: u32 },
    /// `kubectl cordon` and `uncordon`: a node's `spec.unschedulable`.
    Unschedulable { node: String, unschedulable: bool },
}

/// How a model's actions stand for the API's changes.
pub trait Served: Model {
    /// The kinds of object the model's cluster holds, in `kubectl get` order.
    const KINDS: &'static [Kind];

    /// The action that makes `change`, read against the cluster it changes, or what the demo's
    /// cluster cannot do.
    fn action(cluster: &Cluster, change: &Change) -> Result<Self::Action, String>;

    /// What the cluster's own controllers do within seconds of a change through the API, as the
    /// demo's action for it (the StatefulSet controller makes a deleted pod again, the scheduler
    /// places it); `None` when nothing moves without the reader, or when what moves next takes
    /// minutes in a real cluster (a lost node's pods wait out their 300 s toleration), which
    /// waits for [`Served::step`].
    fn settle(_cluster: &Cluster) -> Option<Self::Action> {
        None
    }

    /// One step of the demo's clock, asked for: what the demo's step button does.
    fn step() -> Option<Self::Action> {
        None
    }
}

pub fn cannot(what: &str) -> String {
    format!("this demo's cluster cannot {what}: its model has no such action")
}

/// The kind of object a delete of `resource` removes, or why the demo's cluster keeps it: the
/// served cluster's answer to a DELETE and the prompt's `kubectl delete` say the same.
pub fn deleted(resource: Resource) -> Result<Kind, String> {
    match resource {
        Resource::Kind(kind) => Ok(kind),
        Resource::Event => Err("this demo's cluster cannot delete Events: they are what its model said".into()),
        Resource::Lease => Err("this demo's cluster cannot delete a Lease: each node's kubelet holds its own".into()),
    }
}

/// What the demo's cluster cannot do, in the reader's words.
fn cannot_change(change: &Change) -> String {
    match change {
        Change::Delete { kind, .. } => cannot(&format!("delete a {}", kind.api().kind)),
        Change::Scale { .. } => cannot("scale a StatefulSet"),
        Change::Unschedulable { unschedulable: true, .. } => cannot("cordon a node"),
        Change::Unschedulable { .. } => cannot("uncordon a node"),
    }
}

impl Served for csi::State {
    const KINDS: &'static [Kind] = &[
        Kind::Node,
        Kind::StorageClass,
        Kind::CSIDriver,
        Kind::PersistentVolumeClaim,
        Kind::PersistentVolume,
        Kind::VolumeAttachment,
        Kind::Pod,
    ];

    /// The CSI chapter's pods exist only while they mount the volume: deleting one unmounts it
    /// (its kubelet's NodeUnpublishVolume), as the demo's unmount button does. A force delete does
    /// not wait for the kubelet, so a node that stopped responding does not hold it up.
    fn action(cluster: &Cluster, change: &Change) -> Result<csi::Action, String> {
        match change {
            Change::Delete { kind: Kind::Pod, name, force } => {
                let pod = cluster.pods.iter().find(|p| p.name == *name).ok_or_else(|| cannot_change(change))?;
                // A pod waiting for a refused attach is the Moment's, not the model's: it starts
                // when its node may attach the volume, and the model has no action to delete it.
                if pod.creating {
                    return Err(cannot(
                        "delete a pod that waits for its volume: detach the volume from the other \
                        node, attach it to this pod's node and mount it, and this pod starts",
                    ));
                }
                let (claim, pod) = (pod.claim.clone().unwrap_or_default(), name.clone());
                Ok(if *force {
                    csi::Action::ForceDeletePod { claim, pod }
                } else {
                    csi::Action::Unmount { claim, pod }
                })
            }
            Change::Delete { kind: Kind::PersistentVolumeClaim, name, .. } => {
                Ok(csi::Action::DeleteClaim { claim: name.clone() })
            }
            Change::Delete { kind: Kind::PersistentVolume, name, .. } => {
                Ok(csi::Action::DeleteReleased { volume: name.clone() })
            }
            other => Err(cannot_change(other)),
        }
    }
}

/// A StatefulSet object's ordinal: the number after its set's name (`web-2`, `data-web-2`).
fn ordinal(name: &str, prefix: &str) -> Option<u32> {
    name.strip_prefix(prefix)?.strip_prefix('-')?.parse().ok()
}

impl Served for statefulset::State {
    const KINDS: &'static [Kind] = &[Kind::PersistentVolumeClaim, Kind::PersistentVolume, Kind::StatefulSet, Kind::Pod];

    fn action(cluster: &Cluster, change: &Change) -> Result<statefulset::Action, String> {
        let set = cluster.sets.first();
        let set_name = set.map_or("", |s| s.name.as_str());
        match change {
            Change::Delete { kind: Kind::Pod, name, .. } => ordinal(name, set_name)
                .map(|ordinal| statefulset::Action::DeletePod { ordinal })
                .ok_or_else(|| cannot_change(change)),
            Change::Delete { kind: Kind::PersistentVolumeClaim, name, .. } => {
                let template = set.and_then(|s| s.template.as_ref()).map_or("", |t| t.0.as_str());
                ordinal(name, &format!("{template}-{set_name}"))
                    .map(|ordinal| statefulset::Action::DeletePvc { ordinal })
                    .ok_or_else(|| cannot_change(change))
            }
            Change::Delete { kind: Kind::StatefulSet, name, .. } if *name == set_name => {
                Ok(statefulset::Action::DeleteSet)
            }
            Change::Scale { set, replicas } if *set == set_name => {
                Ok(statefulset::Action::Scale { replicas: i64::from(*replicas) })
            }
            other => Err(cannot_change(other)),
        }
    }

    /// The StatefulSet controller and the kubelet: pods made, started in order, until nothing moves
    /// (a broken pod keeps failing; the rest wait, as OrderedReady says).
    // Models pkg/controller/statefulset/stateful_set_control.go defaultStatefulSetControl.UpdateStatefulSet
    fn settle(_: &Cluster) -> Option<statefulset::Action> {
        Some(statefulset::Action::Run { max: SETTLE_STEPS })
    }

    fn step() -> Option<statefulset::Action> {
        Some(statefulset::Action::Step)
    }
}

/// How many of a model's steps its controllers take, at most, after one change: the demos' sets
/// are small, and a real cluster's controllers are done within seconds.
const SETTLE_STEPS: u32 = 20;

impl Served for topology::State {
    const KINDS: &'static [Kind] = &[
        Kind::Node,
        Kind::StorageClass,
        Kind::PersistentVolumeClaim,
        Kind::PersistentVolume,
        Kind::StatefulSet,
        Kind::Pod,
    ];

    fn action(_: &Cluster, change: &Change) -> Result<topology::Action, String> {
        match change {
            Change::Delete { kind: Kind::Pod, name, force: false } => {
                Ok(topology::Action::DeletePod { pod: name.clone() })
            }
            Change::Delete { kind: Kind::Pod, name, force: true } => {
                Ok(topology::Action::ForceDeletePod { pod: name.clone() })
            }
            Change::Delete { kind: Kind::Node, name, .. } => Ok(topology::Action::DeleteNode { node: name.clone() }),
            Change::Scale { set, replicas } => Ok(topology::Action::Scale { set: set.clone(), replicas: *replicas }),
            other => Err(cannot_change(other)),
        }
    }

    /// The StatefulSet controller and the scheduler, while every node reports: the model's step
    /// also evicts a lost node's pods, which a real cluster does only after their 300 s
    /// toleration, so with a node lost the cluster waits for an explicit step.
    // Models pkg/controller/statefulset/stateful_set_control.go defaultStatefulSetControl.UpdateStatefulSet
    fn settle(cluster: &Cluster) -> Option<topology::Action> {
        let lost = cluster.nodes.iter().any(|n| n.lost_at.is_some());
        (!lost).then_some(topology::Action::Run { max: SETTLE_STEPS })
    }

    fn step() -> Option<topology::Action> {
        Some(topology::Action::Step)
    }
}
