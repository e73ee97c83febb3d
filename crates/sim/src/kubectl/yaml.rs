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
    name_hash, uid, uid_at, Cluster, Kind, CONTAINER, CONTAINER_RUNTIME, IMAGE, KERNEL_VERSION, KUBELET_VERSION,
    NAMESPACE, OS_IMAGE, PROVISIONER,
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
const DEFAULT_TOLERATIONS: [&str; 2] = ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"];

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
        self.kv(2, "resourceVersion", &format!("\"{}\"", 1000 + born));
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
            self.kv(indent + 2, "- mountPath", "/data");
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

fn gi(n: u32) -> String {
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
            // What the kubelet reports of the machine: a small VM's, the same on every demo node.
            // kubectl describe divides each pod's requests by it.
            for key in ["allocatable", "capacity"] {
                d.line(2, &format!("{key}:"));
                d.kv(4, "cpu", "\"2\"");
                d.kv(4, "ephemeral-storage", "20Gi");
                d.kv(4, "memory", "8Gi");
                d.kv(4, "pods", "\"110\"");
            }
            d.line(2, "conditions:");
            // The kubelet's four conditions; when it stops posting, the node lifecycle controller
            // sets each to Unknown (`tryUpdateNodeHealth`) and leaves lastHeartbeatTime alone.
            for (kind_of, reason, message, healthy) in NODE_CONDITIONS {
                let (status, reason, message, since) = match n.lost_at {
                    Some(lost) => {
                        ("Unknown".to_string(), "NodeStatusUnknown", "Kubelet stopped posting node status.", lost)
                    }
                    None => (format!("\"{healthy}\""), reason, message, at),
                };
                // The kubelet's last heartbeat: no later than the loss.
                d.kv(2, "- lastHeartbeatTime", &format!("\"{}\"", timestamp(at.min(since))));
                d.kv(4, "lastTransitionTime", &format!("\"{}\"", timestamp(since)));
                d.kv(4, "message", message);
                d.kv(4, "reason", reason);
                d.kv(4, "status", &status);
                d.kv(4, "type", kind_of);
            }
            d.line(2, "nodeInfo:");
            let id = format!("{:032x}", u128::from(name_hash(kind, name)) * 0x1_0000_0001);
            d.kv(4, "architecture", "amd64");
            d.kv(4, "bootID", &uid(kind, name));
            d.kv(4, "containerRuntimeVersion", CONTAINER_RUNTIME);
            d.kv(4, "kernelVersion", KERNEL_VERSION);
            d.kv(4, "kubeProxyVersion", "\"\"");
            d.kv(4, "kubeletVersion", KUBELET_VERSION);
            d.kv(4, "machineID", &id);
            d.kv(4, "operatingSystem", "linux");
            d.kv(4, "osImage", OS_IMAGE);
            d.kv(4, "systemUUID", &uid(kind, name));
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
            let (bound, node) = (c.bound.is_some(), c.selected_node.as_deref());
            let annotations = [
                (bound, "pv.kubernetes.io/bind-completed", "\"yes\""),
                (bound, "pv.kubernetes.io/bound-by-controller", "\"yes\""),
                (true, "volume.beta.kubernetes.io/storage-provisioner", PROVISIONER),
                (node.is_some(), "volume.kubernetes.io/selected-node", node.unwrap_or_default()),
                (true, "volume.kubernetes.io/storage-provisioner", PROVISIONER),
            ];
            let labels = c.set.iter().map(|set| ("app".to_string(), set.clone())).collect::<Vec<_>>();
            let meta = Meta {
                annotations: &annotations,
                deleting: c.terminating.then_some((at, 0)),
                finalizers: &["kubernetes.io/pvc-protection"],
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
                annotations: &[(true, "pv.kubernetes.io/provisioned-by", PROVISIONER)],
                finalizers: &["external-provisioner.volume.kubernetes.io/finalizer", "kubernetes.io/pv-protection"],
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
            d.kv(4, "fsType", "ext4");
            // The driver's own id for the disk: made up, like the uids, from the volume's name.
            d.kv(4, "volumeHandle", &format!("vol-{:012x}", name_hash(kind, name)));
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
                annotations: &[(true, "csi.alpha.kubernetes.io/node-id", &a.node)],
                finalizers: &["external-attacher/disk-csi-kubevol-example"],
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
            // A graceful delete with the default terminationGracePeriodSeconds, 30.
            let deleting = p.deleted.map(|(at, _)| (at, 30));
            let meta = Meta {
                deleting,
                labels: &p.labels,
                namespaced: true,
                owner: p.set.as_deref().map(|s| (s, born(Kind::StatefulSet, s))),
                ..Meta::default()
            };
            d.metadata(kind, name, at, meta);
            // A StatefulSet's pod names its volume after the claim template; others call it data.
            let template =
                p.set.as_ref().and_then(|set| cluster.sets.iter().find(|s| &s.name == set)?.template.as_ref());
            let volume = p.claim.as_ref().map(|_| template.map_or("data", |t| t.0.as_str()));
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
                d.kv(4, "tolerationSeconds", "300");
            }
            if let (Some(claim), Some(volume)) = (&p.claim, volume) {
                d.line(2, "volumes:");
                d.kv(2, "- name", volume);
                d.line(4, "persistentVolumeClaim:");
                d.kv(6, "claimName", claim);
            }
            d.line(0, "status:");
            if let Some(lost) = p.node_lost_at {
                d.line(2, "conditions:");
                if let Some((evicted_at, true)) = p.deleted {
                    // The taint eviction controller's mark before it deletes the pod.
                    d.kv(2, "- lastProbeTime", "null");
                    d.kv(4, "lastTransitionTime", &format!("\"{}\"", timestamp(evicted_at)));
                    d.kv(4, "message", &quoted("Taint manager: deleting due to NoExecute taint"));
                    d.kv(4, "reason", "DeletionByTaintManager");
                    d.kv(4, "status", "\"True\"");
                    d.kv(4, "type", "DisruptionTarget");
                }
                // `MarkPodsNotReady`: the node controller turns Ready False; the container
                // statuses keep the kubelet's last report.
                d.kv(2, "- lastProbeTime", "null");
                d.kv(4, "lastTransitionTime", &format!("\"{}\"", timestamp(lost)));
                d.kv(4, "status", "\"False\"");
                d.kv(4, "type", "Ready");
            }
            if let Some(message) = &p.unschedulable {
                d.line(2, "conditions:");
                d.kv(2, "- lastTransitionTime", &format!("\"{}\"", timestamp(at)));
                d.kv(4, "message", &quoted(message));
                d.kv(4, "reason", "Unschedulable");
                d.kv(4, "status", "\"False\"");
                d.kv(4, "type", "PodScheduled");
            }
            d.kv(2, "phase", if p.node.is_some() { "Running" } else { "Pending" });
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
