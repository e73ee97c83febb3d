//! The topology demo's words, in Japanese and English: its labels, and how its situations read,
//! for the articles' scenarios and for the book's chapter (`chapter` below).

use kubevol_sim::topology::{AllowedZones, Phase, Preset, SpreadKey, State};

use super::present::{self, Pick, Situation, TopoSession, Why};
use crate::lang::{msg, refused, Lang, Msg};

pub const TITLE: Msg = msg("区画とボリューム", "Zones and volumes");
pub const SCENARIO: Msg = msg("場面", "Scenario");
pub const SCENARIOS: Msg = msg("ほかの場面", "Other scenarios");
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
pub const STEP: Msg = msg("1周期進める", "Step");
pub const RUN: Msg = msg("止まるまで進める", "Run until settled");
pub const ZONE: Msg = msg("区画", "zone");
pub const NO_ZONE: Msg = msg("区画なし", "no zone");
pub const TAINTED: Msg = msg("taint: control-plane", "taint: control-plane");
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
pub const LEGEND: Msg = msg(
    "ディスクは作った区画から動かない。だから先に作る(Immediate)と Pod の置き場所がディスクに縛られ、待つ(WaitForFirstConsumer)と、スケジューラが選んだノードの区画にディスクが作られる。分散の制約 maxSkew 1 は、区画ごとの Pod 数の差を 1 までに抑える。ここで taint 付きのノードしかない区画も数えられると、そこは永遠に 0 個なので、他の区画は 1 個より先へ進めなくなる。",
    "A disk never leaves the zone it was created in. Created early (Immediate), it ties the pod to that zone; created late (WaitForFirstConsumer), it is made in the zone of the node the scheduler picked. A spread constraint with maxSkew 1 keeps the pod counts of the zones within one of each other. If a zone holding only a tainted node still counts, it stays at zero forever, and no other zone can get past one pod.",
);
pub const SIMPLIFIED: Msg = msg(
    "実物のスケジューラはノードに点数をつけ、同点の中から無作為に選ぶ。この模型は Pod の少ないノード、同数なら名前順を選ぶので、記事で 3:1 に偏った 4 レプリカは、ここでは 2:2 になる。置かれた Pod はすぐ動く(ready)とみなし、リソースの空きは扱わない。toleration は、どの Pod にも付く既定の 2 つ(落ちたノードに 300 秒)だけを扱う。",
    "The real scheduler scores nodes and picks at random among the best; this model takes the node with the fewest pods, then the first by name, so the article's 4 replicas that came out 3:1 come out 2:2 here. A placed pod counts as running at once; resources are not modelled, and the only tolerations are the two every pod gets by default (300 s on a lost node).",
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
        Pick::Chapter => chapter::PRESET,
        Pick::Custom => CUSTOM,
    }
}

