//! What every component inside one demo shares, provided once at the demo's root: the reader's
//! language, the session and the one way to change it. A component deep in a demo asks for them
//! (`use_demo`, `use_lang`) instead of having them handed down through every parent, as Leptos's
//! own examples do.

use kubevol_sim::link::{self, Compact, LinkError};
use kubevol_sim::Model;
use leptos::prelude::*;

use crate::lang::{bad_link, bad_scenario, unknown_preset, Lang};
use crate::session::Session;

/// The kinds of demo, the one list of them (`kubevol_sim::DemoKind`); each kind's folder declares
/// what it is (`kind::Declared`), and `kinds.rs` lists the declarations. The build reads the kinds
/// from their parts: `scripts/build-modules.sh` builds one script API per kind,
/// `scripts/link-parts.mjs` lists them in `kubevol-files.json` and the loader, and the size report
/// and `scripts/reserve.mjs` read them from there.
pub use kubevol_sim::DemoKind;

/// What a demo learns from its placeholder and the page: the scenario the page picked
/// (`data-preset`), which demo of its kind it is on the page, and the share link the page's
/// address holds for it, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    pub preset: Option<String>,
    /// From 1, in document order among the page's demos of the same kind.
    pub nth: u32,
    /// The address's fragment (without `#`) when it is a share link for this demo; or what a page's
    /// script opened it at (`mount::Scripted`): a history (`history`: the moment shown, a
    /// space, the link), or `!` and why its scenario cannot be shown.
    pub link: Option<String>,
    /// The page asked for every fold open (`data-view="lab"`), as the gallery does.
    pub lab: bool,
    /// The level the page asked the demo to open in (`data-level`'s id, or the form the script
    /// API's module wrote of `mountDemo`'s `level`), once the kind's lab part has read it (`mount.rs`).
    pub level: Option<String>,
    /// Why the level the page asked for cannot be opened: the demo starts at its default, saying so.
    pub level_refused: Option<String>,
    /// The demo is a level's goal, drawn as its picture alone beside the reader's (`practice.rs`).
    pub goal: bool,
    /// What the placeholder asked that the demo does not have (a `data-lang` it does not speak, a
    /// `data-view` it does not know): said in the demo, which shows its default instead.
    pub said: Option<Notice>,
}

impl Place {
    /// Whether a placeholder's `data-view` asks for the lab view: the one reading of the attribute,
    /// for the browser's mount and the build-time render alike.
    pub fn is_lab(view: Option<&str>) -> bool {
        view.is_some_and(|v| v.trim() == "lab")
    }

    /// What the demo says of a `data-view` that is neither `chapter` nor `lab` (nor empty).
    pub fn view_said(view: Option<&str>) -> Option<Notice> {
        let view = view.map(str::trim).filter(|v| !matches!(*v, "" | "chapter" | "lab"))?.to_string();
        Some(Notice { words: std::sync::Arc::new(move |lang| crate::lang::unknown_view(lang, &view)) })
    }
}

/// What a link may hold for one demo: the settings its controls offer (`admits`), the actions its
/// buttons make (`offers`), and how many of them (`max_actions`). A link is run by whoever opens
/// it, so it may ask for nothing a reader of the demo could not, such as a thousand replicas in
/// one step, and its replay must not hold the page up. Share (`share.rs`) writes no link this
/// refuses.
pub struct Offered<M: Model, C> {
    pub admits: fn(&C) -> bool,
    pub offers: fn(&M::Action) -> bool,
    /// Set per demo from the measured cost of one action of its replay (`scripts/link-cost.mjs`):
    /// what replays in about 50 ms on a phone's CPU (4x slower than a laptop's), or fits a
    /// link's 8,000 characters, whichever is fewer.
    pub max_actions: usize,
}

impl<M: Model, C> Offered<M, C> {
    /// Whether a link holding `config` and `actions` is one this demo replays, and if not, why.
    pub fn check(&self, config: &C, actions: &[M::Action]) -> Result<(), LinkError> {
        if !(self.admits)(config) || !actions.iter().all(|a| (self.offers)(a)) {
            return Err(LinkError::NotOffered);
        }
        if actions.len() > self.max_actions {
            return Err(LinkError::TooManyActions { actions: actions.len(), max: self.max_actions });
        }
        Ok(())
    }
}

/// How a demo opens: the settings it starts from, its session, and what it has to say about the
/// page's share link, if anything.
pub struct Opening<C, M: Model> {
    pub config: C,
    pub session: Session<M>,
    pub notice: Option<Notice>,
}

