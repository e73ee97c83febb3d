//! What happened in the topology model, in the book's voice, in English, and as a cluster says it.

use serde::{Deserialize, Serialize};

use super::cluster::said;
use crate::scheduling::FailedScheduling;
use crate::told::{list, told_table};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    ClaimCreated {
        pvc: String,
    },
    WaitingForFirstConsumer {
        pvc: String,
    },
    Provisioned {
        pv: String,
        pvc: String,
        zone: Option<String>,
    },
    ProvisioningFailed {
        pvc: String,
        class: String,
    },
    SelectedNode {
        pvc: String,
        node: String,
    },
    PodCreated {
        pod: String,
        set: Option<String>,
    },
    /// OrderedReady: the next pod waits for the one before it to run.
    Waiting {
        pod: String,
        blocked_by: String,
    },
    Scheduled {
        pod: String,
        node: String,
    },
    FailedScheduling {
        pod: String,
        message: FailedScheduling,
    },
    PodDeleted {
        pod: String,
    },
    Scaled {
        set: String,
        from: u32,
        to: u32,
    },
    /// A pod created with `nodeName` is on its node without the scheduler.
    Placed {
        pod: String,
        node: String,
    },
    /// A node stopped reporting; the pods on it (`lost`) are Unknown, no longer counted as
    /// running. `survivors` of the `of` running pods keep running.
    NodeLost {
        node: String,
        lost: Vec<String>,
        survivors: usize,
        of: usize,
    },
    /// Every node of a zone stopped at once.
    ZoneLost {
        zone: String,
        nodes: Vec<String>,
        lost: Vec<String>,
        /// How many of `lost` were on each of `nodes`, in order.
        #[serde(default)]
        lost_per_node: Vec<usize>,
        survivors: usize,
        of: usize,
    },
    /// The taint eviction controller deleted a pod of a lost node, which stays Terminating.
    Evicted {
        pod: String,
        node: String,
    },
    /// A graceful delete of a pod on a lost node: it waits, Terminating, for a kubelet that does
    /// not answer.
    PodTerminating {
        pod: String,
    },
    /// A graceful delete of a pod already Terminating: accepted, and nothing changes.
    StillTerminating {
        pod: String,
    },
    /// The pod object is gone without its kubelet's word.
    PodForceDeleted {
        pod: String,
    },
    /// A lost node's Node object was deleted, and with it the pods bound to it.
    NodeDeleted {
        node: String,
        pods: Vec<String>,
    },
    /// A lost node reports again: `running` run on, `deleted` were Terminating and are now gone.
    NodeRecovered {
        node: String,
        running: Vec<String>,
        deleted: Vec<String>,
    },
    /// Nothing moved this step. `unknown` pods are on lost nodes, neither running nor pending.
    Settled {
        running: usize,
        pending: usize,
        #[serde(default, skip_serializing_if = "is_zero")]
        unknown: usize,
    },
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

