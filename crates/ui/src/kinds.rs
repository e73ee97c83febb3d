//! The kinds of demo, listed once: each `kubevol_sim::DemoKind` and the type its folder declares
//! it with (`kind::Declared`). Code that starts from a kind named on a page (the mount, the
//! build's render, the script API's module, the levels' test) reaches the kind's declaration here;
//! a kind's own code never comes through this file, so nothing a demo does imports it back.

use crate::demo::DemoKind;
use crate::parts::KindParts;

/// `with_demo!(kind, K => body)` runs `body` with `K` the declaration (`kind::Declared`) of
/// `kind`, a `DemoKind`.
macro_rules! with_demo {
    ($kind:expr, $K:ident => $body:expr) => {
        match $kind {
            $crate::demo::DemoKind::Csi => {
                type $K = $crate::csi::Csi;
                $body
            }
            $crate::demo::DemoKind::StatefulSet => {
                type $K = $crate::statefulset::StatefulSet;
                $body
            }
            $crate::demo::DemoKind::Topology => {
                type $K = $crate::topology::Topology;
                $body
            }
        }
    };
}
// Used by the build's render (`render.rs`) and the levels' test; the browser's mount reads `parts`.
#[cfg_attr(not(any(feature = "ssr", test)), allow(unused_imports))]
pub(crate) use with_demo;

/// A kind's parts of the wasm (`parts.rs`).
pub fn parts(kind: DemoKind) -> KindParts {
    use crate::kind::Declared;
    with_demo!(kind, K => K::PARTS)
}
