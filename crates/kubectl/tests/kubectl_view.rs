//! What kubectl would show: `kubectl get` tables laid out as kubectl lays them out, and the YAML of
//! every object of every demo preset written out for `kubernetes-validate` (the test command runs
//! it over `target/tmp/kubectl-manifests`, strictly, against Kubernetes 1.37).
//!
//! Sources of the layouts quoted below:
//! - columns: kubernetes/kubernetes `pkg/printers/internalversion/printers.go`
//!   (`persistentVolumeClaimColumnDefinitions`: Name, Status, Volume, Capacity, Access Modes,
//!   StorageClass, VolumeAttributesClass, Age; `persistentVolumeColumnDefinitions`: Name,
//!   Capacity, Access Modes, Reclaim Policy, Status, Claim, StorageClass, VolumeAttributesClass,
//!   Reason, Age; `volumeAttachmentColumnDefinitions`: Name, Attacher, PV, Node, Attached, Age;
//!   `podColumnDefinitions`: Name, Ready, Status, Restarts, Age; `statefulSetColumnDefinitions`:
//!   Name, Ready, Age; `storageClassColumnDefinitions`: Name, Provisioner, ReclaimPolicy,
//!   VolumeBindingMode, AllowVolumeExpansion, Age);
//! - spacing: `k8s.io/cli-runtime/pkg/printers/tabwriter.go` (minwidth 6, padding 3);
//! - several kinds in one `get`: each kind's table with `<resource>/<name>` names, a blank line
//!   between them (`kubectl get pvc,pv` in any cluster).
#![cfg(not(target_arch = "wasm32"))]

use kubevol_kubectl::{self as kubectl, age, get, Kind};
use kubevol_sim::csi::{AccessMode, Action, Binding, DemoConfig, Reclaim, Setup};
use kubevol_sim::topology::{Chapter, Preset};
use kubevol_sim::{csi, statefulset, topology, Model};

/// `kubectl get <kind> <name> -o yaml`: the object's tree, printed.
fn yaml(cluster: &kubectl::Cluster, kind: Kind, name: &str, born: &dyn Fn(Kind, &str) -> u64) -> Option<String> {
    kubectl::object(cluster, kind, name, born).map(|o| kubectl::yaml(&o))
}

fn attach_and_mount(config: DemoConfig) -> csi::State {
    let (mut s, _) = csi::State::new(&Setup::demo(config)).unwrap();
    for action in [
        Action::Attach { claim: "data".into(), node: "node-a".into() },
        Action::Mount { claim: "data".into(), node: "node-a".into(), pod: None },
        Action::Mount { claim: "data".into(), node: "node-a".into(), pod: None },
    ] {
        // A second pod on a ReadWriteOncePod claim is refused; the first is enough then.
        let _ = s.apply(action);
    }
    s
}

#[test]
fn get_pvc_pv_volumeattachments_reads_like_kubectl() {
    let s = attach_and_mount(DemoConfig::default());
    let ages = |kind: Kind, _: &str| if kind == Kind::VolumeAttachment { 4 } else { 125 };
    let out = get(&s.cluster(), &[Kind::PersistentVolumeClaim, Kind::PersistentVolume, Kind::VolumeAttachment], &ages);
    let va = s.cluster().attachments[0].name();
    assert_eq!(va.len(), 4 + 64, "csi- and 64 hex digits, as the attach/detach controller names it");
    let expected = format!(
        "\
NAME                         STATUS   VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
persistentvolumeclaim/data   Bound    pv-1     20Gi       RWO            standard       <unset>                 2m5s

NAME                    CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM          \
STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
persistentvolume/pv-1   20Gi       RWO            Delete           Bound    default/data   \
standard       <unset>                          2m5s

{header:<103}ATTACHER                   PV     NODE     ATTACHED   AGE
volumeattachment.storage.k8s.io/{va}   disk.csi.kubevol.example   pv-1   node-a   true       4s
",
        header = "NAME" // the name is 100 characters: its column is 103 wide
    );
    assert_eq!(out, expected);
}

#[test]
fn one_kind_has_no_prefix_and_an_empty_cluster_says_so() {
    let s = attach_and_mount(DemoConfig::default());
    let out = get(&s.cluster(), &[Kind::Pod], &|_, _| 7);
    assert_eq!(
        out,
        "NAME    READY   STATUS    RESTARTS   AGE\nweb-1   1/1     Running   0          7s\nweb-2   1/\
        1     Running   0          7s\n"
    );
    let (empty, _) = csi::State::new(&Setup { claims: vec![], ..Setup::demo(DemoConfig::default()) }).unwrap();
    assert_eq!(
        get(&empty.cluster(), &[Kind::PersistentVolumeClaim], &|_, _| 0),
        "No resources found in default namespace.\n"
    );
}

