//! Which request is which: the API server's paths and verbs, answered from the cluster, and a
//! `Status` for everything else, as the API server writes it.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use kubevol_kubectl::api_resource::VERSION;
use kubevol_kubectl::{Kind, Moment, Resource};
use serde_json::{json, Value};

use super::cluster::{Change, Refusal};
use super::objects::{self, Include};
use super::select::Selector;
use super::{api, watch, Shared};

pub fn router(shared: Shared) -> Router {
    Router::new().fallback(handle).layer(DefaultBodyLimit::max(MAX_BODY)).with_state(shared)
}

/// A `Status` as the API server writes one for a failure.
// Models staging/src/k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/status.go ErrorToAPIStatus
pub fn status(code: StatusCode, reason: &str, message: &str, details: Value) -> Response {
    let mut body = json!({
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": message,
        "code": code.as_u16(),
    });
    // The API server leaves out what it has none of.
    if !reason.is_empty() {
        body["reason"] = json!(reason);
    }
    if details.as_object().is_none_or(|d| !d.is_empty()) {
        body["details"] = details;
    }
    (code, [(header::CONTENT_TYPE, "application/json")], body.to_string()).into_response()
}

/// The largest request body the API server reads (`MaxRequestBodyBytes`, 3 MiB).
pub const MAX_BODY: usize = 3 * 1024 * 1024;

/// A body past [`MAX_BODY`].
// Models staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go NewRequestEntityTooLargeError
fn too_large() -> Response {
    let message = format!("Request entity too large: limit is {MAX_BODY}");
    status(StatusCode::PAYLOAD_TOO_LARGE, "RequestEntityTooLarge", &message, json!({}))
}

/// A `resourceVersion` that is not one: the API server's storage cannot parse it, and answers
/// with an internal error (kubernetes/kubernetes#139485 asks for a 400; the server still says 500).
// Models staging/src/k8s.io/apiserver/pkg/storage/api_object_versioner.go APIObjectVersioner.ParseResourceVersion
fn bad_resource_version(version: &str) -> Option<Response> {
    if version.is_empty() || version.parse::<u64>().is_ok() {
        return None;
    }
    let message = format!(
        "resourceVersion: Invalid value: \"{version}\": strconv.ParseUint: parsing \"{version}\": invalid syntax"
    );
    Some(status(StatusCode::INTERNAL_SERVER_ERROR, "", &message, json!({})))
}

fn no_such_path() -> Response {
    status(StatusCode::NOT_FOUND, "NotFound", "the server could not find the requested resource", json!({}))
}

fn not_found(resource: Resource, name: &str) -> Response {
    let message = format!("{} \"{name}\" not found", resource.api().qualified());
    status(
        StatusCode::NOT_FOUND,
        "NotFound",
        &message,
        json!({"name": name, "group": resource.api().group, "kind": resource.api().plural}),
    )
}

fn bad_request(message: &str) -> Response {
    status(StatusCode::BAD_REQUEST, "BadRequest", message, json!({}))
}

fn not_allowed() -> Response {
    status(
        StatusCode::METHOD_NOT_ALLOWED,
        "MethodNotAllowed",
        "the server does not allow this method on the requested resource",
        json!({}),
    )
}

fn ok(value: Value) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], value.to_string()).into_response()
}

/// What a resource path names: `/api/v1[/namespaces/NS]/RESOURCE[/NAME[/SUBRESOURCE]]`, or the
/// same under `/apis/GROUP/v1`.
struct Target {
    resource: Resource,
    namespace: Option<String>,
    name: Option<String>,
    sub: Option<String>,
}

enum Path {
    Version,
    CoreVersions,
    Groups,
    Group(String),
    Resources(String),
    Target(Target),
}

