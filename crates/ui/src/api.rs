//! The page's script API, the model's side of it (`web/kubevol.js` documents the JavaScript one):
//! a scenario the page passes (`mountDemo(element, {kind, scenario})`) read into the demo's
//! settings and actions, the moment a demo shows as a plain object (`getState`), and what one
//! action did (`kubevol:change`).
//!
//! Values cross as plain JavaScript objects in the model's own serde shapes, the replay format
//! (`crates/replay/README.md`): serde-wasm-bindgen reads a scenario's setup and actions straight
//! into the model's types and writes states and events back, with no JSON text in between.
//!
//! Why this runs in a wasm module of its own (`crates/api`), not in a part of the demos' wasm:
//! wasm-bindgen puts every JavaScript function a module imports into its main part, whichever
//! part calls it, and serde-wasm-bindgen imports about forty. In the demos' wasm that weighed
//! 1.7 KB brotli on every chapter's first load, for pages that never use it. The API's module
//! (one per kind) is fetched only by a page that passes a scenario, listens for changes or calls
//! `getState`; it holds its kind's model too, and the demos hand it their history as the share link's compact
//! form (`demo::history_link`), which it replays.
//!
//! Why a scenario must be one the demo's own controls make: the demo draws its settings and its
//! node cards from what its controls offer, so a setup it cannot show (a third node) or an action
//! no button makes (a hundred thousand replicas) would show a demo that lies. Such a scenario is
//! refused with the path of what is wrong (`actions[3].node: unknown node "node-c" ...`), inside
//! the demo and as the promise's error, and the demo starts at its default.

use kubevol_sim::link::{self, Compact};
use kubevol_sim::Model;
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use wasm_bindgen::{JsCast, JsValue};

use crate::demo::{self, DemoKind, Offered};
use crate::session::{Last, Session};

/// A field an action names that the demo does not show, and why: `("node", "unknown node ...")`.
pub type Unknown = Option<(&'static str, String)>;

/// What a kind of demo says about the scenarios it opens.
pub struct Scenarios<M: Model, C: 'static> {
    pub kind: DemoKind,
    pub offered: &'static Offered<M, C>,
    pub start: fn(C) -> Session<M>,
    /// Every setting the demo's controls offer: a scenario's setup must be what one of them starts.
    pub configs: fn() -> Vec<C>,
    /// What the demo starts from without a scenario's setup: its default, or its `data-preset`'s.
    pub first: fn(Option<&str>) -> C,
    /// Why the demo cannot show `action` in a session of `setup`, as the field it names and a
    /// reason: a node or a claim the demo does not draw.
    pub names: fn(&M::Setup, &M::Action) -> Unknown,
}

/// The fields of `Given`.
const FIELDS: [&str; 7] = ["model", "kind", "title", "setup", "actions", "moment", "state"];

/// A scenario as a page writes it: the replay format's fields, and those `getState` adds (its
/// `kind` must be this demo's; its `state` is what the actions make, so it is not read).
#[derive(Deserialize)]
#[serde(bound = "")]
struct Given<M: Model> {
    #[serde(default)]
    model: Option<String>,
    #[serde(default)]
    kind: Option<String>,
    #[serde(default, rename = "title")]
    _title: Option<IgnoredAny>,
    #[serde(default)]
    setup: Option<M::Setup>,
    #[serde(default = "Vec::new")]
    actions: Vec<M::Action>,
    #[serde(default)]
    moment: Option<usize>,
    #[serde(default, rename = "state")]
    _state: Option<IgnoredAny>,
}

/// A scenario the demo can show: its settings, the actions after the demo's own start, and how
/// many of them the moment shown has taken.
pub struct Read<C, A> {
    pub config: C,
    pub actions: Vec<A>,
    pub moment: usize,
}

