//! The reader's language and the words every demo shares (the frame, the log, the refusal prefix).
//!
//! A demo's own labels and sentences live in its `text.rs`; what the model did (events, refusals)
//! is told by `kubevol-sim` itself, so the UI, the tests and the replay tool say the same thing.
//! Every text is a [`Msg`] with both languages, so a missing translation is a compile error rather
//! than a blank button.

use std::fmt;

use kubevol_sim::link::{LinkError, MAX_CHARS, VERSION};
use kubevol_sim::{Tell, Voice};

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

    /// One of two texts, by language: the one way a sentence is said in both. A `match lang`, an
    /// `if ja` guard or a pair of texts each hid the same choice in a different shape; with one
    /// form, both languages of a sentence sit side by side and a missing one is a compile error.
    pub fn pick<T>(self, ja: T, en: T) -> T {
        match self {
            Lang::Ja => ja,
            Lang::En => en,
        }
    }

    /// A sentence in two languages, formatted in the reader's only: `lang.say(format_args!(..),
    /// format_args!(..))` is `pick` for texts with values in them, and formats one text, not two.
    pub fn say(self, ja: fmt::Arguments, en: fmt::Arguments) -> String {
        fmt::format(self.pick(ja, en))
    }

    /// The list separator each language writes.
    pub fn comma(self) -> &'static str {
        self.pick("、", ", ")
    }
}

/// One text in both languages.
#[derive(Clone, Copy, Debug)]
pub struct Msg {
    pub ja: &'static str,
    pub en: &'static str,
}

impl Msg {
    /// A text that reads the same in both languages: an API name such as `ReadWriteOnce`.
    pub const fn same(text: &'static str) -> Msg {
        Msg { ja: text, en: text }
    }

    pub fn get(self, lang: Lang) -> &'static str {
        lang.pick(self.ja, self.en)
    }
}

pub const fn msg(ja: &'static str, en: &'static str) -> Msg {
    Msg { ja, en }
}

// ---- the frame ---------------------------------------------------------------------------------
pub const KICKER: Msg = msg("デモ", "Demo");
/// The label of the button that switches to the *other* language, written in that language.
pub const SWITCH_LANG: Msg = msg("English", "日本語");
pub const SWITCH_LANG_NAME: Msg = msg("Switch to English", "日本語に切り替える");
pub const RESET: Msg = msg("リセット", "Reset");

