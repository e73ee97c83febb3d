//! The pod a refused attach leaves waiting is the pod that uses the volume once its node has it:
//! the next mount on that node starts it under its own name, a mount elsewhere takes another name,
//! and the demo's session names it as kubectl's moment does.
#![cfg(not(target_arch = "wasm32"))]

use kubevol_kubectl::Moment;
use kubevol_sim::csi::{Action, DemoConfig, Setup, State};
use kubevol_sim::Model;

fn attach(node: &str) -> Action {
    Action::Attach { claim: "data".into(), node: node.into() }
}

fn mount(node: &str) -> Action {
    Action::Mount { claim: "data".into(), node: node.into(), pod: None }
}

/// Each pod of the moment: its name, node, and whether its containers are still being created.
fn pods(moment: &Moment) -> Vec<(String, Option<String>, bool)> {
    moment.cluster.pods.iter().map(|p| (p.name.clone(), p.node.clone(), p.creating)).collect()
}

fn pod(name: &str, node: &str, creating: bool) -> (String, Option<String>, bool) {
    (name.into(), Some(node.into()), creating)
}

fn replay(actions: &[Action]) -> Moment {
    Moment::replay::<State>(&Setup::demo(DemoConfig::default()), actions)
}

#[test]
fn the_pod_waiting_on_node_b_is_the_one_node_b_starts() {
    let web_1 = Action::Mount { claim: "data".into(), node: "node-a".into(), pod: Some("web-1".into()) };
    let mut actions = vec![attach("node-a"), web_1, attach("node-b")];
    assert_eq!(pods(&replay(&actions)), [pod("web-1", "node-a", false), pod("web-2", "node-b", true)]);
    actions.extend([
        Action::Unmount { claim: "data".into(), pod: "web-1".into() },
        Action::Detach { claim: "data".into(), node: "node-a".into() },
        attach("node-b"),
    ]);
    // node-b has the volume; web-2 still waits for its mount.
    assert_eq!(pods(&replay(&actions)), [pod("web-2", "node-b", true)]);
    actions.push(mount("node-b"));
    assert_eq!(pods(&replay(&actions)), [pod("web-2", "node-b", false)], "no name used twice");
    // And the next pod is a new one, never web-1 again.
    actions.push(mount("node-b"));
    let names: Vec<String> = replay(&actions).cluster.pods.iter().map(|p| p.name.clone()).collect();
    assert_eq!(names, ["web-2", "web-3"]);
}

#[test]
fn a_mount_elsewhere_does_not_take_the_waiting_pods_name() {
    let actions = [attach("node-a"), mount("node-a"), attach("node-b"), mount("node-a")];
    assert_eq!(
        pods(&replay(&actions)),
        [pod("web-1", "node-a", false), pod("web-2", "node-b", true), pod("web-3", "node-a", false)]
    );
}

/// The model, applying the same actions through `assign` with the pods the moment holds waiting,
/// names the same pods: the demo's picture and kubectl's view agree.
#[test]
fn the_model_names_the_pods_kubectl_shows() {
    let actions = [attach("node-a"), mount("node-a"), attach("node-b"), mount("node-a"), mount("node-b")];
    let (mut state, _) = State::new(&Setup::demo(DemoConfig::default())).unwrap();
    let mut waiting = kubevol_sim::cluster::Waiting::default();
    for action in actions {
        let action = state.assign(action, &waiting.0);
        match state.apply(action.clone()) {
            Ok(_) => waiting.0.retain(|w| !Model::started(&state, w)),
            Err(refusal) => waiting.0.extend(state.waiter(&action, &refusal)),
        }
    }
    let mounted: Vec<String> = state.volumes.values().flat_map(|v| v.mounts.keys().cloned()).collect();
    assert_eq!(mounted, ["web-1", "web-3"], "web-2 waits on node-b, which node-a still blocks");
    assert_eq!(waiting.0.iter().map(|w| w.name.as_str()).collect::<Vec<_>>(), ["web-2"]);
}
