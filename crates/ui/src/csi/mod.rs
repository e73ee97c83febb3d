//! The CSI demo: the chapter's one claim taken through provision, attach and mount on node-a and
//! node-b, with every rule decided by `kubevol_sim::volumes`.

pub mod present;

use kubevol_sim::volumes::{AccessMode, Action, Binding, DemoConfig, Reclaim, DEMO_CLAIM};
use leptos::prelude::*;

use crate::i18n::{self, Lang, Msg};
use crate::shell::Shell;
use crate::widgets::{click, dispatcher, flag, named, text, tr, Choice, Legend, Line, Lines, Log, Verdict};
use present::CsiSession;

#[component]
pub fn CsiDemo(lang: Lang, #[prop(default = None)] notice: Option<String>) -> impl IntoView {
    let lang = RwSignal::new(lang);
    let config = RwSignal::new(DemoConfig::default());
    let session = RwSignal::new(present::start(DemoConfig::default()));
    let dispatch = dispatcher(session);
    // Every toggle starts the scenario over, as in the book's demo: a new class or mode is a new world.
    let reconfigure = move |change: &dyn Fn(&mut DemoConfig)| {
        let mut c = config.get_untracked();
        change(&mut c);
        config.set(c);
        session.set(present::start(c));
    };

    let badge = Signal::derive(move || session.with(|s| present::badge(&s.state, lang.get())));
    let tone = Signal::derive(move || session.with(present::tone));
    let title = Signal::derive(tr(lang, i18n::CSI_TITLE));

    view! {
            <Shell kind="csi" lang=lang title=title badge=badge tone=tone notice=notice>
                <div class="kv-controls">
                    <Choice
                        lang=lang
                        label=i18n::csi::MODE
                        action="mode"
                        options=AccessMode::ALL.iter().map(|m| (m.name(), Msg::same(m.name()))).collect()
                        selected=Signal::derive(move || config.get().mode.name())
                        on_choose=Callback::new(move |v: &'static str| {
                            let mode = AccessMode::ALL.into_iter().find(|m| m.name() == v).unwrap_or(AccessMode::ReadWriteOnce);
                            reconfigure(&|c| c.mode = mode)
                        })
                    />
                    <Choice
                        lang=lang
                        label=i18n::csi::BINDING
                        action="binding"
                        options=vec![("Immediate", i18n::csi::IMMEDIATE), ("WaitForFirstConsumer", i18n::csi::WAIT)]
                        selected=Signal::derive(move || match config.get().binding {
                            Binding::Immediate => "Immediate",
                            Binding::WaitForFirstConsumer => "WaitForFirstConsumer",
                        })
                        on_choose=Callback::new(move |v: &'static str| {
                            let binding = if v == "Immediate" { Binding::Immediate } else { Binding::WaitForFirstConsumer };
                            reconfigure(&|c| c.binding = binding)
                        })
                    />
                    <Choice
                        lang=lang
                        label=i18n::csi::ZONES
                        action="zone"
                        options=vec![("off", i18n::csi::ZONES_OFF), ("on", i18n::csi::ZONES_ON)]
                        selected=Signal::derive(move || if config.get().zoned { "on" } else { "off" })
                        on_choose=Callback::new(move |v: &'static str| reconfigure(&|c| c.zoned = v == "on"))
                    />
                    <Choice
                        lang=lang
                        label=i18n::csi::RECLAIM
                        action="reclaim"
                        options=vec![("Delete", Msg::same("Delete")), ("Retain", Msg::same("Retain"))]
                        selected=Signal::derive(move || match config.get().reclaim {
                            Reclaim::Delete => "Delete",
                            Reclaim::Retain => "Retain",
                        })
                        on_choose=Callback::new(move |v: &'static str| {
                            let reclaim = if v == "Retain" { Reclaim::Retain } else { Reclaim::Delete };
                            reconfigure(&|c| c.reclaim = reclaim)
                        })
                    />
                    <button class="kv-reset" data-action="reset" on:click=click(move || reconfigure(&|_| {}))>
                        {tr(lang, i18n::RESET)}
                    </button>
                </div>
                <p class="kv-volume" data-state="volume">{text(move || session.with(|s| present::volume_line(&s.state, lang.get())))}</p>
                <div class="kv-nodes">
                    {present::nodes().map(|name| view! { <NodeCard name=name session=session lang=lang dispatch=dispatch/> }).collect_view()}
                </div>
                <GlobalButtons session=session config=config lang=lang dispatch=dispatch/>
                <Verdict
                    text=text(move || session.with(|s| present::verdict(s, config.get(), lang.get())))
                    refused=flag(move || session.with(|s| s.last_refusal().is_some()))
                />
                <div class="kv-panel">
                    <section>
                        <p class="kv-h">{tr(lang, i18n::csi::CSI_CALLS)}</p>
                        <Lines
                            lines=Signal::derive(move || Line::or_none(session.with(present::csi_calls).into_iter().map(Line::plain).collect(), i18n::NONE.get(lang.get())))
                            class="kv-mono"
                            state="csi-calls"
                        />
                    </section>
                    <section>
                        <p class="kv-h">{tr(lang, i18n::csi::K8S_SAYS)}</p>
                        <Lines
                            lines=Signal::derive(move || Line::or_none(session.with(present::k8s_lines).into_iter().map(Line::plain).collect(), i18n::csi::K8S_NOTHING.get(lang.get())))
                            class="kv-mono"
                            state="events"
                        />
                    </section>
                </div>
                <Log lang=lang lines=Signal::derive(move || session.with(|s| s.log_lines(lang.get())))/>
                <Legend lang=lang legend=i18n::csi::LEGEND simplified=i18n::csi::SIMPLIFIED/>
            </Shell>
    }
}