// ---- the read-outs every demo has --------------------------------------------------------------
pub const LOG_TITLE: Msg = msg("起きたこと", "What happened");
pub const LOG_EMPTY: Msg = msg("(まだ何も起きていない)", "(nothing has happened yet)");
pub const BACK: Msg = msg("← 1つ戻る", "← Back");
pub const FORWARD: Msg = msg("1つ進む →", "Forward →");
pub const EXPORT: Msg = msg("シナリオを書き出す", "Export scenario");
pub const DOWNLOAD: Msg = msg("ファイルとして保存", "Save as a file");
pub const EXPORT_HINT: Msg = msg(
    "kubevol-replay にこのファイルを渡すと、ここまでの状態をそのまま再現する",
    "Give this file to kubevol-replay and it reproduces this very state",
);
pub const SHARE: Msg = msg("リンクで共有", "Share a link");
/// A status line with nothing to say: Share made no link, and says why beside it.
pub const NOTHING: Msg = msg("", "");
pub const SHARE_LINK: Msg = msg("この場面へのリンク", "A link to this moment");
pub const SHARE_COPYING: Msg = msg("クリップボードにコピーしている…", "Copying to the clipboard…");
pub const SHARE_COPIED: Msg = msg("クリップボードにコピーした", "Copied to the clipboard");
pub const SHARE_REFUSED: Msg = msg(
    "ブラウザがクリップボードを使わせなかった。欄のリンクを選んでコピーしてほしい",
    "The browser did not allow the clipboard: select the link in the field and copy it",
);
pub const KUBECTL: Msg = msg("kubectl で見ると", "As kubectl shows it");
pub const KUBECTL_OBJECTS: Msg = msg("YAML を見るオブジェクト", "Objects to show as YAML");
pub const KUBECTL_MADE_UP: Msg = msg(
    "uid・時刻・ボリューム ID は作り物。時刻はこのデモの 1 ステップを 1 秒として 2026-01-01T00:00:00Z から数える",
    "The uids, times and volume ids are made up: time counts one step of this demo as a second from \
     2026-01-01T00:00:00Z",
);
pub const PROMPT: Msg = msg("kubectl を打つ", "Type kubectl");
pub const PROMPT_HINT: Msg = msg(
    "このデモのクラスタに kubectl を打てる。get・describe・delete・scale が本物の kubectl と同じ文で答え、変更はボタンと\
     同じ操作として記録に残る。help で使えるものが出る",
    "Type kubectl at this demo's cluster: get, describe, delete and scale answer in the real kubectl's words, and a \
     change is the same action as its button, kept in the history. Type help for what it understands",
);
pub const PROMPT_OUT: Msg = msg("kubectl の出力", "What kubectl printed");
pub const PROMPT_EMPTY: Msg = msg(
    "まだ何も打っていない。下の行に get pods と打って Enter を押すと、ここに答えが出る",
    "Nothing typed yet. Type get pods on the line below and press Enter: the answer shows here",
);
pub const PROMPT_KEYS: Msg = msg(
    "Enter で実行、Tab で補完、↑ ↓ で履歴、Ctrl-L で消去、Ctrl-C で get -w を止める",
    "Enter runs, Tab completes, Up and Down walk the history, Ctrl-L clears, Ctrl-C stops a get -w",
);
// ---- the folds under every demo (folds.rs) --------------------------------------------------------
pub const FOLDS: Msg = msg("このデモをもっと見る", "More of this demo");
pub const MORE_SETTINGS: Msg = msg("ほかの設定", "More settings");
pub const HISTORY: Msg = msg("記録と共有", "History and sharing");
/// The fold of levels (`practice.rs`); the rest of its words are below, in its part.
pub const PRACTICE: Msg = msg("練習", "Practice");
pub const PART_LOADING: Msg = msg("読み込み中…", "Loading…");
pub const PART_FAILED: Msg = msg(
    "この部分を読み込めなかった(ネットワークかサーバーの問題)。デモのほかの部分はそのまま動く",
    "This part could not be loaded (a network or server problem). The rest of the demo keeps working",
);
pub const RETRY: Msg = msg("もう一度試す", "Try again");
pub const LOG_HINT: Msg = msg("行を押すと、その操作の直後に戻る", "Click a line to return to right after it");
pub const NONE: Msg = msg("(なし)", "(none)");
pub const SIMPLIFIED: Msg = msg("この模型の簡略化", "What this model simplifies");
pub const OFF: Msg = msg("なし", "off");
pub const ON: Msg = msg("あり", "on");

/// How a switch reads: off or on.
pub fn switch(on: bool) -> Msg {
    if on {
        ON
    } else {
        OFF
    }
}

/// The verdict after a refused click: the model's own reason, in the reader's language.
pub fn refused(lang: Lang, refusal: &impl Tell) -> String {
    let prefix = msg("できない: ", "Refused: ").get(lang);
    format!("{prefix}{}", refusal.tell(lang.voice()))
}

/// The step counter the demos with a clock show.
pub fn step_counter(now: u64) -> String {
    format!("step={now}")
}

/// A `data-preset` the demo does not know: said inside the demo, which starts at its default.
/// `known` lists the demo's presets, or is `None` for a demo that has none.
pub fn unknown_preset(lang: Lang, preset: &str, known: Option<&str>) -> String {
    match known {
        Some(known) => lang.say(
            format_args!("data-preset \"{preset}\" はこのデモに無い(使えるのは {known})。既定の場面で始める"),
            format_args!("data-preset \"{preset}\" is not one of this demo's ({known}); starting from the default"),
        ),
        None => lang.say(
            format_args!("data-preset \"{preset}\" は使えない(このデモに場面の選択は無い)。既定で始める"),
            format_args!("data-preset \"{preset}\" is ignored: this demo has no presets"),
        ),
    }
}

