//! What the topology demo shows, computed from the session: no Leptos here, so it is tested natively.

use kubevol_sim::topology::{Binding, Custom, Preset, State, ZONE_LABEL};
use kubevol_sim::Tell;

use crate::i18n::{
    self,
    topo::{Situation, Why},
    Lang,
};
use crate::session::Session;
use crate::shell::Tone;

pub type TopoSession = Session<State>;

/// Where the demo starts from: one of the articles' scenarios, or the free controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scenario {
    Preset(Preset),
    Custom(Custom),
}

impl Scenario {
    pub fn code(self) -> &'static str {
        match self {
            Scenario::Preset(p) => p.code(),
            Scenario::Custom(_) => "custom",
        }
    }

    /// The free controls' values: the custom ones, or the defaults while a preset is shown.
    pub fn custom(self) -> Custom {
        match self {
            Scenario::Custom(c) => c,
            Scenario::Preset(_) => Custom::default(),
        }
    }
}

pub fn start(scenario: Scenario) -> TopoSession {
    let setup = match scenario {
        Scenario::Preset(p) => p.setup(),
        Scenario::Custom(c) => c.setup(),
    };
    Session::start(&setup).unwrap_or_else(|_| unreachable!("the articles' setups are valid"))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeView {
    pub name: String,
    pub tainted: bool,
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
    s.pending_pods().into_iter().map(|p| (p.name.clone(), p.message.clone())).collect()
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
    s.pending_pods().into_iter().find_map(|p| p.message.clone().map(|m| (p.name.clone(), m)))
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