/// The page's scenario read into the model's types and checked against the demo, or the path of
/// the first thing wrong and why. `preset` is the element's `data-preset`, for a scenario without
/// a setup.
pub fn read<M: Model, C: Copy>(
    scenarios: &Scenarios<M, C>,
    preset: Option<&str>,
    value: JsValue,
) -> Result<Read<C, M::Action>, String> {
    if !value.is_object() || js_sys::Array::is_array(&value) {
        return Err("scenario: expected an object like {setup, actions}, as Export scenario writes".into());
    }
    // serde-wasm-bindgen reads a struct's fields by name and never sees any other: a misspelt
    // field would be silently ignored.
    if let Some(key) = js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>())
        .iter()
        .filter_map(|k| k.as_string())
        .find(|k| !FIELDS.contains(&k.as_str()))
    {
        return Err(format!("{key}: not a field of a scenario (it has {})", FIELDS.join(", ")));
    }
    let given: Given<M> = from_value(value)?;
    let code = scenarios.kind.code();
    if given.model.as_deref().is_some_and(|m| kubevol_sim::DemoKind::of_model(m) != Some(scenarios.kind)) {
        let model = given.model.unwrap_or_default();
        return Err(format!("model: this {code} demo replays \"{}\" scenarios, not \"{model}\"", M::NAME));
    }
    if given.kind.as_deref().is_some_and(|k| k != code) {
        return Err(format!("kind: this is a {code} demo, not \"{}\"", given.kind.unwrap_or_default()));
    }
    history_of(scenarios, preset, given.setup.as_ref(), given.actions, given.moment)
}

/// The history a demo opens at for a page's scenario (`read`), as the demos take it
/// (`demo::history`): what the script API's module answers a page's script, and what the book's
/// build renders for the Vue component's `scenario` (`render.rs`).
pub fn opened<M: Model, C: Compact + Copy>(
    scenarios: &Scenarios<M, C>,
    preset: Option<&str>,
    value: JsValue,
) -> Result<String, String> {
    let read = read(scenarios, preset, value)?;
    Ok(demo::history(scenarios.kind, read.config, &read.actions, read.moment))
}

/// A history (a setup, or none for the demo's start as the page shows it, and the actions after
/// it, with the moment shown) checked against the demo, in the model's types: what a page's
/// scenario and a level's start (`practice.rs`) are both read into. An error names the path of
/// the first thing wrong (`setup`, `actions[3].node`, `moment`) and why.
pub fn history_of<M: Model, C: Copy>(
    scenarios: &Scenarios<M, C>,
    preset: Option<&str>,
    setup: Option<&M::Setup>,
    mut actions: Vec<M::Action>,
    moment: Option<usize>,
) -> Result<Read<C, M::Action>, String> {
    let code = scenarios.kind.code();
    // With a setup, the actions are its whole history, as kubevol-replay reads them: they begin
    // with what the demo does on its own at its start (the topology chapter places its pods).
    // Without one, the demo starts as the page would show it, and the actions follow that start.
    let config = match setup {
        None => (scenarios.first)(preset),
        Some(setup) => (scenarios.configs)()
            .into_iter()
            .find(|&c| (scenarios.offered.admits)(&c) && same((scenarios.start)(c).history().0, setup))
            .ok_or_else(|| {
                format!(
                    "setup: not a setup this demo's controls make; start from a scenario the {code} demo's Export \
                    scenario writes, or leave \"setup\" out"
                )
            })?,
    };
    let fresh = (scenarios.start)(config);
    let own = fresh.history().1.len();
    // Index `at` of the page's list is action `skip + at` of the demo's history.
    let skip = if setup.is_some() {
        if actions.len() < own || json(&actions[..own]) != json(fresh.history().1) {
            return Err(format!(
                "actions: a scenario of this setup begins with the demo's own start, {}",
                json(fresh.history().1)
            ));
        }
        actions.drain(..own);
        own
    } else {
        0
    };
    let setup = fresh.history().0;
    for (at, action) in actions.iter().enumerate() {
        let at = at + skip;
        if !(scenarios.offered.offers)(action) {
            return Err(format!("actions[{at}]: no control of this demo makes this action: {}", json(action)));
        }
        if let Some((name, why)) = (scenarios.names)(setup, action) {
            return Err(format!("actions[{at}].{name}: {why}"));
        }
    }
    let max = scenarios.offered.max_actions;
    if actions.len() > max {
        return Err(format!(
            "actions: {} actions after the demo's start; this demo replays at most {max}",
            actions.len()
        ));
    }
    let last = skip + actions.len();
    let moment = match moment {
        None => actions.len(),
        Some(moment) if moment > last => {
            return Err(format!("moment: {moment} is past the last of the {last} actions given"));
        }
        // Counted in the page's list of actions, which may begin with the demo's own start.
        Some(moment) => moment
            .checked_sub(skip)
            .ok_or_else(|| format!("moment: the demo's own start is moment {own}; it cannot go back before it"))?,
    };
    Ok(Read { config, actions, moment })
}

