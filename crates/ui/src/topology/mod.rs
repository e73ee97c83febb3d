//! The topology demo, "区画とボリューム": where pods and volumes land on the three-node cluster of
//! seed 004, and the scheduler's own FailedScheduling message when they cannot, all decided by
//! `kubevol_sim::topology`. The book's topology chapter is one of its scenarios (`data-preset="spread"`).
//!
//! `present.rs` says what the state means, `text.rs` how it reads; the components here lay it out.

pub mod picture;
pub mod present;
pub mod text;

use kubevol_sim::kubectl::Kind;
use kubevol_sim::topology::{
    Action, AllowedZones, Binding, Chapter, Custom, PodManagementPolicy, Preset, SpreadKey, State, TaintsPolicy,
    WhenUnsatisfiable,
};
use leptos::prelude::*;

use crate::demo::{self, inside_demo, use_demo, use_lang, DemoKind, Notice, Opening, Place};
use crate::drawing::PICTURE;
use crate::folds::{folds, Fold};
use crate::lang::{self, step_counter, switch, Lang, Msg};
use crate::parts::{fetch, on_demand};
use crate::shell::Shell;
use crate::widgets::{
    as_is, click, flag, legend, number, paragraph, rows, setting, text, tr, Choice, Line, Lines, Verdict,
};
use present::{Pick, Scenario, MAX_SKEWS, POD_COUNTS, REPLICAS};

/// The scenario on show and the one way to start another, for the components and folds that
/// draw differently in the book's chapter.
#[derive(Clone, Copy)]
pub struct Shown {
    scenario: RwSignal<Scenario>,
    demo: demo::Demo<State>,
}

/// What the script API's history of this demo starts from (`demo::history_link`).
impl demo::Started<Scenario> for Shown {
    fn config(&self) -> Scenario {
        self.scenario.get_untracked()
    }
}

impl Shown {
    fn chapter(self) -> Option<Chapter> {
        match self.scenario.get() {
            Scenario::Chapter(c) => Some(c),
            _ => None,
        }
    }

    fn restart(self, next: Scenario) {
        self.scenario.set(next);
        self.demo.restart(present::start(next));
    }

    /// The book's chapter with one setting changed: the pods are placed again.
    fn rechapter(self, change: impl Fn(&mut Chapter)) {
        let mut c = self.scenario.get_untracked().chapter();
        change(&mut c);
        self.restart(Scenario::Chapter(c));
    }

    /// Any free control switches to the custom scenario, starting from what the controls show.
    fn tweak(self, change: impl Fn(&mut Custom)) {
        let mut c = self.scenario.get_untracked().custom();
        change(&mut c);
        self.restart(Scenario::Custom(c));
    }
}

/// The scenario a placeholder's `data-preset` picks (an article scenario's code, or "spread" for
/// the book's chapter), and what to say if the demo has no such scenario.
fn first_scenario(place: &Place) -> (Scenario, Option<Notice>) {
    let default = Scenario::Preset(Preset::SpreadTrap);
    match place.preset.as_deref() {
        None => (default, None),
        Some(code) => match Scenario::from_code(code) {
            Some(scenario) => (scenario, None),
            None => (default, Some(Notice::unknown_preset(code, Some(Scenario::codes())))),
        },
    }
}

/// The demo as a page places it: at the start of the scenario its preset picks.
pub fn view(lang: Lang, place: Place) -> AnyView {
    let (first, notice) = first_scenario(&place);
    let opening = Opening { notice, ..Opening::fresh(first, present::start) };
    view! { <TopologyDemo lang place opening/> }.into_any()
}

/// The demo opened at the share link the page's address holds for it.
pub fn linked(lang: Lang, place: Place) -> AnyView {
    let (first, notice) = first_scenario(&place);
    let opening = demo::restore(&place, first, &present::OFFERED, present::start);
    let opening = Opening { notice: opening.notice.or(notice), ..opening };
    view! { <TopologyDemo lang place opening/> }.into_any()
}

