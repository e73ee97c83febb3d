//! One event log: the Events that `kubectl describe` and `kubectl get events` list (the model's
//! `kube_events`, which the served cluster and the kubectl fold count) and the demo's Kubernetes
//! voice (`Tell::k8s`, which "What Kubernetes says" and the replay tool print) are the same
//! words, in the same order. Random histories of every model, from the property tests' seeded
//! generators: after every accepted action, each event that stands for Events is told in the
//! Kubernetes voice as exactly those Events' messages, one a line, in order.

#[path = "../../sim/tests/common/mod.rs"]
mod common;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use common::generate::*;
use common::{sequences, Rng};
use kubevol_kubectl::Moment;
use kubevol_sim::{csi, statefulset, topology, Model, Tell};

const ACTIONS: u64 = 30;

/// Replays random histories; returns how many Events were compared.
fn one_log<M: Model>(
    salt: u64,
    setup: impl Fn(&mut Rng) -> M::Setup,
    action: impl Fn(&mut Rng, &M) -> M::Action,
    mismatches: &mut Vec<String>,
    recorded: &mut usize,
) -> usize {
    let mut compared = 0;
    let mut refusals = 0;
    let mut unrecorded = Vec::new();
    for seed in 0..sequences().min(2_000) {
        let mut rng = Rng::new(seed ^ salt);
        let setup = setup(&mut rng);
        let (mut state, events) = M::start(&setup).unwrap();
        let mut moment = Moment::default();
        moment.observe(&state, &events);
        let mut voice: Vec<String> = Vec::new();
        let mut tell = |state: &M, events: &[M::Event], voice: &mut Vec<String>, context: &str| {
            for e in events {
                let messages: Vec<String> = state.kube_events(e).into_iter().map(|k| k.message).collect();
                if messages.is_empty() {
                    continue;
                }
                let said = e.k8s();
                let want = messages.join("\n");
                let variant = format!("{} {e:?}", M::NAME);
                let variant = variant.split([' ', '{', '(']).take(2).collect::<Vec<_>>().join(" ");
                if said.as_deref() != Some(want.as_str()) && !mismatches.iter().any(|m| m.starts_with(&variant)) {
                    mismatches.push(format!("{variant}: {context}: {e:?}\n  voice:  {said:?}\n  Events: {want:?}"));
                }
                voice.extend(said.unwrap_or_default().lines().map(str::to_string));
            }
        };
        tell(&state, &events, &mut voice, &format!("{} seed {seed} setup", M::NAME));
        for step in 0..ACTIONS {
            let a = action(&mut rng, &state);
            let context = format!("{} seed {seed} step {step} {a:?}", M::NAME);
            let logged = moment.events.len();
            match moment.apply(&mut state, a.clone()) {
                Ok(events) => tell(&state, &events, &mut voice, &context),
                // A refusal a real cluster records (`Model::refused`) is its last new Event, in the
                // words the refusal tells in the Kubernetes voice, after its waiting pod's arrival;
                // any other refusal records nothing.
                Err(refusal) => {
                    let new: Vec<String> = moment.events[logged..].iter().map(|(_, k)| k.message.clone()).collect();
                    let recorded = !state.refused(&a, &refusal).events.is_empty();
                    refusals += usize::from(recorded);
                    let told = recorded.then(|| refusal.k8s()).flatten();
                    if new.last() != told.as_ref() && unrecorded.len() < 5 {
                        unrecorded
                            .push(format!("{context}: refused {refusal:?}\n  voice: {told:?}\n  Events: {new:?}"));
                    }
                    voice.extend(new);
                }
            }
        }
        let logged: Vec<String> = moment.events.iter().map(|(_, k)| k.message.clone()).collect();
        compared += logged.len();
        if logged != voice && mismatches.is_empty() {
            mismatches.push(format!("{} seed {seed}: the log and the voice differ", M::NAME));
        }
    }
    *recorded += refusals;
    mismatches.extend(unrecorded);
    compared
}

#[test]
fn the_events_are_the_kubernetes_voice_in_order_and_word_for_word() {
    let (mut mismatches, mut refusals) = (Vec::new(), 0);
    let m = &mut mismatches;
    let v = one_log::<csi::State>(0x0e1, random_setup, random_volume_action, m, &mut refusals);
    let s = one_log::<statefulset::State>(0x0e2, random_set_config, |rng, _| random_set_action(rng), m, &mut refusals);
    let t = one_log::<topology::State>(0x0e3, random_topology_setup, random_topology_action, m, &mut refusals);
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    // The Multi-Attach error, which random CSI histories meet (20 times in the default count).
    assert!(refusals > 0, "refusals a real cluster records: {refusals}");
    assert!(v > 1000 && s > 1000 && t > 1000, "Events compared: volumes {v}, statefulset {s}, topology {t}");
}
