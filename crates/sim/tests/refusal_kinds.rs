//! A refusal's `kind()` is the `kind` tag serde writes for it, for every variant of every model: the
//! replay tool matches a scenario's `expect` against `kind()` while its output shows the tag, so the
//! two names must never part. The random sequences in `properties.rs` check the same on the
//! refusals they meet; here one value of each variant is built by hand, so none is missed.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use kubevol_sim::{csi, statefulset, topology, Refused, Voice};

fn assert_kinds_match<R: Refused + serde::Serialize + std::fmt::Debug>(all: &[R]) {
    for refusal in all {
        let json = serde_json::to_value(refusal).unwrap();
        assert_eq!(json["kind"], refusal.kind(), "{refusal:?}");
        assert!(Voice::ALL.iter().all(|v| !refusal.tell(*v).is_empty()), "{refusal:?} has no text");
    }
}

/// Whether `all` holds every variant, given each variant's place in the enum. The `place` functions
/// below match without a wildcard, so a new variant does not compile until it is listed there, and
/// then fails here until a value of it is built.
fn assert_every_variant<R>(all: &[R], place: fn(&R) -> usize, variants: usize) {
    let mut seen: Vec<usize> = all.iter().map(place).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen, (0..variants).collect::<Vec<_>>(), "a variant has no hand-built value");
}

fn s(text: &str) -> String {
    text.to_string()
}

fn volume_refusals() -> Vec<csi::Refusal> {
    use csi::AccessMode::ReadWriteOnce;
    use csi::Refusal::*;
    vec![
        UnknownClaim { claim: s("data") },
        UnknownNode { node: s("node-z") },
        UnknownClass { class: s("gold") },
        UnknownVolume { volume: s("pv-9") },
        InvalidName { name: s("Bad") },
        DuplicateName { name: s("node-a") },
        InvalidSize { size_gib: 0 },
        ClaimExists { claim: s("data") },
        ZoneNotAllowed {
            claim: s("data"),
            class: s("fast"),
            zone: Some(s("zone-b")),
            allowed: vec![s("zone-a")],
            node: Some(s("node-b")),
            total_nodes: 3,
        },
        ZoneNotAllowed { claim: s("data"), class: s("fast"), zone: None, allowed: vec![], node: None, total_nodes: 0 },
        ZoneConflict {
            volume: s("pv-1"),
            volume_zone: Some(s("zone-a")),
            node: s("node-b"),
            node_zone: None,
            total_nodes: 2,
        },
        NoVolumeYet { claim: s("data") },
        MultiAttach { volume: s("pv-1"), mode: ReadWriteOnce, attached_to: vec![s("node-a")], pods: vec![] },
        MultiAttach {
            volume: s("pv-1"),
            mode: ReadWriteOnce,
            attached_to: vec![s("node-a")],
            pods: vec![s("web-1"), s("web-2")],
        },
        NotAttached { volume: s("pv-1"), node: s("node-b"), attached: vec![] },
        NotAttached { volume: s("pv-1"), node: s("node-b"), attached: vec![s("node-a")] },
        PodOnOtherNode { pod: s("web-1"), runs_on: s("node-a"), wanted: s("node-b") },
        RwopInUse { claim: s("data"), volume: s("pv-1"), holder: s("web-1"), total_nodes: 2 },
        RwopInUse { claim: s("data"), volume: s("pv-1"), holder: s("web-1"), total_nodes: 0 },
        StillMounted { volume: s("pv-1"), node: s("node-a"), pods: vec![s("web-1")] },
        NotMounted { volume: s("pv-1"), pod: s("web-1") },
        ReadOnly { volume: s("pv-1"), pod: s("web-1") },
        NodeUnresponsive { node: s("node-a") },
        ClaimTerminating { claim: s("data") },
        VolumeNotReleased { volume: s("pv-1") },
        ExpansionNotAllowed { claim: s("data"), class: s("standard") },
        ShrinkBelowCapacity { claim: s("data"), size_gib: 10, capacity_gib: 20 },
        ResizeUnbound { claim: s("data") },
        DriverCannotExpand { claim: s("data"), size_gib: 30 },
    ]
}

