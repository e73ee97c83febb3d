//! `kubectl cordon`, `uncordon` and `drain` of one node, which kubectl keeps together in its
//! `drain` package: a node's `spec.unschedulable` (`Change::Unschedulable`).

use std::fmt::Write;

use super::found::{holds, not_found};
use super::Reply;
use crate::read::flags::Parsed;
use crate::{cannot, Change, Kind, Moment, Outcome, Served};

/// Which of the three a reader typed.
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

/// The command and its one node: kubectl's usage error for anything else.
pub fn read(command: &str, parsed: &Parsed) -> Result<(NodeCommand, String), String> {
    let command = match command {
        "cordon" => NodeCommand::Cordon,
        "uncordon" => NodeCommand::Uncordon,
        _ => NodeCommand::Drain,
    };
    let [name] = &parsed.args[..] else {
        let command = command.name();
        return Err(format!(
            "error: USAGE: {command} NODE [flags]\nSee 'kubectl {command} -h' for help and examples\n"
        ));
    };
    Ok((command, name.clone()))
}

/// `cordon`, `uncordon` and `drain`: a node's `spec.unschedulable`, which no demo's model has an
/// action for yet; `drain` cordons first, as kubectl does, and stops there.
// Models staging/src/k8s.io/kubectl/pkg/cmd/drain/cordon.go NewCmdCordon
pub fn run<M: Served>(moment: &Moment, command: NodeCommand, name: &str) -> Reply<M::Action> {
    if !holds(moment, Kind::Node, name, &None) {
        return Reply::Print(Outcome::failed(not_found(Some(Kind::Node), name)));
    }
    if command == NodeCommand::Uncordon {
        return Reply::Print(Outcome::ok(format!("node/{name} already uncordoned\n")));
    }
    let change = Change::Unschedulable { node: name.to_string(), unschedulable: true };
    match M::action(&moment.cluster, &change) {
        Ok(action) => Reply::Act(vec![(action, format!("node/{name} cordoned\n"))], String::new()),
        Err(message) => {
            let mut out = format!("error: unable to cordon node \"{name}\": {message}\n");
            if command == NodeCommand::Drain {
                let _ = writeln!(out, "{}: a real drain would go on to evict its pods", cannot("drain a node"));
            }
            // Printed as the prompt always has: as text, not as a failure.
            Reply::Print(Outcome::ok(out))
        }
    }
}
