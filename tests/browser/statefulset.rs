//! The StatefulSet chapter's story, walked through the demo's buttons in a real browser.

use crate::support::{self, Demo};
use wasm_bindgen_test::*;

fn pods(demo: &Demo) -> Vec<String> {
    demo.all("[data-state=\"lanes\"] [data-pod]").iter().map(|e| e.get_attribute("data-pod").unwrap()).collect()
}

fn volumes(demo: &Demo) -> Vec<String> {
    demo.all("[data-state=\"lanes\"] [data-pvc]").iter().map(|e| e.get_attribute("data-pvc").unwrap()).collect()
}

fn pod_status(demo: &Demo, pod: &str) -> String {
    demo.find(&format!("[data-pod=\"{pod}\"] [data-state=\"pod-status\"]")).unwrap().text_content().unwrap()
}

fn data(demo: &Demo, pvc: &str) -> String {
    demo.find(&format!("[data-pvc=\"{pvc}\"] [data-state=\"data\"]")).unwrap().text_content().unwrap()
}

fn tone(demo: &Demo) -> String {
    demo.find("[data-state=\"badge\"]").unwrap().get_attribute("data-tone").unwrap()
}

async fn steps(demo: &Demo, n: usize) {
    for _ in 0..n {
        demo.click("[data-action=\"step\"]").await;
    }
}