#[component]
fn NodeCard(
    name: &'static str,
    session: RwSignal<CsiSession>,
    lang: RwSignal<Lang>,
    dispatch: Callback<Action>,
) -> impl IntoView {
    let card = Memo::new(move |_| session.with(|s| present::node_card(&s.state, name)));
    let down = flag(move || !card.get().responsive);
    let labelled = move |m: Msg| named(lang, m, name.to_string());
    let respond = move || if card.get().responsive { i18n::csi::STOP_RESPONDING } else { i18n::csi::RESUME_RESPONDING };
    view! {
        <section class="kv-node" data-node=name class:kv-down=down class:kv-on=flag(move || card.get().attached.is_some())>
            <header class="kv-node-head">
                <strong>{name}</strong>
                <span class="kv-tag" hidden=flag(move || card.get().zone.is_none())>
                    {text(move || card.get().zone.map(|z| i18n::csi::zone_label(lang.get(), &z)).unwrap_or_default())}
                </span>
                <span class="kv-tag kv-tag-ng" hidden=flag(move || card.get().responsive)>{tr(lang, i18n::csi::NOT_RESPONDING)}</span>
            </header>
            <p class="kv-disk" data-state="disk">
                {text(move || match card.get().attached {
                    Some(v) => i18n::csi::attached_to(lang.get(), &v),
                    None => i18n::csi::NOT_ATTACHED.get(lang.get()).to_string(),
                })}
            </p>
            <p class="kv-pods" data-state="pods">
                {text(move || {
                    let pods = card.get().pods;
                    if pods.is_empty() { i18n::csi::NO_PODS.get(lang.get()).to_string() } else { i18n::csi::pods_see(lang.get(), &pods) }
                })}
            </p>
            <div class="kv-buttons">
                <button data-action="attach" data-node=name aria-label=labelled(i18n::csi::ATTACH)
                    on:click=click(move || dispatch.run(Action::Attach { claim: DEMO_CLAIM.into(), node: name.into() }))>
                    {tr(lang, i18n::csi::ATTACH)}
                </button>
                <button data-action="mount" data-node=name aria-label=labelled(i18n::csi::MOUNT)
                    on:click=click(move || dispatch.run(Action::Mount { claim: DEMO_CLAIM.into(), node: name.into(), pod: None }))>
                    {tr(lang, i18n::csi::MOUNT)}
                </button>
                <button data-action="detach" data-node=name aria-label=labelled(i18n::csi::DETACH)
                    on:click=click(move || dispatch.run(Action::Detach { claim: DEMO_CLAIM.into(), node: name.into() }))>
                    {tr(lang, i18n::csi::DETACH)}
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

#[component]
fn GlobalButtons(
    session: RwSignal<CsiSession>,
    config: RwSignal<DemoConfig>,
    lang: RwSignal<Lang>,
    dispatch: Callback<Action>,
) -> impl IntoView {
    let claim_exists = Memo::new(move |_| session.with(|s| s.state.claims.contains_key(DEMO_CLAIM)));
    let released = Memo::new(move |_| session.with(|s| present::released(&s.state)));
    view! {
        <div class="kv-buttons kv-global">
            <button data-action="unmount-all" on:click=click(move || dispatch.run(Action::UnmountAll { claim: DEMO_CLAIM.into() }))>
                {tr(lang, i18n::csi::UNMOUNT_ALL)}
            </button>
            <button data-action="force-detach" class="kv-danger" on:click=click(move || dispatch.run(Action::ForceDetach { claim: DEMO_CLAIM.into(), node: None }))>
                {tr(lang, i18n::csi::FORCE_DETACH)}
            </button>
            // Deleting and re-creating the claim share a place: the one that makes sense now is shown.
            <button data-action="delete-claim" hidden=flag(move || !claim_exists.get())
                on:click=click(move || dispatch.run(Action::DeleteClaim { claim: DEMO_CLAIM.into() }))>
                {tr(lang, i18n::csi::DELETE_CLAIM)}
            </button>
            <button data-action="request" hidden=flag(move || claim_exists.get())
                on:click=click(move || dispatch.run(present::request_again(config.get_untracked())))>
                {tr(lang, i18n::csi::REQUEST_AGAIN)}
            </button>
        </div>
        <p class="kv-hint">{tr(lang, i18n::csi::FORCE_HINT)}</p>
        <p class="kv-released" data-state="released" hidden=flag(move || released.get().is_empty())>
            {text(move || i18n::csi::released(lang.get(), &released.get()))}
        </p>
    }
}
