//! Property tests: thousands of random action sequences per model, checking after every action that
//! nothing panicked, the rules of Kubernetes still hold, and a refusal left the serialised state
//! byte-identical. Sequences come from a seeded generator, so a failure names its seed.

mod common;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use common::generate::*;
use common::{sequences, Rng};
use kubevol_sim::{csi, statefulset, Model, Refused, Tell, Voice};

const ACTIONS_PER_SEQUENCE: u64 = 30;

/// What a run of sequences did, so a test can require that its generator exercised both paths.
struct Tally {
    refusals: u64,
    events: u64,
}

/// Runs `sequences()` random sequences of one model. After every action: a refusal must leave the
/// serialised state byte-identical and say why in every voice; an accepted action's events must
/// all have texts; then `check(before, after, action, events, context)` checks the model's rules
/// (after a refusal too, with no events).
fn run_sequences<M: Model>(
    salt: u64,
    setup: impl Fn(&mut Rng) -> M::Setup,
    action: impl Fn(&mut Rng, &M) -> M::Action,
    mut check: impl FnMut(&M, &M, &M::Action, &[M::Event], &str),
    mut counts: impl FnMut(&M::Event) -> bool,
) -> Tally {
    let mut tally = Tally { refusals: 0, events: 0 };
    for seed in 0..sequences() {
        let mut rng = Rng::new(seed ^ salt);
        let setup = setup(&mut rng);
        assert_eq!(kubevol_sim::json::to_json(&setup), serde_json::to_string(&setup).unwrap(), "seed {seed}: setup");
        let (mut state, _) = M::start(&setup).unwrap_or_else(|_| panic!("seed {seed}: random setups are valid"));
        for step in 0..ACTIONS_PER_SEQUENCE {
            let action = action(&mut rng, &state);
            let context = format!("seed {seed} step {step} {action:?}");
            let before = state.clone();
            let before_json = serde_json::to_string(&state).unwrap();
            // The demos export scenarios with their own small JSON writer: it must write what
            // serde_json writes, for every state and action.
            assert_eq!(kubevol_sim::json::to_json(&state), before_json, "{context}: json::to_json of the state");
            let action_json = serde_json::to_string(&action).unwrap();
            assert_eq!(kubevol_sim::json::to_json(&action), action_json, "{context}: json::to_json of the action");
            match state.apply(action.clone()) {
                Ok(events) => {
                    for e in &events {
                        assert!(Voice::ALL.iter().all(|v| !e.tell(*v).is_empty()), "{context}: an event without text");
                    }
                    tally.events += events.iter().filter(|e| counts(e)).count() as u64;
                    check(&before, &state, &action, &events, &context);
                }
                Err(refusal) => {
                    tally.refusals += 1;
                    let after = serde_json::to_string(&state).unwrap();
                    assert_eq!(after, before_json, "{context}: refused {refusal:?} but changed state");
                    assert!(!refusal.kind().is_empty(), "{context}: a refusal without a kind");
                    let tag = serde_json::to_value(&refusal).unwrap()["kind"].clone();
                    assert_eq!(tag, refusal.kind(), "{context}: kind() is not serde's tag");
                    assert!(
                        Voice::ALL.iter().all(|v| !refusal.tell(*v).is_empty()),
                        "{context}: a refusal without text"
                    );
                    check(&before, &state, &action, &[], &context);
                }
            }
        }
    }
    tally
}

// ---- volumes -------------------------------------------------------------------------------

