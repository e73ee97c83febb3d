//! The demos in a real browser, as a reader meets them: wasm-bindgen-test mounts each demo in a
//! page of headless Chromium, Firefox or WebKit, clicks its real buttons and reads its DOM
//! (`support.rs` says how). One test binary for every suite, so each engine loads and starts one
//! page, not one per suite; each test takes its demos down again (`Demo::remove`), so the next
//! starts from a clean document.
#![cfg(target_arch = "wasm32")]

mod support;

mod api;
mod clicks;
mod csi;
mod moment;
mod practice;
mod prompt;
mod redraw;
mod shell;
mod statefulset;
mod topology;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
