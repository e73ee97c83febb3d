//! A typed line read as kubectl reads its arguments: split as a shell splits it, then its flags as
//! kubectl's flag parser (spf13/pflag) reads them, with every error that parser gives in its words,
//! and cobra's suggestions for a command kubectl does not have.

use super::KUBECTL;

/// A flag: its long name, its shorthand (or a space), whether it takes a value, and whether the
/// prompt does what it says (a flag kubectl has and the prompt does not is said so, not refused
/// as unknown).
pub(super) type Flag = (&'static str, char, bool, bool);

const NAMESPACE_FLAG: Flag = ("namespace", 'n', true, true);
/// Flags of every command: kubectl's global ones.
pub(super) const GLOBAL: [Flag; 9] = [
    NAMESPACE_FLAG,
    ("help", 'h', false, true),
    ("context", ' ', true, false),
    ("cluster", ' ', true, false),
    ("kubeconfig", ' ', true, false),
    ("server", 's', true, false),
    ("user", ' ', true, false),
    ("token", ' ', true, false),
    ("request-timeout", ' ', true, false),
];

pub(super) fn flags(command: &str) -> &'static [Flag] {
    match command {
        "get" => &[
            ("output", 'o', true, true),
            ("selector", 'l', true, true),
            ("all-namespaces", 'A', false, true),
            ("show-labels", ' ', false, true),
            ("watch", 'w', false, true),
            ("field-selector", ' ', true, false),
            ("label-columns", 'L', true, false),
            ("sort-by", ' ', true, false),
            ("no-headers", ' ', false, false),
            ("ignore-not-found", ' ', false, false),
            ("watch-only", ' ', false, false),
            ("show-kind", ' ', false, false),
            ("filename", 'f', true, false),
        ],
        "describe" => &[
            ("all-namespaces", 'A', false, false),
            ("selector", 'l', true, false),
            ("show-events", ' ', false, false),
            ("filename", 'f', true, false),
        ],
        "delete" => &[
            ("force", ' ', false, true),
            ("grace-period", ' ', true, true),
            ("wait", ' ', false, true),
            ("now", ' ', false, true),
            ("all", ' ', false, false),
            ("selector", 'l', true, false),
            ("ignore-not-found", ' ', false, false),
            ("cascade", ' ', true, false),
            ("filename", 'f', true, false),
            ("dry-run", ' ', true, false),
        ],
        "scale" => &[
            ("replicas", ' ', true, true),
            ("current-replicas", ' ', true, false),
            ("all", ' ', false, false),
            ("selector", 'l', true, false),
            ("filename", 'f', true, false),
            ("dry-run", ' ', true, false),
        ],
        "drain" => &[
            ("ignore-daemonsets", ' ', false, true),
            ("delete-emptydir-data", ' ', false, true),
            ("force", ' ', false, true),
            ("grace-period", ' ', true, true),
            ("timeout", ' ', true, true),
            ("selector", 'l', true, false),
            ("dry-run", ' ', true, false),
        ],
        "api-resources" => &[
            ("output", 'o', true, false),
            ("namespaced", ' ', false, false),
            ("api-group", ' ', true, false),
            ("sort-by", ' ', true, false),
            ("verbs", ' ', true, false),
            ("no-headers", ' ', false, false),
            ("cached", ' ', false, false),
            ("categories", ' ', true, false),
        ],
        "version" => &[("client", ' ', false, false), ("output", 'o', true, false)],
        _ => &[("selector", 'l', true, false), ("dry-run", ' ', true, false)],
    }
}

/// A line's words as a shell splits them: single quotes keep everything, double quotes keep all
/// but `\"` and `\\`, a backslash outside quotes keeps the next character.
// Models github.com/google/shlex shlex.go Split
pub fn words(line: &str) -> Result<Vec<String>, String> {
    let (mut out, mut word, mut any) = (Vec::new(), String::new(), false);
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                any = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("unterminated quote: a ' is not closed".into()),
                    }
                }
            }
            '"' => {
                any = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err("unterminated quote: a \" is not closed".into()),
                        },
                        Some(c) => word.push(c),
                        None => return Err("unterminated quote: a \" is not closed".into()),
                    }
                }
            }
            '\\' => {
                any = true;
                word.extend(chars.next());
            }
            c if c.is_whitespace() => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => {
                any = true;
                word.push(c);
            }
        }
    }
    if any {
        out.push(word);
    }
    Ok(out)
}

/// The flags a command was given, by long name, and its other words.
pub(crate) struct Parsed {
    pub(crate) set: Vec<(&'static str, String)>,
    pub(crate) args: Vec<String>,
}

impl Parsed {
    pub(crate) fn get(&self, long: &str) -> Option<&str> {
        self.set.iter().rev().find(|(l, _)| *l == long).map(|(_, v)| v.as_str())
    }

