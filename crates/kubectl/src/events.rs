//! Kubernetes Events as `kubectl describe` lists them under an object.
//!
//! The layout is kubectl describe's (a tabwriter with padding 2; `Type Reason Age From Message`,
//! a dash row, `<age> (x<n> over <age>)` for an event seen more than once, `Events:  <none>` for
//! none). Reasons, sources and messages are quoted where each model makes them
//! (`kube_events` in `sim/src/csi/cluster.rs`, `sim/src/statefulset/cluster.rs` and
//! `sim/src/topology/cluster.rs`).

use crate::table::{column, wide};
use crate::{age, Column, Kind, KindWords, KubeEvent, Resource, Row, Table};

/// One Event as the API server keeps it: the same event again raises its count and moves its
/// last time (the event recorder's aggregation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted<'a> {
    pub event: &'a KubeEvent,
    pub first: u64,
    pub last: u64,
    pub count: u32,
}

/// Events (with their steps, oldest first) counted as the API server keeps them, in the order
/// `kubectl describe` lists them: by last time, oldest first.
// Models staging/src/k8s.io/kubectl/pkg/util/event/sorted_event_list.go SortableEvents
pub fn counted<'a>(events: impl IntoIterator<Item = (u64, &'a KubeEvent)>) -> Vec<Counted<'a>> {
    let mut seen: Vec<Counted<'a>> =
        aggregated(events.into_iter().map(|(at, e)| (at, e, 0))).into_iter().map(|(c, _)| c).collect();
    // kubectl sorts by lastTimestamp (`SortableEvents`), with Go's insertion sort for a short list:
    // equal times keep the order they came in. Written out, it is a few instructions where the
    // standard library's stable sort would bring kilobytes into the kubectl fold's part.
    for i in 1..seen.len() {
        let mut j = i;
        while j > 0 && seen[j - 1].last > seen[j].last {
            seen.swap(j - 1, j);
            j -= 1;
        }
    }
    seen
}

/// Events (with their steps, and the step their object was made at), counted in the order each was
/// first recorded: the same event about the same object (the same uid) again raises its count and
/// moves its last time.
// Models staging/src/k8s.io/client-go/tools/record/events_cache.go EventCorrelator.EventCorrelate
pub fn aggregated<'a>(events: impl IntoIterator<Item = (u64, &'a KubeEvent, u64)>) -> Vec<(Counted<'a>, u64)> {
    let mut seen: Vec<(Counted<'a>, u64)> = Vec::new();
    for (at, event, born) in events {
        match seen.iter_mut().find(|(s, b)| s.event == event && *b == born) {
            Some((entry, _)) => {
                entry.last = at;
                entry.count += 1;
            }
            None => seen.push((Counted { event, first: at, last: at, count: 1 }, born)),
        }
    }
    seen
}

/// The `Events:` section of `kubectl describe` for one object. `events` are every Event so far with
/// the step each happened at, oldest first; `now` is the current step. The same event again is one
/// line with its count, as the API server aggregates it.
pub fn describe_events(events: &[(u64, KubeEvent)], object: (Kind, &str), now: u64) -> String {
    let about = events.iter().filter(|(_, e)| e.object.0 == object.0 && e.object.1 == object.1);
    describe_counted(&counted(about.map(|(at, e)| (*at, e))), now)
}

/// The `Events:` section for events already counted.
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go DescribeEvents
pub fn describe_counted(seen: &[Counted], now: u64) -> String {
    if seen.is_empty() {
        return "Events:  <none>\n".to_string();
    }
    let mut rows = vec![
        ["Type", "Reason", "Age", "From", "Message"].map(String::from),
        ["----", "------", "----", "----", "-------"].map(String::from),
    ];
    for c in seen {
        let since = |at: u64| age(now.saturating_sub(at));
        let when = if c.count > 1 {
            format!("{} (x{} over {})", since(c.last), c.count, since(c.first))
        } else {
            since(c.first)
        };
        let kind = if c.event.warning { "Warning" } else { "Normal" };
        rows.push([kind.to_string(), c.event.reason.to_string(), when, c.event.from.clone(), c.event.message.clone()]);
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

/// The name client-go's event recorder gives an Event: its object's name and a time in hex; the
/// demo's "time" is the Event's place in the log.
// Models staging/src/k8s.io/client-go/tools/record/event.go recorder.makeEvent
pub fn event_name(object: &str, index: usize) -> String {
    format!("{object}.{:016x}", 0x1880_0000_0000_0000u64 + index as u64)
}

/// The Table the API server returns for Events (whose server side fills the wide cells too): each
/// Event counted, with the step its object was made at, oldest first; `now` is the current step.
// Models pkg/printers/internalversion/printers.go printEvent
pub fn event_table(all: &[(Counted, u64)], now: u64) -> Table {
    let columns = vec![
        column("Last Seen"),
        column("Type"),
        column("Reason"),
        column("Object"),
        wide("Subobject"),
        wide("Source"),
        column("Message"),
        wide("First Seen"),
        Column { kind: "integer", ..wide("Count") },
        Column { format: "name", ..wide("Name") },
    ];
    let rows = all
        .iter()
        .enumerate()
        .map(|(index, (c, _))| {
            let e = c.event;
            let name = event_name(&e.object.1, index);
            let cells = vec![
                age(now.saturating_sub(c.last)),
                if e.warning { "Warning" } else { "Normal" }.to_string(),
                e.reason.to_string(),
                format!("{}/{}", e.object.0.api().singular(), e.object.1),
                String::new(),
                e.from.clone(),
                e.message.trim().to_string(),
                age(now.saturating_sub(c.first)),
                c.count.to_string(),
                name.clone(),
            ];
            Row { name, cells, labels: Vec::new() }
        })
        .collect();
    let api = Resource::Event.api();
    Table { resource: api.prefix(), namespaced: api.namespaced, columns, rows }
}
