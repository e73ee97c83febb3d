//! What happened in the StatefulSet model, typed, with the book's wording and the controller's own
//! event messages where Kubernetes has them.

use serde::{Deserialize, Serialize};

use super::model::{Retention, RetentionPolicy};
use crate::told::{pick, Tell};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PodGone {
    /// The target went below its ordinal.
    ScaleDown,
    /// Deleted by hand.
    Manual,
    /// The StatefulSet itself was deleted.
    SetDeleted,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PvcGone {
    Manual,
    WhenScaled,
    WhenDeleted,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    /// `reused`: the PVC already existed (with `data`), so the pod gets its old disk back.
    PodCreated {
        set: String,
        pod: String,
        pvc: String,
        reused: bool,
        data: Option<String>,
    },
    PodReady {
        pod: String,
    },
    /// OrderedReady: `ordinal` is not created because `blocked_by` is not ready.
    Waiting {
        ordinal: u32,
        pod: String,
        blocked_by: String,
    },
    /// OrderedReady scale-down waits: `pod` is unhealthy and a lower pod is the first unhealthy one.
    ScaleDownWaiting {
        pod: String,
        blocked_by: String,
    },
    PodDeleted {
        set: String,
        pod: String,
        why: PodGone,
    },
    PvcDeleted {
        pvc: String,
        why: PvcGone,
        data: Option<String>,
    },
    /// Deleted while its pod uses it: kept until the pod is gone.
    PvcTerminating {
        pvc: String,
        pod: String,
    },
    Broken {
        pod: String,
        was_ready: bool,
    },
    Fixed {
        pod: String,
        restarting: bool,
    },
    Scaled {
        from: u32,
        to: u32,
    },
    /// A target below zero was asked for; it is zero.
    ClampedAtZero {
        asked: i64,
    },
    Written {
        pvc: String,
        pod: String,
        data: String,
    },
    DataRead {
        pvc: String,
        pod: String,
        data: Option<String>,
    },
    RetentionChanged {
        retention: RetentionPolicy,
    },
    SetDeleted {
        set: String,
    },
    SetCreated {
        set: String,
        adopted: u32,
    },
    Converged {
        ready: u32,
    },
    AlreadyHolds {
        what: String,
    },
}

fn retention_name(r: Retention) -> &'static str {
    match r {
        Retention::Retain => "Retain",
        Retention::Delete => "Delete",
    }
}

