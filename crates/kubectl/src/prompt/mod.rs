//! The kubectl prompt: a request the parser (`crate::read`) made of a typed line, answered from
//! the same printer as the fold and the served cluster, and a change made as the model's own
//! action ([`Served`]), so a typed `kubectl delete pod db-1` is the demo's button for it.
//!
//! What kubectl decides before it asks the server (an unknown command or flag, a flag without its
//! value, a missing argument) is the parser's error, in kubectl's words; what the server decides
//! is answered here, in the words `crates/replay/src/serve` gives it. The golden table
//! (`crates/replay/tests/kubectl/`) holds what the real kubectl printed for both, and the prompt
//! must print the same. As there, a failed command ends with `[exit 1]`, which the prompt's view
//! shows as an error rather than as text.

mod watch;

use std::fmt::Write;

use crate::command::not_found;
use crate::discovery::api_resources;
use crate::read::{Delete, NodeCommand, Request, Resource, Scale, CANNOT_PRINT, OURS};
use crate::{
    cannot, run, Change, Get, Kind, KindWords, Moment, Served, CLIENT_VERSION, KUBELET_VERSION, KUSTOMIZE_VERSION,
    NAMESPACE,
};
use kubevol_sim::{Tell, Voice};

pub use crate::read::{complete, echoed, words};
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
    Watch(String, Get),
    /// `clear`: the output is emptied, as Ctrl-L does.
    Clear,
}

/// What kubectl prints when the API server refuses a change with a Conflict: the model's reason,
/// in its Kubernetes voice.
pub fn refused(message: &str) -> String {
    format!("Error from server (Conflict): {message}\n[exit 1]\n")
}

/// What a change printed, in kubectl's order: each object's line (`Ok`) or the model's refusal
/// (`Err`, its reason in the Kubernetes voice), then what `reply` left for after them.
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

