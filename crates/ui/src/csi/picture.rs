//! The cluster as a picture, in the node cards' place: the disk in its zone, the claim that points
//! to it, a line from the disk to each node it is attached to, a line from a node to each pod that
//! sees it, and the line the last action tried when the model refused it. The node boxes are the
//! nodes, with their buttons inside; the words stay in the verdict, the log and the drawing's
//! description. Everything is drawn from `present::picture` and `present::node_card`; the lines,
//! the disk and the pods are markup written by `drawing.rs` (it says why).

use kubevol_sim::csi::{Action, State, DEMO_CLAIM};
use leptos::prelude::*;

use super::present::{self, Disk, NodeCard, Picture, Tried};
use super::text as words;
use crate::demo::{use_demo, use_lang};
use crate::drawing::{cross, drawn, edge, escape, line, percent, Drawing, PICTURE};
use crate::lang::{Lang, Msg};
use crate::markup::Kept;
use crate::widgets::{click, flag, named, text, tr};

/// Where a column has its middle, in tenths of a percent of the picture's width: the disk without
/// a zone is drawn between the two nodes.
fn middle(column: Option<usize>) -> usize {
    column.map_or(500, |c| 250 + 500 * c)
}

/// The attach lines between the disk row and the nodes, with the drawing's title and description.
pub fn wires(state: &State, picture: &Picture, cards: &[NodeCard], lang: Lang) -> String {
    drawn(|| attach_lines(state, picture, cards, lang))
}

fn attach_lines(state: &State, picture: &Picture, cards: &[NodeCard], lang: Lang) -> String {
    let mut d = Drawing::new(words::PICTURE.get(lang), &words::picture_desc(lang, state, picture, cards));
    let Some(disk) = &picture.disk else { return d.markup() };
    let from = middle(disk.column);
    let to = |node: &str| middle(present::nodes().iter().position(|n| *n == node));
    let wire = |node: &str| line(&percent(from), "0", &percent(to(node)), "100%");
    for (node, up) in &picture.attached {
        d.edge("attach", &disk.name, node, if *up { "" } else { "kv-dead" }, false, &wire(node));
    }
    if let Some(Tried::Attach { node }) = &picture.tried {
        let cut = cross(&percent((from + to(node)) / 2), "50%");
        d.edge("attach", &disk.name, node, "kv-refused", true, &(wire(node) + &cut));
    }
    d.markup()
}

/// The disk as a cylinder with its name, filled to what the pods see: all of it, except while an
/// expansion waits for a node to grow the filesystem.
pub fn cylinder(disk: &Disk) -> String {
    let seen = 22 * disk.seen_gib.min(disk.size_gib) / disk.size_gib.max(1);
    format!(
        "<rect class=\"kv-seen\" x=\"2\" y=\"{}\" width=\"40\" height=\"{seen}\"/>\
         <path d=\"M2 6v22a20 5 0 0 0 40 0V6\"/>\
         <ellipse cx=\"22\" cy=\"6\" rx=\"20\" ry=\"5\"/><text x=\"22\" y=\"23\">{}</text>",
        28 - seen,
        escape(&disk.name)
    )
}

/// The disk row: the claim's tag pointing to the disk, the disk, and the volume line's words.
pub fn store(state: &State, picture: &Picture, lang: Lang) -> String {
    let drawing = drawn(|| {
        let claim = picture.claim.map_or(String::new(), |c| {
            format!("<span class=\"kv-claim\" data-claim=\"{c}\">{} {c} →</span>", words::CLAIM_TAG.get(lang))
        });
        let disk = picture.disk.as_ref().map_or(String::new(), |d| {
            format!(
                "<svg class=\"kv-cylinder\" width=\"44\" height=\"34\" aria-hidden=\"true\" data-pv=\"{}\">{}</svg>",
                escape(&d.name),
                cylinder(d)
            )
        });
        claim + &disk
    });
    // Beside the drawing, whose tag names the claim, the line names the volume alone.
    let tagged = picture.claim.is_some() && !drawing.is_empty();
    let volume = if tagged { words::volume_words(state, lang) } else { words::volume_line(state, lang) };
    let volume = escape(&volume);
    format!("{drawing}<p class=\"kv-volume\" data-state=\"volume\">{volume}</p>")
}

