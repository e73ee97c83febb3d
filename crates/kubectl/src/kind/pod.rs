//! The Pod: its names, its `kubectl get` row, its object and its describer, and what admission,
//! the scheduler and its kubelet write on it (tolerations, a graceful delete, conditions), which the
//! object and the describer both show.

use super::stateful_set;
use super::KindFile;
use crate::api_resource::{ApiResource, Word, VERSION};
use crate::clock::timestamp;
use crate::describer::{container, labels, multiline, put, since};
use crate::object::{containers, creating_container, label_map, metadata, pod_phase, s, type_meta, Asked, Meta, Owner};
use crate::table::{column, none, wide, Column, Rows, AGE, NAME};
use crate::value::Value;
use crate::{uid_at, Cluster, Kind, Pod, CONTAINER, CONTAINERS_NOT_READY, CONTAINER_CREATING, NAMESPACE};

pub(super) const API: ApiResource =
    ApiResource { kind: "Pod", group: "", version: VERSION, plural: "pods", short_names: &["po"], namespaced: true };
pub(super) const TYPED: Word = Word::Plural;

/// What the rest of the crate asks of this kind (`kind/mod.rs`).
pub(super) const FILE: KindFile = KindFile { api: API, typed: TYPED, columns: COLUMNS, rows, object, describe };

/// The tolerations the DefaultTolerationSeconds admission plugin adds to every pod: 300 s on a
/// not-ready or unreachable node before the taint eviction controller deletes it.
// Models plugin/pkg/admission/defaulttolerationseconds/admission.go Plugin.Admit
const DEFAULT_TOLERATIONS: [&str; 2] = ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"];
const TOLERATION_SECONDS: u32 = 300;

/// A pod deleted at a step, waiting for its kubelet: a graceful delete with the default
/// terminationGracePeriodSeconds, 30 (its deletionTimestamp is the step plus that).
// Models pkg/registry/core/pod/strategy.go podStrategy.CheckGracefulDelete
fn pod_deleting(p: &Pod) -> Option<(u64, u32)> {
    p.deleted.map(|(at, _)| (at, 30))
}

/// The name of a pod's volume: a StatefulSet's pod names it after the claim template; others call
/// it data. `None` for a pod without a claim.
// Models pkg/controller/statefulset/stateful_set_utils.go updateStorage
fn pod_volume<'a>(cluster: &'a Cluster, p: &Pod) -> Option<&'a str> {
    let template = p.set.as_ref().and_then(|set| cluster.sets.iter().find(|s| &s.name == set)?.template.as_ref());
    p.claim.as_ref().map(|_| template.map_or("data", |t| t.0.as_str()))
}

/// A pod's status conditions: type, status, reason, message, lastTransitionTime (a step), and
/// whether it has a (null) lastProbeTime, which the scheduler's condition has not.
fn pod_conditions(p: &Pod, born: u64) -> Vec<(&'static str, &'static str, &'static str, &str, u64, bool)> {
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

/// `podColumnDefinitions`.
pub(super) const COLUMNS: &[Column] = &[
    NAME,
    column("Ready"),
    column("Status"),
    column("Restarts"),
    AGE,
    wide("IP"),
    wide("Node"),
    wide("Nominated Node"),
    wide("Readiness Gates"),
];

/// Each Pod's cells.
// Models pkg/printers/internalversion/printers.go printPod
pub(super) fn rows(cluster: &Cluster) -> Rows {
    cluster
        .pods
        .iter()
        .map(|p| {
            let ready = if p.ready { "1/1" } else { "0/1" };
            // `printPod`: a deletionTimestamp on a pod that has not finished is
            // Terminating. "Unknown" needs status.reason NodeLost, which no controller sets
            // any more, so a lost node's pod shows Running until it is evicted.
            // A container's waiting reason is the pod's status while it has one.
            let status = match (&p.node, p.deleted) {
                (_, Some(_)) => "Terminating",
                (Some(_), None) if p.creating => CONTAINER_CREATING,
                (Some(_), None) => "Running",
                (None, None) => "Pending",
            };
            let node = p.node.clone().unwrap_or_else(none);
            (p.name.clone(), vec![ready.into(), status.into(), "0".into(), none(), node, none(), none()])
        })
        .collect()
}

/// The Pod `name`, created at step `at`.
pub(super) fn object(asked: Asked) -> Option<Value> {
    let Asked { cluster, name, at, born } = asked;
    let p = cluster.pods.iter().find(|p| p.name == name)?;
    let mut o = type_meta(&API);
    let owner = p.set.as_deref().map(|set| Owner {
        api: &stateful_set::API,
        name: set,
        uid: uid_at(Kind::StatefulSet, set, born(Kind::StatefulSet, set)),
    });
    let meta = Meta { deleting: pod_deleting(p), labels: &p.labels, namespaced: true, owner, ..Meta::default() };
    o.push(("metadata", metadata(Kind::Pod, name, at, meta)));
    let volume = pod_volume(cluster, p);
    let mut spec = vec![("containers", containers(volume))];
    spec.extend(p.node.as_ref().map(|node| ("nodeName", s(node))));
    spec.extend(label_map(&p.node_selector).map(|l| ("nodeSelector", l)));
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
    Some(Value::map(o))
}

// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describePod
pub(super) fn describe(w: &mut String, asked: Asked, now: u64) -> Option<()> {
    let Asked { cluster, name, at: born, .. } = asked;
    let p = cluster.pods.iter().find(|p| p.name == name)?;
    put!(w, "Name:\t{name}\nNamespace:\t{NAMESPACE}");
    // The node's name and the pod's host IP, which the demo's pods have none of.
    match &p.node {
        Some(node) => put!(w, "Node:\t{node}/"),
        None => put!(w, "Node:\t<none>"),
    }
    labels(w, "Labels", &cluster.labels(Kind::Pod, name));
    put!(w, "Annotations:\t<none>");
    match pod_deleting(p) {
        Some((at, grace)) => {
            let lasts = since(now, at + u64::from(grace));
            put!(w, "Status:\tTerminating (lasts {lasts})\nTermination Grace Period:\t{grace}s");
        }
        None => put!(w, "Status:\t{}", pod_phase(p)),
    }
    put!(w, "IP:\t\nIPs:\t<none>");
    if let Some(set) = &p.set {
        put!(w, "Controlled By:\t{}/{set}", stateful_set::API.kind);
    }
    let volume = pod_volume(cluster, p);
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
            put!(w, "    Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)");
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
