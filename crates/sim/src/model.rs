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
    type Setup: Clone + std::fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// `Compact` so a share link can carry it (`crate::link`).
    type Action: Clone + std::fmt::Debug + Serialize + DeserializeOwned + crate::link::Compact + Send + Sync + 'static;
    type Event: Clone + std::fmt::Debug + Serialize + Tell + Send + Sync + 'static;
    type Refusal: Clone + std::fmt::Debug + Serialize + Refused + Send + Sync + 'static;

    fn start(setup: &Self::Setup) -> Result<(Self, Vec<Self::Event>), Self::Refusal>;

    /// The setup the chapter's demo opens at with its default settings: where a scenario or a
    /// level that gives no setup starts.
    fn demo_setup() -> Self::Setup;

    /// An action's `type`, as a scenario file writes it.
    fn action_name(action: &Self::Action) -> &'static str;

    /// Every action's `type`.
    const ACTION_NAMES: &'static [&'static str];

    /// Applies one action; on `Err` the model is exactly as it was.
    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Refusal>;

    /// Restores derived indexes after deserialising a state.
    fn reindex(&mut self);

    /// The Kubernetes objects the state stands for, as kubectl would show them.
    fn cluster(&self) -> crate::cluster::Cluster;

    /// The Kubernetes Events `event` stands for, read against the state after it.
    fn kube_events(&self, event: &Self::Event) -> Vec<crate::cluster::KubeEvent>;

    /// What a real cluster records of an action this model refused (`action` against the state
    /// the refusal left unchanged): most refusals, nothing.
    fn refused(&self, _action: &Self::Action, _refusal: &Self::Refusal) -> crate::cluster::Recorded {
        crate::cluster::Recorded::default()
    }

    /// The action as the cluster would carry it out while `waiting` pods wait for refused actions
    /// (`cluster::Waiting`): where the model would name a new pod, the pod that already waits for
    /// it is the one that starts, and no other takes a waiting pod's name. Most actions, as given.
    fn assign(&self, action: Self::Action, _waiting: &[crate::cluster::Pod]) -> Self::Action {
        action
    }

    /// The pod `refused` records waiting for a refused action, without the cluster's words: what
    /// the demo's session keeps, so its next action names that pod (`assign`).
    fn waiter(&self, _action: &Self::Action, _refusal: &Self::Refusal) -> Option<crate::cluster::Pod> {
        None
    }

    /// Whether a waiting pod waits no more: the model has its pod now, or its claim went.
    fn started(&self, _pod: &crate::cluster::Pod) -> bool {
        true
    }

    /// Whether a reader's log shows this event; protocol detail (CSI calls) has its own panel.
    fn in_log(_event: &Self::Event) -> bool {
        true
    }
}

/// Implements [`Model`] and [`Refused`] for one model module from its inherent functions.
macro_rules! model {
    (
        $module:ident,
        $name:literal,
        setup: $setup:ty,
        start: $start:expr,
        demo: $demo:expr,
        reindex: $reindex:expr
        $(, $extra:item)*
    ) => {
        impl Model for crate::$module::State {
            const NAME: &'static str = $name;
            type Setup = $setup;
            type Action = crate::$module::Action;
            type Event = crate::$module::Event;
            type Refusal = crate::$module::Refusal;

            fn start(setup: &Self::Setup) -> Result<(Self, Vec<Self::Event>), Self::Refusal> {
                ($start)(setup)
            }

            fn demo_setup() -> Self::Setup {
                $demo
            }

            fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Refusal> {
                crate::$module::State::apply(self, action)
            }

            fn action_name(action: &Self::Action) -> &'static str {
                action.name()
            }

            const ACTION_NAMES: &'static [&'static str] = &crate::$module::Action::NAMES;

            fn reindex(&mut self) {
                ($reindex)(self)
            }

            fn cluster(&self) -> crate::cluster::Cluster {
                crate::$module::State::cluster(self)
            }

            fn kube_events(&self, event: &Self::Event) -> Vec<crate::cluster::KubeEvent> {
                crate::$module::State::kube_events(self, event)
            }

            $($extra)*
        }

        impl Refused for crate::$module::Refusal {
            fn kind(&self) -> &'static str {
                crate::$module::Refusal::kind(self)
            }
        }
    };
}

