//! A goal holds only where its words hold. From every built-in level's start, every state the
//! demo's actions reach in up to `par + 2` of them (its buttons' actions and the changes its kubectl
//! prompt makes, but for what the level forbids, which the demo refuses) is visited once, breadth
//! first; wherever the level's checks all pass, the level's words must hold too. The words are
//! judged here, by hand, from the model's own objects: "a pod on node-b using it" is a pod
//! scheduled to node-b whose containers run, not one kubectl shows `ContainerCreating` there.
//!
//! So a learner cannot solve a level the wrong way: through a refused attach's waiting pod, or by
//! bringing a lost node back where the level says not to (a level forbids that action: the test
//! below shows that without it, the search finds the forbidden way).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeSet, VecDeque};

use kubevol_kubectl::{Cluster, Moment};
use kubevol_levels::{builtin, AnyLevel, Level, BUILTIN};
use kubevol_sim::cluster::Pod;
use kubevol_sim::{csi, statefulset, topology, Model};

/// The actions a reader can take in `state`: every control of the demo that names something in
/// the cluster, and every change its prompt makes (`kubectl delete`, `kubectl scale`).
trait Moves: Model {
    fn moves(&self, level: &Level<Self>, cluster: &Cluster) -> Vec<Self::Action>;
}

impl Moves for csi::State {
    fn moves(&self, level: &Level<Self>, cluster: &Cluster) -> Vec<csi::Action> {
        use csi::Action::*;
        let claim = || csi::DEMO_CLAIM.to_string();
        let mut all = vec![UnmountAll { claim: claim() }, ForceDetach { claim: claim(), node: None }];
        all.push(DeleteClaim { claim: claim() });
        all.extend(level.setup.claims.iter().cloned().map(Request));
        let size = self.claims.get(csi::DEMO_CLAIM).map_or(0, |c| c.spec.size_gib);
        all.extend([10, 100].map(|more| Expand { claim: claim(), size_gib: size + more }));
        for node in csi::DEMO_NODES.map(String::from) {
            all.push(Attach { claim: claim(), node: node.clone() });
            all.push(Mount { claim: claim(), node: node.clone(), pod: None });
            all.push(Detach { claim: claim(), node: node.clone() });
            all.push(ForceDetach { claim: claim(), node: Some(node.clone()) });
            all.push(SetResponsive {
                node: node.clone(),
                responsive: !self.nodes.get(&node).is_some_and(|n| n.responsive),
            });
        }
        for pod in cluster.pods.iter().filter(|p| !p.creating) {
            all.push(Unmount { claim: claim(), pod: pod.name.clone() });
            all.push(ForceDeletePod { claim: claim(), pod: pod.name.clone() });
            all.push(Write { claim: claim(), pod: pod.name.clone() });
        }
        all.extend(cluster.volumes.iter().map(|v| DeleteReleased { volume: v.name.clone() }));
        all
    }
}

impl Moves for statefulset::State {
    fn moves(&self, _: &Level<Self>, cluster: &Cluster) -> Vec<statefulset::Action> {
        use statefulset::Action::*;
        let mut all = vec![Step, Run { max: 5 }, ScaleBy { delta: 1 }, ScaleBy { delta: -1 }, Break { ordinal: 1 }];
        all.extend([Fix { ordinal: 1 }, DeleteSet]);
        all.push(SetRetention(statefulset::RetentionPolicy {
            when_scaled: statefulset::Retention::Delete,
            when_deleted: statefulset::Retention::Retain,
        }));
        all.push(SetRetention(statefulset::RetentionPolicy {
            when_scaled: statefulset::Retention::Retain,
            when_deleted: statefulset::Retention::Retain,
        }));
        let replicas = cluster.sets.first().map_or(0, |s| s.replicas);
        all.extend((0..=replicas + 1).map(|r| Scale { replicas: i64::from(r) }));
        let ordinal = |name: &str| name.rsplit('-').next().and_then(|n| n.parse::<u32>().ok());
        for ordinal in cluster.pods.iter().filter_map(|p| ordinal(&p.name)) {
            all.extend([DeletePod { ordinal }, Write { ordinal, data: None }]);
        }
        all.extend(cluster.claims.iter().filter_map(|c| ordinal(&c.name)).map(|ordinal| DeletePvc { ordinal }));
        all
    }
}