/// What a demo says of how it opened, built from what went wrong (a `LinkError`, the script API's
/// fault, an unknown preset) and worded each time it renders, so it follows the reader's language
/// switch as every other text does. It holds the wording as a function made where the fault is
/// found: the words for a bad link then stay in the part that reads links (`restore` runs only on a
/// page whose address holds one), not in every chapter's first load, which only calls it.
#[derive(Clone)]
pub struct Notice {
    words: std::sync::Arc<dyn Fn(Lang) -> String + Send + Sync>,
}

impl Notice {
    /// The page's address held a link for this demo that it cannot restore.
    pub fn bad_link(error: LinkError) -> Notice {
        Notice { words: std::sync::Arc::new(move |lang| bad_link(lang, &error)) }
    }

    /// The placeholder's `data-lang` is no language the demo speaks: it speaks the page's.
    pub fn unsupported_lang(code: &str) -> Notice {
        let code = code.to_string();
        Notice { words: std::sync::Arc::new(move |lang| crate::lang::unsupported_lang(lang, &code)) }
    }

    /// Each notice said, one after the other; `None` when there is none.
    pub fn all(notices: impl IntoIterator<Item = Option<Notice>>) -> Option<Notice> {
        let notices: Vec<Notice> = notices.into_iter().flatten().collect();
        match notices.len() {
            0 | 1 => notices.into_iter().next(),
            _ => Some(Notice {
                words: std::sync::Arc::new(move |lang| {
                    notices.iter().map(|n| n.words(lang)).collect::<Vec<_>>().join(" · ")
                }),
            }),
        }
    }

    /// The page asked for a level this demo cannot open; `fault` is the path of what is wrong in it.
    pub fn bad_level(fault: String) -> Notice {
        Notice { words: std::sync::Arc::new(move |lang| crate::lang::level_refused(lang, &fault)) }
    }

    /// The page's script passed a scenario this demo cannot show; `fault` is what the script API's
    /// module found wrong, in the page author's terms.
    pub fn bad_scenario(fault: String) -> Notice {
        Notice { words: std::sync::Arc::new(move |lang| bad_scenario(lang, &fault)) }
    }

    /// A `data-preset` the demo does not know; `known` lists its presets, `None` if it has none.
    pub fn unknown_preset(preset: &str, known: Option<String>) -> Notice {
        let preset = preset.to_string();
        Notice { words: std::sync::Arc::new(move |lang| unknown_preset(lang, &preset, known.as_deref())) }
    }

    /// What a demo without presets says of a `data-preset`: that it is ignored.
    pub fn no_preset(preset: Option<&str>) -> Option<Notice> {
        preset.map(|preset| Notice::unknown_preset(preset, None))
    }

    pub fn words(&self, lang: Lang) -> String {
        (self.words)(lang)
    }
}

/// Two notices are the same when they say the same in both languages.
impl PartialEq for Notice {
    fn eq(&self, other: &Notice) -> bool {
        [Lang::Ja, Lang::En].into_iter().all(|lang| self.words(lang) == other.words(lang))
    }
}

impl Eq for Notice {}

impl std::fmt::Debug for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Notice").field(&self.words(Lang::En)).finish()
    }
}

impl<C: Copy, M: Model> Opening<C, M> {
    /// The demo at its start, as a page without a share link for it opens it.
    pub fn fresh(config: C, start: fn(C) -> Session<M>) -> Opening<C, M> {
        Opening { config, session: start(config), notice: None }
    }
}

