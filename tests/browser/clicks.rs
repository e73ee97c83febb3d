//! Seeded random clicks over every control of every demo, in its lab view (every fold open: the
//! settings, the presets, the Practice fold's levels, Restart and Leave, Back and Forward), then
//! Share: the link reopens the demo at the moment it was made at, in the level it was made in or
//! in none, and shares again as the same link. A level is in a link only while the history is
//! that level's (a setting changed in a level leaves it).

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

use crate::support::{self, Demo};

/// A small linear congruential generator: the same seed, the same clicks, in every engine.
struct Seeded(u64);

impl Seeded {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// What the clicks leave alone: Play starts a timer, Share and Export write the output box (Share
/// is the test's own last step), the language is not in a link, and clearing progress is the
/// browser's storage, not the demo.
const SKIP: [&str; 5] = ["play", "share", "export", "lang", "level-progress-clear"];

/// The controls a reader could click now: enabled buttons, not a fold's toggle (a fold closed
/// would hide the controls the next clicks are drawn from), not inside an inert picture.
fn controls(demo: &Demo) -> Vec<HtmlElement> {
    demo.all("button:not([disabled])")
        .into_iter()
        .filter(|b| !b.has_attribute("aria-expanded") && b.closest("[inert]").ok().flatten().is_none())
        .filter(|b| b.get_attribute("data-action").is_some_and(|a| !SKIP.contains(&a.as_str())))
        .filter_map(|b| b.dyn_into().ok())
        .collect()
}

fn level_of(demo: &Demo) -> Option<String> {
    demo.find(".kv-level").and_then(|l| l.get_attribute("data-level"))
}

async fn lab(kind: &str) -> Demo {
    let demo = support::mount_with(kind, "en", &[("data-view", "lab")]).await;
    assert_eq!(demo.result, Ok(()));
    for fold in ["practice", "history"] {
        demo.settle(fold).await;
    }
    demo
}

async fn clicked_then_shared(kind: &str, seed: u64, clicks: usize) {
    let demo = lab(kind).await;
    let mut rng = Seeded(seed);
    let mut took = Vec::new();
    for _ in 0..clicks {
        let all = controls(&demo);
        let button = &all[rng.below(all.len())];
        took.push(button.get_attribute("data-action").unwrap_or_default());
        button.click();
        leptos::task::tick().await;
    }
    leptos::task::tick().await;
    let fragment = crate::shell::share(&demo).await;
    let (badge, level) = (demo.state("badge"), level_of(&demo));
    demo.remove();

    support::set_fragment(Some(&fragment));
    let opened = lab(kind).await;
    support::set_fragment(None);
    let said = format!("{kind}, seed {seed}, after {}: {fragment}", took.join(" "));
    assert_eq!(opened.state("badge"), badge, "the same moment: {said}");
    assert_eq!(level_of(&opened), level, "the same level, or none: {said}");
    assert_eq!(crate::shell::share(&opened).await, fragment, "the same link again: {said}");
    opened.remove();
}

#[wasm_bindgen_test]
async fn random_clicks_in_the_csi_demo_then_share_reopen_the_same_moment() {
    for seed in [11, 12, 13] {
        clicked_then_shared("csi", seed, 120).await;
    }
}

#[wasm_bindgen_test]
async fn random_clicks_in_the_statefulset_demo_then_share_reopen_the_same_moment() {
    for seed in [11, 12, 13] {
        clicked_then_shared("statefulset", seed, 120).await;
    }
}

#[wasm_bindgen_test]
async fn random_clicks_in_the_topology_demo_then_share_reopen_the_same_moment() {
    for seed in [11, 12, 13] {
        clicked_then_shared("topology", seed, 120).await;
    }
}
