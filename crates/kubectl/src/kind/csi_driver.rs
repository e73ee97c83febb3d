//! The CSIDriver: its names, its `kubectl get` row, its object and its describer (kubectl's
//! generic one: it has none of its own).

use super::KindFile;
use crate::api_resource::{ApiResource, Word, VERSION};
use crate::clock::timestamp;
use crate::describer::put;
use crate::object::{metadata, resource_version, s, type_meta, Asked, Meta};
use crate::table::{column, yes_no, Column, Rows, AGE, NAME};
use crate::value::Value;
use crate::{uid_at, Cluster, Kind};

pub(super) const API: ApiResource = ApiResource {
    kind: "CSIDriver",
    group: "storage.k8s.io",
    version: VERSION,
    plural: "csidrivers",
    short_names: &[],
    namespaced: false,
};
pub(super) const TYPED: Word = Word::Plural;

/// What the rest of the crate asks of this kind (`kind/mod.rs`).
pub(super) const FILE: KindFile = KindFile { api: API, typed: TYPED, columns: COLUMNS, rows, object, describe };

/// `csiDriverColumnDefinitions`.
pub(super) const COLUMNS: &[Column] = &[
    NAME,
    column("AttachRequired"),
    column("PodInfoOnMount"),
    column("StorageCapacity"),
    column("TokenRequests"),
    column("RequiresRepublish"),
    column("Modes"),
    AGE,
];

/// Each CSIDriver's cells.
// Models pkg/printers/internalversion/printers.go printCSIDriver
pub(super) fn rows(cluster: &Cluster) -> Rows {
    cluster
        .drivers
        .iter()
        .map(|d| {
            let cells = vec![
                yes_no(d.attach_required),
                yes_no(d.pod_info_on_mount),
                yes_no(false),
                "<unset>".into(),
                yes_no(false),
                "Persistent".into(),
            ];
            (d.name.clone(), cells)
        })
        .collect()
}

/// The CSIDriver `name`, created at step `at`, with the API server's defaults for what the
/// driver's manifest leaves out.
// Models pkg/apis/storage/v1/defaults.go SetDefaults_CSIDriver
pub(super) fn object(asked: Asked) -> Option<Value> {
    let Asked { cluster, name, at, .. } = asked;
    let d = cluster.drivers.iter().find(|d| d.name == name)?;
    let mut o = type_meta(&API);
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
    Some(Value::map(o))
}

/// A CSIDriver, which kubectl has no describer of its own for: the generic describer.
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go genericDescriber.Describe
pub(super) fn describe(w: &mut String, asked: Asked, _now: u64) -> Option<()> {
    let Asked { cluster, name, at: born, .. } = asked;
    let d = cluster.drivers.iter().find(|d| d.name == name)?;
    put!(w, "Name:\t{name}\nNamespace:\t\nLabels:\t<none>\nAnnotations:\t<none>");
    put!(w, "API Version:\t{}\nKind:\t{}", API.api_version(), API.kind);
    put!(w, "Metadata:\n  Creation Timestamp:\t{}", timestamp(born));
    let uid = uid_at(Kind::CSIDriver, name, born);
    put!(w, "  Resource Version:\t{}\n  UID:\t{uid}", resource_version(born));
    put!(w, "Spec:\n  Attach Required:\t{}\n  Fs Group Policy:\t{}", d.attach_required, d.fs_group_policy);
    put!(w, "  Pod Info On Mount:\t{}\n  Requires Republish:\tfalse", d.pod_info_on_mount);
    put!(w, "  Se Linux Mount:\tfalse\n  Storage Capacity:\tfalse\n  Volume Lifecycle Modes:\n    Persistent");
    Some(())
}
