//! The kubectl prompt: a line a reader types, read as kubectl reads its arguments, answered from
//! the same printer as the fold and the served cluster, and a change made as the model's own
//! action ([`Served`]), so a typed `kubectl delete pod db-1` is the demo's button for it.
//!
//! What kubectl decides before it asks the server (an unknown command or flag, a flag without its
//! value, a missing argument) is printed here in kubectl's words; what the server decides is the
//! served cluster's answer, in the words `crates/replay/src/serve` gives it. The golden table
//! (`crates/replay/tests/kubectl/`) holds what the real kubectl printed for both, and the prompt
//! must print the same. As there, a failed command ends with `[exit 1]`, which the prompt's view
//! shows as an error rather than as text.

mod complete;
mod flags;
mod watch;

use std::fmt::Write;

use super::command::{not_found, resource};
use super::{cannot, run, Change, Kind, Moment, Served, NAMESPACE};
use crate::{Tell, Voice};

pub use complete::complete;
pub use flags::words;
use flags::{flags, parse, suggest, usage, Parsed, GLOBAL};
pub use watch::watched;

/// What a typed line does.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply<A> {
    /// Printed at once: what a read prints, help, or the error kubectl prints.
    Print(String),
    /// A change: each object's action with what kubectl prints once the model takes it (the model
    /// may still refuse it: [`refused`]), then what is printed after them (the names not found).
    Act(Vec<(A, String)>, String),
    /// `get -w`: the first listing, and the `get` whose rows are printed again as the demo moves.
    Watch(String, Vec<String>),
    /// `clear`: the output is emptied, as Ctrl-L does.
    Clear,
}

/// What kubectl prints when the API server refuses a change with a Conflict: the model's reason,
/// in its Kubernetes voice.
pub fn refused(message: &str) -> String {
    format!("Error from server (Conflict): {message}\n[exit 1]\n")
}

/// What a change printed, in kubectl's order: each object's line (`Ok`) or the model's refusal
/// (`Err`, its reason in the Kubernetes voice), then what `ask` left for after them.
pub fn told(outcomes: Vec<Result<String, String>>, after: &str) -> String {
    let (mut out, mut refusals) = (String::new(), String::new());
    for outcome in outcomes {
        match outcome {
            Ok(done) => out.push_str(&done),
            Err(message) => refusals.push_str(&refused(&message).replace("[exit 1]\n", "")),
        }
    }
    out.push_str(&refusals);
    out.push_str(after);
    if !refusals.is_empty() && after.is_empty() {
        out.push_str("[exit 1]\n");
    }
    out
}

/// A line typed at a model's state and its moment, each change applied as one action: what the
/// prompt prints. The demo's view does the same through its session, so history has each change.
pub fn answer<M: Served>(state: &mut M, moment: &mut Moment, line: &str) -> String {
    match ask::<M>(moment, M::KINDS, line) {
        Reply::Print(text) | Reply::Watch(text, _) => text,
        Reply::Clear => String::new(),
        Reply::Act(acts, after) => {
            let outcomes = acts
                .into_iter()
                .map(|(action, done)| moment.apply(state, action).map(|_| done).map_err(|r| r.tell(Voice::K8s)))
                .collect();
            told(outcomes, &after)
        }
    }
}

/// Every command of kubectl's own, for its "Did you mean this?": a typo of one the demo cannot
/// run is still kubectl's to suggest.
pub(super) const KUBECTL: [&str; 42] = [
    "annotate",
    "api-resources",
    "api-versions",
    "apply",
    "attach",
    "auth",
    "autoscale",
    "certificate",
    "cluster-info",
    "completion",
    "config",
    "cordon",
    "cp",
    "create",
    "debug",
    "delete",
    "describe",
    "diff",
    "drain",
    "edit",
    "events",
    "exec",
    "explain",
    "expose",
    "get",
    "help",
    "kustomize",
    "label",
    "logs",
    "options",
    "patch",
    "plugin",
    "port-forward",
    "proxy",
    "replace",
    "rollout",
    "run",
    "scale",
    "set",
    "taint",
    "top",
    "uncordon",
];

