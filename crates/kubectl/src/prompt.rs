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
use crate::{Kind, Moment, Outcome, Served};
use kubevol_sim::{Tell, Voice};

pub use crate::cmd::get::watched;
pub use crate::cmd::Reply;
pub use crate::outcome::{refused, told};
pub use crate::read::{complete, echoed, words};

/// What our printer prints for a read at the moment, and whether kubectl fails (exit 1); `None` for
/// a change, and for what it leaves to the real kubectl (the jsonpath forms `jsonpath.rs` does not
/// answer).
pub fn run(moment: &Moment, request: &Request) -> Option<Outcome> {
    match request {
        Request::Get(request) => get::run(moment, request),
        Request::Describe(request) => Some(describe::run(moment, request)),
        _ => None,
    }
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
mod tests {
    use super::*;
    use crate::fixtures::{db, KINDS};
    use kubevol_sim::statefulset;

    /// A typed line read by the parser and answered, as the prompt's view does.
    fn ask<M: Served>(moment: &Moment, kinds: &[Kind], line: &str) -> Reply<M::Action> {
        match Request::read(line) {
            Ok(request) => reply::<M>(moment, kinds, request),
            Err(error) => Reply::Print(Outcome::failed(error)),
        }
    }

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

    #[test]
    fn a_watch_prints_the_rows_that_changed_and_those_gone() {
        let before = db();
        // The state at that moment, replayed as the moment was.
        let mut after = Moment::default();
        let (mut state, events) =
            <statefulset::State as kubevol_sim::Model>::start(&statefulset::Config::default()).unwrap();
        after.observe(&state, &events);
        let _ = after.apply(&mut state, statefulset::Action::Run { max: 20 });
        assert_eq!(after, before, "a moment is its history replayed");
        let get = |line: &str| match Request::read(line) {
            Ok(Request::Get(get)) => get,
            other => panic!("{other:?}"),
        };
        let args = get("get pods");
        assert_eq!(watched(&before, &after, &args), "", "nothing changed, nothing printed");
        // Steps that change nothing but the clock print nothing: the objects are the same.
        let _ = after.apply(&mut state, statefulset::Action::Step);
        assert_eq!(watched(&before, &after, &args), "");
        let _ = after.apply(&mut state, statefulset::Action::DeletePod { ordinal: 2 });
        let printed = watched(&before, &after, &args);
        assert!(printed.starts_with("db-2 ") && printed.lines().count() == 1, "{printed}");
        let _ = after.apply(&mut state, statefulset::Action::Scale { replicas: 0 });
        let _ = after.apply(&mut state, statefulset::Action::Run { max: 20 });
        let gone = watched(&before, &after, &args);
        assert_eq!(gone.lines().count(), 3, "each pod gone, as it last was: {gone}");
        let named = get("get pods db-0");
        assert_eq!(watched(&before, &after, &named).lines().count(), 1);
    }
}