    pub(crate) fn on(&self, long: &str) -> bool {
        self.get(long) == Some("true")
    }
}

pub(crate) fn usage(command: &str, error: &str) -> String {
    format!("error: {error}\nSee 'kubectl {command} --help' for usage.\n")
}

/// kubectl's flag parser (spf13/pflag): every error it can give, in its words.
// Models github.com/spf13/pflag/flag.go FlagSet.parseArgs
pub(super) fn parse(command: &str, words: &[String]) -> Result<Parsed, String> {
    let known = flags(command).iter().chain(&GLOBAL);
    let mut parsed = Parsed { set: Vec::new(), args: Vec::new() };
    let mut rest = words.iter();
    while let Some(word) = rest.next() {
        let mut value = |flag: &Flag, given: Option<&str>, named: &str| -> Result<(), String> {
            let (long, _, takes, _) = *flag;
            let value = match (takes, given) {
                (true, Some(v)) => v.to_string(),
                (true, None) => {
                    rest.next().cloned().ok_or_else(|| usage(command, &format!("flag needs an argument: {named}")))?
                }
                (false, None) => "true".into(),
                (false, Some(v)) => match v {
                    "true" | "1" | "t" | "T" | "TRUE" | "True" => "true".into(),
                    "false" | "0" | "f" | "F" | "FALSE" | "False" => "false".into(),
                    _ => {
                        let why = format!("strconv.ParseBool: parsing \"{v}\": invalid syntax");
                        return Err(usage(command, &format!("invalid argument \"{v}\" for \"--{long}\" flag: {why}")));
                    }
                },
            };
            parsed.set.push((long, value));
            Ok(())
        };
        if word == "--" {
            parsed.args.extend(rest.cloned());
            break;
        } else if let Some(long) = word.strip_prefix("--") {
            let (name, given) = match long.split_once('=') {
                Some((name, given)) => (name, Some(given)),
                None => (long, None),
            };
            let flag = known
                .clone()
                .find(|f| f.0 == name)
                .ok_or_else(|| usage(command, &format!("unknown flag: --{name}")))?;
            value(flag, given, &format!("--{name}"))?;
        } else if let Some(shorts) = word.strip_prefix('-').filter(|s| !s.is_empty()) {
            for (at, c) in shorts.char_indices() {
                let unknown = || usage(command, &format!("unknown shorthand flag: '{c}' in {word}"));
                let flag = known.clone().find(|f| f.1 == c && c != ' ').ok_or_else(unknown)?;
                if flag.2 {
                    let after = shorts.get(at + c.len_utf8()..).unwrap_or_default();
                    let after = after.strip_prefix('=').unwrap_or(after);
                    value(flag, Some(after).filter(|a| !a.is_empty()), &format!("'{c}' in -{c}"))?;
                    break;
                }
                value(flag, None, "")?;
            }
        } else {
            parsed.args.push(word.clone());
        }
    }
    Ok(parsed)
}

/// cobra's suggestions for an unknown command: a distance of at most two, or a prefix.
// Models github.com/spf13/cobra/command.go Command.SuggestionsFor
pub(super) fn suggest(typed: &str) -> Vec<&'static str> {
    let distance = |a: &str, b: &str| {
        let b: Vec<char> = b.chars().collect();
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, x) in a.chars().enumerate() {
            let mut previous = row[0];
            row[0] = i + 1;
            for (j, y) in b.iter().enumerate() {
                let next = (row[j + 1] + 1).min(row[j] + 1).min(previous + usize::from(x != *y));
                previous = row[j + 1];
                row[j + 1] = next;
            }
        }
        row[b.len()]
    };
    let typed = typed.to_ascii_lowercase();
    KUBECTL.into_iter().filter(|c| distance(&typed, c) <= 2 || c.starts_with(typed.as_str())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(line: &str) -> Vec<String> {
        words(line).unwrap()
    }

    #[test]
    fn words_split_as_a_shell_does() {
        assert_eq!(w("get  pods -o wide"), ["get", "pods", "-o", "wide"]);
        assert_eq!(
            w("get pods -o jsonpath='{.items[*]}{\"\\n\"}'"),
            ["get", "pods", "-o", "jsonpath={.items[*]}{\"\\n\"}"]
        );
        assert_eq!(w(r#"-l "app in (db)" a\ b ''"#), ["-l", "app in (db)", "a b", ""]);
        assert!(words("get 'pods").is_err());
        assert!(words("get \"pods").is_err());
        assert_eq!(w("データ を 見る"), ["データ", "を", "見る"]);
    }

    #[test]
    fn flags_are_read_as_pflag_reads_them() {
        let p = parse("get", &w("pods -ojson -Aw --show-labels=false -n=kube-system -- -x")).unwrap();
        assert_eq!(p.get("output"), Some("json"));
        assert!(p.on("all-namespaces") && p.on("watch") && !p.on("show-labels"));
        assert_eq!(p.get("namespace"), Some("kube-system"));
        assert_eq!(p.args, ["pods", "-x"]);
        let error = |line: &str| parse("get", &w(line)).err().unwrap();
        assert!(error("pods --colour").starts_with("error: unknown flag: --colour\n"));
        assert!(error("pods -z").starts_with("error: unknown shorthand flag: 'z' in -z\n"));
        assert!(error("pods -Az").starts_with("error: unknown shorthand flag: 'z' in -Az\n"));
        assert!(error("pods -o").starts_with("error: flag needs an argument: 'o' in -o\n"));
        assert!(error("pods --output").starts_with("error: flag needs an argument: --output\n"));
        assert!(error("pods --watch=maybe").contains("strconv.ParseBool: parsing \"maybe\""));
    }

    #[test]
    fn an_unknown_command_is_suggested_as_cobra_does() {
        assert_eq!(suggest("gte"), ["get"]);
        assert_eq!(suggest("delet"), ["delete"]);
        assert!(suggest("frobnicate").is_empty());
        assert!(suggest("de").contains(&"describe"));
    }
}
