//! What every component inside one demo shares, provided once at the demo's root: the reader's
//! language, the session and the one way to change it. A component deep in a demo asks for them
//! (`use_demo`, `use_lang`) instead of having them handed down through every parent, as Leptos's
//! own examples do.

use kubevol_sim::Model;
use leptos::prelude::*;

use crate::lang::Lang;
use crate::session::Session;
use crate::widgets::Log;

/// The kinds of demo, the one list of them: a test in `mount.rs` checks that the loader
/// (`web/kubevol.js`), the one-kind modules (`src/bin/`, which `scripts/build-modules.sh` builds)
/// and the size report agree with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DemoKind {
    Csi,
    StatefulSet,
    Topology,
}

impl DemoKind {
    pub const ALL: [DemoKind; 3] = [DemoKind::Csi, DemoKind::StatefulSet, DemoKind::Topology];

    /// The `data-kubevol-demo` value, and the suffix of the kind's own module (`kubevol-csi`).
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
}

/// What every component of one demo reads from its context.
pub struct Demo<M: Model> {
    pub session: RwSignal<Session<M>>,
    /// Applies an action to the session; the only path from a control to the model.
    pub dispatch: Callback<M::Action>,
    /// Returns the demo to the moment right after that many actions (see `Session::travel`).
    pub travel: Callback<usize>,
}

impl<M: Model> Clone for Demo<M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M: Model> Copy for Demo<M> {}

impl<M: Model> Demo<M> {
    /// Reads the session: `demo.with(|s| ...)`.
    pub fn with<R>(self, f: impl FnOnce(&Session<M>) -> R) -> R {
        self.session.with(f)
    }

    /// Starts a session over (a new setup), dropping the old one's log.
    pub fn restart(self, session: Session<M>) {
        self.session.set(session);
    }

    /// The log with its way back and forward, in the reader's language.
    pub fn log(self, lang: RwSignal<Lang>) -> impl IntoView {
        let session = self.session;
        view! {
            <Log
                lines=Signal::derive(move || session.with(|s| s.log_lines(lang.get())))
                steps=Signal::derive(move || session.with(|s| s.steps()))
                travel=self.travel
                export=Callback::new(move |_| session.with_untracked(|s| {
                    let title = format!("Exported from a kubevol-lab demo ({} model) after {} actions", M::NAME, s.position().0);
                    s.scenario(&title)
                }))
            />
        }
    }
}

/// Sets up a demo's context at its root: its language and its session.
pub fn provide<M: Model>(lang: Lang, session: Session<M>) -> (RwSignal<Lang>, Demo<M>) {
    let lang = RwSignal::new(lang);
    let session = RwSignal::new(session);
    let dispatch = Callback::new(move |action: M::Action| {
        session.update(|s| {
            s.dispatch(action);
        })
    });
    let travel = Callback::new(move |moment: usize| {
        session.update(|s| {
            s.travel(moment);
        })
    });
    let demo = Demo { session, dispatch, travel };
    provide_context(lang);
    provide_context(demo);
    (lang, demo)
}

/// The language of the demo being rendered. Each demo provides its own signal, so the language
/// switch of one demo leaves the others alone.
pub fn use_lang() -> RwSignal<Lang> {
    inside_demo()
}

/// The demo this component belongs to.
pub fn use_demo<M: Model>() -> Demo<M> {
    inside_demo()
}

/// A value the demo's root provided. Leptos's `expect_context` would name the type in its panic,
/// which brings `Debug` formatting into every module; a component outside a demo is a bug anyway.
pub fn inside_demo<T: Clone + 'static>() -> T {
    use_context().expect("kubevol: a demo component outside its demo")
}
