#![cfg(not(target_arch = "wasm32"))]
//! `kubevol-replay serve` on bad input: it never panics and answers every request, with a
//! `Status` as the API server writes one; a scenario it cannot serve and a port in use are clear
//! errors. And every object it serves is written out for kubernetes-validate
//! (`scripts/validate-manifests.sh` checks them with the kubectl fold's).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;

use kubevol_replay::serve;
use serde_json::Value;

/// One HTTP/1.1 request: the status code and the body.
fn request(address: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    // A server that refuses a body by its length answers and closes before reading it all.
    let _ = stream.write_all(body.as_bytes());
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let response = String::from_utf8_lossy(&response).to_string();
    let status = response.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

fn scenario(name: &str) -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).unwrap()
}

#[test]
fn bad_requests_get_the_api_servers_status_and_the_server_stays_up() {
    let address = serve::spawn(&scenario("sts-ordered-startup.json"), None).unwrap();
    let cases: &[(&str, &str, &str, u16, &str)] = &[
        ("GET", "/nowhere", "", 404, "the server could not find the requested resource"),
        ("GET", "/apis/batch/v1", "", 404, "the server could not find the requested resource"),
        ("GET", "/api/v1/namespaces/default/widgets", "", 404, "could not find"),
        ("GET", "/api/v1/namespaces/default/nodes/node-1", "", 404, "could not find"),
        ("GET", "/api/v1/namespaces/default/pods/db-9", "", 404, "pods \"db-9\" not found"),
        ("GET", "/apis/apps/v1/namespaces/default/statefulsets/nope", "", 404, "statefulsets.apps \"nope\" not found"),
        (
            "GET",
            "/api/v1/namespaces/default/pods?fieldSelector=spec.color%3Dblue",
            "",
            400,
            "field label not supported",
        ),
        ("GET", "/api/v1/namespaces/default/pods?fieldSelector=nonsense", "", 400, "invalid selector"),
        ("GET", "/api/v1/namespaces/default/pods?labelSelector=a%20b%20c", "", 400, "unable to parse requirement"),
        ("GET", "/api/v1/namespaces/default/pods?labelSelector=%25%25", "", 400, "invalid label key"),
        ("DELETE", "/api/v1/namespaces/default/pods/db-0", "{not json", 400, "not JSON"),
        ("PATCH", "/apis/apps/v1/namespaces/default/statefulsets/db/scale", "[1,2", 400, "not JSON"),
        ("PATCH", "/apis/apps/v1/namespaces/default/statefulsets/db/scale", "{\"spec\":{}}", 400, "spec.replicas"),
        (
            "PATCH",
            "/apis/apps/v1/namespaces/default/statefulsets/db/scale",
            "{\"spec\":{\"replicas\":-2}}",
            422,
            "Invalid value: -2",
        ),
        ("POST", "/api/v1/namespaces/default/pods", "{}", 405, "this demo's cluster cannot create objects"),
        ("PUT", "/api/v1/namespaces/default/pods/db-0", "{}", 405, "this demo's cluster cannot replace a Pod"),
        ("DELETE", "/api/v1/namespaces/default/pods", "", 405, "does not allow this method"),
        (
            "DELETE",
            "/api/v1/persistentvolumes/pvc-00000000-0000-4000-8000-d3ef7aaa5a19",
            "",
            405,
            "this demo's cluster cannot delete a PersistentVolume",
        ),
        ("PATCH", "/api/v1/namespaces/default/pods/db-0", "{\"metadata\":{}}", 405, "cannot change a Pod by a patch"),
        ("DELETE", "/api/v1/namespaces/default/events/x", "", 405, "cannot delete Events"),
        // What the API server's storage cannot parse: it still answers 500 (kubernetes#139485).
        ("GET", "/api/v1/namespaces/default/pods?watch=true&resourceVersion=abc", "", 500, "Invalid value: \"abc\""),
        ("GET", "/api/v1/namespaces/default/pods?resourceVersion=-1", "", 500, "strconv.ParseUint"),
    ];
    for (method, path, body, code, words) in cases {
        let (got, text) = request(address, method, path, body);
        assert_eq!(got, *code, "{method} {path}: {text}");
        let status: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{method} {path}: {e}: {text}"));
        assert_eq!(status["kind"], "Status", "{method} {path}");
        assert_eq!(status["code"], *code, "{method} {path}");
        assert!(status["message"].as_str().unwrap().contains(words), "{method} {path}: {text}");
    }
    // A body past the API server's 3 MiB: its Status, and nothing read.
    let big = format!("{{\"x\":\"{}\"}}", "a".repeat(4 * 1024 * 1024));
    let (code, text) = request(address, "DELETE", "/api/v1/namespaces/default/pods/db-0", &big);
    assert_eq!(code, 413, "{text}");
    let status: Value = serde_json::from_str(&text).unwrap();
    assert_eq!((status["kind"].as_str(), status["reason"].as_str()), (Some("Status"), Some("RequestEntityTooLarge")));
    assert_eq!(status["message"], "Request entity too large: limit is 3145728");
    // A refused change leaves the cluster as it was: three pods, as before the bad requests.
    let (code, list) = request(address, "GET", "/api/v1/namespaces/default/pods", "");
    assert_eq!(code, 200);
    let list: Value = serde_json::from_str(&list).unwrap();
    assert_eq!(list["items"].as_array().unwrap().len(), 3, "{list}");
    // Bytes that are not HTTP at all: the connection ends, the server goes on.
    let mut junk = TcpStream::connect(address).unwrap();
    junk.write_all(b"\x00\x01\x02 not http\r\n\r\n").unwrap();
    let _ = junk.read_to_end(&mut Vec::new());
    assert_eq!(request(address, "GET", "/version", "").0, 200);
}

