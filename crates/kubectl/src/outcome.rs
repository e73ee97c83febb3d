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