/// A node's name, zone and answer, and what is attached to it.
pub fn head(card: &NodeCard, lang: Lang) -> String {
    let zone = card.zone.as_ref().map_or(String::new(), |z| {
        format!("<span class=\"kv-tag\" data-zone=\"{}\">{}</span>", escape(z), escape(&words::zone_label(lang, z)))
    });
    let down = if card.responsive {
        String::new()
    } else {
        format!("<span class=\"kv-tag kv-tag-ng\">{}</span>", words::NOT_RESPONDING.get(lang))
    };
    let disk =
        card.attached.as_ref().map_or(words::NOT_ATTACHED.get(lang).to_string(), |v| words::attached_to(lang, v));
    format!(
        "<strong>{}</strong>{zone}{down}<span class=\"kv-device\" data-state=\"disk\">{}</span>",
        card.name,
        escape(&disk)
    )
}

/// A node's pods, each with its mount line from the node, and the pod the model refused.
pub fn pods(card: &NodeCard, tried: Option<&str>, none: &str) -> String {
    let mut out = String::new();
    let shown = card.pods.iter().map(|p| (p.as_str(), false)).chain(tried.map(|p| (p, true)));
    for (pod, refused) in shown {
        let class = if refused { " kv-refused" } else { "" };
        let line = drawn(|| {
            let path = edge("mount", card.name, pod, "", refused, "<path d=\"M1 0v9h11\"/>");
            format!("<svg class=\"kv-mount\" width=\"12\" height=\"16\" aria-hidden=\"true\">{path}</svg>")
        });
        let pod = escape(pod);
        out += &format!(
            "<span class=\"kv-pod{class}\" data-pod=\"{pod}\">{line}<span class=\"kv-chip\">{pod}</span></span>"
        );
    }
    if out.is_empty() {
        out = format!("<span class=\"kv-muted\">{}</span>", escape(none));
    }
    out
}

/// Each part of the picture works it out from the session itself (`present::picture` is a few
/// comparisons on two nodes): one `Memo<Picture>` shared by them measured 0.5 KB brotli more on
/// the chapter's first load than the handful of times it is computed per click.
#[component]
pub fn Picture() -> impl IntoView {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    let markup = move |draw: fn(&State, &Picture, Lang) -> String| {
        text(move || demo.with(|s| draw(&s.state, &present::picture(s), lang.get())))
    };
    view! {
        <div class="kv-pic" data-state="picture"
            class:kv-zoned=flag(move || PICTURE && demo.with(|s| present::picture(s).zoned))>
            <div class="kv-store"
                data-column=text(move || drawn(|| demo.with(|s| {
                    present::picture(s).disk.and_then(|d| d.column).map_or(String::new(), |c| c.to_string())
                })))
                inner_html=Kept(markup(store))></div>
            <svg class="kv-wires" role="img"
                inner_html=Kept(markup(|s, p, lang| {
                    wires(s, p, &present::nodes().map(|n| present::node_card(s, n)), lang)
                }))></svg>
            {present::nodes().map(|name| view! { <NodeBox name=name/> }).collect_view()}
        </div>
    }
}

/// One node: its name and zone, what is attached, its pods, and the buttons that act on it.
#[component]
fn NodeBox(name: &'static str) -> impl IntoView {
    let (lang, demo) = (use_lang(), use_demo::<State>());
    let dispatch = demo.dispatch;
    let card = Memo::new(move |_| demo.with(|s| present::node_card(&s.state, name)));
    let chips = text(move || {
        let tried = demo.with(|s| match present::picture(s).tried {
            Some(Tried::Mount { node, pod }) if PICTURE && node == name => Some(pod),
            _ => None,
        });
        card.with(|c| pods(c, tried.as_deref(), words::NO_PODS.get(lang.get())))
    });
    let head = text(move || card.with(|c| head(c, lang.get())));
    let button = move |action: &'static str, label: Msg, run: fn(&'static str) -> Action| {
        view! {
            <button data-action=action data-node=name aria-label=named(label, name.to_string())
                on:click=click(move || dispatch.run(run(name)))>
                {tr(label)}
            </button>
        }
    };
    view! {
        <section class="kv-node" data-node=name class:kv-down=flag(move || !card.get().responsive)
            class:kv-on=flag(move || card.get().attached.is_some())>
            <header class="kv-node-head" inner_html=Kept(head)></header>
            <p class="kv-pods" data-state="pods" inner_html=Kept(chips)></p>
            {(!demo.goal).then(|| view! {
            <div class="kv-buttons">
                {button("attach", words::ATTACH, |node| Action::Attach { claim: DEMO_CLAIM.into(), node: node.into() })}
                {button("mount", words::MOUNT, |node| {
                    Action::Mount { claim: DEMO_CLAIM.into(), node: node.into(), pod: None }
                })}
                {button("detach", words::DETACH, |node| Action::Detach { claim: DEMO_CLAIM.into(), node: node.into() })}
            </div>
            })}
        </section>
    }
}
