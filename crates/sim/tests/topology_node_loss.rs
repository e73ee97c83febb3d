//! A lost node the way real Kubernetes handles it, on the topology chapter's cluster: its pods are
//! not replaced by themselves, and only a force delete, deleting the Node, or the node's return
//! frees their names. One test per behaviour.
//!
//! Sources of every quoted text and rule:
//! - kubernetes.io, "Force Delete StatefulSet Pods": "StatefulSet ensures that, at any time, there
//!   is at most one Pod with a given identity running in a cluster." and "A Pod is not deleted
//!   automatically when a node is unreachable." The three ways out: "The Node object is deleted",
//!   "The kubelet on the unresponsive Node starts responding", "Force deletion of the Pod by the
//!   user".
//! - kubernetes/kubernetes `pkg/controller/nodelifecycle/node_lifecycle_controller.go`
//!   (`tryUpdateNodeHealth`: Ready, MemoryPressure, DiskPressure and PIDPressure go `Unknown`,
//!   reason `NodeStatusUnknown`, "Kubelet stopped posting node status."; the unreachable taints
//!   `node.kubernetes.io/unreachable` NoSchedule and NoExecute with `timeAdded`) and
//!   `pkg/controller/util/node/controller_utils.go` (`RecordNodeStatusChange`: Normal
//!   `NodeNotReady` "Node %s status is now: %s" from `node-controller`, once per node;
//!   `MarkPodsNotReady`: each pod's Ready condition False and a Warning `NodeNotReady` "Node is not
//!   ready"; `RecordNodeEvent`: `RemovingNode` "Node %s event: Removing Node %v from Controller").
//! - `plugin/pkg/admission/defaulttolerationseconds/admission.go`: every pod tolerates
//!   `node.kubernetes.io/unreachable:NoExecute` for 300 s.
//! - `pkg/controller/tainteviction/taint_eviction.go`: Normal `TaintManagerEviction` "Marking for
//!   deletion Pod %s" (namespace/name) from `taint-eviction-controller`, the DisruptionTarget
//!   condition `DeletionByTaintManager` "Taint manager: deleting due to NoExecute taint", then a
//!   graceful delete; "Cancelling deletion of Pod %s" when the taint goes first.
//! - `pkg/controller/podgc/gc_controller.go` (`gcOrphaned`): the pods of a deleted Node are force
//!   deleted, and no Event is recorded.
//! - `pkg/kubelet/kubelet_node_status.go` (`recordNodeStatusEvent`): "Node %s status is now: %s"
//!   with `NodeReady` when the kubelet posts again; the kubelet finishes the deletions it finds.
//! - `staging/src/k8s.io/kubectl/pkg/cmd/delete/delete.go`: `pod "web-0" force deleted`.
//! - `pkg/printers/internalversion/printers.go` (`printPod`): STATUS is `Terminating` for a pod
//!   with a deletionTimestamp; `Unknown` only with status.reason `NodeLost`, which no controller
//!   sets since 1.27, so a lost pod shows `Running` until it is evicted. READY counts the
//!   containers' last reported readiness, so it stays `1/1`.
//! - `pkg/scheduler/framework/plugins/podtopologyspread/common.go` (`countPodsMatchSelector`):
//!   "Bypass terminating Pod (see #87621)": a Terminating pod counts for no domain, an Unknown
//!   one still does.
//! - `pkg/apis/apps/validation` validates a StatefulSet's pod template under
//!   `spec.template.spec`; kubectl prints `The StatefulSet "web" is invalid: <path>: ...`.
//! - The book's `orchestration/topology/topology_test.go` `TestNoNodes`: `WorstZoneLoss()` is 0.

mod common;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use kubevol_sim::cluster::Kind;
use kubevol_sim::topology::*;
use kubevol_sim::{Tell, Voice};

fn web() -> kubevol_sim::ordered::VecMap<String, String> {
    app_labels(Chapter::SET)
}

/// The chapter's cluster with six pods spread over three zones, two nodes each.
fn settled() -> State {
    let (mut s, _) = State::new(&Chapter::default().setup()).unwrap();
    s.apply(Action::Run { max: 100 }).unwrap();
    assert_eq!(s.running(), 6);
    s
}

fn run(s: &mut State) -> Vec<Event> {
    s.apply(Action::Run { max: 100 }).unwrap()
}

