//! Rendering a typed event or refusal into the words people read.
//!
//! Every event and refusal implements [`Tell`]; [`Told`] is the rendering in all three voices at once,
//! which is what the replay tool prints and what a test compares.

use serde::Serialize;

use crate::Voice;

pub trait Tell {
    /// The text in the book's voice (`Ja`) or in English (`En`).
    fn prose(&self, japanese: bool) -> String;

    /// The exact wording a real cluster prints for this, when there is one.
    fn k8s(&self) -> Option<String> {
        None
    }

    /// The text in `voice`. The `K8s` voice falls back to English where Kubernetes has no wording.
    fn tell(&self, voice: Voice) -> String {
        match voice {
            Voice::Ja => self.prose(true),
            Voice::En => self.prose(false),
            Voice::K8s => self.k8s().unwrap_or_else(|| self.prose(false)),
        }
    }

    fn told(&self) -> Told {
        Told { ja: self.prose(true), en: self.prose(false), k8s: self.k8s() }
    }
}

/// One message in every voice; `k8s` is absent where Kubernetes has no exact wording.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Told {
    pub ja: String,
    pub en: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub k8s: Option<String>,
}

/// One row of a model's refusal table: a refusal's stable kind and all its texts, written side by side
/// so that adding or rewording a refusal touches one match arm, never four.
pub(crate) struct Row {
    pub kind: &'static str,
    pub ja: String,
    pub en: String,
    pub k8s: Option<String>,
}

/// Picks the Japanese or the English text; keeps `prose` implementations to one line per case.
pub(crate) fn pick(japanese: bool, ja: String, en: String) -> String {
    if japanese {
        ja
    } else {
        en
    }
}

/// Names joined the way the book and Kubernetes list them: `web-1, web-2`.
pub(crate) fn list(names: &[String]) -> String {
    names.join(", ")
}
