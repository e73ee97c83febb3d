//! Cost of one action as the model grows: n claims (volumes) or n replicas (StatefulSet), n from 10
//! to 10,000. Each time is the median over 9 rounds of the time per action in a fixed mix of
//! actions: a benchmark, printed. `-- --check` then counts the work instead, which a busy machine
//! does not change: this binary runs itself under valgrind's instruction counter (cachegrind, no
//! cache simulation) for one round and for two at n = 10 and n = 10,000, and the difference is one
//! round's instructions. It fails when an action at 10,000 takes more than 25x the instructions of
//! one at 10 (linear growth would be ~1000x, O(log n) a small multiple), or more instructions
//! than its bound (`--bound volumes=N,statefulset=N`, set in scripts/test.sh at today's count and a
//! fifth more, like the size report's ratchets).
//!
//!     cargo bench -p kubevol-sim --bench per_action [-- --check [--no-times] [--bound ...]]

use std::hint::black_box;
use std::process::Command;
use std::time::Instant;

use kubevol_sim::{csi, statefulset};

const SIZES: [usize; 4] = [10, 100, 1_000, 10_000];
const ROUNDS: usize = 9;
const ACTIONS_PER_ROUND: usize = 6_000;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

fn volumes_with(n: usize) -> csi::State {
    use csi::*;
    let setup = Setup {
        classes: vec![StorageClass {
            name: "std".into(),
            binding: Binding::Immediate,
            reclaim: Reclaim::Delete,
            allowed_zones: vec![],
            allow_volume_expansion: true,
        }],
        nodes: ["node-a", "node-b"]
            .iter()
            .map(|n| Node { name: n.to_string(), zone: None, responsive: true })
            .collect(),
        claims: (0..n)
            .map(|i| ClaimSpec {
                name: format!("claim-{i}"),
                class: "std".into(),
                size_gib: 1,
                mode: AccessMode::ReadWriteOnce,
                zone: None,
            })
            .collect(),
        driver_multi_writer: false,
        capabilities: Capabilities::default(),
        pool_gib: None,
    };
    State::new(&setup).unwrap().0
}

/// ns per action for one round of attach, mount, mount, refused attach elsewhere, unmount-all, detach
/// over claims spread across the whole model.
fn volumes_round(state: &mut csi::State, n: usize) -> f64 {
    use csi::Action;
    let cycle = 6;
    let started = Instant::now();
    for i in 0..ACTIONS_PER_ROUND / cycle {
        let claim = format!("claim-{}", (i * 7919) % n);
        let actions = [
            Action::Attach { claim: claim.clone(), node: "node-a".into() },
            Action::Mount { claim: claim.clone(), node: "node-a".into(), pod: Some("web-1".into()) },
            Action::Mount { claim: claim.clone(), node: "node-a".into(), pod: Some("web-2".into()) },
            Action::Attach { claim: claim.clone(), node: "node-b".into() },
            Action::UnmountAll { claim: claim.clone() },
            Action::Detach { claim, node: "node-a".into() },
        ];
        for a in actions {
            let _ = black_box(state.apply(a));
        }
    }
    started.elapsed().as_nanos() as f64 / ACTIONS_PER_ROUND as f64
}

fn statefulset_with(n: usize) -> statefulset::State {
    use statefulset::*;
    let mut s = State::new(Config {
        replicas: n as u32,
        startup_ticks: 0,
        policy: PodManagementPolicy::Parallel,
        ..Config::default()
    })
    .unwrap();
    s.apply(Action::Step).unwrap();
    assert!(s.converged());
    // Measure under the chapter's default policy: OrderedReady, one move per step.
    let mut json = serde_json::to_value(&s).unwrap();
    json["config"]["policy"] = "OrderedReady".into();
    let mut s: State = serde_json::from_value(json).unwrap();
    s.reindex();
    s
}

/// ns per action for one round of delete pod, step (re-create), write, scale +1, step, scale -1,
/// step (scale-down), over ordinals spread across the set.
fn statefulset_round(state: &mut statefulset::State, n: usize) -> f64 {
    use statefulset::Action;
    let cycle = 7;
    let started = Instant::now();
    for i in 0..ACTIONS_PER_ROUND / cycle {
        let ordinal = ((i * 7919) % n) as u32;
        let actions = [
            Action::DeletePod { ordinal },
            Action::Step,
            Action::Write { ordinal, data: Some("x".into()) },
            Action::ScaleBy { delta: 1 },
            Action::Step,
            Action::ScaleBy { delta: -1 },
            Action::Step,
        ];
        for a in actions {
            let _ = black_box(state.apply(a));
        }
    }
    started.elapsed().as_nanos() as f64 / ACTIONS_PER_ROUND as f64
}

