//! The StatefulSet model's state, with the indexes that keep every step O(log n).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::model::{Config, Pod, Pvc};

/// The largest target the model accepts: enough for the benchmark, small enough that a Parallel
/// step can never freeze a browser tab.
pub const MAX_REPLICAS: u32 = 100_000;
pub const MAX_RUN: u32 = 10_000;
pub const MAX_STARTUP: u32 = 100;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub config: Config,
    /// Logical time: the number of steps taken.
    pub now: u64,
    #[serde(with = "crate::ordered::numbered")]
    pub pods: BTreeMap<u32, Pod>,
    #[serde(with = "crate::ordered::numbered")]
    pub pvcs: BTreeMap<u32, Pvc>,
    /// Ordinals that fail to become ready, whenever their pod exists.
    pub broken: BTreeSet<u32>,
    /// The StatefulSet object was deleted (its PVCs may remain).
    #[serde(default)]
    pub deleted: bool,
    #[serde(skip)]
    pub(crate) index: Index,
}

/// Derived from `pods`; rebuilt by `reindex` after deserialising.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Index {
    /// Pods that exist and are not ready (starting or broken).
    pub not_ready: BTreeSet<u32>,
    /// (ready_at, ordinal) of starting pods that will become ready.
    pub starting: BTreeSet<(u64, u32)>,
    /// Every ordinal below `high_water` is either a pod or a hole, so the lowest missing ordinal is
    /// `min(first hole, high_water)` without scanning.
    pub holes: BTreeSet<u32>,
    pub high_water: u32,
}

impl State {
    pub fn ready_count(&self) -> u32 {
        (self.pods.len() - self.index.not_ready.len()) as u32
    }

    pub fn replicas(&self) -> u32 {
        self.config.replicas
    }

    /// Exactly the pods 0..replicas exist and all are ready.
    pub fn converged(&self) -> bool {
        !self.deleted
            && self.pods.len() == self.config.replicas as usize
            && self.index.not_ready.is_empty()
            && self.pods_past_target().next().is_none()
    }

    /// The book's `allReadyBelow`: no pod below `ordinal` is starting or broken. The rules ask it only
    /// where every lower ordinal has a pod, so "no unready pod" means "all ready".
    pub fn all_ready_below(&self, ordinal: u32) -> bool {
        self.first_unready_below(ordinal).is_none()
    }

    /// The lowest pod below `ordinal` that is not ready: what an OrderedReady `ordinal` waits for.
    pub fn first_unready_below(&self, ordinal: u32) -> Option<u32> {
        self.index.not_ready.range(..ordinal).next().copied()
    }

    /// Pods at or past the target ordinal, in ordinal order: what scale-down removes, from the top.
    pub fn pods_past_target(&self) -> std::collections::btree_map::Range<'_, u32, Pod> {
        self.pods.range(self.config.replicas..)
    }

    /// Ordinals below `end` without a pod, lowest first: the holes, then everything past the highest pod.
    pub fn missing_below(&self, end: u32) -> impl Iterator<Item = u32> + '_ {
        let high_water = self.index.high_water;
        self.index.holes.range(..end).copied().chain(high_water..end.max(high_water))
    }

    /// The lowest broken pod below the target, which under OrderedReady stops every ordinal above it.
    pub fn stuck_on(&self) -> Option<u32> {
        self.index.not_ready.range(..self.config.replicas).find(|o| self.broken.contains(o)).copied()
    }

    /// The lowest ordinal without a pod.
    pub fn lowest_missing(&self) -> u32 {
        self.index.holes.first().copied().unwrap_or(self.index.high_water).min(self.index.high_water)
    }

    pub fn pod_name(&self, ordinal: u32) -> String {
        self.config.pod_name(ordinal)
    }

    pub fn pvc_name(&self, ordinal: u32) -> String {
        self.config.pvc_name(ordinal)
    }

    /// Restores the derived indexes after a state was deserialised (they are not serialised).
    pub fn reindex(&mut self) {
        let mut index = Index { high_water: self.pods.keys().next_back().map_or(0, |o| o + 1), ..Index::default() };
        for (&o, pod) in &self.pods {
            if !pod.ready {
                index.not_ready.insert(o);
                if !self.broken.contains(&o) {
                    index.starting.insert((pod.ready_at, o));
                }
            }
        }
        index.holes = (0..index.high_water).filter(|o| !self.pods.contains_key(o)).collect();
        self.index = index;
    }
}
