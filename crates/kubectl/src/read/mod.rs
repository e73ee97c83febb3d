//! The parser: a typed line read once, as kubectl reads its arguments, into a typed [`Request`].
//! Everything kubectl decides before it asks the server (an unknown command or flag, a flag
//! without its value, a missing argument, an output format or resource type it does not know) is
//! an `Err` here, in kubectl's words; what the server decides is the printers' and the model's,
//! at a moment. Nothing after this module reads a command's words again.

mod complete;
mod flags;

use std::fmt::Write;

use crate::json::Template;
use crate::{Kind, LabelSelector};

pub use complete::complete;
pub use flags::words;
use flags::{flags, parse, suggest, usage, Parsed, GLOBAL};

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

/// A resource type as a reader names it: a kind of the demos' objects, or Events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    Kind(Kind),
    Events,
}

impl Resource {
    /// The kind, or `None` for Events.
    pub fn kind(self) -> Option<Kind> {
        match self {
            Resource::Kind(kind) => Some(kind),
            Resource::Events => None,
        }
    }
}

/// `kubectl get`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Get {
    /// In the order typed, `all` read as the demos' kinds in its category (pods, sets).
    pub resources: Vec<Resource>,
    pub names: Vec<String>,
    pub output: Output,
    pub selector: Option<LabelSelector>,
    pub namespace: Option<String>,
    pub all_namespaces: bool,
    pub show_labels: bool,
    pub watch: bool,
}

/// `-o`: kubectl's printers that the demo prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    Table,
    Wide,
    Name,
    Yaml,
    Json,
    /// `-o jsonpath=...`: the template as kubectl's printer read it, or the error that printer gives
    /// once it has objects to print.
    JsonPath(Result<Template, String>),
}

/// `kubectl describe KIND [NAME]`: a name describes that object, or every object whose name begins
/// with it (`DescribeMatchingResources`); none describes every object of the kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Describe {
    pub kind: Kind,
    pub name: Option<String>,
    pub namespace: Option<String>,
}

/// `kubectl delete TYPE NAME...`; `force` is `--force --grace-period=0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delete {
    pub objects: Vec<(Resource, String)>,
    pub force: bool,
    pub namespace: Option<String>,
}

/// `kubectl scale TYPE NAME... --replicas=N`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scale {
    pub objects: Vec<(Resource, String)>,
    pub replicas: u32,
    pub namespace: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeCommand {
    Cordon,
    Uncordon,
    Drain,
}

impl NodeCommand {
    pub fn name(self) -> &'static str {
        match self {
            NodeCommand::Cordon => "cordon",
            NodeCommand::Uncordon => "uncordon",
            NodeCommand::Drain => "drain",
        }
    }
}

/// What the prompt prints when the demo's printer has no answer of its own.
pub const CANNOT_PRINT: &str = "this demo's prompt cannot print that: type help for what it prints\n[exit 1]\n";

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

/// The commands the prompt answers, in the order `help` lists them, with kubectl's own summary.
pub const OURS: [(&str, &str); 10] = [
    ("get", "Display one or many resources"),
    ("describe", "Show details of a specific resource or group of resources"),
    ("delete", "Delete resources by resources and names"),
    ("scale", "Set a new size for a stateful set"),
    ("cordon", "Mark node as unschedulable"),
    ("uncordon", "Mark node as schedulable"),
    ("drain", "Drain node in preparation for maintenance"),
    ("api-resources", "Print the supported API resources on the server"),
    ("version", "Print the client and server version information"),
    ("help", "Help about any command"),
];

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

/// What a reader may type for a resource type: the kind's plural, singular, either with its group,
/// or a short name discovery lists; `events` for Events.
pub fn resource(word: &str) -> Option<Resource> {
    let word = word.to_ascii_lowercase();
    if matches!(word.as_str(), "event" | "events" | "ev") {
        return Some(Resource::Events);
    }
    Kind::ALL.into_iter().find_map(|kind| {
        let (plural, group, short) = kind.api();
        let singular = kind.name().to_ascii_lowercase();
        let names = [plural.to_string(), singular.clone(), format!("{plural}.{group}"), format!("{singular}.{group}")];
        (names.contains(&word) || short.contains(&word.as_str())).then_some(Resource::Kind(kind))
    })
}

