//! Practice toward a goal: the "練習 / Practice" fold of every demo, and a demo opened in a level.
//!
//! A level (`kubevol_levels`) is a start, a goal written as kubectl checks, hints and a shortest
//! solution. Opening one starts the demo's own session at the level's start (its settings, then
//! its actions) and makes that the earliest moment Back returns to; from there the reader plays
//! with the demo's own buttons or its kubectl prompt, which both dispatch the same actions. After
//! each, the checks are answered by the prompt's own printer at the moment shown, so Back
//! un-solves a level as it undoes the action that solved it. What the reader has solved, and in
//! how few actions, is kept in the browser's localStorage, which the panel can clear.
//!
//! All of it is each kind's lab part: only a reader who opens the fold, or a page that opens a
//! demo in a level, fetches the levels and their reader.

use std::collections::BTreeMap;
use std::sync::Arc;

use kubevol_levels::Words;
use kubevol_sim::link::Compact;
use kubevol_sim::Model;
use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::api::{same, Scenarios};
use crate::demo::{inside_demo, use_demo, use_lang, Demo, Forbidden, Opening, Place, Started};
use crate::lang::{self, Lang};
use crate::session::Session;
use crate::widgets::{click, flag, text, tr};

pub mod form;

pub use form::Opened;

/// What a kind of demo says about its levels (`kind::levels`).
pub struct Levels<M: Model, C: 'static> {
    /// The histories the demo can show: a level's start must be one.
    pub scenarios: &'static Scenarios<M, C>,
    /// The demo opened as a level's goal (`Place::goal`): its own picture alone, of the moment the
    /// solution reaches.
    pub goal: fn(Lang, Place, Opening<C, M>) -> AnyView,
}

impl<M: Model, C: 'static> Clone for Levels<M, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M: Model, C: 'static> Copy for Levels<M, C> {}

/// The built-in levels' forms, easy to hard (`form.rs`; this module's test writes them).
const FORMS: &str = include_str!("practice/levels.forms");

fn forms() -> impl Iterator<Item = &'static str> {
    FORMS.trim_end_matches('\n').split(form::BETWEEN)
}

/// A built-in level's id, as its form names it.
fn id_of(form: &str) -> &str {
    form.split(form::SEP).nth(2).unwrap_or("")
}

/// A level from what a page gives (a built-in's id or a level's form), read and checked against
/// this demo, or the path of what is wrong and why.
pub fn read<M: Model, C: Compact + Copy>(levels: &Levels<M, C>, asked: &str) -> Result<Opened<M, C>, String> {
    let asked = asked.trim();
    if asked.contains(form::SEP) {
        return form::read(levels.scenarios, asked);
    }
    if asked.starts_with('{') {
        return Err("level: a level written out is read by the page's script (kubevol.js), not here".into());
    }
    let found = forms().find(|f| id_of(f) == asked).ok_or_else(|| {
        let known =
            forms().fold(String::new(), |all, f| if all.is_empty() { id_of(f).into() } else { all + ", " + id_of(f) });
        format!("level: no built-in level is called \"{asked}\" (there are {known})")
    })?;
    form::read(levels.scenarios, found)
}

/// The history of a level's start (`demo::history`), which a demo opened in it opens at, in the
/// browser (`mount.rs`) and at a book's build (`render.rs`) alike; or why it does not open.
pub fn start_of<M: Model, C: Compact + Copy>(levels: &Levels<M, C>, asked: &str) -> Result<String, String> {
    let opened = read(levels, asked)?;
    Ok(crate::demo::history(levels.scenarios.kind, opened.config, &opened.start, opened.start.len()))
}

/// The built-in levels of this kind, easy to hard (every one opens: `practice::tests`).
fn builtin<M: Model, C: Compact + Copy>(levels: &Levels<M, C>) -> Vec<Arc<Opened<M, C>>> {
    let code = levels.scenarios.kind.code();
    let ours = forms().filter(|f| f.split(form::SEP).nth(1) == Some(code));
    ours.filter_map(|f| form::read(levels.scenarios, f).ok()).map(Arc::new).collect()
}

// ---- the reader's progress ----------------------------------------------------------------------

