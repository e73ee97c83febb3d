//! Every built-in level is solved by its solution in exactly `par` actions, is not solved at its
//! start, and none of its checks prints an error; a level that does not read is refused with the
//! path of what is wrong.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use kubevol_levels::{builtin, AnyLevel, Level, BUILTIN};
use kubevol_sim::Model;
use serde_json::{json, Value};

/// What is wrong with a level's play, if anything.
fn played<M: Model>(level: &Level<M>) -> Result<(), String> {
    let id = &level.id;
    let par = level.par.ok_or(format!("{id}: a built-in level has a par"))?;
    if level.solution.len() != par {
        return Err(format!("{id}: the solution takes {} actions, par is {par}", level.solution.len()));
    }
    if level.solved(&level.moment(&[])) {
        return Err(format!("{id}: solved at its start"));
    }
    // Each action of the solution is accepted, and the goal holds only after the last.
    let (mut state, _) = M::start(&level.setup).map_err(|_| format!("{id}: the setup is refused"))?;
    for a in &level.start {
        state.apply(a.clone()).map_err(|_| format!("{id}: the start is refused"))?;
    }
    for (at, a) in level.solution.iter().enumerate() {
        state.apply(a.clone()).map_err(|_| format!("{id}: solution[{at}] is refused"))?;
        let solved = level.solved(&level.moment(&level.solution[..=at]));
        if solved != (at + 1 == par) {
            return Err(format!("{id}: after {} of {par} actions, solved is {solved}", at + 1));
        }
    }
    for actions in [&[][..], &level.solution[..]] {
        for (check, (printed, _)) in level.goal.iter().zip(level.checks(&level.moment(actions))) {
            if printed.starts_with("error") || printed.starts_with("Error") {
                return Err(format!("{id}: `{}` prints an error: {printed}", check.kubectl));
            }
        }
    }
    if level.hints.is_empty() || level.seed.is_empty() {
        return Err(format!("{id}: a built-in level has hints and cites its seed"));
    }
    Ok(())
}

#[test]
fn every_built_in_level_is_solved_by_its_solution_in_par_and_not_before() {
    let levels = builtin().unwrap();
    assert!(levels.len() >= 12, "{} built-in levels", levels.len());
    let mut kinds = std::collections::BTreeSet::new();
    for (level, (id, _)) in levels.iter().zip(BUILTIN) {
        assert_eq!(level.id(), *id, "a level's id is its file's name");
        let played = match level {
            AnyLevel::Csi(l) => played(l).map(|()| "csi"),
            AnyLevel::StatefulSet(l) => played(l).map(|()| "statefulset"),
            AnyLevel::Topology(l) => played(l).map(|()| "topology"),
        };
        kinds.insert(played.unwrap());
    }
    assert_eq!(kinds.len(), 3, "levels in every demo");
}

/// The first built-in CSI level as JSON, to break one field at a time.
fn good() -> Value {
    serde_json::from_str(BUILTIN[0].1).unwrap()
}

fn refused(level: Value) -> String {
    AnyLevel::read(&level).map(|l| l.id().to_string()).unwrap_err()
}

#[test]
fn a_level_that_does_not_read_is_refused_with_the_path_of_what_is_wrong() {
    assert!(AnyLevel::read(&good()).is_ok());
    let mut l = good();
    l["kind"] = json!("database");
    assert!(refused(l).starts_with("kind: \"database\" is not a demo"));
    let mut l = good();
    l["start"]["actions"] = json!([{"type": "attach", "claim": "data", "node": "node-z"}]);
    assert!(refused(l).starts_with("start.actions[0]: the demo refuses it"), "unknown node");
    let mut l = good();
    l["start"]["actions"] = json!([{"type": "launch"}]);
    let why = refused(l);
    assert!(why.starts_with("start.actions[0]") && why.contains("unknown variant `launch`"), "{why}");
    let mut l = good();
    l["goal"][1]["kubectl"] = json!("get flowers");
    let why = refused(l);
    assert!(why.starts_with("goal[1].kubectl: error: the server doesn't have a resource type \"flowers\""), "{why}");
    let mut l = good();
    l["goal"][0]["kubectl"] = json!("delete pod web-1");
    assert!(refused(l).starts_with("goal[0].kubectl: `delete pod web-1` is not a read"));
    let mut l = good();
    l["goal"] = json!([]);
    assert!(refused(l).starts_with("goal: a level needs at least one check"));
    let mut l = good();
    l["par"] = json!(2);
    assert_eq!(refused(l), "par: 2, but the solution takes 3 actions");
    let mut l = good();
    l["solution"][0]["node"] = json!(7);
    let why = refused(l);
    assert!(why.starts_with("solution[0]") && why.contains("invalid type"), "{why}");
    let mut l = good();
    l["hint"] = json!("typo");
    let why = refused(l);
    assert!(why.contains("unknown field `hint`"), "{why}");
    let mut l = good();
    l["id"] = json!("Share One");
    assert!(refused(l).starts_with("id: \"Share One\" is not a level's id"));
}

/// A level's start is a scenario's: without a setup it starts from the demo's own start.
#[test]
fn a_start_without_a_setup_is_the_demos_own_start() {
    let mut l = good();
    l["start"] = json!({"actions": []});
    let AnyLevel::Csi(level) = AnyLevel::read(&l).unwrap() else { panic!("not a csi level") };
    let own = kubevol_sim::csi::State::demo_setup();
    assert_eq!(serde_json::to_value(&level.setup).unwrap(), serde_json::to_value(own).unwrap());
    assert!(level.start.is_empty());
    // A level with a bad goal and no setup is refused for its goal.
    l["goal"] = json!([]);
    assert!(refused(l).starts_with("goal: a level needs at least one check"));
}

/// An author reads what a field expects, with an example, never a type of the code.
#[test]
fn a_misshapen_field_says_what_it_expects_in_the_authors_words() {
    for (field, value, expects) in [
        ("hints", json!(["h"]), r#"expected a text in both languages, like {"ja": "…", "en": "…"}"#),
        ("title", json!("Move"), r#"expected a text in both languages"#),
        ("goal", json!(["get pvc"]), r#"expected a check, like {"kubectl": "#),
        ("forbid", json!(["recover-node"]), r#"expected an action the level forbids, like {"action": "#),
        ("start", json!("attach"), r#"expected a start like a scenario's"#),
    ] {
        let mut l = good();
        l[field] = value;
        let why = refused(l);
        assert!(why.contains(expects), "{field}: {why}");
        assert!(!why.contains("struct ") && !why.contains("Words"), "{field}: {why}");
    }
    let why = AnyLevel::read(&json!(["a level"])).map(|_| ()).unwrap_err();
    assert!(!why.contains("struct "), "{why}");
}
