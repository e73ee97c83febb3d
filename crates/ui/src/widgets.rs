//! Small pieces every demo uses: labels, a row of choices, keyed rows, the verdict line, the log
//! and the legend. They read the demo's context and call back; they know nothing of any model.

use std::hash::Hash;

use kubevol_sim::link::{Address, Compact};
use kubevol_sim::{Model, Setting};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::demo::{use_lang, Demo, Offered};
use crate::drawing::escape;
use crate::lang::{self, Lang, Msg};
use crate::markup::Kept;
use crate::session::{LogLine, Session};
use crate::share::{share, Link, NoLink, LEVEL_IN_LINK};

/// A fixed label that follows the reader's language. Every static label goes through this one
/// function, so they all share one closure type: each distinct closure would otherwise bring its
/// own copy of Leptos's rendering code into the wasm.
pub fn tr(msg: Msg) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || msg.get(lang.get())
}

/// A click handler. Every button's handler is boxed into this one type, so Leptos attaches them all
/// with one copy of its listener code instead of one copy per closure.
pub type Click = Box<dyn FnMut(leptos::ev::MouseEvent)>;

pub fn click(f: impl Fn() + 'static) -> Click {
    Box::new(move |_| f())
}

/// A reactive text. Every dynamic text in the demos is a `Signal<String>` made here: Leptos then
/// renders them all with one copy of its code, where each distinct closure would bring its own.
pub fn text(f: impl Fn() -> String + Send + Sync + 'static) -> Signal<String> {
    Signal::derive(f)
}

/// The accessible name of a control that acts on one thing, e.g. "Attach (node-a)": the visible
/// label alone would read the same on every node or ordinal.
pub fn named(msg: Msg, name: String) -> Signal<String> {
    let lang = use_lang();
    text(move || format!("{} ({name})", msg.get(lang.get())))
}

/// A reactive flag, for `hidden`, `class:` and `aria-pressed`; see [`text`].
pub fn flag(f: impl Fn() -> bool + Send + Sync + 'static) -> Signal<bool> {
    Signal::derive(f)
}

/// One line of a list read-out (the log, the CSI calls, Pending pods...): its text, a class
/// (`""`, `kv-muted`, `kv-refused`) and, where a test or a reader needs to find it, the pod it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub class: &'static str,
    pub pod: Option<String>,
}

impl Line {
    pub fn plain(text: String) -> Line {
        Line { text, class: "", pod: None }
    }

    pub fn muted(text: &str) -> Line {
        Line { text: text.to_string(), class: "kv-muted", pod: None }
    }

    /// The lines, or one muted line saying there are none.
    pub fn or_none(lines: Vec<Line>, none: &str) -> Vec<Line> {
        if lines.is_empty() {
            vec![Line::muted(none)]
        } else {
            lines
        }
    }
}

/// A headed list read-out, as the side panels show one.
pub fn panel(title: Msg, lines: Signal<Vec<Line>>, state: &'static str) -> impl IntoView {
    view! {
        <section>
            <p class="kv-h">{tr(title)}</p>
            <Lines lines=lines class="kv-mono" state=state/>
        </section>
    }
}

/// A list read-out marked `data-state=<state>`: its lines written as markup and kept
/// (`markup.rs`), so a change changes the lines it changed.
#[component]
pub fn Lines(#[prop(into)] lines: Signal<Vec<Line>>, class: &'static str, state: &'static str) -> impl IntoView {
    let markup = text(move || lines.with(|lines| lines_markup(lines)));
    view! { <ul class=class data-state=state inner_html=Kept(markup)></ul> }
}

/// The lines as `<li>`s, each with its class and, where it has one, its pod.
pub fn lines_markup(lines: &[Line]) -> String {
    let mut out = String::new();
    for l in lines {
        let pod = l.pod.as_ref().map_or(String::new(), |p| format!(" data-pod=\"{}\"", escape(p)));
        out += &format!("<li class=\"{}\"{pod}>{}</li>", l.class, escape(&l.text));
    }
    out
}

