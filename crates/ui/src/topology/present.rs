//! What the topology demo shows, computed from the session, in both its faces: the scenarios, the
//! cluster's zones, nodes, pods and claims. What only one face reads out is in `chapter/present.rs`
//! or `articles/present.rs`. No Leptos here, so it is tested natively (both faces' tests are here).

use kubevol_sim::scheduling::FailedScheduling;
use kubevol_sim::topology::{
    Action, Binding, Chapter, Custom, NodeSpec, Phase, Pod, Preset, State, WhenUnsatisfiable, ZONE_LABEL,
};

use crate::api::Scenarios;
use crate::demo::DemoKind;
use crate::session::Session;

pub type TopoSession = Session<State>;

/// Where the demo starts from: one of the articles' scenarios, the book's chapter, or the free
/// controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scenario {
    Preset(Preset),
    Chapter(Chapter),
    Custom(Custom),
}

/// The topology chapter's first demo, the spread trap: where a placeholder without a preset opens.
impl Default for Scenario {
    fn default() -> Scenario {
        Scenario::Preset(Preset::SpreadTrap)
    }
}

// A share link carries the scenario the session started from.
kubevol_sim::compact_enum!(Scenario { 0 => Preset(preset), 1 => Chapter(chapter), 2 => Custom(custom) });

/// What a share link may hold for this demo: the scenarios its controls offer, and the actions its
/// buttons make (a step, a run, losing a zone or a node, and what a lost node's buttons do).
pub const OFFERED: crate::demo::Offered<State, Scenario> = crate::demo::Offered {
    admits: Scenario::admits,
    offers: |action| {
        matches!(
            action,
            Action::Step
                | Action::Run { max: 100 }
                | Action::FailZone { .. }
                | Action::FailNode { .. }
                | Action::ForceDeletePod { .. }
                | Action::DeleteNode { .. }
                | Action::RecoverNode { .. }
        )
    },
    // 25 to 45 µs an action at 4x CPU over four runs of scripts/link-cost.mjs (a run of the
    // chapter's nine pods after each loss): 1,100 replay in at most about 50 ms.
    max_actions: 1100,
};

/// The `data-preset` (and preset button) of the book's topology chapter.
pub const CHAPTER_CODE: &str = "spread";

/// What the scenario control offers: each article's scenario, the book's chapter, or the free
/// controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    Preset(Preset),
    Chapter,
    Custom,
}

impl Pick {
    /// Every pick, in the order the control shows them.
    pub fn all() -> Vec<Pick> {
        let mut all: Vec<Pick> = Preset::ALL.into_iter().map(Pick::Preset).collect();
        all.extend([Pick::Chapter, Pick::Custom]);
        all
    }

    /// The button's `data-value`, and for all but Custom the page's `data-preset`.
    pub fn code(self) -> &'static str {
        match self {
            Pick::Preset(p) => p.code(),
            Pick::Chapter => CHAPTER_CODE,
            Pick::Custom => "custom",
        }
    }
}

impl Scenario {
    pub fn pick(self) -> Pick {
        match self {
            Scenario::Preset(p) => Pick::Preset(p),
            Scenario::Chapter(_) => Pick::Chapter,
            Scenario::Custom(_) => Pick::Custom,
        }
    }

    /// The scenario a pick starts; Custom starts from what the free controls show now.
    pub fn picked(self, pick: Pick) -> Scenario {
        match pick {
            Pick::Preset(p) => Scenario::Preset(p),
            Pick::Chapter => Scenario::Chapter(Chapter::default()),
            Pick::Custom => Scenario::Custom(self.custom()),
        }
    }

    /// The scenario a page's `data-preset` names, if this demo has it.
    pub fn from_code(code: &str) -> Option<Scenario> {
        if code == CHAPTER_CODE {
            return Some(Scenario::Chapter(Chapter::default()));
        }
        Preset::ALL.into_iter().find(|p| p.code() == code).map(Scenario::Preset)
    }

