//! `kubectl get <kind> <name> -o yaml`: each object as the API server returns it, with the fields
//! the model decides and the ones a real server would add (uid, creationTimestamp, finalizers,
//! annotations written by controllers). `tests/kubectl_manifests.rs` writes every object of every
//! demo preset to files that `kubernetes-validate --strict` checks against the API's schemas.
//!
//! Sources for the fields controllers write: the PV controller's `pv.kubernetes.io/bind-completed`
//! and `pv.kubernetes.io/bound-by-controller`, the provisioner's `pv.kubernetes.io/provisioned-by`
//! and `volume.kubernetes.io/storage-provisioner` (kubernetes/kubernetes
//! `pkg/controller/volume/persistentvolume/pv_controller.go`), the scheduler's
//! `volume.kubernetes.io/selected-node`, the `kubernetes.io/pvc-protection` and
//! `kubernetes.io/pv-protection` finalizers, and external-provisioner's
//! `external-provisioner.volume.kubernetes.io/finalizer`.

use std::fmt::Write;

use super::{
    name_hash, uid, uid_at, Claim, Cluster, Kind, Node, Pod, CONTAINER, CONTAINER_RUNTIME, IMAGE, KERNEL_VERSION,
    KUBELET_VERSION, NAMESPACE, OS_IMAGE, PROVISIONER,
};
use crate::api::ZONE_LABEL;

/// The width past which kubectl's YAML writer breaks a long scalar.
const BEST_WIDTH: usize = 80;

/// A healthy kubelet's node conditions: type, reason, message and status
/// (`pkg/kubelet/nodestatus/setters.go`).
const NODE_CONDITIONS: [(&str, &str, &str, &str); 4] = [
    ("MemoryPressure", "KubeletHasSufficientMemory", "kubelet has sufficient memory available", "False"),
    ("DiskPressure", "KubeletHasNoDiskPressure", "kubelet has no disk pressure", "False"),
    ("PIDPressure", "KubeletHasSufficientPID", "kubelet has sufficient PID available", "False"),
    ("Ready", "KubeletReady", "kubelet is posting ready status", "True"),
];

/// The tolerations the DefaultTolerationSeconds admission plugin adds to every pod: 300 s on a
/// not-ready or unreachable node before the taint eviction controller deletes it.
pub(super) const DEFAULT_TOLERATIONS: [&str; 2] = ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"];
pub(super) const TOLERATION_SECONDS: u32 = 300;

/// What the kubelet reports of the machine (`status.capacity`, and the same `allocatable`): a small
/// VM's, the same on every demo node, by resource name in the order the API server sorts them.
/// kubectl describe divides each pod's requests by it.
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
pub(super) const CLAIM_FINALIZERS: [&str; 1] = ["kubernetes.io/pvc-protection"];
pub(super) const VOLUME_FINALIZERS: [&str; 2] =
    ["external-provisioner.volume.kubernetes.io/finalizer", "kubernetes.io/pv-protection"];
pub(super) const ATTACHMENT_FINALIZERS: [&str; 1] = ["external-attacher/disk-csi-kubevol-example"];

/// A node condition: type, status, reason, message, lastHeartbeatTime and lastTransitionTime (steps).
pub(super) type NodeCondition = (&'static str, &'static str, &'static str, &'static str, u64, u64);