impl Tell for Event {
    fn prose(&self, ja: bool) -> String {
        match self {
            Event::PodCreated { pod, pvc, reused: true, data, .. } => {
                let (dj, de) = match data {
                    Some(d) => (format!("中身「{d}」ごと戻った"), format!("its data \"{d}\" is back")),
                    None => ("中身は空".to_string(), "it is empty".to_string()),
                };
                pick(
                    ja,
                    format!("{pod} を作成(既存のボリューム {pvc} を再接続。{dj})"),
                    format!("created {pod} (re-attached the existing volume {pvc}; {de})"),
                )
            }
            Event::PodCreated { pod, pvc, .. } => pick(
                ja,
                format!("{pod} を作成(ボリューム {pvc} を新規作成)"),
                format!("created {pod} (new volume {pvc})"),
            ),
            Event::PodReady { pod } => pick(ja, format!("{pod} が ready になった"), format!("{pod} is ready")),
            Event::Waiting { pod, blocked_by, .. } => pick(
                ja,
                format!("{pod} はまだ作らない({blocked_by} が ready でない)"),
                format!("{pod} is not created yet ({blocked_by} is not ready)"),
            ),
            Event::ScaleDownWaiting { pod, blocked_by } => pick(
                ja,
                format!("{pod} はまだ消さない(先に {blocked_by} が健全になるか消えるのを待つ)"),
                format!("{pod} is not deleted yet (waiting for {blocked_by} first)"),
            ),
            Event::PodDeleted { pod, why, .. } => {
                let (j, e) = match why {
                    PodGone::ScaleDown => ("縮小", "scale-down"),
                    PodGone::Manual => ("手で消した", "deleted by hand"),
                    PodGone::SetDeleted => ("StatefulSet ごと消した", "StatefulSet deleted"),
                };
                pick(ja, format!("{pod} を削除({j})"), format!("deleted {pod} ({e})"))
            }
            Event::PvcDeleted { pvc, why, data } => {
                let (j, e) = match why {
                    PvcGone::Manual => ("手で消した", "deleted by hand"),
                    PvcGone::WhenScaled => ("whenScaled: Delete", "whenScaled: Delete"),
                    PvcGone::WhenDeleted => ("whenDeleted: Delete", "whenDeleted: Delete"),
                };
                let (lost_j, lost_e) = match data {
                    Some(d) => (format!("中身「{d}」は失われた"), format!("its data \"{d}\" is gone")),
                    None => ("空だった".to_string(), "it was empty".to_string()),
                };
                pick(
                    ja,
                    format!("ボリューム {pvc} を削除({j})。{lost_j}"),
                    format!("deleted volume {pvc} ({e}); {lost_e}"),
                )
            }
            Event::PvcTerminating { pvc, pod } => pick(
                ja,
                format!("{pvc} は {pod} が使っているので、{pod} が消えるまで Terminating のまま残る"),
                format!("{pvc} stays Terminating while {pod} uses it, and goes when {pod} does"),
            ),
            Event::Broken { pod, was_ready } => {
                let (j, e) = if *was_ready {
                    ("動いていたが落ち続けるようになった", "it was running and now keeps crashing")
                } else {
                    ("ready にならない", "it will not become ready")
                };
                pick(ja, format!("{pod} を壊した({j})"), format!("broke {pod} ({e})"))
            }
            Event::Fixed { pod, restarting } => {
                let (j, e) = if *restarting {
                    ("起動し直す", "it starts again")
                } else {
                    ("次に作られたら起動する", "it will start when created")
                };
                pick(ja, format!("{pod} を直した({j})"), format!("fixed {pod} ({e})"))
            }
            Event::Scaled { from, to } => {
                pick(ja, format!("目標を {from} から {to} にした"), format!("target changed from {from} to {to}"))
            }
            Event::ClampedAtZero { asked } => pick(
                ja,
                format!("目標 {asked} は作れないので 0 にした(負の数の Pod は無い)"),
                format!("a target of {asked} is impossible, so it is 0 (there are no negative pods)"),
            ),
            Event::Written { pvc, pod, data } => {
                pick(ja, format!("{pod} が {pvc} に「{data}」を書いた"), format!("{pod} wrote \"{data}\" to {pvc}"))
            }
            Event::DataRead { pvc, pod, data: Some(d) } => {
                pick(ja, format!("{pod} が {pvc} から「{d}」を読んだ"), format!("{pod} read \"{d}\" from {pvc}"))
            }
            Event::DataRead { pvc, pod, data: None } => {
                pick(ja, format!("{pod} が {pvc} を読んだ。空だった"), format!("{pod} read {pvc}: it is empty"))
            }
            Event::RetentionChanged { retention } => {
                let text = format!(
                    "whenScaled: {}, whenDeleted: {}",
                    retention_name(retention.when_scaled),
                    retention_name(retention.when_deleted)
                );
                pick(ja, format!("PVC の保持方針を変えた({text})"), format!("PVC retention policy is now {text}"))
            }
            Event::SetDeleted { set } => {
                pick(ja, format!("StatefulSet {set} を消した"), format!("deleted StatefulSet {set}"))
            }
            Event::SetCreated { set, adopted } => pick(
                ja,
                format!("StatefulSet {set} を作り直した(残っていたボリューム {adopted} 個をそのまま使う)"),
                format!("created StatefulSet {set} again (it will reuse the {adopted} volume(s) still there)"),
            ),
            Event::Converged { ready } => pick(
                ja,
                format!("揃っている(ready {ready})。することは無い"),
                format!("converged ({ready} ready); nothing to do"),
            ),
            Event::AlreadyHolds { what } => {
                pick(ja, format!("{what}: すでにそうなっている"), format!("{what}: already so, nothing changed"))
            }
        }
    }

    fn k8s(&self) -> Option<String> {
        // The StatefulSet controller's own event messages (reasons SuccessfulCreate / SuccessfulDelete).
        match self {
            Event::PodCreated { set, pod, .. } => Some(format!("create Pod {pod} in StatefulSet {set} successful")),
            Event::PodDeleted { set, pod, why: PodGone::ScaleDown, .. } => {
                Some(format!("delete Pod {pod} in StatefulSet {set} successful"))
            }
            _ => None,
        }
    }
}
