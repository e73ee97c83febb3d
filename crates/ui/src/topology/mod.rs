//! The topology demo, "区画とボリューム": where pods and volumes land on the three-node cluster of
//! seed 004, and the scheduler's own FailedScheduling message when they cannot, all decided by
//! `kubevol_sim::topology`.

pub mod present;

use kubevol_sim::topology::{Action, AllowedZones, Binding, Custom, PodManagementPolicy, Preset, TaintsPolicy};
use leptos::prelude::*;

use crate::i18n::{self, Lang, Msg};
use crate::shell::Shell;
use crate::widgets::{click, dispatcher, flag, text, tr, Choice, Legend, Line, Lines, Log, Verdict};
use present::{Scenario, TopoSession, CHAPTER_CODE};

const REPLICAS: [&str; 6] = ["1", "2", "3", "4", "5", "6"];

#[component]
pub fn TopologyDemo(
    lang: Lang,
    /// The page's `data-preset`: an article scenario's code, or "spread" for the book's chapter.
    #[prop(default = None)]
    preset: Option<String>,
) -> impl IntoView {
    let first = preset.as_deref().map_or(Some(Scenario::Preset(Preset::SpreadTrap)), Scenario::from_code);
    let notice = match (&preset, first) {
        (Some(code), None) => Some(i18n::unknown_preset(lang, code, &Scenario::codes())),
        _ => None,
    };
    let first = first.unwrap_or(Scenario::Preset(Preset::SpreadTrap));
    let lang = RwSignal::new(lang);
    let scenario = RwSignal::new(first);
    let session = RwSignal::new(present::start(first));
    let dispatch = dispatcher(session);
    let restart = move |next: Scenario| {
        scenario.set(next);
        session.set(present::start(next));
    };
    // Any free control switches to the custom scenario, starting from what the controls show.
    let tweak = move |change: &dyn Fn(&mut Custom)| {
        let mut c = scenario.get_untracked().custom();
        change(&mut c);
        restart(Scenario::Custom(c));
    };
    let custom = Memo::new(move |_| scenario.get().custom());
    // The book's chapter: its own controls, losses and read-out; any change places the pods again.
    let chapter = move || match scenario.get() {
        Scenario::Chapter(c) => Some(c),
        _ => None,
    };
    // A memo, so switching between the chapter's own settings does not rebuild its controls (and
    // the focused button stays).
    let in_chapter = Memo::new(move |_| chapter().is_some());

    let badge = Signal::derive(move || {
        session.with(|s| match chapter() {
            Some(c) => present::chapter_badge(&s.state, c, lang.get()),
            None => present::badge(&s.state, lang.get()),
        })
    });
    let tone = Signal::derive(move || {
        session.with(|s| match chapter() {
            Some(c) => present::chapter_tone(s, c),
            None => present::tone(s),
        })
    });
    let title = Signal::derive(tr(lang, i18n::topo::TITLE));
    let mut presets: Vec<(&'static str, Msg)> =
        Preset::ALL.iter().map(|p| (p.code(), i18n::topo::preset_label(p.code()))).collect();
    presets.push((CHAPTER_CODE, i18n::chapter::PRESET));
    presets.push(("custom", i18n::topo::CUSTOM));
    let chapter_controls = move || {
        in_chapter.get().then(|| {
            view! {
                <div class="kv-controls kv-free" data-state="chapter-controls">
                    <span class="kv-muted kv-free-title">{tr(lang, i18n::chapter::CONTROLS)}</span>
                    {present::CHAPTER_CHOICES
                        .into_iter()
                        .map(|(action, values)| view! {
                            <Choice lang=lang label=i18n::chapter::label(action) action=action
                                options=values.iter().map(|v| (*v, i18n::chapter::value(v))).collect()
                                selected=Signal::derive(move || present::chapter_value(scenario.get().chapter(), action))
                                on_choose=Callback::new(move |v: &'static str| {
                                    restart(Scenario::Chapter(present::chapter_with(scenario.get_untracked().chapter(), action, v)))
                                })
                            />
                        })
                        .collect_view()}
                </div>
            }
        })
    };

    view! {
            <Shell kind="topology" lang=lang title=title badge=badge tone=tone notice=notice>
                <div class="kv-controls">
                    <Choice
                        lang=lang
                        label=i18n::topo::SCENARIO
                        action="preset"
                        options=presets
                        selected=Signal::derive(move || scenario.get().code())
                        on_choose=Callback::new(move |code: &'static str| {
                            match Scenario::from_code(code) {
                                Some(next) => restart(next),
                                None => restart(Scenario::Custom(scenario.get_untracked().custom())),
                            }
                        })
                    />
                </div>
                {chapter_controls}
                <div class="kv-controls kv-free" hidden=flag(move || in_chapter.get()) class:kv-inactive=move || !matches!(scenario.get(), Scenario::Custom(_))>
                    <span class="kv-muted kv-free-title">{tr(lang, i18n::topo::FREE)}</span>
                    <Choice lang=lang label=i18n::topo::BINDING action="binding"
                        options=vec![("Immediate", Msg::same("Immediate")), ("WaitForFirstConsumer", Msg::same("WaitForFirstConsumer"))]
                        selected=Signal::derive(move || if custom.get().binding == Binding::Immediate { "Immediate" } else { "WaitForFirstConsumer" })
                        on_choose=Callback::new(move |v: &'static str| {
                            let b = if v == "Immediate" { Binding::Immediate } else { Binding::WaitForFirstConsumer };
                            tweak(&|c| c.binding = b)
                        })
                    />
                    <Choice lang=lang label=i18n::topo::ALLOWED action="allowed"
                        options=vec![("both", i18n::topo::BOTH), ("room1", Msg::same("room1")), ("room2", Msg::same("room2"))]
                        selected=Signal::derive(move || match custom.get().allowed {
                            AllowedZones::Both => "both",
                            AllowedZones::Room1 => "room1",
                            AllowedZones::Room2 => "room2",
                        })
                        on_choose=Callback::new(move |v: &'static str| {
                            let a = match v { "room1" => AllowedZones::Room1, "room2" => AllowedZones::Room2, _ => AllowedZones::Both };
                            tweak(&|c| c.allowed = a)
                        })
                    />
                    <Choice lang=lang label=i18n::topo::REPLICAS action="replicas"
                        options=REPLICAS.iter().map(|r| (*r, Msg::same(r))).collect()
                        selected=Signal::derive(move || REPLICAS.get(custom.get().replicas as usize - 1).copied().unwrap_or("6"))
                        on_choose=Callback::new(move |v: &'static str| {
                            let n = v.parse().unwrap_or(6);
                            tweak(&|c| c.replicas = n)
                        })
                    />
                    <Choice lang=lang label=i18n::topo::POLICY action="policy"
                        options=vec![("OrderedReady", Msg::same("OrderedReady")), ("Parallel", Msg::same("Parallel"))]
                        selected=Signal::derive(move || if custom.get().policy == PodManagementPolicy::Parallel { "Parallel" } else { "OrderedReady" })
                        on_choose=Callback::new(move |v: &'static str| {
                            let p = if v == "Parallel" { PodManagementPolicy::Parallel } else { PodManagementPolicy::OrderedReady };
                            tweak(&|c| c.policy = p)
                        })
                    />
                    <Choice lang=lang label=i18n::topo::SPREAD action="spread"
                        options=vec![("off", i18n::topo::OFF), ("on", i18n::topo::ON)]
                        selected=Signal::derive(move || if custom.get().spread { "on" } else { "off" })
                        on_choose=Callback::new(move |v: &'static str| tweak(&|c| c.spread = v == "on"))
                    />
                    <Choice lang=lang label=i18n::topo::SELECTOR action="selector"
                        options=vec![("off", i18n::topo::OFF), ("on", i18n::topo::ON)]
                        selected=Signal::derive(move || if custom.get().node_selector { "on" } else { "off" })
                        on_choose=Callback::new(move |v: &'static str| tweak(&|c| c.node_selector = v == "on"))
                    />
                    <Choice lang=lang label=i18n::topo::TAINTS action="taints"
                        options=vec![("Ignore", Msg::same("Ignore")), ("Honor", Msg::same("Honor"))]
                        selected=Signal::derive(move || if custom.get().taints_policy == TaintsPolicy::Honor { "Honor" } else { "Ignore" })
                        on_choose=Callback::new(move |v: &'static str| {
                            let t = if v == "Honor" { TaintsPolicy::Honor } else { TaintsPolicy::Ignore };
                            tweak(&|c| c.taints_policy = t)
                        })
                    />
                </div>
                <div class="kv-controls">
                    <button data-action="step" on:click=click(move || dispatch.run(Action::Step))>{tr(lang, i18n::topo::STEP)}</button>
                    <button data-action="run" on:click=click(move || dispatch.run(Action::Run { max: 100 }))>{tr(lang, i18n::topo::RUN)}</button>
                    <span class="kv-step" data-state="step">{move || session.with(|s| i18n::sts::step_counter(s.state.now))}</span>
                    <button class="kv-reset" data-action="reset" on:click=click(move || restart(scenario.get_untracked()))>{tr(lang, i18n::RESET)}</button>
                </div>
                <Zones session=session lang=lang losses=in_chapter dispatch=dispatch/>
                {move || in_chapter.get().then(|| view! { <Survival session=session lang=lang/> })}
                <Pending session=session lang=lang/>
                <Verdict
                    text=Signal::derive(move || session.with(|s| match chapter() {
                        Some(c) => present::chapter_verdict(s, c, lang.get()),
                        None => present::verdict(s, lang.get()),
                    }))
                    refused=Signal::derive(move || session.with(|s| s.last_refusal().is_some()))
                />
                <Log lang=lang lines=Signal::derive(move || session.with(|s| s.log_lines(lang.get())))/>
                {move || if in_chapter.get() {
                    view! { <Legend lang=lang legend=i18n::chapter::LEGEND simplified=i18n::chapter::SIMPLIFIED/> }.into_any()
                } else {
                    view! { <Legend lang=lang legend=i18n::topo::LEGEND simplified=i18n::topo::SIMPLIFIED/> }.into_any()
                }}
            </Shell>
    }
}

