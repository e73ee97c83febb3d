//! The frame every demo sits in: the `.kv` root (in the reader's language), then kicker, title,
//! status badge and language switch, then the demo body.
//! It mirrors the book's demo frame (the same kicker, pill badge and colours) so a demo looks
//! native on a book page.

use leptos::prelude::*;

use crate::demo::{use_lang, DemoKind, Notice, Said, Striped};
use crate::lang::{self, Msg};
use crate::widgets::{click, text, tr};

/// How the badge colours the current state: the book's green / red / grey pill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Ok,
    Ng,
    Neutral,
}

impl Tone {
    pub fn code(self) -> &'static str {
        match self {
            Tone::Ok => "ok",
            Tone::Ng => "ng",
            Tone::Neutral => "neutral",
        }
    }
}

#[component]
pub fn Shell(
    /// The demo's kind, for the root's `data-kubevol-root` hook.
    kind: DemoKind,
    title: Msg,
    #[prop(into)] badge: Signal<String>,
    #[prop(into)] tone: Signal<Tone>,
    /// Said once, above the body: e.g. that the page asked for a preset this demo does not have.
    #[prop(default = None)]
    notice: Option<Notice>,
    children: Children,
) -> impl IntoView {
    let lang = use_lang();
    // With what the placeholder asked that the demo does not have (`Place::said`).
    let said = use_context::<Said>().and_then(|s| s.0);
    let notice = Notice::all([notice, said]);
    view! {
        <div class="kv" data-kubevol-root=kind.code() lang=move || lang.get().code()>
        <header class="kv-head">
            <span class="kv-kicker">{tr(lang::KICKER)}</span>
            <span class="kv-title" data-state="title">{tr(title)}</span>
            <span class="kv-badge" data-state="badge" data-tone=Signal::derive(move || tone.get().code())>
                {badge}
            </span>
            <button
                class="kv-lang"
                data-action="lang"
                aria-label=tr(lang::SWITCH_LANG_NAME)
                on:click=click(move || lang.update(|l| *l = l.other()))
            >
                {tr(lang::SWITCH_LANG)}
            </button>
        </header>
        {level_strip()}
        {notice.map(|notice| {
            view! {
                <p class="kv-notice" role="status" data-state="notice">{text(move || notice.words(lang.get()))}</p>
            }
        })}
        <div class="kv-body">{children()}</div>
        </div>
    }
}

/// While a level is played, what the Practice panel shows at the demo's top (`Demo::strip`).
fn level_strip() -> impl IntoView {
    let strip = use_context::<Striped>()?.0;
    Some(move || strip.get().map(|view| view.run()))
}
