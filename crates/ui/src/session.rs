//! A demo's running model: the state, what the last action did, and a short log. Plain Rust with no
//! Leptos in it (like todomvc's `Todos`), so its behaviour is tested natively; a demo keeps one in a
//! signal and re-renders from it.

use std::collections::VecDeque;

use kubevol_sim::{Model, Tell, Voice};

use crate::lang::Lang;

/// How many log lines a demo keeps: the recent past, not a history.
pub const LOG_LEN: usize = 8;

/// One line of the log, kept typed so it can be re-rendered when the reader switches language.
#[derive(Clone, Debug)]
pub enum Entry<M: Model> {
    Event(M::Event),
    Refused(M::Refusal),
}

impl<M: Model> Entry<M> {
    pub fn text(&self, voice: Voice) -> String {
        match self {
            Entry::Event(e) => e.tell(voice),
            Entry::Refused(r) => r.tell(voice),
        }
    }

    pub fn is_refusal(&self) -> bool {
        matches!(self, Entry::Refused(_))
    }
}

/// What the most recent action did: its events, or the refusal that left everything unchanged.
#[derive(Clone, Debug)]
pub enum Last<M: Model> {
    Nothing,
    Done(Vec<M::Event>),
    Refused(M::Refusal),
}

#[derive(Clone, Debug)]
pub struct Session<M: Model> {
    pub state: M,
    pub last: Last<M>,
    /// Newest first; an entry repeated back to back is kept once with a count.
    pub log: VecDeque<(Entry<M>, u32)>,
    /// Counts actions, so a view can tell "the same refusal again" from "nothing happened".
    pub actions: u64,
}

impl<M: Model> Session<M> {
    /// Starts from a setup; the setup's own events (e.g. Immediate provisioning) open the log.
    pub fn start(setup: &M::Setup) -> Result<Session<M>, M::Refusal> {
        let (state, events) = M::start(setup)?;
        let mut session = Session { state, last: Last::Nothing, log: VecDeque::new(), actions: 0 };
        session.record(&events);
        Ok(session)
    }

    /// Applies one action and records what happened. Returns whether it was accepted.
    pub fn dispatch(&mut self, action: M::Action) -> bool {
        self.actions += 1;
        match self.state.apply(action) {
            Ok(events) => {
                self.record(&events);
                self.last = Last::Done(events);
                true
            }
            Err(refusal) => {
                self.push(Entry::Refused(refusal.clone()));
                self.last = Last::Refused(refusal);
                false
            }
        }
    }

    fn record(&mut self, events: &[M::Event]) {
        for e in events.iter().filter(|e| M::in_log(e)) {
            self.push(Entry::Event(e.clone()));
        }
    }

    fn push(&mut self, entry: Entry<M>) {
        // A controller waiting step after step says the same thing each time; one line with a
        // count keeps the rest of the recent past visible.
        if let Some((newest, count)) = self.log.front_mut() {
            if newest.text(Voice::En) == entry.text(Voice::En) {
                *count += 1;
                return;
            }
        }
        self.log.push_front((entry, 1));
        self.log.truncate(LOG_LEN);
    }

    pub fn last_refusal(&self) -> Option<&M::Refusal> {
        match &self.last {
            Last::Refused(r) => Some(r),
            _ => None,
        }
    }

    pub fn last_events(&self) -> &[M::Event] {
        match &self.last {
            Last::Done(events) => events,
            _ => &[],
        }
    }

    /// The log in the reader's language, newest first, repeats marked `×n`.
    pub fn log_lines(&self, lang: Lang) -> Vec<(String, bool)> {
        self.log
            .iter()
            .map(|(e, count)| {
                let text = e.text(lang.voice());
                (if *count > 1 { format!("{text} ×{count}") } else { text }, e.is_refusal())
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubevol_sim::statefulset::{Action, Config, State};
    use kubevol_sim::Refused;

    #[test]
    fn a_refusal_is_logged_and_leaves_the_state_alone() {
        let mut s: Session<State> = Session::start(&Config::default()).unwrap();
        let before = s.state.clone();
        assert!(!s.dispatch(Action::DeletePod { ordinal: 0 }));
        assert_eq!(s.state, before);
        assert_eq!(s.last_refusal().map(Refused::kind), Some("no-such-pod"));
        assert_eq!(s.log_lines(Lang::En), [("there is no pod db-0".to_string(), true)]);
    }

    #[test]
    fn repeated_lines_collapse_and_the_log_stays_short() {
        let mut s: Session<State> = Session::start(&Config { startup_ticks: 50, ..Config::default() }).unwrap();
        for _ in 0..6 {
            s.dispatch(Action::Step);
        }
        let lines = s.log_lines(Lang::En);
        assert_eq!(lines[0].0, "db-1 is not created yet (db-0 is not ready) ×5");
        assert_eq!(lines[1].0, "created db-0 (new volume data-db-0)");
        for i in 0..40 {
            s.dispatch(Action::Write { ordinal: i, data: None });
        }
        assert_eq!(s.log.len(), LOG_LEN);
    }
}
