//! The topology demo, "区画とボリューム": where pods and volumes land on the three-node cluster of
//! seed 004, and the scheduler's own FailedScheduling message when they cannot, all decided by
//! `kubevol_sim::topology`. The book's topology chapter is one of its scenarios (`data-preset="spread"`).
//!
//! `present.rs` says what the state means, `text.rs` how it reads; the components here lay it out.

pub mod present;
pub mod text;

use kubevol_sim::kubectl::Kind;
use kubevol_sim::topology::{
    Action, AllowedZones, Binding, Chapter, Custom, PodManagementPolicy, Preset, SpreadKey, State, TaintsPolicy,
    WhenUnsatisfiable,
};
use leptos::prelude::*;

use crate::demo::{self, use_demo, use_lang, DemoKind, Place};
use crate::lang::{self, step_counter, switch, unknown_preset, Lang};
use crate::shell::Shell;
use crate::widgets::{as_is, click, flag, number, rows, setting, text, tr, Choice, Legend, Line, Lines, Verdict};
use present::{Pick, Scenario, MAX_SKEWS, POD_COUNTS, REPLICAS};

/// The scenario on show, for the components that draw differently in the book's chapter.
#[derive(Clone, Copy)]
struct Shown(RwSignal<Scenario>);

impl Shown {
    fn chapter(self) -> Option<Chapter> {
        match self.0.get() {
            Scenario::Chapter(c) => Some(c),
            _ => None,
        }
    }
}