/// The one pod the chapter's spread puts on `node`.
fn pod_on(s: &State, node: &str) -> String {
    let pods = s.pods_on(node);
    assert_eq!(pods.len(), 1, "{node}: {pods:?}");
    pods[0].name.clone()
}

fn k8s(events: &[Event]) -> Vec<String> {
    events.iter().filter_map(|e| e.k8s()).collect()
}

#[test]
fn a_lost_nodes_pod_stays_unknown_and_its_statefulset_does_not_replace_it() {
    let mut s = settled();
    let lost = pod_on(&s, "zone-a-1");
    s.apply(Action::FailNode { node: "zone-a-1".into() }).unwrap();
    assert_eq!(s.phase(&s.pods[&lost]), Phase::Unknown);
    assert_eq!((s.running(), s.unconfirmed(), s.pods.len()), (5, 1, 6));
    // The first step stands for the 300 s toleration: the taint eviction controller deletes it,
    // and the object stays, Terminating, because no kubelet confirms.
    let events = s.apply(Action::Step).unwrap();
    assert_eq!(k8s(&events), [format!("Marking for deletion Pod default/{lost}")]);
    assert_eq!(s.phase(&s.pods[&lost]), Phase::Terminating);
    // However long one waits, the set does not create the ordinal again: at most one pod per
    // identity, and the name is taken.
    let events = run(&mut s);
    assert!(matches!(events[..], [Event::Settled { running: 5, pending: 0, unknown: 1 }]), "{events:?}");
    assert_eq!(s.pods[&lost].node.as_deref(), Some("zone-a-1"));
    assert_eq!(s.pods.len(), 6);
}

#[test]
fn a_lost_pod_counts_for_no_survivor_and_no_skew_but_the_spread_still_sees_it() {
    let mut s = settled();
    s.apply(Action::FailZone { zone: "zone-a".into() }).unwrap();
    // The read-outs count only what runs.
    assert_eq!(s.counts_by(ZONE_LABEL, &web()).values().copied().collect::<Vec<_>>(), [0, 2, 2]);
    // Before eviction the scheduler still counts the Unknown pods where they were bound.
    let probe = Pod { name: "probe".into(), node: None, ..s.pods["web-0"].clone() };
    assert_eq!(s.spread_counts(&probe).values().copied().collect::<Vec<_>>(), [2, 2, 2]);
    // Once evicted, Terminating pods count for no domain.
    s.apply(Action::Step).unwrap();
    assert_eq!(s.spread_counts(&probe).values().copied().collect::<Vec<_>>(), [0, 2, 2]);
}

#[test]
fn losing_a_zone_says_not_ready_for_every_node_in_node_order() {
    let mut s = settled();
    let events = s.apply(Action::FailZone { zone: "zone-a".into() }).unwrap();
    assert_eq!(
        events[0].tell(Voice::K8s),
        "Node zone-a-1 status is now: NodeNotReady\nNode is not ready\n\
         Node zone-a-2 status is now: NodeNotReady\nNode is not ready"
    );
    // kubectl describe: one NodeNotReady per node, and the Warning on each of their pods.
    let reported: Vec<(Kind, String, &str, String)> =
        s.kube_events(&events[0]).into_iter().map(|e| (e.object.0, e.object.1, e.reason, e.message)).collect();
    let (a1, a2) = (pod_on(&s, "zone-a-1"), pod_on(&s, "zone-a-2"));
    assert_eq!(
        reported,
        [
            (Kind::Node, "zone-a-1".into(), "NodeNotReady", "Node zone-a-1 status is now: NodeNotReady".into()),
            (Kind::Pod, a1, "NodeNotReady", "Node is not ready".into()),
            (Kind::Node, "zone-a-2".into(), "NodeNotReady", "Node zone-a-2 status is now: NodeNotReady".into()),
            (Kind::Pod, a2, "NodeNotReady", "Node is not ready".into()),
        ]
    );
}

#[test]
fn a_force_delete_frees_the_name_and_the_ordinal_is_placed_again_within_max_skew() {
    let mut s = settled();
    let lost = pod_on(&s, "zone-a-1");
    s.apply(Action::FailNode { node: "zone-a-1".into() }).unwrap();
    run(&mut s);
    let events = s.apply(Action::ForceDeletePod { pod: lost.clone() }).unwrap();
    assert_eq!(k8s(&events), [format!("pod \"{lost}\" force deleted")]);
    assert!(s.kube_events(&events[0]).is_empty(), "a force delete records no Event");
    run(&mut s);
    // zone-a still has its other node: the new pod goes there, the skew stays 0.
    assert_eq!(s.pods[&lost].node.as_deref(), Some("zone-a-2"));
    assert_eq!((s.running(), s.skew(ZONE_LABEL, &web())), (6, 0));
}