/// Where the browser keeps the reader's progress: each solved level's id and its fewest actions.
pub const PROGRESS_KEY: &str = "kubevol-levels";

type Progress = BTreeMap<String, usize>;

/// The browser's localStorage, its items read and written as its properties through `Reflect`: the
/// glue of the Storage methods would be the main part's, which every page loads, while `Reflect`'s
/// is there already. `None` where storage is off (or throws, as a sandboxed frame's does).
fn storage() -> Option<JsValue> {
    let window = web_sys::window()?;
    // Off, it is null or undefined: reading or writing an item of it then throws, which reads as
    // nothing kept (a check here would be one more function of the main part's glue).
    js_sys::Reflect::get(&window, &JsValue::from_str("localStorage")).ok()
}

/// What this browser keeps; nothing when storage is off or holds something else. Kept as a JSON
/// object of ids and counts, `{"csi-share-one-node":4}`, written and read here: a level's id is
/// lowercase letters, digits and `-` (`kubevol_levels`), so nothing in it needs escaping, and the
/// lab part carries no JSON reader (nor the page's JSON functions, which every part would share).
fn load() -> Progress {
    let kept = storage().and_then(|s| js_sys::Reflect::get(&s, &JsValue::from_str(PROGRESS_KEY)).ok());
    let Some(kept) = kept.and_then(|k| k.as_string()) else { return Progress::new() };
    // One by one: collecting into the map would sort them, and sorting is code of its own.
    let read = |kept: &str| -> Option<Progress> {
        let inner = kept.trim().strip_prefix('{')?.strip_suffix('}')?.trim();
        let mut progress = Progress::new();
        for pair in inner.split(',').filter(|_| !inner.is_empty()) {
            let (id, fewest) = pair.split_once(':')?;
            let id = id.trim().strip_prefix('"')?.strip_suffix('"')?;
            let plain = id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            if !plain || id.is_empty() {
                return None;
            }
            progress.insert(id.to_string(), fewest.trim().parse().ok()?);
        }
        Some(progress)
    };
    read(&kept).unwrap_or_default()
}

/// Keeps `progress` (cleared, it is `{}`).
fn save(progress: &Progress) {
    let Some(storage) = storage() else { return };
    let mut text = String::from("{");
    for (id, fewest) in progress {
        let comma = if text.len() > 1 { "," } else { "" };
        text += &format!("{comma}\"{id}\":{fewest}");
    }
    let text = JsValue::from_str(&(text + "}"));
    let _ = js_sys::Reflect::set(&storage, &JsValue::from_str(PROGRESS_KEY), &text);
}

// ---- the panel ------------------------------------------------------------------------------------

/// The level being played, and whether it is a built-in one (a share link names only those).
struct Playing<M: Model, C> {
    opened: Arc<Opened<M, C>>,
    builtin: bool,
    /// The level's start as the demo's session holds it: its setup and the actions to it. A
    /// history that does not begin so is not this level's.
    start: (M::Setup, Vec<M::Action>),
}

/// What the panel shows above the list of levels.
enum Now<M: Model, C> {
    Nothing,
    /// The level the page asked for, which this demo cannot open, and why.
    Refused(String),
    /// The level the reader left by changing what its start fixes (a setting, a preset, Reset).
    Left(Words),
    Playing(Arc<Playing<M, C>>),
}

impl<M: Model, C> Now<M, C> {
    fn playing(&self) -> Option<&Arc<Playing<M, C>>> {
        match self {
            Now::Playing(p) => Some(p),
            _ => None,
        }
    }
}

/// How many hints are shown, and what each check prints with whether it holds: types of the panel's
/// own, so their signals' code stays in the folds part (see `panel`).
#[derive(Clone, Copy)]
struct Hints(usize);

#[derive(Clone, PartialEq)]
struct Checks(Vec<(String, bool)>);

/// The demo's session at the level's start, and then `actions`. Its own loop, not `demo::replay`:
/// a function the kind's part calls too would leave that part for a chunk both fetch, which the
/// chapter's first load then carries (see `panel`).
fn session_at<M: Model, C: Copy>(levels: &Levels<M, C>, opened: &Opened<M, C>, actions: &[M::Action]) -> Session<M> {
    let mut session = (levels.scenarios.start)(opened.config);
    for action in opened.start.iter().chain(actions) {
        session.dispatch(action.clone());
    }
    session
}

