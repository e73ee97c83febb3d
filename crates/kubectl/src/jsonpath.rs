//! `-o jsonpath=<template>`: kubectl's JSONPath printer, whose template language is client-go's
//! `util/jsonpath`, with kubectl's default `--allow-missing-template-keys=true`, over the value
//! tree `object.rs` builds; each piece names the upstream code it models. Of the language this
//! answers fields (`.a.b`, `\.` in a key, `.*`), `[N]`, `[*]` and slices, `range`/`end`, quoted and
//! plain text, numbers and booleans, and kubectl's errors for each. Left to the caller: filters
//! (`[?()]`), `..`, unions (`[0,1]`), `['key']`, floats, a `*` over a string, a word past ASCII, and
//! what makes kubectl itself panic (an index or `range` in a range over nothing).

use std::fmt::Write;

use crate::value::json::{string, write, Style};
use crate::Value;

/// One step of a template's action (`{...}`), each turning the values so far into the next.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Field(String),
    /// `.*`: every value of a map or item of a list.
    All,
    /// `[a:b:c]`, `[N]` or `[*]`: start, end and step where given, and whether the end was made
    /// up from `[N]` (client-go's `Derived`).
    Slice([Option<i64>; 3], bool),
    /// Quoted or plain text: the value, once, whatever came before.
    Text(Value),
    /// A number or boolean: the value once for each value so far.
    Each(Value),
    Range,
    End,
    Unknown(String),
}

/// Why a template gives no text: kubectl's error message, or `None` for what this does not answer.
type Failed = Option<String>;

fn fail<T>(message: String) -> Result<T, Failed> {
    Err(Some(message))
}

/// A template as client-go's parser reads it: its parts in order, text outside braces as a
/// one-step part. `Err(Some)` is the parser's error, as kubectl words it after `error parsing
/// jsonpath <template>, `.
// Models staging/src/k8s.io/client-go/util/jsonpath/parser.go Parser.Parse
fn parse(template: &str) -> Result<Vec<Vec<Step>>, Failed> {
    let c: Vec<char> = template.chars().collect();
    let at = |i: usize| c.get(i).copied();
    let ends = |ch: Option<char>| ch.is_none_or(|ch| " \t\r\n.,[]$@{}".contains(ch));
    let (mut parts, mut text, mut i) = (Vec::new(), String::new(), 0);
    while let Some(ch) = at(i) {
        i += 1;
        if ch != '{' {
            text.push(ch);
            continue;
        }
        if !text.is_empty() {
            parts.push(vec![Step::Text(Value::Str(std::mem::take(&mut text)))]);
        }
        let mut steps = Vec::new();
        loop {
            let Some(ch) = at(i) else { return fail("unclosed action".into()) };
            let start = i;
            i += 1;
            match ch {
                '}' => break,
                '[' if at(i) == Some('?') && at(i + 1) == Some('(') => return Err(None),
                '.' if at(i) == Some('.') => return Err(None),
                '\r' | '\n' => return fail("unclosed action".into()),
                ' ' | '@' | '$' => {}
                '[' => {
                    while at(i) != Some(']') {
                        if matches!(at(i), None | Some('\n')) {
                            return fail("unterminated array".into());
                        }
                        i += 1;
                    }
                    let inner: String = c.get(start + 1..i).unwrap_or_default().iter().collect();
                    i += 1;
                    steps.push(slice(&inner)?);
                }
                '"' | '\'' => {
                    // The first quote not after a backslash closes it, even an escaped backslash.
                    while at(i) != Some(ch) || at(i - 1) == Some('\\') {
                        if matches!(at(i), None | Some('\n')) {
                            return fail("unterminated quoted string".into());
                        }
                        i += 1;
                    }
                    i += 1;
                    let raw: String = c.get(start..i).unwrap_or_default().iter().collect();
                    match unquote(&raw, ch) {
                        Ok(text) => steps.push(Step::Text(Value::Str(text))),
                        Err(None) => return fail(format!("unquote string {raw} error invalid syntax")),
                        Err(Some(())) => return Err(None),
                    }
                }
                '.' => {
                    while !ends(at(i)) {
                        i += 1 + usize::from(at(i) == Some('\\') && at(i + 1).is_some());
                    }
                    let raw: String = c.get(start + 1..i).unwrap_or_default().iter().collect();
                    steps.push(if raw == "*" { Step::All } else { Step::Field(raw.replace('\\', "")) });
                }
                '+' | '-' | '0'..='9' => {
                    while at(i).is_some_and(|ch| ch == '.' || ch.is_ascii_digit()) {
                        i += 1;
                    }
                    let raw: String = c.get(start..i).unwrap_or_default().iter().collect();
                    // client-go reads a float too; Go's way of printing one is not copied here.
                    steps.push(Step::Each(Value::Int(raw.parse().map_err(|_| None)?)));
                }
                // Go tells a letter or digit elsewhere in Unicode from the rest by tables this leaves
                // out of the bundle.
                ch if !ch.is_ascii() => return Err(None),
                ch if ch == '_' || ch.is_ascii_alphanumeric() => {
                    while !ends(at(i)) {
                        i += 1;
                    }
                    let word: String = c.get(start..i).unwrap_or_default().iter().collect();
                    steps.push(match word.as_str() {
                        "range" => Step::Range,
                        "end" => Step::End,
                        "true" | "false" => Step::Each(Value::Bool(word == "true")),
                        _ => Step::Unknown(word),
                    });
                }
                ch => {
                    let mut message = format!("unrecognized character in action: U+{:04X}", ch as u32);
                    if !ch.is_ascii_control() {
                        let _ = write!(message, " '{ch}'");
                    }
                    return fail(message);
                }
            }
        }
        parts.push(steps);
    }
    if !text.is_empty() {
        parts.push(vec![Step::Text(Value::Str(text))]);
    }
    Ok(parts)
}

