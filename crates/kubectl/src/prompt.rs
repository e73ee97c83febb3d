//! The kubectl prompt: a request the parser (`crate::read`) made of a typed line, answered by its
//! command (`cmd/`) from the same printer as the fold and the served cluster, and a change made as
//! the model's own action ([`Served`]), so a typed `kubectl delete pod db-1` is the demo's button
//! for it.
//!
//! What kubectl decides before it asks the server (an unknown command or flag, a flag without its
//! value, a missing argument) is the parser's error, in kubectl's words; what the server decides
//! is answered here, in the words `crates/replay/src/serve` gives it. The golden table
//! (`crates/replay/tests/kubectl/`) holds what the real kubectl printed for both, and the prompt
//! must print the same. Every answer is an [`Outcome`]: the text and whether kubectl would exit 1,
//! which the prompt's view shows as an error rather than as text.

use crate::cmd::{api_resources, delete, describe, drain, get, help, scale, version};
use crate::read::{Request, CANNOT_PRINT};
use crate::{Get, Kind, Moment, Outcome, Served};
use kubevol_sim::{Tell, Voice};

pub use crate::cmd::get::watched;
pub use crate::read::{complete, echoed, words};

/// What a typed line does.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply<A> {
    /// Printed at once: what a read prints, help, or the error kubectl prints.
    Print(Outcome),
    /// A change: each object's action with what kubectl prints once the model takes it (the model
    /// may still refuse it: [`refused`]), then the errors printed after them (the names not
    /// found), any of which fails the command.
    Act(Vec<(A, String)>, String),
    /// `get -w`: the first listing, and the `get` whose rows are printed again as the demo moves.
    Watch(String, Get),
    /// `clear`: the output is emptied, as Ctrl-L does.
    Clear,
}

/// What kubectl prints when the API server refuses a change with a Conflict: the model's reason,
/// in its Kubernetes voice.
pub fn refused(message: &str) -> String {
    format!("Error from server (Conflict): {message}\n")
}

/// What a change printed, in kubectl's order: each object's line (`Ok`) or the model's refusal
/// (`Err`, its reason in the Kubernetes voice), then what `reply` left for after them. A refusal
/// or an error after them fails the command.
pub fn told(outcomes: Vec<Result<String, String>>, after: &str) -> Outcome {
    let (mut out, mut refusals) = (String::new(), String::new());
    for outcome in outcomes {
        match outcome {
            Ok(done) => out.push_str(&done),
            Err(message) => refusals.push_str(&refused(&message)),
        }
    }
    let failed = !refusals.is_empty() || !after.is_empty();
    out.push_str(&refusals);
    out.push_str(after);
    Outcome { text: out, failed }
}

/// A request at a model's state and its moment, each change applied as one action: what the
/// prompt prints. The demo's view does the same through its session, so history has each change.
pub fn answer<M: Served>(state: &mut M, moment: &mut Moment, request: Request) -> Outcome {
    match reply::<M>(moment, M::KINDS, request) {
        Reply::Print(outcome) => outcome,
        Reply::Watch(text, _) => Outcome::ok(text),
        Reply::Clear => Outcome::default(),
        Reply::Act(acts, after) => {
            let outcomes = acts
                .into_iter()
                .map(|(action, done)| moment.apply(state, action).map(|_| done).map_err(|r| r.tell(Voice::K8s)))
                .collect();
            told(outcomes, &after)
        }
    }
}

/// What a request does at a moment of a model's cluster whose kinds are `kinds`.
pub fn reply<M: Served>(moment: &Moment, kinds: &[Kind], request: Request) -> Reply<M::Action> {
    match request {
        Request::Help => Reply::Print(Outcome::ok(help::run(kinds))),
        Request::Clear => Reply::Clear,
        Request::Get(request) => match get::run(moment, &request) {
            None => Reply::Print(Outcome::failed(CANNOT_PRINT)),
            Some(printed) if request.watch && !printed.failed => Reply::Watch(printed.text, request),
            Some(printed) => Reply::Print(printed),
        },
        Request::Describe(request) => Reply::Print(describe::run(moment, &request)),
        Request::Delete(request) => delete::run::<M>(moment, &request),
        Request::Scale(request) => scale::run::<M>(moment, &request),
        Request::Node(command, name) => drain::run::<M>(moment, command, &name),
        Request::ApiResources => Reply::Print(Outcome::ok(api_resources::run())),
        Request::Version => Reply::Print(Outcome::ok(version::run())),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use kubevol_sim::statefulset;

    /// A typed line read by the parser and answered, as the prompt's view does.
    fn ask<M: Served>(moment: &Moment, kinds: &[Kind], line: &str) -> Reply<M::Action> {
        match Request::read(line) {
            Ok(request) => reply::<M>(moment, kinds, request),
            Err(error) => Reply::Print(Outcome::failed(error)),
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
                Reply::Print(Outcome { text, .. }) | Reply::Watch(text, _) => assert!(!text.is_empty(), "{line}"),
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
        assert_eq!(after, "Error from server (NotFound): pods \"db-9\" not found\n");
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
        let Reply::Print(Outcome { text, failed: true }) = twice else { panic!("{twice:?}") };
        assert!(text.starts_with("error: unknown command \"kubectl\" for \"kubectl\""), "{text}");
    }
}
