//! `kubectl describe KIND [NAME]`: its reading and its run, printed by kubectl's describers
//! (`describer.rs`).

use super::found::{elsewhere, not_found};
use crate::read::args::{no_slash, no_such_type, CANNOT_PRINT};
use crate::read::flags::Parsed;
use crate::{Kind, KindWords, Moment, Outcome, Resource};

/// `kubectl describe KIND [NAME]`: a name describes that object, or every object whose name begins
/// with it (`DescribeMatchingResources`); none describes every object of the kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Describe {
    pub kind: Kind,
    pub name: Option<String>,
    pub namespace: Option<String>,
}

// Models staging/src/k8s.io/kubectl/pkg/cmd/describe/describe.go DescribeOptions.Complete
pub fn read(parsed: &Parsed, namespace: Option<String>) -> Result<Describe, String> {
    if parsed.args.is_empty() {
        return Err("error: You must specify the type of resource to describe. Use \"kubectl api-resources\" for a \
                    complete list of supported resources.\n"
            .into());
    }
    no_slash("describe", parsed)?;
    let word = &parsed.args[0];
    // Events have no describer of their own.
    let kind = Resource::typed(word).ok_or_else(|| no_such_type(word))?.kind().ok_or(CANNOT_PRINT)?;
    let name = match &parsed.args[1..] {
        [] => None,
        [name] if !name.is_empty() => Some(name.clone()),
        _ => return Err(CANNOT_PRINT.into()),
    };
    Ok(Describe { kind, name, namespace })
}

/// `kubectl describe KIND [NAME]`. A name that no object has describes every object whose name
/// begins with it, each followed by a blank line (`DescribeMatchingResources`), and is not found
/// only if none does.
// Models staging/src/k8s.io/kubectl/pkg/cmd/describe/describe.go DescribeOptions.Run
pub fn run(moment: &Moment, request: &Describe) -> Outcome {
    let kind = request.kind;
    let away = kind.api().namespaced && elsewhere(&request.namespace).is_some();
    let Some(name) = &request.name else {
        return Outcome::ok(match elsewhere(&request.namespace) {
            Some(ns) if away => format!("No resources found in {ns} namespace.\n"),
            _ => moment.describe_all(kind),
        });
    };
    let names: Vec<String> = match away {
        true => Vec::new(),
        false => moment.cluster.names().into_iter().filter(|(k, _)| *k == kind).map(|(_, n)| n).collect(),
    };
    if names.iter().any(|n| n == name) {
        return Outcome::ok(moment.describe(kind, name));
    }
    let matching: String = names
        .iter()
        .filter(|n| n.starts_with(name.as_str()))
        .map(|n| format!("{}\n", moment.describe(kind, n)))
        .collect();
    if matching.is_empty() {
        return Outcome::failed(not_found(Some(kind), name));
    }
    Outcome::ok(matching)
}