/// A share link in the page's address that this demo cannot restore: said inside the demo, which
/// starts from its beginning instead.
pub fn bad_link(lang: Lang, error: &LinkError) -> String {
    let why = link_fault(lang, error);
    lang.say(
        format_args!("このデモへのリンクを復元できない: {why}。最初の状態から始める"),
        format_args!("This demo's link cannot be restored: {why}. Starting from the beginning"),
    )
}

/// A scenario the page's script passed (`mountDemo(element, {scenario})`) that this demo cannot
/// show: said inside the demo, which starts from its beginning instead. `fault` is the path of
/// what is wrong and why, in the page author's terms, as the script's promise reports it too.
pub fn bad_scenario(lang: Lang, fault: &str) -> String {
    lang.say(
        format_args!("ページが渡したシナリオを表示できない ({fault})。最初の状態から始める"),
        format_args!("The page's scenario cannot be shown ({fault}). Starting from the beginning"),
    )
}

/// What Share says when the moment shown has no link the demo would restore (`share.rs`): why
/// (of the shorter way too, when it left out detours and was still too long), and that Export
/// keeps it whole, for a file has no limit.
pub fn unshareable(lang: Lang, error: &LinkError, without_detours: bool) -> String {
    let why = link_fault(lang, error);
    if without_detours {
        lang.say(
            format_args!(
                "この場面はリンクにできない: 回り道を除いても{why}。「{}」ならファイルにすべて残せる",
                EXPORT.ja
            ),
            format_args!(
                "This moment cannot be shared as a link: even without its detours, {why}. {} keeps all of it in a file",
                EXPORT.en
            ),
        )
    } else {
        lang.say(
            format_args!("この場面はリンクにできない: {why}。「{}」ならファイルにすべて残せる", EXPORT.ja),
            format_args!("This moment cannot be shared as a link: {why}. {} keeps all of it in a file", EXPORT.en),
        )
    }
}

/// What Share says of a link that takes a shorter way to the moment shown (`share.rs`).
pub fn shortened_link(lang: Lang, kept: usize, of: usize) -> String {
    lang.say(
        format_args!(
            "履歴がリンクには長すぎるので、前の場面に戻っただけの回り道を除き、{of} 回の操作のうち {kept} 回で同じ場面を再現す\
             るリンクにした。状態と最後の結果は同じだが、ログと kubectl のイベントや AGE は短い道筋のものになる"
        ),
        format_args!(
            "Your history is too long for a link, so this one leaves out the detours that came back to an earlier \
             moment: {kept} of your {of} actions reach the same moment. The state and the last outcome are the same; \
             the log, kubectl's Events and the ages follow the shorter way"
        ),
    )
}

// ---- practice: levels (`practice.rs`, in each kind's lab part) ------------------------------------
pub const LEVELS_INTRO: Msg = msg(
    "ゴールに向けて操作する練習。ゴールは kubectl の出力で確かめる。ボタンでも kubectl でも解ける",
    "Practice toward a goal, checked with what kubectl prints. Solve it with the buttons or with kubectl",
);
pub const LEVEL_GOAL: Msg = msg("ゴール: kubectl がこう出力すること", "Goal: kubectl prints this");
/// A check's state in words, beside its mark, for a screen reader.
pub const LEVEL_HOLDS: Msg = msg("満たしている:", "holds:");
pub const LEVEL_NOT_YET: Msg = msg("まだ満たしていない:", "not yet:");
pub const LEVEL_NOW: Msg = msg("いまの出力:", "now prints:");
pub const LEVEL_PRINTS_NOTHING: Msg = msg("(何も出力しない)", "(nothing)");
pub const LEVEL_RESTART: Msg = msg("最初からやり直す", "Restart the level");
pub const LEVEL_LEAVE: Msg = msg("練習をやめる", "Leave the level");
pub const LEVEL_CLEAR: Msg = msg("解いた記録を消す", "Clear my progress");
pub const LEVEL_GOAL_PICTURE: Msg =
    msg("ゴールの一例 (最短の解き方の後)", "The goal, as the shortest solution leaves it");

/// The hint button: how many of the level's hints are shown.
pub fn level_hint(lang: Lang, shown: usize, of: usize) -> String {
    lang.say(format_args!("ヒント ({shown}/{of})"), format_args!("Hint ({shown}/{of})"))
}

