//! The reducer: every rule of the chapter lives here.
//!
//! Each handler first checks everything that could refuse, reading only, and mutates afterwards, so
//! a refusal can never leave a half-done change behind. Claims and volumes, which can be many, are
//! `BTreeMap` lookups; nodes, classes and a volume's attachments and mounts are few and live in the
//! sorted `VecMap`/`VecSet` of `ordered.rs`. Either way a lookup is a tree descent or a binary
//! search, never a scan of every claim.

use super::action::Action;
use super::event::{AlreadyHolds, Event};
use super::model::{Claim, ClaimSpec, Phase, Resize, Volume};
use super::refusal::Refusal;
use super::rpc::{Code, CsiAccessMode, CsiCall, Rpc};
use super::state::{Setup, State};
use crate::api::{Binding, Reclaim};
use crate::names::valid_name;
use crate::reducer::NoChange;

pub type Outcome = Result<Vec<Event>, Refusal>;

const MAX_SIZE_GIB: u32 = 65_536;

/// What a force delete acts on: the pod, its node, and whether that node responds.
struct ForceDelete {
    volume: String,
    node: String,
    pod: String,
    responsive: bool,
}

impl State {
    /// Builds the state a scenario starts from, requesting its claims in order.
    pub fn new(setup: &Setup) -> Result<(State, Vec<Event>), Refusal> {
        for name in setup.classes.iter().map(|c| &c.name).chain(setup.nodes.iter().map(|n| &n.name)) {
            check_name(name)?;
        }
        let mut state = State::empty(setup);
        if state.classes.len() != setup.classes.len() || state.nodes.len() != setup.nodes.len() {
            let mut seen = crate::ordered::VecSet::new();
            let dup = setup
                .classes
                .iter()
                .map(|c| &c.name)
                .chain(setup.nodes.iter().map(|n| &n.name))
                .find(|n| !seen.insert(n.as_str()))
                .cloned()
                .unwrap_or_default();
            return Err(Refusal::DuplicateName { name: dup });
        }
        // The driver registers on every node first: node-driver-registrar asks its name and hands
        // it to the kubelet, which asks the node's id and topology; that is how a zone reaches the
        // provisioner.
        let mut events = Vec::new();
        for node in setup.nodes.iter() {
            events.push(Event::Csi(state.send(CsiCall::new(Rpc::GetPluginInfo, "").node(&node.name))));
            let mut call = CsiCall::new(Rpc::NodeGetInfo, "").node(&node.name);
            call.zone = node.zone.clone();
            events.push(Event::Csi(state.send(call)));
        }
        for spec in &setup.claims {
            events.extend(state.apply(Action::Request(spec.clone()))?);
        }
        Ok((state, events))
    }

    /// Applies one action. On `Err` the state is exactly as it was.
    pub fn apply(&mut self, action: Action) -> Outcome {
        // Only these let go of a claim's volume, and only of their own claim's.
        let lets_go = matches!(
            action,
            Action::Unmount { .. }
                | Action::UnmountAll { .. }
                | Action::ForceDeletePod { .. }
                | Action::Detach { .. }
                | Action::ForceDetach { .. }
        );
        let claim = lets_go.then(|| action.claim().map(str::to_string)).flatten();
        let outcome = match action {
            Action::Request(spec) => self.check_request(&spec).map(|plan| self.do_request(spec, plan)),
            Action::Attach { claim, node } => {
                self.check_attach(&claim, &node).map(|plan| self.do_attach(&claim, &node, plan))
            }
            Action::Mount { claim, node, pod } => {
                self.check_mount(&claim, &node, pod).map(|plan| self.do_mount(&node, plan))
            }
            Action::Unmount { claim, pod } => {
                self.check_unmount(&claim, &pod).map(|volume| self.do_unmount(&volume, &pod))
            }
            Action::ForceDeletePod { claim, pod } => {
                self.check_force_delete_pod(&claim, &pod).map(|plan| self.do_force_delete_pod(plan))
            }
            Action::UnmountAll { claim } => self.check_unmount_all(&claim).map(|plan| self.do_unmount_all(plan)),
            Action::Detach { claim, node } => {
                self.check_detach(&claim, &node).map(|volume| self.do_detach(&volume, &node))
            }
            Action::ForceDetach { claim, node } => {
                self.check_force_detach(&claim, node.as_deref()).map(|plan| self.do_force_detach(plan))
            }
            Action::Write { claim, pod } => self.check_write(&claim, &pod).map(|plan| self.do_write(&pod, plan)),
            Action::DeleteClaim { claim } => {
                self.check_delete_claim(&claim).map(|plan| self.do_delete_claim(&claim, plan))
            }
            Action::DeleteReleased { volume } => {
                self.check_delete_released(&volume).map(|()| self.do_delete_released(&volume))
            }
            Action::Expand { claim, size_gib } => {
                self.check_expand(&claim, size_gib).map(|plan| self.do_expand(&claim, size_gib, plan))
            }
            Action::SetResponsive { node, responsive } => {
                self.check_set_responsive(&node, responsive).map(|()| self.do_set_responsive(&node, responsive))
            }
        };
        let outcome = outcome.map(|mut events| {
            events.extend(claim.and_then(|claim| self.release_protected(&claim)).into_iter().flatten());
            events
        });
        outcome.or_else(NoChange::outcome)
    }

