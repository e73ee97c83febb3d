//! `-o json`: the value tree as kubectl's JSON printer (Go's `json.MarshalIndent` with four
//! spaces) writes it, and as Go writes a picked value compactly or as `%#v`, which a JSONPath
//! result and error show (`jsonpath.rs`).

use std::fmt::Write;

use super::Value;

/// kubectl's List of several objects (`kubectl get` makes it for anything but one named object;
/// the server's own list kind and resourceVersion are not kept).
// Models staging/src/k8s.io/kubectl/pkg/cmd/get/get.go GetOptions.Run
pub fn list(items: Vec<Value>) -> Value {
    Value::map(vec![
        ("apiVersion", Value::str("v1")),
        ("items", Value::List(items)),
        ("kind", Value::str("List")),
        ("metadata", Value::map(vec![("resourceVersion", Value::str(""))])),
    ])
}

/// `-o json`: the value as `json.MarshalIndent(v, "", "    ")`, with its newline.
// Models staging/src/k8s.io/cli-runtime/pkg/printers/json.go JSONPrinter.PrintObj
pub fn json(value: &Value) -> String {
    let mut out = String::new();
    write(&mut out, value, Style::Indented, 0);
    out.push('\n');
    out
}

/// The three ways kubectl writes a tree: `-o json`; `json.Marshal`, for a map or list a template
/// picks; and Go's `%#v`, for the object an error shows.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Style {
    Indented,
    Compact,
    Go,
}

pub(crate) fn write(out: &mut String, value: &Value, style: Style, depth: usize) {
    let go = style == Style::Go;
    let (items, open, close): (Vec<(Option<&str>, &Value)>, _, _) = match value {
        Value::Null => return out.push_str(if go { "interface {}(nil)" } else { "null" }),
        Value::Bool(b) => return out.push_str(if *b { "true" } else { "false" }),
        Value::Int(n) => {
            let _ = write!(out, "{n}");
            return;
        }
        Value::Str(s) => return string(out, s, go),
        Value::List(l) => (l.iter().map(|v| (None, v)).collect(), if go { "[]interface {}{" } else { "[" }, "]"),
        Value::Map(m) => (
            m.iter().map(|(k, v)| (Some(k.as_str()), v)).collect(),
            if go { "map[string]interface {}{" } else { "{" },
            "}",
        ),
    };
    out.push_str(open);
    let indent = |out: &mut String, depth: usize| {
        out.push('\n');
        out.extend(std::iter::repeat_n(' ', 4 * depth));
    };
    for (i, (key, item)) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(if go { ", " } else { "," });
        }
        if style == Style::Indented {
            indent(out, depth + 1);
        }
        if let Some(key) = key {
            string(out, key, go);
            out.push_str(if style == Style::Indented { ": " } else { ":" });
        }
        write(out, item, style, depth + 1);
    }
    if style == Style::Indented && !items.is_empty() {
        indent(out, depth);
    }
    out.push_str(if go { "}" } else { close });
}

