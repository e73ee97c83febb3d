#![cfg(not(target_arch = "wasm32"))]
//! The real kubectl is the judge of what the demos print as kubectl.
//!
//! `tests/kubectl/commands.txt` lists kubectl commands, each at a scenario's moment. For each, the
//! real kubectl (the one the bootstrap installs, `$KUBECTL`) runs against `kubevol-replay serve`
//! at that moment, and its output must equal `tests/kubectl/golden.txt`, which the real kubectl
//! wrote (`KUBEVOL_WRITE_GOLDEN=1 cargo test -p kubevol-replay --test kubectl` writes it again).
//! The same golden text is what our own printer (`kubevol_kubectl`, the kubectl fold's code)
//! must print for every command it knows, so kubectl and the fold cannot drift apart.
//!
//! The server's Tables follow these printers of `pkg/printers/internalversion/printers.go` in
//! kubernetes/kubernetes: `printNode` (nodeColumnDefinitions), `printStorageClass`,
//! `printPersistentVolumeClaim`, `printPersistentVolume`, `printVolumeAttachment`,
//! `printStatefulSet`, `printPod` and `printEvent`, each with its `...ColumnDefinitions`.
//!
//! Normalised before comparing, and nothing else: the ages kubectl itself counts from the real
//! clock (the Age column of a `describe`'s Events; every other age is the server's, in steps).

use std::path::{Path, PathBuf};

mod common;

use common::{kubeconfig, printed, real, table};
use kubevol_kubectl::Moment;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/kubectl")
}

/// One line of the table: the scenario's file stem, the moment, and kubectl's arguments; a line
/// of commands joined by ` && ` runs them one after the other against one cluster (`then`), as
/// a reader does to see what a change did, and prints what each printed.
struct Case {
    scenario: String,
    at: Option<usize>,
    args: Vec<String>,
    then: Vec<Vec<String>>,
    line: String,
}

impl Case {
    /// Each command's arguments, in order.
    fn commands(&self) -> impl Iterator<Item = &Vec<String>> {
        std::iter::once(&self.args).chain(&self.then)
    }

    /// Each command as typed, in order.
    fn typed(&self) -> Vec<&str> {
        self.line.split_once(": ").map_or("", |(_, typed)| typed).split(" && ").collect()
    }
}

/// Words as the prompt's shell splits them (single and double quotes, backslashes): the real
/// kubectl gets the very arguments the prompt reads.
fn words(text: &str) -> Vec<String> {
    kubevol_kubectl::prompt::words(text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(dir().join("commands.txt")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (moment, args) =
                line.split_once(": ").unwrap_or_else(|| panic!("`{line}`: expected `scenario[@N]: args`"));
            let (scenario, at) = match moment.split_once('@') {
                Some((s, n)) => (s.to_string(), Some(n.parse().unwrap())),
                None => (moment.to_string(), None),
            };
            let mut commands = args.split(" && ").map(words);
            let args = commands.next().unwrap_or_default();
            Case { scenario, at, args, then: commands.collect(), line: line.to_string() }
        })
        .collect()
}

