//! The StatefulSet controller as the chapter describes it, stepped by its caller.
//!
//! A step first lets started pods become ready, then makes the controller's move. Under OrderedReady
//! that is one move: create the lowest missing ordinal once every lower one is ready, else delete
//! the highest ordinal above the target. Under Parallel it is every move at once. All lookups use
//! the ordered indexes in `state::Index`, so a step costs O(log n) for OrderedReady.

use super::action::Action;
use super::event::{Event, PodGone, PvcGone};
use super::model::{Config, Pod, Pvc, Retention, RetentionPolicy};
use super::refusal::Refusal;
use super::state::{Index, State, MAX_REPLICAS, MAX_RUN, MAX_STARTUP};
use crate::api::PodManagementPolicy;
use crate::names::valid_name;
use crate::reducer::{run, NoChange, Stepped};

pub type Outcome = Result<Vec<Event>, Refusal>;

/// Long enough for a sentence, short enough for a card.
pub const MAX_DATA_CHARS: usize = 200;

impl State {
    pub fn new(config: Config) -> Result<State, Refusal> {
        for name in [&config.name, &config.namespace] {
            if !valid_name(name) {
                return Err(Refusal::InvalidName { name: name.clone() });
            }
        }
        if config.replicas > MAX_REPLICAS {
            return Err(Refusal::TooManyReplicas { asked: config.replicas.into(), max: MAX_REPLICAS });
        }
        if config.startup_ticks > MAX_STARTUP {
            return Err(Refusal::InvalidStartup { ticks: config.startup_ticks, max: MAX_STARTUP });
        }
        Ok(State {
            config,
            now: 0,
            pods: Default::default(),
            pvcs: Default::default(),
            broken: Default::default(),
            deleted: false,
            index: Index::default(),
        })
    }

    /// Applies one action. On `Err` the state is exactly as it was.
    pub fn apply(&mut self, action: Action) -> Outcome {
        let outcome = match action {
            Action::Step => Ok(self.step()),
            Action::Run { max } => run(self, max).map_err(NoChange::Refused),
            Action::Scale { replicas } => self.check_scale(replicas).map(|()| self.do_scale(replicas)),
            Action::ScaleBy { delta } => {
                let asked = i64::from(self.config.replicas).saturating_add(delta);
                self.check_scale(asked).map(|()| self.do_scale(asked))
            }
            Action::Break { ordinal } => self.check_break(ordinal).map(|()| self.do_break(ordinal)),
            Action::Fix { ordinal } => self.check_fix(ordinal).map(|()| self.do_fix(ordinal)),
            Action::DeletePod { ordinal } => self.check_delete_pod(ordinal).map(|()| self.do_delete_pod(ordinal)),
            Action::DeletePvc { ordinal } => self.check_delete_pvc(ordinal).map(|()| self.do_delete_pvc(ordinal)),
            Action::Write { ordinal, data } => self.check_write(ordinal, data).map(|data| self.do_write(ordinal, data)),
            Action::Read { ordinal } => self.check_read(ordinal).map(|()| self.do_read(ordinal)),
            Action::SetRetention(retention) => {
                self.check_set_retention(retention).map(|()| self.do_set_retention(retention))
            }
            Action::DeleteSet => self.check_delete_set().map(|()| self.do_delete_set()),
            Action::CreateSet => self.check_create_set().map(|()| self.do_create_set()),
        };
        outcome.or_else(NoChange::outcome)
    }

    fn check_set_retention(&self, retention: RetentionPolicy) -> Check<()> {
        if self.config.retention == retention {
            return Err(NoChange::Holds(Event::AlreadyHolds { what: "persistentVolumeClaimRetentionPolicy".into() }));
        }
        Ok(())
    }

    fn do_set_retention(&mut self, retention: RetentionPolicy) -> Vec<Event> {
        self.config.retention = retention;
        vec![Event::RetentionChanged { retention }]
    }

    fn check_create_set(&self) -> Check<()> {
        if !self.deleted {
            return Err(Refusal::SetExists { set: self.config.name.clone() }.into());
        }
        Ok(())
    }

    fn do_create_set(&mut self) -> Vec<Event> {
        self.deleted = false;
        vec![Event::SetCreated { set: self.config.name.clone(), adopted: self.pvcs.len() as u32 }]
    }