fn check_volume_invariants(s: &csi::State, context: &str) {
    let caps = s.driver.capabilities;
    for v in s.volumes.values() {
        // What a pod sees never exceeds what the controller has expanded, in Kubernetes' record and
        // in the driver's.
        assert!(
            v.filesystem_gib <= v.size_gib,
            "{context}: {} filesystem {} > disk {}",
            v.name,
            v.filesystem_gib,
            v.size_gib
        );
        // The driver's record agrees with Kubernetes': every stage Kubernetes believes in was a call
        // the driver answered OK.
        let disk = s.driver.disks.get(&v.name).unwrap_or_else(|| panic!("{context}: {} has no disk", v.name));
        assert!(disk.filesystem_gib <= disk.size_gib, "{context}: {} disk filesystem past its size", v.name);
        assert_eq!((disk.size_gib, disk.filesystem_gib), (v.size_gib, v.filesystem_gib), "{context}: {} sizes", v.name);
        let published: Vec<&String> = disk.published.iter().collect();
        let attached: Vec<&String> = if caps.publish_unpublish { v.attached.iter().collect() } else { vec![] };
        assert_eq!(published, attached, "{context}: {} published vs attached", v.name);
        let targets: Vec<(String, String)> = disk.targets.iter().cloned().collect();
        let mut mounts: Vec<(String, String)> = v.mounts.iter().map(|(p, n)| (n.clone(), p.clone())).collect();
        mounts.sort();
        assert_eq!(targets, mounts, "{context}: {} targets vs mounts", v.name);
        let staged: Vec<&String> = disk.staged.iter().collect();
        let with_pods: Vec<&String> =
            if caps.stage_unstage { v.attached.iter().filter(|n| v.has_pods_on(n)).collect() } else { vec![] };
        assert_eq!(staged, with_pods, "{context}: {} staged vs nodes with pods", v.name);
        let c = s.claims.get(&v.claim);
        if let Some(c) = c.filter(|c| c.volume.as_ref() == Some(&v.name)) {
            // A filesystem behind its disk is always a resize the claim reports (pending, or failed
            // again on the way further up), and a pending one always is one.
            if v.filesystem_gib < v.size_gib {
                assert!(c.resize.is_some(), "{context}: {} hides an unfinished resize", c.spec.name);
            }
            if c.resize == Some(csi::Resize::FileSystemResizePending) {
                assert!(v.filesystem_gib < v.size_gib, "{context}: {} pending with nothing to do", c.spec.name);
            }
        }
        // Spelled out here rather than through the model's own helpers, so a bug there cannot hide.
        if caps.publish_unpublish
            && matches!(v.mode, csi::AccessMode::ReadWriteOnce | csi::AccessMode::ReadWriteOncePod)
        {
            assert!(v.attached.len() <= 1, "{context}: {} ({:?}) attached to {:?}", v.name, v.mode, v.attached);
        }
        if v.mode == csi::AccessMode::ReadWriteOncePod {
            assert!(v.mounts.len() <= 1, "{context}: RWOP {} mounted by {:?}", v.name, v.mounts);
        }
        for (pod, node) in &v.mounts {
            assert!(v.attached.contains(node), "{context}: {pod} mounts {} on unattached {node}", v.name);
            if let Some(zone) = &v.zone {
                assert_eq!(
                    s.nodes[node].zone.as_ref(),
                    Some(zone),
                    "{context}: {} in {zone} mounted on {node}",
                    v.name
                );
            }
        }
        for node in &v.attached {
            if let Some(zone) = &v.zone {
                assert_eq!(
                    s.nodes[node].zone.as_ref(),
                    Some(zone),
                    "{context}: {} in {zone} attached to {node}",
                    v.name
                );
            }
        }
        let pods_by_node: usize = v.attached.iter().map(|n| v.pods_on(n).len()).sum();
        assert_eq!(pods_by_node, v.mounts.len(), "{context}: the node index disagrees with the mounts");
        match v.phase {
            csi::Phase::Bound => {
                assert_eq!(s.claims[&v.claim].volume.as_ref(), Some(&v.name), "{context}: dangling bound {}", v.name)
            }
            csi::Phase::Released => {
                assert!(v.attached.is_empty() && v.mounts.is_empty(), "{context}: released {} in use", v.name)
            }
        }
    }
    for c in s.claims.values() {
        if let Some(v) = &c.volume {
            assert_eq!(s.volumes[v].claim, c.spec.name, "{context}: claim points at a foreign volume");
        }
    }
}

