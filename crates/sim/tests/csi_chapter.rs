//! The chapter "CSIとボリューム": every behaviour it says its tests pin ("テストで…固定した"),
//! then what the demo adds (all four access modes, an unresponsive node, Retain, the CSI trace).

mod common;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use common::refused;
use kubevol_sim::csi::*;
use kubevol_sim::{Tell, Voice};

fn demo(mode: AccessMode, binding: Binding, zoned: bool) -> State {
    State::new(&Setup::demo(DemoConfig { mode, binding, reclaim: Reclaim::Delete, zoned, ..Default::default() }))
        .unwrap()
        .0
}

fn attach(node: &str) -> Action {
    Action::Attach { claim: "data".into(), node: node.into() }
}

fn mount(node: &str) -> Action {
    Action::Mount { claim: "data".into(), node: node.into(), pod: None }
}

fn detach(node: &str) -> Action {
    Action::Detach { claim: "data".into(), node: node.into() }
}

fn unmount(pod: &str) -> Action {
    Action::Unmount { claim: "data".into(), pod: pod.into() }
}

fn rpcs(events: &[Event]) -> Vec<&'static str> {
    events.iter().filter_map(Event::csi_call).map(|c| c.rpc.name()).collect()
}

// ---- pinned by the chapter -----------------------------------------------------------------

#[test]
fn three_pods_on_one_node_share_a_read_write_once_volume() {
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::Immediate, false);
    s.apply(attach("node-a")).unwrap();
    for _ in 0..3 {
        s.apply(mount("node-a")).unwrap();
    }
    let v = s.volume_for("data").unwrap();
    assert_eq!(v.pods_on("node-a"), ["web-1", "web-2", "web-3"]);
    assert_eq!(v.attached.iter().collect::<Vec<_>>(), ["node-a"]);
}

#[test]
fn read_write_once_cannot_attach_to_a_second_node() {
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::Immediate, false);
    s.apply(attach("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    let r = refused(&mut s, attach("node-b"));
    assert_eq!(r.kind(), "multi-attach");
    assert_eq!(
        r.tell(Voice::Ja),
        "pv-1 はすでに node-a に繋がっている(web-1 が使っている)。ReadWriteOnce は1つのノードからしか繋げない"
    );
    assert_eq!(r.tell(Voice::K8s), "Multi-Attach error for volume \"pv-1\" Volume is already used by pod(s) web-1");
}

#[test]
fn detach_is_refused_until_every_pod_is_unmounted() {
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::Immediate, false);
    s.apply(attach("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    let r = refused(&mut s, detach("node-a"));
    assert_eq!(r.kind(), "still-mounted");
    assert!(r.tell(Voice::En).contains("2 pod(s) there still see it (web-1, web-2)"), "{}", r.tell(Voice::En));
    s.apply(unmount("web-1")).unwrap();
    assert_eq!(refused(&mut s, detach("node-a")).kind(), "still-mounted");
    s.apply(unmount("web-2")).unwrap();
    let events = s.apply(detach("node-a")).unwrap();
    assert!(events.contains(&Event::Detached { volume: "pv-1".into(), node: "node-a".into() }));
    assert!(s.volume_for("data").unwrap().attached.is_empty());
}

#[test]
fn wait_for_first_consumer_creates_nothing_on_request() {
    let (s, events) = State::new(&Setup::demo(DemoConfig {
        binding: Binding::WaitForFirstConsumer,
        zoned: true,
        ..Default::default()
    }))
    .unwrap();
    assert!(s.volumes.is_empty());
    assert_eq!(s.claims["data"].volume, None);
    // Only the driver's registration on each node comes first: its name, then the node's id and zone.
    assert_eq!(rpcs(&events), ["GetPluginInfo", "NodeGetInfo", "GetPluginInfo", "NodeGetInfo"]);
    let changes: Vec<&Event> = events.iter().filter(|e| e.is_change()).collect();
    assert_eq!(changes, [&Event::WaitingForFirstConsumer { claim: "data".into() }]);
    assert_eq!(changes[0].tell(Voice::K8s), "waiting for first consumer to be created before binding");
}

#[test]
fn wait_for_first_consumer_provisions_in_the_zone_of_the_attaching_node() {
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::WaitForFirstConsumer, true);
    let events = s.apply(attach("node-b")).unwrap();
    assert_eq!(rpcs(&events), ["CreateVolume", "ControllerPublishVolume"]);
    let v = s.volume_for("data").unwrap();
    assert_eq!(v.zone.as_deref(), Some("zone-b"));
    assert!(v.attached.contains("node-b"));
    // The zone is now fixed: node-a (zone-a) cannot have it, even after node-b lets go.
    s.apply(detach("node-b")).unwrap();
    assert_eq!(refused(&mut s, attach("node-a")).kind(), "zone-conflict");
}

#[test]
fn immediate_pins_the_volume_to_its_zone_so_another_zone_cannot_attach() {
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::Immediate, true);
    assert_eq!(s.volume_for("data").unwrap().zone.as_deref(), Some("zone-a"));
    let r = refused(&mut s, attach("node-b"));
    assert_eq!(r.kind(), "zone-conflict");
    assert_eq!(
        r.tell(Voice::Ja),
        "実体 pv-1 は区画 zone-a にある。区画 zone-b の node-b からは繋がらない。ディスクは作った区画から動かせない"
    );
    assert_eq!(
        r.tell(Voice::K8s),
        "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had volume node \
            affinity conflict."
    );
    s.apply(attach("node-a")).unwrap();
}