#[test]
fn a_statefulset_and_its_pods_read_like_kubectl() {
    let (mut s, _) = <statefulset::State as Model>::start(&statefulset::Config::default()).unwrap();
    for _ in 0..3 {
        s.apply(statefulset::Action::Step).unwrap();
    }
    let out = get(&s.cluster(), &[Kind::StatefulSet, Kind::Pod], &|_, _| 30);
    assert_eq!(
        out,
        "NAME                  READY   AGE\nstatefulset.apps/db   1/3     30s\n\nNAME       READY   STATUS    \
            RESTARTS   AGE\npod/db-0   1/1     Running   0          30s\npod/db-1   0/1     Running   0          30s\n"
    );
}

#[test]
fn ages_read_like_human_duration() {
    for (seconds, shown) in [
        (0, "0s"),
        (119, "119s"),
        (120, "2m"),
        (125, "2m5s"),
        (600, "10m"),
        (3 * 3600, "3h"),
        (3 * 3600 + 60, "3h1m"),
        (50 * 3600, "2d"),
    ] {
        assert_eq!(age(seconds), shown, "{seconds}");
    }
}

#[test]
fn a_zoned_volume_carries_its_node_affinity_and_a_pending_pod_its_reason() {
    let s = attach_and_mount(DemoConfig { zoned: true, ..DemoConfig::default() });
    let pv = yaml(&s.cluster(), Kind::PersistentVolume, "pv-1", &|_, _| 3).unwrap();
    assert!(
        pv.contains(
            "  nodeAffinity:\n    required:\n      nodeSelectorTerms:\n      - matchExpressions:\n        \
        - key: topology.kubernetes.io/zone\n          operator: In\n          values:\n          - zone-a\n"
        ),
        "{pv}"
    );
    assert!(pv.contains("  claimRef:\n    apiVersion: v1\n    kind: PersistentVolumeClaim\n    name: data\n"), "{pv}");
    let (mut t, _) = topology::State::new(&Preset::SpreadTrap.setup()).unwrap();
    t.apply(topology::Action::Run { max: 100 }).unwrap();
    let cluster = t.cluster();
    let pending = cluster.pods.iter().find(|p| p.node.is_none()).expect("the trap leaves a pod Pending");
    let yaml = yaml(&cluster, Kind::Pod, &pending.name, &|_, _| 9).unwrap();
    assert!(yaml.contains("    reason: Unschedulable\n") && yaml.contains("message: '0/"), "{yaml}");
}

/// Every object of every preset each demo offers, written for kubernetes-validate.
#[test]
fn every_object_of_every_preset_is_written_for_the_validator() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("kubectl-manifests");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut written = Vec::new();
    let mut write = |scene: &str, cluster: &kubectl::Cluster| {
        for (kind, name) in cluster.names() {
            let yaml = yaml(cluster, kind, &name, &|_, _| 42).expect("every listed object has YAML");
            let file = dir.join(format!("{scene}-{kind:?}-{name}.yaml"));
            std::fs::write(&file, yaml).unwrap();
            written.push(kind);
        }
    };
    for mode in AccessMode::ALL {
        for binding in [Binding::Immediate, Binding::WaitForFirstConsumer] {
            for (zoned, reclaim) in [(false, Reclaim::Delete), (true, Reclaim::Retain)] {
                let config = DemoConfig { mode, binding, zoned, reclaim, ..DemoConfig::default() };
                let mut s = attach_and_mount(config);
                write(&format!("csi-{mode:?}-{binding:?}-{zoned}"), &s.cluster());
                s.apply(Action::UnmountAll { claim: "data".into() }).unwrap();
                s.apply(Action::Detach { claim: "data".into(), node: "node-a".into() }).unwrap();
                s.apply(Action::DeleteClaim { claim: "data".into() }).unwrap();
                write(&format!("csi-{mode:?}-{binding:?}-{zoned}-deleted"), &s.cluster());
            }
        }
    }
    let (mut s, _) = <statefulset::State as Model>::start(&statefulset::Config::default()).unwrap();
    for step in 0..8 {
        s.apply(statefulset::Action::Step).unwrap();
        write(&format!("statefulset-{step}"), &s.cluster());
    }
    s.apply(statefulset::Action::DeletePvc { ordinal: 0 }).unwrap();
    write("statefulset-terminating", &s.cluster());
    let scenes = Preset::ALL
        .iter()
        .map(|p| (format!("{p:?}"), p.setup()))
        .chain([("Chapter".to_string(), Chapter::default().setup())]);
    for (name, setup) in scenes {
        let (mut t, _) = topology::State::new(&setup).unwrap();
        write(&format!("topology-{name}-start"), &t.cluster());
        t.apply(topology::Action::Run { max: 100 }).unwrap();
        write(&format!("topology-{name}"), &t.cluster());
    }
    // A lost node: its pods Running with Ready False, then Terminating after the eviction, and the
    // node NotReady with its unreachable taints.
    let (mut t, _) = topology::State::new(&Chapter::default().setup()).unwrap();
    t.apply(topology::Action::Run { max: 100 }).unwrap();
    t.apply(topology::Action::FailZone { zone: "zone-a".into() }).unwrap();
    write("topology-zone-lost", &t.cluster());
    t.apply(topology::Action::Step).unwrap();
    write("topology-zone-lost-evicted", &t.cluster());
    for kind in Kind::ALL {
        assert!(written.contains(&kind), "no {kind:?} was written: the validator would not see one");
    }
}

