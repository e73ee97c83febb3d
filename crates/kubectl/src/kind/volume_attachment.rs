//! The VolumeAttachment: its names, its `kubectl get` row, its object and its describer (kubectl's
//! generic one: it has none of its own), and what external-attacher writes on it.

use super::KindFile;
use crate::api_resource::{ApiResource, Word, VERSION};
use crate::clock::timestamp;
use crate::describer::{annotations, put};
use crate::object::{metadata, resource_version, s, type_meta, Asked, Meta};
use crate::table::{column, yes_no, Column, Rows, AGE, NAME};
use crate::value::Value;
use crate::{uid_at, Cluster, Kind, PROVISIONER};

pub(super) const API: ApiResource = ApiResource {
    kind: "VolumeAttachment",
    group: "storage.k8s.io",
    version: VERSION,
    plural: "volumeattachments",
    short_names: &[],
    namespaced: false,
};
pub(super) const TYPED: Word = Word::Plural;

/// What the rest of the crate asks of this kind (`kind/mod.rs`).
pub(super) const FILE: KindFile = KindFile { api: API, typed: TYPED, columns: COLUMNS, rows, object, describe };

/// The annotation external-attacher writes: the node's id as the driver knows it.
const NODE_ID: &str = "csi.alpha.kubernetes.io/node-id";
/// The attacher's finalizer.
const FINALIZERS: [&str; 1] = ["external-attacher/disk-csi-kubevol-example"];

/// `volumeAttachmentColumnDefinitions`.
pub(super) const COLUMNS: &[Column] =
    &[NAME, column("Attacher"), column("PV"), column("Node"), column("Attached"), AGE];

/// Each VolumeAttachment's cells.
// Models pkg/printers/internalversion/printers.go printVolumeAttachment
pub(super) fn rows(cluster: &Cluster) -> Rows {
    cluster
        .attachments
        .iter()
        .map(|a| (a.name(), vec![PROVISIONER.into(), a.volume.clone(), a.node.clone(), yes_no(a.attached)]))
        .collect()
}

/// The VolumeAttachment `name`, created at step `at`.
pub(super) fn object(asked: Asked) -> Option<Value> {
    let Asked { cluster, name, at, .. } = asked;
    let a = cluster.attachments.iter().find(|a| a.name() == name)?;
    let mut o = type_meta(&API);
    let meta = Meta { annotations: &[(true, NODE_ID, &a.node)], finalizers: &FINALIZERS, ..Meta::default() };
    o.push(("metadata", metadata(Kind::VolumeAttachment, name, at, meta)));
    let source = Value::map(vec![("persistentVolumeName", s(&a.volume))]);
    let spec = vec![("attacher", s(PROVISIONER)), ("nodeName", s(&a.node)), ("source", source)];
    o.push(("spec", Value::map(spec)));
    o.push(("status", Value::map(vec![("attached", Value::Bool(a.attached))])));
    Some(Value::map(o))
}

/// The generic describer: name, namespace (none), labels and annotations, then every other
/// field by key, each key split into title-case words.
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go genericDescriber.Describe
pub(super) fn describe(w: &mut String, asked: Asked, _now: u64) -> Option<()> {
    let Asked { cluster, name, at: born, .. } = asked;
    let a = cluster.attachments.iter().find(|a| a.name() == name)?;
    put!(w, "Name:\t{name}\nNamespace:\t\nLabels:\t<none>");
    annotations(w, &[(true, NODE_ID, &a.node)]);
    put!(w, "API Version:\t{}\nKind:\t{}", API.api_version(), API.kind);
    put!(w, "Metadata:\n  Creation Timestamp:\t{}\n  Finalizers:", timestamp(born));
    for finalizer in FINALIZERS {
        put!(w, "    {finalizer}");
    }
    let uid = uid_at(Kind::VolumeAttachment, name, born);
    put!(w, "  Resource Version:\t{}\n  UID:\t{uid}", resource_version(born));
    put!(w, "Spec:\n  Attacher:\t{PROVISIONER}\n  Node Name:\t{}\n  Source:", a.node);
    put!(w, "    Persistent Volume Name:\t{}\nStatus:\n  Attached:\t{}", a.volume, a.attached);
    Some(())
}
