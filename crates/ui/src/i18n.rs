//! Every text the UI chrome shows, in Japanese (the book's language, the default) and English.
//!
//! Texts that describe what the model did (events, refusals) are rendered by `kubevol-sim` itself so
//! the UI, the tests and the replay tool say the same thing; this catalogue holds only the labels,
//! headings and explanations around them. Keeping them in one file makes a missing translation a
//! compile error instead of a blank button.

use kubevol_sim::Voice;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Ja,
    En,
}

impl Lang {
    /// The page attribute value; anything else is an error the host page should see, not a guess.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "ja" => Some(Lang::Ja),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::Ja => "ja",
            Lang::En => "en",
        }
    }

    pub fn other(self) -> Lang {
        match self {
            Lang::Ja => Lang::En,
            Lang::En => Lang::Ja,
        }
    }

    /// The model's voice for this language (the `k8s` voice is chosen separately, per panel).
    pub fn voice(self) -> Voice {
        match self {
            Lang::Ja => Voice::Ja,
            Lang::En => Voice::En,
        }
    }
}

/// One text in both languages.
#[derive(Clone, Copy, Debug)]
pub struct Msg {
    pub ja: &'static str,
    pub en: &'static str,
}

impl Msg {
    /// A text that reads the same in both languages: an API name such as `ReadWriteOnce`.
    pub const fn same(text: &'static str) -> Msg {
        Msg { ja: text, en: text }
    }

    pub fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Ja => self.ja,
            Lang::En => self.en,
        }
    }
}

const fn msg(ja: &'static str, en: &'static str) -> Msg {
    Msg { ja, en }
}

// ---- shell -------------------------------------------------------------------------------------
pub const KICKER: Msg = msg("デモ", "Demo");
/// The label of the button that switches to the *other* language, written in that language.
pub const SWITCH_LANG: Msg = msg("English", "日本語");
pub const SWITCH_LANG_NAME: Msg = msg("Switch to English", "日本語に切り替える");

// ---- CSI demo ----------------------------------------------------------------------------------
pub const CSI_TITLE: Msg = msg("CSI とボリューム", "CSI and volumes");

// ---- errors shown in place of a demo -----------------------------------------------------------
pub const CRASHED: Msg = msg(
    "このデモは内部のエラーで止まった。ページを読み込み直すと元に戻る(詳細はブラウザのコンソールにある)。",
    "This demo stopped on an internal error. Reload the page to get it back (details are in the browser console).",
);
pub fn unknown_demo(kind: &str) -> String {
    format!(
        "kubevol: unknown demo \"{kind}\" in data-kubevol-demo (expected one of: {}).",
        crate::mount::DemoKind::NAMES.join(", ")
    )
}

/// What a placeholder says while its module loads, and what it says with JavaScript off. No wasm
/// has run by then, so `web/kubevol.css` draws these (as `content` of the placeholder's frame); a
/// test keeps its copy the same as this one.
pub const LOADING: Msg = msg("デモ ・ 読み込み中…", "Demo · loading…");
pub const NEEDS_JAVASCRIPT: Msg = msg("デモ ・ JavaScript を有効にすると動く", "Demo · works with JavaScript enabled");
/// What a placeholder says when its module could not be fetched (the loader marks it).
pub const LOAD_FAILED: Msg = msg(
    "デモ ・ 読み込めなかった。ページを読み込み直すと、もう一度試す",
    "Demo · could not be loaded. Reload the page to try again",
);

/// Said at debug level only: mounting twice into one element is harmless.
pub const ALREADY_MOUNTED: &str = "kubevol: this element already holds a demo; nothing to do.";

pub fn not_carried(kind: &str) -> String {
    format!("kubevol: this wasm module does not carry the \"{kind}\" demo; kubevol.js loads the one that does.")
}

pub fn unknown_lang(code: &str) -> String {
    format!("kubevol: unknown language \"{code}\" in data-lang (expected \"ja\" or \"en\").")
}

// ---- shared demo chrome ------------------------------------------------------------------------
pub const RESET: Msg = msg("リセット", "Reset");
pub const LOG_TITLE: Msg = msg("起きたこと", "What happened");
pub const LOG_EMPTY: Msg = msg("(まだ何も起きていない)", "(nothing has happened yet)");
pub const NONE: Msg = msg("(なし)", "(none)");
pub const REFUSED_PREFIX: Msg = msg("できない: ", "Refused: ");
pub const SIMPLIFIED: Msg = msg("この模型の簡略化", "What this model simplifies");

// ---- CSI demo ----------------------------------------------------------------------------------
pub mod csi {
    use super::{msg, Lang, Msg};