/// The commands the prompt answers, in the order `help` lists them, with kubectl's own summary.
const OURS: [(&str, &str); 8] = [
    ("get", "Display one or many resources"),
    ("describe", "Show details of a specific resource or group of resources"),
    ("delete", "Delete resources by resources and names"),
    ("scale", "Set a new size for a stateful set"),
    ("cordon", "Mark node as unschedulable"),
    ("uncordon", "Mark node as schedulable"),
    ("drain", "Drain node in preparation for maintenance"),
    ("help", "Help about any command"),
];

/// `help`: the commands this demo's prompt answers and the kinds of its cluster.
pub fn help(kinds: &[Kind]) -> String {
    let mut out = String::from("kubectl controls this demo's cluster: a model, not a real one. It answers:\n\n");
    for (name, what) in OURS {
        let _ = writeln!(out, "  {name:<14}{what}");
    }
    out.push_str("\nResource types:\n");
    for kind in kinds {
        let (plural, _, short) = kind.api();
        let _ = writeln!(out, "  {plural:<28}{}", short.join(", "));
    }
    out.push_str(
        "\nFlags: get -o wide|yaml|json|name|jsonpath=..., -l, --show-labels, -n, -A, -w; delete --force \
         --grace-period=0; scale --replicas=N.\nTab completes, Up and Down walk the history, Ctrl-L clears, Ctrl-C \
         stops a watch.\n",
    );
    out
}

/// A `TYPE NAME...` or `TYPE/NAME...` list: each object's kind (`None` for Events) and name.
fn objects(args: &[String]) -> Result<Vec<(Option<Kind>, String)>, String> {
    let mut out = Vec::new();
    let mut kind = None;
    for arg in args {
        let (word, name) = match arg.split_once('/') {
            Some((word, name)) => (word, Some(name)),
            None if kind.is_none() => (arg.as_str(), None),
            None => ("", Some(arg.as_str())),
        };
        if !word.is_empty() {
            let Some(k) = resource(word) else {
                return Err(format!("error: the server doesn't have a resource type \"{word}\"\n[exit 1]\n"));
            };
            kind = Some(k);
        }
        if let (Some(k), Some(name)) = (kind, name) {
            out.push((k, name.to_string()));
        }
    }
    Ok(out)
}

/// Whether the moment holds this object in the namespace asked.
fn holds(moment: &Moment, kind: Kind, name: &str, namespace: Option<&str>) -> bool {
    let here = !kind.namespaced() || namespace.is_none_or(|ns| ns == NAMESPACE);
    here && moment.cluster.names().iter().any(|(k, n)| *k == kind && n == name)
}

/// The line as the prompt echoes it after its own `$ kubectl`: a leading `kubectl` typed again (what
/// a reader's fingers do) is kubectl's own name, taken once, as [`ask`] takes it.
pub fn echoed(line: &str) -> &str {
    let trimmed = line.trim_start();
    match trimmed.strip_prefix("kubectl") {
        Some(rest) if rest.is_empty() || rest.starts_with(char::is_whitespace) => rest.trim_start(),
        _ => line,
    }
}