#[component]
fn TopologyDemo(lang: Lang, place: Place, opening: Opening<Scenario, State>) -> impl IntoView {
    let notice = opening.notice;
    let (lang, demo) = demo::provide::<State>(lang, opening.session, DemoKind::Topology, &place);
    let (session, dispatch) = (demo.session, demo.dispatch);
    let shown = Shown { scenario: RwSignal::new(opening.config), demo };
    provide_context(shown);
    // The book's chapter has its own controls, losses and read-out; any change places the pods
    // again. A memo, so switching between the chapter's own settings does not rebuild its
    // controls (and the focused button stays).
    let in_chapter = Memo::new(move |_| shown.chapter().is_some());
    let chapter = Memo::new(move |_| shown.scenario.get().chapter());

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
    let chapter_controls = move || {
        in_chapter.get().then(|| {
            view! {
                <div class="kv-controls" data-state="chapter-controls">
                    {number(text::chapter::MAX_SKEW, "max-skew", &MAX_SKEWS, move || chapter.get().max_skew,
                        move |n| shown.rechapter(|c| c.max_skew = n))}
                    {number(text::chapter::PODS, "pods", &POD_COUNTS, move || chapter.get().pods,
                        move |n| shown.rechapter(|c| c.pods = n))}
                    {setting(text::chapter::KEY, "key", text::chapter::key, move || chapter.get().key,
                        move |key: SpreadKey| shown.rechapter(|c| c.key = key))}
                    {setting(text::chapter::WHEN, "when", as_is::<WhenUnsatisfiable>, move || chapter.get().when,
                        move |when| shown.rechapter(|c| c.when = when))}
                </div>
            }
        })
    };
    let history = Fold::new("history", lang::HISTORY, fetch!(history_part));

    view! {
            <Shell kind=DemoKind::Topology title=text::TITLE badge=badge tone=tone notice=notice>
                {chapter_controls}
                <div class="kv-controls">
                    <button data-action="step" on:click=click(move || dispatch.run(Action::Step))>{tr(text::STEP)}</button>
                    <button data-action="run" on:click=click(move || dispatch.run(Action::Run { max: 100 }))>{tr(text::RUN)}</button>
                    <span class="kv-step" data-state="step">{move || session.with(|s| step_counter(s.state.now))}</span>
                    <button class="kv-reset" data-action="reset" on:click=click(move || shown.restart(shown.scenario.get_untracked()))>{tr(lang::RESET)}</button>
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
                {demo.recent(lang, history.open.into())}
                {move || legend(if in_chapter.get() { text::chapter::LEGEND } else { text::LEGEND })}
                {folds(vec![
                    Fold::new("scenarios", text::SCENARIOS, fetch!(scenarios_part)),
                    Fold::new("kubectl", lang::KUBECTL, fetch!(kubectl_part)),
                    history,
                    Fold::new("simplified", lang::SIMPLIFIED, fetch!(simplified_part)),
                ], place.lab)}
            </Shell>
    }
}

on_demand! {
    /// The other scenarios: seed 004's articles, and free controls to build one's own.
    topology_lab: fn scenarios_part() { scenarios }
}

