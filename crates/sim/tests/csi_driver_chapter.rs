//! The talk "Container Storage Interface のすべて", its half on how a driver is built: volume
//! expansion in two steps, the capabilities that decide which calls there are, the component that
//! sends each call, and the code each answer carries. One test per behaviour, named after it.
//!
//! Texts quoted from Kubernetes, with where they come from:
//! - `only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc
//!   must support resize`: the PersistentVolumeClaimResize admission plugin
//!   (plugin/pkg/admission/storage/persistentvolume/resize), as a Forbidden error on the claim.
//! - `spec.resources.requests.storage: Forbidden: field can not be less than status.capacity`:
//!   ValidatePersistentVolumeClaimUpdate with RecoverVolumeExpansionFailure (pkg/apis/core/validation).
//! - `Waiting for user to (re-)start a pod to finish file system resize of volume on node.`: the
//!   FileSystemResizePending condition external-resizer sets (kubernetes-csi/external-resizer).
//! - `MountVolume.NodeExpandVolume succeeded for volume "pv-1" node-a`: the kubelet's
//!   FileSystemResizeSuccessful event (pkg/volume/util/operationexecutor).

mod common;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use common::refused;
use kubevol_sim::csi::*;
use kubevol_sim::{Tell, Voice};

fn demo(config: DemoConfig) -> State {
    State::new(&Setup::demo(config)).unwrap().0
}

fn caps(stage_unstage: bool, publish_unpublish: bool, expand: bool) -> DemoConfig {
    DemoConfig { capabilities: Capabilities { stage_unstage, publish_unpublish, expand }, ..Default::default() }
}

fn attach(node: &str) -> Action {
    Action::Attach { claim: "data".into(), node: node.into() }
}

fn mount(node: &str) -> Action {
    Action::Mount { claim: "data".into(), node: node.into(), pod: None }
}

fn expand(size_gib: u32) -> Action {
    Action::Expand { claim: "data".into(), size_gib }
}

/// Each CSI call as `rpc by caller = code`.
fn calls(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(Event::csi_call)
        .map(|c| format!("{} by {} = {}", c.rpc.name(), c.caller.name(), c.code.name()))
        .collect()
}

#[test]
fn expansion_needs_allow_volume_expansion_on_the_class() {
    let mut s = demo(DemoConfig { allow_expansion: false, ..Default::default() });
    let r = refused(&mut s, expand(30));
    assert_eq!(r.kind(), "expansion-not-allowed");
    assert_eq!(
        r.tell(Voice::K8s),
        "persistentvolumeclaims \"data\" is forbidden: only dynamically provisioned pvc can be resized and the \
            storageclass that provisions the pvc must support resize"
    );
    assert!(r.tell(Voice::En).contains("allowVolumeExpansion"));
}

#[test]
fn a_volume_never_shrinks() {
    let mut s = demo(DemoConfig::default());
    let r = refused(&mut s, expand(10));
    assert_eq!(r.kind(), "shrink-below-capacity");
    assert_eq!(
        r.tell(Voice::K8s),
        "PersistentVolumeClaim \"data\" is invalid: spec.resources.requests.storage: Forbidden: field can not be less \
            than status.capacity"
    );
}

