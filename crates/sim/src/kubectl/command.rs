//! kubectl's read-only commands as our printer answers them at a moment: `get` (kinds and short
//! names, comma lists, names, `-o wide|name|yaml|json|jsonpath=...`, `-l`, `--show-labels`, `-A`,
//! `-n`), and `describe` (a kind with a name, or every object of the kind). Their texts are checked
//! against the real kubectl's, which ran against the served cluster at the same moment
//! (`crates/replay/tests/kubectl.rs`).
//!
//! [`run`] answers `None` for what it does not print itself (other flags and output formats, the
//! jsonpath forms `json.rs` leaves out, changes): those are the real kubectl's against
//! `kubevol-replay serve`.

use super::{json, print, Kind, LabelSelector, Moment, Shown, Table, NAMESPACE};

/// What a reader may type for a resource type: the kind, or `None` for Events.
pub(super) fn resource(word: &str) -> Option<Option<Kind>> {
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
pub(super) fn not_found(kind: Option<Kind>, name: &str) -> String {
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
        "describe" => describe(moment, &args[1..]),
        _ => None,
    }
}

/// `kubectl describe KIND [NAME]` (or `KIND/NAME`). A name apart from its kind that no object has
/// describes every object whose name begins with it, each followed by a blank line
/// (`DescribeMatchingResources`), and is not found only if none does.
fn describe(moment: &Moment, args: &[&str]) -> Option<String> {
    let (word, name) = match *args {
        [] => {
            let error = "error: You must specify the type of resource to describe. Use \"kubectl api-resources\" \
                         for a complete list of supported resources.";
            return Some(format!("{error}\n[exit 1]\n"));
        }
        [word] => word.split_once('/').map_or((word, None), |(word, name)| (word, Some(name))),
        [word, name] if !word.contains('/') => (word, Some(name)),
        _ => return None,
    };
    if word.starts_with('-') || name.is_some_and(|n| n.is_empty() || n.starts_with('-')) {
        return None;
    }
    let Some(kind) = resource(word) else {
        // kubectl reads a dotted word as a resource and its group or version, and names the part it
        // did not find: the real kubectl's.
        if word.contains('.') {
            return None;
        }
        return Some(format!("error: the server doesn't have a resource type \"{word}\"\n[exit 1]\n"));
    };
    // Events have no describer of their own: the real kubectl's.
    let kind = kind?;
    let Some(name) = name else {
        return Some(moment.describe_all(kind));
    };
    let names: Vec<String> = moment.cluster.names().into_iter().filter(|(k, _)| *k == kind).map(|(_, n)| n).collect();
    if names.iter().any(|n| n == name) {
        return Some(moment.describe(kind, name));
    }
    let prefix = args.len() == 2;
    let matching: String = names
        .iter()
        .filter(|n| prefix && n.starts_with(name))
        .map(|n| format!("{}\n", moment.describe(kind, n)))
        .collect();
    if matching.is_empty() {
        return Some(format!("{}[exit 1]\n", not_found(Some(kind), name)));
    }
    Some(matching)
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
            // pflag's other spellings: `-ojson`, `-o=json`, `--output=json` (`-o=` is `=`).
            flag if flag.starts_with("-o") || flag.starts_with("--output=") => {
                let joined = flag.strip_prefix("-o=").filter(|o| !o.is_empty());
                output = flag.strip_prefix("--output=").or(joined).or(flag.strip_prefix("-o"))?;
            }
            flag if flag.starts_with('-') => return None,
            word => words.push(word),
        }
    }
    // kubectl reads json and yaml in any case, but jsonpath only as written.
    let template = output.strip_prefix("jsonpath=").or((output == "jsonpath").then_some(""));
    let json = output.eq_ignore_ascii_case("json");
    let yaml = output.eq_ignore_ascii_case("yaml");
    match output {
        "" | "name" => {}
        "wide" => shown.wide = true,
        _ if json || yaml || template.is_some() => {}
        _ => return None,
    }
    // Labels are a column of the table printer: every other printer refuses them, first thing.
    if shown.show_labels && !matches!(output, "" | "wide") {
        return Some(format!("error: --show-labels option cannot be used with {output} printer\n[exit 1]\n"));
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
        _ if json || yaml || template.is_some() => {
            let docs: Vec<String> = tables
                .iter()
                .flat_map(|(kind, t)| t.rows.iter().map(move |r| kind.and_then(|k| moment.yaml(k, &r.name))))
                .collect::<Option<Vec<String>>>()?;
            match (docs.as_slice(), names.len(), kinds.len()) {
                ([], ..) if !names.is_empty() => String::new(),
                (docs, names, kinds) if !yaml => {
                    match printed(docs, (docs.len(), names, kinds) == (1, 1, 1), template, &missing) {
                        Ok(text) => text,
                        Err(error) => return error,
                    }
                }
                ([one], 1, 1) => one.clone(),
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

/// `-o json`, or `-o jsonpath=<template>` when given, of the objects' YAML: one named object alone,
/// else kubectl's List. `Err` is what `run` answers instead: kubectl's error, or `None` for a
/// template our printer does not answer.
fn printed(docs: &[String], one: bool, template: Option<&str>, missing: &str) -> Result<String, Option<String>> {
    let mut items: Vec<json::Value> = docs.iter().map(|d| json::read(d)).collect();
    let value = match items.pop() {
        Some(item) if one => item,
        last => json::list(items.into_iter().chain(last).collect()),
    };
    let Some(template) = template else {
        return Ok(json::json(&value));
    };
    // kubectl makes its printer only once it has objects, and a template it cannot read ends it
    // there; a template that fails on the objects is listed after the names it did not find.
    let template = json::Template::parse(template).map_err(|e| e.map(|e| format!("error: {e}[exit 1]\n")))?;
    template.print(&value).map_err(|e| {
        e.map(|e| match missing {
            "" => format!("error: {e}[exit 1]\n"),
            _ => format!("{missing}{e}\n[exit 1]\n"),
        })
    })
}
