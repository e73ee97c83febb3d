//! The StatefulSet demo: ordered start-up with a step counter, PVCs that outlive pods, and what the
//! chapter simplified away (Parallel, retention policy, DNS names, play/pause), all decided by
//! `kubevol_sim::statefulset`.
//!
//! `present.rs` says what the state means, `text.rs` how it reads; the components here lay it out.

pub mod picture;
pub mod present;
pub mod text;

use kubevol_sim::cluster::Kind;
use kubevol_sim::statefulset::{Action, PodManagementPolicy, Retention, RetentionPolicy, State};
use leptos::prelude::*;

use crate::demo::{self, inside_demo, use_demo, use_lang, DemoKind, Opening, Place};
use crate::folds::Fold;
use crate::lang::{self, step_counter, Lang, Msg};
use crate::markup::Kept;
use crate::parts::View;
use crate::shell::Shell;
use crate::widgets::{as_is, click, legend, named, number, paragraph, rows, setting, text, tr, Verdict};
use present::{PodCard, PodStatus, Slot, StsConfig, VolumeCard, BREAKABLE, STARTUP_STEPS};

/// How often play advances the set: slow enough to watch one move at a time.
const PLAY_INTERVAL_MS: u64 = 700;

/// The settings the session started from, whether play is on, and the one way to start over,
/// for the components and folds of this demo.
#[derive(Clone, Copy)]
pub struct Settings {
    config: RwSignal<StsConfig>,
    playing: RwSignal<bool>,
    demo: demo::Demo<State>,
}

/// The StatefulSet demo's history starts from its settings (`demo::history_link`); a new start
/// stops play.
impl demo::Started<StsConfig> for Settings {
    fn started(&self) -> RwSignal<StsConfig> {
        self.config
    }

    fn stop(&self) {
        self.playing.set(false);
    }
}

impl Settings {
    /// A new start keeps the whenScaled the model has now: the reader changed it in place.
    fn restart(self, c: StsConfig) {
        let when_scaled = self.demo.session.with_untracked(|s| s.state.config.retention.when_scaled);
        let c = StsConfig { when_scaled, ..c };
        self.playing.set(false);
        self.config.set(c);
        self.demo.restart(present::start(c));
    }
}

crate::kind::declare! {
    /// The StatefulSet demo, declared (`kind.rs`): what the mount, the build's render, the script
    /// API's module and the Practice fold read of this kind.
    StatefulSet: StatefulSet in parts statefulset, statefulset_lab;
    State, StsConfig, Settings; present; StatefulSetDemo, FOLDS
}

#[component]
fn StatefulSetDemo(lang: Lang, place: Place, opening: Opening<StsConfig, State>) -> impl IntoView {
    let notice = opening.notice;
    let (lang, demo) = crate::kind::provide::<StatefulSet>(lang, opening.session, &place);
    let (session, dispatch) = (demo.session, demo.dispatch);
    let settings = Settings { config: RwSignal::new(opening.config), playing: RwSignal::new(false), demo };
    provide_context(settings);
    // A level's goal (`practice.rs`): its picture alone, under the demo's own context. The same
    // component, so the Practice panel calls only what a share link's demo calls too (`linked`).
    if place.goal {
        return view! { <Lanes/> }.into_any();
    }
    let playing = settings.playing;

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

    let broken = Memo::new(move |_| session.with(|s| s.state.broken.contains(&BREAKABLE)));

    view! {
            <Shell
                kind=DemoKind::StatefulSet
                title=text::TITLE
                badge=Signal::derive(move || session.with(|s| text::badge(&s.state, lang.get())))
                tone=Signal::derive(move || session.with(present::tone))
                notice=notice
            >
                <div class="kv-controls">
                    <button data-action="step"
                        on:click=click(move || dispatch.run(Action::Step))>{tr(text::STEP)}</button>
                    <button data-action="step5"
                        on:click=click(move || dispatch.run(Action::Run { max: 5 }))>{tr(text::STEP5)}</button>
                    <button data-action="scale-up"
                        on:click=click(move || dispatch.run(Action::ScaleBy { delta: 1 }))>{tr(text::SCALE_UP)}</button>
                    <button data-action="scale-down"
                        on:click=click(move || dispatch.run(Action::ScaleBy { delta: -1 }))>
                        {tr(text::SCALE_DOWN)}
                    </button>
                    <span class="kv-step" data-state="step">{move || session.with(|s| step_counter(s.state.now))}</span>
                    <button class="kv-reset" data-action="reset"
                        on:click=click(move || settings.restart(settings.config.get_untracked()))>
                        {tr(lang::RESET)}
                    </button>
                </div>
                <div class="kv-controls">
                    <button data-action="break" data-ordinal=BREAKABLE.to_string()
                        aria-pressed=move || broken.get().to_string()
                        on:click=click(move || dispatch.run(if broken.get_untracked() {
                            Action::Fix { ordinal: BREAKABLE }
                        } else {
                            Action::Break { ordinal: BREAKABLE }
                        }))>
                        {move || {
                            text::break_label(lang.get(), &session.with(|s| s.state.pod_name(BREAKABLE)), broken.get())
                        }}
                    </button>
                    <span class="kv-muted" data-state="startup">
                        {move || text::startup(lang.get(), settings.config.get().startup_ticks)}
                    </span>
                </div>
                <Lanes/>
                <Verdict
                    text=Signal::derive(move || session.with(|s| text::verdict(s, lang.get())))
                    refused=Signal::derive(move || session.with(|s| s.last_refusal().is_some()))
                />
                {crate::kind::ending::<StatefulSet>(
                    &place,
                    legend(text::LEGEND),
                    vec![Fold::new("settings", lang::MORE_SETTINGS)],
                )}
            </Shell>
    }
    .into_any()
}