/// A request at a model's state and its moment, each change applied as one action: what the
/// prompt prints. The demo's view does the same through its session, so history has each change.
pub fn answer<M: Served>(state: &mut M, moment: &mut Moment, request: Request) -> String {
    match reply::<M>(moment, M::KINDS, request) {
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

/// `help`: the commands this demo's prompt answers and the kinds of its cluster.
pub fn help(kinds: &[Kind]) -> String {
    let mut out = String::from("kubectl controls this demo's cluster: a model, not a real one. It answers:\n\n");
    // Exactly what the prompt does: cordon, uncordon and drain are read (each answers that the
    // demo's models have no such action, `node`), so they are not offered here.
    let node = [NodeCommand::Cordon, NodeCommand::Uncordon, NodeCommand::Drain].map(NodeCommand::name);
    for (name, what) in OURS.iter().filter(|(name, _)| !node.contains(name)) {
        let _ = writeln!(out, "  {name:<14}{what}");
    }
    out.push_str("\nResource types:\n");
    for kind in kinds {
        let (plural, _, short) = kind.api();
        let _ = writeln!(out, "  {plural:<28}{}", short.join(", "));
    }
    // Events are every demo's: `get events`, and the Events `describe` ends with.
    let _ = writeln!(out, "  {:<28}ev", "events");
    out.push_str(
        "\nFlags: get -o wide|yaml|json|name|jsonpath=..., -l, --show-labels, -n, -A, -w; delete --force \
         --grace-period=0; scale --replicas=N.\nTab completes, Up and Down walk the history, Ctrl-L clears, Ctrl-C \
         stops a watch.\n",
    );
    out
}

/// Whether the moment holds this object in the namespace asked.
fn holds(moment: &Moment, kind: Kind, name: &str, namespace: &Option<String>) -> bool {
    let here = !kind.namespaced() || namespace.as_deref().is_none_or(|ns| ns == NAMESPACE);
    here && moment.cluster.names().iter().any(|(k, n)| *k == kind && n == name)
}

/// What a request does at a moment of a model's cluster whose kinds are `kinds`.
pub fn reply<M: Served>(moment: &Moment, kinds: &[Kind], request: Request) -> Reply<M::Action> {
    match request {
        Request::Help => Reply::Print(help(kinds)),
        Request::Clear => Reply::Clear,
        Request::Get(get) => {
            let request = Request::Get(get);
            let Some(printed) = run(moment, &request) else {
                return Reply::Print(CANNOT_PRINT.into());
            };
            match request {
                Request::Get(get) if get.watch && !printed.contains("[exit 1]") => Reply::Watch(printed, get),
                _ => Reply::Print(printed),
            }
        }
        Request::Describe(_) => Reply::Print(run(moment, &request).unwrap_or_else(|| CANNOT_PRINT.into())),
        Request::Delete(delete) => self::delete::<M>(moment, &delete),
        Request::Scale(scale) => self::scale::<M>(moment, &scale),
        Request::Node(command, name) => node::<M>(moment, command, &name),
        Request::ApiResources => Reply::Print(api_resources()),
        Request::Version => Reply::Print(version()),
    }
}

/// `kubectl version`: the client's, and the server's as `/version` serves it, with kubectl's
/// warning when they are more than one minor version apart.
// Models staging/src/k8s.io/kubectl/pkg/cmd/version/version.go Options.Run
fn version() -> String {
    let mut out = format!(
        "Client Version: {CLIENT_VERSION}\nKustomize Version: {KUSTOMIZE_VERSION}\nServer Version: {KUBELET_VERSION}\n"
    );
    let minor = |v: &str| v.trim_start_matches("v1.").split('.').next().and_then(|m| m.parse::<i64>().ok());
    if let (Some(client), Some(server)) = (minor(CLIENT_VERSION), minor(KUBELET_VERSION)) {
        if (client - server).abs() > 1 {
            let _ = writeln!(
                out,
                "WARNING: version difference between client (1.{client}) and server (1.{server}) exceeds the \
                 supported minor version skew of +/-1"
            );
        }
    }
    out
}

// Models staging/src/k8s.io/kubectl/pkg/cmd/delete/delete.go DeleteOptions.deleteResource
fn delete<M: Served>(moment: &Moment, request: &Delete) -> Reply<M::Action> {
    let force = request.force;
    let (mut acts, mut after) = (Vec::new(), String::new());
    for (resource, name) in &request.objects {
        let Resource::Kind(kind) = *resource else {
            after.push_str(
                "Error from server (MethodNotAllowed): this demo's cluster cannot delete Events: they are what its \
                 model said\n",
            );
            continue;
        };
        if !holds(moment, kind, name, &request.namespace) {
            after.push_str(&not_found(Some(kind), name));
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

// Models staging/src/k8s.io/kubectl/pkg/cmd/scale/scale.go ScaleOptions.RunScale
fn scale<M: Served>(moment: &Moment, request: &Scale) -> Reply<M::Action> {
    let (mut acts, mut after) = (Vec::new(), String::new());
    for (resource, name) in &request.objects {
        if *resource != Resource::Kind(Kind::StatefulSet) {
            after.push_str(
                "Error from server (MethodNotAllowed): the server does not allow this method on the requested \
                 resource\n",
            );
            continue;
        }
        if !holds(moment, Kind::StatefulSet, name, &request.namespace) {
            after.push_str(&format!("error: no objects passed to scale statefulsets.apps \"{name}\" not found\n"));
            continue;
        }
        let change = Change::Scale { set: name.clone(), replicas: request.replicas };
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
// Models staging/src/k8s.io/kubectl/pkg/cmd/drain/cordon.go NewCmdCordon
fn node<M: Served>(moment: &Moment, command: NodeCommand, name: &str) -> Reply<M::Action> {
    if !holds(moment, Kind::Node, name, &None) {
        return Reply::Print(format!("{}[exit 1]\n", not_found(Some(Kind::Node), name)));
    }
    if command == NodeCommand::Uncordon {
        return Reply::Print(format!("node/{name} already uncordoned\n"));
    }
    let change = Change::Unschedulable { node: name.to_string(), unschedulable: true };
    match M::action(&moment.cluster, &change) {
        Ok(action) => Reply::Act(vec![(action, format!("node/{name} cordoned\n"))], String::new()),
        Err(message) => {
            let mut out = format!("error: unable to cordon node \"{name}\": {message}\n");
            if command == NodeCommand::Drain {
                let _ = writeln!(out, "{}: a real drain would go on to evict its pods", cannot("drain a node"));
            }
            Reply::Print(out)
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use kubevol_sim::statefulset;

    /// `help` lists exactly what the prompt does: not the node commands every demo declines, and
    /// Events among the types.
    #[test]
    fn help_lists_what_the_prompt_does() {
        let said = help(&[Kind::Pod]);
        for declined in ["cordon", "uncordon", "drain"] {
            assert!(!said.lines().any(|l| l.trim_start().starts_with(declined)), "{said}");
        }
        assert!(said.lines().any(|l| l.trim_start().starts_with("events") && l.ends_with("ev")), "{said}");
        assert!(said.lines().any(|l| l.trim_start().starts_with("scale")), "{said}");
    }

    /// A typed line read by the parser and answered, as the prompt's view does.
    fn ask<M: Served>(moment: &Moment, kinds: &[Kind], line: &str) -> Reply<M::Action> {
        match Request::read(line) {
            Ok(request) => reply::<M>(moment, kinds, request),
            Err(error) => Reply::Print(error),
        }
    }

    /// The chapter's StatefulSet once it has converged: db-0, db-1 and db-2 running (the moment
    /// every test of the prompt types at).
    pub(crate) fn db() -> Moment {
        Moment::replay::<statefulset::State>(&statefulset::Config::default(), &[statefulset::Action::Run { max: 20 }])
    }

    pub(crate) const KINDS: [Kind; 2] = [Kind::StatefulSet, Kind::Pod];

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
