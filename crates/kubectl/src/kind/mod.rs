//! Each kind of object the demos show, one file per kind, as kubectl keeps one printer and one
//! describer per kind: its names ([`ApiResource`]), its `kubectl get` columns and rows, its object
//! as the API server returns it (what `-o yaml` and `-o json` print), and its describer. What the
//! kinds share (the table layout, the value tree and metadata, the describers' layout) is in
//! `table.rs`, `object.rs` and `describer.rs`, which know no kind.
//!
//! This file only asks the kind's file: one match per question, and nothing of any one kind.
//! A new kind is its file and an arm in each match here.

pub(crate) mod csi_driver;
pub(crate) mod node;
pub(crate) mod persistent_volume;
pub(crate) mod persistent_volume_claim;
pub(crate) mod pod;
pub(crate) mod stateful_set;
pub(crate) mod storage_class;
pub(crate) mod volume_attachment;

use crate::api_resource::{ApiResource, Word};
use crate::object::Asked;
use crate::table::{age, print, Column, Row, Rows, Shown, Table};
use crate::value::Value;
use crate::{Cluster, Kind};

/// A kind's names, and the word the demo's own kubectl panel types for it.
pub trait KindWords {
    /// Its names, as discovery lists them.
    fn api(self) -> &'static ApiResource;
    /// What the demo's kubectl panel types for it: `kubectl get pvc`.
    fn typed(self) -> String;
}

impl KindWords for Kind {
    fn api(self) -> &'static ApiResource {
        match self {
            Kind::Node => &node::API,
            Kind::StorageClass => &storage_class::API,
            Kind::CSIDriver => &csi_driver::API,
            Kind::PersistentVolumeClaim => &persistent_volume_claim::API,
            Kind::PersistentVolume => &persistent_volume::API,
            Kind::VolumeAttachment => &volume_attachment::API,
            Kind::StatefulSet => &stateful_set::API,
            Kind::Pod => &pod::API,
        }
    }

    fn typed(self) -> String {
        let word: Word = match self {
            Kind::Node => node::TYPED,
            Kind::StorageClass => storage_class::TYPED,
            Kind::CSIDriver => csi_driver::TYPED,
            Kind::PersistentVolumeClaim => persistent_volume_claim::TYPED,
            Kind::PersistentVolume => persistent_volume::TYPED,
            Kind::VolumeAttachment => volume_attachment::TYPED,
            Kind::StatefulSet => stateful_set::TYPED,
            Kind::Pod => pod::TYPED,
        };
        self.api().word(word)
    }
}

/// Each kind's columns as `printers.go` defines them (`nodeColumnDefinitions`, ...), and each
/// object's cells but its name and age, which [`table`] puts in, as `printNode`, ... write them.
fn cells(cluster: &Cluster, kind: Kind) -> (&'static [Column], Rows) {
    match kind {
        Kind::Node => (node::COLUMNS, node::rows(cluster)),
        Kind::StorageClass => (storage_class::COLUMNS, storage_class::rows(cluster)),
        Kind::CSIDriver => (csi_driver::COLUMNS, csi_driver::rows(cluster)),
        Kind::PersistentVolumeClaim => (persistent_volume_claim::COLUMNS, persistent_volume_claim::rows(cluster)),
        Kind::PersistentVolume => (persistent_volume::COLUMNS, persistent_volume::rows(cluster)),
        Kind::VolumeAttachment => (volume_attachment::COLUMNS, volume_attachment::rows(cluster)),
        Kind::StatefulSet => (stateful_set::COLUMNS, stateful_set::rows(cluster)),
        Kind::Pod => (pod::COLUMNS, pod::rows(cluster)),
    }
}

/// `kubectl get <kinds>`; `age(kind, name)` is how many seconds ago the object was created.
pub fn get(cluster: &Cluster, kinds: &[Kind], age_of: &dyn Fn(Kind, &str) -> u64) -> String {
    let present = cluster.kinds();
    let shown: Vec<Table> =
        kinds.iter().filter(|k| present.contains(k)).map(|&kind| table(cluster, kind, age_of)).collect();
    print(&shown, kinds.len() > 1, Shown::default())
}

/// The Table the API server returns for `kind`: what `kubectl get` prints from.
pub fn table(cluster: &Cluster, kind: Kind, age_of: &dyn Fn(Kind, &str) -> u64) -> Table {
    let (columns, rows) = cells(cluster, kind);
    let after_age = columns.iter().position(|c| c.name == "Age").unwrap_or(columns.len());
    let rows = rows
        .into_iter()
        .map(|(name, mut cells)| {
            cells.insert(0, name.clone());
            cells.insert(after_age.min(cells.len()), age(age_of(kind, &name)));
            let labels = cluster.labels(kind, &name);
            Row { name, cells, labels }
        })
        .collect();
    let api = kind.api();
    Table { resource: api.prefix(), namespaced: api.namespaced, columns: columns.to_vec(), rows }
}

/// The object `kind`/`name` as the API server returns it, if the cluster has it; `born(kind,
/// name)` is the step it was created at.
pub fn object(cluster: &Cluster, kind: Kind, name: &str, born: &dyn Fn(Kind, &str) -> u64) -> Option<Value> {
    let asked = Asked { cluster, name, at: born(kind, name), born };
    match kind {
        Kind::Node => node::object(asked),
        Kind::StorageClass => storage_class::object(asked),
        Kind::CSIDriver => csi_driver::object(asked),
        Kind::PersistentVolumeClaim => persistent_volume_claim::object(asked),
        Kind::PersistentVolume => persistent_volume::object(asked),
        Kind::VolumeAttachment => volume_attachment::object(asked),
        Kind::StatefulSet => stateful_set::object(asked),
        Kind::Pod => pod::object(asked),
    }
}

/// `kubectl describe <kind> <name>` but its Events, written into `w` as lines whose cells end at a
/// tab (`describer.rs` lays them out); `None` if the cluster has no such object. `now` is the
/// current step, which some times are counted back from.
pub(crate) fn describe(w: &mut String, kind: Kind, asked: Asked, now: u64) -> Option<()> {
    match kind {
        Kind::Node => node::describe(w, asked, now),
        Kind::StorageClass => storage_class::describe(w, asked, now),
        Kind::CSIDriver => csi_driver::describe(w, asked, now),
        Kind::PersistentVolumeClaim => persistent_volume_claim::describe(w, asked, now),
        Kind::PersistentVolume => persistent_volume::describe(w, asked, now),
        Kind::VolumeAttachment => volume_attachment::describe(w, asked, now),
        Kind::StatefulSet => stateful_set::describe(w, asked, now),
        Kind::Pod => pod::describe(w, asked, now),
    }
}
