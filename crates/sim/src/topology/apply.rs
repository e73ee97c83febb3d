//! The topology model's controllers, stepped by its caller: each step the StatefulSet controller
//! creates (or deletes) pods and their claims, then the scheduler tries every Pending pod in
//! creation order, provisioning WaitForFirstConsumer volumes in the zone of the node it picks.

use super::event::Event;
use super::model::{ClaimSpec, PodSpec, SetSpec, Setup, Taint, TaintEffect};
use super::refusal::Refusal;
use super::scheduler::Placement;
use super::state::{Deletion, Phase, Pod, Pv, Pvc, PvcProblem, State};
use crate::api::{Binding, PodManagementPolicy, UNREACHABLE_TAINT};
use crate::names::valid_name;
use crate::reducer::{run, NoChange, Stepped};

pub type Outcome = Result<Vec<Event>, Refusal>;

pub const MAX_REPLICAS: u32 = 1_000;
pub const MAX_RUN: u32 = 1_000;

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Action {
    /// One round: controllers create or delete pods, then the scheduler places what it can.
    Step,
    /// Step until nothing moves, at most `max` times.
    Run {
        max: u32,
    },
    CreateClaim(ClaimSpec),
    CreatePod(PodSpec),
    DeletePod {
        pod: String,
    },
    Scale {
        set: String,
        replicas: u32,
    },
    /// The node stops reporting: its Ready condition goes Unknown and it takes the unreachable
    /// taints. Its pods stay bound to it, Unknown: nobody can say whether they still run, so none
    /// counts as running, and a StatefulSet creates none of them again. The next step stands for
    /// the 300 s of the default toleration, after which the taint eviction controller deletes
    /// them; they stay Terminating until a kubelet confirms it.
    FailNode {
        node: String,
    },
    /// Every node of the zone fails at once, as when its power or network goes.
    FailZone {
        zone: String,
    },
    /// `kubectl delete pod --grace-period=0 --force`: the object goes without waiting for the
    /// kubelet, so a StatefulSet may create the ordinal again. On a lost node this is the
    /// operator's promise that the old pod really stopped.
    ForceDeletePod {
        pod: String,
    },
    /// The Node object of a lost node is deleted, as a cloud's node lifecycle controller does for
    /// a VM that is gone; the pod garbage collector then deletes its pods.
    DeleteNode {
        node: String,
    },
    /// A lost node reports again: it is Ready, its unreachable taints go, its kubelet finishes
    /// the deletions that waited for it, and its other pods run again.
    RecoverNode {
        node: String,
    },
}

impl Action {
    /// Every action's `type`, in the order `name` gives them.
    pub const NAMES: [&'static str; 11] = [
        "step",
        "run",
        "create-claim",
        "create-pod",
        "delete-pod",
        "scale",
        "fail-node",
        "fail-zone",
        "force-delete-pod",
        "delete-node",
        "recover-node",
    ];

    /// The action's `type`, as a scenario or a level writes it (`forbid` names actions so).
    pub fn name(&self) -> &'static str {
        match self {
            Action::Step => "step",
            Action::Run { .. } => "run",
            Action::CreateClaim(_) => "create-claim",
            Action::CreatePod(_) => "create-pod",
            Action::DeletePod { .. } => "delete-pod",
            Action::Scale { .. } => "scale",
            Action::FailNode { .. } => "fail-node",
            Action::FailZone { .. } => "fail-zone",
            Action::ForceDeletePod { .. } => "force-delete-pod",
            Action::DeleteNode { .. } => "delete-node",
            Action::RecoverNode { .. } => "recover-node",
        }
    }
}

fn check_name(name: &str) -> Result<(), Refusal> {
    if valid_name(name) {
        Ok(())
    } else {
        Err(Refusal::InvalidName { name: name.to_string() })
    }
}

