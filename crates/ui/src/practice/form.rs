//! A level as the demos carry it: its words and checks as text, its start and solution in the share
//! link's compact form. A level is written in JSON (`kubevol_levels`), and reading the models'
//! types out of JSON needs a JSON reader and every setup's and action's deserializer, about 20 KB
//! brotli in each kind's lab part. So the JSON is read where that costs no reader anything: the
//! built-in levels by this crate's test, which keeps `levels.forms` (their forms) in step with
//! their files; a page's level by the script API's module (`crates/api`, which reads scenarios
//! already) and, at a book's build, by `crates/render`. The lab part reads only forms, with the
//! link decoder its demo has anyway.
//!
//! A form is its fields joined by [`SEP`]: [`TAG`], the kind, the id, the title and the intro (ja,
//! en), the start and the solution (each the demo's settings and actions, as a link writes them;
//! the solution empty when there is none), `par` (or empty), the number of checks, each check's
//! command and what it prints, the number of forbidden actions, each one's `type` and why (ja,
//! en), and the hints (ja, en).

use kubevol_levels::{Check, Forbid, Level, Words, WrittenCheck};
use kubevol_sim::link::{self, Compact};
use kubevol_sim::{DemoKind, Model};

use crate::api::Scenarios;

/// What begins every form, with its version: a form of another version is not read.
pub const TAG: &str = "kubevol-level 2";

/// Between a form's fields (the ASCII unit separator, which no level's text holds).
pub const SEP: char = '\u{1f}';

/// Between the forms in `levels.forms` (the ASCII record separator).
pub const BETWEEN: char = '\u{1e}';

/// A level read from its form and checked against the demo: the settings its start opens the demo
/// with, and the actions after them.
pub struct Opened<M: Model, C> {
    pub level: Level<M>,
    pub config: C,
    pub start: Vec<M::Action>,
}

/// Whether a level of `kind` is this demo's, and if not, the error that says so.
fn ours<M: Model, C>(scenarios: &Scenarios<M, C>, kind: DemoKind) -> Result<(), String> {
    if kind == scenarios.kind {
        Ok(())
    } else {
        Err(format!("kind: this is a {} demo, not \"{}\"", scenarios.kind.code(), kind.code()))
    }
}

fn address<M: Model, C>(scenarios: &Scenarios<M, C>) -> link::Address {
    link::Address { kind: scenarios.kind.code().into(), nth: 1 }
}

/// The form of a level written in JSON (a book's build, `crates/render`; this crate's tests for the
/// built-in levels), read and checked against this demo: see [`form_of`].
pub fn write<M: Model, C: Compact + Copy>(scenarios: &Scenarios<M, C>, json: &str) -> Result<String, String> {
    let value: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("level: not JSON: {e}"))?;
    ours(scenarios, kubevol_levels::AnyLevel::kind_of(&value)?)?;
    form_of(scenarios, Level::started(kubevol_levels::Written::<M>::read(&value)?)?)
}

/// The form of a level a page wrote (`mountDemo`'s `level` object, or a `data-level` holding
/// JSON), read by the script API's module: see [`form_of`]. An object is read as the JSON it
/// stringifies to, so the build (`crates/render`), the script API and the demo have one reader,
/// and say the same of the same level.
pub fn write_value<M: Model, C: Compact + Copy>(
    scenarios: &Scenarios<M, C>,
    value: wasm_bindgen::JsValue,
) -> Result<String, String> {
    let json = match value.as_string() {
        Some(text) => text,
        None => js_sys::JSON::stringify(&value).ok().and_then(|s| s.as_string()).unwrap_or_default(),
    };
    write(scenarios, &json)
}

