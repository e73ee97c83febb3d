//! The CSI demo's words, in Japanese and English: its labels, and how its situations read.

use kubevol_sim::csi::{AccessMode, Binding, State, DEMO_CLAIM};

use super::present::{self, CsiSession, NodeCard, Picture, Situation, Tried};
use crate::lang::{msg, refused, Lang, Msg};

pub const TITLE: Msg = msg("CSI とボリューム", "CSI and volumes");

pub const MODE: Msg = msg("アクセスモード", "Access mode");
pub const BINDING: Msg = msg("確保の時機", "Binding");
pub const ZONES: Msg = msg("区画あり", "Zones");
pub const RECLAIM: Msg = msg("回収", "Reclaim");
pub const EXPANSION: Msg = msg("allowVolumeExpansion", "allowVolumeExpansion");
pub const STAGE: Msg = msg("STAGE_UNSTAGE_VOLUME", "STAGE_UNSTAGE_VOLUME");
pub const PUBLISH: Msg = msg("PUBLISH_UNPUBLISH_VOLUME", "PUBLISH_UNPUBLISH_VOLUME");
pub const EXPAND: Msg = msg("EXPAND_VOLUME", "EXPAND_VOLUME");
pub const GROW_10: Msg = msg("容量 +10GiB", "Expand +10GiB");
pub const GROW_100: Msg = msg("容量 +100GiB", "Expand +100GiB");
pub const ATTACH: Msg = msg("繋ぐ", "Attach");
pub const MOUNT: Msg = msg("Pod に見せる", "Mount a pod");
pub const DETACH: Msg = msg("外す", "Detach");
pub const STOP_RESPONDING: Msg = msg("応答を止める", "Stop responding");
pub const RESUME_RESPONDING: Msg = msg("応答を戻す", "Resume responding");
pub const UNMOUNT_ALL: Msg = msg("すべて見えなくする", "Unmount all");
pub const FORCE_DETACH: Msg = msg("応答を待たずに外す", "Force detach");
pub const FORCE_HINT: Msg = msg(
    "最後の手段: ノードが本当に止まったかを確かめないので、二重書き込みの危険がある",
    "Last resort: nobody confirms the node stopped, so two writers may share the disk",
);
pub const DELETE_CLAIM: Msg = msg("要求を消す", "Delete the claim");
pub const REQUEST_AGAIN: Msg = msg("要求を作り直す", "Create the claim again");
pub const NOT_ATTACHED: Msg = msg("繋がっていない", "not attached");
pub const NO_PODS: Msg = msg("見えている Pod なし", "no pod sees it");
pub const NOT_RESPONDING: Msg = msg("応答なし", "not responding");
pub const OTHER_MODES: Msg = msg("ほかのアクセスモード", "Other access modes");
pub const DRIVER: Msg = msg("ドライバの機能", "Driver capabilities");
pub const CSI_CALLS: Msg = msg("CSI の呼び出し", "CSI calls");
pub const K8S_SAYS: Msg = msg("Kubernetes の表示", "What Kubernetes says");
pub const LAST_ACTION: Msg = msg("直前の操作のぶん", "For the last action");
pub const K8S_NOTHING: Msg =
    msg("(この操作に対応する Kubernetes のメッセージは無い)", "(Kubernetes prints nothing specific for this)");
