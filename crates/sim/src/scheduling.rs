//! The FailedScheduling message, built the way kube-scheduler builds it.
//!
//! Each node reports the first filter it fails; the reasons are counted, rendered as
//! `<count> <reason>`, sorted as strings and joined, so two clusters with the same failures print the
//! same sentence. Both the CSI model (a pod pinned to one node) and the topology model use it.
//! The failure is kept typed, so a reader can ask which rule refused; the sentence is rendered from it
//! and is also how it serialises, so a state or event carries the scheduler's exact words.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The first filter a node fails, each with kube-scheduler's wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// TaintToleration.
    Taint,
    /// NodeAffinity: the pod's nodeSelector.
    NodeSelector,
    /// VolumeBinding: the bound PV's nodeAffinity names another zone.
    VolumeNodeAffinity,
    /// VolumeBinding: a WaitForFirstConsumer claim could not be provisioned here.
    NoPvToBind,
    /// PodTopologySpread: placing here would exceed maxSkew.
    Spread,
    /// PodTopologySpread: the node lacks the topology key, so it belongs to no domain.
    SpreadLabel,
    /// VolumeRestrictions: another pod already uses the ReadWriteOncePod claim. It refuses in PreFilter,
    /// so every node reports it.
    Rwop,
}

impl Reason {
    /// Every reason, for reading a message back.
    const ALL: [Reason; 7] = [
        Reason::Taint,
        Reason::NodeSelector,
        Reason::VolumeNodeAffinity,
        Reason::NoPvToBind,
        Reason::Spread,
        Reason::SpreadLabel,
        Reason::Rwop,
    ];

    pub fn text(self) -> &'static str {
        match self {
            Reason::Taint => "node(s) had untolerated taint(s)",
            Reason::NodeSelector => "node(s) didn't match Pod's node affinity/selector",
            Reason::VolumeNodeAffinity => "node(s) had volume node affinity conflict",
            Reason::NoPvToBind => "node(s) didn't find available persistent volumes to bind",
            Reason::Spread => "node(s) didn't match pod topology spread constraints",
            Reason::SpreadLabel => "node(s) didn't match pod topology spread constraints (missing required label)",
            Reason::Rwop => {
                "node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode"
            }
        }
    }
}

/// kube-scheduler's `ErrNoNodesAvailable`: with no node in the cluster it says this before running
/// any filter, so there is no per-node count to give.
const NO_NODES_AVAILABLE: &str = "no nodes available to schedule pods";
/// VolumeBinding's PreFilter refuses the pod itself, so the message names no node count per reason.
const UNBOUND_IMMEDIATE: &str = "pod has unbound immediate PersistentVolumeClaims";

/// Why the scheduler found no node for a pod. Serialises as [`FailedScheduling::message`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FailedScheduling {
    /// The cluster has no node at all.
    NoNodes,
    /// An Immediate claim of the pod has no volume, so no node is even looked at.
    UnboundImmediate { total_nodes: usize },
    /// Each node's first failed filter, counted. Kept in the message's order (see [`FailedScheduling::new`]),
    /// so two values are equal exactly when their messages are.
    Nodes { total_nodes: usize, reasons: Vec<(Reason, usize)> },
}

impl FailedScheduling {
    /// From one reason per failing node; [`FailedScheduling::NoNodes`] when there is no node at all.
    pub fn new(total_nodes: usize, per_node_reasons: impl IntoIterator<Item = Reason>) -> FailedScheduling {
        if total_nodes == 0 {
            return FailedScheduling::NoNodes;
        }
        // A handful of distinct reasons at most: counted in a small list.
        let mut reasons: Vec<(Reason, usize)> = Vec::new();
        for reason in per_node_reasons {
            match reasons.iter_mut().find(|(r, _)| *r == reason) {
                Some((_, n)) => *n += 1,
                None => reasons.push((reason, 1)),
            }
        }
        FailedScheduling::counted(total_nodes, reasons)
    }

    /// The scheduler sorts the rendered `<count> <reason>` parts as strings, not by reason or count.
    /// A handful of parts at most, so each is inserted in place rather than pulling in a sort.
    fn counted(total_nodes: usize, reasons: Vec<(Reason, usize)>) -> FailedScheduling {
        let mut sorted: Vec<(Reason, usize)> = Vec::with_capacity(reasons.len());
        for (reason, n) in reasons {
            let key = part(reason, n);
            let at = sorted.iter().position(|&(r, m)| part(r, m) > key).unwrap_or(sorted.len());
            sorted.insert(at, (reason, n));
        }
        FailedScheduling::Nodes { total_nodes, reasons: sorted }
    }

