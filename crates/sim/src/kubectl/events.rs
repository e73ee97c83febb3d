//! Kubernetes Events as `kubectl describe` lists them under an object.
//!
//! Sources: the layout is `k8s.io/kubectl/pkg/describe` `DescribeEvents` (a tabwriter with
//! padding 2; `Type Reason Age From Message`, a dash row, `<age> (x<n> over <age>)` for an event
//! seen more than once, `Events:  <none>` for none). Reasons, sources and messages are quoted
//! where each model makes them (`csi/kubectl.rs`, `statefulset/kubectl.rs`,
//! `topology/kubectl.rs`).

use super::{age, Kind};

/// One Event: `Normal` or `Warning`, its reason, the component that reported it, the object it is
/// about, and its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KubeEvent {
    pub warning: bool,
    pub reason: &'static str,
    pub from: String,
    pub object: (Kind, String),
    pub message: String,
}

impl KubeEvent {
    pub fn normal(reason: &'static str, from: &str, object: (Kind, &str), message: String) -> KubeEvent {
        KubeEvent { warning: false, reason, from: from.to_string(), object: (object.0, object.1.to_string()), message }
    }

    pub fn warning(reason: &'static str, from: &str, object: (Kind, &str), message: String) -> KubeEvent {
        KubeEvent { warning: true, ..KubeEvent::normal(reason, from, object, message) }
    }
}

/// The `Events:` section of `kubectl describe` for one object. `events` are every Event so far with
/// the step each happened at, oldest first; `now` is the current step. The same event again is one
/// line with its count, as the API server aggregates it.
pub fn describe_events(events: &[(u64, KubeEvent)], object: (Kind, &str), now: u64) -> String {
    // (event, first, last, count), in the order each was first seen.
    let mut seen: Vec<(&KubeEvent, u64, u64, u32)> = Vec::new();
    for (at, e) in events.iter().filter(|(_, e)| e.object.0 == object.0 && e.object.1 == object.1) {
        match seen.iter_mut().find(|(s, ..)| *s == e) {
            Some(entry) => {
                entry.2 = *at;
                entry.3 += 1;
            }
            None => seen.push((e, *at, *at, 1)),
        }
    }
    if seen.is_empty() {
        return "Events:  <none>\n".to_string();
    }
    let mut rows = vec![
        ["Type", "Reason", "Age", "From", "Message"].map(String::from),
        ["----", "------", "----", "----", "-------"].map(String::from),
    ];
    for (e, first, last, count) in seen {
        let since = |at: u64| age(now.saturating_sub(at));
        let when = if count > 1 { format!("{} (x{count} over {})", since(last), since(first)) } else { since(first) };
        let kind = if e.warning { "Warning" } else { "Normal" };
        rows.push([kind.to_string(), e.reason.to_string(), when, e.from.clone(), e.message.clone()]);
    }
    let widths: Vec<usize> = (0..4).map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0) + 2).collect();
    let mut out = String::from("Events:\n");
    for row in rows {
        out.push_str("  ");
        for (c, cell) in row.iter().enumerate() {
            out.push_str(cell);
            if let Some(w) = widths.get(c) {
                out.extend(std::iter::repeat_n(' ', w - cell.chars().count()));
            }
        }
        out.push('\n');
    }
    out
}
