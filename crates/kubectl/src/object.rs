//! Each object as the API server returns it, built once as a value tree ([`object`]): the fields
//! the model decides and the ones a real server would add (uid, creationTimestamp, finalizers,
//! annotations written by controllers). `-o yaml` and `-o json` print the tree (`value/`),
//! JSONPath reads it (jsonpath.rs), and the served cluster sends it as JSON. `tests/kubectl_view.rs`
//! writes every object of every demo preset to files that `kubernetes-validate --strict` checks
//! against the API's schemas.
//!
//! The fields controllers write: the PV controller's `pv.kubernetes.io/bind-completed`,
//! `pv.kubernetes.io/bound-by-controller` and `volume.kubernetes.io/storage-provisioner`, the
//! scheduler's `volume.kubernetes.io/selected-node`, the `kubernetes.io/pvc-protection` and
//! `kubernetes.io/pv-protection` finalizers, and external-provisioner's
//! `pv.kubernetes.io/provisioned-by` and `external-provisioner.volume.kubernetes.io/finalizer`;
//! each piece names the upstream code it models.

use crate::clock::timestamp;
use crate::value::Value;
use crate::{
    name_hash, uid, uid_at, Claim, Cluster, Kind, KindWords, Node, Pod, CONTAINER, CONTAINERS_NOT_READY,
    CONTAINER_CREATING, CONTAINER_RUNTIME, IMAGE, KERNEL_VERSION, KUBELET_VERSION, NAMESPACE, OS_IMAGE, PROVISIONER,
};
use kubevol_sim::api::ZONE_LABEL;
use kubevol_sim::cluster::UNDATED;

/// A healthy kubelet's node conditions: type, reason, message and status.
// Models pkg/kubelet/nodestatus/setters.go MemoryPressureCondition
// Models pkg/kubelet/nodestatus/setters.go DiskPressureCondition
// Models pkg/kubelet/nodestatus/setters.go PIDPressureCondition
// Models pkg/kubelet/nodestatus/setters.go ReadyCondition
const NODE_CONDITIONS: [(&str, &str, &str, &str); 4] = [
    ("MemoryPressure", "KubeletHasSufficientMemory", "kubelet has sufficient memory available", "False"),
    ("DiskPressure", "KubeletHasNoDiskPressure", "kubelet has no disk pressure", "False"),
    ("PIDPressure", "KubeletHasSufficientPID", "kubelet has sufficient PID available", "False"),
    ("Ready", "KubeletReady", "kubelet is posting ready status", "True"),
];

/// The tolerations the DefaultTolerationSeconds admission plugin adds to every pod: 300 s on a
/// not-ready or unreachable node before the taint eviction controller deletes it.
// Models plugin/pkg/admission/defaulttolerationseconds/admission.go Plugin.Admit
pub(super) const DEFAULT_TOLERATIONS: [&str; 2] = ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"];
pub(super) const TOLERATION_SECONDS: u32 = 300;

/// What the kubelet reports of the machine (`status.capacity`, and the same `allocatable`): a small
/// VM's, the same on every demo node, by resource name in the order the API server sorts them.
/// kubectl describe divides each pod's requests by it.
// Models pkg/kubelet/nodestatus/setters.go MachineInfo
pub(super) const NODE_RESOURCES: [(&str, &str); 4] =
    [("cpu", "2"), ("ephemeral-storage", "20Gi"), ("memory", "8Gi"), ("pods", "110")];

/// Where each demo pod's container mounts its volume.
pub(super) const MOUNT_PATH: &str = "/data";
/// The filesystem the driver formats its disks with.
pub(super) const FS_TYPE: &str = "ext4";
// The annotations external-provisioner writes on a PV and external-attacher on a
// VolumeAttachment, and the finalizers of each kind: pvc-protection, the provisioner's and
// pv-protection, the attacher's.
pub(super) const PROVISIONED_BY: &str = "pv.kubernetes.io/provisioned-by";
pub(super) const NODE_ID: &str = "csi.alpha.kubernetes.io/node-id";
// Models plugin/pkg/admission/storage/storageobjectinuseprotection/admission.go storageProtectionPlugin.Admit
pub(super) const CLAIM_FINALIZERS: [&str; 1] = ["kubernetes.io/pvc-protection"];
pub(super) const VOLUME_FINALIZERS: [&str; 2] =
    ["external-provisioner.volume.kubernetes.io/finalizer", "kubernetes.io/pv-protection"];
