//! Why an action was refused. A refusal changes nothing; its `kind` is stable for tests and tools,
//! its texts explain the rule to a reader, and its `k8s` text is what a real cluster would print.

use serde::Serialize;

use super::model::AccessMode;
use crate::scheduling::{self, failed_scheduling};
use crate::told::{list, pick, Tell};

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Refusal {
    UnknownClaim {
        claim: String,
    },
    UnknownNode {
        node: String,
    },
    UnknownClass {
        class: String,
    },
    UnknownVolume {
        volume: String,
    },
    InvalidName {
        name: String,
    },
    DuplicateName {
        name: String,
    },
    InvalidSize {
        size_gib: u32,
    },
    ClaimExists {
        claim: String,
    },
    /// The class's allowedTopologies exclude the zone the volume would be created in.
    ZoneNotAllowed {
        claim: String,
        class: String,
        zone: Option<String>,
        allowed: Vec<String>,
        node: Option<String>,
        total_nodes: usize,
    },
    /// The volume lives in another zone than the node: a disk cannot move.
    ZoneConflict {
        volume: String,
        volume_zone: Option<String>,
        node: String,
        node_zone: Option<String>,
        total_nodes: usize,
    },
    NoVolumeYet {
        claim: String,
    },
    MultiAttach {
        volume: String,
        mode: AccessMode,
        attached_to: Vec<String>,
        pods: Vec<String>,
    },
    NotAttached {
        volume: String,
        node: String,
        attached: Vec<String>,
    },
    PodOnOtherNode {
        pod: String,
        runs_on: String,
        wanted: String,
    },
    RwopInUse {
        claim: String,
        volume: String,
        holder: String,
        total_nodes: usize,
    },
    StillMounted {
        volume: String,
        node: String,
        pods: Vec<String>,
    },
    NotMounted {
        volume: String,
        pod: String,
    },
    ReadOnly {
        volume: String,
        pod: String,
    },
    NodeUnresponsive {
        node: String,
    },
    ClaimInUse {
        claim: String,
        pods: Vec<String>,
    },
    StillAttached {
        claim: String,
        volume: String,
        nodes: Vec<String>,
    },
    VolumeNotReleased {
        volume: String,
    },
}

impl Refusal {
    /// The stable kebab-case name of the rule that refused.
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::UnknownClaim { .. } => "unknown-claim",
            Refusal::UnknownNode { .. } => "unknown-node",
            Refusal::UnknownClass { .. } => "unknown-class",
            Refusal::UnknownVolume { .. } => "unknown-volume",
            Refusal::InvalidName { .. } => "invalid-name",
            Refusal::DuplicateName { .. } => "duplicate-name",
            Refusal::InvalidSize { .. } => "invalid-size",
            Refusal::ClaimExists { .. } => "claim-exists",
            Refusal::ZoneNotAllowed { .. } => "zone-not-allowed",
            Refusal::ZoneConflict { .. } => "zone-conflict",
            Refusal::NoVolumeYet { .. } => "no-volume-yet",
            Refusal::MultiAttach { .. } => "multi-attach",
            Refusal::NotAttached { .. } => "not-attached",
            Refusal::PodOnOtherNode { .. } => "pod-on-other-node",
            Refusal::RwopInUse { .. } => "rwop-in-use",
            Refusal::StillMounted { .. } => "still-mounted",
            Refusal::NotMounted { .. } => "not-mounted",
            Refusal::ReadOnly { .. } => "read-only",
            Refusal::NodeUnresponsive { .. } => "node-unresponsive",
            Refusal::ClaimInUse { .. } => "claim-in-use",
            Refusal::StillAttached { .. } => "still-attached",
            Refusal::VolumeNotReleased { .. } => "volume-not-released",
        }
    }
}

fn zone_or_none(zone: &Option<String>, ja: bool) -> String {
    match zone {
        Some(z) => z.clone(),
        None if ja => "(区画なし)".to_string(),
        None => "(no zone)".to_string(),
    }
}

/// The FailedScheduling text for a pod pinned to one node (nodeSelector on its hostname) when that
/// node fails `reason`: every other node fails the selector first.
fn pinned_pod_failure(total_nodes: usize, reason: &'static str) -> String {
    let others = total_nodes.saturating_sub(1);
    failed_scheduling(
        total_nodes.max(1),
        std::iter::repeat_n(scheduling::REASON_NODE_SELECTOR, others).chain(std::iter::once(reason)),
    )
}

