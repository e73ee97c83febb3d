//! `kubectl get` tables, laid out as kubectl lays them out: each kind's columns as the API
//! server's Table printers define them (VOLUMEATTRIBUTESCLASS since 1.29), a Go tabwriter with
//! minimum width 6 and padding 3, the last column unpadded. Several kinds at once print one table
//! each, names prefixed with the resource, separated by a blank line. Each piece names its upstream
//! code in a `// Models` line.

use crate::{
    Cluster, Kind, KindWords, CONTAINER, CONTAINER_CREATING, CONTAINER_RUNTIME, IMAGE, KERNEL_VERSION, KUBELET_VERSION,
    NAMESPACE, OS_IMAGE, PROVISIONER,
};

/// `HumanDuration` for a whole number of seconds.
// Models staging/src/k8s.io/apimachinery/pkg/util/duration/duration.go HumanDuration
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

/// One column of a `meta.k8s.io/v1` Table, as the API server's printers define it: its name (the
/// header kubectl prints upper-cased), its type and format, and its priority (1: only with
/// `-o wide`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    pub name: &'static str,
    pub kind: &'static str,
    pub format: &'static str,
    pub priority: u8,
}

pub(crate) const fn column(name: &'static str) -> Column {
    Column { name, kind: "string", format: "", priority: 0 }
}

/// A column kubectl prints only with `-o wide`.
pub(crate) const fn wide(name: &'static str) -> Column {
    Column { priority: 1, ..column(name) }
}

const NAME: Column = Column { format: "name", ..column("Name") };
const AGE: Column = column("Age");

/// A resource's table at one moment: every column (the wide ones too) and one row per object, in
/// the order the cluster lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// How kubectl names the resource before a name when it lists several (`pod/web-0`).
    pub resource: String,
    pub namespaced: bool,
    pub columns: Vec<Column>,
    pub rows: Vec<Row>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub name: String,
    /// One per column.
    pub cells: Vec<String>,
    /// The object's labels, sorted by key, for `--show-labels`.
    pub labels: Vec<(String, String)>,
}

/// How kubectl is asked to print: `-o wide`, `--show-labels`, `-A` (`--all-namespaces`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    pub wide: bool,
    pub show_labels: bool,
    pub all_namespaces: bool,
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
    let (columns, rows) = cells(cluster, kind);
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
    Table { resource: api.prefix(), namespaced: api.namespaced, columns, rows }
}

/// What kubectl prints for tables the server returned (`tablePrinter` in cli-runtime): the wide
/// columns only with `-o wide`, NAMESPACE first with `-A` for namespaced kinds, LABELS last with
/// `--show-labels`, and `<resource>/<name>` names when several kinds were asked for. No table at
/// all is kubectl's "No resources found" line.
// Models staging/src/k8s.io/cli-runtime/pkg/printers/tableprinter.go HumanReadablePrinter.PrintObj
pub fn print(tables: &[Table], prefix: bool, shown: Shown) -> String {
    let printed: Vec<String> = tables
        .iter()
        .filter(|t| !t.rows.is_empty())
        .map(|t| {
            let namespaced = shown.all_namespaces && t.namespaced;
            let keep: Vec<usize> = (0..t.columns.len()).filter(|&c| shown.wide || t.columns[c].priority == 0).collect();
            let mut header: Vec<String> = keep.iter().map(|&c| t.columns[c].name.to_ascii_uppercase()).collect();
            if namespaced {
                header.insert(0, "NAMESPACE".into());
            }
            if shown.show_labels {
                header.push("LABELS".into());
            }
            let mut lines = vec![header];
            for row in &t.rows {
                let mut line: Vec<String> =
                    keep.iter().map(|&c| row.cells.get(c).cloned().unwrap_or_default()).collect();
                if prefix {
                    line[0] = format!("{}/{}", t.resource, row.name);
                }
                if namespaced {
                    line.insert(0, NAMESPACE.into());
                }
                if shown.show_labels {
                    let labels: Vec<String> = row.labels.iter().map(|(k, v)| format!("{k}={v}")).collect();
                    line.push(if labels.is_empty() { "<none>".into() } else { labels.join(",") });
                }
                lines.push(line);
            }
            tabwrite(&lines)
        })
        .collect();
    // kubectl names the namespace only when every kind asked for lives in one.
    if printed.is_empty() {
        return if shown.all_namespaces || tables.iter().any(|t| !t.namespaced) {
            "No resources found\n".to_string()
        } else {
            format!("No resources found in {NAMESPACE} namespace.\n")
        };
    }
    printed.join("\n")
}

