//! The wasm module behind the page's script API (`web/kubevol.js`: `mountDemo` with a scenario or a
//! level, `getState`, `kubevol:change`). It reads a page's scenario into the demo's settings and
//! actions, a page's level into the form the demo reads levels in, and turns a demo's history into
//! the moment it shows and what its last action did, as plain JavaScript objects
//! (`kubevol_ui::api`). The demos and this module hand each other a
//! demo's history as text (`kubevol_ui::demo::history`): its settings and actions in the share
//! link's compact form, and the moment shown.
//!
//! Why a module of its own: see `kubevol_ui::api`. It is fetched only by a page whose script asks
//! for one of these, and holds the model itself, so it never waits for a demo's part. There is one
//! module per kind of demo (features `csi`, `statefulset`, `topology`; scripts/build-modules.sh
//! builds each with one of them), so a page fetches only the model its demos run.
#![forbid(unsafe_code)]

use kubevol_ui::api;
use kubevol_ui::demo::DemoKind;
use kubevol_ui::kind::Declared;
use wasm_bindgen::prelude::*;

/// Runs `$then` with `$scenarios` bound to kind `$kind`'s scenarios (its declaration's,
/// `kubevol_ui::kind::Declared`), or says this module has no such kind: each kind's arm is built
/// only into its own module.
macro_rules! by_kind {
    ($kind:expr, $scenarios:ident => $then:expr) => {
        match DemoKind::from_code($kind) {
            #[cfg(feature = "csi")]
            Some(DemoKind::Csi) => {
                let $scenarios = <kubevol_ui::csi::Csi as Declared>::SCENARIOS;
                $then
            }
            #[cfg(feature = "statefulset")]
            Some(DemoKind::StatefulSet) => {
                let $scenarios = <kubevol_ui::statefulset::StatefulSet as Declared>::SCENARIOS;
                $then
            }
            #[cfg(feature = "topology")]
            Some(DemoKind::Topology) => {
                let $scenarios = <kubevol_ui::topology::Topology as Declared>::SCENARIOS;
                $then
            }
            #[allow(unreachable_patterns)]
            _ => Err(format!(
                "kubevol: this module has no \"{}\" demo (each kind's script API is a module of its own).",
                $kind
            )),
        }
    };
}

/// The history a demo of `kind` opens at for `scenario` (a plain object in the replay format),
/// or the path of what is wrong with it and why. `preset` is the element's `data-preset`.
#[wasm_bindgen]
pub fn open(kind: &str, scenario: JsValue, preset: Option<String>) -> Result<String, JsError> {
    by_kind!(kind, scenarios => api::opened(scenarios, preset.as_deref(), scenario)).map_err(|e| JsError::new(&e))
}

/// The form a demo of `kind` reads a level in (`kubevol_ui::practice::form`) for a level a page
/// wrote (`mountDemo`'s `level` object, or a `data-level`'s JSON text), or the path of what is
/// wrong with it and why.
#[wasm_bindgen(js_name = formOfLevel)]
pub fn level_form(kind: &str, level: JsValue) -> Result<String, JsError> {
    by_kind!(kind, scenarios => kubevol_ui::practice::form::write_value(scenarios, level)).map_err(|e| JsError::new(&e))
}

/// `{kind, moment, setup, actions, state}` for a demo's history.
#[wasm_bindgen]
pub fn state(kind: &str, history: &str) -> Result<JsValue, JsError> {
    by_kind!(kind, scenarios => api::state_value(scenarios, history)).map_err(|e| JsError::new(&e))
}

/// `{kind, moment, action, events, refusal}`: what the last action of a demo's history did.
#[wasm_bindgen]
pub fn change(kind: &str, history: &str) -> Result<JsValue, JsError> {
    by_kind!(kind, scenarios => api::change_value(scenarios, history)).map_err(|e| JsError::new(&e))
}
