//! Share never hands out a link the page will refuse. For random histories of each demo's own
//! buttons, of any length (short, around each demo's limit, and past it, some full of detours),
//! Share either writes a link whose reader restores the same moment, or says why it cannot:
//! - a whole link restores the state, the log (both languages) and kubectl's output byte for byte;
//! - a shortened link restores the state and the last outcome byte for byte, from fewer actions
//!   than the limit;
//! - a refusal happens only for a history the reader refuses, and names that reason.
//!
//! Histories come from a seeded generator, so a failure names its seed.

use kubevol_sim::cluster::Kind;
use kubevol_sim::json::to_json;
use kubevol_sim::link::{self, Address, Compact, LinkError, MAX_CHARS};
use kubevol_sim::Model;
use kubevol_ui::demo::{restore, Offered, Place};
use kubevol_ui::kubectl::Kubectl;
use kubevol_ui::lang::Lang;
use kubevol_ui::session::Session;
use kubevol_ui::share::{share, NoLink};
use kubevol_ui::{csi, statefulset, topology};

/// The same state and the same last outcome (its events or refusal), byte for byte as JSON.
fn same_moment<M: Model>(a: &Session<M>, b: &Session<M>) -> bool {
    let moment = |s: &Session<M>| (to_json(&s.state), to_json(&s.last_events()), to_json(&s.last_refusal()));
    moment(a) == moment(b)
}

/// xorshift64*: enough to pick buttons, and the same on every machine.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// How each outcome came out over a demo's seeds, so the run proves it met all three.
#[derive(Default, Debug)]
struct Outcomes {
    whole: usize,
    shortened: usize,
    refused: usize,
}

/// One demo's property: `buttons` are what its buttons dispatch (some read the state, as the
/// expand button does), `detour` a pair of them that comes back to where it started, and `grow`,
/// a button that never comes back (each click a new pod, or a step of the clock), so a long
/// history of it (after `detour[0]`) has no shorter way.
fn property<M: Model, C: Compact + Copy>(
    kind: &str,
    configs: &[C],
    offered: &Offered<M, C>,
    start: fn(C) -> Session<M>,
    buttons: &[fn(&M) -> M::Action],
    detour: [fn(&M) -> M::Action; 2],
    grow: fn(&M) -> M::Action,
) -> Outcomes {
    let max = offered.max_actions;
    let address = Address { kind: kind.into(), nth: 1 };
    let mut outcomes = Outcomes::default();
    for seed in 1..=24u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let config = configs[rng.below(configs.len())];
        let length = match seed % 4 {
            0 => rng.below(40),
            1 => max - 20 + rng.below(40),
            _ => max + 1 + rng.below(max / 2),
        };
        // Half the long histories wander: mostly detours, the rest any button. A quarter grow.
        let wandering = seed % 2 == 0;
        let growing = seed % 4 == 3;
        let mut session = start(config);
        for i in 0..length {
            let action = if growing {
                let button = if i == 0 { detour[0] } else { grow };
                button(&session.state)
            } else if wandering && rng.below(10) < 8 {
                detour[i % 2](&session.state)
            } else {
                buttons[rng.below(buttons.len())](&session.state)
            };
            session.dispatch(action);
        }
        if rng.below(4) == 0 {
            // A reader who went back before sharing shares the moment shown.
            let (moment, _) = session.position();
            session.travel(moment.saturating_sub(rng.below(5)));
        }
        let context = format!("{kind} seed {seed}: {length} actions");
        let actions = session.reader_actions().len();
        match share(&session, config, offered, start, &address) {
            Ok(link) => {
                let place = Place { link: Some(link.fragment.clone()), nth: 1, ..Place::default() };
                let opened = restore(&place, config, offered, start);
                assert_eq!(opened.notice, None, "{context}: the writer's link is refused");
                assert!(link.fragment.len() <= MAX_CHARS, "{context}");
                assert_eq!(to_json(&opened.session.state), to_json(&session.state), "{context}: state");
                match link.shortened {
                    None => {
                        outcomes.whole += 1;
                        assert!(actions <= max, "{context}");
                        for lang in [Lang::Ja, Lang::En] {
                            assert_eq!(opened.session.log_lines(lang), session.log_lines(lang), "{context}: log");
                        }
                        let (shown, restored) = (Kubectl::of(&session), Kubectl::of(&opened.session));
                        assert_eq!(restored.get(&Kind::ALL), shown.get(&Kind::ALL), "{context}: kubectl get");
                        assert_eq!(restored.names(), shown.names(), "{context}: objects");
                        for (kind, name) in shown.names() {
                            assert_eq!(restored.object(kind, &name), shown.object(kind, &name), "{context}: {name}");
                        }
                    }
                    Some((kept, of)) => {
                        outcomes.shortened += 1;
                        assert_eq!(of, actions, "{context}");
                        assert!(kept <= max && kept < of, "{context}: kept {kept}");
                        assert_eq!(opened.session.reader_actions().len(), kept, "{context}");
                        assert!(same_moment(&opened.session, &session), "{context}: the last outcome");
                    }
                }
            }
            Err(NoLink { reason, without_detours }) => {
                outcomes.refused += 1;
                match reason {
                    LinkError::TooManyActions { actions: said, max: limit } => {
                        assert_eq!(limit, max, "{context}");
                        assert!(said > max && said <= actions, "{context}: said {said} of {actions}");
                        assert_eq!(without_detours, said < actions, "{context}");
                    }
                    LinkError::Oversized { chars } => assert!(chars > MAX_CHARS, "{context}"),
                    other => panic!("{context}: Share refused for a reason a reader's clicks cannot have: {other:?}"),
                }
                // The reader does refuse the whole history.
                let whole = link::encode(&address, &(config, session.reader_actions().to_vec()));
                let place = Place { link: Some(whole), nth: 1, ..Place::default() };
                assert!(restore(&place, config, offered, start).notice.is_some(), "{context}");
            }
        }
    }
    println!("{kind}: {outcomes:?}");
    outcomes
}

