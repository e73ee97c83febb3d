//! `kubectl get`: kinds and short names, comma lists, names, `-o wide|name|yaml|json|jsonpath=...`,
//! `-l`, `--show-labels`, `-A`, `-n`, and `-w`, whose rows the prompt prints again as the demo
//! moves ([`watched`]).

use super::found::{elsewhere, not_found};
use crate::jsonpath::Template;
use crate::read::args::{no_slash, no_such_type, CANNOT_PRINT};
use crate::read::flags::Parsed;
use crate::value::json;
use crate::{print, Kind, LabelSelector, Moment, Outcome, Resource, Row, Shown, Table};

/// `kubectl get`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Get {
    /// In the order typed, `all` read as the demos' kinds in its category (pods, sets).
    pub resources: Vec<Resource>,
    pub names: Vec<String>,
    pub output: Output,
    pub selector: Option<LabelSelector>,
    pub namespace: Option<String>,
    pub all_namespaces: bool,
    pub show_labels: bool,
    pub watch: bool,
}

/// `-o`: kubectl's printers that the demo prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    Table,
    Wide,
    Name,
    Yaml,
    Json,
    /// `-o jsonpath=...`: the template as kubectl's printer read it, or the error that printer gives
    /// once it has objects to print.
    JsonPath(Result<Template, String>),
}

/// kubectl's output formats, as its error for another lists them.
const PRINTERS: [&str; 13] = [
    "custom-columns",
    "custom-columns-file",
    "go-template",
    "go-template-file",
    "json",
    "jsonpath",
    "jsonpath-as-json",
    "jsonpath-file",
    "name",
    "template",
    "templatefile",
    "wide",
    "yaml",
];

// Models staging/src/k8s.io/kubectl/pkg/cmd/get/get.go GetOptions.Complete
pub fn read(parsed: &Parsed, namespace: Option<String>) -> Result<Get, String> {
    if parsed.args.is_empty() {
        return Err("You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete \
                    list of supported resources.\n\nerror: Required resource not specified.\nUse \"kubectl explain \
                    <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).\nSee \
                    'kubectl get -h' for help and examples\n"
            .into());
    }
    no_slash("get", parsed)?;
    let given = parsed.get("output").unwrap_or_default();
    let format = given.split_once('=').map_or(given, |(f, _)| f);
    // kubectl reads json and yaml in any case, but the rest only as written.
    let output = match given {
        "" => Output::Table,
        "wide" => Output::Wide,
        "name" => Output::Name,
        _ if given.eq_ignore_ascii_case("json") => Output::Json,
        _ if given.eq_ignore_ascii_case("yaml") => Output::Yaml,
        _ if format == "jsonpath" => {
            let template = given.strip_prefix("jsonpath=").unwrap_or_default();
            match Template::parse(template) {
                Ok(template) => Output::JsonPath(Ok(template)),
                Err(Some(error)) => Output::JsonPath(Err(error)),
                Err(None) => return Err(CANNOT_PRINT.into()),
            }
        }
        _ if PRINTERS.contains(&format) => return Err(CANNOT_PRINT.into()),
        _ => {
            return Err(format!(
                "error: unable to match a printer suitable for the output format \"{given}\", allowed formats are: \
                 {}\n",
                PRINTERS.join(",")
            ))
        }
    };
    let selector = match parsed.get("selector") {
        Some(text) => Some(LabelSelector::parse(text).map_err(|_| CANNOT_PRINT.to_string())?),
        None => None,
    };
    let show_labels = parsed.on("show-labels");
    // Labels are a column of the table printer: every other printer refuses them, first thing.
    if show_labels && !matches!(output, Output::Table | Output::Wide) {
        return Err(format!("error: --show-labels option cannot be used with {given} printer\n"));
    }
    let (types, names) = parsed.args.split_first().ok_or(CANNOT_PRINT)?;
    let mut resources = Vec::new();
    for word in types.split(',') {
        // The `all` category, as discovery lists it: the demos' kinds in it are pods and sets.
        if word == "all" {
            resources.extend([Resource::Kind(Kind::Pod), Resource::Kind(Kind::StatefulSet)]);
            continue;
        }
        // The nodes' Leases are the served cluster's own, not the demos'.
        if matches!(word, "lease" | "leases" | "leases.coordination.k8s.io") {
            return Err(CANNOT_PRINT.into());
        }
        resources.push(Resource::typed(word).ok_or_else(|| no_such_type(word))?);
    }
    Ok(Get {
        resources,
        names: names.to_vec(),
        output,
        selector,
        namespace,
        all_namespaces: parsed.on("all-namespaces"),
        show_labels,
        watch: parsed.on("watch"),
    })
}

