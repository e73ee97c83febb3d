//! The demos' wasm: every kind of demo, split into the parts a page fetches when it needs them
//! (scripts/build-modules.sh). What it offers the page's loader is `kubevol_ui::entry`.

fn main() {
    kubevol_ui::entry::start();
}