/// One row per key, in order: a row is built once, when its key appears, and stays while the key
/// does; the row reads what it shows from the demo's session itself. Every keyed list in the
/// demos goes through here with a plain `fn`, so Leptos's keyed diff is in the wasm once per key type.
pub fn rows<K>(keys: Memo<Vec<K>>, row: fn(K) -> AnyView) -> impl IntoView
where
    K: Clone + Eq + Hash + Send + Sync + 'static,
{
    view! { <For each=move || keys.get() key=|k: &K| k.clone() children=row/> }
}

/// A labelled row of buttons, one pressed: `data-action=<action> data-value=<value>` each. Options
/// are chosen by position, so one copy of this serves every kind of value (see [`setting`]).
#[component]
pub fn Choice(
    label: Msg,
    action: &'static str,
    /// Each option's `data-value` and label.
    options: Vec<(&'static str, Msg)>,
    /// The position of the option in force, if any is.
    #[prop(into)]
    selected: Signal<Option<usize>>,
    on_choose: Callback<usize>,
) -> impl IntoView {
    view! {
        <div class="kv-choice" role="group" aria-label=tr(label)>
            <span class="kv-choice-label">{tr(label)}</span>
            // The values keep together: on a narrow page they go under the label as one row,
            // rather than one of them alone on a line of its own.
            <span class="kv-choice-values">
                {options
                    .into_iter()
                    .enumerate()
                    .map(|(at, (value, text))| {
                        view! {
                            <button
                                data-action=action
                                data-value=value
                                aria-pressed=move || (selected.get() == Some(at)).to_string()
                                on:click=click(move || on_choose.run(at))
                            >
                                {tr(text)}
                            </button>
                        }
                    })
                    .collect_view()}
            </span>
        </div>
    }
}

/// The label of a value the API spells the same in every language (`ReadWriteOnce`, `Retain`).
pub fn as_is<S: Setting>(value: S) -> Msg {
    Msg::same(value.code())
}

/// A choice between every value of a setting, each with the label `text` gives it. The value in
/// force is read from `selected` and a click hands the chosen one to `choose`; underneath, every
/// choice is the same [`Choice`] over positions, so the wasm carries one copy of it.
pub fn setting<S: Setting + Send + Sync>(
    label: Msg,
    action: &'static str,
    text: fn(S) -> Msg,
    selected: impl Fn() -> S + Send + Sync + 'static,
    choose: impl Fn(S) + Send + Sync + 'static,
) -> AnyView {
    setting_among(label, action, S::ALL, text, selected, choose)
}

/// A choice between some of a setting's values (the chapter's two access modes, say); none of
/// its buttons is pressed while the value in force is one of the others.
pub fn setting_among<S: Setting + Send + Sync>(
    label: Msg,
    action: &'static str,
    values: &'static [S],
    text: fn(S) -> Msg,
    selected: impl Fn() -> S + Send + Sync + 'static,
    choose: impl Fn(S) + Send + Sync + 'static,
) -> AnyView {
    let options = values.iter().map(|s| (s.code(), text(*s))).collect();
    let at = move || {
        let now = selected();
        values.iter().position(|s| *s == now)
    };
    choice(label, action, options, Signal::derive(at), Callback::new(move |at: usize| choose(values[at])))
}

/// A choice between a few numbers, each spelled as its `data-value` and label.
pub fn number(
    label: Msg,
    action: &'static str,
    values: &'static [(u32, &'static str)],
    selected: impl Fn() -> u32 + Send + Sync + 'static,
    choose: impl Fn(u32) + Send + Sync + 'static,
) -> AnyView {
    let options = values.iter().map(|(_, code)| (*code, Msg::same(code))).collect();
    let at = move || {
        let now = selected();
        values.iter().position(|(n, _)| *n == now)
    };
    choice(label, action, options, Signal::derive(at), Callback::new(move |at: usize| choose(values[at].0)))
}

