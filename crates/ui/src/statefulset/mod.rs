//! The StatefulSet demo: ordered start-up with a step counter, PVCs that outlive pods, and what the
//! chapter simplified away (Parallel, retention policy, DNS names, play/pause), all decided by
//! `kubevol_sim::statefulset`.

pub mod present;

use kubevol_sim::statefulset::{Action, PodManagementPolicy, Retention, RetentionPolicy};
use leptos::prelude::*;

use crate::i18n::{self, Lang, Msg};
use crate::shell::Shell;
use crate::widgets::{click, dispatcher, named, tr, Choice, Legend, Log, Verdict};
use present::{PodStatus, Slot, StsConfig, StsSession, BREAKABLE};

/// How often play advances the set: slow enough to watch one move at a time.
const PLAY_INTERVAL_MS: u64 = 700;

const STARTUP_CHOICES: [(&str, u32); 4] = [("0", 0), ("1", 1), ("2", 2), ("3", 3)];

#[component]
pub fn StatefulSetDemo(lang: Lang, #[prop(default = None)] notice: Option<String>) -> impl IntoView {
    let lang = RwSignal::new(lang);
    let config = RwSignal::new(StsConfig::default());
    let session = RwSignal::new(present::start(StsConfig::default()));
    let playing = RwSignal::new(false);
    let dispatch = dispatcher(session);
    let restart = move |c: StsConfig| {
        playing.set(false);
        config.set(c);
        session.set(present::start(c));
    };

    // Play: one step per tick until the set converges (then there is nothing left to watch).
    Effect::new(move |_| {
        if !playing.get() {
            return;
        }
        let handle = set_interval_with_handle(
            move || {
                if !playing.get_untracked() {
                    return;
                }
                session.update(|s| {
                    s.dispatch(Action::Step);
                });
                if session.with_untracked(|s| s.state.converged()) {
                    playing.set(false);
                }
            },
            std::time::Duration::from_millis(PLAY_INTERVAL_MS),
        );
        if let Ok(handle) = handle {
            on_cleanup(move || handle.clear());
        }
    });

    let badge = Signal::derive(move || session.with(|s| present::badge(&s.state, lang.get())));
    let tone = Signal::derive(move || session.with(present::tone));
    let title = Signal::derive(tr(lang, i18n::sts::TITLE));
    let broken = Memo::new(move |_| session.with(|s| s.state.broken.contains(&BREAKABLE)));
    let label = move |m: Msg| tr(lang, m);

    view! {
            <Shell kind="statefulset" lang=lang title=title badge=badge tone=tone notice=notice>
                <div class="kv-controls">
                    <button data-action="step" on:click=click(move || dispatch.run(Action::Step))>{label(i18n::sts::STEP)}</button>
                    <button data-action="step5" on:click=click(move || dispatch.run(Action::Run { max: 5 }))>{label(i18n::sts::STEP5)}</button>
                    <button data-action="scale-up" on:click=click(move || dispatch.run(Action::ScaleBy { delta: 1 }))>{label(i18n::sts::SCALE_UP)}</button>
                    <button data-action="scale-down" on:click=click(move || dispatch.run(Action::ScaleBy { delta: -1 }))>{label(i18n::sts::SCALE_DOWN)}</button>
                    <button data-action="play" aria-pressed=move || playing.get().to_string() on:click=click(move || playing.update(|p| *p = !*p))>
                        {move || if playing.get() { i18n::sts::PAUSE.get(lang.get()) } else { i18n::sts::PLAY.get(lang.get()) }}
                    </button>
                    <span class="kv-step" data-state="step">{move || session.with(|s| i18n::sts::step_counter(s.state.now))}</span>
                    <button class="kv-reset" data-action="reset" on:click=click(move || restart(config.get_untracked()))>{label(i18n::RESET)}</button>
                </div>
                <div class="kv-controls">
                    <button data-action="break" data-ordinal=BREAKABLE.to_string() aria-pressed=move || broken.get().to_string()
                        on:click=click(move || dispatch.run(if broken.get_untracked() { Action::Fix { ordinal: BREAKABLE } } else { Action::Break { ordinal: BREAKABLE } }))>
                        {move || i18n::sts::break_label(lang.get(), &format!("db-{BREAKABLE}"), broken.get())}
                    </button>
                    <Choice
                        lang=lang
                        label=i18n::sts::STARTUP
                        action="startup"
                        options=STARTUP_CHOICES.iter().map(|(code, _)| (*code, Msg::same(code))).collect()
                        selected=Signal::derive(move || STARTUP_CHOICES.iter().find(|(_, t)| *t == config.get().startup_ticks).map_or("2", |(c, _)| *c))
                        on_choose=Callback::new(move |v: &'static str| {
                            let ticks = STARTUP_CHOICES.iter().find(|(c, _)| *c == v).map_or(2, |(_, t)| *t);
                            restart(StsConfig { startup_ticks: ticks, ..config.get_untracked() })
                        })
                    />
                    <span class="kv-muted">{label(i18n::sts::STARTUP_UNIT)}</span>
                </div>
                <div class="kv-controls">
                    <Choice
                        lang=lang
                        label=i18n::sts::POLICY
                        action="policy"
                        options=vec![("OrderedReady", Msg::same("OrderedReady")), ("Parallel", Msg::same("Parallel"))]
                        selected=Signal::derive(move || match config.get().policy {
                            PodManagementPolicy::OrderedReady => "OrderedReady",
                            PodManagementPolicy::Parallel => "Parallel",
                        })
                        on_choose=Callback::new(move |v: &'static str| {
                            let policy = if v == "Parallel" { PodManagementPolicy::Parallel } else { PodManagementPolicy::OrderedReady };
                            restart(StsConfig { policy, ..config.get_untracked() })
                        })
                    />
                    <Choice
                        lang=lang
                        label=i18n::sts::WHEN_SCALED
                        action="retention"
                        options=vec![("Retain", i18n::sts::RETAIN), ("Delete", i18n::sts::DELETE)]
                        selected=Signal::derive(move || match config.get().when_scaled {
                            Retention::Retain => "Retain",
                            Retention::Delete => "Delete",
                        })
                        on_choose=Callback::new(move |v: &'static str| {
                            let when_scaled = if v == "Delete" { Retention::Delete } else { Retention::Retain };
                            config.update(|c| c.when_scaled = when_scaled);
                            // A real StatefulSet's retention policy can change in place: no restart.
                            dispatch.run(Action::SetRetention(RetentionPolicy { when_scaled, when_deleted: Retention::Retain }));
                        })
                    />
                </div>
                <Lanes session=session lang=lang dispatch=dispatch/>
                <Verdict
                    text=Signal::derive(move || session.with(|s| present::verdict(s, lang.get())))
                    refused=Signal::derive(move || session.with(|s| s.last_refusal().is_some()))
                />
                <Log lang=lang lines=Signal::derive(move || session.with(|s| s.log_lines(lang.get())))/>
                <Legend lang=lang legend=i18n::sts::LEGEND simplified=i18n::sts::SIMPLIFIED/>
            </Shell>
    }
}

