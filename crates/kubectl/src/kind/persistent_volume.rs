//! The PersistentVolume: its names, its `kubectl get` row, its object and its describer, and what
//! external-provisioner writes on it (its annotation, finalizer and the disk's id), which the object
//! and the describer both show.

use super::persistent_volume_claim;
use super::KindFile;
use crate::api_resource::{ApiResource, Word, VERSION};
use crate::describer::{annotations, put};
use crate::object::{gi, metadata, s, storage, strs, type_meta, Asked, Meta};
use crate::table::{column, wide, Column, Rows, AGE, NAME};
use crate::value::Value;
use crate::{name_hash, uid_at, Cluster, Kind, NAMESPACE, PROVISIONER};
use kubevol_sim::api::ZONE_LABEL;

pub(super) const API: ApiResource = ApiResource {
    kind: "PersistentVolume",
    group: "",
    version: VERSION,
    plural: "persistentvolumes",
    short_names: &["pv"],
    namespaced: false,
};
pub(super) const TYPED: Word = Word::Short;

/// What the rest of the crate asks of this kind (`kind/mod.rs`).
pub(super) const FILE: KindFile = KindFile { api: API, typed: TYPED, columns: COLUMNS, rows, object, describe };

/// The filesystem the driver formats its disks with.
const FS_TYPE: &str = "ext4";
/// The annotation external-provisioner writes on the PVs it provisions.
const PROVISIONED_BY: &str = "pv.kubernetes.io/provisioned-by";
/// The provisioner's finalizer, and pv-protection, which admission adds as it adds the claim's.
// Models plugin/pkg/admission/storage/storageobjectinuseprotection/admission.go storageProtectionPlugin.Admit
const FINALIZERS: [&str; 2] = ["external-provisioner.volume.kubernetes.io/finalizer", "kubernetes.io/pv-protection"];

/// The driver's own id for a PV's disk: made up, like the uids, from the volume's name.
fn volume_handle(name: &str) -> String {
    format!("vol-{:012x}", name_hash(Kind::PersistentVolume, name))
}

/// `persistentVolumeColumnDefinitions` (VOLUMEATTRIBUTESCLASS since 1.29).
pub(super) const COLUMNS: &[Column] = &[
    NAME,
    column("Capacity"),
    column("Access Modes"),
    column("Reclaim Policy"),
    column("Status"),
    column("Claim"),
    column("StorageClass"),
    column("VolumeAttributesClass"),
    column("Reason"),
    AGE,
    wide("VolumeMode"),
];

/// Each PersistentVolume's cells.
// Models pkg/printers/internalversion/printers.go printPersistentVolume
pub(super) fn rows(cluster: &Cluster) -> Rows {
    cluster
        .volumes
        .iter()
        .map(|v| {
            let cells = vec![
                gi(v.capacity_gib),
                v.mode.short().into(),
                v.reclaim.into(),
                v.phase.into(),
                format!("{NAMESPACE}/{}", v.claim),
                v.class.clone(),
                "<unset>".into(),
                String::new(),
                "Filesystem".into(),
            ];
            (v.name.clone(), cells)
        })
        .collect()
}

/// The PersistentVolume `name`, created at step `at`.
pub(super) fn object(asked: Asked) -> Option<Value> {
    let Asked { cluster, name, at, born } = asked;
    let v = cluster.volumes.iter().find(|v| v.name == name)?;
    let mut o = type_meta(&API);
    let meta = Meta { annotations: &[(true, PROVISIONED_BY, PROVISIONER)], finalizers: &FINALIZERS, ..Meta::default() };
    o.push(("metadata", metadata(Kind::PersistentVolume, name, at, meta)));
    let claim_born = born(Kind::PersistentVolumeClaim, &v.claim);
    let claim = persistent_volume_claim::API;
    let mut spec = vec![
        ("accessModes", strs(&[v.mode.name()])),
        ("capacity", storage(v.capacity_gib)),
        (
            "claimRef",
            Value::map(vec![
                ("apiVersion", Value::Str(claim.api_version())),
                ("kind", s(claim.kind)),
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
    Some(Value::map(o))
}

// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describePersistentVolume
pub(super) fn describe(w: &mut String, asked: Asked, _now: u64) -> Option<()> {
    let Asked { cluster, name, .. } = asked;
    let v = cluster.volumes.iter().find(|v| v.name == name)?;
    put!(w, "Name:\t{name}\nLabels:\t<none>");
    annotations(w, &[(true, PROVISIONED_BY, PROVISIONER)]);
    put!(w, "Finalizers:\t[{}]\nStorageClass:\t{}\nStatus:\t{}", FINALIZERS.join(" "), v.class, v.phase);
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