    fn step(&mut self) -> Vec<Event> {
        self.now += 1;
        let mut events = Vec::new();
        while let Some(&(at, ordinal)) = self.index.starting.first() {
            if at > self.now {
                break;
            }
            self.index.starting.pop_first();
            let pod = self.pods.get_mut(&ordinal).expect("starting pods exist");
            pod.ready = true;
            self.index.not_ready.remove(&ordinal);
            events.push(Event::PodReady { pod: self.config.pod_name(ordinal) });
        }
        if self.deleted {
            return events;
        }
        let before = events.len();
        match self.config.policy {
            PodManagementPolicy::OrderedReady => self.ordered_move(&mut events),
            PodManagementPolicy::Parallel => self.parallel_moves(&mut events),
        }
        if events.len() == before && self.converged() {
            events.push(Event::Converged { ready: self.ready_count() });
        }
        events
    }

    fn ordered_move(&mut self, events: &mut Vec<Event>) {
        let replicas = self.config.replicas;
        let next = self.lowest_missing();
        if next < replicas {
            // Only when every lower ordinal is ready: this wait is what keeps start-up in order.
            if let Some(blocker) = self.first_unready_below(next) {
                events.push(Event::Waiting {
                    ordinal: next,
                    pod: self.config.pod_name(next),
                    blocked_by: self.config.pod_name(blocker),
                });
                return;
            }
            self.create(next, events);
            return;
        }
        if !self.all_ready_below(replicas) {
            return; // a replica is still starting (or broken); the controller waits for it
        }
        if let Some((&top, pod)) = self.pods_past_target().next_back() {
            // As the real controller: an unhealthy pod is only deleted first if it is the lowest
            // unhealthy one; otherwise scale-down waits.
            let first_unhealthy = self.index.not_ready.first().copied();
            if !pod.ready && first_unhealthy != Some(top) {
                let blocker = first_unhealthy.expect("an unhealthy pod exists");
                events.push(Event::ScaleDownWaiting {
                    pod: self.config.pod_name(top),
                    blocked_by: self.config.pod_name(blocker),
                });
                return;
            }
            self.scale_down(top, events);
        }
    }

    fn parallel_moves(&mut self, events: &mut Vec<Event>) {
        let missing: Vec<u32> = self.missing_below(self.config.replicas).collect();
        for ordinal in missing {
            self.create(ordinal, events);
        }
        let condemned: Vec<u32> = self.pods_past_target().rev().map(|(&o, _)| o).collect();
        for ordinal in condemned {
            self.scale_down(ordinal, events);
        }
    }

    /// Creates the pod for `ordinal` and binds it to the PVC of the same ordinal, re-using the PVC
    /// when it is still there: this is how data survives the pod.
    fn create(&mut self, ordinal: u32, events: &mut Vec<Event>) {
        let reused = self.pvcs.contains_key(&ordinal);
        if !reused {
            self.pvcs.insert(ordinal, Pvc { ordinal, data: None, terminating: false });
        }
        let broken = self.broken.contains(&ordinal);
        let ready_at = self.now + u64::from(self.config.startup_ticks);
        let ready = self.config.startup_ticks == 0 && !broken;
        self.pods.insert(ordinal, Pod { ordinal, ready, created_at: self.now, ready_at });
        if !ready {
            self.index.not_ready.insert(ordinal);
            if !broken {
                self.index.starting.insert((ready_at, ordinal));
            }
        }
        if ordinal < self.index.high_water {
            self.index.holes.remove(&ordinal);
        } else {
            self.index.holes.extend(self.index.high_water..ordinal);
            self.index.high_water = ordinal + 1;
        }
        events.push(Event::PodCreated {
            set: self.config.name.clone(),
            pod: self.config.pod_name(ordinal),
            pvc: self.config.pvc_name(ordinal),
            reused,
            data: self.pvcs[&ordinal].data.clone(),
        });
    }

    fn scale_down(&mut self, ordinal: u32, events: &mut Vec<Event>) {
        self.remove_pod(ordinal, PodGone::ScaleDown, events);
        if self.config.retention.when_scaled == Retention::Delete {
            self.remove_pvc(ordinal, PvcGone::WhenScaled, events);
        }
    }

    fn remove_pod(&mut self, ordinal: u32, why: PodGone, events: &mut Vec<Event>) {
        let pod = self.pods.remove(&ordinal).expect("caller checked the pod exists");
        self.index.not_ready.remove(&ordinal);
        self.index.starting.remove(&(pod.ready_at, ordinal));
        self.index.holes.insert(ordinal);
        events.push(Event::PodDeleted { set: self.config.name.clone(), pod: self.config.pod_name(ordinal), why });
        if self.pvcs.get(&ordinal).is_some_and(|p| p.terminating) {
            self.remove_pvc(ordinal, PvcGone::Manual, events);
        }
    }

