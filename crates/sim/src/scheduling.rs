//! The FailedScheduling message, built the way kube-scheduler builds it.
//!
//! Each node reports the first filter it fails; the reasons are counted, rendered as
//! `<count> <reason>`, sorted as strings and joined, so two clusters with the same failures print the
//! same sentence. Both the volume model (a pod pinned to one node) and the topology model use it.

pub const REASON_VOLUME_NODE_AFFINITY: &str = "node(s) had volume node affinity conflict";
pub const REASON_NO_PV_TO_BIND: &str = "node(s) didn't find available persistent volumes to bind";
pub const REASON_NODE_SELECTOR: &str = "node(s) didn't match Pod's node affinity/selector";
pub const REASON_TAINT: &str = "node(s) had untolerated taint(s)";
pub const REASON_SPREAD: &str = "node(s) didn't match pod topology spread constraints";
pub const REASON_RWOP: &str =
    "node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode";

/// kube-scheduler's `ErrNoNodesAvailable`: with no node in the cluster it says this before running
/// any filter, so there is no per-node count to give.
pub const NO_NODES_AVAILABLE: &str = "no nodes available to schedule pods";

/// `0/<total> nodes are available: <count> <reason>, ... .` from one reason per failing node, or
/// [`NO_NODES_AVAILABLE`] when there is no node at all.
pub fn failed_scheduling<'a>(total_nodes: usize, per_node_reasons: impl IntoIterator<Item = &'a str>) -> String {
    if total_nodes == 0 {
        return NO_NODES_AVAILABLE.to_string();
    }
    // A handful of distinct reasons at most: counted in a small list, then sorted by insertion.
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for reason in per_node_reasons {
        match counts.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, n)) => *n += 1,
            None => counts.push((reason, 1)),
        }
    }
    let mut parts: Vec<String> = Vec::with_capacity(counts.len());
    for (reason, n) in counts {
        let part = format!("{n} {reason}");
        let at = parts.iter().position(|p| *p > part).unwrap_or(parts.len());
        parts.insert(at, part);
    }
    format!("0/{total_nodes} nodes are available: {}.", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_counted_sorted_and_joined_like_the_scheduler() {
        // The message seed 004 observed (with today's taint wording).
        let msg = failed_scheduling(3, [REASON_TAINT, REASON_NO_PV_TO_BIND, REASON_NODE_SELECTOR]);
        assert_eq!(
            msg,
            "0/3 nodes are available: 1 node(s) didn't find available persistent volumes to bind, \
             1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint(s)."
        );
        // No node: the scheduler's own sentence, never `0/0 nodes are available: .`.
        assert_eq!(failed_scheduling(0, []), "no nodes available to schedule pods");
        // Seed 002's ReadWriteOncePod refusal on a two-node cluster.
        assert_eq!(
            failed_scheduling(2, [REASON_RWOP, REASON_RWOP]),
            "0/2 nodes are available: 2 node has pod using PersistentVolumeClaim with the same name \
             and ReadWriteOncePod access mode."
        );
    }
}
