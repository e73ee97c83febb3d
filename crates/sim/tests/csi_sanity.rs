//! In the spirit of csi-sanity (kubernetes-csi/csi-test), which the talk shows: every lifecycle
//! call, sent ten times in a row to the driver in random states the model reaches. The first call
//! may change the backend; the nine after it must answer the same code and change nothing. Each
//! answer's code must be the one the CSI spec gives for that situation, as `expected` spells out.

mod common;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use common::Rng;
use kubevol_sim::csi::*;

const REPEATS: usize = 10;
const STATES: u64 = 400;
const NODES: [&str; 3] = ["node-a", "node-b", "node-z"];
const PODS: [&str; 3] = ["web-1", "web-2", "web-9"];

/// The code the spec gives, from the driver's record before the call (the table in the project's
/// Kubernetes facts, seed 003):
/// - NOT_FOUND (5): an unknown volume, or an unknown node for the controller calls;
/// - ALREADY_EXISTS (6): CreateVolume with an existing name and another size;
/// - FAILED_PRECONDITION (9): publishing a single-node volume to a second node, deleting a volume
///   in use, and a node call out of order (stage before publish, publish before stage, unstage
///   while a pod still has it);
/// - OUT_OF_RANGE (11): a size the backend cannot give, or a filesystem past its disk;
/// - OK (0): everything else, including repeating any call that already holds and deleting an
///   unknown volume.
fn expected(d: &Driver, call: &CsiCall) -> Code {
    let node = call.node.clone().unwrap_or_default();
    let pod = call.pod.clone().unwrap_or_default();
    let size = call.capacity_gib.unwrap_or(0);
    let free = d.free_gib();
    let disk = d.disks.get(&call.volume);
    let node_known = d.nodes.contains_key(&node);
    let caps = d.capabilities;
    match (call.rpc, disk) {
        (Rpc::NodeGetInfo | Rpc::GetPluginInfo, _) => Code::Ok,
        (Rpc::CreateVolume, Some(disk)) if disk.size_gib == size => Code::Ok,
        (Rpc::CreateVolume, Some(_)) => Code::AlreadyExists,
        (Rpc::CreateVolume, None) if size == 0 || u64::from(size) > free => Code::OutOfRange,
        (Rpc::CreateVolume, None) => Code::Ok,
        (Rpc::DeleteVolume, None) => Code::Ok,
        (Rpc::DeleteVolume, Some(disk)) if disk.in_use() => Code::FailedPrecondition,
        (Rpc::DeleteVolume, Some(_)) => Code::Ok,
        (_, None) => Code::NotFound,
        (Rpc::ControllerPublishVolume | Rpc::ControllerUnpublishVolume, _) if !node_known => Code::NotFound,
        (Rpc::ControllerPublishVolume, Some(disk)) => {
            let elsewhere = disk.published.iter().any(|n| *n != node);
            if !disk.published.contains(&node) && disk.single_node && elsewhere {
                Code::FailedPrecondition
            } else {
                Code::Ok
            }
        }
        (Rpc::ControllerUnpublishVolume, _) => Code::Ok,
        (Rpc::NodeStageVolume, Some(disk)) => {
            if !disk.staged.contains(&node) && caps.publish_unpublish && !disk.published.contains(&node) {
                Code::FailedPrecondition
            } else {
                Code::Ok
            }
        }
        (Rpc::NodeUnstageVolume, Some(disk)) => {
            let pods_left = disk.targets.iter().any(|(n, _)| *n == node);
            if disk.staged.contains(&node) && pods_left {
                Code::FailedPrecondition
            } else {
                Code::Ok
            }
        }
        (Rpc::NodePublishVolume, Some(disk)) => {
            let ready = if caps.stage_unstage {
                disk.staged.contains(&node)
            } else {
                !caps.publish_unpublish || disk.published.contains(&node)
            };
            if disk.targets.contains(&(node, pod)) || ready {
                Code::Ok
            } else {
                Code::FailedPrecondition
            }
        }
        (Rpc::NodeUnpublishVolume, _) => Code::Ok,
        (Rpc::ControllerExpandVolume, Some(disk)) => {
            if size > disk.size_gib && u64::from(size - disk.size_gib) > free {
                Code::OutOfRange
            } else {
                Code::Ok
            }
        }
        (Rpc::NodeExpandVolume, Some(disk)) => {
            let on_node = disk.staged.contains(&node) || disk.targets.iter().any(|(n, _)| *n == node);
            if !on_node {
                Code::NotFound
            } else if size > disk.size_gib {
                Code::OutOfRange
            } else {
                Code::Ok
            }
        }
    }
}

