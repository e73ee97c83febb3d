//! Mounting a demo into a page's placeholder, and taking it down again.
//!
//! A page marks places with `<div data-kubevol-demo="csi" data-lang="ja">`. Each gets its own
//! reactive owner and therefore its own state; a malformed placeholder gets a visible message in its
//! place and never stops the others from mounting.
//!
//! A book navigates without reloading, so a placeholder can leave the page while its demo runs.
//! Every mount keeps its unmount handle here: `unmount_from` drops it, which removes the demo's DOM
//! and disposes its reactive owner (effects, timers, event handlers), so nothing keeps running or
//! stays alive for a page the reader has left.

use std::any::Any;
use std::cell::RefCell;

use kubevol_sim::link::Address;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

use crate::boundary::same_node;
pub use crate::demo::DemoKind;
use crate::demo::Place;
use crate::lang::{msg, unknown_preset, Lang, Msg};

/// Marks a placeholder we already mounted into, so a second scan never mounts twice; web/kubevol.js
/// reads it too, to find the placeholders still waiting.
const MOUNTED_ATTR: &str = "data-kubevol-mounted";

/// Picks the scenario a demo starts from, e.g. `data-preset="spread"` for the topology chapter.
const PRESET_ATTR: &str = "data-preset";

/// `data-view="lab"` opens every fold of the demo at once (the gallery does); any other value, or
/// none, shows the chapter's demo with its folds closed.
const VIEW_ATTR: &str = "data-view";

// ---- what a placeholder says when it cannot show a demo ----------------------------------------

/// What a placeholder says while its module loads, and what it says with JavaScript off. No wasm
/// has run by then, so `web/kubevol.css` draws these (as `content` of the placeholder's frame); a
/// test keeps its copy the same as this one.
pub const LOADING: Msg = msg("デモ ・ 読み込み中…", "Demo · loading…");
pub const NEEDS_JAVASCRIPT: Msg = msg("デモ ・ JavaScript を有効にすると動く", "Demo · works with JavaScript enabled");
/// What a placeholder says when its module could not be fetched (the loader marks it).
pub const LOAD_FAILED: Msg = msg(
    "デモ ・ 読み込めなかった。ページを読み込み直すと、もう一度試す",
    "Demo · could not be loaded. Reload the page to try again",
);

/// Said at debug level only: mounting twice into one element is harmless.
const ALREADY_MOUNTED: &str = "kubevol: this element already holds a demo; nothing to do.";

fn unknown_demo(kind: &str) -> String {
    let known: Vec<&str> = DemoKind::ALL.iter().map(|k| k.code()).collect();
    format!("kubevol: unknown demo \"{kind}\" in data-kubevol-demo (expected one of: {}).", known.join(", "))
}

fn not_carried(kind: &str) -> String {
    format!("kubevol: this wasm module does not carry the \"{kind}\" demo; kubevol.js loads the one that does.")
}

fn unknown_lang(code: &str) -> String {
    format!("kubevol: unknown language \"{code}\" in data-lang (expected \"ja\" or \"en\").")
}

/// What a placeholder's attributes ask for, or the message that explains why they make no sense.
pub fn parse_placeholder(kind: Option<&str>, lang: Option<&str>) -> Result<(DemoKind, Lang), String> {
    let kind_code = kind.unwrap_or("").trim();
    let kind = DemoKind::from_code(kind_code).ok_or_else(|| unknown_demo(kind_code))?;
    let lang = match lang.map(str::trim) {
        None | Some("") => Lang::Ja,
        Some(code) => Lang::from_code(code).ok_or_else(|| unknown_lang(code))?,
    };
    Ok((kind, lang))
}

/// Renders a demo in a language, in its place on the page.
type DemoView = fn(Lang, Place) -> AnyView;

/// The demos one wasm module carries. A chapter's page shows one kind of demo, so each kind is also
/// built as a module of its own (`src/bin/`): the code and texts of the other kinds are then not in
/// it at all, which keeps what such a page downloads small. The gallery's module carries all three.
#[derive(Clone, Copy)]
pub struct Demos {
    csi: Option<DemoView>,
    statefulset: Option<DemoView>,
    topology: Option<DemoView>,
}

impl Demos {
    pub const ALL: Demos =
        Demos { csi: Some(csi_view), statefulset: Some(statefulset_view), topology: Some(topology_view) };
    pub const CSI: Demos = Demos { csi: Some(csi_view), ..Demos::NONE };
    pub const STATEFULSET: Demos = Demos { statefulset: Some(statefulset_view), ..Demos::NONE };
    pub const TOPOLOGY: Demos = Demos { topology: Some(topology_view), ..Demos::NONE };
    /// The module of one kind; a `match`, so a new kind does not compile until it has one.
    pub const fn only(kind: DemoKind) -> Demos {
        match kind {
            DemoKind::Csi => Demos::CSI,
            DemoKind::StatefulSet => Demos::STATEFULSET,
            DemoKind::Topology => Demos::TOPOLOGY,
        }
    }

