//! What the StatefulSet demo shows, computed from the session: no Leptos here, so it is tested natively.

use kubevol_sim::statefulset::{Action, Config, PodManagementPolicy, Retention, RetentionPolicy, State};

use crate::api::Scenarios;
use crate::demo::DemoKind;
use crate::session::Session;
use crate::shell::Tone;

pub type StsSession = Session<State>;

/// The demo's knobs; changing startup or policy starts over (podManagementPolicy is immutable on a
/// real StatefulSet too), the retention policy is changed in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StsConfig {
    pub startup_ticks: u32,
    pub policy: PodManagementPolicy,
    pub when_scaled: Retention,
}

impl Default for StsConfig {
    fn default() -> Self {
        StsConfig { startup_ticks: 2, policy: PodManagementPolicy::OrderedReady, when_scaled: Retention::Retain }
    }
}

// A share link carries the settings the session started from.
kubevol_sim::compact_struct!(StsConfig { startup_ticks, policy, when_scaled });

/// What a share link may hold for this demo: the start-up steps its control offers, and the
/// actions its buttons make (one step, five, one replica more or less, the breakable ordinal,
/// whenScaled, and a pod's or volume's own buttons).
pub const OFFERED: crate::demo::Offered<State, StsConfig> = crate::demo::Offered {
    admits: |config| STARTUP_STEPS.iter().any(|(n, _)| *n == config.startup_ticks),
    offers: |action| match action {
        Action::Step | Action::Run { max: 5 } | Action::ScaleBy { delta: -1 | 1 } => true,
        Action::Break { ordinal } | Action::Fix { ordinal } => *ordinal == BREAKABLE,
        Action::SetRetention(policy) => policy.when_deleted == Retention::Retain,
        Action::DeletePod { .. } | Action::DeletePvc { .. } | Action::Write { data: None, .. } => true,
        _ => false,
    },
    // 2 to 7 µs an action at 4x CPU (runs of scripts/link-cost.mjs; a few ms over a whole link,
    // near the timing's noise) would allow 7,000 or more in 50 ms; at about 2.5 characters an
    // action, 3,000 is what fits a link's 8,000.
    max_actions: 3000,
};

/// The ordinal the book lets a reader break.
pub const BREAKABLE: u32 = 1;

