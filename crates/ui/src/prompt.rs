//! The kubectl prompt's panel: a line to type a kubectl command into, and what kubectl printed
//! above it. Every answer is `kubevol_kubectl::prompt`'s, at the moment the demo shows; a
//! change goes through the demo's `dispatch` like its button's, so history, Back, Share, Export and
//! `kubevol:change` all have it. The view only keeps what a terminal keeps: the lines typed (for ↑
//! and ↓), what was printed, and the `get -w` being watched.

use kubevol_kubectl::prompt::{self, Reply};
use kubevol_kubectl::{Moment, Outcome, Request, Served};
use kubevol_sim::{Tell, Voice};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

// What only the prompt's fold uses, which a build without it (`no-prompt`) leaves unused.
#[cfg_attr(feature = "no-prompt", allow(unused_imports))]
use crate::demo::{use_demo, Demo, Place};
#[cfg_attr(feature = "no-prompt", allow(unused_imports))]
use crate::folds::{folds, Fold};
use crate::lang::{self, Lang};
#[cfg_attr(feature = "no-prompt", allow(unused_imports))]
use crate::widgets::tr;

/// One command and what it printed; `failed` where kubectl would exit 1.
#[derive(Clone)]
struct Printed {
    id: usize,
    typed: String,
    text: String,
    failed: bool,
}

/// What a terminal remembers between keys.
#[derive(Default)]
struct Terminal {
    typed: Vec<String>,
    /// Where ↑ and ↓ are in `typed`: its length when walking nothing.
    back: usize,
    /// The `get -w` being watched, and the moment its rows were last printed at.
    watch: Option<(kubevol_kubectl::Get, std::sync::Arc<Moment>)>,
    next: usize,
}

/// A property of a browser object, `undefined` when it has none.
fn read(object: &wasm_bindgen::JsValue, name: &str) -> wasm_bindgen::JsValue {
    js_sys::Reflect::get(object, &name.into()).unwrap_or_default()
}

/// The prompt's view, in the lab part with the kubectl panel it folds under (each kind's
/// `kind::fold_view`): opening it fetches nothing.
#[cfg(not(feature = "no-prompt"))]
pub fn view<M: Served>() -> AnyView {
    use_demo::<M>().prompt().into_any()
}

impl<M: Served> Demo<M> {
    /// "Type kubectl", folded under the kubectl panel rather than beside it in the demo's row of
    /// folds: a row one toggle longer wraps onto a line more at most widths, and every first
    /// screen would be taller. Open from the start in the lab view, as every fold is.
    pub fn prompt_fold(self) -> impl IntoView {
        #[cfg(not(feature = "no-prompt"))]
        {
            let place = Place { nth: self.nth, lab: self.lab, ..Place::default() };
            let parts = crate::demo::inside_demo::<crate::parts::KindParts>();
            folds(vec![Fold::new("type-kubectl", lang::PROMPT)], parts, &place)
        }
    }

    /// Each object's change a typed command makes, as the demo's action (one history entry each),
    /// and what kubectl prints of them (`after`: what it prints once they are done). What the
    /// level being played forbids is said in its words, and not done.
    fn act(self, acts: Vec<(M::Action, String)>, after: &str, lang: Lang) -> Outcome {
        let outcomes = acts
            .into_iter()
            .map(|(action, done)| {
                if let Some(why) = self.forbid.with_untracked(|f| f.why::<M>(&action, lang)) {
                    return Err(lang::level_forbids(lang, &why));
                }
                self.dispatch.run(action);
                let refusal = self.session.with_untracked(|s| s.last_refusal().map(|r| r.tell(Voice::K8s)));
                refusal.map_or(Ok(done), Err)
            })
            .collect();
        prompt::told(outcomes, after)
    }

