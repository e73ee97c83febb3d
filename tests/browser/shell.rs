//! The demo frame as a reader meets it: kicker, title, badge, and the language switch.

use crate::support;

use wasm_bindgen_test::*;

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
async fn unmounting_a_playing_demo_stops_it_and_frees_its_place() {
    let before = kubevol_ui::mounted_count();
    let demo = support::mount("statefulset", "en").await;
    assert_eq!(kubevol_ui::mounted_count(), before + 1);
    demo.open("settings").await;
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
    let again = kubevol_ui::mount_into(demo.host.clone(), Some("statefulset"), Some("en"), None).await;
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
    let again = kubevol_ui::mount_into(demo.host.clone(), Some("csi"), Some("en"), None).await;
    assert_eq!(again, Ok(()));
    leptos::task::tick().await;
    assert_eq!(kubevol_ui::mounted_count(), count);
    assert_eq!(demo.all("[data-kubevol-root]").len(), 1);
    assert_eq!(demo.state("disk").trim(), "pv-1 attached", "the first demo keeps its state");
    demo.remove();
}

fn on(node: &str, action: &str) -> String {
    format!("[data-action=\"{action}\"][data-node=\"{node}\"]")
}

fn disabled(demo: &support::Demo, action: &str) -> bool {
    demo.find(&format!("[data-action=\"{action}\"]")).unwrap().has_attribute("disabled")
}

