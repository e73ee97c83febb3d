//! Finding demo placeholders on a page and mounting a demo into each.
//!
//! A page marks places with `<div data-kubevol-demo="csi" data-lang="ja">`. Each gets its own
//! reactive owner and therefore its own state; a malformed placeholder gets a visible message in its
//! place and never stops the others from mounting.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

use crate::i18n::{self, Lang};

/// Marks a placeholder we already mounted into, so a second scan never mounts twice.
const MOUNTED_ATTR: &str = "data-kubevol-mounted";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DemoKind {
    Csi,
    StatefulSet,
    Topology,
}

impl DemoKind {
    pub const NAMES: &'static [&'static str] = &["csi", "statefulset", "topology"];

    pub fn from_code(code: &str) -> Option<DemoKind> {
        match code {
            "csi" => Some(DemoKind::Csi),
            "statefulset" => Some(DemoKind::StatefulSet),
            "topology" => Some(DemoKind::Topology),
            _ => None,
        }
    }
}

/// What a placeholder's attributes ask for, or the message that explains why they make no sense.
pub fn parse_placeholder(kind: Option<&str>, lang: Option<&str>) -> Result<(DemoKind, Lang), String> {
    let kind_code = kind.unwrap_or("").trim();
    let kind = DemoKind::from_code(kind_code).ok_or_else(|| i18n::unknown_demo(kind_code))?;
    let lang = match lang.map(str::trim) {
        None | Some("") => Lang::Ja,
        Some(code) => Lang::from_code(code).ok_or_else(|| i18n::unknown_lang(code))?,
    };
    Ok((kind, lang))
}

/// Mounts the demo `kind` in `lang` into `host`, or a clear message when the request is malformed.
/// Returns the message on error so a JavaScript caller can see it too.
pub fn mount_into(host: HtmlElement, kind: Option<&str>, lang: Option<&str>) -> Result<(), String> {
    if host.has_attribute(MOUNTED_ATTR) {
        return Ok(());
    }
    let _ = host.set_attribute(MOUNTED_ATTR, "");
    host.set_text_content(None); // drop the no-JavaScript fallback text
    let parsed = parse_placeholder(kind, lang);
    match parsed.clone() {
        Ok((kind, lang)) => {
            let registered = host.clone();
            leptos::mount::mount_to(host, move || {
                crate::boundary::register(registered, lang);
                demo_view(kind, lang)
            })
            .forget()
        }
        Err(message) => leptos::mount::mount_to(host, move || error_view(message)).forget(),
    }
    parsed.map(|_| ())
}

/// Mounts every placeholder on the page that is not mounted yet.
pub fn mount_all() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(found) = document.query_selector_all("[data-kubevol-demo]") else {
        return;
    };
    for i in 0..found.length() {
        let Some(host) = found.item(i).and_then(|n| n.dyn_into::<HtmlElement>().ok()) else {
            continue;
        };
        let kind = host.get_attribute("data-kubevol-demo");
        let lang = host.get_attribute("data-lang");
        if let Err(message) = mount_into(host, kind.as_deref(), lang.as_deref()) {
            web_sys::console::warn_1(&message.into());
        }
    }
}

fn demo_view(kind: DemoKind, lang: Lang) -> AnyView {
    match kind {
        DemoKind::Csi => view! { <crate::csi::CsiDemo lang=lang/> }.into_any(),
        DemoKind::StatefulSet => view! { <crate::statefulset::StatefulSetDemo lang=lang/> }.into_any(),
        DemoKind::Topology => view! { <crate::topology::TopologyDemo lang=lang/> }.into_any(),
    }
}

fn error_view(message: String) -> AnyView {
    view! { <div class="kv kv-error" role="alert">{message}</div> }.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_parsed_strictly() {
        assert_eq!(parse_placeholder(Some("csi"), None), Ok((DemoKind::Csi, Lang::Ja)));
        assert_eq!(parse_placeholder(Some(" csi "), Some("en")), Ok((DemoKind::Csi, Lang::En)));
        let err = parse_placeholder(Some("cis"), Some("en")).unwrap_err();
        assert!(err.contains("unknown demo \"cis\""), "{err}");
        let err = parse_placeholder(Some("csi"), Some("fr")).unwrap_err();
        assert!(err.contains("unknown language \"fr\""), "{err}");
        assert!(parse_placeholder(None, None).is_err());
    }
}