    /// The pvc-protection controller lets a Terminating claim go once nothing uses it: then it is
    /// deleted, and its volume follows the reclaim policy. Asked after each action that lets go of
    /// the claim's volume (an unmount or a detach of that claim), so an action's work does not
    /// grow with the number of claims.
    // Models pkg/controller/volume/pvcprotection/pvc_protection_controller.go Controller.removeFinalizer
    fn release_protected(&mut self, claim: &str) -> Option<Vec<Event>> {
        let c = self.claims.get(claim).filter(|c| c.terminating)?;
        let v = c.volume.as_ref().and_then(|v| self.volumes.get(v));
        if v.is_some_and(|v| !v.mounts.is_empty() || !v.attached.is_empty()) {
            return None;
        }
        let volume = c.volume.clone();
        Some(self.do_delete_claim(claim, DeleteClaim::Now(volume)))
    }

    /// Sends a call to the driver and returns it with the driver's answer.
    fn send(&mut self, mut call: CsiCall) -> CsiCall {
        call.code = self.driver.answer(&call);
        call
    }

    fn csi_mode(&self, v: &Volume) -> CsiAccessMode {
        CsiAccessMode::for_mode(v.mode, self.driver_multi_writer)
    }

    fn claim(&self, claim: &str) -> Result<&Claim, Refusal> {
        self.claims.get(claim).ok_or_else(|| Refusal::UnknownClaim { claim: claim.to_string() })
    }

    fn bound_volume(&self, claim: &str) -> Result<&Volume, Refusal> {
        let c = self.claim(claim)?;
        c.volume
            .as_ref()
            .and_then(|v| self.volumes.get(v))
            .ok_or_else(|| Refusal::NoVolumeYet { claim: claim.to_string() })
    }

    fn responsive_node(&self, node: &str) -> Result<(), Refusal> {
        match self.nodes.get(node) {
            None => Err(Refusal::UnknownNode { node: node.to_string() }),
            Some(n) if !n.responsive => Err(Refusal::NodeUnresponsive { node: node.to_string() }),
            Some(_) => Ok(()),
        }
    }

    fn volume_mut(&mut self, name: &str) -> &mut Volume {
        self.volumes.get_mut(name).expect("checked before mutating")
    }

    fn check_request(&self, spec: &ClaimSpec) -> Check<(Binding, Option<String>)> {
        check_name(&spec.name)?;
        if let Some(existing) = self.claims.get(&spec.name) {
            return Err(if existing.spec == *spec {
                NoChange::Holds(AlreadyHolds::Requested { claim: spec.name.clone() })
            } else {
                Refusal::ClaimExists { claim: spec.name.clone() }.into()
            });
        }
        let class = self.classes.get(&spec.class).ok_or_else(|| Refusal::UnknownClass { class: spec.class.clone() })?;
        if spec.size_gib == 0 || spec.size_gib > MAX_SIZE_GIB {
            return Err(Refusal::InvalidSize { size_gib: spec.size_gib }.into());
        }
        // Immediate creates the volume before any pod is placed: in the zone the claim names, else in
        // the first zone the class allows (a real provisioner picks one it likes), else nowhere.
        let zone = spec.zone.clone().or_else(|| class.allowed_zones.first().cloned());
        if class.binding == Binding::Immediate && !class.allows(zone.as_deref()) {
            return Err(Refusal::ZoneNotAllowed {
                claim: spec.name.clone(),
                class: class.name.clone(),
                zone,
                allowed: class.allowed_zones.clone(),
                node: None,
                total_nodes: self.nodes.len(),
            }
            .into());
        }
        Ok((class.binding, zone))
    }