/// Applies actions one step apart and collects the Kubernetes Events each stands for.
fn events_of<M: Model>(state: &mut M, actions: Vec<M::Action>) -> Vec<(u64, kubectl::KubeEvent)> {
    let mut out = Vec::new();
    for (step, action) in actions.into_iter().enumerate() {
        if let Ok(events) = state.apply(action) {
            for e in &events {
                out.extend(state.kube_events(e).into_iter().map(|k| (step as u64 + 1, k)));
            }
        }
    }
    out
}

/// `kubectl describe pod` in the CSI chapter: the scheduler, then the attach/detach controller,
/// as a real cluster reports a pod that lands where its volume is attached.
#[test]
fn describe_pod_lists_its_events_like_kubectl() {
    let (mut s, _) = csi::State::new(&Setup::demo(DemoConfig::default())).unwrap();
    let events = events_of(
        &mut s,
        vec![
            Action::Attach { claim: "data".into(), node: "node-a".into() },
            Action::Mount { claim: "data".into(), node: "node-a".into(), pod: None },
        ],
    );
    assert_eq!(
        kubectl::describe_events(&events, (Kind::Pod, "web-1"), 12),
        "\
Events:
  Type    Reason                  Age   From                     Message
  ----    ------                  ----  ----                     -------
  Normal  Scheduled               10s   default-scheduler        Successfully assigned default/web-1 to node-a
  Normal  SuccessfulAttachVolume  10s   attachdetach-controller  AttachVolume.Attach succeeded for volume \"pv-1\"
"
    );
    assert_eq!(kubectl::describe_events(&events, (Kind::Pod, "web-9"), 12), "Events:  <none>\n");
}

/// A pod the scheduler cannot place: its FailedScheduling, with the scheduler's own message.
#[test]
fn describe_a_pending_pod_gives_the_scheduler_s_reason() {
    let (mut t, _) = topology::State::new(&Preset::SpreadTrap.setup()).unwrap();
    let events = events_of(&mut t, (0..12).map(|_| topology::Action::Step).collect());
    let pending = t.cluster().pods.into_iter().find(|p| p.node.is_none()).unwrap().name;
    let out = kubectl::describe_events(&events, (Kind::Pod, &pending), 20);
    let line = out.lines().find(|l| l.contains("FailedScheduling")).expect(&out);
    assert!(line.starts_with("  Warning  FailedScheduling  "), "{out}");
    assert!(
        line.ends_with(
            "default-scheduler  0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) \
        didn't match pod topology spread constraints."
        ),
        "{out}"
    );
}

/// The same event again is one line, `<last> (x<count> over <first>)`, as the API server
/// aggregates it and `kubectl describe` shows it.
#[test]
fn a_repeated_event_is_one_line_with_its_count() {
    let e = kubectl::KubeEvent::warning(
        "FailedScheduling",
        "default-scheduler",
        (Kind::Pod, "p"),
        "0/3 nodes are available".into(),
    );
    let events = [(2, e.clone()), (5, e.clone()), (9, e)];
    assert_eq!(
        kubectl::describe_events(&events, (Kind::Pod, "p"), 70),
        "Events:\n  Type     Reason            Age                From               Message\n  ----     -----\
            -            ----               ----               -------\n  Warning  FailedScheduling  61s (x3 over 68s\
                )  default-scheduler  0/3 nodes are available\n"
    );
}

