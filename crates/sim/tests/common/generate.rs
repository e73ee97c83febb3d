//! The property tests' generators: random setups, actions and histories of each model, from a
//! seeded `Rng`. The model's property tests (`properties.rs`) use them, and so does the browser
//! suite that round-trips every model value through plain JavaScript objects (`tests/browser/api.rs`
//! at the workspace's root, which includes this folder by path).

use super::Rng;
use kubevol_sim::{csi, statefulset, Model};

pub const CLAIMS: [&str; 3] = ["data", "logs", "nope"];
pub const NODES: [&str; 4] = ["node-a", "node-b", "node-c", "ghost"];
pub const PODS: [&str; 4] = ["web-1", "web-2", "web-3", "other"];
pub const ZONES: [&str; 3] = ["zone-a", "zone-b", "zone-c"];

pub fn random_setup(rng: &mut Rng) -> csi::Setup {
    use csi::*;
    let zoned = rng.chance(60);
    let zone = |rng: &mut Rng| zoned.then(|| rng.pick(&ZONES).to_string());
    let classes = ["fast", "slow"]
        .iter()
        .map(|name| StorageClass {
            name: name.to_string(),
            binding: *rng.pick(&[Binding::Immediate, Binding::WaitForFirstConsumer]),
            reclaim: *rng.pick(&[Reclaim::Delete, Reclaim::Retain]),
            allowed_zones: if rng.chance(30) { vec![rng.pick(&ZONES).to_string()] } else { vec![] },
            allow_volume_expansion: rng.chance(70),
        })
        .collect();
    let nodes = NODES[..3].iter().map(|n| Node { name: n.to_string(), zone: zone(rng), responsive: true }).collect();
    let capabilities =
        Capabilities { stage_unstage: rng.chance(70), publish_unpublish: rng.chance(70), expand: rng.chance(80) };
    let pool_gib = if rng.chance(70) { Some(*rng.pick(&[30, 100, 1000])) } else { None };
    Setup { classes, nodes, claims: vec![], driver_multi_writer: rng.chance(50), capabilities, pool_gib }
}

pub fn random_volume_action(rng: &mut Rng, state: &csi::State) -> csi::Action {
    use csi::*;
    let claim = rng.pick(&CLAIMS).to_string();
    let node = rng.pick(&NODES).to_string();
    let pod = rng.pick(&PODS).to_string();
    if rng.chance(12) {
        return Action::Expand { claim, size_gib: *rng.pick(&[0, 10, 20, 30, 40, 60, 120, 70_000]) };
    }
    match rng.below(13) {
        0 | 1 => Action::Request(ClaimSpec {
            name: claim,
            class: rng.pick(&["fast", "slow", "gold"]).to_string(),
            size_gib: *rng.pick(&[0, 1, 20, 70_000]),
            mode: *rng.pick(&AccessMode::ALL),
            zone: if rng.chance(30) { Some(rng.pick(&ZONES).to_string()) } else { None },
        }),
        2 | 3 => Action::Attach { claim, node },
        4 | 5 => Action::Mount { claim, node, pod: if rng.chance(50) { Some(pod) } else { None } },
        6 => {
            let pod = if rng.chance(50) { pod } else { state.next_pod_name() };
            if rng.chance(25) {
                Action::ForceDeletePod { claim, pod }
            } else {
                Action::Unmount { claim, pod }
            }
        }
        7 => Action::UnmountAll { claim },
        8 => Action::Detach { claim, node },
        9 => Action::ForceDetach { claim, node: if rng.chance(50) { Some(node) } else { None } },
        10 => Action::Write { claim, pod },
        11 => {
            if rng.chance(70) {
                Action::DeleteClaim { claim }
            } else {
                Action::DeleteReleased { volume: format!("pv-{}", rng.below(4)) }
            }
        }
        _ => Action::SetResponsive { node, responsive: rng.chance(50) },
    }
}

pub fn random_set_action(rng: &mut Rng) -> statefulset::Action {
    use statefulset::*;
    let ordinal = *rng.pick(&[0, 1, 2, 3, 4, 5, 7, u32::MAX]);
    match rng.below(16) {
        0..=4 => Action::Step,
        5 => Action::Run { max: *rng.pick(&[1, 5, 20, 20_000]) },
        6 => Action::ScaleBy { delta: *rng.pick(&[-1, 1, 1, -3, 2]) },
        7 => Action::Scale { replicas: *rng.pick(&[-2, 0, 1, 3, 6, i64::MAX]) },
        8 => Action::Break { ordinal },
        9 => Action::Fix { ordinal },
        10 => Action::DeletePod { ordinal },
        11 => Action::DeletePvc { ordinal },
        12 => Action::Write { ordinal, data: if rng.chance(80) { None } else { Some(String::new()) } },
        13 => Action::Read { ordinal },
        14 => Action::SetRetention(RetentionPolicy {
            when_scaled: *rng.pick(&[Retention::Retain, Retention::Delete]),
            when_deleted: *rng.pick(&[Retention::Retain, Retention::Delete]),
        }),
        _ => {
            if rng.chance(50) {
                Action::DeleteSet
            } else {
                Action::CreateSet
            }
        }
    }
}

