//! The cluster as a picture, in both faces. The chapter's: the zones' columns with their nodes and
//! pods are the demo's own boxes (`mod.rs`, lost nodes and zones crossed out by the stylesheet);
//! this draws the skew as the zones' bar heights, the zone whose loss costs the most in the refusal
//! colour. The articles': a map of the zones, their nodes, pods and volumes (`cluster`).

use kubevol_sim::scheduling::Reason;
use kubevol_sim::topology::State;

use super::chapter::present as chapter;
use super::chapter::text as bar_words;
use super::present;
use super::text as words;
use crate::drawing::{cross, drawn, edge, escape, percent, Drawing};
use crate::lang::Lang;

/// Each bar's width and the space it takes, and the tallest bar, in pixels.
const STEP: usize = 52;
const TALL: usize = 30;
/// Room above the tallest bar for its count.
const TOP: usize = 12;

pub fn bars(state: &State, lang: Lang) -> String {
    drawn(|| skew_bars(state, lang))
}

fn skew_bars(state: &State, lang: Lang) -> String {
    let counts = chapter::zone_counts(state);
    let worst = chapter::worst_zone(state);
    let most = counts.iter().map(|(_, n)| *n).max().unwrap_or(0).max(1);
    let said: Vec<String> = counts.iter().map(|(z, n)| format!("{z}: {n}")).collect();
    let mut desc = said.join(", ");
    if let Some(w) = &worst {
        desc += &format!(". {} {w}", bar_words::WORST.get(lang));
    }
    let mut d = Drawing::new(bar_words::BARS.get(lang), &desc);
    for (i, (zone, n)) in counts.iter().enumerate() {
        let (x, h) = (i * STEP, n * TALL / most);
        let class = if worst.as_ref() == Some(zone) { " class=\"kv-worst\"" } else { "" };
        d.shape(&format!(
            "<g data-zone=\"{}\" data-count=\"{n}\"{class}><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{h}\"/>\
             <text x=\"{}\" y=\"{}\">{}</text><text x=\"{}\" y=\"56\">{}</text></g>",
            escape(zone),
            x + 8,
            TOP + TALL - h,
            STEP - 16,
            x + STEP / 2,
            TOP + TALL - h - 2,
            n,
            x + STEP / 2,
            escape(zone)
        ));
    }
    d.markup()
}

/// Rows of the articles' map, in pixels: the zone's name and its spread mark, a node's box and the
/// space under it, the Pending pods' row, the volumes' row.
const HEAD: usize = 32;
const NODE: usize = 34;
const WANT: usize = 24;
const STORE: usize = 40;

/// Where the `i`-th dot of the column at `left` has its middle, in tenths of a percent of the
/// map's width (`col` is a column's width).
fn dot(left: usize, col: usize, i: usize) -> usize {
    left + col * (12 + 13 * i) / 100
}

/// The articles' cluster as a map, one column per zone, side by side at every width (the zone
/// cards above it wrap on a phone): the zones a StorageClass may provision into shaded; the zone
/// that holds the zone spread's minimum marked while the counts differ; each node a box, a tainted
/// one dashed, with its pods as dots; each Pending pod in the column it wants, crossed once
/// refused, with a crossed line to the zone its volume holds it to when that is another; each
/// volume in the zone its node affinity names, with a bind line to its claim's pod; under it, each
/// refusing node's own line of the FailedScheduling message. The rest of the words are in the
/// cards and in its description.
pub fn cluster(state: &State, lang: Lang) -> String {
    drawn(|| map(state, lang))
}