/// A node's four conditions, as its kubelet last posted them or, once it stopped, as the node
/// lifecycle controller set them (`tryUpdateNodeHealth`: each Unknown, lastHeartbeatTime left at the
/// kubelet's last, no later than the loss).
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
/// scheduler's selected node under WaitForFirstConsumer), values as YAML scalars.
pub(super) fn claim_annotations(c: &Claim) -> [(bool, &'static str, &str); 5] {
    let (bound, node) = (c.bound.is_some(), c.selected_node.as_deref());
    [
        (bound, "pv.kubernetes.io/bind-completed", "\"yes\""),
        (bound, "pv.kubernetes.io/bound-by-controller", "\"yes\""),
        (true, "volume.beta.kubernetes.io/storage-provisioner", PROVISIONER),
        (node.is_some(), "volume.kubernetes.io/selected-node", node.unwrap_or_default()),
        (true, "volume.kubernetes.io/storage-provisioner", PROVISIONER),
    ]
}

/// A deleted claim that a pod still uses: the model keeps no time for the delete, so it is dated
/// at the claim's creation; a claim has no grace period.
pub(super) fn claim_deleting(c: &Claim, born: u64) -> Option<(u64, u32)> {
    c.terminating.then_some((born, 0))
}

/// A pod deleted at a step, waiting for its kubelet: a graceful delete with the default
/// terminationGracePeriodSeconds, 30 (its deletionTimestamp is the step plus that).
pub(super) fn pod_deleting(p: &Pod) -> Option<(u64, u32)> {
    p.deleted.map(|(at, _)| (at, 30))
}

/// A pod's phase: Running once on a node (its kubelet last reported it so, even from a lost node).
pub(super) fn pod_phase(p: &Pod) -> &'static str {
    if p.node.is_some() {
        "Running"
    } else {
        "Pending"
    }
}

/// The name of a pod's volume: a StatefulSet's pod names it after the claim template; others call
/// it data. `None` for a pod without a claim.
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
            let message = "Taint manager: deleting due to NoExecute taint";
            out.push(("DisruptionTarget", "True", "DeletionByTaintManager", message, evicted_at, true));
        }
        // `MarkPodsNotReady`: the node controller turns Ready False; the container statuses keep
        // the kubelet's last report.
        out.push(("Ready", "False", "", "", lost, true));
    }
    if let Some(message) = &p.unschedulable {
        out.push(("PodScheduled", "False", "Unschedulable", message.as_str(), born, false));
    }
    out
}

/// Lines of YAML, each at its indentation.
struct Doc(String);

impl Doc {
    fn line(&mut self, indent: usize, text: &str) {
        self.0.extend(std::iter::repeat_n(' ', indent));
        self.0.push_str(text);
        self.0.push('\n');
    }

    fn kv(&mut self, indent: usize, key: &str, value: &str) {
        let line = format!("{key}: {value}");
        if indent + line.chars().count() <= BEST_WIDTH || value.starts_with('"') {
            return self.line(indent, &line);
        }
        // kubectl's YAML writer (go-yaml, `best_width` 80) breaks a long plain or single-quoted
        // scalar at a space once the line is past 80 columns, going on indented under its key.
        let under = indent + 2 + if key.starts_with("- ") { 2 } else { 0 };
        let head = indent + key.chars().count() + 2;
        let chars: Vec<char> = value.chars().collect();
        let quoted = value.starts_with('\'');
        let (mut out, mut column, mut spaces) = (String::new(), head, false);
        for (i, &c) in chars.iter().enumerate() {
            let inner = !quoted || i > 1 && i + 2 < chars.len();
            if c == ' ' && inner && !spaces && column > BEST_WIDTH && chars.get(i + 1) != Some(&' ') {
                out.push('\n');
                out.extend(std::iter::repeat_n(' ', under));
                column = under;
            } else {
                out.push(c);
                column += 1;
            }
            spaces = c == ' ';
        }
        self.line(indent, &format!("{key}: {out}"));
    }

