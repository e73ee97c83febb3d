//! The topology demo's words that both its faces say, in Japanese and English: its frame, the
//! cluster's columns and cards, the scenario control. The book's chapter's own words are in
//! `chapter/text.rs`, the articles' in `articles/text.rs`.

use kubevol_sim::topology::{Phase, Preset};

use super::chapter::text as chapter_words;
use super::present::Pick;
use crate::lang::{msg, Lang, Msg};

pub const TITLE: Msg = msg("区画とボリューム", "Zones and volumes");
pub const SCENARIO: Msg = msg("場面", "Scenario");
pub const SCENARIOS: Msg = msg("ほかの場面", "Other scenarios");
pub const CUSTOM: Msg = msg("自由に組む", "Custom");
pub const STEP: Msg = msg("1周期進める", "Step");
pub const RUN: Msg = msg("止まるまで進める", "Run until settled");
pub const ZONE: Msg = msg("区画", "zone");
pub const NO_ZONE: Msg = msg("区画なし", "no zone");
pub const NO_PODS: Msg = msg("Pod なし", "no pods");
pub const FORCE_DELETE: Msg = msg("強制削除", "Force delete");
pub const DELETE_NODE: Msg = msg("ノードを消す", "Remove node");
pub const RECOVER_NODE: Msg = msg("戻す", "Bring back");
pub const VOLUMES_HERE: Msg = msg("この区画の実体", "volumes in this zone");
pub const NO_VOLUMES: Msg = msg("実体なし", "no volumes");
pub const NO_STORAGE: Msg = msg("ストレージが無い区画", "no storage in this zone");
pub const PENDING: Msg = msg("Pending の Pod(スケジューラの言い分)", "Pending pods (what the scheduler says)");
pub const NO_PENDING: Msg = msg("(Pending の Pod はない)", "(no pending pods)");
pub const PVCS: Msg = msg("要求(PVC)", "Claims (PVCs)");
pub const NO_PVCS: Msg = msg("(要求はまだない)", "(no claims yet)");
pub const NOT_YET: Msg = msg("(まだ予定に入っていない)", "(not scheduled yet)");
pub const LOST: Msg = msg("落ちた", "lost");
/// Beside a lost node's pods: what kubectl says of them, which is not what the chips say.
pub const KUBECTL_STILL_RUNNING: Msg = msg(
    "kubectl get pods はこの Pod を 1/1 Running と表示し続ける。kubelet の最後の報告のままだから。変わるのは Ready の \
        condition だけで、追い出された後は Terminating になる",
    "kubectl get pods keeps showing such a pod as 1/1 Running, the kubelet's last report; only its Ready condition \
        turns False, and once evicted it shows Terminating",
);

/// How a scenario reads on its button.
pub fn pick(p: Pick) -> Msg {
    match p {
        Pick::Preset(Preset::ImmediatePinsZone) => msg("先に作る", "Immediate"),
        Pick::Preset(Preset::ConflictingSelector) => msg("selector と矛盾", "Conflicting selector"),
        Pick::Preset(Preset::WaitForFirstConsumer) => msg("使う Pod を待つ", "WaitForFirstConsumer"),
        Pick::Preset(Preset::AllowedTopologies) => msg("room2 だけ許す", "room2 only"),
        Pick::Preset(Preset::StatefulSetAcrossZones) => msg("StatefulSet ×4", "StatefulSet ×4"),
        Pick::Preset(Preset::SpreadTrap) => msg("分散の罠", "Spread trap"),
        Pick::Preset(Preset::SpreadFixedBySelector) => msg("回避: nodeSelector", "Fix: nodeSelector"),
        Pick::Preset(Preset::SpreadFixedByTaintsPolicy) => msg("回避: Honor", "Fix: Honor"),
        Pick::Preset(Preset::ReadWriteOncePod) => msg("ReadWriteOncePod", "ReadWriteOncePod"),
        Pick::Chapter => chapter_words::PRESET,
        Pick::Custom => CUSTOM,
    }
}

pub fn zone_heading(lang: Lang, zone: Option<&str>) -> String {
    match zone {
        Some(name) => format!("{} {name}", ZONE.get(lang)),
        None => NO_ZONE.get(lang).to_string(),
    }
}

/// How a pod stuck on a lost node reads on its chip; nothing for a pod that runs or is Pending.
pub fn stuck_phase(phase: Phase) -> Option<Msg> {
    match phase {
        Phase::Unknown => Some(msg("状態不明", "unknown")),
        Phase::Terminating => Some(msg("削除待ち・未確認", "terminating, unconfirmed")),
        Phase::Pending | Phase::Running => None,
    }
}

/// A claim's status as `kubectl get pvc` would sum it up, with the zone of its volume.
pub fn pvc_status(lang: Lang, volume: Option<&str>, zone: Option<&str>) -> String {
    match (volume, zone) {
        (Some(v), Some(z)) => lang.say(format_args!("Bound → {v}(区画 {z})"), format_args!("Bound → {v} (zone {z})")),
        (Some(v), None) => format!("Bound → {v}"),
        (None, _) => "Pending".to_string(),
    }
}

// ---- the articles' map (picture.rs `cluster`) ----------------------------------------------------
pub const MAP: Msg = msg("区画ごとのクラスタ", "The cluster, zone by zone");

/// Under the name of a zone that holds the zone spread's minimum.
pub const LEAST: Msg = msg("分散の最少", "spread's least");

/// A zone in the map's description: whether a StorageClass may provision into it, and whether
/// it holds the spread's minimum. Its nodes, pods and volumes are the zone cards' words.
pub fn zone_said(lang: Lang, zone: &str, allowed: bool, least: bool) -> String {
    let allowed =
        if allowed { lang.pick("(ボリュームを作れる区画)", " (volumes may be created here)") } else { "" };
    let least = if least { lang.pick("、分散の最少", ", the spread's least") } else { "" };
    [zone, allowed, least, lang.pick("。", ". ")].concat()
}

/// A Pending pod in the map's description: the column it is drawn in, and the zone its volume
/// holds it to.
pub fn pending_said(lang: Lang, pod: &str, zone: &str, refused: bool, held: Option<&String>) -> String {
    let refused =
        if refused { lang.pick("、スケジューラが断った", ", refused by the scheduler") } else { "" };
    let (only, held) = match held {
        Some(z) => (lang.pick("。ボリュームを作れるのは ", "; its volume can only be in "), z.as_str()),
        None => ("", ""),
    };
    let (start, wants, after, end) =
        lang.pick(("Pending の ", " は ", " を目指す", "。"), ("Pending ", " wants ", "", ". "));
    [start, pod, wants, zone, after, refused, only, held, end].concat()
}