/// The views of the StatefulSet demo's own folds, by name (`kind::Declared::own_fold`).
const FOLDS: &[(&str, View)] = &[
    // Play, and what the chapter kept fixed: the startup time, podManagementPolicy and the
    // retention policy.
    ("settings", more_settings),
    ("kubectl", KUBECTL_FOLD),
    ("simplified", SIMPLIFIED_FOLD),
];

fn more_settings() -> AnyView {
    let (lang, demo, settings) = (use_lang(), use_demo::<State>(), inside_demo::<Settings>());
    let (config, playing) = (settings.config, settings.playing);
    // What the model holds now, so going back in time shows the policy of that moment.
    let when_scaled = Memo::new(move |_| demo.with(|s| s.state.config.retention.when_scaled));
    view! {
        <div class="kv-controls">
            <button data-action="play" aria-pressed=move || playing.get().to_string()
                on:click=click(move || playing.update(|p| *p = !*p))>
                {move || if playing.get() { text::PAUSE.get(lang.get()) } else { text::PLAY.get(lang.get()) }}
            </button>
            {number(text::STARTUP, "startup", &STARTUP_STEPS, move || config.get().startup_ticks,
                move |startup_ticks| settings.restart(StsConfig { startup_ticks, ..config.get_untracked() }))}
            <span class="kv-muted">{tr(text::STARTUP_UNIT)}</span>
        </div>
        <div class="kv-controls">
            {setting(text::POLICY, "policy", as_is::<PodManagementPolicy>, move || config.get().policy,
                move |policy| settings.restart(StsConfig { policy, ..config.get_untracked() }))}
            {setting(text::WHEN_SCALED, "retention", text::retention, move || when_scaled.get(),
                move |when_scaled: Retention| {
                    // A real StatefulSet's retention policy can change in place: no restart.
                    let retention = RetentionPolicy { when_scaled, when_deleted: Retention::Retain };
                    demo.dispatch.run(Action::SetRetention(retention));
                })}
        </div>
    }
    .into_any()
}

const KUBECTL_FOLD: View = || {
    let demo = use_demo::<State>();
    let panel = demo.kubectl(&[Kind::StatefulSet, Kind::Pod, Kind::PersistentVolumeClaim, Kind::PersistentVolume]);
    view! { {panel} {demo.prompt_fold()} }.into_any()
};

const SIMPLIFIED_FOLD: View = || paragraph(text::SIMPLIFIED);

/// One lane per ordinal: its pod, the line to its claim, the claim, and under them all the row of
/// volumes each claim is bound to (`picture.rs`). The lanes are equal columns without gaps, so
/// the volumes' row puts each volume in its lane's middle.
#[component]
fn Lanes() -> impl IntoView {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    let ordinals = Memo::new(move |_| demo.with(|s| present::ordinals(&s.state)));
    // 84 px a lane at least: the chapter's three fit a 320 px phone's column; more scroll sideways.
    let columns = text(move || format!("grid-template-columns:repeat({},minmax(84px,1fr))", ordinals.with(Vec::len)));
    let volumes = text(move || demo.with(|s| picture::volumes(&s.state, lang.get())));
    view! {
        <p class="kv-h">{tr(text::PODS)}</p>
        <div class="kv-lanes" data-state="lanes" style=columns>
            {rows(ordinals, lane)}
            <svg class="kv-pvs-row" role="img" inner_html=Kept(volumes)></svg>
        </div>
        <p class="kv-h kv-caption">{tr(text::VOLUMES)}</p>
    }
}

/// One ordinal's lane: its pod, the line to its claim, its claim.
fn lane(ordinal: u32) -> AnyView {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    let link = text(move || demo.with(|s| picture::link(&s.state, &present::slot(&s.state, ordinal), lang.get())));
    view! {
        <div class="kv-ordinal" data-lane=ordinal.to_string()>
            {pod_slot(ordinal)}
            <svg class="kv-link" aria-hidden="true" inner_html=Kept(link)></svg>
            {volume_slot(ordinal)}
        </div>
    }
    .into_any()
}

