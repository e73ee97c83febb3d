//! The topology demo, "区画とボリューム": where pods and volumes land on the three-node cluster of
//! seed 004, and the scheduler's own FailedScheduling message when they cannot, all decided by
//! `kubevol_sim::topology`. The book's topology chapter is one of its scenarios (`data-preset="spread"`).
//!
//! It has two faces, the book's chapter (`chapter/`) and the articles' scenarios (`articles/`): the
//! layout here is what both show, and each face fills the slots of its [`Face`]. The demo picks the
//! face once, from the scenario on show. `present.rs` says what the state means, `text.rs` how it
//! reads, for both; each face's folder has its own.

pub mod articles;
pub mod chapter;
pub mod picture;
pub mod present;
pub mod text;

use kubevol_sim::cluster::Kind;
use kubevol_sim::topology::{Action, State};
use leptos::prelude::*;

use crate::demo::{self, inside_demo, use_demo, use_lang, DemoKind, Notice, Opening, Place};
use crate::drawing::{escape, PICTURE};
use crate::folds::Fold;
use crate::lang::{self, step_counter, Lang, Msg};
use crate::markup::Kept;
use crate::parts::View;
use crate::shell::Shell;
use crate::shell::Tone;
use crate::widgets::{click, flag, legend, paragraph, rows, text, tr, Choice, Line, Lines, Verdict};
use present::{Pick, Scenario, TopoSession};

/// The scenario on show, the face it shows and the one way to start another, for the components
/// and folds.
#[derive(Clone, Copy)]
pub struct Shown {
    scenario: RwSignal<Scenario>,
    /// Whether the face is the chapter's: a memo, so a change within one face rebuilds nothing.
    in_chapter: Memo<bool>,
    demo: demo::Demo<State>,
}

/// What the book's chapter and the articles' scenarios show differently in the one layout.
pub struct Face {
    /// Above the step buttons: the face's own settings.
    settings: fn(Shown) -> Option<AnyView>,
    /// Between the zones and the pending pods: the face's read-out (the chapter's survivors, the
    /// articles' map of the cluster).
    read_out: fn() -> Option<AnyView>,
    badge: fn(&State, Scenario, Lang) -> String,
    tone: fn(&TopoSession, Scenario) -> Tone,
    verdict: fn(&TopoSession, Scenario, Lang) -> String,
    legend: Msg,
    /// Whether the scenarios fold's free controls apply (they build a cluster of the articles').
    free_controls: bool,
    /// The button on a zone that is up, and on a node that is up, that makes it fail.
    lose_zone: Option<fn(String) -> AnyView>,
    lose_node: Option<fn(String) -> AnyView>,
    /// The zone whose loss would cost the most, to be marked.
    worst_zone: Option<fn(&State) -> Option<String>>,
    /// Whether the Pending list says nothing while no pod is Pending.
    quiet_pending: bool,
}

/// What the book's chapter and the articles' scenarios show differently in the folds.
pub struct Folded {
    /// What the demo leaves out of real Kubernetes.
    simplified: Msg,
}

/// A topology history starts from the scenario on show (`demo::history_link`).
impl demo::Started<Scenario> for Shown {
    fn started(&self) -> RwSignal<Scenario> {
        self.scenario
    }
}

impl Shown {
    /// The face on show.
    fn face(self) -> &'static Face {
        if self.in_chapter.get() {
            &chapter::FACE
        } else {
            &articles::FACE
        }
    }

    /// What the face shows in its folds: read only by the folds' parts, so their texts are
    /// fetched with them, not with the first screen.
    fn folded(self) -> &'static Folded {
        if self.in_chapter.get() {
            &chapter::FOLDED
        } else {
            &articles::FOLDED
        }
    }

    fn restart(self, next: Scenario) {
        self.scenario.set(next);
        self.demo.restart(present::start(next));
    }
}