/// A Go tabwriter with kubectl's settings: each column as wide as its widest cell plus 3, at least 6.
// Models staging/src/k8s.io/cli-runtime/pkg/printers/tabwriter.go GetNewTabWriter
pub(crate) fn tabwrite(lines: &[Vec<String>]) -> String {
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

/// Each kind's columns as `printers.go` defines them (`nodeColumnDefinitions`,
/// `storageClassColumnDefinitions`, `persistentVolumeClaimColumnDefinitions`,
/// `persistentVolumeColumnDefinitions`, `volumeAttachmentColumnDefinitions`,
/// `statefulSetColumnDefinitions`, `podColumnDefinitions`), and each object's cells but its name
/// and age, which [`table`] puts in, as `printNode`, `printStorageClass`, ... write them.
fn cells(cluster: &Cluster, kind: Kind) -> (Vec<Column>, Rows) {
    match kind {
        Kind::Node => nodes(cluster),
        Kind::StorageClass => classes(cluster),
        Kind::PersistentVolumeClaim => claims(cluster),
        Kind::PersistentVolume => volumes(cluster),
        Kind::CSIDriver => drivers(cluster),
        Kind::VolumeAttachment => attachments(cluster),
        Kind::StatefulSet => sets(cluster),
        Kind::Pod => pods(cluster),
    }
}

/// A boolean cell, as kubectl prints one.
fn yes_no(b: bool) -> String {
    if b { "true" } else { "false" }.to_string()
}

/// An empty cell, as kubectl prints one.
fn none() -> String {
    "<none>".to_string()
}

/// `printNode`: NotReady for a Ready condition that is not True (Unknown on a lost node);
/// roles from the `node-role.kubernetes.io/<role>` labels. The demo's nodes report no
/// addresses, so the IPs are `<none>`.
// Models pkg/printers/internalversion/printers.go printNode
fn nodes(cluster: &Cluster) -> (Vec<Column>, Rows) {
    (
        vec![
            NAME,
            column("Status"),
            column("Roles"),
            AGE,
            column("Version"),
            wide("Internal-IP"),
            wide("External-IP"),
            wide("OS-Image"),
            wide("Kernel-Version"),
            wide("Container-Runtime"),
        ],
        cluster
            .nodes
            .iter()
            .map(|n| {
                let status = if n.lost_at.is_some() { "NotReady" } else { "Ready" }.to_string();
                let roles = n.roles();
                let roles = if roles.is_empty() { none() } else { roles.join(",") };
                let cells = vec![
                    status,
                    roles,
                    KUBELET_VERSION.to_string(),
                    none(),
                    none(),
                    OS_IMAGE.into(),
                    KERNEL_VERSION.into(),
                    CONTAINER_RUNTIME.into(),
                ];
                (n.name.clone(), cells)
            })
            .collect(),
    )
}

/// The StorageClass columns, and each StorageClass's cells.
// Models pkg/printers/internalversion/printers.go printStorageClass
fn classes(cluster: &Cluster) -> (Vec<Column>, Rows) {
    (
        vec![
            NAME,
            column("Provisioner"),
            column("ReclaimPolicy"),
            column("VolumeBindingMode"),
            column("AllowVolumeExpansion"),
            AGE,
        ],
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
    )
}

/// The PersistentVolumeClaim columns, and each PersistentVolumeClaim's cells.
// Models pkg/printers/internalversion/printers.go printPersistentVolumeClaim
fn claims(cluster: &Cluster) -> (Vec<Column>, Rows) {
    (
        vec![
            NAME,
            column("Status"),
            column("Volume"),
            column("Capacity"),
            column("Access Modes"),
            column("StorageClass"),
            column("VolumeAttributesClass"),
            AGE,
            wide("VolumeMode"),
        ],
        cluster
            .claims
            .iter()
            .map(|c| {
                let mut cells = match &c.bound {
                    Some((volume, capacity)) => {
                        // kubectl shows an object with a deletionTimestamp as Terminating.
                        let status = if c.deleted_at.is_some() { "Terminating" } else { "Bound" };
                        vec![status.into(), volume.clone(), gi(*capacity), c.mode.short().into()]
                    }
                    None => vec!["Pending".into(), String::new(), String::new(), String::new()],
                };
                cells.extend([c.class.clone(), "<unset>".into(), "Filesystem".into()]);
                (c.name.clone(), cells)
            })
            .collect(),
    )
}

/// The PersistentVolume columns, and each PersistentVolume's cells.
// Models pkg/printers/internalversion/printers.go printPersistentVolume
fn volumes(cluster: &Cluster) -> (Vec<Column>, Rows) {
    (
        vec![
            NAME,
            column("Capacity"),
            column("Access Modes"),
            column("Reclaim Policy"),
            column("Status"),
            column("Claim"),
            column("StorageClass"),
            column("VolumeAttributesClass"),
            column("Reason"),
            AGE,
            wide("VolumeMode"),
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
                    "Filesystem".into(),
                ];
                (v.name.clone(), cells)
            })
            .collect(),
    )
}

