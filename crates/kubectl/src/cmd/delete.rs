//! `kubectl delete TYPE NAME...`: each object the model's own delete (`Change::Delete`), or
//! kubectl's error for it.

use super::found::{holds, not_found};
use super::Reply;
use crate::read::args::named;
use crate::read::flags::Parsed;
use crate::{deleted, Change, KindWords, Moment, Resource, Served};

/// `kubectl delete TYPE NAME...`; `force` is `--force --grace-period=0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delete {
    pub objects: Vec<(Resource, String)>,
    pub force: bool,
    pub namespace: Option<String>,
}

/// The objects named and the flags: `--force --grace-period=0` is a force delete.
pub fn read(parsed: &Parsed, namespace: Option<String>) -> Result<Delete, String> {
    let objects = named(&parsed.args)?;
    Ok(Delete { objects, force: parsed.on("force"), namespace })
}

// Models staging/src/k8s.io/kubectl/pkg/cmd/delete/delete.go DeleteOptions.deleteResource
pub fn run<M: Served>(moment: &Moment, request: &Delete) -> Reply<M::Action> {
    let force = request.force;
    let (mut acts, mut after) = (Vec::new(), String::new());
    for (resource, name) in &request.objects {
        let kind = match deleted(*resource) {
            Ok(kind) => kind,
            Err(message) => {
                after.push_str(&format!("Error from server (MethodNotAllowed): {message}\n"));
                continue;
            }
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
                        kind.api().prefix()
                    )
                } else {
                    format!("{} \"{name}\" deleted\n", kind.api().prefix())
                };
                acts.push((action, done));
            }
            Err(message) => after.push_str(&format!("Error from server (MethodNotAllowed): {message}\n")),
        }
    }
    Reply::Act(acts, after)
}
