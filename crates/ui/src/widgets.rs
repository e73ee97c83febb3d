//! Small pieces every demo uses: a group of mutually exclusive choices, the verdict line, the log and
//! the legend. They only read signals and call back; they know nothing of any model.

use leptos::prelude::*;

use crate::i18n::{self, Lang, Msg};

/// A catalogue text that follows the reader's language. Every static label goes through this one
/// function, so they all share one closure type: each distinct closure would otherwise bring its
/// own copy of Leptos's rendering code into the wasm.
pub fn tr(lang: RwSignal<Lang>, msg: Msg) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    move || msg.get(lang.get())
}

/// A click handler. Every button's handler is boxed into this one type, so Leptos attaches them all
/// with one copy of its listener code instead of one copy per closure.
pub type Click = Box<dyn FnMut(leptos::ev::MouseEvent)>;

pub fn click(f: impl Fn() + 'static) -> Click {
    Box::new(move |_| f())
}

/// The one way a demo's controls change its model: apply the action to the session in the signal.
pub fn dispatcher<M: kubevol_sim::Model>(session: RwSignal<crate::session::Session<M>>) -> Callback<M::Action> {
    Callback::new(move |action: M::Action| {
        session.update(|s| {
            s.dispatch(action);
        })
    })
}

/// A reactive text. Every dynamic text in the demos is a `Signal<String>` made here: Leptos then
/// renders them all with one copy of its code, where each distinct closure would bring its own.
pub fn text(f: impl Fn() -> String + Send + Sync + 'static) -> Signal<String> {
    Signal::derive(f)
}

/// The accessible name of a control that acts on one thing, e.g. "Attach (node-a)": the visible
/// label alone would read the same on every node or ordinal.
pub fn named(lang: RwSignal<Lang>, msg: Msg, name: String) -> Signal<String> {
    text(move || format!("{} ({name})", msg.get(lang.get())))
}

/// A reactive flag, for `hidden`, `class:` and `aria-pressed`; see [`text`].
pub fn flag(f: impl Fn() -> bool + Send + Sync + 'static) -> Signal<bool> {
    Signal::derive(f)
}

/// One line of a list read-out (the log, the CSI calls, Pending pods...): its text, a class
/// (`""`, `kv-muted`, `kv-refused`) and, where a test or a reader needs to find it, the pod it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub class: &'static str,
    pub pod: Option<String>,
}

impl Line {
    pub fn plain(text: String) -> Line {
        Line { text, class: "", pod: None }
    }

    pub fn muted(text: &str) -> Line {
        Line { text: text.to_string(), class: "kv-muted", pod: None }
    }

    /// The lines, or one muted line saying there are none.
    pub fn or_none(lines: Vec<Line>, none: &str) -> Vec<Line> {
        if lines.is_empty() {
            vec![Line::muted(none)]
        } else {
            lines
        }
    }
}

/// A list read-out marked `data-state=<state>`.
#[component]
pub fn Lines(#[prop(into)] lines: Signal<Vec<Line>>, class: &'static str, state: &'static str) -> impl IntoView {
    view! {
        <ul class=class data-state=state>
            {move || {
                lines.get().into_iter().map(|l| view! { <li class=l.class data-pod=l.pod>{l.text}</li> }).collect_view()
            }}
        </ul>
    }
}

/// A labelled row of buttons, one pressed: `data-action=<action> data-value=<value>` each.
#[component]
pub fn Choice(
    lang: RwSignal<Lang>,
    label: Msg,
    action: &'static str,
    options: Vec<(&'static str, Msg)>,
    #[prop(into)] selected: Signal<&'static str>,
    on_choose: Callback<&'static str>,
) -> impl IntoView {
    view! {
        <div class="kv-choice" role="group" aria-label=tr(lang, label)>
            <span class="kv-choice-label">{tr(lang, label)}</span>
            {options
                .into_iter()
                .map(|(value, text)| {
                    view! {
                        <button
                            data-action=action
                            data-value=value
                            aria-pressed=move || (selected.get() == value).to_string()
                            on:click=click(move || on_choose.run(value))
                        >
                            {tr(lang, text)}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// The one-line explanation of the current state; announced to screen readers when it changes.
#[component]
pub fn Verdict(#[prop(into)] text: Signal<String>, #[prop(into)] refused: Signal<bool>) -> impl IntoView {
    view! {
        <p class="kv-verdict" class:kv-refused=refused data-state="verdict" role="status" aria-live="polite">
            {text}
        </p>
    }
}

/// The recent log, newest first; refused actions are marked.
#[component]
pub fn Log(lang: RwSignal<Lang>, #[prop(into)] lines: Signal<Vec<(String, bool)>>) -> impl IntoView {
    let lines = Signal::derive(move || {
        let lines = lines.get().into_iter().map(|(text, refused)| Line {
            text,
            class: if refused { "kv-refused" } else { "" },
            pod: None,
        });
        Line::or_none(lines.collect(), i18n::LOG_EMPTY.get(lang.get()))
    });
    view! {
        <section class="kv-log-box">
            <p class="kv-h">{tr(lang, i18n::LOG_TITLE)}</p>
            <Lines lines=lines class="kv-log" state="log"/>
        </section>
    }
}

/// The short legend and, folded, what the model simplifies.
#[component]
pub fn Legend(lang: RwSignal<Lang>, legend: Msg, simplified: Msg) -> impl IntoView {
    view! {
        <p class="kv-legend">{tr(lang, legend)}</p>
        <details class="kv-simplified">
            <summary>{tr(lang, i18n::SIMPLIFIED)}</summary>
            <p>{tr(lang, simplified)}</p>
        </details>
    }
}
