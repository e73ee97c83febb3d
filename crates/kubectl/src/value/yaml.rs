//! `-o yaml`: the value tree as kubectl's YAML writer (sigs.k8s.io/yaml over go-yaml v2) prints it,
//! every string quoted or not as go-yaml decides.

use super::Value;

/// The width past which kubectl's YAML writer breaks a long scalar (go-yaml's `best_width`).
const BEST_WIDTH: usize = 80;

/// `-o yaml`: the tree as kubectl prints it. kubectl's writer (sigs.k8s.io/yaml) hands the
/// object's JSON to go-yaml v2: block maps, nested maps two columns in, a list at its key's own
/// column (`key:\n- a`), a map in a list beside its dash, `{}` and `[]` for empty ones.
// Models staging/src/k8s.io/cli-runtime/pkg/printers/yaml.go YAMLPrinter.PrintObj
// Models sigs.k8s.io/yaml yaml.go JSONToYAML
pub fn yaml(value: &Value) -> String {
    let mut out = String::new();
    block(&mut out, value, 0);
    out
}

fn pad(out: &mut String, indent: usize) {
    out.extend(std::iter::repeat_n(' ', indent));
}

/// `value` with its lines at `indent`, `out` standing where its first line starts: at that column,
/// or after a list item's dash.
// Models gopkg.in/yaml.v2 emitterc.go yaml_emitter_emit_block_mapping_key
fn block(out: &mut String, value: &Value, indent: usize) {
    match value {
        Value::Map(map) if !map.is_empty() => {
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    pad(out, indent);
                }
                scalar(out, key, None);
                out.push(':');
                match item {
                    Value::Map(m) if !m.is_empty() => {
                        out.push('\n');
                        pad(out, indent + 2);
                        block(out, item, indent + 2);
                    }
                    // A list in a map is not indented (go-yaml's indentless sequence).
                    Value::List(l) if !l.is_empty() => {
                        out.push('\n');
                        pad(out, indent);
                        block(out, item, indent);
                    }
                    _ => {
                        out.push(' ');
                        block(out, item, indent + 2);
                    }
                }
            }
        }
        Value::List(list) if !list.is_empty() => {
            for (i, item) in list.iter().enumerate() {
                if i > 0 {
                    pad(out, indent);
                }
                out.push_str("- ");
                block(out, item, indent + 2);
            }
        }
        Value::Map(_) => out.push_str("{}\n"),
        Value::List(_) => out.push_str("[]\n"),
        Value::Null => out.push_str("null\n"),
        Value::Bool(b) => out.push_str(if *b { "true\n" } else { "false\n" }),
        Value::Int(n) => out.push_str(&format!("{n}\n")),
        Value::Str(s) => {
            scalar(out, s, Some(indent));
            out.push('\n');
        }
    }
}

/// A string as go-yaml writes it: plain, single- or double-quoted. `under` is the column a long
/// plain or single-quoted value goes on at once it is folded; a key (`None`) is never folded.
// Models gopkg.in/yaml.v2 emitterc.go yaml_emitter_select_scalar_style
fn scalar(out: &mut String, s: &str, under: Option<usize>) {
    // A line break is escaped, as in the double-quoted scalars the writer this replaced wrote;
    // go-yaml itself writes a multi-line value as a literal block (`|-`), which no object has.
    if s.contains('\n') || !s.chars().all(printable) || typed(s) || base60(s) {
        return double_quoted(out, s);
    }
    if plain(s) {
        folded(out, s, false, under);
    } else {
        folded(out, &format!("'{}'", s.replace('\'', "''")), true, under);
    }
}

