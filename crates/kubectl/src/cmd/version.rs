//! `kubectl version`: the client this prompt stands for, and the server the demos' nodes report.

use std::fmt::Write;

use crate::read::args::CANNOT_PRINT;
use crate::read::flags::Parsed;
use crate::{CLIENT_VERSION, KUBELET_VERSION, KUSTOMIZE_VERSION};

/// `version` takes no arguments: the prompt cannot print what follows it.
pub fn read(parsed: &Parsed) -> Result<(), String> {
    match parsed.args.is_empty() {
        true => Ok(()),
        false => Err(CANNOT_PRINT.into()),
    }
}

/// `kubectl version`: the client's, and the server's as `/version` serves it, with kubectl's
/// warning when they are more than one minor version apart.
// Models staging/src/k8s.io/kubectl/pkg/cmd/version/version.go Options.Run
pub fn run() -> String {
    let mut out = format!(
        "Client Version: {CLIENT_VERSION}\nKustomize Version: {KUSTOMIZE_VERSION}\nServer Version: {KUBELET_VERSION}\n"
    );
    let minor = |v: &str| v.trim_start_matches("v1.").split('.').next().and_then(|m| m.parse::<i64>().ok());
    if let (Some(client), Some(server)) = (minor(CLIENT_VERSION), minor(KUBELET_VERSION)) {
        if (client - server).abs() > 1 {
            let _ = writeln!(
                out,
                "WARNING: version difference between client (1.{client}) and server (1.{server}) exceeds the \
                 supported minor version skew of +/-1"
            );
        }
    }
    out
}