/// Whether a history (a setup and its actions) begins with a level's start.
fn within<M: Model>(history: (&M::Setup, &[M::Action]), start: &(M::Setup, Vec<M::Action>)) -> bool {
    let (setup, actions) = history;
    same(setup, &start.0) && actions.len() >= start.1.len() && same(&actions[..start.1.len()], &start.1[..])
}

fn pick(lang: Lang, words: &Words) -> String {
    lang.pick(&words.ja, &words.en).clone()
}

/// What a check prints: one line as code in the sentence, a table as kubectl prints it, in a box
/// that scrolls sideways on a narrow page (focusable, so a keyboard can scroll it too).
fn printed(text: String) -> AnyView {
    if text.contains('\n') {
        view! { <pre class="kv-kubectl-out" tabindex="0">{text}</pre> }.into_any()
    } else {
        view! { <code>{text}</code> }.into_any()
    }
}

/// The Practice fold's panel: the level being played, if any, then this kind's levels with what
/// the reader has solved.
pub fn panel<M: Model, C: Compact + Copy + PartialEq + Send + Sync + 'static, S: Started<C> + Copy + Send + Sync>(
    levels: Levels<M, C>,
) -> AnyView {
    // Weighed with nothing in it (`empty-practice`): what the fold's toggle alone costs.
    if cfg!(feature = "empty-practice") {
        return ().into_any();
    }
    // Code this panel shares with the demo's own part leaves that part for a chunk both fetch, which
    // the chapter's first load then carries. So its signals are of types of its own (`Now`, `Hints`,
    // `Checks`) or read through `flag`, `text` and `AnyView`, whose code is every part's already; a
    // level's id and a check's number are attributes as an `Arc<str>` and a `usize` (a `String`
    // under a `data-` name would share that attribute's code with the demo: the size report's
    // "Practice toggle" weighs it all); the session and the settings are written in `open`.
    let (lang, demo, started) = (use_lang(), use_demo::<M>(), inside_demo::<S>());
    let now = RwSignal::new_local(Now::<M, C>::Nothing);
    let hints = RwSignal::new(Hints(0));
    let progress = RwSignal::new(Progress::new());
    let all = builtin(&levels);

    let checks = move |p: &Playing<M, C>| demo.moment().with(|moment| p.opened.level.checks(moment));
    let checks = Memo::new(move |_| Checks(now.with(|n| n.playing().map_or_else(Vec::new, |p| checks(p)))));
    // The level's place in the page: the demo's header's button brings it into view (`strip`).
    let list = move || format!("kv-level-{}-{}", demo.kind.code(), demo.nth);
    // `keep`: a demo opened at a share link of a moment inside this level (`mount.rs`) keeps that
    // moment; otherwise, and always on Restart, the level starts afresh.
    let open = move |opened: Arc<Opened<M, C>>, builtin: bool, keep: bool| {
        let begun = session_at(&levels, &opened, &[]);
        let start = (begun.history().0.clone(), begun.history().1.to_vec());
        let inside = keep
            && started.config() == opened.config
            && demo.session.with_untracked(|s| within::<M>(s.recorded(), &start));
        if inside {
            let at = begun.position().0;
            demo.session.update(|s| s.stop_at(at));
        } else {
            let mut session = begun;
            session.stop_here();
            started.set(opened.config);
            // As `Demo::restart` does, in a closure of the panel's own: that function, called from
            // here too, would leave the kind's part (see `panel`).
            demo.session.update(|s| *s = session);
        }
        hints.set(Hints(0));
        demo.level.set(builtin.then(|| opened.level.id.clone()));
        let forbid = opened.level.forbid.iter().map(|f| (f.action.clone(), f.why.ja.clone(), f.why.en.clone()));
        demo.forbid.set(Forbidden(forbid.collect(), None));
        let title = opened.level.title.clone();
        demo.strip.set(Some(ViewFn::from(move || strip(lang, &title, checks, list()))));
        now.set(Now::Playing(Arc::new(Playing { opened, builtin, start })));
    };
    let leave = move |left: Now<M, C>| {
        now.set(left);
        demo.level.set(None);
        demo.forbid.set(Forbidden::default());
        demo.strip.set(None);
    };
    // A setting, a preset or Reset starts the demo again elsewhere: its history is no longer the
    // level's, so the level is left, and the panel says so (and Share then names no level).
    Effect::new(move |_| {
        let Some(p) = now.with(|n| n.playing().cloned()) else { return };
        let kept = started.config() == p.opened.config && demo.with(|s| within::<M>(s.recorded(), &p.start));
        if !kept {
            leave(Now::Left(p.opened.level.title.clone()));
        }
    });
    // The level the page asked for (`Demo::level`, until it opens here): checked when the demo
    // mounted, so it opens; said if not.
    // Untracked: the panel is drawn inside its fold's reactive view, which a signal read here (the
    // settings `open` compares) would draw again, afresh, at every change of it.
    if let Some(asked) = demo.level.get_untracked() {
        match read(&levels, &asked) {
            Ok(opened) => untrack(|| open(Arc::new(opened), !asked.contains(form::SEP), true)),
            Err(why) => {
                demo.level.set(None);
                now.set(Now::Refused(why));
            }
        }
    }
    // The browser's own record, read once the demo is live (a page rendered at build has none).
    Effect::new(move |_| progress.set(load()));

    let solved = flag(move || checks.with(|c| !c.0.is_empty() && c.0.iter().all(|(_, holds)| *holds)));
    // Only what the model accepted counts against par; a refused try is said, not counted.
    let outcomes = move || demo.with(|s| s.outcomes_since_stop());
    keep_when_solved(now, solved, move || outcomes().0, progress);

    let level = move || {
        let Some(p) = now.with(|n| n.playing().cloned()) else { return ().into_any() };
        let level = &p.opened.level;
        let (named, par): (Arc<str>, _) = (level.id.as_str().into(), level.par);
        let title = level.title.clone();
        let intro = level.intro.clone();
        let goal = level.goal.clone();
        let all_hints = level.hints.clone();
        let count = all_hints.len();
        let (again, builtin) = (p.opened.clone(), p.builtin);
        let items = checklist(goal, checks, lang);
        let shown_hints = move || {
            let shown = all_hints.iter().take(hints.get().0).map(|h| {
                let h = h.clone();
                view! { <li data-state="level-hint">{text(move || pick(lang.get(), &h))}</li> }
            });
            shown.collect_view().into_any()
        };
        let goal_picture = (!p.opened.level.solution.is_empty()).then(|| {
            let p = p.clone();
            let config = p.opened.config;
            goal_picture(demo, config, move || session_at(&levels, &p.opened, &p.opened.level.solution), levels.goal)
        });
        view! {
            <section class="kv-level" id=list() tabindex="-1" data-level=named>
                <p class="kv-h">{text(move || pick(lang.get(), &title))}</p>
                <p class="kv-paragraph">{text(move || pick(lang.get(), &intro))}</p>
                <p class="kv-hint">{tr(lang::LEVEL_GOAL)}</p>
                <ul class="kv-goal">{items}</ul>
                {tally(lang, solved, outcomes, par)}
                <ol class="kv-hints">{shown_hints}</ol>
                <div class="kv-buttons">
                    <button data-action="level-hint" disabled=flag(move || hints.get().0 >= count)
                        on:click=click(move || hints.update(|h| h.0 = (h.0 + 1).min(count)))>
                        {text(move || lang::level_hint(lang.get(), hints.get().0, count))}
                    </button>
                    <button data-action="level-restart" on:click=click(move || open(again.clone(), builtin, false))>
                        {tr(lang::LEVEL_RESTART)}
                    </button>
                    <button data-action="level-leave" on:click=click(move || leave(Now::Nothing))>
                        {tr(lang::LEVEL_LEAVE)}
                    </button>
                </div>
                {goal_picture}
            </section>
        }
        .into_any()
    };
    let list = levels_list(all, progress, now, lang, move |opened| open(opened, true, false));
    view! {
        {notices(now, demo.forbid, lang)}
        {level}
        <p class="kv-hint">{tr(lang::LEVELS_INTRO)}</p>
        <ol class="kv-levels">{list}</ol>
        <button data-action="level-progress-clear" on:click=click(move || {
            save(&Progress::new());
            progress.set(Progress::new());
        })>
            {tr(lang::LEVEL_CLEAR)}
        </button>
    }
    .into_any()
}