fn volume_place(r: &csi::Refusal) -> usize {
    use csi::Refusal::*;
    match r {
        UnknownClaim { .. } => 0,
        UnknownNode { .. } => 1,
        UnknownClass { .. } => 2,
        UnknownVolume { .. } => 3,
        InvalidName { .. } => 4,
        DuplicateName { .. } => 5,
        InvalidSize { .. } => 6,
        ClaimExists { .. } => 7,
        ZoneNotAllowed { .. } => 8,
        ZoneConflict { .. } => 9,
        NoVolumeYet { .. } => 10,
        MultiAttach { .. } => 11,
        NotAttached { .. } => 12,
        PodOnOtherNode { .. } => 13,
        RwopInUse { .. } => 14,
        StillMounted { .. } => 15,
        NotMounted { .. } => 16,
        ReadOnly { .. } => 17,
        NodeUnresponsive { .. } => 18,
        ClaimTerminating { .. } => 19,
        VolumeNotReleased { .. } => 20,
        ExpansionNotAllowed { .. } => 21,
        ShrinkBelowCapacity { .. } => 22,
        ResizeUnbound { .. } => 23,
        DriverCannotExpand { .. } => 24,
    }
}

fn set_refusals() -> Vec<statefulset::Refusal> {
    use statefulset::Refusal::*;
    vec![
        NoSuchPod { pod: s("db-3") },
        NoSuchPvc { pvc: s("data-db-3") },
        PodNotReady { pod: s("db-1"), pvc: s("data-db-1") },
        TooManyReplicas { asked: i64::MAX, max: 20 },
        OrdinalOutOfRange { ordinal: 7, max: 5 },
        TooManySteps { asked: 20_000, max: 1_000 },
        InvalidName { name: s("Bad") },
        InvalidStartup { ticks: 99, max: 10 },
        InvalidData { chars: 0, max: 64 },
        SetDeleted { set: s("db") },
        SetExists { set: s("db") },
    ]
}

fn set_place(r: &statefulset::Refusal) -> usize {
    use statefulset::Refusal::*;
    match r {
        NoSuchPod { .. } => 0,
        NoSuchPvc { .. } => 1,
        PodNotReady { .. } => 2,
        TooManyReplicas { .. } => 3,
        OrdinalOutOfRange { .. } => 4,
        TooManySteps { .. } => 5,
        InvalidName { .. } => 6,
        InvalidStartup { .. } => 7,
        InvalidData { .. } => 8,
        SetDeleted { .. } => 9,
        SetExists { .. } => 10,
    }
}

fn topology_refusals() -> Vec<topology::Refusal> {
    use topology::Refusal::*;
    vec![
        InvalidName { name: s("Bad") },
        DuplicateName { name: s("web") },
        UnknownClass { class: s("gold") },
        UnknownClaim { claim: s("extra") },
        UnknownPod { pod: s("ghost") },
        UnknownSet { set: s("nope") },
        TooManyReplicas { asked: 5_000, max: 1_000 },
        TooManySteps { asked: 5_000, max: 1_000 },
        InvalidSpread { max_skew: 0, set: s("web") },
        UnknownNode { node: s("ghost-node") },
        UnknownZone { zone: s("zone-x") },
        NodeDown { node: s("w1") },
        ZoneDown { zone: s("room1") },
        PlacedPodWithClaim { pod: s("p1") },
        PlacedOffSelector { pod: s("p1"), node: s("w2") },
        NodeUp { node: s("w1") },
    ]
}

fn topology_place(r: &topology::Refusal) -> usize {
    use topology::Refusal::*;
    match r {
        InvalidName { .. } => 0,
        DuplicateName { .. } => 1,
        UnknownClass { .. } => 2,
        UnknownClaim { .. } => 3,
        UnknownPod { .. } => 4,
        UnknownSet { .. } => 5,
        TooManyReplicas { .. } => 6,
        TooManySteps { .. } => 7,
        InvalidSpread { .. } => 8,
        UnknownNode { .. } => 9,
        UnknownZone { .. } => 10,
        NodeDown { .. } => 11,
        ZoneDown { .. } => 12,
        PlacedPodWithClaim { .. } => 13,
        PlacedOffSelector { .. } => 14,
        NodeUp { .. } => 15,
    }
}

#[test]
fn every_volume_refusal_kind_is_its_serde_tag() {
    let all = volume_refusals();
    assert_every_variant(&all, volume_place, 25);
    assert_kinds_match(&all);
}

#[test]
fn every_statefulset_refusal_kind_is_its_serde_tag() {
    let all = set_refusals();
    assert_every_variant(&all, set_place, 11);
    assert_kinds_match(&all);
}

#[test]
fn every_topology_refusal_kind_is_its_serde_tag() {
    let all = topology_refusals();
    assert_every_variant(&all, topology_place, 16);
    assert_kinds_match(&all);
}