impl State {
    pub fn new(setup: &Setup) -> Result<(State, Vec<Event>), Refusal> {
        let mut state = State {
            nodes: Default::default(),
            storage_zones: setup.storage_zones.clone(),
            classes: Default::default(),
            sets: Default::default(),
            pvcs: Default::default(),
            pvs: Default::default(),
            pods: Default::default(),
            now: 0,
            next_pv: 1,
            next_seq: 1,
        };
        for node in &setup.nodes {
            check_name(&node.name)?;
            if state.nodes.insert(node.name.clone(), node.clone()).is_some() {
                return Err(Refusal::DuplicateName { name: node.name.clone() });
            }
        }
        for class in &setup.classes {
            check_name(&class.name)?;
            if state.classes.insert(class.name.clone(), class.clone()).is_some() {
                return Err(Refusal::DuplicateName { name: class.name.clone() });
            }
        }
        for set in &setup.sets {
            state.add_set(set)?;
        }
        let mut events = Vec::new();
        for claim in &setup.claims {
            events.extend(state.apply(Action::CreateClaim(claim.clone()))?);
        }
        for pod in &setup.pods {
            events.extend(state.apply(Action::CreatePod(pod.clone()))?);
        }
        Ok((state, events))
    }

    /// Adds one of the setup's sets, refusing a spec the API server would not take.
    fn add_set(&mut self, set: &SetSpec) -> Result<(), Refusal> {
        check_name(&set.name)?;
        if let Some(class) = set.class.as_ref().filter(|c| !self.classes.contains_key(*c)) {
            return Err(Refusal::UnknownClass { class: class.clone() });
        }
        if set.replicas > MAX_REPLICAS {
            return Err(Refusal::TooManyReplicas { asked: set.replicas, max: MAX_REPLICAS });
        }
        if let Some(spread) = &set.spread {
            if spread.max_skew == 0 {
                return Err(Refusal::InvalidSpread { max_skew: 0, set: set.name.clone() });
            }
        }
        if self.sets.insert(set.name.clone(), set.clone()).is_some() {
            return Err(Refusal::DuplicateName { name: set.name.clone() });
        }
        Ok(())
    }

    /// Applies one action. On `Err` the state is exactly as it was.
    pub fn apply(&mut self, action: Action) -> Outcome {
        let outcome = match action {
            Action::Step => Ok(self.step()),
            Action::Run { max } => run(self, max).map_err(NoChange::Refused),
            Action::CreateClaim(spec) => {
                self.check_create_claim(&spec).map(|()| self.create_claim(&spec.name, &spec.class, spec.mode))
            }
            Action::CreatePod(spec) => self.check_create_pod(&spec).map(|()| self.do_create_pod(spec)),
            Action::FailNode { node } => self.check_fail_node(&node).map(|()| self.do_fail_node(node)),
            Action::ForceDeletePod { pod } => self.check_force_delete_pod(&pod).map(|()| self.do_force_delete_pod(pod)),
            Action::DeleteNode { node } => self.check_lost_node(&node).map(|()| self.do_delete_node(node)),
            Action::RecoverNode { node } => self.check_lost_node(&node).map(|()| self.do_recover_node(node)),
            Action::FailZone { zone } => self.check_fail_zone(&zone).map(|up| self.do_fail_zone(zone, up)),
            Action::DeletePod { pod } => self.check_delete_pod(&pod).map(|phase| self.do_delete_pod(pod, phase)),
            Action::Scale { set, replicas } => self.check_scale(&set, replicas).map(|()| self.do_scale(set, replicas)),
        };
        outcome.or_else(NoChange::outcome)
    }

    fn check_create_claim(&self, spec: &ClaimSpec) -> Check<()> {
        check_name(&spec.name)?;
        if self.pvcs.contains_key(&spec.name) {
            return Err(Refusal::DuplicateName { name: spec.name.clone() }.into());
        }
        if !self.classes.contains_key(&spec.class) {
            return Err(Refusal::UnknownClass { class: spec.class.clone() }.into());
        }
        Ok(())
    }