#[test]
fn a_force_delete_after_losing_a_zone_leaves_the_ordinal_pending_with_the_real_message() {
    let mut s = settled();
    let lost = pod_on(&s, "zone-a-1");
    s.apply(Action::FailZone { zone: "zone-a".into() }).unwrap();
    run(&mut s);
    s.apply(Action::ForceDeletePod { pod: lost.clone() }).unwrap();
    run(&mut s);
    // The lost zone is still a domain (nodeTaintsPolicy Ignore) with no pod counted: anywhere else
    // would make the skew 2.
    assert_eq!(s.phase(&s.pods[&lost]), Phase::Pending);
    assert_eq!(
        s.pods[&lost].message().as_deref(),
        Some(
            "0/6 nodes are available: 2 node(s) had untolerated taint(s), \
             4 node(s) didn't match pod topology spread constraints."
        )
    );
}

#[test]
fn deleting_the_node_deletes_its_pods_and_the_set_creates_them_again() {
    let mut s = settled();
    let lost = pod_on(&s, "zone-a-1");
    s.apply(Action::FailNode { node: "zone-a-1".into() }).unwrap();
    let events = s.apply(Action::DeleteNode { node: "zone-a-1".into() }).unwrap();
    assert_eq!(events, [Event::NodeDeleted { node: "zone-a-1".into(), pods: vec![lost.clone()] }]);
    assert_eq!(k8s(&events), ["Node zone-a-1 event: Removing Node zone-a-1 from Controller"]);
    assert!(!s.nodes.contains_key("zone-a-1") && !s.pods.contains_key(&lost));
    run(&mut s);
    assert_eq!(s.pods[&lost].node.as_deref(), Some("zone-a-2"));
}

#[test]
fn deleting_a_whole_zones_nodes_removes_the_domain_so_the_spread_places_its_pods_elsewhere() {
    let mut s = settled();
    s.apply(Action::FailZone { zone: "zone-a".into() }).unwrap();
    run(&mut s);
    s.apply(Action::DeleteNode { node: "zone-a-1".into() }).unwrap();
    s.apply(Action::DeleteNode { node: "zone-a-2".into() }).unwrap();
    run(&mut s);
    assert_eq!(s.zones(), ["zone-b", "zone-c"]);
    assert_eq!(s.counts_by(ZONE_LABEL, &web()).values().copied().collect::<Vec<_>>(), [3, 3]);
    assert_eq!(s.running(), 6);
}

#[test]
fn a_node_that_comes_back_finishes_the_deletions_and_runs_the_rest() {
    // Back before the 300 s: nothing was deleted, its pod simply runs again.
    let mut s = settled();
    let lost = pod_on(&s, "zone-a-1");
    s.apply(Action::FailNode { node: "zone-a-1".into() }).unwrap();
    let events = s.apply(Action::RecoverNode { node: "zone-a-1".into() }).unwrap();
    // The kubelet's four conditions, and the eviction still waiting for its 300 s called off.
    let back = "Node zone-a-1 status is now: NodeHasSufficientMemory\nNode zone-a-1 status is now: \
                NodeHasNoDiskPressure\nNode zone-a-1 status is now: NodeHasSufficientPID\nNode zone-a-1 status is \
                now: NodeReady";
    assert_eq!(k8s(&events), [format!("{back}\nCancelling deletion of Pod default/{lost}")]);
    assert_eq!(
        events,
        [Event::NodeRecovered { node: "zone-a-1".into(), running: vec![lost.clone()], deleted: vec![] }]
    );
    let reasons: Vec<&str> = s.kube_events(&events[0]).iter().map(|e| e.reason).collect();
    assert_eq!(
        reasons,
        [
            "NodeHasSufficientMemory",
            "NodeHasNoDiskPressure",
            "NodeHasSufficientPID",
            "NodeReady",
            "TaintManagerEviction"
        ]
    );
    assert!(!s.nodes["zone-a-1"].is_down() && s.nodes["zone-a-1"].taints.is_empty());
    assert_eq!(s.running(), 6);
    // Back after the eviction: the kubelet finishes it, and only then can the set create the pod.
    s.apply(Action::FailNode { node: "zone-a-1".into() }).unwrap();
    s.apply(Action::Step).unwrap();
    let events = s.apply(Action::RecoverNode { node: "zone-a-1".into() }).unwrap();
    assert_eq!(
        events,
        [Event::NodeRecovered { node: "zone-a-1".into(), running: vec![], deleted: vec![lost.clone()] }]
    );
    assert!(!s.pods.contains_key(&lost));
    run(&mut s);
    assert_eq!((s.running(), s.skew(ZONE_LABEL, &web())), (6, 0));
}

