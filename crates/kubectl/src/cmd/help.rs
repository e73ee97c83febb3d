//! `help` (and `-h`, `--help`, a command's `--help`, or nothing typed): what this demo's prompt
//! answers, in kubectl's words for each command.

use std::fmt::Write;

use super::drain::NodeCommand;
use crate::{Kind, KindWords, Resource};

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

/// `help`: the commands this demo's prompt answers and the kinds of its cluster.
pub fn run(kinds: &[Kind]) -> String {
    let mut out = String::from("kubectl controls this demo's cluster: a model, not a real one. It answers:\n\n");
    // Exactly what the prompt does: cordon, uncordon and drain are read (each answers that the
    // demo's models have no such action, `drain.rs`), so they are not offered here.
    let node = [NodeCommand::Cordon, NodeCommand::Uncordon, NodeCommand::Drain].map(NodeCommand::name);
    for (name, what) in OURS.iter().filter(|(name, _)| !node.contains(name)) {
        let _ = writeln!(out, "  {name:<14}{what}");
    }
    out.push_str("\nResource types:\n");
    // Events are every demo's: `get events`, and the Events `describe` ends with.
    for api in kinds.iter().map(|kind| kind.api()).chain([Resource::Event.api()]) {
        let _ = writeln!(out, "  {:<28}{}", api.plural, api.short_names.join(", "));
    }
    out.push_str(
        "\nFlags: get -o wide|yaml|json|name|jsonpath=..., -l, --show-labels, -n, -A, -w; delete --force \
         --grace-period=0; scale --replicas=N.\nTab completes, Up and Down walk the history, Ctrl-L clears, Ctrl-C \
         stops a watch.\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `help` lists exactly what the prompt does: not the node commands every demo declines, and
    /// Events among the types.
    #[test]
    fn help_lists_what_the_prompt_does() {
        let said = run(&[Kind::Pod]);
        for declined in ["cordon", "uncordon", "drain"] {
            assert!(!said.lines().any(|l| l.trim_start().starts_with(declined)), "{said}");
        }
        assert!(said.lines().any(|l| l.trim_start().starts_with("events") && l.ends_with("ev")), "{said}");
        assert!(said.lines().any(|l| l.trim_start().starts_with("scale")), "{said}");
    }
}