/// How the allowed zones read on their buttons.
pub fn allowed(a: AllowedZones) -> Msg {
    match a {
        AllowedZones::Both => BOTH,
        AllowedZones::Room1 => Msg::same("room1"),
        AllowedZones::Room2 => Msg::same("room2"),
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

pub fn badge(s: &State, lang: Lang) -> String {
    let (running, pending) = (s.running(), s.pending_pods().len());
    match lang {
        Lang::Ja => format!("動いている {running} ・ Pending {pending}"),
        Lang::En => format!("running {running} · pending {pending}"),
    }
}

/// A claim's status as `kubectl get pvc` would sum it up, with the zone of its volume.
pub fn pvc_status(lang: Lang, volume: Option<&str>, zone: Option<&str>) -> String {
    match (volume, zone, lang) {
        (Some(v), Some(z), Lang::Ja) => format!("Bound → {v}(区画 {z})"),
        (Some(v), Some(z), Lang::En) => format!("Bound → {v} (zone {z})"),
        (Some(v), None, _) => format!("Bound → {v}"),
        (None, _, _) => "Pending".to_string(),
    }
}

/// What the scheduler's reason means for the reader: which rule keeps the pod out.
fn why(why: Why) -> Msg {
    match why {
        Why::Spread => msg(
            "taint 付きの m1 しかいない kitchen も区画として数えられ、そこは 0 個のまま。maxSkew 1 なので room1 と room2 は 1 個より先へ進めない。nodeSelector で kitchen を外すか、nodeTaintsPolicy を Honor にすると解ける",
            "kitchen, which holds only the tainted m1, still counts as a zone and stays at zero, so with maxSkew 1 neither room1 nor room2 can get past one pod. A nodeSelector that leaves kitchen out, or nodeTaintsPolicy Honor, gets it going",
        ),
        Why::VolumeAffinity => msg(
            "ボリュームは作られた区画から動かないので、Pod はその区画のノードにしか置けない",
            "the volume cannot leave the zone it was created in, so the pod fits only on a node there",
        ),
        Why::NoVolumeHere => msg(
            "StorageClass が許す区画にしか実体を作れないので、選べるノードが無い",
            "the StorageClass can create the volume only in its allowed zones, so no node fits",
        ),
        Why::Selector => msg("nodeSelector に合うノードが無い", "no node matches the nodeSelector"),
        Why::Rwop => msg(
            "ReadWriteOncePod の要求を、もう別の Pod が使っている。どのノードも同じ理由で断る",
            "another pod already uses the ReadWriteOncePod claim, and every node refuses for that reason",
        ),
        Why::Other => msg("置けるノードが無い", "no node fits"),
    }
}

/// The verdict: why the last action was refused, else what the scheduler made of the pods.
pub fn verdict(session: &TopoSession, lang: Lang) -> String {
    if let Some(refusal) = session.last_refusal() {
        return refused(lang, refusal);
    }
    let ja = lang == Lang::Ja;
    match present::situation(&session.state) {
        Situation::NotStarted => msg(
            "まだ何も置いていない。「1周期進める」でコントローラとスケジューラが1回ずつ動く",
            "Nothing is placed yet. Step runs the controllers and the scheduler once",
        )
        .get(lang)
        .into(),
        Situation::Moving => msg(
            "まだ動いている。進めると、次の Pod が置かれるか、置けない理由が出る",
            "Still moving: step on to see the next pod placed or the reason it cannot be",
        )
        .get(lang)
        .into(),
        Situation::AllRunning { running, per_node } => {
            let per_node: Vec<String> = per_node
                .into_iter()
                .map(|(n, count)| if ja { format!("{n} に {count}") } else { format!("{count} on {n}") })
                .collect();
            let per_node = per_node.join(lang.comma());
            if ja {
                format!("{running} 個すべてが動いている({per_node})。ボリュームはどれも自分の Pod と同じ区画にある")
            } else {
                format!("All {running} pods run ({per_node}); every volume sits in its pod's zone")
            }
        }
        Situation::Stuck { pod, why: w } => {
            let w = why(w).get(lang);
            if ja {
                format!("{pod} は Pending のまま: {w}")
            } else {
                format!("{pod} stays Pending: {w}")
            }
        }
    }
}

/// The book's topology chapter inside the topology demo (`data-preset="spread"`).
pub mod chapter {
    use kubevol_sim::topology::{Chapter, State};

    use super::super::present::{self, ChapterSituation, TopoSession};
    use super::{msg, refused, Lang, Msg, SpreadKey};

    pub const PRESET: Msg = msg("本の章: 区画に散らす", "The book: spread");
    pub const CONTROLS: Msg = msg(
        "本の章: 3 区画に 2 台ずつ。変えると最初から置き直す",
        "The book's chapter: three zones of two nodes; a change places the pods again",
    );
    pub const MAX_SKEW: Msg = msg("maxSkew(数の差の上限)", "maxSkew (largest allowed difference)");
    pub const PODS: Msg = msg("置く Pod の数", "Pods");
    pub const KEY: Msg = msg("何ごとに数えるか", "Count per");
    pub const WHEN: Msg = msg("守れないとき", "whenUnsatisfiable");
    pub const LOSE_ZONE: Msg = msg("区画を落とす", "Lose zone");
    pub const LOSE_NODE: Msg = msg("落とす", "Lose");
    pub const LOST: Msg = msg("落ちた", "lost");
    pub const SURVIVORS: Msg = msg("何が残るか", "What survives");
    pub const BARS: Msg = msg("区画ごとの Pod 数", "Pods per zone");
    pub const WORST: Msg = msg("失うと一番痛い区画:", "losing it costs most:");
    /// Beside a lost node's pods: what kubectl says of them, which is not what the chips say.
    pub const KUBECTL_STILL_RUNNING: Msg = msg(
        "kubectl get pods はこの Pod を 1/1 Running と表示し続ける。kubelet の最後の報告のままだから。変わるのは Ready の condition だけで、追い出された後は Terminating になる",
        "kubectl get pods keeps showing such a pod as 1/1 Running, the kubelet's last report; only its Ready condition turns False, and once evicted it shows Terminating",
    );
    pub const LEGEND: Msg = msg(
    "ノードを1台失う場合と、区画を1つ失う場合で、残る数がまるで違う。ノードに均等に置くだけでは、区画の障害には備えられない。偏りを数える単位(topologyKey)が、そのまま何の障害に備えるかを決めている。DoNotSchedule では制約は filter で、守れないなら置かない。ScheduleAnyway では score になり、守れなくても置く。",
    "Losing one node and losing one zone leave very different numbers running. Spreading evenly over nodes does not prepare for losing a zone: what you count skew over (the topologyKey) decides which failure you survive. With DoNotSchedule the constraint is a filter: a pod it cannot place fairly is not placed. With ScheduleAnyway it is a score: the pod is placed anyway.",
);
    pub const SIMPLIFIED: Msg = msg(
    "本の Go の模型は、候補の中でいちばん少ない区画を選ぶので、maxSkew を大きくしても結果は散る。実物のスケジューラは maxSkew で候補を絞るだけで、その先は他の採点(空いているノードを好む)で選び、同点なら無作為に選ぶ。この模型は Pod の少ないノード、同数なら名前順を選ぶので、緩い maxSkew では区画に偏ることがある。ScheduleAnyway の採点は、区画の Pod 数を最初の基準にしている。本の Pod は Deployment だが、ここでは作り直しの順序が決まっている StatefulSet(Parallel)で表す。落ちたノードの Pod は実物と同じく残り、StatefulSet は作り直さない。ただし既定の toleration の 300 秒は、落ちた後の最初の 1 周期で表す。ノードを消すと、その Pod はすぐ消える(実物では Pod のガベージコレクタが 40 秒ほど待ってから消す)。落ちた区画も nodeTaintsPolicy Ignore(既定)では 0 個の区画として数えられる。本の模型は maxSkew 0 を 1 に直すが、API サーバーは受け付けない。",
    "The book's Go model picks the emptiest zone among the candidates, so even a large maxSkew spreads the pods. The real scheduler only filters by maxSkew; it then chooses by its other scores (which favour less loaded nodes) and at random among equals. This model takes the node with the fewest pods, then the first by name, so a loose maxSkew can leave the zones uneven. Under ScheduleAnyway its score puts the domain's pod count first. The book's pods are a Deployment; here they are a StatefulSet (Parallel), whose replacements come back in a fixed order. Pods on a lost node stay, as in a real cluster, and their StatefulSet does not replace them; the default toleration's 300 s are the first step after the loss. Removing a node deletes its pods at once (the real pod garbage collector waits about 40 s first). A lost zone still counts as a zone with 0 pods under nodeTaintsPolicy Ignore (the default). The book's model turns maxSkew 0 into 1; the API server refuses it.",
);

    /// How a spread key reads on its button: what it counts per.
    pub fn key(key: SpreadKey) -> Msg {
        match key {
            SpreadKey::Zone => msg("区画 (zone)", "zone"),
            SpreadKey::Hostname => msg("ノード (hostname)", "node (hostname)"),
        }
    }

    /// The book's badge: the zone skew, and what losing the worst zone leaves of the pods wanted.
    pub fn badge(s: &State, chapter: Chapter, lang: Lang) -> String {
        let survival = present::survival(s);
        let (skew, of) = (survival.zone_skew, chapter.pods as usize);
        let survivors = survival.zone_loss.map_or(0, |l| l.survivors);
        match lang {
            Lang::Ja => format!("偏り {skew} ・ 1区画を失うと {survivors}/{of} 残る"),
            Lang::En => format!("skew {skew} · losing a zone keeps {survivors}/{of}"),
        }
    }

    /// One line of the survivors read-out: what losing the worst `domain` of this kind leaves.
    /// Without any domain to lose, nothing runs and nothing survives.
    pub fn loss_line(lang: Lang, zone: bool, domain: Option<&str>, survivors: usize, of: usize) -> String {
        let line = match (lang, zone) {
            (Lang::Ja, true) => format!("区画を1つ失うと {survivors}/{of} 残る"),
            (Lang::Ja, false) => format!("ノードを1台失うと {survivors}/{of} 残る"),
            (Lang::En, true) => format!("losing a zone keeps {survivors}/{of}"),
            (Lang::En, false) => format!("losing a node keeps {survivors}/{of}"),
        };
        match (domain, lang) {
            (Some(d), Lang::Ja) => format!("{line}(最悪は {d})"),
            (Some(d), Lang::En) => format!("{line} (worst: {d})"),
            (None, _) => line,
        }
    }

    /// The book's comparison under the bars: the same pods put in one zone, all lost with it.
    pub fn packed_line(lang: Lang, pods: usize) -> String {
        match lang {
            Lang::Ja => format!("1区画に寄せていたら 0/{pods} 残る"),
            Lang::En => format!("all in one zone, losing it keeps 0/{pods}"),
        }
    }

    pub fn skew_line(lang: Lang, by_zone: usize, by_node: usize) -> String {
        match lang {
            Lang::Ja => format!("偏り: 区画ごと {by_zone} ・ ノードごと {by_node}"),
            Lang::En => format!("skew: per zone {by_zone} · per node {by_node}"),
        }
    }

    pub fn verdict(session: &TopoSession, chapter: Chapter, lang: Lang) -> String {
        if let Some(refusal) = session.last_refusal() {
            return refused(lang, refusal);
        }
        let ja = lang == Lang::Ja;
        match present::chapter_situation(&session.state, chapter) {
            ChapterSituation::Loose { max_skew, pods } if ja => format!(
                "maxSkew {max_skew} は {pods} 個に対して緩く、制約はどんな偏りも許している。散るかどうかはスケジューラの他の採点しだいで、制約は何も保証していない"
            ),
            ChapterSituation::Loose { max_skew, pods } => format!(
                "maxSkew {max_skew} is loose for {pods} pods: the constraint allows any imbalance, and whether the pods spread is up to the scheduler's other scores, not guaranteed"
            ),
            ChapterSituation::Spread { survivors } if ja => {
                format!("区画をまたいで散っている。1区画を失っても {survivors} 個が残り、過半数を保てる")
            }
            ChapterSituation::Spread { survivors } => {
                format!("Spread across zones: losing any one zone still leaves {survivors}, a majority")
            }
            ChapterSituation::Bunched { lost } if ja => format!("区画に偏っている。いちばん多い区画が落ちると {lost} 個を一度に失う"),
            ChapterSituation::Bunched { lost } => format!("Bunched into a zone: losing the fullest zone takes {lost} pods at once"),
            ChapterSituation::Refused { pod } if ja => format!(
                "{pod} は Pending のまま。落ちた区画も 0 個の区画として数えられ、どこに置いても maxSkew を超えるので、DoNotSchedule は置かない。ScheduleAnyway なら置く"
            ),
            ChapterSituation::Refused { pod } => format!(
                "{pod} stays Pending: the lost zone still counts, with 0 pods, so every placement would exceed maxSkew and DoNotSchedule does not place it. ScheduleAnyway would"
            ),
            ChapterSituation::Stranded { pods, evicted } => {
                let pods = pods.join(lang.comma());
                let (now_ja, now_en) = if evicted {
                    ("300 秒たって追い出されたが Terminating のまま残り", "Evicted after 300 s, they stay Terminating")
                } else {
                    ("300 秒たつと追い出されるが、それでも Terminating で残り", "After 300 s they are evicted and still stay, Terminating")
                };
                if ja {
                    format!(
                        "{pods}: 落ちたノードの上で状態不明。動いているとは数えないが、オブジェクトは残るので StatefulSet は同じ名前の Pod を作らない(1 つの名前に Pod は 1 つまで)。{now_ja}、確かめる kubelet は応答しない。強制削除、ノードの削除、ノードの復帰のどれかまで作り直されない"
                    )
                } else {
                    format!(
                        "{pods}: unknown on a lost node. They no longer count as running, but the objects stay, so the StatefulSet creates no pod of the same name (at most one pod per identity). {now_en}: the kubelet that would confirm does not answer. Only a force delete, removing the node, or its return lets them be created again"
                    )
                }
            }
            ChapterSituation::NothingRuns => msg("動いている Pod が無い", "No pod is running").get(lang).into(),
        }
    }
}
