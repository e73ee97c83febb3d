//! What a reader sees if a demo ever panics: that demo is replaced by a short message, the console
//! keeps the panic text, and the other demos on the page go on where the runtime allows.
//!
//! Every mounted demo gets an id in its reactive context. The panic hook runs on the panicking
//! call's stack, so `use_context` still finds the demo whose code was running; its host element is
//! then emptied with plain DOM calls (the reactive system of that demo may be mid-update and is
//! not trusted again).

use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use web_sys::HtmlElement;

use crate::lang::{msg, Lang, Msg};
use wasm_bindgen::JsCast;

/// What a crashed demo's host says instead of the demo.
const CRASHED: Msg = msg(
    "このデモは内部のエラーで止まった。ページを読み込み直すと元に戻る(詳細はブラウザのコンソールにある)。",
    "This demo stopped on an internal error. Reload the page to get it back (details are in the browser console).",
);

/// Whether two handles name the same element (JS identity, not equal contents).
pub(crate) fn same_node(a: &HtmlElement, b: &HtmlElement) -> bool {
    a.unchecked_ref::<web_sys::Node>().is_same_node(Some(b))
}

/// Marks the host of a demo that panicked.
pub const CRASHED_ATTR: &str = "data-kubevol-crashed";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DemoId(u32);

struct Mounted {
    id: DemoId,
    host: HtmlElement,
    owner: Owner,
    lang: Lang,
}

thread_local! {
    static MOUNTED: RefCell<Vec<Mounted>> = const { RefCell::new(Vec::new()) };
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
    static HOOKED: Cell<bool> = const { Cell::new(false) };
}

/// Called inside a demo's root owner: names the demo in its context and remembers its host.
pub fn register(host: HtmlElement, lang: Lang) {
    let id = DemoId(NEXT_ID.with(|n| n.replace(n.get() + 1)));
    provide_context(id);
    if let Some(owner) = Owner::current() {
        MOUNTED.with(|m| m.borrow_mut().push(Mounted { id, host, owner, lang }));
    }
    install_hook();
}

/// A value the root of the demo mounted in `host` provided its components (its `Demo`, its
/// settings), as they read it with `use_context`.
pub fn context_of<T: Clone + 'static>(host: &HtmlElement) -> Option<T> {
    owner_of(host)?.with(use_context::<T>)
}

/// The reactive owner of the demo mounted in `host`: what runs under it lives as long as the demo.
pub fn owner_of(host: &HtmlElement) -> Option<Owner> {
    MOUNTED.with(|m| m.borrow().iter().find(|d| same_node(&d.host, host)).map(|d| d.owner.clone()))
}

/// Forgets the demo mounted in `host` (it is being unmounted) and hands back its owner, so the
/// caller can dispose it; the registry then holds nothing of a demo that has left the page.
pub fn forget(host: &HtmlElement) -> Option<Owner> {
    MOUNTED.with(|m| {
        let mut mounted = m.borrow_mut();
        let at = mounted.iter().position(|d| same_node(&d.host, host))?;
        Some(mounted.swap_remove(at).owner)
    })
}

pub(crate) fn install_hook() {
    if HOOKED.with(|h| h.replace(true)) {
        return;
    }
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("kubevol: a demo panicked: {info}").into());
        if let Some(id) = use_context::<DemoId>() {
            replace_with_message(id);
        }
    }));
}

fn replace_with_message(id: DemoId) {
    MOUNTED.with(|m| {
        let Ok(mounted) = m.try_borrow() else { return };
        let Some(demo) = mounted.iter().find(|d| d.id == id) else { return };
        let Some(document) = demo.host.owner_document() else { return };
        let Ok(note) = document.create_element("div") else { return };
        note.set_class_name("kv kv-error");
        let _ = note.set_attribute("role", "alert");
        note.set_text_content(Some(CRASHED.get(demo.lang)));
        demo.host.set_text_content(None);
        let _ = demo.host.set_attribute(CRASHED_ATTR, "");
        let _ = demo.host.append_child(&note);
    });
}

/// Panics inside the demo mounted in `element`, as its own code would: how the tests check that
/// one broken demo leaves the page usable. Returns false when no demo is mounted there.
pub fn panic_in(element: &HtmlElement) -> bool {
    let owner = MOUNTED.with(|m| m.borrow().iter().find(|d| same_node(&d.host, element)).map(|d| d.owner.clone()));
    match owner {
        Some(owner) => owner.with(|| panic!("kubevol: panic requested through panicForTest")),
        None => false,
    }
}
