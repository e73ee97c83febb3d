//! Levels: practice toward a goal. A level is data: a start (a setup and the actions after it, as
//! a scenario file writes them), a goal written the way an operator checks a cluster (a kubectl
//! command and what it must print), hints, and a shortest solution with its length (`par`).
//!
//! A level is read once into typed values ([`Level::read`]): its start into the model's setup and
//! actions, each check's command through kubectl's own parser into a [`Request`] the printer
//! answers. What does not read is refused with the path of what is wrong, as a scenario is. The
//! checks are answered by the same printer as the kubectl prompt, at the moment the reader's
//! history has reached ([`Level::checks`]).

use kubevol_kubectl::{Moment, Request};
use kubevol_sim::{csi, statefulset, topology, DemoKind, Model};
use serde::Deserialize;
use serde_json::Value;

mod builtin;

pub use builtin::{builtin, BUILTIN};

/// A text in both languages.
// `expecting`: an author reads the level's shape in the error, never the type's name.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, expecting = r#"a text in both languages, like {"ja": "…", "en": "…"}"#)]
pub struct Words {
    pub ja: String,
    pub en: String,
}

/// An action a level forbids, named by its `type` as a scenario writes it, and why, in the level's
/// words: the demo disables its control with them, and its kubectl prompt answers with them. How
/// a level says "without bringing the node back" in a form the demo and the levels' search test
/// (`tests/search.rs`) both keep.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = r#"an action the level forbids, like {"action": "recover-node", "why": {"ja": "…", "en": "…"}}"#
)]
pub struct Forbid {
    pub action: String,
    pub why: Words,
}

/// One check of a goal: a kubectl command and what it prints when the goal holds, compared after
/// trimming.
#[derive(Clone, Debug)]
pub struct Check {
    /// As the level writes it, for the reader.
    pub kubectl: String,
    pub request: Request,
    pub prints: String,
}

/// A level of one model, read.
/// Its checks read (`G = Check`), or as written (`G = WrittenCheck`: what the script API's module
/// writes a level's form from, with no kubectl parser of its own; the demo reads the checks).
#[derive(Clone, Debug)]
pub struct Level<M: Model, G = Check> {
    pub id: String,
    /// Which seed text's trap it is built on.
    pub seed: String,
    pub title: Words,
    pub intro: Words,
    pub setup: M::Setup,
    /// The actions from the setup to the level's start.
    pub start: Vec<M::Action>,
    pub goal: Vec<G>,
    /// The actions the level forbids; the demo refuses them while the level is played.
    pub forbid: Vec<Forbid>,
    pub hints: Vec<Words>,
    /// A shortest way from the start to the goal, and its length.
    pub solution: Vec<M::Action>,
    pub par: Option<usize>,
}

/// A level of any demo.
#[derive(Clone, Debug)]
pub enum AnyLevel {
    Csi(Level<csi::State>),
    StatefulSet(Level<statefulset::State>),
    Topology(Level<topology::State>),
}

/// A level as a page or a file writes it, in the model's types: what [`Level::read`] reads from
/// JSON, and the script API's module from a page's object (`crates/ui/src/practice/form.rs`),
/// before [`Level::of`] checks it.
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    bound = "",
    expecting = r#"a level, like {"id": "…", "kind": "csi", "title": {…}, "intro": {…}, "start": {…}, "goal": […]}"#
)]
pub struct Written<M: Model> {
    pub id: String,
    /// Read first, by [`kind_named`], which picks the model.
    #[serde(rename = "kind")]
    pub _kind: String,
    #[serde(default)]
    pub seed: String,
    pub title: Words,
    pub intro: Words,
    pub start: WrittenStart<M>,
    pub goal: Vec<WrittenCheck>,
    #[serde(default)]
    pub forbid: Vec<Forbid>,
    #[serde(default)]
    pub hints: Vec<Words>,
    #[serde(default = "Vec::new")]
    pub solution: Vec<M::Action>,
    #[serde(default)]
    pub par: Option<usize>,
}

