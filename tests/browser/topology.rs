//! Seed 004's scenarios walked through the topology demo's buttons in a real browser, checking the
//! scheduler's own words.

use crate::support::{self, Demo};
use wasm_bindgen_test::*;

fn choose(action: &str, value: &str) -> String {
    format!("[data-action=\"{action}\"][data-value=\"{value}\"]")
}

/// The pod chips on `node` (a lost pod's force-delete button carries `data-pod` too).
fn pods_on(demo: &Demo, node: &str) -> Vec<String> {
    demo.all(&format!("[data-state=\"zones\"] [data-node=\"{node}\"] [data-pod][data-phase]"))
        .iter()
        .map(|e| e.get_attribute("data-pod").unwrap())
        .collect()
}

fn tone(demo: &Demo) -> String {
    demo.find("[data-state=\"badge\"]").unwrap().get_attribute("data-tone").unwrap()
}

const TRAP: &str =
    "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match pod topology spread constraints.";

#[wasm_bindgen_test]
async fn the_spread_trap_stops_after_two_pods_with_the_schedulers_message() {
    let demo = support::mount("topology", "ja").await;
    demo.open("scenarios").await;
    demo.click(&choose("preset", "spread-trap")).await;
    demo.click("[data-action=\"run\"]").await;
    assert_eq!(pods_on(&demo, "w1"), ["ss-zone-constrained-0"]);
    assert_eq!(pods_on(&demo, "w2"), ["ss-zone-constrained-1"]);
    assert!(pods_on(&demo, "m1").is_empty());
    let pending = demo.find("[data-state=\"pending\"] [data-pod=\"ss-zone-constrained-2\"]").unwrap();
    assert_eq!(pending.text_content().unwrap(), format!("ss-zone-constrained-2: {TRAP}"));
    assert_eq!(demo.state("badge"), "動いている 2 ・ Pending 1");
    assert_eq!(tone(&demo), "ng");
    assert!(demo.state("verdict").contains("kitchen も区画として数えられ"), "{}", demo.state("verdict"));
    assert!(
        demo.state("pvcs").contains("myvol-ss-zone-constrained-0: Bound → pv-1(区画 room1)"),
        "{}",
        demo.state("pvcs")
    );
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_node_selector_that_leaves_kitchen_out_places_all_six() {
    let demo = support::mount("topology", "en").await;
    demo.open("scenarios").await;
    demo.click(&choose("preset", "spread-selector")).await;
    demo.click("[data-action=\"run\"]").await;
    assert_eq!(pods_on(&demo, "w1").len(), 3);
    assert_eq!(pods_on(&demo, "w2").len(), 3);
    assert_eq!(demo.state("badge"), "running 6 · pending 0");
    assert_eq!(tone(&demo), "ok");
    assert!(demo.state("pending").contains("(no pending pods)"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn the_free_controls_reach_the_trap_and_both_fixes() {
    let demo = support::mount("topology", "en").await;
    demo.open("scenarios").await;
    demo.click(&choose("preset", "custom")).await;
    demo.click(&choose("spread", "on")).await;
    demo.click("[data-action=\"run\"]").await;
    assert!(demo.state("pending").contains(TRAP), "{}", demo.state("pending"));
    demo.click(&choose("taints", "Honor")).await;
    demo.click("[data-action=\"run\"]").await;
    assert_eq!(pods_on(&demo, "w1").len() + pods_on(&demo, "w2").len(), 6);
    demo.click(&choose("taints", "Ignore")).await;
    demo.click(&choose("selector", "on")).await;
    demo.click("[data-action=\"run\"]").await;
    assert_eq!(demo.state("badge"), "running 6 · pending 0");
    demo.click(&choose("policy", "Parallel")).await;
    demo.click(&choose("selector", "off")).await;
    demo.click("[data-action=\"run\"]").await;
    assert_eq!(demo.state("badge"), "running 2 · pending 4", "under Parallel all four wait with the reason");
    demo.remove();
}

#[wasm_bindgen_test]
async fn wait_for_first_consumer_shows_the_waiting_claim_then_the_selected_node() {
    let demo = support::mount("topology", "en").await;
    demo.open("scenarios").await;
    demo.click(&choose("preset", "wait")).await;
    assert!(
        demo.state("pvcs").contains("nas-wait-vol1: Pending (waiting for first consumer to be created before binding)"),
        "{}",
        demo.state("pvcs")
    );
    demo.click("[data-action=\"step\"]").await;
    assert!(
        demo.state("pvcs").contains("nas-wait-vol1: Bound → pv-1 (zone room1) (selected-node: w1)"),
        "{}",
        demo.state("pvcs")
    );
    assert!(demo.find("[data-zone=\"room1\"] [data-pv=\"pv-1\"]").is_some());
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_conflicting_selector_names_one_node_per_reason() {
    let demo = support::mount("topology", "en").await;
    demo.open("scenarios").await;
    demo.click(&choose("preset", "conflict")).await;
    demo.click("[data-action=\"step\"]").await;
    assert!(demo.state("pending").contains(
        "0/3 nodes are available: 1 node(s) didn't find available persistent volumes to bind, 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint(s)."
    ));
    demo.remove();
}

#[wasm_bindgen_test]
async fn read_write_once_pod_keeps_the_second_pod_pending() {
    let demo = support::mount("topology", "en").await;
    demo.open("scenarios").await;
    demo.click(&choose("preset", "rwop")).await;
    demo.click("[data-action=\"run\"]").await;
    assert_eq!(pods_on(&demo, "w1"), ["pod4"]);
    assert!(demo.state("pending").contains(
        "pod5: 0/3 nodes are available: 3 node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode."
    ));
    demo.remove();
}

#[wasm_bindgen_test]
async fn the_book_chapter_preset_gives_the_chapters_numbers_for_every_choice() {
    let demo = support::mount_preset("topology", "ja", Some("spread")).await;
    demo.open("scenarios").await;
    assert!(demo.find(&choose("preset", "spread")).unwrap().get_attribute("aria-pressed").as_deref() == Some("true"));
    // The chapter's badge: zone skew, and what losing the worst zone keeps of the pods.
    for (max_skew, pods, skew, keep) in [
        ("1", "3", 0, 2),
        ("1", "6", 0, 4),
        ("1", "9", 0, 6),
        ("2", "3", 2, 1),
        ("2", "6", 0, 4),
        ("2", "9", 2, 5),
        ("6", "3", 2, 1),
        ("6", "6", 0, 4),
        ("6", "9", 2, 5),
    ] {
        demo.click(&choose("max-skew", max_skew)).await;
        demo.click(&choose("pods", pods)).await;
        assert_eq!(
            demo.state("badge"),
            format!("偏り {skew} ・ 1区画を失うと {keep}/{pods} 残る"),
            "maxSkew {max_skew}, {pods} pods"
        );
    }
    // The chapter's own numbers: maxSkew 1 with 6 pods is two per zone; a zone loss keeps 4 of 6.
    demo.click(&choose("max-skew", "1")).await;
    demo.click(&choose("pods", "6")).await;
    for zone in ["zone-a", "zone-b", "zone-c"] {
        let pods = demo.all(&format!("section[data-zone=\"{zone}\"] [data-pod][data-phase]")).len();
        assert_eq!(pods, 2, "{zone}");
    }
    assert_eq!(tone(&demo), "ok");
    assert_eq!(demo.state("zone-loss"), "区画を1つ失うと 4/6 残る(最悪は zone-a)");
    assert_eq!(demo.state("node-loss"), "ノードを1台失うと 5/6 残る(最悪は zone-a-1)");
    demo.remove();
}

fn phase(demo: &Demo, pod: &str) -> Option<String> {
    demo.find(&format!("[data-state=\"zones\"] [data-pod=\"{pod}\"][data-phase]"))
        .and_then(|chip| chip.get_attribute("data-phase"))
}

fn chips(demo: &Demo) -> usize {
    demo.all("[data-state=\"zones\"] [data-pod][data-phase]").len()
}

#[wasm_bindgen_test]
async fn a_lost_zones_pods_stay_unknown_and_are_not_replaced_until_force_deleted() {
    let demo = support::mount_preset("topology", "en", Some("spread")).await;
    demo.open("history").await;
    demo.click("[data-action=\"fail-zone\"][data-zone=\"zone-a\"]").await;
    assert!(
        demo.state("log").contains(
            "zone zone-a is lost (zone-a-1, zone-a-2); web-0, web-3 now unknown, not counted as running. 4 of 6 pods keep running"
        ),
        "{}",
        demo.state("log")
    );
    assert!(demo.find("[data-node=\"zone-a-1\"] [data-state=\"lost\"]").is_some());
    // The lost pods stay where they were, marked, and no new pod appears however long one steps.
    assert_eq!(pods_on(&demo, "zone-a-1"), ["web-0"]);
    assert_eq!(phase(&demo, "web-0").as_deref(), Some("unknown"));
    assert!(demo.state("verdict").starts_with("web-0, web-3: unknown on a lost node"), "{}", demo.state("verdict"));
    demo.click("[data-action=\"step\"]").await;
    demo.click("[data-action=\"run\"]").await;
    assert_eq!(chips(&demo), 6);
    assert_eq!(phase(&demo, "web-3").as_deref(), Some("terminating"));
    let chip = demo.find("[data-state=\"zones\"] [data-pod=\"web-3\"][data-phase]").unwrap();
    assert_eq!(chip.text_content().unwrap(), "web-3 ・ terminating, unconfirmed");
    assert!(demo.state("verdict").contains("Evicted after 300 s, they stay Terminating"), "{}", demo.state("verdict"));
    assert_eq!(demo.state("zone-loss"), "losing a zone keeps 2/4 (worst: zone-b)");
    // kubectl tells it as a real cluster does: the node NotReady, the pod Terminating at 1/1.
    demo.open("kubectl").await;
    let get = demo.state("kubectl-get");
    assert!(get.contains("node/zone-a-1   NotReady   <none>   "), "{get}");
    assert!(get.contains("pod/web-0   1/1     Terminating   0   "), "{get}");
    assert!(demo.state("kubectl-lost").starts_with("kubectl get pods keeps showing"), "{}", demo.state("kubectl-lost"));
    // Force deleted, web-0 is created again, and under DoNotSchedule it stays Pending: the lost
    // zone still counts, with no pod.
    demo.click("button[data-action=\"force-delete-pod\"][data-pod=\"web-0\"]").await;
    demo.click("[data-action=\"step\"]").await;
    assert!(demo.state("pending").contains("web-0: 0/6 nodes are available: 2 node(s) had untolerated taint(s), 4 node(s) didn't match pod topology spread constraints."), "{}", demo.state("pending"));
    assert_eq!(tone(&demo), "ng");
    assert!(demo.state("verdict").starts_with("web-0 stays Pending"), "{}", demo.state("verdict"));
    // Removing both nodes of the zone removes the domain: the spread places both elsewhere.
    for node in ["zone-a-1", "zone-a-2"] {
        demo.click(&format!("button[data-action=\"delete-node\"][data-node=\"{node}\"]")).await;
    }
    demo.click("[data-action=\"run\"]").await;
    assert!(demo.find("section[data-zone=\"zone-a\"]").is_none());
    assert_eq!(demo.state("skew"), "skew: per zone 0 · per node 1");
    assert_eq!(chips(&demo), 6);
    demo.remove();
}

#[wasm_bindgen_test]
async fn schedule_anyway_places_a_force_deleted_pod_and_a_node_that_comes_back_runs_its_pod_again() {
    let demo = support::mount_preset("topology", "en", Some("spread")).await;
    demo.open("history").await;
    demo.click(&choose("when", "ScheduleAnyway")).await;
    demo.click("[data-action=\"fail-zone\"][data-zone=\"zone-a\"]").await;
    demo.click("button[data-action=\"force-delete-pod\"][data-pod=\"web-0\"]").await;
    demo.click("button[data-action=\"force-delete-pod\"][data-pod=\"web-3\"]").await;
    demo.click("[data-action=\"run\"]").await;
    assert!(demo.state("pending").contains("(no pending pods)"), "{}", demo.state("pending"));
    assert_eq!(demo.state("skew"), "skew: per zone 3 · per node 2");
    // Losing one node costs only its own pod, and its return runs that pod again.
    demo.click(&choose("when", "DoNotSchedule")).await;
    demo.click("[data-action=\"fail-node\"][data-node=\"zone-b-1\"]").await;
    assert!(
        demo.state("log")
            .contains("zone-b-1 is lost; web-1 now unknown, not counted as running. 5 of 6 pods keep running"),
        "{}",
        demo.state("log")
    );
    assert_eq!(phase(&demo, "web-1").as_deref(), Some("unknown"));
    demo.click("button[data-action=\"recover-node\"][data-node=\"zone-b-1\"]").await;
    assert_eq!(phase(&demo, "web-1").as_deref(), Some("running"));
    assert!(demo.find("[data-node=\"zone-b-1\"] [data-state=\"lost\"]").is_none());
    assert_eq!(tone(&demo), "ok");
    demo.remove();
}

#[wasm_bindgen_test]
async fn an_unknown_preset_says_so_inside_the_demo_which_starts_at_its_default() {
    let demo = support::mount_preset("topology", "en", Some("sprad")).await;
    demo.open("scenarios").await;
    assert!(demo.result.is_ok());
    assert!(
        demo.state("notice").contains("data-preset \"sprad\" is not one of this demo's"),
        "{}",
        demo.state("notice")
    );
    assert!(demo.state("notice").ends_with("starting from the default"));
    assert_eq!(
        demo.find(&choose("preset", "spread-trap")).unwrap().get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    demo.click("[data-action=\"run\"]").await;
    assert_eq!(demo.state("badge"), "running 2 · pending 1");
    demo.remove();
    let csi = support::mount_preset("csi", "ja", Some("spread")).await;
    assert!(csi.state("notice").contains("このデモに場面の選択は無い"), "{}", csi.state("notice"));
    assert!(csi.find("[data-action=\"attach\"]").is_some(), "the demo still mounts");
    csi.remove();
}

/// The kubectl panel's `describe pod` for the pod the trap leaves Pending: the scheduler's own
/// FailedScheduling, and the pod's PodScheduled condition in its YAML.
#[wasm_bindgen_test]
async fn kubectl_describes_a_pending_pod_with_the_scheduler_s_reason() {
    let demo = support::mount("topology", "en").await;
    demo.open("kubectl").await;
    demo.click("[data-action=\"run\"]").await;
    let get = demo.state("kubectl-get");
    assert!(get.starts_with("$ kubectl get nodes,statefulsets,pods,pvc,pv\nNAME "), "{get}");
    assert!(get.contains("node/m1   Ready    control-plane   "), "{get}");
    let pending = get
        .lines()
        .find(|l| l.starts_with("pod/") && l.contains(" Pending "))
        .and_then(|l| l.split_whitespace().next())
        .map(|n| n.trim_start_matches("pod/").to_string())
        .unwrap_or_else(|| panic!("a Pending pod in {get}"));
    demo.click(&format!("[data-action=\"kubectl-object\"][data-value=\"pods/{pending}\"]")).await;
    let object = demo.state("kubectl-object");
    assert!(object.contains("    reason: Unschedulable\n"), "{object}");
    assert!(object.contains("  Warning  FailedScheduling  "), "{object}");
    assert!(object.contains("default-scheduler  0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match pod topology spread constraints."), "{object}");
    demo.remove();
}

#[wasm_bindgen_test]
async fn losing_zone_a_crosses_out_its_nodes_and_lowers_its_bar() {
    let demo = support::mount_preset("topology", "en", Some("spread")).await;
    let bars = |demo: &support::Demo| -> Vec<(String, String)> {
        demo.all(".kv-bars [data-zone]")
            .iter()
            .map(|g| (g.get_attribute("data-zone").unwrap(), g.get_attribute("data-count").unwrap()))
            .collect()
    };
    let counted = |zone: &str, n: &str| (zone.to_string(), n.to_string());
    assert_eq!(bars(&demo), [counted("zone-a", "2"), counted("zone-b", "2"), counted("zone-c", "2")]);
    assert!(demo.all("section[data-zone=\"zone-a\"] .kv-node.kv-lost").is_empty());
    let svg = demo.find(".kv-bars").unwrap();
    assert_eq!(svg.get_attribute("role").as_deref(), Some("img"));
    assert_eq!(svg.query_selector("title").unwrap().unwrap().text_content().as_deref(), Some("Pods per zone"));

    demo.click("[data-action=\"fail-zone\"][data-zone=\"zone-a\"]").await;
    assert_eq!(demo.all("section[data-zone=\"zone-a\"] .kv-node.kv-lost").len(), 2, "both its nodes are lost");
    assert!(demo.find("section[data-zone=\"zone-a\"].kv-lost").is_some(), "and the zone is crossed out");
    assert_eq!(bars(&demo), [counted("zone-a", "0"), counted("zone-b", "2"), counted("zone-c", "2")]);
    // The worst loss is now another zone, drawn in the refusal colour, its column outlined.
    let worst: Vec<String> =
        demo.all(".kv-bars .kv-worst").iter().map(|g| g.get_attribute("data-zone").unwrap()).collect();
    assert_eq!(worst, ["zone-b"]);
    assert!(demo.find("section[data-zone=\"zone-b\"].kv-worst").is_some());
    let desc = svg.query_selector("desc").unwrap().unwrap().text_content().unwrap();
    assert_eq!(desc, "zone-a: 0, zone-b: 2, zone-c: 2. losing it costs most: zone-b");
    demo.remove();
}

/// The articles' map (`picture::cluster`): its elements carry the pictures' test contract.
fn map_has(demo: &Demo, selector: &str) -> bool {
    demo.find(&format!("[data-state=\"map\"] svg.kv-map[role=\"img\"] {selector}")).is_some()
}

#[wasm_bindgen_test]
async fn the_map_draws_a_conflicting_pod_pending_with_a_refused_line_to_its_volumes_zone() {
    let demo = support::mount_preset("topology", "en", Some("conflict")).await;
    demo.click("[data-action=\"step\"]").await;
    // Pending in room1, where its nodeSelector (w1) sends it, crossed; the line to room2, the only
    // zone its class may provision into, refused.
    assert!(map_has(&demo, "[data-zone=\"room1\"] [data-pod=\"pv-zoned-pod\"][data-refused]"));
    assert!(map_has(&demo, "[data-edge=\"schedule\"][data-from=\"pv-zoned-pod\"][data-to=\"room2\"][data-refused]"));
    assert!(!map_has(&demo, "[data-node] [data-pod=\"pv-zoned-pod\"]"), "on no node");
    // Under the map, each refusing node's own line of the message.
    let line = |node: &str| {
        demo.find(&format!("[data-state=\"map\"] .kv-refusal[data-node=\"{node}\"][data-refused]"))
            .and_then(|p| p.text_content())
            .unwrap_or_default()
    };
    assert_eq!(line("m1"), "m1: pv-zoned-pod: node(s) had untolerated taint(s)");
    assert_eq!(line("w1"), "w1: pv-zoned-pod: node(s) didn't find available persistent volumes to bind");
    assert_eq!(line("w2"), "w2: pv-zoned-pod: node(s) didn't match Pod's node affinity/selector");
    let svg = demo.find("svg.kv-map").unwrap();
    let desc = svg.query_selector("desc").unwrap().unwrap().text_content().unwrap();
    assert!(
        desc.contains("Pending pv-zoned-pod wants room1, refused by the scheduler; its volume can only be in room2."),
        "{desc}"
    );
    demo.remove();
}

#[wasm_bindgen_test]
async fn the_map_marks_the_tainted_masters_zone_as_holding_the_spreads_minimum() {
    let demo = support::mount("topology", "ja").await;
    demo.click("[data-action=\"run\"]").await;
    assert!(map_has(&demo, "[data-zone=\"kitchen\"] [data-node=\"m1\"].kv-tainted"));
    assert!(map_has(&demo, "[data-zone=\"room1\"] [data-node=\"w1\"] [data-pod=\"ss-zone-constrained-0\"]"));
    assert!(map_has(&demo, "[data-zone=\"room2\"] [data-node=\"w2\"] [data-pod=\"ss-zone-constrained-1\"]"));
    assert!(map_has(&demo, ".kv-wants[data-pod=\"ss-zone-constrained-2\"][data-refused]"), "the third pod Pending");
    let least: Vec<String> = demo
        .all("svg.kv-map .kv-least")
        .iter()
        .map(|t| t.closest("[data-zone]").unwrap().unwrap().get_attribute("data-zone").unwrap())
        .collect();
    assert_eq!(least, ["kitchen"], "the master's zone holds the minimum");
    assert_eq!(demo.find("svg.kv-map .kv-least").unwrap().text_content().as_deref(), Some("分散の最少"));
    assert!(map_has(&demo, "[data-edge=\"bind\"][data-from=\"pv-1\"][data-to=\"myvol-ss-zone-constrained-0\"]"));
    let title = demo.find("svg.kv-map title").unwrap().text_content();
    assert_eq!(title.as_deref(), Some("区画ごとのクラスタ"));
    let taint = demo.find("[data-state=\"zones\"] [data-node=\"m1\"] .kv-taint").unwrap().text_content();
    assert_eq!(taint.as_deref(), Some("taint: node-role.kubernetes.io/control-plane:NoSchedule"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn the_map_shades_the_zones_the_class_may_provision_into() {
    let demo = support::mount_preset("topology", "en", Some("allowed")).await;
    let shaded = |demo: &Demo| -> Vec<String> {
        demo.all("svg.kv-map .kv-col.kv-allowed")
            .iter()
            .map(|r| r.closest("[data-zone]").unwrap().unwrap().get_attribute("data-zone").unwrap())
            .collect()
    };
    assert_eq!(shaded(&demo), ["room2"], "allowedTopologies: room2 only");
    demo.click("[data-action=\"run\"]").await;
    assert!(map_has(&demo, "[data-zone=\"room2\"] [data-pv=\"pv-1\"]"));
    assert!(map_has(&demo, "[data-zone=\"room2\"] [data-node=\"w2\"] [data-pod=\"nas-zoned-pod\"]"));
    // Without allowedTopologies the class provisions wherever the storage reaches: both rooms.
    demo.open("scenarios").await;
    demo.click(&choose("preset", "wait")).await;
    assert_eq!(shaded(&demo), ["room1", "room2"]);
    demo.remove();
}
