//! A moment of a model's history as a cluster would hold it: the objects, when each appeared
//! (its AGE and creationTimestamp) and every Event so far, in the order they happened. The
//! kubectl fold, the served cluster (`kubevol-replay serve`) and their tests all read a moment
//! through this, so they print the same thing for the same history.
//!
//! Time is the demo's step clock: each action, accepted or refused, is one second.

use crate::describer::{align, put};
use crate::events::{aggregated, counted, describe_counted, event_table, Counted};
use crate::kind::{self, get, object, table};
use crate::object::Asked;
use crate::{yaml, Cluster, Kind, KubeEvent, Node, Table, Value, NAMESPACE};
use kubevol_sim::cluster::{Waiting, UNDATED};
use kubevol_sim::Model;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moment {
    pub cluster: Cluster,
    /// Each object of the moment and the step it appeared at (an object made again under the same
    /// name is new again).
    births: Vec<(Kind, String, u64)>,
    /// Every Event so far with the step it happened at, oldest first.
    pub events: Vec<(u64, KubeEvent)>,
    /// For each Event, the step its object was made at: the events of an object made again under
    /// the same name are not the new object's (the API server tells them apart by uid).
    about: Vec<u64>,
    pub now: u64,
    /// Each node the model says stopped reporting without saying when, and the step this moment
    /// first saw it so.
    lost: Vec<(String, u64)>,
    /// Each claim the model says is Terminating without saying since when, and the step this
    /// moment first saw it so.
    deleting: Vec<(String, u64)>,
    /// Pods a real cluster would hold for actions the model refused (`Model::refused`), while
    /// they wait: until the model's own pod of that name replaces them, or their claim goes.
    waiting: Waiting,
}

