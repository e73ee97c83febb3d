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

use crate::demo::Offered;
use crate::session::Session;

/// A link Share can hand out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The address's fragment, without `#`.
    pub fragment: String,
    /// `Some((kept, of))` when the link takes a shorter way to the same moment: `kept` of the
    /// reader's `of` actions. Its log and its objects' ages then follow the shorter way.
    pub shortened: Option<(usize, usize)>,
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
) -> Result<Link, LinkError> {
    let actions = session.reader_actions();
    let refusal = match fitting(address, config, offered, actions) {
        Ok(fragment) => return Ok(Link { fragment, shortened: None }),
        Err(refusal) => refusal,
    };
    let shorter = shorter_way(start(config), actions);
    if shorter.len() < actions.len() {
        if let Ok(fragment) = fitting(address, config, offered, &shorter) {
            // Proof, not trust: what the reader decodes from the link, replayed as it replays it,
            // must arrive at the state shown.
            if let Ok((config, replayed)) = link::decode::<(C, Vec<M::Action>)>(&fragment) {
                let mut opened = start(config);
                for action in replayed {
                    opened.dispatch(action);
                }
                if to_json(&opened.state) == to_json(&session.state) {
                    return Ok(Link { fragment, shortened: Some((shorter.len(), actions.len())) });
                }
            }
        }
    }
    Err(refusal)
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

/// `actions` from `session` without the detours: from each moment, the way goes on from the last
/// moment with the same state, so every loop (an undone step, a refused or idle action) drops
/// out. Equal states are found by a hash (FNV-1a) of their JSON; a collision could only make a
/// wrong way, which `share` catches by replaying it.
fn shorter_way<M: Model>(mut session: Session<M>, actions: &[M::Action]) -> Vec<M::Action> {
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
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csi::present::{start, OFFERED};
    use crate::demo::{restore, Place};
    use crate::lang::Lang;
    use kubevol_sim::volumes::{Action, DemoConfig, DEMO_CLAIM};

    fn address() -> Address {
        Address { kind: "csi".into(), nth: 1 }
    }

    fn attach(node: &str) -> Action {
        Action::Attach { claim: DEMO_CLAIM.into(), node: node.into() }
    }

    fn detach(node: &str) -> Action {
        Action::Detach { claim: DEMO_CLAIM.into(), node: node.into() }
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

    /// The reader: attach and detach, over and over, past the limit. The moment shown is
    /// "attached to node-a", and the link gets there in one step.
    #[test]
    fn attach_detach_past_the_limit_is_shortened_to_the_same_moment() {
        let n = OFFERED.max_actions + 100;
        let s = played((0..n).map(|i| if i % 2 == 0 { attach("node-a") } else { detach("node-a") }));
        assert_eq!(s.reader_actions().len(), n);
        let link = share(&s, DemoConfig::default(), &OFFERED, start, &address()).unwrap();
        let (kept, of) = link.shortened.expect("shortened");
        assert_eq!(of, n);
        let place = Place { link: Some(link.fragment), nth: 1, ..Place::default() };
        let opened = restore(&place, Lang::En, DemoConfig::default(), &OFFERED, start);
        assert_eq!(opened.notice, None);
        assert_eq!(to_json(&opened.session.state), to_json(&s.state));
        assert!(kept < OFFERED.max_actions, "{kept}");
    }

    /// A long history with no detours to drop is refused with the reason, never written.
    #[test]
    fn a_long_history_without_detours_says_why() {
        let mount = Action::Mount { claim: DEMO_CLAIM.into(), node: "node-a".into(), pod: None };
        let n = OFFERED.max_actions + 1;
        let s = played(std::iter::once(attach("node-a")).chain(std::iter::repeat_n(mount, n - 1)));
        let refused = share(&s, DemoConfig::default(), &OFFERED, start, &address()).unwrap_err();
        assert!(
            matches!(refused, LinkError::TooManyActions { actions, max } if actions == n && max == OFFERED.max_actions)
                || matches!(refused, LinkError::Oversized { .. }),
            "{refused:?}"
        );
    }
}