crate::kind::declare! {
    /// The topology demo, declared (`kind.rs`): what the mount, the build's render, the script API's
    /// module and the Practice fold read of this kind.
    Topology: Topology in parts topology, topology_lab;
    State, Scenario, Shown; present; TopologyDemo, FOLDS;

    fn presets() -> Vec<&'static str> {
        Scenario::preset_codes()
    }

    /// The scenario a placeholder's `data-preset` picks (an article scenario's code, or "spread"
    /// for the book's chapter), and what to say if the demo has no such scenario.
    fn first(place: &Place) -> (Scenario, Option<Notice>) {
        let default = Scenario::default();
        match place.preset.as_deref() {
            None => (default, None),
            Some(code) => match Scenario::from_code(code) {
                Some(scenario) => (scenario, None),
                None => (default, Some(Notice::unknown_preset(code, Some(Scenario::codes())))),
            },
        }
    }
}

/// By name, the views of the folds whose content is the topology demo's own
/// (`kind::Declared::own_fold`).
const FOLDS: &[(&str, View)] = &[
    // The other scenarios: seed 004's articles, and free controls to build one's own.
    ("scenarios", scenarios),
    ("kubectl", KUBECTL_FOLD),
    ("simplified", SIMPLIFIED_FOLD),
];

#[component]
fn TopologyDemo(lang: Lang, place: Place, opening: Opening<Scenario, State>) -> impl IntoView {
    let notice = opening.notice;
    let (lang, demo) = crate::kind::provide::<Topology>(lang, opening.session, &place);
    let (session, dispatch) = (demo.session, demo.dispatch);
    let scenario = RwSignal::new(opening.config);
    // The one place that asks whether the scenario is the book's chapter.
    let in_chapter = Memo::new(move |_| matches!(scenario.get(), Scenario::Chapter(_)));
    let shown = Shown { scenario, in_chapter, demo };
    provide_context(shown);
    // A level's goal (`practice.rs`): its picture alone, under the demo's own context. The same
    // component, so the Practice panel calls only what a share link's demo calls too (`linked`).
    if place.goal {
        return view! { <Zones/> }.into_any();
    }

    let badge = Signal::derive(move || session.with(|s| (shown.face().badge)(&s.state, scenario.get(), lang.get())));
    let tone = Signal::derive(move || session.with(|s| (shown.face().tone)(s, scenario.get())));

    view! {
            <Shell kind=DemoKind::Topology title=text::TITLE badge=badge tone=tone notice=notice>
                {move || (shown.face().settings)(shown)}
                <div class="kv-controls">
                    <button data-action="step" on:click=click(move || dispatch.run(Action::Step))>
                        {tr(text::STEP)}
                    </button>
                    <button data-action="run" on:click=click(move || dispatch.run(Action::Run { max: 100 }))>
                        {tr(text::RUN)}
                    </button>
                    <span class="kv-step" data-state="step">{move || session.with(|s| step_counter(s.state.now))}</span>
                    <button class="kv-reset" data-action="reset"
                        on:click=click(move || shown.restart(shown.scenario.get_untracked()))>
                        {tr(lang::RESET)}
                    </button>
                </div>
                <Zones/>
                {move || (shown.face().read_out)()}
                <Pending/>
                <Verdict
                    text=Signal::derive(move || session.with(|s| (shown.face().verdict)(s, scenario.get(), lang.get())))
                    refused=Signal::derive(move || session.with(|s| s.last_refusal().is_some()))
                />
                {crate::kind::ending::<Topology>(
                    &place,
                    move || legend(shown.face().legend),
                    vec![Fold::new("scenarios", text::SCENARIOS)],
                )}
            </Shell>
    }
    .into_any()
}

fn scenarios() -> AnyView {
    let shown = inside_demo::<Shown>();
    let scenario = shown.scenario;
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
        {articles::free_controls(shown)}
    }
    .into_any()
}

const KUBECTL_FOLD: View = || {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    // What kubectl says of a lost node's pod is not what the chips say: the reader should
    // know before reading the table.
    let stranded = move || demo.with(|s| !present::stranded(&s.state).is_empty());
    view! {
        {move || stranded().then(|| view! {
            <p class="kv-muted" data-state="kubectl-lost">{text::KUBECTL_STILL_RUNNING.get(lang.get())}</p>
        })}
        {demo.kubectl(&[
            Kind::Node,
            Kind::StatefulSet,
            Kind::Pod,
            Kind::PersistentVolumeClaim,
            Kind::PersistentVolume,
        ])}
        {demo.prompt_fold()}
    }
    .into_any()
};

