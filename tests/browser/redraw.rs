//! A click changes what it changed: the pictures are kept up to date in place (crates/ui's
//! `markup.rs`) and the log adds its new line (`widgets.rs`), where each click once wrote every
//! drawing and line afresh. Each test counts what one of a chapter's main clicks changes in the
//! DOM (`support::changes`): no drawing may change as much as writing it afresh would, and what
//! the click did not touch must not change at all.

use crate::support::{self, Changes, Demo};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// Every drawing of the demos: the pictures' `<svg>`s and the markup written beside them, and the
/// log.
const DRAWINGS: &str = "svg[role=img], .kv-link, .kv-store, .kv-node-head, .kv-pods, .kv-log";

/// A new log line (its `<li>`, button and text) and, past the lines shown, the oldest one going:
/// the lines between stay. Written afresh, the log would count each of its lines twice. (A demo's
/// first change also drops the empty comment Leptos leaves after the markup an element is built
/// with: one more.)
const ONE_LOG_LINE: usize = 7;

async fn click(demo: &Demo, button: &str) -> Changes {
    support::changes(demo, DRAWINGS, demo.click(button)).await
}

fn changed(changes: &Changes, class: &str) -> usize {
    changes.of(class).iter().sum()
}

#[wasm_bindgen_test]
async fn an_attach_draws_its_line_and_leaves_the_other_node_alone() {
    let demo = support::mount("csi", "en").await;
    let attach = click(&demo, "[data-action=\"attach\"][data-node=\"node-a\"]").await;
    assert_eq!(support::edges(&demo, "attach"), ["pv-1→node-a"]);
    attach.in_place("attach");
    // node-b's head and pods, and the disk's row, are as they were; node-a's head says it.
    let heads = attach.of("kv-node-head");
    assert_eq!(heads.len(), 2);
    assert!(heads[0] > 0 && heads[1] == 0, "{attach:?}");
    assert_eq!(changed(&attach, "kv-pods"), 0, "{attach:?}");
    // The wires: the new line, and the description that tells it.
    assert!(changed(&attach, "kv-wires") <= 4, "{attach:?}");

    let mount = click(&demo, "[data-action=\"mount\"][data-node=\"node-a\"]").await;
    mount.in_place("mount");
    assert_eq!(support::edges(&demo, "mount"), ["node-a→web-1"]);
    assert!(mount.all < 40, "one mount changes a few lines and texts: {mount:?}");
    assert!(changed(&mount, "kv-log") <= ONE_LOG_LINE, "{mount:?}");
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_step_changes_its_ordinals_words_and_the_new_log_line() {
    let demo = support::mount("statefulset", "en").await;
    let first = click(&demo, "[data-action=\"step\"]").await;
    first.in_place("the first step");
    // db-0 starting: its card's countdown, the step count, the badge's line and a log line.
    let second = click(&demo, "[data-action=\"step\"]").await;
    second.in_place("the second step");
    assert!(second.all <= 8, "{second:?}");
    assert!(changed(&second, "kv-log") <= ONE_LOG_LINE, "{second:?}");
    demo.remove();
}

#[wasm_bindgen_test]
async fn a_zone_loss_changes_its_zone_and_the_bars_in_place() {
    let demo = support::mount_preset("topology", "en", Some("spread")).await;
    let loss = click(&demo, "[data-action=\"fail-zone\"][data-zone=\"zone-a\"]").await;
    loss.in_place("zone loss");
    assert!(changed(&loss, "kv-bars") > 0, "the bars show the loss: {loss:?}");
    assert!(changed(&loss, "kv-log") <= ONE_LOG_LINE, "{loss:?}");
    // Nothing in zone-c changes: neither its nodes nor its pods.
    let before = demo.find("[data-zone=\"zone-c\"]").unwrap().inner_html();
    let step = click(&demo, "[data-action=\"step\"]").await;
    assert_eq!(demo.find("[data-zone=\"zone-c\"]").unwrap().inner_html(), before, "{step:?}");
    demo.remove();
}

/// Starts counting every call that hands markup to the browser's parser (an `innerHTML` or
/// `outerHTML` written, `insertAdjacentHTML`, `setHTMLUnsafe`, a `DOMParser` or a range's
/// fragment) and returns what reads the calls since, as "<the element's class>: <the call>".
fn count_parses() -> js_sys::Function {
    let install = js_sys::Function::new_no_args(
        "if (!window.__parses) {
           window.__parses = [];
           const seen = (what, at) => window.__parses.push(`${at?.getAttribute?.('class') ?? at}: ${what}`);
           for (const [proto, name] of [[Element.prototype, 'innerHTML'], [Element.prototype, 'outerHTML'],
                                         [ShadowRoot.prototype, 'innerHTML']]) {
             const d = Object.getOwnPropertyDescriptor(proto, name);
             Object.defineProperty(proto, name, { ...d, set(v) { seen(name, this); d.set.call(this, v); } });
           }
           for (const [proto, name] of [[Element.prototype, 'insertAdjacentHTML'], [Element.prototype, 'setHTMLUnsafe'],
                                         [DOMParser.prototype, 'parseFromString'], [Range.prototype, 'createContextualFragment']]) {
             const f = proto[name];
             if (f) proto[name] = function (...a) { seen(name, this instanceof Element ? this : name); return f.apply(this, a); };
           }
         }
         const from = window.__parses.length;
         return () => window.__parses.slice(from);",
    );
    install.call0(&wasm_bindgen::JsValue::NULL).unwrap().dyn_into().unwrap()
}