pub(super) const ATTACHMENT_FINALIZERS: [&str; 1] = ["external-attacher/disk-csi-kubevol-example"];

/// A node condition: type, status, reason, message, lastHeartbeatTime and lastTransitionTime (steps).
pub(super) type NodeCondition = (&'static str, &'static str, &'static str, &'static str, u64, u64);

/// A node's four conditions, as its kubelet last posted them or, once it stopped, as the node
/// lifecycle controller set them: each Unknown, lastHeartbeatTime left at the kubelet's last, no
/// later than the loss.
// Models pkg/controller/nodelifecycle/node_lifecycle_controller.go Controller.tryUpdateNodeHealth
pub(super) fn node_conditions(n: &Node, born: u64) -> [NodeCondition; 4] {
    NODE_CONDITIONS.map(|(kind, reason, message, healthy)| match n.lost_at {
        Some(lost) => {
            (kind, "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.", born.min(lost), lost)
        }
        None => (kind, healthy, reason, message, born, born),
    })
}

/// What a node's kubelet reports of itself (`status.nodeInfo`), by key in the order `-o yaml`
/// prints them: each key, the title `kubectl describe` gives it, and the value. The machine id and
/// uuids are made up, like the uids; the deprecated kube-proxy version is left empty, as a current
/// kubelet leaves it, and kubectl 1.33 still prints it.
// Models pkg/kubelet/nodestatus/setters.go VersionInfo
pub(super) fn node_info(name: &str) -> [(&'static str, &'static str, String); 10] {
    let id = uid(Kind::Node, name);
    let machine = format!("{:032x}", u128::from(name_hash(Kind::Node, name)) * 0x1_0000_0001);
    [
        ("architecture", "Architecture", "amd64".into()),
        ("bootID", "Boot ID", id.clone()),
        ("containerRuntimeVersion", "Container Runtime Version", CONTAINER_RUNTIME.into()),
        ("kernelVersion", "Kernel Version", KERNEL_VERSION.into()),
        ("kubeProxyVersion", "Kube-Proxy Version", String::new()),
        ("kubeletVersion", "Kubelet Version", KUBELET_VERSION.into()),
        ("machineID", "Machine ID", machine),
        ("operatingSystem", "Operating System", "linux".into()),
        ("osImage", "OS Image", OS_IMAGE.into()),
        ("systemUUID", "System UUID", id),
    ]
}

/// The driver's own id for a PV's disk: made up, like the uids, from the volume's name.
pub(super) fn volume_handle(name: &str) -> String {
    format!("vol-{:012x}", name_hash(Kind::PersistentVolume, name))
}

/// An object's resourceVersion: the step it was written at, past the served cluster's own objects.
pub(super) fn resource_version(born: u64) -> u64 {
    1000 + born
}

