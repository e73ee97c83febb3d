//! Why a StatefulSet action was refused. A refusal changes nothing.

use serde::Serialize;

use crate::told::{pick, Tell};

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

impl Refusal {
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::NoSuchPod { .. } => "no-such-pod",
            Refusal::NoSuchPvc { .. } => "no-such-pvc",
            Refusal::PodNotReady { .. } => "pod-not-ready",
            Refusal::TooManyReplicas { .. } => "too-many-replicas",
            Refusal::OrdinalOutOfRange { .. } => "ordinal-out-of-range",
            Refusal::TooManySteps { .. } => "too-many-steps",
            Refusal::InvalidName { .. } => "invalid-name",
            Refusal::InvalidStartup { .. } => "invalid-startup",
            Refusal::InvalidData { .. } => "invalid-data",
            Refusal::SetDeleted { .. } => "set-deleted",
            Refusal::SetExists { .. } => "set-exists",
        }
    }
}

impl Tell for Refusal {
    fn prose(&self, ja: bool) -> String {
        match self {
            Refusal::NoSuchPod { pod } => pick(ja, format!("Pod {pod} は無い"), format!("there is no pod {pod}")),
            Refusal::NoSuchPvc { pvc } => {
                pick(ja, format!("ボリューム {pvc} は無い"), format!("there is no volume {pvc}"))
            }
            Refusal::PodNotReady { pod, pvc } => pick(
                ja,
                format!("{pvc} に書けるのは動いている {pod} だけ。{pod} が ready になってから書く"),
                format!("only a running {pod} can write to {pvc}; wait until {pod} is ready"),
            ),
            Refusal::TooManyReplicas { asked, max } => pick(
                ja,
                format!("目標 {asked} は大きすぎる(このデモは {max} まで)"),
                format!("a target of {asked} is too large (this demo holds up to {max})"),
            ),
            Refusal::OrdinalOutOfRange { ordinal, max } => pick(
                ja,
                format!("序数 {ordinal} は範囲の外(0〜{})", max - 1),
                format!("ordinal {ordinal} is out of range (0-{})", max - 1),
            ),
            Refusal::TooManySteps { asked, max } => pick(
                ja,
                format!("{asked} 周期は多すぎる(一度に {max} まで)"),
                format!("{asked} steps is too many at once (up to {max})"),
            ),
            Refusal::InvalidName { name } => pick(
                ja,
                format!("名前 \"{name}\" は使えない(英小文字・数字・ハイフン)"),
                format!("\"{name}\" is not a valid name (lowercase letters, digits and hyphens)"),
            ),
            Refusal::InvalidStartup { ticks, max } => pick(
                ja,
                format!("起動に {ticks} 周期は長すぎる({max} まで)"),
                format!("a startup of {ticks} steps is too long (up to {max})"),
            ),
            Refusal::InvalidData { chars, max } => pick(
                ja,
                format!("書く中身は 1〜{max} 文字(今は {chars} 文字)"),
                format!("data must be 1-{max} characters (got {chars})"),
            ),
            Refusal::SetDeleted { set } => pick(
                ja,
                format!("StatefulSet {set} は消してある。先に作り直す"),
                format!("StatefulSet {set} is deleted; create it again first"),
            ),
            Refusal::SetExists { set } => {
                pick(ja, format!("StatefulSet {set} はもうある"), format!("StatefulSet {set} already exists"))
            }
        }
    }

    fn k8s(&self) -> Option<String> {
        match self {
            Refusal::NoSuchPod { pod } => Some(format!("pods \"{pod}\" not found")),
            Refusal::NoSuchPvc { pvc } => Some(format!("persistentvolumeclaims \"{pvc}\" not found")),
            Refusal::SetDeleted { set } => Some(format!("statefulsets.apps \"{set}\" not found")),
            Refusal::SetExists { set } => Some(format!("statefulsets.apps \"{set}\" already exists")),
            _ => None,
        }
    }
}
