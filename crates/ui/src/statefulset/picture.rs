//! The StatefulSet as a picture: one lane per ordinal, its pod above its claim and the volume the
//! claim is bound to. The line from a pod to its claim goes with the pod; the line from the claim
//! to its volume stays, which is the chapter's point. The ordinal that holds the rest back is
//! marked. The cards are `mod.rs`'s; the lines and volumes are markup from `drawing.rs`.

use kubevol_sim::statefulset::State;

use super::present::{self, Slot};
use super::text as words;
use crate::drawing::{drawn, edge, escape, line, percent, Drawing};
use crate::lang::Lang;

/// The line from an ordinal's pod down to its claim, while both exist, and the mark of the
/// ordinal that blocks the rest.
pub fn link(state: &State, slot: &Slot, lang: Lang) -> String {
    drawn(|| lines(state, slot, lang))
}

fn lines(state: &State, slot: &Slot, lang: Lang) -> String {
    let mut out = String::new();
    if let (Some(pod), Some(pvc)) = (&slot.pod, &slot.volume) {
        out += &edge("mount", &pod.name, &pvc.name, "", false, &line("50%", "0", "50%", "100%"));
    }
    if present::blocking(state) == Some(slot.ordinal) {
        let next = state.pod_name(slot.ordinal + 1);
        let mark = format!("{} {next}", words::BLOCKS.get(lang));
        out += &format!(
            "<text x=\"50%\" dx=\"6\" y=\"12\" class=\"kv-blocks\" data-state=\"blocking\">{}</text>",
            escape(&mark)
        );
    }
    out
}

/// The volumes' row under the claims: each claim's line to the volume it is bound to, and the
/// volume, in its ordinal's lane. With the drawing's title and description.
pub fn volumes(state: &State, lang: Lang) -> String {
    drawn(|| volume_row(state, lang))
}

fn volume_row(state: &State, lang: Lang) -> String {
    let ordinals = present::ordinals(state);
    let lanes = ordinals.len().max(1);
    let slots: Vec<Slot> = ordinals.iter().map(|o| present::slot(state, *o)).collect();
    let mut d = Drawing::new(words::PICTURE.get(lang), &words::picture_desc(lang, state, &slots));
    for (i, slot) in slots.iter().enumerate() {
        let Some(pvc) = &slot.volume else { continue };
        let pv = state.volume_name(slot.ordinal);
        let x = percent((2 * i + 1) * 500 / lanes);
        let disk = format!(
            "<svg x=\"{x}\" y=\"14\" overflow=\"visible\" class=\"kv-pv-disk\" data-pv=\"{}\">\
             <path d=\"M-16 4v14a16 4 0 0 0 32 0V4\"/>\
             <ellipse cx=\"0\" cy=\"4\" rx=\"16\" ry=\"4\"/><text x=\"0\" y=\"18\">PV</text></svg>",
            escape(&pv)
        );
        d.edge("bind", &pvc.name, &pv, "", false, &(line(&x, "0", &x, "14") + &disk));
    }
    d.markup()
}
