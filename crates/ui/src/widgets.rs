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
                            on:click=move |_| on_choose.run(value)
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
        <p class="kv-verdict" class:kv-refused=move || refused.get() data-state="verdict" role="status" aria-live="polite">
            {move || text.get()}
        </p>
    }
}

/// The recent log, newest first; refused actions are marked.
#[component]
pub fn Log(lang: RwSignal<Lang>, #[prop(into)] lines: Signal<Vec<(String, bool)>>) -> impl IntoView {
    view! {
        <section class="kv-log-box">
            <p class="kv-h">{tr(lang, i18n::LOG_TITLE)}</p>
            <ul class="kv-log" data-state="log">
                {move || {
                    let lines = lines.get();
                    if lines.is_empty() {
                        view! { <li class="kv-muted">{i18n::LOG_EMPTY.get(lang.get())}</li> }.into_any()
                    } else {
                        lines
                            .into_iter()
                            .map(|(text, refused)| view! { <li class:kv-refused=refused>{text}</li> })
                            .collect_view()
                            .into_any()
                    }
                }}
            </ul>
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