/// A string as Go's JSON encoder writes it, or with `go` as Go's `%q` quotes it (`strconv.Quote`).
/// The encoder writes `<`, `>` and `&` as `\u` escapes too, so its text is safe inside HTML.
// Models encoding/json encode.go appendString
// Models strconv quote.go Quote
pub(crate) fn string(out: &mut String, s: &str, go: bool) {
    out.push('"');
    for c in s.chars() {
        let named = match c {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            '\u{8}' => "\\b",
            '\u{c}' => "\\f",
            '\u{7}' if go => "\\a",
            '\u{b}' if go => "\\v",
            _ => "",
        };
        let html = !go && matches!(c, '<' | '>' | '&');
        if !named.is_empty() {
            out.push_str(named);
        } else if go && c.is_ascii_control() {
            let _ = write!(out, "\\x{:02x}", c as u32);
        } else if c < ' ' || c == '\u{2028}' || c == '\u{2029}' || html || go && c.is_control() {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{object, Cluster, Kind};
    use kubevol_sim::topology::{Chapter, Preset};
    use kubevol_sim::{csi, statefulset, topology, Model};

    /// Clusters with every kind and every form `object.rs` builds: taints, zones, a terminating
    /// claim, pods unschedulable (a long message), evicted and on a lost node.
    fn clusters() -> Vec<Cluster> {
        let mut out = Vec::new();
        for zoned in [false, true] {
            let setup = csi::Setup::demo(csi::DemoConfig { zoned, ..csi::DemoConfig::default() });
            let (mut s, _) = csi::State::new(&setup).unwrap();
            s.apply(csi::Action::Attach { claim: "data".into(), node: "node-a".into() }).unwrap();
            s.apply(csi::Action::Mount { claim: "data".into(), node: "node-a".into(), pod: None }).unwrap();
            out.push(s.cluster());
        }
        let (mut s, _) = <statefulset::State as Model>::start(&statefulset::Config::default()).unwrap();
        s.apply(statefulset::Action::Run { max: 20 }).unwrap();
        s.apply(statefulset::Action::DeletePvc { ordinal: 0 }).unwrap();
        out.push(s.cluster());
        for setup in [Preset::SpreadTrap.setup(), Preset::ConflictingSelector.setup(), Chapter::default().setup()] {
            let (mut t, _) = topology::State::new(&setup).unwrap();
            t.apply(topology::Action::Run { max: 100 }).unwrap();
            out.push(t.cluster());
        }
        let (mut t, _) = topology::State::new(&Chapter::default().setup()).unwrap();
        t.apply(topology::Action::Run { max: 100 }).unwrap();
        t.apply(topology::Action::FailZone { zone: "zone-a".into() }).unwrap();
        t.apply(topology::Action::Step).unwrap();
        out.push(t.cluster());
        out
    }

    fn objects() -> Vec<(Kind, String, Value)> {
        let mut out = Vec::new();
        for cluster in clusters() {
            for (kind, name) in cluster.names() {
                out.push((kind, name.clone(), object(&cluster, kind, &name, &|_, _| 7).unwrap()));
            }
        }
        out
    }

    /// The value at a path of keys and list indices.
    fn at<'a>(value: &'a Value, path: &str) -> &'a Value {
        path.split('.').fold(value, |v, key| match v {
            Value::Map(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v).unwrap_or(&Value::Null),
            Value::List(l) => key.parse().ok().and_then(|i: usize| l.get(i)).unwrap_or(&Value::Null),
            _ => &Value::Null,
        })
    }

    #[test]
    fn every_object_prints_as_serde_json_prints_it() {
        let objects = objects();
        let kinds: std::collections::BTreeSet<Kind> = objects.iter().map(|o| o.0).collect();
        assert_eq!(kinds.len(), Kind::ALL.len());
        let list = list(objects.iter().map(|o| o.2.clone()).collect());
        for value in objects.iter().map(|o| &o.2).chain([&list]) {
            let ours = json(value);
            let parsed: serde_json::Value = serde_json::from_str(&ours).unwrap();
            let mut theirs = Vec::new();
            let formatter = serde_json::ser::PrettyFormatter::with_indent(b"    ");
            serde::Serialize::serialize(&parsed, &mut serde_json::Serializer::with_formatter(&mut theirs, formatter))
                .unwrap();
            let theirs = String::from_utf8(theirs).unwrap().replace('<', "\\u003c").replace('>', "\\u003e");
            assert_eq!(ours, format!("{}\n", theirs.replace('&', "\\u0026")));
        }
    }

    /// Every map of every object has its keys sorted, as Go's encoder sorts them.
    #[test]
    fn every_map_is_sorted() {
        fn sorted(value: &Value) -> bool {
            match value {
                Value::Map(m) => m.windows(2).all(|w| w[0].0 < w[1].0) && m.iter().all(|(_, v)| sorted(v)),
                Value::List(l) => l.iter().all(sorted),
                _ => true,
            }
        }
        for (kind, name, value) in objects() {
            assert!(sorted(&value), "{kind:?} {name}");
        }
    }

    #[test]
    fn scalars_are_typed_as_kubectl_holds_them() {
        let objects = objects();
        let find = |kind: Kind, test: &dyn Fn(&Value) -> bool| {
            objects.iter().find(|o| o.0 == kind && test(&o.2)).map(|o| &o.2).unwrap()
        };
        let node = find(Kind::Node, &|_| true);
        assert_eq!(at(node, "status.capacity.pods"), &Value::Str("110".into()));
        assert_eq!(at(node, "status.capacity.memory"), &Value::Str("8Gi".into()));
        assert_eq!(at(node, "status.conditions.3.status"), &Value::Str("True".into()));
        assert_eq!(at(node, "status.nodeInfo.kubeProxyVersion"), &Value::Str(String::new()));
        assert_eq!(at(node, "metadata.resourceVersion"), &Value::Str("1007".into()));
        let set = find(Kind::StatefulSet, &|_| true);
        assert!(matches!(at(set, "spec.replicas"), Value::Int(_)));
        assert_eq!(at(set, "spec.updateStrategy.rollingUpdate.partition"), &Value::Int(0));
        let pod = find(Kind::Pod, &|p| at(p, "metadata.ownerReferences.0.controller") == &Value::Bool(true));
        assert_eq!(at(pod, "spec.tolerations.1.tolerationSeconds"), &Value::Int(300));
        let lost = find(Kind::Pod, &|p| at(p, "status.conditions.0.type") == &Value::Str("DisruptionTarget".into()));
        assert_eq!(at(lost, "status.conditions.0.lastProbeTime"), &Value::Null);
        assert!(matches!(at(lost, "metadata.deletionGracePeriodSeconds"), Value::Int(30)));
        let va = find(Kind::VolumeAttachment, &|_| true);
        assert_eq!(at(va, "status.attached"), &Value::Bool(true));
        let sc = find(Kind::StorageClass, &|_| true);
        assert!(matches!(at(sc, "allowVolumeExpansion"), Value::Bool(_)));
        assert!(objects.iter().any(|o| at(&o.2, "spec") == &Value::Map(Vec::new())));
        // A scheduler's message is longer than a line: folded in YAML, whole in the tree.
        let mut messages = 0;
        for cluster in clusters() {
            for p in cluster.pods.iter().filter(|p| p.unschedulable.is_some()) {
                let pod = object(&cluster, Kind::Pod, &p.name, &|_, _| 7).unwrap();
                let message = p.unschedulable.clone().unwrap();
                assert_eq!(at(&pod, "status.conditions.0.message"), &Value::Str(message));
                messages += 1;
            }
        }
        assert!(messages > 0);
    }

    #[test]
    fn strings_are_escaped_as_go_escapes_them() {
        assert_eq!(
            json(&Value::Str("<a&b>\u{2028}\u{1}\u{8}".into())),
            "\"\\u003ca\\u0026b\\u003e\\u2028\\u0001\\b\"\n"
        );
    }
}
