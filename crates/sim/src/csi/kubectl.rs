//! The CSI chapter's state as kubectl would show it: the class, the claim, its volume, one
//! VolumeAttachment per node the volume is attached to (none when the driver has no attach step),
//! and the pods that mount it.

use super::model::Phase;
use super::{Event, State};
use crate::kubectl::{
    provisioner_source, resizer_source, Attachment, Claim, Class, Cluster, Kind, KubeEvent, Pod, Volume, NAMESPACE,
};

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
                terminating: false,
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
                    node_lost_at: None,
                    deleted: None,
                })
            })
            .collect();
        Cluster { nodes: Vec::new(), classes, claims, volumes, attachments, sets: Vec::new(), pods }
    }

    /// The Kubernetes Events a model event stands for, read against the state after it.
    ///
    /// Sources: the PV controller's WaitForFirstConsumer (`pv_controller.go`); external-provisioner's
    /// Provisioning, ProvisioningSucceeded and ProvisioningFailed (sig-storage-lib-external-provisioner
    /// `controller.go`); the scheduler's Scheduled; the attach/detach controller's
    /// SuccessfulAttachVolume (`operation_generator.go`, recorded on each pod that uses the volume,
    /// so here when a pod arrives on a node the volume is attached to); external-resizer's Resizing,
    /// FileSystemResizeRequired and VolumeResizeFailed; the kubelet's FileSystemResizeSuccessful.
    pub fn kube_events(&self, event: &Event) -> Vec<KubeEvent> {
        fn claim(name: &str) -> (Kind, &str) {
            (Kind::PersistentVolumeClaim, name)
        }
        match event {
            Event::WaitingForFirstConsumer { claim: c } => vec![KubeEvent::normal(
                "WaitForFirstConsumer",
                "persistentvolume-controller",
                claim(c),
                "waiting for first consumer to be created before binding".into(),
            )],
            Event::Provisioned { volume, claim: c, .. } => vec![
                KubeEvent::normal(
                    "Provisioning",
                    &provisioner_source(),
                    claim(c),
                    format!("External provisioner is provisioning volume for claim \"{NAMESPACE}/{c}\""),
                ),
                KubeEvent::normal(
                    "ProvisioningSucceeded",
                    &provisioner_source(),
                    claim(c),
                    format!("Successfully provisioned volume {volume}"),
                ),
            ],
            Event::ProvisioningFailed { claim: c, class, code, .. } => vec![KubeEvent::warning(
                "ProvisioningFailed",
                &provisioner_source(),
                claim(c),
                format!(
                    "failed to provision volume with StorageClass \"{class}\": rpc error: code = {} desc = not \
                    enough space in the backend",
                    code.go_name()
                ),
            )],
            Event::Mounted { volume, node, pod, .. } => {
                let pod = (Kind::Pod, pod.as_str());
                let mut out = vec![KubeEvent::normal(
                    "Scheduled",
                    "default-scheduler",
                    pod,
                    format!("Successfully assigned {NAMESPACE}/{} to {node}", pod.1),
                )];
                if self.driver.capabilities.publish_unpublish {
                    out.push(KubeEvent::normal(
                        "SuccessfulAttachVolume",
                        "attachdetach-controller",
                        pod,
                        format!("AttachVolume.Attach succeeded for volume \"{volume}\""),
                    ));
                }
                out
            }
            Event::ResizeRequested { claim: c, .. } => {
                let volume = self.claims.get(c).and_then(|cl| cl.volume.clone()).unwrap_or_default();
                vec![KubeEvent::normal(
                    "Resizing",
                    &resizer_source(),
                    claim(c),
                    format!("External resizer is resizing volume {volume}"),
                )]
            }
            Event::ControllerExpanded { volume, .. } => {
                let c = self.volumes.get(volume).map(|v| v.claim.as_str()).unwrap_or_default();
                vec![KubeEvent::normal(
                    "FileSystemResizeRequired",
                    &resizer_source(),
                    claim(c),
                    "Require file system resize of volume on node".into(),
                )]
            }
            Event::ResizeFailed { claim: c, volume, code, .. } => vec![KubeEvent::warning(
                "VolumeResizeFailed",
                &resizer_source(),
                claim(c),
                format!(
                    "resize volume \"{volume}\" by resizer \"{}\" failed: rpc error: code = {} desc = not enough \
                    space in the backend",
                    crate::kubectl::PROVISIONER,
                    code.go_name()
                ),
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
