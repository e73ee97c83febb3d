//! Each object as the API server returns it, built once as a value tree: the fields the model
//! decides and the ones a real server would add (uid, creationTimestamp, finalizers, annotations
//! written by controllers). Each kind's object is built in its file (`kind/`), from the pieces
//! here that no one kind owns: the value helpers, `metadata`, the demo pods' container and phase.
//! `-o yaml` and `-o json` print the tree (`value/`), JSONPath reads it (jsonpath.rs), and the
//! served cluster sends it as JSON. `tests/kubectl_view.rs` writes every object of every demo
//! preset to files that `kubernetes-validate --strict` checks against the API's schemas.
//!
//! The fields controllers write: the PV controller's `pv.kubernetes.io/bind-completed`,
//! `pv.kubernetes.io/bound-by-controller` and `volume.kubernetes.io/storage-provisioner`, the
//! scheduler's `volume.kubernetes.io/selected-node`, the `kubernetes.io/pvc-protection` and
//! `kubernetes.io/pv-protection` finalizers, and external-provisioner's
//! `pv.kubernetes.io/provisioned-by` and `external-provisioner.volume.kubernetes.io/finalizer`;
//! each piece names the upstream code it models.

use crate::api_resource::ApiResource;
use crate::clock::timestamp;
use crate::value::Value;
use crate::{uid_at, Cluster, Kind, Pod, CONTAINER, CONTAINER_CREATING, IMAGE, NAMESPACE};

/// What each kind's object and description are written from: the cluster, the object's name, the
/// step it was created at, and when any other object was (`born`).
#[derive(Clone, Copy)]
pub(crate) struct Asked<'a> {
    pub cluster: &'a Cluster,
    pub name: &'a str,
    pub at: u64,
    pub born: &'a dyn Fn(Kind, &str) -> u64,
}

/// An object's first fields, `apiVersion` and `kind`, from its names.
pub(crate) fn type_meta(api: &ApiResource) -> Vec<(&'static str, Value)> {
    vec![("apiVersion", Value::Str(api.api_version())), ("kind", s(api.kind))]
}

/// An object's resourceVersion: the step it was written at, past the served cluster's own objects.
pub(crate) fn resource_version(born: u64) -> u64 {
    1000 + born
}

/// Where each demo pod's container mounts its volume.
pub(crate) const MOUNT_PATH: &str = "/data";

/// What an object's metadata holds besides its name, uid and times.
#[derive(Default)]
pub(crate) struct Meta<'a> {
    /// Each with whether this object has it.
    pub annotations: &'a [(bool, &'a str, &'a str)],
    /// Deleted at this step with this grace period (seconds), and not yet gone.
    pub deleting: Option<(u64, u32)>,
    pub finalizers: &'a [&'a str],
    pub labels: &'a [(String, String)],
    pub namespaced: bool,
    /// The controller that owns the object (a StatefulSet, of its pods).
    pub owner: Option<Owner<'a>>,
}

/// An object's controller, as its ownerReference names it: its names, its name and its uid.
pub(crate) struct Owner<'a> {
    pub api: &'a ApiResource,
    pub name: &'a str,
    pub uid: String,
}

/// A quantity of storage in GiB, as the API server writes it back.
pub(crate) fn gi(n: u32) -> String {
    format!("{n}Gi")
}

/// A string leaf.
pub(crate) fn s(text: &str) -> Value {
    Value::str(text)
}

/// A list of strings.
pub(crate) fn strs<T: AsRef<str>>(items: &[T]) -> Value {
    Value::List(items.iter().map(|i| s(i.as_ref())).collect())
}

/// Labels (or a selector's), by key; `None` for none, which `-o yaml` leaves out.
pub(crate) fn label_map(labels: &[(String, String)]) -> Option<Value> {
    let map = labels.iter().map(|(k, v)| (k.clone(), s(v))).collect();
    (!labels.is_empty()).then_some(Value::Map(map))
}

/// `metadata`: what the API server sets on every object, and what controllers added to this one.
// Models staging/src/k8s.io/apiserver/pkg/registry/rest/create.go FillObjectMetaSystemFields
pub(crate) fn metadata(kind: Kind, name: &str, born: u64, meta: Meta) -> Value {
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
    m.extend(label_map(meta.labels).map(|l| ("labels", l)));
    m.push(("name", s(name)));
    if meta.namespaced {
        m.push(("namespace", s(NAMESPACE)));
    }
    // Models pkg/controller/statefulset/stateful_set_utils.go newStatefulSetPod
    if let Some(owner) = meta.owner {
        let owner = Value::map(vec![
            ("apiVersion", Value::Str(owner.api.api_version())),
            ("blockOwnerDeletion", Value::Bool(true)),
            ("controller", Value::Bool(true)),
            ("kind", s(owner.api.kind)),
            ("name", s(owner.name)),
            ("uid", Value::Str(owner.uid)),
        ]);
        m.push(("ownerReferences", Value::List(vec![owner])));
    }
    m.push(("resourceVersion", Value::Str(resource_version(born).to_string())));
    m.push(("uid", Value::Str(uid_at(kind, name, born))));
    Value::map(m)
}

/// A pod's one container, mounting the volume `volume` (if any) at /data.
pub(crate) fn containers(volume: Option<&str>) -> Value {
    let mut c = vec![("image", s(IMAGE)), ("name", s(CONTAINER))];
    if let Some(volume) = volume {
        let mount = Value::map(vec![("mountPath", s(MOUNT_PATH)), ("name", s(volume))]);
        c.push(("volumeMounts", Value::List(vec![mount])));
    }
    Value::List(vec![Value::map(c)])
}

/// The kubelet's status of a container that waits for its volume.
// Models pkg/kubelet/kubelet_pods.go Kubelet.convertToAPIContainerStatuses
pub(crate) fn creating_container() -> Value {
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
pub(crate) fn storage(gib: u32) -> Value {
    Value::map(vec![("storage", Value::Str(gi(gib)))])
}

/// A pod's phase: Running once on a node (its kubelet last reported it so, even from a lost node).
/// The Pod's own, kept here beside its container because the StatefulSet's describer counts its
/// pods by it too, and the Pod's file reads the StatefulSet's (its owner's names).
// Models pkg/kubelet/kubelet_pods.go getPhase
pub(crate) fn pod_phase(p: &Pod) -> &'static str {
    if p.node.is_some() && !p.creating {
        "Running"
    } else {
        "Pending"
    }
}