// Models staging/src/k8s.io/kubectl/pkg/cmd/get/get.go GetOptions.Run
pub fn run(moment: &Moment, request: &Get) -> Option<Outcome> {
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
            Resource::Event => moment.event_table(),
            // The parser reads no Lease (`Resource::typed`): the served cluster's own.
            Resource::Lease => return None,
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
    out.push_str(&missing);
    Some(Outcome { text: out, failed: !missing.is_empty() })
}

/// `-o json`, or `-o jsonpath=<template>` when given, of the objects: one named object alone, else
/// kubectl's List. `Err` is what `run` answers instead: kubectl's error (a failure), or `None` for
/// a template our printer does not answer.
fn printed(
    mut docs: Vec<crate::Value>,
    one: bool,
    template: Option<&Result<Template, String>>,
    missing: &str,
) -> Result<String, Option<Outcome>> {
    let value = match docs.pop() {
        Some(item) if one => item,
        last => json::list(docs.into_iter().chain(last).collect()),
    };
    let Some(template) = template else {
        return Ok(json::json(&value));
    };
    // kubectl makes its printer only once it has objects, and a template it cannot read ends it
    // there; a template that fails on the objects is listed after the names it did not find.
    let template = template.as_ref().map_err(|e| Some(Outcome::failed(format!("error: {e}"))))?;
    template.print(&value).map_err(|e| {
        e.map(|e| match missing {
            "" => Outcome::failed(format!("error: {e}")),
            _ => Outcome::failed(format!("{missing}{e}\n")),
        })
    })
}

/// `get -w`: once the demo has moved from `before` to `after`, the rows kubectl's watch prints for
/// the `get` it watches: each listed object that is new or changed (its tree differs), and each
/// gone, as it last was. AGE alone changes nothing: the object is the same.
// Models staging/src/k8s.io/kubectl/pkg/cmd/get/get.go GetOptions.watch
pub fn watched(before: &Moment, after: &Moment, get: &Get) -> String {
    let names = &get.names;
    let shown =
        Shown { wide: get.output == Output::Wide, show_labels: get.show_labels, all_namespaces: get.all_namespaces };
    let mut out = String::new();
    for kind in get.resources.iter().map(|r| r.kind()) {
        let table = |moment: &Moment| match kind {
            Some(kind) => moment.table(kind),
            None => moment.event_table(),
        };
        let (old, mut new) = (table(before), table(after));
        let same = |name: &str| match kind {
            Some(kind) => before.object(kind, name) == after.object(kind, name),
            None => old.rows.iter().any(|r| r.name == name),
        };
        let gone: Vec<Row> = old.rows.iter().filter(|r| !new.rows.iter().any(|n| n.name == r.name)).cloned().collect();
        new.rows.retain(|r| !same(&r.name));
        new.rows.extend(gone);
        new.rows.retain(|r| names.is_empty() || names.contains(&r.name));
        for row in new.rows {
            let one = Table { rows: vec![row], ..table(after) };
            // Each event is printed alone, as kubectl's watch does: without the header.
            if let Some((_, line)) = print(&[one], false, shown).split_once('\n') {
                out.push_str(line);
            }
        }
    }
    out
}