/// The settings a demo starts from and its session: the share link's, when the page's address
/// holds one for this demo that it can read, else `default`'s, with the message that says why the
/// link was not used. Only a page whose address holds a link for a demo needs this, so each
/// demo's `linked` view, which calls it, is in its lab part (`kind::linked`, `Lab::of`).
pub fn restore<M: Model, C: Compact + Copy>(
    place: &Place,
    default: C,
    offered: &Offered<M, C>,
    start: fn(C) -> Session<M>,
) -> Opening<C, M> {
    // The page asked for a level this demo cannot open: its lab part said why (`mount.rs`).
    if let Some(fault) = &place.level_refused {
        return Opening { notice: Some(Notice::bad_level(fault.clone())), ..Opening::fresh(default, start) };
    }
    // The page's script passed a scenario this demo cannot show: the API's module said why.
    if let Some(fault) = place.link.as_deref().and_then(|l| l.strip_prefix('!')) {
        return Opening { notice: Some(Notice::bad_scenario(fault.to_string())), ..Opening::fresh(default, start) };
    }
    // A history from the page's script says which of its actions the moment shown has taken.
    let (moment, link) = match place.link.as_deref().map(|l| l.split_once(' ')) {
        Some(Some((moment, fragment))) => (moment.parse::<usize>().ok(), Some(fragment)),
        _ => (None, place.link.as_deref()),
    };
    let decoded = link.map(|fragment| {
        link::decode::<(C, Vec<M::Action>)>(fragment)
            .and_then(|(config, actions)| offered.check(&config, &actions).map(|()| (config, actions)))
    });
    let (config, actions, notice): (C, Vec<M::Action>, _) = match decoded {
        None => (default, Vec::new(), None),
        Some(Ok((config, actions))) => (config, actions, None),
        Some(Err(error)) => (default, Vec::new(), Some(Notice::bad_link(error))),
    };
    let mut session = replay(config, actions, start);
    if let Some(moment) = moment {
        session.travel_from_start(moment);
        // A demo opened in a level opens at its start (`mount.rs`), the earliest moment Back
        // returns to, as its Practice panel then keeps it: the first screen is already the level's.
        if place.level.is_some() {
            session.stop_here();
        }
    }
    Opening { config, session, notice }
}

/// A demo's history as the API's module and the demos hand it to each other: the moment shown
/// after the demo's start, a space, and the share link's compact form of its settings and every
/// action after its start (`history_link` writes it; `restore` reads it as a page's script passes it).
pub fn history<C: Compact, A: Compact + Clone>(kind: DemoKind, config: C, actions: &[A], moment: usize) -> String {
    let address = link::Address { kind: kind.code().into(), nth: 1 };
    format!("{moment} {}", link::encode(&address, &(config, actions.to_vec())))
}

/// The session a link's settings and actions make: what a page opened at the link shows, and
/// what Share replays to prove a shorter way reaches the moment shown (`share.rs`).
pub fn replay<M: Model, C>(config: C, actions: Vec<M::Action>, start: fn(C) -> Session<M>) -> Session<M> {
    let mut session = start(config);
    for action in actions {
        session.dispatch(action);
    }
    session
}

/// What every component of one demo reads from its context.
pub struct Demo<M: Model> {
    pub session: RwSignal<Session<M>>,
    /// Applies an action to the session; the only path from a control to the model.
    pub dispatch: Callback<M::Action>,
    /// Returns the demo to the moment right after that many actions (see `Session::travel`).
    pub travel: Callback<usize>,
    /// Which demo this is on the page: its kind, and which of that kind (from 1), as a share link
    /// names it.
    pub kind: DemoKind,
    pub nth: u32,
    /// The page asked for every fold open (`Place::lab`): the folds inside a fold's panel too.
    pub lab: bool,
    /// The built-in level being played (`practice.rs`), whose id a share link carries. Until the
    /// Practice panel opens it, the level the page asked for: a built-in's id or a level's form.
    pub level: RwSignal<Option<String>>,
    /// What the level being played forbids: `dispatch` refuses it, its controls are disabled.
    pub forbid: RwSignal<Forbidden>,
    /// Drawn as a level's goal (`Place::goal`): the picture alone, with no control in it.
    pub goal: bool,
    /// What the demo's header shows of the level being played (`shell.rs`): the Practice panel
    /// draws it, in its own part, so the first load carries only this slot.
    pub strip: RwSignal<Option<ViewFn>>,
    /// The moment shown as kubectl sees it, shared by every panel that reads it (the kubectl
    /// panel, the prompt and its watch, a level's checks): worked out at most once per change
    /// (`Demo::moment`, `kubectl.rs`). Empty until a panel first asks, so a demo whose folds stay
    /// closed never works it out; made under the demo's own owner, so it outlives the panel that
    /// asked first.
    pub shared: StoredValue<Shared>,
}

/// The demo's owner, and the moment its panels share once one has asked for it (`Demo::shared`).
pub struct Shared {
    pub owner: Owner,
    pub moment: Option<Memo<std::sync::Arc<kubevol_kubectl::Moment>>>,
}

/// What the placeholder asked that the demo does not have (`Place::said`), for its `Shell` to say.
#[derive(Clone)]
pub struct Said(pub Option<Notice>);

/// The demo's header's slot for the level being played, as the header (which takes no model
/// type) finds it in the context.
#[derive(Clone, Copy)]
pub struct Striped(pub RwSignal<Option<ViewFn>>);

