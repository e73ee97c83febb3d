//! Share links for `scripts/link-cost.mjs`, which opens them in a 4x-slowed browser to price one
//! action of a replay: that price sets each demo's limit (`Offered::max_actions`). For each demo,
//! a link of one action and one of as many as the demo replays, round the heaviest mix its
//! buttons make (every action accepted, and runs that run). Prints one JSON object:
//! `{"csi": {"max_actions": 1000, "links": {"1": "kubevol:csi:1:v1:...", "1000": "..."}}, ...}`.
//!
//!     cargo run -q -p kubevol-ui --example link_cost

use kubevol_sim::link::{self, Address, Compact};
use kubevol_sim::Model;
use kubevol_ui::demo::{restore, Offered, Place};
use kubevol_ui::session::Session;
use kubevol_ui::{csi, statefulset, topology};

fn main() {
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
    let links = [
        links_of("csi", &csi::present::OFFERED, csi::present::start, Default::default(), &csi_cycle),
        links_of(
            "statefulset",
            &statefulset::present::OFFERED,
            statefulset::present::start,
            Default::default(),
            &sts_cycle,
        ),
        links_of("topology", &topology::present::OFFERED, topology::present::start, chapter, &topology_cycle),
    ];
    println!("{{{}}}", links.join(","));
}

/// The links of one action and of the most the demo replays, taken round `cycle` from `config`'s
/// start, as JSON, checking on the way that the cycle is all accepted and the links restore.
fn links_of<M: Model, C: Compact + Copy>(
    kind: &str,
    offered: &Offered<M, C>,
    start: fn(C) -> Session<M>,
    config: C,
    cycle: &[M::Action],
) -> String {
    let max = offered.max_actions;
    let mut session = start(config);
    for (i, action) in cycle.iter().cycle().take(max).enumerate() {
        assert!(
            session.dispatch(action.clone()),
            "{kind}: action {i}, {action:?}, is refused; the mix must be all accepted"
        );
    }
    let links: Vec<String> = [1, max]
        .iter()
        .map(|n| {
            let actions: Vec<M::Action> = cycle.iter().cycle().take(*n).cloned().collect();
            let fragment = link::encode(&Address { kind: kind.into(), nth: 1 }, &(config, actions));
            let place = Place { link: Some(fragment.clone()), nth: 1, ..Place::default() };
            assert_eq!(restore(&place, config, offered, start).notice, None, "{kind}: {n} actions");
            format!("\"{n}\":\"{fragment}\"")
        })
        .collect();
    format!("\"{kind}\":{{\"max_actions\":{max},\"links\":{{{}}}}}", links.join(","))
}