#[component]
pub fn TopologyDemo(
    lang: Lang,
    /// Its place on the page; the `data-preset` there is an article scenario's code, or "spread"
    /// for the book's chapter.
    #[prop(default = Place::default())]
    place: Place,
) -> impl IntoView {
    let preset = place.preset.clone();
    let first = preset.as_deref().map_or(Some(Scenario::Preset(Preset::SpreadTrap)), Scenario::from_code);
    let notice = match (&preset, first) {
        (Some(code), None) => Some(unknown_preset(lang, code, Some(&Scenario::codes()))),
        _ => None,
    };
    let first = first.unwrap_or(Scenario::Preset(Preset::SpreadTrap));
    let (first, session, bad_link) = demo::restore(&place, lang, first, present::OFFERED, present::start);
    let notice = bad_link.or(notice);
    let (lang, demo) = demo::provide::<State>(lang, session);
    let (session, dispatch) = (demo.session, demo.dispatch);
    let scenario = RwSignal::new(first);
    let shown = Shown(scenario);
    provide_context(shown);
    let restart = move |next: Scenario| {
        scenario.set(next);
        demo.restart(present::start(next));
    };
    // Any free control switches to the custom scenario, starting from what the controls show.
    let tweak = move |change: &dyn Fn(&mut Custom)| {
        let mut c = scenario.get_untracked().custom();
        change(&mut c);
        restart(Scenario::Custom(c));
    };
    let custom = Memo::new(move |_| scenario.get().custom());
    // The book's chapter has its own controls, losses and read-out; any change places the pods
    // again. A memo, so switching between the chapter's own settings does not rebuild its
    // controls (and the focused button stays).
    let in_chapter = Memo::new(move |_| shown.chapter().is_some());
    let rechapter = move |change: &dyn Fn(&mut Chapter)| {
        let mut c = scenario.get_untracked().chapter();
        change(&mut c);
        restart(Scenario::Chapter(c));
    };
    let chapter = Memo::new(move |_| scenario.get().chapter());

    let badge = Signal::derive(move || {
        session.with(|s| match shown.chapter() {
            Some(c) => text::chapter::badge(&s.state, c, lang.get()),
            None => text::badge(&s.state, lang.get()),
        })
    });
    let tone = Signal::derive(move || {
        session.with(|s| match shown.chapter() {
            Some(c) => present::chapter_tone(s, c),
            None => present::tone(s),
        })
    });
    let picks = Pick::all();
    let chapter_controls = move || {
        in_chapter.get().then(|| {
            view! {
                <div class="kv-controls kv-free" data-state="chapter-controls">
                    <span class="kv-muted kv-free-title">{tr(text::chapter::CONTROLS)}</span>
                    {number(text::chapter::MAX_SKEW, "max-skew", &MAX_SKEWS, move || chapter.get().max_skew,
                        move |n| rechapter(&|c| c.max_skew = n))}
                    {number(text::chapter::PODS, "pods", &POD_COUNTS, move || chapter.get().pods,
                        move |n| rechapter(&|c| c.pods = n))}
                    {setting(text::chapter::KEY, "key", text::chapter::key, move || chapter.get().key,
                        move |key: SpreadKey| rechapter(&|c| c.key = key))}
                    {setting(text::chapter::WHEN, "when", as_is::<WhenUnsatisfiable>, move || chapter.get().when,
                        move |when| rechapter(&|c| c.when = when))}
                </div>
            }
        })
    };

    view! {
            <Shell kind=DemoKind::Topology title=text::TITLE badge=badge tone=tone notice=notice>
                <div class="kv-controls">
                    <Choice
                        label=text::SCENARIO
                        action="preset"
                        options=picks.iter().map(|p| (p.code(), text::pick(*p))).collect()
                        selected=Signal::derive({
                            let picks = picks.clone();
                            move || { let now = scenario.get().pick(); picks.iter().position(|p| *p == now) }
                        })
                        on_choose=Callback::new(move |at: usize| restart(scenario.get_untracked().picked(picks[at])))
                    />
                </div>
                {chapter_controls}
                <div class="kv-controls kv-free" hidden=flag(move || in_chapter.get()) class:kv-inactive=move || !matches!(scenario.get(), Scenario::Custom(_))>
                    <span class="kv-muted kv-free-title">{tr(text::FREE)}</span>
                    {setting(text::BINDING, "binding", as_is::<Binding>, move || custom.get().binding,
                        move |b| tweak(&|c| c.binding = b))}
                    {setting(text::ALLOWED, "allowed", text::allowed, move || custom.get().allowed,
                        move |a: AllowedZones| tweak(&|c| c.allowed = a))}
                    {number(text::REPLICAS, "replicas", &REPLICAS, move || custom.get().replicas,
                        move |n| tweak(&|c| c.replicas = n))}
                    {setting(text::POLICY, "policy", as_is::<PodManagementPolicy>, move || custom.get().policy,
                        move |p| tweak(&|c| c.policy = p))}
                    {setting(text::SPREAD, "spread", switch, move || custom.get().spread,
                        move |on| tweak(&|c| c.spread = on))}
                    {setting(text::SELECTOR, "selector", switch, move || custom.get().node_selector,
                        move |on| tweak(&|c| c.node_selector = on))}
                    {setting(text::TAINTS, "taints", as_is::<TaintsPolicy>, move || custom.get().taints_policy,
                        move |t| tweak(&|c| c.taints_policy = t))}
                </div>
                <div class="kv-controls">
                    <button data-action="step" on:click=click(move || dispatch.run(Action::Step))>{tr(text::STEP)}</button>
                    <button data-action="run" on:click=click(move || dispatch.run(Action::Run { max: 100 }))>{tr(text::RUN)}</button>
                    <span class="kv-step" data-state="step">{move || session.with(|s| step_counter(s.state.now))}</span>
                    <button class="kv-reset" data-action="reset" on:click=click(move || restart(scenario.get_untracked()))>{tr(lang::RESET)}</button>
                </div>
                <Zones/>
                {move || in_chapter.get().then(|| view! { <Survival/> })}
                <Pending/>
                <Verdict
                    text=Signal::derive(move || session.with(|s| match shown.chapter() {
                        Some(c) => text::chapter::verdict(s, c, lang.get()),
                        None => text::verdict(s, lang.get()),
                    }))
                    refused=Signal::derive(move || session.with(|s| s.last_refusal().is_some()))
                />
                {demo.log(lang, DemoKind::Topology, place.nth, move || scenario.get_untracked())}
                {demo.kubectl(&[Kind::StatefulSet, Kind::Pod, Kind::PersistentVolumeClaim, Kind::PersistentVolume])}
                {move || if in_chapter.get() {
                    view! { <Legend legend=text::chapter::LEGEND simplified=text::chapter::SIMPLIFIED/> }.into_any()
                } else {
                    view! { <Legend legend=text::LEGEND simplified=text::SIMPLIFIED/> }.into_any()
                }}
            </Shell>
    }
}

