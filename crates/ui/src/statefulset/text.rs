//! The StatefulSet demo's words, in Japanese and English: its labels, and how its situations read.

use kubevol_sim::statefulset::{Retention, State};

use super::present::{self, PodStatus, Situation, Slot, StsSession};
use crate::lang::{msg, refused, Lang, Msg};

pub const TITLE: Msg = msg("StatefulSetとPVC", "StatefulSets and PVCs");
pub const STEP: Msg = msg("1周期進める", "Step");
pub const STEP5: Msg = msg("5周期進める", "5 steps");
pub const SCALE_UP: Msg = msg("目標 +1", "Target +1");
pub const SCALE_DOWN: Msg = msg("目標 −1", "Target −1");
pub const PLAY: Msg = msg("自動で進める", "Play");
pub const PAUSE: Msg = msg("止める", "Pause");
pub const STARTUP: Msg = msg("起動に", "Startup");
pub const POLICY: Msg = msg("作る順序", "podManagementPolicy");
pub const WHEN_SCALED: Msg = msg("縮小時の PVC (whenScaled)", "PVC on scale-down (whenScaled)");
pub const PODS: Msg = msg("Pod(序数で識別され、順に立ち上がる)", "Pods (named by ordinal, started in order)");
pub const VOLUMES: Msg = msg("ボリューム(Pod より長生きする)", "Volumes (outlive their pods)");
pub const EMPTY_SLOT: Msg = msg("(なし)", "(none)");
pub const READY: Msg = msg("ready", "ready");
pub const BROKEN: Msg = msg("壊れている(ready にならない)", "broken (never ready)");
pub const DELETE_POD: Msg = msg("Podを消す", "Delete pod");
pub const WRITE: Msg = msg("書く", "Write");
pub const DELETE_VOLUME: Msg = msg("消す", "Delete");
pub const EMPTY_DATA: Msg = msg("中身: (空)", "data: (empty)");
pub const TERMINATING: Msg = msg("Terminating(Pod が消えるまで残る)", "Terminating (until its pod is gone)");
pub const LEGEND: Msg = msg(
    "周期を進めるたびに、コントローラが1手だけ打つ。db-0 から順に作り、手前の Pod が ready になるまで次は作らない。だから db-1 が壊れると db-2 は永久に現れない。ボリュームは序数で Pod と結びつき、\
     Pod を消しても残る。作り直された同じ序数の Pod がまた同じボリュームを使うので、書いた中身が戻る。目標を減らしてもボリュームは残り、消えるのは明示的に消したとき(か whenScaled: Delete のとき)だけ。",
    "Each step the controller makes one move. It creates db-0 first and never creates the next pod until the one \
     before it is ready, so a broken db-1 means db-2 never appears. Volumes belong to ordinals, not to pods: delete a \
     pod and its volume stays, and the re-created pod with the same ordinal gets it back, data and all. Lowering the \
     target keeps the volumes too; data goes only when a volume is deleted explicitly (or with whenScaled: Delete).",
);
pub const SIMPLIFIED: Msg = msg(
    "時間は実時間でなく周期で数える。ready になるまでの周期数は固定で、Pod は1つのボリュームだけを持つ。更新(ローリングアップデート)と partition は扱わない。Pod の削除は猶予期間なしで即座に終わる。",
    "Time is counted in steps, not seconds. A pod takes a fixed number of steps to become ready and has one volume. \
     Updates (rolling updates, partitions) are not modelled. A deleted pod is gone at once, with no grace period.",
);

pub const STARTUP_UNIT: Msg = msg("周期", "steps");

pub fn break_label(lang: Lang, pod: &str, broken: bool) -> String {
    if broken {
        lang.say(format_args!("{pod} を直す"), format_args!("Fix {pod}"))
    } else {
        lang.say(format_args!("{pod} を壊す"), format_args!("Break {pod}"))
    }
}

/// The startup time the first screen states (the book's demo says 起動に 2 周期); the settings
/// fold changes it.
pub fn startup(lang: Lang, steps: u32) -> String {
    lang.say(format_args!("起動に {steps} 周期"), format_args!("startup: {steps} step(s)"))
}

pub fn starting(lang: Lang, steps_left: u64) -> String {
    lang.say(format_args!("起動中(あと {steps_left} 周期)"), format_args!("starting ({steps_left} step(s) left)"))
}

