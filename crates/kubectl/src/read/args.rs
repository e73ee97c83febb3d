//! The pieces of a command's reading that several commands share: a `TYPE NAME...` list, a
//! resource type the server does not have, and what the prompt says of a read it cannot print.
//! Each command's own reading is its file's (`cmd/`); the parser (`read/mod.rs`) says which
//! command a line is.

use super::flags::Parsed;
use crate::Resource;

/// What the prompt prints when the demo's printer has no answer of its own.
pub const CANNOT_PRINT: &str = "this demo's prompt cannot print that: type help for what it prints\n";

const NO_RESOURCES: &str = "error: You must provide one or more resources by argument or filename.\nExample \
    resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   \
    '<resource>'\n";

pub(crate) fn no_such_type(word: &str) -> String {
    format!("error: the server doesn't have a resource type \"{word}\"\n")
}

/// `TYPE NAME` only: the prompt does not read `TYPE/NAME` for a read.
pub(crate) fn no_slash(command: &str, parsed: &Parsed) -> Result<(), String> {
    if parsed.args.iter().any(|a| a.contains('/')) {
        return Err(format!("this demo's prompt reads kubectl {command} TYPE NAME, not TYPE/NAME\n"));
    }
    Ok(())
}

/// A `TYPE NAME...` or `TYPE/NAME...` list of at least one object.
pub(crate) fn named(args: &[String]) -> Result<Vec<(Resource, String)>, String> {
    let objects = named_types(args)?;
    some_named(args, objects)
}

/// kubectl's errors for a list that names no object.
pub(crate) fn some_named(args: &[String], objects: Vec<(Resource, String)>) -> Result<Vec<(Resource, String)>, String> {
    if args.is_empty() {
        return Err(NO_RESOURCES.into());
    }
    if objects.is_empty() {
        return Err("error: resource(s) were provided, but no name was specified\n".into());
    }
    Ok(objects)
}

/// A `TYPE NAME...` or `TYPE/NAME...` list: each object's resource and name.
// Models staging/src/k8s.io/cli-runtime/pkg/resource/builder.go Builder.ResourceTypeOrNameArgs
pub(crate) fn named_types(args: &[String]) -> Result<Vec<(Resource, String)>, String> {
    let mut out = Vec::new();
    let mut kind = None;
    for arg in args {
        let (word, name) = match arg.split_once('/') {
            Some((word, name)) => (word, Some(name)),
            None if kind.is_none() => (arg.as_str(), None),
            None => ("", Some(arg.as_str())),
        };
        if !word.is_empty() {
            kind = Some(Resource::typed(word).ok_or_else(|| no_such_type(word))?);
        }
        if let (Some(k), Some(name)) = (kind, name) {
            out.push((k, name.to_string()));
        }
    }
    Ok(out)
}
