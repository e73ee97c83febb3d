//! The CSI calls each state change stands for, so a reader sees which RPC does which stage.
//!
//! Controller service: CreateVolume / DeleteVolume (provision), ControllerPublishVolume /
//! ControllerUnpublishVolume (attach to a node). Node service: NodeStageVolume / NodeUnstageVolume
//! once per node, NodePublishVolume / NodeUnpublishVolume once per pod.

use serde::{Deserialize, Serialize};

use super::model::AccessMode;

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
        }
    }

    /// Which CSI service answers the call.
    pub fn service(self) -> &'static str {
        match self {
            Rpc::CreateVolume | Rpc::DeleteVolume | Rpc::ControllerPublishVolume | Rpc::ControllerUnpublishVolume => {
                "Controller"
            }
            _ => "Node",
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

/// One RPC as the CO would send it, with the arguments that matter to the story.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CsiCall {
    pub rpc: Rpc,
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
    pub(crate) fn new(rpc: Rpc, volume: &str) -> CsiCall {
        CsiCall {
            rpc,
            volume: volume.to_string(),
            node: None,
            pod: None,
            access_mode: None,
            readonly: false,
            capacity_gib: None,
            zone: None,
        }
    }

    pub(crate) fn node(mut self, node: &str) -> CsiCall {
        self.node = Some(node.to_string());
        self
    }

    pub(crate) fn pod(mut self, pod: &str) -> CsiCall {
        self.pod = Some(pod.to_string());
        self
    }

    pub(crate) fn mode(mut self, mode: CsiAccessMode, readonly: bool) -> CsiCall {
        self.access_mode = Some(mode);
        self.readonly = readonly;
        self
    }

    /// The call written the way a driver's log shows it, e.g.
    /// `ControllerPublishVolume(volume_id="pv-1", node_id="node-a", access_mode=SINGLE_NODE_WRITER)`.
    pub fn render(&self) -> String {
        let mut args = vec![format!("volume_id=\"{}\"", self.volume)];
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
