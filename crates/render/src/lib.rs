//! The demos' first screens as HTML, for `web/kubevol-prerender.mjs` to put into built pages.
//!
//! A wasm module for Node (wasm-bindgen's `nodejs` target), shipped in `dist/` beside the demos:
//! a book that embeds them renders them at its own build time with Node alone. The rendering is
//! `kubevol_ui::render`'s: the demos' own components, through Leptos's server side.

use wasm_bindgen::prelude::*;

/// The first screen of the demo a placeholder asks for, by its attributes (`nth`: which demo of
/// its kind it is on the page, from 1; `page_lang`: the page's `<html lang>` or a book's default),
/// as `{html, faults}`: `faults` are what the demo says to its reader of what it cannot honour
/// (an unknown preset or view, a language it does not speak, a level it cannot open, a scenario
/// it cannot show), in its language, each shown in the demo at its default; a book's build
/// reports them. Throws only when there is no demo to draw (an unknown kind): the page then
/// shows that message in the demo's place. A lab view is rendered with its folds open, each
/// saying its part is loading. `scenario` is a plain object in the replay format, or `undefined`
/// for the demo's start.
#[allow(clippy::too_many_arguments)]
#[wasm_bindgen(js_name = renderScreen)]
pub fn render_screen(
    kind: Option<String>,
    lang: Option<String>,
    preset: Option<String>,
    view: Option<String>,
    nth: u32,
    scenario: JsValue,
    level: Option<String>,
    page_lang: Option<String>,
) -> Result<JsValue, String> {
    let history = if scenario.is_undefined() || scenario.is_null() {
        None
    } else {
        // One the demo cannot show opens it at its default, saying why, as in the browser.
        let read = kubevol_ui::render::scenario(kind.as_deref().unwrap_or_default(), preset.as_deref(), scenario);
        Some(read.unwrap_or_else(|fault| format!("!{fault}")))
    };
    let place = kubevol_ui::render::Asked {
        preset: preset.as_deref(),
        view: view.as_deref(),
        nth,
        history,
        level,
        page_lang: page_lang.as_deref(),
    };
    let screen = kubevol_ui::render::first_screen(kind.as_deref(), lang.as_deref(), place)?;
    let out = js_sys::Object::new();
    let faults: js_sys::Array = screen.faults.iter().map(|f| JsValue::from(f.as_str())).collect();
    let _ = js_sys::Reflect::set(&out, &"html".into(), &screen.html.into());
    let _ = js_sys::Reflect::set(&out, &"faults".into(), &faults);
    Ok(out.into())
}

/// Every preset a page can ask `kind` for, the default first (as `null`), for tests that render
/// every combination.
#[wasm_bindgen]
pub fn presets(kind: &str) -> Vec<JsValue> {
    let Some(kind) = kubevol_ui::demo::DemoKind::from_code(kind) else { return Vec::new() };
    kubevol_ui::render::presets(kind).into_iter().map(|p| p.map_or(JsValue::NULL, JsValue::from)).collect()
}

#[cfg(test)]
mod tests {
    // Natively, with kubevol-ui as this crate builds it (ssr, no csr): as Node runs it.
    use kubevol_ui::demo::DemoKind;
    use kubevol_ui::lang::Lang;
    use kubevol_ui::render::{first_screen, presets, Asked};

    #[test]
    fn every_kind_preset_and_language_renders_its_first_screen() {
        for kind in DemoKind::ALL {
            for preset in presets(kind) {
                for lang in [Lang::Ja, Lang::En] {
                    let screen = first_screen(
                        Some(kind.code()),
                        Some(lang.code()),
                        Asked { preset: preset.as_deref(), ..Asked::default() },
                    )
                    .unwrap_or_else(|e| panic!("{} {preset:?} {}: {e}", kind.code(), lang.code()));
                    assert!(screen.faults.is_empty(), "{} {preset:?}: {:?}", kind.code(), screen.faults);
                    let html = screen.html;
                    assert!(html.contains("data-kubevol-root"), "{} {preset:?}: no demo root", kind.code());
                    assert!(html.contains("<button aria-disabled=\"true\""), "{}: no button marked", kind.code());
                    assert!(!html.contains("kv-error"), "{} {preset:?}: {html}", kind.code());
                }
            }
        }
    }

    #[test]
    fn an_unknown_kind_has_no_demo_to_draw() {
        assert!(first_screen(Some("cis"), None, Asked::default()).unwrap_err().contains("unknown demo"));
    }

    /// What the demo cannot honour is drawn at its default and said, in the demo and to the build,
    /// in the same words.
    #[test]
    fn what_a_demo_cannot_honour_is_said_in_it_and_to_the_build() {
        let screen = |kind: &str, lang: Option<&str>, asked: Asked| first_screen(Some(kind), lang, asked).unwrap();
        // A text node keeps its quotes; an apostrophe may be written as an entity.
        let said = |html: &str, fault: &str| html.replace("&#x27;", "'").contains(fault);
        for (kind, lang, asked, starts) in [
            ("csi", Some("fr"), Asked { page_lang: Some("en-US"), ..Asked::default() }, "data-lang \"fr\" is not"),
            (
                "csi",
                None,
                Asked { view: Some("labs"), page_lang: Some("en"), ..Asked::default() },
                "data-view \"labs\"",
            ),
            ("csi", Some("en"), Asked { preset: Some("spread"), ..Asked::default() }, "data-preset \"spread\""),
            ("topology", Some("en"), Asked { preset: Some("sprad"), ..Asked::default() }, "data-preset \"sprad\""),
            ("csi", Some("en"), Asked { level: Some("csi-nope".into()), ..Asked::default() }, "This level cannot"),
            ("csi", Some("en"), Asked { level: Some("{\"id\": ".into()), ..Asked::default() }, "This level cannot"),
            ("csi", Some("en"), Asked { history: Some("!actions[0]: no".into()), ..Asked::default() }, "The page's"),
        ] {
            let shown = screen(kind, lang, asked);
            assert_eq!(shown.faults.len(), 1, "{kind} {starts}: {:?}", shown.faults);
            assert!(shown.faults[0].starts_with(starts), "{kind}: {:?}", shown.faults);
            assert!(said(&shown.html, &shown.faults[0]), "{kind} {starts}: not in the demo");
        }
        // Without data-lang the page's language; a Japanese page's demo says its faults in Japanese.
        let ja = screen("csi", None, Asked { preset: Some("x"), page_lang: Some("ja"), ..Asked::default() });
        assert!(ja.html.contains("lang=\"ja\"") && ja.faults[0].contains("使えない"), "{:?}", ja.faults);
        let en = screen("csi", None, Asked { page_lang: Some("en-US"), ..Asked::default() });
        assert!(en.html.contains("lang=\"en\"") && en.faults.is_empty());
    }