    /// Every `data-preset` this demo knows.
    pub fn preset_codes() -> Vec<&'static str> {
        let mut codes: Vec<&str> = Preset::ALL.iter().map(|p| p.code()).collect();
        codes.push(CHAPTER_CODE);
        codes
    }

    /// The same, for the message about one it does not know.
    pub fn codes() -> String {
        Scenario::preset_codes().join(", ")
    }

    /// Whether the demo's controls offer this scenario: a share link may hold no other.
    pub fn admits(&self) -> bool {
        match self {
            Scenario::Preset(_) => true,
            Scenario::Chapter(c) => {
                MAX_SKEWS.iter().any(|(n, _)| *n == c.max_skew) && POD_COUNTS.iter().any(|(n, _)| *n == c.pods)
            }
            Scenario::Custom(c) => REPLICAS.iter().any(|(n, _)| *n == c.replicas),
        }
    }

    /// The free controls' values: the custom ones, or the defaults while a preset is shown.
    pub fn custom(self) -> Custom {
        match self {
            Scenario::Custom(c) => c,
            Scenario::Preset(_) | Scenario::Chapter(_) => Custom::default(),
        }
    }

    /// The chapter's controls: its values, or the book's defaults elsewhere.
    pub fn chapter(self) -> Chapter {
        match self {
            Scenario::Chapter(c) => c,
            _ => Chapter::default(),
        }
    }
}

/// The chapter's numbers a reader can pick: maxSkew, and how many pods.
pub const MAX_SKEWS: [(u32, &str); 3] = [(1, "1"), (2, "2"), (6, "6")];
pub const POD_COUNTS: [(u32, &str); 3] = [(3, "3"), (6, "6"), (9, "9")];
/// How many replicas the free controls offer.
pub const REPLICAS: [(u32, &str); 6] = [(1, "1"), (2, "2"), (3, "3"), (4, "4"), (5, "5"), (6, "6")];

/// A fresh session. The chapter's pods are placed at once, as the book's demo shows them.
pub fn start(scenario: Scenario) -> TopoSession {
    let setup = match scenario {
        Scenario::Preset(p) => p.setup(),
        Scenario::Chapter(c) => c.setup(),
        Scenario::Custom(c) => c.setup(),
    };
    let mut session = Session::start(&setup).unwrap_or_else(|_| unreachable!("the demo's setups are valid"));
    if matches!(scenario, Scenario::Chapter(_)) {
        session.dispatch(Action::Run { max: 100 });
        session.keep_as_start();
    }
    session
}