/// The chapter's read-out: the skew per key, and what losing the worst node or zone would leave.
#[component]
fn Survival(session: RwSignal<TopoSession>, lang: RwSignal<Lang>) -> impl IntoView {
    let survival = move || session.with(|s| present::survival(&s.state));
    let loss = move |zone: bool| {
        text(move || {
            let s = survival();
            match if zone { s.zone_loss } else { s.node_loss } {
                Some(l) => i18n::chapter::loss_line(lang.get(), zone, &l.domain, l.survivors, l.of),
                None => String::new(),
            }
        })
    };
    view! {
        <section class="kv-survival" data-state="survivors">
            <p class="kv-h">{tr(lang, i18n::chapter::SURVIVORS)}</p>
            <p data-state="skew">{text(move || {
                let s = survival();
                i18n::chapter::skew_line(lang.get(), s.zone_skew, s.node_skew)
            })}</p>
            <p data-state="node-loss">{loss(false)}</p>
            <p data-state="zone-loss">{loss(true)}</p>
        </section>
    }
}

/// The cluster, one column per zone: its nodes with their pods, and the volumes created there.
/// With `losses` (the book's chapter), each zone and node has a button that makes it fail.
#[component]
fn Zones(
    session: RwSignal<TopoSession>,
    lang: RwSignal<Lang>,
    #[prop(into)] losses: Signal<bool>,
    dispatch: Callback<Action>,
) -> impl IntoView {
    let zones = Memo::new(move |_| session.with(|s| present::zones(&s.state)));
    view! {
        <div class="kv-zones" data-state="zones">
            {move || {
                // A cluster without any StorageClass (the book's chapter) has no volume row.
                let storage_less = session.with(|s| s.state.classes.is_empty());
                zones
                    .get()
                    .into_iter()
                    .map(|z| {
                        let code = z.zone.clone().unwrap_or_default();
                        let heading = match &z.zone {
                            Some(name) => format!("{} {name}", i18n::topo::ZONE.get(lang.get())),
                            None => i18n::topo::NO_ZONE.get(lang.get()).to_string(),
                        };
                        let fail_zone = losses.get().then(|| {
                            let zone = code.clone();
                            let label = format!("{} {zone}", i18n::chapter::LOSE_ZONE.get(lang.get()));
                            view! {
                                <button class="kv-danger" data-action="fail-zone" data-zone=zone.clone()
                                    on:click=click(move || dispatch.run(Action::FailZone { zone: zone.clone() }))>
                                    {label}
                                </button>
                            }
                        });
                        view! {
                            <section class="kv-zone" data-zone=code>
                                <p class="kv-h">{heading}</p>
                                {fail_zone}
                                {(!z.storage).then(|| view! { <span class="kv-tag">{i18n::topo::NO_STORAGE.get(lang.get())}</span> })}
                                {z.nodes.into_iter().map(|n| { let hook = n.name.clone(); let fail_node = (losses.get() && !n.down).then(|| {
                                    let node = n.name.clone();
                                    let label = format!("{} {node}", i18n::chapter::LOSE_NODE.get(lang.get()));
                                    view! {
                                        <button class="kv-danger" data-action="fail-node" data-node=node.clone() aria-label=label
                                            on:click=click(move || dispatch.run(Action::FailNode { node: node.clone() }))>
                                            {i18n::chapter::LOSE_NODE.get(lang.get())}
                                        </button>
                                    }
                                }); view! {
                                    <div class="kv-node" data-node=hook class:kv-down=n.tainted>
                                        <strong>{n.name}</strong>
                                        {n.down.then(|| view! { <span class="kv-tag kv-tag-ng" data-state="lost">{i18n::chapter::LOST.get(lang.get())}</span> })}
                                        {(n.tainted && !n.down).then(|| view! { <span class="kv-tag kv-tag-ng">{i18n::topo::TAINTED.get(lang.get())}</span> })}
                                        {fail_node}
                                        {n.labels.into_iter().map(|l| view! { <span class="kv-tag">{l}</span> }).collect_view()}
                                        <div class="kv-chips">
                                            {if n.pods.is_empty() {
                                                view! { <span class="kv-muted">{i18n::topo::NO_PODS.get(lang.get())}</span> }.into_any()
                                            } else {
                                                n.pods.into_iter().map(|p| { let hook = p.clone(); view! { <span class="kv-chip" data-pod=hook>{p}</span> } }).collect_view().into_any()
                                            }}
                                        </div>
                                    </div>
                                }}).collect_view()}
                                <div class="kv-chips kv-pvs" hidden=storage_less>
                                    {if z.volumes.is_empty() {
                                        view! { <span class="kv-muted">{i18n::topo::NO_VOLUMES.get(lang.get())}</span> }.into_any()
                                    } else {
                                        z.volumes.into_iter().map(|(pv, claim)| {
                                            let text = format!("{pv} ← {claim}");
                                            view! { <span class="kv-chip kv-pv" data-pv=pv>{text}</span> }
                                        }).collect_view().into_any()
                                    }}
                                </div>
                            </section>
                        }
                    })
                    .collect_view()
            }}
        </div>
    }
}

