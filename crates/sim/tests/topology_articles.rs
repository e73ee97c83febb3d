//! Seed 004 (topology-aware provisioning, Trident/ONTAP on m1/w1/w2) and seed 002 (ReadWriteOncePod)
//! reproduced as the articles observed them, with the scheduler's own words.

mod common;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use kubevol_sim::topology::*;
use kubevol_sim::{Tell, Voice};

fn started(preset: Preset) -> (State, Vec<Event>) {
    State::new(&preset.setup()).unwrap()
}

fn run(s: &mut State) -> Vec<Event> {
    s.apply(Action::Run { max: 100 }).unwrap()
}

fn node_of(s: &State, pod: &str) -> Option<String> {
    s.pods[pod].node.clone()
}

fn zone_of_claim(s: &State, claim: &str) -> Option<String> {
    s.pvcs[claim].volume.as_ref().and_then(|pv| s.pvs[pv].zone.clone())
}

fn running_per_node(s: &State) -> Vec<(String, usize)> {
    s.nodes.keys().map(|n| (n.clone(), s.pods_on(n).len())).collect()
}

#[test]
fn immediate_provisions_at_once_and_pins_the_pod_to_that_zone() {
    let (mut s, events) = started(Preset::ImmediatePinsZone);
    assert_eq!(zone_of_claim(&s, "nas-vol1").as_deref(), Some("room1"), "bound before any pod runs");
    assert!(events.iter().any(|e| e.tell(Voice::K8s) == "Successfully provisioned volume pv-1"));
    run(&mut s);
    assert_eq!(node_of(&s, "nas-pod").as_deref(), Some("w1"));
}

#[test]
fn a_node_selector_against_the_volume_zone_stays_pending_with_one_reason_per_node() {
    let (mut s, _) = started(Preset::ConflictingSelector);
    let events = run(&mut s);
    assert_eq!(node_of(&s, "pv-zoned-pod"), None);
    let message = s.pods["pv-zoned-pod"].message().unwrap();
    // The article's message, with today's wording for the affinity and taint reasons.
    assert_eq!(
        message,
        "0/3 nodes are available: 1 node(s) didn't find available persistent volumes to bind, \
         1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint(s)."
    );
    assert!(events.iter().any(|e| e.tell(Voice::K8s) == message));
    assert_eq!(s.pvcs["nas-zoned-vol1"].volume, None);
}

#[test]
fn a_bound_volume_in_another_zone_is_a_volume_node_affinity_conflict() {
    let mut setup = Preset::ConflictingSelector.setup();
    setup.classes[0].binding = Binding::Immediate;
    let (mut s, _) = State::new(&setup).unwrap();
    assert_eq!(zone_of_claim(&s, "nas-zoned-vol1").as_deref(), Some("room2"));
    run(&mut s);
    assert_eq!(
        s.pods["pv-zoned-pod"].message().as_deref(),
        Some(
            "0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, \
             1 node(s) had untolerated taint(s), 1 node(s) had volume node affinity conflict."
        )
    );
}

#[test]
fn removing_the_conflicting_selector_lets_the_pod_follow_the_volume() {
    let mut setup = Preset::ConflictingSelector.setup();
    setup.pods[0].node_selector = Default::default();
    let (mut s, _) = State::new(&setup).unwrap();
    run(&mut s);
    assert_eq!(node_of(&s, "pv-zoned-pod").as_deref(), Some("w2"));
}

#[test]
fn wait_for_first_consumer_leaves_the_claim_pending_until_a_pod_is_placed() {
    let (mut s, events) = started(Preset::WaitForFirstConsumer);
    assert_eq!(s.pvcs["nas-wait-vol1"].volume, None);
    assert!(events.iter().any(|e| e.tell(Voice::K8s) == "waiting for first consumer to be created before binding"));
    let events = s.apply(Action::Step).unwrap();
    let pvc = &s.pvcs["nas-wait-vol1"];
    assert_eq!(pvc.selected_node.as_deref(), Some("w1"));
    assert_eq!(zone_of_claim(&s, "nas-wait-vol1").as_deref(), Some("room1"), "provisioned in the node's zone");
    let texts: Vec<String> = events.iter().map(|e| e.tell(Voice::K8s)).collect();
    assert_eq!(
        texts,
        [
            "Successfully assigned default/nas-wait-pod to w1",
            "volume.kubernetes.io/selected-node: w1",
            "Successfully provisioned volume pv-1",
        ]
    );
}