/// The pods on lost nodes, Unknown or Terminating, in creation order.
pub fn stranded(s: &State) -> Vec<String> {
    s.pods
        .values()
        .filter(|p| matches!(s.phase(p), Phase::Unknown | Phase::Terminating))
        .map(|p| p.name.clone())
        .collect()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeView {
    pub name: String,
    /// Its first taint that keeps pods off, as `kubectl describe node` writes it.
    pub taint: Option<String>,
    /// Lost by a failure (the unreachable taint).
    pub down: bool,
    /// Labels besides hostname and zone, as `key=value`.
    pub labels: Vec<String>,
    pub pods: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneView {
    pub zone: Option<String>,
    /// Whether the storage can create volumes here at all.
    pub storage: bool,
    pub nodes: Vec<NodeView>,
    /// `pv ← claim` for every volume whose affinity is this zone.
    pub volumes: Vec<(String, String)>,
}

/// The zones to draw, in order: every zone a node or a volume names, then the nodes and volumes
/// without a zone under the empty name (as their column's `data-zone=""` says).
pub fn zone_keys(s: &State) -> Vec<String> {
    let mut zones = s.zones();
    if s.nodes.values().any(|n| n.zone.is_none()) || s.pvs.values().any(|v| v.zone.is_none()) {
        zones.push(String::new());
    }
    zones
}

pub fn zone(s: &State, key: &str) -> ZoneView {
    let zone = (!key.is_empty()).then(|| key.to_string());
    ZoneView {
        storage: s.storage_zones.is_empty() || zone.as_ref().is_some_and(|z| s.storage_zones.contains(z)),
        nodes: s.nodes.values().filter(|n| n.zone == zone).map(|n| node_view(s, n)).collect(),
        volumes: s.pvs.values().filter(|v| v.zone == zone).map(|v| (v.name.clone(), v.claim.clone())).collect(),
        zone,
    }
}

pub fn zones(s: &State) -> Vec<ZoneView> {
    zone_keys(s).iter().map(|z| zone(s, z)).collect()
}

/// The node `name`, if the cluster has it.
pub fn node(s: &State, name: &str) -> Option<NodeView> {
    s.nodes.get(name).map(|n| node_view(s, n))
}

fn node_view(s: &State, n: &NodeSpec) -> NodeView {
    NodeView {
        name: n.name.clone(),
        taint: n.untolerated_taint().map(|t| t.written()),
        down: n.is_down(),
        labels: n.labels.iter().filter(|(k, _)| k.as_str() != ZONE_LABEL).map(|(k, v)| format!("{k}={v}")).collect(),
        pods: s.pods_on(&n.name).into_iter().map(|p| p.name.clone()).collect(),
    }
}

/// A Pending pod as the picture draws it: in the column it wants, crossed once the scheduler has
/// refused it, with the zone its volume holds it to when that is another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wanting {
    pub pod: String,
    /// The column's zone key (`zone_keys`).
    pub zone: String,
    pub refused: bool,
    pub held: Option<String>,
}

/// Every Pending pod, in the scheduler's queue order. The column it wants is that of the first
/// node its nodeSelector and tolerations let it onto (else of the first its nodeSelector names):
/// where it would run, were it not for its volume or the spread.
pub fn wanting(s: &State) -> Vec<Wanting> {
    s.pending_pods()
        .into_iter()
        .map(|pod| {
            let fits = |n: &&NodeSpec| n.matches(&pod.node_selector);
            let node = s.nodes.values().filter(fits).find(|n| n.untolerated_taint().is_none());
            let zone = node.or_else(|| s.nodes.values().find(fits)).and_then(|n| n.zone.clone()).unwrap_or_default();
            Wanting { held: held(s, pod, &zone), pod: pod.name.clone(), zone, refused: pod.failed_scheduling.is_some() }
        })
        .collect()
}

/// The zone a pod's volume holds it to, when it is not `zone`: its bound volume's, or, before it is
/// bound, the first its class may provision into, where it may not provision into `zone`.
fn held(s: &State, pod: &Pod, zone: &str) -> Option<String> {
    let claim = s.pvcs.get(pod.claim.as_ref()?)?;
    match &claim.volume {
        Some(pv) => s.pvs.get(pv)?.zone.clone().filter(|z| z != zone),
        None if !s.provisionable(&claim.class, Some(zone)) => {
            s.nodes.values().filter_map(|n| n.zone.clone()).find(|z| s.provisionable(&claim.class, Some(z)))
        }
        None => None,
    }
}

/// Whether a StorageClass of the cluster may provision into `zone` (its allowedTopologies, within
/// the zones the storage reaches): the picture shades those zones.
pub fn provisions_into(s: &State, zone: &str) -> bool {
    !zone.is_empty() && s.classes.keys().any(|c| s.provisionable(c, Some(zone)))
}

/// The zones that hold the zone spread's minimum, as the scheduler counts it (for the first pod
/// with a spread over zones: a StatefulSet's pods all count alike); none while every zone counts
/// the same.
pub fn least_zones(s: &State) -> Vec<String> {
    let Some(pod) = s.pods.values().find(|p| p.spread.as_ref().is_some_and(|sp| sp.topology_key == ZONE_LABEL)) else {
        return Vec::new();
    };
    let counts = s.spread_counts(pod);
    let (least, most) = counts.values().fold((usize::MAX, 0), |(l, m), n| (l.min(*n), m.max(*n)));
    counts.iter().filter(|(_, n)| **n == least && least < most).map(|(z, _)| z.clone()).collect()
}

/// How a pod reads on its chip: running, or where it is stuck. `None` once it is gone.
pub fn phase(s: &State, pod: &str) -> Option<Phase> {
    s.pods.get(pod).map(|p| s.phase(p))
}

/// The `data-phase` of a pod chip.
pub fn phase_code(phase: Phase) -> &'static str {
    match phase {
        Phase::Pending => "pending",
        Phase::Running => "running",
        Phase::Unknown => "unknown",
        Phase::Terminating => "terminating",
    }
}

