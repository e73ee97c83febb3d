//! kubectl's read-only commands as our printer answers them at a moment: `get` (kinds and short
//! names, comma lists, names, `-o wide|name|yaml|json|jsonpath=...`, `-l`, `--show-labels`, `-A`,
//! `-n`), and `describe` (a kind with a name, or every object of the kind). Their texts are checked
//! against the real kubectl's, which ran against the served cluster at the same moment
//! (`crates/replay/tests/kubectl.rs`).
//!
//! Both take the typed request the parser (`read/`) made of a line; [`run`] answers `None` for a
//! change, and for the jsonpath forms `json.rs` leaves out, which are the real kubectl's against
//! `kubevol-replay serve`.

use crate::read::{Describe, Get, Output, Request, Resource};
use crate::{json, print, ApiResource, Kind, Moment, Shown, Table, NAMESPACE};

/// kubectl's line for an object the server does not have.
pub(crate) fn not_found(kind: Option<Kind>, name: &str) -> String {
    let resource = kind.map_or(ApiResource::Event, ApiResource::Kind).qualified();
    format!("Error from server (NotFound): {resource} \"{name}\" not found\n")
}

/// What our printer prints for a read at the moment, with `[exit 1]` after an error as the golden
/// table writes it; `None` for a change, and for what it leaves to the real kubectl (the jsonpath
/// forms `json.rs` does not answer).
pub fn run(moment: &Moment, request: &Request) -> Option<String> {
    match request {
        Request::Get(get) => self::get(moment, get),
        Request::Describe(describe) => Some(self::describe(moment, describe)),
        _ => None,
    }
}

/// Whether a namespace asked for is another than the one every demo object lives in.
fn elsewhere(namespace: &Option<String>) -> Option<&str> {
    namespace.as_deref().filter(|ns| *ns != NAMESPACE)
}

/// `kubectl describe KIND [NAME]`. A name that no object has describes every object whose name
/// begins with it, each followed by a blank line (`DescribeMatchingResources`), and is not found
/// only if none does.
// Models staging/src/k8s.io/kubectl/pkg/cmd/describe/describe.go DescribeOptions.Run
fn describe(moment: &Moment, request: &Describe) -> String {
    let kind = request.kind;
    let away = kind.namespaced() && elsewhere(&request.namespace).is_some();
    let Some(name) = &request.name else {
        return match elsewhere(&request.namespace) {
            Some(ns) if away => format!("No resources found in {ns} namespace.\n"),
            _ => moment.describe_all(kind),
        };
    };
    let names: Vec<String> = match away {
        true => Vec::new(),
        false => moment.cluster.names().into_iter().filter(|(k, _)| *k == kind).map(|(_, n)| n).collect(),
    };
    if names.iter().any(|n| n == name) {
        return moment.describe(kind, name);
    }
    let matching: String = names
        .iter()
        .filter(|n| n.starts_with(name.as_str()))
        .map(|n| format!("{}\n", moment.describe(kind, n)))
        .collect();
    if matching.is_empty() {
        return format!("{}[exit 1]\n", not_found(Some(kind), name));
    }
    matching
}

// Models staging/src/k8s.io/kubectl/pkg/cmd/get/get.go GetOptions.Run
fn get(moment: &Moment, request: &Get) -> Option<String> {
    let names = &request.names;
    let output = &request.output;
    let shown = Shown {
        wide: *output == Output::Wide,
        show_labels: request.show_labels,
        all_namespaces: request.all_namespaces,
    };
    let elsewhere = elsewhere(&request.namespace);
    let mut tables: Vec<(Option<Kind>, Table)> = Vec::new();
    let mut missing = String::new();
    for resource in &request.resources {
        let kind = resource.kind();
        let mut table = match resource {
            Resource::Kind(kind) => moment.table(*kind),
            Resource::Events => moment.event_table(),
        };
        let namespaced = table.namespaced;
        if namespaced && elsewhere.is_some() {
            table.rows.clear();
        }
        if let Some(requirements) = &request.selector {
            table.rows.retain(|row| requirements.matches(&row.labels));
        }
        if !names.is_empty() {
            for name in names.iter().filter(|n| !table.rows.iter().any(|r| r.name == **n)) {
                missing.push_str(&not_found(kind, name));
            }
            table.rows.retain(|row| names.contains(&row.name));
            table.rows.sort_by_key(|row| names.iter().position(|n| *n == row.name));
        }
        tables.push((kind, table));
    }
    let kinds = request.resources.len();
    let prefix = kinds > 1 || !names.is_empty() && *output == Output::Name;
    let mut out = match output {
        Output::Name => tables
            .iter()
            .flat_map(|(_, t)| t.rows.iter().map(move |r| format!("{}/{}\n", t.resource, r.name)))
            .collect::<String>(),
        Output::Json | Output::Yaml | Output::JsonPath(_) => {
            let docs: Vec<crate::Value> = tables
                .iter()
                .flat_map(|(kind, t)| t.rows.iter().map(move |r| kind.and_then(|k| moment.object(k, &r.name))))
                .collect::<Option<Vec<crate::Value>>>()?;
            let template = match output {
                Output::JsonPath(template) => Some(template),
                _ => None,
            };
            match (docs.len(), names.len(), kinds) {
                (0, ..) if !names.is_empty() => String::new(),
                (count, names, kinds) if *output != Output::Yaml => {
                    match printed(docs, (count, names, kinds) == (1, 1, 1), template, &missing) {
                        Ok(text) => text,
                        Err(error) => return error,
                    }
                }
                (1, 1, 1) => docs.iter().map(crate::yaml).collect(),
                _ => crate::yaml(&json::list(docs)),
            }
        }
        Output::Table | Output::Wide => {
            let found: Vec<Table> = tables.into_iter().map(|(_, t)| t).collect();
            if found.iter().all(|t| t.rows.is_empty()) && !names.is_empty() {
                String::new()
            } else if found.iter().all(|t| t.rows.is_empty()) {
                match elsewhere {
                    Some(ns) if !shown.all_namespaces && found.iter().all(|t| t.namespaced) => {
                        format!("No resources found in {ns} namespace.\n")
                    }
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

/// `-o json`, or `-o jsonpath=<template>` when given, of the objects: one named object alone, else
/// kubectl's List. `Err` is what `run` answers instead: kubectl's error, or `None` for a template
/// our printer does not answer.
fn printed(
    mut docs: Vec<crate::Value>,
    one: bool,
    template: Option<&Result<json::Template, String>>,
    missing: &str,
) -> Result<String, Option<String>> {
    let value = match docs.pop() {
        Some(item) if one => item,
        last => json::list(docs.into_iter().chain(last).collect()),
    };
    let Some(template) = template else {
        return Ok(json::json(&value));
    };
    // kubectl makes its printer only once it has objects, and a template it cannot read ends it
    // there; a template that fails on the objects is listed after the names it did not find.
    let template = template.as_ref().map_err(|e| Some(format!("error: {e}[exit 1]\n")))?;
    template.print(&value).map_err(|e| {
        e.map(|e| match missing {
            "" => format!("error: {e}[exit 1]\n"),
            _ => format!("{missing}{e}\n[exit 1]\n"),
        })
    })
}