#[test]
fn allowed_topologies_room2_only_provisions_in_room2() {
    let (mut s, _) = started(Preset::AllowedTopologies);
    run(&mut s);
    assert_eq!(node_of(&s, "nas-zoned-pod").as_deref(), Some("w2"));
    assert_eq!(zone_of_claim(&s, "nas-zoned-vol1").as_deref(), Some("room2"));
}

#[test]
fn a_statefulset_across_zones_gets_each_volume_in_its_pods_zone() {
    let (mut s, _) = started(Preset::StatefulSetAcrossZones);
    run(&mut s);
    assert_eq!(s.running(), 4);
    for ordinal in 0..4 {
        let pod = format!("ss-topology-aware-{ordinal}");
        let node = node_of(&s, &pod).unwrap();
        let claim = format!("myvol-ss-topology-aware-{ordinal}");
        assert_eq!(zone_of_claim(&s, &claim), s.nodes[&node].zone, "{pod}'s volume is in its zone");
    }
    assert!(s.pods_on("m1").is_empty());
}

#[test]
fn max_skew_1_over_three_zones_runs_two_pods_then_stays_pending() {
    let (mut s, _) = started(Preset::SpreadTrap);
    run(&mut s);
    // The article: two pods, then Pending. OrderedReady creates no pod after the stuck one.
    assert_eq!(s.running(), 2);
    assert_eq!(running_per_node(&s), [("m1".to_string(), 0), ("w1".to_string(), 1), ("w2".to_string(), 1)]);
    let stuck = &s.pods["ss-zone-constrained-2"];
    assert_eq!(stuck.node, None);
    assert_eq!(
        stuck.message().as_deref(),
        Some(
            "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match pod topology spread \
            constraints."
        )
    );
    assert_eq!(s.pods.len(), 3, "ss-3..5 wait for ss-2 under OrderedReady");
    let counts = s.spread_counts(stuck);
    assert_eq!(counts.get("kitchen"), Some(&0), "the tainted kitchen still counts as a domain");
}

#[test]
fn under_parallel_the_spread_trap_leaves_four_pods_pending() {
    let mut setup = Preset::SpreadTrap.setup();
    setup.sets[0].policy = PodManagementPolicy::Parallel;
    let (mut s, _) = State::new(&setup).unwrap();
    run(&mut s);
    assert_eq!(s.running(), 2);
    let pending = s.pending_pods();
    assert_eq!(pending.len(), 4);
    for pod in pending {
        assert!(
            pod.message().as_deref().unwrap().contains("2 node(s) didn't match pod topology spread constraints"),
            "{}",
            pod.name
        );
    }
}

#[test]
fn a_node_selector_that_excludes_the_tainted_zone_places_all_six_three_per_zone() {
    let (mut s, _) = started(Preset::SpreadFixedBySelector);
    run(&mut s);
    assert_eq!(s.running(), 6);
    assert_eq!(running_per_node(&s), [("m1".to_string(), 0), ("w1".to_string(), 3), ("w2".to_string(), 3)]);
    // Alternating, as the article's listing shows.
    let nodes: Vec<String> = (0..6).map(|o| node_of(&s, &format!("ss-zone-constrained-{o}")).unwrap()).collect();
    assert_eq!(nodes, ["w1", "w2", "w1", "w2", "w1", "w2"]);
}

#[test]
fn node_taints_policy_honor_also_places_all_six() {
    let (mut s, _) = started(Preset::SpreadFixedByTaintsPolicy);
    run(&mut s);
    assert_eq!(running_per_node(&s), [("m1".to_string(), 0), ("w1".to_string(), 3), ("w2".to_string(), 3)]);
}