fn parse_path(path: &str) -> Option<Path> {
    let parts: Vec<&str> = path.trim_matches('/').split('/').filter(|p| !p.is_empty()).collect();
    let (group, rest) = match parts.as_slice() {
        ["version"] => return Some(Path::Version),
        ["api"] => return Some(Path::CoreVersions),
        ["apis"] => return Some(Path::Groups),
        ["apis", group] => return Some(Path::Group(group.to_string())),
        ["api", VERSION] => return Some(Path::Resources(String::new())),
        ["apis", group, VERSION] => return Some(Path::Resources(group.to_string())),
        ["api", VERSION, rest @ ..] => ("", rest),
        ["apis", group, VERSION, rest @ ..] => (*group, rest),
        _ => return None,
    };
    let (namespace, rest) = match rest {
        ["namespaces", ns, rest @ ..] if !rest.is_empty() => (Some(ns.to_string()), rest),
        rest => (None, rest),
    };
    let (plural, name, sub) = match rest {
        [plural] => (*plural, None, None),
        [plural, name] => (*plural, Some(name.to_string()), None),
        [plural, name, sub] => (*plural, Some(name.to_string()), Some(sub.to_string())),
        _ => return None,
    };
    let resource = Resource::find(group, plural)?;
    // A cluster-wide resource has no namespaced path, and one object of a namespaced resource is
    // always asked for in its namespace.
    let namespaced = resource.api().namespaced;
    if namespace.is_some() && !namespaced || namespace.is_none() && name.is_some() && namespaced {
        return None;
    }
    Some(Path::Target(Target { resource, namespace, name, sub }))
}

async fn handle(
    State(shared): State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => return too_large(),
        Err(rejection) => return bad_request(&rejection.body_text()),
    };
    let query: HashMap<String, String> = match Query::try_from_uri(&uri) {
        Ok(Query(q)) => q,
        Err(e) => return bad_request(&format!("the query does not parse: {e}")),
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("127.0.0.1").to_string();
    if uri.path().trim_end_matches('/') == STEP_PATH {
        return step(&shared, &method);
    }
    if let Some(rest) = uri.path().strip_prefix("/openapi/v3") {
        if method != Method::GET {
            return not_allowed();
        }
        return match rest.trim_matches('/') {
            "" => ok(api::openapi_index()),
            path => api::openapi_document(path).map_or_else(no_such_path, ok),
        };
    }
    let Some(path) = parse_path(uri.path()) else {
        return no_such_path();
    };
    if method == Method::GET {
        if let Some(refused) = query.get("resourceVersion").and_then(|v| bad_resource_version(v)) {
            return refused;
        }
    }
    let target = match path {
        Path::Version => return ok(api::version()),
        Path::CoreVersions => return ok(api::core_versions(&host)),
        Path::Groups => return ok(api::groups()),
        Path::Group(name) => return api::named_group(&name).map_or_else(no_such_path, ok),
        Path::Resources(group) => return api::resources(&group).map_or_else(no_such_path, ok),
        Path::Target(target) => target,
    };
    let accept = headers.get(header::ACCEPT).and_then(|h| h.to_str().ok()).unwrap_or("");
    let as_table = accept.split(',').next().is_some_and(|first| first.contains("as=Table"));
    let include = match query.get("includeObject").map(String::as_str) {
        Some("None") => Include::None,
        Some("Object") => Include::Object,
        _ => Include::Metadata,
    };
    let mut fields = query.get("fieldSelector").cloned().unwrap_or_default();
    let watching = matches!(query.get("watch").map(String::as_str), Some("true" | "1"));
    if watching {
        if let Some(name) = &target.name {
            // The old form, `.../pods/NAME?watch=true`, watches the one object.
            fields = [fields, format!("metadata.name={name}")]
                .iter()
                .filter(|f| !f.is_empty())
                .cloned()
                .collect::<Vec<_>>()
                .join(",");
        }
    }
    let selector = match Selector::parse(target.resource, query.get("labelSelector").map(String::as_str), Some(&fields))
    {
        Ok(s) => s,
        Err(message) => return bad_request(&message),
    };
    // Every object lives in `default`; another namespace is empty.
    let namespace = target.namespace.clone();
    match (method, target.name.as_deref(), target.sub.as_deref()) {
        (Method::GET, _, None) if watching => {
            let timeout = query.get("timeoutSeconds").and_then(|t| t.parse().ok());
            let from_start = query.get("resourceVersion").is_none_or(|rv| rv.is_empty() || rv == "0");
            watch::watch(shared, target.resource, namespace, selector, as_table, include, timeout, from_start)
        }
        (Method::GET, None, None) => {
            let live = shared.live();
            let picked = objects::picked(live.moment(), target.resource, namespace.as_deref(), &selector);
            if as_table {
                ok(objects::table(live.moment(), target.resource, &picked, include, true))
            } else {
                ok(objects::list(live.moment(), target.resource, picked.into_iter().map(|(_, o)| o).collect()))
            }
        }
        (Method::GET, Some(name), sub) => {
            let live = shared.live();
            let Some(object) = one(live.moment(), &target, name) else {
                return not_found(target.resource, name);
            };
            match sub {
                None | Some("status") if as_table => {
                    ok(objects::table(live.moment(), target.resource, &[(name.to_string(), object)], include, true))
                }
                None | Some("status") => ok(object),
                Some("scale") if target.resource == Resource::Kind(Kind::StatefulSet) => ok(scale(&object)),
                _ => no_such_path(),
            }
        }
        (Method::DELETE, Some(name), None) => delete(&shared, &target, name, &body),
        (Method::PATCH | Method::PUT, Some(name), Some("scale"))
            if target.resource == Resource::Kind(Kind::StatefulSet) =>
        {
            let replicas = match serde_json::from_slice::<Value>(&body) {
                Err(e) => return bad_request(&format!("the request body is not JSON: {e}")),
                Ok(body) => body["spec"]["replicas"].as_i64(),
            };
            let Some(replicas) = replicas else {
                return bad_request("a scale needs spec.replicas, a whole number");
            };
            let Ok(replicas) = u32::try_from(replicas) else {
                let message = format!(
                    "StatefulSet.apps \"{name}\" is invalid: spec.replicas: Invalid value: {replicas}: \
                     must be greater than or equal to 0"
                );
                return status(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "Invalid",
                    &message,
                    json!({"name": name, "group": "apps", "kind": "StatefulSet"}),
                );
            };
            change(&shared, &target, name, Change::Scale { set: name.to_string(), replicas }, |moment| {
                one(moment, &target, name).map(|o| scale(&o))
            })
        }
        (Method::PATCH, Some(name), None) => {
            let patch = match serde_json::from_slice::<Value>(&body) {
                Err(e) => return bad_request(&format!("the request body is not JSON: {e}")),
                Ok(patch) => patch,
            };
            match (target.resource, patch["spec"]["unschedulable"].as_bool()) {
                (Resource::Kind(Kind::Node), Some(unschedulable)) => {
                    let node = Change::Unschedulable { node: name.to_string(), unschedulable };
                    change(&shared, &target, name, node, |moment| one(moment, &target, name))
                }
                (resource, _) => cannot(&format!("change a {} by a patch", resource.api().kind)),
            }
        }
        (Method::POST, None, None) => cannot("create objects: its model makes its own, as the demo's buttons ask"),
        (Method::PUT, Some(_), None) => {
            cannot(&format!("replace a {}: only the changes its buttons make", target.resource.api().kind))
        }
        _ => not_allowed(),
    }
}