    fn check_create_pod(&self, spec: &PodSpec) -> Check<()> {
        check_name(&spec.name)?;
        if self.pods.contains_key(&spec.name) {
            return Err(Refusal::DuplicateName { name: spec.name.clone() }.into());
        }
        if let Some(claim) = spec.claim.as_ref().filter(|c| !self.pvcs.contains_key(*c)) {
            return Err(Refusal::UnknownClaim { claim: claim.clone() }.into());
        }
        let Some(node) = &spec.node else {
            return Ok(());
        };
        let n = self.nodes.get(node).ok_or_else(|| Refusal::UnknownNode { node: node.clone() })?;
        if n.is_down() {
            return Err(Refusal::NodeDown { node: node.clone() }.into());
        }
        // The kubelet admits a pod only if the node matches its nodeSelector.
        if !n.matches(&spec.node_selector) {
            return Err(Refusal::PlacedOffSelector { pod: spec.name.clone(), node: node.clone() }.into());
        }
        // nodeName skips the scheduler, so a WaitForFirstConsumer claim would never get its
        // selected-node: the model keeps placed pods volume-free.
        if spec.claim.is_some() {
            return Err(Refusal::PlacedPodWithClaim { pod: spec.name.clone() }.into());
        }
        Ok(())
    }

    fn do_create_pod(&mut self, spec: PodSpec) -> Vec<Event> {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.pods.push(Pod {
            name: spec.name.clone(),
            claim: spec.claim,
            node_selector: spec.node_selector,
            labels: spec.labels,
            spread: None,
            owner: None,
            pinned: spec.node.is_some(),
            node: spec.node.clone(),
            failed_scheduling: None,
            seq,
            deletion: None,
        });
        let mut events = vec![Event::PodCreated { pod: spec.name.clone(), set: None }];
        if let Some(node) = spec.node {
            events.push(Event::Placed { pod: spec.name, node });
        }
        events
    }

    fn check_fail_node(&self, node: &str) -> Check<()> {
        let n = self.nodes.get(node).ok_or_else(|| Refusal::UnknownNode { node: node.to_string() })?;
        if n.is_down() {
            return Err(Refusal::NodeDown { node: node.to_string() }.into());
        }
        Ok(())
    }

    fn do_fail_node(&mut self, node: String) -> Vec<Event> {
        let before = self.running();
        let lost = self.fail(&node);
        vec![Event::NodeLost { node, lost, survivors: self.running(), of: before }]
    }

    fn check_pod(&self, pod: &str) -> Check<&Pod> {
        Ok(self.pods.get(pod).ok_or_else(|| Refusal::UnknownPod { pod: pod.to_string() })?)
    }

    fn check_force_delete_pod(&self, pod: &str) -> Check<()> {
        self.check_pod(pod).map(|_| ())
    }

    fn do_force_delete_pod(&mut self, pod: String) -> Vec<Event> {
        self.pods.remove(&pod);
        vec![Event::PodForceDeleted { pod }]
    }

    fn check_lost_node(&self, node: &str) -> Check<()> {
        Ok(self.lost_node(node)?)
    }

    fn do_delete_node(&mut self, node: String) -> Vec<Event> {
        let pods: Vec<String> = self.pods_on(&node).into_iter().map(|p| p.name.clone()).collect();
        for pod in &pods {
            self.pods.remove(pod);
        }
        self.nodes.remove(&node);
        vec![Event::NodeDeleted { node, pods }]
    }

    fn do_recover_node(&mut self, node: String) -> Vec<Event> {
        self.nodes.get_mut(&node).expect("node exists").taints.retain(|t| t.key != UNREACHABLE_TAINT);
        // The kubelet sees each deletionTimestamp and finishes the deletion; the rest of its
        // pods were running all along, as far as it knows.
        let (deleted, back): (Vec<&Pod>, Vec<&Pod>) = self.pods_on(&node).into_iter().partition(|p| p.terminating());
        let deleted: Vec<String> = deleted.into_iter().map(|p| p.name.clone()).collect();
        let back: Vec<String> = back.into_iter().map(|p| p.name.clone()).collect();
        for pod in &deleted {
            self.pods.remove(pod);
        }
        vec![Event::NodeRecovered { node, running: back, deleted }]
    }