// The event's texts in every voice, one arm per kind of event.
told_table! {
    events Event {
        Event::ClaimCreated { pvc } => {
            Words { ja: format!("要求 {pvc} を作った"), en: format!("created claim {pvc}"), k8s: None }
        }
        Event::WaitingForFirstConsumer { pvc } => Words {
            ja: format!("{pvc} は Pending のまま、使う Pod の置き場所が決まるのを待つ"),
            en: format!("{pvc} stays Pending until a pod that uses it is placed"),
            k8s: Some(crate::cluster::WAITING_FOR_FIRST_CONSUMER.to_string()),
        },
        Event::Provisioned { pv, pvc, zone } => {
            let (provisioned_ja, provisioned_en) = match zone {
                Some(z) => (
                    format!("{pvc} のために {pv} を区画 {z} に作った。使う Pod はこの区画にしか置けない"),
                    format!("provisioned {pv} for {pvc} in zone {z}; pods using it can only run there"),
                ),
                None => (format!("{pvc} のために {pv} を作った"), format!("provisioned {pv} for {pvc}")),
            };
            Words { ja: provisioned_ja, en: provisioned_en, k8s: Some(format!("Successfully provisioned volume {pv}")) }
        }
        Event::ProvisioningFailed { pvc, class } => Words {
            ja: format!("{pvc} の実体を作れない({class} が許す区画に、ストレージが置ける場所が無い)"),
            en: format!("cannot provision {pvc}: {class} allows no zone the storage can serve"),
            k8s: None,
        },
        Event::SelectedNode { pvc, node } => Words {
            ja: format!("スケジューラが {pvc} に selected-node: {node} を書いた"),
            en: format!("the scheduler annotated {pvc} with selected-node: {node}"),
            k8s: Some(format!("volume.kubernetes.io/selected-node: {node}")),
        },
        Event::PodCreated { pod, set } => Words {
            ja: format!("{pod} を作った"),
            en: format!("created {pod}"),
            k8s: set.as_ref().map(|set| format!("create Pod {pod} in StatefulSet {set} successful")),
        },
        Event::Waiting { pod, blocked_by } => Words {
            ja: format!("{pod} はまだ作らない({blocked_by} が動いていない)"),
            en: format!("{pod} is not created yet ({blocked_by} is not running)"),
            k8s: None,
        },
        Event::Scheduled { pod, node } => Words {
            ja: format!("{pod} を {node} に置いた"),
            en: format!("placed {pod} on {node}"),
            k8s: Some(format!("Successfully assigned default/{pod} to {node}")),
        },
        Event::FailedScheduling { pod, message } => Words {
            ja: format!("{pod} を置けるノードが無い。Pending のまま"),
            en: format!("no node fits {pod}; it stays Pending"),
            k8s: Some(message.message()),
        },
        Event::PodDeleted { pod } => {
            Words { ja: format!("{pod} を消した"), en: format!("deleted {pod}"), k8s: None }
        }
        Event::Scaled { set, from, to } => Words {
            ja: format!("{set} の目標を {from} から {to} にした"),
            en: format!("{set}: target {from} -> {to}"),
            k8s: None,
        },
        Event::Placed { pod, node } => Words {
            ja: format!("{pod} は最初から {node} にいる(nodeName 指定。スケジューラを通らない)"),
            en: format!("{pod} is already on {node} (nodeName: the scheduler never sees it)"),
            k8s: None,
        },
        // The node lifecycle controller's event for a node that stopped reporting, one per node.
        Event::NodeLost { node, lost, survivors, of } => Words {
            ja: format!("{node} が落ちた。{}。{of} 個のうち {survivors} 個が動き続ける", lost_ja(lost)),
            en: format!("{node} is lost; {}. {survivors} of {of} pods keep running", lost_en(lost)),
            k8s: Some(said::lost(std::slice::from_ref(node), lost, &[lost.len()])),
        },
        Event::Evicted { pod, node } => Words {
            ja: format!(
                "{node} が 300 秒応答しないので {pod} を追い出した。kubelet が確かめるまで Terminating で残る"
            ),
            en: format!(
                "{node} has not answered for 300 s: {pod} is evicted, and stays Terminating until a kubelet \
                confirms"
            ),
            k8s: Some(format!("Marking for deletion Pod default/{pod}")),
        },
        Event::PodTerminating { pod } => Words {
            ja: format!("{pod} を削除へ。ノードが応答しないので Terminating のまま残る"),
            en: format!("{pod} is marked for deletion; its node does not answer, so it stays Terminating"),
            k8s: None,
        },
        Event::StillTerminating { pod } => Words {
            ja: format!("{pod} はもう Terminating。削除は受け付けられたが、終わらせるのは強制削除か、ノードの削除か復帰"),
            en: format!("{pod} is already Terminating: the delete is accepted, and only a force delete, or removing or \
                recovering its node, ends it"),
            k8s: None,
        },
        Event::PodForceDeleted { pod } => Words {
            ja: format!("{pod} を強制削除した(kubelet の確認を待たない)"),
            en: format!("force deleted {pod} without its kubelet's word"),
            k8s: Some(format!("pod \"{pod}\" force deleted")),
        },
        Event::NodeDeleted { node, pods } => Words {
            ja: format!("ノード {node} のオブジェクトを消した{}", gone_ja(pods)),
            en: format!("deleted the Node object {node}{}", gone_en(pods)),
            k8s: Some(format!("Node {node} event: Removing Node {node} from Controller")),
        },
        Event::NodeRecovered { node, running, deleted } => Words {
            ja: format!("{node} が戻った{}{}", back_ja(running), gone_ja(deleted)),
            en: format!("{node} is back{}{}", back_en(running), gone_en(deleted)),
            k8s: Some(said::back(node, running)),
        },
        Event::ZoneLost { zone, nodes, lost, lost_per_node, survivors, of } => Words {
            ja: format!(
                "区画 {zone} が丸ごと落ちた({})。{}。{of} 個のうち {survivors} 個が動き続ける",
                list(nodes),
                lost_ja(lost)
            ),
            en: format!(
                "zone {zone} is lost ({}); {}. {survivors} of {of} pods keep running",
                list(nodes),
                lost_en(lost)
            ),
            k8s: Some(said::lost(nodes, lost, lost_per_node)),
        },
        Event::Settled { running, pending, unknown: 0 } => Words {
            ja: format!("動きが止まった(動いている Pod {running}、Pending {pending})"),
            en: format!("nothing moves any more ({running} running, {pending} pending)"),
            k8s: None,
        },
        Event::Settled { running, pending, unknown } => Words {
            ja: format!("動きが止まった(動いている Pod {running}、Pending {pending}、状態不明 {unknown})"),
            en: format!("nothing moves any more ({running} running, {pending} pending, {unknown} unknown)"),
            k8s: None,
        },
    }
}

fn lost_ja(lost: &[String]) -> String {
    if lost.is_empty() {
        "載っていた Pod は無い".to_string()
    } else {
        format!("{} は状態不明(Unknown)になり、動いているとは数えない", list(lost))
    }
}

fn lost_en(lost: &[String]) -> String {
    if lost.is_empty() {
        "no pod was on it".to_string()
    } else {
        format!("{} now unknown, not counted as running", list(lost))
    }
}

/// The pods a node took with it, after a sentence about the node; nothing when there were none.
fn gone_ja(pods: &[String]) -> String {
    if pods.is_empty() {
        String::new()
    } else {
        format!("。{} は消えた", list(pods))
    }
}

fn gone_en(pods: &[String]) -> String {
    if pods.is_empty() {
        String::new()
    } else {
        format!("; {} gone", list(pods))
    }
}

fn back_ja(pods: &[String]) -> String {
    if pods.is_empty() {
        String::new()
    } else {
        format!("。{} はまた動いている", list(pods))
    }
}

fn back_en(pods: &[String]) -> String {
    if pods.is_empty() {
        String::new()
    } else {
        format!("; {} running again", list(pods))
    }
}
