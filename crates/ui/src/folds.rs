//! Everything a demo offers beyond the chapter's own demo, one labelled click away.
//!
//! A demo ends with a row of folds ("ほかの設定", "kubectl で見ると", "記録と共有", ...): each a
//! button with `aria-expanded` that shows or hides its panel below the row. A row of buttons
//! rather than a column of `<details>` keeps the first screen as short as the book's own demo. A
//! panel's view is in its kind's lab part (`parts.rs`; `Lab::folds` names each fold's view),
//! so a fold costs the first screen its toggle alone: the first opening of any fold fetches that
//! part, saying so in the panel meanwhile; if the part cannot be fetched the panel says that, with
//! a button to try again, and the rest of the demo keeps working. A page's `data-view="lab"` opens
//! every fold at once.

use leptos::prelude::*;

use crate::demo::Place;
use crate::lang::{self, Msg};
use crate::parts::{KindParts, Lab, View};
use crate::widgets::{click, flag, tr};

/// One fold: its name (the toggle's `data-action`, the panel's `data-state`, and what its kind's
/// lab part knows its view by) and its label.
#[derive(Clone, Copy)]
pub struct Fold {
    pub name: &'static str,
    pub label: Msg,
    /// Whether its panel is shown: the reader's choice, or open from the start in the lab view.
    pub open: RwSignal<bool>,
}

impl Fold {
    pub fn new(name: &'static str, label: Msg) -> Fold {
        Fold { name, label, open: RwSignal::new(false) }
    }
}

/// Where a panel's part stands.
#[derive(Clone, Copy)]
enum Loaded {
    NotYet,
    Fetching,
    Ready(View),
    Failed,
}

/// The row of toggles, then the panels of the open folds, in the row's order. With `lab` every
/// fold starts open (and fetches its part at once). The ids that tie a toggle to its panel name
/// the demo by its kind and place on the page, as a share link does: a page rendered at build
/// time and the live demo over it give them the same ids, however many demos were built before.
pub fn folds(folds: Vec<Fold>, kind: KindParts, place: &Place) -> impl IntoView {
    let (row, lab) = (format!("{}-{}", kind.kind.code(), place.nth), place.lab);
    let panels: Vec<_> = folds.iter().map(|f| (*f, RwSignal::new(Loaded::NotYet))).collect();
    let toggles = panels
        .iter()
        .map(|&(fold, loaded)| {
            let id = format!("kv-fold-{row}-{}", fold.name);
            view! {
                <button
                    class="kv-fold"
                    data-action=fold.name
                    aria-controls=id
                    aria-expanded=move || fold.open.get().to_string()
                    on:click=click(move || {
                        fold.open.update(|open| *open = !*open);
                        fetch(fold, kind, loaded, false);
                    })
                >
                    {tr(fold.label)}
                </button>
            }
        })
        .collect_view();
    // A demo opened in a level shows it: the Practice fold is open from the start.
    let level = place.level.is_some();
    let shown = panels.into_iter().map(move |(fold, loaded)| {
        let practice = level && fold.name == "practice";
        if lab || practice {
            fold.open.set(true);
            fetch(fold, kind, loaded, practice);
        }
        let first = if practice { built_now(loaded) } else { None };
        panel(fold, kind, loaded, format!("kv-fold-{row}-{}", fold.name), first)
    });
    view! {
        <div class="kv-folds" role="group" aria-label=tr(lang::FOLDS)>{toggles}</div>
        {shown.collect_view()}
    }
}

/// The Practice panel of a demo opened in a level, built as the demo is, before anything of it is
/// drawn: the panel opens the level, which the demo's header names (`demo::Strip`) above the
/// folds, so the first screen (at a book's build and live alike) has the level's strip. Its part
/// is at hand by then (`fetch`, with `level`).
fn built_now(loaded: RwSignal<Loaded>) -> Option<First> {
    match loaded.get_untracked() {
        Loaded::Ready(view) => Some(First(std::sync::Arc::new(std::sync::Mutex::new(Some(view()))))),
        _ => None,
    }
}

/// A panel's view built before it is drawn (`built_now`), drawn once in place of a new one.
#[derive(Clone)]
struct First(std::sync::Arc<std::sync::Mutex<Option<AnyView>>>);

/// Fetches a fold's view, from its kind's lab part, if it is open and not fetched (or fetching)
/// yet. `level`: the fold is the Practice fold of a demo opened in a level, whose part the page
/// fetched before mounting it. A name the part has no view for says the part failed (every fold of
/// every kind opens in the browser tests).
fn fetch(fold: Fold, kind: KindParts, loaded: RwSignal<Loaded>, level: bool) {
    let view = move |lab: Lab| (lab.folds)(fold.name).map_or(Loaded::Failed, Loaded::Ready);
    if !fold.open.get_untracked() || matches!(loaded.get_untracked(), Loaded::Fetching | Loaded::Ready(_)) {
        return;
    }
    loaded.set(Loaded::Fetching);
    // A level's panel is drawn at once: the page fetched the lab part before mounting the demo
    // (`mount.rs`), and a book's build has every part at hand, so the part's future is ready when
    // first asked.
    let mut part = (kind.lab)();
    if level {
        let mut ready = std::task::Context::from_waker(std::task::Waker::noop());
        if let std::task::Poll::Ready(Ok(lab)) = part.as_mut().poll(&mut ready) {
            loaded.set(view(lab));
            return;
        }
    }
    // Rendered at build time (`render.rs`), a lab view's open folds say their parts are loading,
    // as the live demo's first render does: the parts are the browser's to fetch.
    if cfg!(not(feature = "csr")) {
        return;
    }
    leptos::task::spawn_local(async move {
        let now = match part.await {
            Ok(lab) => view(lab),
            Err(_) => Loaded::Failed,
        };
        // `try_`: the demo may have left the page while the part was on its way.
        loaded.try_set(now);
    });
}

fn panel(fold: Fold, kind: KindParts, loaded: RwSignal<Loaded>, id: String, first: Option<First>) -> impl IntoView {
    let retry = move || {
        loaded.set(Loaded::NotYet);
        fetch(fold, kind, loaded, false);
    };
    view! {
        <section class="kv-fold-panel" id=id data-state=fold.name hidden=flag(move || !fold.open.get())>
            <p class="kv-h">{tr(fold.label)}</p>
            {move || match loaded.get() {
                Loaded::Ready(view) => first.as_ref().and_then(|f| f.0.lock().ok()?.take()).unwrap_or_else(view),
                Loaded::NotYet => ().into_any(),
                Loaded::Fetching => {
                    view! { <p class="kv-hint" role="status" data-state="part-loading">{tr(lang::PART_LOADING)}</p> }
                        .into_any()
                }
                Loaded::Failed => view! {
                    <p class="kv-part-failed" role="alert" data-state="part-failed">
                        {tr(lang::PART_FAILED)}" "
                        <button data-action="retry" on:click=click(retry)>{tr(lang::RETRY)}</button>
                    </p>
                }
                .into_any(),
            }}
        </section>
    }
}
