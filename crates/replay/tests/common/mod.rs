//! What the tests that put the real kubectl against the served cluster share: the kubectl the
//! bootstrap installs, a kubeconfig for a served cluster, and our printer's answer to the same
//! arguments. Each test file uses what it needs.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use kubevol_kubectl::{Moment, Outcome, Request};

/// The real kubectl: `$KUBECTL`, or the one `scripts/bootstrap.sh` puts in `.tools/`.
pub fn kubectl() -> PathBuf {
    if let Some(path) = std::env::var_os("KUBECTL") {
        return path.into();
    }
    let installed = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.tools/kubectl");
    assert!(
        installed.exists(),
        "the real kubectl is not installed: run scripts/bootstrap.sh (it puts it in .tools/), or set KUBECTL"
    );
    installed
}

/// A kubeconfig whose one context is the served cluster, in the default namespace. The server is
/// the kubeconfig's, not a flag: a flag before the command is what kubectl's plugin search
/// refuses ("flags cannot be placed before plugin name").
pub fn kubeconfig(server: &str) -> String {
    format!(
        "apiVersion: v1\nkind: Config\nclusters:\n- name: demo\n  cluster:\n    server: {server}\n\
         contexts:\n- name: demo\n  context:\n    cluster: demo\n    user: reader\n\
         current-context: demo\nusers:\n- name: reader\n  user: {{}}\n"
    )
}

/// Our printer's answer to kubectl's arguments, read by the parser as the prompt reads them: a
/// read's printout, or kubectl's own error for what it refuses before asking the server; `None`
/// for what the prompt says plainly it cannot do, and for what the printer leaves to the real
/// kubectl. Written as the golden table writes the real kubectl's ([`table`]).
pub fn printed<S: AsRef<str>>(moment: &Moment, args: &[S]) -> Option<String> {
    let words: Vec<String> = args.iter().map(|a| a.as_ref().to_string()).collect();
    match Request::parse(&words) {
        Ok(request) => kubevol_kubectl::run(moment, &request).map(table),
        Err(error) if error.starts_with("this demo's") => None,
        Err(error) => Some(table(Outcome::failed(error))),
    }
}

/// An outcome as the golden table writes what the real kubectl did ([`real`]): its text, then
/// `[exit 1]` when it failed.
pub fn table(outcome: Outcome) -> String {
    match outcome.failed {
        true => format!("{}[exit {}]\n", outcome.text, outcome.code()),
        false => outcome.text,
    }
}

/// What the real kubectl prints for `args` against the cluster of `config`, stdout then stderr,
/// with the golden table's `[exit N]` when it fails; its cache under `home`.
pub fn real<S: AsRef<std::ffi::OsStr>>(args: &[S], config: &Path, home: &Path) -> String {
    let out = Command::new(kubectl())
        .args(args)
        .env("TZ", "UTC")
        .env("HOME", home)
        .env("KUBECONFIG", config)
        .output()
        .unwrap();
    let mut printed = String::from_utf8_lossy(&out.stdout).to_string();
    printed.push_str(&String::from_utf8_lossy(&out.stderr));
    if !out.status.success() {
        printed.push_str(&format!("[exit {}]\n", out.status.code().unwrap_or(-1)));
    }
    printed
}
