//! What the CSI demo shows, computed from the session: no Leptos here, so it is tested natively.

use kubevol_sim::volumes::{AccessMode, Action, Code, DemoConfig, Phase, Resize, Setup, State, DEMO_CLAIM, DEMO_NODES};

use kubevol_sim::Tell;

use crate::api::Scenarios;
use crate::demo::DemoKind;
use crate::session::Session;
use crate::shell::Tone;

pub type CsiSession = Session<State>;

/// A fresh session for the chapter's demo with these toggles.
pub fn start(config: DemoConfig) -> CsiSession {
    Session::start(&Setup::demo(config)).unwrap_or_else(|_| unreachable!("the chapter's demo setup is valid"))
}

/// The claim the demo creates again after "delete the claim".
pub fn request_again(config: DemoConfig) -> Action {
    Action::Request(Setup::demo(config).claims.remove(0))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeCard {
    pub name: &'static str,
    pub zone: Option<String>,
    pub responsive: bool,
    /// The volume name when attached to this node.
    pub attached: Option<String>,
    pub pods: Vec<String>,
}

pub fn node_card(state: &State, name: &'static str) -> NodeCard {
    let node = &state.nodes[name];
    let volume = state.volume_for(DEMO_CLAIM);
    NodeCard {
        name,
        zone: node.zone.clone(),
        responsive: node.responsive,
        attached: volume.filter(|v| v.attached.contains(name)).map(|v| v.name.clone()),
        pods: volume.map(|v| v.pods_on(name)).unwrap_or_default(),
    }
}

/// The demo's claim, if it exists, and the volume behind it, if there is one yet.
pub struct ClaimView {
    pub volume: Option<VolumeView>,
}

pub struct VolumeView {
    pub name: String,
    /// The PersistentVolume's capacity: what the controller expanded the disk to.
    pub size_gib: u32,
    /// What pods see: the filesystem, which only a node grows.
    pub filesystem_gib: u32,
    /// What the claim asks for.
    pub request_gib: u32,
    pub resize: Option<Resize>,
    pub mode: AccessMode,
    pub zone: Option<String>,
    /// The nodes it is attached to.
    pub attached: Vec<String>,
    /// How many pods see it.
    pub pods: usize,
}

pub fn claim(state: &State) -> Option<ClaimView> {
    state.claims.contains_key(DEMO_CLAIM).then(|| ClaimView {
        volume: state.volume_for(DEMO_CLAIM).map(|v| VolumeView {
            name: v.name.clone(),
            size_gib: v.size_gib,
            filesystem_gib: v.filesystem_gib,
            request_gib: state.claims[DEMO_CLAIM].spec.size_gib,
            resize: state.claims[DEMO_CLAIM].resize,
            mode: v.mode,
            zone: v.zone.clone(),
            attached: v.attached.iter().cloned().collect(),
            pods: v.mounts.len(),
        }),
    })
}

/// Red after a refusal or while a volume is stuck on a dead node; green while pods see it.
pub fn tone(session: &CsiSession) -> Tone {
    let state = &session.state;
    let volume = state.volume_for(DEMO_CLAIM);
    let stuck = volume.is_some_and(|v| v.attached.iter().any(|n| !state.nodes[n].responsive));
    if session.last_refusal().is_some() || stuck {
        Tone::Ng
    } else if volume.is_some_and(|v| !v.mounts.is_empty()) {
        Tone::Ok
    } else {
        Tone::Neutral
    }
}

pub fn released(state: &State) -> Vec<String> {
    state.volumes.values().filter(|v| v.phase == Phase::Released).map(|v| v.name.clone()).collect()
}

/// What the verdict line explains about the current state (a refusal is told by the model instead).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Situation {
    ClaimDeleted {
        released: bool,
    },
    NoVolumeYet {
        zoned: bool,
    },
    Unresponsive {
        node: String,
        volume: String,
    },
    /// The disk grew and the filesystem waits for a node: step 2 of an expansion.
    FileSystemPending {
        volume: String,
        disk_gib: u32,
        filesystem_gib: u32,
    },
    /// The driver could not grow the disk; the claim asks for more than the volume has.
    ResizeFailed {
        volume: String,
        request_gib: u32,
        size_gib: u32,
        /// What the claim has: a request may go back down, but only to more than this.
        filesystem_gib: u32,
        code: Code,
    },
    NotAttached {
        volume: String,
        zone: Option<String>,
    },
    AttachedNoPods {
        volume: String,
        nodes: Vec<String>,
    },
    Seen {
        volume: String,
        nodes: Vec<String>,
        pods: usize,
        mode: AccessMode,
    },
}

