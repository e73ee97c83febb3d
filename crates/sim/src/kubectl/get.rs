//! `kubectl get` tables, laid out as kubectl lays them out.
//!
//! Columns: kubernetes/kubernetes `pkg/printers/internalversion/printers.go` (the column
//! definitions of each kind, e.g. `persistentVolumeClaimColumnDefinitions`; VOLUMEATTRIBUTESCLASS
//! since 1.29). Layout: `k8s.io/cli-runtime/pkg/printers/tabwriter.go`, a Go tabwriter with minimum
//! width 6 and padding 3, the last column unpadded. Ages: `k8s.io/apimachinery/pkg/util/duration`
//! `HumanDuration`. Several kinds at once print one table each, names prefixed with the resource,
//! separated by a blank line.

use super::{Cluster, Kind, KUBELET_VERSION, NAMESPACE, PROVISIONER};

/// `HumanDuration` for a whole number of seconds.
pub fn age(seconds: u64) -> String {
    let (m, h) = (seconds / 60, seconds / 3600);
    match seconds {
        s if s < 120 => format!("{s}s"),
        s if m < 10 && s % 60 == 0 => format!("{m}m"),
        s if m < 10 => format!("{m}m{}s", s % 60),
        _ if m < 180 => format!("{m}m"),
        _ if h < 8 && m % 60 == 0 => format!("{h}h"),
        _ if h < 8 => format!("{h}h{}m", m % 60),
        _ if h < 48 => format!("{h}h"),
        _ => format!("{}d", h / 24),
    }
}

fn gi(n: u32) -> String {
    format!("{n}Gi")
}

/// `kubectl get <kinds>`; `age(kind, name)` is how many seconds ago the object was created.
pub fn get(cluster: &Cluster, kinds: &[Kind], age_of: &dyn Fn(Kind, &str) -> u64) -> String {
    let present = cluster.kinds();
    let shown: Vec<Kind> = kinds.iter().copied().filter(|k| present.contains(k)).collect();
    if shown.is_empty() {
        return format!("No resources found in {NAMESPACE} namespace.\n");
    }
    let prefix = kinds.len() > 1;
    let tables: Vec<String> = shown
        .iter()
        .map(|&kind| {
            let (header, rows) = table(cluster, kind);
            let rows = rows.into_iter().map(|(name, mut cells)| {
                let shown_name = if prefix { format!("{}/{name}", kind.resource()) } else { name.clone() };
                cells.insert(0, shown_name);
                cells.push(age(age_of(kind, &name)));
                // The one column after AGE.
                if kind == Kind::Node {
                    cells.push(KUBELET_VERSION.to_string());
                }
                cells
            });
            let mut lines = vec![header.iter().map(|h| h.to_string()).collect::<Vec<_>>()];
            lines.extend(rows);
            tabwrite(&lines)
        })
        .collect();
    tables.join("\n")
}

/// A Go tabwriter with kubectl's settings: each column as wide as its widest cell plus 3, at least 6.
fn tabwrite(lines: &[Vec<String>]) -> String {
    let columns = lines.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns.saturating_sub(1))
        .map(|c| lines.iter().filter_map(|l| l.get(c)).map(|s| s.chars().count() + 3).max().unwrap_or(0).max(6))
        .collect();
    let mut out = String::new();
    for line in lines {
        for (c, cell) in line.iter().enumerate() {
            out.push_str(cell);
            if let Some(w) = widths.get(c) {
                out.extend(std::iter::repeat_n(' ', w - cell.chars().count()));
            }
        }
        out.push('\n');
    }
    out
}

type Rows = Vec<(String, Vec<String>)>;

