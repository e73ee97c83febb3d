//! The page's script API (`crates/ui/src/api.rs`, the module `crates/api`), as a page's script
//! meets it: model values as plain JavaScript objects and back, the moment a demo shows
//! (`getState`), a demo opened at a scenario, and what each click says (`kubevol:change`). Every
//! value crosses through the same serde-wasm-bindgen functions, and the same module functions,
//! the product uses; the demos hand the module their history through the demos' own `ask`.

use crate::support;

#[path = "../../crates/sim/tests/common/mod.rs"]
mod common;

use std::cell::RefCell;
use std::rc::Rc;

use common::generate::*;
use common::Rng;
use kubevol_sim::json::to_json;
use kubevol_sim::{csi, statefulset, topology, Model};
use kubevol_ui::api::{from_value, to_value, State};
use kubevol_ui::demo::{Demo, DemoKind};
use kubevol_ui::mount::Scripted;
use leptos::prelude::WithUntracked;
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

/// How many random histories each model's round trip takes, of `STEPS` actions each.
const HISTORIES: u64 = 150;
const STEPS: u64 = 30;

/// What `JSON.stringify` writes of a plain JavaScript value.
fn stringify(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).unwrap().as_string().unwrap()
}

/// `value` to a plain JavaScript object and back: the object must be exactly the JSON the model's
/// own writer (the replay format) writes, and reading it back must give the same value. A number
/// beyond JavaScript's safe integers (the generator's `i64::MAX` replicas) has no plain JavaScript
/// form: it must be refused with that reason, never written rounded.
fn round_trips<T: Serialize + DeserializeOwned>(value: &T, context: &str) -> bool {
    let json = to_json(value);
    match to_value(value) {
        Ok(js) => {
            assert_eq!(stringify(&js), json, "{context}: the plain object is not the replay format");
            let back: T = from_value(js).unwrap_or_else(|e| panic!("{context}: {e}\n{json}"));
            assert_eq!(to_json(&back), json, "{context}: reading it back changed it");
            true
        }
        Err(error) => {
            let why = error.to_string();
            assert!(why.contains("can't be represented as a JavaScript number"), "{context}: {why}\n{json}");
            false
        }
    }
}

/// What `getState` does with a state: the plain object must be exactly the model's JSON. (A page
/// never hands a state back; the scenario it passes is a setup and actions.)
fn writes_as_json<T: Serialize>(value: &T, context: &str) -> bool {
    let js = to_value(value).unwrap_or_else(|e| panic!("{context}: {e}"));
    assert_eq!(stringify(&js), to_json(value), "{context}: the plain object is not the model's JSON");
    true
}

/// Random setups and histories of model `M`: each setup and action round-tripped, and the state
/// after each action written. Returns how many values took the trip, and how many were refused
/// for a number.
fn round_trip_histories<M: Model>(
    seed: u64,
    setup: impl Fn(&mut Rng) -> M::Setup,
    action: impl Fn(&mut Rng, &M) -> M::Action,
) -> (u32, u32) {
    let mut rng = Rng::new(seed);
    let (mut kept, mut refused) = (0, 0);
    let mut count = |ok: bool| if ok { kept += 1 } else { refused += 1 };
    for history in 0..HISTORIES {
        let setup = setup(&mut rng);
        count(round_trips(&setup, &format!("{} history {history}: setup", M::NAME)));
        let (mut state, _) = M::start(&setup).unwrap_or_else(|_| panic!("random setups are valid"));
        for step in 0..STEPS {
            let next = action(&mut rng, &state);
            count(round_trips(&next, &format!("{} history {history}, action {step}", M::NAME)));
            let _ = state.apply(next);
            count(writes_as_json(&state, &format!("{} history {history}, state after action {step}", M::NAME)));
        }
    }
    (kept, refused)
}

#[wasm_bindgen_test]
fn every_setup_action_and_state_of_the_volume_model_round_trips() {
    let (kept, refused) = round_trip_histories::<csi::State>(0xA91, random_setup, random_volume_action);
    assert_eq!((kept, refused), ((HISTORIES * (1 + 2 * STEPS)) as u32, 0));
}

#[wasm_bindgen_test]
fn every_setup_action_and_state_of_the_statefulset_model_round_trips() {
    let (kept, refused) =
        round_trip_histories::<statefulset::State>(0xA92, random_set_config, |rng, _| random_set_action(rng));
    assert!(kept > (HISTORIES * STEPS) as u32, "{kept} kept");
    // The generator asks for i64::MAX replicas now and then: refused, and only that.
    assert!(refused > 0, "the generator's out-of-range numbers were all representable?");
}

#[wasm_bindgen_test]
fn every_setup_action_and_state_of_the_topology_model_round_trips() {
    let (kept, refused) = round_trip_histories::<topology::State>(0xA93, random_topology_setup, random_topology_action);
    assert_eq!((kept, refused), ((HISTORIES * (1 + 2 * STEPS)) as u32, 0));
}

