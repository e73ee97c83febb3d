//! Drives a mounted demo the way a reader does: find a real button by its `data-action`, click it,
//! let Leptos apply the update, then read the DOM. Only the `data-action`, `data-node`,
//! `data-ordinal`, `data-value` and `data-state` hooks are used.
#![allow(dead_code)]

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// A fresh placeholder on the test page with a demo mounted into it.
pub async fn mount(kind: &str, lang: &str) -> Demo {
    mount_preset(kind, lang, None).await
}

/// The same, with the placeholder's `data-preset` set as a page would.
pub async fn mount_preset(kind: &str, lang: &str, preset: Option<&str>) -> Demo {
    let attributes: Vec<(&str, &str)> = preset.map(|p| ("data-preset", p)).into_iter().collect();
    mount_with(kind, lang, &attributes).await
}

/// The same, with any other attributes the placeholder carries (`data-view`, ...).
pub async fn mount_with(kind: &str, lang: &str, attributes: &[(&str, &str)]) -> Demo {
    let document = web_sys::window().unwrap().document().unwrap();
    let host: HtmlElement = document.create_element("div").unwrap().dyn_into().unwrap();
    host.set_attribute("data-kubevol-demo", kind).unwrap();
    host.set_attribute("data-lang", lang).unwrap();
    for (name, value) in attributes {
        host.set_attribute(name, value).unwrap();
    }
    document.body().unwrap().append_child(&host).unwrap();
    let result = kubevol_ui::mount_into(host.clone(), Some(kind), Some(lang), None).await;
    leptos::task::tick().await;
    Demo { host, result }
}

pub struct Demo {
    pub host: HtmlElement,
    pub result: Result<(), String>,
}

impl Demo {
    pub fn find(&self, selector: &str) -> Option<Element> {
        self.host.query_selector(selector).unwrap()
    }

    pub fn all(&self, selector: &str) -> Vec<Element> {
        let list = self.host.query_selector_all(selector).unwrap();
        (0..list.length()).filter_map(|i| list.item(i)?.dyn_into().ok()).collect()
    }

    /// The text of the read-out marked `data-state="<name>"`.
    pub fn state(&self, name: &str) -> String {
        self.find(&format!("[data-state=\"{name}\"]"))
            .unwrap_or_else(|| panic!("no [data-state={name}] in the demo"))
            .text_content()
            .unwrap_or_default()
    }

    /// Clicks the button matching `selector` (e.g. `[data-action="attach"][data-node="node-a"]`).
    /// Clicks the button, waiting a few ticks for it first: a control drawn from an on-demand
    /// part (a lost node's buttons) appears once its part answers.
    pub async fn click(&self, selector: &str) {
        for _ in 0..50 {
            if self.find(selector).is_some() {
                break;
            }
            leptos::task::tick().await;
        }
        let button: HtmlElement =
            self.find(selector).unwrap_or_else(|| panic!("no button {selector}")).dyn_into().unwrap();
        assert_eq!(button.tag_name(), "BUTTON", "{selector} must be a real <button>");
        button.click();
        leptos::task::tick().await;
    }

    /// Opens the fold named `name` (its toggle is `[data-action=name]`), as a reader clicks it
    /// open, and waits until its panel has drawn what its part shows.
    pub async fn open(&self, name: &str) {
        let toggle = format!(".kv-folds [data-action=\"{name}\"]");
        let expanded = self.find(&toggle).unwrap_or_else(|| panic!("no fold {name}")).get_attribute("aria-expanded");
        assert_eq!(expanded.as_deref(), Some("false"), "fold {name} is closed before it is opened");
        self.click(&toggle).await;
        self.settle(name).await;
    }

    /// Waits until the panel of fold `name` no longer says its part is loading.
    pub async fn settle(&self, name: &str) {
        let loading = format!("[data-state=\"{name}\"] [data-state=\"part-loading\"]");
        for _ in 0..50 {
            if self.find(&loading).is_none() {
                return;
            }
            leptos::task::tick().await;
        }
        panic!("fold {name} is still loading its part");
    }

    /// Takes the demo down (as the loader does when its placeholder leaves the page) and removes
    /// the placeholder, so the next test starts from a clean document.
    pub fn remove(self) {
        kubevol_ui::unmount_from(&self.host);
        self.host.remove();
    }
}