/// A solved level is kept in the reader's progress (`save`), with the fewest actions it has taken.
fn keep_when_solved<M: Model, C: 'static>(
    now: RwSignal<Now<M, C>, LocalStorage>,
    solved: Signal<bool>,
    taken: impl Fn() -> usize + Send + Sync + 'static,
    progress: RwSignal<Progress>,
) {
    Effect::new(move |_| {
        if !solved.get() {
            return;
        }
        let Some(id) = now.with_untracked(|n| n.playing().map(|p| p.opened.level.id.clone())) else { return };
        let mut kept = load();
        let taken = untrack(&taken);
        kept.insert(id.clone(), kept.get(&id).map_or(taken, |&f| f.min(taken)));
        save(&kept);
        progress.set(kept);
    });
}

/// How many actions the level has taken (the refused ones said, not counted), or, once solved, in
/// how many against `par`.
fn tally(
    lang: RwSignal<Lang>,
    solved: Signal<bool>,
    outcomes: impl Fn() -> (usize, usize) + Copy + Send + Sync + 'static,
    par: Option<usize>,
) -> AnyView {
    view! {
        <p class="kv-level-solved" role="status" data-state="level-solved" hidden=flag(move || !solved.get())>
            {text(move || {
                let (taken, refused) = outcomes();
                lang::level_solved(lang.get(), taken, refused, par)
            })}
        </p>
        <p class="kv-hint" data-state="level-count" hidden=flag(move || solved.get())>
            {text(move || {
                let (taken, refused) = outcomes();
                lang::level_count(lang.get(), taken, refused)
            })}
        </p>
    }
    .into_any()
}

