//! What the articles' scenarios mean for the reader: whether every pod runs, and which rule keeps
//! one out. No Leptos here, so it is tested natively (with the chapter's, in
//! `topology/present.rs`).

use kubevol_sim::scheduling::{FailedScheduling, Reason};
use kubevol_sim::topology::State;

use crate::shell::Tone;
use crate::topology::present::{stuck, TopoSession};

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

/// Which rule keeps a pod out, as the verdict explains it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    Spread,
    VolumeAffinity,
    NoVolumeHere,
    Selector,
    Rwop,
    Other,
}

/// Which rule the scheduler's refusal is about, most specific first.
pub fn why(failed: &FailedScheduling) -> Why {
    if failed.has(Reason::Spread) || failed.has(Reason::SpreadLabel) {
        Why::Spread
    } else if failed.has(Reason::Rwop) {
        Why::Rwop
    } else if failed.has(Reason::VolumeNodeAffinity) {
        Why::VolumeAffinity
    } else if failed.has(Reason::NoPvToBind) {
        Why::NoVolumeHere
    } else if failed.has(Reason::NodeSelector) {
        Why::Selector
    } else {
        Why::Other
    }
}

/// What the verdict explains about the articles' scenarios (a refusal is told by the model instead).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Situation {
    NotStarted,
    Moving,
    /// Every pod wanted runs; how many on each node that has any.
    AllRunning {
        running: usize,
        per_node: Vec<(String, usize)>,
    },
    Stuck {
        pod: String,
        why: Why,
    },
}

pub fn situation(s: &State) -> Situation {
    if let Some((pod, message)) = stuck(s) {
        return Situation::Stuck { pod, why: why(&message) };
    }
    if s.now == 0 {
        return Situation::NotStarted;
    }
    let wanted: usize = s.sets.values().map(|set| set.replicas as usize).sum::<usize>()
        + s.pods.values().filter(|p| p.owner.is_none()).count();
    if s.pending_pods().is_empty() && s.unconfirmed() == 0 && s.pods.len() == wanted {
        let per_node =
            s.nodes.keys().map(|n| (n.clone(), s.pods_on(n).len())).filter(|(_, count)| *count > 0).collect();
        return Situation::AllRunning { running: s.running(), per_node };
    }
    Situation::Moving
}