/// Each outcome happened at least once.
fn met_all(outcomes: Outcomes) {
    assert!(outcomes.whole > 0 && outcomes.shortened > 0 && outcomes.refused > 0, "{outcomes:?}");
}

#[test]
fn csi_links_restore_what_share_promised() {
    use csi::present::{expand_by, request_again, start, OFFERED};
    use kubevol_sim::csi::{Action, Binding, DemoConfig, State, DEMO_CLAIM};
    let wait = DemoConfig { binding: Binding::WaitForFirstConsumer, zoned: true, ..DemoConfig::default() };
    let buttons: &[fn(&State) -> Action] = &[
        |_| Action::Attach { claim: DEMO_CLAIM.into(), node: "node-a".into() },
        |_| Action::Attach { claim: DEMO_CLAIM.into(), node: "node-b".into() },
        |_| Action::Mount { claim: DEMO_CLAIM.into(), node: "node-a".into(), pod: None },
        |_| Action::Mount { claim: DEMO_CLAIM.into(), node: "node-b".into(), pod: None },
        |_| Action::Detach { claim: DEMO_CLAIM.into(), node: "node-a".into() },
        |_| Action::Detach { claim: DEMO_CLAIM.into(), node: "node-b".into() },
        |_| Action::UnmountAll { claim: DEMO_CLAIM.into() },
        |_| Action::ForceDetach { claim: DEMO_CLAIM.into(), node: None },
        |s| Action::SetResponsive { node: "node-b".into(), responsive: !s.nodes["node-b"].responsive },
        |s| expand_by(s, 10),
        |_| Action::DeleteClaim { claim: DEMO_CLAIM.into() },
        |_| request_again(DemoConfig::default()),
    ];
    let detour: [fn(&State) -> Action; 2] = [
        |_| Action::Attach { claim: DEMO_CLAIM.into(), node: "node-a".into() },
        |_| Action::Detach { claim: DEMO_CLAIM.into(), node: "node-a".into() },
    ];
    let grow: fn(&State) -> Action = |_| Action::Mount { claim: DEMO_CLAIM.into(), node: "node-a".into(), pod: None };
    met_all(property("csi", &[DemoConfig::default(), wait], &OFFERED, start, buttons, detour, grow));
}

#[test]
fn statefulset_links_restore_what_share_promised() {
    use kubevol_sim::statefulset::{Action, Retention, RetentionPolicy, State};
    use statefulset::present::{start, StsConfig, BREAKABLE, OFFERED};
    let buttons: &[fn(&State) -> Action] = &[
        |_| Action::Step,
        |_| Action::Run { max: 5 },
        |_| Action::ScaleBy { delta: 1 },
        |_| Action::ScaleBy { delta: -1 },
        |_| Action::Break { ordinal: BREAKABLE },
        |_| Action::Fix { ordinal: BREAKABLE },
        |_| Action::DeletePod { ordinal: 0 },
        |_| Action::DeletePod { ordinal: 2 },
        |_| Action::DeletePvc { ordinal: 1 },
        |_| Action::Write { ordinal: 0, data: None },
        |_| Action::SetRetention(RetentionPolicy { when_scaled: Retention::Delete, when_deleted: Retention::Retain }),
        |_| Action::SetRetention(RetentionPolicy { when_scaled: Retention::Retain, when_deleted: Retention::Retain }),
    ];
    let detour: [fn(&State) -> Action; 2] =
        [|_| Action::Break { ordinal: BREAKABLE }, |_| Action::Fix { ordinal: BREAKABLE }];
    let configs = [StsConfig::default(), StsConfig { startup_ticks: 0, ..StsConfig::default() }];
    met_all(property("statefulset", &configs, &OFFERED, start, buttons, detour, |_| Action::Step));
}

#[test]
fn topology_links_restore_what_share_promised() {
    use kubevol_sim::topology::{Action, Chapter, State};
    use topology::present::{start, Scenario, OFFERED};
    let buttons: &[fn(&State) -> Action] = &[
        |_| Action::Step,
        |_| Action::Run { max: 100 },
        |_| Action::FailZone { zone: "zone-a".into() },
        |_| Action::FailNode { node: "zone-b-1".into() },
        |_| Action::ForceDeletePod { pod: "web-0".into() },
        |_| Action::ForceDeletePod { pod: "web-1".into() },
        |_| Action::DeleteNode { node: "zone-a-2".into() },
        |_| Action::RecoverNode { node: "zone-a-1".into() },
        |_| Action::RecoverNode { node: "zone-b-1".into() },
    ];
    let detour: [fn(&State) -> Action; 2] =
        [|_| Action::FailNode { node: "zone-c-1".into() }, |_| Action::RecoverNode { node: "zone-c-1".into() }];
    let configs = [
        Scenario::Chapter(Chapter::default()),
        Scenario::Chapter(Chapter { pods: 9, max_skew: 2, ..Chapter::default() }),
    ];
    met_all(property("topology", &configs, &OFFERED, start, buttons, detour, |_| Action::Step));
}