/// `[...]`: an index or slice as client-go reads it (`^(-?\d*)(:-?\d*)?(:-?\d*)?$`).
// Models staging/src/k8s.io/client-go/util/jsonpath/parser.go Parser.parseArray
fn slice(inner: &str) -> Result<Step, Failed> {
    let inner = if inner == "*" { ":" } else { inner };
    let key = inner.len() > 1 && inner.starts_with('\'') && inner.ends_with('\'') && inner.matches('\'').count() == 2;
    if inner.contains(',') || key {
        return Err(None);
    }
    let parts: Vec<&str> = inner.split(':').collect();
    let number = |p: &str| p.strip_prefix('-').unwrap_or(p).bytes().all(|b| b.is_ascii_digit());
    if parts.len() > 3 || !parts.iter().all(|p| number(p)) {
        return fail(format!("invalid array index {inner}"));
    }
    let mut params: [Option<i64>; 3] = [None; 3];
    for (param, part) in params.iter_mut().zip(&parts) {
        if !part.is_empty() {
            *param = Some(part.parse().or_else(|_| fail(format!("array index {part} is not a number")))?);
        }
    }
    // `[N]` is `[N:N+1]`.
    let derived = parts.len() == 1;
    if derived {
        params[1] = Some(params[0].unwrap_or(0).wrapping_add(1));
    }
    Ok(Step::Slice(params, derived))
}

