//! What a wasm module offers the page: on start it mounts every placeholder it can serve, and it
//! exports `mount` and `panicForTest` for `web/kubevol.js`. Each module (`src/main.rs` with every
//! demo, `src/bin/*.rs` with one kind each) starts it with the demos it carries.

use std::cell::Cell;

use wasm_bindgen::prelude::*;

use crate::mount::{mount_all, mount_into, Demos};

thread_local! {
    static CARRIED: Cell<Demos> = const { Cell::new(Demos::NONE) };
}

/// Starts a module that carries `demos`.
pub fn start(demos: Demos) {
    CARRIED.set(demos);
    mount_all(&demos);
}

/// Mounts demo `kind` ("csi", ...) in `lang` ("ja" or "en") into `element`. A malformed request
/// shows a message in the element and is returned as an error.
#[wasm_bindgen]
pub fn mount(element: web_sys::HtmlElement, kind: &str, lang: Option<String>) -> Result<(), JsError> {
    mount_into(&CARRIED.get(), element, Some(kind), lang.as_deref()).map_err(|e| JsError::new(&e))
}

/// Panics inside the demo mounted in `element`, to check that one broken demo leaves the rest of
/// the page working (see tests/e2e). Returns false when no demo of this module is mounted there.
#[wasm_bindgen(js_name = panicForTest)]
pub fn panic_for_test(element: web_sys::HtmlElement) -> bool {
    crate::boundary::panic_in(&element)
}
