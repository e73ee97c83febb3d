//! Label and field selectors as the API server reads them (`k8s.io/apimachinery/pkg/labels` and
//! `.../fields`): a selector that does not parse, or a field the resource cannot be selected by,
//! is a 400 with the API server's own words. Labels are read as our `kubectl get -l` reads them
//! (`kubevol_kubectl::LabelSelector`).

use kubevol_kubectl::{LabelSelector, Resource};
use serde_json::Value;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selector {
    labels: LabelSelector,
    /// `(field path, wanted value, equal)`.
    fields: Vec<(String, String, bool)>,
}

/// The fields each resource can be selected by, besides `metadata.name` and `metadata.namespace`
/// (each kind's `GetAttrs`/`SelectableFields` in `pkg/registry`).
// Models pkg/registry/core/pod/strategy.go ToSelectableFields
fn selectable(resource: Resource) -> &'static [&'static str] {
    use kubevol_kubectl::Kind;
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
        let mut selector =
            Selector { labels: LabelSelector::parse(labels.unwrap_or_default())?, ..Selector::default() };
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
        let labels: Vec<(String, String)> = object["metadata"]["labels"]
            .as_object()
            .map(|m| m.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect())
            .unwrap_or_default();
        self.labels.matches(&labels)
            && self.fields.iter().all(|(path, want, equal)| (field(object, path) == *want) == *equal)
    }
}