/// A quoted string's text as client-go's `UnquoteExtend` reads it (Go's escapes, in either
/// quote): `Err(None)` for its syntax error, `Err(Some)` for a byte escape past ASCII, which
/// would make text that is not UTF-8.
// Models staging/src/k8s.io/client-go/util/jsonpath/parser.go UnquoteExtend
fn unquote(raw: &str, quote: char) -> Result<String, Option<()>> {
    let inner = raw.strip_prefix(quote).and_then(|r| r.strip_suffix(quote)).ok_or(None)?;
    let (mut out, mut chars) = (String::new(), inner.chars());
    while let Some(c) = chars.next() {
        if c == quote {
            return Err(None);
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        let e = chars.next().ok_or(None)?;
        let (radix, more) = match e {
            'x' => (16, 2),
            'u' => (16, 4),
            'U' => (16, 8),
            '0'..='7' => (8, 2),
            _ => (0, 0),
        };
        let c = if radix == 0 {
            match e {
                'a' => '\u{7}',
                'b' => '\u{8}',
                'f' => '\u{c}',
                'n' => '\n',
                'r' => '\r',
                't' => '\t',
                'v' => '\u{b}',
                '\\' => '\\',
                e if e == quote => e,
                _ => return Err(None),
            }
        } else {
            let mut v = e.to_digit(8).filter(|_| radix == 8).unwrap_or(0);
            for _ in 0..more {
                v = v * radix + chars.next().and_then(|d| d.to_digit(radix)).ok_or(None)?;
            }
            let byte = e != 'u' && e != 'U';
            if byte && v > 255 {
                return Err(None);
            }
            if byte && v >= 0x80 {
                return Err(Some(()));
            }
            char::from_u32(v).ok_or(None)?
        };
        out.push(c);
    }
    Ok(out)
}

/// What client-go evaluates a range's template against when the range has nothing to go over: no
/// value at all (Go's zero `reflect.Value`), which a field or `*` passes over, and on which an
/// index or a `range` make kubectl panic. Told apart from a null by its address.
static NOTHING: Value = Value::Null;

/// client-go's `FindResults`, whose `range` and `end` work by counters over the whole template:
/// the quirks of an unmatched `end` or a `range` without one come with them.
// Models staging/src/k8s.io/client-go/util/jsonpath/jsonpath.go JSONPath.FindResults
struct Run<'a> {
    parts: &'a [Vec<Step>],
    begin: usize,
    inside: usize,
    end: usize,
    last_end: Option<usize>,
    /// Steps left to take: a template of ranges in ranges is exponential, and a reader types it.
    budget: usize,
}

