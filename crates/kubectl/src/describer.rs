//! `kubectl describe`, laid out as kubectl lays it out.
//!
//! Each describer follows kubectl 1.33's for its kind, named where it is written. kubectl has no
//! describer of its own for a VolumeAttachment, so its generic describer prints the object's
//! fields, titled as `smartLabelFor` titles them. Every value is the one the object's tree holds
//! (object.rs), which is what the served cluster gives the real kubectl.
//!
//! Layout: each describer writes lines whose cells end at a tab into a Go tabwriter with padding 2
//! ([`align`]); the `Events:` table comes after a flush, as `DescribeEvents` writes it.

use std::fmt::Write;

use crate::clock::rfc1123z;
use crate::object::{
    claim_annotations, claim_deleting, gi, node_conditions, node_info, pod_conditions, pod_deleting, pod_phase,
    pod_volume, resource_version, volume_handle, ATTACHMENT_FINALIZERS, CLAIM_FINALIZERS, DEFAULT_TOLERATIONS, FS_TYPE,
    MOUNT_PATH, NODE_ID, NODE_RESOURCES, PROVISIONED_BY, TOLERATION_SECONDS, VOLUME_FINALIZERS,
};
use crate::{
    age, describe_counted, timestamp, uid_at, Kind, KindWords, Moment, Node, CONTAINER, CONTAINER_CREATING, IMAGE,
    NAMESPACE, PROVISIONER,
};
use kubevol_sim::api::ZONE_LABEL;

/// One line of a description; a tab ends a cell.
macro_rules! put {
    ($w:expr, $($arg:tt)*) => {{
        let _ = writeln!($w, $($arg)*);
    }};
}

impl Moment {
    /// `kubectl describe <kind> <name>`: the object and its Events; empty if the moment has no
    /// such object.
    pub fn describe(&self, kind: Kind, name: &str) -> String {
        let mut w = String::new();
        let born = self.born(kind, name);
        let found = match kind {
            Kind::Node => self.describe_node(&mut w, name, born),
            Kind::StorageClass => self.describe_class(&mut w, name),
            Kind::PersistentVolumeClaim => self.describe_claim(&mut w, name, born),
            Kind::PersistentVolume => self.describe_volume(&mut w, name),
            Kind::VolumeAttachment => self.describe_attachment(&mut w, name, born),
            Kind::CSIDriver => self.describe_driver(&mut w, name, born),
            Kind::StatefulSet => self.describe_set(&mut w, name, born),
            Kind::Pod => self.describe_pod(&mut w, name, born),
        };
        if found.is_none() {
            return String::new();
        }
        let events = self.counted(kind, name);
        if events.is_empty() {
            // Written without a flush, this line lines up with the ones above it.
            put!(w, "Events:\t<none>");
            return align(&w);
        }
        // `DescribeEvents` flushes the tabwriter before its table, which lines up on its own.
        // Models staging/src/k8s.io/kubectl/pkg/describe/describe.go DescribeEvents
        align(&w) + &describe_counted(&events, self.now)
    }

    /// `kubectl describe <kind>`: every object of the kind in the order the server lists them,
    /// two blank lines apart, or kubectl's line for none (which names the namespace even for a
    /// cluster-wide kind).
    // Models staging/src/k8s.io/kubectl/pkg/cmd/describe/describe.go DescribeOptions.Run
    pub fn describe_all(&self, kind: Kind) -> String {
        let names = self.cluster.names();
        let all: Vec<String> = names.iter().filter(|(k, _)| *k == kind).map(|(_, n)| self.describe(kind, n)).collect();
        if all.is_empty() {
            return format!("No resources found in {NAMESPACE} namespace.\n");
        }
        all.join("\n\n")
    }

    /// The step a node's Lease (in kube-node-lease) was last renewed at: its kubelet renews it every
    /// step it reports, so a lost node's stays at the step it was lost, which is how the node
    /// lifecycle controller notices.
    pub fn lease_renewed(&self, node: &Node) -> u64 {
        node.lost_at.unwrap_or(self.now)
    }

    /// How long ago a step was, as kubectl counts from its clock (`translateTimestampSince`): a
    /// time more than a second ahead, such as a pod's deletionTimestamp during its grace period,
    /// is `<invalid>` (`HumanDuration`).
    // Models staging/src/k8s.io/kubectl/pkg/describe/describe.go translateTimestampSince
    fn since(&self, step: u64) -> String {
        if step > self.now + 1 {
            "<invalid>".into()
        } else {
            age(self.now.saturating_sub(step))
        }
    }

    // Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describeNode
    fn describe_node(&self, w: &mut String, name: &str, born: u64) -> Option<()> {
        let n = self.cluster.nodes.iter().find(|n| n.name == name)?;
        let roles = n.roles();
        put!(w, "Name:\t{name}\nRoles:\t{}", if roles.is_empty() { "<none>".into() } else { roles.join(",") });
        labels(w, "Labels", &n.all_labels());
        put!(w, "Annotations:\t<none>\nCreationTimestamp:\t{}", rfc1123z(born));
        // By effect, then key (`printNodeTaintsMultiline`).
        let mut taints: Vec<(&str, &str)> = n.taints.iter().map(|(key, effect, _)| (*effect, key.as_str())).collect();
        sort(&mut taints);
        multiline(w, "Taints", taints.iter().map(|(effect, key)| format!("{key}:{effect}")));
        // The demos cannot cordon a node.
        put!(w, "Unschedulable:\tfalse");
        put!(w, "Lease:\n  HolderIdentity:\t{name}\n  AcquireTime:\t<unset>");
        put!(w, "  RenewTime:\t{}", rfc1123z(self.lease_renewed(n)));
        put!(w, "Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage");
        put!(w, "  ----\t------\t-----------------\t------------------\t------\t-------");
        for (kind, status, reason, message, heartbeat, since) in node_conditions(n, born) {
            let (heartbeat, since) = (rfc1123z(heartbeat), rfc1123z(since));
            put!(w, "  {kind} \t{status} \t{heartbeat} \t{since} \t{reason} \t{message}");
        }
        // The demo's nodes report no addresses.
        put!(w, "Addresses:");
        for title in ["Capacity", "Allocatable"] {
            put!(w, "{title}:");
            for (resource, quantity) in NODE_RESOURCES {
                put!(w, "  {resource}:\t{quantity}");
            }
        }
        put!(w, "System Info:");
        let info = node_info(name);
        // `node_info` is in the YAML's order; describe's is machine, system, boot, kernel, OS image,
        // OS, architecture, runtime, kubelet, kube-proxy.
        for (_, title, value) in [6, 9, 1, 3, 8, 7, 0, 2, 5, 4].iter().filter_map(|&i| info.get(i)) {
            put!(w, "  {title}:\t{value}");
        }
        let pods: Vec<&str> =
            self.cluster.pods.iter().filter(|p| p.node.as_deref() == Some(name)).map(|p| p.name.as_str()).collect();
        put!(w, "Non-terminated Pods:\t({} in total)", pods.len());
        put!(w, "  Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge");
        put!(w, "  ---------\t----\t\t------------\t----------\t---------------\t-------------\t---");
        // The demo's pods request nothing, so none takes any share of the node.
        for pod in pods {
            let age = age(self.age(Kind::Pod, pod));
            put!(w, "  {NAMESPACE}\t{pod}\t\t0 (0%)\t0 (0%)\t0 (0%)\t0 (0%)\t{age}");
        }
        put!(w, "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)");
        put!(w, "  Resource\tRequests\tLimits\n  --------\t--------\t------");
        for resource in ["cpu", "memory", "ephemeral-storage"] {
            put!(w, "  {resource}\t0 (0%)\t0 (0%)");
        }
        Some(())
    }

    // Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describeStorageClass
    fn describe_class(&self, w: &mut String, name: &str) -> Option<()> {
        let c = self.cluster.classes.iter().find(|c| c.name == name)?;
        // No class is annotated as the default; `AllowVolumeExpansion` is `printBoolPtr`'s.
        put!(w, "Name:\t{name}\nIsDefaultClass:\tNo\nAnnotations:\t<none>\nProvisioner:\t{PROVISIONER}");
        let expansion = if c.allow_expansion { "True" } else { "False" };
        put!(w, "Parameters:\t<none>\nAllowVolumeExpansion:\t{expansion}\nMountOptions:\t<none>");
        put!(w, "ReclaimPolicy:\t{}\nVolumeBindingMode:\t{}", c.reclaim, c.binding);
        if !c.zones.is_empty() {
            put!(w, "AllowedTopologies:\t\n  Term 0:\t{ZONE_LABEL} in [{}]", c.zones.join(", "));
        }
        Some(())
    }

    // Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describePersistentVolumeClaim
    fn describe_claim(&self, w: &mut String, name: &str, born: u64) -> Option<()> {
        let c = self.cluster.claims.iter().find(|c| c.name == name)?;
        put!(w, "Name:\t{name}\nNamespace:\t{NAMESPACE}\nStorageClass:\t{}", c.class);
        match claim_deleting(c, born) {
            Some((at, grace)) => put!(w, "Status:\tTerminating (lasts {})", self.since(at + u64::from(grace))),
            None => put!(w, "Status:\t{}", if c.bound.is_some() { "Bound" } else { "Pending" }),
        }
        put!(w, "Volume:\t{}", c.bound.as_ref().map_or("", |(volume, _)| volume.as_str()));
        labels(w, "Labels", &self.cluster.labels(Kind::PersistentVolumeClaim, name));
        annotations(w, &claim_annotations(c));
        put!(w, "Finalizers:\t[{}]", CLAIM_FINALIZERS.join(" "));
        // Capacity and access modes are the status's, which a claim has once bound.
        let (capacity, modes) = c.bound.as_ref().map_or((String::new(), ""), |(_, size)| (gi(*size), c.mode.short()));
        put!(w, "Capacity:\t{capacity}\nAccess Modes:\t{modes}\nVolumeMode:\tFilesystem");
        let mut users: Vec<String> =
            self.cluster.pods.iter().filter(|p| p.claim.as_deref() == Some(name)).map(|p| p.name.clone()).collect();
        sort(&mut users);
        multiline(w, "Used By", users);
        Some(())
    }

    // Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describePersistentVolume
    fn describe_volume(&self, w: &mut String, name: &str) -> Option<()> {
        let v = self.cluster.volumes.iter().find(|v| v.name == name)?;
        put!(w, "Name:\t{name}\nLabels:\t<none>");
        annotations(w, &[(true, PROVISIONED_BY, PROVISIONER)]);
        put!(w, "Finalizers:\t[{}]\nStorageClass:\t{}\nStatus:\t{}", VOLUME_FINALIZERS.join(" "), v.class, v.phase);
        put!(w, "Claim:\t{NAMESPACE}/{}\nReclaim Policy:\t{}\nAccess Modes:\t{}", v.claim, v.reclaim, v.mode.short());
        put!(w, "VolumeMode:\tFilesystem\nCapacity:\t{}", gi(v.capacity_gib));
        match &v.zone {
            Some(zone) => put!(w, "Node Affinity:\t\n  Required Terms:\t\n    Term 0:\t{ZONE_LABEL} in [{zone}]"),
            None => put!(w, "Node Affinity:\t<none>"),
        }
        put!(w, "Message:\t\nSource:\n    Type:\tCSI (a Container Storage Interface (CSI) volume source)");
        put!(w, "    Driver:\t{PROVISIONER}\n    FSType:\t{FS_TYPE}\n    VolumeHandle:\t{}", volume_handle(name));
        put!(w, "    ReadOnly:\tfalse\n    VolumeAttributes:\t<none>");
        Some(())
    }

    /// A CSIDriver, which kubectl has no describer of its own for: the generic describer.
    // Models staging/src/k8s.io/kubectl/pkg/describe/describe.go genericDescriber.Describe
    fn describe_driver(&self, w: &mut String, name: &str, born: u64) -> Option<()> {
        let d = self.cluster.drivers.iter().find(|d| d.name == name)?;
        put!(w, "Name:\t{name}\nNamespace:\t\nLabels:\t<none>\nAnnotations:\t<none>");
        let api = Kind::CSIDriver.api();
        put!(w, "API Version:\t{}\nKind:\t{}", api.api_version(), api.kind);
        put!(w, "Metadata:\n  Creation Timestamp:\t{}", timestamp(born));
        let uid = uid_at(Kind::CSIDriver, name, born);
        put!(w, "  Resource Version:\t{}\n  UID:\t{uid}", resource_version(born));
        put!(w, "Spec:\n  Attach Required:\t{}\n  Fs Group Policy:\t{}", d.attach_required, d.fs_group_policy);
        put!(w, "  Pod Info On Mount:\t{}\n  Requires Republish:\tfalse", d.pod_info_on_mount);
        put!(w, "  Se Linux Mount:\tfalse\n  Storage Capacity:\tfalse\n  Volume Lifecycle Modes:\n    Persistent");
        Some(())
    }

