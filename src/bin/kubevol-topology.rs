//! The wasm module with the topology demo only, for a page that shows no other kind.

use kubevol_ui::{DemoKind, Demos};

fn main() {
    kubevol_ui::entry::start(const { Demos::only(DemoKind::Topology) });
}
