//! The book's topology chapter's own words (`data-preset="spread"`), in Japanese and English: its
//! settings, its buttons that lose a zone or a node, what survives, and its verdict.

use kubevol_sim::topology::{Chapter, SpreadKey, State};

use super::present::{self, Situation};
use crate::lang::{msg, refused, Lang, Msg};
use crate::topology::present::TopoSession;

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
pub const SURVIVORS: Msg = msg("何が残るか", "What survives");
pub const BARS: Msg = msg("区画ごとの Pod 数", "Pods per zone");
pub const WORST: Msg = msg("失うと一番痛い区画:", "losing it costs most:");
pub const LEGEND: Msg = msg(
    "ノードを1台失う場合と、区画を1つ失う場合で、残る数がまるで違う。ノードに均等に置くだけでは、区画の障害には備えられ\
        ない。偏りを数える単位(topologyKey)が、そのまま何の障害に備えるかを決めている。DoNotSchedule では制約は filter \
        で、守れないなら置かない。ScheduleAnyway では score になり、守れなくても置く。",
    "Losing one node and losing one zone leave very different numbers running. Spreading evenly over nodes does not \
        prepare for losing a zone: what you count skew over (the topologyKey) decides which failure you survive. With \
        DoNotSchedule the constraint is a filter: a pod it cannot place fairly is not placed. With ScheduleAnyway it \
        is a score: the pod is placed anyway.",
);
pub const SIMPLIFIED: Msg = msg(
    "本の Go の模型は、候補の中でいちばん少ない区画を選ぶので、maxSkew を大きくしても結果は散る。実物のスケジューラは \
        maxSkew で候補を絞るだけで、その先は他の採点(空いているノードを好む)で選び、同点なら無作為に選ぶ。この模型は \
        Pod の少ないノード、同数なら名前順を選ぶので、緩い maxSkew では区画に偏ることがある。ScheduleAnyway の採点は、\
        区画の Pod 数を最初の基準にしている。本の Pod は Deployment だが、ここでは作り直しの順序が決まっている \
        StatefulSet(Parallel)で表す。落ちたノードの Pod は実物と同じく残り、StatefulSet は作り直さない。ただし既定の \
        toleration の 300 秒は、落ちた後の最初の 1 周期で表す。ノードを消すと、その Pod はすぐ消える(実物では Pod \
        のガベージコレクタが 40 秒ほど待ってから消す)。落ちた区画も nodeTaintsPolicy Ignore(既定)では 0 \
        個の区画として数えられる。本の模型は maxSkew 0 を 1 に直すが、API サーバーは受け付けない。",
    "The book's Go model picks the emptiest zone among the candidates, so even a large maxSkew spreads the pods. The \
        real scheduler only filters by maxSkew; it then chooses by its other scores (which favour less loaded nodes) \
        and at random among equals. This model takes the node with the fewest pods, then the first by name, so a loose \
        maxSkew can leave the zones uneven. Under ScheduleAnyway its score puts the domain's pod count first. The \
        book's pods are a Deployment; here they are a StatefulSet (Parallel), whose replacements come back in a fixed \
        order. Pods on a lost node stay, as in a real cluster, and their StatefulSet does not replace them; the \
        default toleration's 300 s are the first step after the loss. Removing a node deletes its pods at once (the \
        real pod garbage collector waits about 40 s first). A lost zone still counts as a zone with 0 pods under \
        nodeTaintsPolicy Ignore (the default). The book's model turns maxSkew 0 into 1; the API server refuses it.",
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
    lang.say(
        format_args!("偏り {skew} ・ 1区画を失うと {survivors}/{of} 残る"),
        format_args!("skew {skew} · losing a zone keeps {survivors}/{of}"),
    )
}

