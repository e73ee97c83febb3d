//! The frame every demo sits in: the `.kv` root (in the reader's language), then kicker, title,
//! status badge and language switch, then the demo body.
//! It mirrors the book's demo frame (the same kicker, pill badge and colours) so a demo looks
//! native on a book page.

use leptos::prelude::*;

use crate::demo::{use_lang, DemoKind, Notice, Striped};
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

/// While a level is played: its name and how many of its checks hold, at the demo's top with the
/// cluster, and a button that brings the checklist (in the Practice panel) into view and focus.
fn level_strip() -> impl IntoView {
    let lang = use_lang();
    let strip = use_context::<Striped>()?.0;
    // Drawn again when another level opens, its count read as it changes.
    let opened = Memo::new(move |_| strip.with(|s| s.as_ref().map(|s| (s.title.clone(), s.list.clone()))));
    let shown = move || {
        let (title, list) = opened.get()?;
        let named = text(move || lang.get().pick(&title.0, &title.1).clone());
        let counted = text(move || {
            let (holds, of) = strip.with(|s| s.as_ref().map_or((0, 0), |s| s.checks));
            lang::level_checks(lang.get(), holds, of)
        });
        Some(view! {
            <p class="kv-level-strip" data-state="level-strip">
                <span>{tr(lang::LEVEL_STRIP)}" "<strong data-state="level-name">{named}</strong></span>
                <button data-action="level-checks" on:click=click(move || bring_into_view(&list))>{counted}</button>
            </p>
        })
    };
    Some(shown)
}

/// Scrolls the element with this id into view and gives it the focus (a keyboard reader lands on
/// the checklist). Through `Reflect`, whose glue every part has: two more web-sys methods would be
/// the first load's.
fn bring_into_view(id: &str) {
    let Some(element) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) else {
        return;
    };
    let element = wasm_bindgen::JsValue::from(element);
    for method in ["scrollIntoView", "focus"] {
        let called = js_sys::Reflect::get(&element, &method.into()).ok();
        if let Some(f) = called.and_then(|f| wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(f).ok()) {
            let _ = f.call0(&element);
        }
    }
}
