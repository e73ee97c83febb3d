//! How each model's actions, and the settings a demo starts from, travel in a share link. The tags
//! are the link format: never renumber one, give a new variant the next free tag.

use crate::csi::{self, AccessMode, Binding, Capabilities, ClaimSpec, DemoConfig, Reclaim};
use crate::statefulset::{self, PodManagementPolicy, Retention, RetentionPolicy};
use crate::topology::{
    self, AllowedZones, Chapter, Custom, PodSpec, Preset, SpreadKey, TaintsPolicy, WhenUnsatisfiable,
};
use crate::{compact_enum, compact_struct};

// ---- shared settings ------------------------------------------------------------------------------

compact_enum!(AccessMode { 0 => ReadWriteOnce, 1 => ReadWriteOncePod, 2 => ReadOnlyMany, 3 => ReadWriteMany });
compact_enum!(Binding { 0 => Immediate, 1 => WaitForFirstConsumer });
compact_enum!(PodManagementPolicy { 0 => OrderedReady, 1 => Parallel });

// ---- volumes (the CSI demo) -----------------------------------------------------------------------

compact_enum!(Reclaim { 0 => Delete, 1 => Retain });
compact_struct!(Capabilities { stage_unstage, publish_unpublish, expand });
compact_struct!(DemoConfig { mode, binding, reclaim, zoned, allow_expansion, capabilities });
compact_struct!(ClaimSpec { name, class, size_gib, mode, zone });

use csi::Action as VolumeAction;
compact_enum!(VolumeAction {
    0 => Request(spec),
    1 => Attach { claim, node },
    2 => Mount { claim, node, pod },
    3 => Unmount { claim, pod },
    4 => UnmountAll { claim },
    5 => Detach { claim, node },
    6 => ForceDetach { claim, node },
    7 => Write { claim, pod },
    8 => DeleteClaim { claim },
    9 => DeleteReleased { volume },
    10 => Expand { claim, size_gib },
    11 => SetResponsive { node, responsive },
    12 => ForceDeletePod { claim, pod },
});

// ---- statefulset ----------------------------------------------------------------------------------

compact_enum!(Retention { 0 => Retain, 1 => Delete });
compact_struct!(RetentionPolicy { when_scaled, when_deleted });

use statefulset::Action as SetAction;
compact_enum!(SetAction {
    0 => Step,
    1 => Run { max },
    2 => Scale { replicas },
    3 => ScaleBy { delta },
    4 => Break { ordinal },
    5 => Fix { ordinal },
    6 => DeletePod { ordinal },
    7 => DeletePvc { ordinal },
    8 => Write { ordinal, data },
    9 => Read { ordinal },
    10 => SetRetention(policy),
    11 => DeleteSet,
    12 => CreateSet,
});

// ---- topology -------------------------------------------------------------------------------------

compact_enum!(Preset {
    0 => ImmediatePinsZone,
    1 => ConflictingSelector,
    2 => WaitForFirstConsumer,
    3 => AllowedTopologies,
    4 => StatefulSetAcrossZones,
    5 => SpreadTrap,
    6 => SpreadFixedBySelector,
    7 => SpreadFixedByTaintsPolicy,
    8 => ReadWriteOncePod,
});
compact_enum!(AllowedZones { 0 => Both, 1 => Room1, 2 => Room2 });
compact_enum!(TaintsPolicy { 0 => Ignore, 1 => Honor });
compact_enum!(SpreadKey { 0 => Zone, 1 => Hostname });
compact_enum!(WhenUnsatisfiable { 0 => DoNotSchedule, 1 => ScheduleAnyway });
compact_struct!(Custom { binding, allowed, replicas, policy, spread, node_selector, taints_policy });
compact_struct!(Chapter { max_skew, pods, key, when });

use topology::ClaimSpec as TopologyClaim;
compact_struct!(TopologyClaim { name, class, mode });
compact_struct!(PodSpec { name, claim, node_selector, node, labels });

use topology::Action as TopologyAction;
compact_enum!(TopologyAction {
    0 => Step,
    1 => Run { max },
    2 => CreateClaim(spec),
    3 => CreatePod(spec),
    4 => DeletePod { pod },
    5 => Scale { set, replicas },
    6 => FailNode { node },
    7 => FailZone { zone },
    8 => ForceDeletePod { pod },
    9 => DeleteNode { node },
    10 => RecoverNode { node },
});