impl<'a> Run<'a> {
    /// The results of each part from `from` on, every one evaluated against `data`.
    fn find(&mut self, data: Option<&'a Value>, from: usize) -> Result<Vec<Vec<&'a Value>>, Failed> {
        let mut out = Vec::new();
        let mut i = from;
        while let Some(steps) = self.parts.get(i) {
            let mut values = vec![data.unwrap_or(&NOTHING)];
            for step in steps {
                values = self.step(values, step)?;
            }
            if self.end > 0 && self.end <= self.inside {
                self.end -= 1;
                self.last_end = Some(i);
                break;
            }
            if self.begin > 0 {
                if values.iter().any(|v| std::ptr::eq(*v, &NOTHING)) {
                    return Err(None);
                }
                self.begin -= 1;
                self.inside += 1;
                if values.is_empty() {
                    // What a range over nothing holds is still read, for its `end` and errors.
                    self.find(None, i + 1)?;
                }
                for value in values {
                    out.extend(self.find(Some(value), i + 1)?);
                }
                self.inside -= 1;
                i = self.last_end.filter(|k| *k > i).unwrap_or(i);
            } else {
                out.push(values);
            }
            i += 1;
        }
        Ok(out)
    }

    // Models staging/src/k8s.io/client-go/util/jsonpath/jsonpath.go JSONPath.walk
    fn step(&mut self, values: Vec<&'a Value>, step: &'a Step) -> Result<Vec<&'a Value>, Failed> {
        self.budget = self.budget.checked_sub(1 + values.len()).ok_or(None)?;
        let mut out = Vec::new();
        match step {
            Step::Field(key) => {
                for value in values {
                    if let Value::Map(map) = value {
                        out.extend(map.iter().filter(|(k, _)| k == key).map(|(_, v)| v));
                    }
                }
            }
            Step::All => {
                for value in values {
                    match value {
                        Value::Map(map) => out.extend(map.iter().map(|(_, v)| v)),
                        Value::List(list) => out.extend(list),
                        // Go's `*` over a string gives its bytes, as numbers.
                        Value::Str(_) => return Err(None),
                        _ => {}
                    }
                }
            }
            // Models staging/src/k8s.io/client-go/util/jsonpath/jsonpath.go JSONPath.evalArray
            Step::Slice([start, end, step], derived) => {
                for value in values {
                    let list = match value {
                        _ if std::ptr::eq(value, &NOTHING) => return Err(None),
                        Value::Null => continue,
                        Value::List(list) => list,
                        Value::Str(_) => return fail("string is not array or slice".into()),
                        Value::Int(_) => return fail("int64 is not array or slice".into()),
                        Value::Bool(_) => return fail("bool is not array or slice".into()),
                        Value::Map(_) => return fail("map[string]interface {} is not array or slice".into()),
                    };
                    let len = list.len() as i64;
                    let mut a = start.unwrap_or(0);
                    if a < 0 {
                        a += len;
                    }
                    let mut b = end.unwrap_or(len);
                    if b < 0 || b == 0 && *derived {
                        b = b.wrapping_add(len);
                    }
                    if a == b {
                        // client-go stops at an empty slice, leaving the values after it out.
                        return Ok(out);
                    }
                    let bounds = |index: i64| format!("array index out of bounds: index {index}, length {len}");
                    if a < 0 || a >= len {
                        return fail(bounds(a));
                    }
                    if b < 0 || b > len {
                        return fail(bounds(b.wrapping_sub(1)));
                    }
                    if a > b {
                        return fail(format!("starting index {a} is greater than ending index {b}"));
                    }
                    let by = match step {
                        Some(by) if *by <= 0 => return fail("step must be > 0".into()),
                        // Not `as`: a 32-bit usize would cut a step of 2^32 down to 0.
                        by => usize::try_from(by.unwrap_or(1)).unwrap_or(usize::MAX),
                    };
                    out.extend(list.get(a as usize..b as usize).unwrap_or_default().iter().step_by(by));
                }
            }
            Step::Text(text) => out.push(text),
            Step::Each(value) => out.extend(values.iter().map(|_| value)),
            Step::Range => {
                self.begin += 1;
                out = values;
            }
            Step::End if self.inside > 0 => self.end += 1,
            Step::End => return fail("not in range, nothing to end".into()),
            Step::Unknown(word) => return fail(format!("unrecognized identifier {word}")),
        }
        Ok(out)
    }
}

/// A template kubectl has read: [`Template::parse`] is kubectl's printer made (whose error comes
/// before anything is printed), [`Template::print`] its printing of one object or List.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    text: String,
    parts: Vec<Vec<Step>>,
}

impl Template {
    /// `Err(Some(line))` is kubectl's error, as it prints it after `error: `; `Err(None)` a
    /// template this does not answer.
    pub fn parse(text: &str) -> Result<Template, Option<String>> {
        if text.is_empty() {
            return fail("template format specified but no template given\n".into());
        }
        // Models staging/src/k8s.io/cli-runtime/pkg/genericclioptions/jsonpath_flags.go JSONPathPrintFlags.ToPrinter
        let parts = parse(text).map_err(|e| e.map(|e| format!("error parsing jsonpath {text}, {e}\n")))?;
        // Each range holds the rest of the template: this bounds how deep the evaluation goes.
        if parts.iter().flatten().filter(|s| matches!(s, Step::Range)).count() > 64 {
            return Err(None);
        }
        Ok(Template { text: text.to_string(), parts })
    }