/// Storage Object in Use Protection: deleting a claim is never refused for being in use; a claim
/// in use (a pod mounts it, or a node holds its disk) that is deleted stays Terminating, and goes
/// in the very action that lets go of the last of them.
fn check_pvc_protection(
    before: &csi::State,
    after: &csi::State,
    action: &csi::Action,
    events: &[csi::Event],
    context: &str,
) {
    let in_use = |s: &csi::State, claim: &str| {
        s.volume_for(claim).is_some_and(|v| !v.mounts.is_empty() || !v.attached.is_empty())
    };
    if let csi::Action::DeleteClaim { claim } = action {
        if before.claims.contains_key(claim) {
            assert!(!events.is_empty(), "{context}: deleting an existing claim was refused");
        }
        if in_use(before, claim) {
            assert!(after.claims[claim].terminating, "{context}: a claim in use went at once");
        }
    }
    for (name, c) in &before.claims {
        if !c.terminating {
            continue;
        }
        match after.claims.get(name) {
            Some(now) => {
                assert!(now.terminating, "{context}: {name} stopped Terminating without going");
                assert!(in_use(after, name), "{context}: {name} is Terminating with nothing using it");
            }
            None => {
                let deleted = events.iter().any(|e| matches!(e, csi::Event::ClaimDeleted { claim } if claim == name));
                assert!(deleted, "{context}: {name} went with no ClaimDeleted");
            }
        }
    }
}

#[test]
fn random_volume_sequences_keep_every_rule() {
    // Which kinds of event the run met, so it can require the expansion and capability paths too.
    let mut met = std::collections::BTreeSet::new();
    let tally = run_sequences::<csi::State>(
        0,
        random_setup,
        random_volume_action,
        |before, after, action, events, context| {
            check_volume_invariants(after, context);
            check_pvc_protection(before, after, action, events, context);
            for e in events {
                let json = serde_json::to_value(e).unwrap();
                met.insert(json["type"].as_str().unwrap_or_default().to_string());
            }
            // Kubernetes calls only when the call can hold, so the driver answers OK, except where
            // the backend itself runs out of room.
            for call in events.iter().filter_map(|e| e.csi_call()) {
                let may_fail = matches!(call.rpc, csi::Rpc::CreateVolume | csi::Rpc::ControllerExpandVolume);
                assert!(
                    call.code == csi::Code::Ok || (may_fail && call.code == csi::Code::OutOfRange),
                    "{context}: {} answered {}",
                    call.render(),
                    call.answer()
                );
                assert_eq!(call.caller, call.rpc.caller(), "{context}: {} sent by the wrong component", call.render());
            }
        },
        |e| e.is_change(),
    );
    // The generator must exercise both paths, or the test proves little.
    assert!(
        tally.refusals > sequences() && tally.events > sequences(),
        "refusals {}, changes {}",
        tally.refusals,
        tally.events
    );
    for kind in [
        "controller-expanded",
        "resize-failed",
        "file-system-resize-pending",
        "file-system-resized",
        "resize-cancelled",
        "no-attach-step",
        "provisioning-failed",
        "claim-terminating",
    ] {
        assert!(met.contains(kind), "no random sequence reached a {kind} event");
    }
}

// ---- statefulset ---------------------------------------------------------------------------