    #[test]
    fn a_lab_view_is_rendered_with_every_fold_open_and_its_part_loading() {
        for kind in DemoKind::ALL {
            let lab = first_screen(Some(kind.code()), Some("en"), Asked { view: Some("lab"), ..Asked::default() });
            let lab = lab.unwrap().html;
            let chapter = first_screen(Some(kind.code()), Some("en"), Asked::default()).unwrap().html;
            // Each fold panel's opening tag, and whether it is hidden.
            let hidden = |html: &str| -> Vec<bool> {
                let tags = html.split("<section ").skip(1).map(|t| &t[..t.find('>').unwrap_or(t.len())]);
                tags.filter(|t| t.contains("class=\"kv-fold-panel\"")).map(|t| t.contains("hidden")).collect()
            };
            let (open, closed) = (hidden(&lab), hidden(&chapter));
            assert!(open.len() >= 3, "{}: {} fold panels", kind.code(), open.len());
            assert!(open.iter().all(|h| !h) && closed.iter().all(|h| *h), "{}: {open:?} {closed:?}", kind.code());
            assert_eq!(lab.matches("data-state=\"part-loading\"").count(), open.len(), "{}: each loads", kind.code());
            assert!(!lab.contains("aria-expanded=\"false\""), "{}: a toggle says closed", kind.code());
        }
    }

    #[test]
    fn the_topology_chapter_and_an_article_scenario_render_differently() {
        let chapter =
            first_screen(Some("topology"), None, Asked { preset: Some("spread"), ..Asked::default() }).unwrap().html;
        let article =
            first_screen(Some("topology"), None, Asked { preset: Some("conflict"), ..Asked::default() }).unwrap().html;
        assert_ne!(chapter, article);
    }

    #[test]
    fn a_scripted_moment_is_rendered_as_the_live_demo_opens_it() {
        use kubevol_sim::csi::{Action, DemoConfig, DEMO_CLAIM};
        let attach = Action::Attach { claim: DEMO_CLAIM.into(), node: "node-a".into() };
        let history = kubevol_ui::demo::history(DemoKind::Csi, DemoConfig::default(), &[attach], 1);
        let start = first_screen(Some("csi"), Some("en"), Asked::default()).unwrap().html;
        let attached =
            first_screen(Some("csi"), Some("en"), Asked { history: Some(history), ..Asked::default() }).unwrap().html;
        assert!(!start.contains("attached to node-a"), "{start}");
        assert!(attached.contains("node-a"), "{attached}");
        assert_ne!(start, attached);
    }

    /// A demo opened in a level is rendered in it, at the level's start (not the demo's default,
    /// which the live demo would then leave), its Practice fold open, as the live demo opens; a
    /// level it cannot open renders the default, saying why.
    #[test]
    fn a_level_is_rendered_at_its_start_as_the_live_demo_opens_it() {
        let asked = |level: &str| Asked { level: Some(level.into()), ..Asked::default() };
        let html = first_screen(Some("csi"), Some("en"), asked("csi-move-to-node-b")).unwrap().html;
        assert!(html.contains("data-level=\"csi-move-to-node-b\" class=\"kv-level\""), "{html}");
        assert!(html.contains("data-state=\"level-solved\" hidden"), "{html}");
        assert!(!html.contains("part-loading"), "{html}");
        assert!(html.contains("Move to node-b"), "{html}");
        // The header names the level, as the live demo's first render does.
        let strip = html.find("data-state=\"level-strip\"").expect("the level's strip");
        assert!(strip < html.find("kv-body").unwrap(), "the strip is in the header");
        // The level's start: the volume attached to node-a and a pod using it.
        let start = first_screen(Some("csi"), Some("en"), Asked::default()).unwrap().html;
        let badge =
            |html: &str| html.split("data-state=\"badge\"").nth(1).map(|b| b[..b.find('<').unwrap()].to_string());
        assert_ne!(badge(&html), badge(&start), "the level's start is not the demo's default");
        assert!(badge(&html).unwrap().contains("node-a"), "{:?}", badge(&html));
        for (kind, level) in [("statefulset", "sts-unblock"), ("topology", "topology-lost-node")] {
            let html = first_screen(Some(kind), Some("en"), asked(level)).unwrap().html;
            assert!(html.contains(&format!("data-level=\"{level}\" class=\"kv-level\"")), "{html}");
        }
        let refused = first_screen(Some("csi"), Some("en"), asked("sts-unblock")).unwrap();
        assert!(refused.html.contains("This level cannot be opened (kind: this is a csi demo, not"));
        assert_eq!(refused.faults.len(), 1, "{:?}", refused.faults);
    }
}
