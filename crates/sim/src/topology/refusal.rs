//! Why a topology action was refused. A refusal changes nothing.

use serde::Serialize;

use crate::told::told_table;

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
    InvalidSpread { max_skew: u32, set: String },
    UnknownNode { node: String },
    UnknownZone { zone: String },
    NodeDown { node: String },
    ZoneDown { zone: String },
    PlacedPodWithClaim { pod: String },
    PlacedOffSelector { pod: String, node: String },
    NodeUp { node: String },
}

// The table: each refusal's kind (serde's tag) and its texts, in variant order.
told_table! {
    refusals Refusal {
        Refusal::InvalidName { name } => Common::InvalidName { name },
        Refusal::DuplicateName { name } => Row {
            kind: "duplicate-name",
            ja: format!("{name} はもうある"),
            en: format!("{name} already exists"),
            k8s: None,
        },
        Refusal::UnknownClass { class } => Common::UnknownClass { class },
        Refusal::UnknownClaim { claim } => Common::UnknownClaim { claim },
        Refusal::UnknownPod { pod } => Common::NoPod { kind: "unknown-pod", pod },
        Refusal::UnknownSet { set } => Row {
            kind: "unknown-set",
            ja: format!("StatefulSet {set} は無い"),
            en: format!("there is no StatefulSet {set}"),
            k8s: Some(format!("statefulsets.apps \"{set}\" not found")),
        },
        Refusal::TooManyReplicas { asked, max } => Common::TooManyReplicas { asked: i64::from(*asked), max: *max },
        Refusal::TooManySteps { asked, max } => Common::TooManySteps { asked: *asked, max: *max },
        Refusal::InvalidSpread { max_skew, set } => Row {
            kind: "invalid-spread",
            ja: format!("maxSkew {max_skew} は使えない(1 以上)"),
            en: format!("maxSkew {max_skew} is invalid (it must be at least 1)"),
            // The API server validates the pod template inside the StatefulSet, so the field
            // path starts at the template; kubectl prints the error as `The <Kind> "<name>" is
            // invalid: <path>: Invalid value: ...`.
            k8s: Some(format!(
                "The StatefulSet \"{set}\" is invalid: spec.template.spec.topologySpreadConstraints[0].maxSkew: \
                    Invalid value: {max_skew}: must be greater than zero"
            )),
        },
        Refusal::UnknownNode { node } => Common::UnknownNode { node },
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
                "{pod} is placed on a named node, so it cannot use a claim here (without the scheduler a \
                    WaitForFirstConsumer volume is never provisioned)"
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
        Refusal::NodeUp { node } => Row {
            kind: "node-up",
            ja: format!("{node} は動いている。消したり戻したりできるのは落ちたノードだけ"),
            en: format!("{node} is up; only a lost node can be removed or brought back"),
            k8s: None,
        },
    }
}
