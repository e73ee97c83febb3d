//! Every text the UI chrome shows, in Japanese (the book's language, the default) and English.
//!
//! Texts that describe what the model did (events, refusals) are rendered by `kubevol-sim` itself so
//! the UI, the tests and the replay tool say the same thing; this catalogue holds only the labels,
//! headings and explanations around them. Keeping them in one file makes a missing translation a
//! compile error instead of a blank button.

use kubevol_sim::Voice;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Ja,
    En,
}

impl Lang {
    /// The page attribute value; anything else is an error the host page should see, not a guess.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "ja" => Some(Lang::Ja),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::Ja => "ja",
            Lang::En => "en",
        }
    }

    pub fn other(self) -> Lang {
        match self {
            Lang::Ja => Lang::En,
            Lang::En => Lang::Ja,
        }
    }

    /// The model's voice for this language (the `k8s` voice is chosen separately, per panel).
    pub fn voice(self) -> Voice {
        match self {
            Lang::Ja => Voice::Ja,
            Lang::En => Voice::En,
        }
    }
}

/// One text in both languages.
#[derive(Clone, Copy, Debug)]
pub struct Msg {
    pub ja: &'static str,
    pub en: &'static str,
}

impl Msg {
    pub fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Ja => self.ja,
            Lang::En => self.en,
        }
    }
}

const fn msg(ja: &'static str, en: &'static str) -> Msg {
    Msg { ja, en }
}

// ---- shell -------------------------------------------------------------------------------------
pub const KICKER: Msg = msg("デモ", "Demo");
/// The label of the button that switches to the *other* language, written in that language.
pub const SWITCH_LANG: Msg = msg("English", "日本語");
pub const SWITCH_LANG_NAME: Msg = msg("Switch to English", "日本語に切り替える");

// ---- CSI demo ----------------------------------------------------------------------------------
pub const CSI_TITLE: Msg = msg("CSI とボリューム", "CSI and volumes");

// ---- errors shown in place of a demo -----------------------------------------------------------
pub fn unknown_demo(kind: &str) -> String {
    format!(
        "kubevol: unknown demo \"{kind}\" in data-kubevol-demo (expected one of: {}).",
        crate::mount::DemoKind::NAMES.join(", ")
    )
}

pub fn unknown_lang(code: &str) -> String {
    format!("kubevol: unknown language \"{code}\" in data-lang (expected \"ja\" or \"en\").")
}
