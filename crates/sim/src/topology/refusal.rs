//! Why a topology action was refused. A refusal changes nothing.

use serde::Serialize;

use crate::told::{pick, Tell};

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Refusal {
    InvalidName { name: String },
    DuplicateName { name: String },
    UnknownClass { class: String },
    UnknownClaim { claim: String },
    UnknownPod { pod: String },
    UnknownSet { set: String },
    TooManyReplicas { asked: u32, max: u32 },
    TooManySteps { asked: u32, max: u32 },
    InvalidSpread { max_skew: u32 },
}

impl Refusal {
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::InvalidName { .. } => "invalid-name",
            Refusal::DuplicateName { .. } => "duplicate-name",
            Refusal::UnknownClass { .. } => "unknown-class",
            Refusal::UnknownClaim { .. } => "unknown-claim",
            Refusal::UnknownPod { .. } => "unknown-pod",
            Refusal::UnknownSet { .. } => "unknown-set",
            Refusal::TooManyReplicas { .. } => "too-many-replicas",
            Refusal::TooManySteps { .. } => "too-many-steps",
            Refusal::InvalidSpread { .. } => "invalid-spread",
        }
    }
}

impl Tell for Refusal {
    fn prose(&self, ja: bool) -> String {
        match self {
            Refusal::InvalidName { name } => pick(
                ja,
                format!("名前 \"{name}\" は使えない(英小文字・数字・ハイフン)"),
                format!("\"{name}\" is not a valid name (lowercase letters, digits and hyphens)"),
            ),
            Refusal::DuplicateName { name } => pick(ja, format!("{name} はもうある"), format!("{name} already exists")),
            Refusal::UnknownClass { class } => {
                pick(ja, format!("StorageClass {class} は無い"), format!("there is no StorageClass {class}"))
            }
            Refusal::UnknownClaim { claim } => {
                pick(ja, format!("要求 {claim} は無い"), format!("there is no claim {claim}"))
            }
            Refusal::UnknownPod { pod } => pick(ja, format!("Pod {pod} は無い"), format!("there is no pod {pod}")),
            Refusal::UnknownSet { set } => {
                pick(ja, format!("StatefulSet {set} は無い"), format!("there is no StatefulSet {set}"))
            }
            Refusal::TooManyReplicas { asked, max } => pick(
                ja,
                format!("目標 {asked} は大きすぎる(このデモは {max} まで)"),
                format!("a target of {asked} is too large (this demo holds up to {max})"),
            ),
            Refusal::TooManySteps { asked, max } => pick(
                ja,
                format!("{asked} 周期は多すぎる(一度に {max} まで)"),
                format!("{asked} steps is too many at once (up to {max})"),
            ),
            Refusal::InvalidSpread { max_skew } => pick(
                ja,
                format!("maxSkew {max_skew} は使えない(1 以上)"),
                format!("maxSkew {max_skew} is invalid (it must be at least 1)"),
            ),
        }
    }

    fn k8s(&self) -> Option<String> {
        match self {
            Refusal::UnknownClaim { claim } => Some(format!("persistentvolumeclaim \"{claim}\" not found")),
            Refusal::UnknownPod { pod } => Some(format!("pods \"{pod}\" not found")),
            Refusal::UnknownSet { set } => Some(format!("statefulsets.apps \"{set}\" not found")),
            Refusal::UnknownClass { class } => Some(format!("storageclass.storage.k8s.io \"{class}\" not found")),
            _ => None,
        }
    }
}