    fn remove_pvc(&mut self, ordinal: u32, why: PvcGone, events: &mut Vec<Event>) {
        if let Some(pvc) = self.pvcs.remove(&ordinal) {
            let (set, pvc_name) = (self.config.name.clone(), self.config.pvc_name(ordinal));
            events.push(Event::PvcDeleted { set, pvc: pvc_name, why, data: pvc.data });
        }
    }

    fn check_scale(&self, asked: i64) -> Check<()> {
        if self.deleted {
            return Err(Refusal::SetDeleted { set: self.config.name.clone() }.into());
        }
        if asked > i64::from(MAX_REPLICAS) {
            return Err(Refusal::TooManyReplicas { asked, max: MAX_REPLICAS }.into());
        }
        Ok(())
    }

    fn do_scale(&mut self, asked: i64) -> Vec<Event> {
        let mut events = Vec::new();
        let target = if asked < 0 {
            events.push(Event::ClampedAtZero { asked });
            0
        } else {
            asked as u32
        };
        let from = self.config.replicas;
        if from == target {
            events.push(Event::AlreadyHolds { what: format!("replicas={target}") });
        } else {
            self.config.replicas = target;
            events.push(Event::Scaled { from, to: target });
        }
        events
    }

    fn check_ordinal(&self, ordinal: u32) -> Result<(), Refusal> {
        if ordinal >= MAX_REPLICAS {
            Err(Refusal::OrdinalOutOfRange { ordinal, max: MAX_REPLICAS })
        } else {
            Ok(())
        }
    }

    fn check_break(&self, ordinal: u32) -> Check<()> {
        self.check_ordinal(ordinal)?;
        if self.broken.contains(&ordinal) {
            let what = format!("{} broken", self.config.pod_name(ordinal));
            return Err(NoChange::Holds(Event::AlreadyHolds { what }));
        }
        Ok(())
    }

    fn do_break(&mut self, ordinal: u32) -> Vec<Event> {
        self.broken.insert(ordinal);
        let mut was_ready = false;
        if let Some(pod) = self.pods.get_mut(&ordinal) {
            was_ready = pod.ready;
            pod.ready = false;
            self.index.not_ready.insert(ordinal);
            self.index.starting.remove(&(pod.ready_at, ordinal));
        }
        vec![Event::Broken { pod: self.config.pod_name(ordinal), was_ready }]
    }

    fn check_fix(&self, ordinal: u32) -> Check<()> {
        self.check_ordinal(ordinal)?;
        if !self.broken.contains(&ordinal) {
            let what = format!("{} not broken", self.config.pod_name(ordinal));
            return Err(NoChange::Holds(Event::AlreadyHolds { what }));
        }
        Ok(())
    }

    fn do_fix(&mut self, ordinal: u32) -> Vec<Event> {
        self.broken.remove(&ordinal);
        let pod_name = self.config.pod_name(ordinal);
        let startup = u64::from(self.config.startup_ticks);
        let now = self.now;
        let mut events = Vec::new();
        let restarting = match self.pods.get_mut(&ordinal) {
            Some(pod) => {
                // It starts over: ready after the usual start-up, counted from now.
                pod.ready_at = now + startup;
                if startup == 0 {
                    pod.ready = true;
                    self.index.not_ready.remove(&ordinal);
                } else {
                    self.index.starting.insert((pod.ready_at, ordinal));
                }
                true
            }
            None => false,
        };
        events.push(Event::Fixed { pod: pod_name.clone(), restarting });
        if restarting && startup == 0 {
            events.push(Event::PodReady { pod: pod_name });
        }
        events
    }

    fn check_delete_pod(&self, ordinal: u32) -> Check<()> {
        if !self.pods.contains_key(&ordinal) {
            return Err(Refusal::NoSuchPod { pod: self.config.pod_name(ordinal) }.into());
        }
        Ok(())
    }

    fn do_delete_pod(&mut self, ordinal: u32) -> Vec<Event> {
        let mut events = Vec::new();
        self.remove_pod(ordinal, PodGone::Manual, &mut events);
        events
    }