/// A claim's annotations, each with whether it has it (the PV controller's once bound, the
/// scheduler's selected node under WaitForFirstConsumer).
// Models pkg/controller/volume/persistentvolume/pv_controller.go PersistentVolumeController.bindClaimToVolume
// Models pkg/controller/volume/persistentvolume/pv_controller.go PersistentVolumeController.setClaimProvisioner
// Models pkg/scheduler/framework/plugins/volumebinding/binder.go volumeBinder.AssumePodVolumes
pub(super) fn claim_annotations(c: &Claim) -> [(bool, &'static str, &str); 5] {
    let (bound, node) = (c.bound.is_some(), c.selected_node.as_deref());
    [
        (bound, "pv.kubernetes.io/bind-completed", "yes"),
        (bound, "pv.kubernetes.io/bound-by-controller", "yes"),
        (true, "volume.beta.kubernetes.io/storage-provisioner", PROVISIONER),
        (node.is_some(), "volume.kubernetes.io/selected-node", node.unwrap_or_default()),
        (true, "volume.kubernetes.io/storage-provisioner", PROVISIONER),
    ]
}

/// A deleted claim that a pod still uses, at the step it was deleted (the Moment dates what the
/// model does not); a claim has no grace period.
// Models staging/src/k8s.io/apiserver/pkg/registry/rest/delete.go BeforeDelete
pub(super) fn claim_deleting(c: &Claim, born: u64) -> Option<(u64, u32)> {
    c.deleted_at.map(|at| (if at == UNDATED { born } else { at }, 0))
}

/// A pod deleted at a step, waiting for its kubelet: a graceful delete with the default
/// terminationGracePeriodSeconds, 30 (its deletionTimestamp is the step plus that).
// Models pkg/registry/core/pod/strategy.go podStrategy.CheckGracefulDelete
pub(super) fn pod_deleting(p: &Pod) -> Option<(u64, u32)> {
    p.deleted.map(|(at, _)| (at, 30))
}

/// A pod's phase: Running once on a node (its kubelet last reported it so, even from a lost node).
// Models pkg/kubelet/kubelet_pods.go getPhase
pub(super) fn pod_phase(p: &Pod) -> &'static str {
    if p.node.is_some() && !p.creating {
        "Running"
    } else {
        "Pending"
    }
}

/// The name of a pod's volume: a StatefulSet's pod names it after the claim template; others call
/// it data. `None` for a pod without a claim.
// Models pkg/controller/statefulset/stateful_set_utils.go updateStorage
pub(super) fn pod_volume<'a>(cluster: &'a Cluster, p: &Pod) -> Option<&'a str> {
    let template = p.set.as_ref().and_then(|set| cluster.sets.iter().find(|s| &s.name == set)?.template.as_ref());
    p.claim.as_ref().map(|_| template.map_or("data", |t| t.0.as_str()))
}

/// A pod's status conditions: type, status, reason, message, lastTransitionTime (a step), and
/// whether it has a (null) lastProbeTime, which the scheduler's condition has not.
pub(super) fn pod_conditions(p: &Pod, born: u64) -> Vec<(&'static str, &'static str, &'static str, &str, u64, bool)> {
    let mut out = Vec::new();
    if let Some(lost) = p.node_lost_at {
        if let Some((evicted_at, true)) = p.deleted {
            // The taint eviction controller's mark before it deletes the pod.
            // Models pkg/controller/tainteviction/taint_eviction.go addConditionAndDeletePod
            let message = "Taint manager: deleting due to NoExecute taint";
            out.push(("DisruptionTarget", "True", "DeletionByTaintManager", message, evicted_at, true));
        }
        // The node controller turns Ready False; the container statuses keep the kubelet's last
        // report.
        // Models pkg/controller/util/node/controller_utils.go MarkPodsNotReady
        out.push(("Ready", "False", "", "", lost, true));
    }
    // A pod whose container waits for its volume: scheduled, not ready. (The demo's running
    // pods carry no conditions: their kubelet's report is left out.)
    // Models pkg/kubelet/status/generate.go GeneratePodReadyCondition
    if p.creating {
        out.push(("PodReadyToStartContainers", "False", "", "", born, true));
        out.push(("Initialized", "True", "", "", born, true));
        out.push(("Ready", "False", "ContainersNotReady", CONTAINERS_NOT_READY, born, true));
        out.push(("ContainersReady", "False", "ContainersNotReady", CONTAINERS_NOT_READY, born, true));
        out.push(("PodScheduled", "True", "", "", born, true));
    }
    // Models pkg/scheduler/schedule_one.go Scheduler.handleSchedulingFailure
    if let Some(message) = &p.unschedulable {
        out.push(("PodScheduled", "False", "Unschedulable", message.as_str(), born, false));
    }
    out
}

/// What an object's metadata holds besides its name, uid and times.
#[derive(Default)]
struct Meta<'a> {
    /// Each with whether this object has it.
    annotations: &'a [(bool, &'a str, &'a str)],
    /// Deleted at this step with this grace period (seconds), and not yet gone.
    deleting: Option<(u64, u32)>,
    finalizers: &'a [&'a str],
    labels: &'a [(String, String)],
    namespaced: bool,
    /// The StatefulSet that owns the object, and the step it was made at.
    owner: Option<(&'a str, u64)>,
}

