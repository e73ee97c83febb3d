//! The scenarios of seed 004 (topology-aware provisioning on a three-node cluster) and seed 002
//! (ReadWriteOncePod), as setups the UI, the tests and the replay tool share.

use serde::{Deserialize, Serialize};

use super::model::*;

/// The article's cluster: control-plane m1 alone in zone kitchen (tainted, so nothing runs there),
/// workers w1 in room1 and w2 in room2, labelled `boss=me` as the article does for its fix. The
/// storage (two backends) serves room1 and room2 only.
pub fn article_nodes() -> Vec<NodeSpec> {
    let worker = |name: &str, zone: &str| NodeSpec {
        name: name.into(),
        zone: Some(zone.into()),
        labels: [("boss".to_string(), "me".to_string())].into_iter().collect(),
        taints: vec![],
    };
    vec![
        NodeSpec {
            name: "m1".into(),
            zone: Some("kitchen".into()),
            labels: Default::default(),
            taints: vec![Taint {
                key: CONTROL_PLANE_TAINT.into(),
                value: String::new(),
                effect: TaintEffect::NoSchedule,
                time_added: None,
            }],
        },
        worker("w1", "room1"),
        worker("w2", "room2"),
    ]
}

pub fn article_storage_zones() -> Vec<String> {
    vec!["room1".into(), "room2".into()]
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// Immediate: the PV is created at once (in room1) and pins its pod there.
    ImmediatePinsZone,
    /// A PV allowed only in room2 and a pod pinned to w1 (room1): Pending, one reason per node.
    ConflictingSelector,
    /// WaitForFirstConsumer: the PVC waits, then follows the pod's node (selected-node).
    WaitForFirstConsumer,
    /// allowedTopologies room2 only: the volume, and so the pod, lands in room2.
    AllowedTopologies,
    /// A StatefulSet of 4 across room1 and room2 with no spread constraint.
    StatefulSetAcrossZones,
    /// 6 replicas, maxSkew 1 over zones: two pods, then stuck, because kitchen counts.
    SpreadTrap,
    /// The article's fix: a nodeSelector (boss=me) that leaves kitchen out.
    SpreadFixedBySelector,
    /// The newer fix: nodeTaintsPolicy Honor leaves the tainted kitchen out.
    SpreadFixedByTaintsPolicy,
    /// Seed 002 on this cluster: a second pod on a ReadWriteOncePod claim stays Pending.
    ReadWriteOncePod,
}

