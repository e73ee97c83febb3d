//! What the book's chapter shows beside the cluster: what survives a loss, the skew, and the
//! situation its verdict explains. No Leptos here, so it is tested natively (the tests in
//! `topology/present.rs` drive both faces).

use kubevol_sim::topology::{app_labels, Chapter, Loss, Phase, State, WhenUnsatisfiable, HOSTNAME_LABEL, ZONE_LABEL};

use crate::shell::Tone;
use crate::topology::present::{stranded, stuck, TopoSession};

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
        zone_loss: zone_loss(s),
        node_loss: s.worst_loss(HOSTNAME_LABEL, &web),
    }
}

/// The chapter's web pods counted per zone, as the skew counts them: the bars of its picture.
pub fn zone_counts(s: &State) -> Vec<(String, usize)> {
    s.counts_by(ZONE_LABEL, &app_labels(Chapter::SET)).iter().map(|(z, n)| (z.clone(), *n)).collect()
}

/// The zone whose loss would cost the most of the chapter's running pods.
pub fn worst_zone(s: &State) -> Option<String> {
    zone_loss(s).filter(|l| l.survivors < l.of).map(|l| l.domain)
}

/// What losing the worst zone would leave of the chapter's running web pods (`None` with no zone).
fn zone_loss(s: &State) -> Option<Loss> {
    s.worst_loss(ZONE_LABEL, &app_labels(Chapter::SET))
}

/// Green when losing any zone keeps a majority of the pods wanted, as the book colours it.
fn keeps_majority(zone_loss: Option<&Loss>, chapter: Chapter) -> bool {
    let survivors = zone_loss.map_or(0, |l| l.survivors);
    chapter.pods > 0 && survivors * 2 >= chapter.pods as usize
}

/// The chapter's badge colour: green while losing any zone keeps a majority and nothing is stuck.
pub fn tone(session: &TopoSession, chapter: Chapter) -> Tone {
    let s = &session.state;
    if session.last_refusal().is_none() && stuck(s).is_none() && keeps_majority(zone_loss(s).as_ref(), chapter) {
        Tone::Ok
    } else {
        Tone::Ng
    }
}

/// What the chapter's verdict explains (a refusal is told by the model instead).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Situation {
    /// maxSkew at least the pod count: the constraint never bites.
    Loose {
        max_skew: u32,
        pods: u32,
    },
    Spread {
        survivors: usize,
    },
    Bunched {
        lost: usize,
    },
    /// DoNotSchedule left a pod Pending after a loss.
    Refused {
        pod: String,
    },
    /// Pods on lost nodes: their set does not replace them, and they no longer count. `evicted`
    /// once the taint eviction controller has marked them all for deletion.
    Stranded {
        pods: Vec<String>,
        evicted: bool,
    },
    NothingRuns,
}

pub fn situation(s: &State, chapter: Chapter) -> Situation {
    if let Some(pod) = s.pending_pods().first().filter(|p| p.failed_scheduling.is_some()) {
        return Situation::Refused { pod: pod.name.clone() };
    }
    let pods = stranded(s);
    if !pods.is_empty() {
        let evicted = pods.iter().all(|p| s.phase(&s.pods[p.as_str()]) == Phase::Terminating);
        return Situation::Stranded { pods, evicted };
    }
    let Some(loss) = zone_loss(s).filter(|l| l.of > 0) else {
        return Situation::NothingRuns;
    };
    if chapter.when == WhenUnsatisfiable::DoNotSchedule && chapter.max_skew >= chapter.pods {
        Situation::Loose { max_skew: chapter.max_skew, pods: chapter.pods }
    } else if keeps_majority(Some(&loss), chapter) {
        Situation::Spread { survivors: loss.survivors }
    } else {
        Situation::Bunched { lost: loss.of - loss.survivors }
    }
}