#[test]
fn a_scenario_it_cannot_serve_and_a_port_in_use_are_clear_errors() {
    let cases = [
        ("not json", "scenario is not valid JSON"),
        ("{\"model\": \"volumes\"}", "needs a \"setup\""),
        ("{\"model\": \"raft\", \"setup\": {}}", "unknown model \"raft\""),
        ("{\"model\": \"statefulset\", \"setup\": {\"replicas\": \"three\"}}", "setup:"),
        (
            r#"{"model": "statefulset", "setup": {"name": "db", "replicas": 1, "startup_ticks": 1,
                "policy": "OrderedReady"}, "actions": [{"type": "fly"}]}"#,
            "action 0",
        ),
    ];
    for (text, words) in cases {
        let error = serve::load(text, None).err().unwrap_or_else(|| panic!("{text} loads"));
        assert!(error.contains(words), "{text}: {error}");
    }
    let at = serve::load(&scenario("sts-ordered-startup.json"), Some(99)).err().unwrap();
    assert!(at.contains("--at 99: the scenario has 8 actions"), "{at}");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let error = serve::listen(port).unwrap_err();
    assert!(error.contains(&format!("port {port} is in use")), "{error}");
}

/// Every object the server returns, at every moment of every example scenario, as JSON files
/// for kubernetes-validate --strict.
#[test]
fn every_served_object_is_written_for_the_validator() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/tmp/kubectl-manifests");
    std::fs::create_dir_all(&dir).unwrap();
    let scenarios = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut written = 0;
    for entry in std::fs::read_dir(scenarios).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let actions = serde_json::from_str::<Value>(&text).unwrap()["actions"].as_array().map_or(0, Vec::len);
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        for at in [0, actions / 2, actions] {
            let Ok(address) = serve::spawn(&text, Some(at)) else {
                continue; // a scenario about a refused setup has no cluster
            };
            for path in [
                "/api/v1/nodes",
                "/apis/storage.k8s.io/v1/storageclasses",
                "/api/v1/persistentvolumeclaims",
                "/api/v1/persistentvolumes",
                "/apis/storage.k8s.io/v1/volumeattachments",
                "/apis/apps/v1/statefulsets",
                "/api/v1/pods",
                "/api/v1/events",
                "/apis/coordination.k8s.io/v1/leases",
            ] {
                let (code, body) = request(address, "GET", path, "");
                assert_eq!(code, 200, "{stem}@{at} {path}: {body}");
                let list: Value = serde_json::from_str(&body).unwrap();
                for item in list["items"].as_array().unwrap() {
                    let kind = item["kind"].as_str().unwrap().to_lowercase();
                    let name = item["metadata"]["name"].as_str().unwrap();
                    let file = dir.join(format!("served-{stem}-at{at}-{kind}-{name}.yaml"));
                    std::fs::write(file, serde_json::to_string_pretty(item).unwrap()).unwrap();
                    written += 1;
                }
            }
        }
    }
    assert!(written > 500, "{written} objects served");
    println!("served objects written for kubernetes-validate: {written}");
}