/// The chapter's read-out: the skew per key, and what losing the worst node or zone would leave.
#[component]
fn Survival() -> impl IntoView {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    // Counted again by each of the three lines below: a few pods over six nodes, where a memo of its
    // own type would cost the module more than half a kilobyte.
    let survival = move || demo.with(|s| present::survival(&s.state));
    let loss = move |zone: bool| {
        text(move || {
            let s = survival();
            match if zone { s.zone_loss } else { s.node_loss } {
                Some(l) => text::chapter::loss_line(lang.get(), zone, &l.domain, l.survivors, l.of),
                None => String::new(),
            }
        })
    };
    view! {
        <section class="kv-survival" data-state="survivors">
            <p class="kv-h">{tr(text::chapter::SURVIVORS)}</p>
            <p data-state="skew">{text(move || {
                let s = survival();
                text::chapter::skew_line(lang.get(), s.zone_skew, s.node_skew)
            })}</p>
            <p data-state="node-loss">{loss(false)}</p>
            <p data-state="zone-loss">{loss(true)}</p>
        </section>
    }
}

/// The cluster, one column per zone: its nodes with their pods, and the volumes created there.
#[component]
fn Zones() -> impl IntoView {
    let demo = use_demo::<State>();
    let zones = Memo::new(move |_| demo.with(|s| present::zone_keys(&s.state)));
    view! { <div class="kv-zones" data-state="zones">{rows(zones, zone_column)}</div> }
}

/// One zone. In the book's chapter it has a button that makes the whole zone fail.
fn zone_column(key: String) -> AnyView {
    let (lang, demo, shown) = (use_lang(), use_demo::<State>(), crate::demo::inside_demo::<Shown>());
    let dispatch = demo.dispatch;
    let zone = {
        let key = key.clone();
        Memo::new(move |_| demo.with(|s| present::zone(&s.state, &key)))
    };
    let nodes = Memo::new(move |_| zone.with(|z| z.nodes.iter().map(|n| n.name.clone()).collect::<Vec<_>>()));
    let volumes = Memo::new(move |_| zone.with(|z| z.volumes.iter().map(|(pv, _)| pv.clone()).collect::<Vec<_>>()));
    // A cluster without any StorageClass (the book's chapter) has no volume row.
    let storage_less = flag(move || demo.with(|s| s.state.classes.is_empty()));
    let fail_zone = move || {
        let zone = zone.with(|z| z.zone.clone())?;
        shown.chapter().is_some().then(|| {
            let label = format!("{} {zone}", text::chapter::LOSE_ZONE.get(lang.get()));
            view! {
                <button class="kv-danger" data-action="fail-zone" data-zone=zone.clone()
                    on:click=click(move || dispatch.run(Action::FailZone { zone: zone.clone() }))>
                    {label}
                </button>
            }
        })
    };
    view! {
        <section class="kv-zone" data-zone=key>
            <p class="kv-h">{text(move || text::zone_heading(lang.get(), zone.with(|z| z.zone.clone()).as_deref()))}</p>
            {fail_zone}
            {move || (!zone.with(|z| z.storage)).then(|| view! { <span class="kv-tag">{text::NO_STORAGE.get(lang.get())}</span> })}
            {rows(nodes, node_card)}
            <div class="kv-chips kv-pvs" hidden=storage_less>
                {move || volumes.with(Vec::is_empty).then(|| view! { <span class="kv-muted">{text::NO_VOLUMES.get(lang.get())}</span> })}
                {rows(volumes, pv_chip)}
            </div>
        </section>
    }
    .into_any()
}

