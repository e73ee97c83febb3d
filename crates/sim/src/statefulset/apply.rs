//! The StatefulSet controller as the chapter describes it, stepped by its caller.
//!
//! A step first lets started pods become ready, then makes the controller's move. Under OrderedReady
//! that is one move: create the lowest missing ordinal once every lower one is ready, else delete
//! the highest ordinal above the target. Under Parallel it is every move at once. All lookups use
//! the ordered indexes in `state::Index`, so a step costs O(log n) for OrderedReady.

use super::action::Action;
use super::event::{Event, PodGone, PvcGone};
use super::model::{Config, Pod, Pvc, Retention};
use super::refusal::Refusal;
use super::state::{Index, State, MAX_REPLICAS, MAX_RUN, MAX_STARTUP};
use crate::api::PodManagementPolicy;
use crate::names::valid_name;

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
        match action {
            Action::Step => Ok(self.step()),
            Action::Run { max } => self.run(max),
            Action::Scale { replicas } => self.scale(replicas),
            Action::ScaleBy { delta } => self.scale(i64::from(self.config.replicas).saturating_add(delta)),
            Action::Break { ordinal } => self.break_ordinal(ordinal),
            Action::Fix { ordinal } => self.fix(ordinal),
            Action::DeletePod { ordinal } => self.delete_pod(ordinal),
            Action::DeletePvc { ordinal } => self.delete_pvc(ordinal),
            Action::Write { ordinal, data } => self.write(ordinal, data),
            Action::Read { ordinal } => self.read(ordinal),
            Action::SetRetention(retention) => {
                if self.config.retention == retention {
                    return Ok(vec![Event::AlreadyHolds { what: "persistentVolumeClaimRetentionPolicy".into() }]);
                }
                self.config.retention = retention;
                Ok(vec![Event::RetentionChanged { retention }])
            }
            Action::DeleteSet => self.delete_set(),
            Action::CreateSet => {
                if !self.deleted {
                    return Err(Refusal::SetExists { set: self.config.name.clone() });
                }
                self.deleted = false;
                Ok(vec![Event::SetCreated { set: self.config.name.clone(), adopted: self.pvcs.len() as u32 }])
            }
        }
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
            events.push(Event::PvcDeleted { pvc: self.config.pvc_name(ordinal), why, data: pvc.data });
        }
    }

    fn run(&mut self, max: u32) -> Outcome {
        if max > MAX_RUN {
            return Err(Refusal::TooManySteps { asked: max, max: MAX_RUN });
        }
        if self.converged() {
            return Ok(vec![Event::Converged { ready: self.ready_count() }]);
        }
        let mut events = Vec::new();
        for _ in 0..max {
            if self.converged() {
                break;
            }
            events.extend(self.step());
        }
        Ok(events)
    }

    fn scale(&mut self, asked: i64) -> Outcome {
        if self.deleted {
            return Err(Refusal::SetDeleted { set: self.config.name.clone() });
        }
        if asked > i64::from(MAX_REPLICAS) {
            return Err(Refusal::TooManyReplicas { asked, max: MAX_REPLICAS });
        }
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
        Ok(events)
    }

    fn check_ordinal(&self, ordinal: u32) -> Result<(), Refusal> {
        if ordinal >= MAX_REPLICAS {
            Err(Refusal::OrdinalOutOfRange { ordinal, max: MAX_REPLICAS })
        } else {
            Ok(())
        }
    }

    fn break_ordinal(&mut self, ordinal: u32) -> Outcome {
        self.check_ordinal(ordinal)?;
        let pod_name = self.config.pod_name(ordinal);
        if !self.broken.insert(ordinal) {
            return Ok(vec![Event::AlreadyHolds { what: format!("{pod_name} broken") }]);
        }
        let mut was_ready = false;
        if let Some(pod) = self.pods.get_mut(&ordinal) {
            was_ready = pod.ready;
            pod.ready = false;
            self.index.not_ready.insert(ordinal);
            self.index.starting.remove(&(pod.ready_at, ordinal));
        }
        Ok(vec![Event::Broken { pod: pod_name, was_ready }])
    }

    fn fix(&mut self, ordinal: u32) -> Outcome {
        self.check_ordinal(ordinal)?;
        let pod_name = self.config.pod_name(ordinal);
        if !self.broken.remove(&ordinal) {
            return Ok(vec![Event::AlreadyHolds { what: format!("{pod_name} not broken") }]);
        }
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
        Ok(events)
    }

    fn delete_pod(&mut self, ordinal: u32) -> Outcome {
        if !self.pods.contains_key(&ordinal) {
            return Err(Refusal::NoSuchPod { pod: self.config.pod_name(ordinal) });
        }
        let mut events = Vec::new();
        self.remove_pod(ordinal, PodGone::Manual, &mut events);
        Ok(events)
    }

    fn delete_pvc(&mut self, ordinal: u32) -> Outcome {
        let pvc_name = self.config.pvc_name(ordinal);
        let Some(pvc) = self.pvcs.get_mut(&ordinal) else {
            return Err(Refusal::NoSuchPvc { pvc: pvc_name });
        };
        if pvc.terminating {
            return Ok(vec![Event::AlreadyHolds { what: format!("{pvc_name} Terminating") }]);
        }
        if self.pods.contains_key(&ordinal) {
            pvc.terminating = true;
            return Ok(vec![Event::PvcTerminating { pvc: pvc_name, pod: self.config.pod_name(ordinal) }]);
        }
        let mut events = Vec::new();
        self.remove_pvc(ordinal, PvcGone::Manual, &mut events);
        Ok(events)
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

    fn write(&mut self, ordinal: u32, data: Option<String>) -> Outcome {
        self.running_pvc(ordinal)?;
        let pod = self.config.pod_name(ordinal);
        let data = data.unwrap_or_else(|| format!("{pod}@step{}", self.now));
        if data.is_empty() || data.chars().count() > MAX_DATA_CHARS {
            return Err(Refusal::InvalidData { chars: data.chars().count(), max: MAX_DATA_CHARS });
        }
        self.pvcs.get_mut(&ordinal).expect("checked").data = Some(data.clone());
        Ok(vec![Event::Written { pvc: self.config.pvc_name(ordinal), pod, data }])
    }

    fn read(&self, ordinal: u32) -> Outcome {
        self.running_pvc(ordinal)?;
        Ok(vec![Event::DataRead {
            pvc: self.config.pvc_name(ordinal),
            pod: self.config.pod_name(ordinal),
            data: self.pvcs[&ordinal].data.clone(),
        }])
    }

    fn delete_set(&mut self) -> Outcome {
        if self.deleted {
            return Err(Refusal::SetDeleted { set: self.config.name.clone() });
        }
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
        Ok(events)
    }
}
