//! What Share writes: a link to the moment shown that the demo's own reader (`demo::restore`)
//! accepts, or the reason there is none. Writer and reader check one `Offered`, so a reader who
//! shares after a long session never hands out a link that loses their work.
//!
//! A history longer than a link replays is often mostly detours: a volume attached and detached
//! again, a refused click. Those return to a moment already seen, so the way to the moment shown
//! can skip them. The shorter way is kept only if replaying it, as the reader will, gives the
//! state shown byte for byte. Plain Rust, tested natively.

use std::collections::BTreeMap;

use kubevol_sim::json::to_json;
use kubevol_sim::link::{self, Address, Compact, LinkError, MAX_CHARS};
use kubevol_sim::Model;

use crate::demo::{replay, Offered};
use crate::session::Session;

/// What separates a share link's fragment from the built-in level it was shared in
/// (`#kubevol:csi:1:v1:.../csi-move-to-node-b`): a character no link and no level id holds.
pub const LEVEL_IN_LINK: char = '/';

/// A link Share can hand out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The address's fragment, without `#`.
    pub fragment: String,
    /// `Some((kept, of))` when the link takes a shorter way to the same moment: `kept` of the
    /// reader's `of` actions. Its log, Events and objects' ages then follow the shorter way.
    pub shortened: Option<(usize, usize)>,
}

/// Why Share has no link for the moment shown: the reason the reader would refuse one, and
/// whether that is so even of the shorter way (then its numbers are the shorter way's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoLink {
    pub reason: LinkError,
    pub without_detours: bool,
}

/// The link to the moment `session` shows, in the demo at `address` that started from `config`
/// through `start`: the whole history if the demo replays it, else a shorter way to the same
/// moment, else why neither fits a link (too many actions, or too many characters).
pub fn share<M: Model, C: Compact + Copy>(
    session: &Session<M>,
    config: C,
    offered: &Offered<M, C>,
    start: fn(C) -> Session<M>,
    address: &Address,
) -> Result<Link, NoLink> {
    let actions = session.reader_actions();
    let whole = match fitting(address, config, offered, actions) {
        Ok(fragment) => return Ok(Link { fragment, shortened: None }),
        Err(reason) => NoLink { reason, without_detours: false },
    };
    // The last action stays, so the moment opens with the outcome it showed (a refusal, a
    // verdict): only the way to the state before it is shortened.
    let Some((last, before)) = actions.split_last() else { return Err(whole) };
    let (mut shorter, before_last) = shorter_way(start(config), before);
    shorter.push(last.clone());
    if shorter.len() == actions.len() {
        return Err(whole);
    }
    let fragment =
        fitting(address, config, offered, &shorter).map_err(|reason| NoLink { reason, without_detours: true })?;
    // Proof, not trust: what the reader decodes from the link, replayed as it replays it, must
    // reach the state before the last action and then the state shown, byte for byte. The model
    // is deterministic, so the last action from the same state has the same outcome too.
    let proven = link::decode::<(C, Vec<M::Action>)>(&fragment).is_ok_and(|(config, mut replayed)| {
        let Some(last) = replayed.pop() else { return false };
        let mut opened = replay(config, replayed, start);
        let same_before = to_json(&opened.state) == before_last;
        opened.dispatch(last);
        same_before && to_json(&opened.state) == to_json(&session.state)
    });
    if proven {
        Ok(Link { fragment, shortened: Some((shorter.len(), actions.len())) })
    } else {
        Err(whole)
    }
}

/// The fragment for `actions` if the demo's reader accepts it.
fn fitting<M: Model, C: Compact + Copy>(
    address: &Address,
    config: C,
    offered: &Offered<M, C>,
    actions: &[M::Action],
) -> Result<String, LinkError> {
    offered.check(&config, actions)?;
    let fragment = link::encode(address, &(config, actions.to_vec()));
    match fragment.len() {
        chars if chars > MAX_CHARS => Err(LinkError::Oversized { chars }),
        _ => Ok(fragment),
    }
}

