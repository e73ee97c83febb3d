//! Finding demo placeholders on a page and mounting a demo into each.
//!
//! A page marks places with `<div data-kubevol-demo="csi" data-lang="ja">`. Each gets its own
//! reactive owner and therefore its own state; a malformed placeholder gets a visible message in its
//! place and never stops the others from mounting.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

use crate::i18n::{self, Lang};

/// Marks a placeholder we already mounted into, so a second scan never mounts twice; web/kubevol.js
/// reads it too, to find the placeholders still waiting.
const MOUNTED_ATTR: &str = "data-kubevol-mounted";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DemoKind {
    Csi,
    StatefulSet,
    Topology,
}

impl DemoKind {
    pub const NAMES: &'static [&'static str] = &["csi", "statefulset", "topology"];

    pub fn code(self) -> &'static str {
        Self::NAMES[self as usize]
    }

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

/// The demos one wasm module carries. A chapter's page shows one kind of demo, so each kind is also
/// built as a module of its own (`src/bin/`): the code and texts of the other kinds are then not in
/// it at all, which keeps what such a page downloads small. The gallery's module carries all three.
#[derive(Clone, Copy)]
pub struct Demos {
    csi: Option<fn(Lang) -> AnyView>,
    statefulset: Option<fn(Lang) -> AnyView>,
    topology: Option<fn(Lang) -> AnyView>,
}

impl Demos {
    pub const ALL: Demos =
        Demos { csi: Some(csi_view), statefulset: Some(statefulset_view), topology: Some(topology_view) };
    pub const CSI: Demos = Demos { csi: Some(csi_view), ..Demos::NONE };
    pub const STATEFULSET: Demos = Demos { statefulset: Some(statefulset_view), ..Demos::NONE };
    pub const TOPOLOGY: Demos = Demos { topology: Some(topology_view), ..Demos::NONE };
    /// Carries nothing; can still explain a malformed placeholder.
    pub const NONE: Demos = Demos { csi: None, statefulset: None, topology: None };

    fn view(&self, kind: DemoKind) -> Option<fn(Lang) -> AnyView> {
        match kind {
            DemoKind::Csi => self.csi,
            DemoKind::StatefulSet => self.statefulset,
            DemoKind::Topology => self.topology,
        }
    }

    pub fn carries(&self, kind: DemoKind) -> bool {
        self.view(kind).is_some()
    }
}

/// Mounts the demo `kind` in `lang` into `host`, or a clear message when the request is malformed.
/// Returns the message on error so a JavaScript caller can see it too. A well-formed request for a
/// kind this module does not carry leaves `host` untouched, for a module that does.
pub fn mount_into(demos: &Demos, host: HtmlElement, kind: Option<&str>, lang: Option<&str>) -> Result<(), String> {
    if host.has_attribute(MOUNTED_ATTR) {
        return Ok(());
    }
    let parsed = parse_placeholder(kind, lang);
    let view = match parsed {
        Ok((kind, lang)) => match demos.view(kind) {
            Some(view) => Ok((view, lang)),
            None => return Err(i18n::not_carried(kind.code())),
        },
        Err(message) => Err(message),
    };
    let _ = host.set_attribute(MOUNTED_ATTR, "");
    host.set_text_content(None); // drop the no-JavaScript fallback text
    match view {
        Ok((view, lang)) => {
            let registered = host.clone();
            leptos::mount::mount_to(host, move || {
                crate::boundary::register(registered, lang);
                view(lang)
            })
            .forget();
            Ok(())
        }
        Err(message) => {
            leptos::mount::mount_to(host, {
                let message = message.clone();
                move || error_view(message)
            })
            .forget();
            Err(message)
        }
    }
}

/// Mounts into every placeholder on the page that is not mounted yet and that this module can
/// serve: the kinds it carries, and malformed ones, which get their message.
pub fn mount_all(demos: &Demos) {
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
        if let Ok((kind, _)) = parse_placeholder(kind.as_deref(), lang.as_deref()) {
            if !demos.carries(kind) {
                continue; // the loader brings the module that carries it
            }
        }
        if let Err(message) = mount_into(demos, host, kind.as_deref(), lang.as_deref()) {
            web_sys::console::warn_1(&message.into());
        }
    }
}

fn csi_view(lang: Lang) -> AnyView {
    view! { <crate::csi::CsiDemo lang=lang/> }.into_any()
}

fn statefulset_view(lang: Lang) -> AnyView {
    view! { <crate::statefulset::StatefulSetDemo lang=lang/> }.into_any()
}

fn topology_view(lang: Lang) -> AnyView {
    view! { <crate::topology::TopologyDemo lang=lang/> }.into_any()
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