    pub const MODE: Msg = msg("アクセスモード", "Access mode");
    pub const BINDING: Msg = msg("確保の時機", "Binding");
    pub const IMMEDIATE: Msg = msg("先に作る (Immediate)", "Immediate");
    pub const WAIT: Msg = msg("待つ (WaitForFirstConsumer)", "WaitForFirstConsumer");
    pub const ZONES: Msg = msg("区画あり", "Zones");
    pub const ZONES_OFF: Msg = msg("なし", "off");
    pub const ZONES_ON: Msg = msg("あり", "on");
    pub const RECLAIM: Msg = msg("回収", "Reclaim");
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
    pub const CSI_CALLS: Msg = msg("CSI の呼び出し(直前の操作)", "CSI calls (last action)");
    pub const K8S_SAYS: Msg = msg("Kubernetes の表示(直前の操作)", "What Kubernetes says (last action)");
    pub const K8S_NOTHING: Msg =
        msg("(この操作に対応する Kubernetes のメッセージは無い)", "(Kubernetes prints nothing specific for this)");
    pub const LEGEND: Msg = msg(
        "段ごとに単位が違う。「繋ぐ」「外す」はノードに、「Pod に見せる」は Pod に効く。だから ReadWriteOnce でも同じノードの Pod は何個でも同じディスクを使え、断られるのは2台目のノードだけになる。見えている Pod が残るうちはノードから外れず、ノードが応答しなければその確認すらできない。区画を入れると、作る時機で置ける場所が変わる。",
        "Each stage has its own unit. Attach and detach act on a node; mount acts on a pod. So even under ReadWriteOnce any number of pods on one node share the disk, and only a second node is turned away. A node cannot let go while a pod there still sees the volume, and a node that does not respond cannot even confirm it. With zones, when the volume is created decides where pods can run.",
    );
    pub const SIMPLIFIED: Msg = msg(
        "実物は応答しないノードから 6 分待って強制的に外すが、ここでは時間を数えず「応答を待たずに外す」を押す。区画ありの Immediate では要求が zone-a を指定している(実物の provisioner は許された区画から自分で選ぶ)。Pod は名前だけで、スケジューラは経由しない。",
        "A real cluster force-detaches from an unresponsive node after 6 minutes; here time does not pass, you press Force detach. With zones, the Immediate claim asks for zone-a (a real provisioner picks an allowed zone itself). Pods are names only; no scheduler is involved.",
    );

    pub fn attached_to(lang: Lang, volume: &str) -> String {
        match lang {
            Lang::Ja => format!("{volume} が繋がっている"),
            Lang::En => format!("{volume} attached"),
        }
    }

    pub fn pods_see(lang: Lang, pods: &[String]) -> String {
        match lang {
            Lang::Ja => format!("見えている Pod: {}", pods.join(", ")),
            Lang::En => format!("seen by: {}", pods.join(", ")),
        }
    }

    pub fn zone_label(lang: Lang, zone: &str) -> String {
        match lang {
            Lang::Ja => format!("区画 {zone}"),
            Lang::En => format!("zone {zone}"),
        }
    }

    /// The badge: which volume, where it is attached, how many pods see it.
    pub fn badge(lang: Lang, volume: Option<&str>, claim_exists: bool, attached: &[String], pods: usize) -> String {
        match (volume, claim_exists, lang) {
            (_, false, Lang::Ja) => "要求は消えた".to_string(),
            (_, false, Lang::En) => "claim deleted".to_string(),
            (None, true, Lang::Ja) => "実体はまだ無い".to_string(),
            (None, true, Lang::En) => "no volume yet".to_string(),
            (Some(v), true, Lang::Ja) => {
                let at = if attached.is_empty() {
                    "未接続".to_string()
                } else {
                    format!("{} に接続", attached.join(", "))
                };
                format!("{v} ・ {at} ・ {pods} 個から見えている")
            }
            (Some(v), true, Lang::En) => {
                let at = if attached.is_empty() {
                    "not attached".to_string()
                } else {
                    format!("attached to {}", attached.join(", "))
                };
                format!("{v} · {at} · seen by {pods} pod(s)")
            }
        }
    }

    /// The volume line above the node cards.
    pub fn volume_line(lang: Lang, volume: Option<(&str, u32, &str, Option<&str>)>, claim: Option<&str>) -> String {
        match (volume, claim, lang) {
            (_, None, Lang::Ja) => "要求: なし".to_string(),
            (_, None, Lang::En) => "claim: none".to_string(),
            (None, Some(c), Lang::Ja) => format!("要求 {c} ・ 実体: まだ無い(使う Pod の置き場所が決まるまで作らない)"),
            (None, Some(c), Lang::En) => format!("claim {c} · volume: none yet (waits until a pod using it is placed)"),
            (Some((v, size, mode, zone)), Some(c), Lang::Ja) => {
                let zone = zone.map_or("区画の指定なし".to_string(), |z| format!("区画 {z}"));
                format!("要求 {c} ・ 実体 {v}({size}GiB、{mode}、{zone})")
            }
            (Some((v, size, mode, zone)), Some(c), Lang::En) => {
                let zone = zone.map_or("no zone".to_string(), |z| format!("zone {z}"));
                format!("claim {c} · volume {v} ({size}GiB, {mode}, {zone})")
            }
        }
    }

