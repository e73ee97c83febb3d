//! One click, one moment: the kubectl panel, the prompt's watch and a level's checks all read the
//! moment the demo shows as kubectl sees it, which crates/ui's `Demo::moment` works out once per
//! change for all of them. Each used to replay the history into a moment of its own, so a click
//! with all three open replayed it three times.

use crate::prompt::typed;
use crate::support;
use kubevol_kubectl::Moment;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_click_with_the_kubectl_panel_a_watch_and_a_level_open_replays_the_history_once() {
    // The lab view opens every fold, the prompt's too; the level opens the Practice panel.
    let attributes = [("data-view", "lab"), ("data-level", "csi-move-to-node-b")];
    let demo = support::mount_with("csi", "en", &attributes).await;
    assert_eq!(demo.result, Ok(()));
    for fold in ["kubectl", "type-kubectl", "practice"] {
        demo.settle(fold).await;
    }
    assert!(demo.find(".kv-level[data-level=\"csi-move-to-node-b\"]").is_some(), "the level is open");
    typed(&demo, "get pods -w").await;
    let checks = demo.all("[data-state=\"level-check\"]").len();
    assert!(checks > 0, "the level's checks are drawn");
    let (table, printed) = (demo.state("kubectl-get"), demo.state("kubectl-prompt-out"));

    for (click, button) in
        ["[data-action=\"attach\"][data-node=\"node-b\"]", "[data-action=\"unmount-all\"]"].into_iter().enumerate()
    {
        let before = Moment::replays();
        demo.click(button).await;
        leptos::task::tick().await;
        let replays = Moment::replays() - before;
        assert_eq!(replays, 1, "click {click} ({button}) replayed the history {replays} times");
    }
    // The panel's table and the watch's rows followed the clicks, from the one moment.
    assert_ne!(demo.state("kubectl-get"), table);
    let watched = demo.state("kubectl-prompt-out");
    assert!(watched.len() > printed.len() && watched.starts_with(&printed), "{watched}");
    demo.remove();
}