impl Tell for Refusal {
    fn prose(&self, ja: bool) -> String {
        match self {
            Refusal::UnknownClaim { claim } => {
                pick(ja, format!("要求 {claim} は無い"), format!("there is no claim {claim}"))
            }
            Refusal::UnknownNode { node } => pick(ja, format!("ノード {node} は無い"), format!("there is no node {node}")),
            Refusal::UnknownClass { class } => {
                pick(ja, format!("StorageClass {class} は無い"), format!("there is no StorageClass {class}"))
            }
            Refusal::UnknownVolume { volume } => {
                pick(ja, format!("実体 {volume} は無い"), format!("there is no volume {volume}"))
            }
            Refusal::InvalidName { name } => pick(
                ja,
                format!("名前 \"{name}\" は使えない(英小文字・数字・ハイフンで 1〜63 文字)"),
                format!("\"{name}\" is not a valid name (1-63 lowercase letters, digits and hyphens)"),
            ),
            Refusal::DuplicateName { name } => pick(
                ja,
                format!("名前 {name} が2回使われている"),
                format!("the name {name} is used twice"),
            ),
            Refusal::InvalidSize { size_gib } => pick(
                ja,
                format!("{size_gib}GiB は作れない(1〜65536GiB)"),
                format!("cannot provision {size_gib}GiB (1-65536GiB)"),
            ),
            Refusal::ClaimExists { claim } => pick(
                ja,
                format!("要求 {claim} は別の中身で既にある。同じ名前で違う要求は作れない"),
                format!("claim {claim} already exists with a different spec"),
            ),
            Refusal::ZoneNotAllowed { claim, class, zone, allowed, .. } => pick(
                ja,
                format!(
                    "{class} は区画 {} にしか実体を作れない。{claim} を区画 {} に作ることはできない",
                    list(allowed),
                    zone_or_none(zone, true)
                ),
                format!(
                    "{class} provisions only in zone {}; {claim} cannot get a volume in zone {}",
                    list(allowed),
                    zone_or_none(zone, false)
                ),
            ),
            Refusal::ZoneConflict { volume, volume_zone, node, node_zone, .. } => pick(
                ja,
                format!(
                    "実体 {volume} は区画 {} にある。区画 {} の {node} からは繋がらない。ディスクは作った区画から動かせない",
                    zone_or_none(volume_zone, true),
                    zone_or_none(node_zone, true)
                ),
                format!(
                    "{volume} lives in zone {}; {node} in zone {} cannot attach it, because a disk cannot leave its zone",
                    zone_or_none(volume_zone, false),
                    zone_or_none(node_zone, false)
                ),
            ),
            Refusal::NoVolumeYet { claim } => pick(
                ja,
                format!("{claim} の実体がまだ無い。先にノードに繋ぐ(そこで作られる)"),
                format!("{claim} has no volume yet; attach it to a node first (that creates it)"),
            ),
            Refusal::MultiAttach { volume, mode, attached_to, pods } => {
                let (busy_ja, busy_en) = if pods.is_empty() {
                    (String::new(), String::new())
                } else {
                    (format!("({} が使っている)", list(pods)), format!(" (used by {})", list(pods)))
                };
                pick(
                    ja,
                    format!(
                        "{volume} はすでに {} に繋がっている{busy_ja}。{} は1つのノードからしか繋げない",
                        list(attached_to),
                        mode.name()
                    ),
                    format!(
                        "{volume} is already attached to {}{busy_en}; {} attaches to one node at a time",
                        list(attached_to),
                        mode.name()
                    ),
                )
            }
            Refusal::NotAttached { volume, node, attached } => {
                let (now_ja, now_en) = if attached.is_empty() {
                    ("今はどこにも繋がっていない".to_string(), "it is attached nowhere".to_string())
                } else {
                    (format!("今は {}", list(attached)), format!("it is attached to {}", list(attached)))
                };
                pick(
                    ja,
                    format!("{volume} は {node} に繋がっていない({now_ja})。Pod に見せる前に、そのノードに繋ぐ"),
                    format!("{volume} is not attached to {node} ({now_en}); attach it there before a pod can see it"),
                )
            }
            Refusal::PodOnOtherNode { pod, runs_on, wanted } => pick(
                ja,
                format!("{pod} は {runs_on} で動いている。Pod は1つのノードにしか居られないので {wanted} では見せられない"),
                format!("{pod} runs on {runs_on}; a pod lives on one node, so it cannot mount on {wanted}"),
            ),
            Refusal::RwopInUse { claim, holder, .. } => pick(
                ja,
                format!(
                    "{claim} は ReadWriteOncePod。もう {holder} が使っているので、2つ目の Pod はどのノードにも置けず Pending のままになる"
                ),
                format!(
                    "{claim} is ReadWriteOncePod and {holder} already uses it, so a second pod fits on no node and stays Pending"
                ),
            ),
            Refusal::StillMounted { volume, node, pods } => pick(
                ja,
                format!(
                    "{volume} は {node} の {} 個の Pod({})からまだ見えているので外せない。先に見えなくする",
                    pods.len(),
                    list(pods)
                ),
                format!(
                    "{volume} cannot be detached from {node}: {} pod(s) there still see it ({}); unmount first",
                    pods.len(),
                    list(pods)
                ),
            ),
            Refusal::NotMounted { volume, pod } => pick(
                ja,
                format!("{pod} からは {volume} が見えていない"),
                format!("{pod} does not see {volume}"),
            ),
            Refusal::ReadOnly { volume, pod } => pick(
                ja,
                format!("{volume} は ReadOnlyMany なので {pod} からは読み取り専用。書けない"),
                format!("{volume} is ReadOnlyMany: {pod} sees it read-only and cannot write"),
            ),
            Refusal::NodeUnresponsive { node } => pick(
                ja,
                format!(
                    "{node} が応答しない。Pod が本当に止まって手を離したかを確かめられないので、普通には外せない。待つか、応答を待たずに外す"
                ),
                format!(
                    "{node} is not responding, so nobody can confirm its pods let go; a normal detach must wait. Wait, or force-detach"
                ),
            ),
            Refusal::ClaimInUse { claim, pods } => pick(
                ja,
                format!(
                    "{claim} はまだ {} から使われているので消せない(実物では Terminating のまま、使う Pod が消えるのを待つ)",
                    list(pods)
                ),
                format!(
                    "{claim} is still used by {} (a real cluster keeps it Terminating until those pods are gone)",
                    list(pods)
                ),
            ),
            Refusal::StillAttached { claim, volume, nodes } => pick(
                ja,
                format!("{claim} の実体 {volume} はまだ {} に繋がっている。先に外す", list(nodes)),
                format!("{claim}'s volume {volume} is still attached to {}; detach it first", list(nodes)),
            ),
            Refusal::VolumeNotReleased { volume } => pick(
                ja,
                format!("{volume} は要求に結びついている。消せるのは Released の実体だけ"),
                format!("{volume} is bound to a claim; only a Released volume can be deleted by hand"),
            ),
        }
    }

