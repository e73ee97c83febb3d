//! The wasm module with every demo: the gallery's, and any page that mixes kinds of demo.
//! `web/kubevol.js` picks between this and the one-kind modules in `src/bin/`.

fn main() {
    kubevol_ui::entry::start(kubevol_ui::Demos::ALL);
}