/// Written into one string by two writers (`put`, and `tag`, which also writes the numbers).
/// A first version with a `format!` at each place, and a description that also listed every
/// node, pod and volume (the zone cards list them), measured 0.4 KB brotli more.
fn map(s: &State, lang: Lang) -> String {
    let keys = present::zone_keys(s);
    let col = 1000 / keys.len().max(1);
    let left = |zone: &str| keys.iter().position(|k| k == zone).unwrap_or(0) * col;
    let wanting = present::wanting(s);
    let least = present::least_zones(s);
    let rows = keys.iter().map(|k| s.nodes.values().filter(|n| n.zone.as_deref().unwrap_or("") == k).count());
    let want_y = HEAD + rows.max().unwrap_or(0) * NODE;
    let store_y = want_y + if wanting.is_empty() { 0 } else { WANT };
    let height = store_y + if s.pvs.is_empty() { 0 } else { STORE };
    // Each pod's dot, and each volume's place with its claim: a name and a middle, for the lines.
    let mut dots: Vec<(String, usize, usize)> = Vec::new();
    let mut disks: Vec<(String, String, usize)> = Vec::new();
    let (mut under, mut shapes, mut desc) = (String::new(), String::new(), String::new());
    for key in &keys {
        let z = present::zone(s, key);
        let x = left(key);
        let allowed = present::provisions_into(s, key);
        let least = least.contains(key);
        let name = escape(z.zone.as_deref().unwrap_or(words::NO_ZONE.get(lang)));
        let key = escape(key);
        let class = if allowed { "kv-col kv-allowed" } else { "kv-col" };
        tag(&mut shapes, "<g", &[("data-zone", T(&key))]);
        tag(&mut shapes, "><rect", &[("class", T(class)), ("x", P(x + 5)), ("y", N(0)), ("width", P(col - 10))]);
        tag(&mut shapes, "", &[("height", N(height)), ("rx", N(6))]);
        put(&mut shapes, &["/>"]);
        text_at(&mut shapes, "kv-zname", x + col / 2, 13, &name);
        if least {
            text_at(&mut shapes, "kv-least", x + col / 2, 27, words::LEAST.get(lang));
        }
        for (k, node) in z.nodes.iter().enumerate() {
            let top = HEAD + k * NODE;
            let name = escape(&node.name);
            let tainted = if node.taint.is_some() { "kv-tainted" } else { "" };
            tag(&mut shapes, "<g", &[("data-node", T(&name)), ("class", T(tainted))]);
            tag(&mut shapes, "><rect", &[("x", P(x + 20)), ("y", N(top)), ("width", P(col - 40))]);
            put(&mut shapes, &[" height=\"30\" rx=\"4\"/>"]);
            text_at(&mut shapes, "", x + 40, top + 12, &name);
            for (i, pod) in node.pods.iter().enumerate() {
                circle(&mut shapes, pod, "", dot(x, col, i), top + 20, false);
                dots.push((pod.clone(), dot(x, col, i), top + 20));
            }
            put(&mut shapes, &["</g>"]);
        }
        for (i, w) in wanting.iter().filter(|w| w.zone == *z.zone.as_deref().unwrap_or("")).enumerate() {
            circle(&mut shapes, &w.pod, "kv-wants", dot(x, col, i), want_y + 12, w.refused);
            dots.push((w.pod.clone(), dot(x, col, i), want_y + 12));
        }
        for (i, (pv, claim)) in z.volumes.iter().enumerate() {
            let at = volume_x(x, col, i, z.volumes.len());
            disks.push((pv.clone(), claim.clone(), at));
            let pv = escape(pv);
            tag(
                &mut shapes,
                "<svg",
                &[("class", T("kv-pv-disk")), ("x", P(at)), ("y", N(store_y + 12)), ("data-pv", T(&pv))],
            );
            put(&mut shapes, &[DISK, &pv, "</text></svg>"]);
        }
        put(&mut shapes, &["</g>"]);
        desc += &words::zone_said(lang, &name, allowed, least);
    }
    let at = |pod: &str| dots.iter().find(|(name, _, _)| name == pod).map(|&(_, x, y)| (x, y));
    // The bind lines, under the zones (their shading lets them through) and the boxes: from each
    // volume up to the pod of its claim.
    for (pv, claim, x) in &disks {
        let pod = s.pods.values().find(|p| p.claim.as_ref() == Some(claim));
        let Some((px, py)) = pod.and_then(|p| at(&p.name)) else { continue };
        let mut body = String::new();
        tag(&mut body, "<line", &[("x1", P(*x)), ("y1", N(store_y + 7)), ("x2", P(px)), ("y2", N(py))]);
        put(&mut body, &["/>"]);
        under += &edge("bind", pv, claim, "", false, &body);
    }
    for w in &wanting {
        let held = w.held.as_ref().zip(at(&w.pod)).map(|(held, (x, y))| {
            let to = left(held) + col / 2;
            let mut body = String::new();
            tag(&mut body, "<line", &[("x1", P(x)), ("y1", N(y)), ("x2", P(to)), ("y2", N(y))]);
            put(&mut body, &["/>"]);
            body += &cut((x + to) / 2, y);
            shapes += &edge("schedule", &w.pod, held, "kv-refused", true, &body);
            held
        });
        desc += &words::pending_said(lang, &w.pod, &w.zone, w.refused, held);
    }
    let mut d = Drawing::new(words::MAP.get(lang), &desc);
    d.shape(&under).shape(&shapes);
    let mut out = String::new();
    tag(&mut out, "<svg", &[("class", T("kv-map")), ("role", T("img")), ("width", T("100%")), ("height", N(height))]);
    put(&mut out, &[">", &d.markup(), "</svg>"]);
    // Under it, each refusing node's own line of each Pending pod's FailedScheduling message: only
    // the reasons the message holds, so a line never says what the scheduler did not.
    for node in s.nodes.keys() {
        for pod in s.pending_pods() {
            let failed = |r: &Reason| pod.failed_scheduling.as_ref().is_some_and(|f| f.has(*r));
            let Some(reason) = s.refusal_on(pod, node).filter(failed) else { continue };
            let node = escape(node);
            put(&mut out, &["<p class=\"kv-refusal\" data-node=\"", &node, "\" data-refused=\"\">", &node, ": "]);
            put(&mut out, &[&escape(&pod.name), ": ", reason.text(), "</p>"]);
        }
    }
    out
}