    pub fn released(lang: Lang, volumes: &[String]) -> String {
        match lang {
            Lang::Ja => format!(
                "Released のまま残っている実体: {}(中身はある。自動ではどの要求にも結びつかない)",
                volumes.join(", ")
            ),
            Lang::En => format!(
                "Released volumes kept: {} (their data is there; no claim binds them automatically)",
                volumes.join(", ")
            ),
        }
    }

    /// What the verdict line says about the current state (refusals are told by the model instead).
    pub enum Situation<'a> {
        ClaimDeleted { released: bool },
        NoVolumeYet { zoned: bool },
        Unresponsive { node: &'a str, volume: &'a str },
        NotAttached { volume: &'a str, zone: Option<&'a str> },
        AttachedNoPods { volume: &'a str, nodes: &'a [String] },
        Seen { volume: &'a str, nodes: &'a [String], pods: usize, mode: &'a str },
    }

    pub fn verdict(lang: Lang, situation: Situation) -> String {
        use Situation::*;
        let ja = lang == Lang::Ja;
        match situation {
            ClaimDeleted { released: true } if ja => "要求を消した。回収が Retain なので実体は Released として中身ごと残る。同じ名前の要求を作り直しても、新しい実体が作られる".into(),
            ClaimDeleted { released: true } => "The claim is gone. Reclaim is Retain, so the volume stays Released with its data; creating the claim again gets a new volume".into(),
            ClaimDeleted { released: false } if ja => "要求を消した。回収が Delete なので実体も消えた".into(),
            ClaimDeleted { released: false } => "The claim is gone. Reclaim is Delete, so the volume is gone too".into(),
            NoVolumeYet { zoned: true } if ja => "要求だけがあり、実体はまだ無い。どちらかのノードで「繋ぐ」を押すと、そのノードの区画に作られる".into(),
            NoVolumeYet { zoned: true } => "Only the claim exists, no volume yet. Attach on a node and the volume is created in that node's zone".into(),
            NoVolumeYet { zoned: false } if ja => "要求だけがあり、実体はまだ無い。どちらかのノードで「繋ぐ」を押すと、そこで作られる".into(),
            NoVolumeYet { zoned: false } => "Only the claim exists, no volume yet. Attach on a node and the volume is created then".into(),
            Unresponsive { node, volume } if ja => format!("{node} が応答しない。{volume} は繋がったままで、普通には外せない。別のノードへ移すには「応答を待たずに外す」しかない"),
            Unresponsive { node, volume } => format!("{node} does not respond. {volume} stays attached and cannot be detached normally; only Force detach moves it"),
            NotAttached { volume, zone: Some(z) } if ja => format!("実体 {volume} は区画 {z} にあるが、まだどのノードにも繋がっていない"),
            NotAttached { volume, zone: Some(z) } => format!("{volume} exists in zone {z} but is not attached to any node yet"),
            NotAttached { .. } if ja => "実体はあるが、まだどのノードにも繋がっていない".into(),
            NotAttached { .. } => "The volume exists but is not attached to any node yet".into(),
            AttachedNoPods { volume, nodes } if ja => format!("{volume} は {} に繋がっている。まだどの Pod からも見えていない", nodes.join(", ")),
            AttachedNoPods { volume, nodes } => format!("{volume} is attached to {}; no pod sees it yet", nodes.join(", ")),
            Seen { volume, nodes, pods, mode } => {
                let why = match (mode, ja) {
                    ("ReadWriteOnce", true) => "ReadWriteOnce は1つの「ノード」なので、同じノードの Pod は何個でも共有できる",
                    ("ReadWriteOnce", false) => "ReadWriteOnce means one node, so any number of pods on it share the volume",
                    ("ReadWriteOncePod", true) => "ReadWriteOncePod なので、見られる Pod はクラスタ全体で1つだけ",
                    ("ReadWriteOncePod", false) => "ReadWriteOncePod allows exactly one pod in the whole cluster",
                    ("ReadOnlyMany", true) => "ReadOnlyMany なので、どのノードからも読み取り専用で見える",
                    ("ReadOnlyMany", false) => "ReadOnlyMany: every node may attach it, read-only",
                    (_, true) => "ReadWriteMany なので、複数のノードから読み書きできる",
                    (_, false) => "ReadWriteMany: several nodes read and write it at once",
                };
                if ja {
                    format!("{volume} は {} に繋がり、{pods} 個の Pod から見えている。{why}", nodes.join(", "))
                } else {
                    format!("{volume} is attached to {} and seen by {pods} pod(s). {why}", nodes.join(", "))
                }
            }
        }
    }
}