pub fn data(lang: Lang, data: &str) -> String {
    lang.say(format_args!("中身: {data}"), format_args!("data: {data}"))
}

/// How a retention policy reads on its button.
pub fn retention(r: Retention) -> Msg {
    match r {
        Retention::Retain => msg("残す (Retain)", "Retain"),
        Retention::Delete => msg("消す (Delete)", "Delete"),
    }
}

pub fn badge(state: &State, lang: Lang) -> String {
    let (ready, target, volumes) = (state.ready_count(), state.replicas(), state.pvcs.len());
    lang.say(
        format_args!("ready {ready} / 目標 {target} ・ボリューム {volumes}"),
        format_args!("ready {ready} / target {target} · volumes {volumes}"),
    )
}

/// The verdict: why the last action was refused, else what the set is doing.
pub fn verdict(session: &StsSession, lang: Lang) -> String {
    if let Some(refusal) = session.last_refusal() {
        return refused(lang, refusal);
    }
    match present::situation(&session.state) {
        Situation::Converged { ready, volumes } => lang.say(
            format_args!("揃っている。{ready} 個すべて ready で、ボリュームは {volumes} 個ある"),
            format_args!("Converged: all {ready} pods are ready, and there are {volumes} volumes"),
        ),
        Situation::StuckOrdered { broken, next } => lang.say(
            format_args!("{broken} が ready にならないので、{next} から先は永久に作られない。順序を守るとは、詰まったら止まるということ"),
            format_args!("{broken} never becomes ready, so {next} and everything after it is never created. \
                Keeping the order means stopping when stuck"),
        ),
        Situation::StuckParallel { broken } => lang.say(
            format_args!("{broken} は壊れたまま。Parallel なので他の Pod は待たずに動いている"),
            format_args!("{broken} stays broken; under Parallel the other pods did not wait for it"),
        ),
        Situation::ScalingDown { extra } => lang.say(
            format_args!("目標より {extra} 個多い。大きい序数から1つずつ消す。ボリュームは残る"),
            format_args!("{extra} pod(s) above the target; they go from the highest ordinal down, one at a time, \
                and their volumes stay"),
        ),
        Situation::Starting { ordered: true } => msg(
            "まだ揃っていない。手前が ready になるまで次は作られない",
            "Not converged yet: the next pod is not created until the one before it is ready",
        ).get(lang).into(),
        Situation::Starting { ordered: false } => msg(
            "まだ揃っていない。Parallel なので足りない Pod は一度に作られ、それぞれが ready になるのを待つ",
            "Not converged yet: under Parallel all missing pods are created at once and each becomes ready on its own",
        ).get(lang).into(),
        Situation::SetDeleted => msg(
            "StatefulSet は消えている。残ったボリュームは、作り直した StatefulSet がまた使う",
            "The StatefulSet is deleted; the volumes left behind are picked up when it is created again",
        ).get(lang).into(),
    }
}

// ---- the picture ---------------------------------------------------------------------------------
pub const PICTURE: Msg = msg("序数ごとの Pod・PVC・PV", "Pods, claims and volumes by ordinal");
pub const BLOCKS: Msg = msg("止めている:", "blocks");

/// What the picture draws, in words: its `<desc>` for screen readers. Each lane as its arrows
/// read, in the words the cards use: `db-0 (ready) → data-db-0 → PV`.
pub fn picture_desc(lang: Lang, state: &State, slots: &[Slot]) -> String {
    let mut lanes = Vec::new();
    for slot in slots {
        let pod = slot.pod.as_ref().map_or(EMPTY_SLOT.get(lang).to_string(), |p| {
            let status = match p.status {
                PodStatus::Ready => READY.get(lang).to_string(),
                PodStatus::Broken => BROKEN.get(lang).to_string(),
                PodStatus::Starting { steps_left } => starting(lang, steps_left),
            };
            format!("{} ({status})", p.name)
        });
        lanes.push(match &slot.volume {
            Some(v) => format!("{pod} → {} → PV", v.name),
            None => pod,
        });
    }
    if let Some(b) = present::blocking(state) {
        lanes.push(format!("{} {} {}", state.pod_name(b), BLOCKS.get(lang), state.pod_name(b + 1)));
    }
    lanes.join(". ")
}
