//! What every demo model has in common, so the replay tool and the UI can drive any of them the same
//! way: start from a setup, apply actions, get typed events or a typed refusal.

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::Tell;

/// A refusal: a rule that said no, with a stable kebab-case name.
pub trait Refused: Tell {
    fn kind(&self) -> &'static str;
}

pub trait Model: Clone + std::fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The name a scenario file uses for this model.
    const NAME: &'static str;
    type Setup: Serialize + DeserializeOwned;
    type Action: Clone + std::fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Event: Clone + std::fmt::Debug + Serialize + Tell + Send + Sync + 'static;
    type Refusal: Clone + std::fmt::Debug + Serialize + Refused + Send + Sync + 'static;

    fn start(setup: &Self::Setup) -> Result<(Self, Vec<Self::Event>), Self::Refusal>;

    /// Applies one action; on `Err` the model is exactly as it was.
    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Refusal>;

    /// Restores derived indexes after deserialising a state.
    fn reindex(&mut self);

    /// Whether a reader's log shows this event; protocol detail (CSI calls) has its own panel.
    fn in_log(_event: &Self::Event) -> bool {
        true
    }
}

impl Model for crate::volumes::State {
    const NAME: &'static str = "volumes";
    type Setup = crate::volumes::Setup;
    type Action = crate::volumes::Action;
    type Event = crate::volumes::Event;
    type Refusal = crate::volumes::Refusal;

    fn start(setup: &Self::Setup) -> Result<(Self, Vec<Self::Event>), Self::Refusal> {
        Self::new(setup)
    }

    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Refusal> {
        crate::volumes::State::apply(self, action)
    }

    fn reindex(&mut self) {
        crate::volumes::State::reindex(self)
    }

    fn in_log(event: &Self::Event) -> bool {
        event.csi_call().is_none()
    }
}

impl Refused for crate::volumes::Refusal {
    fn kind(&self) -> &'static str {
        crate::volumes::Refusal::kind(self)
    }
}

impl Model for crate::statefulset::State {
    const NAME: &'static str = "statefulset";
    type Setup = crate::statefulset::Config;
    type Action = crate::statefulset::Action;
    type Event = crate::statefulset::Event;
    type Refusal = crate::statefulset::Refusal;

    fn start(setup: &Self::Setup) -> Result<(Self, Vec<Self::Event>), Self::Refusal> {
        Self::new(setup.clone()).map(|s| (s, Vec::new()))
    }

    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Refusal> {
        crate::statefulset::State::apply(self, action)
    }

    fn reindex(&mut self) {
        crate::statefulset::State::reindex(self)
    }
}

impl Refused for crate::statefulset::Refusal {
    fn kind(&self) -> &'static str {
        crate::statefulset::Refusal::kind(self)
    }
}

impl Model for crate::topology::State {
    const NAME: &'static str = "topology";
    type Setup = crate::topology::Setup;
    type Action = crate::topology::Action;
    type Event = crate::topology::Event;
    type Refusal = crate::topology::Refusal;

    fn start(setup: &Self::Setup) -> Result<(Self, Vec<Self::Event>), Self::Refusal> {
        Self::new(setup)
    }

    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Refusal> {
        crate::topology::State::apply(self, action)
    }

    fn reindex(&mut self) {}
}

impl Refused for crate::topology::Refusal {
    fn kind(&self) -> &'static str {
        crate::topology::Refusal::kind(self)
    }
}