// ---- StatefulSet demo --------------------------------------------------------------------------
pub mod sts {
    use super::{msg, Lang, Msg};

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
    pub const RETAIN: Msg = msg("残す (Retain)", "Retain");
    pub const DELETE: Msg = msg("消す (Delete)", "Delete");
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
        "周期を進めるたびに、コントローラが1手だけ打つ。db-0 から順に作り、手前の Pod が ready になるまで次は作らない。だから db-1 が壊れると db-2 は永久に現れない。ボリュームは序数で Pod と結びつき、Pod を消しても残る。作り直された同じ序数の Pod がまた同じボリュームを使うので、書いた中身が戻る。目標を減らしてもボリュームは残り、消えるのは明示的に消したとき(か whenScaled: Delete のとき)だけ。",
        "Each step the controller makes one move. It creates db-0 first and never creates the next pod until the one before it is ready, so a broken db-1 means db-2 never appears. Volumes belong to ordinals, not to pods: delete a pod and its volume stays, and the re-created pod with the same ordinal gets it back, data and all. Lowering the target keeps the volumes too; data goes only when a volume is deleted explicitly (or with whenScaled: Delete).",
    );
    pub const SIMPLIFIED: Msg = msg(
        "時間は実時間でなく周期で数える。ready になるまでの周期数は固定で、Pod は1つのボリュームだけを持つ。更新(ローリングアップデート)と partition は扱わない。Pod の削除は猶予期間なしで即座に終わる。",
        "Time is counted in steps, not seconds. A pod takes a fixed number of steps to become ready and has one volume. Updates (rolling updates, partitions) are not modelled. A deleted pod is gone at once, with no grace period.",
    );

    pub fn badge(lang: Lang, ready: u32, target: u32, volumes: usize) -> String {
        match lang {
            Lang::Ja => format!("ready {ready} / 目標 {target} ・ボリューム {volumes}"),
            Lang::En => format!("ready {ready} / target {target} · volumes {volumes}"),
        }
    }

    pub fn step_counter(now: u64) -> String {
        format!("step={now}")
    }

    pub const STARTUP_UNIT: Msg = msg("周期", "steps");

    pub fn break_label(lang: Lang, pod: &str, broken: bool) -> String {
        match (lang, broken) {
            (Lang::Ja, false) => format!("{pod} を壊す"),
            (Lang::Ja, true) => format!("{pod} を直す"),
            (Lang::En, false) => format!("Break {pod}"),
            (Lang::En, true) => format!("Fix {pod}"),
        }
    }

    pub fn starting(lang: Lang, steps_left: u64) -> String {
        match lang {
            Lang::Ja => format!("起動中(あと {steps_left} 周期)"),
            Lang::En => format!("starting ({steps_left} step(s) left)"),
        }
    }

    pub fn data(lang: Lang, data: &str) -> String {
        match lang {
            Lang::Ja => format!("中身: {data}"),
            Lang::En => format!("data: {data}"),
        }
    }

    pub enum Situation<'a> {
        Converged { ready: u32, volumes: usize },
        StuckOrdered { broken: &'a str, next: &'a str },
        StuckParallel { broken: &'a str },
        ScalingDown { extra: usize },
        Starting { ordered: bool },
        SetDeleted,
    }

    pub fn verdict(lang: Lang, situation: Situation) -> String {
        use Situation::*;
        let ja = lang == Lang::Ja;
        match situation {
            Converged { ready, volumes } if ja => format!("揃っている。{ready} 個すべて ready で、ボリュームは {volumes} 個ある"),
            Converged { ready, volumes } => format!("Converged: all {ready} pods are ready, and there are {volumes} volumes"),
            StuckOrdered { broken, next } if ja => format!("{broken} が ready にならないので、{next} から先は永久に作られない。順序を守るとは、詰まったら止まるということ"),
            StuckOrdered { broken, next } => format!("{broken} never becomes ready, so {next} and everything after it is never created. Keeping the order means stopping when stuck"),
            StuckParallel { broken } if ja => format!("{broken} は壊れたまま。Parallel なので他の Pod は待たずに動いている"),
            StuckParallel { broken } => format!("{broken} stays broken; under Parallel the other pods did not wait for it"),
            ScalingDown { extra } if ja => format!("目標より {extra} 個多い。大きい序数から1つずつ消す。ボリュームは残る"),
            ScalingDown { extra } => format!("{extra} pod(s) above the target; they go from the highest ordinal down, one at a time, and their volumes stay"),
            Starting { ordered: true } if ja => "まだ揃っていない。手前が ready になるまで次は作られない".into(),
            Starting { ordered: true } => "Not converged yet: the next pod is not created until the one before it is ready".into(),
            Starting { ordered: false } if ja => "まだ揃っていない。Parallel なので足りない Pod は一度に作られ、それぞれが ready になるのを待つ".into(),
            Starting { ordered: false } => "Not converged yet: under Parallel all missing pods are created at once and each becomes ready on its own".into(),
            SetDeleted if ja => "StatefulSet は消えている。残ったボリュームは、作り直した StatefulSet がまた使う".into(),
            SetDeleted => "The StatefulSet is deleted; the volumes left behind are picked up when it is created again".into(),
        }
    }
}

