//! The CSI chapter's state as kubectl would show it: the class, the claim, its volume, one
//! VolumeAttachment per node the volume is attached to (none when the driver has no attach step),
//! and the pods that mount it.

use super::model::Phase;
use super::{Action, Event, Refusal, State};
use crate::api::{HOSTNAME_LABEL, UNREACHABLE_TAINT};
use crate::cluster::{
    node_not_ready, node_status, provisioner_source, resizer_source, Attachment, Claim, Class, Cluster, Driver, Kind,
    KubeEvent, Node, Pod, Recorded, Volume, NODE_CONTROLLER, PROVISIONER, UNDATED,
};
use crate::Tell;

impl State {
    /// The objects this state stands for.
    pub fn cluster(&self) -> Cluster {
        let classes = self
            .classes
            .values()
            .map(|c| Class {
                name: c.name.clone(),
                reclaim: c.reclaim.name(),
                binding: c.binding.name(),
                allow_expansion: c.allow_volume_expansion,
                zones: c.allowed_zones.clone(),
            })
            .collect();
        let claims = self
            .claims
            .values()
            .map(|c| Claim {
                name: c.spec.name.clone(),
                request_gib: c.spec.size_gib,
                mode: c.spec.mode,
                class: c.spec.class.clone(),
                bound: c.volume.as_ref().and_then(|v| Some((v.clone(), self.volumes.get(v)?.filesystem_gib))),
                selected_node: None,
                set: None,
                deleted_at: c.terminating.then_some(UNDATED),
            })
            .collect();
        let volumes = self
            .volumes
            .values()
            .map(|v| Volume {
                name: v.name.clone(),
                capacity_gib: v.size_gib,
                mode: v.mode,
                reclaim: v.reclaim.name(),
                phase: match v.phase {
                    Phase::Bound => "Bound",
                    Phase::Released => "Released",
                },
                claim: v.claim.clone(),
                class: v.class.clone(),
                zone: v.zone.clone(),
            })
            .collect();
        // Without PUBLISH_UNPUBLISH_VOLUME the CSIDriver says attachRequired: false, and the
        // attach/detach controller creates no VolumeAttachment.
        let attachments = if self.driver.capabilities.publish_unpublish {
            self.volumes
                .values()
                .flat_map(|v| {
                    v.attached.iter().map(|node| Attachment {
                        volume: v.name.clone(),
                        node: node.clone(),
                        attached: true,
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        let pods = self
            .volumes
            .values()
            .flat_map(|v| {
                v.mounts.iter().map(|(pod, node)| Pod {
                    name: pod.clone(),
                    node: Some(node.clone()),
                    ready: true,
                    claim: Some(v.claim.clone()),
                    set: None,
                    labels: Vec::new(),
                    node_selector: Vec::new(),
                    unschedulable: None,
                    node_lost_at: self.nodes.get(node).filter(|n| !n.responsive).map(|_| UNDATED),
                    deleted: None,
                    creating: false,
                })
            })
            .collect();
        // A node that stops responding goes NotReady, and the node lifecycle controller taints it
        // unreachable; the model keeps no clock, so whoever watches its history dates both.
        let nodes = self
            .nodes
            .values()
            .map(|n| Node {
                name: n.name.clone(),
                zone: n.zone.clone(),
                labels: Vec::new(),
                taints: match n.responsive {
                    true => Vec::new(),
                    false => ["NoSchedule", "NoExecute"]
                        .map(|effect| (UNREACHABLE_TAINT.to_string(), effect, Some(UNDATED)))
                        .to_vec(),
                },
                lost_at: (!n.responsive).then_some(UNDATED),
            })
            .collect();
        // The driver's deployment registers its CSIDriver: attachRequired says whether it has an
        // attach step; the rest are the API server's defaults, which this driver keeps.
        let drivers = vec![Driver {
            name: PROVISIONER.to_string(),
            attach_required: self.driver.capabilities.publish_unpublish,
            pod_info_on_mount: false,
            fs_group_policy: "ReadWriteOnceWithFSType",
        }];
        Cluster { nodes, classes, drivers, claims, volumes, attachments, sets: Vec::new(), pods }
    }

    /// The Kubernetes Events a model event stands for, read against the state after it.
    ///
    /// Sources: the PV controller's WaitForFirstConsumer; external-provisioner's Provisioning,
    /// ProvisioningSucceeded and ProvisioningFailed; the scheduler's Scheduled; the attach/detach
    /// controller's SuccessfulAttachVolume (recorded on the pods it attached for: here the first pod
    /// on a node after an attach); the node lifecycle controller's NodeNotReady on a node that stops
    /// responding and on its pods, and NodeReady when it responds again; external-resizer's Resizing,
    /// FileSystemResizeRequired and VolumeResizeFailed; the kubelet's FileSystemResizeSuccessful.
    // Models pkg/controller/volume/persistentvolume/pv_controller.go PersistentVolumeController.syncUnboundClaim
    // Models sigs.k8s.io/sig-storage-lib-external-provisioner/controller/controller.go provisionClaimOperation
    // Models pkg/volume/util/operationexecutor/operation_generator.go operationGenerator.GenerateAttachVolumeFunc
    // Models github.com/kubernetes-csi/external-resizer/pkg/controller/controller.go resizeController.resizePVC
    // Models pkg/controller/nodelifecycle/node_lifecycle_controller.go Controller.tryUpdateNodeHealth
    pub fn kube_events(&self, event: &Event) -> Vec<KubeEvent> {
        use said::*;
        fn claim(name: &str) -> (Kind, &str) {
            (Kind::PersistentVolumeClaim, name)
        }
        match event {
            Event::WaitingForFirstConsumer { claim: c } => vec![KubeEvent::normal(
                "WaitForFirstConsumer",
                "persistentvolume-controller",
                claim(c),
                crate::cluster::WAITING_FOR_FIRST_CONSUMER.into(),
            )],
            Event::Provisioned { volume, claim: c, .. } => vec![
                KubeEvent::normal("Provisioning", &provisioner_source(), claim(c), provisioning(c)),
                KubeEvent::normal("ProvisioningSucceeded", &provisioner_source(), claim(c), provisioned(volume)),
            ],
            Event::ProvisioningFailed { claim: c, class, code, .. } => vec![KubeEvent::warning(
                "ProvisioningFailed",
                &provisioner_source(),
                claim(c),
                provisioning_failed(class, *code),
            )],
            Event::Mounted { volume, node, pod, attached, .. } => {
                let pod = (Kind::Pod, pod.as_str());
                let mut out = vec![KubeEvent::normal("Scheduled", "default-scheduler", pod, scheduled(pod.1, node))];
                if *attached {
                    out.push(KubeEvent::normal(
                        "SuccessfulAttachVolume",
                        "attachdetach-controller",
                        pod,
                        attached_to(volume),
                    ));
                }
                out
            }
            // external-resizer says it is resizing when it takes the claim up, then how it ended.
            Event::ControllerExpanded { volume, .. } => {
                let c = self.volumes.get(volume).map(|v| v.claim.as_str()).unwrap_or_default();
                vec![
                    KubeEvent::normal("Resizing", &resizer_source(), claim(c), resizing(volume)),
                    KubeEvent::normal("FileSystemResizeRequired", &resizer_source(), claim(c), RESIZE_REQUIRED.into()),
                ]
            }
            Event::ResizeFailed { claim: c, volume, code, .. } => vec![
                KubeEvent::normal("Resizing", &resizer_source(), claim(c), resizing(volume)),
                KubeEvent::warning("VolumeResizeFailed", &resizer_source(), claim(c), resize_failed(volume, *code)),
            ],
            Event::NodeStoppedResponding { node, pods } => node_not_ready(node, pods),
            Event::NodeResponding { node } => vec![KubeEvent::normal(
                "NodeReady",
                NODE_CONTROLLER,
                (Kind::Node, node),
                node_status(node, "NodeReady"),
            )],
            Event::FileSystemResized { volume, node, .. } => self
                .volumes
                .get(volume)
                .map(|v| v.pods_on(node))
                .unwrap_or_default()
                .into_iter()
                .map(|pod| {
                    KubeEvent::normal(
                        "FileSystemResizeSuccessful",
                        "kubelet",
                        (Kind::Pod, &pod),
                        format!("MountVolume.NodeExpandVolume succeeded for volume \"{volume}\" {node}"),
                    )
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

impl State {
    /// What a real cluster records of a refused action: the demo's refused attach or mount stands
    /// for a pod that needs the claim, the one the model would name next (or the one named), so
    /// the reader's next mount there (the model's next pod) is the same pod, started.
    ///
    /// - Multi-Attach: the pod is scheduled to the node the reader asked for and stays
    ///   `ContainerCreating`; the attach/detach controller records the error on it, retrying.
    /// - The scheduler's refusals (the volume's zone, the class's allowed zones, a ReadWriteOncePod
    ///   claim in use): the pod stays Pending, with the FailedScheduling the refusal tells; an
    ///   attach is a pod pinned to its node by `kubernetes.io/hostname`.
    // Models pkg/controller/volume/attachdetach/reconciler/reconciler.go reconciler.reportMultiAttachError
    // Models pkg/scheduler/schedule_one.go Scheduler.handleSchedulingFailure
    pub fn refused(&self, action: &Action, refusal: &Refusal) -> Recorded {
        let (Some(message), Some(mut waiting)) = (refusal.k8s(), self.waiter(action, refusal)) else {
            return Recorded::default();
        };
        let pod = waiting.name.clone();
        let at = (Kind::Pod, pod.as_str());
        if let (true, Some(node)) = (waiting.creating, &waiting.node) {
            let arrival = vec![KubeEvent::normal("Scheduled", "default-scheduler", at, said::scheduled(&pod, node))];
            let events = vec![KubeEvent::warning("FailedAttachVolume", "attachdetach-controller", at, message)];
            return Recorded { events, waiting: Some((waiting, arrival)) };
        }
        waiting.unschedulable = Some(message.clone());
        let events = vec![KubeEvent::warning("FailedScheduling", "default-scheduler", at, message)];
        Recorded { events, waiting: Some((waiting, Vec::new())) }
    }

    /// The pod a refused action leaves waiting in a real cluster, if any, without the cluster's
    /// words: after a Multi-Attach, scheduled to the node the reader asked for and creating its
    /// containers; after a zone conflict, held to that node by its selector; after a
    /// ReadWriteOncePod conflict, waiting for any node. What `refused` records and the demo's
    /// session remembers (`cluster::Waiting`), so its next mount there is this pod.
    pub fn waiter(&self, action: &Action, refusal: &Refusal) -> Option<Pod> {
        let next = || self.next_pod_name();
        let (claim, node, pod, scheduled) = match (action, refusal) {
            (Action::Attach { claim, node }, Refusal::MultiAttach { .. }) => (claim, node, next(), true),
            (
                Action::Attach { claim, node },
                Refusal::ZoneConflict { .. } | Refusal::ZoneNotAllowed { node: Some(_), .. },
            ) => (claim, node, next(), false),
            (Action::Mount { claim, node, pod }, Refusal::RwopInUse { .. }) => {
                (claim, node, pod.clone().unwrap_or_else(next), false)
            }
            _ => return None,
        };
        let mut waiting = Pod {
            name: pod,
            node: None,
            ready: false,
            claim: Some(claim.clone()),
            set: None,
            labels: Vec::new(),
            node_selector: Vec::new(),
            unschedulable: None,
            node_lost_at: None,
            deleted: None,
            creating: false,
        };
        if scheduled {
            waiting.node = Some(node.clone());
            waiting.creating = true;
        } else if matches!(action, Action::Attach { .. }) {
            waiting.node_selector = vec![(HOSTNAME_LABEL.to_string(), node.clone())];
        }
        Some(waiting)
    }

    /// Whether a waiting pod no longer waits: the model has a pod of its name (it started), or
    /// its claim is gone (it is deleted with it), as `cluster::Waiting::against` reads a cluster.
    pub fn started(&self, pod: &Pod) -> bool {
        let mounted = self.volumes.values().any(|v| v.mounts.contains_key(&pod.name));
        mounted || !pod.claim.as_ref().is_some_and(|c| self.claims.contains_key(c))
    }

    /// A mount the model would name a pod for, while pods wait for refused actions: the pod that
    /// waits for this claim on this node (scheduled there, or held to it by its node selector, or
    /// waiting for a node at all) is the one that starts; else the model's next name that no
    /// waiting pod has. A reader's next mount on node-b after a refused attach there is the pod
    /// kubectl showed waiting, not a second one.
    // Models pkg/kubelet/volumemanager/volume_manager.go WaitForAttachAndMount
    pub fn assign(&self, action: Action, waiting: &[Pod]) -> Action {
        let Action::Mount { claim, node, pod: None } = &action else { return action };
        let for_here = |w: &&Pod| {
            let held = w.node_selector.iter().find(|(k, _)| k == HOSTNAME_LABEL).map(|(_, v)| v);
            w.claim.as_deref() == Some(claim.as_str())
                && match (&w.node, held) {
                    (Some(on), _) => on == node,
                    (None, Some(held)) => held == node,
                    (None, None) => true,
                }
        };
        if let Some(w) = waiting.iter().find(for_here) {
            return Action::Mount { claim: claim.clone(), node: node.clone(), pod: Some(w.name.clone()) };
        }
        let free = self.free_pod_name(|name| waiting.iter().any(|w| w.name == name));
        if free == self.next_pod_name() {
            return action;
        }
        Action::Mount { claim: claim.clone(), node: node.clone(), pod: Some(free) }
    }
}

/// The words of the Events, which the model's Kubernetes voice tells too (`event.rs`): one
/// source for what `kubectl describe` lists and what "What Kubernetes says" shows.
pub(super) mod said {
    use super::super::rpc::Code;
    use crate::cluster::{NAMESPACE, PROVISIONER};

    pub fn provisioning(claim: &str) -> String {
        format!("External provisioner is provisioning volume for claim \"{NAMESPACE}/{claim}\"")
    }

    pub fn provisioned(volume: &str) -> String {
        format!("Successfully provisioned volume {volume}")
    }

    pub fn provisioning_failed(class: &str, code: Code) -> String {
        format!(
            "failed to provision volume with StorageClass \"{class}\": rpc error: code = {} desc = not enough \
            space in the backend",
            code.go_name()
        )
    }

    pub fn scheduled(pod: &str, node: &str) -> String {
        format!("Successfully assigned {NAMESPACE}/{pod} to {node}")
    }

    pub fn attached_to(volume: &str) -> String {
        format!("AttachVolume.Attach succeeded for volume \"{volume}\"")
    }

    pub fn resizing(volume: &str) -> String {
        format!("External resizer is resizing volume {volume}")
    }

    pub const RESIZE_REQUIRED: &str = "Require file system resize of volume on node";

    pub fn resize_failed(volume: &str, code: Code) -> String {
        format!(
            "resize volume \"{volume}\" by resizer \"{PROVISIONER}\" failed: rpc error: code = {} desc = not \
            enough space in the backend",
            code.go_name()
        )
    }
}
