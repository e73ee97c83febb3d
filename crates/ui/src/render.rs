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

use crate::demo::{DemoKind, Place};
use crate::mount::{parse_placeholder, DemoView};

/// The presets a page can ask a kind for (`data-preset`), `None` being the demo's default.
pub fn presets(kind: DemoKind) -> Vec<Option<String>> {
    let mut all = vec![None];
    if kind == DemoKind::Topology {
        all.extend(crate::topology::present::Scenario::codes().split(", ").map(|c| Some(c.to_string())));
    }
    all
}

/// The view the browser mounts for a placeholder of `kind`: the demo at its start, or, for a
/// demo a page's script opens at a moment, the one that replays its history (`mount.rs` does the
/// same, from the kind's parts).
const fn view_of(kind: DemoKind, linked: bool) -> DemoView {
    match (kind, linked) {
        (DemoKind::Csi, false) => crate::csi::view,
        (DemoKind::Csi, true) => crate::csi::linked,
        (DemoKind::StatefulSet, false) => crate::statefulset::view,
        (DemoKind::StatefulSet, true) => crate::statefulset::linked,
        (DemoKind::Topology, false) => crate::topology::view,
        (DemoKind::Topology, true) => crate::topology::linked,
    }
}

/// What a placeholder asks of its demo beyond its kind and language: its `data-preset` and
/// `data-view`, which demo of its kind it is on the page (`nth`, from 1), the moment a page's
/// script opens it at (`history`: `demo::history`, as `scenario` below makes it; `None` for the
/// demo's own start), and the level it opens in (`data-level`, or a level written out as JSON).
#[derive(Default)]
pub struct Asked<'a> {
    pub preset: Option<&'a str>,
    pub view: Option<&'a str>,
    pub nth: u32,
    pub history: Option<String>,
    pub level: Option<String>,
}

/// The first screen of the demo a placeholder asks for, as its attributes say, or the message that
/// says why it is not rendered. A level is read as the browser reads it (from the kind's lab
/// part): one the demo cannot open renders the demo at its default, saying why.
pub fn first_screen(kind: Option<&str>, lang: Option<&str>, asked: Asked) -> Result<String, String> {
    let (kind, lang) = parse_placeholder(kind, lang)?;
    // The lab view (`data-view="lab"`) is rendered with every fold open, each saying its part is
    // loading, as the live demo's first render does: what a fold shows is a part of the wasm that
    // comes after the first screen (`folds.rs`). A demo opened in a level shows it, as the live
    // one does at once: the page fetches the lab part before mounting it.
    let lab = Place::is_lab(asked.view);
    let mut place = Place {
        preset: asked.preset.map(|p| p.trim().to_string()),
        nth: asked.nth.max(1),
        link: asked.history,
        lab,
        level: asked.level.filter(|l| !l.trim().is_empty()),
        level_refused: None,
        goal: false,
    };
    // A level written out is read into its form first, as the script API's module reads a page's.
    let (form_of, opens) = levels_of(kind);
    let level = place.level.take().map(|l| if l.trim_start().starts_with('{') { form_of(&l) } else { Ok(l) });
    match level.map(|l| l.and_then(|l| opens(&l).map(|()| l))) {
        Some(Ok(level)) => place.level = Some(level),
        Some(Err(why)) => place.level_refused = Some(why),
        None => {}
    }
    let owner = Owner::new();
    let view = view_of(kind, place.link.is_some() || place.level.is_some() || place.level_refused.is_some());
    let html = owner.with(|| view(lang, place).to_html());
    owner.cleanup();
    Ok(not_live(&html))
}

/// A level written out as a demo of `kind` reads it (its form, as the script API's module writes
/// it), and whether the demo opens in a level, as its lab part answers in the browser (`mount.rs`).
type LevelReaders = (fn(&str) -> Result<String, String>, fn(&str) -> Result<(), String>);

fn levels_of(kind: DemoKind) -> LevelReaders {
    use crate::practice::form::write;
    match kind {
        DemoKind::Csi => (|l| write(crate::csi::LEVELS.scenarios, l), crate::csi::opens_level),
        DemoKind::StatefulSet => (|l| write(crate::statefulset::LEVELS.scenarios, l), crate::statefulset::opens_level),
        DemoKind::Topology => (|l| write(crate::topology::LEVELS.scenarios, l), crate::topology::opens_level),
    }
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
    use crate::api::{read, Scenarios};
    fn opened<M: kubevol_sim::Model, C: kubevol_sim::link::Compact + Copy>(
        scenarios: &Scenarios<M, C>,
        preset: Option<&str>,
        scenario: wasm_bindgen::JsValue,
    ) -> Result<String, String> {
        let read = read(scenarios, preset, scenario)?;
        Ok(crate::demo::history(scenarios.kind, read.config, &read.actions, read.moment))
    }
    match DemoKind::from_code(kind.trim()) {
        Some(DemoKind::Csi) => opened(&crate::csi::present::SCENARIOS, preset, scenario),
        Some(DemoKind::StatefulSet) => opened(&crate::statefulset::present::SCENARIOS, preset, scenario),
        Some(DemoKind::Topology) => opened(&crate::topology::present::SCENARIOS, preset, scenario),
        None => Err(format!("kubevol: unknown demo \"{kind}\"")),
    }
}
