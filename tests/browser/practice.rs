//! Levels, played as a reader plays them: opened from the Practice fold, from a placeholder's
//! `data-level` or from a page's script, solved with the demo's own buttons or its kubectl prompt,
//! with a hint, a restart, Back, and progress that a reload keeps.

use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

use kubevol_ui::mount::Scripted;

use crate::support::{self, Demo};

/// Where the demos keep progress (`kubevol_ui::practice::PROGRESS_KEY`).
const PROGRESS: &str = kubevol_ui::practice::PROGRESS_KEY;

fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

/// Each goal check's `data-holds`, in order.
fn holds(demo: &Demo) -> Vec<bool> {
    demo.all("[data-goal]").iter().map(|e| e.get_attribute("data-holds").as_deref() == Some("true")).collect()
}

/// What the solved line says, or None while it is hidden.
fn solved(demo: &Demo) -> Option<String> {
    let line = demo.find("[data-state=\"level-solved\"]").expect("the level panel's solved line");
    (!line.has_attribute("hidden")).then(|| line.text_content().unwrap_or_default())
}

/// Opens the Practice fold and the level `id` from its list.
async fn open_level(demo: &Demo, id: &str) {
    demo.open("practice").await;
    demo.click(&format!("[data-action=\"level-open\"][data-level=\"{id}\"]")).await;
    assert!(demo.find(&format!(".kv-level[data-level=\"{id}\"]")).is_some(), "{id} is open");
}

/// Mounts a demo as `mountDemo(element, {kind, level})` does with a level written as an object:
/// the script API's module reads it into its form, or says what is wrong with it.
async fn mount_level(kind: &str, level: &str) -> Demo {
    let document = web_sys::window().unwrap().document().unwrap();
    let host: web_sys::HtmlElement = document.create_element("div").unwrap().dyn_into().unwrap();
    host.set_attribute("data-kubevol-demo", kind).unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    let scripted = match kubevol_api::level_form(kind, js_sys::JSON::parse(level).unwrap()) {
        Ok(form) => Scripted { level: Some(form), ..Scripted::default() },
        Err(e) => {
            let fault = js_sys::Error::from(wasm_bindgen::JsValue::from(e)).message().into();
            Scripted { level_fault: Some(fault), ..Scripted::default() }
        }
    };
    let result = kubevol_ui::mount_into(host.clone(), Some(kind), Some("en"), Some(scripted)).await;
    let demo = Demo { host, result };
    demo.settle("practice").await;
    demo
}