/// The served cluster's own path, outside the Kubernetes API: one step of the demo's clock.
pub const STEP_PATH: &str = "/kubevol/step";

/// `POST /kubevol/step`: what takes minutes in a real cluster (a lost node's pods evicted after
/// their toleration), one step of the demo's clock; answered with a `Status` either way.
fn step(shared: &Shared, method: &Method) -> Response {
    if *method != Method::POST {
        return not_allowed();
    }
    let mut live = shared.live();
    let answer = match live.step() {
        Ok(()) => {
            let message = format!("step {}", live.moment().now);
            ok(json!({
                "kind": "Status",
                "apiVersion": "v1",
                "metadata": {},
                "status": "Success",
                "message": message,
                "code": 200,
            }))
        }
        Err(message) => status(StatusCode::CONFLICT, "Conflict", &message, json!({})),
    };
    drop(live);
    shared.changes.send_modify(|n| *n += 1);
    answer
}

/// What the demo's cluster cannot do: a 405 that says so.
fn cannot(what: &str) -> Response {
    method_not_allowed(&format!("this demo's cluster cannot {what}"))
}

fn method_not_allowed(message: &str) -> Response {
    status(StatusCode::METHOD_NOT_ALLOWED, "MethodNotAllowed", message, json!({}))
}

/// The object a path names, if it is in the namespace asked.
fn one(moment: &Moment, target: &Target, name: &str) -> Option<Value> {
    let object = match target.resource {
        Resource::Kind(kind) => objects::object(moment, kind, name),
        Resource::Event => objects::events(moment).into_iter().find(|(n, _)| n == name).map(|(_, o)| o),
        Resource::Lease => objects::leases(moment).into_iter().find(|(n, _)| n == name).map(|(_, o)| o),
    }?;
    let namespace = object["metadata"]["namespace"].as_str();
    (target.namespace.is_none() || target.namespace.as_deref() == namespace).then_some(object)
}

