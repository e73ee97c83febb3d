//! The CSI calls each state change stands for, so a reader sees which RPC does which stage, who
//! sends it and what the driver answered.
//!
//! Controller service: CreateVolume / DeleteVolume (provision), ControllerPublishVolume /
//! ControllerUnpublishVolume (attach to a node), ControllerExpandVolume. Node service:
//! NodeStageVolume / NodeUnstageVolume once per node, NodePublishVolume / NodeUnpublishVolume once
//! per pod, NodeExpandVolume, NodeGetInfo. Identity service: GetPluginInfo. No component of
//! Kubernetes speaks CSI by itself: each call comes from a sidecar next to the driver or from the
//! kubelet, and which one is part of the story.

use serde::{Deserialize, Serialize};

use crate::api::{AccessMode, DRIVER_NAME};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rpc {
    CreateVolume,
    DeleteVolume,
    ControllerPublishVolume,
    ControllerUnpublishVolume,
    NodeStageVolume,
    NodeUnstageVolume,
    NodePublishVolume,
    NodeUnpublishVolume,
    ControllerExpandVolume,
    NodeExpandVolume,
    NodeGetInfo,
    GetPluginInfo,
}

impl Rpc {
    pub fn name(self) -> &'static str {
        match self {
            Rpc::CreateVolume => "CreateVolume",
            Rpc::DeleteVolume => "DeleteVolume",
            Rpc::ControllerPublishVolume => "ControllerPublishVolume",
            Rpc::ControllerUnpublishVolume => "ControllerUnpublishVolume",
            Rpc::NodeStageVolume => "NodeStageVolume",
            Rpc::NodeUnstageVolume => "NodeUnstageVolume",
            Rpc::NodePublishVolume => "NodePublishVolume",
            Rpc::NodeUnpublishVolume => "NodeUnpublishVolume",
            Rpc::ControllerExpandVolume => "ControllerExpandVolume",
            Rpc::NodeExpandVolume => "NodeExpandVolume",
            Rpc::NodeGetInfo => "NodeGetInfo",
            Rpc::GetPluginInfo => "GetPluginInfo",
        }
    }

    /// Which CSI service answers the call.
    pub fn service(self) -> &'static str {
        match self {
            Rpc::CreateVolume
            | Rpc::DeleteVolume
            | Rpc::ControllerPublishVolume
            | Rpc::ControllerUnpublishVolume
            | Rpc::ControllerExpandVolume => "Controller",
            Rpc::GetPluginInfo => "Identity",
            _ => "Node",
        }
    }

    /// Who sends the call. The controller calls come from sidecars that watch API objects (a
    /// PVC, a VolumeAttachment, a PVC's new size); the node calls come from the kubelet. On each
    /// node, node-driver-registrar asks the driver its name (GetPluginInfo) and registers it with
    /// the kubelet, which then asks for the node's id and topology itself (NodeGetInfo, in the
    /// kubelet's CSI plugin registration).
    pub fn caller(self) -> Caller {
        match self {
            Rpc::CreateVolume | Rpc::DeleteVolume => Caller::ExternalProvisioner,
            Rpc::ControllerPublishVolume | Rpc::ControllerUnpublishVolume => Caller::ExternalAttacher,
            Rpc::ControllerExpandVolume => Caller::ExternalResizer,
            Rpc::GetPluginInfo => Caller::NodeDriverRegistrar,
            Rpc::NodeGetInfo
            | Rpc::NodeStageVolume
            | Rpc::NodeUnstageVolume
            | Rpc::NodePublishVolume
            | Rpc::NodeUnpublishVolume
            | Rpc::NodeExpandVolume => Caller::Kubelet,
        }
    }
}

/// The component that sends a CSI call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Caller {
    ExternalProvisioner,
    ExternalAttacher,
    ExternalResizer,
    Kubelet,
    NodeDriverRegistrar,
}

impl Caller {
    pub fn name(self) -> &'static str {
        match self {
            Caller::ExternalProvisioner => "external-provisioner",
            Caller::ExternalAttacher => "external-attacher",
            Caller::ExternalResizer => "external-resizer",
            Caller::Kubelet => "kubelet",
            Caller::NodeDriverRegistrar => "node-driver-registrar",
        }
    }
}

/// The gRPC status code of a driver's answer, with the numbers of google.golang.org/grpc/codes.
/// Only the codes this driver gives are here; the CSI spec says which error each one means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Code {
    #[default]
    Ok,
    NotFound,
    AlreadyExists,
    FailedPrecondition,
    OutOfRange,
}