/// A demo's action as a plain object, as a page writes it in a scenario.
fn object(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

async fn ask(host: &web_sys::HtmlElement, question: &str, tell: JsValue) -> Result<JsValue, String> {
    let answer = kubevol_ui::entry::ask(host.clone(), question.into(), tell).await;
    answer.map_err(|e| String::from(js_sys::Error::from(JsValue::from(e)).message()))
}

/// What the session itself says of the moment shown, written by the model's own JSON writer.
fn session_json<M: Model>(host: &web_sys::HtmlElement, kind: DemoKind) -> String {
    let demo = kubevol_ui::boundary::context_of::<Demo<M>>(host).expect("the demo is mounted");
    demo.session.with_untracked(|s| to_json(&State::of(kind, s)))
}

/// `getState` as the loader answers it: the demo's history, from the demo, read by the module.
async fn get_state(demo: &support::Demo, kind: &str) -> Result<JsValue, String> {
    let history = ask(&demo.host, "history", JsValue::UNDEFINED).await?.as_string().unwrap();
    kubevol_api::state(kind, &history).map_err(|e| js_sys::Error::from(JsValue::from(e)).message().into())
}

#[wasm_bindgen_test]
async fn get_state_is_the_session_byte_for_byte_for_every_kind() {
    let csi = support::mount("csi", "en").await;
    csi.click("[data-action=\"attach\"][data-node=\"node-a\"]").await;
    csi.click("[data-action=\"mount\"][data-node=\"node-a\"]").await;
    csi.click("[data-action=\"attach\"][data-node=\"node-b\"]").await; // refused: Multi-Attach
    csi.open("history").await;
    csi.click("[data-action=\"undo\"]").await;
    let state = get_state(&csi, "csi").await.unwrap();
    let written = stringify(&state);
    assert_eq!(written, session_json::<csi::State>(&csi.host, DemoKind::Csi));
    assert!(written.starts_with("{\"kind\":\"csi\",\"moment\":2,"), "{written}");
    assert!(
        written.contains("\"actions\":[{\"type\":\"attach\""),
        "every action, the one after the moment too: {written}"
    );

    let sts = support::mount("statefulset", "en").await;
    sts.click("[data-action=\"step\"]").await;
    let state = get_state(&sts, "statefulset").await.unwrap();
    let config = session_json::<statefulset::State>;
    assert_eq!(stringify(&state), config(&sts.host, DemoKind::StatefulSet));

    let topo = support::mount_preset("topology", "en", Some("spread")).await;
    topo.click("[data-action=\"fail-zone\"][data-zone=\"zone-a\"]").await;
    let state = get_state(&topo, "topology").await.unwrap();
    let config = session_json::<topology::State>;
    assert_eq!(stringify(&state), config(&topo.host, DemoKind::Topology));

    let plain = web_sys::window().unwrap().document().unwrap().create_element("div").unwrap();
    let none = ask(plain.unchecked_ref(), "history", JsValue::UNDEFINED).await;
    assert!(none.unwrap_err().contains("holds no mounted demo"));
    for demo in [csi, sts, topo] {
        demo.remove();
    }
}

/// Mounts a demo at a scenario, as `mountDemo(element, {kind, scenario})` does: the module reads
/// it into a history, or says what is wrong, and the demo opens at the one or with the other.
pub async fn mount_at(kind: &str, scenario: &str) -> support::Demo {
    let document = web_sys::window().unwrap().document().unwrap();
    let host: web_sys::HtmlElement = document.create_element("div").unwrap().dyn_into().unwrap();
    host.set_attribute("data-kubevol-demo", kind).unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    let (scripted, fault) = match kubevol_api::open(kind, object(scenario), None) {
        Ok(history) => (Scripted { history: Some(history), ..Scripted::default() }, None),
        Err(e) => {
            let fault: String = js_sys::Error::from(JsValue::from(e)).message().into();
            (Scripted { fault: Some(fault.clone()), ..Scripted::default() }, Some(fault))
        }
    };
    let mounted = kubevol_ui::mount_into(host.clone(), Some(kind), Some("en"), Some(scripted)).await;
    for _ in 0..20 {
        leptos::task::tick().await; // the lab part, for a scenario
    }
    let result = mounted.and_then(|()| fault.map_or(Ok(()), Err));
    support::Demo { host, result }
}

#[wasm_bindgen_test]
async fn a_scenario_opens_at_its_moment_and_the_state_gives_it_back() {
    let scenario = r#"{"actions":[{"type":"attach","claim":"data","node":"node-a"},{"type":"mount","claim":"data","node":"node-a"},{"type":"attach","claim":"data","node":"node-b"}]}"#;
    let demo = mount_at("csi", scenario).await;
    assert_eq!(demo.result, Ok(()));
    assert_eq!(demo.state("badge"), "pv-1 · attached to node-a · seen by 1 pod(s)");
    assert!(demo.state("verdict").starts_with("Refused: "), "{}", demo.state("verdict"));
    assert!(demo.find("[data-state=\"notice\"]").is_none());

    // getState, passed back, opens the same moment with its way forward (moment 1 of 3).
    demo.open("history").await;
    demo.click("[data-action=\"undo\"]").await;
    demo.click("[data-action=\"undo\"]").await;
    let state = stringify(&get_state(&demo, "csi").await.unwrap());
    let again = mount_at("csi", &state).await;
    assert_eq!(again.result, Ok(()));
    assert_eq!(again.state("badge"), "pv-1 · attached to node-a · seen by 0 pod(s)");
    assert_eq!(stringify(&get_state(&again, "csi").await.unwrap()), state);

    // The topology chapter's own first placement is in an exported scenario; it opens too.
    let chapter = support::mount_preset("topology", "en", Some("spread")).await;
    chapter.click("[data-action=\"fail-zone\"][data-zone=\"zone-b\"]").await;
    let exported = stringify(&get_state(&chapter, "topology").await.unwrap());
    let opened = mount_at("topology", &exported).await;
    assert_eq!(opened.result, Ok(()));
    assert_eq!(stringify(&get_state(&opened, "topology").await.unwrap()), exported);
    for demo in [demo, again, chapter, opened] {
        demo.remove();
    }
}

#[wasm_bindgen_test]
async fn a_bad_scenario_names_its_path_and_the_demo_starts_at_its_default() {
    let cases = [
        (
            r#"{"actions":[{"type":"attach","claim":"data","node":"node-a"},{"type":"mount","claim":"data","node":"node-a"},{"type":"unmount-all","claim":"data"},{"type":"attach","claim":"data","node":"node-c"}]}"#,
            r#"actions[3].node: unknown node "node-c" (this demo has "node-a", "node-b")"#,
        ),
        (r#"{"actions":[{"type":"attach","claim":"data"}]}"#, "actions[0]: missing field `node`"),
        (r#"{"actions":[{"type":"fly"}]}"#, "actions[0].type: unknown variant `fly`"),
        (r#"{"model":"topology","actions":[]}"#, "model: this csi demo replays \"csi\" scenarios"),
        (r#"{"actions":[], "moment": 2}"#, "moment: 2 is past the last of the 0 actions given"),
        (r#"{"setup":{"classes":[],"nodes":[]}}"#, "setup: not a setup this demo's controls make"),
        (r#"{"acts":[]}"#, "acts: not a field of a scenario"),
        (r#"[1, 2]"#, "scenario: expected an object"),
    ];
    for (scenario, said) in cases {
        let demo = mount_at("csi", scenario).await;
        let error = demo.result.clone().expect_err(scenario);
        assert!(error.contains(said), "{scenario}: {error}");
        assert!(demo.state("notice").contains(said), "{scenario}: {}", demo.state("notice"));
        assert_eq!(demo.state("badge"), "pv-1 · not attached · seen by 0 pod(s)", "{scenario}: the default");
        demo.remove();
    }
    let steps = mount_at("statefulset", r#"{"actions":[{"type":"scale","replicas":100000}]}"#).await;
    assert!(steps.result.clone().unwrap_err().contains("actions[0]: no control of this demo makes this action"));
    steps.remove();
}

#[wasm_bindgen_test]
async fn each_click_tells_the_page_what_happened_without_translated_text() {
    let demo = support::mount("csi", "ja").await;
    let heard: Rc<RefCell<Vec<String>>> = Rc::default();
    let tell = {
        let heard = heard.clone();
        Closure::<dyn Fn(JsValue)>::new(move |history: JsValue| {
            let detail = kubevol_api::change("csi", &history.as_string().unwrap()).unwrap();
            heard.borrow_mut().push(stringify(&detail));
        })
    };
    ask(&demo.host, "watch", tell.as_ref().clone()).await.unwrap();
    demo.click("[data-action=\"attach\"][data-node=\"node-a\"]").await;
    demo.click("[data-action=\"attach\"][data-node=\"node-b\"]").await;
    let heard = heard.borrow().clone();
    assert_eq!(heard.len(), 2, "{heard:?}");
    assert!(heard[0].starts_with("{\"kind\":\"csi\",\"moment\":1,\"action\":{\"type\":\"attach\",\"claim\":\"data\",\"node\":\"node-a\"},\"events\":[{\"type\":"), "{}", heard[0]);
    assert!(heard[0].ends_with("\"refusal\":null}"), "{}", heard[0]);
    assert!(heard[1].contains("\"events\":[],\"refusal\":{\"kind\":\"multi-attach\""), "{}", heard[1]);
    assert!(!heard.iter().any(|h| h.contains("ノード") || h.contains("attached to")), "no translated text: {heard:?}");
    demo.remove();
}
