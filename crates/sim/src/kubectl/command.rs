//! kubectl's read-only commands as our printer answers them at a moment: `get` (kinds and short
//! names, comma lists, names, `-o wide|name|yaml`, `-l`, `--show-labels`, `-A`, `-n`), and the
//! Events section of `describe`. Their texts are checked against the real kubectl's, which ran
//! against the served cluster at the same moment (`crates/replay/tests/kubectl.rs`).
//!
//! [`run`] answers `None` for what it does not print itself (other flags, `-o json`, the rest of
//! a `describe`, changes): those are the real kubectl's against `kubevol-replay serve`.

use super::{print, Kind, LabelSelector, Moment, Shown, Table, NAMESPACE};

/// What a reader may type for a resource type: the kind, or `None` for Events.
fn resource(word: &str) -> Option<Option<Kind>> {
    let word = word.to_ascii_lowercase();
    if matches!(word.as_str(), "event" | "events" | "ev") {
        return Some(None);
    }
    Kind::ALL.into_iter().find_map(|kind| {
        let (plural, group, short) = kind.api();
        let singular = kind.name().to_ascii_lowercase();
        let names = [plural.to_string(), singular.clone(), format!("{plural}.{group}"), format!("{singular}.{group}")];
        (names.contains(&word) || short.contains(&word.as_str())).then_some(Some(kind))
    })
}

/// kubectl's line for an object the server does not have.
fn not_found(kind: Option<Kind>, name: &str) -> String {
    let resource = match kind {
        Some(kind) => {
            let (plural, group, _) = kind.api();
            if group.is_empty() {
                plural.to_string()
            } else {
                format!("{plural}.{group}")
            }
        }
        None => "events".to_string(),
    };
    format!("Error from server (NotFound): {resource} \"{name}\" not found\n")
}

/// What our printer prints for `kubectl <args>` at the moment, with `[exit 1]` after an error as
/// the golden table writes it; `None` for what it leaves to the real kubectl.
pub fn run(moment: &Moment, args: &[&str]) -> Option<String> {
    match *args.first()? {
        "get" => get(moment, &args[1..]),
        "describe" => {
            let [kind, name] = args[1..] else {
                return None;
            };
            // Events have no describer of their own.
            let kind = resource(kind)??;
            if !moment.cluster.names().iter().any(|(k, n)| *k == kind && n == name) {
                return Some(format!("{}[exit 1]\n", not_found(Some(kind), name)));
            }
            Some(moment.describe_events(kind, name))
        }
        _ => None,
    }
}

fn get(moment: &Moment, args: &[&str]) -> Option<String> {
    let (mut words, mut shown, mut output, mut labels, mut namespace) = (Vec::new(), Shown::default(), "", None, None);
    let mut args = args.iter();
    while let Some(&arg) = args.next() {
        match arg {
            "-o" | "--output" => output = args.next()?,
            "-l" | "--selector" => labels = Some(LabelSelector::parse(args.next()?).ok()?),
            "-n" | "--namespace" => namespace = Some(*args.next()?),
            "-A" | "--all-namespaces" => shown.all_namespaces = true,
            "--show-labels" => shown.show_labels = true,
            flag if flag.starts_with('-') => return None,
            word => words.push(word),
        }
    }
    match output {
        "" | "name" | "yaml" => {}
        "wide" => shown.wide = true,
        _ => return None,
    }
    let (types, names) = words.split_first()?;
    let mut kinds = Vec::new();
    for word in types.split(',') {
        // The `all` category, as discovery lists it: the demos' kinds in it are pods and sets.
        if word == "all" {
            kinds.extend([Some(Kind::Pod), Some(Kind::StatefulSet)]);
            continue;
        }
        // The nodes' Leases are the served cluster's own, not the demos': the real kubectl's.
        if matches!(word, "lease" | "leases" | "leases.coordination.k8s.io") {
            return None;
        }
        match resource(word) {
            Some(kind) => kinds.push(kind),
            None => return Some(format!("error: the server doesn't have a resource type \"{word}\"\n[exit 1]\n")),
        }
    }
    let elsewhere = namespace.filter(|ns| *ns != NAMESPACE);
    let mut tables: Vec<(Option<Kind>, Table)> = Vec::new();
    let mut missing = String::new();
    for kind in &kinds {
        let mut table = match kind {
            Some(kind) => moment.table(*kind),
            None => moment.event_table(),
        };
        let namespaced = table.namespaced;
        if namespaced && elsewhere.is_some() {
            table.rows.clear();
        }
        if let Some(requirements) = &labels {
            table.rows.retain(|row| requirements.matches(&row.labels));
        }
        if !names.is_empty() {
            for name in names.iter().filter(|n| !table.rows.iter().any(|r| r.name == **n)) {
                missing.push_str(&not_found(*kind, name));
            }
            table.rows.retain(|row| names.contains(&row.name.as_str()));
            table.rows.sort_by_key(|row| names.iter().position(|n| *n == row.name));
        }
        tables.push((*kind, table));
    }
    let prefix = kinds.len() > 1 || !names.is_empty() && output == "name";
    let mut out = match output {
        "name" => tables
            .iter()
            .flat_map(|(_, t)| t.rows.iter().map(move |r| format!("{}/{}\n", t.resource, r.name)))
            .collect::<String>(),
        "yaml" => {
            let docs: Vec<String> = tables
                .iter()
                .flat_map(|(kind, t)| t.rows.iter().map(move |r| kind.and_then(|k| moment.yaml(k, &r.name))))
                .collect::<Option<Vec<String>>>()?;
            match (docs.as_slice(), names.len(), kinds.len()) {
                ([one], 1, 1) => one.clone(),
                ([], ..) if !names.is_empty() => String::new(),
                _ => {
                    let items: String = docs
                        .iter()
                        .map(|d| {
                            d.lines()
                                .enumerate()
                                .map(|(i, l)| format!("{}{l}\n", if i == 0 { "- " } else { "  " }))
                                .collect::<String>()
                        })
                        .collect();
                    let items = if items.is_empty() { "items: []\n".to_string() } else { format!("items:\n{items}") };
                    format!("apiVersion: v1\n{items}kind: List\nmetadata:\n  resourceVersion: \"\"\n")
                }
            }
        }
        _ => {
            let found: Vec<Table> = tables.into_iter().map(|(_, t)| t).collect();
            if found.iter().all(|t| t.rows.is_empty()) && !names.is_empty() {
                String::new()
            } else if found.iter().all(|t| t.rows.is_empty()) {
                match elsewhere {
                    Some(ns) if !shown.all_namespaces => format!("No resources found in {ns} namespace.\n"),
                    _ => print(&found, false, shown),
                }
            } else {
                print(&found, prefix, shown)
            }
        }
    };
    if !missing.is_empty() {
        out.push_str(&missing);
        out.push_str("[exit 1]\n");
    }
    Some(out)
}
