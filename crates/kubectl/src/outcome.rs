//! What a command did, as kubectl's process ends: the text it printed, and whether it failed (its
//! exit code, 1 or 0). A failure is this value, never a marker in the text: the prompt's view
//! shows a failed command as an error, a level's check never holds on one, and the golden table's
//! test writes it as the real kubectl's exit status (`crates/replay/tests/common/mod.rs`).
// Models staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go CheckErr

/// A command's printout and its exit status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// What it printed, stdout then stderr, as kubectl's terminal shows them.
    pub text: String,
    /// Whether kubectl would exit 1.
    pub failed: bool,
}

impl Outcome {
    /// A command that succeeded (exit 0).
    pub fn ok(text: impl Into<String>) -> Outcome {
        Outcome { text: text.into(), failed: false }
    }

    /// A command that failed (exit 1), with kubectl's error.
    pub fn failed(text: impl Into<String>) -> Outcome {
        Outcome { text: text.into(), failed: true }
    }

    /// kubectl's exit code.
    pub fn code(&self) -> i32 {
        i32::from(self.failed)
    }
}

/// What kubectl prints when the API server refuses a change with a Conflict: the model's reason,
/// in its Kubernetes voice.
pub fn refused(message: &str) -> String {
    format!("Error from server (Conflict): {message}\n")
}

/// What a change printed, in kubectl's order: each object's line (`Ok`) or the model's refusal
/// (`Err`, its reason in the Kubernetes voice), then what `reply` left for after them. A refusal
/// or an error after them fails the command.
pub fn told(outcomes: Vec<Result<String, String>>, after: &str) -> Outcome {
    let (mut out, mut refusals) = (String::new(), String::new());
    for outcome in outcomes {
        match outcome {
            Ok(done) => out.push_str(&done),
            Err(message) => refusals.push_str(&refused(&message)),
        }
    }
    let failed = !refusals.is_empty() || !after.is_empty();
    out.push_str(&refusals);
    out.push_str(after);
    Outcome { text: out, failed }
}