/// What a typed line does at a moment of a model's cluster whose kinds are `kinds`.
pub fn ask<M: Served>(moment: &Moment, kinds: &[Kind], line: &str) -> Reply<M::Action> {
    let words = match words(line) {
        Ok(words) => words,
        Err(e) => return Reply::Print(format!("error: {e}\n[exit 1]\n")),
    };
    // The prompt already says `kubectl`; typing it again is what a reader's fingers do.
    let words = match words.split_first() {
        Some((first, rest)) if first == "kubectl" => rest,
        _ => &words[..],
    };
    let Some((command, rest)) = words.split_first() else {
        return Reply::Print(help(kinds));
    };
    let command = command.as_str();
    match command {
        "clear" => return Reply::Clear,
        "help" | "-h" | "--help" => return Reply::Print(help(kinds)),
        c if OURS.iter().any(|(name, _)| *name == c) => {}
        "apply" | "create" | "replace" | "edit" | "patch" => {
            return Reply::Print(format!(
                "this demo's cluster cannot {command} objects: its model makes its own, as the demo's buttons ask\n\
                 [exit 1]\n"
            ))
        }
        c if KUBECTL.contains(&c) => {
            return Reply::Print(format!(
                "this demo's cluster cannot run kubectl {command}: type help for what it answers\n[exit 1]\n"
            ))
        }
        _ => {
            let mut out = format!("error: unknown command \"{command}\" for \"kubectl\"\n");
            let like = suggest(command);
            if !like.is_empty() {
                out.push_str("\nDid you mean this?\n");
                for c in like {
                    let _ = writeln!(out, "\t{c}");
                }
            }
            out.push_str("[exit 1]\n");
            return Reply::Print(out);
        }
    }
    let parsed = match parse(command, rest) {
        Ok(parsed) => parsed,
        Err(out) => return Reply::Print(out),
    };
    if parsed.on("help") {
        return Reply::Print(help(kinds));
    }
    let known = flags(command).iter().chain(&GLOBAL);
    if let Some(flag) = parsed.set.iter().find_map(|(long, _)| known.clone().find(|f| f.0 == *long && !f.3)) {
        return Reply::Print(format!(
            "this demo's prompt does not read --{}: type help for the flags it reads\n[exit 1]\n",
            flag.0
        ));
    }
    let namespace = parsed.get("namespace");
    match command {
        "get" | "describe" => read::<M>(moment, command, &parsed),
        "delete" => delete::<M>(moment, &parsed, namespace),
        "scale" => scale::<M>(moment, &parsed, namespace),
        _ => node::<M>(moment, command, &parsed),
    }
}

fn read<M: Served>(moment: &Moment, command: &str, parsed: &Parsed) -> Reply<M::Action> {
    if parsed.args.is_empty() {
        return Reply::Print(if command == "get" {
            "You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete list of \
             supported resources.\n\nerror: Required resource not specified.\nUse \"kubectl explain <resource>\" for \
             a detailed description of that resource (e.g. kubectl explain pods).\nSee 'kubectl get -h' for help and \
             examples\n[exit 1]\n"
                .into()
        } else {
            "error: You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete \
             list of supported resources.\n[exit 1]\n"
                .into()
        });
    }
    if parsed.args.iter().any(|a| a.contains('/')) {
        return Reply::Print(format!(
            "this demo's prompt reads kubectl {command} TYPE NAME, not TYPE/NAME\n[exit 1]\n"
        ));
    }
    if let Some(output) = parsed.get("output") {
        let format = output.split_once('=').map_or(output, |(f, _)| f);
        if !PRINTERS.contains(&format) {
            return Reply::Print(format!(
                "error: unable to match a printer suitable for the output format \"{output}\", allowed formats are: \
                 {}\n[exit 1]\n",
                PRINTERS.join(",")
            ));
        }
    }
    if command == "describe" && resource(&parsed.args[0]).is_none() {
        let word = &parsed.args[0];
        return Reply::Print(format!("error: the server doesn't have a resource type \"{word}\"\n[exit 1]\n"));
    }
    let mut args: Vec<String> = vec![command.into()];
    args.extend(parsed.args.iter().cloned());
    for (long, short) in [("output", "-o"), ("selector", "-l"), ("namespace", "-n")] {
        if let Some(value) = parsed.get(long) {
            args.extend([short.to_string(), value.to_string()]);
        }
    }
    for long in ["all-namespaces", "show-labels"] {
        if parsed.on(long) {
            args.push(format!("--{long}"));
        }
    }
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let Some(printed) = run(moment, &words) else {
        return Reply::Print("this demo's prompt cannot print that: type help for what it prints\n[exit 1]\n".into());
    };
    if parsed.on("watch") && !printed.contains("[exit 1]") {
        return Reply::Watch(printed, args);
    }
    Reply::Print(printed)
}

/// kubectl's output formats, as its error for another lists them.
const PRINTERS: [&str; 13] = [
    "custom-columns",
    "custom-columns-file",
    "go-template",
    "go-template-file",
    "json",
    "jsonpath",
    "jsonpath-as-json",
    "jsonpath-file",
    "name",
    "template",
    "templatefile",
    "wide",
    "yaml",
];

const NO_RESOURCES: &str = "error: You must provide one or more resources by argument or filename.\nExample \
    resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   \
    '<resource>'\n[exit 1]\n";