    fn do_request(&mut self, spec: ClaimSpec, (binding, zone): (Binding, Option<String>)) -> Vec<Event> {
        let name = spec.name.clone();
        self.claims.insert(name.clone(), Claim { spec, volume: None, resize: None, terminating: false });
        match binding {
            Binding::WaitForFirstConsumer => vec![Event::WaitingForFirstConsumer { claim: name }],
            Binding::Immediate => self.provision(&name, zone),
        }
    }

    /// Creates the claim's volume in `zone`. The zone is fixed from here on. When the driver
    /// refuses, the claim stays unbound and the events say why.
    fn provision(&mut self, claim: &str, zone: Option<String>) -> Vec<Event> {
        let c = &self.claims[claim];
        let class = &self.classes[&c.spec.class];
        let name = format!("pv-{}", self.next_volume);
        let volume = Volume {
            name: name.clone(),
            claim: claim.to_string(),
            class: class.name.clone(),
            size_gib: c.spec.size_gib,
            filesystem_gib: c.spec.size_gib,
            mode: c.spec.mode,
            zone: zone.clone(),
            reclaim: class.reclaim,
            phase: Phase::Bound,
            attached: Default::default(),
            attach_reported: Default::default(),
            mounts: Default::default(),
            by_node: Default::default(),
            writes: Vec::new(),
        };
        let mut call = CsiCall::new(Rpc::CreateVolume, &name)
            .mode(self.csi_mode(&volume), volume.mode.read_only())
            .capacity(volume.size_gib);
        call.zone = zone.clone();
        let call = self.send(call);
        if call.code != Code::Ok {
            let failed = Event::ProvisioningFailed {
                claim: claim.to_string(),
                class: volume.class,
                volume: name,
                code: call.code,
            };
            return vec![failed, Event::Csi(call)];
        }
        let event =
            Event::Provisioned { volume: name.clone(), claim: claim.to_string(), size_gib: volume.size_gib, zone };
        self.next_volume += 1;
        self.volumes.insert(name.clone(), volume);
        self.claims.get_mut(claim).expect("claim exists").volume = Some(name);
        vec![event, Event::Csi(call)]
    }

    fn check_attach(&self, claim: &str, node: &str) -> Check<VolumeToAttach> {
        let c = self.claim(claim)?;
        if c.terminating {
            return Err(Refusal::ClaimTerminating { claim: claim.to_string() }.into());
        }
        self.responsive_node(node)?;
        let node_zone = self.nodes[node].zone.clone();
        let Some(volume) = c.volume.clone() else {
            return self.check_first_consumer(claim, node);
        };
        let v = &self.volumes[&volume];
        if v.zone.is_some() && v.zone != node_zone {
            return Err(Refusal::ZoneConflict {
                volume,
                volume_zone: v.zone.clone(),
                node: node.to_string(),
                node_zone,
                total_nodes: self.nodes.len(),
            }
            .into());
        }
        if v.attached.contains(node) {
            return Err(NoChange::Holds(AlreadyHolds::Attached { volume, node: node.to_string() }));
        }
        // The Multi-Attach check belongs to the attach step (the attach/detach controller). A
        // driver with no attach step has none, and nothing else enforces ReadWriteOnce across
        // nodes (kubernetes/kubernetes#111799, ceph/ceph-csi#4191).
        if self.driver.capabilities.publish_unpublish && v.mode.single_node() && !v.attached.is_empty() {
            return Err(Refusal::MultiAttach {
                volume,
                mode: v.mode,
                attached_to: v.attached.iter().cloned().collect(),
                pods: v.all_pods(),
            }
            .into());
        }
        Ok(VolumeToAttach::Bound(volume))
    }

    /// WaitForFirstConsumer: the pod's node is known now, so the volume would be created there. In
    /// the node's zone and attached nowhere yet, it meets neither the zone check nor Multi-Attach:
    /// only the class can refuse it.
    fn check_first_consumer(&self, claim: &str, node: &str) -> Check<VolumeToAttach> {
        let class = &self.classes[&self.claims[claim].spec.class];
        let zone = self.nodes[node].zone.clone();
        if !class.allows(zone.as_deref()) {
            return Err(Refusal::ZoneNotAllowed {
                claim: claim.to_string(),
                class: class.name.clone(),
                zone,
                allowed: class.allowed_zones.clone(),
                node: Some(node.to_string()),
                total_nodes: self.nodes.len(),
            }
            .into());
        }
        Ok(VolumeToAttach::ToProvision { zone })
    }

