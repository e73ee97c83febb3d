//! The parser: a typed line read once, as kubectl reads its arguments, into a typed [`Request`].
//! The words and flags are read here (`flags.rs`), and which command they are; each command's own
//! reading of them is its file's (`cmd/`), with the pieces several share (a `TYPE NAME...` list,
//! a resource type not found) here. Everything kubectl decides before it asks the server (an
//! unknown command or flag, a flag without its value, a missing argument, an output format or
//! resource type it does not know) is an `Err`, in kubectl's words, and a command that fails (exit
//! 1: `Outcome::failed`); what the server decides is the printers' and the model's, at a moment.
//! Nothing after this module reads a command's words again.

pub(crate) mod args;
mod complete;
pub(crate) mod flags;

use std::fmt::Write;

use crate::cmd::delete::Delete;
use crate::cmd::describe::Describe;
use crate::cmd::drain::NodeCommand;
use crate::cmd::get::Get;
use crate::cmd::help::OURS;
use crate::cmd::scale::Scale;
use crate::cmd::{api_resources, delete, describe, drain, get, scale, version};
pub use args::CANNOT_PRINT;
pub use complete::complete;
pub use flags::words;
use flags::{flags, parse, suggest, GLOBAL};

/// What a typed line asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `help`, `-h`, `--help`, a command's `--help`, or nothing typed.
    Help,
    /// `clear`: the output is emptied, as Ctrl-L does.
    Clear,
    Get(Get),
    Describe(Describe),
    Delete(Delete),
    Scale(Scale),
    /// `cordon`, `uncordon` or `drain` of one node.
    Node(NodeCommand, String),
    /// `api-resources`: what discovery lists.
    ApiResources,
    /// `version`: the client's and the server's.
    Version,
}

