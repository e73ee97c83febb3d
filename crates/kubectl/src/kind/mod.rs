//! Each kind of object the demos show, one file per kind: so far its names ([`ApiResource`]), as
//! discovery lists them, and the word the demo's own kubectl panel types for it.
//!
//! This file only asks the kind's file: one match per question, and nothing of any one kind.

pub(crate) mod csi_driver;
pub(crate) mod node;
pub(crate) mod persistent_volume;
pub(crate) mod persistent_volume_claim;
pub(crate) mod pod;
pub(crate) mod stateful_set;
pub(crate) mod storage_class;
pub(crate) mod volume_attachment;

use crate::api_resource::{ApiResource, Word};
use crate::Kind;

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