    fn do_attach(&mut self, claim: &str, node: &str, volume: VolumeToAttach) -> Vec<Event> {
        let (volume, mut events) = match volume {
            VolumeToAttach::Bound(volume) => (volume, Vec::new()),
            VolumeToAttach::ToProvision { zone } => {
                let events = self.provision(claim, zone);
                match self.claims[claim].volume.clone() {
                    Some(volume) => (volume, events),
                    // The driver refused to create it: the pod waits, and the events say why.
                    None => return events,
                }
            }
        };
        let v = &self.volumes[&volume];
        let call =
            CsiCall::new(Rpc::ControllerPublishVolume, &volume).node(node).mode(self.csi_mode(v), v.mode.read_only());
        self.volume_mut(&volume).attached.insert(node.to_string());
        if !self.driver.capabilities.publish_unpublish {
            events.push(Event::NoAttachStep { volume, node: node.to_string() });
            return events;
        }
        let call = self.send(call);
        events.push(Event::Attached { volume, node: node.to_string() });
        events.push(Event::Csi(call));
        events
    }

    fn check_mount(&self, claim: &str, node: &str, pod: Option<String>) -> Check<Mount> {
        if self.claim(claim)?.terminating {
            return Err(Refusal::ClaimTerminating { claim: claim.to_string() }.into());
        }
        self.responsive_node(node)?;
        let v = self.bound_volume(claim)?;
        if !v.attached.contains(node) {
            return Err(Refusal::NotAttached {
                volume: v.name.clone(),
                node: node.to_string(),
                attached: v.attached.iter().cloned().collect(),
            }
            .into());
        }
        let named_by_model = pod.is_none();
        let pod = pod.unwrap_or_else(|| self.next_pod_name());
        check_name(&pod)?;
        match v.mounts.get(&pod) {
            Some(on) if on == node => {
                let what = AlreadyHolds::Mounted { volume: v.name.clone(), pod };
                return Err(NoChange::Holds(what));
            }
            Some(on) => {
                return Err(Refusal::PodOnOtherNode { pod, runs_on: on.clone(), wanted: node.to_string() }.into())
            }
            None => {}
        }
        if v.mode == super::model::AccessMode::ReadWriteOncePod {
            if let Some(holder) = v.mounts.keys().next() {
                return Err(Refusal::RwopInUse {
                    claim: claim.to_string(),
                    volume: v.name.clone(),
                    holder: holder.clone(),
                    total_nodes: self.nodes.len(),
                }
                .into());
            }
        }
        Ok(Mount { volume: v.name.clone(), pod, named_by_model })
    }

    fn do_mount(&mut self, node: &str, Mount { volume: name, pod, named_by_model }: Mount) -> Vec<Event> {
        let v = &self.volumes[&name];
        let read_only = v.mode.read_only();
        let mode = self.csi_mode(v);
        let first_on_node = !v.has_pods_on(node);
        // A filesystem left behind by an expansion grows as soon as a node has the disk: after
        // staging when the driver stages, else after publishing.
        let grow = (v.filesystem_gib < v.size_gib).then_some(v.size_gib);
        let caps = self.driver.capabilities;
        let attached = caps.publish_unpublish && !v.attach_reported.contains(node);
        let mut events = vec![Event::Mounted {
            volume: name.clone(),
            node: node.to_string(),
            pod: pod.clone(),
            read_only,
            attached,
        }];
        if caps.stage_unstage && first_on_node {
            let stage = CsiCall::new(Rpc::NodeStageVolume, &name).node(node).mode(mode, read_only);
            events.push(Event::Csi(self.send(stage)));
        }
        let publish = CsiCall::new(Rpc::NodePublishVolume, &name).node(node).pod(&pod).mode(mode, read_only);
        if caps.stage_unstage {
            events.extend(grow.map(|gib| self.node_expand(&name, node, gib)).into_iter().flatten());
            events.push(Event::Csi(self.send(publish)));
        } else {
            events.push(Event::Csi(self.send(publish)));
            events.extend(grow.map(|gib| self.node_expand(&name, node, gib)).into_iter().flatten());
        }
        let v = self.volume_mut(&name);
        v.add_mount(node, &pod);
        if attached {
            v.attach_reported.insert(node.to_string());
        }
        // A pod's name is never used twice: the counter moves past every `web-N` a pod had, named
        // by the model or by a scenario.
        if let Some(n) = pod.strip_prefix("web-").and_then(|n| n.parse::<u64>().ok()) {
            self.next_pod = self.next_pod.max(n.saturating_add(1));
        } else if named_by_model {
            self.next_pod += 1;
        }
        events
    }

