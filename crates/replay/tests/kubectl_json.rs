#![cfg(not(target_arch = "wasm32"))]
//! Our printer's `kubectl get -o json` and `-o jsonpath=...` (`kubevol_kubectl::run`), which
//! print each object's value tree (`kubevol_kubectl::object`), against what the served cluster
//! says and what the real kubectl prints.
//!
//! - Every object of every scenario at every moment, and each kind's List, prints as the served
//!   cluster's JSON (the same tree as `serde_json`, `serve::to_json`) printed as Go prints it.
//! - Every `-o json` and `-o jsonpath` line of the golden table is answered, and as kubectl did.
//! - Templates plain and odd, run by the real kubectl against `kubevol-replay serve`, print as
//!   ours print them; ours leaves none to the real kubectl but those that make it panic.

use std::path::PathBuf;

mod common;

use common::{kubeconfig, kubectl, printed as run, real};
use kubevol_kubectl::{Kind, KindWords, Moment};
use serde::Serialize;

fn replay_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scenarios() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(replay_dir().join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().to_string(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    out.sort();
    out
}

fn moment_count(scenario: &str) -> usize {
    let value: serde_json::Value = serde_json::from_str(scenario).unwrap();
    value["actions"].as_array().map_or(0, Vec::len)
}

/// The value as kubectl's `-o json` prints it: Go's `json.MarshalIndent` with four spaces, which
/// sorts keys as serde_json does and writes `<`, `>`, `&` and U+2028/9 as escapes.
fn go_json(value: &serde_json::Value) -> String {
    let mut out = Vec::new();
    let mut serializer =
        serde_json::Serializer::with_formatter(&mut out, serde_json::ser::PrettyFormatter::with_indent(b"    "));
    value.serialize(&mut serializer).unwrap();
    let text = String::from_utf8(out).unwrap();
    // Outside strings JSON has none of these characters, so replacing them everywhere is safe.
    let escaped = text
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029");
    format!("{escaped}\n")
}

fn served(moment: &Moment, kind: Kind, name: &str) -> serde_json::Value {
    kubevol_replay::serve::to_json(&moment.object(kind, name).unwrap())
}

#[test]
fn every_object_prints_as_the_served_cluster_says_it() {
    let (mut objects, mut moments) = (0, 0);
    for (stem, scenario) in scenarios() {
        for at in 0..=moment_count(&scenario) {
            let Ok(live) = kubevol_replay::serve::load(&scenario, Some(at)) else { continue };
            let moment = live.moment();
            moments += 1;
            for kind in Kind::ALL {
                let resource = kind.api().plural;
                let names: Vec<String> =
                    moment.cluster.names().into_iter().filter(|(k, _)| *k == kind).map(|(_, n)| n).collect();
                let mut items = Vec::new();
                for name in &names {
                    let want = served(moment, kind, name);
                    let ours = run(moment, &["get", resource, name, "-o", "json"]);
                    assert_eq!(ours.as_deref(), Some(go_json(&want).as_str()), "{stem}@{at}: {resource} {name}");
                    items.push(want);
                    objects += 1;
                }
                let list = serde_json::json!({
                    "apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""},
                });
                let ours = run(moment, &["get", resource, "-o", "json"]);
                assert_eq!(ours.as_deref(), Some(go_json(&list).as_str()), "{stem}@{at}: {resource}");
            }
        }
    }
    assert!(moments >= 100 && objects >= 1000, "{moments} moments, {objects} objects");
}

/// Words as the prompt's shell splits them (single and double quotes, backslashes): the real
/// kubectl gets the very arguments the prompt reads.
fn words(text: &str) -> Vec<String> {
    kubevol_kubectl::prompt::words(text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

fn scenario(stem: &str) -> String {
    std::fs::read_to_string(replay_dir().join("scenarios").join(format!("{stem}.json"))).unwrap()
}

#[test]
fn every_json_line_of_the_golden_table_is_ours_and_as_kubectl_printed_it() {
    let dir = replay_dir().join("tests/kubectl");
    let golden = std::fs::read_to_string(dir.join("golden.txt")).unwrap();
    let golden: Vec<(&str, &str)> =
        golden.split("\n=== ").filter_map(|p| p.trim_start_matches("=== ").split_once('\n')).collect();
    let commands = std::fs::read_to_string(dir.join("commands.txt")).unwrap();
    let mut compared = 0;
    // A line of several commands (` && `) begins with a change: the prompt's table checks it.
    let json = |l: &&str| l.contains("-o json") || l.contains("jsonpath");
    for line in commands.lines().filter(|l| !l.starts_with('#') && !l.contains(" && ")).filter(json) {
        let (moment, typed) = line.split_once(": ").unwrap();
        let (stem, at) = moment.split_once('@').map_or((moment, None), |(s, n)| (s, Some(n.parse().unwrap())));
        let live = kubevol_replay::serve::load(&scenario(stem), at).unwrap();
        let args = words(typed);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let ours = run(live.moment(), &args).unwrap_or_else(|| panic!("{line}: our printer does not answer it"));
        let (_, want) = golden.iter().find(|(l, _)| *l == line).unwrap_or_else(|| panic!("{line}: not in golden"));
        assert_eq!(ours.trim_end(), want.trim_end(), "{line}");
        compared += 1;
    }
    assert!(compared >= 13, "{compared} lines");
}

/// Templates a reader may type, plain and odd; each runs on a list and on one object.
const TEMPLATES: [&str; 58] = [
    "{.kind}",
    "{.items[*].metadata.name}",
    "{.metadata.name}{\"\\n\"}",
    "{range .items[*]}{.metadata.name}{\"\\t\"}{.spec.nodeName}{\"\\n\"}{end}",
    "{.items[0].metadata.labels}",
    "{.metadata.labels.app}",
    "{.items[*].metadata.labels.topology\\.kubernetes\\.io/zone}",
    "{.items[-1].metadata.name}",
    "{.items[0:2].metadata.name}",
    "{.items[1:].metadata.name}",
    "{.items[::2].metadata.name}",
    "{.items[*].spec.tolerations[*].tolerationSeconds}",
    "{.items[*].metadata.ownerReferences[0].controller}",
    "{.spec}",
    "{.status}",
    "{.items[*].status.conditions[*].lastProbeTime}",
    "{.items[0].status.conditions}",
    "{range .items[*]}{range .spec.tolerations[*]}{.key},{end};{end}",
    "{.kind}{range .nope[*]}{.x}{end}|",
    "{range .items[*]}{.kind}",
    "{range .items[*]}{.metadata.name}{range}{end}",
    "name: {.metadata.name} }",
    "{ .kind }",
    "{$.kind}{@.apiVersion}",
    "{'single'}{\"double\"}",
    "{'it''s'}",
    "{\"a\\\"b\\u00e9\\x41\\101\"}",
    "{5}{+5}{-3}{007}",
    "{true}{false}",
    "{.}",
    "{.nope}",
    "{.kind.x}",
    "{.items.x}",
    "abc",
    "",
    "{",
    "}",
    "{.",
    "{range}",
    "{end}",
    "{range .items[*]}{end}{end}",
    "{.items[}",
    "{.items[a]}",
    "{.items[-]}",
    "{.items[1:2:3:4]}",
    "{.items[-1]}",
    "{.items[99]}",
    "{.items[2:1]}",
    "{.items[::0]}",
    "{.kind[0]}",
    "{.spec.replicas[0]}",
    "{!}",
    "{foo}",
    "{.a\\}",
    "{\"\\q\"}",
    "{\"unterminated}",
    "{\tx}",
    "{.metadata.name}{\"\u{e9}\u{2028}<&>\"}",
];

#[test]
fn templates_print_as_the_real_kubectl_prints_them() {
    assert!(kubectl().exists(), "the real kubectl is not installed: run scripts/bootstrap.sh, or set KUBECTL");
    let home = std::env::temp_dir().join(format!("kubevol-kubectl-json-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let (mut compared, mut differ, mut left) = (0, Vec::new(), Vec::<(String, String)>::new());
    for (stem, at, gets) in [
        ("topology-chapter-node-loss", Some(3), &[["pods", ""], ["sts", "web"]][..]),
        ("sts-ordered-startup", None, &[["pvc", ""], ["pod", "db-0"], ["sc", ""]]),
    ] {
        let scenario = scenario(stem);
        let address = kubevol_replay::serve::spawn(&scenario, at).unwrap();
        let config = home.join(format!("config-{}", address.port()));
        std::fs::write(&config, kubeconfig(&format!("http://{address}"))).unwrap();
        let live = kubevol_replay::serve::load(&scenario, at).unwrap();
        for &[resource, name] in gets {
            for template in TEMPLATES {
                let output = format!("jsonpath={template}");
                let mut args = vec!["get", resource];
                args.extend([name].into_iter().filter(|n| !n.is_empty()));
                args.extend(["-o", &output]);
                let want = real(&args, &config, &home);
                let Some(ours) = run(live.moment(), &args) else {
                    left.push((format!("{stem}: {}", args.join(" ")), want));
                    continue;
                };
                compared += 1;
                if ours != want {
                    differ.push(format!("{stem}: {}\n--- the real kubectl\n{want}\n--- ours\n{ours}", args.join(" ")));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&home);
    assert!(differ.is_empty(), "{} of {compared} differ:\n{}", differ.len(), differ.join("\n"));
    // Ours leaves to the real kubectl only what makes it panic (a range in a range over nothing).
    let answered: Vec<&String> = left.iter().filter(|(_, want)| !want.starts_with("panic: ")).map(|l| &l.0).collect();
    assert!(answered.is_empty(), "ours does not answer:\n{answered:?}");
    assert!(compared >= 250, "{compared} compared");
}