fn no_such_type(word: &str) -> String {
    format!("error: the server doesn't have a resource type \"{word}\"\n[exit 1]\n")
}

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
        let words = words(line).map_err(|e| format!("error: {e}\n[exit 1]\n"))?;
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
                     ask\n[exit 1]\n"
                ))
            }
            c if KUBECTL.contains(&c) => {
                return Err(format!(
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
                return Err(out);
            }
        }
        let parsed = parse(command, rest)?;
        if parsed.on("help") {
            return Ok(Request::Help);
        }
        let known = flags(command).iter().chain(&GLOBAL);
        if let Some(flag) = parsed.set.iter().find_map(|(long, _)| known.clone().find(|f| f.0 == *long && !f.3)) {
            return Err(format!(
                "this demo's prompt does not read --{}: type help for the flags it reads\n[exit 1]\n",
                flag.0
            ));
        }
        let namespace = parsed.get("namespace").map(str::to_string);
        match command {
            "get" => get(&parsed, namespace),
            "describe" => describe(&parsed, namespace),
            "delete" => {
                let objects = named(&parsed.args)?;
                Ok(Request::Delete(Delete { objects, force: parsed.on("force"), namespace }))
            }
            "scale" => scale(&parsed, namespace),
            "api-resources" | "version" if !parsed.args.is_empty() => Err(CANNOT_PRINT.into()),
            "api-resources" => Ok(Request::ApiResources),
            "version" => Ok(Request::Version),
            _ => {
                let command = match command {
                    "cordon" => NodeCommand::Cordon,
                    "uncordon" => NodeCommand::Uncordon,
                    _ => NodeCommand::Drain,
                };
                let [name] = &parsed.args[..] else {
                    let command = command.name();
                    return Err(format!(
                        "error: USAGE: {command} NODE [flags]\nSee 'kubectl {command} -h' for help and examples\n\
                         [exit 1]\n"
                    ));
                };
                Ok(Request::Node(command, name.clone()))
            }
        }
    }
}

/// `TYPE NAME` only: the prompt does not read `TYPE/NAME` for a read.
fn no_slash(command: &str, parsed: &Parsed) -> Result<(), String> {
    if parsed.args.iter().any(|a| a.contains('/')) {
        return Err(format!("this demo's prompt reads kubectl {command} TYPE NAME, not TYPE/NAME\n[exit 1]\n"));
    }
    Ok(())
}

// Models staging/src/k8s.io/kubectl/pkg/cmd/get/get.go GetOptions.Complete
fn get(parsed: &Parsed, namespace: Option<String>) -> Result<Request, String> {
    if parsed.args.is_empty() {
        return Err("You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete \
                    list of supported resources.\n\nerror: Required resource not specified.\nUse \"kubectl explain \
                    <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).\nSee \
                    'kubectl get -h' for help and examples\n[exit 1]\n"
            .into());
    }
    no_slash("get", parsed)?;
    let given = parsed.get("output").unwrap_or_default();
    let format = given.split_once('=').map_or(given, |(f, _)| f);
    // kubectl reads json and yaml in any case, but the rest only as written.
    let output = match given {
        "" => Output::Table,
        "wide" => Output::Wide,
        "name" => Output::Name,
        _ if given.eq_ignore_ascii_case("json") => Output::Json,
        _ if given.eq_ignore_ascii_case("yaml") => Output::Yaml,
        _ if format == "jsonpath" => {
            let template = given.strip_prefix("jsonpath=").unwrap_or_default();
            match Template::parse(template) {
                Ok(template) => Output::JsonPath(Ok(template)),
                Err(Some(error)) => Output::JsonPath(Err(error)),
                Err(None) => return Err(CANNOT_PRINT.into()),
            }
        }
        _ if PRINTERS.contains(&format) => return Err(CANNOT_PRINT.into()),
        _ => {
            return Err(format!(
                "error: unable to match a printer suitable for the output format \"{given}\", allowed formats are: \
                 {}\n[exit 1]\n",
                PRINTERS.join(",")
            ))
        }
    };
    let selector = match parsed.get("selector") {
        Some(text) => Some(LabelSelector::parse(text).map_err(|_| CANNOT_PRINT.to_string())?),
        None => None,
    };
    let show_labels = parsed.on("show-labels");
    // Labels are a column of the table printer: every other printer refuses them, first thing.
    if show_labels && !matches!(output, Output::Table | Output::Wide) {
        return Err(format!("error: --show-labels option cannot be used with {given} printer\n[exit 1]\n"));
    }
    let (types, names) = parsed.args.split_first().ok_or(CANNOT_PRINT)?;
    let mut resources = Vec::new();
    for word in types.split(',') {
        // The `all` category, as discovery lists it: the demos' kinds in it are pods and sets.
        if word == "all" {
            resources.extend([Resource::Kind(Kind::Pod), Resource::Kind(Kind::StatefulSet)]);
            continue;
        }
        // The nodes' Leases are the served cluster's own, not the demos'.
        if matches!(word, "lease" | "leases" | "leases.coordination.k8s.io") {
            return Err(CANNOT_PRINT.into());
        }
        resources.push(resource(word).ok_or_else(|| no_such_type(word))?);
    }
    Ok(Request::Get(Get {
        resources,
        names: names.to_vec(),
        output,
        selector,
        namespace,
        all_namespaces: parsed.on("all-namespaces"),
        show_labels,
        watch: parsed.on("watch"),
    }))
}