#[test]
fn expanding_a_mounted_volume_calls_the_controller_then_the_kubelet_where_it_is_staged() {
    let mut s = demo(DemoConfig::default());
    s.apply(attach("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    let events = s.apply(expand(30)).unwrap();
    assert_eq!(calls(&events), ["ControllerExpandVolume by external-resizer = OK", "NodeExpandVolume by kubelet = OK"]);
    let node_call = events.iter().filter_map(Event::csi_call).nth(1).unwrap();
    assert_eq!(node_call.node.as_deref(), Some("node-a"));
    assert_eq!(node_call.render(), "NodeExpandVolume(volume_id=\"pv-1\", capacity=30Gi, node_id=\"node-a\")");
    let v = s.volume_for("data").unwrap();
    assert_eq!((v.size_gib, v.filesystem_gib), (30, 30));
    assert_eq!(s.claims["data"].resize, None);
    let resized = events.iter().find(|e| matches!(e, Event::FileSystemResized { .. })).unwrap();
    assert_eq!(resized.tell(Voice::K8s), "MountVolume.NodeExpandVolume succeeded for volume \"pv-1\" node-a");
}

#[test]
fn expanding_an_unused_volume_waits_in_file_system_resize_pending_until_the_next_mount() {
    let mut s = demo(DemoConfig::default());
    let events = s.apply(expand(30)).unwrap();
    assert_eq!(calls(&events), ["ControllerExpandVolume by external-resizer = OK"]);
    let v = s.volume_for("data").unwrap();
    assert_eq!((v.size_gib, v.filesystem_gib), (30, 20), "the disk grew, the filesystem not yet");
    assert_eq!(s.claims["data"].resize, Some(Resize::FileSystemResizePending));
    let pending = events.iter().find(|e| matches!(e, Event::FileSystemResizePending { .. })).unwrap();
    assert_eq!(
        pending.tell(Voice::K8s),
        "Waiting for user to (re-)start a pod to finish file system resize of volume on node."
    );
    s.apply(attach("node-a")).unwrap();
    let events = s.apply(mount("node-a")).unwrap();
    assert_eq!(
        calls(&events),
        ["NodeStageVolume by kubelet = OK", "NodeExpandVolume by kubelet = OK", "NodePublishVolume by kubelet = OK"]
    );
    assert_eq!(s.volume_for("data").unwrap().filesystem_gib, 30);
    assert_eq!(s.claims["data"].resize, None);
}

#[test]
fn a_request_past_the_backend_fails_out_of_range_and_asking_less_again_recovers() {
    let mut s = demo(DemoConfig::default());
    let events = s.apply(expand(20 + DEMO_POOL_GIB)).unwrap();
    assert_eq!(calls(&events), ["ControllerExpandVolume by external-resizer = OUT_OF_RANGE"]);
    assert_eq!(events.iter().filter_map(Event::csi_call).next().unwrap().answer(), "OUT_OF_RANGE (11)");
    assert_eq!(s.claims["data"].spec.size_gib, 120, "the claim keeps asking");
    assert_eq!(s.volume_for("data").unwrap().size_gib, 20, "the volume keeps its size");
    assert_eq!(s.claims["data"].resize, Some(Resize::ControllerResizeInfeasible { code: Code::OutOfRange }));
    let failed = events.iter().find(|e| matches!(e, Event::ResizeFailed { .. })).unwrap();
    assert!(failed.tell(Voice::K8s).contains("rpc error: code = OutOfRange"), "{}", failed.tell(Voice::K8s));
    // Going back to what the claim has is a shrink; a real cluster wants more than status.capacity.
    assert_eq!(refused(&mut s, expand(20)).kind(), "shrink-below-capacity");
    // Asking for less than before, but more than it has, recovers: the driver can give 30GiB.
    let events = s.apply(expand(30)).unwrap();
    assert_eq!(calls(&events), ["ControllerExpandVolume by external-resizer = OK"]);
    assert_eq!(s.claims["data"].resize, Some(Resize::FileSystemResizePending));
}

#[test]
fn a_class_without_expansion_still_takes_the_same_size_and_refuses_a_shrink_first() {
    let mut s = demo(DemoConfig { allow_expansion: false, ..Default::default() });
    assert!(matches!(s.apply(expand(20)).unwrap()[..], [Event::AlreadyHolds { .. }]));
    assert_eq!(refused(&mut s, expand(10)).kind(), "shrink-below-capacity");
}

#[test]
fn a_node_that_responds_again_finishes_the_filesystem_half() {
    let mut s = demo(DemoConfig::default());
    s.apply(attach("node-a")).unwrap();
    s.apply(mount("node-a")).unwrap();
    s.apply(Action::SetResponsive { node: "node-a".into(), responsive: false }).unwrap();
    s.apply(expand(30)).unwrap();
    assert_eq!(s.claims["data"].resize, Some(Resize::FileSystemResizePending));
    let events = s.apply(Action::SetResponsive { node: "node-a".into(), responsive: true }).unwrap();
    assert_eq!(calls(&events), ["NodeExpandVolume by kubelet = OK"]);
    assert_eq!(s.volume_for("data").unwrap().filesystem_gib, 30);
    assert_eq!(s.claims["data"].resize, None);
}

#[test]
fn the_same_size_again_is_ok_and_changes_nothing() {
    let mut s = demo(DemoConfig::default());
    s.apply(expand(30)).unwrap();
    let before = s.clone();
    let events = s.apply(expand(30)).unwrap();
    assert!(matches!(events[..], [Event::AlreadyHolds { .. }]));
    assert_eq!(s, before);
}

#[test]
fn an_unbound_claim_cannot_be_resized() {
    let mut s = demo(DemoConfig { binding: Binding::WaitForFirstConsumer, ..Default::default() });
    let r = refused(&mut s, expand(30));
    assert_eq!(r.kind(), "resize-unbound");
    assert!(r.tell(Voice::K8s).contains("spec is immutable after creation except resources.requests"));
}

#[test]
fn a_driver_without_expand_volume_has_no_resizer() {
    let mut s = demo(caps(true, true, false));
    assert_eq!(refused(&mut s, expand(30)).kind(), "driver-cannot-expand");
}

#[test]
fn a_driver_without_stage_unstage_gets_no_node_stage_volume() {
    let mut s = demo(caps(false, true, true));
    s.apply(attach("node-a")).unwrap();
    let events = s.apply(mount("node-a")).unwrap();
    assert_eq!(calls(&events), ["NodePublishVolume by kubelet = OK"]);
    let events = s.apply(Action::Unmount { claim: "data".into(), pod: "web-1".into() }).unwrap();
    assert_eq!(calls(&events), ["NodeUnpublishVolume by kubelet = OK"]);
    // Expansion still reaches the node: NodeExpandVolume works on the published path.
    s.apply(mount("node-a")).unwrap();
    let events = s.apply(expand(30)).unwrap();
    assert_eq!(calls(&events), ["ControllerExpandVolume by external-resizer = OK", "NodeExpandVolume by kubelet = OK"]);
}

#[test]
fn a_driver_without_publish_unpublish_has_no_attach_step() {
    let mut s = demo(caps(true, false, true));
    let events = s.apply(attach("node-a")).unwrap();
    assert!(calls(&events).is_empty(), "no ControllerPublishVolume: {:?}", calls(&events));
    assert!(matches!(events[..], [Event::NoAttachStep { .. }]));
    let events = s.apply(mount("node-a")).unwrap();
    assert_eq!(calls(&events), ["NodeStageVolume by kubelet = OK", "NodePublishVolume by kubelet = OK"]);
    // The one-node rule of ReadWriteOnce lives in the attach step, so without one nothing checks it.
    s.apply(attach("node-b")).unwrap();
    s.apply(mount("node-b")).unwrap();
    assert_eq!(s.volume_for("data").unwrap().mounts.len(), 2);
    let events = s.apply(Action::UnmountAll { claim: "data".into() }).unwrap();
    assert!(calls(&events).iter().all(|c| c.starts_with("NodeUn")));
    let events = s.apply(Action::Detach { claim: "data".into(), node: "node-a".into() }).unwrap();
    assert!(calls(&events).is_empty(), "no ControllerUnpublishVolume");
}

#[test]
fn each_call_names_the_component_that_sends_it() {
    let (mut s, events) = State::new(&Setup::demo(DemoConfig { zoned: true, ..Default::default() })).unwrap();
    assert_eq!(
        calls(&events),
        [
            "GetPluginInfo by node-driver-registrar = OK",
            "NodeGetInfo by kubelet = OK",
            "GetPluginInfo by node-driver-registrar = OK",
            "NodeGetInfo by kubelet = OK",
            "CreateVolume by external-provisioner = OK"
        ]
    );
    // The registrar learns the driver's name and registers it with the kubelet, which asks the node's
    // id and zone: that is how topology reaches Kubernetes.
    let name = events.iter().find_map(Event::csi_call).unwrap();
    assert_eq!(name.render(), "GetPluginInfo() = name=\"disk.csi.kubevol.example\"");
    let info = events.iter().filter_map(Event::csi_call).nth(1).unwrap();
    assert_eq!(info.render(), "NodeGetInfo() = node_id=\"node-a\", accessible_topology=\"zone=zone-a\"");
    let events = s.apply(attach("node-a")).unwrap();
    assert_eq!(calls(&events), ["ControllerPublishVolume by external-attacher = OK"]);
    s.apply(mount("node-a")).unwrap();
    s.apply(Action::UnmountAll { claim: "data".into() }).unwrap();
    s.apply(Action::Detach { claim: "data".into(), node: "node-a".into() }).unwrap();
    let events = s.apply(Action::DeleteClaim { claim: "data".into() }).unwrap();
    assert_eq!(calls(&events), ["DeleteVolume by external-provisioner = OK"]);
}

#[test]
fn a_backend_without_room_leaves_the_claim_pending() {
    let mut setup = Setup::demo(DemoConfig::default());
    setup.pool_gib = Some(10);
    let (s, events) = State::new(&setup).unwrap();
    assert!(calls(&events).contains(&"CreateVolume by external-provisioner = OUT_OF_RANGE".to_string()));
    assert_eq!(s.claims["data"].volume, None);
    assert!(s.volumes.is_empty() && s.driver.disks.is_empty());
    let failed = events.iter().find(|e| matches!(e, Event::ProvisioningFailed { .. })).unwrap();
    assert!(failed
        .tell(Voice::K8s)
        .starts_with("failed to provision volume with StorageClass \"standard\": rpc error: code = OutOfRange"));
}