/// The pods lane above the volumes lane, one column per ordinal, so a pod sits over its volume.
#[component]
fn Lanes(session: RwSignal<StsSession>, lang: RwSignal<Lang>, dispatch: Callback<Action>) -> impl IntoView {
    let slots = Memo::new(move |_| session.with(|s| present::slots(&s.state)));
    view! {
        <p class="kv-h">{tr(lang, i18n::sts::PODS)}</p>
        <div class="kv-lane" data-state="pods">
            {move || slots.get().into_iter().map(|slot| view! { <PodSlot column=slot lang=lang dispatch=dispatch/> }).collect_view()}
        </div>
        <p class="kv-h">{tr(lang, i18n::sts::VOLUMES)}</p>
        <div class="kv-lane" data-state="volumes">
            {move || slots.get().into_iter().map(|slot| view! { <VolumeSlot column=slot lang=lang dispatch=dispatch/> }).collect_view()}
        </div>
    }
}

#[component]
fn PodSlot(column: Slot, lang: RwSignal<Lang>, dispatch: Callback<Action>) -> impl IntoView {
    let ordinal = column.ordinal;
    match column.pod {
        None => view! {
            <div class="kv-card kv-empty" data-ordinal=ordinal.to_string()>{tr(lang, i18n::sts::EMPTY_SLOT)}</div>
        }
        .into_any(),
        Some(pod) => {
            let status = pod.status.clone();
            let class = match status {
                PodStatus::Ready => "kv-card kv-ready",
                PodStatus::Starting { .. } => "kv-card kv-starting",
                PodStatus::Broken => "kv-card kv-broken",
            };
            view! {
                <div class=class data-ordinal=ordinal.to_string() data-pod=pod.name.clone()>
                    <strong>{pod.name.clone()}</strong>
                    <span class="kv-status" data-state="pod-status">
                        {move || match &status {
                            PodStatus::Ready => i18n::sts::READY.get(lang.get()).to_string(),
                            PodStatus::Starting { steps_left } => i18n::sts::starting(lang.get(), *steps_left),
                            PodStatus::Broken => i18n::sts::BROKEN.get(lang.get()).to_string(),
                        }}
                    </span>
                    <span class="kv-dns" data-state="dns">{pod.dns.clone()}</span>
                    <span class="kv-muted">{format!("→ {}", pod.pvc)}</span>
                    <button data-action="delete-pod" data-ordinal=ordinal.to_string()
                        aria-label=named(lang, i18n::sts::DELETE_POD, pod.name.clone())
                        on:click=click(move || dispatch.run(Action::DeletePod { ordinal }))>
                        {tr(lang, i18n::sts::DELETE_POD)}
                    </button>
                </div>
            }
            .into_any()
        }
    }
}

