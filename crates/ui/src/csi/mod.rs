//! The CSI demo: the chapter's one claim taken through provision, attach and mount on node-a and
//! node-b, with every rule decided by `kubevol_sim::volumes`.
//!
//! `present.rs` says what the state means, `text.rs` how it reads; the components here lay it out.

pub mod present;
pub mod text;

use kubevol_sim::kubectl::Kind;
use kubevol_sim::volumes::{AccessMode, Action, Binding, Capability, DemoConfig, Reclaim, State, DEMO_CLAIM};
use leptos::prelude::*;

use crate::demo::{self, use_demo, use_lang, DemoKind, Place};
use crate::lang::{self, switch, Msg};
use crate::shell::Shell;
use crate::widgets::{as_is, click, flag, named, panel, setting, text, tr, Legend, Line, Verdict};

#[component]
pub fn CsiDemo(
    lang: crate::lang::Lang,
    #[prop(default = None)] notice: Option<String>,
    #[prop(default = Place::default())] place: Place,
) -> impl IntoView {
    let (first, session, bad_link) =
        demo::restore(&place, lang, DemoConfig::default(), present::OFFERED, present::start);
    let notice = bad_link.or(notice);
    let (lang, demo) = demo::provide::<State>(lang, session);
    let session = demo.session;
    let config = RwSignal::new(first);
    // Every toggle starts the scenario over, as in the book's demo: a new class or mode is a new world.
    let reconfigure = move |change: &dyn Fn(&mut DemoConfig)| {
        let mut c = config.get_untracked();
        change(&mut c);
        config.set(c);
        demo.restart(present::start(c));
    };

    view! {
            <Shell
                kind=DemoKind::Csi
                title=text::TITLE
                badge=Signal::derive(move || session.with(|s| text::badge(&s.state, lang.get())))
                tone=Signal::derive(move || session.with(present::tone))
                notice=notice
            >
                <div class="kv-controls">
                    {setting(text::MODE, "mode", as_is::<AccessMode>, move || config.get().mode,
                        move |mode| reconfigure(&|c| c.mode = mode))}
                    {setting(text::BINDING, "binding", text::binding, move || config.get().binding,
                        move |binding: Binding| reconfigure(&|c| c.binding = binding))}
                    {setting(text::ZONES, "zone", switch, move || config.get().zoned,
                        move |zoned| reconfigure(&|c| c.zoned = zoned))}
                    {setting(text::RECLAIM, "reclaim", as_is::<Reclaim>, move || config.get().reclaim,
                        move |reclaim| reconfigure(&|c| c.reclaim = reclaim))}
                    {setting(text::EXPANSION, "expansion", switch, move || config.get().allow_expansion,
                        move |on| reconfigure(&|c| c.allow_expansion = on))}
                    {[(Capability::StageUnstageVolume, text::STAGE, "stage-unstage"), (Capability::PublishUnpublishVolume, text::PUBLISH, "publish-unpublish"), (Capability::ExpandVolume, text::EXPAND, "expand-volume")]
                        .map(|(cap, label, action)| setting(label, action, switch, move || cap.of(&config.get().capabilities),
                            move |on| reconfigure(&|c| cap.set(&mut c.capabilities, on))))
                        .collect_view()}
                    <button class="kv-reset" data-action="reset" on:click=click(move || reconfigure(&|_| {}))>
                        {tr(lang::RESET)}
                    </button>
                </div>
                <p class="kv-volume" data-state="volume">{text(move || session.with(|s| text::volume_line(&s.state, lang.get())))}</p>
                <div class="kv-nodes">
                    {present::nodes().map(|name| view! { <NodeCard name=name/> }).collect_view()}
                </div>
                <GlobalButtons config=config/>
                <Verdict
                    text=text(move || session.with(|s| text::verdict(s, config.get(), lang.get())))
                    refused=flag(move || session.with(|s| s.last_refusal().is_some()))
                />
                <div class="kv-panel">
                    {panel(text::CSI_CALLS, Signal::derive(move || Line::or_none(session.with(present::csi_calls).into_iter().map(Line::plain).collect(), lang::NONE.get(lang.get()))), "csi-calls")}
                    {panel(text::K8S_SAYS, Signal::derive(move || Line::or_none(session.with(present::k8s_lines).into_iter().map(Line::plain).collect(), text::K8S_NOTHING.get(lang.get()))), "events")}
                </div>
                {demo.log(lang, DemoKind::Csi, place.nth, move || config.get_untracked())}
                {demo.kubectl(&[Kind::PersistentVolumeClaim, Kind::PersistentVolume, Kind::VolumeAttachment, Kind::Pod])}
                <p class="kv-legend">{tr(text::DRIVER_LEGEND)}</p>
                <Legend legend=text::LEGEND simplified=text::SIMPLIFIED/>
            </Shell>
    }
}

