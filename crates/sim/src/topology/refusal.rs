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
    UnknownNode { node: String },
    UnknownZone { zone: String },
    NodeDown { node: String },
    ZoneDown { zone: String },
    PlacedPodWithClaim { pod: String },
    PlacedOffSelector { pod: String, node: String },
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
            Refusal::UnknownNode { .. } => "unknown-node",
            Refusal::UnknownZone { .. } => "unknown-zone",
            Refusal::NodeDown { .. } => "node-down",
            Refusal::ZoneDown { .. } => "zone-down",
            Refusal::PlacedPodWithClaim { .. } => "placed-pod-with-claim",
            Refusal::PlacedOffSelector { .. } => "placed-off-selector",
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
            Refusal::UnknownNode { node } => pick(ja, format!("ノード {node} は無い"), format!("there is no node {node}")),
            Refusal::UnknownZone { zone } => {
                pick(ja, format!("区画 {zone} のノードは無い"), format!("no node is in zone {zone}"))
            }
            Refusal::NodeDown { node } => {
                pick(ja, format!("{node} はもう落ちている"), format!("{node} is already lost"))
            }
            Refusal::ZoneDown { zone } => {
                pick(ja, format!("区画 {zone} はもう丸ごと落ちている"), format!("zone {zone} is already lost"))
            }
            Refusal::PlacedOffSelector { pod, node } => pick(
                ja,
                format!("{node} は {pod} の nodeSelector に合わないので、kubelet が受け入れない"),
                format!("{node} does not match the nodeSelector of {pod}, so its kubelet rejects the pod"),
            ),
            Refusal::PlacedPodWithClaim { pod } => pick(
                ja,
                format!(
                    "{pod} はノードを指定して置くので、要求は付けられない(スケジューラを通らないと WaitForFirstConsumer の実体が作られない)"
                ),
                format!(
                    "{pod} is placed on a named node, so it cannot use a claim here (without the scheduler a WaitForFirstConsumer volume is never provisioned)"
                ),
            ),
        }
    }

    fn k8s(&self) -> Option<String> {
        match self {
            Refusal::UnknownClaim { claim } => Some(format!("persistentvolumeclaim \"{claim}\" not found")),
            Refusal::UnknownPod { pod } => Some(format!("pods \"{pod}\" not found")),
            Refusal::UnknownSet { set } => Some(format!("statefulsets.apps \"{set}\" not found")),
            Refusal::UnknownClass { class } => Some(format!("storageclass.storage.k8s.io \"{class}\" not found")),
            Refusal::UnknownNode { node } => Some(format!("nodes \"{node}\" not found")),
            // The kubelet's admission, on a pod bound by nodeName.
            Refusal::PlacedOffSelector { .. } => Some("Pod was rejected: Predicate NodeAffinity failed".to_string()),
            // The API server's validation of a pod template.
            Refusal::InvalidSpread { max_skew } => Some(format!(
                "spec.topologySpreadConstraints[0].maxSkew: Invalid value: {max_skew}: must be greater than zero"
            )),
            _ => None,
        }
    }
}
