//! Watches: a response that stays open and sends each change to the objects it watches, as
//! newline-separated `{"type": "ADDED|MODIFIED|DELETED", "object": ...}`. `kubectl delete` waits
//! on one for the object to go, and `kubectl get -w` prints each change from one.

use std::collections::VecDeque;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use kubevol_kubectl::{Kind, Resource};

use super::objects::{self, Include};
use super::select::Selector;
use super::Shared;

/// What one watch has sent: each object's name and JSON, and its one-row Table when it is
/// watched as a table.
struct Seen {
    name: String,
    object: Value,
    row: Value,
}

struct Watching {
    shared: Shared,
    changes: tokio::sync::watch::Receiver<u64>,
    resource: Resource,
    namespace: Option<String>,
    selector: Selector,
    as_table: bool,
    include: Include,
    seen: Vec<Seen>,
    queue: VecDeque<Value>,
    deadline: Option<tokio::time::Instant>,
    /// A Table's columns go with the first event only.
    columns_sent: bool,
}

impl Watching {
    fn now(&mut self) -> Vec<Seen> {
        let live = self.shared.live();
        let moment = live.moment();
        objects::picked(moment, self.resource, self.namespace.as_deref(), &self.selector)
            .into_iter()
            .map(|(name, object)| {
                let row = objects::table(moment, self.resource, &[(name.clone(), object.clone())], self.include, true);
                Seen { name, object, row }
            })
            .collect()
    }

    fn event(&mut self, kind: &str, seen: &Seen) {
        let object = if self.as_table {
            let mut table = seen.row.clone();
            if self.columns_sent {
                table.as_object_mut().map(|t| t.remove("columnDefinitions"));
            }
            self.columns_sent = true;
            table
        } else {
            seen.object.clone()
        };
        self.queue.push_back(json!({"type": kind, "object": object}));
    }

    /// The events from what was sent to what is now: an object made again under the same name (a
    /// new uid) is the old one DELETED and the new one ADDED.
    fn diff(&mut self) {
        let now = self.now();
        let uid = |s: &Seen| s.object["metadata"]["uid"].clone();
        let before = std::mem::take(&mut self.seen);
        for old in &before {
            if !now.iter().any(|n| n.name == old.name && uid(n) == uid(old)) {
                if let Some(deleting) = self.deleting(old) {
                    self.event("MODIFIED", &deleting);
                }
                self.event("DELETED", old);
            }
        }
        for new in &now {
            match before.iter().find(|o| o.name == new.name && uid(o) == uid(new)) {
                None => self.event("ADDED", new),
                Some(old) if old.object != new.object => self.event("MODIFIED", new),
                Some(_) => {}
            }
        }
        self.seen = now;
    }

    /// A graceful delete is two changes to a watcher: the object with its deletionTimestamp
    /// (MODIFIED), then gone (DELETED). The model makes a delete one change, so an object that
    /// goes without having carried a deletionTimestamp is sent with one first: a pod's is its
    /// grace period (30 s) after now, a claim's, a volume's or an attachment's (whose finalizers
    /// hold them) now. Nodes and StatefulSets, with no finalizer here, and what was deleted with
    /// `gracePeriodSeconds: 0` just go.
    // Models staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go Store.Delete
    fn deleting(&mut self, old: &Seen) -> Option<Seen> {
        let grace = match self.resource {
            Resource::Kind(Kind::Pod) => 30,
            Resource::Kind(Kind::PersistentVolumeClaim | Kind::PersistentVolume | Kind::VolumeAttachment) => 0,
            _ => return None,
        };
        let uid = &old.object["metadata"]["uid"];
        if old.object["metadata"].get("deletionTimestamp").is_some() || self.shared.forced().contains(uid) {
            return None;
        }
        let at = kubevol_kubectl::timestamp(self.shared.live().moment().now + grace);
        let mut object = old.object.clone();
        let metadata = object["metadata"].as_object_mut()?;
        metadata.insert("deletionGracePeriodSeconds".into(), json!(grace));
        metadata.insert("deletionTimestamp".into(), json!(at));
        // Its row as the printers print a deleted object: Terminating (`printPod`,
        // `printPersistentVolumeClaim`, `printPersistentVolume`), its object with the same metadata.
        let mut row = old.row.clone();
        let status =
            row["columnDefinitions"].as_array().and_then(|columns| columns.iter().position(|c| c["name"] == "Status"));
        for r in row["rows"].as_array_mut().into_iter().flatten() {
            if let Some(cell) = status.and_then(|i| r["cells"].get_mut(i)) {
                *cell = json!("Terminating");
            }
            if let Some(meta) = r["object"]["metadata"].as_object_mut() {
                meta.insert("deletionGracePeriodSeconds".into(), json!(grace));
                meta.insert("deletionTimestamp".into(), json!(at));
            }
        }
        Some(Seen { name: old.name.clone(), object, row })
    }

    async fn next(mut self) -> Option<(Result<Bytes, std::convert::Infallible>, Watching)> {
        loop {
            if let Some(event) = self.queue.pop_front() {
                return Some((Ok(Bytes::from(format!("{event}\n"))), self));
            }
            let changed = self.changes.changed();
            let closed = match self.deadline {
                Some(deadline) => tokio::time::timeout_at(deadline, changed).await.map_or(true, |r| r.is_err()),
                None => changed.await.is_err(),
            };
            if closed {
                return None;
            }
            self.diff();
        }
    }
}

/// A watch of the objects a request picks. From the start (no resourceVersion, or 0), it first
/// sends every object as ADDED, as the API server does; from a list's resourceVersion, only what
/// changes after it.
#[allow(clippy::too_many_arguments)]
// Models staging/src/k8s.io/apiserver/pkg/endpoints/handlers/watch.go WatchServer.HandleHTTP
pub fn watch(
    shared: Shared,
    resource: Resource,
    namespace: Option<String>,
    selector: Selector,
    as_table: bool,
    include: Include,
    timeout_seconds: Option<u64>,
    from_start: bool,
) -> Response {
    let changes = shared.changes.subscribe();
    let mut watching = Watching {
        shared,
        changes,
        resource,
        namespace,
        selector,
        as_table,
        include,
        seen: Vec::new(),
        queue: VecDeque::new(),
        deadline: timeout_seconds.map(|s| tokio::time::Instant::now() + Duration::from_secs(s)),
        columns_sent: false,
    };
    if from_start {
        watching.diff();
    } else {
        watching.seen = watching.now();
    }
    stream(Body::from_stream(futures_util::stream::unfold(watching, Watching::next)))
}

/// A streamed body, for watches.
fn stream(body: Body) -> Response {
    ([(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}