/// The goal's checks, each with whether it holds at the moment shown and, until it does, what
/// its command prints there.
fn checklist(goal: Vec<kubevol_levels::Check>, checks: Memo<Checks>, lang: RwSignal<Lang>) -> AnyView {
    goal.into_iter()
        .enumerate()
        .map(|(at, check)| {
            let holds = flag(move || checks.with(|c| c.0.get(at).is_some_and(|(_, h)| *h)));
            let now = text(move || {
                let printed = checks.with(|c| c.0.get(at).map_or_else(String::new, |(p, _)| p.trim().into()));
                if printed.is_empty() {
                    lang::LEVEL_PRINTS_NOTHING.get(lang.get()).into()
                } else {
                    printed
                }
            });
            let mark = text(move || if holds.get() { "✓" } else { "○" }.to_string());
            let said =
                text(move || if holds.get() { lang::LEVEL_HOLDS } else { lang::LEVEL_NOT_YET }.get(lang.get()).into());
            view! {
                <li data-goal=at data-holds=text(move || holds.get().to_string())>
                    <span class="kv-goal-mark" aria-hidden="true">{mark}</span>
                    // The mark's meaning in words, for a screen reader.
                    <span class="kv-sr" data-state="level-check">{said}</span>
                    <code>"kubectl "{check.kubectl.clone()}</code>
                    " → "{printed(check.prints.trim().to_string())}
                    <span class="kv-goal-now" hidden=holds>
                        {tr(lang::LEVEL_NOW)}" "{move || printed(now.get())}
                    </span>
                </li>
            }
        })
        .collect_view()
        .into_any()
}

