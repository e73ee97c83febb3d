//! A kind of demo, declared once. Each demo's folder (`csi/mod.rs`, `statefulset/mod.rs`,
//! `topology/mod.rs`) implements [`Declared`] for a type of its own: its model and settings, its
//! scenarios, its parts of the wasm, its component and the views of the folds only it has. What
//! every kind does the same way is written here once, generic over the declaration: the demo at
//! its start and at a share link, the lab part's contents, the history and Practice folds, a
//! level's goal and start. `kinds.rs` lists the declarations, for the code that starts from a
//! `data-kubevol-demo` value (the mount, the build's render, the script API's module).
//!
//! Adding a fold or a level's scenario touches the demo's folder alone; a topology preset is the
//! model's too (`crates/sim/src/topology/preset.rs`, its link tag in `crates/sim/src/link/models.rs`).
//! A new kind is a folder with its declaration, a line in `kinds.rs` and its model in
//! `kubevol_sim::with_model!`.

use kubevol_kubectl::Served;
use kubevol_sim::link::Compact;
use leptos::prelude::*;

use crate::api::Scenarios;
use crate::demo::{self, inside_demo, use_demo, use_lang, Notice, Opening, Place, Started};
use crate::folds::Fold;
use crate::lang::Lang;
use crate::parts::{KindParts, Lab, View};
use crate::practice::Levels;
use crate::session::Session;

/// What the rest of the crate needs of one kind of demo.
pub trait Declared: 'static {
    /// The model the demo runs, which the kubectl panel and prompt serve.
    type Model: Served;
    /// The settings a session starts from, as a share link carries them.
    type Config: Compact + Copy + Default + PartialEq + Send + Sync + 'static;
    /// What the demo's root provides of its settings (`demo::Started`).
    type Settings: Started<Self::Config> + Copy + Send + Sync;
    /// Its histories: the settings it offers, how it starts, what a scenario may hold.
    const SCENARIOS: &'static Scenarios<Self::Model, Self::Config>;
    /// Its parts of the wasm (`parts.rs`): the demo, and everything its folds show.
    const PARTS: KindParts;
    /// The session the demo starts at for its settings. Also in `SCENARIOS`, which only the lab
    /// part and the script API read: the demo's own part names this alone, so the scenarios'
    /// readers stay out of the chapter's first load.
    fn start(config: Self::Config) -> Session<Self::Model>;
    /// The demo's component, at an opening.
    fn demo(lang: Lang, place: Place, opening: Opening<Self::Config, Self::Model>) -> AnyView;
    /// The view of a fold only this kind has (its settings, its kubectl panel...), by the fold's
    /// name; the folds every kind has are [`fold_view`]'s.
    fn own_fold(name: &str) -> Option<View>;
    /// The presets a page can ask for (`data-preset`), beside the default.
    fn presets() -> Vec<&'static str> {
        Vec::new()
    }
    /// The settings a placeholder's `data-preset` picks, and what the demo says of one it does
    /// not have: by default it has none, and says a preset is ignored.
    fn first(place: &Place) -> (Self::Config, Option<Notice>) {
        (Self::Config::default(), Notice::no_preset(place.preset.as_deref()))
    }
}