#[test]
fn repeating_an_operation_that_already_holds_is_ok_and_changes_nothing() {
    // csi-sanity repeats every lifecycle call; so do we, ten times each.
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::Immediate, false);
    s.apply(attach("node-a")).unwrap();
    s.apply(Action::Mount { claim: "data".into(), node: "node-a".into(), pod: Some("web-1".into()) }).unwrap();
    let steady = s.clone();
    let repeats = [
        attach("node-a"),
        Action::Mount { claim: "data".into(), node: "node-a".into(), pod: Some("web-1".into()) },
        Action::Request(Setup::demo(DemoConfig::default()).claims[0].clone()),
        Action::SetResponsive { node: "node-a".into(), responsive: true },
    ];
    for action in repeats {
        for _ in 0..10 {
            let events = s.apply(action.clone()).unwrap();
            assert!(matches!(events.as_slice(), [Event::AlreadyHolds { .. }]), "{action:?}: {events:?}");
            assert_eq!(s, steady);
        }
    }
    s.apply(unmount("web-1")).unwrap();
    s.apply(detach("node-a")).unwrap();
    let detached = s.clone();
    for action in [unmount("web-1"), detach("node-a"), Action::UnmountAll { claim: "data".into() }] {
        for _ in 0..10 {
            assert!(matches!(s.apply(action.clone()).unwrap().as_slice(), [Event::AlreadyHolds { .. }]));
            assert_eq!(s, detached);
        }
    }
}

// ---- what the demo adds -------------------------------------------------------------------