    fn check_unmount(&self, claim: &str, pod: &str) -> Check<String> {
        let v = self.bound_volume(claim)?;
        let Some(node) = v.mounts.get(pod) else {
            return Err(NoChange::Holds(AlreadyHolds::NotMounted { volume: v.name.clone(), pod: pod.to_string() }));
        };
        self.responsive_node(node)?;
        Ok(v.name.clone())
    }

    /// Unmounts a pod whose node is known to respond; unstages when it was the node's last pod.
    fn do_unmount(&mut self, volume: &str, pod: &str) -> Vec<Event> {
        let v = self.volume_mut(volume);
        let Some(node) = v.remove_mount(pod) else {
            return Vec::new();
        };
        let last_on_node = !v.has_pods_on(&node);
        let unpublish = self.send(CsiCall::new(Rpc::NodeUnpublishVolume, volume).node(&node).pod(pod));
        let mut events = vec![
            Event::Unmounted { volume: volume.to_string(), node: node.clone(), pod: pod.to_string() },
            Event::Csi(unpublish),
        ];
        if last_on_node && self.driver.capabilities.stage_unstage {
            events.push(Event::Csi(self.send(CsiCall::new(Rpc::NodeUnstageVolume, volume).node(&node))));
        }
        events
    }

    /// A force delete: the pod must be one that mounts the claim. The API server does not ask its
    /// node, so a node that stopped responding does not refuse it.
    fn check_force_delete_pod(&self, claim: &str, pod: &str) -> Check<ForceDelete> {
        let v = self.bound_volume(claim)?;
        let Some(node) = v.mounts.get(pod) else {
            return Err(NoChange::Holds(AlreadyHolds::NotMounted { volume: v.name.clone(), pod: pod.to_string() }));
        };
        let responsive = self.nodes.get(node).is_some_and(|n| n.responsive);
        Ok(ForceDelete { volume: v.name.clone(), node: node.clone(), pod: pod.to_string(), responsive })
    }

    /// On a node that responds, its kubelet unmounts as for any delete. On one that does not, the
    /// pod object is gone and nothing else moves: no NodeUnpublishVolume reaches the node, and the
    /// volume stays attached to it; the attach/detach controller detaches it only when told the
    /// node is down for good, or on its own after its six minutes' wait, which the model has no
    /// clock for: the reader force-detaches.
    // Models pkg/controller/volume/attachdetach/reconciler/reconciler.go reconciler.reconcile
    fn do_force_delete_pod(&mut self, plan: ForceDelete) -> Vec<Event> {
        let ForceDelete { volume, node, pod, responsive } = plan;
        if responsive {
            return self.do_unmount(&volume, &pod);
        }
        self.volume_mut(&volume).remove_mount(&pod);
        vec![Event::PodForceDeleted { volume, node, pod }]
    }

    fn check_unmount_all(&self, claim: &str) -> Check<(String, Vec<String>)> {
        let v = self.bound_volume(claim)?;
        if v.mounts.is_empty() {
            return Err(NoChange::Holds(AlreadyHolds::NothingMounted { volume: v.name.clone() }));
        }
        for node in v.mounts.values() {
            self.responsive_node(node)?;
        }
        Ok((v.name.clone(), v.all_pods()))
    }

    fn do_unmount_all(&mut self, (volume, pods): (String, Vec<String>)) -> Vec<Event> {
        pods.iter().flat_map(|pod| self.do_unmount(&volume, pod)).collect()
    }

    fn check_detach(&self, claim: &str, node: &str) -> Check<String> {
        let v = self.bound_volume(claim)?;
        if !self.nodes.contains_key(node) {
            return Err(Refusal::UnknownNode { node: node.to_string() }.into());
        }
        if !v.attached.contains(node) {
            return Err(NoChange::Holds(AlreadyHolds::NotAttached { volume: v.name.clone(), node: node.to_string() }));
        }
        self.responsive_node(node)?;
        if v.has_pods_on(node) {
            return Err(Refusal::StillMounted {
                volume: v.name.clone(),
                node: node.to_string(),
                pods: v.pods_on(node),
            }
            .into());
        }
        Ok(v.name.clone())
    }

    fn do_detach(&mut self, volume: &str, node: &str) -> Vec<Event> {
        let v = self.volume_mut(volume);
        v.attached.remove(node);
        v.attach_reported.remove(node);
        let mut events = vec![Event::Detached { volume: volume.to_string(), node: node.to_string() }];
        if self.driver.capabilities.publish_unpublish {
            events.push(Event::Csi(self.send(CsiCall::new(Rpc::ControllerUnpublishVolume, volume).node(node))));
        }
        events
    }

