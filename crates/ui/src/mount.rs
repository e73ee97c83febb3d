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
use crate::demo::{Notice, Place};
use crate::lang::{msg, Lang, Msg};
use crate::parts::Lab;

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
/// What a demo rendered into the page at build time (`render.rs`) says under itself with
/// JavaScript off: the stylesheet draws it too.
pub const RENDERED_NEEDS_JAVASCRIPT: Msg =
    msg("JavaScript を有効にすると、このデモを操作できる", "This demo becomes interactive with JavaScript enabled");
/// What a demo says where it stands when its code could not be fetched, and its button that tries
/// again. No wasm has run by then, so `web/kubevol.js` says these; a test keeps its copy the same.
pub const LOAD_FAILED: Msg = msg("デモ ・ 読み込めなかった", "Demo · could not be loaded");
pub const TRY_AGAIN: Msg = msg("もう一度試す", "Try again");

/// Marks a placeholder whose demo could not be fetched; web/kubevol.js then says so in it.
pub const FAILED_ATTR: &str = "data-kubevol-failed";

fn part_failed(kind: &str) -> String {
    format!("kubevol: the {kind} demo's part of the wasm could not be fetched.")
}

/// Said at debug level only: mounting twice into one element is harmless.
const ALREADY_MOUNTED: &str = "kubevol: this element already holds a demo; nothing to do.";

fn unknown_demo(kind: &str) -> String {
    let known: Vec<&str> = DemoKind::ALL.iter().map(|k| k.code()).collect();
    format!("kubevol: unknown demo \"{kind}\" in data-kubevol-demo (expected one of: {}).", known.join(", "))
}

/// The demos' language for a language tag (`ja`, `en-US`), by its first subtag.
fn spoken(tag: &str) -> Option<Lang> {
    Lang::from_code(&tag.trim().split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase())
}

/// The language a demo speaks: its `data-lang` when that is Japanese or English; else the page's
/// (`page`: its `<html lang>`, or a book's default) when that is; else English. A `data-lang` the
/// demos do not speak is said in the demo (the notice), never refused.
pub fn language(asked: Option<&str>, page: Option<&str>) -> (Lang, Option<Notice>) {
    let fallback = page.and_then(spoken).unwrap_or(Lang::En);
    match asked.map(str::trim).filter(|code| !code.is_empty()) {
        None => (fallback, None),
        Some(code) => spoken(code).map_or_else(|| (fallback, Some(Notice::unsupported_lang(code))), |l| (l, None)),
    }
}

/// What a placeholder's attributes ask for: its kind and language, and what the demo says of a
/// language it does not speak; or the message that explains why there is no demo to show.
/// `page` is the page's language (see [`language`]).
pub fn parse_placeholder(
    kind: Option<&str>,
    lang: Option<&str>,
    page: Option<&str>,
) -> Result<(DemoKind, Lang, Option<Notice>), String> {
    let kind_code = kind.unwrap_or("").trim();
    let kind = DemoKind::from_code(kind_code).ok_or_else(|| unknown_demo(kind_code))?;
    let (lang, said) = language(lang, page);
    Ok((kind, lang, said))
}

/// How a page's script opened a demo (`mountDemo(element, {scenario})`): at the history the API's
/// module read the scenario into (`demo::history`), or at its default with what the module found
/// wrong with the scenario, which the demo words (`demo::Notice::bad_scenario`).
#[derive(Clone, Debug, Default)]
pub struct Scripted {
    pub history: Option<String>,
    pub fault: Option<String>,
    /// A level to open the demo in, as the form the API's module wrote of `mountDemo`'s `level`
    /// object (`practice::form`); a placeholder's `data-level` names a built-in one.
    pub level: Option<String>,
    /// What the API's module found wrong with the page's level: the demo starts at its default.
    pub level_fault: Option<String>,
}

/// Names the built-in level a demo opens in, e.g. `data-level="csi-move-to-node-b"`.
const LEVEL_ATTR: &str = "data-level";

/// A demo (or a placeholder's error message) this module has mounted, with the handle that takes
/// it down. The handle's type differs per view, and dropping it is all that is ever done with it.
struct Mounted {
    host: HtmlElement,
    _handle: Box<dyn Any>,
}

thread_local! {
    static MOUNTED: RefCell<Vec<Mounted>> = const { RefCell::new(Vec::new()) };
    /// Placeholders whose demo's part is on its way: unmounting one takes it off this list, and
    /// the demo is then not mounted when its part arrives.
    static PENDING: RefCell<Vec<HtmlElement>> = const { RefCell::new(Vec::new()) };
}

fn is_mounted(host: &HtmlElement) -> bool {
    MOUNTED.with(|m| m.borrow().iter().any(|d| same_node(&d.host, host)))
}