/// Every command of kubectl's own, for its "Did you mean this?": a typo of one the demo cannot
/// run is still kubectl's to suggest.
const KUBECTL: [&str; 42] = [
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

/// The line as the prompt echoes it after its own `$ kubectl`: a leading `kubectl` typed again (what
/// a reader's fingers do) is kubectl's own name, taken once, as [`Request::read`] takes it.
pub fn echoed(line: &str) -> &str {
    let trimmed = line.trim_start();
    match trimmed.strip_prefix("kubectl") {
        Some(rest) if rest.is_empty() || rest.starts_with(char::is_whitespace) => rest.trim_start(),
        _ => line,
    }
}

impl Request {
    /// A typed line: its words as a shell splits them, a leading `kubectl` taken once.
    pub fn read(line: &str) -> Result<Request, String> {
        let words = words(line).map_err(|e| format!("error: {e}\n"))?;
        // The prompt already says `kubectl`; typing it again is what a reader's fingers do.
        match words.split_first() {
            Some((first, rest)) if first == "kubectl" => Request::parse(rest),
            _ => Request::parse(&words),
        }
    }

    /// kubectl's arguments (after its own name), read as kubectl reads them.
    pub fn parse(words: &[String]) -> Result<Request, String> {
        let Some((command, rest)) = words.split_first() else {
            return Ok(Request::Help);
        };
        let command = command.as_str();
        match command {
            "clear" => return Ok(Request::Clear),
            "help" | "-h" | "--help" => return Ok(Request::Help),
            c if OURS.iter().any(|(name, _)| *name == c) => {}
            "apply" | "create" | "replace" | "edit" | "patch" => {
                return Err(format!(
                    "this demo's cluster cannot {command} objects: its model makes its own, as the demo's buttons \
                     ask\n"
                ))
            }
            c if KUBECTL.contains(&c) => {
                return Err(format!(
                    "this demo's cluster cannot run kubectl {command}: type help for what it answers\n"
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
                return Err(out);
            }
        }
        let parsed = parse(command, rest)?;
        if parsed.on("help") {
            return Ok(Request::Help);
        }
        let known = flags(command).iter().chain(&GLOBAL);
        if let Some(flag) = parsed.set.iter().find_map(|(long, _)| known.clone().find(|f| f.0 == *long && !f.3)) {
            return Err(format!("this demo's prompt does not read --{}: type help for the flags it reads\n", flag.0));
        }
        let namespace = parsed.get("namespace").map(str::to_string);
        match command {
            "get" => get::read(&parsed, namespace).map(Request::Get),
            "describe" => describe::read(&parsed, namespace).map(Request::Describe),
            "delete" => delete::read(&parsed, namespace).map(Request::Delete),
            "scale" => scale::read(&parsed, namespace).map(Request::Scale),
            "api-resources" => api_resources::read(&parsed).map(|()| Request::ApiResources),
            "version" => version::read(&parsed).map(|()| Request::Version),
            node => drain::read(node, &parsed).map(|(command, name)| Request::Node(command, name)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::get::Output;
    use crate::{Kind, LabelSelector, Resource};

    fn read(line: &str) -> Request {
        Request::read(line).unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    #[test]
    fn a_line_is_read_once_into_its_request() {
        let Request::Get(get) = read("kubectl get pods,sts db-0 -owide -l app=db -n kube-system -A -w") else {
            panic!()
        };
        assert_eq!(get.resources, [Resource::Kind(Kind::Pod), Resource::Kind(Kind::StatefulSet)]);
        assert_eq!(get.names, ["db-0"]);
        assert_eq!(get.output, Output::Wide);
        assert_eq!(get.selector, Some(LabelSelector::parse("app=db").unwrap()));
        assert_eq!(get.namespace.as_deref(), Some("kube-system"));
        assert!(get.all_namespaces && get.watch && !get.show_labels);
        let Request::Get(get) = read("get all -o JSON") else { panic!() };
        assert_eq!((get.resources.len(), get.output), (2, Output::Json));
        assert!(matches!(
            read("get ev -o jsonpath={.items[*].reason}"),
            Request::Get(Get { output: Output::JsonPath(Ok(_)), .. })
        ));
        assert_eq!(
            read("describe pvc data"),
            Request::Describe(Describe {
                kind: Kind::PersistentVolumeClaim,
                name: Some("data".into()),
                namespace: None
            })
        );
        assert_eq!(
            read("delete pod/a b --force --grace-period=0"),
            Request::Delete(Delete {
                objects: vec![(Resource::Kind(Kind::Pod), "a".into()), (Resource::Kind(Kind::Pod), "b".into())],
                force: true,
                namespace: None
            })
        );
        assert_eq!(
            read("scale sts db --replicas=2"),
            Request::Scale(Scale {
                objects: vec![(Resource::Kind(Kind::StatefulSet), "db".into())],
                replicas: 2,
                namespace: None
            })
        );
        assert_eq!(read("drain node-a"), Request::Node(NodeCommand::Drain, "node-a".into()));
        assert_eq!(read(""), Request::Help);
        assert_eq!(read("get pods --help"), Request::Help);
    }

    #[test]
    fn what_kubectl_refuses_before_asking_the_server_is_its_error() {
        let error = |line: &str| Request::read(line).unwrap_err();
        assert!(error("get").starts_with("You must specify the type of resource to get."));
        assert!(error("get pods -o table").starts_with("error: unable to match a printer suitable"));
        assert!(error("get pods -o json --show-labels").starts_with("error: --show-labels option cannot be used"));
        assert_eq!(error("get frogs"), "error: the server doesn't have a resource type \"frogs\"\n");
        assert!(error("scale sts db --replicas=-1").contains("must be greater than or equal to 0"));
        assert!(error("delete pods").starts_with("error: resource(s) were provided, but no name was specified"));
        assert!(error("gte pods").contains("Did you mean this?\n\tget\n"));
        assert!(error("get pods --sort-by=x").starts_with("this demo's prompt does not read --sort-by"));
        assert_eq!(error("get leases"), CANNOT_PRINT);
        assert!(error("cordon").starts_with("error: USAGE: cordon NODE [flags]"));
    }
}
