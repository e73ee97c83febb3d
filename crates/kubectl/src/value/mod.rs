//! An object as kubectl holds it once decoded: the tree `object.rs` builds each object as, once,
//! which kubectl's two writers print: `-o yaml` ([`yaml`](yaml::yaml), go-yaml's writer) and
//! `-o json` ([`json`](json::json), Go's JSON encoder), which JSONPath (`jsonpath.rs`) reads too,
//! and which the served cluster sends as JSON (`crates/replay/src/serve/objects.rs`).

pub mod json;
pub mod yaml;

/// A decoded JSON value, as kubectl holds an object (`map[string]interface{}` and the rest). A
/// map's keys are in the order kubectl prints them: sorted, as Go's encoder sorts a map's keys.
// Models staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/unstructured/unstructured.go Unstructured
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Str(String),
    List(Vec<Value>),
    Map(Vec<(String, Value)>),
}

impl Value {
    pub fn str(text: &str) -> Value {
        Value::Str(text.to_string())
    }

    /// A map of these entries, which the caller gives in sorted order.
    pub fn map(entries: Vec<(&str, Value)>) -> Value {
        Value::Map(entries.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }
}