/// This kind's levels, easy to hard, each a button that opens it (`open`) and what the reader has
/// solved it in.
fn levels_list<M: Model, C: Compact + Copy + Send + Sync + 'static>(
    all: Vec<Arc<Opened<M, C>>>,
    progress: RwSignal<Progress>,
    now: RwSignal<Now<M, C>, LocalStorage>,
    lang: RwSignal<Lang>,
    open: impl Fn(Arc<Opened<M, C>>) + Copy + Send + Sync + 'static,
) -> AnyView {
    all.into_iter()
        .map(|opened| {
            let (id, par) = (opened.level.id.clone(), opened.level.par);
            let title = opened.level.title.clone();
            let key = id.clone();
            let fewest = move || progress.with(|p| p.get(&key).copied());
            let current = id.clone();
            let on = flag(move || now.with(|n| n.playing().is_some_and(|p| p.opened.level.id == current)));
            let solved_in = fewest.clone();
            let named: Arc<str> = id.into();
            view! {
                <li>
                    <button data-action="level-open" data-level=named aria-pressed=text(move || on.get().to_string())
                        on:click=click(move || open(opened.clone()))>
                        {text(move || pick(lang.get(), &title))}
                    </button>
                    " "
                    <span class="kv-level-progress" data-state="level-progress"
                        data-solved=text(move || solved_in().map_or_else(String::new, |f| f.to_string()))>
                        {text(move || lang::level_progress(lang.get(), fewest(), par))}
                    </span>
                </li>
            }
        })
        .collect_view()
        .into_any()
}

/// What the panel says above the level: a level the page asked for that does not open, a level
/// the reader left, a forbidden action tried.
fn notices<M: Model, C: 'static>(
    now: RwSignal<Now<M, C>, LocalStorage>,
    forbid: RwSignal<Forbidden>,
    lang: RwSignal<Lang>,
) -> AnyView {
    let refused = text(move || {
        now.with(|n| match n {
            Now::Refused(why) => lang::level_refused(lang.get(), why),
            _ => String::new(),
        })
    });
    let forbidden = text(move || {
        let why = forbid.with(|f| f.1.and_then(|tried| f.0.iter().find(|f| f.0 == tried).cloned()));
        why.map_or_else(String::new, |(_, ja, en)| lang::level_forbidden_tried(lang.get(), lang.get().pick(&ja, &en)))
    });
    let left = text(move || {
        now.with(|n| match n {
            Now::Left(title) => lang::level_left(lang.get(), &pick(lang.get(), title)),
            _ => String::new(),
        })
    });
    view! {
        <p class="kv-part-failed" role="alert" data-state="level-refused" hidden=flag(move || refused.get().is_empty())>
            {refused}
        </p>
        <p class="kv-hint" role="status" data-state="level-left" hidden=flag(move || left.get().is_empty())>
            {left}
        </p>
        <p class="kv-part-failed" role="status" data-state="level-forbidden"
            hidden=flag(move || forbidden.get().is_empty())>
            {forbidden}
        </p>
    }
    .into_any()
}

/// At the demo's top while a level is played (`Demo::strip`): its name and how many of its checks
/// hold, with a button that brings the checklist (`list`, its id) into view and focus. It stays at
/// the top of the screen while the demo scrolls under it (the stylesheet's `.kv-level-strip`).
fn strip(lang: RwSignal<Lang>, title: &Words, checks: Memo<Checks>, list: String) -> AnyView {
    let title = title.clone();
    let named = text(move || pick(lang.get(), &title));
    // `try_`: the panel's count may go before the header does, as the demo leaves the page.
    let counted = text(move || {
        let (holds, of) = checks.try_with(|c| (c.0.iter().filter(|(_, h)| *h).count(), c.0.len())).unwrap_or_default();
        lang::level_checks(lang.get(), holds, of)
    });
    view! {
        <p class="kv-level-strip" data-state="level-strip">
            <span>{tr(lang::LEVEL_STRIP)}" "<strong data-state="level-name">{named}</strong></span>
            <button data-action="level-checks" on:click=click(move || bring_into_view(&list))>{counted}</button>
        </p>
    }
    .into_any()
}

/// Scrolls the element with this id into view and gives it the focus (a keyboard reader lands on
/// the checklist), through `Reflect`, whose glue every part has.
fn bring_into_view(id: &str) {
    let Some(element) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) else {
        return;
    };
    let element = JsValue::from(element);
    for method in ["scrollIntoView", "focus"] {
        let called = js_sys::Reflect::get(&element, &method.into()).ok();
        if let Some(f) = called.and_then(|f| wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(f).ok()) {
            let _ = f.call0(&element);
        }
    }
}

