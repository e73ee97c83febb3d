//! Label and field selectors as the API server reads them (`k8s.io/apimachinery/pkg/labels` and
//! `.../fields`): a selector that does not parse, or a field the resource cannot be selected by,
//! is a 400 with the API server's own words.

use serde_json::Value;

use super::objects::Resource;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selector {
    labels: Vec<Requirement>,
    /// `(field path, wanted value, equal)`.
    fields: Vec<(String, String, bool)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Requirement {
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
    Exists(String),
    DoesNotExist(String),
}

/// The fields each resource can be selected by, besides `metadata.name` and `metadata.namespace`
/// (each kind's `GetAttrs`/`SelectableFields` in `pkg/registry`).
fn selectable(resource: Resource) -> &'static [&'static str] {
    use kubevol_sim::kubectl::Kind;
    match resource {
        Resource::Kind(Kind::Pod) => &[
            "spec.nodeName",
            "spec.restartPolicy",
            "spec.schedulerName",
            "spec.serviceAccountName",
            "spec.hostNetwork",
            "status.phase",
            "status.podIP",
            "status.nominatedNodeName",
        ],
        Resource::Kind(Kind::Node) => &["spec.unschedulable"],
        Resource::Kind(Kind::PersistentVolumeClaim) => &[],
        Resource::Kind(Kind::PersistentVolume) => &[],
        Resource::Event => &[
            "involvedObject.kind",
            "involvedObject.namespace",
            "involvedObject.name",
            "involvedObject.uid",
            "involvedObject.apiVersion",
            "involvedObject.resourceVersion",
            "involvedObject.fieldPath",
            "reason",
            "reportingComponent",
            "source",
            "type",
        ],
        _ => &[],
    }
}

fn valid_label_key(key: &str) -> bool {
    let name = key.rsplit_once('/').map_or(key, |(_, n)| n);
    !name.is_empty()
        && name.len() <= 63
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
        && name.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && name.chars().last().is_some_and(|c| c.is_ascii_alphanumeric())
}

/// Splits at commas that are not inside parentheses.
fn split_top(text: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

fn parse_label(part: &str) -> Result<Requirement, String> {
    let part = part.trim();
    let bad = || format!("unable to parse requirement: found '{part}', expected: in, notin, =, ==, !=, gt, lt");
    let key_ok = |key: &str| {
        if valid_label_key(key) {
            Ok(key.to_string())
        } else {
            Err(format!("unable to parse requirement: invalid label key \"{key}\""))
        }
    };
    if let Some(key) = part.strip_prefix('!') {
        return Ok(Requirement::DoesNotExist(key_ok(key.trim())?));
    }
    for (op, negate) in [("!=", true), ("==", false), ("=", false)] {
        if let Some((key, value)) = part.split_once(op) {
            let (key, value) = (key_ok(key.trim())?, value.trim().to_string());
            return Ok(if negate { Requirement::NotIn(key, vec![value]) } else { Requirement::In(key, vec![value]) });
        }
    }
    for (op, negate) in [(" notin ", true), (" in ", false)] {
        if let Some((key, values)) = part.split_once(op) {
            let values = values.trim().strip_prefix('(').and_then(|v| v.strip_suffix(')')).ok_or_else(bad)?;
            let values: Vec<String> = values.split(',').map(|v| v.trim().to_string()).collect();
            let key = key_ok(key.trim())?;
            return Ok(if negate { Requirement::NotIn(key, values) } else { Requirement::In(key, values) });
        }
    }
    if part.contains(|c: char| c.is_whitespace() || "()<>".contains(c)) {
        return Err(bad());
    }
    Ok(Requirement::Exists(key_ok(part)?))
}

/// A field's value in an object, as the field selector compares it (absent is empty).
fn field(object: &Value, path: &str) -> String {
    let path = if path == "source" { "source.component" } else { path };
    let value = path.split('.').fold(object, |v, key| &v[key]);
    match value {
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

impl Selector {
    /// The selectors of a request on `resource`; `Err` is the API server's message for a 400.
    pub fn parse(resource: Resource, labels: Option<&str>, fields: Option<&str>) -> Result<Selector, String> {
        let mut selector = Selector::default();
        for part in labels.map(split_top).unwrap_or_default() {
            if !part.trim().is_empty() {
                selector.labels.push(parse_label(part)?);
            }
        }
        for part in fields.map(|f| f.split(',').collect::<Vec<_>>()).unwrap_or_default() {
            if part.trim().is_empty() {
                continue;
            }
            let (path, value, equal) = if let Some((p, v)) = part.split_once("!=") {
                (p, v, false)
            } else if let Some((p, v)) = part.split_once("==") {
                (p, v, true)
            } else if let Some((p, v)) = part.split_once('=') {
                (p, v, true)
            } else {
                return Err(format!("invalid selector: '{part}'; can't understand '{part}'"));
            };
            let path = path.trim();
            if !matches!(path, "metadata.name" | "metadata.namespace") && !selectable(resource).contains(&path) {
                return Err(format!("field label not supported: {path}"));
            }
            selector.fields.push((path.to_string(), value.trim().to_string(), equal));
        }
        Ok(selector)
    }

    pub fn matches(&self, object: &Value) -> bool {
        let labels = &object["metadata"]["labels"];
        let label = |key: &str| labels.get(key).and_then(Value::as_str);
        let labels_ok = self.labels.iter().all(|r| match r {
            Requirement::In(k, vs) => label(k).is_some_and(|v| vs.iter().any(|w| w == v)),
            Requirement::NotIn(k, vs) => label(k).is_none_or(|v| vs.iter().all(|w| w != v)),
            Requirement::Exists(k) => label(k).is_some(),
            Requirement::DoesNotExist(k) => label(k).is_none(),
        });
        labels_ok && self.fields.iter().all(|(path, want, equal)| (field(object, path) == *want) == *equal)
    }
}
