//! Share links for `scripts/link-cost.mjs`, which opens them in a 4x-slowed browser to price one
//! action of a replay: that price sets each demo's limit (`Offered::max_actions`). For each demo,
//! a link of one action and one of as many as the demo replays, round the heaviest mix its
//! buttons make (every action accepted, and runs that run). Prints one JSON object:
//! `{"csi": {"max_actions": 1000, "links": {"1": "kubevol:csi:1:v1:...", "1000": "..."}}, ...}`.
//!
//! With `--open <kind> <n>` it makes only that demo's links and then opens the one of `n` actions
//! as the demo does (`demo::restore`), for `link-cost.mjs --count`, which counts the instructions
//! this takes under valgrind: the difference between opening the longest link and the link of
//! one action is the replay's work, the same whatever else the machine is doing.
//!
//!     cargo run -q -p kubevol-ui --example link_cost [-- --open <kind> <n>]

use kubevol_sim::link::{self, Address, Compact};
use kubevol_sim::Model;
use kubevol_ui::demo::{restore, Offered, Place};
use kubevol_ui::session::Session;
use kubevol_ui::{csi, statefulset, topology};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (only, open) = match args.as_slice() {
        [] => (None, None),
        [flag, kind, n] if flag == "--open" => {
            (Some(kind.as_str()), Some(n.parse::<usize>().expect("--open <kind> <n>: n is a number of actions")))
        }
        _ => panic!("usage: link_cost [--open <kind> <n>]"),
    };
    let wanted = |kind: &str| only.is_none_or(|k| k == kind);
    let csi_cycle = {
        use kubevol_sim::csi::{Action, DEMO_CLAIM};
        let claim = || DEMO_CLAIM.to_string();
        ["node-a", "node-b"]
            .into_iter()
            .flat_map(|node| {
                [
                    Action::Attach { claim: claim(), node: node.into() },
                    Action::Mount { claim: claim(), node: node.into(), pod: None },
                    Action::Mount { claim: claim(), node: node.into(), pod: None },
                    Action::UnmountAll { claim: claim() },
                    Action::Detach { claim: claim(), node: node.into() },
                ]
            })
            .collect::<Vec<_>>()
    };
    let sts_cycle = {
        use kubevol_sim::statefulset::Action;
        vec![
            Action::ScaleBy { delta: 1 },
            Action::Run { max: 5 },
            Action::DeletePod { ordinal: 0 },
            Action::Run { max: 5 },
            Action::ScaleBy { delta: -1 },
            Action::Run { max: 5 },
            Action::Step,
        ]
    };
    let topology_cycle = {
        use kubevol_sim::topology::Action;
        let run = || Action::Run { max: 100 };
        vec![
            Action::FailZone { zone: "zone-a".into() },
            run(),
            Action::ForceDeletePod { pod: "web-0".into() },
            run(),
            Action::RecoverNode { node: "zone-a-1".into() },
            Action::RecoverNode { node: "zone-a-2".into() },
            run(),
            Action::Step,
        ]
    };
    let chapter = topology::present::Scenario::Chapter(kubevol_sim::topology::Chapter {
        pods: 9,
        ..kubevol_sim::topology::Chapter::default()
    });
    let mut links = Vec::new();
    if wanted("csi") {
        links.push(links_of("csi", &csi::present::OFFERED, csi::present::start, Default::default(), &csi_cycle, open));
    }
    if wanted("statefulset") {
        let (offered, start) = (&statefulset::present::OFFERED, statefulset::present::start);
        links.push(links_of("statefulset", offered, start, Default::default(), &sts_cycle, open));
    }
    if wanted("topology") {
        let (offered, start) = (&topology::present::OFFERED, topology::present::start);
        links.push(links_of("topology", offered, start, chapter, &topology_cycle, open));
    }
    assert!(!links.is_empty(), "no demo is called {only:?}");
    if open.is_none() {
        println!("{{{}}}", links.join(","));
    }
}

/// The links of one action and of the most the demo replays, taken round `cycle` from `config`'s
/// start, as JSON, checking on the way that the cycle is all accepted and the links restore. With
/// `open`, then opens the link of that many actions once more, as `--open` asks.
fn links_of<M: Model, C: Compact + Copy>(
    kind: &str,
    offered: &Offered<M, C>,
    start: fn(C) -> Session<M>,
    config: C,
    cycle: &[M::Action],
    open: Option<usize>,
) -> String {
    let max = offered.max_actions;
    let mut session = start(config);
    for (i, action) in cycle.iter().cycle().take(max).enumerate() {
        assert!(
            session.dispatch(action.clone()),
            "{kind}: action {i}, {action:?}, is refused; the mix must be all accepted"
        );
    }
    let places = [1, max].map(|n| {
        let actions: Vec<M::Action> = cycle.iter().cycle().take(n).cloned().collect();
        let fragment = link::encode(&Address { kind: kind.into(), nth: 1 }, &(config, actions));
        let place = Place { link: Some(fragment), nth: 1, ..Place::default() };
        assert_eq!(restore(&place, config, offered, start).notice, None, "{kind}: {n} actions");
        (n, place)
    });
    // Both counts run everything above alike; they differ only in the opening below.
    if let Some(n) = open {
        let (_, place) = places.iter().find(|(m, _)| *m == n).unwrap_or_else(|| panic!("{kind}: --open 1 or {max}"));
        std::hint::black_box(restore(std::hint::black_box(place), config, offered, start));
    }
    let links: Vec<String> =
        places.iter().map(|(n, place)| format!("\"{n}\":\"{}\"", place.link.as_deref().unwrap())).collect();
    format!("\"{kind}\":{{\"max_actions\":{max},\"links\":{{{}}}}}", links.join(","))
}
