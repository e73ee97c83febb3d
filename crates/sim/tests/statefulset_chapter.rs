//! The chapter "StatefulSetとPVC": every behaviour it says its tests pin ("テストで…固定した"),
//! then what it simplified away and we model (Parallel, retention policy, DNS names).

mod common;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use kubevol_sim::statefulset::*;
use kubevol_sim::{Tell, Voice};

fn set(replicas: u32, startup_ticks: u32, policy: PodManagementPolicy) -> State {
    State::new(Config { replicas, startup_ticks, policy, ..Config::default() }).unwrap()
}

fn pods(s: &State) -> Vec<String> {
    s.pods.keys().map(|&o| s.pod_name(o)).collect()
}

fn steps(s: &mut State, n: u32) -> Vec<Event> {
    (0..n).flat_map(|_| s.apply(Action::Step).unwrap()).collect()
}

fn created(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::PodCreated { pod, .. } => Some(pod.clone()),
            _ => None,
        })
        .collect()
}

fn deleted(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::PodDeleted { pod, .. } => Some(pod.clone()),
            _ => None,
        })
        .collect()
}

// ---- pinned by the chapter -----------------------------------------------------------------

#[test]
fn a_pod_deleted_and_recreated_gets_the_same_name_back() {
    let mut s = set(3, 0, PodManagementPolicy::OrderedReady);
    s.apply(Action::Run { max: 10 }).unwrap();
    assert_eq!(pods(&s), ["db-0", "db-1", "db-2"]);
    s.apply(Action::DeletePod { ordinal: 1 }).unwrap();
    assert_eq!(pods(&s), ["db-0", "db-2"]);
    let events = s.apply(Action::Step).unwrap();
    assert_eq!(created(&events), ["db-1"]);
    assert_eq!(pods(&s), ["db-0", "db-1", "db-2"]);
}

#[test]
fn a_broken_ordinal_stops_everything_after_it_and_fixing_it_lets_the_set_converge() {
    let mut s = set(3, 2, PodManagementPolicy::OrderedReady);
    s.apply(Action::Break { ordinal: 1 }).unwrap();
    let events = steps(&mut s, 50);
    assert_eq!(pods(&s), ["db-0", "db-1"], "db-2 never appears");
    assert!(!s.converged());
    assert_eq!(s.stuck_on(), Some(1));
    assert!(events.contains(&Event::Waiting { ordinal: 2, pod: "db-2".into(), blocked_by: "db-1".into() }));
    s.apply(Action::Fix { ordinal: 1 }).unwrap();
    s.apply(Action::Run { max: 10 }).unwrap();
    assert!(s.converged());
    assert_eq!(s.ready_count(), 3);
}

#[test]
fn deleting_a_pod_keeps_its_data_and_the_new_pod_gets_the_same_volume() {
    let mut s = set(3, 2, PodManagementPolicy::OrderedReady);
    s.apply(Action::Run { max: 20 }).unwrap();
    s.apply(Action::Write { ordinal: 1, data: Some("hello".into()) }).unwrap();
    s.apply(Action::DeletePod { ordinal: 1 }).unwrap();
    assert_eq!(s.pvcs[&1].data.as_deref(), Some("hello"), "the PVC outlives the pod");
    let events = s.apply(Action::Step).unwrap();
    assert!(events.contains(&Event::PodCreated {
        set: "db".into(),
        pod: "db-1".into(),
        pvc: "data-db-1".into(),
        reused: true,
        data: Some("hello".into())
    }));
    assert_eq!(
        events.iter().find(|e| matches!(e, Event::PodCreated { .. })).unwrap().tell(Voice::Ja),
        "db-1 を作成(既存のボリューム data-db-1 を再接続。中身「hello」ごと戻った)"
    );
    s.apply(Action::Run { max: 10 }).unwrap();
    assert_eq!(
        s.apply(Action::Read { ordinal: 1 }).unwrap(),
        [Event::DataRead { pvc: "data-db-1".into(), pod: "db-1".into(), data: Some("hello".into()) }]
    );
}