    /// The generic describer: name, namespace (none), labels and annotations, then every other
    /// field by key, each key split into title-case words.
    // Models staging/src/k8s.io/kubectl/pkg/describe/describe.go genericDescriber.Describe
    fn describe_attachment(&self, w: &mut String, name: &str, born: u64) -> Option<()> {
        let a = self.cluster.attachments.iter().find(|a| a.name() == name)?;
        put!(w, "Name:\t{name}\nNamespace:\t\nLabels:\t<none>");
        annotations(w, &[(true, NODE_ID, &a.node)]);
        let api = Kind::VolumeAttachment.api();
        put!(w, "API Version:\t{}\nKind:\t{}", api.api_version(), api.kind);
        put!(w, "Metadata:\n  Creation Timestamp:\t{}\n  Finalizers:", timestamp(born));
        for finalizer in ATTACHMENT_FINALIZERS {
            put!(w, "    {finalizer}");
        }
        let uid = uid_at(Kind::VolumeAttachment, name, born);
        put!(w, "  Resource Version:\t{}\n  UID:\t{uid}", resource_version(born));
        put!(w, "Spec:\n  Attacher:\t{PROVISIONER}\n  Node Name:\t{}\n  Source:", a.node);
        put!(w, "    Persistent Volume Name:\t{}\nStatus:\n  Attached:\t{}", a.volume, a.attached);
        Some(())
    }

    // Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describeStatefulSet
    fn describe_set(&self, w: &mut String, name: &str, born: u64) -> Option<()> {
        let s = self.cluster.sets.iter().find(|s| s.name == name)?;
        put!(w, "Name:\t{name}\nNamespace:\t{NAMESPACE}\nCreationTimestamp:\t{}", rfc1123z(born));
        put!(w, "Selector:\tapp={name}\nLabels:\t<none>\nAnnotations:\t<none>");
        put!(w, "Replicas:\t{} desired | {} total", s.replicas, s.current);
        put!(w, "Update Strategy:\tRollingUpdate\n  Partition:\t0");
        let pods = self.cluster.pods.iter().filter(|p| p.set.as_deref() == Some(name));
        let running = pods.clone().filter(|p| pod_phase(p) == "Running").count();
        let waiting = pods.filter(|p| pod_phase(p) == "Pending").count();
        put!(w, "Pods Status:\t{running} Running / {waiting} Waiting / 0 Succeeded / 0 Failed");
        // `DescribePodTemplate`: the template has no volumes of its own (the claims come from the
        // claim templates) and no tolerations (admission adds them to each pod).
        put!(w, "Pod Template:\n  Labels:\tapp={name}\n  Containers:\n   {CONTAINER}:");
        container(w, s.template.as_ref().map(|t| t.0.as_str()), false);
        put!(w, "  Volumes:\t<none>");
        if let Some((skew, key, when, _)) = &s.spread {
            put!(
                w,
                "  Topology Spread Constraints:\t{key}:{when} when max skew {skew} is exceeded for selector app={name}"
            );
        }
        labels(w, "  Node-Selectors", &s.node_selector);
        put!(w, "  Tolerations:\t<none>");
        match &s.template {
            Some((template, class, size, mode)) => {
                put!(w, "Volume Claims:\n  Name:\t{template}\n  StorageClass:\t{class}\n  Labels:\t<none>");
                put!(w, "  Annotations:\t<none>\n  Capacity:\t{}\n  Access Modes:\t[{}]", gi(*size), mode.name());
            }
            None => put!(w, "Volume Claims:\t<none>"),
        }
        Some(())
    }

    // Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describePod
    fn describe_pod(&self, w: &mut String, name: &str, born: u64) -> Option<()> {
        let p = self.cluster.pods.iter().find(|p| p.name == name)?;
        put!(w, "Name:\t{name}\nNamespace:\t{NAMESPACE}");
        // The node's name and the pod's host IP, which the demo's pods have none of.
        match &p.node {
            Some(node) => put!(w, "Node:\t{node}/"),
            None => put!(w, "Node:\t<none>"),
        }
        labels(w, "Labels", &self.cluster.labels(Kind::Pod, name));
        put!(w, "Annotations:\t<none>");
        match pod_deleting(p) {
            Some((at, grace)) => {
                let lasts = self.since(at + u64::from(grace));
                put!(w, "Status:\tTerminating (lasts {lasts})\nTermination Grace Period:\t{grace}s");
            }
            None => put!(w, "Status:\t{}", pod_phase(p)),
        }
        put!(w, "IP:\t\nIPs:\t<none>");
        if let Some(set) = &p.set {
            put!(w, "Controlled By:\tStatefulSet/{set}");
        }
        let volume = pod_volume(&self.cluster, p);
        put!(w, "Containers:\n  {CONTAINER}:");
        container(w, volume, p.creating);
        let conditions = pod_conditions(p, born);
        if !conditions.is_empty() {
            put!(w, "Conditions:\n  Type\tStatus");
        }
        for (kind, status, ..) in conditions {
            put!(w, "  {kind} \t{status} ");
        }
        match (volume, &p.claim) {
            (Some(volume), Some(claim)) => {
                put!(w, "Volumes:\n  {volume}:");
                put!(
                    w,
                    "    Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)"
                );
                put!(w, "    ClaimName:\t{claim}\n    ReadOnly:\tfalse");
            }
            _ => put!(w, "Volumes:\t<none>"),
        }
        // No container requests or limits anything.
        put!(w, "QoS Class:\tBestEffort");
        labels(w, "Node-Selectors", &p.node_selector);
        let tolerations = DEFAULT_TOLERATIONS.map(|key| format!("{key}:NoExecute op=Exists for {TOLERATION_SECONDS}s"));
        multiline(w, "Tolerations", tolerations);
        Some(())
    }
}

