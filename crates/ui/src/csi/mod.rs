//! The CSI demo: the chapter's one claim taken through provision, attach and mount on node-a and
//! node-b, with every rule decided by `kubevol_sim::csi`.
//!
//! `present.rs` says what the state means, `text.rs` how it reads; the components here lay it out.

pub mod picture;
pub mod present;
pub mod text;

use kubevol_sim::cluster::Kind;
use kubevol_sim::csi::{AccessMode, Action, Binding, Capability, DemoConfig, Reclaim, State, DEMO_CLAIM};
use leptos::prelude::*;

use crate::demo::{self, inside_demo, use_demo, use_lang, DemoKind, Opening, Place};
use crate::folds::Fold;
use crate::lang::{self, switch, Lang, Msg};
use crate::parts::View;
use crate::shell::Shell;
use crate::widgets::{as_is, click, flag, legend, paragraph, setting, setting_among, text, tr, Line, Lines, Verdict};

/// The access modes the chapter's demo switches between; the other two are in its settings fold.
const CHAPTER_MODES: [AccessMode; 2] = [AccessMode::ReadWriteOnce, AccessMode::ReadWriteMany];
const OTHER_MODES: [AccessMode; 2] = [AccessMode::ReadWriteOncePod, AccessMode::ReadOnlyMany];

/// The settings the session started from, and the one way to change them, for the components and
/// folds of this demo. Every change starts the scenario over, as in the book's demo: a new class
/// or mode is a new world.
#[derive(Clone, Copy)]
pub struct Settings {
    config: RwSignal<DemoConfig>,
    demo: demo::Demo<State>,
}

/// The CSI demo's history starts from its class, mode and binding (`demo::history_link`).
impl demo::Started<DemoConfig> for Settings {
    fn started(&self) -> RwSignal<DemoConfig> {
        self.config
    }
}

impl Settings {
    fn change(self, change: impl Fn(&mut DemoConfig)) {
        let mut c = self.config.get_untracked();
        change(&mut c);
        self.config.set(c);
        self.demo.restart(present::start(c));
    }

    fn get(self) -> DemoConfig {
        self.config.get()
    }
}

crate::kind::declare! {
    /// The CSI demo, declared (`kind.rs`): what the mount, the build's render, the script API's
    /// module and the Practice fold read of this kind.
    Csi: Csi in parts csi, csi_lab;
    State, DemoConfig, Settings; present; CsiDemo, FOLDS
}

#[component]
fn CsiDemo(lang: Lang, place: Place, opening: Opening<DemoConfig, State>) -> impl IntoView {
    let notice = opening.notice;
    let (lang, demo) = crate::kind::provide::<Csi>(lang, opening.session, &place);
    let session = demo.session;
    let settings = Settings { config: RwSignal::new(opening.config), demo };
    provide_context(settings);
    // A level's goal (`practice.rs`): its picture alone, under the demo's own context. The same
    // component, so the Practice panel calls only what a share link's demo calls too (`linked`).
    if place.goal {
        return view! { <picture::Picture/> }.into_any();
    }

    view! {
            <Shell
                kind=DemoKind::Csi
                title=text::TITLE
                badge=Signal::derive(move || session.with(|s| text::badge(&s.state, lang.get())))
                tone=Signal::derive(move || session.with(present::tone))
                notice=notice
            >
                <div class="kv-controls">
                    {setting_among(text::MODE, "mode", &CHAPTER_MODES, as_is::<AccessMode>, move || settings.get().mode,
                        move |mode| settings.change(|c| c.mode = mode))}
                    {setting(text::ZONES, "zone", switch, move || settings.get().zoned,
                        move |zoned| settings.change(|c| c.zoned = zoned))}
                    {setting(text::BINDING, "binding", text::binding, move || settings.get().binding,
                        move |binding: Binding| settings.change(|c| c.binding = binding))}
                    <button class="kv-reset" data-action="reset" on:click=click(move || settings.change(|_| {}))>
                        {tr(lang::RESET)}
                    </button>
                </div>
                <picture::Picture/>
                <div class="kv-buttons kv-global">
                    <button data-action="unmount-all"
                        on:click=click(move || demo.dispatch.run(Action::UnmountAll { claim: DEMO_CLAIM.into() }))>
                        {tr(text::UNMOUNT_ALL)}
                    </button>
                    <button data-action="force-detach" class="kv-danger"
                        on:click=click(move || {
                            demo.dispatch.run(Action::ForceDetach { claim: DEMO_CLAIM.into(), node: None })
                        })>
                        {tr(text::FORCE_DETACH)}
                    </button>
                </div>
                <Verdict
                    text=text(move || session.with(|s| text::verdict(s, settings.get(), lang.get())))
                    refused=flag(move || session.with(|s| s.last_refusal().is_some()))
                />
                {crate::kind::ending::<Csi>(
                    &place,
                    legend(text::LEGEND),
                    vec![
                        Fold::new("settings", lang::MORE_SETTINGS),
                        Fold::new("driver", text::DRIVER),
                        Fold::new("calls", text::CSI_CALLS),
                        Fold::new("k8s", text::K8S_SAYS),
                    ],
                )}
            </Shell>
    }
    .into_any()
}

/// The views of the folds only the CSI demo has, by name (`kind::Declared::own_fold`): its
/// settings, the driver, the CSI calls, what Kubernetes says, its kubectl panel and what it
/// simplifies.
const FOLDS: &[(&str, View)] = &[
    // Everything the chapter's demo does not switch: the other access modes, reclaim and the
    // claim's deletion, expansion, and nodes that stop responding.
    ("settings", more_settings),
    // What the driver advertises: the three capabilities that decide which calls Kubernetes
    // makes.
    ("driver", driver),
    ("calls", CALLS_FOLD),
    ("k8s", K8S_FOLD),
    ("kubectl", KUBECTL_FOLD),
    ("simplified", SIMPLIFIED_FOLD),
];

