//! The Kubernetes objects and Events a model's state stands for, as plain data: what a real cluster
//! would hold at that moment (`Model::cluster`) and the Events a model's event stands for
//! (`Model::kube_events`). Each model's `cluster.rs` builds them; the `kubevol-kubectl` crate prints
//! them as kubectl and the API server do. Nothing here prints: what the models do not have (uids,
//! volume handles) is made up from names, plainly.

use crate::api::{AccessMode, CONTROL_PLANE_TAINT, ZONE_LABEL};

/// The PV controller's WaitForFirstConsumer Event on a claim, which every model's Kubernetes voice
/// tells in the same words.
pub const WAITING_FOR_FIRST_CONSUMER: &str = "waiting for first consumer to be created before binding";
/// The namespace every demo object lives in.
pub const NAMESPACE: &str = "default";
/// The CSI driver every demo's storage goes through.
pub use crate::api::DRIVER_NAME as PROVISIONER;
/// The step a model that keeps no clock gives what it cannot date (a node that stopped reporting,
/// its taints, its pods' Ready condition): whoever watches the model's history dates it at the step
/// it first saw it, as it dates an object's creation.
pub const UNDATED: u64 = u64::MAX;

/// The kinds of object the demos show ([`Kind::ALL`] in the order `kubectl get` lists them). What
/// each is called, as the API serves it, is the kubectl crate's to say (its `kind/` files).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Node,
    StorageClass,
    PersistentVolumeClaim,
    PersistentVolume,
    VolumeAttachment,
    StatefulSet,
    Pod,
    // Last, so the made-up uids of the kinds before it (a hash of the kind's number and the name)
    // stay what they were; `ALL` lists it in `kubectl get` order.
    CSIDriver,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::Node,
        Kind::StorageClass,
        Kind::CSIDriver,
        Kind::PersistentVolumeClaim,
        Kind::PersistentVolume,
        Kind::VolumeAttachment,
        Kind::StatefulSet,
        Kind::Pod,
    ];
}

/// A Node, and whether it still reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub name: String,
    /// `topology.kubernetes.io/zone`, if it has one.
    pub zone: Option<String>,
    /// Labels besides the hostname, os and zone labels every node carries.
    pub labels: Vec<(String, String)>,
    /// Its taints: key, effect, and the step the node lifecycle controller added it at.
    pub taints: Vec<(String, &'static str, Option<u64>)>,
    /// The step its kubelet stopped reporting at: its conditions went Unknown then.
    pub lost_at: Option<u64>,
}

/// A StorageClass whose provisioner is the demos' CSI driver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    pub name: String,
    pub reclaim: &'static str,
    pub binding: &'static str,
    pub allow_expansion: bool,
    /// allowedTopologies as zones; empty means none.
    pub zones: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    pub name: String,
    /// What `spec.resources.requests.storage` asks, in GiB.
    pub request_gib: u32,
    pub mode: AccessMode,
    pub class: String,
    /// The bound PersistentVolume and what `status.capacity` reports; `None` while Pending.
    pub bound: Option<(String, u32)>,
    /// `volume.kubernetes.io/selected-node`, written by the scheduler under WaitForFirstConsumer.
    pub selected_node: Option<String>,
    /// The StatefulSet whose volumeClaimTemplate made it, which labels it `app: <set>`.
    pub set: Option<String>,
    /// Deleted while a pod still uses it: the pvc-protection finalizer keeps it, Terminating. The
    /// step it was deleted at, which a model that keeps no clock gives as [`UNDATED`].
    pub deleted_at: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Volume {
    pub name: String,
    pub capacity_gib: u32,
    pub mode: AccessMode,
    pub reclaim: &'static str,
    /// `Bound` or `Released`.
    pub phase: &'static str,
    /// The claim it was provisioned for (kept in `claimRef` after the claim is gone).
    pub claim: String,
    pub class: String,
    /// The zone its nodeAffinity requires, for zoned storage.
    pub zone: Option<String>,
}

