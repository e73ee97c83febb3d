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
}
