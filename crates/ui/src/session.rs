//! A demo's running model: the state, what the last action did, a short log, and its history (the
//! setup and every action since), so the reader can go back to any moment. What kubectl would
//! show of a moment is worked out from that history when the kubectl panel asks (`kubectl.rs`). Plain Rust with no
//! Leptos in it (like todomvc's `Todos`), so its behaviour is tested natively; a demo keeps one in a
//! signal and re-renders from it.

use std::collections::VecDeque;

use kubevol_sim::json::to_json;
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

/// One line of the log as a reader sees it: its text, whether it was a refusal, and the moment
/// (how many actions in) that clicking it returns to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    pub text: String,
    pub refused: bool,
    pub moment: usize,
}

#[derive(Clone, Debug)]
pub struct Session<M: Model> {
    pub state: M,
    pub last: Last<M>,
    /// Newest first; an entry repeated back to back is kept once with a count, and the moment of
    /// its newest occurrence.
    pub log: VecDeque<(Entry<M>, u32, usize)>,
    /// The newest entry's English text, which a repeat must match: kept, so that each entry is
    /// told once as it is logged, not again for every one after it (a replay logs thousands).
    newest: String,
    /// Counts actions, so a view can tell "the same refusal again" from "nothing happened".
    pub actions: u64,
    /// Counts the reader's actions (`dispatch`), not Back and Forward: after each one, the page's
    /// script hears of it (`demo::watch_links`).
    dispatched: u64,
    setup: M::Setup,
    /// Every action the reader took, refused ones too, since the setup.
    history: Vec<M::Action>,
    /// How many of `history` the state reflects: less than its length after going back.
    moment: usize,
    /// Whether each action of `history` up to the moment shown was accepted: a level counts only
    /// those (`practice.rs`).
    accepted: Vec<bool>,
    /// The pods a real cluster holds for the refused actions so far, as kubectl's moment holds
    /// them (`kubevol_sim::cluster::Waiting`): the next action that starts one names it.
    waiting: kubevol_sim::cluster::Waiting,
    /// The demo's own start: what a demo does on its own before the reader's first click (the
    /// topology chapter placing its pods), which its settings make again, so a share link leaves it out.
    floor: usize,
    /// The earliest moment the reader can go back to: the demo's own start, or a level's start
    /// (`practice.rs`), whose actions a share link carries.
    stop: usize,
}

impl<M: Model> Session<M> {
    /// Starts from a setup; the setup's own events (e.g. Immediate provisioning) open the log.
    pub fn start(setup: &M::Setup) -> Result<Session<M>, M::Refusal> {
        let (state, events) = M::start(setup)?;
        let mut session = Session {
            state,
            last: Last::Nothing,
            log: VecDeque::new(),
            newest: String::new(),
            actions: 0,
            dispatched: 0,
            setup: setup.clone(),
            history: Vec::new(),
            moment: 0,
            accepted: Vec::new(),
            waiting: Default::default(),
            floor: 0,
            stop: 0,
        };
        session.record(&events);
        Ok(session)
    }

    /// Applies one action and records what happened. Returns whether it was accepted. After going
    /// back, a new action drops the moments ahead: the reader has taken the other branch.
    pub fn dispatch(&mut self, action: M::Action) -> bool {
        // As the cluster carries it out, so the history (and a share link of it) names the pod
        // kubectl showed waiting.
        let action = self.state.assign(action, &self.waiting.0);
        self.history.truncate(self.moment);
        self.history.push(action.clone());
        self.moment += 1;
        self.dispatched += 1;
        self.step(action)
    }

    /// Makes the current moment the start: nothing before it can be returned to.
    pub fn keep_as_start(&mut self) {
        self.floor = self.moment;
        self.stop = self.moment;
    }

    /// Makes the current moment the earliest one Back returns to, as a level's start is, while
    /// the actions before it stay the reader's history (a share link carries them).
    pub fn stop_here(&mut self) {
        self.stop = self.moment;
    }

    /// Makes `moment` the earliest one Back returns to, if the moment shown is at or after it: a
    /// level opened at a share link of a moment inside it (`practice.rs`).
    pub fn stop_at(&mut self, moment: usize) {
        if moment <= self.moment {
            self.stop = moment;
        }
    }

    /// How many actions the moment shown has taken since the earliest moment Back returns to.
    pub fn since_stop(&self) -> usize {
        self.moment - self.stop
    }

    /// Of the actions since the earliest moment Back returns to, how many the model accepted and
    /// how many it refused.
    pub fn outcomes_since_stop(&self) -> (usize, usize) {
        let since = &self.accepted[self.stop.min(self.accepted.len())..];
        let accepted = since.iter().filter(|a| **a).count();
        (accepted, since.len() - accepted)
    }

    /// The moment shown, and how many there are: `(moment, last)`.
    pub fn position(&self) -> (usize, usize) {
        (self.moment, self.history.len())
    }