pub fn start(config: StsConfig) -> StsSession {
    let setup = Config {
        startup_ticks: config.startup_ticks,
        policy: config.policy,
        retention: RetentionPolicy { when_scaled: config.when_scaled, when_deleted: Retention::Retain },
        ..Config::default()
    };
    Session::start(&setup).unwrap_or_else(|_| unreachable!("the chapter's demo setup is valid"))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PodStatus {
    Ready,
    Starting { steps_left: u64 },
    Broken,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PodCard {
    pub name: String,
    pub dns: String,
    pub pvc: String,
    pub status: PodStatus,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VolumeCard {
    pub name: String,
    pub data: Option<String>,
    pub terminating: bool,
}

/// One column of the picture: the pod and the volume of one ordinal, either of which may be absent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    pub ordinal: u32,
    pub pod: Option<PodCard>,
    pub volume: Option<VolumeCard>,
}

/// Ordinals 0..max(target, highest pod or volume + 1): empty slots show what is missing.
pub fn ordinals(state: &State) -> Vec<u32> {
    let highest =
        [state.pods.keys().next_back(), state.pvcs.keys().next_back()].into_iter().flatten().max().map_or(0, |o| o + 1);
    (0..state.replicas().max(highest)).collect()
}

/// The pod and the volume of one ordinal, either of which may be absent.
pub fn slot(state: &State, ordinal: u32) -> Slot {
    Slot {
        ordinal,
        pod: state.pods.get(&ordinal).map(|p| PodCard {
            name: state.pod_name(ordinal),
            dns: state.config.dns_name(ordinal),
            pvc: state.pvc_name(ordinal),
            status: if p.ready {
                PodStatus::Ready
            } else if state.broken.contains(&ordinal) {
                PodStatus::Broken
            } else {
                PodStatus::Starting { steps_left: p.ready_at.saturating_sub(state.now) }
            },
        }),
        volume: state.pvcs.get(&ordinal).map(|v| VolumeCard {
            name: state.pvc_name(ordinal),
            data: v.data.clone(),
            terminating: v.terminating,
        }),
    }
}

#[cfg(test)]
fn slots(state: &State) -> Vec<Slot> {
    ordinals(state).into_iter().map(|o| slot(state, o)).collect()
}

/// Green when converged, red when a broken ordinal holds the set back (or the last click was
/// refused), grey while it is still on its way.
pub fn tone(session: &StsSession) -> Tone {
    if session.last_refusal().is_some() || session.state.stuck_on().is_some() {
        Tone::Ng
    } else if session.state.converged() {
        Tone::Ok
    } else {
        Tone::Neutral
    }
}

/// The ordinal that holds the rest back: under OrderedReady a pod that never becomes ready means
/// no higher ordinal is ever created. Parallel creates them anyway, so nothing is blocked there.
pub fn blocking(s: &State) -> Option<u32> {
    let ordered = s.config.policy == PodManagementPolicy::OrderedReady;
    s.stuck_on().filter(|b| ordered && !s.deleted && b + 1 < s.replicas())
}

/// What the verdict line explains about the set (a refusal is told by the model instead).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Situation {
    Converged {
        ready: u32,
        volumes: usize,
    },
    /// OrderedReady: `broken` never becomes ready, so `next` is never created.
    StuckOrdered {
        broken: String,
        next: String,
    },
    StuckParallel {
        broken: String,
    },
    ScalingDown {
        extra: usize,
    },
    Starting {
        ordered: bool,
    },
    SetDeleted,
}

pub fn situation(s: &State) -> Situation {
    let ordered = s.config.policy == PodManagementPolicy::OrderedReady;
    if s.deleted {
        Situation::SetDeleted
    } else if s.converged() {
        Situation::Converged { ready: s.ready_count(), volumes: s.pvcs.len() }
    } else if let Some(broken) = s.stuck_on() {
        if ordered {
            Situation::StuckOrdered { broken: s.pod_name(broken), next: s.pod_name(broken + 1) }
        } else {
            Situation::StuckParallel { broken: s.pod_name(broken) }
        }
    } else if s.pods.range(s.replicas()..).next().is_some() {
        Situation::ScalingDown { extra: s.pods.range(s.replicas()..).count() }
    } else {
        Situation::Starting { ordered }
    }
}

/// Startup lengths a reader can pick, in steps.
pub const STARTUP_STEPS: [(u32, &str); 4] = [(0, "0"), (1, "1"), (2, "2"), (3, "3")];

/// Every setting this demo's controls offer: a page's scenario (`api.rs`) must start from what
/// one of them sets up.
pub fn configs() -> Vec<StsConfig> {
    let mut all = Vec::new();
    for (startup_ticks, _) in STARTUP_STEPS {
        for policy in [PodManagementPolicy::OrderedReady, PodManagementPolicy::Parallel] {
            for when_scaled in [Retention::Retain, Retention::Delete] {
                all.push(StsConfig { startup_ticks, policy, when_scaled });
            }
        }
    }
    all
}

/// The scenarios the page's script may open this demo at (`api.rs`).
pub const SCENARIOS: Scenarios<State, StsConfig> = Scenarios {
    kind: DemoKind::StatefulSet,
    offered: &OFFERED,
    start,
    configs,
    first: |_| StsConfig::default(),
    // A StatefulSet's actions name ordinals, which any scale makes; every other value is the
    // buttons' own (`present::OFFERED`).
    names: |_, _| None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::statefulset::text::{badge, verdict};
    use kubevol_sim::statefulset::Action;

    #[test]
    fn the_opening_state_reads_like_the_book() {
        let s = start(StsConfig::default());
        assert_eq!(badge(&s.state, Lang::Ja), "ready 0 / 目標 3 ・ボリューム 0");
        assert_eq!(verdict(&s, Lang::Ja), "まだ揃っていない。手前が ready になるまで次は作られない");
        assert_eq!(tone(&s), Tone::Neutral);
        let slots = slots(&s.state);
        assert_eq!(slots.len(), 3);
        assert!(slots.iter().all(|s| s.pod.is_none() && s.volume.is_none()));
    }

    #[test]
    fn a_broken_ordinal_turns_the_badge_red_and_names_the_blocked_pod() {
        let mut s = start(StsConfig::default());
        s.dispatch(Action::Break { ordinal: BREAKABLE });
        s.dispatch(Action::Run { max: 20 });
        assert_eq!(tone(&s), Tone::Ng);
        assert!(verdict(&s, Lang::Ja).starts_with("db-1 が ready にならないので、db-2 から先は永久に作られない"));
        let slots = slots(&s.state);
        assert_eq!(slots[1].pod.as_ref().unwrap().status, PodStatus::Broken);
        assert!(slots[2].pod.is_none());
        s.dispatch(Action::Fix { ordinal: BREAKABLE });
        s.dispatch(Action::Run { max: 20 });
        assert_eq!(tone(&s), Tone::Ok);
        assert_eq!(badge(&s.state, Lang::En), "ready 3 / target 3 · volumes 3");
    }

    #[test]
    fn slots_keep_volumes_of_pods_scaled_away() {
        let mut s = start(StsConfig { startup_ticks: 0, ..StsConfig::default() });
        s.dispatch(Action::Run { max: 10 });
        s.dispatch(Action::Scale { replicas: 1 });
        s.dispatch(Action::Step);
        assert!(verdict(&s, Lang::En).starts_with("1 pod(s) above the target"));
        s.dispatch(Action::Step);
        let slots = slots(&s.state);
        assert_eq!(slots.len(), 3, "the volumes of db-1 and db-2 still have their slots");
        assert!(slots[2].pod.is_none() && slots[2].volume.is_some());
        let PodCard { dns, .. } = slots[0].pod.clone().unwrap();
        assert_eq!(dns, "db-0.db.default.svc.cluster.local");
    }

    #[test]
    fn the_picture_keeps_a_claims_bind_line_without_its_pod_and_marks_what_blocks() {
        let mut s = start(StsConfig::default());
        s.dispatch(Action::Step);
        s.dispatch(Action::Break { ordinal: 1 });
        s.dispatch(Action::Run { max: 5 });
        assert_eq!(blocking(&s.state), Some(1), "db-1 never becomes ready, so db-2 is never created");
        let lane = crate::statefulset::picture::link(&s.state, &slot(&s.state, 1), Lang::En);
        assert!(
            lane.contains("data-edge=\"mount\" data-from=\"db-1\" data-to=\"data-db-1\"")
                && lane.contains(">blocks db-2</text>"),
            "{lane}"
        );
        s.dispatch(Action::Fix { ordinal: 1 });
        s.dispatch(Action::Run { max: 20 });
        assert_eq!(blocking(&s.state), None);
        s.dispatch(Action::DeletePod { ordinal: 1 });
        let row = crate::statefulset::picture::volumes(&s.state, Lang::En);
        let pv = s.state.volume_name(1);
        assert!(row.contains(&format!("data-edge=\"bind\" data-from=\"data-db-1\" data-to=\"{pv}\"")), "{row}");
        assert!(row.contains("(none) → data-db-1 → PV"), "the description says so too: {row}");
        assert!(
            !crate::statefulset::picture::link(&s.state, &slot(&s.state, 1), Lang::En).contains("data-edge"),
            "no pod, no mount line"
        );
    }
}
