//! A demo's running model: the state, what the last action did, and a short log. Plain Rust with no
//! Leptos in it (like todomvc's `Todos`), so its behaviour is tested natively; a demo keeps one in a
//! signal and re-renders from it.

use std::collections::VecDeque;

use kubevol_sim::{Model, Refused, Tell, Voice};

use crate::i18n::Lang;

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

    /// The real Kubernetes wording, where there is one.
    pub fn k8s(&self) -> Option<String> {
        match self {
            Entry::Event(e) => e.k8s(),
            Entry::Refused(r) => r.k8s(),
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
    /// Newest first.
    pub log: VecDeque<Entry<M>>,
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
        self.log.push_front(entry);
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

    /// The log in the reader's language, newest first.
    pub fn log_lines(&self, lang: Lang) -> Vec<(String, bool)> {
        self.log.iter().map(|e| (e.text(lang.voice()), e.is_refusal())).collect()
    }

    pub fn last_refusal_kind(&self) -> Option<&'static str> {
        self.last_refusal().map(Refused::kind)
    }
}
