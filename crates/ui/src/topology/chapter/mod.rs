//! The book's topology chapter, the face the demo shows at `data-preset="spread"`: six nodes in
//! three zones with the pods already placed, the spread constraint's own settings, buttons that
//! lose a zone or a node, and a read-out of what survives. Any change places the pods again.

pub mod present;
pub mod text;

use kubevol_sim::topology::{Action, Chapter, SpreadKey, State, WhenUnsatisfiable};
use leptos::prelude::*;

use super::{act, picture, Face, Folded, Scenario, Shown};
use crate::demo::{inside_demo, use_demo, use_lang};
use crate::markup::Kept;
use crate::topology::present::{MAX_SKEWS, POD_COUNTS};
use crate::widgets::{as_is, click, number, setting, text, tr};

pub static FOLDED: Folded = Folded { simplified: text::SIMPLIFIED };

pub static FACE: Face = Face {
    settings: |shown| Some(settings(shown)),
    read_out: || Some(view! { <Survival/> }.into_any()),
    badge: |s, scenario, lang| text::badge(s, scenario.chapter(), lang),
    tone: |session, scenario| present::tone(session, scenario.chapter()),
    verdict: |session, scenario, lang| text::verdict(session, scenario.chapter(), lang),
    legend: text::LEGEND,
    free_controls: false,
    lose_zone: Some(lose_zone),
    lose_node: Some(|node| act("fail-node", Some(node.clone()), None, text::LOSE_NODE, Action::FailNode { node })),
    worst_zone: Some(present::worst_zone),
    // The chapter places every pod until a loss: with none Pending it says nothing there.
    quiet_pending: true,
};

/// The book's chapter with one setting changed: the pods are placed again.
fn rechapter(shown: Shown, change: impl Fn(&mut Chapter)) {
    let mut c = shown.scenario.get_untracked().chapter();
    change(&mut c);
    shown.restart(Scenario::Chapter(c));
}

/// The chapter's own settings. A memo, so switching between them does not rebuild the controls
/// (and the focused button stays).
fn settings(shown: Shown) -> AnyView {
    let chapter = Memo::new(move |_| shown.scenario.get().chapter());
    view! {
        <div class="kv-controls" data-state="chapter-controls">
            {number(text::MAX_SKEW, "max-skew", &MAX_SKEWS, move || chapter.get().max_skew,
                move |n| rechapter(shown, |c| c.max_skew = n))}
            {number(text::PODS, "pods", &POD_COUNTS, move || chapter.get().pods,
                move |n| rechapter(shown, |c| c.pods = n))}
            {setting(text::KEY, "key", text::key, move || chapter.get().key,
                move |key: SpreadKey| rechapter(shown, |c| c.key = key))}
            {setting(text::WHEN, "when", as_is::<WhenUnsatisfiable>, move || chapter.get().when,
                move |when| rechapter(shown, |c| c.when = when))}
        </div>
    }
    .into_any()
}

/// The button that makes a whole zone fail.
fn lose_zone(zone: String) -> AnyView {
    let (lang, dispatch) = (use_lang(), use_demo::<State>().dispatch);
    let label = format!("{} {zone}", text::LOSE_ZONE.get(lang.get()));
    view! {
        <button class="kv-danger" data-action="fail-zone" data-zone=zone.clone() aria-label=label
            on:click=click(move || dispatch.run(Action::FailZone { zone: zone.clone() }))>
            {text::LOSE_ZONE.get(lang.get())}
        </button>
    }
    .into_any()
}

/// The chapter's read-out: the skew per key, and what losing the worst node or zone would leave,
/// drawn as the book's demo draws it: a bar of the running pods with the survivors filled. Below
/// them the book's comparison: the same pods in one zone, all lost with it.
#[component]
fn Survival() -> impl IntoView {
    let (lang, demo, shown) = (use_lang(), use_demo::<State>(), inside_demo::<Shown>());
    let survival = Memo::new(move |_| demo.with(|s| present::survival(&s.state)));
    let pods = Memo::new(move |_| shown.scenario.get().chapter().pods as usize);
    let bars = text(move || demo.with(|s| picture::bars(&s.state, lang.get())));
    let loss = move |zone: bool, state: &'static str| {
        let counts = move || {
            let s = survival.get();
            let l = if zone { s.zone_loss } else { s.node_loss };
            l.map(|l| (l.survivors, l.of, l.domain))
        };
        view! {
            <div class="kv-loss">
                {bar(Signal::derive(move || counts().map_or((0, 0), |(kept, of, _)| (kept, of))))}
                <span data-state=state>{text(move || match counts() {
                    Some((kept, of, domain)) => text::loss_line(lang.get(), zone, Some(&domain), kept, of),
                    // No domain left to lose: nothing runs, so nothing survives.
                    None => text::loss_line(lang.get(), zone, None, 0, 0),
                })}</span>
            </div>
        }
    };
    view! {
        <section class="kv-survival" data-state="survivors">
            <svg class="kv-bars" role="img" width="156" height="60" inner_html=Kept(bars)></svg>
            <p class="kv-h">
                {tr(text::SURVIVORS)}" ・ "
                <span data-state="skew">{text(move || {
                    let s = survival.get();
                    text::skew_line(lang.get(), s.zone_skew, s.node_skew)
                })}</span>
            </p>
            {loss(false, "node-loss")}
            {loss(true, "zone-loss")}
            <div class="kv-loss">
                {bar(Signal::derive(move || (0, pods.get())))}
                <span data-state="packed-loss">{text(move || text::packed_line(lang.get(), pods.get()))}</span>
            </div>
        </section>
    }
}

/// `kept` of `of` as a row of slots, the kept ones filled: the book's bar. Its numbers are in the
/// text beside it, so the bar itself is hidden from screen readers. Markup kept in place
/// (`markup.rs`): a loss changes the slots' classes; as a view per slot, each change built every
/// slot of the three bars again.
fn bar(counts: Signal<(usize, usize)>) -> impl IntoView {
    let slots = text(move || {
        let (kept, of) = counts.get();
        (0..of).map(|i| if i < kept { "<span class=\"kv-kept\"></span>" } else { "<span></span>" }).collect()
    });
    view! { <span class="kv-bar" aria-hidden="true" inner_html=Kept(slots)></span> }
}
