//! `kubectl scale TYPE NAME... --replicas=N`: a StatefulSet's scale subresource, as the model's
//! own action (`Change::Scale`).

use super::found::holds;
use super::Reply;
use crate::read::args::{named_types, some_named};
use crate::read::flags::{usage, Parsed};
use crate::{Change, Kind, Moment, Resource, Served};

/// `kubectl scale TYPE NAME... --replicas=N`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scale {
    pub objects: Vec<(Resource, String)>,
    pub replicas: u32,
    pub namespace: Option<String>,
}

// Models staging/src/k8s.io/kubectl/pkg/cmd/scale/scale.go ScaleOptions.Validate
pub fn read(parsed: &Parsed, namespace: Option<String>) -> Result<Scale, String> {
    let Some(replicas) = parsed.get("replicas") else {
        return Err("error: required flag(s) \"replicas\" not set\n".into());
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
            "error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0\n".into()
        );
    }
    let objects = some_named(&parsed.args, objects)?;
    let replicas = u32::try_from(replicas).unwrap_or(u32::MAX);
    Ok(Scale { objects, replicas, namespace })
}

// Models staging/src/k8s.io/kubectl/pkg/cmd/scale/scale.go ScaleOptions.RunScale
pub fn run<M: Served>(moment: &Moment, request: &Scale) -> Reply<M::Action> {
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
    Reply::Act(acts, after)
}
