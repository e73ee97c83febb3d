//! The PersistentVolumeClaim: its names, its `kubectl get` row, its object and its describer, and
//! what controllers write on it (the PV controller's and the scheduler's annotations, the
//! pvc-protection finalizer), which the object and the describer both show.

use super::KindFile;
use crate::api_resource::{ApiResource, Word, VERSION};
use crate::describer::{annotations, labels, multiline, put, since, sort};
use crate::object::{gi, metadata, s, storage, strs, type_meta, Asked, Meta};
use crate::table::{column, wide, Column, Rows, AGE, NAME};
use crate::value::Value;
use crate::{Claim, Cluster, Kind, NAMESPACE, PROVISIONER};
use kubevol_sim::cluster::UNDATED;

pub(super) const API: ApiResource = ApiResource {
    kind: "PersistentVolumeClaim",
    group: "",
    version: VERSION,
    plural: "persistentvolumeclaims",
    short_names: &["pvc"],
    namespaced: true,
};
pub(super) const TYPED: Word = Word::Short;

/// What the rest of the crate asks of this kind (`kind/mod.rs`).
pub(super) const FILE: KindFile = KindFile { api: API, typed: TYPED, columns: COLUMNS, rows, object, describe };

/// The finalizer admission puts on every claim: pvc-protection, which keeps it while a pod uses it.
// Models plugin/pkg/admission/storage/storageobjectinuseprotection/admission.go storageProtectionPlugin.Admit
const FINALIZERS: [&str; 1] = ["kubernetes.io/pvc-protection"];

/// A claim's annotations, each with whether it has it (the PV controller's once bound, the
/// scheduler's selected node under WaitForFirstConsumer).
// Models pkg/controller/volume/persistentvolume/pv_controller.go PersistentVolumeController.bindClaimToVolume
// Models pkg/controller/volume/persistentvolume/pv_controller.go PersistentVolumeController.setClaimProvisioner
// Models pkg/scheduler/framework/plugins/volumebinding/binder.go volumeBinder.AssumePodVolumes
fn claim_annotations(c: &Claim) -> [(bool, &'static str, &str); 5] {
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
fn claim_deleting(c: &Claim, born: u64) -> Option<(u64, u32)> {
    c.deleted_at.map(|at| (if at == UNDATED { born } else { at }, 0))
}

/// `persistentVolumeClaimColumnDefinitions` (VOLUMEATTRIBUTESCLASS since 1.29).
pub(super) const COLUMNS: &[Column] = &[
    NAME,
    column("Status"),
    column("Volume"),
    column("Capacity"),
    column("Access Modes"),
    column("StorageClass"),
    column("VolumeAttributesClass"),
    AGE,
    wide("VolumeMode"),
];

/// Each PersistentVolumeClaim's cells.
// Models pkg/printers/internalversion/printers.go printPersistentVolumeClaim
pub(super) fn rows(cluster: &Cluster) -> Rows {
    cluster
        .claims
        .iter()
        .map(|c| {
            let mut cells = match &c.bound {
                Some((volume, capacity)) => {
                    // kubectl shows an object with a deletionTimestamp as Terminating.
                    let status = if c.deleted_at.is_some() { "Terminating" } else { "Bound" };
                    vec![status.into(), volume.clone(), gi(*capacity), c.mode.short().into()]
                }
                None => vec!["Pending".into(), String::new(), String::new(), String::new()],
            };
            cells.extend([c.class.clone(), "<unset>".into(), "Filesystem".into()]);
            (c.name.clone(), cells)
        })
        .collect()
}

/// The PersistentVolumeClaim `name`, created at step `at`.
pub(super) fn object(asked: Asked) -> Option<Value> {
    let Asked { cluster, name, at, .. } = asked;
    let c = cluster.claims.iter().find(|c| c.name == name)?;
    let mut o = type_meta(&API);
    let annotations = claim_annotations(c);
    let labels = c.set.iter().map(|set| ("app".to_string(), set.clone())).collect::<Vec<_>>();
    let meta = Meta {
        annotations: &annotations,
        deleting: claim_deleting(c, at),
        finalizers: &FINALIZERS,
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
    Some(Value::map(o))
}

// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describePersistentVolumeClaim
pub(super) fn describe(w: &mut String, asked: Asked, now: u64) -> Option<()> {
    let Asked { cluster, name, at: born, .. } = asked;
    let c = cluster.claims.iter().find(|c| c.name == name)?;
    put!(w, "Name:\t{name}\nNamespace:\t{NAMESPACE}\nStorageClass:\t{}", c.class);
    match claim_deleting(c, born) {
        Some((at, grace)) => put!(w, "Status:\tTerminating (lasts {})", since(now, at + u64::from(grace))),
        None => put!(w, "Status:\t{}", if c.bound.is_some() { "Bound" } else { "Pending" }),
    }
    put!(w, "Volume:\t{}", c.bound.as_ref().map_or("", |(volume, _)| volume.as_str()));
    labels(w, "Labels", &cluster.labels(Kind::PersistentVolumeClaim, name));
    annotations(w, &claim_annotations(c));
    put!(w, "Finalizers:\t[{}]", FINALIZERS.join(" "));
    // Capacity and access modes are the status's, which a claim has once bound.
    let (capacity, modes) = c.bound.as_ref().map_or((String::new(), ""), |(_, size)| (gi(*size), c.mode.short()));
    put!(w, "Capacity:\t{capacity}\nAccess Modes:\t{modes}\nVolumeMode:\tFilesystem");
    let mut users: Vec<String> =
        cluster.pods.iter().filter(|p| p.claim.as_deref() == Some(name)).map(|p| p.name.clone()).collect();
    sort(&mut users);
    multiline(w, "Used By", users);
    Some(())
}
