//! The replay tool's engine: a scenario (which model, its setup, a list of actions) in, one JSON
//! line per action out, then the final state. Each action may carry `"expect"`: `"ok"` or the kind
//! of refusal it must meet, which makes a scenario a test, a bug report or a book example at once.
//!
//! The format is documented in `crates/replay/README.md`.
#![forbid(unsafe_code)]

mod observe;
#[cfg(not(target_arch = "wasm32"))]
pub mod serve;

use kubevol_sim::{DemoKind, Model, Refused, Tell};
pub use observe::Observe;
use serde::Serialize;
use serde_json::{json, Map, Value};

/// What replaying produced: the output lines and the expectations that did not hold.
#[derive(Debug, Default)]
pub struct Replay {
    pub lines: Vec<String>,
    pub failed_expectations: Vec<String>,
}

/// Replays a scenario given as JSON text. `Err` means the scenario itself is malformed, with a
/// message saying where.
pub fn replay(scenario: &str) -> Result<Replay, String> {
    let value: Value = serde_json::from_str(scenario).map_err(|e| format!("scenario is not valid JSON: {e}"))?;
    let object = value.as_object().ok_or("a scenario is a JSON object with \"model\", \"setup\" and \"actions\"")?;
    let model = object
        .get("model")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("the scenario needs \"model\": {}", models()))?;
    let setup = object.get("setup").cloned().ok_or("the scenario needs a \"setup\" object")?;
    let actions = object.get("actions").and_then(Value::as_array).ok_or("the scenario needs an \"actions\" array")?;
    let expect_setup = match object.get("expect_setup") {
        None => None,
        Some(Value::String(s)) => Some(s.as_str()),
        Some(other) => return Err(format!("\"expect_setup\" must be \"ok\" or a refusal kind, not {other}")),
    };
    let kind = DemoKind::of_model(model).ok_or_else(|| unknown_model(model))?;
    kubevol_sim::with_model!(kind, M => run::<M>(setup, expect_setup, actions))
}

/// Every model a scenario file can name, as a message lists them: "csi", "statefulset" or
/// "topology".
pub fn models() -> String {
    DemoKind::one_of(|k| format!("\"{}\"", k.model_name()))
}

/// What a scenario file that names no model of ours is told.
pub fn unknown_model(model: &str) -> String {
    format!("unknown model \"{model}\" (expected {})", models())
}

/// The typed value with its texts beside it: `{"type": ..., <fields>, "ja": ..., "en": ..., "k8s": ...}`.
fn told<T: Serialize + Tell>(item: &T) -> Value {
    let texts = serde_json::to_value(item.told()).expect("texts serialise");
    match serde_json::to_value(item).expect("model types serialise") {
        Value::Object(mut fields) => {
            if let Value::Object(texts) = texts {
                fields.extend(texts);
            }
            Value::Object(fields)
        }
        other => json!({ "value": other, "texts": texts }),
    }
}

fn line(value: Value) -> String {
    serde_json::to_string(&value).expect("JSON values serialise")
}

fn run<M: Model + Observe>(setup: Value, expect_setup: Option<&str>, actions: &[Value]) -> Result<Replay, String> {
    let setup: M::Setup = serde_json::from_value(setup).map_err(|e| format!("setup: {e}"))?;
    let mut out = Replay::default();
    let (mut state, events) = match M::start(&setup) {
        Ok(started) => started,
        // A scenario may be about a setup Kubernetes refuses (maxSkew 0): then it has no actions,
        // and its one line is the refusal.
        Err(refusal) if expect_setup.is_some_and(|want| want != "ok") => {
            if !actions.is_empty() {
                return Err("a scenario whose setup is expected to be refused has no actions".into());
            }
            let want = expect_setup.unwrap_or_default();
            if refusal.kind() != want {
                out.failed_expectations.push(format!("setup: expected {want}, got {}", refusal.kind()));
            }
            out.lines.push(line(json!({ "setup": false, "refusal": told(&refusal) })));
            return Ok(out);
        }
        Err(r) => return Err(format!("setup refused ({}): {}", r.kind(), r.tell(kubevol_sim::Voice::En))),
    };
    if let Some(want) = expect_setup.filter(|w| *w != "ok") {
        out.failed_expectations.push(format!("setup: expected {want}, got ok"));
    }
    out.lines.push(line(json!({ "setup": true, "events": events.iter().map(told).collect::<Vec<_>>() })));
    for (index, entry) in actions.iter().enumerate() {
        let mut fields: Map<String, Value> = entry
            .as_object()
            .cloned()
            .ok_or_else(|| format!("action {index}: expected an object like {{\"type\": ...}}"))?;
        let expect = match fields.remove("expect") {
            None => None,
            Some(Value::String(s)) => Some(s),
            Some(other) => return Err(format!("action {index}: \"expect\" must be a string, not {other}")),
        };
        let expect_state = match fields.remove("expect_state") {
            None => Map::new(),
            Some(Value::Object(checks)) => checks,
            Some(other) => return Err(format!("action {index}: \"expect_state\" must be an object, not {other}")),
        };
        let action: M::Action =
            serde_json::from_value(Value::Object(fields)).map_err(|e| format!("action {index}: {e}"))?;
        let echo = serde_json::to_value(&action).expect("actions serialise");
        let (outcome, got) = match state.apply(action) {
            Ok(events) => (
                json!({
                    "index": index, "action": echo, "ok": true, "events": events.iter().map(told).collect::<Vec<_>>()
                }),
                "ok".to_string(),
            ),
            Err(refusal) => (
                json!({ "index": index, "action": echo, "ok": false, "refusal": told(&refusal) }),
                refusal.kind().to_string(),
            ),
        };
        out.lines.push(line(outcome));
        if let Some(want) = expect {
            if want != got {
                out.failed_expectations.push(format!("action {index}: expected {want}, got {got}"));
            }
        }
        for (key, want) in &expect_state {
            let (name, arg) = match key.split_once('/') {
                Some((name, arg)) => (name, Some(arg)),
                None => (key.as_str(), None),
            };
            let got = state.observe(name, arg).ok_or_else(|| {
                format!(
                    "action {index}: expect_state asks for \"{key}\", which this model cannot answer (it knows {})",
                    M::KEYS
                )
            })?;
            if &got != want {
                out.failed_expectations.push(format!("action {index}: expected {key} = {want}, got {got}"));
            }
        }
    }
    out.lines.push(line(json!({ "final": state })));
    Ok(out)
}
