//! A deterministic kube-scheduler: the real filters in the real order, and the real
//! FailedScheduling message when no node passes.
//!
//! Filter order (the default profile, as far as this model has the inputs): TaintToleration,
//! NodeAffinity (nodeSelector), VolumeBinding (bound PV's zone, or whether a WaitForFirstConsumer
//! claim could be provisioned there), PodTopologySpread. Each node reports the first filter it
//! fails. VolumeRestrictions rejects a second ReadWriteOncePod user before any node is looked at
//! (PreFilter), so every node reports it: seed 002 saw `2 node has pod using ...` on two nodes
//! although one of them did not match the pod's nodeSelector. A spread with `ScheduleAnyway` is no
//! filter but the first score: the emptiest domain wins. Where the real scheduler's other scores
//! prefer the least allocated node and it picks among the best at random, this one takes the node
//! with the fewest pods, then the first by name, so a scenario always ends the same way.

use super::model::{NodeSpec, TaintsPolicy};
use super::state::{Pod, State};
use crate::api::{AccessMode, Binding, WhenUnsatisfiable};
use crate::ordered::VecMap;
use crate::scheduling::{FailedScheduling, Reason};

/// Where a pending pod can go, or why it cannot go anywhere.
pub enum Placement {
    Node(String),
    Nowhere(FailedScheduling),
}

impl State {
    /// Zones where a claim of `class` could be provisioned: the class's allowed zones within the
    /// storage's zones (either list empty means no restriction from it).
    pub fn provisionable(&self, class: &str, zone: Option<&str>) -> bool {
        let c = &self.classes[class];
        let allowed = c.allowed_zones.is_empty() || zone.is_some_and(|z| c.allowed_zones.iter().any(|a| a == z));
        let served = self.storage_zones.is_empty() || zone.is_some_and(|z| self.storage_zones.iter().any(|s| s == z));
        allowed && served
    }

    /// The first filter `node` fails for `pod`, if any. `counts` is [`State::spread_counts`] for
    /// `pod`, counted once by `place` for every node.
    fn filter(&self, pod: &Pod, node: &NodeSpec, counts: &VecMap<String, usize>) -> Option<Reason> {
        if node.untolerated_taint().is_some() {
            return Some(Reason::Taint);
        }
        if !node.matches(&pod.node_selector) {
            return Some(Reason::NodeSelector);
        }
        if let Some(claim) = pod.claim.as_ref().and_then(|c| self.pvcs.get(c)) {
            match claim.volume.as_ref().map(|v| &self.pvs[v]) {
                Some(pv) => {
                    if pv.zone.is_some() && pv.zone != node.zone {
                        return Some(Reason::VolumeNodeAffinity);
                    }
                }
                None => {
                    if !self.provisionable(&claim.class, node.zone.as_deref()) {
                        return Some(Reason::NoPvToBind);
                    }
                }
            }
        }
        // Only DoNotSchedule filters; ScheduleAnyway is a score (see `place`).
        if let Some(spread) = pod.spread.as_ref().filter(|s| s.when_unsatisfiable == WhenUnsatisfiable::DoNotSchedule) {
            let Some(domain) = node.label(&spread.topology_key) else {
                return Some(Reason::SpreadLabel);
            };
            let min = counts.values().copied().min().unwrap_or(0);
            let skew = (counts.get(domain).copied().unwrap_or(0) + 1).saturating_sub(min);
            if skew > spread.max_skew as usize {
                return Some(Reason::Spread);
            }
        }
        None
    }