    /// The zone's nodes that are still up.
    fn check_fail_zone(&self, zone: &str) -> Check<Vec<String>> {
        let nodes: Vec<String> =
            self.nodes.values().filter(|n| n.zone.as_deref() == Some(zone)).map(|n| n.name.clone()).collect();
        if nodes.is_empty() {
            return Err(Refusal::UnknownZone { zone: zone.to_string() }.into());
        }
        let up: Vec<String> = nodes.into_iter().filter(|n| !self.nodes[n].is_down()).collect();
        if up.is_empty() {
            return Err(Refusal::ZoneDown { zone: zone.to_string() }.into());
        }
        Ok(up)
    }

    fn do_fail_zone(&mut self, zone: String, up: Vec<String>) -> Vec<Event> {
        let before = self.running();
        let (mut lost, mut lost_per_node) = (Vec::new(), Vec::new());
        for node in &up {
            let on_node = self.fail(node);
            lost_per_node.push(on_node.len());
            lost.extend(on_node);
        }
        vec![Event::ZoneLost { zone, nodes: up, lost, lost_per_node, survivors: self.running(), of: before }]
    }

    /// A graceful delete of a pod already Terminating is accepted and changes nothing: the API
    /// server keeps its deletionTimestamp (a longer grace period never extends it), and the pod
    /// still waits for its kubelet.
    // Models staging/src/k8s.io/apiserver/pkg/registry/rest/delete.go BeforeDelete
    fn check_delete_pod(&self, pod: &str) -> Check<Phase> {
        let phase = self.phase(self.check_pod(pod)?);
        if phase == Phase::Terminating {
            return Err(NoChange::Holds(Event::StillTerminating { pod: pod.to_string() }));
        }
        Ok(phase)
    }

    fn do_delete_pod(&mut self, pod: String, phase: Phase) -> Vec<Event> {
        // A graceful delete waits for the kubelet, and a lost node's kubelet does not answer.
        if phase == Phase::Unknown {
            self.mark_deleted(&pod, false);
            return vec![Event::PodTerminating { pod }];
        }
        self.pods.remove(&pod);
        vec![Event::PodDeleted { pod }]
    }

    fn check_scale(&self, set: &str, replicas: u32) -> Check<()> {
        if replicas > MAX_REPLICAS {
            return Err(Refusal::TooManyReplicas { asked: replicas, max: MAX_REPLICAS }.into());
        }
        if !self.sets.contains_key(set) {
            return Err(Refusal::UnknownSet { set: set.to_string() }.into());
        }
        Ok(())
    }

    fn do_scale(&mut self, set: String, replicas: u32) -> Vec<Event> {
        let spec = self.sets.get_mut(&set).expect("checked above");
        let from = spec.replicas;
        spec.replicas = replicas;
        vec![Event::Scaled { set, from, to: replicas }]
    }

    /// Marks `node` lost, as the node lifecycle controller does: the unreachable taints, NoSchedule
    /// for the scheduler and NoExecute for the taint eviction controller. Its pods stay; the names
    /// returned are the ones whose state is now unknown.
    fn fail(&mut self, node: &str) -> Vec<String> {
        let now = self.now;
        let spec = self.nodes.get_mut(node).expect("node exists");
        for effect in [TaintEffect::NoSchedule, TaintEffect::NoExecute] {
            let taint =
                Taint { key: UNREACHABLE_TAINT.to_string(), value: String::new(), effect, time_added: Some(now) };
            spec.taints.push(taint);
        }
        self.pods_on(node).into_iter().map(|p| p.name.clone()).collect()
    }

    /// Gives the pod its deletionTimestamp, which nothing on a lost node will act on.
    fn mark_deleted(&mut self, pod: &str, evicted: bool) {
        let at = self.now;
        self.pods.get_mut(pod).expect("pod exists").deletion = Some(Deletion { at, evicted });
    }

    /// Refuses unless `node` exists and is lost: only a lost node can be deleted or come back here.
    fn lost_node(&self, node: &str) -> Result<(), Refusal> {
        let n = self.nodes.get(node).ok_or_else(|| Refusal::UnknownNode { node: node.to_string() })?;
        if n.is_down() {
            Ok(())
        } else {
            Err(Refusal::NodeUp { node: node.to_string() })
        }
    }