pub(super) fn gi(n: u32) -> String {
    format!("{n}Gi")
}

/// A string leaf.
fn s(text: &str) -> Value {
    Value::str(text)
}

/// A list of strings.
fn strs<T: AsRef<str>>(items: &[T]) -> Value {
    Value::List(items.iter().map(|i| s(i.as_ref())).collect())
}

/// Labels (or a selector's), by key; `None` for none, which `-o yaml` leaves out.
fn labels(labels: &[(String, String)]) -> Option<Value> {
    let map = labels.iter().map(|(k, v)| (k.clone(), s(v))).collect();
    (!labels.is_empty()).then_some(Value::Map(map))
}

/// `metadata`: what the API server sets on every object, and what controllers added to this one.
// Models staging/src/k8s.io/apiserver/pkg/registry/rest/create.go FillObjectMetaSystemFields
fn metadata(kind: Kind, name: &str, born: u64, meta: Meta) -> Value {
    let mut m = Vec::new();
    let annotations: Vec<(&str, Value)> = meta.annotations.iter().filter(|a| a.0).map(|(_, k, v)| (*k, s(v))).collect();
    if !annotations.is_empty() {
        m.push(("annotations", Value::map(annotations)));
    }
    m.push(("creationTimestamp", Value::Str(timestamp(born))));
    if let Some((at, grace)) = meta.deleting {
        m.push(("deletionGracePeriodSeconds", Value::Int(grace.into())));
        // The API server sets deletionTimestamp to the request's time plus the grace period.
        m.push(("deletionTimestamp", Value::Str(timestamp(at + u64::from(grace)))));
    }
    if !meta.finalizers.is_empty() {
        m.push(("finalizers", strs(meta.finalizers)));
    }
    m.extend(labels(meta.labels).map(|l| ("labels", l)));
    m.push(("name", s(name)));
    if meta.namespaced {
        m.push(("namespace", s(NAMESPACE)));
    }
    // Models pkg/controller/statefulset/stateful_set_utils.go newStatefulSetPod
    if let Some((set, set_born)) = meta.owner {
        let owner = Value::map(vec![
            ("apiVersion", Value::Str(Kind::StatefulSet.api().api_version())),
            ("blockOwnerDeletion", Value::Bool(true)),
            ("controller", Value::Bool(true)),
            ("kind", s("StatefulSet")),
            ("name", s(set)),
            ("uid", Value::Str(uid_at(Kind::StatefulSet, set, set_born))),
        ]);
        m.push(("ownerReferences", Value::List(vec![owner])));
    }
    m.push(("resourceVersion", Value::Str(resource_version(born).to_string())));
    m.push(("uid", Value::Str(uid_at(kind, name, born))));
    Value::map(m)
}

/// A pod's one container, mounting the volume `volume` (if any) at /data.
fn containers(volume: Option<&str>) -> Value {
    let mut c = vec![("image", s(IMAGE)), ("name", s(CONTAINER))];
    if let Some(volume) = volume {
        let mount = Value::map(vec![("mountPath", s(MOUNT_PATH)), ("name", s(volume))]);
        c.push(("volumeMounts", Value::List(vec![mount])));
    }
    Value::List(vec![Value::map(c)])
}

/// The kubelet's status of a container that waits for its volume.
// Models pkg/kubelet/kubelet_pods.go Kubelet.convertToAPIContainerStatuses
fn creating_container() -> Value {
    Value::map(vec![
        ("image", s(IMAGE)),
        ("imageID", s("")),
        ("lastState", Value::map(Vec::new())),
        ("name", s(CONTAINER)),
        ("ready", Value::Bool(false)),
        ("restartCount", Value::Int(0)),
        ("started", Value::Bool(false)),
        ("state", Value::map(vec![("waiting", Value::map(vec![("reason", s(CONTAINER_CREATING))]))])),
    ])
}

