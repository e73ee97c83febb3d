//! What the demos' wasm offers `web/kubevol.js`: `mount` and `unmount` for one element, the number
//! of demos it holds, and `panicForTest`. The loader decides which elements to mount and notices
//! when one leaves the page, so the wasm never scans the page on its own.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::mount::{mount_into, mounted_count, unmount_from};

/// Readies the wasm for the page: a panic from now on replaces its demo with a message.
pub fn start() {
    crate::boundary::install_hook();
}

/// Mounts demo `kind` ("csi", ...) in `lang` ("ja" or "en") into `element`, once its part of the
/// wasm is there, at `scenario` if the page passed one (`api.rs`; `undefined` for none). A
/// malformed request shows a message in the element and is an error; so is a part that cannot be
/// fetched (the element is then marked `data-kubevol-failed`), and a scenario the demo cannot show
/// (the demo then starts at its default and says why).
#[wasm_bindgen]
pub async fn mount(
    element: web_sys::HtmlElement,
    kind: String,
    lang: Option<String>,
    scenario: JsValue,
) -> Result<(), JsError> {
    let scenario = (!scenario.is_undefined()).then_some(scenario);
    mount_into(element, Some(&kind), lang.as_deref(), scenario).await.map_err(|e| JsError::new(&e))
}

/// What the page's script asks of the demo in `element` beyond mounting it (`api.rs`), through
/// one export: `"state"`, the moment it shows as `{kind, moment, setup, actions, state}`; or
/// `"watch"`, and from then on the demo calls `tell` with what each action did (the loader
/// dispatches it as `kubevol:change`).
#[wasm_bindgen]
pub async fn ask(element: web_sys::HtmlElement, question: String, tell: JsValue) -> Result<JsValue, JsError> {
    let api = crate::mount::api_for(&element).await.map_err(|e| JsError::new(&e))?;
    let answer = match (question.as_str(), tell.dyn_into::<js_sys::Function>()) {
        ("state", _) => (api.state)(&element),
        ("watch", Ok(tell)) => (api.watch)(&element, tell).then_some(JsValue::TRUE).ok_or(crate::mount::NO_DEMO.into()),
        _ => Err("kubevol: ask: \"state\", or \"watch\" with a function".into()),
    };
    answer.map_err(|e| JsError::new(&e))
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
