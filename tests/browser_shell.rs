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