    /// `metadata`: what the API server sets on every object, and what controllers added to this
    /// one, in the sorted order `-o yaml` prints.
    fn metadata(&mut self, kind: Kind, name: &str, born: u64, meta: Meta) {
        self.line(0, "metadata:");
        if !meta.annotations.is_empty() {
            self.line(2, "annotations:");
            for (_, key, value) in meta.annotations.iter().filter(|a| a.0) {
                self.kv(4, key, value);
            }
        }
        let _ = writeln!(self.0, "  creationTimestamp: \"{}\"", timestamp(born));
        if let Some((at, grace)) = meta.deleting {
            self.kv(2, "deletionGracePeriodSeconds", &grace.to_string());
            // The API server sets deletionTimestamp to the request's time plus the grace period.
            let _ = writeln!(self.0, "  deletionTimestamp: \"{}\"", timestamp(at + u64::from(grace)));
        }
        if !meta.finalizers.is_empty() {
            self.list(2, "finalizers", meta.finalizers);
        }
        self.labels(2, "labels", meta.labels);
        self.kv(2, "name", name);
        if meta.namespaced {
            self.kv(2, "namespace", NAMESPACE);
        }
        if let Some((set, set_born)) = meta.owner {
            self.line(2, "ownerReferences:");
            self.kv(2, "- apiVersion", "apps/v1");
            self.kv(4, "blockOwnerDeletion", "true");
            self.kv(4, "controller", "true");
            self.kv(4, "kind", "StatefulSet");
            self.kv(4, "name", set);
            self.kv(4, "uid", &uid_at(Kind::StatefulSet, set, set_born));
        }
        self.kv(2, "resourceVersion", &format!("\"{}\"", resource_version(born)));
        self.kv(2, "uid", &uid_at(kind, name, born));
    }

    fn list(&mut self, indent: usize, key: &str, items: &[&str]) {
        self.line(indent, &format!("{key}:"));
        for item in items {
            self.line(indent, &format!("- {item}"));
        }
    }

    fn labels(&mut self, indent: usize, key: &str, labels: &[(String, String)]) {
        if labels.is_empty() {
            return;
        }
        self.line(indent, &format!("{key}:"));
        for (k, v) in labels {
            self.kv(indent + 2, k, if v.is_empty() { "\"\"" } else { v });
        }
    }

