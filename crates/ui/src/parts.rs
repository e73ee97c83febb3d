//! The parts of a demo that a reader fetches only when they first ask for them.
//!
//! A chapter's reader came for the chapter's demo: what lies behind a fold (other settings, the
//! kubectl panel, history and sharing, the model's simplifications) is code they may never run, so
//! it is not in the first download. Each such view is an `on_demand!` function. In a split build
//! (`--cfg kubevol_split`, set by `scripts/build-modules.sh`) each one becomes a wasm part of its
//! own, fetched on its first call through Leptos's `wasm_split`; in every other build (native
//! tests, the wasm-bindgen-test suites) the same function is an `async fn` that answers at once.
//!
//! The split is `fallible`: a part that cannot be fetched is an `Err(Missing)` the fold shows
//! with a way to try again, never a panic (Leptos's own `#[lazy]` panics there).

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::AnyView;

/// A part of the wasm could not be fetched: offline, a server error, or a file of another build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Missing;

#[cfg(kubevol_split)]
impl From<leptos::wasm_split::SplitLoaderError> for Missing {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Missing {
        Missing
    }
}

/// What a part hands back: the view to build. It is built by the caller, under the demo's own
/// reactive owner, so it finds the demo's context (`use_demo`, `use_lang`) like any component.
pub type View = fn() -> AnyView;

/// Fetches a part once (a fetched part stays; a failed fetch is tried again on the next call)
/// and hands back its view.
pub type Fetch = fn() -> Pin<Box<dyn Future<Output = Result<View, Missing>>>>;

/// `on_demand!(part_name: fn name() { body })` defines `name`, an `async fn() -> Result<View,
/// Missing>` whose `body` (an expression giving the `View`) lives in the wasm part `part_name`.
/// Everything only that view uses goes into the part with it.
#[macro_export]
macro_rules! on_demand {
    ($(#[$doc:meta])* $part:ident: fn $name:ident() $body:block) => {
        $(#[$doc])*
        #[cfg(kubevol_split)]
        #[::leptos::wasm_split::wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible)]
        fn $name() -> ::core::result::Result<$crate::parts::View, $crate::parts::Missing> {
            ::core::result::Result::Ok($body)
        }
        $(#[$doc])*
        #[cfg(not(kubevol_split))]
        async fn $name() -> ::core::result::Result<$crate::parts::View, $crate::parts::Missing> {
            ::core::result::Result::Ok($body)
        }
    };
}

/// The `Fetch` of an `on_demand!` function, for a fold: `fetch!(name)`.
#[macro_export]
macro_rules! fetch {
    ($name:path) => {
        (|| ::std::boxed::Box::pin($name())) as $crate::parts::Fetch
    };
}