#[test]
fn scaling_down_keeps_the_volumes_and_scaling_back_up_brings_the_data_back() {
    let mut s = set(3, 0, PodManagementPolicy::OrderedReady);
    s.apply(Action::Run { max: 10 }).unwrap();
    for o in 0..3 {
        s.apply(Action::Write { ordinal: o, data: Some(format!("row-{o}")) }).unwrap();
    }
    s.apply(Action::Scale { replicas: 1 }).unwrap();
    let first = s.apply(Action::Step).unwrap();
    assert_eq!(deleted(&first), ["db-2"], "highest ordinal first");
    let second = s.apply(Action::Step).unwrap();
    assert_eq!(deleted(&second), ["db-1"], "one at a time");
    assert_eq!(pods(&s), ["db-0"]);
    assert_eq!(s.pvcs.len(), 3, "three volumes are kept");
    s.apply(Action::Scale { replicas: 3 }).unwrap();
    s.apply(Action::Run { max: 10 }).unwrap();
    assert!(s.converged());
    for o in 0..3 {
        assert_eq!(s.pvcs[&o].data.as_deref(), Some(format!("row-{o}").as_str()));
    }
}

// ---- the step counter and ordered start-up the demo shows ----------------------------------

#[test]
fn ordered_start_up_waits_for_the_previous_pod_to_be_ready() {
    let mut s = set(3, 2, PodManagementPolicy::OrderedReady);
    assert_eq!(created(&s.apply(Action::Step).unwrap()), ["db-0"], "db-0 appears at step 1");
    assert_eq!(s.now, 1);
    let e2 = s.apply(Action::Step).unwrap();
    assert!(created(&e2).is_empty(), "db-1 waits while db-0 starts");
    assert_eq!(e2, [Event::Waiting { ordinal: 1, pod: "db-1".into(), blocked_by: "db-0".into() }]);
    let e3 = s.apply(Action::Step).unwrap();
    assert_eq!(e3[0], Event::PodReady { pod: "db-0".into() });
    assert_eq!(created(&e3), ["db-1"]);
    steps(&mut s, 4);
    assert_eq!(s.now, 7);
    assert!(s.converged());
    assert_eq!(s.apply(Action::Step).unwrap(), [Event::Converged { ready: 3 }]);
}

#[test]
fn run_stops_as_soon_as_the_set_converges() {
    let mut s = set(3, 2, PodManagementPolicy::OrderedReady);
    s.apply(Action::Run { max: 100 }).unwrap();
    assert_eq!(s.now, 7);
    assert_eq!(s.apply(Action::Run { max: 5 }).unwrap(), [Event::Converged { ready: 3 }]);
    assert_eq!(s.now, 7);
}

#[test]
fn scaling_below_zero_stays_at_zero() {
    let mut s = set(1, 0, PodManagementPolicy::OrderedReady);
    s.apply(Action::ScaleBy { delta: -1 }).unwrap();
    assert_eq!(s.replicas(), 0);
    let events = s.apply(Action::ScaleBy { delta: -1 }).unwrap();
    assert_eq!(s.replicas(), 0);
    assert!(matches!(events[0], Event::ClampedAtZero { asked: -1 }));
    s.apply(Action::Scale { replicas: -7 }).unwrap();
    assert_eq!(s.replicas(), 0);
    assert_eq!(s.apply(Action::Scale { replicas: i64::MIN }).unwrap()[0], Event::ClampedAtZero { asked: i64::MIN });
    assert_eq!(s.apply(Action::ScaleBy { delta: i64::MIN }).unwrap()[0], Event::ClampedAtZero { asked: i64::MIN });
    let r = s.apply(Action::Scale { replicas: i64::MAX }).unwrap_err();
    assert_eq!(r.kind(), "too-many-replicas");
}