/// A claim's `spec.resources` or `status.capacity`: its storage.
fn storage(gib: u32) -> Value {
    Value::map(vec![("storage", Value::Str(gi(gib)))])
}

/// What each kind's fields are written from: the cluster, the object's name, the step it was
/// created at, and when any other object was (`born`).
#[derive(Clone, Copy)]
struct Asked<'a> {
    cluster: &'a Cluster,
    name: &'a str,
    at: u64,
    born: &'a dyn Fn(Kind, &str) -> u64,
}

/// The object `kind`/`name` as the API server returns it, if the cluster has it; `born(kind,
/// name)` is the step it was created at.
pub fn object(cluster: &Cluster, kind: Kind, name: &str, born: &dyn Fn(Kind, &str) -> u64) -> Option<Value> {
    let at = born(kind, name);
    let asked = Asked { cluster, name, at, born };
    // A StorageClass's own fields sort before its `apiVersion` (`storage_class`).
    let mut o = match kind {
        Kind::StorageClass => Vec::new(),
        _ => vec![("apiVersion", Value::Str(kind.api().api_version())), ("kind", s(kind.api().kind))],
    };
    match kind {
        Kind::Node => node(asked, &mut o)?,
        Kind::StorageClass => storage_class(asked, &mut o)?,
        Kind::PersistentVolumeClaim => claim(asked, &mut o)?,
        Kind::PersistentVolume => volume(asked, &mut o)?,
        Kind::CSIDriver => csi_driver(asked, &mut o)?,
        Kind::VolumeAttachment => attachment(asked, &mut o)?,
        Kind::StatefulSet => stateful_set(asked, &mut o)?,
        Kind::Pod => pod(asked, &mut o)?,
    }
    Some(Value::map(o))
}