#[wasm_bindgen_test]
async fn a_csi_level_is_solved_by_clicking_and_says_how_many_actions_it_took() {
    let demo = support::mount("csi", "en").await;
    open_level(&demo, "csi-share-one-node").await;
    assert_eq!(holds(&demo), [false, false, false]);
    assert_eq!(solved(&demo), None);
    // The goal drawn beside the cluster: the demo's own picture of the solution's end, in the
    // reader's language.
    let goal = "[data-state=\"level-goal-picture\"]";
    assert_eq!(demo.all(&format!("{goal} [data-node=\"node-a\"] [data-pod]")).len(), 2, "two pods on node-a");
    assert_eq!(demo.all(&format!("{goal} [data-node=\"node-b\"] [data-pod]")).len(), 0);
    assert!(demo.all(&format!("{goal} button")).is_empty(), "the goal's picture draws no control");
    let node_b = || demo.find(&format!("{goal} [data-node=\"node-b\"] [data-state=\"pods\"]")).unwrap();
    let node_b = || node_b().text_content().unwrap();
    assert_eq!(node_b(), "no pod sees it");
    demo.click("[data-action=\"lang\"]").await;
    assert_eq!(node_b(), "見えている Pod なし", "the goal's picture follows the reader's language");
    demo.click("[data-action=\"lang\"]").await;
    assert_eq!(node_b(), "no pod sees it");
    demo.click("[data-action=\"attach\"][data-node=\"node-a\"]").await;
    demo.click("[data-action=\"mount\"][data-node=\"node-a\"]").await;
    assert_eq!(solved(&demo), None, "one pod is not the goal");
    demo.click("[data-action=\"mount\"][data-node=\"node-a\"]").await;
    assert_eq!(holds(&demo), [true, true, true]);
    assert_eq!(solved(&demo).as_deref(), Some("Solved in 3 actions (par 3)"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_placeholders_data_level_opens_the_statefulset_demo_in_it() {
    let demo = support::mount_with("statefulset", "en", &[("data-level", "sts-unblock")]).await;
    assert_eq!(demo.result, Ok(()));
    demo.settle("practice").await;
    let toggle = demo.find(".kv-folds [data-action=\"practice\"]").unwrap();
    assert_eq!(toggle.get_attribute("aria-expanded").as_deref(), Some("true"), "the Practice fold is open");
    assert!(demo.find(".kv-level[data-level=\"sts-unblock\"]").is_some());
    assert_eq!(solved(&demo), None);
    demo.click("[data-action=\"break\"]").await; // db-1 is broken: the same button fixes it
    demo.click("[data-action=\"step5\"]").await;
    assert_eq!(holds(&demo), [true, true, true]);
    assert_eq!(solved(&demo).as_deref(), Some("Solved in 2 actions (par 2)"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_topology_level_is_solved_with_a_lost_nodes_buttons() {
    let demo = support::mount("topology", "en").await;
    open_level(&demo, "topology-lost-node").await;
    assert_eq!(solved(&demo), None);
    demo.click("[data-action=\"force-delete-pod\"][data-pod=\"web-0\"]").await;
    demo.click("[data-action=\"run\"]").await;
    assert_eq!(solved(&demo).as_deref(), Some("Solved in 2 actions (par 2)"));
    demo.remove();
}

/// The trap first: node-b's refused attach leaves web-2 waiting there, which kubectl lists on
/// node-b. The level is not solved until a pod runs there, and the refusal is not counted.
#[wasm_bindgen_test]
async fn a_refused_try_neither_solves_a_level_nor_counts_against_par() {
    let demo = support::mount("csi", "en").await;
    open_level(&demo, "csi-move-to-node-b").await;
    let count = || demo.state("level-count");
    demo.click("[data-action=\"attach\"][data-node=\"node-b\"]").await;
    assert_eq!(count(), "Counted: 0 actions (1 refused, not counted)");
    demo.click("[data-action=\"unmount-all\"]").await;
    demo.click("[data-action=\"detach\"][data-node=\"node-a\"]").await;
    demo.click("[data-action=\"attach\"][data-node=\"node-b\"]").await;
    assert_eq!(holds(&demo), [true, true, false], "web-2 waits on node-b for its mount");
    // The demo's header names the level and counts the checks that hold, above the cluster.
    assert_eq!(demo.state("level-name"), "Move to node-b");
    assert_eq!(demo.find("[data-action=\"level-checks\"]").unwrap().text_content().unwrap(), "2 of 3 checks hold");
    // Each check's state in words, for a screen reader, beside the mark it hides.
    let said: Vec<String> =
        demo.all("[data-state=\"level-check\"]").iter().map(|e| e.text_content().unwrap_or_default()).collect();
    assert_eq!(said, ["holds:", "holds:", "not yet:"]);
    assert_eq!(solved(&demo), None, "no pod uses the volume yet");
    assert_eq!(count(), "Counted: 3 actions (1 refused, not counted)");
    demo.click("[data-action=\"mount\"][data-node=\"node-b\"]").await;
    assert_eq!(solved(&demo).as_deref(), Some("Solved in 4 actions (par 4); 1 refused, not counted"));
    assert_eq!(demo.find("[data-action=\"level-checks\"]").unwrap().text_content().unwrap(), "3 of 3 checks hold");
    // Its button takes a keyboard reader to the checklist.
    demo.click("[data-action=\"level-checks\"]").await;
    let focused = web_sys::window().unwrap().document().unwrap().active_element().unwrap();
    assert_eq!(focused.get_attribute("data-level").as_deref(), Some("csi-move-to-node-b"));
    demo.remove();
}

/// A level that forbids an action disables its button and says why there.
#[wasm_bindgen_test]
async fn a_forbidden_actions_button_is_disabled_with_the_levels_reason() {
    let demo = support::mount("topology", "en").await;
    open_level(&demo, "topology-lost-node").await;
    let recover = demo.find("[data-action=\"recover-node\"][data-node=\"zone-a-1\"]").unwrap();
    assert!(recover.has_attribute("disabled"));
    assert_eq!(recover.get_attribute("title").as_deref(), Some("In this level zone-a-1 does not come back."));
    demo.click("[data-action=\"level-leave\"]").await;
    let recover = demo.find("[data-action=\"recover-node\"][data-node=\"zone-a-1\"]").unwrap();
    assert!(!recover.has_attribute("disabled"), "outside the level it works again");
    demo.remove();
}

/// The prompt answers a forbidden change with the level's reason, and does not make it.
#[wasm_bindgen_test]
async fn the_prompt_answers_a_forbidden_change_with_the_levels_reason() {
    let demo = support::mount("topology", "en").await;
    open_level(&demo, "topology-delete-lost-node").await;
    demo.open("kubectl").await;
    demo.open("type-kubectl").await;
    crate::prompt::typed(&demo, "delete pod web-0 --force --grace-period=0").await;
    let (said, refused) = crate::prompt::entries(&demo).pop().unwrap();
    assert!(said.contains("the level forbids it: This level asks for no pod to be force deleted."), "{said}");
    assert!(refused, "shown as a failure");
    assert_eq!(demo.state("level-count"), "Counted: 0 actions", "nothing was done");
    demo.remove();
}

/// A setting changed in a level starts the demo elsewhere: the level is left, and said; Share
/// then names no level, and its link reopens the moment it was made at, with the setting chosen.
#[wasm_bindgen_test]
async fn a_setting_changed_in_a_level_leaves_it_and_its_link_is_of_the_demo_alone() {
    let demo = support::mount("csi", "en").await;
    open_level(&demo, "csi-dead-node").await;
    assert!(demo.find("[data-state=\"level-left\"]").unwrap().has_attribute("hidden"));
    demo.click("[data-action=\"zone\"][data-value=\"on\"]").await;
    assert_eq!(
        demo.state("level-left"),
        "The demo's settings changed, so you left the level “A node that stopped answering”. Open it again from the list"
    );
    assert!(demo.find(".kv-level").is_none(), "no level is open");
    assert!(demo.find("[data-state=\"level-strip\"]").is_none(), "and the header names none");
    demo.click("[data-action=\"attach\"][data-node=\"node-a\"]").await;
    demo.open("history").await;
    let fragment = crate::shell::share(&demo).await;
    assert!(!fragment.contains('/'), "a link of no level: {fragment}");
    let shared = demo.state("badge");
    demo.remove();
    support::set_fragment(Some(&fragment));
    let opened = support::mount("csi", "en").await;
    support::set_fragment(None);
    assert_eq!(opened.state("badge"), shared, "the moment it was made at");
    assert!(opened.find(".kv-level").is_none());
    opened.remove();
}

#[wasm_bindgen_test]
async fn a_level_is_solved_by_typing_in_the_prompt() {
    let demo = support::mount("statefulset", "en").await;
    open_level(&demo, "sts-scale-down-keeps-claims").await;
    demo.open("kubectl").await;
    demo.open("type-kubectl").await;
    crate::prompt::typed(&demo, "scale statefulset db --replicas=1").await;
    assert_eq!(solved(&demo), None, "the pods go as the StatefulSet controller steps");
    demo.click("[data-action=\"step5\"]").await;
    assert_eq!(holds(&demo), [true, true]);
    assert_eq!(solved(&demo).as_deref(), Some("Solved in 2 actions (par 3)"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn hints_come_one_at_a_time_and_restart_goes_back_to_the_levels_start() {
    let demo = support::mount("csi", "en").await;
    open_level(&demo, "csi-move-to-node-b").await;
    let hint = "[data-action=\"level-hint\"]";
    assert_eq!(demo.find(hint).unwrap().text_content().unwrap(), "Hint (0/2)");
    assert!(demo.all("[data-state=\"level-hint\"]").is_empty());
    demo.click(hint).await;
    let shown: Vec<String> =
        demo.all("[data-state=\"level-hint\"]").iter().map(|h| h.text_content().unwrap_or_default()).collect();
    assert_eq!(shown, ["ReadWriteOnce attaches to one node at a time."]);
    demo.click(hint).await;
    assert_eq!(demo.all("[data-state=\"level-hint\"]").len(), 2);
    assert!(demo.find(hint).unwrap().has_attribute("disabled"), "no hint is left");
    let start = demo.state("badge");
    demo.click("[data-action=\"unmount-all\"]").await;
    assert_ne!(demo.state("badge"), start);
    demo.click("[data-action=\"level-restart\"]").await;
    assert_eq!(demo.state("badge"), start, "the level's start again");
    assert_eq!(demo.all("[data-state=\"level-hint\"]").len(), 0, "and its hints hidden again");
    assert_eq!(holds(&demo), [false, false, true]);
    demo.remove();
}

#[wasm_bindgen_test]
async fn back_after_solving_un_solves_and_progress_outlives_a_reload() {
    storage().remove_item(PROGRESS).unwrap();
    let demo = support::mount("csi", "en").await;
    open_level(&demo, "csi-grow-online").await;
    demo.open("settings").await; // expansion is in the settings fold
    demo.click("[data-action=\"expand\"][data-value=\"10\"]").await;
    assert_eq!(solved(&demo).as_deref(), Some("Solved in 1 action (par 1)"));
    leptos::task::tick().await;
    assert_eq!(storage().get_item(PROGRESS).unwrap().as_deref(), Some("{\"csi-grow-online\":1}"));
    demo.open("history").await;
    demo.click("[data-action=\"undo\"]").await;
    assert_eq!(solved(&demo), None, "Back undoes the action that solved it");
    assert!(demo.find("[data-action=\"undo\"]").unwrap().has_attribute("disabled"), "Back stops at the level's start");
    demo.click("[data-action=\"redo\"]").await;
    assert!(solved(&demo).is_some());
    demo.remove();

    // The page is read again: a new demo reads what this browser keeps.
    let again = support::mount("csi", "en").await;
    again.open("practice").await;
    leptos::task::tick().await; // what the browser keeps is read once the demo is live
    let progress = "[data-level=\"csi-grow-online\"] + [data-state=\"level-progress\"]";
    let kept = |demo: &Demo| demo.find(progress).unwrap().get_attribute("data-solved").unwrap_or_default();
    assert_eq!(kept(&again), "1");
    assert_eq!(again.find(progress).unwrap().text_content().unwrap(), "✓ solved (1 action / par 1)");
    again.click("[data-action=\"level-progress-clear\"]").await;
    assert_eq!(kept(&again), "");
    assert_eq!(storage().get_item(PROGRESS).unwrap().as_deref(), Some("{}"), "cleared");
    again.remove();
}

#[wasm_bindgen_test]
async fn a_level_written_as_an_object_through_mount_demo_is_solved() {
    let level = r#"{
        "id": "authors-own", "kind": "csi",
        "title": {"ja": "node-b で使う", "en": "Use it on node-b"},
        "intro": {"ja": "node-b の Pod から使う。", "en": "Use it from a pod on node-b."},
        "start": {"setup": {"classes":[{"name":"standard","binding":"Immediate","reclaim":"Delete","allowed_zones":[],"allow_volume_expansion":true}],"nodes":[{"name":"node-a","zone":null,"responsive":true},{"name":"node-b","zone":null,"responsive":true}],"claims":[{"name":"data","class":"standard","size_gib":20,"mode":"ReadWriteOnce","zone":null}],"driver_multi_writer":false,"pool_gib":100}},
        "goal": [{"kubectl": "get pods -o jsonpath={.items[*].spec.nodeName}", "prints": "node-b"}],
        "hints": [{"ja": "まず繋ぐ。", "en": "Attach first."}],
        "solution": [{"type":"attach","claim":"data","node":"node-b"},{"type":"mount","claim":"data","node":"node-b"}],
        "par": 2
    }"#;
    let demo = mount_level("csi", level).await;
    assert_eq!(demo.result, Ok(()));
    assert!(demo.find(".kv-level[data-level=\"authors-own\"]").is_some());
    demo.click("[data-action=\"attach\"][data-node=\"node-b\"]").await;
    demo.click("[data-action=\"mount\"][data-node=\"node-b\"]").await;
    assert_eq!(solved(&demo).as_deref(), Some("Solved in 2 actions (par 2)"));
    demo.remove();
}

/// An author's level may forbid any action: tried through a control the demo does not disable,
/// it does nothing, and the panel says why.
#[wasm_bindgen_test]
async fn an_authors_level_forbids_an_action_and_the_panel_says_why_when_it_is_tried() {
    let mut level: serde_json::Value =
        serde_json::from_str(kubevol_levels::BUILTIN.iter().find(|(id, _)| *id == "csi-dead-node").unwrap().1).unwrap();
    level["id"] = "no-force".into();
    level["forbid"] =
        serde_json::json!([{"action": "force-detach", "why": {"ja": "待つ。", "en": "Wait for node-a."}}]);
    level["solution"] = serde_json::json!([]);
    level["par"] = serde_json::Value::Null;
    let demo = mount_level("csi", &level.to_string()).await;
    assert_eq!(demo.result, Ok(()));
    let badge = demo.state("badge");
    demo.click("[data-action=\"force-detach\"]").await;
    assert_eq!(demo.state("badge"), badge, "nothing was done");
    assert_eq!(demo.state("level-forbidden"), "This level forbids that action: Wait for node-a.");
    assert_eq!(demo.state("level-count"), "Counted: 0 actions");
    demo.click("[data-action=\"attach\"][data-node=\"node-b\"]").await;
    assert!(
        demo.find("[data-state=\"level-forbidden\"]").unwrap().has_attribute("hidden"),
        "said until the next action"
    );
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_level_that_does_not_open_is_refused_with_its_reason_and_the_demo_starts_at_its_default() {
    let good: serde_json::Value =
        serde_json::from_str(kubevol_levels::BUILTIN.iter().find(|(id, _)| *id == "csi-move-to-node-b").unwrap().1)
            .unwrap();
    let with = |change: &dyn Fn(&mut serde_json::Value)| {
        let mut level = good.clone();
        change(&mut level);
        level.to_string()
    };
    let cases = [
        (with(&|l| l["kind"] = "volumes".into()), "kind: \"volumes\" is not a demo (csi, statefulset, topology)"),
        (
            with(&|l| l["start"]["actions"][0]["node"] = "node-c".into()),
            "start.actions[0]: the demo refuses it: there is no node node-c",
        ),
        (
            with(&|l| l["goal"][1]["kubectl"] = "get flowers".into()),
            "goal[1].kubectl: error: the server doesn't have a resource type \"flowers\"",
        ),
    ];
    for (level, said) in cases {
        let demo = mount_level("csi", &level).await;
        let error = demo.result.clone().expect_err(said);
        assert!(error.contains(said), "{error}");
        assert!(demo.state("notice").contains(said), "{}", demo.state("notice"));
        assert_eq!(demo.state("badge"), "pv-1 · not attached · seen by 0 pod(s)", "the default");
        assert!(demo.find(".kv-level").is_none(), "no level is open");
        demo.remove();
    }
}

#[wasm_bindgen_test]
async fn a_share_link_carries_the_level_and_the_moment() {
    let demo = support::mount("csi", "en").await;
    open_level(&demo, "csi-move-to-node-b").await;
    demo.click("[data-action=\"unmount-all\"]").await;
    demo.open("history").await;
    let fragment = crate::shell::share(&demo).await;
    assert!(fragment.starts_with("kubevol:csi:1:v1:") && fragment.ends_with("/csi-move-to-node-b"), "{fragment}");
    let shared = demo.state("badge");
    demo.remove();

    // A fresh page at that link: the level open at the moment shared, one action in.
    support::set_fragment(Some(&fragment));
    let opened = support::mount("csi", "en").await;
    support::set_fragment(None);
    assert_eq!(opened.result, Ok(()));
    opened.settle("practice").await;
    assert!(opened.find(".kv-level[data-level=\"csi-move-to-node-b\"]").is_some(), "the level is open");
    assert_eq!(opened.state("level-name"), "Move to node-b", "and its header says so, where it opens");
    assert_eq!(opened.state("badge"), shared, "at the moment shared");
    opened.click("[data-action=\"detach\"][data-node=\"node-a\"]").await;
    opened.click("[data-action=\"attach\"][data-node=\"node-b\"]").await;
    opened.click("[data-action=\"mount\"][data-node=\"node-b\"]").await;
    assert_eq!(solved(&opened).as_deref(), Some("Solved in 4 actions (par 4)"), "counted from the level's start");
    opened.open("history").await;
    for _ in 0..4 {
        opened.click("[data-action=\"undo\"]").await;
    }
    assert!(
        opened.find("[data-action=\"undo\"]").unwrap().has_attribute("disabled"),
        "Back stops at the level's start"
    );
    opened.remove();
}
