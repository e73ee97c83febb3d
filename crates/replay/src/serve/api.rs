//! Discovery: what kubectl asks before anything else, to learn which resources the server has,
//! their kinds, verbs and short names (`kubectl get pvc` is resolved here, not in kubectl).

use kubevol_kubectl::api_resource::{group_version, VERSION};
use kubevol_kubectl::resource::VERBS;
use kubevol_kubectl::{Kind, Resource, KUBELET_VERSION};
use serde_json::{json, Value};

/// `/version`: the version every demo node's kubelet reports.
// Models staging/src/k8s.io/apimachinery/pkg/version/types.go Info
pub fn version() -> Value {
    let minor = KUBELET_VERSION.trim_start_matches("v1.").split('.').next().unwrap_or("0");
    json!({
        "major": "1",
        "minor": minor,
        "gitVersion": KUBELET_VERSION,
        "gitCommit": "0000000000000000000000000000000000000000",
        "gitTreeState": "clean",
        "buildDate": "2026-01-01T00:00:00Z",
        "goVersion": "go1.25.0",
        "compiler": "gc",
        "platform": "linux/amd64",
    })
}

/// `/api`.
pub fn core_versions(server: &str) -> Value {
    json!({
        "kind": "APIVersions",
        "versions": [VERSION],
        "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": server}],
    })
}

fn group(name: &str) -> Value {
    let version = json!({"groupVersion": group_version(name), "version": VERSION});
    json!({"name": name, "versions": [version], "preferredVersion": version})
}

/// `/apis`.
pub fn groups() -> Value {
    let groups: Vec<Value> = Resource::groups().into_iter().map(group).collect();
    json!({"kind": "APIGroupList", "apiVersion": "v1", "groups": groups})
}

/// `/apis/<group>`, for a group the server has.
pub fn named_group(name: &str) -> Option<Value> {
    Resource::groups().contains(&name).then(|| {
        let mut g = group(name);
        g["kind"] = json!("APIGroup");
        g["apiVersion"] = json!("v1");
        g
    })
}

/// `/api/v1` or `/apis/<group>/v1`: the group's resources, with the StatefulSet's scale
/// subresource that `kubectl scale` uses.
// Models staging/src/k8s.io/apiserver/pkg/endpoints/discovery/version.go APIVersionHandler.ServeHTTP
pub fn resources(group: &str) -> Option<Value> {
    if !group.is_empty() && !Resource::groups().contains(&group) {
        return None;
    }
    let mut list: Vec<Value> = Vec::new();
    for resource in Resource::ALL.into_iter().filter(|r| r.api().group == group) {
        let api = resource.api();
        let mut entry = json!({
            "name": api.plural,
            "singularName": api.singular(),
            "namespaced": api.namespaced,
            "kind": api.kind,
            "verbs": VERBS,
        });
        if !api.short_names.is_empty() {
            entry["shortNames"] = json!(api.short_names);
        }
        if matches!(resource, Resource::Kind(Kind::Pod | Kind::StatefulSet)) {
            entry["categories"] = json!(["all"]);
        }
        list.push(entry);
        if resource == Resource::Kind(Kind::StatefulSet) {
            list.push(json!({
                "name": "statefulsets/scale",
                "singularName": "",
                "namespaced": true,
                "group": "autoscaling",
                "version": "v1",
                "kind": "Scale",
                "verbs": ["get", "patch", "update"],
            }));
        }
    }
    Some(
        json!({"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": group_version(group), "resources": list}),
    )
}

/// A group's path under `/openapi/v3`: `api/v1` for the core group, `apis/<group>/v1` else.
fn openapi_path(group: &str) -> String {
    match group {
        "" => format!("api/{}", group_version(group)),
        named => format!("apis/{}", group_version(named)),
    }
}

/// `/openapi/v3`: where each group version's document is. kubectl reads it before `apply` or
/// `create -f`, to learn whether the server validates fields itself.
// Models staging/src/k8s.io/kube-openapi/pkg/handler3/handler.go OpenAPIService.HandleDiscovery
pub fn openapi_index() -> Value {
    let paths: serde_json::Map<String, Value> = std::iter::once("")
        .chain(Resource::groups())
        .map(|group| {
            let path = openapi_path(group);
            // The API server's hash is of the document; a made-up one, stable per path, here.
            let url = format!("/openapi/v3/{path}?hash={:016X}", kubevol_kubectl::name_hash(Kind::Node, &path));
            (path, json!({"serverRelativeURL": url}))
        })
        .collect();
    json!({"paths": paths})
}

/// `/openapi/v3/<group version>`: for each resource, the PATCH of one object and the
/// `fieldValidation` it takes. That is what kubectl looks for: a server that validates fields
/// itself is sent the objects to check (`?fieldValidation=Strict`), so `apply -f` needs no
/// `--validate=false`, and the demo's cluster then answers what it can do with them. It serves
/// no schemas: no client validates against it.
// Models staging/src/k8s.io/cli-runtime/pkg/resource/query_param_verifier_v3.go supportsQueryParamV3
pub fn openapi_document(path: &str) -> Option<Value> {
    let group = match path.trim_matches('/') {
        "api/v1" => "",
        other => Resource::groups().into_iter().find(|g| other == openapi_path(g))?,
    };
    let mut paths = serde_json::Map::new();
    for resource in Resource::ALL.into_iter().filter(|r| r.api().group == group) {
        let (plural, kind) = (resource.api().plural, resource.api().kind);
        let namespace = if resource.api().namespaced { "/namespaces/{namespace}" } else { "" };
        let at = format!("/{}{namespace}/{plural}/{{name}}", openapi_path(group));
        let field_validation = json!({
            "name": "fieldValidation",
            "in": "query",
            "description": "fieldValidation instructs the server on how to handle objects in the request \
                containing unknown or duplicate fields.",
            "schema": {"type": "string", "uniqueItems": true},
        });
        let patch = json!({
            "operationId": format!("patch{kind}"),
            "parameters": [field_validation],
            "responses": {"200": {"description": "OK"}},
            "x-kubernetes-action": "patch",
            "x-kubernetes-group-version-kind": {"group": group, "version": VERSION, "kind": kind},
        });
        paths.insert(at, json!({"patch": patch}));
    }
    Some(json!({
        "openapi": "3.0.0",
        "info": {"title": "Kubernetes", "version": KUBELET_VERSION},
        "paths": paths,
    }))
}