    /// What kubectl prints of `value` (no newline of its own); `Err(Some)` is its error, as it
    /// prints it after `error: ` (ending in its blank lines), `Err(None)` what this does not answer.
    // Models staging/src/k8s.io/cli-runtime/pkg/printers/jsonpath.go JSONPathPrinter.PrintObj
    pub fn print(&self, value: &Value) -> Result<String, Option<String>> {
        let mut run = Run { parts: &self.parts, begin: 0, inside: 0, end: 0, last_end: None, budget: 1 << 20 };
        let results = run.find(Some(value), 0).map_err(|e| {
            e.map(|e| {
                let mut out = String::from("error executing jsonpath ");
                string(&mut out, &self.text, true);
                let _ = write!(
                    out,
                    ": Error executing template: {e}. Printing more information for debugging the template:\n\
                     \ttemplate was:\n\t\t{}\n\tobject given to jsonpath engine was:\n\t\t",
                    self.text
                );
                write(&mut out, value, Style::Go, 0);
                out.push_str("\n\n\n");
                out
            })
        })?;
        let mut out = String::new();
        for result in results {
            for (i, value) in result.into_iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                match value {
                    Value::Str(s) => out.push_str(s),
                    value => write(&mut out, value, Style::Compact, 0),
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::json::list;
    use crate::{object, Kind};
    use kubevol_sim::{statefulset, Model};

    /// The value at a path of keys and list indices.
    fn at<'a>(value: &'a Value, path: &str) -> &'a Value {
        path.split('.').fold(value, |v, key| match v {
            Value::Map(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v).unwrap_or(&Value::Null),
            Value::List(l) => key.parse().ok().and_then(|i: usize| l.get(i)).unwrap_or(&Value::Null),
            _ => &Value::Null,
        })
    }

    fn db() -> Value {
        let (mut s, _) = <statefulset::State as Model>::start(&statefulset::Config::default()).unwrap();
        s.apply(statefulset::Action::Run { max: 20 }).unwrap();
        let cluster = s.cluster();
        let pods = cluster.pods.iter().map(|p| object(&cluster, Kind::Pod, &p.name, &|_, _| 1).unwrap());
        list(pods.collect())
    }

    fn path(template: &str, value: &Value) -> Result<String, Option<String>> {
        Template::parse(template)?.print(value)
    }

    #[test]
    fn jsonpath_prints_as_kubectl_prints() {
        let pods = db();
        let names: Vec<String> = match at(&pods, "items") {
            Value::List(items) => items.iter().map(|p| path("{.metadata.name}", p).unwrap()).collect(),
            _ => Vec::new(),
        };
        assert!(names.len() >= 2);
        let ok = |t: &str| path(t, &pods).unwrap();
        assert_eq!(ok("{.items[*].metadata.name}"), names.join(" "));
        assert_eq!(ok("{range .items[*]}{.metadata.name}{\"\\t\"}{.kind}{\"\\n\"}{end}"), {
            names.iter().map(|n| format!("{n}\tPod\n")).collect::<String>()
        });
        assert_eq!(ok("{.items[-1].metadata.name}"), names[names.len() - 1]);
        assert_eq!(ok("{.items[0].metadata.labels}"), "{\"app\":\"db\"}");
        assert_eq!(ok("{.items[0].metadata.labels.app}"), "db");
        assert_eq!(ok("kind {.kind}, {'v'}{.apiVersion} }"), "kind List, vv1 }");
        assert_eq!(ok("{.items[0].spec.tolerations[*].tolerationSeconds}"), "300 300");
        assert_eq!(ok("{.nope}{.kind.x}{.items.x}"), "");
        assert_eq!(ok("{range .items[*]}{.kind}"), format!("{}List", "Pod".repeat(names.len())));
        let labels = Value::Map(vec![("topology.kubernetes.io/zone".into(), Value::Str("zone-a".into()))]);
        let node = Value::Map(vec![("metadata".into(), Value::Map(vec![("labels".into(), labels)]))]);
        assert_eq!(path("{.metadata.labels.topology\\.kubernetes\\.io/zone}", &node).unwrap(), "zone-a");
    }

    #[test]
    fn jsonpath_errors_are_kubectls() {
        let pods = db();
        let error = |t: &str| path(t, &pods).unwrap_err().unwrap();
        assert_eq!(error(""), "template format specified but no template given\n");
        assert_eq!(error("{"), "error parsing jsonpath {, unclosed action\n");
        assert_eq!(error("{.items[}"), "error parsing jsonpath {.items[}, unterminated array\n");
        assert_eq!(error("{.items[a]}"), "error parsing jsonpath {.items[a]}, invalid array index a\n");
        assert_eq!(error("{!}"), "error parsing jsonpath {!}, unrecognized character in action: U+0021 '!'\n");
        assert_eq!(
            error("{\"\\q\"}"),
            "error parsing jsonpath {\"\\q\"}, unquote string \"\\q\" error invalid syntax\n"
        );
        let failed = error("{.items[9]}");
        assert!(failed.starts_with(
            "error executing jsonpath \"{.items[9]}\": Error executing template: array index out of bounds: index 9, \
             length 3. Printing more information for debugging the template:\n\ttemplate was:\n\t\t{.items[9]}\n\t\
             object given to jsonpath engine was:\n\t\tmap[string]interface {}{\"apiVersion\":\"v1\", \"items\":[]\
             interface {}{map[string]interface {}{\"apiVersion\":\"v1\", \"kind\":\"Pod\", \"metadata\":"
        ));
        assert!(failed
            .ends_with("\"kind\":\"List\", \"metadata\":map[string]interface {}{\"resourceVersion\":\"\"}}\n\n\n"));
        assert!(error("{end}").contains("Error executing template: not in range, nothing to end."));
        assert!(error("{foo}").contains("Error executing template: unrecognized identifier foo."));
        assert!(error("{.kind[0]}").contains("Error executing template: string is not array or slice."));
        // What ours leaves to the real kubectl.
        for t in ["{..name}", "{.items[?(@.kind)]}", "{.items[0,1]}", "{.items['kind']}", "{1.5}", "{.kind.*}"] {
            assert_eq!(path(t, &pods), Err(None), "{t}");
        }
    }

    #[test]
    fn odd_templates_never_panic() {
        let pods = db();
        let odd = [
            "{",
            "}",
            "{.",
            "{range}",
            "{end}",
            "{.items[}",
            "{.items[-1]}",
            "{.items[-9]}",
            "{[]}",
            "{[:]}",
            "{[::]}",
            "{.items[9223372036854775807]}",
            "{.items[-9223372036854775808]}",
            "{.items[:-9223372036854775808]}",
            "{\"\\",
            "{'",
            "{\"\\u{}\"}",
            "{\"\\U0011ffff\"}",
            "{\"\\xff\"}",
            "{\"\\777\"}",
            "{\\}",
            "{.\\",
            "{é}",
            "{データ}",
            "{.データ}",
            "{٣}",
            "{²}",
            "{+}",
            "{-}",
            "{99999999999999999999}",
            "{range}{range}{end}",
            "{range .items[*]}{range .nope[*]}{range}{end}{end}{end}",
            "{end}{range}",
            "{\u{0}}",
            "{\u{2028}}",
            "{range .items[*]}{[0]}{end}",
        ];
        for template in odd {
            let _ = path(template, &pods);
        }
        // Odd templates from the characters templates are made of, deterministically.
        let alphabet: Vec<char> = "{}[]().*@$:-,'\"\\ \t\nrangeditms0159é".chars().collect();
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            let mut template = String::new();
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            for _ in 0..(seed >> 60) + 1 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                template.push(alphabet[(seed >> 33) as usize % alphabet.len()]);
            }
            let _ = path(&template, &pods);
            let _ = path(&format!("{{range .items[*]}}{template}{{end}}"), &pods);
        }
        // Ranges in ranges are exponential: ours gives up rather than hang.
        assert_eq!(path(&"{range}".repeat(60), &pods), Err(None));
    }
}