#[test]
fn the_controller_says_what_a_real_cluster_says() {
    let mut s = set(1, 0, PodManagementPolicy::OrderedReady);
    let events = s.apply(Action::Step).unwrap();
    // A new ordinal's claim is created first, from the volumeClaimTemplate, then its pod.
    assert_eq!(
        events[0].tell(Voice::K8s),
        "create Claim data-db-0 Pod db-0 in StatefulSet db success\ncreate Pod db-0 in StatefulSet db successful"
    );
    s.apply(Action::Scale { replicas: 0 }).unwrap();
    let events = s.apply(Action::Step).unwrap();
    assert_eq!(events[0].tell(Voice::K8s), "delete Pod db-0 in StatefulSet db successful");
}

// ---- what the chapter simplified away -------------------------------------------------------

#[test]
fn parallel_creates_every_missing_pod_in_one_step() {
    let mut s = set(3, 2, PodManagementPolicy::Parallel);
    assert_eq!(created(&s.apply(Action::Step).unwrap()), ["db-0", "db-1", "db-2"]);
    s.apply(Action::Scale { replicas: 0 }).unwrap();
    assert_eq!(deleted(&s.apply(Action::Step).unwrap()), ["db-2", "db-1", "db-0"]);
}

#[test]
fn parallel_does_not_wait_for_a_broken_ordinal() {
    let mut s = set(3, 1, PodManagementPolicy::Parallel);
    s.apply(Action::Break { ordinal: 1 }).unwrap();
    steps(&mut s, 3);
    assert_eq!(pods(&s), ["db-0", "db-1", "db-2"]);
    assert_eq!(s.ready_count(), 2);
    assert_eq!(s.stuck_on(), Some(1));
}

#[test]
fn when_scaled_delete_removes_the_pvc_on_scale_down() {
    let mut s = set(3, 0, PodManagementPolicy::OrderedReady);
    s.apply(Action::Run { max: 10 }).unwrap();
    s.apply(Action::Write { ordinal: 2, data: Some("gone soon".into()) }).unwrap();
    s.apply(Action::SetRetention(RetentionPolicy { when_scaled: Retention::Delete, when_deleted: Retention::Retain }))
        .unwrap();
    s.apply(Action::Scale { replicas: 2 }).unwrap();
    let events = s.apply(Action::Step).unwrap();
    assert!(events.contains(&Event::PvcDeleted {
        set: "db".into(),
        pvc: "data-db-2".into(),
        why: PvcGone::WhenScaled,
        data: Some("gone soon".into())
    }));
    s.apply(Action::Scale { replicas: 3 }).unwrap();
    s.apply(Action::Run { max: 5 }).unwrap();
    assert_eq!(s.pvcs[&2].data, None, "scaling back up gives a fresh, empty volume");
}

#[test]
fn retention_does_not_apply_when_a_pod_is_deleted_by_hand() {
    let mut s = set(2, 0, PodManagementPolicy::OrderedReady);
    s.apply(Action::Run { max: 10 }).unwrap();
    s.apply(Action::SetRetention(RetentionPolicy { when_scaled: Retention::Delete, when_deleted: Retention::Delete }))
        .unwrap();
    s.apply(Action::DeletePod { ordinal: 1 }).unwrap();
    assert!(s.pvcs.contains_key(&1));
}

#[test]
fn when_deleted_decides_whether_the_volumes_survive_the_set() {
    for (policy, kept) in [(Retention::Retain, 2), (Retention::Delete, 0)] {
        let mut s = set(2, 0, PodManagementPolicy::OrderedReady);
        s.apply(Action::Run { max: 10 }).unwrap();
        s.apply(Action::SetRetention(RetentionPolicy { when_scaled: Retention::Retain, when_deleted: policy }))
            .unwrap();
        s.apply(Action::DeleteSet).unwrap();
        assert!(s.pods.is_empty());
        assert_eq!(s.pvcs.len(), kept);
        assert_eq!(s.apply(Action::Scale { replicas: 3 }).unwrap_err().kind(), "set-deleted");
        s.apply(Action::CreateSet).unwrap();
        s.apply(Action::Run { max: 10 }).unwrap();
        assert!(s.converged());
    }
}

