//! The Node: its names, its `kubectl get` row, its object and its describer, and what its kubelet
//! reports (conditions, machine, version info) that the object and the describer both show.

use super::KindFile;
use crate::api_resource::{ApiResource, Word, VERSION};
use crate::clock::{rfc1123z, timestamp};
use crate::describer::{labels, multiline, put, sort};
use crate::object::{metadata, s, type_meta, Asked, Meta};
use crate::table::{age, column, none, wide, Column, Rows, AGE, NAME};
use crate::value::Value;
use crate::{
    name_hash, uid, Cluster, Kind, Node, CONTAINER_RUNTIME, KERNEL_VERSION, KUBELET_VERSION, NAMESPACE, OS_IMAGE,
};

pub(super) const API: ApiResource =
    ApiResource { kind: "Node", group: "", version: VERSION, plural: "nodes", short_names: &["no"], namespaced: false };
pub(super) const TYPED: Word = Word::Plural;

/// What the rest of the crate asks of this kind (`kind/mod.rs`).
pub(super) const FILE: KindFile = KindFile { api: API, typed: TYPED, columns: COLUMNS, rows, object, describe };

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

/// What the kubelet reports of the machine (`status.capacity`, and the same `allocatable`): a small
/// VM's, the same on every demo node, by resource name in the order the API server sorts them.
/// kubectl describe divides each pod's requests by it.
// Models pkg/kubelet/nodestatus/setters.go MachineInfo
const NODE_RESOURCES: [(&str, &str); 4] =
    [("cpu", "2"), ("ephemeral-storage", "20Gi"), ("memory", "8Gi"), ("pods", "110")];

/// A node condition: type, status, reason, message, lastHeartbeatTime and lastTransitionTime (steps).
type NodeCondition = (&'static str, &'static str, &'static str, &'static str, u64, u64);

/// A node's four conditions, as its kubelet last posted them or, once it stopped, as the node
/// lifecycle controller set them: each Unknown, lastHeartbeatTime left at the kubelet's last, no
/// later than the loss.
// Models pkg/controller/nodelifecycle/node_lifecycle_controller.go Controller.tryUpdateNodeHealth
fn node_conditions(n: &Node, born: u64) -> [NodeCondition; 4] {
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
fn node_info(name: &str) -> [(&'static str, &'static str, String); 10] {
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

/// The step a node's Lease (in kube-node-lease) was last renewed at, `now` being the current step:
/// its kubelet renews it every step it reports, so a lost node's stays at the step it was lost,
/// which is how the node lifecycle controller notices.
pub(crate) fn lease_renewed(node: &Node, now: u64) -> u64 {
    node.lost_at.unwrap_or(now)
}

/// `nodeColumnDefinitions`.
pub(super) const COLUMNS: &[Column] = &[
    NAME,
    column("Status"),
    column("Roles"),
    AGE,
    column("Version"),
    wide("Internal-IP"),
    wide("External-IP"),
    wide("OS-Image"),
    wide("Kernel-Version"),
    wide("Container-Runtime"),
];

/// `printNode`: NotReady for a Ready condition that is not True (Unknown on a lost node);
/// roles from the `node-role.kubernetes.io/<role>` labels. The demo's nodes report no
/// addresses, so the IPs are `<none>`.
// Models pkg/printers/internalversion/printers.go printNode
pub(super) fn rows(cluster: &Cluster) -> Rows {
    cluster
        .nodes
        .iter()
        .map(|n| {
            let status = if n.lost_at.is_some() { "NotReady" } else { "Ready" }.to_string();
            let roles = n.roles();
            let roles = if roles.is_empty() { none() } else { roles.join(",") };
            let cells = vec![
                status,
                roles,
                KUBELET_VERSION.to_string(),
                none(),
                none(),
                OS_IMAGE.into(),
                KERNEL_VERSION.into(),
                CONTAINER_RUNTIME.into(),
            ];
            (n.name.clone(), cells)
        })
        .collect()
}

/// The Node `name`, created at step `at`.
pub(super) fn object(asked: Asked) -> Option<Value> {
    let Asked { cluster, name, at, .. } = asked;
    let n = cluster.nodes.iter().find(|n| n.name == name)?;
    let mut o = type_meta(&API);
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
    Some(Value::map(o))
}

// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describeNode
pub(super) fn describe(w: &mut String, asked: Asked, now: u64) -> Option<()> {
    let Asked { cluster, name, at: born, born: born_of } = asked;
    let n = cluster.nodes.iter().find(|n| n.name == name)?;
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
    put!(w, "  RenewTime:\t{}", rfc1123z(lease_renewed(n, now)));
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
        cluster.pods.iter().filter(|p| p.node.as_deref() == Some(name)).map(|p| p.name.as_str()).collect();
    put!(w, "Non-terminated Pods:\t({} in total)", pods.len());
    put!(w, "  Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge");
    put!(w, "  ---------\t----\t\t------------\t----------\t---------------\t-------------\t---");
    // The demo's pods request nothing, so none takes any share of the node.
    for pod in pods {
        let age = age(now.saturating_sub(born_of(Kind::Pod, pod)));
        put!(w, "  {NAMESPACE}\t{pod}\t\t0 (0%)\t0 (0%)\t0 (0%)\t0 (0%)\t{age}");
    }
    put!(w, "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)");
    put!(w, "  Resource\tRequests\tLimits\n  --------\t--------\t------");
    for resource in ["cpu", "memory", "ephemeral-storage"] {
        put!(w, "  {resource}\t0 (0%)\t0 (0%)");
    }
    Some(())
}