pub const LEGEND: Msg = msg(
    "段ごとに単位が違う。「繋ぐ」「外す」はノードに、「Pod に見せる」は Pod に効く。だから ReadWriteOnce でも同じノードの Pod は何個でも同じディスクを使え、断られるのは2台目のノードだけになる。見えてい\
     る Pod が残るうちはノードから外れず、ノードが応答しなければその確認すらできない。区画を入れると、作る時機で置ける場所が変わる。",
    "Each stage has its own unit. Attach and detach act on a node; mount acts on a pod. So even under ReadWriteOnce \
     any number of pods on one node share the disk, and only a second node is turned away. A node cannot let go while \
     a pod there still sees the volume, and a node that does not respond cannot even confirm it. With zones, when the \
     volume is created decides where pods can run.",
);
pub const DRIVER_LEGEND: Msg = msg(
    "容量を増やすのは2段。ディスクはストレージ側の操作なので external-resizer が ControllerExpandVolume でどこからでも広げられるが、その上のファイルシステムはディスクを持つノードでしか広げら\
     れないので、kubelet が NodeExpandVolume を呼ぶ。使う Pod が無ければ2段目は次に使われる時まで待つ(FileSystemResizePending)。Kubernetes はドライバが名乗った機能の\
     分だけ呼ぶ。STAGE_UNSTAGE_VOLUME が無ければノードごとの準備(NodeStageVolume)は無く、いきなり NodePublishVolume。PUBLISH_UNPUBLISH_VOLUME が無いドラ\
     イバは CSIDriver を attachRequired: false にするので繋ぐ段階そのものが無く、ReadWriteOnce を確かめる所も無くなる。",
    "Growing a volume takes two steps. The disk is the backend's, so external-resizer grows it from anywhere with \
     ControllerExpandVolume; the filesystem on it can only be grown on a node that has the disk, so the kubelet calls \
     NodeExpandVolume. With no pod using it, step 2 waits for the next one (FileSystemResizePending). Kubernetes makes \
     only the calls the driver's capabilities announce: without STAGE_UNSTAGE_VOLUME there is no per-node \
     NodeStageVolume, just NodePublishVolume; a driver without PUBLISH_UNPUBLISH_VOLUME comes with a CSIDriver that \
     says attachRequired: false, so there is no attach step at all, and with it goes the one place that enforces \
     ReadWriteOnce.",
);
pub const SIMPLIFIED: Msg = msg(
    "実物は応答しないノードから 6 分待って強制的に外すが、ここでは時間を数えず「応答を待たずに外す」を押す。区画ありの Immediate では要求が zone-a を指定している(実物の provisioner は許された区画か\
     ら自分で選ぶ)。Pod は名前だけで、スケジューラは経由しない。",
    "A real cluster force-detaches from an unresponsive node after 6 minutes; here time does not pass, you press Force \
     detach. With zones, the Immediate claim asks for zone-a (a real provisioner picks an allowed zone itself). Pods \
     are names only; no scheduler is involved.",
);

/// How a binding mode reads on its button.
pub fn binding(b: Binding) -> Msg {
    match b {
        Binding::Immediate => msg("先に作る (Immediate)", "Immediate"),
        Binding::WaitForFirstConsumer => msg("待つ (WaitForFirstConsumer)", "WaitForFirstConsumer"),
    }
}

pub fn attached_to(lang: Lang, volume: &str) -> String {
    lang.say(format_args!("{volume} が繋がっている"), format_args!("{volume} attached"))
}

pub fn pods_see(lang: Lang, pods: &[String]) -> String {
    lang.say(format_args!("見えている Pod: {}", pods.join(", ")), format_args!("seen by: {}", pods.join(", ")))
}

pub fn zone_label(lang: Lang, zone: &str) -> String {
    lang.say(format_args!("区画 {zone}"), format_args!("zone {zone}"))
}

/// The badge: which volume, where it is attached, how many pods see it.
pub fn badge(state: &State, lang: Lang) -> String {
    let Some(claim) = present::claim(state) else {
        return msg("要求は消えた", "claim deleted").get(lang).to_string();
    };
    let Some(v) = claim.volume else {
        return msg("実体はまだ無い", "no volume yet").get(lang).to_string();
    };
    let (name, pods, at) = (v.name, v.pods, v.attached.join(", "));
    if at.is_empty() {
        lang.say(
            format_args!("{name} ・ 未接続 ・ {pods} 個から見えている"),
            format_args!("{name} · not attached · seen by {pods} pod(s)"),
        )
    } else {
        lang.say(
            format_args!("{name} ・ {at} に接続 ・ {pods} 個から見えている"),
            format_args!("{name} · attached to {at} · seen by {pods} pod(s)"),
        )
    }
}

/// The volume line above the node cards: the claim, and its volume.
pub fn volume_line(state: &State, lang: Lang) -> String {
    volume_told(state, lang, true)
}

/// The volume line beside the picture, whose tag already names the claim (`PVC data → pv-1`): the
/// volume alone, so the claim is not named twice.
pub fn volume_words(state: &State, lang: Lang) -> String {
    volume_told(state, lang, false)
}