/// Declares a kind of demo in its folder: the type, its two parts of the wasm (`parts.rs`: the
/// demo, and its lab part) and its [`Declared`], from what differs between kinds. In
/// `csi/mod.rs`:
///
/// ```ignore
/// crate::kind::declare! {
///     /// The CSI demo.
///     Csi: Csi in parts csi, csi_lab; State, DemoConfig, Settings; present; CsiDemo, FOLDS
/// }
/// ```
///
/// names the type and its `DemoKind`, its parts, its model, settings and what its root provides
/// of them, its `present` module (its `SCENARIOS` and `start`), its component
/// ([`Declared::demo`]), and the views of the folds only it has, by name
/// ([`Declared::own_fold`]). Items after a `;` override the defaults ([`Declared::first`],
/// [`Declared::presets`]).
macro_rules! declare {
    (
        $(#[$doc:meta])*
        $name:ident: $kind:ident in parts $part:ident, $lab:ident; $model:ty, $config:ty, $settings:ty;
        $present:ident; $demo:ident, $folds:expr $(; $($more:item)*)?
    ) => {
        $(#[$doc])*
        pub struct $name;

        $crate::parts::on_demand! {
            $part: fn demo_part() -> $crate::parts::DemoView { $crate::kind::view::<$name> }
        }
        $crate::parts::on_demand! { $lab: fn lab_part() -> $crate::parts::Lab { $crate::parts::Lab::of::<$name>() } }

        impl $crate::kind::Declared for $name {
            type Model = $model;
            type Config = $config;
            type Settings = $settings;
            const SCENARIOS: &'static $crate::api::Scenarios<$model, $config> = &$present::SCENARIOS;
            const PARTS: $crate::parts::KindParts = $crate::parts::KindParts {
                kind: $crate::demo::DemoKind::$kind,
                view: $crate::parts::fetch!(demo_part: $crate::parts::DemoView),
                lab: $crate::parts::fetch!(lab_part: $crate::parts::Lab),
            };

            fn start(config: $config) -> $crate::session::Session<$model> {
                $present::start(config)
            }

            fn demo(
                lang: $crate::lang::Lang,
                place: $crate::demo::Place,
                opening: $crate::demo::Opening<$config, $model>,
            ) -> ::leptos::prelude::AnyView {
                ::leptos::prelude::IntoAny::into_any(::leptos::prelude::view! { <$demo lang place opening/> })
            }

            fn own_fold(name: &str) -> Option<$crate::parts::View> {
                let folds: &[(&str, $crate::parts::View)] = $folds;
                folds.iter().find(|(named, _)| *named == name).map(|(_, view)| *view)
            }

            $($($more)*)?
        }
    };
}
pub(crate) use declare;

/// What ends every demo, below its picture and verdict: the log of recent actions, the legend,
/// and the row of folds (`folds.rs`): the demo's own (`own`), then those every kind has, in the
/// same order: the kubectl panel, history and sharing (which the log's "all" opens too), what
/// the model simplifies, and Practice.
pub fn ending<K: Declared>(place: &Place, legend: impl IntoView, own: Vec<Fold>) -> impl IntoView {
    let (lang, demo) = (use_lang(), use_demo::<K::Model>());
    let history = Fold::new("history", crate::lang::HISTORY);
    let mut folds = own;
    folds.extend([
        Fold::new("kubectl", crate::lang::KUBECTL),
        history,
        Fold::new("simplified", crate::lang::SIMPLIFIED),
    ]);
    // Weighed without it (`no-practice`): what its toggle costs the first load.
    #[cfg(not(feature = "no-practice"))]
    folds.push(Fold::new("practice", crate::lang::PRACTICE));
    view! {
        {demo.recent(lang, history.open.into())}
        {legend}
        {crate::folds::folds(folds, K::PARTS, place)}
    }
}

/// Sets up a demo's context at its root (`demo::provide`), with its kind's parts, which every
/// fold of the demo fetches its view from (`folds.rs`).
pub fn provide<K: Declared>(
    lang: Lang,
    session: Session<K::Model>,
    place: &Place,
) -> (RwSignal<Lang>, demo::Demo<K::Model>) {
    provide_context(K::PARTS);
    demo::provide::<K::Model>(lang, session, K::PARTS.kind, place)
}

/// The demo as a page places it: at the start its preset picks.
pub fn view<K: Declared>(lang: Lang, place: Place) -> AnyView {
    let (first, notice) = K::first(&place);
    let opening = Opening { notice, ..Opening::fresh(first, K::start) };
    K::demo(lang, place, opening)
}

/// The demo opened at the share link the page's address holds for it, or at the history a page's
/// script or a level opens it at.
pub fn linked<K: Declared>(lang: Lang, place: Place) -> AnyView {
    let (first, notice) = K::first(&place);
    let opening = demo::restore(&place, first, K::SCENARIOS.offered, K::start);
    let opening = Opening { notice: opening.notice.or(notice), ..opening };
    K::demo(lang, place, opening)
}

/// A level's goal, drawn as the demo's picture alone at the moment its solution reaches
/// (`practice.rs`; `Place::goal`).
pub fn goal<K: Declared>(lang: Lang, place: Place, opening: Opening<K::Config, K::Model>) -> AnyView {
    K::demo(lang, place, opening)
}

/// The kind's levels (`practice.rs`).
pub fn levels<K: Declared>() -> Levels<K::Model, K::Config> {
    Levels { scenarios: K::SCENARIOS, goal: goal::<K> }
}

/// The history of the start of the level a page asks for (a built-in's id or a level's form),
/// which the demo opens at, or why it does not open in it: what its lab part answers before it
/// mounts (`mount.rs`), and the book's build too (`render.rs`).
pub fn opens_level<K: Declared>(asked: &str) -> Result<String, String> {
    crate::practice::start_of(&levels::<K>(), asked)
}

/// What each of the demo's folds shows (`folds.rs`), by the fold's name: the views of its lab part
/// (`Lab`), fetched at the first opening of any fold.
pub fn fold_view<K: Declared>(name: &str) -> Option<View> {
    let view: View = match name {
        "history" => history::<K>,
        #[cfg(not(feature = "no-prompt"))]
        "type-kubectl" => crate::prompt::view::<K::Model>,
        #[cfg(not(feature = "no-practice"))]
        "practice" => practice::<K>,
        _ => return K::own_fold(name),
    };
    Some(view)
}

/// History and sharing: Back and Forward through the session, Share, Export.
fn history<K: Declared>() -> AnyView {
    let settings = inside_demo::<K::Settings>();
    let scenarios = K::SCENARIOS;
    use_demo::<K::Model>().history(move || settings.config(), scenarios.offered, scenarios.start).into_any()
}

/// Levels: practice toward a goal.
#[cfg(not(feature = "no-practice"))]
fn practice<K: Declared>() -> AnyView {
    crate::practice::panel::<K::Model, K::Config, K::Settings>(levels::<K>())
}

impl Lab {
    /// What a kind's lab part holds for the page.
    pub fn of<K: Declared>() -> Lab {
        Lab {
            linked: linked::<K>,
            history: demo::history_link::<K::Model, K::Config, K::Settings>,
            watch: demo::watch_links::<K::Model, K::Config, K::Settings>,
            level: opens_level::<K>,
            folds: fold_view::<K>,
        }
    }
}
