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
    let document = web_sys::window().unwrap().document().unwrap();
    let host: HtmlElement = document.create_element("div").unwrap().dyn_into().unwrap();
    host.set_attribute("data-kubevol-demo", kind).unwrap();
    host.set_attribute("data-lang", lang).unwrap();
    if let Some(preset) = preset {
        host.set_attribute("data-preset", preset).unwrap();
    }
    document.body().unwrap().append_child(&host).unwrap();
    let result = kubevol_ui::mount_into(&kubevol_ui::Demos::ALL, host.clone(), Some(kind), Some(lang));
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
    pub async fn click(&self, selector: &str) {
        let button: HtmlElement =
            self.find(selector).unwrap_or_else(|| panic!("no button {selector}")).dyn_into().unwrap();
        assert_eq!(button.tag_name(), "BUTTON", "{selector} must be a real <button>");
        button.click();
        leptos::task::tick().await;
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