/// A level's start, as a scenario writes it: a setup (or none: the demo's own start,
/// [`Model::demo_setup`]) and the actions after it.
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    bound = "",
    expecting = r#"a start like a scenario's, {"setup": {…}, "actions": […]} (the setup may be left out)"#
)]
pub struct WrittenStart<M: Model> {
    #[serde(default)]
    pub setup: Option<M::Setup>,
    #[serde(default = "Vec::new")]
    pub actions: Vec<M::Action>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = r#"a check, like {"kubectl": "get pvc data", "prints": "…"}"#)]
pub struct WrittenCheck {
    pub kubectl: String,
    pub prints: String,
}

impl AnyLevel {
    /// A level from its JSON, or the path of the first thing wrong and why.
    pub fn read(json: &Value) -> Result<AnyLevel, String> {
        match AnyLevel::kind_of(json)? {
            DemoKind::Csi => Level::read(json).map(AnyLevel::Csi),
            DemoKind::StatefulSet => Level::read(json).map(AnyLevel::StatefulSet),
            DemoKind::Topology => Level::read(json).map(AnyLevel::Topology),
        }
    }

    /// The kind of demo a level's JSON names, or why it names none.
    pub fn kind_of(json: &Value) -> Result<DemoKind, String> {
        kind_named(json.get("kind").and_then(Value::as_str))
    }

    pub fn id(&self) -> &str {
        match self {
            AnyLevel::Csi(l) => &l.id,
            AnyLevel::StatefulSet(l) => &l.id,
            AnyLevel::Topology(l) => &l.id,
        }
    }
}

/// The kind of demo a level names, or why it names none.
pub fn kind_named(kind: Option<&str>) -> Result<DemoKind, String> {
    let kind =
        kind.ok_or_else(|| format!("kind: a level needs \"kind\": {}", DemoKind::one_of(|k| k.code().into())))?;
    DemoKind::from_code(kind).ok_or_else(|| format!("kind: \"{kind}\" is not a demo ({})", DemoKind::codes()))
}

impl Check {
    /// Check `at` of a goal, read: its command through kubectl's own parser, which must make it a
    /// read (`get` or `describe`); else kubectl's own words for it.
    pub fn read(at: usize, kubectl: String, prints: String) -> Result<Check, String> {
        // kubectl's own words.
        let request = Request::read(&kubectl).map_err(|e| format!("goal[{at}].kubectl: {}", e.trim_end()))?;
        if !matches!(request, Request::Get(_) | Request::Describe(_)) {
            return Err(format!("goal[{at}].kubectl: `{kubectl}` is not a read (get or describe)"));
        }
        Ok(Check { kubectl, request, prints })
    }
}

impl<M: Model> Written<M> {
    /// A level of this model as its JSON writes it, or the path of what is wrong
    /// (`start.actions[0].node`) and why.
    pub fn read(json: &Value) -> Result<Written<M>, String> {
        serde_path_to_error::deserialize::<_, Written<M>>(json).map_err(|e| {
            let path = e.path().to_string();
            let path = if path == "." { "level".to_string() } else { path };
            format!("{path}: {}", e.into_inner())
        })
    }
}

impl<M: Model> Level<M, WrittenCheck> {
    /// A level of this model as written, checked but for its checks' commands: the start replays
    /// (the setup is accepted and every action of it is), there is a goal, and the solution is as
    /// long as `par` says. Whether the solution solves it is for the levels' own test, not the
    /// reader's page.
    pub fn started(given: Written<M>) -> Result<Level<M, WrittenCheck>, String> {
        if given.id.is_empty() || !given.id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
            return Err(format!("id: \"{}\" is not a level's id (lowercase letters, digits and -)", given.id));
        }
        let setup = given.start.setup.unwrap_or_else(M::demo_setup);
        let (mut state, _) = M::start(&setup).map_err(|r| {
            format!("start.setup: the demo refuses it: {}", kubevol_sim::Tell::tell(&r, kubevol_sim::Voice::En))
        })?;
        for (at, action) in given.start.actions.iter().enumerate() {
            if let Err(refusal) = state.apply(action.clone()) {
                let why = kubevol_sim::Tell::tell(&refusal, kubevol_sim::Voice::En);
                return Err(format!("start.actions[{at}]: the demo refuses it: {why}"));
            }
        }
        if given.goal.is_empty() {
            return Err("goal: a level needs at least one check".into());
        }
        for (at, forbid) in given.forbid.iter().enumerate() {
            if !M::ACTION_NAMES.contains(&forbid.action.as_str()) {
                let known = M::ACTION_NAMES.join(", ");
                return Err(format!(
                    "forbid[{at}].action: \"{}\" is not an action of this demo ({known})",
                    forbid.action
                ));
            }
        }
        let solution = given.solution;
        if let Some(at) = solution.iter().position(|a| given.forbid.iter().any(|f| f.action == M::action_name(a))) {
            return Err(format!("solution[{at}]: the level forbids this action"));
        }
        if let Some(par) = given.par {
            if !solution.is_empty() && par != solution.len() {
                return Err(format!("par: {par}, but the solution takes {} actions", solution.len()));
            }
        }
        Ok(Level {
            id: given.id,
            seed: given.seed,
            title: given.title,
            intro: given.intro,
            setup,
            start: given.start.actions,
            goal: given.goal,
            forbid: given.forbid,
            hints: given.hints,
            solution,
            par: given.par,
        })
    }

