//! What a wasm module offers `web/kubevol.js`: `mount` and `unmount` for one element, the number
//! of demos it holds, and `panicForTest`. Each module (`src/main.rs` with every demo, `src/bin/*.rs`
//! with one kind each) starts it with the demos it carries. The loader decides which elements to
//! mount and notices when one leaves the page, so a module never scans the page on its own.

use std::cell::Cell;

use wasm_bindgen::prelude::*;

use crate::mount::{mount_into, mounted_count, unmount_from, Demos};

thread_local! {
    static CARRIED: Cell<Demos> = const { Cell::new(Demos::NONE) };
}

/// Starts a module that carries `demos`.
pub fn start(demos: Demos) {
    CARRIED.set(demos);
}

/// Mounts demo `kind` ("csi", ...) in `lang` ("ja" or "en") into `element`. A malformed request
/// shows a message in the element and is returned as an error.
#[wasm_bindgen]
pub fn mount(element: web_sys::HtmlElement, kind: &str, lang: Option<String>) -> Result<(), JsError> {
    mount_into(&CARRIED.get(), element, Some(kind), lang.as_deref()).map_err(|e| JsError::new(&e))
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