/// A volume's cylinder, its name's text left open: drawn at its place in its zone's row.
const DISK: &str = " overflow=\"visible\"><path d=\"M-8-5v10a8 3 0 0 0 16 0V-5\"/>\
                    <ellipse cy=\"-5\" rx=\"8\" ry=\"3\"/><text y=\"22\">";

/// Where the `i`-th of a zone's `n` volumes has its middle: spread over the column.
fn volume_x(left: usize, col: usize, i: usize, n: usize) -> usize {
    left + col * (20 + i * 30.min(80 / n.max(1))) / 100
}

/// Appends each part: one call where the map writes, not the append written out at each place.
#[inline(never)]
fn put(out: &mut String, parts: &[&str]) {
    for part in parts {
        out.push_str(part);
    }
}

/// An attribute's value: a text (escaped by the caller), a number, or tenths of a percent.
enum Value<'a> {
    T(&'a str),
    N(usize),
    P(usize),
}
use Value::{N, P, T};

/// `tag` (`<rect`, or nothing to go on with the one open) and its attributes, `name="value"`; a
/// text left empty is left out. The caller closes it.
#[inline(never)]
fn tag(out: &mut String, tag: &str, attrs: &[(&str, Value)]) {
    out.push_str(tag);
    for (name, value) in attrs {
        let number;
        let text = match value {
            T("") => continue,
            T(text) => *text,
            N(n) => {
                number = n.to_string();
                &number
            }
            P(tenths) => {
                number = percent(*tenths);
                &number
            }
        };
        put(out, &[" ", name, "=\"", text, "\""]);
    }
}

/// A text at `x` (tenths of a percent), `y`; `said` escaped by the caller.
fn text_at(out: &mut String, class: &str, x: usize, y: usize, said: &str) {
    tag(out, "<text", &[("class", T(class)), ("x", P(x)), ("y", N(y))]);
    put(out, &[">", said, "</text>"]);
}

/// `drawing::cross` at `x` (tenths of a percent), `y`.
fn cut(x: usize, y: usize) -> String {
    cross(&percent(x), &y.to_string())
}

/// A pod's dot, crossed when the scheduler refused it.
fn circle(out: &mut String, pod: &str, class: &str, x: usize, y: usize, refused: bool) {
    tag(out, "<g", &[("data-pod", T(&escape(pod))), ("class", T(class))]);
    put(out, &[if refused { " data-refused=\"\">" } else { ">" }]);
    tag(out, "<circle", &[("cx", P(x)), ("cy", N(y)), ("r", N(5))]);
    put(out, &["/>", &if refused { cut(x, y) } else { String::new() }, "</g>"]);
}
