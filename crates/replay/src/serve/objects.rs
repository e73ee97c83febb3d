//! The objects of a moment as the API server returns them: each object's JSON (the kubectl fold's
//! value tree of it, so both say the same), lists, `meta.k8s.io/v1` Tables and the Events.

use kubevol_kubectl::Value as Tree;
use kubevol_kubectl::{
    age, event_name, timestamp, uid_at, Column, Kind, KindWords, Moment, Resource, Row, Table, NAMESPACE,
};
use serde_json::{json, Map, Value};

use super::select::Selector;

/// The resourceVersion of a moment: it grows with every step.
pub fn resource_version(moment: &Moment) -> String {
    (1000 + moment.now).to_string()
}

/// One object of the moment as JSON.
pub fn object(moment: &Moment, kind: Kind, name: &str) -> Option<Value> {
    moment.object(kind, name).map(|o| to_json(&o))
}

/// An object's tree as JSON, its keys in the tree's order.
pub fn to_json(tree: &Tree) -> Value {
    match tree {
        Tree::Null => Value::Null,
        Tree::Bool(b) => Value::Bool(*b),
        Tree::Int(n) => json!(n),
        Tree::Str(s) => Value::String(s.clone()),
        Tree::List(items) => Value::Array(items.iter().map(to_json).collect()),
        Tree::Map(entries) => Value::Object(entries.iter().map(|(k, v)| (k.clone(), to_json(v))).collect()),
    }
}

/// Every object of a resource at the moment, with its name, as the API server keeps them.
pub fn objects(moment: &Moment, resource: Resource) -> Vec<(String, Value)> {
    match resource {
        Resource::Kind(kind) => moment
            .cluster
            .names()
            .into_iter()
            .filter(|(k, _)| *k == kind)
            .filter_map(|(_, name)| object(moment, kind, &name).map(|o| (name, o)))
            .collect(),
        Resource::Event => events(moment),
        Resource::Lease => leases(moment),
    }
}

/// The objects of a resource that a request's selectors and namespace pick.
pub fn picked(
    moment: &Moment,
    resource: Resource,
    namespace: Option<&str>,
    selector: &Selector,
) -> Vec<(String, Value)> {
    objects(moment, resource)
        .into_iter()
        .filter(|(_, o)| namespace.is_none_or(|ns| o["metadata"]["namespace"].as_str() == Some(ns)))
        .filter(|(_, o)| selector.matches(o))
        .collect()
}

/// A `<Kind>List`.
pub fn list(moment: &Moment, resource: Resource, items: Vec<Value>) -> Value {
    json!({
        "kind": format!("{}List", resource.api().kind),
        "apiVersion": resource.api().api_version(),
        "metadata": {"resourceVersion": resource_version(moment)},
        "items": items,
    })
}

/// The metadata a Table row carries for `--show-labels` and `-A` (`PartialObjectMetadata`).
fn partial(object: &Value) -> Value {
    json!({"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1", "metadata": object["metadata"]})
}

/// How much of each object a Table row carries (`includeObject`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Include {
    None,
    Metadata,
    Object,
}

/// A `meta.k8s.io/v1` Table of the picked objects, with the columns and cells of the API server's
/// printers (`kubevol_kubectl::table`); `columns: false` for a watch event after the first.
// Models staging/src/k8s.io/apiserver/pkg/endpoints/handlers/response.go transformObject
pub fn table(
    moment: &Moment,
    resource: Resource,
    picked: &[(String, Value)],
    include: Include,
    columns: bool,
) -> Value {
    let table = match resource {
        Resource::Kind(kind) => moment.table(kind),
        Resource::Event => moment.event_table(),
        Resource::Lease => lease_table(moment),
    };
    let definitions: Vec<Value> = table
        .columns
        .iter()
        .map(|c| json!({"name": c.name, "type": c.kind, "format": c.format, "description": "", "priority": c.priority}))
        .collect();
    let rows: Vec<Value> = picked
        .iter()
        .filter_map(|(name, object)| {
            let row = table.rows.iter().find(|r| r.name == *name)?;
            let cells: Vec<Value> = row
                .cells
                .iter()
                .zip(&table.columns)
                .map(|(cell, column)| match (column.kind, cell.parse::<i64>()) {
                    ("integer", Ok(n)) => json!(n),
                    _ => json!(cell),
                })
                .collect();
            let mut row = Map::new();
            row.insert("cells".into(), Value::Array(cells));
            match include {
                Include::None => {}
                Include::Metadata => {
                    row.insert("object".into(), partial(object));
                }
                Include::Object => {
                    row.insert("object".into(), object.clone());
                }
            }
            Some(Value::Object(row))
        })
        .collect();
    let mut out = json!({
        "kind": "Table",
        "apiVersion": "meta.k8s.io/v1",
        "metadata": {"resourceVersion": resource_version(moment)},
        "rows": rows,
    });
    if columns {
        out["columnDefinitions"] = Value::Array(definitions);
    }
    out
}