/// A demo pod's one container (`describeContainers`), past its name: no ports, no environment, and
/// the mount of its volume, if it has one.
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describeContainers
/// A container with a status (only one that waits for its volume has one here) says so.
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describeContainerState
fn container(w: &mut String, volume: Option<&str>, creating: bool) {
    if creating {
        put!(w, "    Container ID:\t\n    Image:\t{IMAGE}\n    Image ID:\t");
    } else {
        put!(w, "    Image:\t{IMAGE}");
    }
    put!(w, "    Port:\t<none>\n    Host Port:\t<none>");
    if creating {
        put!(w, "    State:\tWaiting\n      Reason:\t{CONTAINER_CREATING}\n    Ready:\tFalse\n    Restart Count:\t0");
    }
    put!(w, "    Environment:\t<none>");
    match volume {
        Some(volume) => put!(w, "    Mounts:\n      {MOUNT_PATH} from {volume} (rw)"),
        None => put!(w, "    Mounts:\t<none>"),
    }
}

/// `Title:` and its items one a line, the first beside the title and the rest under it, in the
/// column after it; `<none>` for none (`printLabelsMultiline` and its kin).
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go printLabelsMultiline
fn multiline(w: &mut String, title: &str, items: impl IntoIterator<Item = String>) {
    w.push_str(title);
    w.push(':');
    let empty = w.len();
    for item in items {
        put!(w, "\t{item}");
    }
    if w.len() == empty {
        put!(w, "\t<none>");
    }
}

/// Labels as `key=value`, sorted by key.
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go printLabelsMultiline
fn labels(w: &mut String, title: &str, labels: &[(String, String)]) {
    let mut sorted: Vec<&(String, String)> = labels.iter().collect();
    sort(&mut sorted);
    multiline(w, title, sorted.into_iter().map(|(k, v)| format!("{k}={v}")));
}

/// The annotations an object has, as `key: value`, in the order object.rs holds them (sorted by key,
/// as the API server returns them).
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go printAnnotationsMultiline
fn annotations(w: &mut String, annotations: &[(bool, &str, &str)]) {
    let had = annotations.iter().filter(|a| a.0);
    multiline(w, "Annotations", had.map(|(_, k, v)| format!("{k}: {v}")));
}

/// A short list sorted in place by insertion: a few instructions, where the standard library's
/// sorts would each bring kilobytes into the wasm bundle.
fn sort<T: PartialOrd>(items: &mut [T]) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && items[j - 1] > items[j] {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Lines laid out as kubectl's Go tabwriter lays them out (padding 2, as `tabbedString` sets it
/// up): a tab ends a cell, and each column of cells is as wide as its widest cell plus 2 over a
/// run of consecutive lines that all have that cell, so a line with fewer cells ends the run (and
/// a line without tabs ends every run). The text after a line's last tab is in no column.
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go tabbedString
fn align(text: &str) -> String {
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    let mut widths: Vec<Vec<usize>> = lines.iter().map(|l| vec![0; l.len().saturating_sub(1)]).collect();
    let deepest = lines.iter().map(Vec::len).max().unwrap_or(0);
    for column in 0..deepest {
        let mut at = 0;
        while at < lines.len() {
            // The run from `at` of lines with this cell; none if the line at `at` has not got it.
            let end = (at..lines.len()).find(|&i| widths[i].len() <= column).unwrap_or(lines.len());
            let cells = lines[at..end].iter().filter_map(|l| l.get(column));
            let width = cells.map(|c| c.chars().count() + 2).max().unwrap_or(0);
            for w in widths[at..end].iter_mut().filter_map(|w| w.get_mut(column)) {
                *w = width;
            }
            at = end + 1;
        }
    }
    let mut out = String::new();
    for (cells, widths) in lines.iter().zip(&widths) {
        for (c, cell) in cells.iter().enumerate() {
            out.push_str(cell);
            let pad = widths.get(c).map_or(0, |w| w.saturating_sub(cell.chars().count()));
            out.extend(std::iter::repeat_n(' ', pad));
        }
        out.push('\n');
    }
    out
}
