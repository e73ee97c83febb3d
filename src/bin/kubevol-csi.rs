//! The wasm module with the csi demo only, for a page that shows no other kind.

fn main() {
    kubevol_ui::entry::start(kubevol_ui::Demos::CSI);
}