/// The demo's own picture of the moment the solution reaches, smaller, beside the reader's: the
/// demo itself opened there as a level's goal (`Place::goal`), which draws its picture alone, made
/// again when the reader switches language. It draws no control (`Demo::goal`), and takes no
/// input (`inert`).
///
/// Through the demo's own component, which the folds part calls anyway (a share link's demo): a
/// signal or context of the demo's types made here, or a call to its picture component, would be
/// code the chapter's first load shares with this part (see `panel`).
fn goal_picture<M: Model, C: Copy + Send + Sync + 'static>(
    demo: Demo<M>,
    config: C,
    goal: impl Fn() -> Session<M> + Send + Sync + 'static,
    draw: fn(Lang, Place, Opening<C, M>) -> AnyView,
) -> impl IntoView {
    let lang = use_lang();
    let drawn = move || {
        let place = Place { nth: demo.nth, goal: true, ..Place::default() };
        draw(lang.get(), place, Opening { config, session: goal(), notice: None })
    };
    view! {
        <figure class="kv-goal-pic" data-state="level-goal-picture">
            <figcaption class="kv-hint">{tr(lang::LEVEL_GOAL_PICTURE)}</figcaption>
            <div inert="">{drawn}</div>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::levels;
    use kubevol_levels::{AnyLevel, BUILTIN};

    /// A level's JSON as the script API's module and the book's build write it, for its own kind.
    fn form_of(json: &str) -> Result<String, String> {
        let value: serde_json::Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
        use crate::kind::Declared;
        crate::kinds::with_demo!(AnyLevel::kind_of(&value)?, K => form::write(K::SCENARIOS, json))
    }

    /// `levels.forms` is what the built-in levels' files write, in their order: run
    /// `KUBEVOL_WRITE_GOLDEN=1 cargo test -p kubevol-ui --lib practice` after changing a level.
    #[test]
    fn the_built_in_forms_are_the_levels_files() {
        let forms: Vec<String> =
            BUILTIN.iter().map(|(id, json)| form_of(json).unwrap_or_else(|e| panic!("{id}: {e}"))).collect();
        let written = forms.join(&form::BETWEEN.to_string()) + "\n";
        if std::env::var_os("KUBEVOL_WRITE_GOLDEN").is_some() {
            std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/src/practice/levels.forms"), &written).unwrap();
        }
        assert!(
            FORMS == written,
            "levels.forms is not what the levels' files write (KUBEVOL_WRITE_GOLDEN=1 writes it)"
        );
    }

    fn opens(id: &str) -> Result<(), String> {
        let csi = read(&levels::<crate::csi::Csi>(), id).map(drop);
        let sts = read(&levels::<crate::statefulset::StatefulSet>(), id).map(drop);
        let topology = read(&levels::<crate::topology::Topology>(), id).map(drop);
        match [csi, sts, topology] {
            [Ok(()), Err(_), Err(_)] | [Err(_), Ok(()), Err(_)] | [Err(_), Err(_), Ok(())] => Ok(()),
            other => Err(format!("{id}: {other:?}")),
        }
    }

    /// Every built-in level opens in the demo of its kind, at a start its controls make, and in
    /// no other demo; read from its form, it is the level its file says.
    #[test]
    fn every_built_in_level_opens_in_its_demo_and_no_other() {
        for (id, _) in BUILTIN {
            opens(id).unwrap();
        }
        let counts = [
            builtin(&levels::<crate::csi::Csi>()).len(),
            builtin(&levels::<crate::statefulset::StatefulSet>()).len(),
            builtin(&levels::<crate::topology::Topology>()).len(),
        ];
        assert_eq!(counts.iter().sum::<usize>(), BUILTIN.len(), "{counts:?}");
        let err = read(&levels::<crate::statefulset::StatefulSet>(), "csi-move-to-node-b").map(drop).unwrap_err();
        assert_eq!(err, "kind: this is a statefulset demo, not \"csi\"");
        // The form keeps what the file says, and the start and solution the demo plays.
        let file = match AnyLevel::read(&serde_json::from_str(BUILTIN[1].1).unwrap()).unwrap() {
            AnyLevel::Csi(level) => level,
            _ => unreachable!("{} is a CSI level", BUILTIN[1].0),
        };
        let opened = read(&levels::<crate::csi::Csi>(), BUILTIN[1].0).unwrap();
        let level = &opened.level;
        assert_eq!(
            (&level.id, &level.title, &level.intro, &level.hints),
            (&file.id, &file.title, &file.intro, &file.hints)
        );
        assert_eq!(level.par, file.par);
        assert!(same(&level.solution, &file.solution) && same(&level.setup, &file.setup));
        let checks = |l: &kubevol_levels::Level<_>| {
            l.goal.iter().map(|c| (c.kubectl.clone(), c.prints.clone())).collect::<Vec<_>>()
        };
        assert_eq!(checks(level), checks(&file));
        // The level's start as the demo plays it: its own start, then the level's actions.
        let mut session = (levels::<crate::csi::Csi>().scenarios.start)(opened.config);
        for action in &opened.start {
            session.dispatch(action.clone());
        }
        assert!(same(session.history().1, &file.start[..]));
    }

    /// What does not open is refused with the path of what is wrong.
    #[test]
    fn a_level_that_does_not_open_says_where_it_is_wrong() {
        let said = |asked: &str| read(&levels::<crate::csi::Csi>(), asked).map(drop).unwrap_err();
        assert!(said("csi-nothing").starts_with("level: no built-in level is called \"csi-nothing\""));
        assert!(said("{\"id\": 1}").contains("read by the page's script"), "{}", said("{"));
        let written = |json: &str| form_of(json).unwrap_err();
        assert!(written("{\"id\": ").starts_with("not JSON") || written("{\"id\": ").contains("EOF"));
        let mut level: serde_json::Value = serde_json::from_str(BUILTIN[1].1).unwrap();
        level["start"]["actions"][0]["node"] = "node-c".into();
        assert_eq!(written(&level.to_string()), "start.actions[0]: the demo refuses it: there is no node node-c");
        level["start"]["actions"] = serde_json::json!([]);
        // A check's command is read by the demo, from the form: the script API's module writes it.
        level["goal"][0]["kubectl"] = "get flowers".into();
        assert_eq!(
            said(&form_of(&level.to_string()).unwrap()),
            "goal[0].kubectl: error: the server doesn't have a resource type \"flowers\""
        );
        level["kind"] = "volumes".into();
        assert_eq!(written(&level.to_string()), "kind: \"volumes\" is not a demo (csi, statefulset, topology)");
        let json = BUILTIN[1].1;
        assert_eq!(
            form::write(levels::<crate::statefulset::StatefulSet>().scenarios, json).unwrap_err(),
            "kind: this is a statefulset demo, not \"csi\""
        );
        // A form cut short, or of another version, is not read.
        let whole = form_of(json).unwrap();
        assert!(said(&whole[..whole.len() / 2]).starts_with("level: not a level's form"));
        assert!(said(&whole.replace(form::TAG, "kubevol-level 0")).starts_with("level: not a level's form"));
    }

    /// A level's start is a scenario as `mountDemo` takes it: without a setup, the demo's own
    /// start, as the model names it (`Model::demo_setup`) and as the demo opens at its default.
    #[test]
    fn a_start_without_a_setup_opens_at_the_demos_own_start() {
        fn own<M: Model, C: Compact + Copy>(levels: &Levels<M, C>) {
            let fresh = (levels.scenarios.start)((levels.scenarios.first)(None));
            assert!(same(fresh.history().0, &M::demo_setup()), "{}", levels.scenarios.kind.code());
            assert!(fresh.history().1.is_empty(), "{}", levels.scenarios.kind.code());
        }
        own(&levels::<crate::csi::Csi>());
        own(&levels::<crate::statefulset::StatefulSet>());
        own(&levels::<crate::topology::Topology>());
        let mut level: serde_json::Value = serde_json::from_str(BUILTIN[0].1).unwrap();
        level["start"] = serde_json::json!({"actions": []});
        level["solution"] = serde_json::json!([]);
        level["par"] = serde_json::Value::Null;
        let opened = read(&levels::<crate::csi::Csi>(), &form_of(&level.to_string()).unwrap()).unwrap();
        assert_eq!(opened.config, (levels::<crate::csi::Csi>().scenarios.first)(None));
        assert!(opened.start.is_empty());
    }
}