/// Reads from a watch's stream until `words` have arrived `times` times (or fails after 10 s).
fn read_until(stream: &mut TcpStream, seen: &mut String, words: &str, times: usize) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let mut buffer = [0u8; 4096];
    while seen.matches(words).count() < times {
        assert!(std::time::Instant::now() < deadline, "no {words} in the watch within 10 s:\n{seen}");
        match stream.read(&mut buffer) {
            Ok(0) => panic!("the watch ended before {words}:\n{seen}"),
            Ok(n) => seen.push_str(&String::from_utf8_lossy(&buffer[..n])),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
            Err(e) => panic!("{e}"),
        }
    }
}

/// A watch sends every object first (from no resourceVersion), then each change as it happens:
/// what `kubectl get -w` prints and what `kubectl delete` waits on.
#[test]
fn a_watch_sends_each_change_as_it_happens() {
    let address = serve::spawn(&scenario("sts-ordered-startup.json"), None).unwrap();
    let mut watch = TcpStream::connect(address).unwrap();
    watch.set_read_timeout(Some(std::time::Duration::from_millis(200))).unwrap();
    let head = format!("GET /api/v1/namespaces/default/pods?watch=true HTTP/1.1\r\nHost: {address}\r\n\r\n");
    watch.write_all(head.as_bytes()).unwrap();
    let mut seen = String::new();
    read_until(&mut watch, &mut seen, "\"type\":\"ADDED\"", 3);
    for pod in ["db-0", "db-1", "db-2"] {
        assert!(seen.contains(&format!("\"name\":\"{pod}\"")), "{seen}");
    }
    let (code, _) = request(address, "DELETE", "/api/v1/namespaces/default/pods/db-0", "{}");
    assert_eq!(code, 200);
    // A graceful delete: db-0 with its deletionTimestamp, then gone; then the StatefulSet
    // controller, within the change's second, makes it again under a new uid.
    read_until(&mut watch, &mut seen, "\"type\":\"ADDED\"", 4);
    let lines: Vec<&str> = seen.lines().filter(|l| l.starts_with('{')).collect();
    let after: Vec<&str> = lines[3..].to_vec();
    let kinds: Vec<&str> = after.iter().map(|l| l.rsplit("\"type\":\"").next().unwrap_or_default()).collect();
    assert_eq!(kinds, ["MODIFIED\"}", "DELETED\"}", "ADDED\"}"], "{seen}");
    assert!(after.iter().all(|l| l.contains("\"name\":\"db-0\"")), "{seen}");
    assert!(after[0].contains("\"deletionGracePeriodSeconds\":30"), "{}", after[0]);
    let uid = |l: &str| serde_json::from_str::<serde_json::Value>(l).unwrap()["object"]["metadata"]["uid"].clone();
    assert_eq!(uid(after[0]), uid(lines[0]), "the MODIFIED is the old db-0");
    assert_ne!(uid(after[2]), uid(lines[0]), "db-0 made again is a new object");
    // Forced (gracePeriodSeconds 0): gone at once, then made again.
    let (code, _) = request(address, "DELETE", "/api/v1/namespaces/default/pods/db-2", "{\"gracePeriodSeconds\":0}");
    assert_eq!(code, 200);
    read_until(&mut watch, &mut seen, "\"type\":\"ADDED\"", 5);
    let forced: Vec<&str> = seen.lines().filter(|l| l.starts_with('{')).skip(6).collect();
    let kinds: Vec<&str> = forced.iter().map(|l| l.rsplit("\"type\":\"").next().unwrap_or_default()).collect();
    assert_eq!(kinds, ["DELETED\"}", "ADDED\"}"], "{seen}");
    let (code, _) = request(
        address,
        "PATCH",
        "/apis/apps/v1/namespaces/default/statefulsets/db/scale",
        "{\"spec\":{\"replicas\":5}}",
    );
    assert_eq!(code, 200);
    let (code, set) = request(address, "GET", "/apis/apps/v1/namespaces/default/statefulsets/db/scale", "");
    assert_eq!(code, 200);
    assert!(set.contains("\"replicas\":5"), "{set}");
}