impl Preset {
    pub const ALL: [Preset; 9] = [
        Preset::ImmediatePinsZone,
        Preset::ConflictingSelector,
        Preset::WaitForFirstConsumer,
        Preset::AllowedTopologies,
        Preset::StatefulSetAcrossZones,
        Preset::SpreadTrap,
        Preset::SpreadFixedBySelector,
        Preset::SpreadFixedByTaintsPolicy,
        Preset::ReadWriteOncePod,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Preset::ImmediatePinsZone => "immediate",
            Preset::ConflictingSelector => "conflict",
            Preset::WaitForFirstConsumer => "wait",
            Preset::AllowedTopologies => "allowed",
            Preset::StatefulSetAcrossZones => "statefulset",
            Preset::SpreadTrap => "spread-trap",
            Preset::SpreadFixedBySelector => "spread-selector",
            Preset::SpreadFixedByTaintsPolicy => "spread-honor",
            Preset::ReadWriteOncePod => "rwop",
        }
    }

    pub fn setup(self) -> Setup {
        let class = |name: &str, binding, zones: &[&str]| ClassSpec {
            name: name.into(),
            binding,
            allowed_zones: zones.iter().map(|z| z.to_string()).collect(),
        };
        let claim = |name: &str, class: &str, mode| ClaimSpec { name: name.into(), class: class.into(), mode };
        let pod = |name: &str, claim: &str, host: Option<&str>| PodSpec {
            name: name.into(),
            claim: Some(claim.into()),
            node_selector: host
                .map(|h| [(HOSTNAME_LABEL.to_string(), h.to_string())].into_iter().collect())
                .unwrap_or_default(),
            node: None,
            labels: Default::default(),
        };
        let base = Setup {
            nodes: article_nodes(),
            storage_zones: article_storage_zones(),
            classes: vec![],
            claims: vec![],
            pods: vec![],
            sets: vec![],
        };
        let topology_aware = || class("nas-topology-aware", Binding::WaitForFirstConsumer, &["room1", "room2"]);
        let spread_set = |replicas, selector: bool, taints| SetSpec {
            name: "ss-zone-constrained".into(),
            replicas,
            policy: PodManagementPolicy::OrderedReady,
            class: Some("nas-topology-aware".into()),
            mode: AccessMode::ReadWriteOnce,
            node_selector: if selector {
                [("boss".to_string(), "me".to_string())].into_iter().collect()
            } else {
                Default::default()
            },
            spread: Some(Spread {
                max_skew: 1,
                topology_key: ZONE_LABEL.into(),
                node_taints_policy: taints,
                when_unsatisfiable: WhenUnsatisfiable::DoNotSchedule,
            }),
        };
        match self {
            Preset::ImmediatePinsZone => Setup {
                classes: vec![class("nas", Binding::Immediate, &[])],
                claims: vec![claim("nas-vol1", "nas", AccessMode::ReadWriteMany)],
                pods: vec![pod("nas-pod", "nas-vol1", None)],
                ..base
            },
            Preset::ConflictingSelector => Setup {
                classes: vec![class("nas-zoned", Binding::WaitForFirstConsumer, &["room2"])],
                claims: vec![claim("nas-zoned-vol1", "nas-zoned", AccessMode::ReadWriteMany)],
                pods: vec![pod("pv-zoned-pod", "nas-zoned-vol1", Some("w1"))],
                ..base
            },
            Preset::WaitForFirstConsumer => Setup {
                classes: vec![class("nas-wait", Binding::WaitForFirstConsumer, &[])],
                claims: vec![claim("nas-wait-vol1", "nas-wait", AccessMode::ReadWriteMany)],
                pods: vec![pod("nas-wait-pod", "nas-wait-vol1", None)],
                ..base
            },
            Preset::AllowedTopologies => Setup {
                classes: vec![class("nas-zoned", Binding::WaitForFirstConsumer, &["room2"])],
                claims: vec![claim("nas-zoned-vol1", "nas-zoned", AccessMode::ReadWriteMany)],
                pods: vec![pod("nas-zoned-pod", "nas-zoned-vol1", None)],
                ..base
            },
            Preset::StatefulSetAcrossZones => Setup {
                classes: vec![topology_aware()],
                sets: vec![SetSpec {
                    name: "ss-topology-aware".into(),
                    replicas: 4,
                    policy: PodManagementPolicy::OrderedReady,
                    class: Some("nas-topology-aware".into()),
                    mode: AccessMode::ReadWriteOnce,
                    node_selector: Default::default(),
                    spread: None,
                }],
                ..base
            },
            Preset::SpreadTrap => Setup {
                classes: vec![topology_aware()],
                sets: vec![spread_set(6, false, TaintsPolicy::Ignore)],
                ..base
            },
            Preset::SpreadFixedBySelector => {
                Setup { classes: vec![topology_aware()], sets: vec![spread_set(6, true, TaintsPolicy::Ignore)], ..base }
            }
            Preset::SpreadFixedByTaintsPolicy => {
                Setup { classes: vec![topology_aware()], sets: vec![spread_set(6, false, TaintsPolicy::Honor)], ..base }
            }
            Preset::ReadWriteOncePod => Setup {
                classes: vec![class("standard", Binding::Immediate, &[])],
                claims: vec![claim("pvc3", "standard", AccessMode::ReadWriteOncePod)],
                pods: vec![pod("pod4", "pvc3", Some("w1")), pod("pod5", "pvc3", Some("w1"))],
                ..base
            },
        }
    }
}

/// The free controls of the demo: one StatefulSet on the article's cluster, every knob exposed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Custom {
    pub binding: Binding,
    /// Which zones the StorageClass allows: both worker zones, or only one.
    pub allowed: AllowedZones,
    pub replicas: u32,
    pub policy: PodManagementPolicy,
    pub spread: bool,
    pub node_selector: bool,
    pub taints_policy: TaintsPolicy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AllowedZones {
    Both,
    Room1,
    Room2,
}

