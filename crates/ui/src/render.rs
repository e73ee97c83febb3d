//! A demo's first screen as HTML, for a page to hold before any of its code has arrived.
//!
//! The same components the browser mounts, rendered natively by Leptos's server side
//! (`RenderHtml::to_html`, behind this crate's `ssr` feature): nobody writes a second copy of a
//! view. `crates/render` builds this into a wasm module for Node, which `web/kubevol-prerender.mjs`
//! runs over a built page's placeholders, so a reader sees the demo with the page's first paint.
//! When the demo's code arrives, `mount.rs` replaces the rendered screen with the live one in one
//! task, before the browser paints again; the two are the same DOM, so no pixel changes.
//!
//! What is not live yet says so: every button carries `aria-disabled="true"` (a screen reader
//! announces it as unavailable) and `web/kubevol.css` gives a rendered demo no hover or press
//! feedback until it is mounted. A tap meanwhile is held by `web/kubevol.js` and applied once the
//! demo is live.

use leptos::prelude::*;

use crate::demo::{DemoKind, Notice, Place};
use crate::kind::{self, Declared};
use crate::kinds::with_demo;
use crate::mount::parse_placeholder;
use crate::parts::DemoView;

/// The presets a page can ask a kind for (`data-preset`), `None` being the demo's default.
pub fn presets(kind: DemoKind) -> Vec<Option<String>> {
    let presets = with_demo!(kind, K => K::presets());
    std::iter::once(None).chain(presets.into_iter().map(|p| Some(p.to_string()))).collect()
}

/// The view the browser mounts for a placeholder of `kind`: the demo at its start, or, for a
/// demo a page's script opens at a moment, the one that replays its history (`mount.rs` does the
/// same, from the kind's parts).
fn view_of(kind: DemoKind, linked: bool) -> DemoView {
    with_demo!(kind, K => if linked { kind::linked::<K> } else { kind::view::<K> })
}

/// What a placeholder asks of its demo beyond its kind and language: its `data-preset` and
/// `data-view`, which demo of its kind it is on the page (`nth`, from 1), the moment a page's
/// script opens it at (`history`: `demo::history`, as `scenario` below makes it, or `!` and why
/// the scenario cannot be shown; `None` for the demo's own start), the level it opens in
/// (`data-level`, or a level written out as JSON), and the page's language (its `<html lang>`,
/// or a book's default), which a demo without a `data-lang` it speaks speaks.
#[derive(Default)]
pub struct Asked<'a> {
    pub preset: Option<&'a str>,
    pub view: Option<&'a str>,
    pub nth: u32,
    pub history: Option<String>,
    pub level: Option<String>,
    pub page_lang: Option<&'a str>,
}

/// A demo's first screen, and what it says to its reader of what the page asked and it cannot
/// honour (an unknown preset or view, a language it does not speak, a level it cannot open, a
/// scenario it cannot show), in its language: what a book's build reports, with the page and line.
#[derive(Debug)]
pub struct Screen {
    pub html: String,
    pub faults: Vec<String>,
}

/// The first screen of the demo a placeholder asks for, as its attributes say, or the message that
/// says why there is no demo to show (an unknown kind). A level is read as the browser reads it
/// (from the kind's lab part) and the demo opens at its start; what the demo cannot honour it
/// shows at its default, saying why, as the live demo does.
pub fn first_screen(kind: Option<&str>, lang: Option<&str>, asked: Asked) -> Result<Screen, String> {
    let (kind, lang, said) = parse_placeholder(kind, lang, asked.page_lang)?;
    // The lab view (`data-view="lab"`) is rendered with every fold open, each saying its part is
    // loading, as the live demo's first render does: what a fold shows is a part of the wasm that
    // comes after the first screen (`folds.rs`). A demo opened in a level shows it, as the live
    // one does at once: the page fetches the lab part before mounting it.
    let mut place = Place {
        preset: asked.preset.map(|p| p.trim().to_string()),
        nth: asked.nth.max(1),
        link: asked.history,
        lab: Place::is_lab(asked.view),
        level: asked.level.filter(|l| !l.trim().is_empty()),
        level_refused: None,
        goal: false,
        said: Notice::all([said, Place::view_said(asked.view)]),
    };
    // A level written out is read into its form first, as the script API's module reads a page's;
    // the demo then opens at the level's start, as `mount.rs` opens it.
    let (form_of, start_of) = levels_of(kind);
    let level = place.level.take().map(|l| if l.trim_start().starts_with('{') { form_of(&l) } else { Ok(l) });
    match level.map(|l| l.and_then(|l| start_of(&l).map(|start| (l, start)))) {
        Some(Ok((level, start))) => {
            place.level = Some(level);
            place.link = place.link.or(Some(start));
        }
        Some(Err(why)) => place.level_refused = Some(why),
        None => {}
    }
    let faults = faults(kind, &place).into_iter().map(|n| n.words(lang)).collect();
    let owner = Owner::new();
    let view = view_of(kind, place.link.is_some() || place.level.is_some() || place.level_refused.is_some());
    let html = owner.with(|| view(lang, place).to_html());
    owner.cleanup();
    Ok(Screen { html: not_live(&html), faults })
}

/// What the demo says of what the page asked and it cannot honour: the same notices its view
/// draws (`demo::restore`, each kind's preset), each one.
fn faults(kind: DemoKind, place: &Place) -> Vec<Notice> {
    let preset = with_demo!(kind, K => K::first(place).1);
    let level = place.level_refused.clone().map(Notice::bad_level);
    let scenario = place.link.as_deref().and_then(|l| l.strip_prefix('!')).map(|f| Notice::bad_scenario(f.into()));
    [place.said.clone(), preset, level, scenario].into_iter().flatten().collect()
}

/// A level written out as a demo of `kind` reads it (its form, as the script API's module writes
/// it), and the history of a level's start, as its lab part answers in the browser (`mount.rs`).
type LevelReaders = (fn(&str) -> Result<String, String>, fn(&str) -> Result<String, String>);

fn levels_of(kind: DemoKind) -> LevelReaders {
    fn written<K: Declared>(level: &str) -> Result<String, String> {
        crate::practice::form::write(K::SCENARIOS, level)
    }
    with_demo!(kind, K => (written::<K>, kind::opens_level::<K>))
}

/// The rendered screen's marks of not being live yet: each button is announced as unavailable.
fn not_live(html: &str) -> String {
    html.replace("<button", "<button aria-disabled=\"true\"")
}

/// The history a demo of `kind` opens at for a page's `scenario` (a plain object in the replay
/// format, as the Vue component's `scenario` prop), replayed at build time by the same reader the
/// script API's module runs in the browser; or what is wrong with it (the browser then shows the
/// demo's own words for it).
pub fn scenario(kind: &str, preset: Option<&str>, scenario: wasm_bindgen::JsValue) -> Result<String, String> {
    let Some(kind) = DemoKind::from_code(kind.trim()) else {
        return Err(format!("kubevol: unknown demo \"{kind}\""));
    };
    with_demo!(kind, K => crate::api::opened(K::SCENARIOS, preset, scenario))
}