/// The card of an ordinal that has no pod (or no volume).
fn empty_slot(ordinal: u32) -> AnyView {
    view! { <div class="kv-card kv-empty" data-ordinal=ordinal.to_string()>{tr(text::EMPTY_SLOT)}</div> }.into_any()
}

/// The card of one ordinal's `part` (its pod or its volume), or an empty card while it has none.
/// The card is built when the part appears and then updates itself from `now`, so a focused
/// button stays focused across clicks.
fn slot_card<T>(ordinal: u32, part: fn(Slot) -> Option<T>, card: fn(u32, T, Memo<Option<T>>) -> AnyView) -> AnyView
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    let demo = use_demo::<State>();
    let now = Memo::new(move |_| demo.with(|s| part(present::slot(&s.state, ordinal))));
    let exists = Memo::new(move |_| now.with(Option::is_some));
    (move || match exists.get().then(|| now.get_untracked()).flatten() {
        Some(first) => card(ordinal, first, now),
        None => empty_slot(ordinal),
    })
    .into_any()
}

fn pod_slot(ordinal: u32) -> AnyView {
    slot_card(ordinal, |slot| slot.pod, pod_card)
}

fn volume_slot(ordinal: u32) -> AnyView {
    slot_card(ordinal, |slot| slot.volume, volume_card)
}

/// A pod: its name, DNS name and claim never change; its status does.
fn pod_card(ordinal: u32, card: PodCard, pod: Memo<Option<PodCard>>) -> AnyView {
    let lang = use_lang();
    let status = Memo::new(move |_| pod.with(|p| p.as_ref().map(|p| p.status.clone())));
    let class = move || match status.get() {
        Some(PodStatus::Ready) => "kv-card kv-ready",
        Some(PodStatus::Broken) => "kv-card kv-broken",
        _ => "kv-card kv-starting",
    };
    view! {
        <div class=class data-ordinal=ordinal.to_string() data-pod=card.name.clone()>
            <strong>{card.name.clone()}</strong>
            <span class="kv-status" data-state="pod-status">
                {text(move || match status.get() {
                    Some(PodStatus::Starting { steps_left }) => text::starting(lang.get(), steps_left),
                    Some(PodStatus::Broken) => text::BROKEN.get(lang.get()).to_string(),
                    _ => text::READY.get(lang.get()).to_string(),
                })}
            </span>
            // A host name breaks after a dot, where a reader's eye splits it, not mid-word.
            <span class="kv-dns" data-state="dns">
                {card.dns.split_inclusive('.').map(|part| view! { {part.to_owned()}<wbr/> }).collect_view()}
            </span>
            <span class="kv-muted">{format!("→ {}", card.pvc)}</span>
            {ordinal_button("delete-pod", text::DELETE_POD, ordinal, card.name.clone(), Action::DeletePod { ordinal })}
        </div>
    }
    .into_any()
}

/// A volume: its name never changes; its data and whether it is terminating do.
fn volume_card(ordinal: u32, card: VolumeCard, volume: Memo<Option<VolumeCard>>) -> AnyView {
    let lang = use_lang();
    let terminating = Memo::new(move |_| volume.with(|v| v.as_ref().is_some_and(|v| v.terminating)));
    view! {
        <div class="kv-card kv-volume-card" class:kv-terminating=terminating data-ordinal=ordinal.to_string()
            data-pvc=card.name.clone()>
            <strong>{card.name.clone()}</strong>
            <span class="kv-data" data-state="data">
                {text(move || volume.with(|v| match v.as_ref().and_then(|v| v.data.as_deref()) {
                    Some(d) => text::data(lang.get(), d),
                    None => text::EMPTY_DATA.get(lang.get()).to_string(),
                }))}
            </span>
            {move || terminating.get().then(|| view! { <span class="kv-tag kv-tag-ng">{tr(text::TERMINATING)}</span> })}
            <span class="kv-buttons">
                {ordinal_button("write", text::WRITE, ordinal, card.name.clone(),
                    Action::Write { ordinal, data: None })}
                {ordinal_button("delete-volume", text::DELETE_VOLUME, ordinal, card.name.clone(),
                    Action::DeletePvc { ordinal })}
            </span>
        </div>
    }
    .into_any()
}

/// A button that acts on one ordinal's pod or volume, named after it for screen readers.
/// None in a level's goal, which draws no control.
fn ordinal_button(hook: &'static str, label: Msg, ordinal: u32, name: String, action: Action) -> impl IntoView {
    let demo = use_demo::<State>();
    (!demo.goal).then(|| {
        view! {
            <button data-action=hook data-ordinal=ordinal.to_string() aria-label=named(label, name)
                on:click=click(move || demo.dispatch.run(action.clone()))>
                {tr(label)}
            </button>
        }
    })
}