/// [`Choice`] as a plain function, for [`setting`] and [`number`].
fn choice(
    label: Msg,
    action: &'static str,
    options: Vec<(&'static str, Msg)>,
    selected: Signal<Option<usize>>,
    on_choose: Callback<usize>,
) -> AnyView {
    view! { <Choice label action options selected on_choose/> }.into_any()
}

/// The one-line explanation of the current state; announced to screen readers when it changes.
#[component]
pub fn Verdict(#[prop(into)] text: Signal<String>, #[prop(into)] refused: Signal<bool>) -> impl IntoView {
    view! {
        <p class="kv-verdict" class:kv-refused=refused data-state="verdict" role="status" aria-live="polite">
            {text}
        </p>
    }
}

// The log belongs to every demo: `Demo::recent` shows its newest lines on the first screen, and
// `Demo::history` is the history fold's panel. They live here, beside the widgets, so `demo.rs`
// needs nothing from this file.
impl<M: Model> Demo<M> {
    /// The log's newest lines, newest first, in the reader's language; refused actions are
    /// marked. Each line is a button back to the moment right after it. All the lines the session
    /// keeps are shown while `full` (the history fold is open), the newest few otherwise.
    pub fn recent(self, lang: RwSignal<Lang>, full: Signal<bool>) -> impl IntoView {
        let (session, travel) = (self.session, self.travel);
        // Written as markup and kept (`markup.rs`): a new entry adds its line at the top and the
        // oldest shown goes, the others stay as they are. One listener serves every line's button.
        let lines = text(move || {
            let lines = session.with(|s| s.log_lines(lang.get()));
            let shown = if full.get() { lines.len() } else { LOG_SHOWN };
            log_markup(&lines[..shown.min(lines.len())], lang::LOG_EMPTY.get(lang.get()))
        });
        let back_to = move |ev: leptos::ev::MouseEvent| {
            let line = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.closest(".kv-log-line").ok()?);
            if let Some(moment) = line.and_then(|l| l.get_attribute("data-moment")?.parse().ok()) {
                travel.run(moment);
            }
        };
        view! {
            <section class="kv-log-box">
                <p class="kv-h">{tr(lang::LOG_TITLE)}</p>
                <ul class="kv-log" data-state="log" inner_html=Kept(lines)
                    on:click=Box::new(back_to) as Click></ul>
            </section>
        }
    }

    /// The history fold's panel: Back and Forward through the demo's history, its export as a
    /// scenario file and its share link. `start` is the settings the session started from, which
    /// the link carries; `offered` and `restart` are what the demo's reader of links checks and
    /// replays through (`demo::restore`), so Share writes only links it restores.
    pub fn history<C: Compact + Copy + 'static>(
        self,
        start: impl Fn() -> C + Send + Sync + 'static,
        offered: &'static Offered<M, C>,
        restart: fn(C) -> Session<M>,
    ) -> impl IntoView {
        let lang_now = use_lang();
        let (session, travel) = (self.session, self.travel);
        let address = Address { kind: self.kind.code().to_string(), nth: self.nth };
        let steps = Signal::derive(move || session.with(|s| s.steps()));
        // The last export or share link, shown with a way to keep it; any step makes it stale, so it
        // goes.
        let output = RwSignal::new(None::<Output>);
        // Not at its first run, which comes a tick after the panel is drawn: a Share clicked
        // meanwhile would lose its link.
        Effect::new(move |ran: Option<()>| {
            steps.track();
            if ran.is_some() {
                output.set(None);
            }
        });
        let step = move |forward: bool| {
            let (back, ahead) = steps.get_untracked();
            if let Some(moment) = if forward { ahead } else { back } {
                travel.run(moment);
            }
        };
        let export = move || {
            session.with_untracked(|s| {
                let title =
                    format!("Exported from a kubevol-lab demo ({} model) after {} actions", M::NAME, s.position().0);
                s.scenario(&title)
            })
        };
        // A built-in level being played goes with the moment (`mount.rs` reads it back).
        let level = self.level;
        let share = move || {
            let link = session.with_untracked(|s| share(s, start(), offered, restart, &address));
            let playing = level.get_untracked().filter(|id| !id.contains(crate::practice::form::SEP));
            link.map(|link| match playing {
                Some(id) => Link { fragment: format!("{}{LEVEL_IN_LINK}{id}", link.fragment), ..link },
                None => link,
            })
        };
        view! {
            <div class="kv-buttons kv-history">
                <button data-action="undo" disabled=flag(move || steps.get().0.is_none())
                    on:click=click(move || step(false))>
                    {tr(lang::BACK)}
                </button>
                <button data-action="redo" disabled=flag(move || steps.get().1.is_none())
                    on:click=click(move || step(true))>
                    {tr(lang::FORWARD)}
                </button>
                <button data-action="export" on:click=click(move || output.set(Some(Output {
                    state: "scenario", label: lang::EXPORT, text: export(), status: lang::EXPORT_HINT, said: None,
                })))>
                    {tr(lang::EXPORT)}
                </button>
                <button data-action="share" on:click=click(move || share_link(share(), output))>
                    {tr(lang::SHARE)}
                </button>
            </div>
            // One place for both, so the wasm carries one view of it.
            {move || output.get().map(|o| { let said = o.said.clone(); view! {
                <div class="kv-export">
                    <textarea readonly rows="3" data-state=o.state aria-label=tr(o.label)
                        hidden=o.text.is_empty()>{o.text.clone()}</textarea>
                    <a download="kubevol-scenario.json" href=data_url(&o.text)
                        hidden=o.state != "scenario">{tr(lang::DOWNLOAD)}</a>
                    " "
                    <span class="kv-hint" data-state="output-status" role="status">{tr(o.status)}</span>
                    <p class="kv-hint" data-state="share-said" role="status" hidden=o.said.is_none()>
                        {text(move || said.as_ref().map(|said| said.text(lang_now.get())).unwrap_or_default())}
                    </p>
                </div>
            }})}
            <p class="kv-hint">{tr(lang::LOG_HINT)}</p>
        }
    }
}