/// The CSIDriver columns, and each CSIDriver's cells.
// Models pkg/printers/internalversion/printers.go printCSIDriver
fn drivers(cluster: &Cluster) -> (Vec<Column>, Rows) {
    (
        vec![
            NAME,
            column("AttachRequired"),
            column("PodInfoOnMount"),
            column("StorageCapacity"),
            column("TokenRequests"),
            column("RequiresRepublish"),
            column("Modes"),
            AGE,
        ],
        cluster
            .drivers
            .iter()
            .map(|d| {
                let cells = vec![
                    yes_no(d.attach_required),
                    yes_no(d.pod_info_on_mount),
                    yes_no(false),
                    "<unset>".into(),
                    yes_no(false),
                    "Persistent".into(),
                ];
                (d.name.clone(), cells)
            })
            .collect(),
    )
}

/// The VolumeAttachment columns, and each VolumeAttachment's cells.
// Models pkg/printers/internalversion/printers.go printVolumeAttachment
fn attachments(cluster: &Cluster) -> (Vec<Column>, Rows) {
    (
        vec![NAME, column("Attacher"), column("PV"), column("Node"), column("Attached"), AGE],
        cluster
            .attachments
            .iter()
            .map(|a| (a.name(), vec![PROVISIONER.into(), a.volume.clone(), a.node.clone(), yes_no(a.attached)]))
            .collect(),
    )
}

/// The StatefulSet columns, and each StatefulSet's cells.
// Models pkg/printers/internalversion/printers.go printStatefulSet
fn sets(cluster: &Cluster) -> (Vec<Column>, Rows) {
    (
        vec![NAME, column("Ready"), AGE, wide("Containers"), wide("Images")],
        cluster
            .sets
            .iter()
            .map(|s| (s.name.clone(), vec![format!("{}/{}", s.ready, s.replicas), CONTAINER.into(), IMAGE.into()]))
            .collect(),
    )
}

/// The Pod columns, and each Pod's cells.
// Models pkg/printers/internalversion/printers.go printPod
fn pods(cluster: &Cluster) -> (Vec<Column>, Rows) {
    (
        vec![
            NAME,
            column("Ready"),
            column("Status"),
            column("Restarts"),
            AGE,
            wide("IP"),
            wide("Node"),
            wide("Nominated Node"),
            wide("Readiness Gates"),
        ],
        cluster
            .pods
            .iter()
            .map(|p| {
                let ready = if p.ready { "1/1" } else { "0/1" };
                // `printPod`: a deletionTimestamp on a pod that has not finished is
                // Terminating. "Unknown" needs status.reason NodeLost, which no controller sets
                // any more, so a lost node's pod shows Running until it is evicted.
                // A container's waiting reason is the pod's status while it has one.
                let status = match (&p.node, p.deleted) {
                    (_, Some(_)) => "Terminating",
                    (Some(_), None) if p.creating => CONTAINER_CREATING,
                    (Some(_), None) => "Running",
                    (None, None) => "Pending",
                };
                let node = p.node.clone().unwrap_or_else(none);
                (p.name.clone(), vec![ready.into(), status.into(), "0".into(), none(), node, none(), none()])
            })
            .collect(),
    )
}