fn volume_told(state: &State, lang: Lang, with_claim: bool) -> String {
    let Some(claim) = present::claim(state) else {
        return msg("要求: なし", "claim: none").get(lang).to_string();
    };
    let c = DEMO_CLAIM;
    let named = if with_claim {
        lang.say(format_args!("要求 {c} ・ "), format_args!("claim {c} · "))
    } else {
        String::new()
    };
    let Some(v) = claim.volume else {
        return named
            + &lang.say(
                format_args!("実体: まだ無い(使う Pod の置き場所が決まるまで作らない)"),
                format_args!("volume: none yet (waits until a pod using it is placed)"),
            );
    };
    let (name, size, mode, request) = (v.name, v.size_gib, v.mode.name(), v.request_gib);
    // Three sizes once an expansion is under way: asked for, the disk, and what pods see.
    let sizes = if request == size && v.filesystem_gib == size {
        format!("{size}GiB")
    } else {
        lang.say(
            format_args!("要求 {request}GiB ・ ディスク {size}GiB ・ Pod から見える {}GiB", v.filesystem_gib),
            format_args!("asks {request}GiB · disk {size}GiB · pods see {}GiB", v.filesystem_gib),
        )
    };
    let zone = v.zone.map_or(msg("区画の指定なし", "no zone").get(lang).to_string(), |z| zone_label(lang, &z));
    named
        + &lang.say(
            format_args!("実体 {name}({sizes}、{mode}、{zone})"),
            format_args!("volume {name} ({sizes}, {mode}, {zone})"),
        )
}

pub fn released(lang: Lang, volumes: &[String]) -> String {
    lang.say(
        format_args!(
            "Released のまま残っている実体: {}(中身はある。自動ではどの要求にも結びつかない)",
            volumes.join(", ")
        ),
        format_args!(
            "Released volumes kept: {} (their data is there; no claim binds them automatically)",
            volumes.join(", ")
        ),
    )
}

/// Why an access mode lets the pods it lets see the volume.
fn mode_reason(mode: AccessMode) -> Msg {
    match mode {
        AccessMode::ReadWriteOnce => msg(
            "ReadWriteOnce は1つの「ノード」なので、同じノードの Pod は何個でも共有できる",
            "ReadWriteOnce means one node, so any number of pods on it share the volume",
        ),
        AccessMode::ReadWriteOncePod => msg(
            "ReadWriteOncePod なので、見られる Pod はクラスタ全体で1つだけ",
            "ReadWriteOncePod allows exactly one pod in the whole cluster",
        ),
        AccessMode::ReadOnlyMany => msg(
            "ReadOnlyMany なので、どのノードからも読み取り専用で見える",
            "ReadOnlyMany: every node may attach it, read-only",
        ),
        AccessMode::ReadWriteMany => msg(
            "ReadWriteMany なので、複数のノードから読み書きできる",
            "ReadWriteMany: several nodes read and write it at once",
        ),
    }
}