fn scenario(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(format!("{name}.json"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The golden file's sections: each case's line and what kubectl printed.
fn golden() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(dir().join("golden.txt")).unwrap_or_default();
    let mut out: Vec<(String, String)> = Vec::new();
    for part in text.split("\n=== ").map(|p| p.trim_start_matches("=== ")) {
        if let Some((line, printed)) = part.split_once('\n') {
            out.push((line.to_string(), printed.to_string()));
        }
    }
    out
}

/// What the real kubectl prints for a case: stdout, stderr, and its exit status when not 0.
fn run_kubectl(case: &Case, home: &Path) -> String {
    let address = kubevol_replay::serve::spawn(&scenario(&case.scenario), case.at).unwrap();
    // The server is the kubeconfig's, not a flag: a flag before the command is what kubectl's
    // plugin search refuses ("flags cannot be placed before plugin name"), and after it would be
    // read as a missing flag's value. Each run's cache is under its own HOME.
    let config = home.join(format!("config-{}", address.port()));
    std::fs::write(&config, kubeconfig(&format!("http://{address}"))).unwrap();
    let mut all = String::new();
    for args in case.commands() {
        all.push_str(&normalise(&real(args, &config, home), args[0] == "describe"));
    }
    let _ = std::fs::remove_file(&config);
    all
}

fn is_age(word: &str) -> bool {
    word == "<invalid>"
        || word.len() >= 2
            && word.chars().next().is_some_and(|c| c.is_ascii_digit())
            && word.chars().all(|c| c.is_ascii_digit() || "smhdy".contains(c))
            && word.chars().last().is_some_and(|c| "smhdy".contains(c))
}

/// An age as `<age>` (with a closing parenthesis kept).
fn unaged(word: &str) -> String {
    let bare = word.trim_end_matches(')');
    if is_age(bare) {
        word.replace(bare, "<age>")
    } else {
        word.to_string()
    }
}

/// The ages a `describe` counts from the real clock as `<age>`: in its `Events:` section, whose
/// columns are then two spaces apart, and wherever else it prints one (a pod's `Terminating
/// (lasts ...)`, the Age of a node's pods).
fn normalise(text: &str, describe: bool) -> String {
    if !describe {
        return text.to_string();
    }
    let mut out = String::new();
    let mut in_events = false;
    for line in text.lines() {
        if line.starts_with("Events:") {
            in_events = true;
            out.push_str(&line.split_whitespace().collect::<Vec<_>>().join("  "));
            out.push('\n');
            continue;
        } else if !line.starts_with(' ') {
            in_events = false;
        }
        if in_events && line.starts_with("  ") {
            let cells: Vec<String> = line
                .split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(|c| c.split(' ').map(unaged).collect::<Vec<_>>().join(" "))
                .collect();
            out.push_str("  ");
            out.push_str(&cells.join("  "));
        } else {
            out.push_str(&line.split(' ').map(unaged).collect::<Vec<_>>().join(" "));
        }
        out.push('\n');
    }
    out
}

#[test]
fn the_real_kubectl_prints_the_golden_table() {
    let home = std::env::temp_dir().join(format!("kubevol-kubectl-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let cases = cases();
    assert!(cases.len() >= 40, "the golden table has at least 40 commands");
    let printed: Vec<(String, String)> = cases.iter().map(|c| (c.line.clone(), run_kubectl(c, &home))).collect();
    let _ = std::fs::remove_dir_all(&home);
    if std::env::var_os("KUBEVOL_WRITE_GOLDEN").is_some() {
        let text: String =
            printed.iter().map(|(line, out)| format!("=== {line}\n{out}")).collect::<Vec<_>>().join("\n");
        std::fs::write(dir().join("golden.txt"), text).unwrap();
        return;
    }
    let golden = golden();
    let mut differ = Vec::new();
    for (line, out) in &printed {
        match golden.iter().find(|(l, _)| l == line) {
            None => differ.push(format!("{line}: not in golden.txt (write it with KUBEVOL_WRITE_GOLDEN=1)")),
            Some((_, want)) if want.trim_end() != out.trim_end() => {
                differ.push(format!("{line}:\n--- golden\n{want}\n--- the real kubectl now\n{out}"))
            }
            Some(_) => {}
        }
    }
    assert!(differ.is_empty(), "{} of {} commands differ:\n{}", differ.len(), printed.len(), differ.join("\n"));
    println!("kubectl golden: {} commands, the real kubectl printed each as checked in", printed.len());
}

/// Our printer, for each command it knows, prints what the real kubectl printed.
#[test]
fn our_printer_prints_what_the_real_kubectl_printed() {
    let golden = golden();
    assert!(!golden.is_empty(), "golden.txt is written by the real kubectl (KUBEVOL_WRITE_GOLDEN=1)");
    let (mut compared, mut differ) = (0, Vec::new());
    for case in cases() {
        let live = kubevol_replay::serve::load(&scenario(&case.scenario), case.at).unwrap();
        let moment: &Moment = live.moment();
        // Our printer reads; a change and what follows it are the prompt's (below).
        if !case.then.is_empty() {
            continue;
        }
        let Some(ours) = printed(moment, &case.args) else {
            continue;
        };
        let (_, want) =
            golden.iter().find(|(l, _)| *l == case.line).unwrap_or_else(|| panic!("{}: not in golden.txt", case.line));
        compared += 1;
        let ours = normalise(&ours, case.args[0] == "describe");
        if ours.trim_end() != want.trim_end() {
            differ.push(format!("{}:\n--- the real kubectl\n{want}\n--- ours\n{ours}", case.line));
        }
    }
    assert!(compared >= 30, "our printer answers most of the table ({compared})");
    assert!(differ.is_empty(), "{} of {compared} differ:\n{}", differ.len(), differ.join("\n"));
    println!("kubectl golden: our printer prints {compared} commands as the real kubectl did");
}

/// What the prompt leaves to the real kubectl and says so plainly instead: the nodes' Leases
/// (the served cluster's own, not a demo's), field selectors, and files to apply or create.
fn prompt_says_it_cannot(args: &[String]) -> bool {
    args.iter().any(|a| a.starts_with("lease") || a == "--field-selector" || a == "apply" || a == "create")
}

/// The demo's kubectl prompt, typed each line of the table at its moment, prints what the real
/// kubectl printed: reads, its own errors, and changes made as the model's actions.
#[test]
fn the_prompt_prints_what_the_real_kubectl_printed() {
    let golden = golden();
    let (mut compared, mut differ, mut honest) = (0, Vec::new(), Vec::new());
    for case in cases() {
        let mut live = kubevol_replay::serve::load(&scenario(&case.scenario), case.at).unwrap();
        let ours: String = case
            .typed()
            .into_iter()
            .zip(case.commands())
            .map(|(typed, args)| normalise(&table(live.prompt(typed)), args[0] == "describe"))
            .collect();
        if prompt_says_it_cannot(&case.args) {
            assert!(ours.contains("cannot") || ours.contains("does not"), "{}: says so plainly: {ours}", case.line);
            honest.push(case.line);
            continue;
        }
        let (_, want) =
            golden.iter().find(|(l, _)| *l == case.line).unwrap_or_else(|| panic!("{}: not in golden.txt", case.line));
        compared += 1;
        if ours.trim_end() != want.trim_end() {
            differ.push(format!("{}:\n--- the real kubectl\n{want}\n--- the prompt\n{ours}", case.line));
        }
    }
    assert!(differ.is_empty(), "{} of {compared} differ:\n{}", differ.len(), differ.join("\n"));
    assert!(compared >= 60, "the prompt answers at least 60 commands of the table ({compared})");
    println!(
        "kubectl golden: the prompt prints {compared} commands as the real kubectl did; {} it says it cannot",
        honest.len()
    );
}