/// Pending pods and the scheduler's message for each, word for word; then the claims.
#[component]
fn Pending(session: RwSignal<TopoSession>, lang: RwSignal<Lang>) -> impl IntoView {
    let pending = Signal::derive(move || {
        let lines = session.with(|s| present::pending(&s.state)).into_iter().map(|(pod, message)| {
            let message = message.unwrap_or_else(|| i18n::topo::NOT_YET.get(lang.get()).to_string());
            Line { text: format!("{pod}: {message}"), class: "", pod: Some(pod) }
        });
        Line::or_none(lines.collect(), i18n::topo::NO_PENDING.get(lang.get()))
    });
    let claims = Signal::derive(move || {
        let lines = session.with(|s| present::pvcs(&s.state, lang.get())).into_iter().map(|c| {
            let note = [c.selected_node.map(|n| format!("selected-node: {n}")), c.event]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>();
            let note = if note.is_empty() { String::new() } else { format!(" ({})", note.join(" · ")) };
            Line::plain(format!("{}: {}{note}", c.name, c.status))
        });
        Line::or_none(lines.collect(), i18n::topo::NO_PVCS.get(lang.get()))
    });
    view! {
        <p class="kv-h">{tr(lang, i18n::topo::PENDING)}</p>
        <Lines lines=pending class="kv-mono" state="pending"/>
        <div hidden=flag(move || session.with(|s| s.state.classes.is_empty()))>
            <p class="kv-h">{tr(lang, i18n::topo::PVCS)}</p>
            <Lines lines=claims class="kv-mono" state="pvcs"/>
        </div>
    }
}