/// Writes `text` (a plain scalar, or a single-quoted one with its quotes) and breaks it at a single
/// space once the line is past [`BEST_WIDTH`], going on at column `under`; not at a quoted
/// scalar's first or last character.
// Models gopkg.in/yaml.v2 emitterc.go yaml_emitter_write_plain_scalar
// Models gopkg.in/yaml.v2 emitterc.go yaml_emitter_write_single_quoted_scalar
fn folded(out: &mut String, text: &str, quoted: bool, under: Option<usize>) {
    let mut column = out[out.rfind('\n').map_or(0, |i| i + 1)..].chars().count();
    let chars: Vec<char> = text.chars().collect();
    let mut spaces = false;
    for (i, &c) in chars.iter().enumerate() {
        let inner = !quoted || i > 1 && i + 2 < chars.len();
        match under {
            Some(under) if c == ' ' && inner && !spaces && column > BEST_WIDTH && chars.get(i + 1) != Some(&' ') => {
                out.push('\n');
                pad(out, under);
                column = under;
            }
            _ => {
                out.push(c);
                column += 1;
            }
        }
        spaces = c == ' ';
    }
}

/// A double-quoted scalar, with go-yaml's escapes.
// Models gopkg.in/yaml.v2 emitterc.go yaml_emitter_write_double_quoted_scalar
fn double_quoted(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        let named = match c {
            '\0' => '0',
            '\u{7}' => 'a',
            '\u{8}' => 'b',
            '\t' => 't',
            '\n' => 'n',
            '\u{b}' => 'v',
            '\u{c}' => 'f',
            '\r' => 'r',
            '\u{1b}' => 'e',
            '"' => '"',
            '\\' => '\\',
            '\u{85}' => 'N',
            '\u{2028}' => 'L',
            '\u{2029}' => 'P',
            c if printable(c) && c != '\u{feff}' => {
                out.push(c);
                continue;
            }
            _ => 'x',
        };
        out.push('\\');
        match (named, c as u32) {
            ('x', n) if n > 0xffff => out.push_str(&format!("U{n:08X}")),
            ('x', n) if n > 0xff => out.push_str(&format!("u{n:04X}")),
            ('x', n) => out.push_str(&format!("x{n:02X}")),
            (named, _) => out.push(named),
        }
    }
    out.push('"');
}

/// What go-yaml writes as it is: a line break, and the printable characters of the Basic
/// Multilingual Plane (a byte-order mark is one, though it is escaped in quotes).
// Models gopkg.in/yaml.v2 yamlprivateh.go is_printable
fn printable(c: char) -> bool {
    matches!(c, '\n' | ' '..='~' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}') && c != '\u{feff}'
}

/// Whether a string can stand plain in a block: no leading or trailing space, no indicator first,
/// no `: ` or ` #` in it.
// Models gopkg.in/yaml.v2 emitterc.go yaml_emitter_analyze_scalar
fn plain(s: &str) -> bool {
    let b = s.as_bytes();
    let blank_after = |i: usize| matches!(b.get(i + 1), None | Some(b' '));
    let indicator = s.starts_with(['#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`'])
        || s.starts_with(['?', ':', '-']) && blank_after(0);
    let inside = (0..b.len()).any(|i| b[i] == b':' && blank_after(i) || b[i] == b'#' && i > 0 && b[i - 1] == b' ');
    !(indicator || inside || s.starts_with("---") || s.starts_with("...") || s.starts_with(' ') || s.ends_with(' '))
}

/// Whether a plain string would read back as something else: null, a bool (YAML 1.1's yes, no, on,
/// off, y and n too), an int, a float or a timestamp.
// Models gopkg.in/yaml.v2 resolve.go resolve
fn typed(s: &str) -> bool {
    const WORDS: [&str; 39] = [
        "", "~", "null", "Null", "NULL", "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True",
        "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", ".nan", ".NaN", ".NAN", ".inf",
        ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF",
    ];
    if WORDS.contains(&s) {
        return true;
    }
    let plain = s.replace('_', "");
    match s.as_bytes().first() {
        Some(b'.') => float(s),
        Some(b'0'..=b'9' | b'+' | b'-') => timestamp(s) || int(&plain) || float(&plain),
        _ => false,
    }
}

