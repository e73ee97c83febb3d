//! What the CSI demo shows, computed from the session: no Leptos here, so it is tested natively.

use kubevol_sim::csi::{AccessMode, Action, Code, DemoConfig, Phase, Resize, Setup, State, DEMO_CLAIM, DEMO_NODES};

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

/// The cluster as the demo draws it: the disk in its zone (or between the nodes when storage has
/// no zone), the claim that points to it, which nodes it is attached to, and the line the last
/// action tried and was refused. Each node's box draws itself from its `NodeCard`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// Zones are on: each node's column is its zone's band.
    pub zoned: bool,
    /// The claim, while it exists.
    pub claim: Option<&'static str>,
    pub disk: Option<Disk>,
    /// Nodes the disk is attached to, and whether each still answers.
    pub attached: Vec<(&'static str, bool)>,
    pub tried: Option<Tried>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disk {
    pub name: String,
    /// The node column whose zone holds the disk; `None` draws it between the nodes.
    pub column: Option<usize>,
    pub size_gib: u32,
    /// What the pods see: less than `size_gib` while an expansion waits for a node.
    pub seen_gib: u32,
}

/// A line the reader's last action tried to draw, refused by the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tried {
    /// The disk to this node: Multi-Attach, another zone, a node that does not answer.
    Attach { node: &'static str },
    /// This node to a pod that was not allowed to see the disk (ReadWriteOncePod, for one).
    Mount { node: &'static str, pod: String },
}

pub fn picture(session: &CsiSession) -> Picture {
    let state = &session.state;
    let volume = state.volume_for(DEMO_CLAIM);
    let node = |name: &str| DEMO_NODES.into_iter().find(|n| *n == name);
    let disk = volume.map(|v| Disk {
        name: v.name.clone(),
        column: v.zone.as_ref().and_then(|z| DEMO_NODES.iter().position(|n| state.nodes[*n].zone.as_ref() == Some(z))),
        size_gib: v.size_gib,
        seen_gib: v.filesystem_gib,
    });
    let attached = volume
        .map(|v| v.attached.iter().filter_map(|n| node(n)).map(|n| (n, state.nodes[n].responsive)).collect())
        .unwrap_or_default();
    Picture {
        zoned: DEMO_NODES.iter().any(|n| state.nodes[*n].zone.is_some()),
        claim: state.claims.contains_key(DEMO_CLAIM).then_some(DEMO_CLAIM),
        tried: tried(session).filter(|_| disk.is_some()),
        disk,
        attached,
    }
}

/// The line a refused attach or mount would have drawn: the disk to a node it may not reach, or a
/// node to one pod too many.
fn tried(session: &CsiSession) -> Option<Tried> {
    use kubevol_sim::csi::Refusal;
    let refusal = session.last_refusal()?;
    let (_, actions) = session.history();
    let node = match actions.last()? {
        Action::Attach { node, .. } | Action::Mount { node, .. } => DEMO_NODES.into_iter().find(|n| n == node)?,
        _ => return None,
    };
    let state = &session.state;
    let attached = state.volume_for(DEMO_CLAIM).is_some_and(|v| v.attached.contains(node));
    match refusal {
        Refusal::RwopInUse { .. } if attached => {
            let pod = match actions.last()? {
                Action::Mount { pod: Some(pod), .. } => pod.clone(),
                _ => state.next_pod_name(),
            };
            Some(Tried::Mount { node, pod })
        }
        Refusal::MultiAttach { .. } | Refusal::ZoneConflict { .. } | Refusal::NodeUnresponsive { .. } if !attached => {
            Some(Tried::Attach { node })
        }
        _ => None,
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
    /// Deleted in use: pvc-protection keeps the claim until its pods and nodes let go.
    Terminating {
        pods: usize,
        nodes: Vec<String>,
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
    if state.claims[DEMO_CLAIM].terminating {
        return Situation::Terminating { pods: v.pods, nodes: v.attached };
    }
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
        // An event may stand for several Events (a provisioning's start and end): one a line.
        None => session
            .last_events()
            .iter()
            .filter(|e| e.csi_call().is_none())
            .filter_map(|e| e.k8s())
            .flat_map(|k| k.lines().map(str::to_string).collect::<Vec<_>>())
            .collect(),
    }
}

pub fn nodes() -> [&'static str; 2] {
    DEMO_NODES
}

/// What a share link may hold for this demo: any settings, and any action. Every action of the
/// CSI model costs little whatever its values (the pool caps sizes), so a link is as safe as
/// a reader's clicks.
pub const OFFERED: crate::demo::Offered<State, kubevol_sim::csi::DemoConfig> = crate::demo::Offered {
    admits: |_| true,
    offers: |_| true,
    // 12 to 17 µs an action at 4x CPU (runs of scripts/link-cost.mjs) would allow about 3,000
    // in 50 ms; at about 4.3 characters an action, 1,800 is what fits a link's 8,000.
    max_actions: 1800,
};

/// Every setting this demo's controls offer (the chapter's and the settings fold's): a page's
/// scenario (`api.rs`) must start from what one of them sets up.
pub fn configs() -> Vec<DemoConfig> {
    use kubevol_sim::csi::{Binding, Capabilities, Reclaim};
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
    use kubevol_sim::csi::{AccessMode, Binding, Reclaim};

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
                "external-provisioner: CreateVolume(volume_id=\"pv-1\", capacity=20Gi, accessible_topology=\"zone=zone-\
                    b\""
            ),
            "{}",
            calls[0]
        );
        assert!(calls[1].starts_with("external-attacher: ControllerPublishVolume(") && calls[1].ends_with(" → OK"));
        assert_eq!(
            k8s_lines(&s),
            [
                "External provisioner is provisioning volume for claim \"default/data\"",
                "Successfully provisioned volume pv-1",
                "AttachVolume.Attach succeeded for volume \"pv-1\""
            ]
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
    fn a_claim_deleted_in_use_reads_terminating_until_its_node_lets_go() {
        let config = DemoConfig::default();
        let mut s = start(config);
        s.dispatch(attach("node-a"));
        s.dispatch(Action::Mount { claim: DEMO_CLAIM.into(), node: "node-a".into(), pod: None });
        assert!(s.dispatch(Action::DeleteClaim { claim: DEMO_CLAIM.into() }));
        assert!(verdict(&s, config, Lang::En).starts_with("The claim is Terminating: 1 pod(s) use it"));
        s.dispatch(Action::UnmountAll { claim: DEMO_CLAIM.into() });
        assert!(verdict(&s, config, Lang::Ja).contains("node-a がまだ繋いでいる"));
        s.dispatch(Action::Detach { claim: DEMO_CLAIM.into(), node: "node-a".into() });
        assert_eq!(situation(&s.state, config), Situation::ClaimDeleted { released: false });
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

    #[test]
    fn the_picture_draws_attachments_and_the_line_a_refusal_tried() {
        let mut s = start(DemoConfig::default());
        let p = picture(&s);
        assert_eq!(p.claim, Some(DEMO_CLAIM));
        assert_eq!(
            p.disk.as_ref().map(|d| (d.name.as_str(), d.column, d.size_gib, d.seen_gib)),
            Some(("pv-1", None, 20, 20))
        );
        assert!(p.attached.is_empty() && p.tried.is_none() && !p.zoned);
        s.dispatch(attach("node-a"));
        s.dispatch(mount("node-a"));
        assert_eq!(picture(&s).attached, [("node-a", true)]);
        // Multi-Attach: the line to node-b is the one tried; the state keeps node-a's alone.
        assert!(!s.dispatch(attach("node-b")));
        assert_eq!(picture(&s).tried, Some(Tried::Attach { node: "node-b" }));
        assert_eq!(picture(&s).attached, [("node-a", true)]);
        // A refusal that tried no line (detaching a node a pod still uses) draws none.
        assert!(!s.dispatch(Action::Detach { claim: DEMO_CLAIM.into(), node: "node-a".into() }));
        assert_eq!(picture(&s).tried, None);
        // A node that stops answering keeps its line, drawn as a dead one.
        s.dispatch(Action::SetResponsive { node: "node-a".into(), responsive: false });
        assert_eq!(picture(&s).attached, [("node-a", false)]);
    }

    #[test]
    fn a_zoned_disk_sits_in_its_zones_column_and_rwop_refuses_a_mount_line() {
        let mut s = start(DemoConfig { zoned: true, mode: AccessMode::ReadWriteOncePod, ..DemoConfig::default() });
        let p = picture(&s);
        assert!(p.zoned);
        let column = p.disk.unwrap().column.expect("a zoned disk has its zone's column");
        let home = nodes()[column];
        s.dispatch(attach(home));
        s.dispatch(mount(home));
        assert!(!s.dispatch(mount(home)));
        assert_eq!(picture(&s).tried, Some(Tried::Mount { node: home, pod: "web-2".into() }));
        // The other zone's node: the disk cannot move there, the attach line it tried is refused.
        let away = nodes()[1 - column];
        assert!(!s.dispatch(attach(away)));
        assert_eq!(picture(&s).tried, Some(Tried::Attach { node: away }));
    }

    #[test]
    fn the_markup_follows_the_picture_and_escapes_what_a_link_names() {
        use crate::csi::picture::{pods, store, wires};
        let mut s = start(DemoConfig::default());
        s.dispatch(attach("node-a"));
        s.dispatch(Action::Mount { claim: DEMO_CLAIM.into(), node: "node-a".into(), pod: Some("web-9".into()) });
        assert!(!s.dispatch(attach("node-b")));
        let cards = nodes().map(|n| node_card(&s.state, n));
        let drawn = wires(&s.state, &picture(&s), &cards, Lang::En);
        assert!(drawn.starts_with("<title>The cluster</title><desc>claim data · volume pv-1"), "{drawn}");
        assert!(
            drawn.contains(
                "<g data-edge=\"attach\" data-from=\"pv-1\" data-to=\"node-a\" class=\"\"><line x1=\"50.\
            0%\" y1=\"0\" x2=\"25.0%\""
            ),
            "{drawn}"
        );
        assert!(
            drawn.contains(
                "data-to=\"node-b\" class=\"kv-refused\" data-refused=\"\"><line x1=\"50.0%\" y1=\"0\" x2=\"75.0%\""
            ),
            "{drawn}"
        );
        assert!(drawn.contains("<svg x=\"62.5%\" y=\"50%\""), "the cross halfway: {drawn}");
        assert!(store(&s.state, &picture(&s), Lang::Ja).contains("data-pv=\"pv-1\""));
        let chips = pods(&cards[0], Some("a<b"), "none");
        assert!(
            chips.contains("data-from=\"node-a\" data-to=\"web-9\"") && chips.contains("data-pod=\"a&lt;b\""),
            "{chips}"
        );
        assert_eq!(pods(&cards[1], None, "no pod sees it"), "<span class=\"kv-muted\">no pod sees it</span>");
    }
}