/// `actions` from `session` without the detours, and the state they lead to as JSON: from each
/// moment, the way goes on from the last moment with the same state, so every loop (an undone
/// step, a refused or idle action) drops out. Equal states are found by a hash (FNV-1a) of their
/// JSON; a collision could only make a wrong way, which `share` catches by replaying it.
fn shorter_way<M: Model>(mut session: Session<M>, actions: &[M::Action]) -> (Vec<M::Action>, String) {
    let fingerprint = |state: &M| {
        to_json(state).bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
    };
    let mut moments = vec![fingerprint(&session.state)];
    for action in actions {
        session.dispatch(action.clone());
        moments.push(fingerprint(&session.state));
    }
    let last: BTreeMap<u64, usize> = moments.iter().enumerate().map(|(i, f)| (*f, i)).collect();
    let mut kept = Vec::new();
    let mut at = 0;
    while at < actions.len() {
        let later = last[&moments[at]];
        if later > at {
            at = later;
        } else {
            kept.push(actions[at].clone());
            at += 1;
        }
    }
    (kept, to_json(&session.state))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csi::present::{start, OFFERED};
    use crate::demo::{restore, Place};
    use kubevol_sim::csi::{Action, DemoConfig, DEMO_CLAIM};

    fn address() -> Address {
        Address { kind: "csi".into(), nth: 1 }
    }

    fn attach(node: &str) -> Action {
        Action::Attach { claim: DEMO_CLAIM.into(), node: node.into() }
    }

    fn detach(node: &str) -> Action {
        Action::Detach { claim: DEMO_CLAIM.into(), node: node.into() }
    }

    /// The same state and the same last outcome, byte for byte as JSON.
    fn same_moment(a: &crate::csi::present::CsiSession, b: &crate::csi::present::CsiSession) -> bool {
        let moment = |s: &crate::csi::present::CsiSession| {
            (to_json(&s.state), to_json(&s.last_events()), to_json(&s.last_refusal()))
        };
        moment(a) == moment(b)
    }

    fn played(actions: impl IntoIterator<Item = Action>) -> crate::csi::present::CsiSession {
        let mut s = start(DemoConfig::default());
        for a in actions {
            s.dispatch(a);
        }
        s
    }

    /// A history the demo replays is shared whole, so the log and ages restore as they were.
    #[test]
    fn a_short_history_is_shared_whole() {
        let s = played([attach("node-a"), detach("node-a"), attach("node-b")]);
        let link = share(&s, DemoConfig::default(), &OFFERED, start, &address()).unwrap();
        assert_eq!(link.shortened, None);
    }

    /// The reader: attach and detach, over and over, past the limit, ending attached. The
    /// link gets there in one step: the last attach, from the start it came back to each time.
    #[test]
    fn attach_detach_past_the_limit_is_shortened_to_the_same_moment() {
        let n = OFFERED.max_actions + 101;
        let s = played((0..n).map(|i| if i % 2 == 0 { attach("node-a") } else { detach("node-a") }));
        assert_eq!(s.reader_actions().len(), n);
        let link = share(&s, DemoConfig::default(), &OFFERED, start, &address()).unwrap();
        assert_eq!(link.shortened, Some((1, n)));
        let place = Place { link: Some(link.fragment), nth: 1, ..Place::default() };
        let opened = restore(&place, DemoConfig::default(), &OFFERED, start);
        assert_eq!(opened.notice, None);
        assert!(same_moment(&opened.session, &s));
    }

    /// A refused last click stays in the shortened link, so the moment opens refused, as shown.
    #[test]
    fn a_shortened_link_keeps_the_last_outcome() {
        let n = OFFERED.max_actions + 100;
        let wander = (0..n).map(|i| if i % 2 == 0 { attach("node-a") } else { detach("node-a") });
        let s = played(wander.chain([attach("node-a"), attach("node-b")]));
        assert!(s.last_refusal().is_some(), "node-b is refused under ReadWriteOnce");
        let link = share(&s, DemoConfig::default(), &OFFERED, start, &address()).unwrap();
        assert_eq!(link.shortened, Some((2, n + 2)));
        let opened = restore(
            &Place { link: Some(link.fragment), nth: 1, ..Place::default() },
            DemoConfig::default(),
            &OFFERED,
            start,
        );
        assert!(opened.session.last_refusal().is_some() && same_moment(&opened.session, &s));
    }

    /// A long history with no detours to drop is refused with the reason, never written.
    #[test]
    fn a_long_history_without_detours_says_why() {
        let mount = Action::Mount { claim: DEMO_CLAIM.into(), node: "node-a".into(), pod: None };
        let n = OFFERED.max_actions + 1;
        let s = played(std::iter::once(attach("node-a")).chain(std::iter::repeat_n(mount, n - 1)));
        let refused = share(&s, DemoConfig::default(), &OFFERED, start, &address()).unwrap_err();
        let reason = LinkError::TooManyActions { actions: n, max: OFFERED.max_actions };
        assert_eq!(refused, NoLink { reason, without_detours: false });
    }

    /// Within the action limit but over a link's characters: refused for that reason.
    #[test]
    fn a_history_too_long_in_characters_says_so() {
        let roomy = Offered { max_actions: 100_000, ..OFFERED };
        let mount = Action::Mount { claim: DEMO_CLAIM.into(), node: "node-a".into(), pod: None };
        let s = played(std::iter::once(attach("node-a")).chain(std::iter::repeat_n(mount, 1_600)));
        let refused = share(&s, DemoConfig::default(), &roomy, start, &address()).unwrap_err();
        assert!(matches!(refused.reason, LinkError::Oversized { chars } if chars > MAX_CHARS), "{refused:?}");
    }
}