/// Every Event of the moment as `core/v1` Events, in the order they were first recorded: the
/// same Events, counted the same way, as the `Events:` of the kubectl fold.
pub fn events(moment: &Moment) -> Vec<(String, Value)> {
    moment
        .all_counted()
        .into_iter()
        .enumerate()
        .map(|(index, (counted, born))| {
            let e = counted.event;
            let (kind, name) = (e.object.0, e.object.1.as_str());
            let event_name = event_name(name, index);
            let mut involved = json!({
                "kind": kind.api().kind,
                "name": name,
                "uid": uid_at(kind, name, born),
                "apiVersion": kind.api().api_version(),
                "resourceVersion": (1000 + born).to_string(),
            });
            if kind.api().namespaced {
                involved["namespace"] = json!(NAMESPACE);
            }
            let object = json!({
                "kind": Resource::Event.api().kind,
                "apiVersion": Resource::Event.api().api_version(),
                "metadata": {
                    "name": event_name,
                    "namespace": NAMESPACE,
                    "uid": format!("e0000000-0000-4000-8000-{index:012x}"),
                    "resourceVersion": (1000 + counted.last).to_string(),
                    "creationTimestamp": timestamp(counted.first),
                },
                "involvedObject": involved,
                "reason": e.reason,
                "message": e.message,
                "source": {"component": e.from},
                "firstTimestamp": timestamp(counted.first),
                "lastTimestamp": timestamp(counted.last),
                "count": counted.count,
                "type": if e.warning { "Warning" } else { "Normal" },
                "eventTime": null,
                "reportingComponent": e.from,
                "reportingInstance": "",
            });
            (event_name, object)
        })
        .collect()
}

/// The namespace node leases live in.
pub const NODE_LEASE_NAMESPACE: &str = "kube-node-lease";

/// Each node's Lease, renewed when `Moment::lease_renewed` says (kubectl describe prints it too).
pub fn leases(moment: &Moment) -> Vec<(String, Value)> {
    moment
        .cluster
        .nodes
        .iter()
        .map(|n| {
            let born = moment.born(Kind::Node, &n.name);
            let renewed = moment.lease_renewed(n);
            let lease = json!({
                "apiVersion": Resource::Lease.api().api_version(),
                "kind": Resource::Lease.api().kind,
                "metadata": {
                    "name": n.name,
                    "namespace": NODE_LEASE_NAMESPACE,
                    "uid": uid_at(Kind::Node, &format!("lease/{}", n.name), born),
                    "resourceVersion": (1000 + renewed).to_string(),
                    "creationTimestamp": timestamp(born),
                    "ownerReferences": [{
                        "apiVersion": Kind::Node.api().api_version(),
                        "kind": Kind::Node.api().kind,
                        "name": n.name,
                        "uid": uid_at(Kind::Node, &n.name, born),
                    }],
                },
                "spec": {
                    "holderIdentity": n.name,
                    "leaseDurationSeconds": 40,
                    // A MicroTime, as the kubelet writes it.
                    "renewTime": timestamp(renewed).replace('Z', ".000000Z"),
                },
            });
            (n.name.clone(), lease)
        })
        .collect()
}

/// The Lease table: name, holder, age.
// Models pkg/printers/internalversion/printers.go printLease
fn lease_table(moment: &Moment) -> Table {
    let column = |name: &'static str, format: &'static str| Column { name, kind: "string", format, priority: 0 };
    let rows = moment
        .cluster
        .nodes
        .iter()
        .map(|n| Row {
            name: n.name.clone(),
            cells: vec![n.name.clone(), n.name.clone(), age(moment.age(Kind::Node, &n.name))],
            labels: Vec::new(),
        })
        .collect();
    Table {
        resource: Resource::Lease.api().prefix(),
        namespaced: true,
        columns: vec![column("Name", "name"), column("Holder", ""), column("Age", "")],
        rows,
    }
}
