//! `kubevol-replay <scenario.json | ->`: prints one JSON line per action and the final state.
//! Exit status: 0 when every `expect` held, 1 when one did not, 2 when the scenario is malformed.

use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: kubevol-replay <scenario.json | ->   (format: crates/replay/README.md)");
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
