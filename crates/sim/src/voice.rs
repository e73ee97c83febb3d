//! The three voices every event and refusal can be told in.
//!
//! `Ja` is the book's voice and `En` its translation; `K8s` is what a real cluster prints, so a reader
//! can recognise the message on their own cluster. Where Kubernetes has no exact wording for something
//! the model says, the `K8s` voice falls back to `En` rather than inventing a message.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Voice {
    Ja,
    En,
    K8s,
}

impl Voice {
    pub const ALL: [Voice; 3] = [Voice::Ja, Voice::En, Voice::K8s];

    /// Parses the short code a page or a share link uses; unknown codes are `None`, never a guess.
    pub fn from_code(code: &str) -> Option<Voice> {
        match code {
            "ja" => Some(Voice::Ja),
            "en" => Some(Voice::En),
            "k8s" => Some(Voice::K8s),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Voice::Ja => "ja",
            Voice::En => "en",
            Voice::K8s => "k8s",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_unknown_codes_are_refused() {
        for v in Voice::ALL {
            assert_eq!(Voice::from_code(v.code()), Some(v));
        }
        assert_eq!(Voice::from_code("JA"), None);
        assert_eq!(Voice::from_code(""), None);
    }
}
