//! The parts of the wasm a page fetches only when it needs them.
//!
//! A page that shows a CSI demo needs the CSI demo's code, and a chapter's reader came for the
//! chapter's demo: what lies behind its folds (other settings, the kubectl panel, history and
//! sharing, the model's simplifications) is code they may never run. So each kind of demo is a
//! part (each declares its own, `kind::Declared::PARTS`: `csi`, `statefulset`, `topology`),
//! fetched beside the main part, and all
//! that its folds show, and the reading of a share link, is a second one (`csi_lab`, ...), fetched
//! when the reader first opens a fold. Each such entry is an `on_demand!` function, and the
//! functions naming the same part share it. Each entry costs the part that calls it code of its
//! own (its loader, its future), so a kind has two (`KindParts`): its demo, and its `Lab`, which
//! names every fold's view (`folds.rs`) rather than each fold being an entry. In the split build
//! (the crate's `split` feature, set by `scripts/build-modules.sh`) each part is its own wasm,
//! fetched on the first call through Leptos's `wasm_split`; in every other build (native tests,
//! the wasm-bindgen-test suites) the same function is an `async fn` that answers at once.
//!
//! Why one part per kind for all its folds, not one per fold: the splitter puts code that several
//! parts share into chunks of its own, one per set of parts that share it. Finer parts cut the
//! first part into dozens of chunks (22 parts made 193), and every chunk boundary costs bytes:
//! calls across it go through the function table, where wasm-opt can neither inline nor remove.
//!
//! The split is `fallible`: a part that cannot be fetched is an `Err(Missing)` the fold shows
//! with a way to try again, never a panic (Leptos's own `#[lazy]` panics there).

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::AnyView;

use crate::demo::{DemoKind, Place};
use crate::lang::Lang;

/// A part of the wasm could not be fetched: offline, a server error, or a file of another build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Missing;

#[cfg(feature = "split")]
impl From<leptos::wasm_split::SplitLoaderError> for Missing {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Missing {
        Missing
    }
}

/// What a part hands back: the view to build. It is built by the caller, under the demo's own
/// reactive owner, so it finds the demo's context (`use_demo`, `use_lang`) like any component.
pub type View = fn() -> AnyView;

/// Fetches a part once (a fetched part stays; a failed fetch is tried again on the next call)
/// and hands back what it holds: a fold's view, or a kind of demo (`KindParts`).
pub type Fetch<T = View> = fn() -> Pin<Box<dyn Future<Output = Result<T, Missing>>>>;

/// Renders a demo in a language, in its place on the page.
pub type DemoView = fn(Lang, Place) -> AnyView;

/// A kind of demo as parts of the wasm: the demo as a page places it (the kind's own part, which
/// the loader fetches beside the main part), and what its lab part holds for the page: the same
/// demo opened at a share link (fetched at once only when the page's address holds a link, or its
/// script opens a scenario), its folds' views, and the demo's history for the page's script API.
/// Each kind declares its own (`kind::Declared::PARTS`), with its two `on_demand!` functions.
#[derive(Clone, Copy)]
pub struct KindParts {
    pub kind: DemoKind,
    pub view: Fetch<DemoView>,
    pub lab: Fetch<Lab>,
}

/// What a kind's lab part holds for the page (`kind::Lab::of`).
#[derive(Clone, Copy)]
pub struct Lab {
    /// The demo opened at a share link.
    pub linked: DemoView,
    /// The history of the demo in an element, for the API's module (`demo::history_link`).
    pub history: fn(&web_sys::HtmlElement) -> Option<String>,
    /// From now on the demo in an element tells the function its history after each action.
    pub watch: fn(&web_sys::HtmlElement, js_sys::Function) -> bool,
    /// The history of a level's start (a built-in's id, or a level's form), which the demo opens
    /// at (`demo::history`), or why the demo does not open in it.
    pub level: fn(&str) -> Result<String, String>,
    /// What each of the demo's folds shows, by the fold's name (`folds.rs`): one part for them all,
    /// so a fold costs the chapter's first load only its toggle.
    pub folds: fn(&str) -> Option<View>,
}

/// `on_demand! { part_name: fn name() -> T { body } }` defines `name`, an `async fn() ->
/// Result<T, Missing>` whose `body` (an expression giving a `T`, usually a function to call)
/// lives in the wasm part `part_name`, with everything only it uses. `-> T` may be left out for
/// a fold's `View`.
macro_rules! on_demand {
    ($(#[$doc:meta])* $part:ident: fn $name:ident() $body:block) => {
        $crate::parts::on_demand! { $(#[$doc])* $part: fn $name() -> $crate::parts::View $body }
    };
    ($(#[$doc:meta])* $part:ident: fn $name:ident() -> $out:ty $body:block) => {
        $(#[$doc])*
        #[cfg(feature = "split")]
        #[::leptos::wasm_split::wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible)]
        #[allow(unused_braces)]
        fn $name() -> ::core::result::Result<$out, $crate::parts::Missing> {
            ::core::result::Result::Ok($body)
        }
        $(#[$doc])*
        #[cfg(not(feature = "split"))]
        #[allow(unused_braces)]
        async fn $name() -> ::core::result::Result<$out, $crate::parts::Missing> {
            ::core::result::Result::Ok($body)
        }
    };
}

/// The `Fetch` of an `on_demand!` function: `fetch!(name)` for a fold's view, `fetch!(name: T)`
/// for a part that holds a `T`.
macro_rules! fetch {
    ($name:path) => {
        $crate::parts::fetch!($name: $crate::parts::View)
    };
    ($name:path: $out:ty) => {
        (|| ::std::boxed::Box::pin($name())) as $crate::parts::Fetch<$out>
    };
}

// Used by path, as `crate::parts::on_demand!`, like any item of this file.
pub(crate) use {fetch, on_demand};