    fn check_force_detach(&self, claim: &str, node: Option<&str>) -> Check<(String, Vec<String>)> {
        let v = self.bound_volume(claim)?;
        let not_attached =
            |node: &str| NoChange::Holds(AlreadyHolds::NotAttached { volume: v.name.clone(), node: node.to_string() });
        let targets: Vec<String> = match node {
            Some(n) if !self.nodes.contains_key(n) => return Err(Refusal::UnknownNode { node: n.to_string() }.into()),
            Some(n) if !v.attached.contains(n) => return Err(not_attached(n)),
            Some(n) => vec![n.to_string()],
            None if v.attached.is_empty() => return Err(not_attached("*")),
            None => v.attached.iter().cloned().collect(),
        };
        Ok((v.name.clone(), targets))
    }

    fn do_force_detach(&mut self, (name, targets): (String, Vec<String>)) -> Vec<Event> {
        let mut events = Vec::new();
        for target in targets {
            let responsive = self.nodes[&target].responsive;
            let vol = self.volume_mut(&name);
            let pods = vol.pods_on(&target);
            for pod in &pods {
                vol.remove_mount(pod);
            }
            vol.attached.remove(&target);
            vol.attach_reported.remove(&target);
            // Only the controller side is called: the node is not asked, which is the whole point.
            events.push(Event::ForceDetached {
                volume: name.clone(),
                node: target.clone(),
                pods,
                node_responsive: responsive,
            });
            if self.driver.capabilities.publish_unpublish {
                events.push(Event::Csi(self.send(CsiCall::new(Rpc::ControllerUnpublishVolume, &name).node(&target))));
            } else if let Some(disk) = self.driver.disks.get_mut(&name) {
                // No attach step to undo: the pods are gone as far as Kubernetes knows, and the
                // node's mounts of them go with them.
                disk.forget_node(&target);
            }
        }
        events
    }

    fn check_write(&self, claim: &str, pod: &str) -> Check<(String, Vec<String>)> {
        let v = self.bound_volume(claim)?;
        let Some(node) = v.mounts.get(pod) else {
            return Err(Refusal::NotMounted { volume: v.name.clone(), pod: pod.to_string() }.into());
        };
        self.responsive_node(node)?;
        if v.mode.read_only() {
            return Err(Refusal::ReadOnly { volume: v.name.clone(), pod: pod.to_string() }.into());
        }
        let sharers: Vec<String> = v.mounts.keys().filter(|p| p.as_str() != pod).cloned().collect();
        Ok((v.name.clone(), sharers))
    }

    fn do_write(&mut self, pod: &str, (volume, sharers): (String, Vec<String>)) -> Vec<Event> {
        self.volume_mut(&volume).writes.push(pod.to_string());
        vec![Event::Written { volume, pod: pod.to_string(), sharers }]
    }

    /// The claim's volume, if it has one, when nothing holds on to it.
    /// The API server accepts the delete of a claim in use; Storage Object in Use Protection keeps
    /// it Terminating while pods use it. Here a node that still holds its disk counts too: the
    /// demo's attach stands for a pod's node, and its detach for the attach/detach controller's.
    // Models pkg/controller/volume/pvcprotection/pvc_protection_controller.go Controller.processPVC
    fn check_delete_claim(&self, claim: &str) -> Check<DeleteClaim> {
        let c = self.claim(claim)?;
        if c.terminating {
            return Err(NoChange::Holds(AlreadyHolds::Terminating { claim: claim.to_string() }));
        }
        let Some(volume) = c.volume.clone() else {
            return Ok(DeleteClaim::Now(None));
        };
        let v = &self.volumes[&volume];
        if !v.mounts.is_empty() || !v.attached.is_empty() {
            return Ok(DeleteClaim::Protected { pods: v.all_pods(), nodes: v.attached.iter().cloned().collect() });
        }
        Ok(DeleteClaim::Now(Some(volume)))
    }

    fn do_delete_claim(&mut self, claim: &str, plan: DeleteClaim) -> Vec<Event> {
        let volume = match plan {
            DeleteClaim::Now(volume) => volume,
            DeleteClaim::Protected { pods, nodes } => {
                self.claims.get_mut(claim).expect("checked").terminating = true;
                return vec![Event::ClaimTerminating { claim: claim.to_string(), pods, nodes }];
            }
        };
        self.claims.remove(claim);
        let mut events = vec![Event::ClaimDeleted { claim: claim.to_string() }];
        let Some(volume) = volume else {
            return events;
        };
        match self.volumes[&volume].reclaim {
            Reclaim::Delete => {
                self.volumes.remove(&volume);
                events.push(Event::VolumeDeleted { volume: volume.clone() });
                events.push(Event::Csi(self.send(CsiCall::new(Rpc::DeleteVolume, &volume))));
            }
            Reclaim::Retain => {
                self.volume_mut(&volume).phase = Phase::Released;
                events.push(Event::VolumeReleased { volume, claim: claim.to_string() });
            }
        }
        events
    }