/// Two hundred readers at once and a watch dropped mid-stream: each reader gets the list, and the
/// cluster goes on as it was.
#[test]
fn many_readers_at_once_and_a_dropped_watch_leave_the_cluster_as_it_was() {
    let address = serve::spawn(&scenario("sts-ordered-startup.json"), None).unwrap();
    let (_, before) = request(address, "GET", "/api/v1/namespaces/default/pods", "");
    // A watch that goes away after its first events.
    let mut watch = TcpStream::connect(address).unwrap();
    watch.set_read_timeout(Some(std::time::Duration::from_millis(200))).unwrap();
    let head = format!("GET /api/v1/namespaces/default/pods?watch=true HTTP/1.1\r\nHost: {address}\r\n\r\n");
    watch.write_all(head.as_bytes()).unwrap();
    read_until(&mut watch, &mut String::new(), "\"type\":\"ADDED\"", 1);
    drop(watch);
    let readers: Vec<_> = (0..200)
        .map(|_| std::thread::spawn(move || request(address, "GET", "/api/v1/namespaces/default/pods", "")))
        .collect();
    for reader in readers {
        let (code, list) = reader.join().unwrap();
        assert_eq!(code, 200, "{list}");
        assert_eq!(list, before, "every reader reads the same moment");
    }
    assert_eq!(request(address, "GET", "/api/v1/namespaces/default/pods", "").1, before);
}

/// What takes minutes in a real cluster waits for an explicit step of the demo's clock, which
/// `serve --help` documents: a lost node's pods are evicted only then. The CSI chapter's cluster
/// has no clock of its own, and says so.
#[test]
fn an_explicit_step_moves_the_clock_and_a_cluster_without_one_says_so() {
    // After fail-node: the lost node's pods wait out their toleration.
    let address = serve::spawn(&scenario("topology-chapter-node-loss.json"), Some(2)).unwrap();
    let (_, before) = request(address, "GET", "/api/v1/namespaces/default/pods", "");
    assert!(!before.contains("deletionTimestamp"), "{before}");
    let (code, body) = request(address, "GET", "/kubevol/step", "");
    assert_eq!(code, 405, "{body}");
    let (code, body) = request(address, "POST", "/kubevol/step", "");
    assert_eq!(code, 200, "{body}");
    assert!(body.contains("\"status\":\"Success\"") && body.contains("\"message\":\"step "), "{body}");
    let (_, after) = request(address, "GET", "/api/v1/namespaces/default/pods", "");
    assert!(after.contains("deletionTimestamp"), "the step evicted the lost node's pods: {after}");
    let address = serve::spawn(&scenario("csi-rwo-second-node-multi-attach.json"), None).unwrap();
    let (_, before) = request(address, "GET", "/api/v1/namespaces/default/pods", "");
    let (code, body) = request(address, "POST", "/kubevol/step", "");
    assert_eq!(code, 409, "{body}");
    assert!(body.contains("no clock of its own"), "{body}");
    assert_eq!(request(address, "GET", "/api/v1/namespaces/default/pods", "").1, before);
}

/// The OpenAPI v3 kubectl reads before `apply -f`: an index of group versions, and for each the
/// PATCH operations that take `fieldValidation`; an unknown group version is a 404 Status.
#[test]
fn openapi_v3_says_the_server_validates_fields_and_nothing_more() {
    let address = serve::spawn(&scenario("sts-ordered-startup.json"), None).unwrap();
    let (code, index) = request(address, "GET", "/openapi/v3", "");
    assert_eq!(code, 200, "{index}");
    let index: serde_json::Value = serde_json::from_str(&index).unwrap();
    let url = index["paths"]["apis/apps/v1"]["serverRelativeURL"].as_str().unwrap().to_string();
    let (code, doc) = request(address, "GET", &url, "");
    assert_eq!(code, 200, "{doc}");
    let doc: serde_json::Value = serde_json::from_str(&doc).unwrap();
    let patch = &doc["paths"]["/apis/apps/v1/namespaces/{namespace}/statefulsets/{name}"]["patch"];
    assert_eq!(patch["x-kubernetes-group-version-kind"]["kind"], "StatefulSet");
    assert_eq!(patch["parameters"][0]["name"], "fieldValidation");
    let (code, body) = request(address, "GET", "/openapi/v3/apis/batch/v1", "");
    assert_eq!(code, 404, "{body}");
    assert!(body.contains("\"kind\":\"Status\""), "{body}");
    let (code, _) = request(address, "POST", "/openapi/v3", "{}");
    assert_eq!(code, 405);
}