pub fn random_set_config(rng: &mut Rng) -> statefulset::Config {
    use statefulset::*;
    Config {
        replicas: rng.below(5) as u32,
        startup_ticks: rng.below(3) as u32,
        policy: *rng.pick(&[PodManagementPolicy::OrderedReady, PodManagementPolicy::Parallel]),
        ..Config::default()
    }
}

pub fn random_topology_setup(rng: &mut Rng) -> kubevol_sim::topology::Setup {
    use kubevol_sim::topology::*;
    if rng.chance(30) {
        return rng.pick(&Preset::ALL).setup();
    }
    if rng.chance(40) {
        return Chapter {
            max_skew: 1 + rng.below(6) as u32,
            pods: rng.below(10) as u32,
            key: *rng.pick(&SpreadKey::ALL),
            when: *rng.pick(&WhenUnsatisfiable::ALL),
        }
        .setup();
    }
    Custom {
        binding: *rng.pick(&[csi::Binding::Immediate, csi::Binding::WaitForFirstConsumer]),
        allowed: *rng.pick(&[AllowedZones::Both, AllowedZones::Room1, AllowedZones::Room2]),
        replicas: rng.below(8) as u32,
        policy: *rng.pick(&[PodManagementPolicy::OrderedReady, PodManagementPolicy::Parallel]),
        spread: rng.chance(60),
        node_selector: rng.chance(40),
        taints_policy: *rng.pick(&[TaintsPolicy::Ignore, TaintsPolicy::Honor]),
    }
    .setup()
}

pub fn random_topology_action(rng: &mut Rng, state: &kubevol_sim::topology::State) -> kubevol_sim::topology::Action {
    use kubevol_sim::topology::*;
    let pods: Vec<String> = state.pods.keys().cloned().chain(["ghost".to_string()]).collect();
    let claims: Vec<String> = state.pvcs.keys().cloned().chain(["extra".to_string(), "missing".to_string()]).collect();
    let sets: Vec<String> = state.sets.keys().cloned().chain(["nope".to_string()]).collect();
    let classes: Vec<String> = state.classes.keys().cloned().chain(["gold".to_string()]).collect();
    let nodes: Vec<String> = state.nodes.keys().cloned().chain(["ghost-node".to_string()]).collect();
    let zones: Vec<String> = state.zones().into_iter().chain(["zone-x".to_string()]).collect();
    match rng.below(15) {
        0..=2 => Action::Step,
        9 => Action::FailNode { node: rng.pick(&nodes).clone() },
        10 => Action::FailZone { zone: rng.pick(&zones).clone() },
        12 => Action::ForceDeletePod { pod: rng.pick(&pods).clone() },
        13 => Action::DeleteNode { node: rng.pick(&nodes).clone() },
        14 => Action::RecoverNode { node: rng.pick(&nodes).clone() },
        3 => Action::Run { max: *rng.pick(&[1, 5, 10, 5_000]) },
        4 => Action::DeletePod { pod: rng.pick(&pods).clone() },
        5 => Action::Scale { set: rng.pick(&sets).clone(), replicas: *rng.pick(&[0, 1, 3, 6, 5_000]) },
        6 => Action::CreateClaim(ClaimSpec {
            name: rng.pick(&["extra", "solo", "Bad"]).to_string(),
            class: rng.pick(&classes).clone(),
            mode: *rng.pick(&AccessMode::ALL),
        }),
        _ => {
            let selector = match rng.below(3) {
                0 => Default::default(),
                1 => [(HOSTNAME_LABEL.to_string(), rng.pick(&["m1", "w1", "w2"]).to_string())].into(),
                _ => [(ZONE_LABEL.to_string(), rng.pick(&["kitchen", "room1", "room2"]).to_string())].into(),
            };
            let node = if rng.chance(30) { Some(rng.pick(&nodes).clone()) } else { None };
            Action::CreatePod(PodSpec {
                name: format!("p{}", rng.below(6)),
                claim: if rng.chance(if node.is_some() { 20 } else { 80 }) {
                    Some(rng.pick(&claims).clone())
                } else {
                    None
                },
                node_selector: selector,
                node,
                // Sometimes one of a set's pods, so that set's spread counts it.
                labels: if rng.chance(50) { app_labels(rng.pick(&sets).as_str()) } else { Default::default() },
            })
        }
    }
}

/// A random history of `len` actions from a model's own generator, each applied so the next one
/// sees the state a reader would have seen.
pub fn random_history<M: Model>(
    rng: &mut Rng,
    setup: &M::Setup,
    len: u64,
    action: impl Fn(&mut Rng, &M) -> M::Action,
) -> Vec<M::Action> {
    let (mut state, _) = M::start(setup).unwrap_or_else(|_| panic!("random setups are valid"));
    (0..len)
        .map(|_| {
            let a = action(rng, &state);
            let _ = state.apply(a.clone());
            a
        })
        .collect()
}

pub fn random_demo_config(rng: &mut Rng) -> csi::DemoConfig {
    use csi::*;
    DemoConfig {
        mode: *rng.pick(&AccessMode::ALL),
        binding: *rng.pick(&[Binding::Immediate, Binding::WaitForFirstConsumer]),
        reclaim: *rng.pick(&[Reclaim::Delete, Reclaim::Retain]),
        zoned: rng.chance(50),
        allow_expansion: rng.chance(50),
        capabilities: Capabilities {
            stage_unstage: rng.chance(50),
            publish_unpublish: rng.chance(50),
            expand: rng.chance(50),
        },
    }
}
