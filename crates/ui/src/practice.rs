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

use kubevol_kubectl::Moment;
use kubevol_levels::{AnyLevel, Level, Words, BUILTIN};
use kubevol_sim::Model;
use leptos::prelude::*;

use crate::api::{history_of, Scenarios};
use crate::demo::{inside_demo, use_demo, use_lang, Demo, Started};
use crate::lang::{self, Lang};
use crate::session::Session;
use crate::widgets::{click, flag, text, tr};

/// What a kind of demo says about its levels.
pub struct Levels<M: Model, C: 'static> {
    /// The histories the demo can show: a level's start must be one.
    pub scenarios: &'static Scenarios<M, C>,
    /// The demo's own picture of its cluster, drawn from the `Demo<M>` in context: the goal's
    /// picture is the same one, drawn from the moment the solution reaches.
    pub picture: fn() -> AnyView,
}

/// The level a page asked a demo to open in (`data-level`, `mountDemo`'s `level`): a built-in
/// level's id, or a level's JSON. The demo's root provides it (`demo::provide`).
#[derive(Clone, Debug)]
pub struct Asked(pub String);

/// A level read and checked against the demo: the settings its start opens the demo with, and the
/// actions after them.
pub struct Opened<M: Model, C> {
    pub level: Level<M>,
    pub config: C,
    pub start: Vec<M::Action>,
}

/// A level from what a page gives (a built-in's id or a level's JSON), read and checked against
/// this demo, or the path of what is wrong and why.
pub fn read<M: Model, C: Copy>(levels: &Levels<M, C>, asked: &str) -> Result<Opened<M, C>, String> {
    let asked = asked.trim();
    let json = if asked.starts_with('{') {
        asked
    } else {
        let known = || BUILTIN.iter().map(|(id, _)| *id).collect::<Vec<_>>().join(", ");
        BUILTIN
            .iter()
            .find(|(id, _)| *id == asked)
            .map(|(_, json)| *json)
            .ok_or_else(|| format!("level: no built-in level is called \"{asked}\" (there are {})", known()))?
    };
    let value: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("level: not JSON: {e}"))?;
    // Only this kind's model reads it: a kind's lab part holds no other model (another's code there
    // would be shared with that kind's first load, and split it into smaller, costlier chunks).
    let code = levels.scenarios.kind.code();
    let kind = AnyLevel::kind_of(&value)?;
    if kind != code {
        return Err(format!("kind: this is a {code} demo, not \"{kind}\""));
    }
    let level = Level::<M>::read(&value)?;
    let read = history_of(levels.scenarios, None, Some(&level.setup), level.start.clone(), None)
        .map_err(|e| format!("start.{e}"))?;
    // A solution is a way a reader can take: through the demo's own controls.
    if let Some(at) = level.solution.iter().position(|a| !(levels.scenarios.offered.offers)(a)) {
        return Err(format!("solution[{at}]: no control of this demo makes this action"));
    }
    Ok(Opened { level, config: read.config, start: read.actions })
}

/// The built-in levels of this kind, easy to hard (every one opens: `practice::tests`).
fn builtin<M: Model, C: Copy>(levels: &Levels<M, C>) -> Vec<Arc<Opened<M, C>>> {
    BUILTIN.iter().filter_map(|(id, _)| read(levels, id).ok()).map(Arc::new).collect()
}

// ---- the reader's progress ----------------------------------------------------------------------

/// Where the browser keeps the reader's progress: each solved level's id and its fewest actions.
pub const PROGRESS_KEY: &str = "kubevol-levels";

type Progress = BTreeMap<String, usize>;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// What this browser keeps; nothing when storage is off or holds something else.
fn load() -> Progress {
    let kept = storage().and_then(|s| s.get_item(PROGRESS_KEY).ok().flatten());
    kept.and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default()
}