/// Pending pods in the scheduler's queue order, with the message of their last failed attempt.
pub fn pending(s: &State) -> Vec<(String, Option<String>)> {
    s.pending_pods().into_iter().map(|p| (p.name.clone(), p.message())).collect()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvcView {
    pub name: String,
    /// The volume it is bound to, and that volume's zone.
    pub volume: Option<String>,
    pub zone: Option<String>,
    pub selected_node: Option<String>,
    /// The claim's current event in the k8s voice (WaitForFirstConsumer's, while it waits).
    pub event: Option<String>,
}

pub fn pvcs(s: &State) -> Vec<PvcView> {
    s.pvcs
        .values()
        .map(|c| {
            let waiting = c.volume.is_none() && s.classes[&c.class].binding == Binding::WaitForFirstConsumer;
            PvcView {
                name: c.name.clone(),
                volume: c.volume.clone(),
                zone: c.volume.as_ref().and_then(|v| s.pvs[v].zone.clone()),
                selected_node: c.selected_node.clone(),
                // The Event's own words, not the event told in the k8s voice: that would bring
                // every event's cluster wording into the first load.
                event: if waiting {
                    Some(kubevol_kubectl::WAITING_FOR_FIRST_CONSUMER.to_string())
                } else {
                    c.problem.map(|p| p.reason().to_string())
                },
            }
        })
        .collect()
}

/// The first pod the scheduler refused, with its FailedScheduling message: both faces' badges turn
/// red on it.
pub(super) fn stuck(s: &State) -> Option<(String, FailedScheduling)> {
    s.pending_pods().into_iter().find_map(|p| p.failed_scheduling.clone().map(|f| (p.name.clone(), f)))
}

/// Every scenario this demo's controls offer: a page's scenario (`api.rs`) must start from what
/// one of them sets up.
pub fn configs() -> Vec<Scenario> {
    use kubevol_sim::topology::{AllowedZones, PodManagementPolicy, SpreadKey, TaintsPolicy};
    let mut all: Vec<Scenario> = Preset::ALL.into_iter().map(Scenario::Preset).collect();
    for (max_skew, _) in MAX_SKEWS {
        for (pods, _) in POD_COUNTS {
            for key in SpreadKey::ALL {
                for when in WhenUnsatisfiable::ALL {
                    all.push(Scenario::Chapter(Chapter { max_skew, pods, key, when }));
                }
            }
        }
    }
    for binding in [Binding::Immediate, Binding::WaitForFirstConsumer] {
        for allowed in [AllowedZones::Both, AllowedZones::Room1, AllowedZones::Room2] {
            for (replicas, _) in REPLICAS {
                for policy in [PodManagementPolicy::OrderedReady, PodManagementPolicy::Parallel] {
                    for taints_policy in [TaintsPolicy::Ignore, TaintsPolicy::Honor] {
                        for bits in 0..4u8 {
                            let (spread, node_selector) = (bits & 1 != 0, bits & 2 != 0);
                            let custom =
                                Custom { binding, allowed, replicas, policy, spread, node_selector, taints_policy };
                            all.push(Scenario::Custom(custom));
                        }
                    }
                }
            }
        }
    }
    all
}

/// A node or a zone the scenario's cluster does not have, named by an action of a page's
/// scenario.
pub fn unknown_name(setup: &kubevol_sim::topology::Setup, action: &Action) -> Option<(&'static str, String)> {
    let list = |names: Vec<&str>| names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ");
    let nodes: Vec<&str> = setup.nodes.iter().map(|n| n.name.as_str()).collect();
    let mut zones: Vec<&str> = setup.nodes.iter().filter_map(|n| n.zone.as_deref()).collect();
    zones.dedup();
    match action {
        Action::FailNode { node } | Action::DeleteNode { node } | Action::RecoverNode { node }
            if !nodes.contains(&node.as_str()) =>
        {
            Some(("node", format!("unknown node \"{node}\" (this cluster has {})", list(nodes))))
        }
        Action::FailZone { zone } if !zones.contains(&zone.as_str()) => {
            Some(("zone", format!("unknown zone \"{zone}\" (this cluster has {})", list(zones))))
        }
        _ => None,
    }
}

/// The scenarios the page's script may open this demo at (`api.rs`).
pub const SCENARIOS: Scenarios<State, Scenario> = Scenarios {
    kind: DemoKind::Topology,
    offered: &OFFERED,
    start,
    configs,
    first: |preset| preset.and_then(Scenario::from_code).unwrap_or_default(),
    names: unknown_name,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::shell::Tone;
    use crate::topology::articles::present::{tone, why, Why};
    use crate::topology::articles::text::{badge, verdict};
    use crate::topology::chapter::present::{survival, tone as chapter_tone, worst_zone, zone_counts};
    use crate::topology::chapter::text as chapter;
    use crate::topology::text::pvc_status;
    use kubevol_sim::topology::Action;

    fn chapter_badge(s: &State, c: Chapter, lang: Lang) -> String {
        chapter::badge(s, c, lang)
    }

    fn chapter_verdict(s: &TopoSession, c: Chapter, lang: Lang) -> String {
        chapter::verdict(s, c, lang)
    }

    /// A claim's line as the Claims list shows it.
    struct Status {
        status: String,
        selected_node: Option<String>,
        event: Option<String>,
    }

    fn claims(s: &State, lang: Lang) -> Vec<Status> {
        pvcs(s)
            .into_iter()
            .map(|c| Status {
                status: pvc_status(lang, c.volume.as_deref(), c.zone.as_deref()),
                selected_node: c.selected_node,
                event: c.event,
            })
            .collect()
    }

    #[test]
    fn the_spread_trap_is_explained_and_turns_the_badge_red() {
        let mut s = start(Scenario::Preset(Preset::SpreadTrap));
        assert_eq!(
            verdict(&s, Lang::Ja),
            "まだ何も置いていない。「1周期進める」でコントローラとスケジューラが1回ずつ動く"
        );
        s.dispatch(Action::Run { max: 50 });
        assert_eq!(badge(&s.state, Lang::Ja), "動いている 2 ・ Pending 1");
        assert_eq!(tone(&s), Tone::Ng);
        assert!(verdict(&s, Lang::En)
            .starts_with("ss-zone-constrained-2 stays Pending: kitchen, which holds only the tainted m1"));
        let pending = pending(&s.state);
        assert_eq!(pending.len(), 1);
        assert!(pending[0].1.as_deref().unwrap().ends_with("2 node(s) didn't match pod topology spread constraints."));
        let zones = zones(&s.state);
        assert_eq!(zones.iter().map(|z| z.zone.clone().unwrap()).collect::<Vec<_>>(), ["kitchen", "room1", "room2"]);
        assert!(!zones[0].storage && zones[0].nodes[0].taint.is_some());
        assert_eq!(zones[1].nodes[0].pods, ["ss-zone-constrained-0"]);
        assert_eq!(zones[1].volumes, [("pv-1".to_string(), "myvol-ss-zone-constrained-0".to_string())]);
    }

    #[test]
    fn the_fixed_spread_reports_every_pod_running() {
        let mut s = start(Scenario::Preset(Preset::SpreadFixedBySelector));
        s.dispatch(Action::Run { max: 50 });
        assert_eq!(tone(&s), Tone::Ok);
        assert_eq!(verdict(&s, Lang::En), "All 6 pods run (3 on w1, 3 on w2); every volume sits in its pod's zone");
    }

    #[test]
    fn a_waiting_claim_shows_the_real_event_until_it_is_bound() {
        let mut s = start(Scenario::Preset(Preset::WaitForFirstConsumer));
        let before = claims(&s.state, Lang::Ja);
        assert_eq!(before[0].status, "Pending");
        assert_eq!(before[0].event.as_deref(), Some("waiting for first consumer to be created before binding"));
        s.dispatch(Action::Step);
        let after = claims(&s.state, Lang::Ja);
        assert_eq!(after[0].status, "Bound → pv-1(区画 room1)");
        assert_eq!(after[0].selected_node.as_deref(), Some("w1"));
        assert_eq!(after[0].event, None);
    }

    #[test]
    fn the_book_chapter_starts_placed_and_reads_out_what_survives() {
        let chapter = Chapter::default();
        let mut s = start(Scenario::Chapter(chapter));
        assert_eq!(chapter_badge(&s.state, chapter, Lang::Ja), "偏り 0 ・ 1区画を失うと 4/6 残る");
        assert_eq!(chapter_badge(&s.state, chapter, Lang::En), "skew 0 · losing a zone keeps 4/6");
        assert_eq!(chapter_tone(&s, chapter), Tone::Ok);
        assert_eq!(
            chapter_verdict(&s, chapter, Lang::En),
            "Spread across zones: losing any one zone still leaves 4, a majority"
        );
        let survival = survival(&s.state);
        assert_eq!((survival.zone_skew, survival.node_skew), (0, 0));
        assert_eq!(survival.node_loss.map(|l| l.survivors), Some(5));
        // Losing a zone: its pods stay there, unknown, and the set does not replace them.
        s.dispatch(Action::FailZone { zone: "zone-a".into() });
        assert_eq!(stranded(&s.state), ["web-0", "web-3"]);
        assert!(chapter_verdict(&s, chapter, Lang::En).starts_with("web-0, web-3: unknown on a lost node"));
        assert!(chapter_verdict(&s, chapter, Lang::Ja).contains("StatefulSet は同じ名前の Pod を作らない"));
        s.dispatch(Action::Run { max: 50 });
        assert_eq!(chapter_tone(&s, chapter), Tone::Ng);
        assert!(chapter_verdict(&s, chapter, Lang::En).contains("Evicted after 300 s, they stay Terminating"));
        assert_eq!(chapter_badge(&s.state, chapter, Lang::En), "skew 2 · losing a zone keeps 2/6");
        assert_eq!(phase(&s.state, "web-0").map(phase_code), Some("terminating"));
        // Force deleted, under DoNotSchedule the new pod stays Pending: the lost zone still counts.
        s.dispatch(Action::ForceDeletePod { pod: "web-0".into() });
        s.dispatch(Action::Run { max: 50 });
        assert!(chapter_verdict(&s, chapter, Lang::En).starts_with("web-0 stays Pending: the lost zone still counts"));
        // Both nodes of the zone removed: it is no longer a domain, and the pods go elsewhere.
        s.dispatch(Action::DeleteNode { node: "zone-a-1".into() });
        s.dispatch(Action::DeleteNode { node: "zone-a-2".into() });
        s.dispatch(Action::Run { max: 50 });
        assert_eq!(chapter_badge(&s.state, chapter, Lang::En), "skew 0 · losing a zone keeps 3/6");
        assert_eq!(zone_keys(&s.state), ["zone-b", "zone-c"]);
    }

    #[test]
    fn a_loose_max_skew_is_called_loose_and_a_page_preset_is_parsed() {
        let chapter = Chapter { max_skew: 6, pods: 3, ..Chapter::default() };
        let s = start(Scenario::Chapter(chapter));
        assert!(chapter_verdict(&s, chapter, Lang::En).starts_with("maxSkew 6 is loose for 3 pods"));
        assert_eq!(chapter_badge(&s.state, chapter, Lang::En), "skew 2 · losing a zone keeps 1/3");
        assert_eq!(Scenario::from_code("spread"), Some(Scenario::Chapter(Chapter::default())));
        assert_eq!(Scenario::from_code("spread-trap"), Some(Scenario::Preset(Preset::SpreadTrap)));
        assert_eq!(Scenario::from_code("sprea"), None);
        assert!(Scenario::codes().ends_with("rwop, spread"), "{}", Scenario::codes());
    }

    #[test]
    fn every_pick_is_a_page_preset_and_the_chapter_defaults_are_offered() {
        let start = Scenario::Preset(Preset::SpreadTrap);
        for pick in Pick::all() {
            assert_eq!(start.picked(pick).pick(), pick);
            if pick != Pick::Custom {
                assert_eq!(Scenario::from_code(pick.code()).map(Scenario::pick), Some(pick), "{pick:?}");
            }
        }
        let c = Chapter::default();
        assert!(MAX_SKEWS.iter().any(|(n, _)| *n == c.max_skew));
        assert!(POD_COUNTS.iter().any(|(n, _)| *n == c.pods));
        assert!(REPLICAS.iter().any(|(n, _)| *n == Custom::default().replicas));
    }

    #[test]
    fn every_reason_maps_to_an_explanation() {
        for (preset, want) in [
            (Preset::ConflictingSelector, Why::NoVolumeHere),
            (Preset::ReadWriteOncePod, Why::Rwop),
            (Preset::SpreadTrap, Why::Spread),
        ] {
            let mut s = start(Scenario::Preset(preset));
            s.dispatch(Action::Run { max: 50 });
            let (_, message) = stuck(&s.state).expect("a pod is stuck");
            assert_eq!(why(&message), want, "{preset:?}: {}", message.message());
        }
    }

    #[test]
    fn the_chapters_bars_are_the_skews_counts_and_the_worst_zone_is_marked() {
        let mut s = start(Scenario::Chapter(Chapter::default()));
        assert_eq!(zone_counts(&s.state), [("zone-a".into(), 2), ("zone-b".into(), 2), ("zone-c".into(), 2)]);
        s.dispatch(Action::FailZone { zone: "zone-a".into() });
        assert_eq!(zone_counts(&s.state)[0], ("zone-a".into(), 0), "a lost zone's pods are not counted as running");
        assert_eq!(worst_zone(&s.state).as_deref(), Some("zone-b"));
        let bars = crate::topology::picture::bars(&s.state, Lang::En);
        assert!(
            bars.starts_with(
                "<title>Pods per zone</title><desc>zone-a: 0, zone-b: 2, zone-c: 2. losing it costs most: \
                 zone-b</desc>"
            ),
            "{bars}"
        );
        assert!(bars.contains("<g data-zone=\"zone-b\" data-count=\"2\" class=\"kv-worst\">"), "{bars}");
        assert!(
            bars.contains(
                "<g data-zone=\"zone-a\" data-count=\"0\"><rect x=\"8\" y=\"42\" width=\"36\" height=\"0\"/>"
            ),
            "{bars}"
        );
    }

    /// The articles' map (picture.rs `cluster`): what it draws for the scenarios the issue names.
    #[test]
    fn the_map_draws_each_scenarios_refusal_where_the_reader_looks_for_it() {
        use crate::topology::picture::cluster;
        let at = |preset, steps: u32| {
            let mut s = start(Scenario::Preset(preset));
            s.dispatch(Action::Run { max: steps });
            s.state
        };
        // conflict: Pending where its nodeSelector sends it (w1, room1), refused, and a crossed
        // line to room2, the only zone its class may provision into; one line per refusing node.
        let s = at(Preset::ConflictingSelector, 5);
        assert_eq!(
            wanting(&s),
            [Wanting { pod: "pv-zoned-pod".into(), zone: "room1".into(), refused: true, held: Some("room2".into()) }]
        );
        let map = cluster(&s, Lang::En);
        assert!(
            map.contains(
                "<g data-edge=\"schedule\" data-from=\"pv-zoned-pod\" data-to=\"room2\" class=\"kv-refused\" \
                 data-refused=\"\">"
            ),
            "{map}"
        );
        assert!(map.contains("<g data-pod=\"pv-zoned-pod\" class=\"kv-wants\" data-refused=\"\">"), "{map}");
        let line = |node: &str, said: &str| {
            format!("<p class=\"kv-refusal\" data-node=\"{node}\" data-refused=\"\">{said}</p>")
        };
        assert!(map.contains(&line("m1", "m1: pv-zoned-pod: node(s) had untolerated taint(s)")), "{map}");
        let w1 = "w1: pv-zoned-pod: node(s) didn't find available persistent volumes to bind";
        assert!(map.contains(&line("w1", w1)));
        assert!(map.contains(&line("w2", "w2: pv-zoned-pod: node(s) didn't match Pod's node affinity/selector")));
        // allowed: only room2 shaded, and the volume there bound to its pod's claim.
        let s = at(Preset::AllowedTopologies, 5);
        let shaded: Vec<String> = zone_keys(&s).into_iter().filter(|z| provisions_into(&s, z)).collect();
        assert_eq!(shaded, ["room2"]);
        let map = cluster(&s, Lang::Ja);
        assert_eq!(map.matches("kv-col kv-allowed").count(), 1, "{map}");
        assert!(map.contains("<g data-zone=\"room2\"><rect class=\"kv-col kv-allowed\" x=\"67.1%\" y=\"0\""), "{map}");
        assert!(!map.contains("\"<"), "every tag is closed before the next: {map}");
        assert!(map.contains("<g data-edge=\"bind\" data-from=\"pv-1\" data-to=\"nas-zoned-vol1\""), "{map}");
        assert!(map.starts_with("<svg class=\"kv-map\" role=\"img\" width=\"100%\""), "{map}");
        assert!(map.contains("<title>区画ごとのクラスタ</title>"), "{map}");
        // spread-trap: the third pod Pending, kitchen (the tainted master's) holding the least, 0.
        let s = at(Preset::SpreadTrap, 50);
        assert_eq!(least_zones(&s), ["kitchen"]);
        let map = cluster(&s, Lang::En);
        assert!(map.contains("<text class=\"kv-least\" x=\"16.6%\" y=\"27\">spread's least</text>"), "{map}");
        assert_eq!(map.matches("kv-least").count(), 1, "only kitchen: {map}");
        assert!(map.contains("<g data-node=\"m1\" class=\"kv-tainted\">"), "{map}");
        let said = "kitchen, the spread's least. room1 (volumes may be created here). room2";
        assert!(map.contains(said), "{map}");
        assert!(map.contains("Pending ss-zone-constrained-2 wants room1, refused by the scheduler."), "{map}");
        assert!(map.contains(">w2: ss-zone-constrained-2: node(s) didn't match pod topology spread constraints</p>"));
        // A name from a page's scenario is escaped wherever the map writes it.
        let mut s = at(Preset::SpreadTrap, 0);
        s.nodes.get_mut("w1").unwrap().name = "<w1>".into();
        assert!(!cluster(&s, Lang::En).contains("<w1>"));
    }
}