    /// The taint eviction controller: a pod on a lost node tolerates `node.kubernetes.io/unreachable`
    /// for 300 s (the toleration the DefaultTolerationSeconds admission plugin adds), and this step
    /// stands for them. The delete sets a deletionTimestamp that only the kubelet could complete.
    fn evict(&mut self, events: &mut Vec<Event>) {
        let due: Vec<(String, String)> = self
            .pods
            .values()
            .filter(|p| self.phase(p) == Phase::Unknown)
            .map(|p| (p.name.clone(), p.node.clone().expect("an unknown pod has a node")))
            .collect();
        for (pod, node) in due {
            self.mark_deleted(&pod, true);
            events.push(Event::Evicted { pod, node });
        }
    }

    fn create_claim(&mut self, name: &str, class: &str, mode: super::model::AccessMode) -> Vec<Event> {
        self.pvcs.insert(
            name.to_string(),
            Pvc {
                name: name.to_string(),
                class: class.to_string(),
                mode,
                volume: None,
                selected_node: None,
                problem: None,
            },
        );
        let mut events = vec![Event::ClaimCreated { pvc: name.to_string() }];
        match self.classes[class].binding {
            Binding::WaitForFirstConsumer => events.push(Event::WaitingForFirstConsumer { pvc: name.to_string() }),
            // Immediate: created now, before anyone knows where a pod will run. A real provisioner
            // picks any zone it serves; this one takes the first allowed zone it serves.
            Binding::Immediate => {
                let zones: Vec<Option<String>> = if self.storage_zones.is_empty() {
                    vec![self.classes[class].allowed_zones.first().cloned()]
                } else {
                    self.storage_zones.iter().cloned().map(Some).collect()
                };
                match zones.into_iter().find(|z| self.provisionable(class, z.as_deref())) {
                    Some(zone) => events.push(self.provision(name, zone)),
                    None => {
                        self.pvcs.get_mut(name).expect("just inserted").problem = Some(PvcProblem::ProvisioningFailed);
                        events.push(Event::ProvisioningFailed { pvc: name.to_string(), class: class.to_string() });
                    }
                }
            }
        }
        events
    }

    fn provision(&mut self, claim: &str, zone: Option<String>) -> Event {
        let pv = format!("pv-{}", self.next_pv);
        self.next_pv += 1;
        self.pvs.insert(pv.clone(), Pv { name: pv.clone(), claim: claim.to_string(), zone: zone.clone() });
        let pvc = self.pvcs.get_mut(claim).expect("claim exists");
        pvc.volume = Some(pv.clone());
        pvc.problem = None;
        Event::Provisioned { pv, pvc: claim.to_string(), zone }
    }

    fn step(&mut self) -> Vec<Event> {
        self.now += 1;
        let mut events = Vec::new();
        self.evict(&mut events);
        let sets: Vec<String> = self.sets.keys().cloned().collect();
        for set in sets {
            self.reconcile_set(&set, &mut events);
        }
        for name in self.pending_pods().into_iter().map(|p| p.name.clone()).collect::<Vec<_>>() {
            match self.place(&self.pods[&name]) {
                Placement::Node(node) => self.bind(&name, &node, &mut events),
                Placement::Nowhere(failed) => {
                    let pod = self.pods.get_mut(&name).expect("pending pod exists");
                    if pod.failed_scheduling.as_ref() != Some(&failed) {
                        pod.failed_scheduling = Some(failed.clone());
                        events.push(Event::FailedScheduling { pod: name, message: failed });
                    }
                }
            }
        }
        if events.is_empty() {
            events.push(Event::Settled {
                running: self.running(),
                pending: self.pending_pods().len(),
                unknown: self.unconfirmed(),
            });
        }
        events
    }