fn save(progress: &Progress) {
    if let Some(storage) = storage() {
        let _ = if progress.is_empty() {
            storage.remove_item(PROGRESS_KEY)
        } else {
            storage.set_item(PROGRESS_KEY, &serde_json::to_string(progress).unwrap_or_default())
        };
    }
}

// ---- the panel ------------------------------------------------------------------------------------

/// The level being played, and the moment the goal's picture shows.
struct Playing<M: Model, C> {
    opened: Arc<Opened<M, C>>,
    goal: Option<Session<M>>,
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

/// Two model values are the same when they write the same JSON (the model's types have no `PartialEq`).
fn same<T: serde::Serialize + ?Sized>(a: &T, b: &T) -> bool {
    kubevol_sim::json::to_json(a) == kubevol_sim::json::to_json(b)
}

/// The Practice fold's panel: the level being played, if any, then this kind's levels with what
/// the reader has solved.
pub fn panel<M: Model, C: Copy + PartialEq + Send + Sync + 'static, S: Started<C> + Copy + Send + Sync>(
    levels: &'static Levels<M, C>,
) -> AnyView {
    let (lang, demo, started) = (use_lang(), use_demo::<M>(), inside_demo::<S>());
    let playing = RwSignal::new_local(None::<Arc<Playing<M, C>>>);
    let refused = RwSignal::new(None::<String>);
    let hints = RwSignal::new(0usize);
    let progress = RwSignal::new(Progress::new());
    let all = builtin(levels);

    // `keep`: a demo opened at a share link of a moment inside this level (`mount.rs`) keeps that
    // moment; otherwise, and always on Restart, the level starts afresh.
    let open = move |opened: Arc<Opened<M, C>>, keep: bool| {
        let start = |actions: &[M::Action]| {
            let mut session = (levels.scenarios.start)(opened.config);
            for action in opened.start.iter().chain(actions) {
                session.dispatch(action.clone());
            }
            session
        };
        let goal = (!opened.level.solution.is_empty()).then(|| start(&opened.level.solution));
        let begun = start(&[]);
        let inside = keep
            && started.config() == opened.config
            && demo.session.with_untracked(|s| {
                let (mine, theirs) = (s.recorded(), begun.history());
                same(mine.0, theirs.0) && mine.1.len() >= theirs.1.len() && same(&mine.1[..theirs.1.len()], theirs.1)
            });
        if inside {
            let at = begun.position().0;
            demo.session.update(|s| s.stop_at(at));
        } else {
            let mut session = begun;
            session.stop_here();
            started.set(opened.config);
            demo.restart(session);
        }
        hints.set(0);
        refused.set(None);
        demo.level.set(Some(opened.level.id.clone()));
        playing.set(Some(Arc::new(Playing { opened, goal })));
    };
    // The level the page asked for: checked when the demo mounted, so it opens; said if not.
    if let Some(Asked(asked)) = use_context::<Asked>() {
        match read(levels, &asked) {
            Ok(opened) => open(Arc::new(opened), true),
            Err(why) => refused.set(Some(why)),
        }
    }
    // The browser's own record, read once the demo is live (a page rendered at build has none).
    Effect::new(move |_| progress.set(load()));

    let checks = Memo::new(move |_| {
        playing.with(|p| {
            p.as_ref().map_or_else(Vec::new, |p| {
                demo.with(|s| {
                    let (setup, actions) = s.history();
                    p.opened.level.checks(&Moment::replay::<M>(setup, actions))
                })
            })
        })
    });
    let solved = Memo::new(move |_| checks.with(|c| !c.is_empty() && c.iter().all(|(_, holds)| *holds)));
    let taken = Memo::new(move |_| demo.with(|s| s.since_stop()));
    // Solved after an action: kept, with the fewest actions it has taken.
    Effect::new(move |_| {
        if !solved.get() {
            return;
        }
        let Some(id) = playing.with_untracked(|p| p.as_ref().map(|p| p.opened.level.id.clone())) else { return };
        let mut kept = load();
        let fewest = kept.get(&id).map_or(taken.get_untracked(), |&f| f.min(taken.get_untracked()));
        kept.insert(id, fewest);
        save(&kept);
        progress.set(kept);
    });

    let level = move || {
        let p = playing.get()?;
        let level = &p.opened.level;
        let (id, par) = (level.id.clone(), level.par);
        let title = level.title.clone();
        let intro = level.intro.clone();
        let goal = level.goal.clone();
        let all_hints = level.hints.clone();
        let count = all_hints.len();
        let again = p.opened.clone();
        let items = goal
            .into_iter()
            .enumerate()
            .map(|(at, check)| {
                let holds = Memo::new(move |_| checks.with(|c| c.get(at).is_some_and(|(_, h)| *h)));
                let now = text(move || {
                    let printed = checks.with(|c| c.get(at).map_or_else(String::new, |(p, _)| p.trim().into()));
                    if printed.is_empty() {
                        lang::LEVEL_PRINTS_NOTHING.get(lang.get()).into()
                    } else {
                        printed
                    }
                });
                let mark = move || if holds.get() { "✓" } else { "○" };
                view! {
                    <li data-goal=at.to_string() data-holds=move || holds.get().to_string()>
                        <span class="kv-goal-mark" aria-hidden="true">{mark}</span>
                        <code>"kubectl "{check.kubectl.clone()}</code>
                        " → "{printed(check.prints.trim().to_string())}
                        <span class="kv-goal-now" hidden=flag(move || holds.get())>
                            {tr(lang::LEVEL_NOW)}" "{move || printed(now.get())}
                        </span>
                    </li>
                }
            })
            .collect_view();
        let shown_hints = move || {
            all_hints
                .iter()
                .take(hints.get())
                .map(|h| {
                    let h = h.clone();
                    view! { <li data-state="level-hint">{text(move || pick(lang.get(), &h))}</li> }
                })
                .collect_view()
        };
        let goal_picture = p.goal.clone().map(|goal| goal_picture(demo, goal, levels.picture));
        Some(view! {
            <section class="kv-level" data-level=id>
                <p class="kv-h">{text(move || pick(lang.get(), &title))}</p>
                <p class="kv-paragraph">{text(move || pick(lang.get(), &intro))}</p>
                <p class="kv-hint">{tr(lang::LEVEL_GOAL)}</p>
                <ul class="kv-goal">{items}</ul>
                <p class="kv-level-solved" role="status" data-state="level-solved" hidden=flag(move || !solved.get())>
                    {text(move || lang::level_solved(lang.get(), taken.get(), par))}
                </p>
                <ol class="kv-hints">{shown_hints}</ol>
                <div class="kv-buttons">
                    <button data-action="level-hint" disabled=flag(move || hints.get() >= count)
                        on:click=click(move || hints.update(|h| *h = (*h + 1).min(count)))>
                        {text(move || lang::level_hint(lang.get(), hints.get(), count))}
                    </button>
                    <button data-action="level-restart" on:click=click(move || open(again.clone(), false))>
                        {tr(lang::LEVEL_RESTART)}
                    </button>
                    <button data-action="level-leave" on:click=click(move || {
                        playing.set(None);
                        demo.level.set(None);
                    })>
                        {tr(lang::LEVEL_LEAVE)}
                    </button>
                </div>
                {goal_picture}
            </section>
        })
    };
    let list = all
        .into_iter()
        .map(|opened| {
            let (id, par) = (opened.level.id.clone(), opened.level.par);
            let title = opened.level.title.clone();
            let key = id.clone();
            let fewest = Memo::new(move |_| progress.with(|p| p.get(&key).copied()));
            let current = id.clone();
            let on = flag(move || playing.with(|p| p.as_ref().is_some_and(|p| p.opened.level.id == current)));
            view! {
                <li>
                    <button data-action="level-open" data-level=id aria-pressed=move || on.get().to_string()
                        on:click=click(move || open(opened.clone(), false))>
                        {text(move || pick(lang.get(), &title))}
                    </button>
                    " "
                    <span class="kv-level-progress" data-state="level-progress"
                        data-solved=move || fewest.get().map(|f| f.to_string()).unwrap_or_default()>
                        {text(move || lang::level_progress(lang.get(), fewest.get(), par))}
                    </span>
                </li>
            }
        })
        .collect_view();
    let fine = flag(move || refused.with(Option::is_none));
    view! {
        <p class="kv-part-failed" role="alert" data-state="level-refused" hidden=fine>
            {text(move || refused.get().map(|why| lang::level_refused(lang.get(), &why)).unwrap_or_default())}
        </p>
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

/// The demo's own picture of the moment the solution reaches, smaller, beside the reader's: the
/// same component, under an owner whose demo is that moment. It takes no input (`inert`): its
/// buttons are the picture's, not controls.
fn goal_picture<M: Model>(demo: Demo<M>, goal: Session<M>, picture: fn() -> AnyView) -> impl IntoView {
    let owner = Owner::current().unwrap_or_default().child();
    let drawn = owner.with(|| {
        let session = RwSignal::new(goal);
        provide_context(Demo { session, dispatch: Callback::new(|_| {}), travel: Callback::new(|_| {}), ..demo });
        picture()
    });
    // The owner lives as long as the panel's level does: dropped, it would dispose the goal's session.
    on_cleanup(move || owner.cleanup());
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

    fn opens(id: &str) -> Result<(), String> {
        let csi = read(&crate::csi::LEVELS, id).map(drop);
        let sts = read(&crate::statefulset::LEVELS, id).map(drop);
        let topology = read(&crate::topology::LEVELS, id).map(drop);
        match [csi, sts, topology] {
            [Ok(()), Err(_), Err(_)] | [Err(_), Ok(()), Err(_)] | [Err(_), Err(_), Ok(())] => Ok(()),
            other => Err(format!("{id}: {other:?}")),
        }
    }

    /// Every built-in level opens in the demo of its kind, at a start its controls make, and in
    /// no other demo; the demo's session at its start is the level's own start.
    #[test]
    fn every_built_in_level_opens_in_its_demo_and_no_other() {
        for (id, _) in BUILTIN {
            opens(id).unwrap();
        }
        let kinds = [crate::csi::LEVELS.scenarios.kind, crate::statefulset::LEVELS.scenarios.kind];
        assert_eq!(
            builtin(&crate::csi::LEVELS).len()
                + builtin(&crate::statefulset::LEVELS).len()
                + builtin(&crate::topology::LEVELS).len(),
            BUILTIN.len(),
            "{kinds:?}"
        );
        let err = read(&crate::statefulset::LEVELS, "csi-move-to-node-b").map(drop).unwrap_err();
        assert_eq!(err, "kind: this is a statefulset demo, not \"csi\"");
    }

    /// What does not open is refused with the path of what is wrong.
    #[test]
    fn a_level_that_does_not_open_says_where_it_is_wrong() {
        let said = |asked: &str| read(&crate::csi::LEVELS, asked).map(drop).unwrap_err();
        assert!(said("csi-nothing").starts_with("level: no built-in level is called \"csi-nothing\""));
        assert!(said("{\"id\": ").starts_with("level: not JSON: "), "{}", said("{\"id\": "));
        let mut level: serde_json::Value = serde_json::from_str(BUILTIN[1].1).unwrap();
        level["start"]["actions"][0]["node"] = "node-c".into();
        assert_eq!(said(&level.to_string()), "start.actions[0]: the demo refuses it: there is no node node-c");
        level["start"]["actions"] = serde_json::json!([]);
        level["goal"][0]["kubectl"] = "get flowers".into();
        assert_eq!(
            said(&level.to_string()),
            "goal[0].kubectl: error: the server doesn't have a resource type \"flowers\""
        );
        level["kind"] = "volumes".into();
        assert_eq!(said(&level.to_string()), "kind: \"volumes\" is not a demo (csi, statefulset, topology)");
    }
}