    /// Matching pods per domain that are not terminating, over the domains the constraint counts:
    /// nodes with the topology key that pass the pod's nodeSelector (nodeAffinityPolicy Honor) and, only under
    /// nodeTaintsPolicy Honor, whose taints the pod tolerates. Under the default Ignore a zone
    /// holding only a tainted node still counts, with zero pods: the trap of seed 004.
    pub fn spread_counts(&self, pod: &Pod) -> VecMap<String, usize> {
        let Some(spread) = &pod.spread else { return Default::default() };
        // The constraint's labelSelector is the pod's own labels (`app: <set>`). Every pod bound
        // to a counted node counts, even one on a lost node whose state nobody knows, except a
        // terminating one (PodTopologySpread skips pods with a deletionTimestamp).
        self.count_domains(
            &spread.topology_key,
            &pod.labels,
            |node| {
                node.matches(&pod.node_selector)
                    && !(spread.node_taints_policy == TaintsPolicy::Honor && node.untolerated_taint().is_some())
            },
            |p| !p.terminating(),
        )
    }

    /// What refuses the pod before any node is looked at: an empty cluster (kube-scheduler checks
    /// it before any PreFilter), or a PreFilter.
    fn refused_outright(&self, pod: &Pod) -> Option<FailedScheduling> {
        if self.nodes.is_empty() {
            return Some(FailedScheduling::NoNodes);
        }
        let claim = pod.claim.as_ref().and_then(|c| self.pvcs.get(c))?;
        if claim.mode == AccessMode::ReadWriteOncePod
            && self
                .pods
                .values()
                .any(|o| o.name != pod.name && o.node.is_some() && o.claim.as_ref() == Some(&claim.name))
        {
            let n = self.nodes.len();
            return Some(FailedScheduling::new(n, std::iter::repeat_n(Reason::Rwop, n)));
        }
        if claim.volume.is_none() && self.classes[&claim.class].binding == Binding::Immediate {
            return Some(FailedScheduling::UnboundImmediate { total_nodes: self.nodes.len() });
        }
        None
    }

    /// The part `node` has in `pod`'s FailedScheduling message as the cluster stands: the first
    /// filter it fails, or the PreFilter's reason that every node reports (ReadWriteOncePod).
    /// `None` for a node that would take the pod, for one the cluster does not have, and where the
    /// message names no node (an unbound Immediate claim is refused before any node is looked at).
    /// The picture writes each refusing node's own line of the message from it.
    pub fn refusal_on(&self, pod: &Pod, node: &str) -> Option<Reason> {
        let spec = self.nodes.get(node)?;
        match self.refused_outright(pod) {
            Some(FailedScheduling::Nodes { reasons, .. }) => reasons.first().map(|(r, _)| *r),
            Some(_) => None,
            None => self.filter(pod, spec, &self.spread_counts(pod)),
        }
    }

    /// Runs the filters over every node, in name order.
    pub fn place(&self, pod: &Pod) -> Placement {
        if let Some(refused) = self.refused_outright(pod) {
            return Placement::Nowhere(refused);
        }
        // Placing this pod changes no count, so the spread is counted once, for the filter
        // (DoNotSchedule) and the score (ScheduleAnyway) alike; empty without a spread.
        let counts = self.spread_counts(pod);
        let mut reasons = Vec::new();
        let mut feasible = Vec::new();
        for node in self.nodes.values() {
            match self.filter(pod, node, &counts) {
                Some(reason) => reasons.push(reason),
                None => feasible.push(node),
            }
        }
        // Scoring. Under ScheduleAnyway the spread is the first score: the fewest matching pods in
        // the node's domain (a node without the key scores worst). Then, where kube-scheduler's
        // resource scores prefer the least allocated node and break ties at random, the fewest
        // pods on the node, then the first name.
        let anyway = pod.spread.as_ref().filter(|s| s.when_unsatisfiable == WhenUnsatisfiable::ScheduleAnyway);
        let spread_score = |n: &NodeSpec| match anyway {
            Some(spread) => n.label(&spread.topology_key).and_then(|d| counts.get(d).copied()).unwrap_or(usize::MAX),
            None => 0,
        };
        match feasible.into_iter().min_by_key(|n| (spread_score(n), self.pods_on(&n.name).len(), &n.name)) {
            Some(node) => Placement::Node(node.name.clone()),
            None => Placement::Nowhere(FailedScheduling::new(self.nodes.len(), reasons)),
        }
    }
}