/// The form of a level, checked against this demo: its start must be one the demo opens (as a
/// page's scenario must), and its solution actions the demo's own controls make. An error names
/// the path of what is wrong and why. Its checks' commands are read where the form is (`read`),
/// by kubectl's parser, which the demo's folds part has and the script API's module need not.
fn form_of<M: Model, C: Compact + Copy>(
    scenarios: &Scenarios<M, C>,
    level: Level<M, WrittenCheck>,
) -> Result<String, String> {
    let code = scenarios.kind.code();
    let read = crate::api::history_of(scenarios, None, Some(&level.setup), level.start.clone(), None)
        .map_err(|e| format!("start.{e}"))?;
    // A solution is a way a reader can take: through the demo's own controls.
    if let Some(at) = level.solution.iter().position(|a| !(scenarios.offered.offers)(a)) {
        return Err(format!("solution[{at}]: no control of this demo makes this action"));
    }
    let words = [&level.title, &level.intro].into_iter().chain(&level.hints).chain(level.forbid.iter().map(|f| &f.why));
    let texts = words.flat_map(|w| [&w.ja, &w.en]).chain(level.goal.iter().flat_map(|c| [&c.kubectl, &c.prints]));
    if texts.clone().any(|t| t.contains([SEP, BETWEEN])) {
        return Err("level: a text holds an ASCII separator character (U+001E or U+001F)".into());
    }
    let way = |actions: &[M::Action]| link::encode(&address(scenarios), &(read.config, actions.to_vec()));
    let solution = if level.solution.is_empty() { String::new() } else { way(&level.solution) };
    let mut fields = vec![TAG.to_string(), code.into(), level.id.clone()];
    fields.extend([&level.title.ja, &level.title.en, &level.intro.ja, &level.intro.en].map(String::clone));
    fields.extend([way(&read.actions), solution, level.par.map(|p| p.to_string()).unwrap_or_default()]);
    fields.push(level.goal.len().to_string());
    fields.extend(level.goal.iter().flat_map(|c| [c.kubectl.clone(), c.prints.clone()]));
    fields.push(level.forbid.len().to_string());
    fields.extend(level.forbid.iter().flat_map(|f| [f.action.clone(), f.why.ja.clone(), f.why.en.clone()]));
    fields.extend(level.hints.iter().flat_map(|h| [h.ja.clone(), h.en.clone()]));
    Ok(fields.join(&SEP.to_string()))
}

/// A level from its form, for this demo, or why not. Only this crate's writer makes forms, so a
/// form that does not read is named, not explained field by field.
pub fn read<'a, M: Model, C: Compact + Copy>(
    scenarios: &Scenarios<M, C>,
    form: &'a str,
) -> Result<Opened<M, C>, String> {
    let broken = |what: &str| format!("level: not a level's form ({what})");
    let mut fields = form.split(SEP);
    let mut next = |what: &str| fields.next().ok_or_else(|| broken(what));
    if next("tag")? != TAG {
        return Err(broken("another version"));
    }
    ours(scenarios, kubevol_levels::kind_named(Some(next("kind")?))?)?;
    let id = next("id")?.to_string();
    let words = |next: &mut dyn FnMut(&str) -> Result<&'a str, String>, what: &str| -> Result<Words, String> {
        Ok(Words { ja: next(what)?.into(), en: next(what)?.into() })
    };
    let (title, intro) = (words(&mut next, "title")?, words(&mut next, "intro")?);
    let way = |fragment: &str| {
        let (config, actions) =
            link::decode_any_length::<(C, Vec<M::Action>)>(fragment).map_err(|_| broken("a way"))?;
        if (scenarios.offered.admits)(&config) && actions.iter().all(|a| (scenarios.offered.offers)(a)) {
            Ok((config, actions))
        } else {
            Err(broken("a way this demo's controls do not make"))
        }
    };
    let (config, start) = way(next("start")?)?;
    let solution = match next("solution")? {
        "" => Vec::new(),
        fragment => way(fragment)?.1,
    };
    let par = match next("par")? {
        "" => None,
        par => Some(par.parse().map_err(|_| broken("par"))?),
    };
    let count: usize = next("checks")?.parse().map_err(|_| broken("checks"))?;
    let mut goal = Vec::with_capacity(count);
    for at in 0..count {
        let (kubectl, prints) = (next("check")?.to_string(), next("check")?.to_string());
        goal.push(Check::read(at, kubectl, prints)?);
    }
    let count: usize = next("forbidden")?.parse().map_err(|_| broken("forbidden"))?;
    let mut forbid = Vec::with_capacity(count);
    for _ in 0..count {
        let action = next("forbidden")?.to_string();
        if !M::ACTION_NAMES.contains(&action.as_str()) {
            return Err(broken("a forbidden action"));
        }
        forbid.push(Forbid { action, why: words(&mut next, "forbidden")? });
    }
    let mut hints = Vec::new();
    while let Some(ja) = fields.next() {
        let en = fields.next().ok_or_else(|| broken("a hint"))?;
        hints.push(Words { ja: ja.into(), en: en.into() });
    }
    let setup = (scenarios.start)(config).into_setup();
    let level = Level {
        id,
        seed: String::new(),
        title,
        intro,
        setup,
        start: start.clone(),
        goal,
        forbid,
        hints,
        solution,
        par,
    };
    Ok(Opened { level, config, start })
}