fn check_set_invariants(
    before: &statefulset::State,
    after: &statefulset::State,
    action: &statefulset::Action,
    events: &[statefulset::Event],
    context: &str,
) {
    use statefulset::*;
    // Under OrderedReady a pod is created only when every lower ordinal exists and is ready.
    if after.config.policy == PodManagementPolicy::OrderedReady {
        for e in events {
            if let Event::PodCreated { pod, .. } = e {
                let ordinal: u32 = pod.rsplit('-').next().unwrap().parse().unwrap();
                for lower in 0..ordinal {
                    assert!(
                        after.pods.get(&lower).is_some_and(|p| p.ready),
                        "{context}: {pod} created while db-{lower} missing or not ready"
                    );
                }
            }
        }
    }
    // A PVC's data changes only by a write to it or by its deletion.
    let deleted_pvcs: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::PvcDeleted { pvc, .. } => Some(pvc.as_str()),
            _ => None,
        })
        .collect();
    for (ordinal, old) in &before.pvcs {
        let name = before.pvc_name(*ordinal);
        match after.pvcs.get(ordinal) {
            None => assert!(deleted_pvcs.contains(&name.as_str()), "{context}: {name} vanished without a deletion"),
            Some(new) if new.data != old.data => {
                let wrote = matches!(action, Action::Write { ordinal: o, .. } if o == ordinal);
                let recreated = deleted_pvcs.contains(&name.as_str()) && new.data.is_none();
                assert!(wrote || recreated, "{context}: {name} data changed from {:?} to {:?}", old.data, new.data);
            }
            Some(_) => {}
        }
    }
    for (ordinal, new) in &after.pvcs {
        if !before.pvcs.contains_key(ordinal) {
            assert_eq!(new.data, None, "{context}: a new PVC starts empty");
        }
    }
    // Every pod has its PVC; broken pods are never ready; the incremental indexes match a rebuild.
    for (ordinal, pod) in &after.pods {
        assert!(after.pvcs.contains_key(ordinal), "{context}: pod {ordinal} without its PVC");
        if after.broken.contains(ordinal) {
            assert!(!pod.ready, "{context}: broken pod {ordinal} is ready");
        }
    }
    let mut rebuilt = after.clone();
    rebuilt.reindex();
    assert_eq!(rebuilt.ready_count(), after.ready_count(), "{context}: ready count index drifted");
    assert_eq!(rebuilt.lowest_missing(), after.lowest_missing(), "{context}: hole index drifted");
    assert_eq!(rebuilt.converged(), after.converged(), "{context}: converged drifted");
    assert!(!after.deleted || after.pods.is_empty(), "{context}: a deleted set has pods");
}

#[test]
fn random_statefulset_sequences_keep_every_rule() {
    use statefulset::*;
    let tally = run_sequences::<State>(
        0x5EED_5E75,
        random_set_config,
        |rng, _| random_set_action(rng),
        check_set_invariants,
        |e| matches!(e, Event::PodCreated { .. }),
    );
    assert!(
        tally.refusals > sequences() / 2 && tally.events > sequences(),
        "refusals {}, creations {}",
        tally.refusals,
        tally.events
    );
}

// ---- topology ------------------------------------------------------------------------------

/// `scheduled`: the action ran the scheduler, so every Pending pod's message is this cluster's.
fn check_topology_invariants(s: &kubevol_sim::topology::State, scheduled: bool, context: &str) {
    use kubevol_sim::topology::{AccessMode, Phase};
    // At most one pod object per StatefulSet ordinal, whatever became of its node.
    let mut owners: Vec<&(String, u32)> = s.pods.values().filter_map(|p| p.owner.as_ref()).collect();
    let all = owners.len();
    owners.sort();
    owners.dedup();
    assert_eq!(owners.len(), all, "{context}: two pod objects for one ordinal");
    // A pod on a lost node is never counted as running, by the count or by the read-outs.
    let on_live_nodes = s.pods.values().filter(|p| p.node.as_ref().is_some_and(|n| !s.nodes[n].is_down())).count();
    assert_eq!(s.running(), on_live_nodes, "{context}: running() counts a pod on a lost node");
    for key in [kubevol_sim::topology::ZONE_LABEL, kubevol_sim::topology::HOSTNAME_LABEL] {
        let counted: usize = s.counts_by(key, &Default::default()).values().sum();
        assert_eq!(counted, on_live_nodes, "{context}: the read-out over {key} counts a pod on a lost node");
    }
    for pod in s.pods.values() {
        assert!(
            !pod.terminating() || s.phase(pod) == Phase::Terminating,
            "{context}: {} terminating off a lost node",
            pod.name
        );
        match &pod.node {
            Some(node) => {
                // Deleting a node deletes its pods: no pod is bound to a Node that is gone.
                let n = s.nodes.get(node).unwrap_or_else(|| panic!("{context}: {} is on deleted {node}", pod.name));
                if n.is_down() {
                    assert!(!s.runs(pod), "{context}: {} counts as running on lost {node}", pod.name);
                    assert!(matches!(s.phase(pod), Phase::Unknown | Phase::Terminating), "{context}: {}", pod.name);
                    continue;
                }
                if !pod.pinned {
                    assert!(n.untolerated_taint().is_none(), "{context}: {} runs on tainted {node}", pod.name);
                }
                assert!(
                    pod.node_selector.iter().all(|(k, v)| n.label(k) == Some(v)),
                    "{context}: {} breaks its selector on {node}",
                    pod.name
                );
                if let Some(claim) = &pod.claim {
                    let pvc = &s.pvcs[claim];
                    let pv = &s.pvs[pvc
                        .volume
                        .as_ref()
                        .unwrap_or_else(|| panic!("{context}: {} runs with unbound {claim}", pod.name))];
                    if let Some(zone) = &pv.zone {
                        assert_eq!(
                            n.zone.as_ref(),
                            Some(zone),
                            "{context}: {} on {node} uses {} in {zone}",
                            pod.name,
                            pv.name
                        );
                    }
                    if pvc.mode == AccessMode::ReadWriteOncePod {
                        let users =
                            s.pods.values().filter(|p| p.node.is_some() && p.claim.as_ref() == Some(claim)).count();
                        assert!(users <= 1, "{context}: RWOP {claim} used by {users} running pods");
                    }
                }
            }
            None if scheduled => {
                if let Some(m) = &pod.message() {
                    if s.nodes.is_empty() {
                        assert_eq!(m, "no nodes available to schedule pods", "{context}");
                    } else {
                        assert!(m.starts_with(&format!("0/{} nodes are available: ", s.nodes.len())), "{context}: {m}");
                    }
                }
            }
            None => {}
        }
    }
    for pv in s.pvs.values() {
        assert_eq!(s.pvcs[&pv.claim].volume.as_ref(), Some(&pv.name), "{context}: {} dangling", pv.name);
    }
}

