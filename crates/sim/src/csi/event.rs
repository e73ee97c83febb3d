//! What happened, typed. Events never change state; they report what `apply` did, in order, with
//! the CSI call each stage stands for right after it.

use serde::{Deserialize, Serialize};

use super::cluster::said;
use super::rpc::{Code, CsiCall};
use crate::cluster::{node_status, POD_NOT_READY};
use crate::told::{list, pick, told_table, Tell};

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
        /// The attach/detach controller reports the volume's attach to this node on this pod: the
        /// driver publishes, and this is the first pod on the node since the attach.
        #[serde(default)]
        attached: bool,
    },
    Unmounted {
        volume: String,
        node: String,
        pod: String,
    },
    /// A pod on a node that does not respond, force deleted: the volume stays attached there.
    PodForceDeleted {
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
    /// The claim was deleted while pods used it or a node held its disk: the API server set its
    /// deletionTimestamp, and the pvc-protection finalizer keeps it until they are gone.
    ClaimTerminating {
        claim: String,
        pods: Vec<String>,
        nodes: Vec<String>,
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
        /// The pods on it, which the node lifecycle controller marks not ready.
        #[serde(default)]
        pods: Vec<String>,
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
    Terminating { claim: String },
}

impl From<AlreadyHolds> for Event {
    fn from(what: AlreadyHolds) -> Event {
        Event::AlreadyHolds { what }
    }
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

// The event's texts in every voice, one arm per kind of event.
told_table! {
    events Event {
        Event::WaitingForFirstConsumer { claim } => Words {
            ja: format!("要求 {claim} を受け取った。使う Pod の置き場所が決まるまで実体は作らない"),
            en: format!("claim {claim} accepted; no volume until a pod that uses it is placed"),
            k8s: Some(crate::cluster::WAITING_FOR_FIRST_CONSUMER.to_string()),
        },
        Event::Provisioned { volume, claim, size_gib, zone } => Words {
            ja: format!("{volume} を作った({size_gib}GiB、{}、要求 {claim})", zone_text(true, zone)),
            en: format!("provisioned {volume} ({size_gib}GiB, {}, claim {claim})", zone_text(false, zone)),
            k8s: Some(format!("{}\n{}", said::provisioning(claim), said::provisioned(volume))),
        },
        Event::ProvisioningFailed { claim, class, volume, code } => Words {
            ja: format!(
                "ドライバが CreateVolume を {} で断った。{volume} は作られず、要求 {claim} は Pending のまま",
                code.name()
            ),
            en: format!(
                "the driver answered CreateVolume with {}: no {volume}, and claim {claim} stays Pending",
                code.name()
            ),
            k8s: Some(said::provisioning_failed(class, *code)),
        },
        Event::Attached { volume, node } => Words {
            ja: format!("{volume} を {node} に繋いだ"),
            en: format!("attached {volume} to {node}"),
            k8s: Some(format!("AttachVolume.Attach succeeded for volume \"{volume}\"")),
        },
        Event::NoAttachStep { volume, node } => Words {
            ja: format!(
                "ドライバに PUBLISH_UNPUBLISH_VOLUME が無く、CSIDriver も attachRequired: false なので\
                繋ぐ段階が無い。VolumeAttachment も ControllerPublishVolume も無く、{volume} はすぐ {node} で\
                使える。ReadWriteOnce の「1ノードだけ」を確かめるのも繋ぐ段階なので、誰も確かめない"
            ),
            en: format!(
                "the driver has no PUBLISH_UNPUBLISH_VOLUME and its CSIDriver says attachRequired: false, so \
                there is no attach step: no VolumeAttachment, no ControllerPublishVolume, and {volume} is \
                usable on {node} at once. ReadWriteOnce's one-node rule is checked at attach, so nothing \
                checks it"
            ),
            k8s: None,
        },
        Event::Mounted { volume, node, pod, read_only, attached } => {
            let ro_ja = if *read_only { "(読み取り専用)" } else { "" };
            let ro_en = if *read_only { " (read-only)" } else { "" };
            Words {
                ja: format!("{volume} が {node} の {pod} から見えるようになった{ro_ja}"),
                en: format!("{pod} on {node} now sees {volume}{ro_en}"),
                k8s: Some(match attached {
                    true => format!("{}\n{}", said::scheduled(pod, node), said::attached_to(volume)),
                    false => said::scheduled(pod, node),
                }),
            }
        }
        Event::Unmounted { volume, node, pod } => Words {
            ja: format!("{node} の {pod} から {volume} が見えなくなった"),
            en: format!("{pod} on {node} no longer sees {volume}"),
            k8s: None,
        },
        Event::PodForceDeleted { volume, node, pod } => Words {
            ja: format!(
                "{pod} を強制削除した (kubelet の確認を待たない)。{node} は応答しないので、{volume} は {node} に繋がったまま: \
                強制的に外すまで (attach/detach controller は 6 分待ってから自分で外す)"
            ),
            en: format!(
                "force deleted {pod} without its kubelet's word. {node} does not respond, so {volume} stays attached \
                to {node} until it is force-detached (the attach/detach controller does so itself after 6 minutes)"
            ),
            k8s: None,
        },
        Event::Detached { volume, node } => Words {
            ja: format!("{volume} を {node} から外した"),
            en: format!("detached {volume} from {node}"),
            k8s: None,
        },
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
            Words {
                ja: format!("{volume} を {node} の応答を待たずに外した{risk_ja}"),
                en: format!("force-detached {volume} from {node} without waiting for the node{risk_en}"),
                k8s: None,
            }
        }
        Event::Written { volume, pod, sharers } if sharers.is_empty() => Words {
            ja: format!("{pod} が {volume} に書いた"),
            en: format!("{pod} wrote to {volume}"),
            k8s: None,
        },
        Event::Written { volume, pod, sharers } => Words {
            ja: format!(
                "{pod} が {volume} に書いた。{} も読み書きで開いている。ロックが無ければ互いの書き込みを壊しうる",
                list(sharers)
            ),
            en: format!(
                "{pod} wrote to {volume}; {} also has it open read-write, and without locking they can \
                corrupt each other's writes",
                list(sharers)
            ),
            k8s: None,
        },
        Event::ClaimTerminating { claim, pods, nodes } => {
            let (held_ja, held_en) = if pods.is_empty() {
                (format!("{} がまだ繋いでいる", list(nodes)), format!("{} still holds its disk", list(nodes)))
            } else {
                (format!("{} が使っている", list(pods)), format!("{} use it", list(pods)))
            };
            Words {
                ja: format!(
                    "{claim} を消した。{held_ja}ので、kubernetes.io/pvc-protection が外れるまで Terminating のまま残る"
                ),
                en: format!(
                    "deleted claim {claim}: {held_en}, so kubernetes.io/pvc-protection keeps it Terminating until \
                        they are gone"
                ),
                k8s: None,
            }
        }
        Event::ClaimDeleted { claim } => Words {
            ja: format!("要求 {claim} を消した"),
            en: format!("deleted claim {claim}"),
            k8s: None,
        },
        Event::VolumeDeleted { volume } => Words {
            ja: format!("回収の方針が Delete なので {volume} も消した"),
            en: format!("reclaim policy Delete: {volume} deleted too"),
            k8s: None,
        },
        Event::VolumeReleased { volume, claim } => Words {
            ja: format!(
                "回収の方針が Retain なので {volume} は Released として残る。\
                中身はあるが、{claim} を作り直しても自動では結びつかない"
            ),
            en: format!(
                "reclaim policy Retain: {volume} stays as Released with its data, and is not bound again \
                even if {claim} is re-created"
            ),
            k8s: None,
        },
        Event::RetainedVolumeDeleted { volume } => Words {
            ja: format!(
                "PersistentVolume {volume} を消した。回収の方針が Retain なので DeleteVolume は呼ばれず、\
                ストレージ側の実体(ディスク)と中身は残る。片付けるのは管理者"
            ),
            en: format!(
                "deleted the PersistentVolume {volume}; reclaim policy Retain calls no DeleteVolume, so the \
                disk and its data stay in the storage backend until an administrator removes them"
            ),
            // What `kubectl delete pv <name>` prints.
            k8s: Some(format!("persistentvolume \"{volume}\" deleted")),
        },
        Event::ResizeRequested { claim, from_gib, to_gib } => Words {
            ja: format!("要求 {claim} の容量を {from_gib}GiB から {to_gib}GiB に変えた"),
            en: format!("claim {claim} now asks for {to_gib}GiB instead of {from_gib}GiB"),
            k8s: None,
        },
        // external-resizer's events on the claim, and the condition it sets.
        Event::ControllerExpanded { volume, size_gib } => Words {
            ja: format!(
                "{volume} のディスクを {size_gib}GiB に広げた(1段目: コントローラ)。ファイルシステムはまだ元の大きさ"
            ),
            en: format!(
                "grew the disk of {volume} to {size_gib}GiB (step 1, the controller); the filesystem is still \
                the old size"
            ),
            k8s: Some(format!("{}\n{}", said::resizing(volume), said::RESIZE_REQUIRED)),
        },
        Event::ResizeFailed { claim, volume, size_gib, code } => Words {
            ja: format!(
                "ドライバが {size_gib}GiB への拡張を {} で断った(ストレージに空きが無い)。\
                {volume} は元の大きさのまま、要求 {claim} は ControllerResizeInfeasible。要求を元に戻せば回復する",
                code.name()
            ),
            en: format!(
                "the driver refused to grow {volume} to {size_gib}GiB with {} (the backend has no room); the \
                volume keeps its size and claim {claim} shows ControllerResizeInfeasible until its request \
                goes back down",
                code.name()
            ),
            k8s: Some(format!("{}\n{}", said::resizing(volume), said::resize_failed(volume, *code))),
        },
        Event::FileSystemResizePending { claim, volume } => Words {
            ja: format!(
                "{volume} を使う Pod がどのノードにも無いので、ファイルシステムを広げる2段目は次に Pod が\
                使う時まで待つ。要求 {claim} は FileSystemResizePending"
            ),
            en: format!(
                "no node has {volume} mounted, so step 2, growing the filesystem, waits for the next pod to use \
                it; claim {claim} shows FileSystemResizePending"
            ),
            k8s: Some(
                "Waiting for user to (re-)start a pod to finish file system resize of volume on node.".to_string(),
            ),
        },
        Event::FileSystemResized { volume, node, size_gib } => Words {
            ja: format!(
                "{node} の kubelet が {volume} のファイルシステムを {size_gib}GiB に広げた(2段目: ノード)。\
                Pod から見える容量が増えた"
            ),
            en: format!(
                "the kubelet on {node} grew the filesystem of {volume} to {size_gib}GiB (step 2, the node); \
                pods now see the new size"
            ),
            k8s: Some(format!("MountVolume.NodeExpandVolume succeeded for volume \"{volume}\" {node}")),
        },
        Event::ResizeCancelled { claim, size_gib } => Words {
            ja: format!("要求 {claim} は {size_gib}GiB。ディスクはもうその大きさがあるので、コントローラが広げるものは無い"),
            en: format!(
                "claim {claim} asks for {size_gib}GiB, which the disk already has: nothing for the controller \
                to grow"
            ),
            k8s: None,
        },
        Event::NodeStoppedResponding { node, pods } => Words {
            ja: format!("{node} が応答しなくなった。その上の Pod が止まったかどうかは外から確かめられない"),
            en: format!("{node} stopped responding; nobody can confirm its pods have stopped"),
            k8s: Some({
                let mut said = node_status(node, "NodeNotReady");
                for _ in pods {
                    said.push('\n');
                    said.push_str(POD_NOT_READY);
                }
                said
            }),
        },
        Event::NodeResponding { node } => Words {
            ja: format!("{node} がまた応答するようになった"),
            en: format!("{node} is responding again"),
            k8s: Some(node_status(node, "NodeReady")),
        },
        Event::Csi(call) => {
            let text = call.render();
            Words { ja: text.clone(), en: text.clone(), k8s: Some(text) }
        }
        Event::AlreadyHolds { what } => Words { ja: what.prose(true), en: what.prose(false), k8s: None },
    }
}

impl Tell for AlreadyHolds {
    fn prose(&self, ja: bool) -> String {
        let (j, e) = match self {
            // Not a CSI call: the API server answers a second delete with the object as it is.
            AlreadyHolds::Terminating { claim } => {
                return pick(
                    ja,
                    format!("{claim} はもう削除中(Terminating)。何も変わらない"),
                    format!("claim {claim} is already Terminating: nothing changed"),
                )
            }
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