#[test]
fn read_write_once_pod_refuses_a_second_pod_with_the_scheduler_message() {
    let mut s = demo(AccessMode::ReadWriteOncePod, Binding::Immediate, false);
    s.apply(attach("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    let r = refused(&mut s, mount("node-a"));
    assert_eq!(r.kind(), "rwop-in-use");
    // Seed 002's observation on a two-node cluster, word for word.
    assert_eq!(
        r.tell(Voice::K8s),
        "0/2 nodes are available: 2 node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod \
            access mode."
    );
    assert_eq!(refused(&mut s, attach("node-b")).kind(), "multi-attach");
}

#[test]
fn read_only_many_attaches_everywhere_read_only() {
    let mut s = demo(AccessMode::ReadOnlyMany, Binding::Immediate, false);
    s.apply(attach("node-a")).unwrap();
    s.apply(attach("node-b")).unwrap();
    let events = s.apply(mount("node-b")).unwrap();
    assert!(matches!(&events[0], Event::Mounted { read_only: true, .. }));
    let publish = events.iter().filter_map(Event::csi_call).find(|c| c.rpc == Rpc::NodePublishVolume).unwrap();
    assert!(publish.readonly);
    assert_eq!(publish.access_mode, Some(CsiAccessMode::MultiNodeReaderOnly));
    let r = refused(&mut s, Action::Write { claim: "data".into(), pod: "web-1".into() });
    assert_eq!(r.kind(), "read-only");
}

#[test]
fn read_write_many_attaches_both_nodes() {
    let mut s = demo(AccessMode::ReadWriteMany, Binding::Immediate, false);
    s.apply(attach("node-a")).unwrap();
    s.apply(attach("node-b")).unwrap();
    s.apply(mount("node-a")).unwrap();
    s.apply(mount("node-b")).unwrap();
    let v = s.volume_for("data").unwrap();
    assert_eq!(v.attached.len(), 2);
    assert_eq!(v.mounts.len(), 2);
}

#[test]
fn pods_sharing_a_read_write_once_volume_both_write_to_it() {
    // Seed 002: two pods on one node append to the same file; nothing stops them.
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::Immediate, false);
    s.apply(attach("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    s.apply(Action::Write { claim: "data".into(), pod: "web-1".into() }).unwrap();
    let events = s.apply(Action::Write { claim: "data".into(), pod: "web-2".into() }).unwrap();
    assert_eq!(events, [Event::Written { volume: "pv-1".into(), pod: "web-2".into(), sharers: vec!["web-1".into()] }]);
    assert_eq!(s.volume_for("data").unwrap().writes, ["web-1", "web-2"]);
}

#[test]
fn force_detach_lets_another_node_attach_and_warns_of_two_writers() {
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::Immediate, false);
    s.apply(attach("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    let events = s.apply(Action::ForceDetach { claim: "data".into(), node: None }).unwrap();
    assert_eq!(rpcs(&events), ["ControllerUnpublishVolume"], "the node is never asked");
    assert!(events[0].tell(Voice::Ja).contains("二重書き込みの危険"), "{}", events[0].tell(Voice::Ja));
    assert!(events[0].tell(Voice::En).contains("risk of two writers"));
    s.apply(attach("node-b")).unwrap();
}

#[test]
fn an_unresponsive_node_blocks_detach_until_force_detach() {
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::Immediate, false);
    s.apply(attach("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    let down = s.apply(Action::SetResponsive { node: "node-a".into(), responsive: false }).unwrap();
    // The node lifecycle controller says so of the node, then of each pod on it (MarkPodsNotReady).
    assert_eq!(down[0].tell(Voice::K8s), "Node node-a status is now: NodeNotReady\nNode is not ready");
    assert_eq!(refused(&mut s, unmount("web-1")).kind(), "node-unresponsive");
    assert_eq!(refused(&mut s, Action::UnmountAll { claim: "data".into() }).kind(), "node-unresponsive");
    assert_eq!(refused(&mut s, detach("node-a")).kind(), "node-unresponsive");
    assert_eq!(refused(&mut s, attach("node-b")).kind(), "multi-attach");
    let events = s.apply(Action::ForceDetach { claim: "data".into(), node: Some("node-a".into()) }).unwrap();
    assert!(matches!(&events[0], Event::ForceDetached { pods, node_responsive: false, .. }
            if pods == &["web-1".to_string()]));
    s.apply(attach("node-b")).unwrap();
    s.apply(mount("node-b")).unwrap();
}

#[test]
fn retain_keeps_a_released_volume_that_is_never_bound_again() {
    let mut s = State::new(&Setup::demo(DemoConfig { reclaim: Reclaim::Retain, ..Default::default() })).unwrap().0;
    s.apply(attach("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    // Deleted in use: accepted, and Terminating under pvc-protection until nothing uses it.
    let events = s.apply(Action::DeleteClaim { claim: "data".into() }).unwrap();
    assert!(matches!(&events[..], [Event::ClaimTerminating { pods, nodes, .. }]
        if pods == &["web-1".to_string()] && nodes == &["node-a".to_string()]));
    assert!(s.claims["data"].terminating);
    assert_eq!(refused(&mut s, mount("node-a")).kind(), "claim-terminating");
    assert_eq!(refused(&mut s, attach("node-b")).kind(), "claim-terminating");
    let again = s.apply(Action::DeleteClaim { claim: "data".into() }).unwrap();
    assert!(matches!(&again[..], [Event::AlreadyHolds { .. }]), "{again:?}");
    s.apply(unmount("web-1")).unwrap();
    assert!(s.claims["data"].terminating, "node-a still holds the disk");
    let events = s.apply(detach("node-a")).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::ClaimDeleted { .. })), "{events:?}");
    assert!(!s.claims.contains_key("data"));
    assert!(!rpcs(&events).contains(&"DeleteVolume"), "Retain calls no DeleteVolume");
    assert_eq!(s.volumes["pv-1"].phase, Phase::Released);
    // The same claim again gets a new volume; the Released one stays apart.
    s.apply(Action::Request(Setup::demo(DemoConfig::default()).claims[0].clone())).unwrap();
    assert_eq!(s.claims["data"].volume.as_deref(), Some("pv-2"));
    assert_eq!(s.volumes["pv-1"].phase, Phase::Released);
    assert_eq!(refused(&mut s, Action::DeleteReleased { volume: "pv-2".into() }).kind(), "volume-not-released");
}

#[test]
fn deleting_a_released_retain_volume_removes_the_pv_object_but_never_calls_delete_volume() {
    // Kubernetes: with Retain, deleting the PersistentVolume leaves the storage asset in the
    // backend; the external-provisioner calls DeleteVolume only for reclaim policy Delete.
    let mut s = State::new(&Setup::demo(DemoConfig { reclaim: Reclaim::Retain, ..Default::default() })).unwrap().0;
    s.apply(Action::DeleteClaim { claim: "data".into() }).unwrap();
    let events = s.apply(Action::DeleteReleased { volume: "pv-1".into() }).unwrap();
    assert!(rpcs(&events).is_empty(), "no CSI call at all: {events:?}");
    assert_eq!(events, [Event::RetainedVolumeDeleted { volume: "pv-1".into() }]);
    assert_eq!(events[0].k8s().as_deref(), Some("persistentvolume \"pv-1\" deleted"));
    assert!(events[0].prose(false).contains("no DeleteVolume"), "{}", events[0].prose(false));
    assert!(!events[0].prose(false).contains("policy Delete"));
    assert!(s.volumes.is_empty());
    // Deleting it again: the PV is gone, so there is nothing to delete.
    assert_eq!(refused(&mut s, Action::DeleteReleased { volume: "pv-1".into() }).kind(), "unknown-volume");
}

#[test]
fn delete_reclaims_the_volume_with_delete_volume() {
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::Immediate, false);
    let events = s.apply(Action::DeleteClaim { claim: "data".into() }).unwrap();
    assert_eq!(rpcs(&events), ["DeleteVolume"]);
    assert!(s.volumes.is_empty() && s.claims.is_empty());
}

#[test]
fn every_stage_records_its_csi_calls_in_order() {
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::WaitForFirstConsumer, false);
    let mut trace = Vec::new();
    for action in
        [attach("node-a"), mount("node-a"), mount("node-a"), unmount("web-1"), unmount("web-2"), detach("node-a")]
    {
        trace.extend(rpcs(&s.apply(action).unwrap()));
    }
    assert_eq!(
        trace,
        [
            "CreateVolume",
            "ControllerPublishVolume",
            "NodeStageVolume",
            "NodePublishVolume",
            "NodePublishVolume",
            "NodeUnpublishVolume",
            "NodeUnpublishVolume",
            "NodeUnstageVolume",
            "ControllerUnpublishVolume",
        ]
    );
}

#[test]
fn csi_access_modes_follow_the_kubernetes_mapping() {
    use CsiAccessMode::*;
    let cases = [
        (AccessMode::ReadWriteOnce, false, SingleNodeWriter),
        (AccessMode::ReadWriteOnce, true, SingleNodeMultiWriter),
        (AccessMode::ReadWriteOncePod, false, SingleNodeWriter),
        (AccessMode::ReadWriteOncePod, true, SingleNodeSingleWriter),
        (AccessMode::ReadOnlyMany, false, MultiNodeReaderOnly),
        (AccessMode::ReadWriteMany, true, MultiNodeMultiWriter),
    ];
    for (mode, multi, want) in cases {
        assert_eq!(CsiAccessMode::for_mode(mode, multi), want, "{mode:?}");
    }
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::Immediate, false);
    let events = s.apply(attach("node-a")).unwrap();
    assert_eq!(
        events[1].tell(Voice::K8s),
        "ControllerPublishVolume(volume_id=\"pv-1\", node_id=\"node-a\", access_mode=SINGLE_NODE_WRITER)"
    );
}

#[test]
fn allowed_topologies_limit_where_a_volume_can_be_created() {
    let mut setup =
        Setup::demo(DemoConfig { binding: Binding::WaitForFirstConsumer, zoned: true, ..Default::default() });
    setup.classes[0].allowed_zones = vec!["zone-b".into()];
    let mut s = State::new(&setup).unwrap().0;
    let r = refused(&mut s, attach("node-a"));
    assert_eq!(r.kind(), "zone-not-allowed");
    assert_eq!(
        r.tell(Voice::K8s),
        "0/2 nodes are available: 1 node(s) didn't find available persistent volumes to bind, 1 node(s) didn't match \
            Pod's node affinity/selector."
    );
    s.apply(attach("node-b")).unwrap();
    assert_eq!(s.volume_for("data").unwrap().zone.as_deref(), Some("zone-b"));
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::Immediate, false);
    assert_eq!(refused(&mut s, attach("node-z")).kind(), "unknown-node");
    assert_eq!(refused(&mut s, Action::Attach { claim: "nope".into(), node: "node-a".into() }).kind(), "unknown-claim");
    let mut spec = Setup::demo(DemoConfig::default()).claims[0].clone();
    spec.size_gib = 21;
    assert_eq!(refused(&mut s, Action::Request(spec.clone())).kind(), "claim-exists");
    spec.name = "Bad_Name".into();
    assert_eq!(refused(&mut s, Action::Request(spec.clone())).kind(), "invalid-name");
    spec.name = "other".into();
    spec.size_gib = 0;
    assert_eq!(refused(&mut s, Action::Request(spec.clone())).kind(), "invalid-size");
    spec.size_gib = 1;
    spec.class = "gold".into();
    assert_eq!(refused(&mut s, Action::Request(spec)).kind(), "unknown-class");
    assert_eq!(refused(&mut s, mount("node-a")).kind(), "not-attached");
    let r = refused(&mut s, Action::Attach { claim: "nope".into(), node: "node-a".into() });
    assert_eq!(r.tell(Voice::K8s), "persistentvolumeclaim \"nope\" not found");
}