    fn k8s(&self) -> Option<String> {
        match self {
            Refusal::UnknownClaim { claim } => Some(format!("persistentvolumeclaim \"{claim}\" not found")),
            Refusal::UnknownNode { node } => Some(format!("nodes \"{node}\" not found")),
            Refusal::UnknownClass { class } => Some(format!("storageclass.storage.k8s.io \"{class}\" not found")),
            Refusal::UnknownVolume { volume } => Some(format!("persistentvolumes \"{volume}\" not found")),
            Refusal::ZoneNotAllowed { node: Some(_), total_nodes, .. } => {
                Some(pinned_pod_failure(*total_nodes, scheduling::REASON_NO_PV_TO_BIND))
            }
            Refusal::ZoneConflict { total_nodes, .. } => {
                Some(pinned_pod_failure(*total_nodes, scheduling::REASON_VOLUME_NODE_AFFINITY))
            }
            Refusal::MultiAttach { volume, pods, .. } if pods.is_empty() => Some(format!(
                "Multi-Attach error for volume \"{volume}\" Volume is already exclusively attached to one node and can't be attached to another"
            )),
            Refusal::MultiAttach { volume, pods, .. } => {
                Some(format!("Multi-Attach error for volume \"{volume}\" Volume is already used by pod(s) {}", list(pods)))
            }
            Refusal::RwopInUse { total_nodes, .. } => Some(failed_scheduling(
                *total_nodes,
                std::iter::repeat_n(scheduling::REASON_RWOP, *total_nodes),
            )),
            _ => None,
        }
    }
}