pub fn situation(state: &State, config: DemoConfig) -> Situation {
    let Some(claim) = claim(state) else {
        return Situation::ClaimDeleted { released: !released(state).is_empty() };
    };
    let Some(v) = claim.volume else {
        return Situation::NoVolumeYet { zoned: config.zoned };
    };
    if let Some(dead) = v.attached.iter().find(|n| !state.nodes[n.as_str()].responsive) {
        return Situation::Unresponsive { node: dead.clone(), volume: v.name };
    }
    match v.resize {
        Some(Resize::ControllerResizeInfeasible { code }) => {
            return Situation::ResizeFailed {
                volume: v.name,
                request_gib: v.request_gib,
                size_gib: v.size_gib,
                filesystem_gib: v.filesystem_gib,
                code,
            };
        }
        Some(Resize::FileSystemResizePending) => {
            return Situation::FileSystemPending {
                volume: v.name,
                disk_gib: v.size_gib,
                filesystem_gib: v.filesystem_gib,
            };
        }
        None => {}
    }
    if v.attached.is_empty() {
        Situation::NotAttached { volume: v.name, zone: v.zone }
    } else if v.pods == 0 {
        Situation::AttachedNoPods { volume: v.name, nodes: v.attached }
    } else {
        Situation::Seen { volume: v.name, nodes: v.attached, pods: v.pods, mode: v.mode }
    }
}

/// The CSI calls the last action made: who sent each, the call as a driver log shows it, and the
/// driver's answer.
pub fn csi_calls(session: &CsiSession) -> Vec<String> {
    session
        .last_events()
        .iter()
        .filter_map(|e| e.csi_call())
        .map(|c| format!("{}: {} → {}", c.caller.name(), c.render(), c.answer()))
        .collect()
}

/// The size the expand buttons ask for: the claim's request plus `more`.
pub fn expand_by(state: &State, more: u32) -> Action {
    let now = state.claims.get(DEMO_CLAIM).map_or(0, |c| c.spec.size_gib);
    Action::Expand { claim: DEMO_CLAIM.into(), size_gib: now.saturating_add(more) }
}

/// What a real cluster prints for the last action: events and refusals with exact wording only.
pub fn k8s_lines(session: &CsiSession) -> Vec<String> {
    match session.last_refusal() {
        Some(r) => r.k8s().map(|k| vec![format!("[{}] {k}", r.kind())]).unwrap_or_default(),
        None => session.last_events().iter().filter(|e| e.csi_call().is_none()).filter_map(|e| e.k8s()).collect(),
    }
}

pub fn nodes() -> [&'static str; 2] {
    DEMO_NODES
}

/// What a share link may hold for this demo: any settings, and any action. Every action of the
/// volume model costs little whatever its values (the pool caps sizes), so a link is as safe as
/// a reader's clicks.
pub const OFFERED: crate::demo::Offered<State, kubevol_sim::volumes::DemoConfig> = crate::demo::Offered {
    admits: |_| true,
    offers: |_| true,
    // 12 to 17 µs an action at 4x CPU (runs of scripts/link-cost.mjs) would allow about 3,000
    // in 50 ms; at about 4.3 characters an action, 1,800 is what fits a link's 8,000.
    max_actions: 1800,
};