fn parses(since: &js_sys::Function) -> Vec<String> {
    let seen: js_sys::Array = since.call0(&wasm_bindgen::JsValue::NULL).unwrap().dyn_into().unwrap();
    seen.iter().filter_map(|s| s.as_string()).collect()
}

/// After a demo is built, no click hands markup to the browser's parser: each drawing is changed
/// by the operations its new state needs, read and compared in Rust (`markup.rs`).
#[wasm_bindgen_test]
async fn no_click_parses_markup() {
    let csi = [
        "[data-action=\"attach\"][data-node=\"node-a\"]",
        "[data-action=\"mount\"][data-node=\"node-a\"]",
        "[data-action=\"mount\"][data-node=\"node-a\"]",
        "[data-action=\"attach\"][data-node=\"node-b\"]",
        "[data-action=\"mount\"][data-node=\"node-b\"]",
        "[data-action=\"detach\"][data-node=\"node-a\"]",
        "[data-action=\"unmount-all\"]",
        "[data-action=\"detach\"][data-node=\"node-a\"]",
    ];
    let sts = ["[data-action=\"step\"]"; 8];
    let spread = [
        "[data-action=\"fail-zone\"][data-zone=\"zone-a\"]",
        "[data-action=\"step\"]",
        "[data-action=\"pods\"][data-value=\"9\"]",
        "[data-action=\"pods\"][data-value=\"3\"]",
    ];
    let articles = ["[data-action=\"step\"]"; 6];
    let demos: [(&str, Option<&str>, &[&str]); 4] = [
        ("csi", None, &csi),
        ("statefulset", None, &sts),
        ("topology", Some("spread"), &spread),
        ("topology", None, &articles),
    ];
    for (kind, preset, clicks) in demos {
        let demo = support::mount_preset(kind, "en", preset).await;
        let since = count_parses();
        let before = demo.host.inner_html();
        for button in clicks {
            demo.click(button).await;
        }
        assert_ne!(demo.host.inner_html(), before, "{kind}: the clicks changed the demo");
        assert_eq!(parses(&since), Vec::<String>::new(), "{kind}: markup parsed after the demo was built");
        demo.remove();
    }
    // The count sees a parse.
    let since = count_parses();
    let scratch = web_sys::window().unwrap().document().unwrap().create_element("div").unwrap();
    scratch.set_class_name("scratch");
    scratch.set_inner_html("<b>x</b>");
    assert_eq!(parses(&since), ["scratch: innerHTML"]);
}

/// Markups one patch may go between: lines added at the top, in the middle, at the end, removed,
/// swapped; attributes changed, added, removed and reordered; texts changed; an element in a
/// text's place; nested changes; nothing at all.
const MARKUPS: [&str; 12] = [
    "",
    "<li class=\"\"><b>a</b></li><li class=\"\"><b>b</b></li><li class=\"\"><b>c</b></li>",
    "<li class=\"\"><b>n</b></li><li class=\"\"><b>a</b></li><li class=\"\"><b>b</b></li>",
    "<li class=\"\"><b>n</b></li><li class=\"\"><b>m</b></li><li class=\"\"><b>a</b></li>",
    "<li class=\"\"><b>a</b></li><li class=\"\"><b>c</b></li>",
    "<li class=\"\"><b>c</b></li><li class=\"\"><b>b</b></li><li class=\"\"><b>a</b></li>",
    "<li class=\"x\" data-pod=\"a\"><b>a</b></li><li><b>b</b></li>",
    "<li data-pod=\"a\" class=\"x\"><b>a</b></li><li class=\"y\"><b>b</b>tail</li>",
    "text<li class=\"\">a</li>more",
    "<li class=\"\">a<i>b</i>c</li>",
    "<li class=\"\"><i>b</i>a<i>b</i></li>",
    "<li class=\"\"><b>a</b></li><li class=\"\"><b>a</b></li><li class=\"\"><b>b</b></li>",
];

/// The same markup as a drawing's: SVG's elements in an `<svg>` (HTML's `<li>` and `<b>` there
/// would leave the SVG, which no writer does).
fn as_svg(markup: &str) -> String {
    let names = [("li", "g"), ("b", "text"), ("i", "tspan")];
    names.iter().fold(markup.to_string(), |m, (html, svg)| {
        m.replace(&format!("<{html}"), &format!("<{svg}")).replace(&format!("</{html}>"), &format!("</{svg}>"))
    })
}

#[wasm_bindgen_test]
fn a_patched_element_is_its_new_markup_parsed_afresh() {
    let document = web_sys::window().unwrap().document().unwrap();
    for (ns, tag) in [(None, "ul"), (Some("http://www.w3.org/2000/svg"), "svg")] {
        let made = || document.create_element_ns(ns, tag).unwrap();
        let markup = |m: &str| if tag == "svg" { as_svg(m) } else { m.to_string() };
        for from in MARKUPS.map(markup) {
            for to in MARKUPS.map(markup) {
                let (el, fresh) = (made(), made());
                // Parsed here only, as the server's rendering is parsed with its page.
                el.set_inner_html(&from);
                kubevol_ui::markup::patch(&el, &from, &to);
                fresh.set_inner_html(&to);
                // The DOM's own equality: the same nodes, names, attributes and texts (attributes
                // in any order: a patch leaves the order an element had).
                assert!(el.is_equal_node(Some(&fresh)), "<{tag}> from {from:?} to {to:?}: {}", el.inner_html());
            }
        }
    }
}
