//! The articles' scenarios' own words, in Japanese and English: the free controls, the legend,
//! and how the scheduler's verdict on the pods reads.

use kubevol_sim::topology::{AllowedZones, State};

use super::present::{self, Situation, Why};
use crate::lang::{msg, refused, Lang, Msg};
use crate::topology::present::TopoSession;

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
pub const LEGEND: Msg = msg(
    "ディスクは作った区画から動かない。だから先に作る(Immediate)と Pod の置き場所がディスクに縛られ、\
        待つ(WaitForFirstConsumer)と、スケジューラが選んだノードの区画にディスクが作られる。分散の制約 maxSkew 1 は、\
        区画ごとの Pod 数の差を 1 までに抑える。ここで taint 付きのノードしかない区画も数えられると、そこは永遠に 0 \
        個なので、他の区画は 1 個より先へ進めなくなる。図の網掛けは StorageClass がボリュームを作れる区画、点は Pod、× \
        はスケジューラに断られた Pending の Pod、線はボリュームとその要求をつなぐ。",
    "A disk never leaves the zone it was created in. Created early (Immediate), it ties the pod to that zone; created \
        late (WaitForFirstConsumer), it is made in the zone of the node the scheduler picked. A spread constraint with \
        maxSkew 1 keeps the pod counts of the zones within one of each other. If a zone holding only a tainted node \
        still counts, it stays at zero forever, and no other zone can get past one pod. In the map, shaded zones are \
        where the StorageClass may create volumes, a dot is a pod, a crossed one is Pending, refused by the scheduler, \
        and a line binds a volume to its claim.",
);
pub const SIMPLIFIED: Msg = msg(
    "実物のスケジューラはノードに点数をつけ、同点の中から無作為に選ぶ。この模型は Pod の少ないノード、\
        同数なら名前順を選ぶので、記事で 3:1 に偏った 4 レプリカは、ここでは 2:2 になる。置かれた Pod はすぐ動く(ready)\
        とみなし、リソースの空きは扱わない。toleration は、どの Pod にも付く既定の 2 つ(落ちたノードに 300 秒)\
        だけを扱う。",
    "The real scheduler scores nodes and picks at random among the best; this model takes the node with the fewest \
        pods, then the first by name, so the article's 4 replicas that came out 3:1 come out 2:2 here. A placed pod \
        counts as running at once; resources are not modelled, and the only tolerations are the two every pod gets by \
        default (300 s on a lost node).",
);

/// How the allowed zones read on their buttons.
pub fn allowed(a: AllowedZones) -> Msg {
    match a {
        AllowedZones::Both => BOTH,
        AllowedZones::Room1 => Msg::same("room1"),
        AllowedZones::Room2 => Msg::same("room2"),
    }
}

pub fn badge(s: &State, lang: Lang) -> String {
    let (running, pending) = (s.running(), s.pending_pods().len());
    lang.say(
        format_args!("動いている {running} ・ Pending {pending}"),
        format_args!("running {running} · pending {pending}"),
    )
}

/// What the scheduler's reason means for the reader: which rule keeps the pod out.
fn why(why: Why) -> Msg {
    match why {
        Why::Spread => msg(
            "taint 付きの m1 しかいない kitchen も区画として数えられ、そこは 0 個のまま。maxSkew 1 なので room1 と \
                room2 は 1 個より先へ進めない。nodeSelector で kitchen を外すか、nodeTaintsPolicy を Honor \
                にすると解ける",
            "kitchen, which holds only the tainted m1, still counts as a zone and stays at zero, so with maxSkew 1 \
                neither room1 nor room2 can get past one pod. A nodeSelector that leaves kitchen out, or \
                nodeTaintsPolicy Honor, gets it going",
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
                .map(|(n, count)| lang.say(format_args!("{n} に {count}"), format_args!("{count} on {n}")))
                .collect();
            let per_node = per_node.join(lang.comma());
            lang.say(
                format_args!(
                    "{running} 個すべてが動いている({per_node})。ボリュームはどれも自分の Pod と同じ区画にある"
                ),
                format_args!("All {running} pods run ({per_node}); every volume sits in its pod's zone"),
            )
        }
        Situation::Stuck { pod, why: w } => {
            let w = why(w).get(lang);
            lang.say(format_args!("{pod} は Pending のまま: {w}"), format_args!("{pod} stays Pending: {w}"))
        }
    }
}