fn delete<M: Served>(moment: &Moment, parsed: &Parsed, namespace: Option<&str>) -> Reply<M::Action> {
    let named = match objects(&parsed.args) {
        Ok(named) => named,
        Err(e) => return Reply::Print(e),
    };
    if parsed.args.is_empty() {
        return Reply::Print(NO_RESOURCES.into());
    }
    if named.is_empty() {
        return Reply::Print("error: resource(s) were provided, but no name was specified\n[exit 1]\n".into());
    }
    let force = parsed.on("force");
    let (mut acts, mut after) = (Vec::new(), String::new());
    for (kind, name) in named {
        let Some(kind) = kind else {
            after.push_str(
                "Error from server (MethodNotAllowed): this demo's cluster cannot delete Events: they are what its \
                 model said\n",
            );
            continue;
        };
        if !holds(moment, kind, &name, namespace) {
            after.push_str(&not_found(Some(kind), &name));
            continue;
        }
        let change = Change::Delete { kind, name: name.clone(), force };
        match M::action(&moment.cluster, &change) {
            Ok(action) => {
                let done = if force {
                    format!(
                        "{} \"{name}\" force deleted\nWarning: Immediate deletion does not wait for confirmation that \
                         the running resource has been terminated. The resource may continue to run on the cluster \
                         indefinitely.\n",
                        kind.resource()
                    )
                } else {
                    format!("{} \"{name}\" deleted\n", kind.resource())
                };
                acts.push((action, done));
            }
            Err(message) => after.push_str(&format!("Error from server (MethodNotAllowed): {message}\n")),
        }
    }
    if !after.is_empty() {
        after.push_str("[exit 1]\n");
    }
    Reply::Act(acts, after)
}

fn scale<M: Served>(moment: &Moment, parsed: &Parsed, namespace: Option<&str>) -> Reply<M::Action> {
    let Some(replicas) = parsed.get("replicas") else {
        return Reply::Print("error: required flag(s) \"replicas\" not set\n[exit 1]\n".into());
    };
    let Ok(replicas) = replicas.parse::<i64>() else {
        return Reply::Print(usage(
            "scale",
            &format!(
                "invalid argument \"{replicas}\" for \"--replicas\" flag: strconv.ParseInt: parsing \"{replicas}\": \
                 invalid syntax"
            ),
        ));
    };
    let named = match objects(&parsed.args) {
        Ok(named) => named,
        Err(e) => return Reply::Print(e),
    };
    if replicas < 0 {
        return Reply::Print(
            "error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0\n[exit 1]\n"
                .into(),
        );
    }
    if parsed.args.is_empty() {
        return Reply::Print(NO_RESOURCES.into());
    }
    if named.is_empty() {
        return Reply::Print("error: resource(s) were provided, but no name was specified\n[exit 1]\n".into());
    }
    let (mut acts, mut after) = (Vec::new(), String::new());
    for (kind, name) in named {
        if kind != Some(Kind::StatefulSet) {
            after.push_str(
                "Error from server (MethodNotAllowed): the server does not allow this method on the requested \
                 resource\n",
            );
            continue;
        }
        if !holds(moment, Kind::StatefulSet, &name, namespace) {
            after.push_str(&format!("error: no objects passed to scale statefulsets.apps \"{name}\" not found\n"));
            continue;
        }
        let change = Change::Scale { set: name.clone(), replicas: u32::try_from(replicas).unwrap_or(u32::MAX) };
        match M::action(&moment.cluster, &change) {
            Ok(action) => acts.push((action, format!("statefulset.apps/{name} scaled\n"))),
            Err(message) => after.push_str(&format!("Error from server (MethodNotAllowed): {message}\n")),
        }
    }
    if !after.is_empty() {
        after.push_str("[exit 1]\n");
    }
    Reply::Act(acts, after)
}