/// The actions the level being played forbids (`practice.rs`), each as its `type` and why, in
/// Japanese and English: a level's own words, so plain text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Forbidden(pub Vec<(String, String, String)>, pub Tried);

/// The `type` of the forbidden action the reader tried last, until the next action the demo
/// takes: the Practice panel says why where a control is not disabled itself.
pub type Tried = Option<&'static str>;

impl Forbidden {
    /// Why the level forbids `action`, in the reader's language, if it does.
    pub fn why<M: Model>(&self, action: &M::Action, lang: Lang) -> Option<String> {
        let name = M::action_name(action);
        self.0.iter().find(|f| f.0 == name).map(|f| lang.pick(&f.1, &f.2).clone())
    }
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
}

/// Sets up a demo's context at its root: its language, its session and its place on the page.
pub fn provide<M: Model>(lang: Lang, session: Session<M>, kind: DemoKind, place: &Place) -> (RwSignal<Lang>, Demo<M>) {
    let lang = RwSignal::new(lang);
    let session = RwSignal::new(session);
    let forbid = RwSignal::new(Forbidden::default());
    let dispatch = Callback::new(move |action: M::Action| {
        // A level's forbidden action never reaches the model: its controls are disabled, and the
        // prompt says why (`prompt.rs`).
        let name = M::action_name(&action);
        let (forbidden, said) = forbid.with_untracked(|f| (f.0.iter().any(|f| f.0 == name), f.1.is_some()));
        if forbidden || said {
            forbid.update(|f| f.1 = forbidden.then_some(name));
        }
        if forbidden {
            return;
        }
        session.update(|s| {
            s.dispatch(action);
        })
    });
    let travel = Callback::new(move |moment: usize| {
        session.update(|s| {
            s.travel(moment);
        })
    });
    // The level the page asked for, until the Practice panel opens it (`practice.rs`).
    let level = RwSignal::new(place.level.clone());
    let (nth, lab, goal) = (place.nth, place.lab, place.goal);
    let strip = RwSignal::new(None);
    let shared = StoredValue::new(Shared { owner: Owner::current().unwrap_or_default(), moment: None });
    let demo = Demo { session, dispatch, travel, kind, nth, lab, level, forbid, goal, strip, shared };
    provide_context(Striped(strip));
    provide_context(Said(place.said.clone()));
    provide_context(lang);
    provide_context(demo);
    (lang, demo)
}

/// The settings a demo's session started from, as its root provides them (each demo's own
/// `Settings`): what its history for the script API starts from.
pub trait Started<C: Clone + Send + Sync + 'static>: Clone + 'static {
    /// The signal that holds the settings.
    fn started(&self) -> RwSignal<C>;

    fn config(&self) -> C {
        self.started().get_untracked()
    }

    /// Says the demo's session now starts from `config` (a level's start, `practice.rs`); the
    /// caller gives the demo that session.
    fn set(&self, config: C) {
        self.stop();
        // In a closure of its own: `set`, which the demo calls too, called from the Practice panel
        // as well would leave the demo's part (`practice.rs`, `panel`).
        self.started().update(|c| *c = config);
    }

    /// Stops what runs on its own (the StatefulSet demo's play) before a new start.
    fn stop(&self) {}
}

/// The history of the demo in `host`, as the API's module reads it (`history`): its
/// settings (from its root's `S`), every action after its start and the moment shown. None when
/// `host` holds no demo of this kind.
pub fn history_link<M: Model, C: Compact + Copy + Send + Sync + 'static, S: Started<C>>(
    host: &web_sys::HtmlElement,
) -> Option<String> {
    let demo = crate::boundary::context_of::<Demo<M>>(host)?;
    let config = crate::boundary::context_of::<S>(host)?.config();
    Some(demo.session.with_untracked(|s| {
        let (actions, moment) = s.after_start();
        history(demo.kind, config, actions, moment)
    }))
}