// Models staging/src/k8s.io/kubectl/pkg/cmd/describe/describe.go DescribeOptions.Complete
fn describe(parsed: &Parsed, namespace: Option<String>) -> Result<Request, String> {
    if parsed.args.is_empty() {
        return Err("error: You must specify the type of resource to describe. Use \"kubectl api-resources\" for a \
                    complete list of supported resources.\n[exit 1]\n"
            .into());
    }
    no_slash("describe", parsed)?;
    let word = &parsed.args[0];
    // Events have no describer of their own.
    let kind = resource(word).ok_or_else(|| no_such_type(word))?.kind().ok_or(CANNOT_PRINT)?;
    let name = match &parsed.args[1..] {
        [] => None,
        [name] if !name.is_empty() => Some(name.clone()),
        _ => return Err(CANNOT_PRINT.into()),
    };
    Ok(Request::Describe(Describe { kind, name, namespace }))
}

// Models staging/src/k8s.io/kubectl/pkg/cmd/scale/scale.go ScaleOptions.Validate
fn scale(parsed: &Parsed, namespace: Option<String>) -> Result<Request, String> {
    let Some(replicas) = parsed.get("replicas") else {
        return Err("error: required flag(s) \"replicas\" not set\n[exit 1]\n".into());
    };
    let Ok(replicas) = replicas.parse::<i64>() else {
        return Err(usage(
            "scale",
            &format!(
                "invalid argument \"{replicas}\" for \"--replicas\" flag: strconv.ParseInt: parsing \"{replicas}\": \
                 invalid syntax"
            ),
        ));
    };
    let objects = named_types(&parsed.args)?;
    if replicas < 0 {
        return Err(
            "error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0\n[exit 1]\n"
                .into(),
        );
    }
    let objects = some_named(&parsed.args, objects)?;
    let replicas = u32::try_from(replicas).unwrap_or(u32::MAX);
    Ok(Request::Scale(Scale { objects, replicas, namespace }))
}

/// A `TYPE NAME...` or `TYPE/NAME...` list of at least one object.
fn named(args: &[String]) -> Result<Vec<(Resource, String)>, String> {
    let objects = named_types(args)?;
    some_named(args, objects)
}

/// kubectl's errors for a list that names no object.
fn some_named(args: &[String], objects: Vec<(Resource, String)>) -> Result<Vec<(Resource, String)>, String> {
    if args.is_empty() {
        return Err(NO_RESOURCES.into());
    }
    if objects.is_empty() {
        return Err("error: resource(s) were provided, but no name was specified\n[exit 1]\n".into());
    }
    Ok(objects)
}

/// A `TYPE NAME...` or `TYPE/NAME...` list: each object's resource and name.
// Models staging/src/k8s.io/cli-runtime/pkg/resource/builder.go Builder.ResourceTypeOrNameArgs
fn named_types(args: &[String]) -> Result<Vec<(Resource, String)>, String> {
    let mut out = Vec::new();
    let mut kind = None;
    for arg in args {
        let (word, name) = match arg.split_once('/') {
            Some((word, name)) => (word, Some(name)),
            None if kind.is_none() => (arg.as_str(), None),
            None => ("", Some(arg.as_str())),
        };
        if !word.is_empty() {
            kind = Some(resource(word).ok_or_else(|| no_such_type(word))?);
        }
        if let (Some(k), Some(name)) = (kind, name) {
            out.push((k, name.to_string()));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(error("get frogs"), "error: the server doesn't have a resource type \"frogs\"\n[exit 1]\n");
        assert!(error("scale sts db --replicas=-1").contains("must be greater than or equal to 0"));
        assert!(error("delete pods").starts_with("error: resource(s) were provided, but no name was specified"));
        assert!(error("gte pods").contains("Did you mean this?\n\tget\n"));
        assert!(error("get pods --sort-by=x").starts_with("this demo's prompt does not read --sort-by"));
        assert_eq!(error("get leases"), CANNOT_PRINT);
        assert!(error("cordon").starts_with("error: USAGE: cordon NODE [flags]"));
    }
}