/// The header (NAME first, AGE last) and each object's cells between them.
fn table(cluster: &Cluster, kind: Kind) -> (&'static [&'static str], Rows) {
    let yes_no = |b: bool| if b { "true" } else { "false" }.to_string();
    match kind {
        // `printNode`: NotReady for a Ready condition that is not True (Unknown on a lost node);
        // roles from the `node-role.kubernetes.io/<role>` labels.
        Kind::Node => (
            &["NAME", "STATUS", "ROLES", "AGE", "VERSION"],
            cluster
                .nodes
                .iter()
                .map(|n| {
                    let status = if n.lost_at.is_some() { "NotReady" } else { "Ready" };
                    let roles = n.roles();
                    let roles = if roles.is_empty() { "<none>".to_string() } else { roles.join(",") };
                    (n.name.clone(), vec![status.into(), roles])
                })
                .collect(),
        ),
        Kind::StorageClass => (
            &["NAME", "PROVISIONER", "RECLAIMPOLICY", "VOLUMEBINDINGMODE", "ALLOWVOLUMEEXPANSION", "AGE"],
            cluster
                .classes
                .iter()
                .map(|c| {
                    let cells = vec![
                        PROVISIONER.to_string(),
                        c.reclaim.to_string(),
                        c.binding.to_string(),
                        yes_no(c.allow_expansion),
                    ];
                    (c.name.clone(), cells)
                })
                .collect(),
        ),
        Kind::PersistentVolumeClaim => (
            &["NAME", "STATUS", "VOLUME", "CAPACITY", "ACCESS MODES", "STORAGECLASS", "VOLUMEATTRIBUTESCLASS", "AGE"],
            cluster
                .claims
                .iter()
                .map(|c| {
                    let cells = match &c.bound {
                        Some((volume, capacity)) => {
                            // kubectl shows an object with a deletionTimestamp as Terminating.
                            let status = if c.terminating { "Terminating" } else { "Bound" };
                            vec![status.into(), volume.clone(), gi(*capacity), c.mode.short().into()]
                        }
                        None => vec!["Pending".into(), String::new(), String::new(), String::new()],
                    };
                    let mut cells = cells;
                    cells.extend([c.class.clone(), "<unset>".into()]);
                    (c.name.clone(), cells)
                })
                .collect(),
        ),
        Kind::PersistentVolume => (
            &[
                "NAME",
                "CAPACITY",
                "ACCESS MODES",
                "RECLAIM POLICY",
                "STATUS",
                "CLAIM",
                "STORAGECLASS",
                "VOLUMEATTRIBUTESCLASS",
                "REASON",
                "AGE",
            ],
            cluster
                .volumes
                .iter()
                .map(|v| {
                    let cells = vec![
                        gi(v.capacity_gib),
                        v.mode.short().into(),
                        v.reclaim.into(),
                        v.phase.into(),
                        format!("{NAMESPACE}/{}", v.claim),
                        v.class.clone(),
                        "<unset>".into(),
                        String::new(),
                    ];
                    (v.name.clone(), cells)
                })
                .collect(),
        ),
        Kind::VolumeAttachment => (
            &["NAME", "ATTACHER", "PV", "NODE", "ATTACHED", "AGE"],
            cluster
                .attachments
                .iter()
                .map(|a| (a.name(), vec![PROVISIONER.into(), a.volume.clone(), a.node.clone(), yes_no(a.attached)]))
                .collect(),
        ),
        Kind::StatefulSet => (
            &["NAME", "READY", "AGE"],
            cluster.sets.iter().map(|s| (s.name.clone(), vec![format!("{}/{}", s.ready, s.replicas)])).collect(),
        ),
        Kind::Pod => (
            &["NAME", "READY", "STATUS", "RESTARTS", "AGE"],
            cluster
                .pods
                .iter()
                .map(|p| {
                    let ready = if p.ready { "1/1" } else { "0/1" };
                    // `printPod`: a deletionTimestamp on a pod that has not finished is
                    // Terminating. "Unknown" needs status.reason NodeLost, which no controller sets
                    // any more, so a lost node's pod shows Running until it is evicted.
                    let status = match (&p.node, p.deleted) {
                        (_, Some(_)) => "Terminating",
                        (Some(_), None) => "Running",
                        (None, None) => "Pending",
                    };
                    (p.name.clone(), vec![ready.into(), status.into(), "0".into()])
                })
                .collect(),
        ),
    }
}