    /// Where Back and Forward lead, if anywhere: `(back, forward)`.
    pub fn steps(&self) -> (Option<usize>, Option<usize>) {
        let back = (self.moment > self.stop).then(|| self.moment - 1);
        let forward = (self.moment < self.history.len()).then_some(self.moment + 1);
        (back, forward)
    }

    /// The setup and the actions up to the moment shown: what a share link or a scenario file holds.
    pub fn history(&self) -> (&M::Setup, &[M::Action]) {
        (&self.setup, &self.history[..self.moment])
    }

    /// The moment shown as a cluster holds it (`kubevol_kubectl::Moment`): what kubectl prints from.
    pub fn moment(&self) -> kubevol_kubectl::Moment {
        let (setup, actions) = self.history();
        kubevol_kubectl::Moment::replay::<M>(setup, actions)
    }

    /// The setup it started from, taken out of it (a level's, `practice/form.rs`).
    pub fn into_setup(self) -> M::Setup {
        self.setup
    }

    /// The setup and every action, the moments after the one shown too (after going back): what
    /// the page's script API hands out, with the moment, so the same moment and the way forward
    /// can be opened again (`api.rs`).
    pub fn recorded(&self) -> (&M::Setup, &[M::Action]) {
        (&self.setup, &self.history)
    }

    /// How many actions the reader has taken since the setup (`dispatched`).
    pub fn dispatched(&self) -> u64 {
        self.dispatched
    }

    /// Every action after the demo's own start (the ones ahead of the moment shown too, after
    /// going back), and how many of them the moment shown has taken: what the page's script API
    /// hands out as a demo's history (`demo::history_link`).
    pub fn after_start(&self) -> (&[M::Action], usize) {
        (&self.history[self.floor..], self.moment - self.floor)
    }

    /// `travel`, counting moments from the demo's own start, as `after_start` does.
    pub fn travel_from_start(&mut self, moment: usize) -> bool {
        self.travel(self.floor + moment)
    }

    /// What the reader did, up to the moment shown: the actions after the demo's own start, which
    /// a share link carries (the start is the demo's settings, which it carries beside them).
    pub fn reader_actions(&self) -> &[M::Action] {
        &self.history[self.floor..self.moment]
    }

    /// The history up to the moment shown as a scenario file for `kubevol-replay`: the model, the
    /// setup and the actions, with `title` to say where it came from.
    pub fn scenario(&self, title: &str) -> String {
        let (setup, actions) = self.history();
        format!(
            "{{\"title\":{},\"model\":{},\"setup\":{},\"actions\":{}}}\n",
            to_json(title),
            to_json(M::NAME),
            to_json(setup),
            to_json(actions)
        )
    }

    /// Shows the state right after `moment` actions, computed again from the setup by the model, so
    /// what is shown is what the model says and nothing a view remembered. Returns whether the
    /// moment exists and differs from the one shown.
    pub fn travel(&mut self, moment: usize) -> bool {
        if moment < self.stop || moment > self.history.len() || moment == self.moment {
            return false;
        }
        let Ok(mut fresh) = Session::<M>::start(&self.setup) else {
            return false;
        };
        for action in &self.history[..moment] {
            fresh.moment += 1;
            fresh.step(action.clone());
        }
        fresh.history = std::mem::take(&mut self.history);
        fresh.floor = self.floor;
        fresh.stop = self.stop;
        fresh.dispatched = self.dispatched;
        *self = fresh;
        true
    }

    fn step(&mut self, action: M::Action) -> bool {
        self.actions += 1;
        self.accepted.truncate(self.moment.saturating_sub(1));
        let accepted = match self.state.apply(action.clone()) {
            Ok(events) => {
                self.record(&events);
                self.last = Last::Done(events);
                let state = &self.state;
                self.waiting.0.retain(|w| !state.started(w));
                true
            }
            Err(refusal) => {
                if let Some(pod) = self.state.waiter(&action, &refusal) {
                    self.waiting.wait(pod);
                }
                self.push(Entry::Refused(refusal.clone()));
                self.last = Last::Refused(refusal);
                false
            }
        };
        self.accepted.push(accepted);
        accepted
    }

    fn record(&mut self, events: &[M::Event]) {
        for e in events.iter().filter(|e| M::in_log(e)) {
            self.push(Entry::Event(e.clone()));
        }
    }