impl Default for Custom {
    fn default() -> Self {
        Custom {
            binding: Binding::WaitForFirstConsumer,
            allowed: AllowedZones::Both,
            replicas: 6,
            policy: PodManagementPolicy::OrderedReady,
            spread: true,
            node_selector: false,
            taints_policy: TaintsPolicy::Ignore,
        }
    }
}

impl Custom {
    pub fn setup(self) -> Setup {
        let allowed: Vec<String> = match self.allowed {
            AllowedZones::Both => vec!["room1".into(), "room2".into()],
            AllowedZones::Room1 => vec!["room1".into()],
            AllowedZones::Room2 => vec!["room2".into()],
        };
        Setup {
            nodes: article_nodes(),
            storage_zones: article_storage_zones(),
            classes: vec![ClassSpec { name: "nas".into(), binding: self.binding, allowed_zones: allowed }],
            claims: vec![],
            pods: vec![],
            sets: vec![SetSpec {
                name: "ss".into(),
                replicas: self.replicas,
                policy: self.policy,
                class: Some("nas".into()),
                mode: AccessMode::ReadWriteOnce,
                node_selector: if self.node_selector {
                    [("boss".to_string(), "me".to_string())].into_iter().collect()
                } else {
                    Default::default()
                },
                spread: self.spread.then(|| Spread {
                    max_skew: 1,
                    topology_key: ZONE_LABEL.into(),
                    node_taints_policy: self.taints_policy,
                    when_unsatisfiable: WhenUnsatisfiable::DoNotSchedule,
                }),
            }],
        }
    }
}

/// What the book's topology chapter counts skew over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpreadKey {
    /// `topology.kubernetes.io/zone`: survives losing a zone.
    #[default]
    Zone,
    /// `kubernetes.io/hostname`: survives losing a node, and says nothing about zones.
    Hostname,
}

impl SpreadKey {
    pub const ALL: [SpreadKey; 2] = [SpreadKey::Zone, SpreadKey::Hostname];

    pub fn label(self) -> &'static str {
        match self {
            SpreadKey::Zone => ZONE_LABEL,
            SpreadKey::Hostname => HOSTNAME_LABEL,
        }
    }
}

/// The book's topology chapter: three zones (zone-a, zone-b, zone-c) of two nodes each, and `pods`
/// web pods with one spread constraint. Its demo offers maxSkew 1, 2 or 6 and 3, 6 or 9 pods.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chapter {
    pub max_skew: u32,
    pub pods: u32,
    pub key: SpreadKey,
    pub when: WhenUnsatisfiable,
}

impl Default for Chapter {
    fn default() -> Self {
        Chapter { max_skew: 1, pods: 6, key: SpreadKey::Zone, when: WhenUnsatisfiable::DoNotSchedule }
    }
}

impl Chapter {
    pub const MAX_SKEWS: [u32; 3] = [1, 2, 6];
    pub const POD_COUNTS: [u32; 3] = [3, 6, 9];
    pub const ZONES: [&'static str; 3] = ["zone-a", "zone-b", "zone-c"];
    pub const SET: &'static str = "web";

    pub fn nodes() -> Vec<NodeSpec> {
        Self::ZONES
            .iter()
            .flat_map(|zone| {
                (1..=2).map(move |i| NodeSpec {
                    name: format!("{zone}-{i}"),
                    zone: Some(zone.to_string()),
                    labels: Default::default(),
                    taints: vec![],
                })
            })
            .collect()
    }

    /// The pods are a StatefulSet without volumes, created all at once (Parallel) as the book's
    /// Deployment would be.
    pub fn setup(self) -> Setup {
        Setup {
            nodes: Self::nodes(),
            storage_zones: vec![],
            classes: vec![],
            claims: vec![],
            pods: vec![],
            sets: vec![SetSpec {
                name: Self::SET.into(),
                replicas: self.pods,
                policy: PodManagementPolicy::Parallel,
                class: None,
                mode: AccessMode::ReadWriteOnce,
                node_selector: Default::default(),
                spread: Some(Spread {
                    max_skew: self.max_skew,
                    topology_key: self.key.label().into(),
                    node_taints_policy: TaintsPolicy::Ignore,
                    when_unsatisfiable: self.when,
                }),
            }],
        }
    }
}
