//! The demos' first screens as HTML, for `web/kubevol-prerender.mjs` to put into built pages.
//!
//! A wasm module for Node (wasm-bindgen's `nodejs` target), shipped in `dist/` beside the demos:
//! a book that embeds them renders them at its own build time with Node alone. The rendering is
//! `kubevol_ui::render`'s: the demos' own components, through Leptos's server side.

use wasm_bindgen::prelude::*;

/// The first screen of the demo a placeholder asks for, by its attributes (`nth`: which demo of
/// its kind it is on the page, from 1). Throws the reason a placeholder is not rendered: a
/// malformed one (the browser then shows its message), or a `scenario` the demo cannot show. A
/// lab view is rendered with its folds open, each saying its part is loading. `scenario` is a
/// plain object in the replay format, or `undefined` for the demo's start.
#[wasm_bindgen(js_name = renderDemo)]
pub fn render_demo(
    kind: Option<String>,
    lang: Option<String>,
    preset: Option<String>,
    view: Option<String>,
    nth: u32,
    scenario: JsValue,
    level: Option<String>,
) -> Result<String, String> {
    let history = if scenario.is_undefined() || scenario.is_null() {
        None
    } else {
        Some(kubevol_ui::render::scenario(kind.as_deref().unwrap_or_default(), preset.as_deref(), scenario)?)
    };
    let place = kubevol_ui::render::Asked { preset: preset.as_deref(), view: view.as_deref(), nth, history, level };
    kubevol_ui::render::first_screen(kind.as_deref(), lang.as_deref(), place)
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
                    let html = first_screen(
                        Some(kind.code()),
                        Some(lang.code()),
                        Asked { preset: preset.as_deref(), ..Asked::default() },
                    )
                    .unwrap_or_else(|e| panic!("{} {preset:?} {}: {e}", kind.code(), lang.code()));
                    assert!(html.contains("data-kubevol-root"), "{} {preset:?}: no demo root", kind.code());
                    assert!(html.contains("<button aria-disabled=\"true\""), "{}: no button marked", kind.code());
                    assert!(!html.contains("kv-error"), "{} {preset:?}: {html}", kind.code());
                }
            }
        }
    }

    #[test]
    fn a_malformed_placeholder_is_left_to_the_browser() {
        assert!(first_screen(Some("cis"), None, Asked::default()).unwrap_err().contains("unknown demo"));
        assert!(first_screen(Some("csi"), Some("fr"), Asked::default()).unwrap_err().contains("unknown language"));
    }

    #[test]
    fn a_lab_view_is_rendered_with_every_fold_open_and_its_part_loading() {
        for kind in DemoKind::ALL {
            let lab =
                first_screen(Some(kind.code()), Some("en"), Asked { view: Some("lab"), ..Asked::default() }).unwrap();
            let chapter = first_screen(Some(kind.code()), Some("en"), Asked::default()).unwrap();
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
            first_screen(Some("topology"), None, Asked { preset: Some("spread"), ..Asked::default() }).unwrap();
        let article =
            first_screen(Some("topology"), None, Asked { preset: Some("conflict"), ..Asked::default() }).unwrap();
        assert_ne!(chapter, article);
    }

    #[test]
    fn a_scripted_moment_is_rendered_as_the_live_demo_opens_it() {
        use kubevol_sim::csi::{Action, DemoConfig, DEMO_CLAIM};
        let attach = Action::Attach { claim: DEMO_CLAIM.into(), node: "node-a".into() };
        let history = kubevol_ui::demo::history(DemoKind::Csi, DemoConfig::default(), &[attach], 1);
        let start = first_screen(Some("csi"), Some("en"), Asked::default()).unwrap();
        let attached =
            first_screen(Some("csi"), Some("en"), Asked { history: Some(history), ..Asked::default() }).unwrap();
        assert!(!start.contains("attached to node-a"), "{start}");
        assert!(attached.contains("node-a"), "{attached}");
        assert_ne!(start, attached);
    }

    /// A demo opened in a level is rendered in it, its Practice fold open at the level's start, as
    /// the live demo opens; a level it cannot open renders the default, saying why.
    #[test]
    fn a_level_is_rendered_as_the_live_demo_opens_it() {
        let asked = |level: &str| Asked { level: Some(level.into()), ..Asked::default() };
        let html = first_screen(Some("csi"), Some("en"), asked("csi-move-to-node-b")).unwrap();
        assert!(html.contains("data-level=\"csi-move-to-node-b\" class=\"kv-level\""), "{html}");
        assert!(html.contains("data-state=\"level-solved\" hidden"), "{html}");
        assert!(!html.contains("part-loading"), "{html}");
        assert!(html.contains("Move to node-b"), "{html}");
        for (kind, level) in [("statefulset", "sts-unblock"), ("topology", "topology-lost-node")] {
            let html = first_screen(Some(kind), Some("en"), asked(level)).unwrap();
            assert!(html.contains(&format!("data-level=\"{level}\" class=\"kv-level\"")), "{html}");
        }
        let refused = first_screen(Some("csi"), Some("en"), asked("sts-unblock")).unwrap();
        assert!(refused.contains("This level cannot be opened (kind: this is a csi demo, not"), "{refused}");
    }
}