    /// A pod's one container, mounting the volume `volume` (if any) at /data. Keys in the order
    /// `kubectl -o yaml` prints them: sorted.
    fn pod_spec(&mut self, indent: usize, volume: Option<&str>) {
        self.line(indent, "containers:");
        self.kv(indent, "- image", IMAGE);
        self.kv(indent + 2, "name", CONTAINER);
        if let Some(volume) = volume {
            self.line(indent + 2, "volumeMounts:");
            self.kv(indent + 2, "- mountPath", MOUNT_PATH);
            self.kv(indent + 4, "name", volume);
        }
    }
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

/// `EPOCH` plus `seconds`, as RFC 3339 (the demos stay well inside one day).
pub fn timestamp(seconds: u64) -> String {
    let s = seconds % 86_400;
    format!("2026-01-01T{:02}:{:02}:{:02}Z", s / 3600, s / 60 % 60, s % 60)
}

pub(super) fn gi(n: u32) -> String {
    format!("{n}Gi")
}

/// The YAML of the object `kind`/`name`, if the cluster has it; `born(kind, name)` is the step it
/// was created at.
pub fn yaml(cluster: &Cluster, kind: Kind, name: &str, born: &dyn Fn(Kind, &str) -> u64) -> Option<String> {
    let mut d = Doc(String::new());
    let at = born(kind, name);
    match kind {
        Kind::Node => {
            let n = cluster.nodes.iter().find(|n| n.name == name)?;
            d.kv(0, "apiVersion", "v1");
            d.kv(0, "kind", "Node");
            let labels = n.all_labels();
            d.metadata(kind, name, at, Meta { labels: &labels, ..Meta::default() });
            if n.taints.is_empty() {
                d.line(0, "spec: {}");
            } else {
                d.line(0, "spec:");
                d.line(2, "taints:");
                for (key, effect, added) in &n.taints {
                    d.kv(2, "- effect", effect);
                    d.kv(4, "key", key);
                    if let Some(added) = added {
                        d.kv(4, "timeAdded", &format!("\"{}\"", timestamp(*added)));
                    }
                }
            }
            d.line(0, "status:");
            for key in ["allocatable", "capacity"] {
                d.line(2, &format!("{key}:"));
                for (resource, quantity) in NODE_RESOURCES {
                    // A quantity that reads as a number is a string all the same: quoted.
                    let plain = quantity.bytes().any(|b| !b.is_ascii_digit());
                    d.kv(4, resource, &if plain { quantity.to_string() } else { format!("\"{quantity}\"") });
                }
            }
            d.line(2, "conditions:");
            for (kind_of, status, reason, message, heartbeat, since) in node_conditions(n, at) {
                d.kv(2, "- lastHeartbeatTime", &format!("\"{}\"", timestamp(heartbeat)));
                d.kv(4, "lastTransitionTime", &format!("\"{}\"", timestamp(since)));
                d.kv(4, "message", message);
                d.kv(4, "reason", reason);
                // True and False would read as booleans; Unknown stands plain.
                let status = if status == "Unknown" { status.to_string() } else { format!("\"{status}\"") };
                d.kv(4, "status", &status);
                d.kv(4, "type", kind_of);
            }
            d.line(2, "nodeInfo:");
            for (key, _, value) in node_info(name) {
                d.kv(4, key, if value.is_empty() { "\"\"" } else { &value });
            }
        }
        Kind::StorageClass => {
            let c = cluster.classes.iter().find(|c| c.name == name)?;
            d.kv(0, "allowVolumeExpansion", if c.allow_expansion { "true" } else { "false" });
            if !c.zones.is_empty() {
                d.line(0, "allowedTopologies:");
                d.line(0, "- matchLabelExpressions:");
                d.kv(2, "- key", ZONE_LABEL);
                let zones: Vec<&str> = c.zones.iter().map(String::as_str).collect();
                d.list(4, "values", &zones);
            }
            d.kv(0, "apiVersion", "storage.k8s.io/v1");
            d.kv(0, "kind", "StorageClass");
            d.metadata(kind, name, at, Meta::default());
            d.kv(0, "provisioner", PROVISIONER);
            d.kv(0, "reclaimPolicy", c.reclaim);
            d.kv(0, "volumeBindingMode", c.binding);
        }
        Kind::PersistentVolumeClaim => {
            let c = cluster.claims.iter().find(|c| c.name == name)?;
            d.kv(0, "apiVersion", "v1");
            d.kv(0, "kind", "PersistentVolumeClaim");
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
            d.metadata(kind, name, at, meta);
            d.line(0, "spec:");
            d.list(2, "accessModes", &[c.mode.name()]);
            d.line(2, "resources:");
            d.line(4, "requests:");
            d.kv(6, "storage", &gi(c.request_gib));
            d.kv(2, "storageClassName", &c.class);
            d.kv(2, "volumeMode", "Filesystem");
            if let Some((volume, _)) = &c.bound {
                d.kv(2, "volumeName", volume);
            }
            d.line(0, "status:");
            match &c.bound {
                Some((_, capacity)) => {
                    d.list(2, "accessModes", &[c.mode.name()]);
                    d.line(2, "capacity:");
                    d.kv(4, "storage", &gi(*capacity));
                    d.kv(2, "phase", "Bound");
                }
                None => d.kv(2, "phase", "Pending"),
            }
        }
        Kind::PersistentVolume => {
            let v = cluster.volumes.iter().find(|v| v.name == name)?;
            d.kv(0, "apiVersion", "v1");
            d.kv(0, "kind", "PersistentVolume");
            let meta = Meta {
                annotations: &[(true, PROVISIONED_BY, PROVISIONER)],
                finalizers: &VOLUME_FINALIZERS,
                ..Meta::default()
            };
            d.metadata(kind, name, at, meta);
            d.line(0, "spec:");
            d.list(2, "accessModes", &[v.mode.name()]);
            d.line(2, "capacity:");
            d.kv(4, "storage", &gi(v.capacity_gib));
            d.line(2, "claimRef:");
            d.kv(4, "apiVersion", "v1");
            d.kv(4, "kind", "PersistentVolumeClaim");
            d.kv(4, "name", &v.claim);
            d.kv(4, "namespace", NAMESPACE);
            d.kv(4, "uid", &uid_at(Kind::PersistentVolumeClaim, &v.claim, born(Kind::PersistentVolumeClaim, &v.claim)));
            d.line(2, "csi:");
            d.kv(4, "driver", PROVISIONER);
            d.kv(4, "fsType", FS_TYPE);
            d.kv(4, "volumeHandle", &volume_handle(name));
            if let Some(zone) = &v.zone {
                d.line(2, "nodeAffinity:");
                d.line(4, "required:");
                d.line(6, "nodeSelectorTerms:");
                d.line(6, "- matchExpressions:");
                d.kv(8, "- key", ZONE_LABEL);
                d.kv(10, "operator", "In");
                d.list(10, "values", &[zone]);
            }
            d.kv(2, "persistentVolumeReclaimPolicy", v.reclaim);
            d.kv(2, "storageClassName", &v.class);
            d.kv(2, "volumeMode", "Filesystem");
            d.line(0, "status:");
            d.kv(2, "phase", v.phase);
        }
        Kind::VolumeAttachment => {
            let a = cluster.attachments.iter().find(|a| a.name() == name)?;
            d.kv(0, "apiVersion", "storage.k8s.io/v1");
            d.kv(0, "kind", "VolumeAttachment");
            let meta = Meta {
                annotations: &[(true, NODE_ID, &a.node)],
                finalizers: &ATTACHMENT_FINALIZERS,
                ..Meta::default()
            };
            d.metadata(kind, name, at, meta);
            d.line(0, "spec:");
            d.kv(2, "attacher", PROVISIONER);
            d.kv(2, "nodeName", &a.node);
            d.line(2, "source:");
            d.kv(4, "persistentVolumeName", &a.volume);
            d.line(0, "status:");
            d.kv(2, "attached", if a.attached { "true" } else { "false" });
        }
        Kind::StatefulSet => {
            let s = cluster.sets.iter().find(|s| s.name == name)?;
            let app = [("app".to_string(), s.name.clone())];
            d.kv(0, "apiVersion", "apps/v1");
            d.kv(0, "kind", "StatefulSet");
            d.metadata(kind, name, at, Meta { namespaced: true, ..Meta::default() });
            d.line(0, "spec:");
            d.line(2, "persistentVolumeClaimRetentionPolicy:");
            d.kv(4, "whenDeleted", s.when_deleted);
            d.kv(4, "whenScaled", s.when_scaled);
            d.kv(2, "podManagementPolicy", s.policy);
            d.kv(2, "replicas", &s.replicas.to_string());
            // The API server's defaults for what the demo's set leaves out.
            d.kv(2, "revisionHistoryLimit", "10");
            d.line(2, "selector:");
            d.labels(4, "matchLabels", &app);
            d.kv(2, "serviceName", &s.name);
            d.line(2, "template:");
            d.line(4, "metadata:");
            d.labels(6, "labels", &app);
            d.line(4, "spec:");
            d.pod_spec(6, s.template.as_ref().map(|t| t.0.as_str()));
            d.labels(6, "nodeSelector", &s.node_selector);
            if let Some((skew, key, when, taints)) = &s.spread {
                d.line(6, "topologySpreadConstraints:");
                d.line(6, "- labelSelector:");
                d.labels(10, "matchLabels", &app);
                d.kv(8, "maxSkew", &skew.to_string());
                d.kv(8, "nodeTaintsPolicy", taints);
                d.kv(8, "topologyKey", key);
                d.kv(8, "whenUnsatisfiable", when);
            }
            d.line(2, "updateStrategy:");
            d.line(4, "rollingUpdate:");
            d.kv(6, "partition", "0");
            d.kv(4, "type", "RollingUpdate");
            if let Some((template, class, size, mode)) = &s.template {
                d.line(2, "volumeClaimTemplates:");
                d.line(2, "- apiVersion: v1");
                d.kv(4, "kind", "PersistentVolumeClaim");
                d.line(4, "metadata:");
                d.kv(6, "name", template);
                d.line(4, "spec:");
                d.list(6, "accessModes", &[mode.name()]);
                d.line(6, "resources:");
                d.line(8, "requests:");
                d.kv(10, "storage", &gi(*size));
                d.kv(6, "storageClassName", class);
                d.kv(6, "volumeMode", "Filesystem");
            }
            d.line(0, "status:");
            d.kv(2, "availableReplicas", &s.ready.to_string());
            d.kv(2, "currentReplicas", &s.current.to_string());
            d.kv(2, "readyReplicas", &s.ready.to_string());
            d.kv(2, "replicas", &s.current.to_string());
        }
        Kind::Pod => {
            let p = cluster.pods.iter().find(|p| p.name == name)?;
            d.kv(0, "apiVersion", "v1");
            d.kv(0, "kind", "Pod");
            let meta = Meta {
                deleting: pod_deleting(p),
                labels: &p.labels,
                namespaced: true,
                owner: p.set.as_deref().map(|s| (s, born(Kind::StatefulSet, s))),
                ..Meta::default()
            };
            d.metadata(kind, name, at, meta);
            let volume = pod_volume(cluster, p);
            d.line(0, "spec:");
            d.pod_spec(2, volume);
            if let Some(node) = &p.node {
                d.kv(2, "nodeName", node);
            }
            d.labels(2, "nodeSelector", &p.node_selector);
            d.line(2, "tolerations:");
            for key in DEFAULT_TOLERATIONS {
                d.kv(2, "- effect", "NoExecute");
                d.kv(4, "key", key);
                d.kv(4, "operator", "Exists");
                d.kv(4, "tolerationSeconds", &TOLERATION_SECONDS.to_string());
            }
            if let (Some(claim), Some(volume)) = (&p.claim, volume) {
                d.line(2, "volumes:");
                d.kv(2, "- name", volume);
                d.line(4, "persistentVolumeClaim:");
                d.kv(6, "claimName", claim);
            }
            d.line(0, "status:");
            let conditions = pod_conditions(p, at);
            if !conditions.is_empty() {
                d.line(2, "conditions:");
            }
            for (kind_of, status, reason, message, since, probed) in conditions {
                let since = format!("\"{}\"", timestamp(since));
                if probed {
                    d.kv(2, "- lastProbeTime", "null");
                    d.kv(4, "lastTransitionTime", &since);
                } else {
                    d.kv(2, "- lastTransitionTime", &since);
                }
                if !message.is_empty() {
                    d.kv(4, "message", &quoted(message));
                }
                if !reason.is_empty() {
                    d.kv(4, "reason", reason);
                }
                d.kv(4, "status", &format!("\"{status}\""));
                d.kv(4, "type", kind_of);
            }
            d.kv(2, "phase", pod_phase(p));
        }
    }
    Some(d.0)
}

/// A YAML scalar that cannot stand plain, quoted as kubectl writes it.
fn quoted(text: &str) -> String {
    // As kubectl's YAML writer (go-yaml) quotes a string that cannot stand plain, such as one with
    // ": " in it: in single quotes, a quote doubled, unless it needs an escape (a line break).
    if text.contains('\n') || text.contains('\\') {
        let mut out = String::from("\"");
        for c in text.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                c => out.push(c),
            }
        }
        out.push('"');
        return out;
    }
    format!("'{}'", text.replace('\'', "''"))
}
