//! What happened, typed. Events never change state; they report what `apply` did, in order, with
//! the CSI call each stage stands for right after it.

use serde::{Deserialize, Serialize};

use super::rpc::{Code, CsiCall};
use crate::told::{list, pick, Tell};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    WaitingForFirstConsumer {
        claim: String,
    },
    Provisioned {
        volume: String,
        claim: String,
        size_gib: u32,
        zone: Option<String>,
    },
    /// The driver answered CreateVolume with an error: the claim stays Pending.
    ProvisioningFailed {
        claim: String,
        class: String,
        volume: String,
        code: Code,
    },
    Attached {
        volume: String,
        node: String,
    },
    /// The driver has no PUBLISH_UNPUBLISH_VOLUME and its CSIDriver says `attachRequired: false`: no
    /// VolumeAttachment, no ControllerPublishVolume, and so no Multi-Attach check either; the volume
    /// is usable on the node at once.
    NoAttachStep {
        volume: String,
        node: String,
    },
    Mounted {
        volume: String,
        node: String,
        pod: String,
        read_only: bool,
    },
    Unmounted {
        volume: String,
        node: String,
        pod: String,
    },
    Detached {
        volume: String,
        node: String,
    },
    /// Detached without the node's confirmation; `pods` were still mounted there as far as anyone knows.
    ForceDetached {
        volume: String,
        node: String,
        pods: Vec<String>,
        node_responsive: bool,
    },
    /// `sharers` are the other pods that have the volume open read-write at that moment.
    Written {
        volume: String,
        pod: String,
        sharers: Vec<String>,
    },
    ClaimDeleted {
        claim: String,
    },
    VolumeDeleted {
        volume: String,
    },
    VolumeReleased {
        volume: String,
        claim: String,
    },
    /// An administrator deleted a Released PersistentVolume that Retain kept. Only the API object
    /// goes: with Retain, Kubernetes never deletes the storage asset, so no DeleteVolume is called
    /// and the disk stays in the backend until someone removes it there.
    RetainedVolumeDeleted {
        volume: String,
    },
    /// The claim asks for more: `spec.resources.requests.storage` changed.
    ResizeRequested {
        claim: String,
        from_gib: u32,
        to_gib: u32,
    },
    /// ControllerExpandVolume succeeded: the disk (the PV's capacity) is bigger.
    ControllerExpanded {
        volume: String,
        size_gib: u32,
    },
    /// ControllerExpandVolume failed; the claim keeps asking and the volume keeps its size.
    ResizeFailed {
        claim: String,
        volume: String,
        size_gib: u32,
        code: Code,
    },
    /// The disk grew, no node has it mounted, so the filesystem waits for the next pod.
    FileSystemResizePending {
        claim: String,
        volume: String,
    },
    /// NodeExpandVolume on `node` grew the filesystem: pods now see `size_gib`.
    FileSystemResized {
        volume: String,
        node: String,
        size_gib: u32,
    },
    /// The request is no more than the disk already has: no controller call.
    ResizeCancelled {
        claim: String,
        size_gib: u32,
    },
    NodeStoppedResponding {
        node: String,
    },
    NodeResponding {
        node: String,
    },
    /// A CSI call the change stands for.
    Csi(CsiCall),
    /// The action asked for what already holds: OK and no change, as CSI's idempotency requires.
    AlreadyHolds {
        what: AlreadyHolds,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum AlreadyHolds {
    Requested { claim: String },
    Size { claim: String, size_gib: u32 },
    Attached { volume: String, node: String },
    Mounted { volume: String, pod: String },
    NotMounted { volume: String, pod: String },
    NothingMounted { volume: String },
    NotAttached { volume: String, node: String },
    NodeState { node: String, responsive: bool },
}

impl Event {
    /// Whether this event reports a change (as opposed to a CSI call or an idempotent no-op).
    pub fn is_change(&self) -> bool {
        !matches!(self, Event::Csi(_) | Event::AlreadyHolds { .. })
    }

    pub fn csi_call(&self) -> Option<&CsiCall> {
        match self {
            Event::Csi(call) => Some(call),
            _ => None,
        }
    }
}

fn zone_text(japanese: bool, zone: &Option<String>) -> String {
    match (zone, japanese) {
        (Some(z), true) => format!("区画 {z}"),
        (Some(z), false) => format!("zone {z}"),
        (None, true) => "区画の指定なし".to_string(),
        (None, false) => "no zone".to_string(),
    }
}

impl Tell for Event {
    fn prose(&self, ja: bool) -> String {
        match self {
            Event::WaitingForFirstConsumer { claim } => pick(
                ja,
                format!("要求 {claim} を受け取った。使う Pod の置き場所が決まるまで実体は作らない"),
                format!("claim {claim} accepted; no volume until a pod that uses it is placed"),
            ),
            Event::Provisioned { volume, claim, size_gib, zone } => pick(
                ja,
                format!("{volume} を作った({size_gib}GiB、{}、要求 {claim})", zone_text(true, zone)),
                format!("provisioned {volume} ({size_gib}GiB, {}, claim {claim})", zone_text(false, zone)),
            ),
            Event::ProvisioningFailed { claim, volume, code, .. } => pick(
                ja,
                format!("ドライバが CreateVolume を {} で断った。{volume} は作られず、要求 {claim} は Pending のまま", code.name()),
                format!("the driver answered CreateVolume with {}: no {volume}, and claim {claim} stays Pending", code.name()),
            ),
            Event::Attached { volume, node } => {
                pick(ja, format!("{volume} を {node} に繋いだ"), format!("attached {volume} to {node}"))
            }
            Event::NoAttachStep { volume, node } => pick(
                ja,
                format!(
                    "ドライバに PUBLISH_UNPUBLISH_VOLUME が無く、CSIDriver も attachRequired: false なので繋ぐ段階が無い。VolumeAttachment も ControllerPublishVolume も無く、{volume} はすぐ {node} で使える。ReadWriteOnce の「1ノードだけ」を確かめるのも繋ぐ段階なので、誰も確かめない"
                ),
                format!(
                    "the driver has no PUBLISH_UNPUBLISH_VOLUME and its CSIDriver says attachRequired: false, so there is no attach step: no VolumeAttachment, no ControllerPublishVolume, and {volume} is usable on {node} at once. ReadWriteOnce's one-node rule is checked at attach, so nothing checks it"
                ),
            ),
            Event::Mounted { volume, node, pod, read_only } => {
                let ro_ja = if *read_only { "(読み取り専用)" } else { "" };
                let ro_en = if *read_only { " (read-only)" } else { "" };
                pick(
                    ja,
                    format!("{volume} が {node} の {pod} から見えるようになった{ro_ja}"),
                    format!("{pod} on {node} now sees {volume}{ro_en}"),
                )
            }
            Event::Unmounted { volume, node, pod } => pick(
                ja,
                format!("{node} の {pod} から {volume} が見えなくなった"),
                format!("{pod} on {node} no longer sees {volume}"),
            ),
            Event::Detached { volume, node } => {
                pick(ja, format!("{volume} を {node} から外した"), format!("detached {volume} from {node}"))
            }
            Event::ForceDetached { volume, node, pods, node_responsive } => {
                let risky = !pods.is_empty() || !node_responsive;
                let (risk_ja, risk_en) = if !risky {
                    (String::new(), String::new())
                } else if pods.is_empty() {
                    (
                        "。止まったことを確かめていないので、まだ書いているかもしれない(二重書き込みの危険)".to_string(),
                        "; nobody confirmed the node stopped writing (risk of two writers)".to_string(),
                    )
                } else {
                    (
                        format!("。{} がまだ書いているかもしれない(二重書き込みの危険)", list(pods)),
                        format!("; {} may still be writing (risk of two writers on one disk)", list(pods)),
                    )
                };
                pick(
                    ja,
                    format!("{volume} を {node} の応答を待たずに外した{risk_ja}"),
                    format!("force-detached {volume} from {node} without waiting for the node{risk_en}"),
                )
            }
            Event::Written { volume, pod, sharers } => {
                if sharers.is_empty() {
                    pick(ja, format!("{pod} が {volume} に書いた"), format!("{pod} wrote to {volume}"))
                } else {
                    pick(
                        ja,
                        format!(
                            "{pod} が {volume} に書いた。{} も読み書きで開いている。ロックが無ければ互いの書き込みを壊しうる",
                            list(sharers)
                        ),
                        format!(
                            "{pod} wrote to {volume}; {} also has it open read-write, and without locking they can corrupt each other's writes",
                            list(sharers)
                        ),
                    )
                }
            }
            Event::ClaimDeleted { claim } => pick(ja, format!("要求 {claim} を消した"), format!("deleted claim {claim}")),
            Event::VolumeDeleted { volume } => pick(
                ja,
                format!("回収の方針が Delete なので {volume} も消した"),
                format!("reclaim policy Delete: {volume} deleted too"),
            ),
            Event::VolumeReleased { volume, claim } => pick(
                ja,
                format!(
                    "回収の方針が Retain なので {volume} は Released として残る。中身はあるが、{claim} を作り直しても自動では結びつかない"
                ),
                format!(
                    "reclaim policy Retain: {volume} stays as Released with its data, and is not bound again even if {claim} is re-created"
                ),
            ),
            Event::RetainedVolumeDeleted { volume } => pick(
                ja,
                format!(
                    "PersistentVolume {volume} を消した。回収の方針が Retain なので DeleteVolume は呼ばれず、ストレージ側の実体(ディスク)と中身は残る。片付けるのは管理者"
                ),
                format!(
                    "deleted the PersistentVolume {volume}; reclaim policy Retain calls no DeleteVolume, so the disk and its data stay in the storage backend until an administrator removes them"
                ),
            ),
            Event::ResizeRequested { claim, from_gib, to_gib } => pick(
                ja,
                format!("要求 {claim} の容量を {from_gib}GiB から {to_gib}GiB に変えた"),
                format!("claim {claim} now asks for {to_gib}GiB instead of {from_gib}GiB"),
            ),
            Event::ControllerExpanded { volume, size_gib } => pick(
                ja,
                format!("{volume} のディスクを {size_gib}GiB に広げた(1段目: コントローラ)。ファイルシステムはまだ元の大きさ"),
                format!("grew the disk of {volume} to {size_gib}GiB (step 1, the controller); the filesystem is still the old size"),
            ),
            Event::ResizeFailed { claim, volume, size_gib, code } => pick(
                ja,
                format!(
                    "ドライバが {size_gib}GiB への拡張を {} で断った(ストレージに空きが無い)。{volume} は元の大きさのまま、要求 {claim} は ControllerResizeInfeasible。要求を元に戻せば回復する",
                    code.name()
                ),
                format!(
                    "the driver refused to grow {volume} to {size_gib}GiB with {} (the backend has no room); the volume keeps its size and claim {claim} shows ControllerResizeInfeasible until its request goes back down",
                    code.name()
                ),
            ),
            Event::FileSystemResizePending { claim, volume } => pick(
                ja,
                format!(
                    "{volume} を使う Pod がどのノードにも無いので、ファイルシステムを広げる2段目は次に Pod が使う時まで待つ。要求 {claim} は FileSystemResizePending"
                ),
                format!(
                    "no node has {volume} mounted, so step 2, growing the filesystem, waits for the next pod to use it; claim {claim} shows FileSystemResizePending"
                ),
            ),
            Event::FileSystemResized { volume, node, size_gib } => pick(
                ja,
                format!("{node} の kubelet が {volume} のファイルシステムを {size_gib}GiB に広げた(2段目: ノード)。Pod から見える容量が増えた"),
                format!("the kubelet on {node} grew the filesystem of {volume} to {size_gib}GiB (step 2, the node); pods now see the new size"),
            ),
            Event::ResizeCancelled { claim, size_gib } => pick(
                ja,
                format!("要求 {claim} は {size_gib}GiB。ディスクはもうその大きさがあるので、コントローラが広げるものは無い"),
                format!("claim {claim} asks for {size_gib}GiB, which the disk already has: nothing for the controller to grow"),
            ),
            Event::NodeStoppedResponding { node } => pick(
                ja,
                format!("{node} が応答しなくなった。その上の Pod が止まったかどうかは外から確かめられない"),
                format!("{node} stopped responding; nobody can confirm its pods have stopped"),
            ),
            Event::NodeResponding { node } => {
                pick(ja, format!("{node} がまた応答するようになった"), format!("{node} is responding again"))
            }
            Event::Csi(call) => call.render(),
            Event::AlreadyHolds { what } => what.prose(ja),
        }
    }

    fn k8s(&self) -> Option<String> {
        match self {
            Event::WaitingForFirstConsumer { .. } => {
                Some("waiting for first consumer to be created before binding".to_string())
            }
            Event::Provisioned { volume, .. } => Some(format!("Successfully provisioned volume {volume}")),
            Event::ProvisioningFailed { class, code, .. } => Some(format!(
                "failed to provision volume with StorageClass \"{class}\": rpc error: code = {} desc = not enough space",
                code.go_name()
            )),
            Event::Attached { volume, .. } => Some(format!("AttachVolume.Attach succeeded for volume \"{volume}\"")),
            // external-resizer's events on the claim, and the condition it sets.
            Event::ControllerExpanded { volume, .. } => {
                Some(format!("External resizer is resizing volume {volume}"))
            }
            Event::ResizeFailed { volume, code, .. } => Some(format!(
                "resize volume \"{volume}\" by resizer \"{}\" failed: rpc error: code = {} desc = not enough space",
                crate::api::DRIVER_NAME,
                code.go_name()
            )),
            Event::FileSystemResizePending { .. } => {
                Some("Waiting for user to (re-)start a pod to finish file system resize of volume on node.".to_string())
            }
            Event::FileSystemResized { volume, node, .. } => {
                Some(format!("MountVolume.NodeExpandVolume succeeded for volume \"{volume}\" {node}"))
            }
            // What `kubectl delete pv <name>` prints.
            Event::RetainedVolumeDeleted { volume } => Some(format!("persistentvolume \"{volume}\" deleted")),
            Event::NodeStoppedResponding { node } => Some(format!("Node {node} status is now: NodeNotReady")),
            Event::NodeResponding { node } => Some(format!("Node {node} status is now: NodeReady")),
            Event::Csi(call) => Some(call.render()),
            _ => None,
        }
    }
}

impl Tell for AlreadyHolds {
    fn prose(&self, ja: bool) -> String {
        let (j, e) = match self {
            AlreadyHolds::Requested { claim } => {
                (format!("要求 {claim} はもうある"), format!("claim {claim} already exists"))
            }
            AlreadyHolds::Size { claim, size_gib } => {
                (format!("要求 {claim} はもう {size_gib}GiB"), format!("claim {claim} already asks for {size_gib}GiB"))
            }
            AlreadyHolds::Attached { volume, node } => {
                (format!("{volume} はもう {node} に繋がっている"), format!("{volume} is already attached to {node}"))
            }
            AlreadyHolds::Mounted { volume, pod } => {
                (format!("{volume} はもう {pod} から見えている"), format!("{pod} already sees {volume}"))
            }
            AlreadyHolds::NotMounted { volume, pod } => {
                (format!("{volume} は {pod} から見えていない"), format!("{pod} does not see {volume}"))
            }
            AlreadyHolds::NothingMounted { volume } => {
                (format!("{volume} はどの Pod からも見えていない"), format!("no pod sees {volume}"))
            }
            AlreadyHolds::NotAttached { volume, node } => {
                (format!("{volume} は {node} に繋がっていない"), format!("{volume} is not attached to {node}"))
            }
            AlreadyHolds::NodeState { node, responsive: true } => {
                (format!("{node} はもう応答している"), format!("{node} is already responding"))
            }
            AlreadyHolds::NodeState { node, responsive: false } => {
                (format!("{node} はもう応答していない"), format!("{node} is already not responding"))
            }
        };
        pick(
            ja,
            format!("{j}。何も変えずに成功として返す(CSI の冪等性)"),
            format!("{e}: OK, nothing changed (CSI calls are idempotent)"),
        )
    }
}