impl Code {
    pub fn name(self) -> &'static str {
        match self {
            Code::Ok => "OK",
            Code::NotFound => "NOT_FOUND",
            Code::AlreadyExists => "ALREADY_EXISTS",
            Code::FailedPrecondition => "FAILED_PRECONDITION",
            Code::OutOfRange => "OUT_OF_RANGE",
        }
    }

    pub fn number(self) -> u32 {
        match self {
            Code::Ok => 0,
            Code::NotFound => 5,
            Code::AlreadyExists => 6,
            Code::FailedPrecondition => 9,
            Code::OutOfRange => 11,
        }
    }

    /// How grpc-go spells the code in an error string: `rpc error: code = OutOfRange desc = ...`.
    pub fn go_name(self) -> &'static str {
        match self {
            Code::Ok => "OK",
            Code::NotFound => "NotFound",
            Code::AlreadyExists => "AlreadyExists",
            Code::FailedPrecondition => "FailedPrecondition",
            Code::OutOfRange => "OutOfRange",
        }
    }
}

/// What the driver advertises in GetPluginCapabilities / ControllerGetCapabilities /
/// NodeGetCapabilities, besides creating and deleting volumes. Kubernetes makes only the calls a
/// capability announces: without STAGE_UNSTAGE_VOLUME the kubelet goes straight to
/// NodePublishVolume; without EXPAND_VOLUME no external-resizer runs. A driver without
/// PUBLISH_UNPUBLISH_VOLUME is deployed with a CSIDriver that says `attachRequired: false`, and it
/// is that field which removes the attach step: no VolumeAttachment, no ControllerPublishVolume,
/// and no Multi-Attach check. The model takes the capability to mean that pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capabilities {
    pub stage_unstage: bool,
    pub publish_unpublish: bool,
    /// EXPAND_VOLUME, as both a controller and a node capability.
    pub expand: bool,
}

impl Default for Capabilities {
    fn default() -> Self {
        Capabilities { stage_unstage: true, publish_unpublish: true, expand: true }
    }
}

impl Capabilities {
    pub fn is_default(&self) -> bool {
        *self == Capabilities::default()
    }
}

/// One capability, as a control in a demo toggles it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Capability {
    StageUnstageVolume,
    PublishUnpublishVolume,
    ExpandVolume,
}

impl Capability {
    pub const ALL: [Capability; 3] =
        [Capability::StageUnstageVolume, Capability::PublishUnpublishVolume, Capability::ExpandVolume];

    pub fn name(self) -> &'static str {
        match self {
            Capability::StageUnstageVolume => "STAGE_UNSTAGE_VOLUME",
            Capability::PublishUnpublishVolume => "PUBLISH_UNPUBLISH_VOLUME",
            Capability::ExpandVolume => "EXPAND_VOLUME",
        }
    }

    pub fn of(self, caps: &Capabilities) -> bool {
        match self {
            Capability::StageUnstageVolume => caps.stage_unstage,
            Capability::PublishUnpublishVolume => caps.publish_unpublish,
            Capability::ExpandVolume => caps.expand,
        }
    }

    pub fn set(self, caps: &mut Capabilities, on: bool) {
        match self {
            Capability::StageUnstageVolume => caps.stage_unstage = on,
            Capability::PublishUnpublishVolume => caps.publish_unpublish = on,
            Capability::ExpandVolume => caps.expand = on,
        }
    }
}

/// The CSI spec's VolumeCapability.AccessMode values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CsiAccessMode {
    SingleNodeWriter,
    SingleNodeMultiWriter,
    SingleNodeSingleWriter,
    MultiNodeReaderOnly,
    MultiNodeMultiWriter,
}

impl CsiAccessMode {
    /// The mapping of kubernetes-csi/csi-lib-utils: the finer single-node modes are used only when the
    /// driver advertises SINGLE_NODE_MULTI_WRITER.
    pub fn for_mode(mode: AccessMode, driver_has_multi_writer: bool) -> CsiAccessMode {
        match (mode, driver_has_multi_writer) {
            (AccessMode::ReadWriteMany, _) => CsiAccessMode::MultiNodeMultiWriter,
            (AccessMode::ReadOnlyMany, _) => CsiAccessMode::MultiNodeReaderOnly,
            (AccessMode::ReadWriteOnce, true) => CsiAccessMode::SingleNodeMultiWriter,
            (AccessMode::ReadWriteOncePod, true) => CsiAccessMode::SingleNodeSingleWriter,
            (AccessMode::ReadWriteOnce | AccessMode::ReadWriteOncePod, false) => CsiAccessMode::SingleNodeWriter,
        }
    }

