//! The cluster a server holds: one model's state and its [`Moment`], moved only by the model's own
//! actions: a request that changes something is the model's action for it (`kubevol_kubectl::Served`).

pub use kubevol_kubectl::{Change, Served};
use kubevol_kubectl::{Moment, Outcome};
use kubevol_sim::{Refused, Tell, Voice};

/// Why a change did not happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The demo's model has no action for it: the reader is told so, plainly.
    Cannot(String),
    /// The model has the action and refused it; its reason in the Kubernetes voice.
    Refused(String),
}

/// A model's cluster, whatever the model.
pub trait Live: Send {
    fn moment(&self) -> &Moment;
    /// Applies the change as one model action, one step later, if the model has one; then what
    /// the cluster's controllers do within seconds of it ([`Served::settle`]), one step more.
    fn change(&mut self, change: &Change) -> Result<(), Refusal>;
    /// One step of the demo's clock ([`Served::step`]), for what takes minutes in a real cluster;
    /// `Err` with why when the demo's cluster has no clock of its own.
    fn step(&mut self) -> Result<(), String>;
    /// What the demo's kubectl prompt prints for a typed line, its changes made (as a demo's).
    fn prompt(&mut self, line: &str) -> Outcome;
}

pub struct Held<M: Served> {
    state: M,
    moment: Moment,
}

impl<M: Served> Held<M> {
    /// The state after the setup and the first `at` actions (all of them without `at`); every
    /// action, accepted or refused, is one step of the clock, as in the demo.
    pub fn replay(setup: &M::Setup, actions: &[M::Action], at: Option<usize>) -> Result<Held<M>, String> {
        let (state, events) =
            M::start(setup).map_err(|r| format!("the setup is refused ({}): {}", r.kind(), r.tell(Voice::En)))?;
        let mut held = Held { state, moment: Moment::default() };
        held.moment.observe(&held.state, &events);
        for action in actions.iter().take(at.unwrap_or(actions.len())) {
            let _ = held.moment.apply(&mut held.state, action.clone());
        }
        Ok(held)
    }
}

impl<M: Served> Held<M> {
    /// What the cluster's controllers do within seconds of a change ([`Served::settle`]), one
    /// step more. A Run with nothing to run is refused: the clock moves on all the same.
    fn settle(&mut self) {
        if let Some(settle) = M::settle(&self.moment.cluster) {
            let _ = self.moment.apply(&mut self.state, settle);
        }
    }
}

impl<M: Served> Live for Held<M> {
    fn moment(&self) -> &Moment {
        &self.moment
    }

    fn change(&mut self, change: &Change) -> Result<(), Refusal> {
        let action = M::action(&self.moment.cluster, change).map_err(Refusal::Cannot)?;
        self.moment.apply(&mut self.state, action).map_err(|r| Refusal::Refused(r.tell(Voice::K8s)))?;
        self.settle();
        Ok(())
    }

    fn step(&mut self) -> Result<(), String> {
        let step = M::step().ok_or_else(|| {
            "this demo's cluster has no clock of its own: every change in it is a reader's action".to_string()
        })?;
        self.moment.apply(&mut self.state, step).map(drop).map_err(|r| r.tell(Voice::K8s))
    }

    /// The served cluster's prompt moves on after a change as its API does.
    fn prompt(&mut self, line: &str) -> Outcome {
        let before = self.moment.cluster.clone();
        let answer = match kubevol_kubectl::Request::read(line) {
            Ok(request) => kubevol_kubectl::prompt::answer(&mut self.state, &mut self.moment, request),
            Err(error) => Outcome::failed(error),
        };
        if self.moment.cluster != before {
            self.settle();
        }
        answer
    }
}
