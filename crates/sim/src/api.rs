//! The Kubernetes API's own words that every model speaks: the values of the fields the demos set,
//! the well-known labels and taints, and the CSI driver's name.
//!
//! They live apart from the models so that no model reaches into another for a word, and each type
//! spells its API value itself (`name`), which the YAML, the kubectl columns and the controls share.

use serde::{Deserialize, Serialize};

/// The label every node carries with its zone.
pub const ZONE_LABEL: &str = "topology.kubernetes.io/zone";
/// The label every node carries with its own name.
pub const HOSTNAME_LABEL: &str = "kubernetes.io/hostname";
pub const CONTROL_PLANE_TAINT: &str = "node-role.kubernetes.io/control-plane";
/// The taint the node lifecycle controller puts on a node that stopped reporting (Ready Unknown).
pub const UNREACHABLE_TAINT: &str = "node.kubernetes.io/unreachable";

/// The driver's name, as a CSIDriver object and a StorageClass's `provisioner` spell it.
pub const DRIVER_NAME: &str = "disk.csi.kubevol.example";

/// How a volume may be used at the same time. Spelled as in a PVC's `accessModes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AccessMode {
    /// One *node* reads and writes; any number of pods on that node may share it.
    ReadWriteOnce,
    /// One *pod* in the whole cluster. Added because ReadWriteOnce is per node.
    ReadWriteOncePod,
    /// Many nodes, read-only.
    ReadOnlyMany,
    /// Many nodes, read-write; needs file storage.
    ReadWriteMany,
}

impl AccessMode {
    pub const ALL: [AccessMode; 4] =
        [AccessMode::ReadWriteOnce, AccessMode::ReadWriteOncePod, AccessMode::ReadOnlyMany, AccessMode::ReadWriteMany];

    pub fn name(self) -> &'static str {
        match self {
            AccessMode::ReadWriteOnce => "ReadWriteOnce",
            AccessMode::ReadWriteOncePod => "ReadWriteOncePod",
            AccessMode::ReadOnlyMany => "ReadOnlyMany",
            AccessMode::ReadWriteMany => "ReadWriteMany",
        }
    }

    /// The abbreviation `kubectl get pvc` prints.
    pub fn short(self) -> &'static str {
        match self {
            AccessMode::ReadWriteOnce => "RWO",
            AccessMode::ReadWriteOncePod => "RWOP",
            AccessMode::ReadOnlyMany => "ROX",
            AccessMode::ReadWriteMany => "RWX",
        }
    }

    /// Whether the attach stage allows only one node at a time.
    pub fn single_node(self) -> bool {
        matches!(self, AccessMode::ReadWriteOnce | AccessMode::ReadWriteOncePod)
    }

    pub fn read_only(self) -> bool {
        self == AccessMode::ReadOnlyMany
    }
}

/// A StorageClass's `volumeBindingMode`: when the volume behind a claim is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Binding {
    /// At once, before anyone knows where the pod will run. The Kubernetes default.
    Immediate,
    /// Only when the first pod using the claim is placed, in that node's zone.
    WaitForFirstConsumer,
}

impl Binding {
    pub const ALL: [Binding; 2] = [Binding::Immediate, Binding::WaitForFirstConsumer];

    pub fn name(self) -> &'static str {
        match self {
            Binding::Immediate => "Immediate",
            Binding::WaitForFirstConsumer => "WaitForFirstConsumer",
        }
    }
}

/// A StorageClass's `reclaimPolicy`: what happens to the volume when its claim is deleted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reclaim {
    Delete,
    Retain,
}

impl Reclaim {
    pub const ALL: [Reclaim; 2] = [Reclaim::Delete, Reclaim::Retain];

    pub fn name(self) -> &'static str {
        match self {
            Reclaim::Delete => "Delete",
            Reclaim::Retain => "Retain",
        }
    }
}

/// A StatefulSet's `podManagementPolicy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PodManagementPolicy {
    /// Create 0..N-1 one at a time, each waiting for the previous to be ready; delete from the top.
    OrderedReady,
    /// Create and delete all at once; only scaling changes, not updates.
    Parallel,
}

impl PodManagementPolicy {
    pub const ALL: [PodManagementPolicy; 2] = [PodManagementPolicy::OrderedReady, PodManagementPolicy::Parallel];

    pub fn name(self) -> &'static str {
        match self {
            PodManagementPolicy::OrderedReady => "OrderedReady",
            PodManagementPolicy::Parallel => "Parallel",
        }
    }
}

/// A topology spread constraint's `whenUnsatisfiable`: what the scheduler does with a pod it cannot
/// place within maxSkew.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum WhenUnsatisfiable {
    /// The default: a filter. A node that would exceed maxSkew is not a candidate, and a pod with
    /// no candidate stays Pending.
    #[default]
    DoNotSchedule,
    /// A score: nodes in emptier domains are preferred, but the pod lands even past maxSkew.
    ScheduleAnyway,
}

impl WhenUnsatisfiable {
    pub const ALL: [WhenUnsatisfiable; 2] = [WhenUnsatisfiable::DoNotSchedule, WhenUnsatisfiable::ScheduleAnyway];

    pub fn name(self) -> &'static str {
        match self {
            WhenUnsatisfiable::DoNotSchedule => "DoNotSchedule",
            WhenUnsatisfiable::ScheduleAnyway => "ScheduleAnyway",
        }
    }
}