    /// The level with each check's command read ([`Check::read`]).
    pub fn read_checks(self) -> Result<Level<M>, String> {
        let goal = self.goal.into_iter().enumerate().map(|(at, c)| Check::read(at, c.kubectl, c.prints));
        let goal = goal.collect::<Result<Vec<_>, String>>()?;
        Ok(Level {
            id: self.id,
            seed: self.seed,
            title: self.title,
            intro: self.intro,
            setup: self.setup,
            start: self.start,
            goal,
            forbid: self.forbid,
            hints: self.hints,
            solution: self.solution,
            par: self.par,
        })
    }
}

impl<M: Model, G> Level<M, G> {
    /// What the level says of `action` if it forbids it.
    pub fn forbids(&self, action: &M::Action) -> Option<&Forbid> {
        let name = M::action_name(action);
        self.forbid.iter().find(|f| f.action == name)
    }
}

impl<M: Model> Level<M> {
    /// A level of this model from its JSON, checked ([`Level::of`]); an error names the path of
    /// what is wrong (`start.actions[0].node`) and why.
    pub fn read(json: &Value) -> Result<Level<M>, String> {
        Level::of(Written::read(json)?)
    }

    /// A level of this model as written, checked: [`Level::started`], then each check's command
    /// read by kubectl's parser.
    pub fn of(given: Written<M>) -> Result<Level<M>, String> {
        Level::started(given)?.read_checks()
    }

    /// The moment after the start and then `actions`: what the reader's cluster holds.
    pub fn moment(&self, actions: &[M::Action]) -> Moment {
        let all: Vec<M::Action> = self.start.iter().chain(actions).cloned().collect();
        Moment::replay::<M>(&self.setup, &all)
    }

    /// Each check at `moment`: what the printer prints for it, and whether that is what the goal
    /// says (both trimmed) of a command that did not fail.
    pub fn checks(&self, moment: &Moment) -> Vec<(String, bool)> {
        self.goal
            .iter()
            .map(|check| {
                let printed = kubevol_kubectl::run(moment, &check.request).unwrap_or_default();
                let holds = !printed.failed && printed.text.trim() == check.prints.trim();
                (printed.text, holds)
            })
            .collect()
    }

    /// Whether every check holds at `moment`.
    pub fn solved(&self, moment: &Moment) -> bool {
        self.checks(moment).iter().all(|(_, holds)| *holds)
    }
}