/// One node and its pods. In the book's chapter a node that is up has a button that makes it fail.
/// The card is drawn again when the node changes; its pods are a keyed list of their own.
fn node_card(name: String) -> AnyView {
    let (lang, demo, shown) = (use_lang(), use_demo::<State>(), crate::demo::inside_demo::<Shown>());
    let dispatch = demo.dispatch;
    let node = {
        let name = name.clone();
        Memo::new(move |_| demo.with(|s| present::node(&s.state, &name)))
    };
    let pods = Memo::new(move |_| node.with(|n| n.as_ref().map(|n| n.pods.clone()).unwrap_or_default()));
    let card = Memo::new(move |_| node.get().map(|n| present::NodeView { pods: Vec::new(), ..n }));
    (move || {
        let n = card.get()?;
        let fail_node = (shown.chapter().is_some() && !n.down).then(|| {
            let node = n.name.clone();
            let label = format!("{} {node}", text::chapter::LOSE_NODE.get(lang.get()));
            view! {
                <button class="kv-danger" data-action="fail-node" data-node=node.clone() aria-label=label
                    on:click=click(move || dispatch.run(Action::FailNode { node: node.clone() }))>
                    {text::chapter::LOSE_NODE.get(lang.get())}
                </button>
            }
        });
        Some(view! {
            <div class="kv-node" data-node=n.name.clone() class:kv-down=n.tainted>
                <strong>{n.name.clone()}</strong>
                {n.down.then(|| view! { <span class="kv-tag kv-tag-ng" data-state="lost">{text::chapter::LOST.get(lang.get())}</span> })}
                {(n.tainted && !n.down).then(|| view! { <span class="kv-tag kv-tag-ng">{text::TAINTED.get(lang.get())}</span> })}
                {fail_node}
                {n.labels.into_iter().map(|l| view! { <span class="kv-tag">{l}</span> }).collect_view()}
                <div class="kv-chips">
                    {move || pods.with(Vec::is_empty).then(|| view! { <span class="kv-muted">{text::NO_PODS.get(lang.get())}</span> })}
                    {rows(pods, pod_chip)}
                </div>
            </div>
        })
    })
    .into_any()
}

fn pod_chip(pod: String) -> AnyView {
    let hook = pod.clone();
    view! { <span class="kv-chip" data-pod=hook>{pod}</span> }.into_any()
}

/// A volume and the claim it is bound to, which never changes while the volume exists.
fn pv_chip(pv: String) -> AnyView {
    let claim = use_demo::<State>().session.with_untracked(|s| s.state.pvs.get(&pv).map(|v| v.claim.clone()));
    let text = format!("{pv} ← {}", claim.unwrap_or_default());
    view! { <span class="kv-chip kv-pv" data-pv=pv>{text}</span> }.into_any()
}

/// Pending pods and the scheduler's message for each, word for word; then the claims.
#[component]
fn Pending() -> impl IntoView {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    let pending = Signal::derive(move || {
        let lines = demo.with(|s| present::pending(&s.state)).into_iter().map(|(pod, message)| {
            let message = message.unwrap_or_else(|| text::NOT_YET.get(lang.get()).to_string());
            Line { text: format!("{pod}: {message}"), class: "", pod: Some(pod) }
        });
        Line::or_none(lines.collect(), text::NO_PENDING.get(lang.get()))
    });
    let claims = Signal::derive(move || {
        let lines = demo.with(|s| present::pvcs(&s.state)).into_iter().map(|c| {
            let status = text::pvc_status(lang.get(), c.volume.as_deref(), c.zone.as_deref());
            let note = [c.selected_node.map(|n| format!("selected-node: {n}")), c.event]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>();
            let note = if note.is_empty() { String::new() } else { format!(" ({})", note.join(" · ")) };
            Line::plain(format!("{}: {status}{note}", c.name))
        });
        Line::or_none(lines.collect(), text::NO_PVCS.get(lang.get()))
    });
    view! {
        <p class="kv-h">{tr(text::PENDING)}</p>
        <Lines lines=pending class="kv-mono" state="pending"/>
        <div hidden=flag(move || demo.with(|s| s.state.classes.is_empty()))>
            <p class="kv-h">{tr(text::PVCS)}</p>
            <Lines lines=claims class="kv-mono" state="pvcs"/>
        </div>
    }
}