#[test]
fn random_topology_sequences_keep_every_rule() {
    use kubevol_sim::topology::{Event, State};
    let tally = run_sequences::<State>(
        0x7090_1061,
        random_topology_setup,
        random_topology_action,
        |_, after, action, events, context| {
            use kubevol_sim::topology::Action;
            let scheduled = matches!(action, Action::Step | Action::Run { .. }) && !events.is_empty();
            check_topology_invariants(after, scheduled, context);
            for e in events {
                if let Event::Scheduled { pod, node } = e {
                    assert!(!after.nodes[node.as_str()].is_down(), "{context}: {pod} placed on lost {node}");
                }
            }
            if matches!(action, kubevol_sim::topology::Action::Step) {
                check_do_not_schedule_placements(after, events, context);
            }
        },
        |e| matches!(e, Event::Scheduled { .. } | Event::NodeLost { .. } | Event::ZoneLost { .. }),
    );
    assert!(
        tally.refusals > sequences() && tally.events > sequences(),
        "refusals {}, scheduled {}",
        tally.refusals,
        tally.events
    );
}

/// Under DoNotSchedule no placement ever exceeds maxSkew over the nodes eligible for the pod. A step
/// runs the controllers first and then places pods in order, so the cluster each placement saw is
/// the state after the step without the pods placed later in it (nor the pod itself).
fn check_do_not_schedule_placements(
    after: &kubevol_sim::topology::State,
    events: &[kubevol_sim::topology::Event],
    context: &str,
) {
    use kubevol_sim::topology::{Event, TaintsPolicy, WhenUnsatisfiable};
    let placed: Vec<(&String, &String)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Scheduled { pod, node } => Some((pod, node)),
            _ => None,
        })
        .collect();
    for (i, (pod, node)) in placed.iter().enumerate() {
        let p = &after.pods[pod.as_str()];
        let Some(spread) = p.spread.as_ref().filter(|s| s.when_unsatisfiable == WhenUnsatisfiable::DoNotSchedule)
        else {
            continue;
        };
        let later: Vec<&str> = placed[i..].iter().map(|(p, _)| p.as_str()).collect();
        let mut counts: Vec<(String, usize)> = Vec::new();
        for n in after.nodes.values() {
            let Some(domain) = n.label(&spread.topology_key) else { continue };
            if !n.matches(&p.node_selector)
                || (spread.node_taints_policy == TaintsPolicy::Honor && n.untolerated_taint().is_some())
            {
                continue;
            }
            let here = after
                .pods
                .values()
                .filter(|o| o.node.as_deref() == Some(&n.name) && !later.contains(&o.name.as_str()) && !o.terminating())
                .filter(|o| p.labels.iter().all(|(k, v)| o.labels.get(k) == Some(v)))
                .count();
            match counts.iter_mut().find(|(d, _)| d == domain) {
                Some((_, c)) => *c += here,
                None => counts.push((domain.to_string(), here)),
            }
        }
        let min = counts.iter().map(|(_, c)| *c).min().unwrap_or(0);
        let domain = after.nodes[node.as_str()].label(&spread.topology_key).expect("placed on a node with the key");
        let at = counts.iter().find(|(d, _)| d == domain).map_or(0, |(_, c)| *c);
        assert!(
            at + 1 - min <= spread.max_skew as usize,
            "{context}: {pod} on {node} makes {domain} {} against a minimum of {min}, past maxSkew {}",
            at + 1,
            spread.max_skew
        );
    }
}