fn scenarios() -> AnyView {
    let shown = inside_demo::<Shown>();
    let scenario = shown.scenario;
    let custom = Memo::new(move |_| scenario.get().custom());
    let picks = Pick::all();
    view! {
        <div class="kv-controls">
            <Choice
                label=text::SCENARIO
                action="preset"
                options=picks.iter().map(|p| (p.code(), text::pick(*p))).collect()
                selected=Signal::derive({
                    let picks = picks.clone();
                    move || { let now = scenario.get().pick(); picks.iter().position(|p| *p == now) }
                })
                on_choose=Callback::new(move |at: usize| shown.restart(scenario.get_untracked().picked(picks[at])))
            />
        </div>
        <div class="kv-controls kv-free" hidden=flag(move || shown.chapter().is_some()) class:kv-inactive=move || !matches!(scenario.get(), Scenario::Custom(_))>
            <span class="kv-muted kv-free-title">{tr(text::FREE)}</span>
            {setting(text::BINDING, "binding", as_is::<Binding>, move || custom.get().binding,
                move |b| shown.tweak(|c| c.binding = b))}
            {setting(text::ALLOWED, "allowed", text::allowed, move || custom.get().allowed,
                move |a: AllowedZones| shown.tweak(|c| c.allowed = a))}
            {number(text::REPLICAS, "replicas", &REPLICAS, move || custom.get().replicas,
                move |n| shown.tweak(|c| c.replicas = n))}
            {setting(text::POLICY, "policy", as_is::<PodManagementPolicy>, move || custom.get().policy,
                move |p| shown.tweak(|c| c.policy = p))}
            {setting(text::SPREAD, "spread", switch, move || custom.get().spread,
                move |on| shown.tweak(|c| c.spread = on))}
            {setting(text::SELECTOR, "selector", switch, move || custom.get().node_selector,
                move |on| shown.tweak(|c| c.node_selector = on))}
            {setting(text::TAINTS, "taints", as_is::<TaintsPolicy>, move || custom.get().taints_policy,
                move |t| shown.tweak(|c| c.taints_policy = t))}
        </div>
    }
    .into_any()
}

on_demand! {
    topology_lab: fn kubectl_part() {
        || {
            let (lang, demo) = (use_lang(), use_demo::<State>());
            // What kubectl says of a lost node's pod is not what the chips say: the reader should
            // know before reading the table.
            let stranded = move || demo.with(|s| !present::stranded(&s.state).is_empty());
            view! {
                {move || stranded().then(|| view! {
                    <p class="kv-muted" data-state="kubectl-lost">{text::chapter::KUBECTL_STILL_RUNNING.get(lang.get())}</p>
                })}
                {demo.kubectl(&[Kind::Node, Kind::StatefulSet, Kind::Pod, Kind::PersistentVolumeClaim, Kind::PersistentVolume])}
            }
            .into_any()
        }
    }
}

on_demand! {
    topology_lab: fn history_part() {
        || {
            let shown = inside_demo::<Shown>();
            use_demo::<State>().history(move || shown.scenario.get_untracked(), &present::OFFERED, present::start).into_any()
        }
    }
}

on_demand! {
    topology_lab: fn simplified_part() {
        || {
            let shown = inside_demo::<Shown>();
            (move || paragraph(if shown.chapter().is_some() { text::chapter::SIMPLIFIED } else { text::SIMPLIFIED })).into_any()
        }
    }
}

/// The chapter's read-out: the skew per key, and what losing the worst node or zone would leave,
/// drawn as the book's demo draws it: a bar of the running pods with the survivors filled. Below
/// them the book's comparison: the same pods in one zone, all lost with it.
#[component]
fn Survival() -> impl IntoView {
    let (lang, demo, shown) = (use_lang(), use_demo::<State>(), inside_demo::<Shown>());
    let survival = Memo::new(move |_| demo.with(|s| present::survival(&s.state)));
    let pods = Memo::new(move |_| shown.scenario.get().chapter().pods as usize);
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
                    Some((kept, of, domain)) => text::chapter::loss_line(lang.get(), zone, Some(&domain), kept, of),
                    // No domain left to lose: nothing runs, so nothing survives.
                    None => text::chapter::loss_line(lang.get(), zone, None, 0, 0),
                })}</span>
            </div>
        }
    };
    view! {
        <section class="kv-survival" data-state="survivors">
            <svg class="kv-bars" role="img" width="156" height="60" inner_html=text(move || demo.with(|s| picture::bars(&s.state, lang.get())))></svg>
            <p class="kv-h">
                {tr(text::chapter::SURVIVORS)}" ・ "
                <span data-state="skew">{text(move || {
                    let s = survival.get();
                    text::chapter::skew_line(lang.get(), s.zone_skew, s.node_skew)
                })}</span>
            </p>
            {loss(false, "node-loss")}
            {loss(true, "zone-loss")}
            <div class="kv-loss">
                {bar(Signal::derive(move || (0, pods.get())))}
                <span data-state="packed-loss">{text(move || text::chapter::packed_line(lang.get(), pods.get()))}</span>
            </div>
        </section>
    }
}