impl Moves for topology::State {
    fn moves(&self, _: &Level<Self>, cluster: &Cluster) -> Vec<topology::Action> {
        use topology::Action::*;
        let mut all = vec![Step, Run { max: 100 }];
        for node in &cluster.nodes {
            let node = node.name.clone();
            all.extend([FailNode { node: node.clone() }, DeleteNode { node: node.clone() }, RecoverNode { node }]);
        }
        let zones: BTreeSet<String> = cluster.nodes.iter().filter_map(|n| n.zone.clone()).collect();
        all.extend(zones.into_iter().map(|zone| FailZone { zone }));
        for pod in &cluster.pods {
            all.extend([DeletePod { pod: pod.name.clone() }, ForceDeletePod { pod: pod.name.clone() }]);
        }
        for set in &cluster.sets {
            all.extend((0..=set.replicas + 1).map(|replicas| Scale { set: set.name.clone(), replicas }));
        }
        all
    }
}

/// A pod whose containers run: on a node that reports, started, not being deleted.
fn runs(pod: &Pod) -> bool {
    pod.node.is_some() && !pod.creating && pod.unschedulable.is_none() && pod.deleted.is_none() && pod.ready
}

fn running_on<'c>(cluster: &'c Cluster, node: &'c str) -> impl Iterator<Item = &'c Pod> + 'c {
    cluster.pods.iter().filter(move |p| runs(p) && p.node.as_deref() == Some(node))
}

fn attached_to(cluster: &Cluster, node: &str) -> bool {
    cluster.attachments.iter().any(|a| a.node == node)
}