/// Said when every check holds: the reader's actions since the level's start, against par.
pub fn level_solved(lang: Lang, taken: usize, refused: usize, par: Option<usize>) -> String {
    let actions = actions(lang, taken);
    let solved = match par {
        Some(par) => lang.say(
            format_args!("解けた: {actions}で (最短は {par} 回)"),
            format_args!("Solved in {actions} (par {par})"),
        ),
        None => lang.say(format_args!("解けた: {actions}で"), format_args!("Solved in {actions}")),
    };
    if refused == 0 {
        return solved;
    }
    lang.say(
        format_args!("{solved}。断られた {refused} 回は数えない"),
        format_args!("{solved}; {refused} refused, not counted"),
    )
}

/// `n` actions, counted in the reader's language: "1 回の操作" / "1 action", "2 actions".
fn actions(lang: Lang, n: usize) -> String {
    let s = if n == 1 { "" } else { "s" };
    lang.say(format_args!("{n} 回の操作"), format_args!("{n} action{s}"))
}

/// While a level is played: the actions that counted, and the refused ones, which do not.
pub fn level_count(lang: Lang, taken: usize, refused: usize) -> String {
    let counted = lang.say(format_args!("数えた操作: {taken} 回"), format_args!("Counted: {}", actions(lang, taken)));
    if refused == 0 {
        return counted;
    }
    lang.say(
        format_args!("{counted} (断られた {refused} 回は数えない)"),
        format_args!("{counted} ({refused} refused, not counted)"),
    )
}

/// What the prompt answers for an action the level being played forbids, in the level's words
/// (the prompt prints it as the demo's refusals are printed).
pub fn level_forbids(lang: Lang, why: &str) -> String {
    lang.say(format_args!("この練習では使えない: {why}"), format_args!("the level forbids it: {why}"))
}

/// A level in the list: solved, in how few actions, or not yet.
pub fn level_progress(lang: Lang, fewest: Option<usize>, par: Option<usize>) -> String {
    let par = par.map(|p| lang.say(format_args!(" / 最短 {p} 回"), format_args!(" / par {p}"))).unwrap_or_default();
    match fewest {
        Some(f) => {
            lang.say(format_args!("✓ 解いた ({f} 回{par})"), format_args!("✓ solved ({}{par})", actions(lang, f)))
        }
        None => lang.say(format_args!("まだ{par}"), format_args!("not yet{par}")),
    }
}

/// The demo's header while a level is played: "Level: <its title>".
pub const LEVEL_STRIP: Msg = msg("練習:", "Level:");

/// How many of a level's checks hold, in the demo's header.
pub fn level_checks(lang: Lang, holds: usize, of: usize) -> String {
    let (checks, hold) =
        (if of == 1 { "check" } else { "checks" }, if holds == 1 && of > 1 { "holds" } else { "hold" });
    let hold = if of == 1 { "holds" } else { hold };
    lang.say(format_args!("チェック {of} 個中 {holds} 個を満たす"), format_args!("{holds} of {of} {checks} {hold}"))
}

/// In the Practice panel, after a try of an action the level forbids (its control not disabled).
pub fn level_forbidden_tried(lang: Lang, why: &str) -> String {
    lang.say(
        format_args!("この練習ではその操作は使えない: {why}"),
        format_args!("This level forbids that action: {why}"),
    )
}

/// A level the reader left by changing what its start fixes.
pub fn level_left(lang: Lang, title: &str) -> String {
    lang.say(
        format_args!("設定を変えたので「{title}」の練習を離れた。一覧からもう一度開ける"),
        format_args!("The demo's settings changed, so you left the level “{title}”. Open it again from the list"),
    )
}

/// A `data-lang` the demos do not speak: said inside the demo, which speaks `lang` instead (the
/// page's language, or English).
pub fn unsupported_lang(lang: Lang, code: &str) -> String {
    lang.say(
        format_args!("data-lang \"{code}\" はこのデモの言語ではない(ja か en)。日本語で表示する"),
        format_args!("data-lang \"{code}\" is not a language this demo speaks (ja or en); shown in English"),
    )
}