    pub fn single_node(self) -> bool {
        matches!(
            self,
            CsiAccessMode::SingleNodeWriter
                | CsiAccessMode::SingleNodeMultiWriter
                | CsiAccessMode::SingleNodeSingleWriter
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            CsiAccessMode::SingleNodeWriter => "SINGLE_NODE_WRITER",
            CsiAccessMode::SingleNodeMultiWriter => "SINGLE_NODE_MULTI_WRITER",
            CsiAccessMode::SingleNodeSingleWriter => "SINGLE_NODE_SINGLE_WRITER",
            CsiAccessMode::MultiNodeReaderOnly => "MULTI_NODE_READER_ONLY",
            CsiAccessMode::MultiNodeMultiWriter => "MULTI_NODE_MULTI_WRITER",
        }
    }
}

/// One RPC as the CO would send it, with the arguments that matter to the story, who sent it and
/// the code the driver answered with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CsiCall {
    pub rpc: Rpc,
    pub caller: Caller,
    #[serde(default)]
    pub code: Code,
    /// Empty for NodeGetInfo, the one call about a node rather than a volume.
    #[serde(default)]
    pub volume: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access_mode: Option<CsiAccessMode>,
    #[serde(default)]
    pub readonly: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity_gib: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
}

impl CsiCall {
    pub fn new(rpc: Rpc, volume: &str) -> CsiCall {
        CsiCall {
            rpc,
            caller: rpc.caller(),
            code: Code::Ok,
            volume: volume.to_string(),
            node: None,
            pod: None,
            access_mode: None,
            readonly: false,
            capacity_gib: None,
            zone: None,
        }
    }

    pub fn node(mut self, node: &str) -> CsiCall {
        self.node = Some(node.to_string());
        self
    }

    pub fn pod(mut self, pod: &str) -> CsiCall {
        self.pod = Some(pod.to_string());
        self
    }

    pub fn capacity(mut self, gib: u32) -> CsiCall {
        self.capacity_gib = Some(gib);
        self
    }

    pub fn mode(mut self, mode: CsiAccessMode, readonly: bool) -> CsiCall {
        self.access_mode = Some(mode);
        self.readonly = readonly;
        self
    }

    /// The call written the way a driver's log shows it, e.g.
    /// `ControllerPublishVolume(volume_id="pv-1", node_id="node-a", access_mode=SINGLE_NODE_WRITER)`.
    pub fn render(&self) -> String {
        if self.rpc == Rpc::GetPluginInfo {
            return format!("GetPluginInfo() = name=\"{DRIVER_NAME}\"");
        }
        if self.rpc == Rpc::NodeGetInfo {
            // The request is empty; what matters is the answer, which the registrar hands to the
            // kubelet as the node's CSINode entry and topology labels.
            let node = self.node.as_deref().unwrap_or_default();
            return match &self.zone {
                Some(zone) => format!("NodeGetInfo() = node_id=\"{node}\", accessible_topology=\"zone={zone}\""),
                None => format!("NodeGetInfo() = node_id=\"{node}\""),
            };
        }
        let mut args = Vec::new();
        if !self.volume.is_empty() {
            args.push(format!("volume_id=\"{}\"", self.volume));
        }
        if let Some(gib) = self.capacity_gib {
            args.push(format!("capacity={gib}Gi"));
        }
        if let Some(zone) = &self.zone {
            args.push(format!("accessible_topology=\"zone={zone}\""));
        }
        if let Some(node) = &self.node {
            args.push(format!("node_id=\"{node}\""));
        }
        if let Some(pod) = &self.pod {
            args.push(format!("target_path=\".../pods/{pod}/volumes/kubernetes.io~csi/{}/mount\"", self.volume));
        }
        if let Some(mode) = self.access_mode {
            args.push(format!("access_mode={}", mode.name()));
        }
        if self.readonly {
            args.push("readonly=true".to_string());
        }
        format!("{}({})", self.rpc.name(), args.join(", "))
    }
}

impl CsiCall {
    /// The answer as a driver's log or csi-sanity prints it: `OK`, or `OUT_OF_RANGE (11)`.
    pub fn answer(&self) -> String {
        match self.code {
            Code::Ok => "OK".to_string(),
            code => format!("{} ({})", code.name(), code.number()),
        }
    }
}