    /// A watched `get` prints the rows each change of the demo made, whoever made it.
    fn follow_watch(self, terminal: StoredValue<Terminal>, print: impl Fn(String, Outcome) + Send + Sync + 'static) {
        let (session, moment) = (self.session, self.moment());
        Effect::new(move |_| {
            session.track();
            if terminal.with_value(|t| t.watch.is_none()) {
                return;
            }
            // The moment every panel of the demo shares: worked out once for this change.
            let now = moment.get_untracked();
            // The moment last printed is kept, not copied: the next change is told against it.
            let rows = terminal.try_update_value(|t| {
                let (get, before) = t.watch.as_mut()?;
                let rows = prompt::watched(before, &now, get);
                *before = now;
                Some(rows)
            });
            if let Some(rows) = rows.flatten().filter(|r| !r.is_empty()) {
                print(String::new(), Outcome::ok(rows));
            }
        });
    }

    pub fn prompt(self) -> impl IntoView {
        let printed = RwSignal::new(Vec::<Printed>::new());
        let id = format!("kv-prompt-{}-{}", self.kind.code(), self.nth);
        // The field is the line typed: read and written as the keys come, never kept twice.
        let selector = StoredValue::new(format!("#{id}"));
        let field = move || {
            let document = web_sys::window().and_then(|w| w.document())?;
            let found = selector.with_value(|s| document.query_selector_all(s)).ok()?;
            found.get(0).map(wasm_bindgen::JsValue::from)
        };
        let value = move || field().and_then(|f| read(&f, "value").as_string()).unwrap_or_default();
        let set = move |text: &str| {
            if let Some(f) = field() {
                let _ = js_sys::Reflect::set(&f, &"value".into(), &text.into());
            }
        };
        let terminal = StoredValue::new(Terminal::default());
        let reader = crate::demo::use_lang();
        // The output box, found as the field is; read and scrolled through `Reflect` (see below).
        let out_selector = StoredValue::new(format!("#{id}-out"));
        let out = move || {
            let document = web_sys::window().and_then(|w| w.document())?;
            let found = out_selector.with_value(|s| document.query_selector_all(s)).ok()?;
            found.get(0).map(wasm_bindgen::JsValue::from)
        };
        let number = |object: &wasm_bindgen::JsValue, name: &str| read(object, name).as_f64().unwrap_or(0.0);
        // Whether the newest answer is to be scrolled into view: yes, unless the reader has scrolled
        // up to read, as a terminal does. Asked before each answer is added, while the box still
        // shows what the reader left it at.
        let follow = StoredValue::new(true);
        let print = move |typed: String, Outcome { text, failed }: Outcome| {
            let id = terminal.with_value(|t| t.next);
            terminal.update_value(|t| t.next += 1);
            let at_end = out().is_none_or(|o| {
                number(&o, "scrollTop") + number(&o, "clientHeight") + 4.0 >= number(&o, "scrollHeight")
            });
            follow.set_value(at_end);
            printed.update(|p| p.push(Printed { id, typed, text, failed }));
        };
        // Once an answer is drawn, the box shows its end, if the reader was there.
        Effect::new(move |_| {
            printed.track();
            if let Some(o) = out().filter(|_| follow.get_value()) {
                let _ = js_sys::Reflect::set(&o, &"scrollTop".into(), &number(&o, "scrollHeight").into());
            }
        });
        self.follow_watch(terminal, print);
        let stop = move || {
            if terminal.with_value(|t| t.watch.is_some()) {
                terminal.update_value(|t| t.watch = None);
                print(String::new(), Outcome::ok("^C\n"));
            }
        };
        let submit = move || {
            let typed = value();
            stop();
            terminal.update_value(|t| {
                if !typed.trim().is_empty() && t.typed.last() != Some(&typed) {
                    t.typed.push(typed.clone());
                }
                t.back = t.typed.len();
            });
            set("");
            let moment = self.moment().get_untracked();
            // The line is read once, here; everything after takes the typed request.
            let reply = match Request::read(&typed) {
                Ok(request) => prompt::reply::<M>(&moment, M::KINDS, request),
                Err(error) => Reply::Print(Outcome::failed(error)),
            };
            match reply {
                Reply::Print(outcome) => print(typed, outcome),
                Reply::Clear => printed.set(Vec::new()),
                Reply::Watch(text, get) => {
                    terminal.update_value(|t| t.watch = Some((get, moment)));
                    print(typed, Outcome::ok(text));
                }
                Reply::Act(acts, after) => print(typed, self.act(acts, &after, reader.get_untracked())),
            }
        };
        let keydown = move |event: web_sys::Event| {
            // Read through `Reflect`, which every page's code already calls: each web-sys method
            // named here would be one more import in the main part, which every first load fetches.
            let key = read(&event, "key").as_string().unwrap_or_default();
            let on = |name: &str| read(&event, name).as_bool() == Some(true);
            let control = on("ctrlKey") || on("metaKey");
            match key.as_str() {
                "Enter" => submit(),
                "Tab" if !on("shiftKey") => {
                    let now = value();
                    let (completed, candidates) = prompt::complete(&self.moment().get_untracked(), M::KINDS, &now);
                    // Tab moves on when there is nothing to complete: the keyboard is never caught.
                    if completed == now && candidates.is_empty() {
                        return;
                    }
                    if completed == now {
                        print(now.clone(), Outcome::ok(format!("{}\n", candidates.join("  "))));
                    }
                    set(&completed);
                }
                "ArrowUp" | "ArrowDown" => {
                    let up = key == "ArrowUp";
                    let walked = terminal.try_update_value(|t| {
                        t.back = if up { t.back.saturating_sub(1) } else { (t.back + 1).min(t.typed.len()) };
                        t.typed.get(t.back).cloned().unwrap_or_default()
                    });
                    set(&walked.unwrap_or_default());
                }
                "l" | "L" if control => printed.set(Vec::new()),
                "c" | "C" if on("ctrlKey") && terminal.with_value(|t| t.watch.is_some()) => stop(),
                _ => return,
            }
            if let Ok(prevent) = read(&event, "preventDefault").dyn_into::<js_sys::Function>() {
                let _ = prevent.call0(&event);
            }
        };
        // The keys are listened to on the field itself, not through the view's `on:` handlers:
        // a kind of event no first screen handles would bring Leptos's event code across the parts'
        // boundary into every first load (2.5 KB brotli, measured with scripts/weighed-build.sh).
        Effect::new(move |_| {
            let Some(f) = field() else {
                return;
            };
            let listener = wasm_bindgen::closure::Closure::wrap(Box::new(keydown) as Box<dyn FnMut(web_sys::Event)>);
            let target: &web_sys::EventTarget = f.unchecked_ref();
            let _ = target.add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
            // Dropped with the field: the function is the field's once handed over.
            let _ = listener.into_js_value();
        });
        view! {
            <p class="kv-hint">{tr(lang::PROMPT_HINT)}</p>
            {output(&id, printed)}
            <p class="kv-prompt-line">
                <label class="kv-prompt-sign" for=id.clone()>
                    "$ kubectl"
                </label>
                <input id=id.clone() data-state="kubectl-prompt"
                    type="text" autocomplete="off" autocapitalize="none" spellcheck="false" enterkeyhint="send"
                    aria-describedby=format!("{id}-keys")/>
            </p>
            <p class="kv-hint" id=format!("{id}-keys")>
                {tr(lang::PROMPT_KEYS)}
            </p>
        }
    }
}

/// The prompt's output: each command typed and what it printed, a refused one marked; a note while
/// there is none.
fn output(id: &str, printed: RwSignal<Vec<Printed>>) -> impl IntoView {
    view! {
        <div class="kv-kubectl-out kv-prompt-out" id=format!("{id}-out") data-state="kubectl-prompt-out" role="log"
            aria-live="polite" aria-label=tr(lang::PROMPT_OUT) tabindex="0">
            {move || printed.with(Vec::is_empty).then(|| view! {
                <p class="kv-prompt-empty" data-state="kubectl-prompt-empty">{tr(lang::PROMPT_EMPTY)}</p>
            })}
            <For each=move || printed.get() key=|p| p.id let:p>
                <div class="kv-prompt-entry" class:kv-refused=p.failed>
                    {(!p.typed.is_empty()).then(|| view! {
                        <span class="kv-prompt-echo">"$ kubectl "{prompt::echoed(&p.typed).to_owned()}"\n"</span>
                    })}
                    {p.text}
                </div>
            </For>
        </div>
    }
}