    /// The StatefulSet controller for one set: OrderedReady creates the lowest missing ordinal once
    /// every lower pod runs, Parallel creates every missing one; pods above the target are deleted.
    fn reconcile_set(&mut self, set: &str, events: &mut Vec<Event>) {
        let spec = self.sets[set].clone();
        let ordered = spec.policy == PodManagementPolicy::OrderedReady;
        for ordinal in 0..spec.replicas {
            match self.pods.of_ordinal(&spec, ordinal) {
                // OrderedReady waits for it to run; a pod whose node is lost does not.
                Some(pod) if ordered && !self.runs(pod) => return,
                // The name is taken while the object exists, whatever its node: at most one pod
                // per ordinal.
                Some(_) => continue,
                None => {
                    if ordered {
                        if let Some(blocker) = self.first_not_running_below(set, ordinal) {
                            events.push(Event::Waiting { pod: spec.pod_name(ordinal), blocked_by: blocker });
                            return;
                        }
                    }
                    self.create_set_pod(set, &spec, ordinal, events);
                    if ordered {
                        return;
                    }
                }
            }
        }
        // Above the target, from the highest ordinal down: one at a time under OrderedReady.
        let extra: Vec<String> = (spec.replicas..self.highest_ordinal(set).map_or(0, |h| h + 1))
            .rev()
            .map(|o| spec.pod_name(o))
            .filter(|n| self.pods.contains_key(n))
            .collect();
        for name in extra.into_iter().take(if ordered { 1 } else { usize::MAX }) {
            // A pod on a lost node cannot finish its deletion: it stays Terminating, and under
            // OrderedReady the next one down waits for it.
            match self.phase(&self.pods[&name]) {
                Phase::Terminating => {}
                Phase::Unknown => {
                    self.mark_deleted(&name, false);
                    events.push(Event::PodTerminating { pod: name });
                }
                Phase::Pending | Phase::Running => {
                    self.pods.remove(&name);
                    events.push(Event::PodDeleted { pod: name });
                }
            }
        }
    }

    /// Creates the set's pod for `ordinal`, and its claim first when the set has a class and the
    /// claim is not there yet.
    fn create_set_pod(&mut self, set: &str, spec: &SetSpec, ordinal: u32, events: &mut Vec<Event>) {
        let name = spec.pod_name(ordinal);
        let claim = spec.class.as_ref().map(|class| {
            let claim = spec.claim_name(ordinal);
            if !self.pvcs.contains_key(&claim) {
                events.extend(self.create_claim(&claim, class, spec.mode));
            }
            claim
        });
        let seq = self.next_seq;
        self.next_seq += 1;
        self.pods.push(Pod {
            name: name.clone(),
            claim,
            node_selector: spec.node_selector.clone(),
            labels: spec.labels(),
            spread: spec.spread.clone(),
            owner: Some((set.to_string(), ordinal)),
            node: None,
            pinned: false,
            failed_scheduling: None,
            seq,
            deletion: None,
        });
        events.push(Event::PodCreated { pod: name, set: Some(set.to_string()) });
    }

    fn bind(&mut self, pod: &str, node: &str, events: &mut Vec<Event>) {
        let p = self.pods.get_mut(pod).expect("pending pod exists");
        p.node = Some(node.to_string());
        p.failed_scheduling = None;
        events.push(Event::Scheduled { pod: pod.to_string(), node: node.to_string() });
        let Some(claim) = p.claim.clone() else { return };
        if self.pvcs[&claim].volume.is_none() {
            // WaitForFirstConsumer: the scheduler's choice decides the zone, via selected-node.
            self.pvcs.get_mut(&claim).expect("claim exists").selected_node = Some(node.to_string());
            events.push(Event::SelectedNode { pvc: claim.clone(), node: node.to_string() });
            let zone = if self.storage_zones.is_empty() { None } else { self.nodes[node].zone.clone() };
            events.push(self.provision(&claim, zone));
        }
    }
}

impl Stepped for State {
    type Event = Event;
    type Refusal = Refusal;
    const MAX_RUN: u32 = MAX_RUN;

    fn step(&mut self) -> Vec<Event> {
        State::step(self)
    }

    /// Only a step can tell: one that moved nothing says Settled.
    fn at_rest(&self) -> Option<Event> {
        None
    }

    fn settled(&self, events: &[Event]) -> bool {
        matches!(events, [Event::Settled { .. }])
    }

    fn too_many_steps(asked: u32, max: u32) -> Refusal {
        Refusal::TooManySteps { asked, max }
    }
}

/// What a check returns: the plan of the change, or why there is none.
type Check<P> = Result<P, NoChange<Event, Refusal>>;