// ---- share links ---------------------------------------------------------------------------

use kubevol_sim::link::{self, Address, LinkError};

fn random_address(rng: &mut Rng, kind: &str) -> Address {
    Address { kind: kind.to_string(), nth: 1 + rng.below(12) as u32 }
}

/// Every way of damaging `link` this test knows, each with the error it must give; none may panic.
fn damage_is_named<T: link::Compact + std::fmt::Debug + PartialEq>(rng: &mut Rng, link: &str, context: &str) {
    let head = link.rfind(':').expect("a link has a payload") + 1;
    let decode = |s: &str| link::decode::<T>(s);
    // Cut anywhere after the address: always "cut short".
    let address_end = link.match_indices(':').nth(2).map(|(i, _)| i + 1).unwrap();
    for cut in address_end..link.len() {
        assert_eq!(decode(&link[..cut]).unwrap_err(), LinkError::Truncated, "{context}: cut at {cut}");
    }
    // One character of the payload changed: "changed", or "cut short" when it was the length.
    for _ in 0..20 {
        let at = head + rng.below((link.len() - head) as u64) as usize;
        let old = link.as_bytes()[at];
        let new = *rng.pick(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_");
        if new == old {
            continue;
        }
        let mut bytes = link.as_bytes().to_vec();
        bytes[at] = new;
        let changed = String::from_utf8(bytes).unwrap();
        let err = decode(&changed).unwrap_err();
        assert!(matches!(err, LinkError::Tampered | LinkError::Truncated), "{context}: changed at {at}: {err:?}");
    }
    // Another version, an alien character, a link far too long.
    let foreign = link.replacen(":v1:", ":v9:", 1);
    assert_eq!(decode(&foreign).unwrap_err(), LinkError::ForeignVersion { found: "v9".into() }, "{context}");
    let alien = format!("{}%{}", &link[..head], &link[head..]);
    assert_eq!(decode(&alien).unwrap_err(), LinkError::Malformed, "{context}");
    let long = format!("{link}{}", "A".repeat(link::MAX_CHARS));
    assert!(matches!(decode(&long).unwrap_err(), LinkError::Oversized { .. }), "{context}");
    // Anything at all: a typed error, never a panic.
    for _ in 0..20 {
        let len = rng.below(60) as usize;
        let junk: String = (0..len).map(|_| char::from_u32(rng.below(0x3000) as u32).unwrap_or('?')).collect();
        let _ = decode(&junk);
        let _ = decode(&format!("{}{junk}", &link[..head]));
        let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        let _ = link::read_all::<T>(&bytes);
    }
}

fn round_trips<T: link::Compact + std::fmt::Debug + PartialEq>(rng: &mut Rng, kind: &str, value: T, context: &str) {
    let address = random_address(rng, kind);
    let encoded = link::encode(&address, &value);
    assert_eq!(Address::of(&encoded).as_ref(), Some(&address), "{context}: {encoded}");
    assert_eq!(link::decode::<T>(&encoded).as_ref(), Ok(&value), "{context}: {encoded}");
    damage_is_named::<T>(rng, &encoded, context);
}

#[test]
fn share_links_round_trip_random_histories_and_name_every_damage() {
    for seed in 0..sequences() / 40 {
        let mut rng = Rng::new(seed ^ 0x5eed_11c5);
        let len = rng.below(60);
        let context = format!("seed {seed}");

        let setup = random_setup(&mut rng);
        let actions = random_history::<csi::State>(&mut rng, &setup, len, random_volume_action);
        let config = random_demo_config(&mut rng);
        round_trips(&mut rng, "csi", (config, actions), &context);

        let config = statefulset::Config::default();
        let actions = random_history::<statefulset::State>(&mut rng, &config, len, |rng, _| random_set_action(rng));
        let policy =
            *rng.pick(&[statefulset::PodManagementPolicy::OrderedReady, statefulset::PodManagementPolicy::Parallel]);
        let startup = rng.below(9) as u32;
        round_trips(&mut rng, "statefulset", ((startup, policy), actions), &context);

        let setup = random_topology_setup(&mut rng);
        let actions = random_history::<kubevol_sim::topology::State>(&mut rng, &setup, len, random_topology_action);
        let start = (*rng.pick(&kubevol_sim::topology::Preset::ALL), kubevol_sim::topology::Chapter::default());
        round_trips(&mut rng, "topology", (start, actions), &context);
    }
}

/// The promise: a hundred of a reader's clicks fit well under 2,000 characters. The CSI
/// demo's clicks name its claim and nodes, which the link writes once each.
#[test]
fn a_hundred_clicks_make_a_short_link() {
    use csi::{Action, DEMO_CLAIM, DEMO_NODES};
    let mut rng = Rng::new(100);
    let mut longest = 0;
    for _ in 0..50 {
        let actions: Vec<Action> = (0..100)
            .map(|_| {
                let (claim, node) = (DEMO_CLAIM.to_string(), rng.pick(&DEMO_NODES).to_string());
                match rng.below(6) {
                    0 => Action::Attach { claim, node },
                    1 => Action::Mount { claim, node, pod: None },
                    2 => Action::Detach { claim, node },
                    3 => Action::SetResponsive { node, responsive: rng.chance(50) },
                    4 => Action::Expand { claim, size_gib: 20 + 10 * rng.below(20) as u32 },
                    _ => Action::UnmountAll { claim },
                }
            })
            .collect();
        let fragment = link::encode(&Address { kind: "csi".into(), nth: 1 }, &(csi::DemoConfig::default(), actions));
        longest = longest.max(fragment.len());
    }
    eprintln!("a hundred clicks of the CSI demo: at most {longest} characters");
    assert!(longest < 600, "a hundred clicks took {longest} characters");
}

/// Every action's `name` is the `type` a scenario file writes it with (a level's `forbid` names
/// actions so).
#[test]
fn an_actions_name_is_its_type_in_a_scenario() {
    fn same<M: Model>(action: &M::Action) {
        let json = serde_json::to_value(action).unwrap();
        assert_eq!(json["type"].as_str(), Some(M::action_name(action)), "{action:?}");
        assert!(M::ACTION_NAMES.contains(&M::action_name(action)), "{action:?}");
    }
    let mut rng = Rng::new(7);
    for _ in 0..50 {
        let setup = random_setup(&mut rng);
        for _ in 0..40 {
            same::<statefulset::State>(&random_set_action(&mut rng));
        }
        if let Ok((state, _)) = csi::State::new(&setup) {
            for _ in 0..40 {
                same::<csi::State>(&random_volume_action(&mut rng, &state));
            }
        }
        let setup = random_topology_setup(&mut rng);
        if let Ok((state, _)) = kubevol_sim::topology::State::new(&setup) {
            for _ in 0..40 {
                same::<kubevol_sim::topology::State>(&random_topology_action(&mut rng, &state));
            }
        }
    }
}