/// The StatefulSet's scale subresource (`autoscaling/v1` Scale).
// Models pkg/registry/apps/statefulset/storage/storage.go scaleFromStatefulSet
fn scale(set: &Value) -> Value {
    let meta = &set["metadata"];
    let selector: Vec<String> = set["spec"]["selector"]["matchLabels"]
        .as_object()
        .map(|m| m.iter().map(|(k, v)| format!("{k}={}", v.as_str().unwrap_or_default())).collect())
        .unwrap_or_default();
    json!({
        "kind": "Scale",
        "apiVersion": "autoscaling/v1",
        "metadata": {
            "name": meta["name"],
            "namespace": meta["namespace"],
            "uid": meta["uid"],
            "resourceVersion": meta["resourceVersion"],
            "creationTimestamp": meta["creationTimestamp"],
        },
        "spec": {"replicas": set["spec"]["replicas"]},
        "status": {"replicas": set["status"]["replicas"], "selector": selector.join(",")},
    })
}

/// Makes a change through the model and answers with `after` of the moment it made, or says why not.
fn change(
    shared: &Shared,
    target: &Target,
    name: &str,
    change: Change,
    after: impl Fn(&Moment) -> Option<Value>,
) -> Response {
    let mut live = shared.live();
    if one(live.moment(), target, name).is_none() {
        return not_found(target.resource, name);
    }
    let answer = match live.change(&change) {
        Ok(()) => after(live.moment()).map_or_else(|| not_found(target.resource, name), ok),
        Err(Refusal::Cannot(message)) => method_not_allowed(&message),
        Err(Refusal::Refused(message)) => status(
            StatusCode::CONFLICT,
            "Conflict",
            &message,
            json!({"name": name, "group": target.resource.api().group, "kind": target.resource.api().plural}),
        ),
    };
    drop(live);
    shared.changes.send_modify(|n| *n += 1);
    answer
}

/// A delete, graceful or (with `gracePeriodSeconds: 0`) forced: the object as it was when it is
/// gone, as the API server returns it, or as it is now while a finalizer or a kubelet holds it.
// Models staging/src/k8s.io/apiserver/pkg/endpoints/handlers/delete.go DeleteResource
fn delete(shared: &Shared, target: &Target, name: &str, body: &[u8]) -> Response {
    let options: Value = if body.iter().all(u8::is_ascii_whitespace) {
        json!({})
    } else {
        match serde_json::from_slice(body) {
            Ok(options) => options,
            Err(e) => return bad_request(&format!("the DeleteOptions are not JSON: {e}")),
        }
    };
    let force = options["gracePeriodSeconds"].as_i64() == Some(0);
    let kind = match kubevol_kubectl::deleted(target.resource) {
        Ok(kind) => kind,
        Err(message) => return method_not_allowed(&message),
    };
    let before = one(shared.live().moment(), target, name);
    if let (true, Some(before)) = (force, &before) {
        shared.forced().push(before["metadata"]["uid"].clone());
    }
    // An object made again under the same name (a StatefulSet's pod) is a new object: kubectl
    // waits for the uid it was answered with to go, so the answer is the deleted one.
    change(shared, target, name, Change::Delete { kind, name: name.to_string(), force }, |moment| {
        let now = one(moment, target, name);
        match (&now, &before) {
            (Some(now), Some(before)) if now["metadata"]["uid"] != before["metadata"]["uid"] => Some(before.clone()),
            _ => now.or_else(|| before.clone()),
        }
    })
}
