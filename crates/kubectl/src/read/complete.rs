//! What Tab does: the command, the kind, the object's name or the flag being typed, completed as
//! far as it is sure.

use super::flags::{flags, GLOBAL};
use crate::cmd::help::OURS;
use crate::{Kind, KindWords, Moment, Resource};

/// What Tab does to a line: the line completed as far as it is sure, and the candidates when
/// there are several.
pub fn complete(moment: &Moment, kinds: &[Kind], line: &str) -> (String, Vec<String>) {
    // Nothing typed is nothing to complete: Tab then moves the focus on, as everywhere else.
    if line.trim().is_empty() {
        return (line.to_string(), Vec::new());
    }
    let (head, partial) = line.rsplit_once(' ').map_or(("", line), |(h, p)| (h, p));
    let before: Vec<&str> = head.split_whitespace().filter(|w| *w != "kubectl").collect();
    let command = before.first().copied().unwrap_or("");
    let mut candidates: Vec<String> = if before.is_empty() {
        OURS.iter().map(|(name, _)| name.to_string()).collect()
    } else if partial.starts_with('-') {
        flags(command).iter().chain(&GLOBAL).filter(|f| f.3).map(|f| format!("--{}", f.0)).collect()
    } else if matches!(command, "cordon" | "uncordon" | "drain") && before.len() == 1 {
        moment.cluster.nodes.iter().map(|n| n.name.clone()).collect()
    } else if before.len() == 1 && matches!(command, "get" | "describe" | "delete" | "scale") {
        let mut out: Vec<String> = kinds.iter().map(|k| k.api().plural.to_string()).collect();
        out.extend(kinds.iter().flat_map(|k| k.api().short_names.iter().map(|s| s.to_string())));
        if command == "get" {
            out.push(Resource::Event.api().plural.into());
        }
        out
    } else if let Some(Resource::Kind(kind)) = before.get(1).and_then(|w| Resource::typed(w)) {
        moment.cluster.names().into_iter().filter(|(k, _)| *k == kind).map(|(_, n)| n).collect()
    } else {
        Vec::new()
    };
    candidates.retain(|c| c.starts_with(partial));
    candidates.dedup();
    let head = if head.is_empty() { String::new() } else { format!("{head} ") };
    match &candidates[..] {
        [] => (line.to_string(), candidates),
        [one] => (format!("{head}{one} "), Vec::new()),
        [first, others @ ..] => {
            let mut common = first.len();
            for other in others {
                common = first.bytes().zip(other.bytes()).take(common).take_while(|(a, b)| a == b).count();
            }
            let sure = first.get(..common).unwrap_or(partial);
            (format!("{head}{sure}"), candidates)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{db, KINDS};

    #[test]
    fn tab_completes_commands_kinds_names_and_flags() {
        let moment = db();
        assert_eq!(complete(&moment, &KINDS, "ge").0, "get ");
        assert_eq!(complete(&moment, &KINDS, "get po").1, ["pods", "po"]);
        assert_eq!(complete(&moment, &KINDS, "get statef").0, "get statefulsets ");
        assert_eq!(complete(&moment, &KINDS, "get statefulsets d").0, "get statefulsets db ");
        assert_eq!(complete(&moment, &KINDS, "delete pod db-").1, ["db-0", "db-1", "db-2"]);
        assert_eq!(complete(&moment, &KINDS, "get pods --show-l").0, "get pods --show-labels ");
        assert_eq!(complete(&moment, &KINDS, "zzz").0, "zzz");
        let (line, shown) = complete(&moment, &KINDS, "d");
        assert_eq!((line.as_str(), shown.len()), ("d", 3));
    }
}