fn measure(name: &str, run: impl Fn(usize) -> f64) -> Vec<f64> {
    println!("{name}");
    println!("  {:>7}  {:>14}  {:>10}", "n", "ns/action", "vs n=10");
    let mut figures = Vec::new();
    for n in SIZES {
        let ns = run(n);
        let base = *figures.first().unwrap_or(&ns);
        println!("  {n:>7}  {ns:>14.0}  {:>9.2}x", ns / base);
        figures.push(ns);
    }
    figures
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--rounds-of") {
        // What `--check` counts: `rounds` rounds of one model's mix at size `n`, after its setup.
        let (model, n, rounds) = (&args[at + 1], args[at + 2].parse().unwrap(), args[at + 3].parse().unwrap());
        rounds_of(model, n, rounds);
        return;
    }
    let check = args.iter().any(|a| a == "--check");
    // The test command counts in a lane beside other builds, where times say nothing; it prints
    // them later, alone.
    if !args.iter().any(|a| a == "--no-times") {
        times();
    }
    if check {
        let bounds = args.iter().position(|a| a == "--bound").map(|at| bounds(&args[at + 1])).unwrap_or_default();
        if counted_work_fails(&bounds) {
            std::process::exit(1);
        }
    }
}

/// `volumes=N,statefulset=N`: the instructions an action may take at n = 10,000, per model.
fn bounds(arg: &str) -> Vec<(String, u64)> {
    arg.split(',')
        .map(|b| {
            let (model, n) = b.split_once('=').expect("--bound model=instructions,...");
            (model.to_string(), n.parse().expect("--bound: a number of instructions"))
        })
        .collect()
}

/// The time per action at each n, as a table per model.
fn times() {
    let v = measure("volumes: attach/mount/refused attach/unmount-all/detach, per action (median of 9 rounds)", |n| {
        let mut s = volumes_with(n);
        median((0..ROUNDS).map(|_| volumes_round(&mut s, n)).collect())
    });
    let s =
        measure("statefulset (OrderedReady): delete pod/step/write/scale/step, per action (median of 9 rounds)", |n| {
            let mut s = statefulset_with(n);
            median((0..ROUNDS).map(|_| statefulset_round(&mut s, n)).collect())
        });
    println!(
        "time from n=10 to n=10,000: volumes {:.2}x, statefulset {:.2}x (linear would be ~1000x)",
        v[3] / v[0],
        s[3] / s[0]
    );
}

/// Whether, for either model, an action's work at n = 10,000 is more than 25x that at n = 10, or
/// more than its bound.
fn counted_work_fails(bounds: &[(String, u64)]) -> bool {
    let mut fails = false;
    for model in ["volumes", "statefulset"] {
        let [small, large] =
            [10, 10_000].map(|n| (instructions(model, n, 2) - instructions(model, n, 1)) / ACTIONS_PER_ROUND as u64);
        let ratio = large as f64 / small as f64;
        let bound = bounds.iter().find(|(m, _)| m == model).map(|(_, b)| *b);
        let against =
            bound.map_or("no bound set".to_string(), |b| format!("{:.2}x its bound of {b}", large as f64 / b as f64));
        println!(
            "work from n=10 to n=10,000: {model} {ratio:.2}x ({small} and {large} instructions an action, counted by \
             valgrind; at 10,000 {against})"
        );
        if ratio > 25.0 {
            println!("  FAIL: {model}'s work per action grows too fast with n");
            fails = true;
        }
        if bound.is_some_and(|b| large > b) {
            println!("  FAIL: {model}'s action at n = 10,000 takes more work than its bound");
            fails = true;
        }
    }
    fails
}

fn rounds_of(model: &str, n: usize, rounds: usize) {
    match model {
        "volumes" => {
            let mut s = volumes_with(n);
            (0..rounds).for_each(|_| {
                volumes_round(&mut s, n);
            });
        }
        "statefulset" => {
            let mut s = statefulset_with(n);
            (0..rounds).for_each(|_| {
                statefulset_round(&mut s, n);
            });
        }
        other => panic!("no model {other}"),
    }
}

/// The instructions this binary executes for `rounds` rounds of `model` at size `n`, setup
/// included (the difference of two counts leaves it out), as valgrind counts them.
fn instructions(model: &str, n: usize, rounds: usize) -> u64 {
    let exe = std::env::current_exe().unwrap();
    let out = Command::new("valgrind")
        .args(["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"])
        .arg(&exe)
        .args(["--rounds-of", model, &n.to_string(), &rounds.to_string()])
        .output()
        .expect("valgrind runs (scripts/bootstrap.sh installs it)");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "valgrind {exe:?} --rounds-of {model} {n} {rounds}: {said}");
    let refs = said.lines().find_map(|l| l.split_once("I   refs:").or_else(|| l.split_once("I refs:")));
    let (_, count) = refs.unwrap_or_else(|| panic!("no instruction count in valgrind's report: {said}"));
    count.trim().replace(',', "").parse().unwrap()
}
