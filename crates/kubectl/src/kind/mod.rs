//! Each kind of object the demos show, one file per kind, as kubectl keeps one printer and one
//! describer per kind: its names ([`ApiResource`]), its `kubectl get` columns and rows, its object
//! as the API server returns it (what `-o yaml` and `-o json` print), and its describer. What the
//! kinds share (the table layout, the value tree and metadata, the describers' layout) is in
//! `table.rs`, `object.rs` and `describer.rs`, which know no kind.
//!
//! This file only asks the kind's file ([`KindFile`]), through one match over `Kind`, and holds
//! nothing of any one kind. A new kind is its file and an arm in [`file`].

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

/// Everything the rest of the crate asks of a kind, as its file says it: its names, the word the
/// demo's kubectl panel types for it, its `kubectl get` columns as `printers.go` defines them
/// (`nodeColumnDefinitions`, ...) and each object's cells but its name and age, which [`table`]
/// puts in, as `printNode`, ... write them; its object as the API server returns it; and its
/// describer.
pub(crate) struct KindFile {
    pub api: ApiResource,
    /// Which of its names the demo's kubectl panel types: `kubectl get pvc`.
    pub typed: Word,
    pub columns: &'static [Column],
    pub rows: fn(&Cluster) -> Rows,
    pub object: fn(Asked) -> Option<Value>,
    pub describe: fn(&mut String, Asked, u64) -> Option<()>,
}

/// The kind's file: the one match over `Kind`.
fn file(kind: Kind) -> &'static KindFile {
    match kind {
        Kind::Node => &node::FILE,
        Kind::StorageClass => &storage_class::FILE,
        Kind::CSIDriver => &csi_driver::FILE,
        Kind::PersistentVolumeClaim => &persistent_volume_claim::FILE,
        Kind::PersistentVolume => &persistent_volume::FILE,
        Kind::VolumeAttachment => &volume_attachment::FILE,
        Kind::StatefulSet => &stateful_set::FILE,
        Kind::Pod => &pod::FILE,
    }
}

/// A kind's names, and the word the demo's own kubectl panel types for it.
pub trait KindWords {
    /// Its names, as discovery lists them.
    fn api(self) -> &'static ApiResource;
    /// What the demo's kubectl panel types for it: `kubectl get pvc`.
    fn typed(self) -> String;
}

impl KindWords for Kind {
    fn api(self) -> &'static ApiResource {
        &file(self).api
    }

    fn typed(self) -> String {
        self.api().word(file(self).typed)
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
    let file = file(kind);
    let (columns, rows) = (file.columns, (file.rows)(cluster));
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
    (file(kind).object)(Asked { cluster, name, at: born(kind, name), born })
}

/// `kubectl describe <kind> <name>` but its Events, written into `w` as lines whose cells end at a
/// tab (`describer.rs` lays them out); `None` if the cluster has no such object. `now` is the
/// current step, which some times are counted back from.
pub(crate) fn describe(w: &mut String, kind: Kind, asked: Asked, now: u64) -> Option<()> {
    (file(kind).describe)(w, asked, now)
}