fn take_pending(host: &HtmlElement) -> bool {
    PENDING.with(|p| {
        let mut pending = p.borrow_mut();
        let at = pending.iter().position(|h| same_node(h, host));
        at.map(|at| pending.swap_remove(at)).is_some()
    })
}

/// How many demos (and error messages) this module holds mounted: the page's placeholders, no more.
pub fn mounted_count() -> usize {
    MOUNTED.with(|m| m.borrow().len())
}

/// Mounts the demo `kind` in `lang` into `host`, or a clear message when the request is malformed.
/// Returns the message on error so a JavaScript caller can see it too. Mounting into a host that
/// already holds a demo (or is about to) changes nothing.
///
/// The demo's part is fetched first (the loader has usually fetched it already, beside the main
/// part): until it is there the placeholder keeps saying it is loading. If it cannot be fetched the
/// placeholder says so (`data-kubevol-failed`) and this is an error.
///
/// A page's script may open the demo at a scenario (`scripted`, read by the API's module): the
/// demo then opens at that history as at a share link, from its lab part. A share link in the
/// page's address for this demo still wins: it is the reader's own moment, and holds the
/// scenario's actions too. A scenario the demo could not show opens it at its default, saying why.
pub async fn mount_into(
    host: HtmlElement,
    kind: Option<&str>,
    lang: Option<&str>,
    scripted: Option<Scripted>,
) -> Result<(), String> {
    if is_mounted(&host)
        || host.has_attribute(MOUNTED_ATTR)
        || PENDING.with(|p| p.borrow().iter().any(|h| same_node(h, &host)))
    {
        web_sys::console::debug_1(&ALREADY_MOUNTED.into());
        return Ok(());
    }
    let page = host.owner_document().and_then(|d| d.document_element()).and_then(|e| e.get_attribute("lang"));
    let (kind, lang, said) = match parse_placeholder(kind, lang, page.as_deref()) {
        Ok(parsed) => parsed,
        Err(message) => {
            show(host, {
                let message = message.clone();
                move || error_view(message)
            });
            return Err(message);
        }
    };
    let parts = crate::kinds::parts(kind);
    let mut place = place_of(&host, kind.code(), scripted.unwrap_or_default());
    place.said = Notice::all([said, Place::view_said(host.get_attribute(VIEW_ATTR).as_deref())]);
    let linked = place.link.is_some() || place.level.is_some() || place.level_refused.is_some();
    PENDING.with(|p| p.borrow_mut().push(host.clone()));
    let fetched = if linked {
        // A level is read by the lab part, which the demo opens with, at the level's start (as
        // the build renders it); one it cannot open leaves the demo at its default, saying why,
        // and is the mount's error too.
        (parts.lab)().await.map(|lab| {
            match place.level.as_deref().map(lab.level) {
                Some(Ok(start)) => place.link = place.link.take().or(Some(start)),
                Some(Err(why)) => {
                    place.level = None;
                    place.level_refused = Some(why);
                }
                None => {}
            }
            lab.linked
        })
    } else {
        (parts.view)().await
    };
    if !take_pending(&host) {
        return Ok(()); // unmounted while its part was on its way
    }
    let Ok(view) = fetched else {
        let _ = host.set_attribute(FAILED_ATTR, "");
        return Err(part_failed(kind.code()));
    };
    let refused = place.level_refused.clone();
    let _ = host.remove_attribute(FAILED_ATTR);
    let registered = host.clone();
    // A share link from the address, not what a page's script opened it at (`Scripted`).
    let from_address = place.link.as_deref().is_some_and(|l| l.starts_with("kubevol:"));
    show(host.clone(), move || {
        crate::boundary::register(registered, lang);
        view(lang, place)
    });
    // The reader followed a link to this demo: show it, as a link to a heading would.
    if from_address {
        host.scroll_into_view();
    }
    match refused {
        Some(why) => Err(format!("kubevol: the page's level for this {} demo: {why}", kind.code())),
        None => Ok(()),
    }
}

/// What the lab part of the demo mounted in `host` holds for the page's script, or why there is
/// none.
pub async fn lab_for(host: &HtmlElement) -> Result<Lab, String> {
    // The element says its kind, as every placeholder (and every element mountDemo fills) does.
    let code = host.get_attribute("data-kubevol-demo").filter(|_| is_mounted(host)).unwrap_or_default();
    let kind = DemoKind::from_code(code.trim()).ok_or(NO_DEMO)?;
    (crate::kinds::parts(kind).lab)().await.map_err(|_| part_failed(kind.code()))
}

/// Said when a page's script asks about an element that holds no demo.
pub const NO_DEMO: &str = "kubevol: this element holds no mounted demo.";

