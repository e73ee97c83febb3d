//! The CSI chapter's state as kubectl would show it: the class, the claim, its volume, one
//! VolumeAttachment per node the volume is attached to (none when the driver has no attach step),
//! and the pods that mount it.

use super::model::Phase;
use super::State;
use crate::kubectl::{Attachment, Claim, Class, Cluster, Kubectl, Pod, Volume};
use crate::Setting;

impl Kubectl for State {
    fn cluster(&self) -> Cluster {
        let classes = self
            .classes
            .values()
            .map(|c| Class {
                name: c.name.clone(),
                reclaim: c.reclaim.code(),
                binding: c.binding.code(),
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
                reclaim: v.reclaim.code(),
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
                })
            })
            .collect();
        Cluster { classes, claims, volumes, attachments, sets: Vec::new(), pods }
    }
}