#[wasm_bindgen_test]
async fn pods_start_in_order_one_at_a_time() {
    let demo = support::mount("statefulset", "ja").await;
    demo.open("history").await;
    assert_eq!(demo.state("badge"), "ready 0 / 目標 3 ・ボリューム 0");
    assert_eq!(demo.state("step"), "step=0");
    steps(&demo, 1).await;
    assert_eq!(pods(&demo), ["db-0"], "db-0 appears at step 1");
    assert_eq!(pod_status(&demo, "db-0"), "起動中(あと 2 周期)");
    steps(&demo, 1).await;
    assert_eq!(pods(&demo), ["db-0"], "db-1 waits while db-0 starts");
    assert!(demo.state("log").contains("db-1 はまだ作らない(db-0 が ready でない)"));
    steps(&demo, 1).await;
    assert_eq!(pod_status(&demo, "db-0"), "ready");
    assert_eq!(pods(&demo), ["db-0", "db-1"]);
    steps(&demo, 4).await;
    assert_eq!(demo.state("step"), "step=7");
    assert_eq!(pods(&demo), ["db-0", "db-1", "db-2"]);
    assert_eq!(demo.state("badge"), "ready 3 / 目標 3 ・ボリューム 3");
    assert_eq!(tone(&demo), "ok");
    assert!(demo.state("verdict").starts_with("揃っている"));
    assert_eq!(
        demo.find("[data-pod=\"db-2\"] [data-state=\"dns\"]").unwrap().text_content().unwrap(),
        "db-2.db.default.svc.cluster.local"
    );
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_broken_db_1_keeps_db_2_away_until_it_is_fixed() {
    let demo = support::mount("statefulset", "ja").await;
    demo.click("[data-action=\"break\"][data-ordinal=\"1\"]").await;
    for _ in 0..4 {
        demo.click("[data-action=\"step5\"]").await;
    }
    assert_eq!(pods(&demo), ["db-0", "db-1"]);
    assert_eq!(pod_status(&demo, "db-1"), "壊れている(ready にならない)");
    assert_eq!(tone(&demo), "ng");
    assert!(demo.state("verdict").contains("db-2 から先は永久に作られない"), "{}", demo.state("verdict"));
    demo.click("[data-action=\"break\"][data-ordinal=\"1\"]").await;
    demo.click("[data-action=\"step5\"]").await;
    demo.click("[data-action=\"step5\"]").await;
    assert_eq!(pods(&demo), ["db-0", "db-1", "db-2"]);
    assert_eq!(tone(&demo), "ok");
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_deleted_pod_comes_back_to_the_same_volume_and_data() {
    let demo = support::mount("statefulset", "ja").await;
    demo.open("history").await;
    for _ in 0..2 {
        demo.click("[data-action=\"step5\"]").await;
    }
    demo.click("[data-action=\"write\"][data-ordinal=\"1\"]").await;
    let written = data(&demo, "data-db-1");
    assert_eq!(written, "中身: db-1@step7");
    demo.click("[data-action=\"delete-pod\"][data-ordinal=\"1\"]").await;
    assert_eq!(pods(&demo), ["db-0", "db-2"]);
    assert_eq!(data(&demo, "data-db-1"), written, "the volume outlives the pod");
    steps(&demo, 1).await;
    assert_eq!(pods(&demo), ["db-0", "db-1", "db-2"]);
    assert!(
        demo.state("log").contains("db-1 を作成(既存のボリューム data-db-1 を再接続。中身「db-1@step7」ごと戻った)"),
        "{}",
        demo.state("log")
    );
    assert_eq!(data(&demo, "data-db-1"), written);
    demo.remove();
}

#[wasm_bindgen_test]
async fn scaling_down_keeps_the_volumes_and_scaling_back_restores_the_data() {
    let demo = support::mount("statefulset", "en").await;
    demo.click("[data-action=\"step5\"]").await;
    demo.click("[data-action=\"step5\"]").await;
    demo.click("[data-action=\"write\"][data-ordinal=\"2\"]").await;
    demo.click("[data-action=\"scale-down\"]").await;
    demo.click("[data-action=\"scale-down\"]").await;
    steps(&demo, 1).await;
    assert_eq!(pods(&demo), ["db-0", "db-1"], "db-2 goes first");
    steps(&demo, 1).await;
    assert_eq!(pods(&demo), ["db-0"], "then db-1");
    assert_eq!(volumes(&demo), ["data-db-0", "data-db-1", "data-db-2"], "three volumes stay");
    assert_eq!(demo.state("badge"), "ready 1 / target 1 · volumes 3");
    demo.click("[data-action=\"scale-up\"]").await;
    demo.click("[data-action=\"scale-up\"]").await;
    demo.click("[data-action=\"step5\"]").await;
    demo.click("[data-action=\"step5\"]").await;
    assert_eq!(pods(&demo), ["db-0", "db-1", "db-2"]);
    assert_eq!(data(&demo, "data-db-2"), "data: db-2@step7");
    demo.remove();
}

#[wasm_bindgen_test]
async fn scaling_below_zero_stays_at_zero() {
    let demo = support::mount("statefulset", "ja").await;
    demo.open("history").await;
    for _ in 0..5 {
        demo.click("[data-action=\"scale-down\"]").await;
    }
    assert_eq!(demo.state("badge"), "ready 0 / 目標 0 ・ボリューム 0");
    assert!(demo.state("log").contains("目標 -1 は作れないので 0 にした"), "{}", demo.state("log"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn parallel_creates_every_missing_pod_in_one_step() {
    let demo = support::mount("statefulset", "ja").await;
    demo.open("settings").await;
    demo.click("[data-action=\"policy\"][data-value=\"Parallel\"]").await;
    steps(&demo, 1).await;
    assert_eq!(pods(&demo), ["db-0", "db-1", "db-2"]);
    assert_eq!(demo.state("step"), "step=1");
    demo.remove();
}

#[wasm_bindgen_test]
async fn when_scaled_delete_removes_the_pvc_on_scale_down() {
    let demo = support::mount("statefulset", "ja").await;
    demo.open("settings").await;
    demo.open("history").await;
    demo.click("[data-action=\"startup\"][data-value=\"0\"]").await;
    steps(&demo, 3).await;
    demo.click("[data-action=\"retention\"][data-value=\"Delete\"]").await;
    demo.click("[data-action=\"scale-down\"]").await;
    steps(&demo, 1).await;
    assert_eq!(pods(&demo), ["db-0", "db-1"]);
    assert_eq!(volumes(&demo), ["data-db-0", "data-db-1"]);
    assert!(demo.state("log").contains("ボリューム data-db-2 を削除(whenScaled: Delete)"), "{}", demo.state("log"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn writing_before_the_pod_is_ready_is_refused_with_a_reason() {
    let demo = support::mount("statefulset", "en").await;
    steps(&demo, 1).await;
    demo.click("[data-action=\"write\"][data-ordinal=\"0\"]").await;
    assert_eq!(demo.state("verdict"), "Refused: only a running db-0 can write to data-db-0; wait until db-0 is ready");
    assert_eq!(tone(&demo), "ng");
    demo.remove();
}

#[wasm_bindgen_test]
async fn play_steps_on_a_timer_until_converged() {
    let demo = support::mount("statefulset", "ja").await;
    demo.open("settings").await;
    demo.click("[data-action=\"startup\"][data-value=\"0\"]").await;
    demo.click("[data-action=\"play\"]").await;
    assert_eq!(demo.find("[data-action=\"play\"]").unwrap().get_attribute("aria-pressed").as_deref(), Some("true"));
    // Three steps at 700 ms each; the rest is slack for a slow machine.
    support::sleep_ms(5_000).await;
    assert_eq!(pods(&demo), ["db-0", "db-1", "db-2"]);
    assert_eq!(
        demo.find("[data-action=\"play\"]").unwrap().get_attribute("aria-pressed").as_deref(),
        Some("false"),
        "stops when converged"
    );
    let stopped_at = demo.state("step");
    support::sleep_ms(1_000).await;
    assert_eq!(demo.state("step"), stopped_at);
    demo.remove();
}

/// Each ordinal's cards are keyed rows: a click changes the card it acts on in place, so the
/// clicked button keeps the keyboard focus, and the cards of the other ordinals stay the same
/// elements.
#[wasm_bindgen_test]
async fn a_click_keeps_the_focused_button_and_the_other_cards() {
    use wasm_bindgen::JsCast;
    let demo = support::mount("statefulset", "en").await;
    for _ in 0..2 {
        demo.click("[data-action=\"step5\"]").await;
    }
    let write: web_sys::HtmlElement =
        demo.find("[data-action=\"write\"][data-ordinal=\"1\"]").unwrap().dyn_into().unwrap();
    let pod_card = demo.find("[data-pod=\"db-1\"]").unwrap();
    let other_volume = demo.find("[data-pvc=\"data-db-0\"]").unwrap();
    write.focus().unwrap();
    write.click();
    leptos::task::tick().await;
    assert_eq!(data(&demo, "data-db-1"), "data: db-1@step7");
    let document = web_sys::window().unwrap().document().unwrap();
    let focused = document.active_element().expect("something has the focus");
    assert!(focused.is_same_node(Some(&write)), "the clicked Write button keeps the focus");
    assert!(write.is_connected() && pod_card.is_connected() && other_volume.is_connected());
    steps(&demo, 1).await;
    assert!(pod_card.is_connected(), "a step that changes nothing about db-1 leaves its card alone");
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_deleted_pods_claim_stays_in_its_lane_bound_to_its_volume() {
    let demo = support::mount("statefulset", "en").await;
    demo.click("[data-action=\"step5\"]").await;
    demo.click("[data-action=\"step5\"]").await;
    assert_eq!(pods(&demo), ["db-0", "db-1", "db-2"]);
    assert_eq!(support::edges(&demo, "mount"), ["db-0→data-db-0", "db-1→data-db-1", "db-2→data-db-2"]);
    let bound = support::edges(&demo, "bind");
    assert_eq!(bound.len(), 3, "{bound:?}");
    assert!(bound[1].starts_with("data-db-1→pvc-"), "a claim is bound to the PV the controller named: {bound:?}");
    let lane = |pvc: &str| demo.find(&format!("[data-pvc=\"{pvc}\"]")).unwrap().get_bounding_client_rect().left();
    let before = lane("data-db-1");

    demo.click("[data-action=\"delete-pod\"][data-ordinal=\"1\"]").await;
    assert_eq!(pods(&demo), ["db-0", "db-2"]);
    assert_eq!(support::edges(&demo, "mount"), ["db-0→data-db-0", "db-2→data-db-2"], "the pod's line goes with it");
    assert_eq!(support::edges(&demo, "bind"), bound, "the claim keeps its volume");
    assert_eq!(lane("data-db-1"), before, "and its lane");
    let desc = demo.find(".kv-pvs-row desc").unwrap().text_content().unwrap();
    assert!(desc.contains("(none) → data-db-1 → PV"), "{desc}");
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_broken_ordinal_is_marked_as_what_blocks_the_rest() {
    let demo = support::mount("statefulset", "en").await;
    demo.click("[data-action=\"step\"]").await;
    demo.click("[data-action=\"break\"][data-ordinal=\"1\"]").await;
    assert!(demo.find("[data-state=\"blocking\"]").is_none(), "nothing blocks before db-1 exists");
    demo.click("[data-action=\"step5\"]").await;
    assert_eq!(demo.state("blocking"), "blocks db-2");
    let lane = demo.find("[data-state=\"blocking\"]").unwrap().closest("[data-lane]").unwrap().unwrap();
    assert_eq!(lane.get_attribute("data-lane").as_deref(), Some("1"));
    demo.click("[data-action=\"break\"][data-ordinal=\"1\"]").await;
    demo.click("[data-action=\"step5\"]").await;
    assert!(demo.find("[data-state=\"blocking\"]").is_none(), "fixed, it blocks nothing");
    demo.remove();
}
