//! Rendering a typed event or refusal into the words people read.
//!
//! Every event and refusal implements [`Tell`]; [`Told`] is the rendering in all three voices at once,
//! which is what the replay tool prints and what a test compares.

use serde::Serialize;

use crate::voice::Voice;

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

/// A model's event table: one arm per kind of event, each with its Japanese, English and Kubernetes
/// texts side by side as a refusal's [`Row`] holds them, so that adding or rewording an event
/// touches one arm. An arm is `pattern => Words { ja, en, k8s }`, or a block of `let`s that the
/// texts share, ending in `Words { .. }`.
///
/// The table is read as two functions, [`Tell::prose`] and [`Tell::k8s`], each of which formats
/// only the text it returns: a chapter's first screen tells events in prose, and the cluster's
/// wording, which the kubectl fold shows, stays with that fold's part of the wasm.
macro_rules! event_table {
    ($event:ty { $($arms:tt)* }) => {
        $crate::told::event_table!(@arm $event; []; $($arms)*);
    };
    (@arm $event:ty; [$($done:tt)*];
        $pat:pat $(if $guard:expr)? => Words { ja: $ja:expr, en: $en:expr, k8s: $k8s:expr $(,)? }, $($rest:tt)*) => {
        $crate::told::event_table!(@arm $event; [$($done)* {($pat) ($($guard)?) () ($ja) ($en) ($k8s)}]; $($rest)*);
    };
    (@arm $event:ty; [$($done:tt)*];
        $pat:pat $(if $guard:expr)? => {
            $(let $shared:pat = $value:expr;)*
            Words { ja: $ja:expr, en: $en:expr, k8s: $k8s:expr $(,)? }
        } $($rest:tt)*) => {
        $crate::told::event_table!(@arm $event; [$($done)*
            {($pat) ($($guard)?) ($(let $shared = $value;)*) ($ja) ($en) ($k8s)}]; $($rest)*);
    };
    // The same, with the shared `let`s naming the two prose texts themselves.
    (@arm $event:ty; [$($done:tt)*];
        $pat:pat $(if $guard:expr)? => {
            $(let $shared:pat = $value:expr;)*
            Words { $ja:ident, $en:ident, k8s: $k8s:expr $(,)? }
        } $($rest:tt)*) => {
        $crate::told::event_table!(@arm $event; [$($done)*
            {($pat) ($($guard)?) ($(let $shared = $value;)*) ($ja) ($en) ($k8s)}]; $($rest)*);
    };
    (@arm $event:ty; [$({($pat:pat) ($($guard:expr)?) ($($shared:tt)*) ($ja:expr) ($en:expr) ($k8s:expr)})*];) => {
        impl $crate::told::Tell for $event {
            // An arm's bindings serve one voice or another, not always both.
            #[allow(unused_variables)]
            fn prose(&self, japanese: bool) -> String {
                match self {
                    $($pat $(if $guard)? => {
                        $($shared)*
                        if japanese { $ja } else { $en }
                    })*
                }
            }

            #[allow(unused_variables)]
            fn k8s(&self) -> Option<String> {
                match self {
                    $($pat $(if $guard)? => {
                        $($shared)*
                        $k8s
                    })*
                }
            }
        }
    };
}
pub(crate) use event_table;

/// Refusals more than one model has, worded once so they read the same in every demo.
impl Row {
    pub(crate) fn no_pod(kind: &'static str, pod: &str) -> Row {
        Row {
            kind,
            ja: format!("Pod {pod} は無い"),
            en: format!("there is no pod {pod}"),
            k8s: Some(format!("pods \"{pod}\" not found")),
        }
    }

    pub(crate) fn unknown_node(node: &str) -> Row {
        Row {
            kind: "unknown-node",
            ja: format!("ノード {node} は無い"),
            en: format!("there is no node {node}"),
            k8s: Some(format!("nodes \"{node}\" not found")),
        }
    }

    /// As the PV controller's lister says it (singular resource), in a claim's ProvisioningFailed.
    pub(crate) fn unknown_class(class: &str) -> Row {
        Row {
            kind: "unknown-class",
            ja: format!("StorageClass {class} は無い"),
            en: format!("there is no StorageClass {class}"),
            k8s: Some(format!("storageclass.storage.k8s.io \"{class}\" not found")),
        }
    }

    pub(crate) fn unknown_claim(claim: &str) -> Row {
        Row {
            kind: "unknown-claim",
            ja: format!("要求 {claim} は無い"),
            en: format!("there is no claim {claim}"),
            k8s: Some(format!("persistentvolumeclaim \"{claim}\" not found")),
        }
    }

    /// The StatefulSet and topology demos' names (the CSI model's has a length in it).
    pub(crate) fn invalid_name(name: &str) -> Row {
        Row {
            kind: "invalid-name",
            ja: format!("名前 \"{name}\" は使えない(英小文字・数字・ハイフン)"),
            en: format!("\"{name}\" is not a valid name (lowercase letters, digits and hyphens)"),
            k8s: None,
        }
    }

    pub(crate) fn too_many_replicas(asked: i64, max: u32) -> Row {
        Row {
            kind: "too-many-replicas",
            ja: format!("目標 {asked} は大きすぎる(このデモは {max} まで)"),
            en: format!("a target of {asked} is too large (this demo holds up to {max})"),
            k8s: None,
        }
    }

    pub(crate) fn too_many_steps(asked: u32, max: u32) -> Row {
        Row {
            kind: "too-many-steps",
            ja: format!("{asked} 周期は多すぎる(一度に {max} まで)"),
            en: format!("{asked} steps is too many at once (up to {max})"),
            k8s: None,
        }
    }
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
