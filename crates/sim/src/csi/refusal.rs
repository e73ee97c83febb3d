//! Why an action was refused. A refusal changes nothing; its `kind` is stable for tests and tools,
//! its texts explain the rule to a reader, and its `k8s` text is what a real cluster would print.

use serde::Serialize;

use crate::api::AccessMode;
use crate::scheduling::{FailedScheduling, Reason};
use crate::told::{list, told_table};

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
    /// A new pod (or node) for a claim that is being deleted: the scheduler's volume binding
    /// refuses it.
    ClaimTerminating {
        claim: String,
    },
    VolumeNotReleased {
        volume: String,
    },
    /// The class does not set `allowVolumeExpansion`: the API server's admission refuses the edit.
    ExpansionNotAllowed {
        claim: String,
        class: String,
    },
    /// A volume never shrinks: the request may not go below what the claim already has.
    ShrinkBelowCapacity {
        claim: String,
        size_gib: u32,
        capacity_gib: u32,
    },
    /// Only a bound claim may change its size.
    ResizeUnbound {
        claim: String,
    },
    /// The driver does not advertise EXPAND_VOLUME, so no external-resizer runs.
    DriverCannotExpand {
        claim: String,
        size_gib: u32,
    },
}

// The table: each refusal's kind (serde's tag) and its texts, in variant order.
told_table! {
    refusals Refusal {
        Refusal::UnknownClaim { claim } => Common::UnknownClaim { claim },
        Refusal::UnknownNode { node } => Common::UnknownNode { node },
        Refusal::UnknownClass { class } => Common::UnknownClass { class },
        Refusal::UnknownVolume { volume } => Row {
            kind: "unknown-volume",
            ja: format!("実体 {volume} は無い"),
            en: format!("there is no volume {volume}"),
            k8s: Some(format!("persistentvolumes \"{volume}\" not found")),
        },
        Refusal::InvalidName { name } => Row {
            kind: "invalid-name",
            ja: format!("名前 \"{name}\" は使えない(英小文字・数字・ハイフンで 1〜63 文字)"),
            en: format!("\"{name}\" is not a valid name (1-63 lowercase letters, digits and hyphens)"),
            k8s: None,
        },
        Refusal::DuplicateName { name } => Row {
            kind: "duplicate-name",
            ja: format!("名前 {name} が2回使われている"),
            en: format!("the name {name} is used twice"),
            k8s: None,
        },
        Refusal::InvalidSize { size_gib } => Row {
            kind: "invalid-size",
            ja: format!("{size_gib}GiB は作れない(1〜65536GiB)"),
            en: format!("cannot provision {size_gib}GiB (1-65536GiB)"),
            k8s: None,
        },
        Refusal::ClaimExists { claim } => Row {
            kind: "claim-exists",
            ja: format!("要求 {claim} は別の中身で既にある。同じ名前で違う要求は作れない"),
            en: format!("claim {claim} already exists with a different spec"),
            k8s: None,
        },
        Refusal::ZoneNotAllowed { claim, class, zone, allowed, node, total_nodes } => Row {
            kind: "zone-not-allowed",
            ja: format!(
                "{class} は区画 {} にしか実体を作れない。{claim} を区画 {} に作ることはできない",
                list(allowed),
                zone_or_none(zone, true)
            ),
            en: format!(
                "{class} provisions only in zone {}; {claim} cannot get a volume in zone {}",
                list(allowed),
                zone_or_none(zone, false)
            ),
            // Only a pod on a node meets the scheduler; a bare claim has no event to show.
            k8s: node.as_ref().map(|_| pinned_pod_failure(*total_nodes, Reason::NoPvToBind)),
        },
        Refusal::ZoneConflict { volume, volume_zone, node, node_zone, total_nodes } => Row {
            kind: "zone-conflict",
            ja: format!(
                "実体 {volume} は区画 {} にある。区画 {} の {node} からは繋がらない。ディスクは作った区画から動かせない",
                zone_or_none(volume_zone, true),
                zone_or_none(node_zone, true)
            ),
            en: format!(
                "{volume} lives in zone {}; {node} in zone {} cannot attach it, because a disk cannot leave its zone",
                zone_or_none(volume_zone, false),
                zone_or_none(node_zone, false)
            ),
            k8s: Some(pinned_pod_failure(*total_nodes, Reason::VolumeNodeAffinity)),
        },
        Refusal::NoVolumeYet { claim } => Row {
            kind: "no-volume-yet",
            ja: format!("{claim} の実体がまだ無い。先にノードに繋ぐ(そこで作られる)"),
            en: format!("{claim} has no volume yet; attach it to a node first (that creates it)"),
            k8s: None,
        },
        Refusal::MultiAttach { volume, mode, attached_to, pods } => {
            // The attach/detach controller names the pods only when some use the volume.
            let (busy_ja, busy_en, k8s) = if pods.is_empty() {
                (
                    String::new(),
                    String::new(),
                    format!(
                        "Multi-Attach error for volume \"{volume}\" Volume is already exclusively attached to one node \
                            and can't be attached to another"
                    ),
                )
            } else {
                (
                    format!("({} が使っている)", list(pods)),
                    format!(" (used by {})", list(pods)),
                    format!("Multi-Attach error for volume \"{volume}\" Volume is already used by pod(s) \
                        {}", list(pods)),
                )
            };
            Row {
                kind: "multi-attach",
                ja: format!(
                    "{volume} はすでに {} に繋がっている{busy_ja}。{} は1つのノードからしか繋げない",
                    list(attached_to),
                    mode.name()
                ),
                en: format!(
                    "{volume} is already attached to {}{busy_en}; {} attaches to one node at a time",
                    list(attached_to),
                    mode.name()
                ),
                k8s: Some(k8s),
            }
        }
        Refusal::NotAttached { volume, node, attached } => {
            let (now_ja, now_en) = if attached.is_empty() {
                ("今はどこにも繋がっていない".to_string(), "it is attached nowhere".to_string())
            } else {
                (format!("今は {}", list(attached)), format!("it is attached to {}", list(attached)))
            };
            Row {
                kind: "not-attached",
                ja: format!("{volume} は {node} に繋がっていない({now_ja})。Pod に見せる前に、そのノードに繋ぐ"),
                en: format!("{volume} is not attached to {node} ({now_en}); attach it there before a pod can see it"),
                k8s: None,
            }
        }
        Refusal::PodOnOtherNode { pod, runs_on, wanted } => Row {
            kind: "pod-on-other-node",
            ja: format!("{pod} は {runs_on} で動いている。Pod は1つのノードにしか居られないので {wanted} では見せられない"),
            en: format!("{pod} runs on {runs_on}; a pod lives on one node, so it cannot mount on {wanted}"),
            k8s: None,
        },
        Refusal::RwopInUse { claim, holder, total_nodes, .. } => Row {
            kind: "rwop-in-use",
            ja: format!(
                "{claim} は ReadWriteOncePod。もう {holder} が使っているので、2つ目の Pod はどのノードにも置けず Pending のままになる"
            ),
            en: format!(
                "{claim} is ReadWriteOncePod and {holder} already uses it, so a second pod fits on no node and stays \
                    Pending"
            ),
            k8s: Some(FailedScheduling::new(*total_nodes, std::iter::repeat_n(Reason::Rwop, *total_nodes)).message()),
        },
        Refusal::StillMounted { volume, node, pods } => Row {
            kind: "still-mounted",
            ja: format!(
                "{volume} は {node} の {} 個の Pod({})からまだ見えているので外せない。先に見えなくする",
                pods.len(),
                list(pods)
            ),
            en: format!(
                "{volume} cannot be detached from {node}: {} pod(s) there still see it ({}); unmount first",
                pods.len(),
                list(pods)
            ),
            k8s: None,
        },
        Refusal::NotMounted { volume, pod } => Row {
            kind: "not-mounted",
            ja: format!("{pod} からは {volume} が見えていない"),
            en: format!("{pod} does not see {volume}"),
            k8s: None,
        },
        Refusal::ReadOnly { volume, pod } => Row {
            kind: "read-only",
            ja: format!("{volume} は ReadOnlyMany なので {pod} からは読み取り専用。書けない"),
            en: format!("{volume} is ReadOnlyMany: {pod} sees it read-only and cannot write"),
            k8s: None,
        },
        Refusal::NodeUnresponsive { node } => Row {
            kind: "node-unresponsive",
            ja: format!(
                "{node} が応答しない。Pod が本当に止まって手を離したかを確かめられないので、普通には外せない。待つか、応答を待たずに外す"
            ),
            en: format!(
                "{node} is not responding, so nobody can confirm its pods let go; a normal detach must wait. Wait, or \
                    force-detach"
            ),
            k8s: None,
        },
        // Models pkg/scheduler/framework/plugins/volumebinding/binder.go volumeBinder.GetPodVolumeClaims
        Refusal::ClaimTerminating { claim } => Row {
            kind: "claim-terminating",
            ja: format!("{claim} は削除中(Terminating)なので、新しい Pod にもノードにも渡せない"),
            en: format!("{claim} is being deleted (Terminating): no new pod or node gets it"),
            k8s: Some(format!("persistentvolumeclaim \"{claim}\" is being deleted")),
        },
        Refusal::VolumeNotReleased { volume } => Row {
            kind: "volume-not-released",
            ja: format!("{volume} は要求に結びついている。消せるのは Released の実体だけ"),
            en: format!("{volume} is bound to a claim; only a Released volume can be deleted by hand"),
            k8s: None,
        },
        Refusal::ExpansionNotAllowed { claim, class } => Row {
            kind: "expansion-not-allowed",
            ja: format!(
                "StorageClass {class} に allowVolumeExpansion: true が無いので、API サーバが {claim} の容量変更を断った"
            ),
            en: format!(
                "StorageClass {class} does not set allowVolumeExpansion: true, so the API server refuses a new size \
                    for {claim}"
            ),
            // The PersistentVolumeClaimResize admission plugin.
            k8s: Some(format!(
                "persistentvolumeclaims \"{claim}\" is forbidden: only dynamically provisioned pvc can be resized and \
                    the storageclass that provisions the pvc must support resize"
            )),
        },
        Refusal::ShrinkBelowCapacity { claim, size_gib, capacity_gib } => Row {
            kind: "shrink-below-capacity",
            ja: format!("ボリュームは縮められない。{claim} はもう {capacity_gib}GiB あり、{size_gib}GiB はそれより小さい"),
            en: format!("a volume never shrinks: {claim} already has {capacity_gib}GiB, and {size_gib}GiB is less"),
            k8s: Some(format!(
                "PersistentVolumeClaim \"{claim}\" is invalid: spec.resources.requests.storage: Forbidden: field can \
                    not be less than status.capacity"
            )),
        },
        Refusal::ResizeUnbound { claim } => Row {
            kind: "resize-unbound",
            ja: format!("{claim} にはまだ実体が無い。容量を変えられるのは結びついた要求だけ"),
            en: format!("{claim} has no volume yet; only a bound claim can change its size"),
            k8s: Some(format!(
                "PersistentVolumeClaim \"{claim}\" is invalid: spec: Forbidden: spec is immutable after creation \
                    except resources.requests and volumeAttributesClassName for bound claims"
            )),
        },
        Refusal::DriverCannotExpand { claim, size_gib } => Row {
            kind: "driver-cannot-expand",
            ja: format!(
                "ドライバが EXPAND_VOLUME を持たないので external-resizer が動かず、ControllerExpandVolume を呼ぶものが無い。本物の API サーバは \
                    {size_gib}GiB への変更を受け付けるが、{claim} はいつまでも広がらない"
            ),
            en: format!(
                "the driver does not advertise EXPAND_VOLUME, so no external-resizer runs and nothing calls \
                    ControllerExpandVolume; a real API server accepts {size_gib}GiB, and {claim} never grows"
            ),
            k8s: None,
        },
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
fn pinned_pod_failure(total_nodes: usize, reason: Reason) -> String {
    let others = total_nodes.saturating_sub(1);
    FailedScheduling::new(
        total_nodes.max(1),
        std::iter::repeat_n(Reason::NodeSelector, others).chain(std::iter::once(reason)),
    )
    .message()
}