#[test]
fn a_second_pod_on_a_read_write_once_pod_claim_is_pending_with_the_volume_restrictions_reason() {
    let (mut s, _) = started(Preset::ReadWriteOncePod);
    run(&mut s);
    assert_eq!(node_of(&s, "pod4").as_deref(), Some("w1"));
    assert_eq!(node_of(&s, "pod5"), None);
    assert_eq!(
        s.pods["pod5"].message().as_deref(),
        // Checked before any node filter, so all three nodes report it, as seed 002's two did.
        Some(
            "0/3 nodes are available: 3 node has pod using PersistentVolumeClaim with the same name \
             and ReadWriteOncePod access mode."
        )
    );
    s.apply(Action::DeletePod { pod: "pod4".into() }).unwrap();
    run(&mut s);
    assert_eq!(node_of(&s, "pod5").as_deref(), Some("w1"), "once pod4 is gone, pod5 runs");
}

#[test]
fn the_free_controls_build_the_same_trap_and_its_fixes() {
    let mut s = State::new(&Custom::default().setup()).unwrap().0;
    run(&mut s);
    assert_eq!(s.running(), 2);
    for fixed in [
        Custom { node_selector: true, ..Custom::default() },
        Custom { taints_policy: TaintsPolicy::Honor, ..Custom::default() },
    ] {
        let mut s = State::new(&fixed.setup()).unwrap().0;
        run(&mut s);
        assert_eq!(s.running(), 6);
    }
    let immediate = Custom { binding: Binding::Immediate, spread: false, ..Custom::default() };
    let mut s = State::new(&immediate.setup()).unwrap().0;
    run(&mut s);
    assert_eq!(
        running_per_node(&s),
        [("m1".to_string(), 0), ("w1".to_string(), 6), ("w2".to_string(), 0)],
        "Immediate put every volume in room1 first"
    );
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let (mut s, _) = started(Preset::SpreadTrap);
    let before = s.clone();
    assert_eq!(s.apply(Action::DeletePod { pod: "nope".into() }).unwrap_err().kind(), "unknown-pod");
    assert_eq!(
        s.apply(Action::CreatePod(PodSpec {
            name: "p".into(),
            claim: Some("nope".into()),
            node_selector: Default::default(),
            node: None,
            labels: Default::default(),
        }))
        .unwrap_err()
        .kind(),
        "unknown-claim"
    );
    assert_eq!(s.apply(Action::Scale { set: "x".into(), replicas: 1 }).unwrap_err().kind(), "unknown-set");
    assert_eq!(
        s.apply(Action::Scale { set: "ss-zone-constrained".into(), replicas: 5_000 }).unwrap_err().kind(),
        "too-many-replicas"
    );
    assert_eq!(s.apply(Action::Run { max: 5_000 }).unwrap_err().kind(), "too-many-steps");
    assert_eq!(s, before);
    let mut bad = Preset::SpreadTrap.setup();
    bad.sets[0].spread.as_mut().unwrap().max_skew = 0;
    assert_eq!(State::new(&bad).unwrap_err().kind(), "invalid-spread");
}

#[test]
fn a_cluster_with_no_nodes_says_no_nodes_available_to_schedule_pods() {
    // kube-scheduler's ErrNoNodesAvailable: checked before any filter, so no "0/0 nodes" count.
    let setup = Setup {
        nodes: Vec::new(),
        storage_zones: Vec::new(),
        classes: Vec::new(),
        claims: Vec::new(),
        pods: Vec::new(),
        sets: Vec::new(),
    };
    let (mut s, _) = State::new(&setup).unwrap();
    s.apply(Action::CreatePod(PodSpec {
        name: "lonely".into(),
        claim: None,
        node_selector: Default::default(),
        node: None,
        labels: Default::default(),
    }))
    .unwrap();
    let events = run(&mut s);
    assert_eq!(node_of(&s, "lonely"), None);
    assert_eq!(s.pods["lonely"].message().as_deref(), Some("no nodes available to schedule pods"));
    assert!(events.iter().any(|e| e.tell(Voice::K8s) == "no nodes available to schedule pods"), "{events:?}");
    assert!(!events.iter().any(|e| e.tell(Voice::En).contains("0/0")));
}

