//! Why a topology action was refused. A refusal changes nothing.

use serde::Serialize;

use crate::told::{pick, Row, Tell};

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
    /// The table: each refusal's kind (serde's tag) and its texts, in variant order.
    fn row(&self) -> Row {
        match self {
            Refusal::InvalidName { name } => Row {
                kind: "invalid-name",
                ja: format!("名前 \"{name}\" は使えない(英小文字・数字・ハイフン)"),
                en: format!("\"{name}\" is not a valid name (lowercase letters, digits and hyphens)"),
                k8s: None,
            },
            Refusal::DuplicateName { name } => Row {
                kind: "duplicate-name",
                ja: format!("{name} はもうある"),
                en: format!("{name} already exists"),
                k8s: None,
            },
            Refusal::UnknownClass { class } => Row {
                kind: "unknown-class",
                ja: format!("StorageClass {class} は無い"),
                en: format!("there is no StorageClass {class}"),
                k8s: Some(format!("storageclass.storage.k8s.io \"{class}\" not found")),
            },
            Refusal::UnknownClaim { claim } => Row {
                kind: "unknown-claim",
                ja: format!("要求 {claim} は無い"),
                en: format!("there is no claim {claim}"),
                k8s: Some(format!("persistentvolumeclaim \"{claim}\" not found")),
            },
            Refusal::UnknownPod { pod } => Row {
                kind: "unknown-pod",
                ja: format!("Pod {pod} は無い"),
                en: format!("there is no pod {pod}"),
                k8s: Some(format!("pods \"{pod}\" not found")),
            },
            Refusal::UnknownSet { set } => Row {
                kind: "unknown-set",
                ja: format!("StatefulSet {set} は無い"),
                en: format!("there is no StatefulSet {set}"),
                k8s: Some(format!("statefulsets.apps \"{set}\" not found")),
            },
            Refusal::TooManyReplicas { asked, max } => Row {
                kind: "too-many-replicas",
                ja: format!("目標 {asked} は大きすぎる(このデモは {max} まで)"),
                en: format!("a target of {asked} is too large (this demo holds up to {max})"),
                k8s: None,
            },
            Refusal::TooManySteps { asked, max } => Row {
                kind: "too-many-steps",
                ja: format!("{asked} 周期は多すぎる(一度に {max} まで)"),
                en: format!("{asked} steps is too many at once (up to {max})"),
                k8s: None,
            },
            Refusal::InvalidSpread { max_skew } => Row {
                kind: "invalid-spread",
                ja: format!("maxSkew {max_skew} は使えない(1 以上)"),
                en: format!("maxSkew {max_skew} is invalid (it must be at least 1)"),
                // The API server's validation of a pod template.
                k8s: Some(format!(
                    "spec.topologySpreadConstraints[0].maxSkew: Invalid value: {max_skew}: must be greater than zero"
                )),
            },
            Refusal::UnknownNode { node } => Row {
                kind: "unknown-node",
                ja: format!("ノード {node} は無い"),
                en: format!("there is no node {node}"),
                k8s: Some(format!("nodes \"{node}\" not found")),
            },
            Refusal::UnknownZone { zone } => Row {
                kind: "unknown-zone",
                ja: format!("区画 {zone} のノードは無い"),
                en: format!("no node is in zone {zone}"),
                k8s: None,
            },
            Refusal::NodeDown { node } => Row {
                kind: "node-down",
                ja: format!("{node} はもう落ちている"),
                en: format!("{node} is already lost"),
                k8s: None,
            },
            Refusal::ZoneDown { zone } => Row {
                kind: "zone-down",
                ja: format!("区画 {zone} はもう丸ごと落ちている"),
                en: format!("zone {zone} is already lost"),
                k8s: None,
            },
            Refusal::PlacedPodWithClaim { pod } => Row {
                kind: "placed-pod-with-claim",
                ja: format!(
                    "{pod} はノードを指定して置くので、要求は付けられない(スケジューラを通らないと WaitForFirstConsumer の実体が作られない)"
                ),
                en: format!(
                    "{pod} is placed on a named node, so it cannot use a claim here (without the scheduler a WaitForFirstConsumer volume is never provisioned)"
                ),
                k8s: None,
            },
            Refusal::PlacedOffSelector { pod, node } => Row {
                kind: "placed-off-selector",
                ja: format!("{node} は {pod} の nodeSelector に合わないので、kubelet が受け入れない"),
                en: format!("{node} does not match the nodeSelector of {pod}, so its kubelet rejects the pod"),
                // The kubelet's admission, on a pod bound by nodeName.
                k8s: Some("Pod was rejected: Predicate NodeAffinity failed".to_string()),
            },
        }
    }

    pub fn kind(&self) -> &'static str {
        self.row().kind
    }
}

impl Tell for Refusal {
    fn prose(&self, ja: bool) -> String {
        let row = self.row();
        pick(ja, row.ja, row.en)
    }

    fn k8s(&self) -> Option<String> {
        self.row().k8s
    }
}