#[test]
fn a_pvc_deleted_while_in_use_waits_for_its_pod() {
    let mut s = set(2, 0, PodManagementPolicy::OrderedReady);
    s.apply(Action::Run { max: 10 }).unwrap();
    s.apply(Action::Write { ordinal: 1, data: Some("x".into()) }).unwrap();
    assert_eq!(
        s.apply(Action::DeletePvc { ordinal: 1 }).unwrap(),
        [Event::PvcTerminating { pvc: "data-db-1".into(), pod: "db-1".into() }]
    );
    assert_eq!(s.pvcs[&1].data.as_deref(), Some("x"), "still there while the pod runs");
    let events = s.apply(Action::DeletePod { ordinal: 1 }).unwrap();
    assert!(events.contains(&Event::PvcDeleted {
        set: "db".into(),
        pvc: "data-db-1".into(),
        why: PvcGone::Manual,
        data: Some("x".into())
    }));
    let events = s.apply(Action::Step).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::PodCreated { reused: false, .. })));
}

#[test]
fn pods_have_stable_dns_names() {
    let c = Config::default();
    assert_eq!(c.dns_name(0), "db-0.db.default.svc.cluster.local");
    assert_eq!(c.pvc_name(1), "data-db-1");
}

#[test]
fn writes_need_a_running_pod_and_bad_input_is_refused() {
    let mut s = set(2, 2, PodManagementPolicy::OrderedReady);
    assert_eq!(s.apply(Action::Write { ordinal: 0, data: None }).unwrap_err().kind(), "no-such-pvc");
    s.apply(Action::Step).unwrap();
    let before = s.clone();
    assert_eq!(s.apply(Action::Write { ordinal: 0, data: None }).unwrap_err().kind(), "pod-not-ready");
    assert_eq!(s.apply(Action::DeletePod { ordinal: 5 }).unwrap_err().kind(), "no-such-pod");
    assert_eq!(s.apply(Action::Run { max: 1_000_000 }).unwrap_err().kind(), "too-many-steps");
    assert_eq!(s.apply(Action::Break { ordinal: u32::MAX }).unwrap_err().kind(), "ordinal-out-of-range");
    assert_eq!(s, before);
    s.apply(Action::Run { max: 2 }).unwrap();
    let events = s.apply(Action::Write { ordinal: 0, data: None }).unwrap();
    assert_eq!(events, [Event::Written { pvc: "data-db-0".into(), pod: "db-0".into(), data: "db-0@step3".into() }]);
    assert_eq!(s.apply(Action::Write { ordinal: 0, data: Some(String::new()) }).unwrap_err().kind(), "invalid-data");
    assert!(State::new(Config { name: "DB".into(), ..Config::default() }).is_err());
}

#[test]
fn ordered_scale_down_waits_behind_a_lower_unhealthy_pod() {
    let mut s = set(4, 0, PodManagementPolicy::OrderedReady);
    s.apply(Action::Run { max: 10 }).unwrap();
    s.apply(Action::Break { ordinal: 2 }).unwrap();
    s.apply(Action::Break { ordinal: 3 }).unwrap();
    s.apply(Action::Scale { replicas: 2 }).unwrap();
    let events = s.apply(Action::Step).unwrap();
    assert_eq!(events, [Event::ScaleDownWaiting { pod: "db-3".into(), blocked_by: "db-2".into() }]);
    s.apply(Action::Fix { ordinal: 3 }).unwrap();
    assert_eq!(deleted(&s.apply(Action::Step).unwrap()), ["db-3"]);
    assert_eq!(deleted(&s.apply(Action::Step).unwrap()), ["db-2"], "the first unhealthy pod may go");
}

#[test]
fn state_and_actions_round_trip_through_json() {
    let mut s = set(3, 2, PodManagementPolicy::OrderedReady);
    s.apply(Action::Break { ordinal: 1 }).unwrap();
    steps(&mut s, 5);
    s.apply(Action::DeletePod { ordinal: 0 }).unwrap();
    let json = serde_json::to_string(&s).unwrap();
    let mut back: State = serde_json::from_str(&json).unwrap();
    back.reindex();
    assert_eq!(back, s);
    let a: Action = serde_json::from_str(r#"{"type":"scale-by","delta":-1}"#).unwrap();
    assert_eq!(a, Action::ScaleBy { delta: -1 });
}
