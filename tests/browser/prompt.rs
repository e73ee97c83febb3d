//! The kubectl prompt, typed into as a reader does: a line is written into the field and sent
//! with Enter, and Tab, ↑, Ctrl-L and Ctrl-C are keys pressed in it. What it prints must be what
//! the real kubectl printed at the same moment: the golden table of `crates/replay/tests/kubectl/`,
//! written by the real kubectl against `kubevol-replay serve`.

use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{HtmlInputElement, KeyboardEvent, KeyboardEventInit};

use crate::support::{self, Demo};

const GOLDEN: &str = include_str!("../../crates/replay/tests/kubectl/golden.txt");
const ORDERED: &str = include_str!("../../crates/replay/scenarios/sts-ordered-startup.json");
const MULTI_ATTACH: &str = include_str!("../../crates/replay/scenarios/csi-rwo-second-node-multi-attach.json");
const NODE_LOSS: &str = include_str!("../../crates/replay/scenarios/topology-chapter-node-loss.json");

/// What the real kubectl printed for `scenario: typed`, without the table's `[exit 1]`, and
/// whether it failed.
fn golden(scenario: &str, typed: &str) -> (String, bool) {
    let line = format!("{scenario}: {typed}");
    let printed = GOLDEN
        .split("\n=== ")
        .map(|part| part.trim_start_matches("=== "))
        .find_map(|part| part.strip_prefix(line.as_str())?.strip_prefix('\n'))
        .unwrap_or_else(|| panic!("{line}: not in golden.txt"));
    let failed = printed.contains("[exit 1]\n");
    (printed.replace("[exit 1]\n", "").trim_end().to_string(), failed)
}

fn field(demo: &Demo) -> HtmlInputElement {
    demo.find("[data-state=\"kubectl-prompt\"]").expect("the prompt's field").dyn_into().unwrap()
}

/// Presses a key in the prompt's field.
async fn press(demo: &Demo, key: &str, control: bool) -> bool {
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_ctrl_key(control);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    let field = field(demo);
    field.focus().unwrap();
    let taken = !field.dispatch_event(&event).unwrap();
    leptos::task::tick().await;
    taken
}

/// Writes `text` into the field as typing does (the value, then an `input` event).
async fn write(demo: &Demo, text: &str) {
    let field = field(demo);
    field.set_value(text);
    field.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
    leptos::task::tick().await;
}

/// Types a line and sends it with Enter.
pub(crate) async fn typed(demo: &Demo, line: &str) {
    write(demo, line).await;
    assert!(press(demo, "Enter", false).await, "Enter is the prompt's");
    assert_eq!(field(demo).value(), "", "the field is empty again once a line is sent");
}

/// Each printed entry: its text, and whether it is shown as a failure.
pub(crate) fn entries(demo: &Demo) -> Vec<(String, bool)> {
    demo.all("[data-state=\"kubectl-prompt-out\"] .kv-prompt-entry")
        .iter()
        .map(|e| (e.text_content().unwrap_or_default(), e.class_list().contains("kv-refused")))
        .collect()
}

fn last(demo: &Demo) -> (String, bool) {
    entries(demo).pop().expect("something printed")
}

async fn opened(kind: &str, scenario: &str) -> Demo {
    let demo = crate::api::mount_at(kind, scenario).await;
    assert_eq!(demo.result, Ok(()));
    demo.open("kubectl").await;
    demo.open("type-kubectl").await;
    demo
}

/// Types each line and compares what the prompt printed with the real kubectl's.
async fn judged(demo: &Demo, scenario: &str, lines: &[&str]) {
    for line in lines {
        typed(demo, line).await;
        let (want, failed) = golden(scenario, line);
        let (text, shown_failed) = last(demo);
        let want = format!("$ kubectl {line}\n{want}");
        assert_eq!(text.trim_end(), want, "{scenario}: {line}");
        assert_eq!(shown_failed, failed, "{scenario}: {line}: shown as an error exactly when kubectl exits 1");
    }
}