#[test]
fn a_pending_pod_says_which_rules_refused_it_without_reading_the_message() {
    use kubevol_sim::scheduling::{FailedScheduling, Reason};
    let (mut s, _) = started(Preset::SpreadTrap);
    let events = run(&mut s);
    let failed = s.pods["ss-zone-constrained-2"].failed_scheduling.clone().unwrap();
    assert!(failed.has(Reason::Spread) && failed.has(Reason::Taint));
    assert!(!failed.has(Reason::SpreadLabel) && !failed.has(Reason::NodeSelector));
    assert_eq!(
        failed,
        FailedScheduling::Nodes { total_nodes: 3, reasons: vec![(Reason::Taint, 1), (Reason::Spread, 2)] }
    );
    // The event carries the same value, and says it in the scheduler's words.
    assert!(events.iter().any(|e| matches!(e, Event::FailedScheduling { message, .. } if *message == failed)));
}

/// A StatefulSet's ordinal is its pod's name: a pod of the cluster's own that already has the name
/// of one of its ordinals holds it, and the set makes no second pod of that name.
#[test]
fn a_pod_that_holds_an_ordinals_name_holds_the_ordinal() {
    let mut setup = Preset::StatefulSetAcrossZones.setup();
    setup.pods.push(PodSpec {
        name: "ss-topology-aware-1".into(),
        claim: None,
        node_selector: Default::default(),
        node: None,
        labels: Default::default(),
    });
    let (mut s, _) = State::new(&setup).unwrap();
    run(&mut s);
    let names: Vec<&str> = s.pods.keys().map(String::as_str).collect();
    assert_eq!(names.len(), 4, "{names:?}");
    for ordinal in 0..4 {
        assert!(names.contains(&format!("ss-topology-aware-{ordinal}").as_str()), "{names:?}");
    }
    assert_eq!(s.pods["ss-topology-aware-1"].owner, None, "the set's ordinal 1 is the cluster's own pod");
    assert!(s.pods["ss-topology-aware-1"].claim.is_none());
}

/// Each node's own line of a Pending pod's FailedScheduling message, as the picture writes it
/// beside that node: the nodes' reasons, counted, are the message word for word, at every step of
/// every scenario.
#[test]
fn each_nodes_refusal_is_its_own_part_of_the_message() {
    use kubevol_sim::scheduling::{FailedScheduling, Reason};
    for preset in Preset::ALL {
        let (mut s, _) = started(preset);
        for _ in 0..12 {
            for pod in s.pending_pods() {
                let Some(failed @ FailedScheduling::Nodes { .. }) = &pod.failed_scheduling else { continue };
                let reasons = s.nodes.keys().filter_map(|n| s.refusal_on(pod, n));
                assert_eq!(&FailedScheduling::new(s.nodes.len(), reasons), failed, "{preset:?} {}", pod.name);
            }
            s.apply(Action::Step).unwrap();
        }
    }
    let (mut s, _) = started(Preset::ConflictingSelector);
    run(&mut s);
    let pod = &s.pods["pv-zoned-pod"];
    let on = |node: &str| s.refusal_on(pod, node);
    assert_eq!(
        [on("m1"), on("w1"), on("w2")],
        [Some(Reason::Taint), Some(Reason::NoPvToBind), Some(Reason::NodeSelector)]
    );
    assert_eq!(on("w9"), None, "a node the cluster does not have gives no line");
    let (mut s, _) = started(Preset::ReadWriteOncePod);
    run(&mut s);
    assert!(s.nodes.keys().all(|n| s.refusal_on(&s.pods["pod5"], n) == Some(Reason::Rwop)), "PreFilter: every node");
    assert_eq!(s.refusal_on(&s.pods["pod4"], "w1"), None, "the running pod's node takes it");
}
