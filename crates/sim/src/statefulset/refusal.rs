//! Why a StatefulSet action was refused. A refusal changes nothing.

use serde::Serialize;

use crate::told::told_table;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Refusal {
    NoSuchPod { pod: String },
    NoSuchPvc { pvc: String },
    PodNotReady { pod: String, pvc: String },
    TooManyReplicas { asked: i64, max: u32 },
    OrdinalOutOfRange { ordinal: u32, max: u32 },
    TooManySteps { asked: u32, max: u32 },
    InvalidName { name: String },
    InvalidStartup { ticks: u32, max: u32 },
    InvalidData { chars: usize, max: usize },
    SetDeleted { set: String },
    SetExists { set: String },
}

// The table: each refusal's kind (serde's tag) and its texts, in variant order.
told_table! {
    refusals Refusal {
        Refusal::NoSuchPod { pod } => Common::NoPod { kind: "no-such-pod", pod },
        Refusal::NoSuchPvc { pvc } => Row {
            kind: "no-such-pvc",
            ja: format!("ボリューム {pvc} は無い"),
            en: format!("there is no volume {pvc}"),
            k8s: Some(format!("persistentvolumeclaims \"{pvc}\" not found")),
        },
        Refusal::PodNotReady { pod, pvc } => Row {
            kind: "pod-not-ready",
            ja: format!("{pvc} に書けるのは動いている {pod} だけ。{pod} が ready になってから書く"),
            en: format!("only a running {pod} can write to {pvc}; wait until {pod} is ready"),
            k8s: None,
        },
        Refusal::TooManyReplicas { asked, max } => Common::TooManyReplicas { asked: *asked, max: *max },
        Refusal::OrdinalOutOfRange { ordinal, max } => Row {
            kind: "ordinal-out-of-range",
            ja: format!("序数 {ordinal} は範囲の外(0〜{})", max - 1),
            en: format!("ordinal {ordinal} is out of range (0-{})", max - 1),
            k8s: None,
        },
        Refusal::TooManySteps { asked, max } => Common::TooManySteps { asked: *asked, max: *max },
        Refusal::InvalidName { name } => Common::InvalidName { name },
        Refusal::InvalidStartup { ticks, max } => Row {
            kind: "invalid-startup",
            ja: format!("起動に {ticks} 周期は長すぎる({max} まで)"),
            en: format!("a startup of {ticks} steps is too long (up to {max})"),
            k8s: None,
        },
        Refusal::InvalidData { chars, max } => Row {
            kind: "invalid-data",
            ja: format!("書く中身は 1〜{max} 文字(今は {chars} 文字)"),
            en: format!("data must be 1-{max} characters (got {chars})"),
            k8s: None,
        },
        Refusal::SetDeleted { set } => Row {
            kind: "set-deleted",
            ja: format!("StatefulSet {set} は消してある。先に作り直す"),
            en: format!("StatefulSet {set} is deleted; create it again first"),
            k8s: Some(format!("statefulsets.apps \"{set}\" not found")),
        },
        Refusal::SetExists { set } => Row {
            kind: "set-exists",
            ja: format!("StatefulSet {set} はもうある"),
            en: format!("StatefulSet {set} already exists"),
            k8s: Some(format!("statefulsets.apps \"{set}\" already exists")),
        },
    }
}