#[wasm_bindgen_test]
async fn typed_reads_and_errors_print_what_the_real_kubectl_printed() {
    let demo = opened("statefulset", ORDERED).await;
    let out = demo.find("[data-state=\"kubectl-prompt-out\"]").unwrap();
    assert_eq!(out.get_attribute("aria-live").as_deref(), Some("polite"));
    judged(
        &demo,
        "sts-ordered-startup",
        &[
            "get sts",
            "get sts -o wide",
            "get pods -l app=db",
            "get pvc -o name",
            "get pods --show-labels",
            "get statefulset,pod -n default",
            "gte pods",
            "frobnicate",
            "get pods --colour",
            "get pods -z",
            "get pods -o",
            "get",
            "describe",
            "delete pod",
            "scale sts db",
            "get pods -o table",
            "get flowers",
            "describe pod db-9",
            "delete pod db-9",
            "scale sts db --replicas=-1",
        ],
    )
    .await;
    // The chapter's CSI demo starts from its own setup, which holds the scenario's objects (the
    // backend's pool aside, which kubectl does not show): the scenario's actions, from there.
    let mut actions: serde_json::Value = serde_json::from_str(MULTI_ATTACH).unwrap();
    actions.as_object_mut().unwrap().remove("setup");
    let csi = opened("csi", &actions.to_string()).await;
    let scenario = "csi-rwo-second-node-multi-attach";
    judged(&csi, scenario, &["get pods", "get pvc,pv", "get pv -o wide", "get sc -o name", "get pod db-9"]).await;
    // The topology chapter's runs are its demo's Run button's, at most 100 steps where the scenario
    // runs 20: the same one action each, to the same converged states. The moment is @3: the
    // node lost, its pod Terminating.
    let mut loss: serde_json::Value = serde_json::from_str(NODE_LOSS).unwrap();
    let actions = loss["actions"].as_array_mut().unwrap();
    actions.truncate(3);
    for action in actions.iter_mut().filter(|a| a["type"] == "run") {
        *action = serde_json::json!({"type": "run", "max": 100});
    }
    let topology = opened("topology", &loss.to_string()).await;
    let scenario = "topology-chapter-node-loss@3";
    let lines = [
        "get nodes",
        "get pods -o wide",
        "get all",
        "get nodes -l topology.kubernetes.io/zone=zone-a",
        "cordon zone-b-1",
        "uncordon zone-b-1",
        "get no zone-a-1 zone-c-2",
    ];
    judged(&topology, scenario, &lines).await;
    // A change the model refuses is the API server's Conflict, in the model's words.
    judged(&topology, scenario, &["delete pod web-0 --wait=false"]).await;
    for demo in [demo, csi, topology] {
        demo.remove();
    }
}

#[wasm_bindgen_test]
async fn a_typed_change_is_the_buttons_action_and_back_undoes_it() {
    let demo = opened("statefulset", ORDERED).await;
    demo.open("history").await;
    judged(&demo, "sts-ordered-startup", &["scale sts db --replicas=1"]).await;
    typed(&demo, "get sts").await;
    assert!(last(&demo).0.contains("\ndb     3/1     "), "{}", last(&demo).0);
    // One history entry, which Back undoes like a click's.
    demo.click("[data-action=\"undo\"]").await;
    typed(&demo, "get sts").await;
    assert!(last(&demo).0.contains("\ndb     3/3     "), "{}", last(&demo).0);
    // A refused change says the model's reason as the API server's Conflict, and changes nothing.
    typed(&demo, "delete pvc data-db-9").await;
    assert_eq!(last(&demo), ("$ kubectl delete pvc data-db-9\nError from server (NotFound): persistentvolumeclaims \"data-db-9\" not found\n".into(), true));
    // A share link made after typed changes restores the same moment.
    typed(&demo, "delete pod db-1").await;
    assert_eq!(last(&demo).0, "$ kubectl delete pod db-1\npod \"db-1\" deleted\n");
    typed(&demo, "get pods").await;
    let before = last(&demo).0;
    let link = crate::shell::share(&demo).await;
    demo.remove();
    support::set_fragment(Some(&link));
    let restored = support::mount("statefulset", "en").await;
    support::set_fragment(None);
    restored.open("kubectl").await;
    restored.open("type-kubectl").await;
    typed(&restored, "get pods").await;
    assert_eq!(last(&restored).0, before, "the link's moment is the typed one");
    restored.remove();
}