#[test]
fn a_graceful_delete_of_a_lost_pod_waits_terminating() {
    let mut s = settled();
    let lost = pod_on(&s, "zone-a-1");
    s.apply(Action::FailNode { node: "zone-a-1".into() }).unwrap();
    let events = s.apply(Action::DeletePod { pod: lost.clone() }).unwrap();
    assert_eq!(events, [Event::PodTerminating { pod: lost.clone() }]);
    assert_eq!(s.phase(&s.pods[&lost]), Phase::Terminating);
    // Already deleted: the taint eviction controller has nothing left to delete.
    assert!(matches!(s.apply(Action::Step).unwrap()[..], [Event::Settled { .. }]));
}

#[test]
fn an_ordered_set_waits_for_its_lost_pod() {
    let mut setup = Chapter { pods: 3, ..Chapter::default() }.setup();
    setup.sets[0].policy = PodManagementPolicy::OrderedReady;
    let (mut s, _) = State::new(&setup).unwrap();
    run(&mut s);
    let node = s.pods["web-0"].node.clone().unwrap();
    s.apply(Action::FailNode { node }).unwrap();
    s.apply(Action::Scale { set: "web".into(), replicas: 4 }).unwrap();
    run(&mut s);
    assert!(!s.pods.contains_key("web-3"), "OrderedReady creates web-3 only once web-0 runs");
}

#[test]
fn refusals_name_the_problem_and_change_nothing() {
    let mut s = settled();
    let lost = pod_on(&s, "zone-a-1");
    let up = s.clone();
    for (action, kind) in [
        (Action::ForceDeletePod { pod: "ghost".into() }, "unknown-pod"),
        (Action::DeleteNode { node: "ghost".into() }, "unknown-node"),
        (Action::RecoverNode { node: "ghost".into() }, "unknown-node"),
        (Action::DeleteNode { node: "zone-a-1".into() }, "node-up"),
        (Action::RecoverNode { node: "zone-a-1".into() }, "node-up"),
    ] {
        assert_eq!(s.apply(action).unwrap_err().kind(), kind);
        assert_eq!(s, up);
    }
    s.apply(Action::FailNode { node: "zone-a-1".into() }).unwrap();
    s.apply(Action::Step).unwrap();
    // A graceful delete of the Terminating pod is accepted, as the API server accepts it, and
    // changes nothing: the pod still waits for its kubelet.
    let before = s.clone();
    let said = s.apply(Action::DeletePod { pod: lost.clone() }).unwrap();
    assert_eq!(said, [Event::StillTerminating { pod: lost.clone() }]);
    assert!(said[0].tell(Voice::En).contains("force delete"), "{}", said[0].tell(Voice::En));
    assert_eq!(s, before);
}

#[test]
fn an_empty_cluster_has_zero_survivors() {
    let mut setup = Chapter::default().setup();
    setup.nodes.clear();
    let (mut s, _) = State::new(&setup).unwrap();
    run(&mut s);
    assert_eq!(s.worst_loss(ZONE_LABEL, &web()), None, "no domain to lose");
    assert_eq!(s.survivors(ZONE_LABEL, &web()), 0);
    assert_eq!(s.survivors(HOSTNAME_LABEL, &web()), 0);
}

#[test]
fn max_skew_zero_on_a_statefulset_names_the_field_inside_its_pod_template() {
    let refused = State::new(&Chapter { max_skew: 0, ..Chapter::default() }.setup()).unwrap_err();
    assert_eq!(
        refused.tell(Voice::K8s),
        "The StatefulSet \"web\" is invalid: \
         spec.template.spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero"
    );
}
