//! The StatefulSet: its names, its `kubectl get` row, its object and its describer.

use super::persistent_volume_claim;
use super::KindFile;
use crate::api_resource::{ApiResource, Word, VERSION};
use crate::clock::rfc1123z;
use crate::describer::{container, labels, put};
use crate::object::{containers, gi, label_map, metadata, pod_phase, s, storage, strs, type_meta, Asked, Meta};
use crate::table::{column, wide, Column, Rows, AGE, NAME};
use crate::value::Value;
use crate::{Cluster, Kind, CONTAINER, IMAGE, NAMESPACE};

pub(super) const API: ApiResource = ApiResource {
    kind: "StatefulSet",
    group: "apps",
    version: VERSION,
    plural: "statefulsets",
    short_names: &["sts"],
    namespaced: true,
};
pub(super) const TYPED: Word = Word::Plural;

/// What the rest of the crate asks of this kind (`kind/mod.rs`).
pub(super) const FILE: KindFile = KindFile { api: API, typed: TYPED, columns: COLUMNS, rows, object, describe };

/// `statefulSetColumnDefinitions`.
pub(super) const COLUMNS: &[Column] = &[NAME, column("Ready"), AGE, wide("Containers"), wide("Images")];

/// Each StatefulSet's cells.
// Models pkg/printers/internalversion/printers.go printStatefulSet
pub(super) fn rows(cluster: &Cluster) -> Rows {
    cluster
        .sets
        .iter()
        .map(|s| (s.name.clone(), vec![format!("{}/{}", s.ready, s.replicas), CONTAINER.into(), IMAGE.into()]))
        .collect()
}

/// The StatefulSet `name`, created at step `at`.
pub(super) fn object(asked: Asked) -> Option<Value> {
    let Asked { cluster, name, at, .. } = asked;
    let set = cluster.sets.iter().find(|s| s.name == name)?;
    let mut o = type_meta(&API);
    let app = || Value::map(vec![("app", s(&set.name))]);
    o.push(("metadata", metadata(Kind::StatefulSet, name, at, Meta { namespaced: true, ..Meta::default() })));
    let retention = Value::map(vec![("whenDeleted", s(set.when_deleted)), ("whenScaled", s(set.when_scaled))]);
    let mut pod = vec![("containers", containers(set.template.as_ref().map(|t| t.0.as_str())))];
    pod.extend(label_map(&set.node_selector).map(|l| ("nodeSelector", l)));
    if let Some((skew, key, when, taints)) = &set.spread {
        let constraint = Value::map(vec![
            ("labelSelector", Value::map(vec![("matchLabels", app())])),
            ("maxSkew", Value::Int((*skew).into())),
            ("nodeTaintsPolicy", s(taints)),
            ("topologyKey", s(key)),
            ("whenUnsatisfiable", s(when)),
        ]);
        pod.push(("topologySpreadConstraints", Value::List(vec![constraint])));
    }
    let template = Value::map(vec![("metadata", Value::map(vec![("labels", app())])), ("spec", Value::map(pod))]);
    let rolling = Value::map(vec![("partition", Value::Int(0))]);
    let mut spec = vec![
        ("persistentVolumeClaimRetentionPolicy", retention),
        ("podManagementPolicy", s(set.policy)),
        ("replicas", Value::Int(set.replicas.into())),
        // The API server's defaults for what the demo's set leaves out.
        // Models pkg/apis/apps/v1/defaults.go SetDefaults_StatefulSet
        ("revisionHistoryLimit", Value::Int(10)),
        ("selector", Value::map(vec![("matchLabels", app())])),
        ("serviceName", s(&set.name)),
        ("template", template),
        ("updateStrategy", Value::map(vec![("rollingUpdate", rolling), ("type", s("RollingUpdate"))])),
    ];
    if let Some((template, class, size, mode)) = &set.template {
        let api = persistent_volume_claim::API;
        let claim = Value::map(vec![
            ("apiVersion", Value::Str(api.api_version())),
            ("kind", s(api.kind)),
            ("metadata", Value::map(vec![("name", s(template))])),
            (
                "spec",
                Value::map(vec![
                    ("accessModes", strs(&[mode.name()])),
                    ("resources", Value::map(vec![("requests", storage(*size))])),
                    ("storageClassName", s(class)),
                    ("volumeMode", s("Filesystem")),
                ]),
            ),
        ]);
        spec.push(("volumeClaimTemplates", Value::List(vec![claim])));
    }
    o.push(("spec", Value::map(spec)));
    let count = |n: u32| Value::Int(n.into());
    o.push((
        "status",
        Value::map(vec![
            ("availableReplicas", count(set.ready)),
            ("currentReplicas", count(set.current)),
            ("readyReplicas", count(set.ready)),
            ("replicas", count(set.current)),
        ]),
    ));
    Some(Value::map(o))
}

// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describeStatefulSet
pub(super) fn describe(w: &mut String, asked: Asked, _now: u64) -> Option<()> {
    let Asked { cluster, name, at: born, .. } = asked;
    let s = cluster.sets.iter().find(|s| s.name == name)?;
    put!(w, "Name:\t{name}\nNamespace:\t{NAMESPACE}\nCreationTimestamp:\t{}", rfc1123z(born));
    put!(w, "Selector:\tapp={name}\nLabels:\t<none>\nAnnotations:\t<none>");
    put!(w, "Replicas:\t{} desired | {} total", s.replicas, s.current);
    put!(w, "Update Strategy:\tRollingUpdate\n  Partition:\t0");
    let pods = cluster.pods.iter().filter(|p| p.set.as_deref() == Some(name));
    let running = pods.clone().filter(|p| pod_phase(p) == "Running").count();
    let waiting = pods.filter(|p| pod_phase(p) == "Pending").count();
    put!(w, "Pods Status:\t{running} Running / {waiting} Waiting / 0 Succeeded / 0 Failed");
    // `DescribePodTemplate`: the template has no volumes of its own (the claims come from the
    // claim templates) and no tolerations (admission adds them to each pod).
    put!(w, "Pod Template:\n  Labels:\tapp={name}\n  Containers:\n   {CONTAINER}:");
    container(w, s.template.as_ref().map(|t| t.0.as_str()), false);
    put!(w, "  Volumes:\t<none>");
    if let Some((skew, key, when, _)) = &s.spread {
        put!(
            w,
            "  Topology Spread Constraints:\t{key}:{when} when max skew {skew} is exceeded for selector app={name}"
        );
    }
    labels(w, "  Node-Selectors", &s.node_selector);
    put!(w, "  Tolerations:\t<none>");
    match &s.template {
        Some((template, class, size, mode)) => {
            put!(w, "Volume Claims:\n  Name:\t{template}\n  StorageClass:\t{class}\n  Labels:\t<none>");
            put!(w, "  Annotations:\t<none>\n  Capacity:\t{}\n  Access Modes:\t[{}]", gi(*size), mode.name());
        }
        None => put!(w, "Volume Claims:\t<none>"),
    }
    Some(())
}
