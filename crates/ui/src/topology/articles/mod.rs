//! The articles' scenarios, the face the demo shows at every other `data-preset`: seed 004's
//! clusters as each article sets them up, stepped by hand, and the free controls that build one's
//! own.

pub mod present;
pub mod text;

use kubevol_sim::topology::{AllowedZones, Binding, Custom, PodManagementPolicy, State, TaintsPolicy};
use leptos::prelude::*;

use super::{picture, Face, Folded, Scenario, Shown};
use crate::demo::{use_demo, use_lang};
use crate::lang::switch;
use crate::markup::Kept;
use crate::topology::present::REPLICAS;
use crate::widgets::{as_is, flag, number, setting, text, tr};

pub static FOLDED: Folded = Folded { simplified: text::SIMPLIFIED };

pub static FACE: Face = Face {
    settings: |_| None,
    read_out: || Some(map()),
    badge: |s, _, lang| text::badge(s, lang),
    tone: |session, _| present::tone(session),
    verdict: |session, _, lang| text::verdict(session, lang),
    legend: text::LEGEND,
    free_controls: true,
    lose_zone: None,
    lose_node: None,
    worst_zone: None,
    quiet_pending: false,
};

/// The cluster as a map under the zones' cards (`picture::cluster`), drawn from the session.
fn map() -> AnyView {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    let markup = text(move || demo.with(|s| picture::cluster(&s.state, lang.get())));
    view! { <div class="kv-map-box" data-state="map" inner_html=Kept(markup)></div> }.into_any()
}

/// Any free control switches to the custom scenario, starting from what the controls show.
fn tweak(shown: Shown, change: impl Fn(&mut Custom)) {
    let mut c = shown.scenario.get_untracked().custom();
    change(&mut c);
    shown.restart(Scenario::Custom(c));
}

/// The free controls under the scenario control: one StatefulSet's settings on the articles'
/// cluster. The chapter's cluster is another, so there they are hidden.
pub fn free_controls(shown: Shown) -> impl IntoView {
    let scenario = shown.scenario;
    let custom = Memo::new(move |_| scenario.get().custom());
    view! {
        <div class="kv-controls kv-free" hidden=flag(move || !shown.face().free_controls)
            class:kv-inactive=move || !matches!(scenario.get(), Scenario::Custom(_))>
            <span class="kv-muted kv-free-title">{tr(text::FREE)}</span>
            {setting(text::BINDING, "binding", as_is::<Binding>, move || custom.get().binding,
                move |b| tweak(shown, |c| c.binding = b))}
            {setting(text::ALLOWED, "allowed", text::allowed, move || custom.get().allowed,
                move |a: AllowedZones| tweak(shown, |c| c.allowed = a))}
            {number(text::REPLICAS, "replicas", &REPLICAS, move || custom.get().replicas,
                move |n| tweak(shown, |c| c.replicas = n))}
            {setting(text::POLICY, "policy", as_is::<PodManagementPolicy>, move || custom.get().policy,
                move |p| tweak(shown, |c| c.policy = p))}
            {setting(text::SPREAD, "spread", switch, move || custom.get().spread,
                move |on| tweak(shown, |c| c.spread = on))}
            {setting(text::SELECTOR, "selector", switch, move || custom.get().node_selector,
                move |on| tweak(shown, |c| c.node_selector = on))}
            {setting(text::TAINTS, "taints", as_is::<TaintsPolicy>, move || custom.get().taints_policy,
                move |t| tweak(shown, |c| c.taints_policy = t))}
        </div>
    }
}