    /// Carries nothing; can still explain a malformed placeholder.
    pub const NONE: Demos = Demos { csi: None, statefulset: None, topology: None };

    fn view(&self, kind: DemoKind) -> Option<DemoView> {
        match kind {
            DemoKind::Csi => self.csi,
            DemoKind::StatefulSet => self.statefulset,
            DemoKind::Topology => self.topology,
        }
    }
}

/// A demo (or a placeholder's error message) this module has mounted, with the handle that takes
/// it down. The handle's type differs per view, and dropping it is all that is ever done with it.
struct Mounted {
    host: HtmlElement,
    _handle: Box<dyn Any>,
}

thread_local! {
    static MOUNTED: RefCell<Vec<Mounted>> = const { RefCell::new(Vec::new()) };
}

fn is_mounted(host: &HtmlElement) -> bool {
    MOUNTED.with(|m| m.borrow().iter().any(|d| same_node(&d.host, host)))
}

/// How many demos (and error messages) this module holds mounted: the page's placeholders, no more.
pub fn mounted_count() -> usize {
    MOUNTED.with(|m| m.borrow().len())
}

/// Mounts the demo `kind` in `lang` into `host`, or a clear message when the request is malformed.
/// Returns the message on error so a JavaScript caller can see it too. A well-formed request for a
/// kind this module does not carry leaves `host` untouched, for a module that does. Mounting into a
/// host that already holds a demo changes nothing.
pub fn mount_into(demos: &Demos, host: HtmlElement, kind: Option<&str>, lang: Option<&str>) -> Result<(), String> {
    if is_mounted(&host) || host.has_attribute(MOUNTED_ATTR) {
        web_sys::console::debug_1(&ALREADY_MOUNTED.into());
        return Ok(());
    }
    let parsed = parse_placeholder(kind, lang);
    let view = match parsed {
        Ok((kind, lang)) => match demos.view(kind) {
            Some(view) => Ok((view, lang)),
            None => return Err(not_carried(kind.code())),
        },
        Err(message) => Err(message),
    };
    let _ = host.set_attribute(MOUNTED_ATTR, "");
    host.set_text_content(None); // drop any fallback content the page put there
    let (handle, result): (Box<dyn Any>, _) = match view {
        Ok((view, lang)) => {
            let registered = host.clone();
            let place = place_of(&host, kind.unwrap_or("").trim());
            let linked = place.link.is_some();
            let handle = leptos::mount::mount_to(host.clone(), move || {
                crate::boundary::register(registered, lang);
                view(lang, place)
            });
            // The reader followed a link to this demo: show it, as a link to a heading would.
            if linked {
                host.scroll_into_view();
            }
            (Box::new(handle), Ok(()))
        }
        Err(message) => {
            let handle = leptos::mount::mount_to(host.clone(), {
                let message = message.clone();
                move || error_view(message)
            });
            (Box::new(handle), Err(message))
        }
    };
    MOUNTED.with(|m| m.borrow_mut().push(Mounted { host, _handle: handle }));
    result
}

/// Where `host` sits among the page's demos of kind `code`, its `data-preset`, and the page
/// address's share link if it names this demo.
fn place_of(host: &HtmlElement, code: &str) -> Place {
    let preset = host.get_attribute(PRESET_ATTR).map(|p| p.trim().to_string());
    let mut nth = 1;
    if let Some(document) = host.owner_document() {
        if let Ok(all) = document.query_selector_all("[data-kubevol-demo]") {
            for i in 0..all.length() {
                let Some(node) = all.item(i) else { continue };
                if node.is_same_node(Some(host)) {
                    break;
                }
                let other = node.dyn_ref::<Element>().and_then(|e| e.get_attribute("data-kubevol-demo"));
                nth += u32::from(other.as_deref().map(str::trim) == Some(code));
            }
        }
    }
    let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    let fragment = hash.strip_prefix('#').unwrap_or(&hash);
    let ours = Address::of(fragment).is_some_and(|a| a.kind == code && a.nth == nth);
    let lab = host.get_attribute(VIEW_ATTR).is_some_and(|v| v.trim() == "lab");
    Place { preset, nth, link: ours.then(|| fragment.to_string()), lab }
}

