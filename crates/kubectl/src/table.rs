//! `kubectl get` tables, laid out as kubectl lays them out: a Go tabwriter with minimum width 6
//! and padding 3, the last column unpadded. Several kinds at once print one table each, names
//! prefixed with the resource, separated by a blank line. Each kind's columns and cells, as the API
//! server's Table printers define them, are in its file (`kind/`); the pieces they are made of are
//! here. Each piece names its upstream code in a `// Models` line.

use crate::NAMESPACE;

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

/// The name column every kind's table starts with, and its age column: `kind/mod.rs` fills both.
pub(crate) const NAME: Column = Column { format: "name", ..column("Name") };
pub(crate) const AGE: Column = column("Age");

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

/// Each object's name and its cells but its name and age, as a kind's printer writes them.
pub(crate) type Rows = Vec<(String, Vec<String>)>;

/// A boolean cell, as kubectl prints one.
pub(crate) fn yes_no(b: bool) -> String {
    if b { "true" } else { "false" }.to_string()
}

/// An empty cell, as kubectl prints one.
pub(crate) fn none() -> String {
    "<none>".to_string()
}