/// Every setting this demo's controls offer (the chapter's and the settings fold's): a page's
/// scenario (`api.rs`) must start from what one of them sets up.
pub fn configs() -> Vec<DemoConfig> {
    use kubevol_sim::volumes::{Binding, Capabilities, Reclaim};
    let mut all = Vec::new();
    for mode in AccessMode::ALL {
        for binding in [Binding::Immediate, Binding::WaitForFirstConsumer] {
            for reclaim in [Reclaim::Delete, Reclaim::Retain] {
                // The five switches: zones, expansion, and the driver's three capabilities.
                for bits in 0..32u8 {
                    let on = |bit: u8| bits & (1 << bit) != 0;
                    let capabilities = Capabilities { stage_unstage: on(0), publish_unpublish: on(1), expand: on(2) };
                    all.push(DemoConfig { mode, binding, reclaim, zoned: on(3), allow_expansion: on(4), capabilities });
                }
            }
        }
    }
    all
}

/// A claim or a node the demo does not draw, named by an action of a page's scenario: the demo
/// shows its one claim on node-a and node-b, so an action elsewhere would happen out of sight.
pub fn unknown_name(setup: &Setup, action: &Action) -> Option<(&'static str, String)> {
    let known = |names: Vec<&str>| names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ");
    let claims: Vec<&str> = setup.claims.iter().map(|c| c.name.as_str()).collect();
    if let Some(claim) = action.claim().filter(|c| !claims.contains(c)) {
        let field = if matches!(action, Action::Request(_)) { "name" } else { "claim" };
        return Some((field, format!("unknown claim \"{claim}\" (this demo shows {})", known(claims))));
    }
    let node = match action {
        Action::Attach { node, .. }
        | Action::Mount { node, .. }
        | Action::Detach { node, .. }
        | Action::SetResponsive { node, .. }
        | Action::ForceDetach { node: Some(node), .. } => node,
        _ => return None,
    };
    let nodes: Vec<&str> = setup.nodes.iter().map(|n| n.name.as_str()).collect();
    (!nodes.contains(&node.as_str()))
        .then(|| ("node", format!("unknown node \"{node}\" (this demo has {})", known(nodes))))
}