/// A VolumeAttachment: the attach/detach controller's request that a volume be attached to a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub volume: String,
    pub node: String,
    pub attached: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pod {
    pub name: String,
    /// The node it runs on; `None` while Pending.
    pub node: Option<String>,
    pub ready: bool,
    /// The claim its volume comes from.
    pub claim: Option<String>,
    /// The StatefulSet that owns it, which labels it `app: <set>`.
    pub set: Option<String>,
    pub labels: Vec<(String, String)>,
    pub node_selector: Vec<(String, String)>,
    /// The scheduler's FailedScheduling message while it cannot be placed.
    pub unschedulable: Option<String>,
    /// The step its node was lost at: the node controller set its Ready condition False then.
    pub node_lost_at: Option<u64>,
    /// Its deletionTimestamp (a step) while it waits for a kubelet, and whether the taint eviction
    /// controller asked (which adds a DisruptionTarget condition).
    pub deleted: Option<(u64, bool)>,
    /// Scheduled, its container still `ContainerCreating`: it waits for its volume to attach.
    pub creating: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Set {
    pub name: String,
    pub replicas: u32,
    pub ready: u32,
    /// Pods that exist, ready or not.
    pub current: u32,
    pub policy: &'static str,
    /// The volume claim template's name, class, size and access mode, if the set has one.
    pub template: Option<(String, String, u32, AccessMode)>,
    pub when_scaled: &'static str,
    pub when_deleted: &'static str,
    pub node_selector: Vec<(String, String)>,
    /// `(maxSkew, topologyKey, whenUnsatisfiable, nodeTaintsPolicy)`.
    pub spread: Option<(u32, String, &'static str, &'static str)>,
}

/// The CSIDriver object a driver's deployment registers: what Kubernetes asks of the driver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Driver {
    pub name: String,
    /// Whether volumes go through an attach step (a driver with PUBLISH_UNPUBLISH_VOLUME).
    pub attach_required: bool,
    /// Whether the kubelet passes the pod's name and namespace to NodePublishVolume.
    pub pod_info_on_mount: bool,
    /// Whether and when the kubelet changes a volume's ownership to the pod's fsGroup.
    pub fs_group_policy: &'static str,
}

/// Every object a model's state stands for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cluster {
    pub nodes: Vec<Node>,
    pub classes: Vec<Class>,
    pub drivers: Vec<Driver>,
    pub claims: Vec<Claim>,
    pub volumes: Vec<Volume>,
    pub attachments: Vec<Attachment>,
    pub sets: Vec<Set>,
    pub pods: Vec<Pod>,
}

impl Cluster {
    /// Every object's kind and name, in `kubectl get` order.
    pub fn names(&self) -> Vec<(Kind, String)> {
        let mut out: Vec<(Kind, String)> = Vec::new();
        out.extend(self.nodes.iter().map(|n| (Kind::Node, n.name.clone())));
        out.extend(self.classes.iter().map(|c| (Kind::StorageClass, c.name.clone())));
        out.extend(self.drivers.iter().map(|d| (Kind::CSIDriver, d.name.clone())));
        out.extend(self.claims.iter().map(|c| (Kind::PersistentVolumeClaim, c.name.clone())));
        out.extend(self.volumes.iter().map(|v| (Kind::PersistentVolume, v.name.clone())));
        out.extend(self.attachments.iter().map(|a| (Kind::VolumeAttachment, a.name())));
        out.extend(self.sets.iter().map(|s| (Kind::StatefulSet, s.name.clone())));
        out.extend(self.pods.iter().map(|p| (Kind::Pod, p.name.clone())));
        out
    }