    fn check_delete_released(&self, volume: &str) -> Check<()> {
        let v = self.volumes.get(volume).ok_or_else(|| Refusal::UnknownVolume { volume: volume.to_string() })?;
        if v.phase != Phase::Released {
            return Err(Refusal::VolumeNotReleased { volume: volume.to_string() }.into());
        }
        Ok(())
    }

    fn do_delete_released(&mut self, volume: &str) -> Vec<Event> {
        // Only a Retain volume is ever Released, and Retain never reaches the driver: the PV object
        // goes, the disk stays in the backend.
        self.volumes.remove(volume);
        vec![Event::RetainedVolumeDeleted { volume: volume.to_string() }]
    }

    /// A new size for a claim. The API server checks the class and the size; then external-resizer
    /// grows the disk (ControllerExpandVolume) and the kubelet of every node that has it mounted
    /// grows the filesystem (NodeExpandVolume). With no such node the filesystem waits for the
    /// next mount.
    fn check_expand(&self, claim: &str, size_gib: u32) -> Check<Expand> {
        let c = self.claim(claim)?;
        // Field validation comes before admission: only a bound claim may change its size.
        let v = self.bound_volume(claim).map_err(|_| Refusal::ResizeUnbound { claim: claim.to_string() })?;
        if size_gib == 0 || size_gib > MAX_SIZE_GIB {
            return Err(Refusal::InvalidSize { size_gib }.into());
        }
        if size_gib == c.spec.size_gib {
            let what = AlreadyHolds::Size { claim: claim.to_string(), size_gib };
            return Err(NoChange::Holds(what));
        }
        // A request may go down again after a failure (RecoverVolumeExpansionFailure), but only
        // to more than the claim already has, its status.capacity.
        if size_gib < c.spec.size_gib && size_gib <= v.filesystem_gib {
            let capacity_gib = v.filesystem_gib;
            return Err(Refusal::ShrinkBelowCapacity { claim: claim.to_string(), size_gib, capacity_gib }.into());
        }
        // The resize admission plugin looks at growth only.
        let class = &self.classes[&c.spec.class];
        if size_gib > c.spec.size_gib && !class.allow_volume_expansion {
            return Err(Refusal::ExpansionNotAllowed { claim: claim.to_string(), class: class.name.clone() }.into());
        }
        if !self.driver.capabilities.expand {
            return Err(Refusal::DriverCannotExpand { claim: claim.to_string(), size_gib }.into());
        }
        // Only a kubelet that is running can grow the filesystem.
        let nodes: Vec<String> =
            v.attached.iter().filter(|n| v.has_pods_on(n) && self.nodes[n.as_str()].responsive).cloned().collect();
        Ok(Expand { volume: v.name.clone(), from_gib: c.spec.size_gib, disk_gib: v.size_gib, nodes })
    }

    fn do_expand(&mut self, claim: &str, size_gib: u32, plan: Expand) -> Vec<Event> {
        let Expand { volume, from_gib, disk_gib, nodes } = plan;
        let claim_mut = self.claims.get_mut(claim).expect("checked above");
        claim_mut.spec.size_gib = size_gib;
        let mut events = vec![Event::ResizeRequested { claim: claim.to_string(), from_gib, to_gib: size_gib }];
        if size_gib <= disk_gib {
            // No more than the disk already has (after a failure, or a request gone back down):
            // nothing for the controller to do.
            claim_mut.resize =
                (self.volumes[&volume].filesystem_gib < disk_gib).then_some(Resize::FileSystemResizePending);
            events.push(Event::ResizeCancelled { claim: claim.to_string(), size_gib });
            return events;
        }
        events.extend(self.grow_disk(claim, &volume, size_gib, &nodes));
        events
    }

