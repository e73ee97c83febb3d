//! The shape every model's reducer shares. Each action has a `check_` that only reads and either
//! refuses, finds the state already holding what was asked, or returns the plan of the change; and
//! a `do_` that makes the change and returns its events and cannot refuse. `apply` only dispatches,
//! so a refusal can never leave a half-done change behind.

/// Why an action changes nothing: a rule refused it, or the state already holds what it asks,
/// which `H` says (an event, or what a model's "already holds" event carries).
pub enum NoChange<H, R> {
    Refused(R),
    Holds(H),
}

impl<H, R> From<R> for NoChange<H, R> {
    fn from(refusal: R) -> Self {
        NoChange::Refused(refusal)
    }
}

impl<H, R> NoChange<H, R> {
    /// What `apply` answers for an action that changes nothing.
    pub fn outcome<E: From<H>>(self) -> Result<Vec<E>, R> {
        match self {
            NoChange::Refused(refusal) => Err(refusal),
            NoChange::Holds(holds) => Ok(vec![holds.into()]),
        }
    }
}

/// A model whose controllers its caller steps, and which `Run { max }` steps until it is at rest.
pub trait Stepped {
    type Event;
    type Refusal;
    /// The most steps one `Run` may ask for.
    const MAX_RUN: u32;
    fn step(&mut self) -> Vec<Self::Event>;
    /// What the model says when it is at rest before any step, so that `Run` does not step at all.
    fn at_rest(&self) -> Option<Self::Event>;
    /// Whether the model is at rest after a step that said `events`.
    fn settled(&self, events: &[Self::Event]) -> bool;
    fn too_many_steps(asked: u32, max: u32) -> Self::Refusal;
}

/// Steps `model` until it is at rest, at most `max` times, and returns every step's events.
pub fn run<M: Stepped>(model: &mut M, max: u32) -> Result<Vec<M::Event>, M::Refusal> {
    if max > M::MAX_RUN {
        return Err(M::too_many_steps(max, M::MAX_RUN));
    }
    if let Some(at_rest) = model.at_rest() {
        return Ok(vec![at_rest]);
    }
    let mut events = Vec::new();
    for _ in 0..max {
        let step = model.step();
        let settled = model.settled(&step);
        events.extend(step);
        if settled {
            break;
        }
    }
    Ok(events)
}
