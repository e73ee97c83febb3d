//! What the demos' wasm offers `web/kubevol.js`: `mount` and `unmount` for one element, the number
//! of demos it holds, and `panicForTest`. The loader decides which elements to mount and notices
//! when one leaves the page, so the wasm never scans the page on its own.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::mount::{mount_into, mounted_count, unmount_from, Scripted};

/// Readies the wasm for the page: a panic from now on replaces its demo with a message.
pub fn start() {
    crate::boundary::install_hook();
}

/// Mounts demo `kind` ("csi", ...) in `lang` ("ja" or "en") into `element`, once its part of the
/// wasm is there. A malformed request shows a message in the element and is an error; so is a
/// part that cannot be fetched (the element is then marked `data-kubevol-failed`). A page's
/// script may open it at a `history` the API's module read a scenario into, or at its default
/// with the module's `fault`: what is wrong with the scenario (`mount::Scripted`); or in a
/// `level`: a built-in's id, or the form the module wrote of a page's level, or `!` and what the
/// module found wrong with the page's level (either way a level the demo cannot open is an error,
/// and the demo starts at its default, saying why).
#[wasm_bindgen]
pub async fn mount(
    element: web_sys::HtmlElement,
    kind: String,
    lang: Option<String>,
    history: Option<String>,
    fault: Option<String>,
    level: Option<String>,
) -> Result<(), JsError> {
    let (level, level_fault) = match level.as_deref().map(|l| l.strip_prefix('!')) {
        Some(Some(fault)) => (None, Some(fault.to_string())),
        _ => (level, None),
    };
    let scripted = Scripted { history, fault, level, level_fault };
    mount_into(element, Some(&kind), lang.as_deref(), Some(scripted)).await.map_err(|e| JsError::new(&e))
}

/// What the page's script asks of the demo in `element` beyond mounting it, answered by the
/// kind's lab part: `"history"`, its history for the API's module (`demo::history_link`); or
/// `"watch"`, and from then on the demo calls `tell` with its history after each action (the
/// loader has the API's module say what the action did, as `kubevol:change`).
#[wasm_bindgen]
pub async fn ask(element: web_sys::HtmlElement, question: String, tell: JsValue) -> Result<JsValue, JsError> {
    let lab = crate::mount::lab_for(&element).await.map_err(|e| JsError::new(&e))?;
    let answer = match question.as_str() {
        "history" => (lab.history)(&element).map(JsValue::from),
        // The loader's own call, always with a function.
        "watch" => (lab.watch)(&element, tell.unchecked_into()).then_some(JsValue::TRUE),
        _ => return Err(JsError::new("kubevol: ask: \"history\", or \"watch\" with a function")),
    };
    answer.ok_or_else(|| JsError::new(crate::mount::NO_DEMO))
}

/// Takes down the demo in `element` and frees everything it held. False when this module holds
/// no demo there.
#[wasm_bindgen]
pub fn unmount(element: web_sys::HtmlElement) -> bool {
    unmount_from(&element)
}

/// How many demos this module holds mounted.
#[wasm_bindgen(js_name = mountedCount)]
pub fn mounted_demos() -> u32 {
    mounted_count() as u32
}

/// Panics inside the demo mounted in `element`, to check that one broken demo leaves the rest of
/// the page working (see tests/e2e). Returns false when no demo of this module is mounted there.
#[wasm_bindgen(js_name = panicForTest)]
pub fn panic_for_test(element: web_sys::HtmlElement) -> bool {
    crate::boundary::panic_in(&element)
}
