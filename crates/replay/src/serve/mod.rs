//! `kubevol-replay serve`: a scenario's cluster at one moment, served on the loopback as the
//! Kubernetes API serves it, so that a real `kubectl` can be pointed at a chapter's moment:
//! discovery, get and list (as JSON, or as the `meta.k8s.io/v1` Tables `kubectl get` prints),
//! the Events `kubectl describe` lists, watches, and the changes the model has actions for.
//!
//! Everything it answers comes from the model through `kubevol_kubectl`, the code the
//! demos' kubectl fold prints from: the server adds HTTP and nothing of its own about the cluster.

mod api;
mod cluster;
mod objects;
mod routes;
mod select;
mod watch;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

pub use cluster::{Change, Live, Refusal};
use kubevol_sim::DemoKind;
pub use objects::to_json;
use serde_json::Value;

/// What every request handler shares: the cluster, and a counter that moves on every change, which
/// open watches wait on.
#[derive(Clone)]
pub struct Shared {
    live: Arc<Mutex<Box<dyn Live>>>,
    changes: Arc<tokio::sync::watch::Sender<u64>>,
    /// The uids of objects deleted with `gracePeriodSeconds: 0`, which go at once: a watch sees
    /// them DELETED with no deletionTimestamp first.
    forced: Arc<Mutex<Vec<Value>>>,
}

impl Shared {
    fn new(live: Box<dyn Live>) -> Shared {
        Shared {
            live: Arc::new(Mutex::new(live)),
            changes: Arc::new(tokio::sync::watch::Sender::new(0)),
            forced: Arc::new(Mutex::new(Vec::new())),
        }
    }

    /// The cluster, even if a handler panicked while holding it: a request's panic must not take
    /// every later request down with it.
    fn live(&self) -> std::sync::MutexGuard<'_, Box<dyn Live>> {
        self.live.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn forced(&self) -> std::sync::MutexGuard<'_, Vec<Value>> {
        self.forced.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The cluster of a scenario (the replay tool's format) after its setup and the first `at`
/// actions, every one of them when `at` is `None`.
pub fn load(scenario: &str, at: Option<usize>) -> Result<Box<dyn Live>, String> {
    let value: Value = serde_json::from_str(scenario).map_err(|e| format!("scenario is not valid JSON: {e}"))?;
    let model = value["model"].as_str().ok_or_else(|| format!("the scenario needs \"model\": {}", crate::models()))?;
    let setup = value.get("setup").cloned().ok_or("the scenario needs a \"setup\" object")?;
    let actions = value["actions"].as_array().cloned().unwrap_or_default();
    if let Some(at) = at.filter(|&at| at > actions.len()) {
        return Err(format!("--at {at}: the scenario has {} actions", actions.len()));
    }
    fn held<M: cluster::Served>(setup: Value, actions: Vec<Value>, at: Option<usize>) -> Result<Box<dyn Live>, String> {
        let setup: M::Setup = serde_json::from_value(setup).map_err(|e| format!("setup: {e}"))?;
        let actions = actions
            .into_iter()
            .enumerate()
            .map(|(i, mut a)| {
                // The replay format's checks are not part of the action.
                if let Some(fields) = a.as_object_mut() {
                    fields.remove("expect");
                    fields.remove("expect_state");
                }
                serde_json::from_value(a).map_err(|e| format!("action {i}: {e}"))
            })
            .collect::<Result<Vec<M::Action>, String>>()?;
        Ok(Box::new(cluster::Held::<M>::replay(&setup, &actions, at)?))
    }
    let kind = DemoKind::of_model(model).ok_or_else(|| crate::unknown_model(model))?;
    kubevol_sim::with_model!(kind, M => held::<M>(setup, actions, at))
}

/// Listens on 127.0.0.1:`port` (0: any free port). `Err` says why it cannot, in words for the reader.
pub fn listen(port: u16) -> Result<std::net::TcpListener, String> {
    let listener = std::net::TcpListener::bind(("127.0.0.1", port)).map_err(|e| match e.kind() {
        std::io::ErrorKind::AddrInUse => {
            format!("port {port} is in use on 127.0.0.1 (another server listens there); choose another with --port")
        }
        _ => format!("cannot listen on 127.0.0.1:{port}: {e}"),
    })?;
    listener.set_nonblocking(true).map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    Ok(listener)
}

/// Serves the cluster on the listener until the process ends.
pub fn run(live: Box<dyn Live>, listener: std::net::TcpListener) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener).map_err(|e| format!("cannot listen: {e}"))?;
        axum::serve(listener, routes::router(Shared::new(live))).await.map_err(|e| format!("the server stopped: {e}"))
    })
}

/// Serves a scenario's cluster on a free port from a thread of its own, for tests: the address it
/// answers on.
pub fn spawn(scenario: &str, at: Option<usize>) -> Result<SocketAddr, String> {
    let live = load(scenario, at)?;
    let listener = listen(0)?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    std::thread::spawn(move || run(live, listener));
    Ok(address)
}
