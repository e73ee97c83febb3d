//! The topology model's state as kubectl would show it: classes, claims, volumes with their zone's
//! nodeAffinity, StatefulSets with their nodeSelector and spread constraint, and pods, Pending ones
//! with the scheduler's message. This model attaches nothing, so it has no VolumeAttachments, and
//! it tracks no sizes: every claim asks for 1Gi.

use super::State;
use crate::kubectl::{Claim, Class, Cluster, Kubectl, Pod, Set, Volume};
use crate::Setting;

const SIZE_GIB: u32 = 1;

fn pairs(map: &crate::ordered::VecMap<String, String>) -> Vec<(String, String)> {
    map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

impl Kubectl for State {
    fn cluster(&self) -> Cluster {
        let classes = self
            .classes
            .values()
            .map(|c| Class {
                name: c.name.clone(),
                reclaim: "Delete",
                binding: c.binding.code(),
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
                mode: self.pvcs.get(&v.claim).map_or(crate::volumes::AccessMode::ReadWriteOnce, |c| c.mode),
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
                    ready: mine.iter().filter(|p| p.node.is_some()).count() as u32,
                    current: mine.len() as u32,
                    policy: s.policy.code(),
                    template: s.class.clone().map(|class| ("myvol".to_string(), class, SIZE_GIB, s.mode)),
                    when_scaled: "Retain",
                    when_deleted: "Retain",
                    node_selector: pairs(&s.node_selector),
                    spread: s.spread.as_ref().map(|sp| {
                        (
                            sp.max_skew,
                            sp.topology_key.clone(),
                            sp.when_unsatisfiable.code(),
                            sp.node_taints_policy.code(),
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
                ready: p.node.is_some(),
                claim: p.claim.clone(),
                set: p.owner.as_ref().map(|(set, _)| set.clone()),
                labels: pairs(&p.labels),
                node_selector: pairs(&p.node_selector),
                unschedulable: p.failed_scheduling.as_ref().map(|f| f.message()),
            })
            .collect();
        Cluster { classes, claims, volumes, attachments: Vec::new(), sets, pods }
    }
}