#[test]
fn the_statefulset_controller_reports_on_the_set() {
    let (mut s, _) = <statefulset::State as Model>::start(&statefulset::Config::default()).unwrap();
    let events = events_of(&mut s, vec![statefulset::Action::Step]);
    let out = kubectl::describe_events(&events, (Kind::StatefulSet, "db"), 1);
    assert!(
        out.contains(
            "  Normal  SuccessfulCreate  0s    statefulset-controller  create Claim data-db-0 Pod db-0 in \
        StatefulSet db success\n"
        ),
        "{out}"
    );
    assert!(out.contains("create Pod db-0 in StatefulSet db successful"), "{out}");
}

/// The topology chapter's cluster with six pods spread over three zones, two nodes each.
fn settled() -> topology::State {
    let (mut s, _) = topology::State::new(&topology::Chapter::default().setup()).unwrap();
    s.apply(topology::Action::Run { max: 100 }).unwrap();
    assert_eq!(s.running(), 6);
    s
}

/// The one pod the chapter's spread puts on `node`.
fn pod_on(s: &topology::State, node: &str) -> String {
    let pods = s.pods_on(node);
    assert_eq!(pods.len(), 1, "{node}: {pods:?}");
    pods[0].name.clone()
}

#[test]
fn kubectl_shows_the_lost_pod_running_then_terminating_and_the_node_not_ready() {
    let mut s = settled();
    let lost = pod_on(&s, "zone-a-1");
    s.apply(topology::Action::FailNode { node: "zone-a-1".into() }).unwrap();
    let at = |_: Kind, _: &str| 0;
    let get = |s: &topology::State, kind: Kind| kubectl::get(&s.cluster(), &[kind], &|_, _| 5);
    let row = |table: String, name: &str| table.lines().find(|l| l.starts_with(name)).unwrap().to_string();
    // Until it is evicted, kubectl shows the last thing its kubelet reported.
    assert!(row(get(&s, Kind::Pod), &lost).contains("1/1     Running"), "{}", get(&s, Kind::Pod));
    assert_eq!(
        get(&s, Kind::Node).lines().take(3).collect::<Vec<_>>(),
        [
            "NAME       STATUS     ROLES    AGE   VERSION",
            "zone-a-1   NotReady   <none>   5s    v1.34.4",
            "zone-a-2   Ready      <none>   5s    v1.34.4",
        ]
    );
    let node = yaml(&s.cluster(), Kind::Node, "zone-a-1", &at).unwrap();
    for line in [
        "  taints:\n  - effect: NoSchedule\n    key: node.kubernetes.io/unreachable\n    timeAdded:",
        "  - effect: NoExecute\n    key: node.kubernetes.io/unreachable\n",
        "    message: Kubelet stopped posting node status.\n    reason: NodeStatusUnknown\n    status: Unknown\n    \
            type: Ready\n",
    ] {
        assert!(node.contains(line), "{node}");
    }
    let pod = yaml(&s.cluster(), Kind::Pod, &lost, &at).unwrap();
    assert!(pod.contains("    status: \"False\"\n    type: Ready\n"), "{pod}");
    assert!(
        pod.contains(
            "  - effect: NoExecute\n    key: node.kubernetes.io/unreachable\n    operator: Exists\n    \
        tolerationSeconds: 300\n"
        ),
        "{pod}"
    );
    assert!(!pod.contains("deletionTimestamp"), "{pod}");
    s.apply(topology::Action::Step).unwrap();
    assert!(row(get(&s, Kind::Pod), &lost).contains("1/1     Terminating"), "{}", get(&s, Kind::Pod));
    let pod = yaml(&s.cluster(), Kind::Pod, &lost, &at).unwrap();
    assert!(pod.contains("  deletionGracePeriodSeconds: 30\n  deletionTimestamp:"), "{pod}");
    assert!(
        pod.contains("    reason: DeletionByTaintManager\n    status: \"True\"\n    type: DisruptionTarget\n"),
        "{pod}"
    );
    // The set no longer counts it ready.
    assert!(row(get(&s, Kind::StatefulSet), "web").contains("5/6"), "{}", get(&s, Kind::StatefulSet));
}