/// A state the model reaches by random actions on the chapter's demo, with random capabilities
/// and a second claim, so disks are attached, staged, published, expanded or half-way.
fn random_state(rng: &mut Rng) -> State {
    let capabilities = Capabilities { stage_unstage: rng.chance(70), publish_unpublish: rng.chance(70), expand: true };
    let mode = *rng.pick(&AccessMode::ALL);
    let mut setup = Setup::demo(DemoConfig { mode, capabilities, ..Default::default() });
    setup.claims.push(ClaimSpec { name: "logs".into(), class: DEMO_CLASS.into(), size_gib: 10, mode, zone: None });
    let mut state = State::new(&setup).expect("the demo starts").0;
    for _ in 0..rng.below(12) {
        let claim = rng.pick(&["data", "logs"]).to_string();
        let node = rng.pick(&DEMO_NODES).to_string();
        let action = match rng.below(6) {
            0 | 1 => Action::Attach { claim, node },
            2 | 3 => Action::Mount { claim, node, pod: None },
            4 => Action::Expand { claim, size_gib: *rng.pick(&[30, 40, 200]) },
            _ => Action::UnmountAll { claim },
        };
        let _ = state.apply(action);
    }
    state
}

/// Every lifecycle call, to known and unknown volumes and nodes, with sizes that fit and do not.
fn lifecycle_calls(state: &State, rng: &mut Rng) -> Vec<CsiCall> {
    let mut volumes: Vec<String> = state.driver.disks.keys().cloned().collect();
    volumes.push("pv-99".into());
    let mut calls = Vec::new();
    for volume in &volumes {
        let current = state.driver.disks.get(volume).map_or(20, |d| d.size_gib);
        let node = rng.pick(&NODES).to_string();
        let pod = rng.pick(&PODS).to_string();
        let size = *rng.pick(&[current, current + 10, current + 500, 0]);
        let on_node = |rpc: Rpc| CsiCall::new(rpc, volume).node(&node);
        let create =
            CsiCall::new(Rpc::CreateVolume, volume).mode(CsiAccessMode::SingleNodeWriter, false).capacity(size);
        let new_volume = CsiCall::new(Rpc::CreateVolume, &format!("pv-new-{}", rng.below(3))).capacity(size);
        calls.extend([
            create,
            new_volume,
            on_node(Rpc::ControllerPublishVolume),
            on_node(Rpc::NodeStageVolume),
            on_node(Rpc::NodePublishVolume).pod(&pod),
            CsiCall::new(Rpc::ControllerExpandVolume, volume).capacity(size),
            on_node(Rpc::NodeExpandVolume).capacity(size),
            on_node(Rpc::NodeUnpublishVolume).pod(&pod),
            on_node(Rpc::NodeUnstageVolume),
            on_node(Rpc::ControllerUnpublishVolume),
            CsiCall::new(Rpc::DeleteVolume, volume),
        ]);
    }
    calls
}

#[test]
fn every_lifecycle_call_is_idempotent_and_answers_the_code_the_spec_gives() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..STATES {
        let mut rng = Rng::new(seed ^ 0xC51);
        let state = random_state(&mut rng);
        for call in lifecycle_calls(&state, &mut rng) {
            let mut driver = state.driver.clone();
            let want = expected(&driver, &call);
            let first = driver.answer(&call);
            let context = format!("seed {seed}: {}", call.render());
            assert_eq!(first, want, "{context}: first answer");
            let after_first = driver.clone();
            for repeat in 2..=REPEATS {
                assert_eq!(driver.answer(&call), first, "{context}: answer {repeat} differs from the first");
                assert_eq!(driver, after_first, "{context}: call {repeat} changed the backend again");
            }
            if first != Code::Ok {
                assert_eq!(after_first, state.driver, "{context}: an error changed the backend");
            }
            seen.insert((call.rpc.name(), first.name()));
        }
    }
    // The states must reach every code of the table, or the test proves little.
    for (rpc, code) in [
        ("CreateVolume", "OK"),
        ("CreateVolume", "ALREADY_EXISTS"),
        ("CreateVolume", "OUT_OF_RANGE"),
        ("DeleteVolume", "OK"),
        ("DeleteVolume", "FAILED_PRECONDITION"),
        ("ControllerPublishVolume", "OK"),
        ("ControllerPublishVolume", "NOT_FOUND"),
        ("ControllerPublishVolume", "FAILED_PRECONDITION"),
        ("NodeStageVolume", "FAILED_PRECONDITION"),
        ("NodePublishVolume", "FAILED_PRECONDITION"),
        ("NodeUnstageVolume", "FAILED_PRECONDITION"),
        ("ControllerExpandVolume", "OK"),
        ("ControllerExpandVolume", "OUT_OF_RANGE"),
        ("NodeExpandVolume", "OK"),
        ("NodeExpandVolume", "NOT_FOUND"),
        ("NodeExpandVolume", "OUT_OF_RANGE"),
    ] {
        assert!(seen.contains(&(rpc, code)), "no random state made {rpc} answer {code}");
    }
}
