//! The CSI chapter's story, walked through the demo's buttons in a real browser.

use crate::support::{self, Demo};
use wasm_bindgen_test::*;

fn on(node: &str, action: &str) -> String {
    format!("[data-action=\"{action}\"][data-node=\"{node}\"]")
}

fn choose(action: &str, value: &str) -> String {
    format!("[data-action=\"{action}\"][data-value=\"{value}\"]")
}

fn node_state(demo: &Demo, node: &str, state: &str) -> String {
    demo.find(&format!("section[data-node=\"{node}\"] [data-state=\"{state}\"]"))
        .unwrap_or_else(|| panic!("no {state} on {node}"))
        .text_content()
        .unwrap()
}

/// The pods the picture draws inside a node, each with its mount line (a refused one left out).
fn pods_on(demo: &Demo, node: &str) -> Vec<String> {
    demo.all(&format!("section[data-node=\"{node}\"] [data-pod]:not(.kv-refused)"))
        .iter()
        .map(|e| e.get_attribute("data-pod").unwrap())
        .collect()
}

fn tone(demo: &Demo) -> String {
    demo.find("[data-state=\"badge\"]").unwrap().get_attribute("data-tone").unwrap()
}

#[wasm_bindgen_test]
async fn three_pods_share_node_a_under_read_write_once() {
    let demo = support::mount("csi", "ja").await;
    demo.open("calls").await;
    assert_eq!(demo.state("badge"), "pv-1 ・ 未接続 ・ 0 個から見えている");
    assert_eq!(demo.state("verdict"), "実体はあるが、まだどのノードにも繋がっていない");
    demo.click(&on("node-a", "attach")).await;
    for _ in 0..3 {
        demo.click(&on("node-a", "mount")).await;
    }
    assert_eq!(pods_on(&demo, "node-a"), ["web-1", "web-2", "web-3"]);
    assert_eq!(node_state(&demo, "node-a", "disk"), "pv-1 が繋がっている");
    assert_eq!(demo.state("badge"), "pv-1 ・ node-a に接続 ・ 3 個から見えている");
    assert_eq!(tone(&demo), "ok");
    assert!(demo.state("verdict").contains("同じノードの Pod は何個でも共有できる"));
    assert!(demo.state("csi-calls").contains("NodePublishVolume"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn attaching_node_b_is_refused_and_says_why() {
    let demo = support::mount("csi", "ja").await;
    demo.open("k8s").await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click(&on("node-b", "attach")).await;
    let verdict = demo.state("verdict");
    assert!(verdict.starts_with("できない: pv-1 はすでに node-a に繋がっている"), "{verdict}");
    assert!(verdict.contains("ReadWriteOnce は1つのノードからしか繋げない"), "{verdict}");
    assert!(demo
        .state("events")
        .contains("Multi-Attach error for volume \"pv-1\" Volume is already used by pod(s) web-1"));
    assert_eq!(node_state(&demo, "node-b", "disk"), "繋がっていない");
    assert_eq!(tone(&demo), "ng");
    assert!(demo.find("[data-state=\"log\"] li.kv-refused").is_some());
    demo.remove();
}

#[wasm_bindgen_test]
async fn detach_waits_for_unmount() {
    let demo = support::mount("csi", "ja").await;
    demo.open("calls").await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click(&on("node-a", "detach")).await;
    assert!(
        demo.state("verdict").contains("2 個の Pod(web-1, web-2)からまだ見えているので外せない"),
        "{}",
        demo.state("verdict")
    );
    assert_eq!(node_state(&demo, "node-a", "disk"), "pv-1 が繋がっている");
    demo.click("[data-action=\"unmount-all\"]").await;
    assert_eq!(pods_on(&demo, "node-a"), Vec::<String>::new());
    assert_eq!(node_state(&demo, "node-a", "pods"), "見えている Pod なし");
    demo.click(&on("node-a", "detach")).await;
    assert_eq!(node_state(&demo, "node-a", "disk"), "繋がっていない");
    assert!(demo.state("csi-calls").contains("ControllerUnpublishVolume"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn force_detach_lets_node_b_attach_and_warns_of_two_writers() {
    let demo = support::mount("csi", "ja").await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click("[data-action=\"force-detach\"]").await;
    assert!(demo.state("log").contains("二重書き込みの危険"), "{}", demo.state("log"));
    demo.click(&on("node-b", "attach")).await;
    assert_eq!(node_state(&demo, "node-b", "disk"), "pv-1 が繋がっている");
    assert_eq!(node_state(&demo, "node-a", "disk"), "繋がっていない");
    demo.remove();
}

#[wasm_bindgen_test]
async fn immediate_with_zones_strands_the_volume_in_zone_a() {
    let demo = support::mount("csi", "ja").await;
    demo.open("k8s").await;
    demo.click(&choose("zone", "on")).await;
    assert_eq!(demo.find(&choose("zone", "on")).unwrap().get_attribute("aria-pressed").as_deref(), Some("true"));
    assert!(demo.state("volume").contains("区画 zone-a"), "{}", demo.state("volume"));
    demo.click(&on("node-b", "attach")).await;
    assert!(demo.state("verdict").contains("区画 zone-b の node-b からは繋がらない"), "{}", demo.state("verdict"));
    assert!(demo.state("events").contains("1 node(s) had volume node affinity conflict"));
    demo.click(&on("node-a", "attach")).await;
    assert_eq!(node_state(&demo, "node-a", "disk"), "pv-1 が繋がっている");
    demo.remove();
}

#[wasm_bindgen_test]
async fn wait_for_first_consumer_creates_the_volume_in_node_bs_zone() {
    let demo = support::mount("csi", "ja").await;
    demo.open("calls").await;
    demo.click(&choose("zone", "on")).await;
    demo.click(&choose("binding", "WaitForFirstConsumer")).await;
    assert_eq!(demo.state("badge"), "実体はまだ無い");
    demo.click(&on("node-b", "attach")).await;
    assert!(demo.state("volume").contains("pv-1(20GiB、ReadWriteOnce、区画 zone-b)"), "{}", demo.state("volume"));
    assert!(demo
        .state("csi-calls")
        .contains("CreateVolume(volume_id=\"pv-1\", capacity=20Gi, accessible_topology=\"zone=zone-b\""));
    demo.click(&on("node-b", "detach")).await;
    demo.click(&on("node-a", "attach")).await;
    assert!(demo.state("verdict").starts_with("できない: 実体 pv-1 は区画 zone-b にある"), "{}", demo.state("verdict"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn read_write_many_attaches_both_nodes() {
    let demo = support::mount("csi", "ja").await;
    demo.open("calls").await;
    demo.click(&choose("mode", "ReadWriteMany")).await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-b", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click(&on("node-b", "mount")).await;
    assert_eq!(demo.state("badge"), "pv-1 ・ node-a, node-b に接続 ・ 2 個から見えている");
    assert!(demo.state("csi-calls").contains("access_mode=MULTI_NODE_MULTI_WRITER"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn read_write_once_pod_refuses_the_second_pod() {
    let demo = support::mount("csi", "ja").await;
    demo.open("settings").await;
    demo.open("k8s").await;
    demo.click(&choose("mode", "ReadWriteOncePod")).await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click(&on("node-a", "mount")).await;
    assert_eq!(pods_on(&demo, "node-a"), ["web-1"]);
    assert!(demo.state("verdict").contains("2つ目の Pod はどのノードにも置けず Pending のままになる"));
    assert!(demo.state("events").contains(
        "0/2 nodes are available: 2 node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode."
    ));
    demo.remove();
}

#[wasm_bindgen_test]
async fn read_only_many_attaches_everywhere_read_only() {
    let demo = support::mount("csi", "en").await;
    demo.open("settings").await;
    demo.open("calls").await;
    demo.click(&choose("mode", "ReadOnlyMany")).await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-b", "attach")).await;
    demo.click(&on("node-b", "mount")).await;
    assert!(demo.state("log").contains("web-1 on node-b now sees pv-1 (read-only)"), "{}", demo.state("log"));
    assert!(demo.state("csi-calls").contains("readonly=true"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn an_unresponsive_node_blocks_detach_until_force_detach() {
    let demo = support::mount("csi", "en").await;
    demo.open("settings").await;
    demo.open("k8s").await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click(&on("node-a", "respond")).await;
    assert!(demo.find("section[data-node=\"node-a\"].kv-down").is_some());
    assert_eq!(tone(&demo), "ng");
    assert!(demo.state("events").contains("Node node-a status is now: NodeNotReady"));
    demo.click("[data-action=\"unmount-all\"]").await;
    assert!(demo.state("verdict").starts_with("Refused: node-a is not responding"), "{}", demo.state("verdict"));
    demo.click(&on("node-a", "detach")).await;
    assert!(demo.state("verdict").starts_with("Refused: node-a is not responding"));
    demo.click(&on("node-b", "attach")).await;
    assert!(demo.state("verdict").contains("already attached to node-a"));
    demo.click("[data-action=\"force-detach\"]").await;
    demo.click(&on("node-b", "attach")).await;
    assert_eq!(node_state(&demo, "node-b", "disk"), "pv-1 attached");
    demo.remove();
}

#[wasm_bindgen_test]
async fn retain_keeps_a_released_volume_after_the_claim_is_deleted() {
    let demo = support::mount("csi", "ja").await;
    demo.open("settings").await;
    demo.click(&choose("reclaim", "Retain")).await;
    demo.click("[data-action=\"delete-claim\"]").await;
    assert_eq!(demo.state("badge"), "要求は消えた");
    assert!(demo.state("released").contains("pv-1"));
    demo.click("[data-action=\"request\"]").await;
    assert_eq!(demo.state("badge"), "pv-2 ・ 未接続 ・ 0 個から見えている");
    assert!(demo.state("released").contains("pv-1"));
    demo.click("[data-action=\"reset\"]").await;
    assert_eq!(demo.state("badge"), "pv-1 ・ 未接続 ・ 0 個から見えている");
    assert!(demo.find("[data-state=\"released\"]").unwrap().has_attribute("hidden"), "no Released volume after reset");
    assert!(demo.find("[data-action=\"request\"]").unwrap().has_attribute("hidden"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn switching_language_re_renders_the_log_and_verdict() {
    let demo = support::mount("csi", "ja").await;
    demo.click(&on("node-a", "attach")).await;
    demo.click("[data-action=\"lang\"]").await;
    assert!(demo.state("log").contains("attached pv-1 to node-a"), "{}", demo.state("log"));
    assert_eq!(demo.state("verdict"), "pv-1 is attached to node-a; no pod sees it yet");
    assert_eq!(demo.find(&on("node-a", "attach")).unwrap().text_content().unwrap().trim(), "Attach");
    demo.remove();
}

#[wasm_bindgen_test]
async fn expanding_a_mounted_volume_calls_the_resizer_then_the_kubelet() {
    let demo = support::mount("csi", "en").await;
    demo.open("settings").await;
    demo.open("calls").await;
    demo.open("k8s").await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click(&choose("expand", "10")).await;
    let calls = demo.state("csi-calls");
    let controller = calls.find("external-resizer: ControllerExpandVolume(volume_id=\"pv-1\", capacity=30Gi) → OK");
    let node = calls.find("kubelet: NodeExpandVolume(volume_id=\"pv-1\", capacity=30Gi, node_id=\"node-a\") → OK");
    assert!(controller.is_some() && node.is_some() && controller < node, "{calls}");
    assert_eq!(demo.state("volume"), "volume pv-1 (30GiB, ReadWriteOnce, no zone)");
    assert!(demo.state("events").contains("MountVolume.NodeExpandVolume succeeded for volume \"pv-1\" node-a"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn expanding_without_allow_volume_expansion_is_refused_with_the_message() {
    let demo = support::mount("csi", "ja").await;
    demo.open("settings").await;
    demo.open("k8s").await;
    demo.click(&choose("expansion", "off")).await;
    demo.click(&choose("expand", "10")).await;
    let verdict = demo.state("verdict");
    assert!(verdict.contains("allowVolumeExpansion: true が無い"), "{verdict}");
    assert!(demo.state("events").contains(
        "persistentvolumeclaims \"data\" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize"
    ));
    assert_eq!(tone(&demo), "ng");
    assert_eq!(demo.state("volume"), "実体 pv-1(20GiB、ReadWriteOnce、区画の指定なし)");
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_driver_without_stage_unstage_gets_no_node_stage_volume() {
    let demo = support::mount("csi", "en").await;
    demo.open("driver").await;
    demo.open("calls").await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    assert!(demo.state("csi-calls").contains("kubelet: NodeStageVolume("), "staged with the capability");
    demo.click(&choose("stage-unstage", "off")).await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    let calls = demo.state("csi-calls");
    assert!(!calls.contains("NodeStageVolume"), "{calls}");
    assert!(calls.contains("kubelet: NodePublishVolume(volume_id=\"pv-1\""), "{calls}");
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_request_past_the_backend_answers_out_of_range() {
    let demo = support::mount("csi", "en").await;
    demo.open("settings").await;
    demo.open("calls").await;
    demo.click(&choose("expand", "100")).await;
    assert!(demo
        .state("csi-calls")
        .contains("ControllerExpandVolume(volume_id=\"pv-1\", capacity=120Gi) → OUT_OF_RANGE (11)"));
    assert!(demo.state("verdict").contains("ControllerResizeInfeasible"), "{}", demo.state("verdict"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn the_picture_draws_attach_and_mount_and_the_refused_second_node() {
    let demo = support::mount("csi", "en").await;
    assert_eq!(support::edges(&demo, "attach"), Vec::<String>::new(), "the disk starts unattached");
    assert!(demo.find("[data-pv=\"pv-1\"]").is_some(), "Immediate binding draws the disk at once");
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    assert_eq!(support::edges(&demo, "attach"), ["pv-1→node-a"]);
    assert_eq!(support::edges(&demo, "mount"), ["node-a→web-1"]);
    let drawn = demo.find("[data-state=\"picture\"]").unwrap().inner_html();

    // A second node under ReadWriteOnce: the line it tried, dashed and crossed, and nothing else.
    demo.click(&on("node-b", "attach")).await;
    assert_eq!(support::edges(&demo, "attach"), ["pv-1→node-a", "pv-1→node-b×"]);
    assert_eq!(support::edges(&demo, "mount"), ["node-a→web-1"]);
    assert_eq!(pods_on(&demo, "node-b"), Vec::<String>::new());
    let wires = demo.find(".kv-wires").unwrap();
    assert_eq!(wires.get_attribute("role").as_deref(), Some("img"));
    let desc = wires.query_selector("desc").unwrap().unwrap().text_content().unwrap();
    assert!(desc.contains("node-a: pv-1 attached, seen by: web-1"), "{desc}");
    assert!(desc.ends_with("refused line: node-b"), "{desc}");

    // Back removes the refused line: the picture is the one before the click again.
    demo.open("history").await;
    demo.click("[data-action=\"undo\"]").await;
    assert_eq!(support::edges(&demo, "attach"), ["pv-1→node-a"]);
    assert_eq!(demo.find("[data-state=\"picture\"]").unwrap().inner_html(), drawn);
    // And once more: no mount line, then no attach line.
    demo.click("[data-action=\"undo\"]").await;
    assert_eq!(support::edges(&demo, "mount"), Vec::<String>::new());
    demo.click("[data-action=\"undo\"]").await;
    assert_eq!(support::edges(&demo, "attach"), Vec::<String>::new());
    demo.remove();
}

#[wasm_bindgen_test]
async fn with_zones_the_disk_sits_in_its_zone_and_a_second_pod_under_rwop_is_a_refused_mount() {
    let demo = support::mount("csi", "en").await;
    demo.click(&choose("zone", "on")).await;
    let store = demo.find(".kv-store").unwrap();
    let column = store.get_attribute("data-column");
    assert!(column.is_some(), "a zoned disk is drawn in its zone's column");
    assert_eq!(demo.all("[data-zone]").len(), 2, "both nodes name their zone");
    demo.open("settings").await;
    demo.click(&choose("mode", "ReadWriteOncePod")).await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click(&on("node-a", "mount")).await;
    assert_eq!(support::edges(&demo, "mount"), ["node-a→web-1", "node-a→web-2×"]);
    assert_eq!(pods_on(&demo, "node-a"), ["web-1"]);
    demo.remove();
}