    /// The labels of one object, sorted by key, as its metadata holds them.
    pub fn labels(&self, kind: Kind, name: &str) -> Vec<(String, String)> {
        let app = |set: &Option<String>| set.iter().map(|s| ("app".to_string(), s.clone())).collect();
        match kind {
            Kind::Node => self.nodes.iter().find(|n| n.name == name).map(Node::all_labels).unwrap_or_default(),
            Kind::PersistentVolumeClaim => {
                self.claims.iter().find(|c| c.name == name).map(|c| app(&c.set)).unwrap_or_default()
            }
            Kind::Pod => {
                let mut labels =
                    self.pods.iter().find(|p| p.name == name).map(|p| p.labels.clone()).unwrap_or_default();
                labels.sort();
                labels
            }
            _ => Vec::new(),
        }
    }

    /// Which kinds this cluster has any object of.
    pub fn kinds(&self) -> Vec<Kind> {
        let mut kinds: Vec<Kind> = self.names().into_iter().map(|(k, _)| k).collect();
        kinds.dedup();
        kinds
    }
}

impl Node {
    /// Its labels as the kubelet and kubeadm set them, with the model's own, sorted by key as
    /// `-o yaml` prints them. A node with the control-plane taint carries the control-plane role
    /// label too, as kubeadm sets both.
    pub fn all_labels(&self) -> Vec<(String, String)> {
        let mut labels = vec![
            ("kubernetes.io/arch".to_string(), "amd64".to_string()),
            ("kubernetes.io/hostname".to_string(), self.name.clone()),
            ("kubernetes.io/os".to_string(), "linux".to_string()),
        ];
        if self.taints.iter().any(|t| t.0 == CONTROL_PLANE_TAINT) {
            labels.push((CONTROL_PLANE_TAINT.to_string(), String::new()));
        }
        if let Some(zone) = &self.zone {
            labels.push((ZONE_LABEL.to_string(), zone.clone()));
        }
        labels.extend(self.labels.iter().cloned());
        labels.sort();
        labels
    }

    /// The roles `kubectl get nodes` shows: each `node-role.kubernetes.io/<role>` label.
    pub fn roles(&self) -> Vec<String> {
        self.all_labels()
            .into_iter()
            .filter_map(|(k, _)| k.strip_prefix("node-role.kubernetes.io/").map(str::to_string))
            .collect()
    }
}

impl Attachment {
    /// The attach/detach controller names it `csi-` and the SHA-256 of volume handle, driver and
    /// node; this model has no SHA-256, so the 64 hex digits come from a smaller hash of the same.
    pub fn name(&self) -> String {
        let mut out = String::from("csi-");
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for round in 0..4u8 {
            for b in self.volume.bytes().chain([round]).chain(PROVISIONER.bytes()).chain(self.node.bytes()) {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
            out.push_str(&format!("{h:016x}"));
        }
        out
    }
}

/// A made-up uid, the same for the same object on every render: zeros but for a hash of the name.
pub fn uid(kind: Kind, name: &str) -> String {
    uid_at(kind, name, 0)
}

/// The uid of the object made at step `born`: an object made again under the same name is a new
/// object with a new uid, as kubectl's `delete` and `describe` tell them apart by it.
pub fn uid_at(kind: Kind, name: &str, born: u64) -> String {
    format!("{:08x}-0000-4000-8000-{:012x}", born & 0xffff_ffff, name_hash(kind, name))
}

/// 48 bits of FNV-1a over the kind and name: what the made-up uids and volume ids are built from.
pub fn name_hash(kind: Kind, name: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ kind as u64;
    for b in name.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h & 0xffff_ffff_ffff
}

/// The component external-provisioner reports its Events as: `<driver>_<identity>`, the identity
/// (the controller pod's name in a real cluster) made up here.
pub fn provisioner_source() -> String {
    format!("{PROVISIONER}_csi-controller-0")
}

/// The component external-resizer reports its Events as.
pub fn resizer_source() -> String {
    format!("external-resizer {PROVISIONER}")
}

/// One Event: `Normal` or `Warning`, its reason, the component that reported it, the object it is
/// about, and its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KubeEvent {
    pub warning: bool,
    pub reason: &'static str,
    pub from: String,
    pub object: (Kind, String),
    pub message: String,
}