/// `cordon`, `uncordon` and `drain`: a node's `spec.unschedulable`, which no demo's model has an
/// action for yet; `drain` cordons first, as kubectl does, and stops there.
fn node<M: Served>(moment: &Moment, command: &str, parsed: &Parsed) -> Reply<M::Action> {
    let [name] = &parsed.args[..] else {
        return Reply::Print(format!(
            "error: USAGE: {command} NODE [flags]\nSee 'kubectl {command} -h' for help and examples\n[exit 1]\n"
        ));
    };
    if !holds(moment, Kind::Node, name, None) {
        return Reply::Print(format!("{}[exit 1]\n", not_found(Some(Kind::Node), name)));
    }
    let unschedulable = command != "uncordon";
    if !unschedulable {
        return Reply::Print(format!("node/{name} already uncordoned\n"));
    }
    match M::action(&moment.cluster, &Change::Unschedulable { node: name.clone(), unschedulable }) {
        Ok(action) => Reply::Act(vec![(action, format!("node/{name} cordoned\n"))], String::new()),
        Err(message) => {
            let mut out = format!("error: unable to cordon node \"{name}\": {message}\n");
            if command == "drain" {
                let _ = writeln!(out, "{}: a real drain would go on to evict its pods", cannot("drain a node"));
            }
            Reply::Print(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statefulset;

    /// The chapter's StatefulSet once it has converged: db-0, db-1 and db-2 running (the moment
    /// every test of the prompt types at).
    pub(super) fn db() -> Moment {
        Moment::replay::<statefulset::State>(&statefulset::Config::default(), &[statefulset::Action::Run { max: 20 }])
    }

    pub(super) const KINDS: [Kind; 2] = [Kind::StatefulSet, Kind::Pod];

    #[test]
    fn odd_lines_never_panic_and_always_answer() {
        let moment = db();
        for line in [
            "",
            " ",
            "kubectl",
            "-",
            "--",
            "---",
            "-=",
            "--=",
            "get -o=",
            "get -",
            "get pods -o jsonpath={",
            "get pods -l",
            "get pods -l '!!'",
            "delete / /",
            "delete pod/",
            "scale sts/ --replicas=1",
            "scale --replicas=x",
            "cordon a b",
            "drain",
            "get データ",
            "'",
            "\\",
            "get pods -n ''",
            "describe pod",
            "get sts/db",
            "delete pod db-0 --grace-period",
        ] {
            match ask::<statefulset::State>(&moment, &KINDS, line) {
                Reply::Print(text) | Reply::Watch(text, _) => assert!(!text.is_empty(), "{line}"),
                Reply::Act(..) | Reply::Clear => {}
            }
        }
    }

    #[test]
    fn a_change_is_the_models_action() {
        let moment = db();
        let reply = ask::<statefulset::State>(&moment, &KINDS, "kubectl scale sts db --replicas=1");
        let Reply::Act(acts, after) = reply else { panic!("{reply:?}") };
        assert_eq!(acts.len(), 1);
        assert_eq!(acts[0].1, "statefulset.apps/db scaled\n");
        assert!(after.is_empty());
        let reply = ask::<statefulset::State>(&moment, &KINDS, "delete pod db-0 db-9");
        let Reply::Act(acts, after) = reply else { panic!("{reply:?}") };
        assert_eq!(acts.len(), 1);
        assert_eq!(after, "Error from server (NotFound): pods \"db-9\" not found\n[exit 1]\n");
        assert_eq!(ask::<statefulset::State>(&moment, &KINDS, "clear"), Reply::Clear);
    }

    #[test]
    fn a_leading_kubectl_is_kubectls_name_taken_once() {
        assert_eq!(echoed("kubectl get pods"), "get pods");
        assert_eq!(echoed("  kubectl   get pods"), "get pods");
        assert_eq!(echoed("kubectl"), "");
        assert_eq!(echoed("kubectl kubectl get pods"), "kubectl get pods");
        assert_eq!(echoed("kubectlget pods"), "kubectlget pods");
        assert_eq!(echoed("get pods"), "get pods");
        // Asked of the same line, the answer is kubectl's to the words after its name, once.
        let moment = db();
        let plain = ask::<statefulset::State>(&moment, &KINDS, "get pods");
        assert_eq!(ask::<statefulset::State>(&moment, &KINDS, "kubectl get pods"), plain);
        let twice = ask::<statefulset::State>(&moment, &KINDS, "kubectl kubectl get pods");
        let Reply::Print(text) = twice else { panic!("{twice:?}") };
        assert!(text.starts_with("error: unknown command \"kubectl\" for \"kubectl\""), "{text}");
    }
}
