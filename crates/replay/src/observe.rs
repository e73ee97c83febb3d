//! What `expect_state` can ask of a model's state in the middle of a scenario: a few plain facts,
//! each named by a key with an optional `/argument`, e.g. `"running"`, `"node/web-0"`,
//! `"pvc_phase/data"`, `"attached/pv-1"`, `"skew/topology.kubernetes.io/zone"`. Each answers as the
//! JSON value a scenario writes; a key the model does not know is a malformed scenario.

use kubevol_sim::{csi, statefulset, topology};
use serde_json::{json, Value};

/// Kubernetes' PVC phases: Bound once a volume is bound, Pending before; null for no such claim.
fn pvc_phase(bound: Option<bool>) -> Value {
    match bound {
        Some(true) => json!("Bound"),
        Some(false) => json!("Pending"),
        None => Value::Null,
    }
}

pub trait Observe {
    /// The keys this model answers, for the error message when a scenario asks for another.
    const KEYS: &'static str;

    fn observe(&self, key: &str, arg: Option<&str>) -> Option<Value>;
}

impl Observe for csi::State {
    const KEYS: &'static str =
        "claims, volumes, pvc_phase/<claim>, pv_phase/<volume>, attached/<volume>, mounts/<volume>, \
         capacity/<volume>, filesystem/<volume>, resize/<claim>, published/<volume>, \
         staged/<volume> (the driver's record)";

    fn observe(&self, key: &str, arg: Option<&str>) -> Option<Value> {
        Some(match (key, arg) {
            ("claims", None) => json!(self.claims.len()),
            ("volumes", None) => json!(self.volumes.len()),
            // kubectl's STATUS: Terminating while pvc-protection holds a deleted claim.
            ("pvc_phase", Some(claim)) => match self.claims.get(claim) {
                Some(c) if c.terminating => json!("Terminating"),
                c => pvc_phase(c.map(|c| c.volume.is_some())),
            },
            ("pv_phase", Some(volume)) => match self.volumes.get(volume) {
                Some(v) => json!(format!("{:?}", v.phase)),
                None => Value::Null,
            },
            ("attached", Some(volume)) => {
                json!(self.volumes.get(volume).map(|v| v.attached.iter().collect::<Vec<_>>()))
            }
            ("mounts", Some(volume)) => json!(self.volumes.get(volume).map(|v| v.mounts.keys().collect::<Vec<_>>())),
            ("capacity", Some(volume)) => json!(self.volumes.get(volume).map(|v| v.size_gib)),
            ("filesystem", Some(volume)) => json!(self.volumes.get(volume).map(|v| v.filesystem_gib)),
            ("resize", Some(claim)) => match self.claims.get(claim).and_then(|c| c.resize) {
                Some(csi::Resize::FileSystemResizePending) => json!("FileSystemResizePending"),
                Some(csi::Resize::ControllerResizeInfeasible { .. }) => json!("ControllerResizeInfeasible"),
                None => Value::Null,
            },
            ("published", Some(volume)) => {
                json!(self.driver.disks.get(volume).map(|d| d.published.iter().collect::<Vec<_>>()))
            }
            ("staged", Some(volume)) => {
                json!(self.driver.disks.get(volume).map(|d| d.staged.iter().collect::<Vec<_>>()))
            }
            _ => return None,
        })
    }
}

impl Observe for statefulset::State {
    const KEYS: &'static str = "pods, ready, pvcs, pod/<ordinal> (exists), pvc/<ordinal> (exists)";

    fn observe(&self, key: &str, arg: Option<&str>) -> Option<Value> {
        let ordinal = || arg.and_then(|a| a.parse::<u32>().ok());
        Some(match (key, arg) {
            ("pods", None) => json!(self.pods.len()),
            ("ready", None) => json!(self.ready_count()),
            ("pvcs", None) => json!(self.pvcs.len()),
            ("pod", Some(_)) => json!(self.pods.contains_key(&ordinal()?)),
            ("pvc", Some(_)) => json!(self.pvcs.contains_key(&ordinal()?)),
            _ => return None,
        })
    }
}

impl Observe for topology::State {
    const KEYS: &'static str = "pods, running, pending, unknown, node/<pod>, phase/<pod>, message/<pod>, \
                                pvc_phase/<claim>, down/<node>, skew/<topology key>, \
                                survivors/<topology key> (after losing the worst domain)";

    fn observe(&self, key: &str, arg: Option<&str>) -> Option<Value> {
        // Over every running pod: the chapter's cluster runs one set.
        let all = Default::default();
        Some(match (key, arg) {
            ("pods", None) => json!(self.pods.len()),
            ("running", None) => json!(self.running()),
            ("pending", None) => json!(self.pending_pods().len()),
            ("unknown", None) => json!(self.unconfirmed()),
            // Pending, Running, Unknown or Terminating; null for a pod that does not exist.
            ("phase", Some(pod)) => json!(self.pods.get(pod).map(|p| self.phase(p))),
            ("node", Some(pod)) => json!(self.pods.get(pod).and_then(|p| p.node.clone())),
            ("message", Some(pod)) => json!(self.pods.get(pod).and_then(|p| p.message())),
            ("pvc_phase", Some(claim)) => pvc_phase(self.pvcs.get(claim).map(|c| c.volume.is_some())),
            ("down", Some(node)) => json!(self.nodes.get(node).map(|n| n.is_down())),
            ("skew", Some(label)) => json!(self.skew(label, &all)),
            ("survivors", Some(label)) => json!(self.survivors(label, &all)),
            _ => return None,
        })
    }
}
