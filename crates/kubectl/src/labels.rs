//! Label selectors as the API server reads them (`k8s.io/apimachinery/pkg/labels`): `k=v`,
//! `k==v`, `k!=v`, `k`, `!k`, `k in (a,b)`, `k notin (a,b)`, comma separated. The served cluster
//! and our `kubectl get -l` select with this one reading; one that does not parse says why in the
//! API server's words.

/// A parsed selector: every requirement must hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LabelSelector(Vec<Requirement>);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Requirement {
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
    Exists(String),
    DoesNotExist(String),
}

fn valid_label_key(key: &str) -> bool {
    let name = key.rsplit_once('/').map_or(key, |(_, n)| n);
    !name.is_empty()
        && name.len() <= 63
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
        && name.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && name.chars().last().is_some_and(|c| c.is_ascii_alphanumeric())
}

/// Splits at commas that are not inside parentheses.
fn split_top(text: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

fn parse_label(part: &str) -> Result<Requirement, String> {
    let part = part.trim();
    let bad = || format!("unable to parse requirement: found '{part}', expected: in, notin, =, ==, !=, gt, lt");
    let key_ok = |key: &str| {
        if valid_label_key(key) {
            Ok(key.to_string())
        } else {
            Err(format!("unable to parse requirement: invalid label key \"{key}\""))
        }
    };
    if let Some(key) = part.strip_prefix('!') {
        return Ok(Requirement::DoesNotExist(key_ok(key.trim())?));
    }
    for (op, negate) in [("!=", true), ("==", false), ("=", false)] {
        if let Some((key, value)) = part.split_once(op) {
            let (key, value) = (key_ok(key.trim())?, value.trim().to_string());
            return Ok(if negate { Requirement::NotIn(key, vec![value]) } else { Requirement::In(key, vec![value]) });
        }
    }
    for (op, negate) in [(" notin ", true), (" in ", false)] {
        if let Some((key, values)) = part.split_once(op) {
            let values = values.trim().strip_prefix('(').and_then(|v| v.strip_suffix(')')).ok_or_else(bad)?;
            let values: Vec<String> = values.split(',').map(|v| v.trim().to_string()).collect();
            let key = key_ok(key.trim())?;
            return Ok(if negate { Requirement::NotIn(key, values) } else { Requirement::In(key, values) });
        }
    }
    if part.contains(|c: char| c.is_whitespace() || "()<>".contains(c)) {
        return Err(bad());
    }
    Ok(Requirement::Exists(key_ok(part)?))
}

impl LabelSelector {
    // Models staging/src/k8s.io/apimachinery/pkg/labels/selector.go Parse
    pub fn parse(text: &str) -> Result<LabelSelector, String> {
        split_top(text)
            .into_iter()
            .filter(|p| !p.trim().is_empty())
            .map(parse_label)
            .collect::<Result<_, _>>()
            .map(LabelSelector)
    }

    /// Whether an object with these labels is selected.
    // Models staging/src/k8s.io/apimachinery/pkg/labels/selector.go internalSelector.Matches
    pub fn matches(&self, labels: &[(String, String)]) -> bool {
        let label = |key: &str| labels.iter().find(|(k, _)| k == key).map(|(_, v)| v);
        self.0.iter().all(|r| match r {
            Requirement::In(k, vs) => label(k).is_some_and(|v| vs.contains(v)),
            Requirement::NotIn(k, vs) => label(k).is_none_or(|v| !vs.contains(v)),
            Requirement::Exists(k) => label(k).is_some(),
            Requirement::DoesNotExist(k) => label(k).is_none(),
        })
    }
}
