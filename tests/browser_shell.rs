//! The demo frame as a reader meets it: kicker, title, badge, and the language switch.
#![cfg(target_arch = "wasm32")]

mod support;

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn shell_shows_kicker_title_and_badge() {
    let demo = support::mount("csi", "ja").await;
    assert_eq!(demo.result, Ok(()));
    assert_eq!(demo.find(".kv-kicker").unwrap().text_content().unwrap(), "デモ");
    assert_eq!(demo.state("title"), "CSI とボリューム");
    assert!(demo.find("[data-state=\"badge\"][data-tone]").is_some());
    demo.remove();
}

#[wasm_bindgen_test]
async fn language_button_switches_the_whole_shell() {
    let demo = support::mount("csi", "ja").await;
    demo.click("[data-action=\"lang\"]").await;
    assert_eq!(demo.state("title"), "CSI and volumes");
    assert_eq!(demo.find(".kv-kicker").unwrap().text_content().unwrap(), "Demo");
    assert_eq!(demo.find("[data-kubevol-root]").unwrap().get_attribute("lang").as_deref(), Some("en"));
    demo.click("[data-action=\"lang\"]").await;
    assert_eq!(demo.state("title"), "CSI とボリューム");
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_malformed_placeholder_says_why_in_place() {
    let demo = support::mount("cis", "ja").await;
    assert!(demo.result.is_err());
    let text = demo.find("[role=\"alert\"]").unwrap().text_content().unwrap();
    assert!(text.contains("unknown demo \"cis\""), "{text}");
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_one_kind_module_leaves_other_kinds_to_the_module_that_carries_them() {
    use wasm_bindgen::JsCast;
    let document = web_sys::window().unwrap().document().unwrap();
    let host: web_sys::HtmlElement = document.create_element("div").unwrap().dyn_into().unwrap();
    host.set_text_content(Some("fallback"));
    document.body().unwrap().append_child(&host).unwrap();

    // The CSI module is asked for a StatefulSet demo: it refuses and leaves the placeholder as it was.
    let refused = kubevol_ui::mount_into(&kubevol_ui::Demos::CSI, host.clone(), Some("statefulset"), Some("en"));
    assert!(refused.unwrap_err().contains("does not carry the \"statefulset\" demo"));
    assert_eq!(host.text_content().as_deref(), Some("fallback"));
    assert!(!host.has_attribute("data-kubevol-mounted"));

    // A malformed placeholder is explained by any module, whatever it carries.
    let malformed = kubevol_ui::mount_into(&kubevol_ui::Demos::CSI, host.clone(), Some("cis"), Some("en"));
    assert!(malformed.is_err());
    leptos::task::tick().await;
    let alert = host.query_selector("[role=\"alert\"]").unwrap().unwrap().text_content().unwrap();
    assert!(alert.contains("unknown demo \"cis\""), "{alert}");
    host.remove();
}