/// The scenarios the page's script may open this demo at (`api.rs`).
pub const SCENARIOS: Scenarios<State, DemoConfig> = Scenarios {
    kind: DemoKind::Csi,
    offered: &OFFERED,
    start,
    configs,
    first: |_| DemoConfig::default(),
    names: unknown_name,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csi::text::{self, badge, verdict};
    use crate::lang::Lang;
    use kubevol_sim::volumes::{AccessMode, Binding, Reclaim};

    fn attach(node: &str) -> Action {
        Action::Attach { claim: DEMO_CLAIM.into(), node: node.into() }
    }

    fn mount(node: &str) -> Action {
        Action::Mount { claim: DEMO_CLAIM.into(), node: node.into(), pod: None }
    }

    #[test]
    fn the_opening_state_reads_like_the_book() {
        let s = start(DemoConfig::default());
        assert_eq!(badge(&s.state, Lang::Ja), "pv-1 ・ 未接続 ・ 0 個から見えている");
        assert_eq!(verdict(&s, DemoConfig::default(), Lang::Ja), "実体はあるが、まだどのノードにも繋がっていない");
        assert_eq!(s.log_lines(Lang::Ja)[0].text, "pv-1 を作った(20GiB、区画の指定なし、要求 data)");
        assert_eq!(tone(&s), Tone::Neutral);
        let wait = DemoConfig { binding: Binding::WaitForFirstConsumer, ..DemoConfig::default() };
        assert_eq!(badge(&start(wait).state, Lang::Ja), "実体はまだ無い");
    }

    #[test]
    fn shared_pods_turn_the_badge_green_and_a_refusal_turns_it_red() {
        let config = DemoConfig::default();
        let mut s = start(config);
        s.dispatch(attach("node-a"));
        s.dispatch(mount("node-a"));
        s.dispatch(mount("node-a"));
        assert_eq!(tone(&s), Tone::Ok);
        assert_eq!(badge(&s.state, Lang::En), "pv-1 · attached to node-a · seen by 2 pod(s)");
        assert_eq!(node_card(&s.state, "node-a").pods, ["web-1", "web-2"]);
        assert!(!s.dispatch(attach("node-b")));
        assert_eq!(tone(&s), Tone::Ng);
        let v = verdict(&s, config, Lang::En);
        assert!(v.starts_with("Refused: pv-1 is already attached to node-a"), "{v}");
        assert_eq!(
            k8s_lines(&s),
            ["[multi-attach] Multi-Attach error for volume \"pv-1\" Volume is already used by pod(s) web-1, web-2"]
        );
    }

    #[test]
    fn the_panels_show_the_last_actions_csi_calls_and_kubernetes_wording() {
        let config = DemoConfig { binding: Binding::WaitForFirstConsumer, zoned: true, ..DemoConfig::default() };
        let mut s = start(config);
        s.dispatch(attach("node-b"));
        let calls = csi_calls(&s);
        assert_eq!(calls.len(), 2);
        assert!(
            calls[0].starts_with(
                "external-provisioner: CreateVolume(volume_id=\"pv-1\", capacity=20Gi, accessible_topology=\"zone=zone-b\""
            ),
            "{}",
            calls[0]
        );
        assert!(calls[1].starts_with("external-attacher: ControllerPublishVolume(") && calls[1].ends_with(" → OK"));
        assert_eq!(
            k8s_lines(&s),
            ["Successfully provisioned volume pv-1", "AttachVolume.Attach succeeded for volume \"pv-1\""]
        );
    }

    #[test]
    fn expansion_reads_as_two_steps_and_a_failure_says_how_to_recover() {
        let config = DemoConfig::default();
        let mut s = start(config);
        assert!(s.dispatch(expand_by(&s.state, 10)));
        assert_eq!(csi_calls(&s), ["external-resizer: ControllerExpandVolume(volume_id=\"pv-1\", capacity=30Gi) → OK"]);
        assert!(verdict(&s, config, Lang::En).contains("FileSystemResizePending"));
        assert_eq!(
            text::volume_line(&s.state, Lang::En),
            "claim data · volume pv-1 (asks 30GiB · disk 30GiB · pods see 20GiB, ReadWriteOnce, no zone)"
        );
        s.dispatch(Action::Attach { claim: DEMO_CLAIM.into(), node: "node-a".into() });
        s.dispatch(Action::Mount { claim: DEMO_CLAIM.into(), node: "node-a".into(), pod: None });
        assert!(csi_calls(&s)[1].starts_with("kubelet: NodeExpandVolume("));
        assert_eq!(text::volume_line(&s.state, Lang::En), "claim data · volume pv-1 (30GiB, ReadWriteOnce, no zone)");
        assert!(s.dispatch(expand_by(&s.state, 100)));
        assert_eq!(
            csi_calls(&s),
            ["external-resizer: ControllerExpandVolume(volume_id=\"pv-1\", capacity=130Gi) → OUT_OF_RANGE (11)"]
        );
        assert!(verdict(&s, config, Lang::Ja).contains("ControllerResizeInfeasible"));
    }

    #[test]
    fn an_unresponsive_node_is_named_in_the_verdict() {
        let config = DemoConfig::default();
        let mut s = start(config);
        s.dispatch(attach("node-a"));
        s.dispatch(Action::SetResponsive { node: "node-a".into(), responsive: false });
        assert!(verdict(&s, config, Lang::Ja).starts_with("node-a が応答しない"));
        assert_eq!(tone(&s), Tone::Ng);
    }

    #[test]
    fn retain_keeps_a_released_volume_listed() {
        let config = DemoConfig { reclaim: Reclaim::Retain, mode: AccessMode::ReadWriteMany, ..DemoConfig::default() };
        let mut s = start(config);
        assert!(s.dispatch(Action::DeleteClaim { claim: DEMO_CLAIM.into() }));
        assert_eq!(released(&s.state), ["pv-1"]);
        assert_eq!(badge(&s.state, Lang::Ja), "要求は消えた");
        assert!(s.dispatch(request_again(config)));
        assert_eq!(badge(&s.state, Lang::Ja), "pv-2 ・ 未接続 ・ 0 個から見えている");
    }
}