/// From now on the demo in `host` calls `tell` with its history (`history_link`) after each
/// action the reader takes (not after Back, Forward or a new setting: `Session::dispatched`
/// counts only actions). False when `host` holds no demo of this kind.
pub fn watch_links<M: Model, C: Compact + Copy + Send + Sync + 'static, S: Started<C>>(
    host: &web_sys::HtmlElement,
    tell: js_sys::Function,
) -> bool {
    let (Some(demo), Some(owner)) = (crate::boundary::context_of::<Demo<M>>(host), crate::boundary::owner_of(host))
    else {
        return false;
    };
    let target = host.clone();
    // Under the demo's owner, so it stops with the demo.
    owner.with(|| {
        let told = demo.session.with_untracked(|s| s.dispatched());
        Effect::new(move |last: Option<u64>| {
            let now = demo.session.with(|s| s.dispatched());
            if now > last.unwrap_or(told) {
                if let Some(history) = history_link::<M, C, S>(&target) {
                    let _ = tell.call1(&wasm_bindgen::JsValue::NULL, &history.into());
                }
            }
            now
        });
    });
    true
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::present::Scenario;
    use kubevol_sim::link::Address;
    use kubevol_sim::topology::{Action, Chapter};

    fn json<T: serde::Serialize>(value: &T) -> String {
        serde_json::to_string(value).unwrap()
    }

    fn place(link: String) -> Place {
        Place { nth: 2, link: Some(link), ..Place::default() }
    }

    /// The book's chapter places its pods on its own; a link carries only what the reader did
    /// after that, and restoring it gives the same moment, log and way back.
    #[test]
    fn a_shared_chapter_restores_the_same_moment() {
        let scenario = Scenario::Chapter(Chapter { max_skew: 2, ..Chapter::default() });
        let mut s = crate::topology::present::start(scenario);
        s.dispatch(Action::FailZone { zone: "zone-a".into() });
        s.dispatch(Action::Run { max: 100 });
        s.dispatch(Action::Step);
        s.travel(3); // the chapter's run, then two of the reader's three
        assert_eq!(s.reader_actions().len(), 2, "the chapter's own first run is not the reader's");
        let fragment =
            link::encode(&Address { kind: "topology".into(), nth: 2 }, &(scenario, s.reader_actions().to_vec()));
        let Opening { config, session: restored, notice } = restore(
            &place(fragment),
            Scenario::Chapter(Chapter::default()),
            &crate::topology::present::OFFERED,
            crate::topology::present::start,
        );
        assert_eq!((config, notice), (scenario, None));
        assert_eq!(json(&restored.state), json(&s.state));
        assert_eq!(restored.log_lines(Lang::En), s.log_lines(Lang::En));
        assert_eq!(restored.steps(), (Some(2), None), "back to the chapter's start, and no further");
    }

    /// A link whose settings the controls do not offer (a hand-made chapter of a thousand pods) is
    /// refused whole: the demo starts at its default and says why.
    #[test]
    fn settings_the_controls_do_not_offer_are_refused() {
        let huge = Scenario::Chapter(Chapter { pods: 1000, ..Chapter::default() });
        let fragment = link::encode(&Address { kind: "topology".into(), nth: 2 }, &(huge, Vec::<Action>::new()));
        let default = Scenario::Chapter(Chapter::default());
        let Opening { config, notice, .. } =
            restore(&place(fragment), default, &crate::topology::present::OFFERED, crate::topology::present::start);
        assert_eq!(config, default);
        assert_eq!(
            notice.map(|n| n.words(Lang::En)).as_deref(),
            Some(
                "This demo's link cannot be restored: it asks for settings or actions this demo's controls do not \
                offer, as a hand-made link might. Starting from the beginning"
            )
        );
    }

    /// A link is run by whoever opens it: an action no button makes (a hundred thousand replicas
    /// at once) is refused whole, and a history longer than the demo replays is refused for that reason.
    #[test]
    fn actions_the_buttons_do_not_make_are_refused() {
        use crate::statefulset::present::{start, StsConfig, OFFERED};
        use kubevol_sim::statefulset::Action as Set;
        let address = Address { kind: "statefulset".into(), nth: 2 };
        let said = |actions: Vec<Set>| {
            let fragment = link::encode(&address, &(StsConfig::default(), actions));
            restore(&place(fragment), StsConfig::default(), &OFFERED, start).notice.map(|n| n.words(Lang::En))
        };
        assert_eq!(said(vec![Set::Step, Set::ScaleBy { delta: 1 }, Set::Run { max: 5 }]), None);
        let refused = Some(bad_link(Lang::En, &LinkError::NotOffered));
        assert_eq!(said(vec![Set::Scale { replicas: 100_000 }]), refused);
        assert_eq!(said(vec![Set::Run { max: 10_000 }]), refused);
        let max = OFFERED.max_actions;
        assert_eq!(said(vec![Set::Step; max]), None);
        let too_many = LinkError::TooManyActions { actions: max + 1, max };
        assert_eq!(said(vec![Set::Step; max + 1]), Some(bad_link(Lang::En, &too_many)));
    }
}