/// `kept` of `of` as a row of slots, the kept ones filled: the book's bar. Its numbers are in the
/// text beside it, so the bar itself is hidden from screen readers.
fn bar(counts: Signal<(usize, usize)>) -> impl IntoView {
    view! {
        <span class="kv-bar" aria-hidden="true">
            {move || {
                let (kept, of) = counts.get();
                (0..of).map(|i| view! { <span class:kv-kept=i < kept></span> }).collect_view()
            }}
        </span>
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
    let (lang, demo, shown) = (use_lang(), use_demo::<State>(), inside_demo::<Shown>());
    let dispatch = demo.dispatch;
    let zone = {
        let key = key.clone();
        Memo::new(move |_| demo.with(|s| present::zone(&s.state, &key)))
    };
    let nodes = Memo::new(move |_| zone.with(|z| z.nodes.iter().map(|n| n.name.clone()).collect::<Vec<_>>()));
    let volumes = Memo::new(move |_| zone.with(|z| z.volumes.iter().map(|(pv, _)| pv.clone()).collect::<Vec<_>>()));
    let zone_up = Memo::new(move |_| zone.with(|z| z.nodes.iter().any(|n| !n.down)));
    // A cluster without any StorageClass (the book's chapter) has no volume row.
    let storage_less = flag(move || demo.with(|s| s.state.classes.is_empty()));
    let fail_zone = move || {
        let zone = zone.with(|z| z.zone.clone())?;
        // A zone whose every node is lost has nothing left to lose.
        let up = zone_up.get();
        (shown.chapter().is_some() && up).then(|| {
            let label = format!("{} {zone}", text::chapter::LOSE_ZONE.get(lang.get()));
            view! {
                <button class="kv-danger" data-action="fail-zone" data-zone=zone.clone() aria-label=label
                    on:click=click(move || dispatch.run(Action::FailZone { zone: zone.clone() }))>
                    {text::chapter::LOSE_ZONE.get(lang.get())}
                </button>
            }
        })
    };
    view! {
        <section class="kv-zone" data-zone=key class:kv-lost=flag(move || zone.with(|z| !z.nodes.is_empty() && z.nodes.iter().all(|n| n.down)))
            class:kv-worst=flag(move || PICTURE && shown.chapter().is_some() && demo.with(|s| present::worst_zone(&s.state)) == zone.with(|z| z.zone.clone()))>
            <div class="kv-zone-head">
                <p class="kv-h">{text(move || text::zone_heading(lang.get(), zone.with(|z| z.zone.clone()).as_deref()))}</p>
                {fail_zone}
            </div>
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

/// One node and its pods. In the book's chapter a node that is up has a button that makes it fail;
/// a lost node has its two ways out, removal and return, and a force delete for each of its pods.
/// The card is drawn again when the node changes; its pods are a keyed list of their own.
fn node_card(name: String) -> AnyView {
    let (lang, demo, shown) = (use_lang(), use_demo::<State>(), inside_demo::<Shown>());
    let node = {
        let name = name.clone();
        Memo::new(move |_| demo.with(|s| present::node(&s.state, &name)))
    };
    let pods = Memo::new(move |_| node.with(|n| n.as_ref().map(|n| n.pods.clone()).unwrap_or_default()));
    // The pods a lost node holds, each offered a force delete.
    let lost =
        Memo::new(move |_| node.with(|n| n.as_ref().filter(|n| n.down).map(|n| n.pods.clone()).unwrap_or_default()));
    let card = Memo::new(move |_| node.get().map(|n| present::NodeView { pods: Vec::new(), ..n }));
    (move || {
        let n = card.get()?;
        let at = Some(n.name.clone());
        let fail_node = (shown.chapter().is_some() && !n.down)
            .then(|| act("fail-node", at.clone(), None, text::chapter::LOSE_NODE, Action::FailNode { node: n.name.clone() }));
        let (remove, back) = (n.down.then(|| act("delete-node", at.clone(), None, text::DELETE_NODE, Action::DeleteNode { node: n.name.clone() })),
            n.down.then(|| act("recover-node", at.clone(), None, text::RECOVER_NODE, Action::RecoverNode { node: n.name.clone() })));
        Some(view! {
            <div class="kv-node" data-node=n.name.clone() class:kv-down=n.tainted class:kv-lost=n.down>
                <strong>{n.name.clone()}</strong>
                {n.down.then(|| view! { <span class="kv-tag kv-tag-ng" data-state="lost">{text::chapter::LOST.get(lang.get())}</span> })}
                {(n.tainted && !n.down).then(|| view! { <span class="kv-tag kv-tag-ng">{text::TAINTED.get(lang.get())}</span> })}
                {fail_node}
                {remove}
                {back}
                {n.labels.into_iter().map(|l| view! { <span class="kv-tag">{l}</span> }).collect_view()}
                <div class="kv-chips">
                    {move || pods.with(Vec::is_empty).then(|| view! { <span class="kv-muted">{text::NO_PODS.get(lang.get())}</span> })}
                    {rows(pods, pod_chip)}
                    {rows(lost, force_delete)}
                </div>
            </div>
        })
    })
    .into_any()
}

/// A button of the chapter that acts on one node or one pod: a single shape for all of them, so
/// the wasm carries its code once.
fn act(action: &'static str, node: Option<String>, pod: Option<String>, label: Msg, run: Action) -> AnyView {
    let (lang, dispatch) = (use_lang(), use_demo::<State>().dispatch);
    let name = node.clone().or_else(|| pod.clone()).unwrap_or_default();
    view! {
        <button class:kv-danger=action != "recover-node" data-action=action data-node=node data-pod=pod
            aria-label=text(move || format!("{} {name}", label.get(lang.get())))
            on:click=click(move || dispatch.run(run.clone()))>
            {tr(label)}
        </button>
    }
    .into_any()
}

/// The force delete of a pod on a lost node: the operator's promise that it really stopped.
fn force_delete(pod: String) -> AnyView {
    act("force-delete-pod", None, Some(pod.clone()), text::FORCE_DELETE, Action::ForceDeletePod { pod })
}

/// A pod on its node; on a lost node it says it is unknown, or Terminating and unconfirmed.
fn pod_chip(pod: String) -> AnyView {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    let phase = {
        let pod = pod.clone();
        Memo::new(move |_| demo.with(|s| present::phase(&s.state, &pod)))
    };
    let stuck = move || phase.get().and_then(text::stuck_phase);
    let label = {
        let pod = pod.clone();
        text(move || match stuck() {
            Some(tag) => format!("{pod} ・ {}", tag.get(lang.get())),
            None => pod.clone(),
        })
    };
    let code = text(move || phase.get().map_or("", present::phase_code).to_string());
    view! { <span class="kv-chip" data-pod=pod data-phase=code class:kv-lost=flag(move || stuck().is_some())>{label}</span> }
        .into_any()
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
    // The book's chapter places every pod until a loss: with none Pending it says nothing here.
    let quiet = flag(move || {
        inside_demo::<Shown>().chapter().is_some() && demo.with(|s| present::pending(&s.state).is_empty())
    });
    view! {
        <div hidden=quiet>
            <p class="kv-h">{tr(text::PENDING)}</p>
            <Lines lines=pending class="kv-mono" state="pending"/>
        </div>
        <div hidden=flag(move || demo.with(|s| s.state.classes.is_empty()))>
            <p class="kv-h">{tr(text::PVCS)}</p>
            <Lines lines=claims class="kv-mono" state="pvcs"/>
        </div>
    }
}
