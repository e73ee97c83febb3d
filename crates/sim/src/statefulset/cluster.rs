//! The StatefulSet chapter's state as kubectl would show it: the set, its pods, and a claim per
//! ordinal from its volumeClaimTemplate. The chapter leaves storage classes and volumes out; a
//! real cluster would have a dynamically provisioned PV per claim, named `pvc-<claim uid>`, as
//! listed here, with the class and size this model does not track (`standard`, 1Gi).

use super::{Event, PodGone, PvcGone, State};
use crate::api::AccessMode;
use crate::cluster::{uid, Claim, Cluster, Kind, KubeEvent, Pod, Set, Volume};

const CLASS: &str = "standard";
const SIZE_GIB: u32 = 1;

/// The name the PV controller gives a dynamically provisioned volume: `pvc-` and the claim's uid.
fn volume_name(claim: &str) -> String {
    format!("pvc-{}", uid(Kind::PersistentVolumeClaim, claim))
}

impl State {
    /// The PersistentVolume bound to the claim of `ordinal`, as `cluster` names it.
    pub fn volume_name(&self, ordinal: u32) -> String {
        volume_name(&self.pvc_name(ordinal))
    }

    /// The objects this state stands for.
    pub fn cluster(&self) -> Cluster {
        let set = self.config.name.clone();
        let claims: Vec<Claim> = self
            .pvcs
            .values()
            .map(|pvc| {
                let name = self.pvc_name(pvc.ordinal);
                Claim {
                    bound: Some((volume_name(&name), SIZE_GIB)),
                    name,
                    request_gib: SIZE_GIB,
                    mode: AccessMode::ReadWriteOnce,
                    class: CLASS.to_string(),
                    selected_node: None,
                    set: Some(set.clone()),
                    deleted_at: pvc.terminating.then_some(crate::cluster::UNDATED),
                }
            })
            .collect();
        let volumes = claims
            .iter()
            .map(|c| Volume {
                name: volume_name(&c.name),
                capacity_gib: SIZE_GIB,
                mode: AccessMode::ReadWriteOnce,
                reclaim: "Delete",
                phase: "Bound",
                claim: c.name.clone(),
                class: CLASS.to_string(),
                zone: None,
            })
            .collect();
        let pods = self
            .pods
            .values()
            .map(|p| Pod {
                name: self.pod_name(p.ordinal),
                // The chapter has no nodes; a running pod is somewhere.
                node: Some("node-1".to_string()),
                ready: p.ready,
                claim: Some(self.pvc_name(p.ordinal)),
                set: Some(set.clone()),
                labels: vec![("app".to_string(), set.clone())],
                node_selector: Vec::new(),
                unschedulable: None,
                node_lost_at: None,
                deleted: None,
                creating: false,
            })
            .collect();
        let sets = if self.deleted {
            Vec::new()
        } else {
            vec![Set {
                name: set.clone(),
                replicas: self.config.replicas,
                ready: self.ready_count(),
                current: self.pods.len() as u32,
                policy: self.config.policy.name(),
                template: Some(("data".to_string(), CLASS.to_string(), SIZE_GIB, AccessMode::ReadWriteOnce)),
                when_scaled: self.config.retention.when_scaled.name(),
                when_deleted: self.config.retention.when_deleted.name(),
                node_selector: Vec::new(),
                spread: None,
            }]
        };
        Cluster { claims, volumes, sets, pods, ..Cluster::default() }
    }

    /// The Kubernetes Events a model event stands for. The StatefulSet controller records on the
    /// set: `Successful<Verb>` with "<verb> Pod <pod> in StatefulSet <set> successful" and
    /// "<verb> Claim <claim> Pod <pod> in StatefulSet <set> success".
    // Models pkg/controller/statefulset/stateful_pod_control.go StatefulPodControl.recordPodEvent
    // Models pkg/controller/statefulset/stateful_pod_control.go StatefulPodControl.recordClaimEvent
    pub fn kube_events(&self, event: &Event) -> Vec<KubeEvent> {
        let set = self.config.name.clone();
        let on_set = |reason: &'static str, message: String| {
            KubeEvent::normal(reason, "statefulset-controller", (Kind::StatefulSet, &set), message)
        };
        match event {
            Event::PodCreated { pod, pvc, reused, .. } => {
                let mut out = Vec::new();
                if !reused {
                    out.push(on_set("SuccessfulCreate", said::claim_created(&set, pod, pvc)));
                }
                out.push(on_set("SuccessfulCreate", said::pod_created(&set, pod)));
                out
            }
            // Only a scale-down is the controller's own delete: a pod deleted by hand, or with its
            // set by the garbage collector, goes without a word from it.
            Event::PodDeleted { pod, why: PodGone::ScaleDown, .. } => {
                vec![on_set("SuccessfulDelete", said::pod_deleted(&set, pod))]
            }
            Event::PvcDeleted { pvc, why: PvcGone::WhenScaled | PvcGone::WhenDeleted, .. } => {
                vec![on_set("SuccessfulDelete", said::claim_deleted(&set, pvc))]
            }
            _ => Vec::new(),
        }
    }
}

/// The words of the StatefulSet controller's Events, which the model's Kubernetes voice tells too
/// (`event.rs`): one source for what `kubectl describe` lists and what the voice says.
pub(super) mod said {
    pub fn claim_created(set: &str, pod: &str, pvc: &str) -> String {
        format!("create Claim {pvc} Pod {pod} in StatefulSet {set} success")
    }

    pub fn pod_created(set: &str, pod: &str) -> String {
        format!("create Pod {pod} in StatefulSet {set} successful")
    }

    pub fn pod_deleted(set: &str, pod: &str) -> String {
        format!("delete Pod {pod} in StatefulSet {set} successful")
    }

    /// A claim `<template>-<set>-<ordinal>` deleted by its retention policy, named with its pod.
    pub fn claim_deleted(set: &str, pvc: &str) -> String {
        let ordinal = pvc.rsplit('-').next().unwrap_or_default();
        format!("delete Claim {pvc} Pod {set}-{ordinal} in StatefulSet {set} success")
    }
}