model!(
    csi,
    "csi",
    setup: crate::csi::Setup,
    start: crate::csi::State::new,
    demo: crate::csi::Setup::demo(crate::csi::DemoConfig::default()),
    reindex: crate::csi::State::reindex,
    // CSI calls have their own panel; the reader's log keeps to what happened.
    fn in_log(event: &Self::Event) -> bool {
        event.csi_call().is_none()
    },
    fn refused(&self, action: &Self::Action, refusal: &Self::Refusal) -> crate::cluster::Recorded {
        crate::csi::State::refused(self, action, refusal)
    },
    fn assign(&self, action: Self::Action, waiting: &[crate::cluster::Pod]) -> Self::Action {
        crate::csi::State::assign(self, action, waiting)
    },
    fn waiter(&self, action: &Self::Action, refusal: &Self::Refusal) -> Option<crate::cluster::Pod> {
        crate::csi::State::waiter(self, action, refusal)
    },
    fn started(&self, pod: &crate::cluster::Pod) -> bool {
        crate::csi::State::started(self, pod)
    }
);

model!(
    statefulset,
    "statefulset",
    setup: crate::statefulset::Config,
    start: |config: &crate::statefulset::Config| {
        crate::statefulset::State::new(config.clone()).map(|s| (s, Vec::new()))
    },
    demo: crate::statefulset::Config::default(),
    reindex: crate::statefulset::State::reindex
);

model!(
    topology,
    "topology",
    setup: crate::topology::Setup,
    start: crate::topology::State::new,
    // The topology chapter's first demo, the spread trap.
    demo: crate::topology::Preset::SpreadTrap.setup(),
    reindex: |_: &mut crate::topology::State| {}
);

/// What scenario files named the CSI model before it took its kind's name (`csi`).
const OLD_CSI_NAME: &str = "volumes";

/// The kinds of demo, the one list of them: each is a model of this crate, a folder of the UI's
/// (`crates/ui/src/csi/`, ...), a `data-kubevol-demo` value and a level's `kind`. A crate that
/// needs a kind's model type reads it through [`with_model!`], so a new kind does not compile
/// until every such place has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DemoKind {
    Csi,
    StatefulSet,
    Topology,
}

impl DemoKind {
    pub const ALL: [DemoKind; 3] = [DemoKind::Csi, DemoKind::StatefulSet, DemoKind::Topology];

    /// The `data-kubevol-demo` value, a level's `kind`, and the suffix of the kind's own module
    /// (`kubevol-csi`).
    pub fn code(self) -> &'static str {
        match self {
            DemoKind::Csi => "csi",
            DemoKind::StatefulSet => "statefulset",
            DemoKind::Topology => "topology",
        }
    }

    pub fn from_code(code: &str) -> Option<DemoKind> {
        DemoKind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// The name a scenario file gives the kind's model ([`Model::NAME`]).
    pub fn model_name(self) -> &'static str {
        crate::with_model!(self, M => M::NAME)
    }

    /// The kind whose model a scenario file names: its [`Model::NAME`], which is its kind's code,
    /// or the name scenario files gave the CSI model before (`volumes`), which still opens.
    pub fn of_model(name: &str) -> Option<DemoKind> {
        match name {
            OLD_CSI_NAME => Some(DemoKind::Csi),
            _ => DemoKind::ALL.into_iter().find(|k| k.model_name() == name),
        }
    }

    /// Every kind's code, for a message that lists them ("csi, statefulset, topology").
    pub fn codes() -> String {
        DemoKind::ALL.map(DemoKind::code).join(", ")
    }

    /// Every kind, each as `name` says it, for a message that asks for one of them ("csi,
    /// statefulset or topology").
    pub fn one_of(name: impl Fn(DemoKind) -> String) -> String {
        let names = DemoKind::ALL.map(name);
        let (last, first) = names.split_last().expect("there are kinds");
        format!("{} or {last}", first.join(", "))
    }
}

/// `with_model!(kind, M => body)` runs `body` with `M` the model type of `kind` (a [`DemoKind`]):
/// the one place that ties each kind to its model, for code generic over [`Model`] or any trait a
/// crate adds to the models (the replay tool's, the served cluster's).
#[macro_export]
macro_rules! with_model {
    ($kind:expr, $M:ident => $body:expr) => {
        match $kind {
            $crate::model::DemoKind::Csi => {
                type $M = $crate::csi::State;
                $body
            }
            $crate::model::DemoKind::StatefulSet => {
                type $M = $crate::statefulset::State;
                $body
            }
            $crate::model::DemoKind::Topology => {
                type $M = $crate::topology::State;
                $body
            }
        }
    };
}
