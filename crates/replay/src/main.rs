//! `kubevol-replay <scenario.json | ->`: prints one JSON line per action and the final state.
//! Exit status: 0 when every `expect` held, 1 when one did not, 2 when the scenario is malformed.
//!
//! `kubevol-replay serve <scenario.json> [--at N] [--port P]`: serves the scenario's cluster after
//! its first N actions (all of them without `--at`) on 127.0.0.1:P (8001 without `--port`), as
//! the Kubernetes API serves it, for a real kubectl.

use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "usage: kubevol-replay <scenario.json | ->   (format: crates/replay/README.md)";

const HELP: &str = "kubevol-replay replays a kubevol-lab scenario through the model.

  kubevol-replay <scenario.json | ->
      prints one JSON line per action and the final state; exits 0 when every expect held,
      1 when one did not, 2 when the scenario is malformed (format: crates/replay/README.md)
  kubevol-replay serve <scenario.json> [--at N] [--port P]
      serves the scenario's cluster after its first N actions (all without --at) on
      127.0.0.1:P (8001 without --port) as the Kubernetes API serves it, for a real kubectl.
      After each change through the API (kubectl delete, scale), the cluster's controllers act
      as a real cluster's do within seconds: a deleted StatefulSet pod is made again, pending
      pods are placed. What takes minutes in a real cluster (a lost node's pods evicted after
      their 300 s toleration) waits for an explicit step of the demo's clock:
          curl -X POST http://127.0.0.1:P/kubevol/step
      Each action is one second of the cluster's clock.
  kubevol-replay --help
      prints this
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    }
    #[cfg(not(target_arch = "wasm32"))]
    if args.first().map(String::as_str) == Some("serve") {
        return serve(&args[1..]);
    }
    let [path] = args.as_slice() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let text = if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map(|_| s)
    } else {
        std::fs::read_to_string(path)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("kubevol-replay: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    match kubevol_replay::replay(&text) {
        Err(message) => {
            eprintln!("kubevol-replay: {path}: {message}");
            ExitCode::from(2)
        }
        Ok(replay) => {
            for line in &replay.lines {
                println!("{line}");
            }
            for failure in &replay.failed_expectations {
                eprintln!("kubevol-replay: {path}: {failure}");
            }
            if replay.failed_expectations.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
const SERVE_USAGE: &str = "usage: kubevol-replay serve <scenario.json> [--at N] [--port P]";

/// `serve`: reads its arguments, loads the scenario and serves it until stopped.
#[cfg(not(target_arch = "wasm32"))]
fn serve(args: &[String]) -> ExitCode {
    let mut path = None;
    let (mut at, mut port) = (None, 8001u16);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let value = |name: &str, v: Option<&String>| -> Result<u64, String> {
            let v = v.ok_or(format!("{name} needs a number"))?;
            v.parse().map_err(|_| format!("{name} needs a number, not \"{v}\""))
        };
        let parsed = match arg.as_str() {
            "--at" => value("--at", args.next()).map(|n| at = Some(n as usize)),
            "--port" => value("--port", args.next())
                .and_then(|n| u16::try_from(n).map_err(|_| format!("--port {n}: a port is at most 65535")))
                .map(|n| port = n),
            flag if flag.starts_with("--") => Err(format!("unknown option {flag}")),
            p if path.is_none() => {
                path = Some(p.to_string());
                Ok(())
            }
            extra => Err(format!("one scenario at a time, not also \"{extra}\"")),
        };
        if let Err(message) = parsed {
            eprintln!("kubevol-replay serve: {message}\n{SERVE_USAGE}");
            return ExitCode::from(2);
        }
    }
    let Some(path) = path else {
        eprintln!("{SERVE_USAGE}");
        return ExitCode::from(2);
    };
    let started = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {path}: {e}"))
        .and_then(|text| kubevol_replay::serve::load(&text, at).map_err(|e| format!("{path}: {e}")))
        .and_then(|live| Ok((live, kubevol_replay::serve::listen(port)?)));
    let (live, listener) = match started {
        Ok(started) => started,
        Err(message) => {
            eprintln!("kubevol-replay serve: {message}");
            return ExitCode::from(2);
        }
    };
    // The cluster's steps counted back from now, one a second: a client's clock (`describe`'s
    // ages) and the server's (`get`'s) agree when the server starts.
    let started = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    kubevol_kubectl::set_step_zero(started.saturating_sub(live.moment().now));
    let step = live.moment().now;
    eprintln!(
        "kubevol-replay: {path} at step {step}, served on http://127.0.0.1:{port}\n  \
         try: kubectl --server http://127.0.0.1:{port} get pods,pvc,pv"
    );
    match kubevol_replay::serve::run(live, listener) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("kubevol-replay serve: {message}");
            ExitCode::from(1)
        }
    }
}
