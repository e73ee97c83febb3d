//! Every example scenario replays with all its expectations met, deterministically; malformed
//! scenarios are refused with a message that says where.

use std::path::PathBuf;

use kubevol_replay::replay;
use serde_json::Value;

fn scenarios() -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files.into_iter().map(|p| (p.clone(), std::fs::read_to_string(p).unwrap())).collect()
}

#[test]
fn every_example_scenario_meets_its_expectations() {
    let all = scenarios();
    assert!(all.len() >= 15, "the examples cover each behaviour of both chapters");
    for (path, text) in all {
        let out = replay(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(out.failed_expectations.is_empty(), "{}: {:?}", path.display(), out.failed_expectations);
        let scenario = serde_json::from_str::<Value>(&text).unwrap();
        let actions = scenario["actions"].as_array().unwrap().len();
        if scenario["expect_setup"].as_str().is_some_and(|want| want != "ok") {
            assert_eq!(out.lines.len(), 1, "{}: a refused setup is one line", path.display());
        } else {
            assert_eq!(out.lines.len(), actions + 2, "{}: setup line, one per action, final", path.display());
        }
        for line in &out.lines {
            serde_json::from_str::<Value>(line).expect("every line is JSON");
        }
        assert_eq!(replay(&text).unwrap().lines, out.lines, "{}: replay is deterministic", path.display());
    }
}

#[test]
fn the_output_carries_the_real_kubernetes_wording() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/csi-rwo-second-node-multi-attach.json"
    ))
    .unwrap();
    let out = replay(&text).unwrap();
    let refused: Value = serde_json::from_str(&out.lines[3]).unwrap();
    assert_eq!(refused["ok"], false);
    assert_eq!(refused["refusal"]["kind"], "multi-attach");
    assert_eq!(
        refused["refusal"]["k8s"],
        "Multi-Attach error for volume \"pv-1\" Volume is already used by pod(s) web-1"
    );
    let last: Value = serde_json::from_str(out.lines.last().unwrap()).unwrap();
    assert_eq!(last["final"]["volumes"]["pv-1"]["attached"][0], "node-a");
}

#[test]
fn a_broken_expectation_is_reported() {
    let text = r#"{"model":"statefulset","setup":{"name":"db","replicas":1,"startup_ticks":0,"policy":"Parallel"},
                   "actions":[{"type":"delete-pod","ordinal":0,"expect":"ok"}]}"#;
    let out = replay(text).unwrap();
    assert_eq!(out.failed_expectations, ["action 0: expected ok, got no-such-pod"]);
}

/// The CSI model is named by its kind, `csi`; a file written when it was `volumes` opens the same.
#[test]
fn a_scenario_naming_the_csi_model_the_old_way_still_opens() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/csi-rwo-second-node-multi-attach.json");
    let now = std::fs::read_to_string(path).unwrap();
    assert!(now.contains(r#""model": "csi""#), "the files name it by its kind");
    let old = now.replace(r#""model": "csi""#, r#""model": "volumes""#);
    let (a, b) = (replay(&now).unwrap(), replay(&old).unwrap());
    assert_eq!(a.lines, b.lines);
}

#[test]
fn malformed_scenarios_say_what_is_wrong() {
    let cases = [
        ("not json", "not valid JSON"),
        ("[]", "JSON object"),
        (r#"{"setup":{},"actions":[]}"#, "\"model\""),
        (r#"{"model":"nfs","setup":{},"actions":[]}"#, "unknown model \"nfs\""),
        (r#"{"model":"volumes","setup":{"classes":[]},"actions":[]}"#, "setup: missing field `nodes`"),
        (
            concat!(
                r#"{"model":"statefulset","setup":{"name":"db","replicas":1,"startup_ticks":0,"#,
                r#""policy":"OrderedReady"},"actions":[{"type":"fly"}]}"#
            ),
            "action 0: unknown variant `fly`",
        ),
        (
            concat!(
                r#"{"model":"statefulset","setup":{"name":"DB","replicas":1,"startup_ticks":0,"#,
                r#""policy":"OrderedReady"},"actions":[]}"#
            ),
            "setup refused (invalid-name)",
        ),
    ];
    for (text, want) in cases {
        let err = replay(text).unwrap_err();
        assert!(err.contains(want), "{text}: {err}");
    }
}

#[test]
fn expect_state_checks_the_middle_of_a_story() {
    let scenario = |checks: &str| {
        format!(
            r#"{{"model":"topology","setup":{{"nodes":[{{"name":"a-1","zone":"zone-a"}},
                {{"name":"b-1","zone":"zone-b"}}],
                "sets":[{{"name":"web","replicas":2,"policy":"Parallel","spread":{{"max_skew":1}}}}]}},
                "actions":[{{"type":"run","max":10,"expect_state":{checks}}}]}}"#
        )
    };
    let held = replay(&scenario(r#"{"running":2,"node/web-0":"a-1","skew/topology.kubernetes.io/zone":0}"#)).unwrap();
    assert!(held.failed_expectations.is_empty(), "{:?}", held.failed_expectations);
    let broken = replay(&scenario(r#"{"running":3,"node/web-1":"a-1"}"#)).unwrap();
    assert_eq!(
        broken.failed_expectations,
        ["action 0: expected node/web-1 = \"a-1\", got \"b-1\"", "action 0: expected running = 3, got 2"]
    );
    let unknown = replay(&scenario(r#"{"attached/pv-1":[]}"#)).unwrap_err();
    assert!(unknown.contains("cannot answer") && unknown.contains("running"), "{unknown}");
}

#[test]
fn a_refused_setup_can_be_the_expectation() {
    let scenario = |expect: &str| {
        format!(
            r#"{{"model":"topology","expect_setup":"{expect}","actions":[],
                "setup":{{"nodes":[],"sets":[{{"name":"web","replicas":1,"spread":{{"max_skew":0}}}}]}}}}"#
        )
    };
    assert!(replay(&scenario("invalid-spread")).unwrap().failed_expectations.is_empty());
    assert_eq!(
        replay(&scenario("unknown-class")).unwrap().failed_expectations,
        ["setup: expected unknown-class, got invalid-spread"]
    );
    // Without expect_setup a refused setup is still a malformed scenario.
    let plain = concat!(
        r#"{"model":"topology","actions":[],"setup":{"nodes":[],"#,
        r#""sets":[{"name":"web","replicas":1,"spread":{"max_skew":0}}]}}"#
    );
    assert!(replay(plain).unwrap_err().starts_with("setup refused (invalid-spread)"));
}

/// `--help` says what the tool does and how to serve, and is not read as a scenario's path.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn help_says_how_to_replay_and_serve() {
    for flag in ["--help", "-h"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_kubevol-replay")).arg(flag).output().unwrap();
        assert!(out.status.success(), "{flag}: {out:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("kubevol-replay serve <scenario.json> [--at N] [--port P]"), "{text}");
        assert!(!text.contains("cannot read"), "{text}");
    }
}
