//! The shape every model's reducer shares. Each action has a `check_` that only reads and either
//! refuses, finds the state already holding what was asked, or returns the plan of the change; and
//! a `do_` that makes the change and returns its events and cannot refuse. `apply` only dispatches,
//! so a refusal can never leave a half-done change behind.

/// Why an action changes nothing: a rule refused it, or the state already holds what it asks,
/// which the event says.
pub enum NoChange<E, R> {
    Refused(R),
    Holds(E),
}

impl<E, R> From<R> for NoChange<E, R> {
    fn from(refusal: R) -> Self {
        NoChange::Refused(refusal)
    }
}

impl<E, R> NoChange<E, R> {
    /// What `apply` answers for an action that changes nothing.
    pub fn outcome(self) -> Result<Vec<E>, R> {
        match self {
            NoChange::Refused(refusal) => Err(refusal),
            NoChange::Holds(event) => Ok(vec![event]),
        }
    }
}
