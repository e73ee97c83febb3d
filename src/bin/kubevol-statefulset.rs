//! The wasm module with the statefulset demo only, for a page that shows no other kind.

fn main() {
    kubevol_ui::entry::start(kubevol_ui::Demos::STATEFULSET);
}