#[component]
fn VolumeSlot(column: Slot, lang: RwSignal<Lang>, dispatch: Callback<Action>) -> impl IntoView {
    let ordinal = column.ordinal;
    match column.volume {
        None => view! {
            <div class="kv-card kv-empty" data-ordinal=ordinal.to_string()>{tr(lang, i18n::sts::EMPTY_SLOT)}</div>
        }
        .into_any(),
        Some(volume) => {
            let data = volume.data.clone();
            view! {
                <div class="kv-card kv-volume-card" class:kv-terminating=volume.terminating data-ordinal=ordinal.to_string() data-pvc=volume.name.clone()>
                    <strong>{volume.name.clone()}</strong>
                    <span class="kv-data" data-state="data">
                        {move || match &data {
                            Some(d) => i18n::sts::data(lang.get(), d),
                            None => i18n::sts::EMPTY_DATA.get(lang.get()).to_string(),
                        }}
                    </span>
                    {volume.terminating.then(|| view! { <span class="kv-tag kv-tag-ng">{tr(lang, i18n::sts::TERMINATING)}</span> })}
                    <span class="kv-buttons">
                        <button data-action="write" data-ordinal=ordinal.to_string()
                            aria-label=named(lang, i18n::sts::WRITE, volume.name.clone())
                            on:click=click(move || dispatch.run(Action::Write { ordinal, data: None }))>
                            {tr(lang, i18n::sts::WRITE)}
                        </button>
                        <button data-action="delete-volume" data-ordinal=ordinal.to_string()
                            aria-label=named(lang, i18n::sts::DELETE_VOLUME, volume.name.clone())
                            on:click=click(move || dispatch.run(Action::DeletePvc { ordinal }))>
                            {tr(lang, i18n::sts::DELETE_VOLUME)}
                        </button>
                    </span>
                </div>
            }
            .into_any()
        }
    }
}