    /// external-resizer grows the disk (ControllerExpandVolume), then the kubelet of each of
    /// `nodes` the filesystem.
    fn grow_disk(&mut self, claim: &str, volume: &str, size_gib: u32, nodes: &[String]) -> Vec<Event> {
        let call = self.send(CsiCall::new(Rpc::ControllerExpandVolume, volume).capacity(size_gib));
        let claim_mut = self.claims.get_mut(claim).expect("checked above");
        if call.code != Code::Ok {
            let code = call.code;
            claim_mut.resize = Some(Resize::ControllerResizeInfeasible { code });
            let failed = Event::ResizeFailed { claim: claim.to_string(), volume: volume.to_string(), size_gib, code };
            return vec![Event::Csi(call), failed];
        }
        // The controller's half is done and the node's is due: the claim says so until a kubelet
        // has grown the filesystem.
        claim_mut.resize = Some(Resize::FileSystemResizePending);
        self.volume_mut(volume).size_gib = size_gib;
        let mut events = vec![Event::Csi(call), Event::ControllerExpanded { volume: volume.to_string(), size_gib }];
        if nodes.is_empty() {
            events.push(Event::FileSystemResizePending { claim: claim.to_string(), volume: volume.to_string() });
            return events;
        }
        for node in nodes {
            events.extend(self.node_expand(volume, node, size_gib));
        }
        events
    }

    /// The kubelet on `node` grows the filesystem to `gib` (NodeExpandVolume); the claim's resize
    /// is over when it succeeds.
    fn node_expand(&mut self, volume: &str, node: &str, gib: u32) -> Vec<Event> {
        let call = self.send(CsiCall::new(Rpc::NodeExpandVolume, volume).node(node).capacity(gib));
        if call.code != Code::Ok {
            return vec![Event::Csi(call)];
        }
        let v = self.volume_mut(volume);
        v.filesystem_gib = gib;
        let claim = v.claim.clone();
        if let Some(c) = self.claims.get_mut(&claim) {
            c.resize = None;
        }
        vec![
            Event::Csi(call),
            Event::FileSystemResized { volume: volume.to_string(), node: node.to_string(), size_gib: gib },
        ]
    }

    fn check_set_responsive(&self, node: &str, responsive: bool) -> Check<()> {
        let n = self.nodes.get(node).ok_or_else(|| Refusal::UnknownNode { node: node.to_string() })?;
        if n.responsive == responsive {
            let what = AlreadyHolds::NodeState { node: node.to_string(), responsive };
            return Err(NoChange::Holds(what));
        }
        Ok(())
    }

    fn do_set_responsive(&mut self, node: &str, responsive: bool) -> Vec<Event> {
        self.nodes.get_mut(node).expect("checked above").responsive = responsive;
        if !responsive {
            // A scan of the volumes, but a node stopping is rare. Gathered in a sorted set, not
            // sorted after: a slice sort would bring kilobytes into the chapter's first load.
            let pods: crate::ordered::VecSet<String> = self.volumes.values().flat_map(|v| v.pods_on(node)).collect();
            return vec![Event::NodeStoppedResponding { node: node.to_string(), pods: pods.into_vec() }];
        }
        // A kubelet back at work finishes the filesystem half of any expansion of a volume its
        // pods use. A scan of the volumes, but a node coming back is rare.
        let behind: Vec<(String, u32)> = self
            .volumes
            .values()
            .filter(|v| v.filesystem_gib < v.size_gib && v.has_pods_on(node))
            .map(|v| (v.name.clone(), v.size_gib))
            .collect();
        let mut events = vec![Event::NodeResponding { node: node.to_string() }];
        for (volume, gib) in behind {
            events.extend(self.node_expand(&volume, node, gib));
        }
        events
    }
}

/// What a check returns: the plan of the change, or why there is none.
/// A check's answer: the plan of the change, or why there is none. An action that asks for what
/// already holds says so with the small `AlreadyHolds`, which `apply` wraps in its event.
type Check<P> = Result<P, NoChange<AlreadyHolds, Refusal>>;

/// The volume an attach is for: the claim's, or one WaitForFirstConsumer creates in `zone` first.
enum VolumeToAttach {
    Bound(String),
    ToProvision { zone: Option<String> },
}

/// A claim's delete: at once, with its volume if it has one, or into Terminating while these
/// pods use it or these nodes hold its disk.
enum DeleteClaim {
    Now(Option<String>),
    Protected { pods: Vec<String>, nodes: Vec<String> },
}

/// A pod to mount the volume in; `named_by_model` when the model chose its name.
struct Mount {
    volume: String,
    pod: String,
    named_by_model: bool,
}

/// The claim's volume and its disk's size before a resize, and the nodes whose kubelet can grow
/// its filesystem.
struct Expand {
    volume: String,
    from_gib: u32,
    disk_gib: u32,
    nodes: Vec<String>,
}

fn check_name(name: &str) -> Result<(), Refusal> {
    if valid_name(name) {
        Ok(())
    } else {
        Err(Refusal::InvalidName { name: name.to_string() })
    }
}