/// How many moments [`Moment::replay`] has worked out since the program started: a demo's
/// panels share one moment per click (crates/ui's `kubectl.rs`), which a browser test counts.
static REPLAYS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Moment {
    /// How many replays have run so far (see [`REPLAYS`]).
    pub fn replays() -> usize {
        REPLAYS.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The moment after a setup and its actions; a setup the model refuses is an empty cluster.
    pub fn replay<M: Model>(setup: &M::Setup, actions: &[M::Action]) -> Moment {
        REPLAYS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut moment = Moment::default();
        let Ok((mut state, events)) = M::start(setup) else {
            return moment;
        };
        moment.observe(&state, &events);
        for action in actions {
            let _ = moment.apply(&mut state, action.clone());
        }
        moment
    }

    /// One more action, one step later: what the model said, and the moment after it.
    /// A refused action changes nothing in the model, but what a real cluster records of it (an
    /// Event, a pod that waits) is recorded here, as a step of its own.
    pub fn apply<M: Model>(&mut self, state: &mut M, action: M::Action) -> Result<Vec<M::Event>, M::Refusal> {
        self.now += 1;
        let action = state.assign(action, &self.waiting.0);
        match state.apply(action.clone()) {
            Ok(events) => {
                self.observe(state, &events);
                Ok(events)
            }
            Err(refusal) => {
                let events = self.waiting.refused(state.refused(&action, &refusal));
                self.record(state, events);
                Err(refusal)
            }
        }
    }

    /// What the start or an accepted action did: the Events its events stand for, and which
    /// objects are new.
    pub fn observe<M: Model>(&mut self, state: &M, events: &[M::Event]) {
        let kube = events.iter().flat_map(|e| state.kube_events(e)).collect();
        self.record(state, kube);
    }

    /// The model's objects now, the pods still waiting, and `kube`, the Events that just happened.
    fn record<M: Model>(&mut self, state: &M, kube: Vec<KubeEvent>) {
        let before = std::mem::take(&mut self.births);
        self.cluster = state.cluster();
        self.wait();
        self.date();
        let now = self.now;
        for (kind, name) in self.cluster.names() {
            let born = before.iter().find(|(k, n, _)| *k == kind && *n == name).map_or(now, |b| b.2);
            self.births.push((kind, name, born));
        }
        for k in kube {
            // An object gone by now was the one the event is about: its step is the one it had.
            let (kind, name) = (k.object.0, k.object.1.as_str());
            let find =
                |list: &[(Kind, String, u64)]| list.iter().find(|(k, n, _)| *k == kind && n == name).map(|b| b.2);
            self.about.push(find(&self.births).or_else(|| find(&before)).unwrap_or(now));
            self.events.push((now, k));
        }
    }

    /// The waiting pods still waiting, among the model's: a pod of the model's under the same name
    /// is the waiting one started; a pod whose claim is gone is deleted with it (here, at once).
    fn wait(&mut self) {
        self.waiting.against(&self.cluster);
        let cluster = &mut self.cluster;
        cluster.pods.extend(self.waiting.0.iter().cloned());
        // The API server lists by name (its storage's key order), whatever order a model keeps.
        cluster.pods.sort_by(|a, b| a.name.cmp(&b.name));
    }

    /// What a model keeps no clock for ([`UNDATED`]: a node gone NotReady, its taints, its pods'
    /// Ready condition, a claim's delete) dated at the step this moment first saw it, as a creation is.
    fn date(&mut self) {
        let now = self.now;
        let before = std::mem::take(&mut self.lost);
        for node in &mut self.cluster.nodes {
            if node.lost_at != Some(UNDATED) {
                continue;
            }
            let at = first_seen(&before, &node.name, now);
            self.lost.push((node.name.clone(), at));
            node.lost_at = Some(at);
            for taint in node.taints.iter_mut().filter(|t| t.2 == Some(UNDATED)) {
                taint.2 = Some(at);
            }
        }
        let before = std::mem::take(&mut self.deleting);
        for claim in self.cluster.claims.iter_mut().filter(|c| c.deleted_at == Some(UNDATED)) {
            let at = first_seen(&before, &claim.name, now);
            self.deleting.push((claim.name.clone(), at));
            claim.deleted_at = Some(at);
        }
        for pod in self.cluster.pods.iter_mut().filter(|p| p.node_lost_at == Some(UNDATED)) {
            let lost = pod.node.as_ref().and_then(|node| self.lost.iter().find(|l| l.0 == *node));
            pod.node_lost_at = lost.map(|l| l.1);
        }
    }

    /// The step an object appeared at, for its `creationTimestamp`.
    pub fn born(&self, kind: Kind, name: &str) -> u64 {
        self.births.iter().find(|(k, n, _)| *k == kind && n == name).map_or(0, |b| b.2)
    }

    /// How many steps ago an object appeared: its AGE.
    pub fn age(&self, kind: Kind, name: &str) -> u64 {
        self.now.saturating_sub(self.born(kind, name))
    }

    /// `kubectl get <kinds>`.
    pub fn get(&self, kinds: &[Kind]) -> String {
        get(&self.cluster, kinds, &|k, n| self.age(k, n))
    }

    /// The Table the API server returns for `kind`.
    pub fn table(&self, kind: Kind) -> Table {
        table(&self.cluster, kind, &|k, n| self.age(k, n))
    }

    /// The object as the API server returns it.
    pub fn object(&self, kind: Kind, name: &str) -> Option<Value> {
        object(&self.cluster, kind, name, &|k, n| self.born(k, n))
    }

    /// `kubectl get <kind> <name> -o yaml`: the object's tree printed.
    pub fn yaml(&self, kind: Kind, name: &str) -> Option<String> {
        self.object(kind, name).map(|o| yaml(&o))
    }

    /// `kubectl describe <kind> <name>`: the object and its Events; empty if the moment has no
    /// such object.
    pub fn describe(&self, kind: Kind, name: &str) -> String {
        let mut w = String::new();
        let born = |k: Kind, n: &str| self.born(k, n);
        let asked = Asked { cluster: &self.cluster, name, at: self.born(kind, name), born: &born };
        if kind::describe(&mut w, kind, asked, self.now).is_none() {
            return String::new();
        }
        let events = self.counted(kind, name);
        if events.is_empty() {
            // Written without a flush, this line lines up with the ones above it.
            put!(w, "Events:\t<none>");
            return align(&w);
        }
        // `DescribeEvents` flushes the tabwriter before its table, which lines up on its own.
        // Models staging/src/k8s.io/kubectl/pkg/describe/describe.go DescribeEvents
        align(&w) + &describe_counted(&events, self.now)
    }

    /// `kubectl describe <kind>`: every object of the kind in the order the server lists them,
    /// two blank lines apart, or kubectl's line for none (which names the namespace even for a
    /// cluster-wide kind).
    // Models staging/src/k8s.io/kubectl/pkg/cmd/describe/describe.go DescribeOptions.Run
    pub fn describe_all(&self, kind: Kind) -> String {
        let names = self.cluster.names();
        let all: Vec<String> = names.iter().filter(|(k, _)| *k == kind).map(|(_, n)| self.describe(kind, n)).collect();
        if all.is_empty() {
            return format!("No resources found in {NAMESPACE} namespace.\n");
        }
        all.join("\n\n")
    }

    /// The step a node's Lease was last renewed at (`kind/node.rs` `lease_renewed`), which the
    /// served cluster's Leases carry and `kubectl describe node` prints.
    pub fn lease_renewed(&self, node: &Node) -> u64 {
        kind::node::lease_renewed(node, self.now)
    }

    /// The `Events:` section `kubectl describe` ends with.
    pub fn describe_events(&self, kind: Kind, name: &str) -> String {
        describe_counted(&self.counted(kind, name), self.now)
    }

    /// The Events about the object of this moment named so, counted as the API server keeps them.
    pub fn counted(&self, kind: Kind, name: &str) -> Vec<Counted<'_>> {
        let born = self.born(kind, name);
        let about = self
            .events
            .iter()
            .zip(&self.about)
            .filter(|((_, e), b)| e.object.0 == kind && e.object.1 == name && **b == born);
        counted(about.map(|((at, e), _)| (*at, e)))
    }

    /// Every Event of the moment, counted, with the step its object was made at.
    pub fn all_counted(&self) -> Vec<(Counted<'_>, u64)> {
        aggregated(self.events.iter().zip(&self.about).map(|((at, e), born)| (*at, e, *born)))
    }

    /// The Table the API server returns for Events.
    pub fn event_table(&self) -> Table {
        event_table(&self.all_counted(), self.now)
    }
}

/// The step `name` was first seen so, from the moment before's list, or `now` if this is the first.
fn first_seen(before: &[(String, u64)], name: &str, now: u64) -> u64 {
    before.iter().find(|(n, _)| n == name).map_or(now, |seen| seen.1)
}