const SIMPLIFIED_FOLD: View = || {
    let shown = inside_demo::<Shown>();
    (move || paragraph(shown.folded().simplified)).into_any()
};

/// The cluster, one column per zone: its nodes with their pods, and the volumes created there.
#[component]
fn Zones() -> impl IntoView {
    let demo = use_demo::<State>();
    let zones = Memo::new(move |_| demo.with(|s| present::zone_keys(&s.state)));
    view! { <div class="kv-zones" data-state="zones">{rows(zones, zone_column)}</div> }
}

/// One zone, with its face's button that makes the whole zone fail.
fn zone_column(key: String) -> AnyView {
    let (lang, demo, shown) = (use_lang(), use_demo::<State>(), inside_demo::<Shown>());
    let zone = {
        let key = key.clone();
        Memo::new(move |_| demo.with(|s| present::zone(&s.state, &key)))
    };
    let nodes = Memo::new(move |_| zone.with(|z| z.nodes.iter().map(|n| n.name.clone()).collect::<Vec<_>>()));
    let volumes = Memo::new(move |_| zone.with(|z| z.volumes.iter().map(|(pv, _)| pv.clone()).collect::<Vec<_>>()));
    let zone_up = Memo::new(move |_| zone.with(|z| z.nodes.iter().any(|n| !n.down)));
    // The zone's name alone: what its heading and its button follow, so a change of its pods does
    // not build the button again.
    let name = Memo::new(move |_| zone.with(|z| z.zone.clone()));
    // A cluster without any StorageClass (the book's chapter) has no volume row.
    let storage_less = flag(move || demo.with(|s| s.state.classes.is_empty()));
    let lose_zone = move || {
        let zone = name.get()?;
        // A zone whose every node is lost has nothing left to lose.
        let up = zone_up.get();
        shown.face().lose_zone.filter(|_| up).map(|button| button(zone))
    };
    let lost = flag(move || zone.with(|z| !z.nodes.is_empty() && z.nodes.iter().all(|n| n.down)));
    let worst = flag(move || {
        PICTURE && shown.face().worst_zone.is_some_and(|worst| demo.with(|s| worst(&s.state)) == name.get())
    });
    let heading = text(move || text::zone_heading(lang.get(), name.get().as_deref()));
    view! {
        <section class="kv-zone" data-zone=key class:kv-lost=lost class:kv-worst=worst>
            <div class="kv-zone-head">
                <p class="kv-h">{heading}</p>
                {lose_zone}
            </div>
            {move || (!zone.with(|z| z.storage)).then(|| view! {
                <span class="kv-tag">{text::NO_STORAGE.get(lang.get())}</span>
            })}
            {rows(nodes, node_card)}
            <div class="kv-chips kv-pvs" hidden=storage_less>
                {move || volumes.with(Vec::is_empty).then(|| view! {
                    <span class="kv-muted">{text::NO_VOLUMES.get(lang.get())}</span>
                })}
                {rows(volumes, pv_chip)}
            </div>
        </section>
    }
    .into_any()
}

