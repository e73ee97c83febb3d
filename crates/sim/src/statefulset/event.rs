//! What happened in the StatefulSet model, typed, with the book's wording and the controller's own
//! event messages where Kubernetes has them.

use serde::{Deserialize, Serialize};

use super::cluster::said;
use super::model::RetentionPolicy;
use crate::told::told_table;

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
        /// The set whose claim it was.
        #[serde(default)]
        set: String,
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

// The event's texts in every voice, one arm per kind of event. The `k8s` texts are the StatefulSet
// controller's own event messages (reasons SuccessfulCreate / SuccessfulDelete).
told_table! {
    events Event {
        Event::PodCreated { set, pod, pvc, reused, data } => {
            let (created_ja, created_en) = if *reused {
                let (dj, de) = match data {
                    Some(d) => (format!("中身「{d}」ごと戻った"), format!("its data \"{d}\" is back")),
                    None => ("中身は空".to_string(), "it is empty".to_string()),
                };
                (
                    format!("{pod} を作成(既存のボリューム {pvc} を再接続。{dj})"),
                    format!("created {pod} (re-attached the existing volume {pvc}; {de})"),
                )
            } else {
                (format!("{pod} を作成(ボリューム {pvc} を新規作成)"), format!("created {pod} (new volume {pvc})"))
            };
            Words {
                ja: created_ja,
                en: created_en,
                k8s: Some(match reused {
                    true => said::pod_created(set, pod),
                    false => format!("{}\n{}", said::claim_created(set, pod, pvc), said::pod_created(set, pod)),
                }),
            }
        }
        Event::PodReady { pod } => {
            Words { ja: format!("{pod} が ready になった"), en: format!("{pod} is ready"), k8s: None }
        }
        Event::Waiting { pod, blocked_by, .. } => Words {
            ja: format!("{pod} はまだ作らない({blocked_by} が ready でない)"),
            en: format!("{pod} is not created yet ({blocked_by} is not ready)"),
            k8s: None,
        },
        Event::ScaleDownWaiting { pod, blocked_by } => Words {
            ja: format!("{pod} はまだ消さない(先に {blocked_by} が健全になるか消えるのを待つ)"),
            en: format!("{pod} is not deleted yet (waiting for {blocked_by} first)"),
            k8s: None,
        },
        Event::PodDeleted { set, pod, why } => {
            let (j, e) = match why {
                PodGone::ScaleDown => ("縮小", "scale-down"),
                PodGone::Manual => ("手で消した", "deleted by hand"),
                PodGone::SetDeleted => ("StatefulSet ごと消した", "StatefulSet deleted"),
            };
            Words {
                ja: format!("{pod} を削除({j})"),
                en: format!("deleted {pod} ({e})"),
                k8s: (*why == PodGone::ScaleDown).then(|| said::pod_deleted(set, pod)),
            }
        }
        Event::PvcDeleted { set, pvc, why, data } => {
            let (j, e) = match why {
                PvcGone::Manual => ("手で消した", "deleted by hand"),
                PvcGone::WhenScaled => ("whenScaled: Delete", "whenScaled: Delete"),
                PvcGone::WhenDeleted => ("whenDeleted: Delete", "whenDeleted: Delete"),
            };
            let (lost_j, lost_e) = match data {
                Some(d) => (format!("中身「{d}」は失われた"), format!("its data \"{d}\" is gone")),
                None => ("空だった".to_string(), "it was empty".to_string()),
            };
            Words {
                ja: format!("ボリューム {pvc} を削除({j})。{lost_j}"),
                en: format!("deleted volume {pvc} ({e}); {lost_e}"),
                k8s: (*why != PvcGone::Manual).then(|| said::claim_deleted(set, pvc)),
            }
        }
        Event::PvcTerminating { pvc, pod } => Words {
            ja: format!("{pvc} は {pod} が使っているので、{pod} が消えるまで Terminating のまま残る"),
            en: format!("{pvc} stays Terminating while {pod} uses it, and goes when {pod} does"),
            k8s: None,
        },
        Event::Broken { pod, was_ready } => {
            let (j, e) = if *was_ready {
                ("動いていたが落ち続けるようになった", "it was running and now keeps crashing")
            } else {
                ("ready にならない", "it will not become ready")
            };
            Words { ja: format!("{pod} を壊した({j})"), en: format!("broke {pod} ({e})"), k8s: None }
        }
        Event::Fixed { pod, restarting } => {
            let (j, e) = if *restarting {
                ("起動し直す", "it starts again")
            } else {
                ("次に作られたら起動する", "it will start when created")
            };
            Words { ja: format!("{pod} を直した({j})"), en: format!("fixed {pod} ({e})"), k8s: None }
        }
        Event::Scaled { from, to } => Words {
            ja: format!("目標を {from} から {to} にした"),
            en: format!("target changed from {from} to {to}"),
            k8s: None,
        },
        Event::ClampedAtZero { asked } => Words {
            ja: format!("目標 {asked} は作れないので 0 にした(負の数の Pod は無い)"),
            en: format!("a target of {asked} is impossible, so it is 0 (there are no negative pods)"),
            k8s: None,
        },
        Event::Written { pvc, pod, data } => Words {
            ja: format!("{pod} が {pvc} に「{data}」を書いた"),
            en: format!("{pod} wrote \"{data}\" to {pvc}"),
            k8s: None,
        },
        Event::DataRead { pvc, pod, data: Some(d) } => Words {
            ja: format!("{pod} が {pvc} から「{d}」を読んだ"),
            en: format!("{pod} read \"{d}\" from {pvc}"),
            k8s: None,
        },
        Event::DataRead { pvc, pod, data: None } => Words {
            ja: format!("{pod} が {pvc} を読んだ。空だった"),
            en: format!("{pod} read {pvc}: it is empty"),
            k8s: None,
        },
        Event::RetentionChanged { retention } => {
            let text = format!(
                "whenScaled: {}, whenDeleted: {}",
                retention.when_scaled.name(),
                retention.when_deleted.name()
            );
            Words {
                ja: format!("PVC の保持方針を変えた({text})"),
                en: format!("PVC retention policy is now {text}"),
                k8s: None,
            }
        }
        Event::SetDeleted { set } => {
            Words {
                ja: format!("StatefulSet {set} を消した"), en: format!("deleted StatefulSet {set}"), k8s: None
            }
        }
        Event::SetCreated { set, adopted } => Words {
            ja: format!("StatefulSet {set} を作り直した(残っていたボリューム {adopted} 個をそのまま使う)"),
            en: format!("created StatefulSet {set} again (it will reuse the {adopted} volume(s) still there)"),
            k8s: None,
        },
        Event::Converged { ready } => Words {
            ja: format!("揃っている(ready {ready})。することは無い"),
            en: format!("converged ({ready} ready); nothing to do"),
            k8s: None,
        },
        Event::AlreadyHolds { what } => Words {
            ja: format!("{what}: すでにそうなっている"),
            en: format!("{what}: already so, nothing changed"),
            k8s: None,
        },
    }
}