/// The log's lines, newest first, each a button back to the moment right after it; a refused
/// action's line is marked. With none, a muted line saying so.
pub fn log_markup(lines: &[LogLine], empty: &str) -> String {
    if lines.is_empty() {
        return format!("<li class=\"kv-muted\">{}</li>", escape(empty));
    }
    let mut out = String::new();
    for l in lines {
        let class = if l.refused { "kv-refused" } else { "" };
        out += &format!(
            "<li class=\"{class}\"><button class=\"kv-log-line\" data-moment=\"{}\">{}</button></li>",
            l.moment,
            escape(&l.text)
        );
    }
    out
}

/// How many of the log's lines the first screen shows: the book's demo shows its last few.
pub const LOG_SHOWN: usize = 3;

/// What the log's Export or Share made: the text (a scenario file, or a link, empty when the
/// moment has none), its `data-state` hook and label, and what to say about it: how the clipboard
/// went, and what Share had to do to the history or why it made no link.
#[derive(Clone)]
struct Output {
    state: &'static str,
    label: Msg,
    text: String,
    status: Msg,
    said: Option<Said>,
}

/// What Share tells beside its link, or instead of one, worded when shown so it follows the
/// language switch.
#[derive(Clone)]
enum Said {
    Shortened { kept: usize, of: usize },
    Unshareable(NoLink),
}

impl Said {
    fn text(&self, lang: Lang) -> String {
        match self {
            Said::Shortened { kept, of } => lang::shortened_link(lang, *kept, *of),
            Said::Unshareable(no) => lang::unshareable(lang, &no.reason, no.without_detours),
        }
    }
}