    /// Whether any node failed on `reason`.
    pub fn has(&self, reason: Reason) -> bool {
        match self {
            FailedScheduling::Nodes { reasons, .. } => reasons.iter().any(|(r, _)| *r == reason),
            FailedScheduling::NoNodes | FailedScheduling::UnboundImmediate { .. } => false,
        }
    }

    /// The event's message, word for word: `0/<total> nodes are available: <count> <reason>, ... .`
    pub fn message(&self) -> String {
        match self {
            FailedScheduling::NoNodes => NO_NODES_AVAILABLE.to_string(),
            FailedScheduling::UnboundImmediate { total_nodes } => {
                format!("0/{total_nodes} nodes are available: {UNBOUND_IMMEDIATE}.")
            }
            FailedScheduling::Nodes { total_nodes, reasons } => {
                let parts: Vec<String> = reasons.iter().map(|&(r, n)| part(r, n)).collect();
                format!("0/{total_nodes} nodes are available: {}.", parts.join(", "))
            }
        }
    }

    /// Reads a message back: a saved state or event holds only the words.
    fn parse(message: &str) -> Option<FailedScheduling> {
        if message == NO_NODES_AVAILABLE {
            return Some(FailedScheduling::NoNodes);
        }
        let (total, rest) = message.strip_prefix("0/")?.split_once(" nodes are available: ")?;
        let total_nodes = total.parse().ok()?;
        let rest = rest.strip_suffix('.')?;
        if rest == UNBOUND_IMMEDIATE {
            return Some(FailedScheduling::UnboundImmediate { total_nodes });
        }
        let reasons = rest
            .split(", ")
            .map(|p| {
                let (n, text) = p.split_once(' ')?;
                Some((Reason::ALL.into_iter().find(|r| r.text() == text)?, n.parse().ok()?))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(FailedScheduling::counted(total_nodes, reasons))
    }
}

fn part(reason: Reason, count: usize) -> String {
    format!("{count} {}", reason.text())
}

impl Serialize for FailedScheduling {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.message())
    }
}

impl<'de> Deserialize<'de> for FailedScheduling {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let message = String::deserialize(deserializer)?;
        FailedScheduling::parse(&message)
            .ok_or_else(|| D::Error::custom(format!("not a FailedScheduling message: {message}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed_scheduling(total_nodes: usize, per_node_reasons: impl IntoIterator<Item = Reason>) -> String {
        FailedScheduling::new(total_nodes, per_node_reasons).message()
    }

    #[test]
    fn reasons_are_counted_sorted_and_joined_like_the_scheduler() {
        use Reason::*;
        // The message seed 004 observed (with today's taint wording).
        let msg = failed_scheduling(3, [Taint, NoPvToBind, NodeSelector]);
        assert_eq!(
            msg,
            "0/3 nodes are available: 1 node(s) didn't find available persistent volumes to bind, \
             1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint(s)."
        );
        // No node: the scheduler's own sentence, never `0/0 nodes are available: .`.
        assert_eq!(failed_scheduling(0, []), "no nodes available to schedule pods");
        // Seed 002's ReadWriteOncePod refusal on a two-node cluster.
        assert_eq!(
            failed_scheduling(2, [Rwop, Rwop]),
            "0/2 nodes are available: 2 node has pod using PersistentVolumeClaim with the same name \
             and ReadWriteOncePod access mode."
        );
    }

    #[test]
    fn a_message_reads_back_as_the_same_failure() {
        use Reason::*;
        let all = [
            FailedScheduling::NoNodes,
            FailedScheduling::UnboundImmediate { total_nodes: 3 },
            // Ten nodes: "10 ..." sorts before "2 ...", which the order must survive.
            FailedScheduling::new(12, [[Spread; 10].as_slice(), &[SpreadLabel, Taint]].concat()),
            FailedScheduling::new(7, Reason::ALL),
        ];
        for failed in all {
            let json = serde_json::to_string(&failed).unwrap();
            assert_eq!(json, serde_json::to_string(&failed.message()).unwrap());
            assert_eq!(serde_json::from_str::<FailedScheduling>(&json).unwrap(), failed, "{json}");
        }
        let spread = FailedScheduling::new(3, [Spread, Spread, Taint]);
        assert!(spread.has(Spread) && spread.has(Taint) && !spread.has(SpreadLabel));
        assert!(!FailedScheduling::NoNodes.has(Taint));
        assert!(serde_json::from_str::<FailedScheduling>("\"0/3 nodes are available: 1 nope.\"").is_err());
    }
}
