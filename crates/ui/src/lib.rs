//! Leptos components for the kubevol-lab demos.
//!
//! Each demo keeps a session of its `kubevol_sim` model in a signal that its components share through
//! context (`demo.rs`), dispatches actions into it on clicks and renders what the model returns; no
//! Kubernetes rule lives here. A demo's folder says what its state means
//! (`present.rs`), how that reads (`text.rs`) and lays it out (`mod.rs`); words every demo shares
//! are in `lang.rs`.

pub mod api;
pub mod boundary;
pub mod csi;
pub mod demo;
pub mod drawing;
#[cfg(feature = "entry")]
pub mod entry;
pub mod folds;
pub mod kind;
pub mod kinds;
pub mod kubectl;
pub mod lang;
pub mod markup;
pub mod mount;
pub mod parts;
pub mod practice;
pub mod prompt;
#[cfg(feature = "ssr")]
pub mod render;
pub mod session;
pub mod share;
pub mod shell;
pub mod statefulset;
pub mod topology;
pub mod widgets;

pub use mount::{mount_into, mounted_count, unmount_from, DemoKind};

#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