#[wasm_bindgen_test]
async fn keys_complete_walk_the_history_clear_and_stop_a_watch() {
    let demo = opened("statefulset", ORDERED).await;
    write(&demo, "get statef").await;
    assert!(press(&demo, "Tab", false).await, "Tab completes");
    assert_eq!(field(&demo).value(), "get statefulsets ");
    write(&demo, "get pods d").await;
    press(&demo, "Tab", false).await;
    assert_eq!(field(&demo).value(), "get pods db-");
    assert!(press(&demo, "Tab", false).await);
    assert_eq!(last(&demo).0, "$ kubectl get pods db-\ndb-0  db-1  db-2\n", "a second Tab lists the names");
    write(&demo, "").await;
    assert!(!press(&demo, "Tab", false).await, "Tab with nothing to complete moves the focus on");
    typed(&demo, "get pods").await;
    typed(&demo, "get pvc").await;
    press(&demo, "ArrowUp", false).await;
    assert_eq!(field(&demo).value(), "get pvc");
    press(&demo, "ArrowUp", false).await;
    assert_eq!(field(&demo).value(), "get pods");
    press(&demo, "ArrowDown", false).await;
    assert_eq!(field(&demo).value(), "get pvc");
    press(&demo, "ArrowDown", false).await;
    assert_eq!(field(&demo).value(), "");
    assert!(press(&demo, "l", true).await, "Ctrl-L is the prompt's");
    assert!(entries(&demo).is_empty(), "Ctrl-L clears what was printed");
    // A watch prints the rows each click changes, until Ctrl-C.
    typed(&demo, "get pods -w").await;
    demo.click("[data-action=\"delete-pod\"][data-ordinal=\"2\"]").await;
    let (watched, _) = last(&demo);
    assert!(watched.starts_with("db-2   1/1   Terminating") || watched.starts_with("db-2 "), "{watched}");
    assert!(press(&demo, "c", true).await);
    assert_eq!(last(&demo).0, "^C\n");
    demo.click("[data-action=\"step\"]").await;
    assert_eq!(last(&demo).0, "^C\n", "nothing is printed once the watch is stopped");
    demo.remove();
}

/// The page's stylesheet, which these suites do not load otherwise, for as long as a test needs
/// the output box's own height and scrolling; taken away again when dropped.
struct Stylesheet(web_sys::Element);

impl Stylesheet {
    fn add() -> Stylesheet {
        let document = web_sys::window().unwrap().document().unwrap();
        let style = document.create_element("style").unwrap();
        style.set_text_content(Some(include_str!("../../web/kubevol.css")));
        document.head().unwrap().append_child(&style).unwrap();
        Stylesheet(style)
    }
}

impl Drop for Stylesheet {
    fn drop(&mut self) {
        self.0.remove();
    }
}

/// Whether the last printed entry's end is inside the output box, where the reader sees it.
fn last_in_view(demo: &Demo, out: &web_sys::Element) -> bool {
    let entry = demo.all("[data-state=\"kubectl-prompt-out\"] .kv-prompt-entry").pop().expect("an entry");
    let (o, e) = (out.get_bounding_client_rect(), entry.get_bounding_client_rect());
    e.bottom() <= o.bottom() + 1.0 && e.bottom() > o.top()
}

#[wasm_bindgen_test]
async fn the_newest_answer_stays_in_view_unless_the_reader_has_scrolled_up() {
    let _css = Stylesheet::add();
    let demo = opened("statefulset", ORDERED).await;
    let out = demo.find("[data-state=\"kubectl-prompt-out\"]").unwrap();
    // Before the first command the box says what to type; a leading kubectl is echoed once.
    assert!(demo.find("[data-state=\"kubectl-prompt-empty\"]").is_some(), "the empty box says what to type");
    typed(&demo, "kubectl get pods").await;
    assert!(demo.find("[data-state=\"kubectl-prompt-empty\"]").is_none(), "gone once something is printed");
    let (text, _) = last(&demo);
    assert!(text.starts_with("$ kubectl get pods\n"), "echoed once: {text}");
    // Commands until the box overflows: each newest answer is in view.
    for _ in 0..20 {
        typed(&demo, "get pods -o wide").await;
        support::sleep_ms(0).await;
        assert!(last_in_view(&demo, &out), "the newest answer is in view (scrollTop {})", out.scroll_top());
        if out.scroll_height() > 2 * out.client_height() {
            break;
        }
    }
    assert!(out.scroll_height() > 2 * out.client_height(), "the output overflows its box");
    // The reader scrolls up to read: one more command keeps their place.
    out.set_scroll_top(0);
    typed(&demo, "help").await;
    support::sleep_ms(0).await;
    assert_eq!(out.scroll_top(), 0, "the reader's place is kept");
    assert!(!last_in_view(&demo, &out), "the answer is below, where the reader did not look");
    // Back at the end, the box follows again.
    out.set_scroll_top(out.scroll_height());
    typed(&demo, "get pvc").await;
    support::sleep_ms(0).await;
    assert!(last_in_view(&demo, &out), "following again at the end");
    // Taken off the page, as every suite's demo is: a demo left behind would be the page's first
    // of its kind for whichever test runs next, and share links name a demo by its place.
    demo.remove();
}