impl KubeEvent {
    pub fn normal(reason: &'static str, from: &str, object: (Kind, &str), message: String) -> KubeEvent {
        KubeEvent { warning: false, reason, from: from.to_string(), object: (object.0, object.1.to_string()), message }
    }

    pub fn warning(reason: &'static str, from: &str, object: (Kind, &str), message: String) -> KubeEvent {
        KubeEvent { warning: true, ..KubeEvent::normal(reason, from, object, message) }
    }
}

/// What a real cluster records of an action a model refused: a refusal changes nothing in the
/// model, but the controller that said no records an Event, on a pod that waits for it. Whoever
/// watches the model's history (`kubevol_kubectl::Moment`) keeps the pod while it waits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    pub events: Vec<KubeEvent>,
    /// The pod the refused action stands for, scheduled and waiting (`creating`), and the Events
    /// of its arrival (its Scheduled), which a pod already waiting does not repeat.
    pub waiting: Option<(Pod, Vec<KubeEvent>)>,
}

/// The pods a real cluster holds for actions a model refused, while they wait (`Recorded::waiting`):
/// one record for whoever follows a history, the demo's session and kubectl's moment alike, so the
/// pod a reader sees waiting is the one the next action names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Waiting(pub Vec<Pod>);

impl Waiting {
    /// What a refusal recorded: its pod now waits (a pod already waiting is the same pod, retried:
    /// its arrival is not told again). Returns the Events to record.
    pub fn refused(&mut self, recorded: Recorded) -> Vec<KubeEvent> {
        let Recorded { mut events, waiting } = recorded;
        if let Some((pod, arrival)) = waiting {
            if !self.0.iter().any(|w| w.name == pod.name) {
                events.splice(0..0, arrival);
            }
            self.wait(pod);
        }
        events
    }

    /// The pods still waiting against the model's `cluster`: a pod of the model's under the same
    /// name is the waiting one started; a pod whose claim is gone is deleted with it.
    pub fn against(&mut self, cluster: &Cluster) {
        self.0.retain(|w| {
            let claim = w.claim.as_ref().is_some_and(|c| cluster.claims.iter().any(|k| k.name == *c));
            claim && !cluster.pods.iter().any(|p| p.name == w.name)
        });
    }

    /// A pod the demo's session heard of (`Model::waiter`): it waits, in place of one of its name.
    pub fn wait(&mut self, pod: Pod) {
        self.0.retain(|w| w.name != pod.name);
        self.0.push(pod);
    }
}

/// The component the node lifecycle controller reports its Events as.
pub const NODE_CONTROLLER: &str = "node-controller";

/// What the node lifecycle controller records on each pod of a node that went NotReady.
pub const POD_NOT_READY: &str = "Node is not ready";

/// The node lifecycle controller's (or a kubelet's) line for a node whose condition changed.
// Models pkg/controller/util/node/controller_utils.go RecordNodeStatusChange
pub fn node_status(node: &str, reason: &str) -> String {
    format!("Node {node} status is now: {reason}")
}

/// The Events of a node gone NotReady: on the node, then on each of its pods.
// Models pkg/controller/util/node/controller_utils.go MarkPodsNotReady
pub fn node_not_ready(node: &str, pods: &[String]) -> Vec<KubeEvent> {
    let on_node =
        KubeEvent::normal("NodeNotReady", NODE_CONTROLLER, (Kind::Node, node), node_status(node, "NodeNotReady"));
    let on_pods = pods
        .iter()
        .map(|pod| KubeEvent::warning("NodeNotReady", NODE_CONTROLLER, (Kind::Pod, pod), POD_NOT_READY.into()));
    std::iter::once(on_node).chain(on_pods).collect()
}