/// A `data-view` the demos do not have: said inside the demo, which shows the chapter's view.
pub fn unknown_view(lang: Lang, view: &str) -> String {
    lang.say(
        format_args!("data-view \"{view}\" はこのデモの表示ではない(chapter か lab)。章の表示で始める"),
        format_args!("data-view \"{view}\" is not one of this demo's views (chapter or lab); showing the chapter's"),
    )
}

/// A level the demo cannot open, and why (the path of what is wrong in it).
pub fn level_refused(lang: Lang, fault: &str) -> String {
    lang.say(
        format_args!("この練習は開けない ({fault})。最初の状態から始める"),
        format_args!("This level cannot be opened ({fault}). Starting from the beginning"),
    )
}

/// Why a link does not restore, as the end of a sentence that names the link.
fn link_fault(lang: Lang, error: &LinkError) -> String {
    match error {
        LinkError::Malformed => {
            msg("デモのリンクに無い文字が入っていて読めない", "it holds characters a demo's link never has")
                .get(lang)
                .into()
        }
        LinkError::ForeignVersion { found } => lang.say(
            format_args!("別の版のデモが作ったリンク(形式 {found}。このページが読むのは {VERSION})"),
            format_args!("another version of these demos made it (format {found}; this page reads {VERSION})"),
        ),
        LinkError::Oversized { chars } => lang.say(
            format_args!("長すぎる({chars} 文字。読むのは {MAX_CHARS} 文字まで)"),
            format_args!("it is too long ({chars} characters; a demo reads at most {MAX_CHARS})"),
        ),
        LinkError::Truncated => {
            msg("途中で切れている。一部だけコピーされたのかもしれない", "it is cut short, perhaps copied only in part")
                .get(lang)
                .into()
        }
        LinkError::Tampered => msg(
            "作られた後に書き換わっている(検査値が合わない)",
            "it was changed after it was made (its checksum does not match)",
        )
        .get(lang)
        .into(),
        LinkError::Invalid => msg(
            "壊れてはいないが、このデモの設定と操作として読めない",
            "it is intact but does not read as this demo's settings and actions",
        )
        .get(lang)
        .into(),
        LinkError::NotOffered => msg(
            "このデモのボタンでは作れない設定か操作を含む(手で作られたリンクかもしれない)",
            "it asks for settings or actions this demo's controls do not offer, as a hand-made link might",
        )
        .get(lang)
        .into(),
        LinkError::TooManyActions { actions, max } => lang.say(
            format_args!("操作が多すぎる({actions} 回。リンクから再現するのは {max} 回まで)"),
            format_args!("it holds too many actions ({actions}; a link replays at most {max})"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts spell out the format and the limit the link module enforces.
    #[test]
    fn bad_link_texts_name_this_build_s_format_and_limit() {
        let foreign = bad_link(Lang::En, &LinkError::ForeignVersion { found: "v9".into() });
        assert!(foreign.contains(&format!("format v9; this page reads {VERSION})")), "{foreign}");
        let long = bad_link(Lang::Ja, &LinkError::Oversized { chars: 9001 });
        assert!(long.contains(&format!("9001 文字。読むのは {MAX_CHARS} 文字まで")), "{long}");
    }

    /// Share's own sentences name the numbers, and say "without its detours" only of a shorter
    /// way that was tried.
    #[test]
    fn share_texts_say_what_became_of_the_history() {
        let many = LinkError::TooManyActions { actions: 2500, max: 1800 };
        assert_eq!(
            unshareable(Lang::En, &many, true),
            "This moment cannot be shared as a link: even without its detours, it holds too many actions (2500; a link \
                replays at most 1800). Export scenario keeps all of it in a file"
        );
        assert_eq!(
            unshareable(Lang::Ja, &many, false),
            "この場面はリンクにできない: 操作が多すぎる(2500 回。リンクから再現するのは 1800 回まで)。「シナリオを書き出す」ならファイルにすべて残せる"
        );
        assert!(shortened_link(Lang::En, 3, 1900).contains("3 of your 1900 actions reach the same moment"));
        assert!(shortened_link(Lang::Ja, 3, 1900).contains("1900 回の操作のうち 3 回で同じ場面を再現する"));
    }
}