/// Opens the page at `#fragment`, as following a share link does: demos mounted from now on read
/// it. `None` clears it again, so the next test starts from a plain address.
/// A picture's edges of one kind (attach, mount, bind) as `from→to`, a refused one marked `×`:
/// the test contract's `data-edge`, `data-from`, `data-to` and `data-refused`.
pub fn edges(demo: &Demo, kind: &str) -> Vec<String> {
    demo.all(&format!("[data-edge=\"{kind}\"]"))
        .iter()
        .map(|e| {
            let refused = if e.has_attribute("data-refused") { "×" } else { "" };
            format!("{}→{}{refused}", e.get_attribute("data-from").unwrap(), e.get_attribute("data-to").unwrap())
        })
        .collect()
}

pub fn set_fragment(fragment: Option<&str>) {
    web_sys::window().unwrap().location().set_hash(fragment.unwrap_or("")).unwrap();
}

/// Waits in real time (for timer-driven behaviour such as play).
pub async fn sleep_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window().unwrap().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms).unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    leptos::task::tick().await;
}

/// What `act` changed in the demo, as a MutationObserver records it: each attribute or text set
/// counts one, and each node added or removed counts with every node inside it, so an element
/// written afresh counts its whole content twice, once going and once coming. Gives the count in
/// the whole demo, and for each element matching `drawings` its count and how many nodes it holds.
pub async fn changes<F: std::future::Future<Output = ()>>(demo: &Demo, drawings: &str, act: F) -> Changes {
    let watch = js_sys::Function::new_with_args(
        "el, drawings",
        "const size = (n) => { let k = 1; for (const c of n.childNodes) k += size(c); return k; };
         let all = 0; const per = new Map();
         const count = (records) => { for (const r of records) {
             const k = r.type === 'childList' ? [...r.addedNodes, ...r.removedNodes].reduce((k, c) => k + size(c), 0) : 1;
             all += k;
             const at = r.target.nodeType === 1 ? r.target : r.target.parentElement;
             const drawing = at && at.closest(drawings);
             if (drawing) per.set(drawing, (per.get(drawing) ?? 0) + k);
         } };
         const o = new MutationObserver(count);
         o.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
         return () => { count(o.takeRecords()); o.disconnect();
             return [all, [...el.querySelectorAll(drawings)].map((d) => [d.getAttribute('class'), per.get(d) ?? 0, size(d) - 1, d.matches('svg[role=img]')])]; };",
    );
    let stop: js_sys::Function =
        watch.call2(&wasm_bindgen::JsValue::NULL, &demo.host, &drawings.into()).unwrap().dyn_into().unwrap();
    act.await;
    leptos::task::tick().await;
    let seen = stop.call0(&wasm_bindgen::JsValue::NULL).unwrap();
    let seen: js_sys::Array = seen.dyn_into().unwrap();
    let drawings: js_sys::Array = seen.get(1).dyn_into().unwrap();
    Changes {
        all: seen.get(0).as_f64().unwrap() as usize,
        drawings: drawings
            .iter()
            .map(|d| {
                let d: js_sys::Array = d.dyn_into().unwrap();
                Drawn {
                    class: d.get(0).as_string().unwrap_or_default(),
                    changed: d.get(1).as_f64().unwrap() as usize,
                    nodes: d.get(2).as_f64().unwrap() as usize,
                    picture: d.get(3).is_truthy(),
                }
            })
            .collect(),
    }
}

/// What one action changed (see [`changes`]).
#[derive(Debug)]
pub struct Changes {
    pub all: usize,
    pub drawings: Vec<Drawn>,
}

/// One drawing, after an action: its class, what changed in it and the nodes it holds; whether
/// it is a picture (an `<svg role="img">`), not a drawing's few chips or words.
#[derive(Debug)]
pub struct Drawn {
    pub class: String,
    pub changed: usize,
    pub nodes: usize,
    pub picture: bool,
}

impl Changes {
    /// Panics if a picture changed as much as writing it afresh would. (A drawing of a few chips
    /// may change whole: a node's first pod takes the place of "no pods".)
    pub fn in_place(&self, what: &str) {
        for d in self.drawings.iter().filter(|d| d.picture) {
            assert!(
                d.changed < d.nodes,
                "{what}: the picture {} changed {} times, as if written afresh ({} nodes): {self:?}",
                d.class,
                d.changed,
                d.nodes
            );
        }
    }

    /// What changed in the drawings of `class`, each.
    pub fn of(&self, class: &str) -> Vec<usize> {
        self.drawings.iter().filter(|d| d.class == class).map(|d| d.changed).collect()
    }
}