// ---- Topology demo -----------------------------------------------------------------------------
pub mod topo {
    use super::{msg, Lang, Msg};

    pub const TITLE: Msg = msg("区画とボリューム", "Zones and volumes");
    pub const SCENARIO: Msg = msg("場面", "Scenario");
    pub const CUSTOM: Msg = msg("自由に組む", "Custom");
    pub const FREE: Msg = msg(
        "自由に組む: StatefulSet(6 つまで)の設定。変えると「自由に組む」に切り替わる",
        "Custom: the settings of one StatefulSet (up to 6); changing one switches to Custom",
    );
    pub const BINDING: Msg = msg("確保の時機", "Binding");
    pub const ALLOWED: Msg = msg("許す区画", "Allowed zones");
    pub const BOTH: Msg = msg("room1 と room2", "room1 and room2");
    pub const REPLICAS: Msg = msg("レプリカ", "Replicas");
    pub const POLICY: Msg = msg("作る順序", "podManagementPolicy");
    pub const SPREAD: Msg = msg("区画に分散 (maxSkew 1)", "Spread over zones (maxSkew 1)");
    pub const SELECTOR: Msg = msg("nodeSelector boss=me", "nodeSelector boss=me");
    pub const TAINTS: Msg = msg("nodeTaintsPolicy", "nodeTaintsPolicy");
    pub const OFF: Msg = msg("なし", "off");
    pub const ON: Msg = msg("あり", "on");
    pub const STEP: Msg = msg("1周期進める", "Step");
    pub const RUN: Msg = msg("止まるまで進める", "Run until settled");
    pub const ZONE: Msg = msg("区画", "zone");
    pub const NO_ZONE: Msg = msg("区画なし", "no zone");
    pub const TAINTED: Msg = msg("taint: control-plane", "taint: control-plane");
    pub const NO_PODS: Msg = msg("Pod なし", "no pods");
    pub const VOLUMES_HERE: Msg = msg("この区画の実体", "volumes in this zone");
    pub const NO_VOLUMES: Msg = msg("実体なし", "no volumes");
    pub const NO_STORAGE: Msg = msg("ストレージが無い区画", "no storage in this zone");
    pub const PENDING: Msg = msg("Pending の Pod(スケジューラの言い分)", "Pending pods (what the scheduler says)");
    pub const NO_PENDING: Msg = msg("(Pending の Pod はない)", "(no pending pods)");
    pub const PVCS: Msg = msg("要求(PVC)", "Claims (PVCs)");
    pub const NO_PVCS: Msg = msg("(要求はまだない)", "(no claims yet)");
    pub const NOT_YET: Msg = msg("(まだ予定に入っていない)", "(not scheduled yet)");
    pub const LEGEND: Msg = msg(
        "ディスクは作った区画から動かない。だから先に作る(Immediate)と Pod の置き場所がディスクに縛られ、待つ(WaitForFirstConsumer)と、スケジューラが選んだノードの区画にディスクが作られる。分散の制約 maxSkew 1 は、区画ごとの Pod 数の差を 1 までに抑える。ここで taint 付きのノードしかない区画も数えられると、そこは永遠に 0 個なので、他の区画は 1 個より先へ進めなくなる。",
        "A disk never leaves the zone it was created in. Created early (Immediate), it ties the pod to that zone; created late (WaitForFirstConsumer), it is made in the zone of the node the scheduler picked. A spread constraint with maxSkew 1 keeps the pod counts of the zones within one of each other. If a zone holding only a tainted node still counts, it stays at zero forever, and no other zone can get past one pod.",
    );
    pub const SIMPLIFIED: Msg = msg(
        "実物のスケジューラはノードに点数をつけ、同点の中から無作為に選ぶ。この模型は Pod の少ないノード、同数なら名前順を選ぶので、記事で 3:1 に偏った 4 レプリカは、ここでは 2:2 になる。置かれた Pod はすぐ動く(ready)とみなし、toleration とリソースの空きは扱わない。",
        "The real scheduler scores nodes and picks at random among the best; this model takes the node with the fewest pods, then the first by name, so the article's 4 replicas that came out 3:1 come out 2:2 here. A placed pod counts as running at once; tolerations and resources are not modelled.",
    );

