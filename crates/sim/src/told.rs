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

/// A model's table of events or of refusals: one arm per kind, each with its Japanese, English and
/// Kubernetes texts side by side (and a refusal's stable kind), so that adding or rewording one
/// touches one arm. An event's arm is `pattern => Words { ja: .., en: .., k8s: .. },`, a refusal's
/// `pattern => Row { kind: .., ja: .., en: .., k8s: .. },` or a refusal several models share,
/// `pattern => Common::UnknownClaim { claim },`. Either may be a block of `let`s the texts share,
/// ending in its `Words` or `Row`.
///
/// The table is read as separate functions ([`Tell::prose`], [`Tell::k8s`], a refusal's `kind`),
/// each of which formats only the text it returns: a chapter's first screen tells events and
/// refusals in prose, and the cluster's wording, which the kubectl fold shows, stays with that
/// fold's part of the wasm.
macro_rules! told_table {
    (events $told:ty { $($arms:tt)* }) => {
        $crate::told::told_table!(@arm events $told; []; $($arms)*);
    };
    (refusals $told:ty { $($arms:tt)* }) => {
        $crate::told::told_table!(@arm refusals $told; []; $($arms)*);
    };
    (@arm $mode:ident $told:ty; [$($done:tt)*];
        $pat:pat $(if $guard:expr)? => Words { ja: $ja:expr, en: $en:expr, k8s: $k8s:expr $(,)? }, $($rest:tt)*) => {
        $crate::told::told_table!(@arm $mode $told; [$($done)* {($pat) ($($guard)?) () (()) ($ja) ($en) ($k8s)}];
            $($rest)*);
    };
    (@arm $mode:ident $told:ty; [$($done:tt)*];
        $pat:pat $(if $guard:expr)? => Row {
            kind: $kind:expr, ja: $ja:expr, en: $en:expr, k8s: $k8s:expr $(,)?
        }, $($rest:tt)*) => {
        $crate::told::told_table!(@arm $mode $told; [$($done)* {($pat) ($($guard)?) () ($kind) ($ja) ($en) ($k8s)}];
            $($rest)*);
    };
    (@arm $mode:ident $told:ty; [$($done:tt)*];
        $pat:pat $(if $guard:expr)? => Common::$common:ident { $($field:tt)* }, $($rest:tt)*) => {
        $crate::told::told_table!(@arm $mode $told; [$($done)* {($pat) ($($guard)?) ()
            ($crate::told::Common::$common { $($field)* }.kind())
            ($crate::told::Tell::prose(&$crate::told::Common::$common { $($field)* }, true))
            ($crate::told::Tell::prose(&$crate::told::Common::$common { $($field)* }, false))
            ($crate::told::Tell::k8s(&$crate::told::Common::$common { $($field)* }))}]; $($rest)*);
    };
    (@arm $mode:ident $told:ty; [$($done:tt)*];
        $pat:pat $(if $guard:expr)? => {
            $(let $shared:pat = $value:expr;)*
            Words { ja: $ja:expr, en: $en:expr, k8s: $k8s:expr $(,)? }
        } $($rest:tt)*) => {
        $crate::told::told_table!(@arm $mode $told; [$($done)*
            {($pat) ($($guard)?) ($(let $shared = $value;)*) (()) ($ja) ($en) ($k8s)}]; $($rest)*);
    };
    (@arm $mode:ident $told:ty; [$($done:tt)*];
        $pat:pat $(if $guard:expr)? => {
            $(let $shared:pat = $value:expr;)*
            Row { kind: $kind:expr, ja: $ja:expr, en: $en:expr, k8s: $k8s:expr $(,)? }
        } $($rest:tt)*) => {
        $crate::told::told_table!(@arm $mode $told; [$($done)*
            {($pat) ($($guard)?) ($(let $shared = $value;)*) ($kind) ($ja) ($en) ($k8s)}]; $($rest)*);
    };
    (@arm events $told:ty;
        [$({($pat:pat) ($($guard:expr)?) ($($shared:tt)*) ($kind:expr) ($ja:expr) ($en:expr) ($k8s:expr)})*];) => {
        $crate::told::told_table!(@tell $told; [$({($pat) ($($guard)?) ($($shared)*) ($ja) ($en) ($k8s)})*]);
    };
    (@arm refusals $told:ty;
        [$({($pat:pat) ($($guard:expr)?) ($($shared:tt)*) ($kind:expr) ($ja:expr) ($en:expr) ($k8s:expr)})*];) => {
        impl $told {
            /// The stable kebab-case name of the rule that refused.
            #[allow(unused_variables)]
            pub fn kind(&self) -> &'static str {
                match self {
                    $($pat $(if $guard)? => $kind,)*
                }
            }
        }
        $crate::told::told_table!(@tell $told; [$({($pat) ($($guard)?) ($($shared)*) ($ja) ($en) ($k8s)})*]);
    };
    (@tell $told:ty; [$({($pat:pat) ($($guard:expr)?) ($($shared:tt)*) ($ja:expr) ($en:expr) ($k8s:expr)})*]) => {
        impl $crate::told::Tell for $told {
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
pub(crate) use told_table;

/// Refusals more than one model has, worded once so they read the same in every demo.
pub(crate) enum Common<'a> {
    NoPod {
        kind: &'static str,
        pod: &'a str,
    },
    UnknownNode {
        node: &'a str,
    },
    /// As the PV controller's lister says it (singular resource), in a claim's ProvisioningFailed.
    UnknownClass {
        class: &'a str,
    },
    UnknownClaim {
        claim: &'a str,
    },
    /// The StatefulSet and topology demos' names (the CSI model's has a length in it).
    InvalidName {
        name: &'a str,
    },
    TooManyReplicas {
        asked: i64,
        max: u32,
    },
    TooManySteps {
        asked: u32,
        max: u32,
    },
}

told_table! {
    refusals Common<'_> {
        Common::NoPod { kind, pod } => Row {
            kind: *kind,
            ja: format!("Pod {pod} は無い"),
            en: format!("there is no pod {pod}"),
            k8s: Some(format!("pods \"{pod}\" not found")),
        },
        Common::UnknownNode { node } => Row {
            kind: "unknown-node",
            ja: format!("ノード {node} は無い"),
            en: format!("there is no node {node}"),
            k8s: Some(format!("nodes \"{node}\" not found")),
        },
        Common::UnknownClass { class } => Row {
            kind: "unknown-class",
            ja: format!("StorageClass {class} は無い"),
            en: format!("there is no StorageClass {class}"),
            k8s: Some(format!("storageclass.storage.k8s.io \"{class}\" not found")),
        },
        Common::UnknownClaim { claim } => Row {
            kind: "unknown-claim",
            ja: format!("要求 {claim} は無い"),
            en: format!("there is no claim {claim}"),
            k8s: Some(format!("persistentvolumeclaim \"{claim}\" not found")),
        },
        Common::InvalidName { name } => Row {
            kind: "invalid-name",
            ja: format!("名前 \"{name}\" は使えない(英小文字・数字・ハイフン)"),
            en: format!("\"{name}\" is not a valid name (lowercase letters, digits and hyphens)"),
            k8s: None,
        },
        Common::TooManyReplicas { asked, max } => Row {
            kind: "too-many-replicas",
            ja: format!("目標 {asked} は大きすぎる(このデモは {max} まで)"),
            en: format!("a target of {asked} is too large (this demo holds up to {max})"),
            k8s: None,
        },
        Common::TooManySteps { asked, max } => Row {
            kind: "too-many-steps",
            ja: format!("{asked} 周期は多すぎる(一度に {max} まで)"),
            en: format!("{asked} steps is too many at once (up to {max})"),
            k8s: None,
        },
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