    fn check_delete_pvc(&self, ordinal: u32) -> Check<()> {
        let pvc_name = self.config.pvc_name(ordinal);
        let Some(pvc) = self.pvcs.get(&ordinal) else {
            return Err(Refusal::NoSuchPvc { pvc: pvc_name }.into());
        };
        if pvc.terminating {
            return Err(NoChange::Holds(Event::AlreadyHolds { what: format!("{pvc_name} Terminating") }));
        }
        Ok(())
    }

    /// A claim its pod still uses waits for the pod (kubernetes.io/pvc-protection); any other goes.
    fn do_delete_pvc(&mut self, ordinal: u32) -> Vec<Event> {
        let mut events = Vec::new();
        if self.pods.contains_key(&ordinal) {
            self.pvcs.get_mut(&ordinal).expect("checked above").terminating = true;
            events
                .push(Event::PvcTerminating { pvc: self.config.pvc_name(ordinal), pod: self.config.pod_name(ordinal) });
        } else {
            self.remove_pvc(ordinal, PvcGone::Manual, &mut events);
        }
        events
    }

    /// The PVC of `ordinal` when its pod is running and ready: only a running pod reads or writes.
    fn running_pvc(&self, ordinal: u32) -> Result<(), Refusal> {
        if !self.pvcs.contains_key(&ordinal) {
            return Err(Refusal::NoSuchPvc { pvc: self.config.pvc_name(ordinal) });
        }
        if !self.pods.get(&ordinal).is_some_and(|p| p.ready) {
            return Err(Refusal::PodNotReady {
                pod: self.config.pod_name(ordinal),
                pvc: self.config.pvc_name(ordinal),
            });
        }
        Ok(())
    }

    /// What the pod writes: the reader's `data`, else the model's `<pod>@step<N>`.
    fn check_write(&self, ordinal: u32, data: Option<String>) -> Check<String> {
        self.running_pvc(ordinal)?;
        let data = data.unwrap_or_else(|| format!("{}@step{}", self.config.pod_name(ordinal), self.now));
        if data.is_empty() || data.chars().count() > MAX_DATA_CHARS {
            return Err(Refusal::InvalidData { chars: data.chars().count(), max: MAX_DATA_CHARS }.into());
        }
        Ok(data)
    }

    fn do_write(&mut self, ordinal: u32, data: String) -> Vec<Event> {
        self.pvcs.get_mut(&ordinal).expect("checked").data = Some(data.clone());
        vec![Event::Written { pvc: self.config.pvc_name(ordinal), pod: self.config.pod_name(ordinal), data }]
    }

    fn check_read(&self, ordinal: u32) -> Check<()> {
        Ok(self.running_pvc(ordinal)?)
    }

    /// Reading changes nothing: the event carries what the pod found.
    fn do_read(&self, ordinal: u32) -> Vec<Event> {
        vec![Event::DataRead {
            pvc: self.config.pvc_name(ordinal),
            pod: self.config.pod_name(ordinal),
            data: self.pvcs[&ordinal].data.clone(),
        }]
    }

    fn check_delete_set(&self) -> Check<()> {
        if self.deleted {
            return Err(Refusal::SetDeleted { set: self.config.name.clone() }.into());
        }
        Ok(())
    }

    fn do_delete_set(&mut self) -> Vec<Event> {
        let mut events = vec![Event::SetDeleted { set: self.config.name.clone() }];
        let ordinals: Vec<u32> = self.pods.keys().rev().copied().collect();
        for ordinal in ordinals {
            self.remove_pod(ordinal, PodGone::SetDeleted, &mut events);
        }
        if self.config.retention.when_deleted == Retention::Delete {
            let ordinals: Vec<u32> = self.pvcs.keys().copied().collect();
            for ordinal in ordinals {
                self.remove_pvc(ordinal, PvcGone::WhenDeleted, &mut events);
            }
        }
        self.deleted = true;
        events
    }
}

impl Stepped for State {
    type Event = Event;
    type Refusal = Refusal;
    const MAX_RUN: u32 = MAX_RUN;

    fn step(&mut self) -> Vec<Event> {
        State::step(self)
    }

    /// A converged set says so without a step, which would only move the clock.
    fn at_rest(&self) -> Option<Event> {
        self.converged().then(|| Event::Converged { ready: self.ready_count() })
    }

    fn settled(&self, _events: &[Event]) -> bool {
        self.converged()
    }

    fn too_many_steps(asked: u32, max: u32) -> Refusal {
        Refusal::TooManySteps { asked, max }
    }
}

/// What a check returns: the plan of the change, or why there is none.
type Check<P> = Result<P, NoChange<Event, Refusal>>;