/// Takes down the demo mounted in `host`: its DOM leaves the host, its reactive owner is disposed
/// (so its effects and timers stop), and the host is a plain element again. Returns false, and
/// changes nothing, when this module holds no demo there.
pub fn unmount_from(host: &HtmlElement) -> bool {
    let taken = MOUNTED.with(|m| {
        let mut mounted = m.borrow_mut();
        let at = mounted.iter().position(|d| same_node(&d.host, host))?;
        Some(mounted.swap_remove(at))
    });
    let Some(demo) = taken else {
        return false;
    };
    let owner = crate::boundary::forget(host);
    // Dropped outside the borrow: unmounting runs the demo's cleanups, which must not find the
    // registry locked.
    drop(demo);
    if let Some(owner) = owner {
        owner.cleanup();
    }
    host.set_text_content(None); // a crashed demo's message is not the demo's DOM; it goes too
    let _ = host.remove_attribute(MOUNTED_ATTR);
    let _ = host.remove_attribute(crate::boundary::CRASHED_ATTR);
    true
}

/// The CSI and StatefulSet demos have no presets: any `data-preset` is said to be ignored.
fn no_preset(lang: Lang, preset: Option<String>) -> Option<String> {
    preset.map(|p| unknown_preset(lang, &p, None))
}

fn csi_view(lang: Lang, place: Place) -> AnyView {
    view! { <crate::csi::CsiDemo lang=lang notice=no_preset(lang, place.preset.clone()) place=place/> }.into_any()
}

fn statefulset_view(lang: Lang, place: Place) -> AnyView {
    view! { <crate::statefulset::StatefulSetDemo lang=lang notice=no_preset(lang, place.preset.clone()) place=place/> }
        .into_any()
}

fn topology_view(lang: Lang, place: Place) -> AnyView {
    view! { <crate::topology::TopologyDemo lang=lang place=place/> }.into_any()
}

fn error_view(message: String) -> AnyView {
    view! { <div class="kv kv-error" role="alert">{message}</div> }.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_parsed_strictly() {
        assert_eq!(parse_placeholder(Some("csi"), None), Ok((DemoKind::Csi, Lang::Ja)));
        assert_eq!(parse_placeholder(Some(" csi "), Some("en")), Ok((DemoKind::Csi, Lang::En)));
        let err = parse_placeholder(Some("cis"), Some("en")).unwrap_err();
        assert!(err.contains("unknown demo \"cis\""), "{err}");
        let err = parse_placeholder(Some("csi"), Some("fr")).unwrap_err();
        assert!(err.contains("unknown language \"fr\""), "{err}");
        assert!(parse_placeholder(None, None).is_err());
    }

    /// The stylesheet says these before the wasm arrives; it must say what this file says.
    #[test]
    fn the_stylesheet_draws_the_placeholder_texts() {
        let css = include_str!("../../../web/kubevol.css");
        for msg in [LOADING, NEEDS_JAVASCRIPT, LOAD_FAILED] {
            for lang in [Lang::Ja, Lang::En] {
                let content = format!("content: \"{}\"", msg.get(lang));
                assert!(css.contains(&content), "web/kubevol.css does not draw {content}");
            }
        }
    }

    /// The loader, the one-kind modules and this file each name the kinds; they must agree.
    #[test]
    fn the_loader_and_the_modules_know_the_same_kinds() {
        let codes: Vec<&str> = DemoKind::ALL.iter().map(|k| k.code()).collect();
        let loader = include_str!("../../../web/kubevol.js");
        let listed = loader
            .lines()
            .find_map(|l| l.strip_prefix("const KINDS = ["))
            .and_then(|l| l.strip_suffix("];"))
            .expect("web/kubevol.js declares `const KINDS = [...];` on one line");
        let listed: Vec<&str> = listed.split(',').map(|k| k.trim().trim_matches('\'')).collect();
        assert_eq!(listed, codes, "web/kubevol.js KINDS");
        let bins = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src/bin");
        let mut modules: Vec<String> = std::fs::read_dir(&bins)
            .expect("src/bin")
            .map(|e| e.expect("src/bin entry").file_name().to_string_lossy().into_owned())
            .collect();
        modules.sort();
        let want: Vec<String> = codes.iter().map(|c| format!("kubevol-{c}.rs")).collect();
        assert_eq!(modules, want, "src/bin holds one module per kind");
        for kind in DemoKind::ALL {
            let only = Demos::only(kind);
            assert!(DemoKind::ALL.iter().all(|k| only.view(*k).is_some() == (*k == kind)), "{kind:?}");
            assert!(Demos::ALL.view(kind).is_some());
            let bin = std::fs::read_to_string(bins.join(format!("kubevol-{}.rs", kind.code()))).unwrap();
            assert!(bin.contains(&format!("Demos::only(DemoKind::{kind:?})")), "src/bin starts {kind:?}");
        }
        // The size report measures each one-kind module and the one with every kind.
        let report = include_str!("../../../scripts/size-report.mjs");
        let mut measured: Vec<String> = codes.iter().map(|c| format!("'kubevol-{c}'")).collect();
        measured.push("'kubevol-lab'".into());
        let line = format!("const MODULES = [{}];", measured.join(", "));
        assert!(report.contains(&line), "scripts/size-report.mjs should declare {line}");
    }
}
