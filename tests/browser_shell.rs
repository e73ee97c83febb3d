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

#[wasm_bindgen_test]
async fn unmounting_a_playing_demo_stops_it_and_frees_its_place() {
    let before = kubevol_ui::mounted_count();
    let demo = support::mount("statefulset", "en").await;
    assert_eq!(kubevol_ui::mounted_count(), before + 1);
    demo.click("[data-action=\"play\"]").await;
    support::sleep_ms(900).await;
    assert_ne!(demo.state("step"), "step=0", "play advances the set");

    let root = demo.find("[data-kubevol-root]").unwrap();
    assert!(kubevol_ui::unmount_from(&demo.host));
    assert_eq!(kubevol_ui::mounted_count(), before);
    assert_eq!(demo.host.child_element_count(), 0, "the demo's DOM leaves the placeholder");
    assert!(!demo.host.has_attribute("data-kubevol-mounted"));

    // The detached DOM no longer changes: the play timer went with the demo's owner.
    let frozen = root.outer_html();
    support::sleep_ms(1600).await;
    assert_eq!(root.outer_html(), frozen, "a disposed demo keeps stepping");

    // Unmounting again is harmless; mounting again starts a fresh demo.
    assert!(!kubevol_ui::unmount_from(&demo.host));
    let again = kubevol_ui::mount_into(&kubevol_ui::Demos::ALL, demo.host.clone(), Some("statefulset"), Some("en"));
    assert_eq!(again, Ok(()));
    leptos::task::tick().await;
    assert_eq!(demo.state("step"), "step=0");
    demo.remove();
    assert_eq!(kubevol_ui::mounted_count(), before);
}

#[wasm_bindgen_test]
async fn mounting_twice_into_one_element_keeps_one_demo() {
    let demo = support::mount("csi", "en").await;
    demo.click("[data-action=\"attach\"][data-node=\"node-a\"]").await;
    let count = kubevol_ui::mounted_count();
    let again = kubevol_ui::mount_into(&kubevol_ui::Demos::ALL, demo.host.clone(), Some("csi"), Some("en"));
    assert_eq!(again, Ok(()));
    leptos::task::tick().await;
    assert_eq!(kubevol_ui::mounted_count(), count);
    assert_eq!(demo.all("[data-kubevol-root]").len(), 1);
    assert_eq!(demo.state("disk").trim(), "pv-1 attached", "the first demo keeps its state");
    demo.remove();
}
