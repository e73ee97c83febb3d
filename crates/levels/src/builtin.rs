//! The built-in levels, easy to hard, one file each under `levels/`.

use crate::AnyLevel;

/// Each built-in level's id and JSON.
pub const BUILTIN: &[(&str, &str)] = &[
    ("csi-share-one-node", include_str!("../levels/csi-share-one-node.json")),
    ("csi-move-to-node-b", include_str!("../levels/csi-move-to-node-b.json")),
    ("csi-rwx-both-nodes", include_str!("../levels/csi-rwx-both-nodes.json")),
    ("csi-rwop-take-turns", include_str!("../levels/csi-rwop-take-turns.json")),
    ("csi-retain-keep-data", include_str!("../levels/csi-retain-keep-data.json")),
    ("csi-dead-node", include_str!("../levels/csi-dead-node.json")),
    ("csi-grow-online", include_str!("../levels/csi-grow-online.json")),
    ("csi-grow-offline", include_str!("../levels/csi-grow-offline.json")),
    ("sts-unblock", include_str!("../levels/sts-unblock.json")),
    ("sts-scale-down-keeps-claims", include_str!("../levels/sts-scale-down-keeps-claims.json")),
    ("topology-lost-node", include_str!("../levels/topology-lost-node.json")),
    ("topology-delete-lost-node", include_str!("../levels/topology-delete-lost-node.json")),
];

/// The built-in levels, read; a level that does not read is named with its reason.
pub fn builtin() -> Result<Vec<AnyLevel>, String> {
    BUILTIN
        .iter()
        .map(|(id, json)| {
            let value: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("{id}: {e}"))?;
            AnyLevel::read(&value).map_err(|e| format!("{id}: {e}"))
        })
        .collect()
}