/// The session a history (`history`) stands for, at its moment.
pub fn replayed<M: Model, C: Compact + Copy>(scenarios: &Scenarios<M, C>, history: &str) -> Result<Session<M>, String> {
    let bad = || format!("kubevol: not a {} demo's history: {history:.40}", scenarios.kind.code());
    let (moment, fragment) = history.split_once(' ').ok_or_else(bad)?;
    let moment: usize = moment.parse().map_err(|_| bad())?;
    let (config, actions) = link::decode_any_length::<(C, Vec<M::Action>)>(fragment).map_err(|_| bad())?;
    let mut session = demo::replay(config, actions, scenarios.start);
    session.travel_from_start(moment);
    Ok(session)
}

/// The moment a demo shows, as `getState` hands it out.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct State<'a, M: Model> {
    pub kind: &'static str,
    pub moment: usize,
    pub setup: &'a M::Setup,
    pub actions: &'a [M::Action],
    pub state: &'a M,
}

impl<'a, M: Model> State<'a, M> {
    pub fn of(kind: DemoKind, session: &'a Session<M>) -> State<'a, M> {
        let (setup, actions) = session.recorded();
        State { kind: kind.code(), moment: session.position().0, setup, actions, state: &session.state }
    }
}

/// `getState`'s answer for a history (`history`).
pub fn state_value<M: Model, C: Compact + Copy>(scenarios: &Scenarios<M, C>, history: &str) -> Result<JsValue, String> {
    let session = replayed(scenarios, history)?;
    to_value(&State::of(scenarios.kind, &session)).map_err(|e| format!("kubevol: getState: {e}"))
}

/// `kubevol:change`'s detail for a history (`history`): what its moment's action did.
pub fn change_value<M: Model, C: Compact + Copy>(
    scenarios: &Scenarios<M, C>,
    history: &str,
) -> Result<JsValue, String> {
    let session = replayed(scenarios, history)?;
    to_value(&Change::of(scenarios.kind, &session)).map_err(|e| format!("kubevol: kubevol:change: {e}"))
}

/// What happened at one action, as `kubevol:change`'s `detail`: the same fields as the replay
/// tool's output, and no translated text (the `type` fields say what happened).
#[derive(Serialize)]
#[serde(bound = "")]
pub struct Change<'a, M: Model> {
    pub kind: &'static str,
    pub moment: usize,
    pub action: Option<&'a M::Action>,
    pub events: &'a [M::Event],
    pub refusal: Option<&'a M::Refusal>,
}

impl<'a, M: Model> Change<'a, M> {
    pub fn of(kind: DemoKind, session: &'a Session<M>) -> Change<'a, M> {
        let (_, actions) = session.history();
        let refusal = match &session.last {
            Last::Refused(r) => Some(r),
            _ => None,
        };
        Change {
            kind: kind.code(),
            moment: session.position().0,
            action: actions.last(),
            events: session.last_events(),
            refusal,
        }
    }
}

/// A model value as a plain JavaScript value: objects for structs and maps, `null` for a missing
/// value, numbers for numbers, so `JSON.stringify` writes what the model's own JSON writer does.
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, serde_wasm_bindgen::Error> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
}

/// A model value read from a plain JavaScript value, or where and why it is not one:
/// `actions[3]: missing field \`node\``.
pub fn from_value<T: DeserializeOwned>(value: JsValue) -> Result<T, String> {
    serde_path_to_error::deserialize(serde_wasm_bindgen::Deserializer::from(value)).map_err(|error| {
        let path = error.path().to_string();
        // serde-wasm-bindgen's errors are JavaScript `Error`s, which say so first.
        let why = error.into_inner().to_string();
        let why = why.strip_prefix("Error: ").unwrap_or(&why);
        if path == "." {
            why.to_string()
        } else {
            format!("{path}: {why}")
        }
    })
}

/// Two model values are the same when they write the same JSON (the model's types have no `PartialEq`).
pub(crate) fn same<T: Serialize + ?Sized>(a: &T, b: &T) -> bool {
    json(a) == json(b)
}

/// A model value as JSON, for a message and to compare values whose types have no `PartialEq`.
fn json<T: Serialize + ?Sized>(value: &T) -> String {
    kubevol_sim::json::to_json(value)
}