#[test]
fn a_pod_lives_on_one_node() {
    let mut s = demo(AccessMode::ReadWriteMany, Binding::Immediate, false);
    s.apply(attach("node-a")).unwrap();
    s.apply(attach("node-b")).unwrap();
    s.apply(Action::Mount { claim: "data".into(), node: "node-a".into(), pod: Some("app".into()) }).unwrap();
    let r = refused(&mut s, Action::Mount { claim: "data".into(), node: "node-b".into(), pod: Some("app".into()) });
    assert_eq!(r.kind(), "pod-on-other-node");
}

#[test]
fn state_and_actions_round_trip_through_json() {
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::WaitForFirstConsumer, true);
    s.apply(attach("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    let json = serde_json::to_string(&s).unwrap();
    let mut back: State = serde_json::from_str(&json).unwrap();
    back.reindex();
    assert_eq!(back, s);
    let action: Action = serde_json::from_str(r#"{"type":"attach","claim":"data","node":"node-b"}"#).unwrap();
    assert_eq!(action, attach("node-b"));
    let action: Action = serde_json::from_str(
        r#"{"type":"request","name":"logs","class":"standard","size_gib":5,"mode":"ReadWriteOncePod"}"#,
    )
    .unwrap();
    assert!(matches!(action, Action::Request(ClaimSpec { mode: AccessMode::ReadWriteOncePod, zone: None, .. })));
}

/// `kubectl delete pod --force --grace-period=0` of a pod on a node that stopped responding: the
/// API server does not ask the node, so the pod goes; nothing reaches the node, so the disk stays
/// attached there, and only a force detach frees it for node-b. On a node that responds, a force
/// delete unmounts as any delete does.
#[test]
fn a_force_delete_on_a_node_that_stopped_responding_leaves_the_disk_attached() {
    let force = |pod: &str| Action::ForceDeletePod { claim: "data".into(), pod: pod.into() };
    let mut s = demo(AccessMode::ReadWriteOnce, Binding::Immediate, false);
    s.apply(attach("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    s.apply(Action::SetResponsive { node: "node-a".into(), responsive: false }).unwrap();
    assert_eq!(refused(&mut s, unmount("web-1")).kind(), "node-unresponsive", "a graceful unmount waits");
    let said = s.apply(force("web-1")).unwrap();
    assert_eq!(said.len(), 1, "no CSI call reaches a node that does not respond: {said:?}");
    assert!(said[0].tell(Voice::En).contains("stays attached to node-a until it is force-detached"));
    let v = s.volume_for("data").unwrap();
    assert!(v.mounts.is_empty() && v.attached.contains("node-a"), "{v:?}");
    assert_eq!(refused(&mut s, detach("node-a")).kind(), "node-unresponsive");
    assert_eq!(refused(&mut s, attach("node-b")).kind(), "multi-attach");
    s.apply(Action::ForceDetach { claim: "data".into(), node: Some("node-a".into()) }).unwrap();
    s.apply(attach("node-b")).unwrap();
    s.apply(mount("node-b")).unwrap();
    assert_eq!(s.volume_for("data").unwrap().mounts.keys().collect::<Vec<_>>(), ["web-2"], "a name never used twice");

    let mut up = demo(AccessMode::ReadWriteOnce, Binding::Immediate, false);
    up.apply(attach("node-a")).unwrap();
    up.apply(mount("node-a")).unwrap();
    let said = up.apply(force("web-1")).unwrap();
    assert!(rpcs(&said).contains(&"NodeUnpublishVolume"), "{said:?}");
}