fn more_settings() -> AnyView {
    let (lang, demo, settings) = (use_lang(), use_demo::<State>(), inside_demo::<Settings>());
    let (session, dispatch) = (demo.session, demo.dispatch);
    let claim_exists = Memo::new(move |_| session.with(|s| s.state.claims.contains_key(DEMO_CLAIM)));
    let released = Memo::new(move |_| session.with(|s| present::released(&s.state)));
    let responds =
        move |name: &'static str| Memo::new(move |_| session.with(|s| present::node_card(&s.state, name).responsive));
    view! {
        <div class="kv-controls">
            {setting_among(text::OTHER_MODES, "mode", &OTHER_MODES, as_is::<AccessMode>, move || settings.get().mode,
                move |mode| settings.change(|c| c.mode = mode))}
        </div>
        <div class="kv-controls">
            {setting(text::RECLAIM, "reclaim", as_is::<Reclaim>, move || settings.get().reclaim,
                move |reclaim| settings.change(|c| c.reclaim = reclaim))}
            // Deleting and re-creating the claim share a place: the one that makes sense now is shown.
            <button data-action="delete-claim" hidden=flag(move || !claim_exists.get())
                on:click=click(move || dispatch.run(Action::DeleteClaim { claim: DEMO_CLAIM.into() }))>
                {tr(text::DELETE_CLAIM)}
            </button>
            <button data-action="request" hidden=flag(move || claim_exists.get())
                on:click=click(move || dispatch.run(present::request_again(settings.config.get_untracked())))>
                {tr(text::REQUEST_AGAIN)}
            </button>
        </div>
        <p class="kv-released" data-state="released" hidden=flag(move || released.get().is_empty())>
            {text(move || text::released(lang.get(), &released.get()))}
        </p>
        <div class="kv-controls">
            {setting(text::EXPANSION, "expansion", switch, move || settings.get().allow_expansion,
                move |on| settings.change(|c| c.allow_expansion = on))}
            {[(10, text::GROW_10), (100, text::GROW_100)].map(|(more, label)| view! {
                <button data-action="expand" data-value=more.to_string()
                    on:click=click(move || {
                        dispatch.run(session.with_untracked(|s| present::expand_by(&s.state, more)))
                    })>
                    {tr(label)}
                </button>
            }).collect_view()}
        </div>
        <div class="kv-buttons">
            {present::nodes().map(|name| {
                let responsive = responds(name);
                let label = move || if responsive.get() { text::STOP_RESPONDING } else { text::RESUME_RESPONDING };
                view! {
                    // Its visible text names the node, so it is its accessible name too.
                    <button data-action="respond" data-node=name
                        on:click=click(move || {
                            let responsive = !responsive.get_untracked();
                            dispatch.run(Action::SetResponsive { node: name.into(), responsive })
                        })>
                        {text(move || format!("{name}: {}", label().get(lang.get())))}
                    </button>
                }
            }).collect_view()}
        </div>
        <p class="kv-hint">{tr(text::FORCE_HINT)}</p>
    }
    .into_any()
}

fn driver() -> AnyView {
    let settings = inside_demo::<Settings>();
    let capabilities: [(Capability, Msg, &'static str); 3] = [
        (Capability::StageUnstageVolume, text::STAGE, "stage-unstage"),
        (Capability::PublishUnpublishVolume, text::PUBLISH, "publish-unpublish"),
        (Capability::ExpandVolume, text::EXPAND, "expand-volume"),
    ];
    view! {
        <div class="kv-controls">
            {capabilities.map(|(cap, label, action)| setting(label, action, switch,
                move || cap.of(&settings.get().capabilities),
                move |on| settings.change(|c| cap.set(&mut c.capabilities, on))))
                .collect_view()}
        </div>
        <p class="kv-paragraph">{tr(text::DRIVER_LEGEND)}</p>
    }
    .into_any()
}

/// The CSI calls the last action made, with their callers and answers.
const CALLS_FOLD: View = || {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    let lines = Signal::derive(move || {
        let calls = demo.with(present::csi_calls).into_iter().map(Line::plain).collect();
        Line::or_none(calls, lang::NONE.get(lang.get()))
    });
    view! {
        <p class="kv-hint">{tr(text::LAST_ACTION)}</p>
        <Lines lines=lines class="kv-mono" state="csi-calls"/>
    }
    .into_any()
};

/// What a real cluster prints for the last action, word for word.
const K8S_FOLD: View = || {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    let lines = Signal::derive(move || {
        let said = demo.with(present::k8s_lines).into_iter().map(Line::plain).collect();
        Line::or_none(said, text::K8S_NOTHING.get(lang.get()))
    });
    view! {
        <p class="kv-hint">{tr(text::LAST_ACTION)}</p>
        <Lines lines=lines class="kv-mono" state="events"/>
    }
    .into_any()
};

const KUBECTL_FOLD: View = || {
    let demo = use_demo::<State>();
    let panel = demo.kubectl(&[Kind::PersistentVolumeClaim, Kind::PersistentVolume, Kind::VolumeAttachment, Kind::Pod]);
    view! { {panel} {demo.prompt_fold()} }.into_any()
};

const SIMPLIFIED_FOLD: View = || paragraph(text::SIMPLIFIED);