    pub fn preset_label(code: &str) -> Msg {
        match code {
            "immediate" => msg("先に作る", "Immediate"),
            "conflict" => msg("selector と矛盾", "Conflicting selector"),
            "wait" => msg("使う Pod を待つ", "WaitForFirstConsumer"),
            "allowed" => msg("room2 だけ許す", "room2 only"),
            "statefulset" => msg("StatefulSet ×4", "StatefulSet ×4"),
            "spread-trap" => msg("分散の罠", "Spread trap"),
            "spread-selector" => msg("回避: nodeSelector", "Fix: nodeSelector"),
            "spread-honor" => msg("回避: Honor", "Fix: Honor"),
            "rwop" => msg("ReadWriteOncePod", "ReadWriteOncePod"),
            _ => CUSTOM,
        }
    }

    pub fn badge(lang: Lang, running: usize, pending: usize) -> String {
        match lang {
            Lang::Ja => format!("動いている {running} ・ Pending {pending}"),
            Lang::En => format!("running {running} · pending {pending}"),
        }
    }

    pub fn pvc_status(lang: Lang, volume: Option<&str>, zone: Option<&str>) -> String {
        match (volume, zone, lang) {
            (Some(v), Some(z), Lang::Ja) => format!("Bound → {v}(区画 {z})"),
            (Some(v), Some(z), Lang::En) => format!("Bound → {v} (zone {z})"),
            (Some(v), None, _) => format!("Bound → {v}"),
            (None, _, _) => "Pending".to_string(),
        }
    }

