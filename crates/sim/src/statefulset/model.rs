//! What the StatefulSet model holds: a config, ordinal-named pods and the PVCs that outlive them.
//!
//! Everything hangs off the ordinal: pod `db-1`, claim `data-db-1`, DNS name `db-1.db.<ns>.svc...`.
//! That fixed mapping is what lets a re-created pod find its old disk.

use serde::{Deserialize, Serialize};

use crate::api::PodManagementPolicy;

/// `persistentVolumeClaimRetentionPolicy` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Retention {
    Retain,
    Delete,
}

impl Retention {
    pub const ALL: [Retention; 2] = [Retention::Retain, Retention::Delete];

    pub fn name(self) -> &'static str {
        match self {
            Retention::Retain => "Retain",
            Retention::Delete => "Delete",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetentionPolicy {
    /// What happens to a PVC when scale-down removes its pod.
    pub when_scaled: Retention,
    /// What happens to the PVCs when the StatefulSet itself is deleted.
    pub when_deleted: Retention,
}

impl Default for RetentionPolicy {
    fn default() -> Self {
        RetentionPolicy { when_scaled: Retention::Retain, when_deleted: Retention::Retain }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub name: String,
    #[serde(default = "default_namespace")]
    pub namespace: String,
    /// The target number of pods.
    pub replicas: u32,
    /// Steps a pod takes from created to ready; 0 means ready at once.
    pub startup_ticks: u32,
    pub policy: PodManagementPolicy,
    #[serde(default)]
    pub retention: RetentionPolicy,
}

fn default_namespace() -> String {
    "default".to_string()
}

impl Default for Config {
    /// The chapter's demo: `db`, three replicas, two steps to start, ordered.
    fn default() -> Self {
        Config {
            name: "db".to_string(),
            namespace: default_namespace(),
            replicas: 3,
            startup_ticks: 2,
            policy: PodManagementPolicy::OrderedReady,
            retention: RetentionPolicy::default(),
        }
    }
}

impl Config {
    pub fn pod_name(&self, ordinal: u32) -> String {
        format!("{}-{ordinal}", self.name)
    }

    /// `<template>-<set>-<ordinal>`; the template is called `data`, as in the book.
    pub fn pvc_name(&self, ordinal: u32) -> String {
        format!("data-{}-{ordinal}", self.name)
    }

    /// The stable name the headless Service (named like the set) gives the pod.
    pub fn dns_name(&self, ordinal: u32) -> String {
        format!("{}-{ordinal}.{}.{}.svc.cluster.local", self.name, self.name, self.namespace)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pod {
    pub ordinal: u32,
    pub ready: bool,
    pub created_at: u64,
    /// The step at which it becomes ready, unless its ordinal is broken.
    pub ready_at: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pvc {
    pub ordinal: u32,
    /// What was written; `None` for a fresh, empty volume.
    pub data: Option<String>,
    /// Deleted while its pod still used it: kept (Terminating) until the pod is gone, as the
    /// kubernetes.io/pvc-protection finalizer does.
    #[serde(default)]
    pub terminating: bool,
}