/// A Node's fields after its `apiVersion` and `kind`: the object `name`, created at step `at`.
fn node(asked: Asked, o: &mut Vec<(&'static str, Value)>) -> Option<()> {
    let Asked { cluster, name, at, .. } = asked;
    let n = cluster.nodes.iter().find(|n| n.name == name)?;
    let labels = n.all_labels();
    o.push(("metadata", metadata(Kind::Node, name, at, Meta { labels: &labels, ..Meta::default() })));
    let taints = n.taints.iter().map(|(key, effect, added)| {
        let mut t = vec![("effect", s(effect)), ("key", s(key))];
        t.extend(added.map(|added| ("timeAdded", Value::Str(timestamp(added)))));
        Value::map(t)
    });
    let taints: Vec<Value> = taints.collect();
    let spec = if taints.is_empty() { Vec::new() } else { vec![("taints", Value::List(taints))] };
    o.push(("spec", Value::map(spec)));
    let resources = || Value::map(NODE_RESOURCES.iter().map(|(r, q)| (*r, s(q))).collect());
    let conditions = node_conditions(n, at).map(|(kind_of, status, reason, message, heartbeat, since)| {
        Value::map(vec![
            ("lastHeartbeatTime", Value::Str(timestamp(heartbeat))),
            ("lastTransitionTime", Value::Str(timestamp(since))),
            ("message", s(message)),
            ("reason", s(reason)),
            ("status", s(status)),
            ("type", s(kind_of)),
        ])
    });
    let info = node_info(name).map(|(key, _, value)| (key, Value::Str(value)));
    o.push((
        "status",
        Value::map(vec![
            ("allocatable", resources()),
            ("capacity", resources()),
            ("conditions", Value::List(conditions.into())),
            ("nodeInfo", Value::map(info.into())),
        ]),
    ));
    Some(())
}

/// A StorageClass's fields after its `apiVersion` and `kind`: the object `name`, created at step `at`.
fn storage_class(asked: Asked, o: &mut Vec<(&'static str, Value)>) -> Option<()> {
    let Asked { cluster, name, at, .. } = asked;
    let c = cluster.classes.iter().find(|c| c.name == name)?;
    o.push(("allowVolumeExpansion", Value::Bool(c.allow_expansion)));
    if !c.zones.is_empty() {
        let term = Value::map(vec![("key", s(ZONE_LABEL)), ("values", strs(&c.zones))]);
        let terms = Value::map(vec![("matchLabelExpressions", Value::List(vec![term]))]);
        o.push(("allowedTopologies", Value::List(vec![terms])));
    }
    o.extend([("apiVersion", Value::Str(Kind::StorageClass.api().api_version())), ("kind", s("StorageClass"))]);
    o.push(("metadata", metadata(Kind::StorageClass, name, at, Meta::default())));
    o.push(("provisioner", s(PROVISIONER)));
    o.push(("reclaimPolicy", s(c.reclaim)));
    o.push(("volumeBindingMode", s(c.binding)));
    Some(())
}

/// A PersistentVolumeClaim's fields after its `apiVersion` and `kind`: the object `name`, created at step `at`.
fn claim(asked: Asked, o: &mut Vec<(&'static str, Value)>) -> Option<()> {
    let Asked { cluster, name, at, .. } = asked;
    let c = cluster.claims.iter().find(|c| c.name == name)?;
    let annotations = claim_annotations(c);
    let labels = c.set.iter().map(|set| ("app".to_string(), set.clone())).collect::<Vec<_>>();
    let meta = Meta {
        annotations: &annotations,
        deleting: claim_deleting(c, at),
        finalizers: &CLAIM_FINALIZERS,
        labels: &labels,
        namespaced: true,
        owner: None,
    };
    o.push(("metadata", metadata(Kind::PersistentVolumeClaim, name, at, meta)));
    let modes = || strs(&[c.mode.name()]);
    let mut spec = vec![
        ("accessModes", modes()),
        ("resources", Value::map(vec![("requests", storage(c.request_gib))])),
        ("storageClassName", s(&c.class)),
        ("volumeMode", s("Filesystem")),
    ];
    spec.extend(c.bound.as_ref().map(|(volume, _)| ("volumeName", s(volume))));
    o.push(("spec", Value::map(spec)));
    let status = match &c.bound {
        Some((_, capacity)) => {
            vec![("accessModes", modes()), ("capacity", storage(*capacity)), ("phase", s("Bound"))]
        }
        None => vec![("phase", s("Pending"))],
    };
    o.push(("status", Value::map(status)));
    Some(())
}

/// A PersistentVolume's fields after its `apiVersion` and `kind`: the object `name`, created at step `at`.
fn volume(asked: Asked, o: &mut Vec<(&'static str, Value)>) -> Option<()> {
    let Asked { cluster, name, at, born } = asked;
    let v = cluster.volumes.iter().find(|v| v.name == name)?;
    let meta =
        Meta { annotations: &[(true, PROVISIONED_BY, PROVISIONER)], finalizers: &VOLUME_FINALIZERS, ..Meta::default() };
    o.push(("metadata", metadata(Kind::PersistentVolume, name, at, meta)));
    let claim_born = born(Kind::PersistentVolumeClaim, &v.claim);
    let mut spec = vec![
        ("accessModes", strs(&[v.mode.name()])),
        ("capacity", storage(v.capacity_gib)),
        (
            "claimRef",
            Value::map(vec![
                ("apiVersion", s("v1")),
                ("kind", s("PersistentVolumeClaim")),
                ("name", s(&v.claim)),
                ("namespace", s(NAMESPACE)),
                ("uid", Value::Str(uid_at(Kind::PersistentVolumeClaim, &v.claim, claim_born))),
            ]),
        ),
        (
            "csi",
            Value::map(vec![
                ("driver", s(PROVISIONER)),
                ("fsType", s(FS_TYPE)),
                ("volumeHandle", Value::Str(volume_handle(name))),
            ]),
        ),
    ];
    if let Some(zone) = &v.zone {
        let expression = Value::map(vec![("key", s(ZONE_LABEL)), ("operator", s("In")), ("values", strs(&[zone]))]);
        let term = Value::map(vec![("matchExpressions", Value::List(vec![expression]))]);
        let required = Value::map(vec![("nodeSelectorTerms", Value::List(vec![term]))]);
        spec.push(("nodeAffinity", Value::map(vec![("required", required)])));
    }
    spec.push(("persistentVolumeReclaimPolicy", s(v.reclaim)));
    spec.push(("storageClassName", s(&v.class)));
    spec.push(("volumeMode", s("Filesystem")));
    o.push(("spec", Value::map(spec)));
    o.push(("status", Value::map(vec![("phase", s(v.phase))])));
    Some(())
}

/// A CSIDriver's fields after its `apiVersion` and `kind`: the object `name`, created at step `at`.
/// The API server's defaults for what the driver's manifest leaves out.
// Models pkg/apis/storage/v1/defaults.go SetDefaults_CSIDriver
fn csi_driver(asked: Asked, o: &mut Vec<(&'static str, Value)>) -> Option<()> {
    let Asked { cluster, name, at, .. } = asked;
    let d = cluster.drivers.iter().find(|d| d.name == name)?;
    o.push(("metadata", metadata(Kind::CSIDriver, name, at, Meta::default())));
    let spec = vec![
        ("attachRequired", Value::Bool(d.attach_required)),
        ("fsGroupPolicy", s(d.fs_group_policy)),
        ("podInfoOnMount", Value::Bool(d.pod_info_on_mount)),
        ("requiresRepublish", Value::Bool(false)),
        ("seLinuxMount", Value::Bool(false)),
        ("storageCapacity", Value::Bool(false)),
        ("volumeLifecycleModes", Value::List(vec![s("Persistent")])),
    ];
    o.push(("spec", Value::map(spec)));
    Some(())
}

/// A VolumeAttachment's fields after its `apiVersion` and `kind`: the object `name`, created at step `at`.
fn attachment(asked: Asked, o: &mut Vec<(&'static str, Value)>) -> Option<()> {
    let Asked { cluster, name, at, .. } = asked;
    let a = cluster.attachments.iter().find(|a| a.name() == name)?;
    let meta = Meta { annotations: &[(true, NODE_ID, &a.node)], finalizers: &ATTACHMENT_FINALIZERS, ..Meta::default() };
    o.push(("metadata", metadata(Kind::VolumeAttachment, name, at, meta)));
    let source = Value::map(vec![("persistentVolumeName", s(&a.volume))]);
    let spec = vec![("attacher", s(PROVISIONER)), ("nodeName", s(&a.node)), ("source", source)];
    o.push(("spec", Value::map(spec)));
    o.push(("status", Value::map(vec![("attached", Value::Bool(a.attached))])));
    Some(())
}

/// A StatefulSet's fields after its `apiVersion` and `kind`: the object `name`, created at step `at`.
fn stateful_set(asked: Asked, o: &mut Vec<(&'static str, Value)>) -> Option<()> {
    let Asked { cluster, name, at, .. } = asked;
    let set = cluster.sets.iter().find(|s| s.name == name)?;
    let app = || Value::map(vec![("app", s(&set.name))]);
    o.push(("metadata", metadata(Kind::StatefulSet, name, at, Meta { namespaced: true, ..Meta::default() })));
    let retention = Value::map(vec![("whenDeleted", s(set.when_deleted)), ("whenScaled", s(set.when_scaled))]);
    let mut pod = vec![("containers", containers(set.template.as_ref().map(|t| t.0.as_str())))];
    pod.extend(labels(&set.node_selector).map(|l| ("nodeSelector", l)));
    if let Some((skew, key, when, taints)) = &set.spread {
        let constraint = Value::map(vec![
            ("labelSelector", Value::map(vec![("matchLabels", app())])),
            ("maxSkew", Value::Int((*skew).into())),
            ("nodeTaintsPolicy", s(taints)),
            ("topologyKey", s(key)),
            ("whenUnsatisfiable", s(when)),
        ]);
        pod.push(("topologySpreadConstraints", Value::List(vec![constraint])));
    }
    let template = Value::map(vec![("metadata", Value::map(vec![("labels", app())])), ("spec", Value::map(pod))]);
    let rolling = Value::map(vec![("partition", Value::Int(0))]);
    let mut spec = vec![
        ("persistentVolumeClaimRetentionPolicy", retention),
        ("podManagementPolicy", s(set.policy)),
        ("replicas", Value::Int(set.replicas.into())),
        // The API server's defaults for what the demo's set leaves out.
        // Models pkg/apis/apps/v1/defaults.go SetDefaults_StatefulSet
        ("revisionHistoryLimit", Value::Int(10)),
        ("selector", Value::map(vec![("matchLabels", app())])),
        ("serviceName", s(&set.name)),
        ("template", template),
        ("updateStrategy", Value::map(vec![("rollingUpdate", rolling), ("type", s("RollingUpdate"))])),
    ];
    if let Some((template, class, size, mode)) = &set.template {
        let claim = Value::map(vec![
            ("apiVersion", s("v1")),
            ("kind", s("PersistentVolumeClaim")),
            ("metadata", Value::map(vec![("name", s(template))])),
            (
                "spec",
                Value::map(vec![
                    ("accessModes", strs(&[mode.name()])),
                    ("resources", Value::map(vec![("requests", storage(*size))])),
                    ("storageClassName", s(class)),
                    ("volumeMode", s("Filesystem")),
                ]),
            ),
        ]);
        spec.push(("volumeClaimTemplates", Value::List(vec![claim])));
    }
    o.push(("spec", Value::map(spec)));
    let count = |n: u32| Value::Int(n.into());
    o.push((
        "status",
        Value::map(vec![
            ("availableReplicas", count(set.ready)),
            ("currentReplicas", count(set.current)),
            ("readyReplicas", count(set.ready)),
            ("replicas", count(set.current)),
        ]),
    ));
    Some(())
}

/// A Pod's fields after its `apiVersion` and `kind`: the object `name`, created at step `at`.
fn pod(asked: Asked, o: &mut Vec<(&'static str, Value)>) -> Option<()> {
    let Asked { cluster, name, at, born } = asked;
    let p = cluster.pods.iter().find(|p| p.name == name)?;
    let meta = Meta {
        deleting: pod_deleting(p),
        labels: &p.labels,
        namespaced: true,
        owner: p.set.as_deref().map(|s| (s, born(Kind::StatefulSet, s))),
        ..Meta::default()
    };
    o.push(("metadata", metadata(Kind::Pod, name, at, meta)));
    let volume = pod_volume(cluster, p);
    let mut spec = vec![("containers", containers(volume))];
    spec.extend(p.node.as_ref().map(|node| ("nodeName", s(node))));
    spec.extend(labels(&p.node_selector).map(|l| ("nodeSelector", l)));
    let tolerations = DEFAULT_TOLERATIONS.map(|key| {
        Value::map(vec![
            ("effect", s("NoExecute")),
            ("key", s(key)),
            ("operator", s("Exists")),
            ("tolerationSeconds", Value::Int(TOLERATION_SECONDS.into())),
        ])
    });
    spec.push(("tolerations", Value::List(tolerations.into())));
    if let (Some(claim), Some(volume)) = (&p.claim, volume) {
        let claim = Value::map(vec![("claimName", s(claim))]);
        let volume = Value::map(vec![("name", s(volume)), ("persistentVolumeClaim", claim)]);
        spec.push(("volumes", Value::List(vec![volume])));
    }
    o.push(("spec", Value::map(spec)));
    let conditions: Vec<Value> = pod_conditions(p, at)
        .into_iter()
        .map(|(kind_of, status, reason, message, since, probed)| {
            let mut c = Vec::new();
            if probed {
                c.push(("lastProbeTime", Value::Null));
            }
            c.push(("lastTransitionTime", Value::Str(timestamp(since))));
            if !message.is_empty() {
                c.push(("message", s(message)));
            }
            if !reason.is_empty() {
                c.push(("reason", s(reason)));
            }
            c.extend([("status", s(status)), ("type", s(kind_of))]);
            Value::map(c)
        })
        .collect();
    let mut status = Vec::new();
    if !conditions.is_empty() {
        status.push(("conditions", Value::List(conditions)));
    }
    if p.creating {
        status.push(("containerStatuses", Value::List(vec![creating_container()])));
    }
    status.push(("phase", s(pod_phase(p))));
    o.push(("status", Value::map(status)));
    Some(())
}
