//! What the topology demo shows, computed from the session: no Leptos here, so it is tested natively.

use kubevol_sim::topology::{
    app_labels, Action, Binding, Chapter, Custom, Loss, Preset, SpreadKey, State, WhenUnsatisfiable, HOSTNAME_LABEL,
    ZONE_LABEL,
};
use kubevol_sim::Tell;

use crate::i18n::{
    self,
    topo::{Situation, Why},
    Lang,
};
use crate::session::Session;
use crate::shell::Tone;

pub type TopoSession = Session<State>;

/// Where the demo starts from: one of the articles' scenarios, the book's chapter, or the free
/// controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scenario {
    Preset(Preset),
    Chapter(Chapter),
    Custom(Custom),
}

/// The `data-preset` (and preset button) of the book's topology chapter.
pub const CHAPTER_CODE: &str = "spread";

impl Scenario {
    pub fn code(self) -> &'static str {
        match self {
            Scenario::Preset(p) => p.code(),
            Scenario::Chapter(_) => CHAPTER_CODE,
            Scenario::Custom(_) => "custom",
        }
    }

    /// The scenario a page's `data-preset` names, if this demo has it.
    pub fn from_code(code: &str) -> Option<Scenario> {
        if code == CHAPTER_CODE {
            return Some(Scenario::Chapter(Chapter::default()));
        }
        Preset::ALL.into_iter().find(|p| p.code() == code).map(Scenario::Preset)
    }

    /// Every `data-preset` this demo knows, for the message about one it does not.
    pub fn codes() -> String {
        let mut codes: Vec<&str> = Preset::ALL.iter().map(|p| p.code()).collect();
        codes.push(CHAPTER_CODE);
        codes.join(", ")
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

/// The chapter's controls, `data-action` and `data-value` each: one table, so the view renders
/// all four with one piece of code.
pub const CHAPTER_CHOICES: [(&str, &[&str]); 4] = [
    ("max-skew", &["1", "2", "6"]),
    ("pods", &["3", "6", "9"]),
    ("key", &["zone", "hostname"]),
    ("when", &["DoNotSchedule", "ScheduleAnyway"]),
];

/// The value the control `action` shows for `c`.
pub fn chapter_value(c: Chapter, action: &str) -> &'static str {
    let number = |n: u32, values: &'static [&'static str]| values.iter().copied().find(|v| v.parse() == Ok(n));
    match action {
        "max-skew" => number(c.max_skew, CHAPTER_CHOICES[0].1).unwrap_or(""),
        "pods" => number(c.pods, CHAPTER_CHOICES[1].1).unwrap_or(""),
        "key" => match c.key {
            SpreadKey::Zone => "zone",
            SpreadKey::Hostname => "hostname",
        },
        _ => c.when.name(),
    }
}

/// `c` with the control `action` set to `value`; a value the control does not offer changes nothing.
pub fn chapter_with(mut c: Chapter, action: &str, value: &str) -> Chapter {
    match (action, value) {
        ("max-skew", v) => c.max_skew = v.parse().unwrap_or(c.max_skew),
        ("pods", v) => c.pods = v.parse().unwrap_or(c.pods),
        ("key", "zone") => c.key = SpreadKey::Zone,
        ("key", "hostname") => c.key = SpreadKey::Hostname,
        ("when", v) => c.when = WhenUnsatisfiable::ALL.into_iter().find(|w| w.name() == v).unwrap_or(c.when),
        _ => {}
    }
    c
}

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
    }
    session
}

/// The chapter's read-out: skew per key and the worst loss of a zone and of a node, over the web
/// pods that run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Survival {
    pub zone_skew: usize,
    pub node_skew: usize,
    pub zone_loss: Option<Loss>,
    pub node_loss: Option<Loss>,
}

pub fn survival(s: &State) -> Survival {
    let web = app_labels(Chapter::SET);
    Survival {
        zone_skew: s.skew(ZONE_LABEL, &web),
        node_skew: s.skew(HOSTNAME_LABEL, &web),
        zone_loss: s.worst_loss(ZONE_LABEL, &web),
        node_loss: s.worst_loss(HOSTNAME_LABEL, &web),
    }
}

/// The book's badge: the zone skew, and what losing the worst zone leaves of the pods wanted.
pub fn chapter_badge(s: &State, chapter: Chapter, lang: Lang) -> String {
    let survival = survival(s);
    let survivors = survival.zone_loss.map_or(0, |l| l.survivors);
    i18n::chapter::badge(lang, survival.zone_skew, survivors, chapter.pods as usize)
}

