//! The StorageClass: its names, its `kubectl get` row, its object and its describer.

use super::KindFile;
use crate::api_resource::{ApiResource, Word, VERSION};
use crate::describer::put;
use crate::object::{metadata, s, strs, type_meta, Asked, Meta};
use crate::table::{column, yes_no, Column, Rows, AGE, NAME};
use crate::value::Value;
use crate::{Cluster, Kind, PROVISIONER};
use kubevol_sim::api::ZONE_LABEL;

pub(super) const API: ApiResource = ApiResource {
    kind: "StorageClass",
    group: "storage.k8s.io",
    version: VERSION,
    plural: "storageclasses",
    short_names: &["sc"],
    namespaced: false,
};
pub(super) const TYPED: Word = Word::Singular;

/// What the rest of the crate asks of this kind (`kind/mod.rs`).
pub(super) const FILE: KindFile = KindFile { api: API, typed: TYPED, columns: COLUMNS, rows, object, describe };

/// `storageClassColumnDefinitions`.
pub(super) const COLUMNS: &[Column] = &[
    NAME,
    column("Provisioner"),
    column("ReclaimPolicy"),
    column("VolumeBindingMode"),
    column("AllowVolumeExpansion"),
    AGE,
];

/// Each StorageClass's cells.
// Models pkg/printers/internalversion/printers.go printStorageClass
pub(super) fn rows(cluster: &Cluster) -> Rows {
    cluster
        .classes
        .iter()
        .map(|c| {
            let cells =
                vec![PROVISIONER.to_string(), c.reclaim.to_string(), c.binding.to_string(), yes_no(c.allow_expansion)];
            (c.name.clone(), cells)
        })
        .collect()
}

/// The StorageClass `name`, created at step `at`: its own fields sort before its `apiVersion`.
pub(super) fn object(asked: Asked) -> Option<Value> {
    let Asked { cluster, name, at, .. } = asked;
    let c = cluster.classes.iter().find(|c| c.name == name)?;
    let mut o = vec![("allowVolumeExpansion", Value::Bool(c.allow_expansion))];
    if !c.zones.is_empty() {
        let term = Value::map(vec![("key", s(ZONE_LABEL)), ("values", strs(&c.zones))]);
        let terms = Value::map(vec![("matchLabelExpressions", Value::List(vec![term]))]);
        o.push(("allowedTopologies", Value::List(vec![terms])));
    }
    o.extend(type_meta(&API));
    o.push(("metadata", metadata(Kind::StorageClass, name, at, Meta::default())));
    o.push(("provisioner", s(PROVISIONER)));
    o.push(("reclaimPolicy", s(c.reclaim)));
    o.push(("volumeBindingMode", s(c.binding)));
    Some(Value::map(o))
}

// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describeStorageClass
pub(super) fn describe(w: &mut String, asked: Asked, _now: u64) -> Option<()> {
    let Asked { cluster, name, .. } = asked;
    let c = cluster.classes.iter().find(|c| c.name == name)?;
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