    fn push(&mut self, entry: Entry<M>) {
        // A controller waiting step after step says the same thing each time; one line with a
        // count keeps the rest of the recent past visible.
        let text = entry.text(Voice::En);
        if let Some((_, count, moment)) = self.log.front_mut().filter(|_| self.newest == text) {
            *count += 1;
            *moment = self.moment;
            return;
        }
        self.newest = text;
        self.log.push_front((entry, 1, self.moment));
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
    pub fn log_lines(&self, lang: Lang) -> Vec<LogLine> {
        self.log
            .iter()
            .map(|(e, count, moment)| {
                let text = e.text(lang.voice());
                LogLine {
                    text: if *count > 1 { format!("{text} ×{count}") } else { text },
                    refused: e.is_refusal(),
                    moment: *moment,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubevol_sim::cluster::Kind;
    use kubevol_sim::statefulset::{Action, Config, State};
    use kubevol_sim::Refused;

    #[test]
    fn a_refusal_is_logged_and_leaves_the_state_alone() {
        let mut s: Session<State> = Session::start(&Config::default()).unwrap();
        let before = s.state.clone();
        assert!(!s.dispatch(Action::DeletePod { ordinal: 0 }));
        assert_eq!(s.state, before);
        assert_eq!(s.last_refusal().map(Refused::kind), Some("no-such-pod"));
        assert_eq!(
            s.log_lines(Lang::En),
            [LogLine { text: "there is no pod db-0".to_string(), refused: true, moment: 1 }]
        );
    }

    #[test]
    fn repeated_lines_collapse_and_the_log_stays_short() {
        let mut s: Session<State> = Session::start(&Config { startup_ticks: 50, ..Config::default() }).unwrap();
        for _ in 0..6 {
            s.dispatch(Action::Step);
        }
        let lines = s.log_lines(Lang::En);
        assert_eq!(lines[0].text, "db-1 is not created yet (db-0 is not ready) ×5");
        assert_eq!(lines[0].moment, 6, "a repeated line returns to its newest occurrence");
        assert_eq!(lines[1].text, "created db-0 (new volume data-db-0)");
        for i in 0..40 {
            s.dispatch(Action::Write { ordinal: i, data: None });
        }
        assert_eq!(s.log.len(), LOG_LEN);
    }

    fn json<T: serde::Serialize>(value: &T) -> String {
        serde_json::to_string(value).unwrap()
    }

    #[test]
    fn undo_then_redo_returns_a_byte_identical_state() {
        let mut s: Session<State> = Session::start(&Config::default()).unwrap();
        for _ in 0..5 {
            s.dispatch(Action::Step);
        }
        s.dispatch(Action::Write { ordinal: 0, data: None });
        let (state, log) = (json(&s.state), s.log_lines(Lang::En));
        let kubectl = |s: &Session<State>| {
            let k = crate::kubectl::Kubectl::of(s);
            (k.get(&Kind::ALL), k.object(Kind::StatefulSet, "db"))
        };
        let then = kubectl(&s);
        assert!(then.0.contains("\npod/db-0   1/1     Running   0          5s\n"), "{}", then.0);
        assert_eq!(s.steps(), (Some(5), None));
        for back in (3..6).rev() {
            assert!(s.travel(back));
        }
        assert_eq!(s.position(), (3, 6));
        assert_ne!(json(&s.state), state);
        for forward in 4..=6 {
            assert!(s.travel(forward));
        }
        assert_eq!(json(&s.state), state, "redo after undo is byte-identical");
        assert_eq!(s.log_lines(Lang::En), log);
        assert_eq!(kubectl(&s), then, "and so is what kubectl shows");
        assert!(!s.travel(7), "there is no moment past the last");
    }

    #[test]
    fn a_new_action_after_going_back_drops_the_moments_ahead() {
        let mut s: Session<State> = Session::start(&Config::default()).unwrap();
        for _ in 0..4 {
            s.dispatch(Action::Step);
        }
        s.travel(1);
        assert_eq!(s.steps(), (Some(0), Some(2)));
        s.dispatch(Action::Write { ordinal: 0, data: None });
        assert_eq!(s.position(), (2, 2));
        assert_eq!(s.steps().1, None, "the old branch is gone");
        let (_, actions) = s.history();
        assert_eq!(actions, [Action::Step, Action::Write { ordinal: 0, data: None }]);
    }

    #[test]
    fn the_start_a_demo_keeps_cannot_be_undone() {
        let mut s: Session<State> = Session::start(&Config::default()).unwrap();
        s.dispatch(Action::Step);
        s.keep_as_start();
        assert_eq!(s.steps(), (None, None));
        assert!(!s.travel(0));
        s.dispatch(Action::Step);
        assert!(s.travel(1));
        assert_eq!(s.steps(), (None, Some(2)));
    }

    #[test]
    fn an_exported_scenario_replays_to_the_same_state() {
        let mut s: Session<State> = Session::start(&Config::default()).unwrap();
        for _ in 0..4 {
            s.dispatch(Action::Step);
        }
        s.dispatch(Action::Write { ordinal: 0, data: Some("hello \"world\"".into()) });
        s.dispatch(Action::DeletePod { ordinal: 9 });
        s.dispatch(Action::Step);
        s.travel(6);
        let out = kubevol_replay::replay(&s.scenario("a test")).expect("the scenario is well formed");
        let last: serde_json::Value = serde_json::from_str(out.lines.last().unwrap()).unwrap();
        assert_eq!(last["final"], serde_json::to_value(&s.state).unwrap());
        assert_eq!(out.lines.len(), 1 + 6 + 1, "the setup, one line per action up to the moment shown, the state");
    }
}