/// Shows the link to this page with the shared fragment in a field and puts it in the clipboard.
/// The field stays, so a reader whose browser refuses the clipboard (or who wants to see the
/// link) has it. With no link, it says why.
fn share_link(shared: Result<Link, NoLink>, output: RwSignal<Option<Output>>) {
    let (fragment, said) = match shared {
        Ok(Link { fragment, shortened }) => (fragment, shortened.map(|(kept, of)| Said::Shortened { kept, of })),
        Err(no) => {
            let said = Some(Said::Unshareable(no));
            output.set(Some(Output {
                state: "share-link",
                label: lang::SHARE_LINK,
                text: String::new(),
                status: lang::NOTHING,
                said,
            }));
            return;
        }
    };
    let link = |text: String, status: Msg| {
        Some(Output { state: "share-link", label: lang::SHARE_LINK, text, status, said: said.clone() })
    };
    let Some(window) = web_sys::window() else { return };
    let page = window.location().href().unwrap_or_default();
    let url = format!("{}#{fragment}", page.split('#').next().unwrap_or_default());
    // `navigator.clipboard` is missing outside secure contexts; calling it then would throw.
    let clipboard = window.navigator().clipboard();
    if clipboard.is_undefined() {
        output.set(link(url, lang::SHARE_REFUSED));
        return;
    }
    output.set(link(url.clone(), lang::SHARE_COPYING));
    let written = wasm_bindgen_futures::JsFuture::from(clipboard.write_text(&url));
    leptos::task::spawn_local(async move {
        let status = if written.await.is_ok() { lang::SHARE_COPIED } else { lang::SHARE_REFUSED };
        // Only if the same link is still shown (a step since takes it away), and `try_`
        // because the demo may have left the page meanwhile.
        output.try_update(|o| {
            if let Some(o) = o.as_mut().filter(|o| o.text == url) {
                o.status = status;
            }
        });
    });
}

/// The demo's short legend, under its log.
pub fn legend(text: Msg) -> impl IntoView {
    view! { <p class="kv-legend">{tr(text)}</p> }
}

/// A fold's panel that is one paragraph (what the model simplifies, a longer explanation).
pub fn paragraph(text: Msg) -> AnyView {
    view! { <p class="kv-paragraph">{tr(text)}</p> }.into_any()
}

/// A `data:` URL holding `text` as JSON, percent-encoded byte by byte, for a link that saves it.
fn data_url(text: &str) -> String {
    let mut url = String::from("data:application/json;charset=utf-8,");
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~".contains(&byte) {
            url.push(byte as char);
        } else {
            url.push_str(&format!("%{byte:02X}"));
        }
    }
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_logs_lines_are_buttons_to_their_moments_escaped_and_refusals_marked() {
        let lines = [
            LogLine { text: "there is no pod <db-9>".into(), refused: true, moment: 4 },
            LogLine { text: "created db-0 & data-db-0".into(), refused: false, moment: 1 },
        ];
        assert_eq!(
            log_markup(&lines, "none"),
            "<li class=\"kv-refused\"><button class=\"kv-log-line\" data-moment=\"4\">\
             there is no pod &lt;db-9></button></li><li class=\"\"><button class=\"kv-log-line\" \
             data-moment=\"1\">created db-0 &amp; data-db-0</button></li>"
        );
        assert_eq!(log_markup(&[], "nothing yet"), "<li class=\"kv-muted\">nothing yet</li>");
        let pending = [Line { text: "db-1: 0/3 nodes".into(), class: "kv-refused", pod: Some("db-1".into()) }];
        assert_eq!(
            lines_markup(&[Line::plain("a < b".into()), pending[0].clone()]),
            "<li class=\"\">a &lt; b</li><li class=\"kv-refused\" data-pod=\"db-1\">db-1: 0/3 nodes</li>"
        );
    }
}