/// Whether a level's words hold after `path` from its start, at `cluster`: each built-in level's
/// intro, read by hand.
fn words_hold(id: &str, path: &[&'static str], cluster: &Cluster) -> bool {
    let pods_on = |node| running_on(cluster, node).count();
    let claimed = !cluster.claims.is_empty();
    match id {
        // "Get two pods on node-a using the ReadWriteOnce claim data at the same time."
        "csi-share-one-node" => pods_on("node-a") >= 2 && claimed,
        // "Get a pod on node-b using it, with nothing left on node-a."
        "csi-move-to-node-b" => {
            pods_on("node-b") >= 1
                && !attached_to(cluster, "node-a")
                && !cluster.pods.iter().any(|p| p.node.as_deref() == Some("node-a"))
        }
        // "Use the ReadWriteMany claim data from a pod on node-a and one on node-b at once."
        "csi-rwx-both-nodes" => pods_on("node-a") >= 1 && pods_on("node-b") >= 1,
        // "web-1 uses the ReadWriteOncePod claim data. Let web-2 use it instead."
        "csi-rwop-take-turns" => {
            cluster.pods.iter().any(|p| p.name == "web-2" && runs(p)) && !cluster.pods.iter().any(|p| p.name == "web-1")
        }
        // "Delete the claim data that web-1 uses, and keep its volume, Released."
        "csi-retain-keep-data" => {
            !claimed && cluster.volumes.len() == 1 && cluster.volumes.iter().all(|v| v.phase == "Released")
        }
        // "node-a stopped responding. Get a pod on node-b using data."
        "csi-dead-node" => pods_on("node-b") >= 1,
        // "Grow data ... to 30Gi, and have the claim report it."
        "csi-grow-online" | "csi-grow-offline" => {
            cluster.claims.iter().any(|c| c.bound.as_ref().is_some_and(|b| b.1 == 30))
        }
        // "Get all three ready without making db-0's volume again (its uid stays)."
        // (Made again, or on its way out: a claim deleted while its pod uses it stays Terminating,
        // and the next StatefulSet pod makes it again.)
        "sts-unblock" => {
            let kept = cluster.claims.iter().any(|c| c.name == "data-db-0" && c.deleted_at.is_none());
            cluster.sets.iter().all(|s| s.ready == 3) && kept
        }
        // "Scale db down to one pod; the volumes of the pods that go stay."
        "sts-scale-down-keeps-claims" => cluster.pods.len() == 1 && cluster.claims.len() == 3,
        // "Get all six running again without bringing the node back."
        "topology-lost-node" => cluster.pods.iter().filter(|p| runs(p)).count() == 6 && !path.contains(&"recover-node"),
        // "Without force deleting any pod, take zone-a-1 out of the cluster and get all six running."
        "topology-delete-lost-node" => {
            cluster.pods.iter().filter(|p| runs(p)).count() == 6
                && !cluster.nodes.iter().any(|n| n.name == "zone-a-1")
                && !path.contains(&"force-delete-pod")
        }
        other => panic!("{other}: a built-in level the search test has no words for"),
    }
}

/// A state reached, once: the model's state and the pods kubectl shows (the waiting ones too).
fn key<M: Model>(state: &M, cluster: &Cluster) -> String {
    let pods: Vec<_> = cluster.pods.iter().map(|p| (&p.name, &p.node, p.creating)).collect();
    format!("{}{pods:?}", serde_json::to_string(state).unwrap())
}

/// Every state within `par + 2` actions of the level's start, breadth first; the first whose
/// checks pass while the words do not, with the way there.
fn search<M: Moves>(level: &Level<M>) -> Result<usize, String> {
    let depth = level.par.unwrap_or(level.solution.len()) + 2;
    let (mut state, _) = M::start(&level.setup).map_err(|_| "the setup is refused".to_string())?;
    let mut moment = Moment::replay::<M>(&level.setup, &[]);
    for a in &level.start {
        let _ = moment.apply(&mut state, a.clone());
    }
    let mut seen = BTreeSet::from([key(&state, &moment.cluster)]);
    let mut queue = VecDeque::from([(state, moment, Vec::<M::Action>::new())]);
    while let Some((state, moment, path)) = queue.pop_front() {
        let names: Vec<&'static str> = path.iter().map(M::action_name).collect();
        if level.solved(&moment) && !words_hold(&level.id, &names, &moment.cluster) {
            return Err(format!("{}: solved, against its words, by {path:?}", level.id));
        }
        if path.len() == depth {
            continue;
        }
        for action in state.moves(level, &moment.cluster) {
            if level.forbids(&action).is_some() {
                continue;
            }
            let (mut next, mut after) = (state.clone(), moment.clone());
            let _ = after.apply(&mut next, action.clone());
            if seen.insert(key(&next, &after.cluster)) {
                let mut way = path.clone();
                way.push(action);
                queue.push_back((next, after, way));
            }
        }
    }
    Ok(seen.len())
}

fn search_any(level: &AnyLevel) -> Result<usize, String> {
    match level {
        AnyLevel::Csi(l) => search(l),
        AnyLevel::StatefulSet(l) => search(l),
        AnyLevel::Topology(l) => search(l),
    }
}

/// Every built-in level of `kind` passes the search (one test a kind, so they run side by side).
fn searched(kind: &str) {
    let levels = builtin().unwrap();
    let ours: Vec<&AnyLevel> =
        levels.iter().filter(|l| AnyLevel::kind_of(&level_json(l.id())).ok().map(|k| k.code()) == Some(kind)).collect();
    assert!(!ours.is_empty(), "no {kind} level");
    for level in ours {
        let states = search_any(level).unwrap();
        println!("{}: {states} states", level.id());
    }
}

fn level_json(id: &str) -> serde_json::Value {
    serde_json::from_str(BUILTIN.iter().find(|(i, _)| *i == id).unwrap().1).unwrap()
}

#[test]
fn no_csi_level_is_solved_where_its_words_do_not_hold() {
    searched("csi");
}

#[test]
fn no_statefulset_level_is_solved_where_its_words_do_not_hold() {
    searched("statefulset");
}

#[test]
fn no_topology_level_is_solved_where_its_words_do_not_hold() {
    searched("topology");
}

/// A level written to be solvable the forbidden way fails the search: the lost-node level without
/// its `forbid`, and a move to node-b whose only check is where the pods are.
#[test]
fn the_search_finds_a_level_solved_the_forbidden_way() {
    let json = level_json;
    let mut lost = json("topology-lost-node");
    lost["forbid"] = serde_json::json!([]);
    let why = search_any(&AnyLevel::read(&lost).unwrap()).unwrap_err();
    assert!(why.contains("RecoverNode"), "{why}");

    let mut moved = json("csi-move-to-node-b");
    moved["goal"] = serde_json::json!([
        {"kubectl": "get pods -o jsonpath={.items[*].spec.nodeName}", "prints": "node-b"},
        {"kubectl": "get volumeattachments -o jsonpath={.items[*].spec.nodeName}", "prints": "node-b"}
    ]);
    let why = search_any(&AnyLevel::read(&moved).unwrap()).unwrap_err();
    assert!(why.contains("Attach"), "the refused attach's waiting pod: {why}");
}