/// One node and its pods. A node that is up has its face's button that makes it fail; a lost node
/// has its two ways out, removal and return, and a force delete for each of its pods.
/// Each part of the card follows what it shows: a node that is lost changes its tag and buttons,
/// and its pods' chips (a keyed list of their own) stay. Drawn again whole at each change of the
/// node, the card built every chip again, the most of a zone loss's click.
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
    // The node without its pods: what the card's tags and buttons follow (fewer memos, less of
    // the reactive graph's own work at each click).
    let card = Memo::new(move |_| node.get().map(|n| present::NodeView { pods: Vec::new(), ..n }));
    let down = move || card.with(|n| n.as_ref().is_some_and(|n| n.down));
    let taint = move || card.with(|n| n.as_ref().filter(|n| !n.down).and_then(|n| n.taint.clone()));
    let labels = move || card.with(|n| n.as_ref().map(|n| n.labels.clone()).unwrap_or_default());
    let tainted = flag(move || card.with(|n| n.as_ref().is_some_and(|n| n.taint.is_some())));
    let buttons = {
        let name = name.clone();
        move || {
            let (at, node) = (Some(name.clone()), name.clone());
            if !down() {
                return shown.face().lose_node.map(|button| button(node)).into_iter().collect::<Vec<_>>();
            }
            vec![
                act("delete-node", at.clone(), None, text::DELETE_NODE, Action::DeleteNode { node: node.clone() }),
                act("recover-node", at, None, text::RECOVER_NODE, Action::RecoverNode { node }),
            ]
        }
    };
    let shown_name = name.clone();
    view! {
        <div class="kv-node" data-node=name class:kv-down=tainted class:kv-lost=flag(down)>
            <strong>{shown_name}</strong>
            {move || down().then(|| view! {
                <span class="kv-tag kv-tag-ng" data-state="lost">{text::LOST.get(lang.get())}</span>
            })}
            {move || taint().map(|taint| view! {
                <span class="kv-tag kv-tag-ng kv-taint">{format!("taint: {taint}")}</span>
            })}
            {buttons}
            {move || labels().into_iter().map(|l| view! { <span class="kv-tag">{l}</span> }).collect_view()}
            <div class="kv-chips">
                <span class="kv-pod-chips" inner_html=Kept(pod_chips(pods))></span>
                {rows(lost, force_delete)}
            </div>
        </div>
    }
    .into_any()
}

/// A button that acts on one node or one pod: a single shape for all of them, so
/// the wasm carries its code once.
fn act(action: &'static str, node: Option<String>, pod: Option<String>, label: Msg, run: Action) -> AnyView {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    // A level's goal draws no control.
    if demo.goal {
        return ().into_any();
    }
    let name = node.clone().or_else(|| pod.clone()).unwrap_or_default();
    // A level that forbids it disables it, and says why where the button is.
    let why = {
        let run = run.clone();
        text(move || demo.forbid.with(|f| f.why::<State>(&run, lang.get())).unwrap_or_default())
    };
    view! {
        <button class:kv-danger=action != "recover-node" data-action=action data-node=node data-pod=pod
            aria-label=text(move || format!("{} {name}", label.get(lang.get())))
            disabled=flag(move || !why.get().is_empty())
            title=move || Some(why.get()).filter(|w| !w.is_empty())
            on:click=click(move || demo.dispatch.run(run.clone()))>
            {tr(label)}
        </button>
    }
    .into_any()
}

/// The force delete of a pod on a lost node: the operator's promise that it really stopped.
fn force_delete(pod: String) -> AnyView {
    act("force-delete-pod", None, Some(pod.clone()), text::FORCE_DELETE, Action::ForceDeletePod { pod })
}

/// A node's pods as chips, or that it has none; on a lost node a chip says its pod is unknown, or
/// Terminating and unconfirmed. Markup kept in place (`markup.rs`): new pods add their chips and a
/// lost node's change their words, where a view per chip built four reactive parts each.
fn pod_chips(pods: Memo<Vec<String>>) -> Signal<String> {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    text(move || {
        let lang = lang.get();
        let on_node = pods.get();
        if on_node.is_empty() {
            return format!("<span class=\"kv-muted\">{}</span>", escape(text::NO_PODS.get(lang)));
        }
        demo.with(|s| {
            let mut out = String::new();
            for pod in &on_node {
                let phase = present::phase(&s.state, pod);
                let stuck = phase.and_then(text::stuck_phase);
                let (class, label) = match stuck {
                    Some(tag) => (" kv-lost", format!("{pod} ・ {}", tag.get(lang))),
                    None => ("", pod.clone()),
                };
                let code = phase.map_or("", present::phase_code);
                let pod = escape(pod);
                out += &format!(
                    "<span class=\"kv-chip{class}\" data-pod=\"{pod}\" data-phase=\"{code}\">{}</span>",
                    escape(&label)
                );
            }
            out
        })
    })
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
    let quiet = flag(move || {
        inside_demo::<Shown>().face().quiet_pending && demo.with(|s| present::pending(&s.state).is_empty())
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