/// Green when losing any zone keeps a majority of the pods wanted, as the book colours it.
fn keeps_majority(s: &State, chapter: Chapter) -> bool {
    let survivors = survival(s).zone_loss.map_or(0, |l| l.survivors);
    chapter.pods > 0 && survivors * 2 >= chapter.pods as usize
}

/// The chapter's badge colour: green while losing any zone keeps a majority and nothing is stuck.
pub fn chapter_tone(session: &TopoSession, chapter: Chapter) -> Tone {
    let s = &session.state;
    if session.last_refusal().is_none() && stuck(s).is_none() && keeps_majority(s, chapter) {
        Tone::Ok
    } else {
        Tone::Ng
    }
}

pub fn chapter_verdict(session: &TopoSession, chapter: Chapter, lang: Lang) -> String {
    use i18n::chapter::Situation;
    if let Some(refusal) = session.last_refusal() {
        return format!("{}{}", i18n::REFUSED_PREFIX.get(lang), refusal.tell(lang.voice()));
    }
    let s = &session.state;
    if let Some(pod) = s.pending_pods().first().filter(|p| p.failed_scheduling.is_some()) {
        return i18n::chapter::verdict(lang, Situation::Refused { pod: &pod.name });
    }
    let Some(loss) = survival(s).zone_loss.filter(|l| l.of > 0) else {
        return i18n::chapter::verdict(lang, Situation::NothingRuns);
    };
    let situation = if chapter.when == WhenUnsatisfiable::DoNotSchedule && chapter.max_skew >= chapter.pods {
        Situation::Loose { max_skew: chapter.max_skew, pods: chapter.pods }
    } else if keeps_majority(s, chapter) {
        Situation::Spread { survivors: loss.survivors }
    } else {
        Situation::Bunched { lost: loss.of - loss.survivors }
    };
    i18n::chapter::verdict(lang, situation)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeView {
    pub name: String,
    pub tainted: bool,
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

pub fn zones(s: &State) -> Vec<ZoneView> {
    let mut zones: Vec<Option<String>> = s.zones().into_iter().map(Some).collect();
    if s.nodes.values().any(|n| n.zone.is_none()) || s.pvs.values().any(|v| v.zone.is_none()) {
        zones.push(None);
    }
    zones
        .into_iter()
        .map(|zone| ZoneView {
            storage: s.storage_zones.is_empty() || zone.as_ref().is_some_and(|z| s.storage_zones.contains(z)),
            nodes: s
                .nodes
                .values()
                .filter(|n| n.zone == zone)
                .map(|n| NodeView {
                    name: n.name.clone(),
                    tainted: n.untolerated_taint().is_some(),
                    down: n.is_down(),
                    labels: n
                        .labels
                        .iter()
                        .filter(|(k, _)| k.as_str() != ZONE_LABEL)
                        .map(|(k, v)| format!("{k}={v}"))
                        .collect(),
                    pods: s.pods_on(&n.name).into_iter().map(|p| p.name.clone()).collect(),
                })
                .collect(),
            volumes: s.pvs.values().filter(|v| v.zone == zone).map(|v| (v.name.clone(), v.claim.clone())).collect(),
            zone,
        })
        .collect()
}

/// Pending pods in the scheduler's queue order, with the message of their last failed attempt.
pub fn pending(s: &State) -> Vec<(String, Option<String>)> {
    s.pending_pods().into_iter().map(|p| (p.name.clone(), p.message())).collect()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvcView {
    pub name: String,
    pub status: String,
    pub selected_node: Option<String>,
    /// The claim's current event in the k8s voice (WaitForFirstConsumer's, while it waits).
    pub event: Option<String>,
}

pub fn pvcs(s: &State, lang: Lang) -> Vec<PvcView> {
    s.pvcs
        .values()
        .map(|c| {
            let zone = c.volume.as_ref().and_then(|v| s.pvs[v].zone.as_deref());
            let waiting = c.volume.is_none() && s.classes[&c.class].binding == Binding::WaitForFirstConsumer;
            PvcView {
                name: c.name.clone(),
                status: i18n::topo::pvc_status(lang, c.volume.as_deref(), zone),
                selected_node: c.selected_node.clone(),
                event: if waiting {
                    Some(
                        kubevol_sim::topology::Event::WaitingForFirstConsumer { pvc: c.name.clone() }
                            .tell(kubevol_sim::Voice::K8s),
                    )
                } else {
                    c.problem.clone()
                },
            }
        })
        .collect()
}

pub fn badge(s: &State, lang: Lang) -> String {
    i18n::topo::badge(lang, s.running(), s.pods.len() - s.running())
}

fn stuck(s: &State) -> Option<(String, String)> {
    s.pending_pods().into_iter().find_map(|p| p.message().map(|m| (p.name.clone(), m)))
}

/// Red while a pod is stuck with a FailedScheduling message (or after a refusal), green once every
/// pod runs, grey before and in between.
pub fn tone(session: &TopoSession) -> Tone {
    let s = &session.state;
    if session.last_refusal().is_some() || stuck(s).is_some() {
        Tone::Ng
    } else if !s.pods.is_empty() && s.pending_pods().is_empty() {
        Tone::Ok
    } else {
        Tone::Neutral
    }
}

/// Which rule the scheduler's message is about, most specific first.
pub fn why(message: &str) -> Why {
    if message.contains("topology spread") {
        Why::Spread
    } else if message.contains("ReadWriteOncePod") {
        Why::Rwop
    } else if message.contains("volume node affinity") {
        Why::VolumeAffinity
    } else if message.contains("persistent volumes to bind") {
        Why::NoVolumeHere
    } else if message.contains("affinity/selector") {
        Why::Selector
    } else {
        Why::Other
    }
}

pub fn verdict(session: &TopoSession, lang: Lang) -> String {
    if let Some(refusal) = session.last_refusal() {
        return format!("{}{}", i18n::REFUSED_PREFIX.get(lang), refusal.tell(lang.voice()));
    }
    let s = &session.state;
    if let Some((pod, message)) = stuck(s) {
        return i18n::topo::verdict(lang, Situation::Stuck { pod: &pod, why: why(&message) });
    }
    if s.now == 0 {
        return i18n::topo::verdict(lang, Situation::NotStarted);
    }
    let wanted: usize = s.sets.values().map(|set| set.replicas as usize).sum::<usize>()
        + s.pods.values().filter(|p| p.owner.is_none()).count();
    if s.pending_pods().is_empty() && s.pods.len() == wanted {
        let per_node: Vec<String> = s
            .nodes
            .keys()
            .map(|n| (n, s.pods_on(n).len()))
            .filter(|(_, count)| *count > 0)
            .map(|(n, count)| match lang {
                Lang::Ja => format!("{n} に {count}"),
                Lang::En => format!("{count} on {n}"),
            })
            .collect();
        let sep = if lang == Lang::Ja { "、" } else { ", " };
        return i18n::topo::verdict(
            lang,
            Situation::AllRunning { running: s.running(), per_node: &per_node.join(sep) },
        );
    }
    i18n::topo::verdict(lang, Situation::Moving)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubevol_sim::topology::Action;

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
        assert!(!zones[0].storage && zones[0].nodes[0].tainted);
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
        let before = pvcs(&s.state, Lang::Ja);
        assert_eq!(before[0].status, "Pending");
        assert_eq!(before[0].event.as_deref(), Some("waiting for first consumer to be created before binding"));
        s.dispatch(Action::Step);
        let after = pvcs(&s.state, Lang::Ja);
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
        // Losing a zone under DoNotSchedule: the lost pods stay Pending, and the badge turns red.
        s.dispatch(Action::FailZone { zone: "zone-a".into() });
        s.dispatch(Action::Run { max: 50 });
        assert_eq!(chapter_tone(&s, chapter), Tone::Ng);
        assert!(chapter_verdict(&s, chapter, Lang::En).starts_with("web-0 stays Pending: the lost zone still counts"));
        assert_eq!(chapter_badge(&s.state, chapter, Lang::En), "skew 2 · losing a zone keeps 2/6");
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
    fn every_chapter_control_round_trips_its_values() {
        for (action, values) in CHAPTER_CHOICES {
            for value in values {
                let c = chapter_with(Chapter::default(), action, value);
                assert_eq!(chapter_value(c, action), *value, "{action}={value}");
            }
        }
        assert_eq!(chapter_with(Chapter::default(), "pods", "many"), Chapter::default());
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
            assert_eq!(why(&message), want, "{preset:?}: {message}");
        }
    }
}