/// One node: its zone, whether it responds, what is attached and which pods see it, and the
/// buttons that act on it.
#[component]
fn NodeCard(name: &'static str) -> impl IntoView {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    let dispatch = demo.dispatch;
    let card = Memo::new(move |_| demo.with(|s| present::node_card(&s.state, name)));
    let labelled = move |m: Msg| named(m, name.to_string());
    let respond = move || if card.get().responsive { text::STOP_RESPONDING } else { text::RESUME_RESPONDING };
    view! {
        <section class="kv-node" data-node=name class:kv-down=flag(move || !card.get().responsive) class:kv-on=flag(move || card.get().attached.is_some())>
            <header class="kv-node-head">
                <strong>{name}</strong>
                <span class="kv-tag" hidden=flag(move || card.get().zone.is_none())>
                    {text(move || card.get().zone.map(|z| text::zone_label(lang.get(), &z)).unwrap_or_default())}
                </span>
                <span class="kv-tag kv-tag-ng" hidden=flag(move || card.get().responsive)>{tr(text::NOT_RESPONDING)}</span>
            </header>
            <p class="kv-disk" data-state="disk">
                {text(move || match card.get().attached {
                    Some(v) => text::attached_to(lang.get(), &v),
                    None => text::NOT_ATTACHED.get(lang.get()).to_string(),
                })}
            </p>
            <p class="kv-pods" data-state="pods">
                {text(move || {
                    let pods = card.get().pods;
                    if pods.is_empty() { text::NO_PODS.get(lang.get()).to_string() } else { text::pods_see(lang.get(), &pods) }
                })}
            </p>
            <div class="kv-buttons">
                <button data-action="attach" data-node=name aria-label=labelled(text::ATTACH)
                    on:click=click(move || dispatch.run(Action::Attach { claim: DEMO_CLAIM.into(), node: name.into() }))>
                    {tr(text::ATTACH)}
                </button>
                <button data-action="mount" data-node=name aria-label=labelled(text::MOUNT)
                    on:click=click(move || dispatch.run(Action::Mount { claim: DEMO_CLAIM.into(), node: name.into(), pod: None }))>
                    {tr(text::MOUNT)}
                </button>
                <button data-action="detach" data-node=name aria-label=labelled(text::DETACH)
                    on:click=click(move || dispatch.run(Action::Detach { claim: DEMO_CLAIM.into(), node: name.into() }))>
                    {tr(text::DETACH)}
                </button>
                <button data-action="respond" data-node=name
                    aria-label=text(move || format!("{} ({name})", respond().get(lang.get())))
                    on:click=click(move || dispatch.run(Action::SetResponsive { node: name.into(), responsive: !card.get_untracked().responsive }))>
                    {text(move || respond().get(lang.get()).to_string())}
                </button>
            </div>
        </section>
    }
}

/// The buttons that act on the claim as a whole, and the volumes Retain has kept.
#[component]
fn GlobalButtons(config: RwSignal<DemoConfig>) -> impl IntoView {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    let (session, dispatch) = (demo.session, demo.dispatch);
    let claim_exists = Memo::new(move |_| session.with(|s| s.state.claims.contains_key(DEMO_CLAIM)));
    let released = Memo::new(move |_| session.with(|s| present::released(&s.state)));
    view! {
        <div class="kv-buttons kv-global">
            {[(10, text::GROW_10), (100, text::GROW_100)].map(|(more, label)| view! {
                <button data-action="expand" data-value=more.to_string()
                    on:click=click(move || dispatch.run(session.with_untracked(|s| present::expand_by(&s.state, more))))>
                    {tr(label)}
                </button>
            }).collect_view()}
            <button data-action="unmount-all" on:click=click(move || dispatch.run(Action::UnmountAll { claim: DEMO_CLAIM.into() }))>
                {tr(text::UNMOUNT_ALL)}
            </button>
            <button data-action="force-detach" class="kv-danger" on:click=click(move || dispatch.run(Action::ForceDetach { claim: DEMO_CLAIM.into(), node: None }))>
                {tr(text::FORCE_DETACH)}
            </button>
            // Deleting and re-creating the claim share a place: the one that makes sense now is shown.
            <button data-action="delete-claim" hidden=flag(move || !claim_exists.get())
                on:click=click(move || dispatch.run(Action::DeleteClaim { claim: DEMO_CLAIM.into() }))>
                {tr(text::DELETE_CLAIM)}
            </button>
            <button data-action="request" hidden=flag(move || claim_exists.get())
                on:click=click(move || dispatch.run(present::request_again(config.get_untracked())))>
                {tr(text::REQUEST_AGAIN)}
            </button>
        </div>
        <p class="kv-hint">{tr(text::FORCE_HINT)}</p>
        <p class="kv-released" data-state="released" hidden=flag(move || released.get().is_empty())>
            {text(move || text::released(lang.get(), &released.get()))}
        </p>
    }
}