/// Mounts `view` into `host` in place of whatever fallback the page put there, and keeps the handle.
fn show<N: IntoView + 'static>(host: HtmlElement, view: impl FnOnce() -> N + 'static) {
    let _ = host.set_attribute(MOUNTED_ATTR, "");
    host.set_text_content(None); // drop any fallback content the page put there
    let handle = leptos::mount::mount_to(host.clone(), view);
    MOUNTED.with(|m| m.borrow_mut().push(Mounted { host, _handle: Box::new(handle) }));
}

/// Where `host` sits among the page's demos of kind `code`, its `data-preset`, and the page
/// address's share link if it names this demo, else the history a page's script opened it at.
fn place_of(host: &HtmlElement, code: &str, scripted: Scripted) -> Place {
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
    // A link shared in a built-in level names it after the link itself (`share::LEVEL_IN_LINK`).
    let (fragment, linked_level) = match fragment.split_once(crate::share::LEVEL_IN_LINK) {
        Some((fragment, level)) => (fragment, Some(level)),
        None => (fragment, None),
    };
    let ours = Address::of(fragment).is_some_and(|a| a.kind == code && a.nth == nth);
    let lab = Place::is_lab(host.get_attribute(VIEW_ATTR).as_deref());
    // The page's own level comes first; else the level the reader's link was shared in.
    let level = scripted
        .level
        .filter(|_| scripted.level_fault.is_none())
        .or_else(|| host.get_attribute(LEVEL_ATTR).filter(|_| scripted.level_fault.is_none()))
        .or_else(|| linked_level.filter(|_| ours).map(str::to_string))
        .filter(|l| !l.trim().is_empty());
    // What the page's script opened it at is read where a link is (`demo::restore`).
    let link = if ours {
        Some(fragment.to_string())
    } else {
        scripted.history.or(scripted.fault.map(|fault| format!("!{fault}")))
    };
    Place { preset, nth, link, lab, level, level_refused: scripted.level_fault, goal: false, said: None }
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
        return take_pending(host);
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

fn error_view(message: String) -> AnyView {
    view! { <div class="kv kv-error" role="alert">{message}</div> }.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_parsed_strictly() {
        assert_eq!(parse_placeholder(Some(" csi "), Some("en"), Some("ja")), Ok((DemoKind::Csi, Lang::En, None)));
        let err = parse_placeholder(Some("cis"), Some("en"), None).unwrap_err();
        assert!(err.contains("unknown demo \"cis\""), "{err}");
        assert!(parse_placeholder(None, None, None).is_err());
    }

    /// Without `data-lang` a demo speaks the page's language where it is Japanese or English, else
    /// English; a `data-lang` it does not speak is said, and the page's language spoken.
    #[test]
    fn a_demo_speaks_its_data_lang_else_the_pages_else_english() {
        for (asked, page, speaks) in [
            (None, Some("ja"), Lang::Ja),
            (None, Some("en-US"), Lang::En),
            (Some(""), Some("ja-JP"), Lang::Ja),
            (None, Some("fr"), Lang::En),
            (None, None, Lang::En),
            (Some("ja"), Some("en"), Lang::Ja),
            (Some("EN-gb"), Some("ja"), Lang::En),
        ] {
            assert_eq!(language(asked, page), (speaks, None), "{asked:?} on a {page:?} page");
        }
        let (lang, said) = language(Some("fr"), Some("ja"));
        assert_eq!(lang, Lang::Ja);
        let said = said.expect("an unsupported data-lang is said").words(Lang::En);
        assert!(said.starts_with("data-lang \"fr\" is not a language this demo speaks"), "{said}");
    }

    /// The stylesheet says these before the wasm arrives; it must say what this file says.
    #[test]
    fn the_stylesheet_draws_the_placeholder_texts() {
        let css = include_str!("../../../web/kubevol.css");
        for msg in [LOADING, NEEDS_JAVASCRIPT, RENDERED_NEEDS_JAVASCRIPT] {
            for lang in [Lang::Ja, Lang::En] {
                let content = format!("content: \"{}\"", msg.get(lang));
                assert!(css.contains(&content), "web/kubevol.css does not draw {content}");
            }
        }
    }

    /// The loader says a load failure before any wasm has run; it must say what this file says.
    #[test]
    fn the_loader_says_the_load_failure() {
        let js = include_str!("../../../web/kubevol.js");
        for lang in [Lang::Ja, Lang::En] {
            let words = format!("{}: ['{}', '{}']", lang.code(), LOAD_FAILED.get(lang), TRY_AGAIN.get(lang));
            assert!(js.contains(&words), "web/kubevol.js does not say {words}");
        }
    }
}
