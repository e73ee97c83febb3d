//! The chapter's cluster as a picture: the zones' columns with their nodes and pods are the
//! demo's own boxes (`mod.rs`, lost nodes and zones crossed out by the stylesheet); this draws the
//! skew as the zones' bar heights, the zone whose loss costs the most in the refusal colour.

use kubevol_sim::topology::State;

use super::chapter::present;
use super::chapter::text as words;
use crate::drawing::{drawn, escape, Drawing};
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
    let counts = present::zone_counts(state);
    let worst = present::worst_zone(state);
    let most = counts.iter().map(|(_, n)| *n).max().unwrap_or(0).max(1);
    let said: Vec<String> = counts.iter().map(|(z, n)| format!("{z}: {n}")).collect();
    let mut desc = said.join(", ");
    if let Some(w) = &worst {
        desc += &format!(". {} {w}", words::WORST.get(lang));
    }
    let mut d = Drawing::new(words::BARS.get(lang), &desc);
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