/// One line of the survivors read-out: what losing the worst `domain` of this kind leaves.
/// Without any domain to lose, nothing runs and nothing survives.
pub fn loss_line(lang: Lang, zone: bool, domain: Option<&str>, survivors: usize, of: usize) -> String {
    let line = if zone {
        lang.say(
            format_args!("区画を1つ失うと {survivors}/{of} 残る"),
            format_args!("losing a zone keeps {survivors}/{of}"),
        )
    } else {
        lang.say(
            format_args!("ノードを1台失うと {survivors}/{of} 残る"),
            format_args!("losing a node keeps {survivors}/{of}"),
        )
    };
    match domain {
        Some(d) => lang.say(format_args!("{line}(最悪は {d})"), format_args!("{line} (worst: {d})")),
        None => line,
    }
}

/// The book's comparison under the bars: the same pods put in one zone, all lost with it.
pub fn packed_line(lang: Lang, pods: usize) -> String {
    lang.say(
        format_args!("1区画に寄せていたら 0/{pods} 残る"),
        format_args!("all in one zone, losing it keeps 0/{pods}"),
    )
}

pub fn skew_line(lang: Lang, by_zone: usize, by_node: usize) -> String {
    lang.say(
        format_args!("偏り: 区画ごと {by_zone} ・ ノードごと {by_node}"),
        format_args!("skew: per zone {by_zone} · per node {by_node}"),
    )
}

pub fn verdict(session: &TopoSession, chapter: Chapter, lang: Lang) -> String {
    if let Some(refusal) = session.last_refusal() {
        return refused(lang, refusal);
    }
    match present::situation(&session.state, chapter) {
        Situation::Loose { max_skew, pods } => lang.say(
            format_args!(
                "maxSkew {max_skew} は {pods} 個に対して緩く、制約はどんな偏りも許している。散るかどうかはスケジューラ\
                    の他の採点しだいで、制約は何も保証していない"
            ),
            format_args!(
                "maxSkew {max_skew} is loose for {pods} pods: the constraint allows any imbalance, and whether the \
                    pods spread is up to the scheduler's other scores, not guaranteed"
            ),
        ),
        Situation::Spread { survivors } => lang.say(
            format_args!("区画をまたいで散っている。1区画を失っても {survivors} 個が残り、過半数を保てる"),
            format_args!("Spread across zones: losing any one zone still leaves {survivors}, a majority"),
        ),
        Situation::Bunched { lost } => lang.say(
            format_args!("区画に偏っている。いちばん多い区画が落ちると {lost} 個を一度に失う"),
            format_args!("Bunched into a zone: losing the fullest zone takes {lost} pods at once"),
        ),
        Situation::Refused { pod } => lang.say(
            format_args!(
                "{pod} は Pending のまま。落ちた区画も 0 個の区画として数えられ、どこに置いても maxSkew を超えるので、\
                    DoNotSchedule は置かない。ScheduleAnyway なら置く"
            ),
            format_args!(
                "{pod} stays Pending: the lost zone still counts, with 0 pods, so every placement would exceed maxSkew \
                    and DoNotSchedule does not place it. ScheduleAnyway would"
            ),
        ),
        Situation::Stranded { pods, evicted } => {
            let pods = pods.join(lang.comma());
            let now = if evicted {
                msg("300 秒たって追い出されたが Terminating のまま残り", "Evicted after 300 s, they stay Terminating")
            } else {
                msg(
                    "300 秒たつと追い出されるが、それでも Terminating で残り",
                    "After 300 s they are evicted and still stay, Terminating",
                )
            }
            .get(lang);
            lang.say(
                format_args!(
                    "{pods}: 落ちたノードの上で状態不明。動いているとは数えないが、オブジェクトは残るので StatefulSet \
                        は同じ名前の Pod を作らない(1 つの名前に Pod は 1 つまで)。{now}、確かめる kubelet \
                        は応答しない。強制削除、ノードの削除、ノードの復帰のどれかまで作り直されない"
                ),
                format_args!(
                    "{pods}: unknown on a lost node. They no longer count as running, but the objects stay, so the \
                        StatefulSet creates no pod of the same name (at most one pod per identity). {now}: the kubelet \
                        that would confirm does not answer. Only a force delete, removing the node, or its return lets \
                        them be created again"
                ),
            )
        }
        Situation::NothingRuns => msg("動いている Pod が無い", "No pod is running").get(lang).into(),
    }
}