/// Go's `strconv.ParseInt(s, 0, 64)` or `ParseUint`: decimal, or 0x, 0o, 0b or 0 and octal.
fn int(s: &str) -> bool {
    let body = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (radix, digits) = match body.get(..2) {
        Some("0x" | "0X") => (16, &body[2..]),
        Some("0o" | "0O") => (8, &body[2..]),
        Some("0b" | "0B") => (2, &body[2..]),
        _ if body.starts_with('0') => (8, body),
        _ => (10, body),
    };
    !digits.is_empty() && digits.chars().all(|c| c.is_digit(radix)) && u64::from_str_radix(digits, radix).is_ok()
}

/// go-yaml's float: `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`.
fn float(s: &str) -> bool {
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (mantissa, exponent) = s.split_once(['e', 'E']).unwrap_or((s, "0"));
    let exponent = exponent.strip_prefix(['-', '+']).unwrap_or(exponent);
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    digits(whole) && digits(fraction) && (whole, fraction) != ("", "") && !exponent.is_empty() && digits(exponent)
}

/// A YAML 1.1 sexagesimal number (`1:20`), which go-yaml quotes for older readers:
/// `^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`.
// Models gopkg.in/yaml.v2 encode.go isBase60Float
fn base60(s: &str) -> bool {
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (s, fraction) = s.split_once('.').unwrap_or((s, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit() || b == b'_');
    let mut parts = s.split(':');
    let first = parts.next().unwrap_or_default();
    let sixty = |p: &str| matches!(p.as_bytes(), [b'0'..=b'9'] | [b'0'..=b'5', b'0'..=b'9']);
    first.starts_with(|c: char| c.is_ascii_digit())
        && digits(first)
        && s.contains(':')
        && parts.all(sixty)
        && digits(fraction)
}

/// A date (`2006-1-2`), or a date and time as go-yaml reads one: `T` or `t` and a zone, or a space
/// and none (`15:4:5`, a fraction after the seconds).
// Models gopkg.in/yaml.v2 resolve.go parseTimestamp
fn timestamp(s: &str) -> bool {
    let (b, mut at) = (s.as_bytes(), 0);
    let (Some(year), Some(month)) = (number(b, &mut at, 4, 0..=9999, b'-'), number(b, &mut at, 2, 1..=12, b'-')) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = [31, 28 + u32::from(leap), 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month as usize - 1];
    if number(b, &mut at, 2, 1..=days, 0).is_none() {
        return false;
    }
    let Some(&sep) = b.get(at) else { return true };
    at += 1;
    let time = number(b, &mut at, 2, 0..=23, b':').and(number(b, &mut at, 2, 0..=59, b':'));
    if !matches!(sep, b'T' | b't' | b' ') || time.and(number(b, &mut at, 2, 0..=59, 0)).is_none() {
        return false;
    }
    let mut rest = &b[at..];
    if let [b'.' | b',', d, ..] = rest {
        if d.is_ascii_digit() {
            rest = &rest[1 + rest[1..].iter().take_while(|d| d.is_ascii_digit()).count()..];
        }
    }
    match rest {
        [] => sep == b' ',
        [b'Z'] => sep != b' ',
        [b'+' | b'-', h1, h2, b':', m1, m2] => sep != b' ' && [h1, h2, m1, m2].iter().all(|d| d.is_ascii_digit()),
        _ => false,
    }
}

/// The number at `at`, of one or two digits (a year of four), if it is in `range` and the byte
/// `after` (unless 0) follows it.
fn number(b: &[u8], at: &mut usize, width: usize, range: std::ops::RangeInclusive<u32>, after: u8) -> Option<u32> {
    let (start, mut n) = (*at, 0);
    while *at < b.len() && *at - start < width && b[*at].is_ascii_digit() {
        n = n * 10 + u32::from(b[*at] - b'0');
        *at += 1;
    }
    let ok = *at > start && (width < 4 || *at - start == 4) && range.contains(&n);
    if after != 0 {
        *at += 1;
    }
    (ok && (after == 0 || b.get(*at - 1) == Some(&after))).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each as `kubectl create configmap x --from-literal=k=<text> --dry-run=client -o yaml` prints
    /// it, but for a line break, which it writes as a literal block (`|-`).
    #[test]
    fn strings_are_quoted_as_go_yaml_quotes_them() {
        let cases = [
            ("plain", "plain"),
            ("8Gi", "8Gi"),
            ("v1.37.0", "v1.37.0"),
            ("1.2.3", "1.2.3"),
            ("00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000001"),
            ("2026-13-01", "2026-13-01"),
            ("registry.k8s.io/pause:3.10", "registry.k8s.io/pause:3.10"),
            ("-x", "-x"),
            ("a#b", "a#b"),
            ("é", "é"),
            ("a\\b", "a\\b"),
            // Plain, these would read as another type.
            ("", "\"\""),
            ("True", "\"True\""),
            ("yes", "\"yes\""),
            ("off", "\"off\""),
            ("y", "\"y\""),
            ("~", "\"~\""),
            ("null", "\"null\""),
            ("300", "\"300\""),
            ("-3", "\"-3\""),
            ("0x1F", "\"0x1F\""),
            ("012", "\"012\""),
            ("089", "\"089\""),
            ("1e3", "\"1e3\""),
            (".5", "\".5\""),
            ("1_000", "\"1_000\""),
            ("1:20", "\"1:20\""),
            ("2026-01-01T00:00:07Z", "\"2026-01-01T00:00:07Z\""),
            ("2026-1-2", "\"2026-1-2\""),
            ("2026-01-01 10:00:00.5", "\"2026-01-01 10:00:00.5\""),
            ("2026-01-01t10:00:00+01:00", "\"2026-01-01t10:00:00+01:00\""),
            // They need escapes.
            ("a\nb", "\"a\\nb\""),
            ("tab\there", "\"tab\\there\""),
            ("\u{1f600}", "\"\\U0001F600\""),
            // They cannot stand plain.
            ("a: b", "'a: b'"),
            ("it's: x", "'it''s: x'"),
            ("key:", "'key:'"),
            ("- x", "'- x'"),
            ("-", "'-'"),
            ("#x", "'#x'"),
            ("a #b", "'a #b'"),
            (" x", "' x'"),
            ("x ", "'x '"),
            ("*", "'*'"),
            ("---x", "'---x'"),
        ];
        for (text, printed) in cases {
            assert_eq!(yaml(&Value::map(vec![("k", Value::str(text))])), format!("k: {printed}\n"), "{text:?}");
        }
    }

    #[test]
    fn a_tree_prints_as_kubectl_prints_it() {
        // The condition's lines are as `kubectl run --dry-run=client -o yaml` prints the same
        // strings as annotations, at the same columns.
        let s = Value::str;
        let long = "0/3 nodes are available: 1 node(s) had volume node affinity conflict, 2 node(s) didn't match \
                    pod topology spread constraints. preemption: 0/3 nodes are available: 3 Preemption is not helpful.";
        let condition = Value::map(vec![
            ("lastProbeTime", Value::Null),
            ("message", s(long)),
            ("reason", s("a long plain reason that goes on and on past the eightieth column of its line")),
            ("status", s("False")),
        ]);
        let tree = Value::map(vec![
            ("a", Value::map(vec![("b", Value::Int(300)), ("c", Value::Bool(true)), ("d", Value::map(vec![]))])),
            ("e", Value::List(vec![s("x"), Value::List(vec![s("y"), s("z")]), Value::List(vec![])])),
            ("status", Value::map(vec![("conditions", Value::List(vec![condition]))])),
        ]);
        assert_eq!(
            yaml(&tree),
            "a:\n  b: 300\n  c: true\n  d: {}\ne:\n- x\n- - \"y\"\n  - z\n- []\nstatus:\n  conditions:\n  \
             - lastProbeTime: null\n    message: '0/3 nodes are available: 1 node(s) had volume node affinity \
             conflict,\n      2 node(s) didn''t match pod topology spread constraints. preemption: 0/3 nodes\n      \
             are available: 3 Preemption is not helpful.'\n    reason: a long plain reason that goes on and on \
             past the eightieth column of its\n      line\n    status: \"False\"\n"
        );
    }
}
