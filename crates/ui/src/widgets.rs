//! Small pieces every demo uses: a group of mutually exclusive choices, the verdict line, the log and
//! the legend. They only read signals and call back; they know nothing of any model.

use leptos::prelude::*;

use crate::i18n::{self, Lang, Msg};

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
        <div class="kv-choice" role="group" aria-label=move || label.get(lang.get())>
            <span class="kv-choice-label">{move || label.get(lang.get())}</span>
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
                            {move || text.get(lang.get())}
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
            <h4 class="kv-h">{move || i18n::LOG_TITLE.get(lang.get())}</h4>
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
        <p class="kv-legend">{move || legend.get(lang.get())}</p>
        <details class="kv-simplified">
            <summary>{move || i18n::SIMPLIFIED.get(lang.get())}</summary>
            <p>{move || simplified.get(lang.get())}</p>
        </details>
    }
}