    /// What the verdict explains, from the first pending pod's reasons or the placement.
    pub enum Situation<'a> {
        NotStarted,
        Moving,
        AllRunning { running: usize, per_node: &'a str },
        Stuck { pod: &'a str, why: Why },
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Why {
        Spread,
        VolumeAffinity,
        NoVolumeHere,
        Selector,
        Rwop,
        Other,
    }

    pub fn verdict(lang: Lang, situation: Situation) -> String {
        use Situation::*;
        let ja = lang == Lang::Ja;
        match situation {
            NotStarted if ja => "まだ何も置いていない。「1周期進める」でコントローラとスケジューラが1回ずつ動く".into(),
            NotStarted => "Nothing is placed yet. Step runs the controllers and the scheduler once".into(),
            Moving if ja => "まだ動いている。進めると、次の Pod が置かれるか、置けない理由が出る".into(),
            Moving => "Still moving: step on to see the next pod placed or the reason it cannot be".into(),
            AllRunning { running, per_node } if ja => {
                format!("{running} 個すべてが動いている({per_node})。ボリュームはどれも自分の Pod と同じ区画にある")
            }
            AllRunning { running, per_node } => {
                format!("All {running} pods run ({per_node}); every volume sits in its pod's zone")
            }
            Stuck { pod, why } => {
                let (j, e) = match why {
                    Why::Spread => (
                        "taint 付きの m1 しかいない kitchen も区画として数えられ、そこは 0 個のまま。maxSkew 1 なので room1 と room2 は 1 個より先へ進めない。nodeSelector で kitchen を外すか、nodeTaintsPolicy を Honor にすると解ける",
                        "kitchen, which holds only the tainted m1, still counts as a zone and stays at zero, so with maxSkew 1 neither room1 nor room2 can get past one pod. A nodeSelector that leaves kitchen out, or nodeTaintsPolicy Honor, gets it going",
                    ),
                    Why::VolumeAffinity => (
                        "ボリュームは作られた区画から動かないので、Pod はその区画のノードにしか置けない",
                        "the volume cannot leave the zone it was created in, so the pod fits only on a node there",
                    ),
                    Why::NoVolumeHere => (
                        "StorageClass が許す区画にしか実体を作れないので、選べるノードが無い",
                        "the StorageClass can create the volume only in its allowed zones, so no node fits",
                    ),
                    Why::Selector => ("nodeSelector に合うノードが無い", "no node matches the nodeSelector"),
                    Why::Rwop => (
                        "ReadWriteOncePod の要求を、もう別の Pod が使っている。どのノードも同じ理由で断る",
                        "another pod already uses the ReadWriteOncePod claim, and every node refuses for that reason",
                    ),
                    Why::Other => ("置けるノードが無い", "no node fits"),
                };
                if ja {
                    format!("{pod} は Pending のまま: {j}")
                } else {
                    format!("{pod} stays Pending: {e}")
                }
            }
        }
    }
}

/// A `data-preset` the demo does not know: said inside the demo, which starts at its default.
pub fn unknown_preset(lang: Lang, preset: &str, known: &str) -> String {
    match (lang, known.is_empty()) {
        (Lang::Ja, false) => {
            format!("data-preset \"{preset}\" はこのデモに無い(使えるのは {known})。既定の場面で始める")
        }
        (Lang::Ja, true) => format!("data-preset \"{preset}\" は使えない(このデモに場面の選択は無い)。既定で始める"),
        (Lang::En, false) => {
            format!("data-preset \"{preset}\" is not one of this demo's ({known}); starting from the default")
        }
        (Lang::En, true) => format!("data-preset \"{preset}\" is ignored: this demo has no presets"),
    }
}

/// The book's topology chapter inside the topology demo (`data-preset="spread"`).
pub mod chapter {
    use super::{msg, Lang, Msg};

    pub const PRESET: Msg = msg("本の章: 区画に散らす", "The book: spread");
    pub const CONTROLS: Msg = msg(
        "本の章: 3 区画に 2 台ずつ。変えると最初から置き直す",
        "The book's chapter: three zones of two nodes; a change places the pods again",
    );
    pub const MAX_SKEW: Msg = msg("maxSkew(数の差の上限)", "maxSkew (largest allowed difference)");
    pub const PODS: Msg = msg("置く Pod の数", "Pods");
    pub const KEY: Msg = msg("何ごとに数えるか", "Count per");
    pub const KEY_ZONE: Msg = msg("区画 (zone)", "zone");
    pub const KEY_HOSTNAME: Msg = msg("ノード (hostname)", "node (hostname)");
    pub const WHEN: Msg = msg("守れないとき", "whenUnsatisfiable");
    pub const LOSE_ZONE: Msg = msg("区画を落とす", "Lose zone");
    pub const LOSE_NODE: Msg = msg("落とす", "Lose");
    pub const LOST: Msg = msg("落ちた", "lost");
    pub const SURVIVORS: Msg = msg("何が残るか", "What survives");
    pub const LEGEND: Msg = msg(
        "ノードを1台失う場合と、区画を1つ失う場合で、残る数がまるで違う。ノードに均等に置くだけでは、区画の障害には備えられない。偏りを数える単位(topologyKey)が、そのまま何の障害に備えるかを決めている。DoNotSchedule では制約は filter で、守れないなら置かない。ScheduleAnyway では score になり、守れなくても置く。",
        "Losing one node and losing one zone leave very different numbers running. Spreading evenly over nodes does not prepare for losing a zone: what you count skew over (the topologyKey) decides which failure you survive. With DoNotSchedule the constraint is a filter: a pod it cannot place fairly is not placed. With ScheduleAnyway it is a score: the pod is placed anyway.",
    );
    pub const SIMPLIFIED: Msg = msg(
        "本の Go の模型は、候補の中でいちばん少ない区画を選ぶので、maxSkew を大きくしても結果は散る。実物のスケジューラは maxSkew で候補を絞るだけで、その先は他の採点(空いているノードを好む)で選び、同点なら無作為に選ぶ。この模型は Pod の少ないノード、同数なら名前順を選ぶので、緩い maxSkew では区画に偏ることがある。ScheduleAnyway の採点は、区画の Pod 数を最初の基準にしている。本の Pod は Deployment だが、ここでは作り直しの順序が決まっている StatefulSet(Parallel)で表す。落ちたノードの Pod は、実物では 300 秒後に追い出され、StatefulSet の Pod は強制削除されるまで Terminating に残る。この模型では落ちた瞬間に消え、次の周期で作り直される。落ちた区画も nodeTaintsPolicy Ignore(既定)では 0 個の区画として数えられる。本の模型は maxSkew 0 を 1 に直すが、API サーバーは受け付けない。",
        "The book's Go model picks the emptiest zone among the candidates, so even a large maxSkew spreads the pods. The real scheduler only filters by maxSkew; it then chooses by its other scores (which favour less loaded nodes) and at random among equals. This model takes the node with the fewest pods, then the first by name, so a loose maxSkew can leave the zones uneven. Under ScheduleAnyway its score puts the domain's pod count first. The book's pods are a Deployment; here they are a StatefulSet (Parallel), whose replacements come back in a fixed order. Pods on a lost node are evicted after 300 s in a real cluster, and StatefulSet pods stay Terminating until force-deleted; here they are gone at once and created again on the next step. A lost zone still counts as a zone with 0 pods under nodeTaintsPolicy Ignore (the default). The book's model turns maxSkew 0 into 1; the API server refuses it.",
    );

    /// The label of the chapter control `action` (see `topology::present::CHAPTER_CHOICES`).
    pub fn label(action: &str) -> Msg {
        match action {
            "max-skew" => MAX_SKEW,
            "pods" => PODS,
            "key" => KEY,
            _ => WHEN,
        }
    }

    /// How a chapter control's value reads: the key in words, numbers and API names as they are.
    pub fn value(value: &'static str) -> Msg {
        match value {
            "zone" => KEY_ZONE,
            "hostname" => KEY_HOSTNAME,
            other => Msg::same(other),
        }
    }

    pub fn badge(lang: Lang, skew: usize, survivors: usize, of: usize) -> String {
        match lang {
            Lang::Ja => format!("偏り {skew} ・ 1区画を失うと {survivors}/{of} 残る"),
            Lang::En => format!("skew {skew} · losing a zone keeps {survivors}/{of}"),
        }
    }

    /// One line of the survivors read-out: what losing the worst `domain` of this kind leaves.
    pub fn loss_line(lang: Lang, zone: bool, domain: &str, survivors: usize, of: usize) -> String {
        match (lang, zone) {
            (Lang::Ja, true) => format!("区画を1つ失うと {survivors}/{of} 残る(最悪は {domain})"),
            (Lang::Ja, false) => format!("ノードを1台失うと {survivors}/{of} 残る(最悪は {domain})"),
            (Lang::En, true) => format!("losing a zone keeps {survivors}/{of} (worst: {domain})"),
            (Lang::En, false) => format!("losing a node keeps {survivors}/{of} (worst: {domain})"),
        }
    }

    pub fn skew_line(lang: Lang, by_zone: usize, by_node: usize) -> String {
        match lang {
            Lang::Ja => format!("偏り: 区画ごと {by_zone} ・ ノードごと {by_node}"),
            Lang::En => format!("skew: per zone {by_zone} · per node {by_node}"),
        }
    }

    /// What the chapter's verdict explains.
    pub enum Situation<'a> {
        /// maxSkew at least the pod count: the constraint never bites.
        Loose {
            max_skew: u32,
            pods: u32,
        },
        Spread {
            survivors: usize,
        },
        Bunched {
            lost: usize,
        },
        /// DoNotSchedule left a pod Pending after a loss.
        Refused {
            pod: &'a str,
        },
        NothingRuns,
    }

    pub fn verdict(lang: Lang, situation: Situation) -> String {
        use Situation::*;
        let ja = lang == Lang::Ja;
        match situation {
            Loose { max_skew, pods } if ja => format!(
                "maxSkew {max_skew} は {pods} 個に対して緩く、制約はどんな偏りも許している。散るかどうかはスケジューラの他の採点しだいで、制約は何も保証していない"
            ),
            Loose { max_skew, pods } => format!(
                "maxSkew {max_skew} is loose for {pods} pods: the constraint allows any imbalance, and whether the pods spread is up to the scheduler's other scores, not guaranteed"
            ),
            Spread { survivors } if ja => {
                format!("区画をまたいで散っている。1区画を失っても {survivors} 個が残り、過半数を保てる")
            }
            Spread { survivors } => {
                format!("Spread across zones: losing any one zone still leaves {survivors}, a majority")
            }
            Bunched { lost } if ja => format!("区画に偏っている。いちばん多い区画が落ちると {lost} 個を一度に失う"),
            Bunched { lost } => format!("Bunched into a zone: losing the fullest zone takes {lost} pods at once"),
            Refused { pod } if ja => format!(
                "{pod} は Pending のまま。落ちた区画も 0 個の区画として数えられ、どこに置いても maxSkew を超えるので、DoNotSchedule は置かない。ScheduleAnyway なら置く"
            ),
            Refused { pod } => format!(
                "{pod} stays Pending: the lost zone still counts, with 0 pods, so every placement would exceed maxSkew and DoNotSchedule does not place it. ScheduleAnyway would"
            ),
            NothingRuns if ja => "動いている Pod が無い".into(),
            NothingRuns => "No pod is running".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stylesheet says these before the wasm arrives; it must say what the catalogue says.
    #[test]
    fn the_stylesheet_draws_the_catalogue_s_placeholder_texts() {
        let css = include_str!("../../../web/kubevol.css");
        for msg in [LOADING, NEEDS_JAVASCRIPT, LOAD_FAILED] {
            for lang in [Lang::Ja, Lang::En] {
                let content = format!("content: \"{}\"", msg.get(lang));
                assert!(css.contains(&content), "web/kubevol.css does not draw {content}");
            }
        }
    }
}