/// The verdict: why the last action was refused, else what the current state means.
pub fn verdict(session: &CsiSession, config: kubevol_sim::csi::DemoConfig, lang: Lang) -> String {
    if let Some(refusal) = session.last_refusal() {
        return refused(lang, refusal);
    }
    match present::situation(&session.state, config) {
        Situation::ClaimDeleted { released: true } => msg(
            "要求を消した。回収が Retain なので実体は Released として中身ごと残る。同じ名前の要求を作り直しても、新しい実体が作られる",
            "The claim is gone. Reclaim is Retain, so the volume stays Released with its data; creating the claim \
             again gets a new volume",
        ).get(lang).into(),
        Situation::ClaimDeleted { released: false } => msg(
            "要求を消した。回収が Delete なので実体も消えた",
            "The claim is gone. Reclaim is Delete, so the volume is gone too",
        ).get(lang).into(),
        Situation::Terminating { pods: 0, nodes } => lang.say(
            format_args!(
                "要求は削除中(Terminating)。{} がまだ繋いでいるので、kubernetes.io/pvc-protection が消させない。外すと要求が消え、回収の方針に従う",
                nodes.join(", ")
            ),
            format_args!(
                "The claim is Terminating: {} still holds the disk, so kubernetes.io/pvc-protection keeps it. Detach \
                 and the claim goes, its volume as the reclaim policy says",
                nodes.join(", ")
            ),
        ),
        Situation::Terminating { pods, .. } => lang.say(
            format_args!(
                "要求は削除中(Terminating)。Pod が {pods} 個使っているので、kubernetes.io/pvc-protection が消させない。新しい Pod には渡せない"
            ),
            format_args!(
                "The claim is Terminating: {pods} pod(s) use it, so kubernetes.io/pvc-protection keeps it; no new pod \
                 gets it"
            ),
        ),
        Situation::NoVolumeYet { zoned: true } => msg(
            "要求だけがあり、実体はまだ無い。どちらかのノードで「繋ぐ」を押すと、そのノードの区画に作られる",
            "Only the claim exists, no volume yet. Attach on a node and the volume is created in that node's zone",
        ).get(lang).into(),
        Situation::NoVolumeYet { zoned: false } => msg(
            "要求だけがあり、実体はまだ無い。どちらかのノードで「繋ぐ」を押すと、そこで作られる",
            "Only the claim exists, no volume yet. Attach on a node and the volume is created then",
        ).get(lang).into(),
        Situation::FileSystemPending { volume, disk_gib, filesystem_gib } => lang.say(
            format_args!("{volume} のディスクは {disk_gib}GiB に広がったが、ファイルシステムは {filesystem_gib}GiB のまま\
                (FileSystemResizePending)。ファイルシステムを広げられるのはディスクを持つノードだけなので、次に Pod が使う時に kubelet が NodeExpandVolume を呼ぶ"),
            format_args!("The disk of {volume} grew to {disk_gib}GiB, the filesystem is still {filesystem_gib}GiB \
                (FileSystemResizePending). Only a node that has the disk can grow the filesystem, so the kubelet calls \
                NodeExpandVolume when a pod next uses it"),
        ),
        Situation::ResizeFailed { volume, request_gib, size_gib, filesystem_gib, code } => lang.say(
            format_args!("要求は {request_gib}GiB だが、ドライバが {} で断ったので {volume} は {size_gib}GiB のまま\
                (ControllerResizeInfeasible)。要求を {filesystem_gib}GiB より大きい範囲で下げ直せば回復する。\
                ここでは「← 1つ戻る」で要求を取り消せる", code.name()),
            format_args!("The claim asks for {request_gib}GiB, but the driver answered {}, so {volume} \
                stays {size_gib}GiB (ControllerResizeInfeasible). \
                Asking again for less, but more than {filesystem_gib}GiB, \
                recovers; here, ← Back takes the request back", code.name()),
        ),
        Situation::Unresponsive { node, volume } => lang.say(
            format_args!("{node} が応答しない。{volume} は繋がったままで、普通には外せない。別のノードへ移すには「応答を待たずに外す」しかない"),
            format_args!("{node} does not respond. {volume} stays attached and cannot be detached normally; only Force \
                detach moves it"),
        ),
        Situation::NotAttached { volume, zone: Some(z) } => lang.say(
            format_args!("実体 {volume} は区画 {z} にあるが、まだどのノードにも繋がっていない"),
            format_args!("{volume} exists in zone {z} but is not attached to any node yet"),
        ),
        Situation::NotAttached { .. } => msg(
            "実体はあるが、まだどのノードにも繋がっていない",
            "The volume exists but is not attached to any node yet",
        ).get(lang).into(),
        Situation::AttachedNoPods { volume, nodes } => lang.say(
            format_args!("{volume} は {} に繋がっている。まだどの Pod からも見えていない", nodes.join(", ")),
            format_args!("{volume} is attached to {}; no pod sees it yet", nodes.join(", ")),
        ),
        Situation::Seen { volume, nodes, pods, mode } => {
            let why = mode_reason(mode).get(lang);
            lang.say(
                format_args!("{volume} は {} に繋がり、{pods} 個の Pod から見えている。{why}", nodes.join(", ")),
                format_args!("{volume} is attached to {} and seen by {pods} pod(s). {why}", nodes.join(", ")),
            )
        }
    }
}

// ---- the picture ---------------------------------------------------------------------------------
pub const PICTURE: Msg = msg("クラスタの図", "The cluster");
pub const CLAIM_TAG: Msg = msg("要求", "PVC");

/// What the picture draws, in words: its `<desc>` for screen readers, built from the words the
/// cards said before it (a shorter first load than sentences of its own).
pub fn picture_desc(lang: Lang, state: &State, picture: &Picture, cards: &[NodeCard]) -> String {
    let mut out = volume_line(state, lang);
    for card in cards {
        let disk = card.attached.as_ref().map_or(NOT_ATTACHED.get(lang).to_string(), |v| attached_to(lang, v));
        let pods = if card.pods.is_empty() { NO_PODS.get(lang).to_string() } else { pods_see(lang, &card.pods) };
        let down = if card.responsive { "" } else { NOT_RESPONDING.get(lang) };
        out += &format!(". {}: {disk}, {pods} {down}", card.name);
    }
    if let Some(Tried::Attach { node } | Tried::Mount { node, .. }) = &picture.tried {
        out += &format!(". {}: {node}", REFUSED_LINE.get(lang));
    }
    out
}

pub const REFUSED_LINE: Msg = msg("断られた線", "refused line");
