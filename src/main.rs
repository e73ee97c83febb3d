//! The browser entry point: the one wasm module every page loads, the gallery and book pages alike.
//!
//! On start it mounts a demo into every `[data-kubevol-demo]` placeholder on the page; `mount` lets a
//! page's own script mount one into an element it chooses.

use wasm_bindgen::prelude::*;

fn main() {
    kubevol_ui::mount_all();
}

/// Mounts demo `kind` ("csi", ...) in `lang` ("ja" or "en") into `element`. A malformed request
/// shows a message in the element and is returned as an error.
#[wasm_bindgen]
pub fn mount(element: web_sys::HtmlElement, kind: &str, lang: Option<String>) -> Result<(), JsError> {
    kubevol_ui::mount_into(element, Some(kind), lang.as_deref()).map_err(|e| JsError::new(&e))
}

/// Panics inside the demo mounted in `element`, to check that one broken demo leaves the rest of
/// the page working (see tests/e2e). Returns false when no demo is mounted there.
#[wasm_bindgen(js_name = panicForTest)]
pub fn panic_for_test(element: web_sys::HtmlElement) -> bool {
    kubevol_ui::boundary::panic_in(&element)
}