#[wasm_bindgen_test]
async fn going_back_three_steps_and_branching_drops_the_old_future() {
    let demo = support::mount("csi", "en").await;
    demo.open("history").await;
    assert!(disabled(&demo, "undo") && disabled(&demo, "redo"));
    demo.click(&on("node-a", "attach")).await;
    let badge_after_attach = demo.state("badge");
    for _ in 0..3 {
        demo.click(&on("node-a", "mount")).await;
    }
    assert_eq!(demo.state("badge"), "pv-1 · attached to node-a · seen by 3 pod(s)");
    for _ in 0..3 {
        demo.click("[data-action=\"undo\"]").await;
    }
    assert_eq!(demo.state("badge"), badge_after_attach);
    assert!(!disabled(&demo, "redo"));
    // Forward again is the same moment the model computes.
    demo.click("[data-action=\"redo\"]").await;
    assert_eq!(demo.state("badge"), "pv-1 · attached to node-a · seen by 1 pod(s)");
    demo.click("[data-action=\"undo\"]").await;
    // The other branch: detach instead of mounting.
    demo.click(&on("node-a", "detach")).await;
    assert_eq!(demo.state("badge"), "pv-1 · not attached · seen by 0 pod(s)");
    assert!(disabled(&demo, "redo"), "a new action drops the moments ahead");
    assert!(demo.state("log").starts_with("detached pv-1 from node-a"), "{}", demo.state("log"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn clicking_a_log_line_returns_to_right_after_it() {
    let demo = support::mount("csi", "en").await;
    demo.open("history").await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click(&on("node-a", "mount")).await;
    let line = demo
        .all(".kv-log-line")
        .into_iter()
        .find(|l| l.text_content().unwrap_or_default() == "attached pv-1 to node-a")
        .expect("the attach is in the log");
    assert_eq!(line.get_attribute("data-moment").as_deref(), Some("1"));
    let selector = "[data-state=\"log\"] .kv-log-line[data-moment=\"1\"]";
    demo.click(selector).await;
    assert_eq!(demo.state("badge"), "pv-1 · attached to node-a · seen by 0 pod(s)");
    assert!(demo.state("log").starts_with("attached pv-1 to node-a"), "{}", demo.state("log"));
    assert!(!disabled(&demo, "redo"));
    demo.remove();
}

#[wasm_bindgen_test]
async fn an_exported_scenario_replays_to_the_same_state() {
    use kubevol_sim::csi::{Action, DemoConfig};
    let demo = support::mount("csi", "en").await;
    demo.open("settings").await;
    demo.open("history").await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click(&on("node-b", "attach")).await;
    demo.click("[data-action=\"expand\"][data-value=\"10\"]").await;
    demo.click("[data-action=\"export\"]").await;
    let scenario = demo.state("scenario");
    let link = demo.find(".kv-export a[download]").expect("a link saves the file");
    assert!(link.get_attribute("href").unwrap().starts_with("data:application/json;charset=utf-8,%7B%22title%22"));
    // The replay tool's own engine, run here in the browser, on what the demo exported.
    let out = kubevol_replay::replay(&scenario).unwrap_or_else(|e| panic!("{e}: {scenario}"));
    let last: serde_json::Value = serde_json::from_str(out.lines.last().unwrap()).unwrap();
    // The same clicks as the model's actions, on a session of its own.
    let mut session = kubevol_ui::csi::present::start(DemoConfig::default());
    for action in [
        Action::Attach { claim: "data".into(), node: "node-a".into() },
        Action::Mount { claim: "data".into(), node: "node-a".into(), pod: None },
        Action::Mount { claim: "data".into(), node: "node-a".into(), pod: None },
        Action::Attach { claim: "data".into(), node: "node-b".into() },
        kubevol_ui::csi::present::expand_by(&session.state, 10),
    ] {
        session.dispatch(action);
    }
    assert_eq!(last["final"], serde_json::to_value(&session.state).unwrap());
    assert_eq!(last["final"]["volumes"]["pv-1"]["filesystem_gib"], 30);
    // Any step makes the export stale: it goes.
    demo.click("[data-action=\"undo\"]").await;
    assert!(demo.find("[data-state=\"scenario\"]").is_none());
    demo.remove();
}

// ---- the chapter's demo first, the rest one click away ----------------------------------------

/// Each fold's toggle and its panel: whether it says it is open, and whether its panel shows.
fn folds(demo: &support::Demo) -> Vec<(String, bool, bool)> {
    demo.all(".kv-folds [data-action]")
        .into_iter()
        .map(|toggle| {
            let name = toggle.get_attribute("data-action").unwrap();
            let expanded = toggle.get_attribute("aria-expanded").as_deref() == Some("true");
            let panel = demo.find(&format!(".kv-fold-panel[data-state=\"{name}\"]")).unwrap();
            assert_eq!(
                toggle.get_attribute("aria-controls"),
                panel.get_attribute("id"),
                "{name}'s toggle names its panel"
            );
            assert_eq!(toggle.tag_name(), "BUTTON", "{name}'s toggle is a real button");
            (name, expanded, !panel.has_attribute("hidden"))
        })
        .collect()
}

#[wasm_bindgen_test]
async fn the_first_screen_is_the_chapter_s_demo_and_the_rest_is_one_click_away() {
    let demo = support::mount("csi", "ja").await;
    // The chapter's own demo: two modes, binding, zones and reset; attach, mount and detach on
    // each node; unmount all and force detach.
    for control in [
        "[data-action=\"mode\"][data-value=\"ReadWriteOnce\"]",
        "[data-action=\"mode\"][data-value=\"ReadWriteMany\"]",
        "[data-action=\"binding\"][data-value=\"WaitForFirstConsumer\"]",
        "[data-action=\"zone\"][data-value=\"on\"]",
        "[data-action=\"reset\"]",
        "[data-action=\"unmount-all\"]",
        "[data-action=\"force-detach\"]",
    ]
    .into_iter()
    .map(String::from)
    .chain(["attach", "mount", "detach"].iter().flat_map(|a| ["node-a", "node-b"].map(|n| on(n, a))))
    {
        assert!(demo.find(&control).is_some(), "{control} on the first screen");
    }
    // Nothing beyond it until the reader asks: every fold closed, nothing of theirs rendered.
    let names: Vec<String> = folds(&demo).into_iter().map(|(n, _, _)| n).collect();
    assert_eq!(names, ["settings", "driver", "calls", "k8s", "kubectl", "history", "simplified", "practice"]);
    assert!(folds(&demo).iter().all(|(_, expanded, shown)| !expanded && !shown));
    for beyond in [
        "[data-value=\"ReadWriteOncePod\"]",
        "[data-action=\"expand\"]",
        "[data-action=\"share\"]",
        "[data-state=\"csi-calls\"]",
    ] {
        assert!(demo.find(beyond).is_none(), "{beyond} is behind a fold");
    }
    // One click opens a fold, another closes it; the rest stay as they were.
    demo.open("settings").await;
    assert!(demo.find("[data-action=\"mode\"][data-value=\"ReadWriteOncePod\"]").is_some());
    let open: Vec<_> = folds(&demo).into_iter().filter(|(_, e, s)| *e && *s).map(|(n, _, _)| n).collect();
    assert_eq!(open, ["settings"]);
    demo.click(".kv-folds [data-action=\"settings\"]").await;
    assert!(folds(&demo).iter().all(|(_, expanded, shown)| !expanded && !shown));
    // A setting chosen in a fold leaves the chapter's own choice unpressed: both are the one mode.
    demo.open("settings").await;
    demo.click("[data-action=\"mode\"][data-value=\"ReadOnlyMany\"]").await;
    let pressed = demo.all("[data-action=\"mode\"][aria-pressed=\"true\"]");
    assert_eq!(pressed.iter().map(|b| b.get_attribute("data-value").unwrap()).collect::<Vec<_>>(), ["ReadOnlyMany"]);
    demo.remove();
}

#[wasm_bindgen_test]
async fn data_view_lab_opens_every_fold_of_every_kind() {
    for (kind, count) in [("csi", 9), ("statefulset", 6), ("topology", 6)] {
        let demo = support::mount_with(kind, "en", &[("data-view", "lab")]).await;
        // Twice: the kubectl panel, once drawn, holds a fold of its own (the prompt's).
        for _ in 0..2 {
            for (name, _, _) in folds(&demo) {
                demo.settle(&name).await;
            }
        }
        let folds = folds(&demo);
        assert_eq!(folds.len(), count, "{kind}");
        assert!(folds.iter().all(|(_, expanded, shown)| *expanded && *shown), "{kind}: {folds:?}");
        assert!(demo.find("[data-state=\"part-loading\"]").is_none(), "{kind}: every part drawn");
        // Each fold's view is named in its kind's lab part (`kind::fold_view`): none is missing there.
        assert!(demo.find("[data-state=\"part-failed\"]").is_none(), "{kind}: every fold has its view");
        assert!(demo.find("[data-state=\"kubectl-get\"]").is_some(), "{kind}: the kubectl panel is open");
        demo.remove();
    }
}

// ---- share links ---------------------------------------------------------------------------

/// What a reader compares between the demo they shared and the one the link opens.
fn moment(demo: &support::Demo) -> [String; 4] {
    ["badge", "verdict", "log", "volume"].map(|s| demo.state(s))
}

/// Clicks Share and returns the link's fragment, checking the field shows it and says what became
/// of the clipboard.
pub async fn share(demo: &support::Demo) -> String {
    use wasm_bindgen::JsCast;
    demo.click("[data-action=\"share\"]").await;
    let field: web_sys::HtmlTextAreaElement = demo.find("[data-state=\"share-link\"]").unwrap().dyn_into().unwrap();
    let url = field.value();
    // The clipboard answers asynchronously, and headless browsers may refuse it: either way the
    // status must settle on what became of it, and the field keeps the link.
    let mut status = demo.state("output-status");
    for _ in 0..40 {
        if status != "Copying to the clipboard…" {
            break;
        }
        support::sleep_ms(50).await;
        status = demo.state("output-status");
    }
    assert!(
        [
            "Copied to the clipboard",
            "The browser did not allow the clipboard: select the link in the field and copy it"
        ]
        .contains(&status.as_str()),
        "{status}"
    );
    let (page, fragment) = url.split_once('#').expect("the link has a fragment");
    assert_eq!(page, web_sys::window().unwrap().location().href().unwrap().split('#').next().unwrap());
    fragment.to_string()
}

#[wasm_bindgen_test]
async fn a_share_link_restores_the_same_moment_in_a_fresh_demo() {
    let demo = support::mount("csi", "en").await;
    demo.open("settings").await;
    demo.open("history").await;
    demo.click("[data-action=\"binding\"][data-value=\"WaitForFirstConsumer\"]").await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    demo.click(&on("node-b", "attach")).await; // refused: Multi-Attach
    demo.click("[data-action=\"expand\"][data-value=\"10\"]").await;
    demo.click(&on("node-a", "respond")).await;
    demo.click("[data-action=\"undo\"]").await; // a link holds the moment shown
    let shared = moment(&demo);
    let fragment = share(&demo).await;
    assert!(fragment.starts_with("kubevol:csi:1:v1:"), "{fragment}");
    assert!(fragment.len() < 120, "{} characters for six clicks: {fragment}", fragment.len());
    demo.remove();

    // A fresh demo on a page opened at that link: the same moment, and the way back to it.
    support::set_fragment(Some(&fragment));
    let opened = support::mount("csi", "en").await;
    support::set_fragment(None);
    opened.open("history").await;
    assert_eq!(moment(&opened), shared);
    assert!(opened.find("[data-state=\"notice\"]").is_none());
    assert!(
        opened.find("[data-action=\"binding\"][data-value=\"WaitForFirstConsumer\"][aria-pressed=\"true\"]").is_some(),
        "the setting travels too"
    );
    assert!(!disabled(&opened, "undo"), "the reader's steps are there to go back through");
    opened.remove();
}

/// A reader who plays for a while: 1,100 clicks, every one of them accepted, then Share. The link
/// opens a fresh demo at the same moment. Playing on past what a link replays, Share takes a
/// shorter way to the same moment, says so, and that link opens too.
#[wasm_bindgen_test]
async fn eleven_hundred_clicks_make_a_link_that_opens() {
    let demo = support::mount("csi", "en").await;
    demo.open("history").await;
    let attach_detach = |i: usize| on("node-a", if i.is_multiple_of(2) { "attach" } else { "detach" });
    // Each click's line is the log's newest: none is a refusal.
    let accepted = |demo: &support::Demo| demo.find(".kv-log li:first-child.kv-refused").is_none();
    for i in 0..1_099 {
        demo.click(&attach_detach(i)).await;
        assert!(accepted(&demo), "click {i} was refused: {}", demo.state("log"));
    }
    demo.click(&on("node-a", "mount")).await;
    assert!(accepted(&demo), "{}", demo.state("log"));
    let shared = moment(&demo);
    let fragment = share(&demo).await;
    assert_eq!(demo.state("share-said"), "", "a whole link");
    demo.remove();
    support::set_fragment(Some(&fragment));
    let opened = support::mount("csi", "en").await;
    support::set_fragment(None);
    assert!(opened.find("[data-state=\"notice\"]").is_none(), "{}", opened.state("notice"));
    opened.open("history").await; // the history fold shows the whole log, as it did when shared
    assert_eq!(moment(&opened), shared);

    // 701 more: 1,801 actions, one more than the CSI demo replays from a link.
    opened.click("[data-action=\"unmount-all\"]").await;
    for i in 0..700 {
        opened.click(&attach_detach(i + 1)).await;
        assert!(accepted(&opened), "click {i} was refused: {}", opened.state("log"));
    }
    let shown = ["badge", "verdict", "volume"].map(|s| opened.state(s));
    let fragment = share(&opened).await;
    let said = opened.state("share-said");
    assert!(said.starts_with("Your history is too long for a link") && said.contains("of your 1801 actions"), "{said}");
    opened.click("[data-action=\"lang\"]").await; // what Share said follows the language switch
    let said = opened.state("share-said");
    assert!(said.starts_with("履歴がリンクには長すぎる") && said.contains("1801 回の操作のうち"), "{said}");
    opened.remove();
    support::set_fragment(Some(&fragment));
    let shorter = support::mount("csi", "en").await;
    support::set_fragment(None);
    assert!(shorter.find("[data-state=\"notice\"]").is_none(), "{}", shorter.state("notice"));
    assert_eq!(["badge", "verdict", "volume"].map(|s| shorter.state(s)), shown, "the same moment");
    shorter.remove();
}

#[wasm_bindgen_test]
async fn a_share_link_restores_only_the_demo_it_names() {
    let first = support::mount("statefulset", "en").await;
    first.open("settings").await;
    first.open("history").await;
    first.click("[data-action=\"policy\"][data-value=\"Parallel\"]").await;
    first.click("[data-action=\"step\"]").await;
    first.click("[data-action=\"retention\"][data-value=\"Delete\"]").await;
    let shared = [first.state("badge"), first.state("verdict"), first.state("log")];
    let fragment = share(&first).await;
    first.remove();

    // The page now has two StatefulSet demos and a topology demo; the link names the second
    // StatefulSet demo, so it is the one restored, and the others start as always.
    let fragment = fragment.replacen("kubevol:statefulset:1:", "kubevol:statefulset:2:", 1);
    let tampered = fragment.clone(); // the address is checked too: moving it is a change
    support::set_fragment(Some(&tampered));
    let (one, other_kind, two) = (
        support::mount("statefulset", "en").await,
        support::mount("topology", "en").await,
        support::mount("statefulset", "en").await,
    );
    support::set_fragment(None);
    assert!(two.state("notice").contains("it was changed after it was made"), "{}", two.state("notice"));
    assert!(one.find("[data-state=\"notice\"]").is_none() && other_kind.find("[data-state=\"notice\"]").is_none());
    for d in [one, other_kind, two] {
        d.remove();
    }

    // The same history shared from the second demo on such a page does restore there.
    let _pad = support::mount("statefulset", "en").await;
    let second = support::mount("statefulset", "en").await;
    second.open("settings").await;
    second.open("history").await;
    second.click("[data-action=\"policy\"][data-value=\"Parallel\"]").await;
    second.click("[data-action=\"step\"]").await;
    second.click("[data-action=\"retention\"][data-value=\"Delete\"]").await;
    let fragment = share(&second).await;
    assert!(fragment.starts_with("kubevol:statefulset:2:v1:"), "{fragment}");
    second.remove();
    _pad.remove();
    support::set_fragment(Some(&fragment));
    let (one, two) = (support::mount("statefulset", "en").await, support::mount("statefulset", "en").await);
    support::set_fragment(None);
    two.open("settings").await;
    two.open("history").await;
    assert_eq!([two.state("badge"), two.state("verdict"), two.state("log")], shared);
    assert!(two.find("[data-action=\"retention\"][data-value=\"Delete\"][aria-pressed=\"true\"]").is_some());
    assert_eq!(one.state("step"), "step=0", "the other demo starts as always");
    one.remove();
    two.remove();
}

#[wasm_bindgen_test]
async fn five_kinds_of_bad_link_each_say_what_is_wrong_and_start_at_the_default() {
    let demo = support::mount("topology", "en").await;
    demo.open("history").await;
    let default = [demo.state("badge"), demo.state("verdict")];
    demo.click("[data-action=\"step\"]").await;
    let fragment = share(&demo).await;
    demo.remove();
    let payload_at = fragment.rfind(':').unwrap() + 1;
    let flipped = {
        let mut chars: Vec<char> = fragment.chars().collect();
        let at = chars.len() - 3;
        chars[at] = if chars[at] == 'A' { 'B' } else { 'A' };
        chars.into_iter().collect::<String>()
    };
    let bad = [
        (fragment[..fragment.len() - 4].to_string(), "it is cut short, perhaps copied only in part"),
        (flipped, "it was changed after it was made (its checksum does not match)"),
        (
            fragment.replacen(":v1:", ":v7:", 1),
            "another version of these demos made it (format v7; this page reads v1)",
        ),
        (format!("{fragment}{}", "A".repeat(8000)), "it is too long ("),
        (
            format!("{}~~{}", &fragment[..payload_at], &fragment[payload_at..]),
            "it holds characters a demo's link never has",
        ),
    ];
    for (link, says) in bad {
        support::set_fragment(Some(&link));
        let opened = support::mount("topology", "en").await;
        support::set_fragment(None);
        let notice = opened.state("notice");
        assert!(notice.contains(says), "{link}: {notice}");
        assert!(notice.ends_with("Starting from the beginning"), "{notice}");
        assert_eq!([opened.state("badge"), opened.state("verdict")], default, "{link}");
        // The demo works as ever.
        opened.open("history").await;
        opened.click("[data-action=\"step\"]").await;
        assert!(!disabled(&opened, "undo"));
        assert!(!opened.host.has_attribute("data-kubevol-crashed"));
        opened.remove();
    }
}

// ---- the kubectl panel ---------------------------------------------------------------------

#[wasm_bindgen_test]
async fn the_kubectl_panel_is_folded_then_shows_the_moment_as_kubectl_would() {
    let demo = support::mount("csi", "en").await;
    demo.click(&on("node-a", "attach")).await;
    demo.click(&on("node-a", "mount")).await;
    let panel = demo.find("[data-state=\"kubectl\"]").expect("a kubectl panel");
    assert!(panel.has_attribute("hidden"), "folded by default");
    assert!(demo.find("[data-state=\"kubectl-get\"]").is_none(), "nothing computed while folded");
    demo.open("kubectl").await;
    demo.open("history").await;
    let get = demo.state("kubectl-get");
    assert!(
        get.starts_with("$ kubectl get pvc,pv,volumeattachments,pods\nNAME                         STATUS   VOLUME"),
        "{get}"
    );
    assert!(get.contains("\npersistentvolumeclaim/data   Bound    pv-1     20Gi       RWO            standard       <unset>                 2s\n"), "{get}");
    assert!(get.contains("\npod/web-1   1/1     Running   0          0s\n"), "{get}");
    demo.click("[data-action=\"kubectl-object\"][data-value=\"pods/web-1\"]").await;
    let object = demo.state("kubectl-object");
    assert!(object.starts_with("$ kubectl get pods web-1 -o yaml\napiVersion: v1\nkind: Pod\n"), "{object}");
    assert!(object.contains("      claimName: data\n"), "{object}");
    assert!(object.contains("  Normal  SuccessfulAttachVolume  0s    attachdetach-controller  AttachVolume.Attach succeeded for volume \"pv-1\"\n"), "{object}");
    // Going back in time shows that moment: no pod yet, and the claim one step younger.
    demo.click("[data-action=\"undo\"]").await;
    let get = demo.state("kubectl-get");
    assert!(!get.contains("pod/web-1") && get.contains("<unset>                 1s\n"), "{get}");
    assert!(demo.find("[data-state=\"kubectl-object\"]").is_none(), "the picked pod is gone at that moment");
    demo.remove();
}

/// The notice of a link the demo cannot restore is worded when it renders, so the language switch
/// rewords it with every other text, and a switch back gives the first wording again.
#[wasm_bindgen_test]
async fn a_bad_link_s_notice_follows_the_language_switch() {
    let demo = support::mount("statefulset", "en").await;
    demo.open("history").await;
    demo.click("[data-action=\"step\"]").await;
    let fragment = share(&demo).await;
    demo.remove();
    support::set_fragment(Some(&fragment[..fragment.len() - 4]));
    let opened = support::mount("statefulset", "ja").await;
    support::set_fragment(None);
    let japanese = opened.state("notice");
    assert!(japanese.starts_with("このデモへのリンクを復元できない: "), "{japanese}");
    opened.click("[data-action=\"lang\"]").await;
    let english = opened.state("notice");
    assert!(english.starts_with("This demo's link cannot be restored: it is cut short"), "{english}");
    assert!(english.ends_with("Starting from the beginning"), "{english}");
    opened.click("[data-action=\"lang\"]").await;
    assert_eq!(opened.state("notice"), japanese);
    opened.remove();
}
