//! `get -w`: what kubectl's watch prints once the demo has moved.

use crate::kubectl::command::resource;
use crate::kubectl::{print, Moment, Row, Shown, Table};

/// `get -w`: once the demo has moved from `before` to `after`, the rows kubectl's watch prints for
/// the `get` it watches: each listed object that is new or changed (its YAML differs), and each
/// gone, as it last was. AGE alone changes nothing: the object is the same.
pub fn watched(before: &Moment, after: &Moment, args: &[String]) -> String {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let Some(kinds) = words.get(1) else {
        return String::new();
    };
    let names: Vec<&str> = words.iter().skip(2).take_while(|w| !w.starts_with('-')).copied().collect();
    let shown = Shown {
        wide: words.windows(2).any(|w| w == ["-o", "wide"]),
        show_labels: words.contains(&"--show-labels"),
        all_namespaces: words.contains(&"-A"),
    };
    let mut out = String::new();
    for kind in kinds.split(',').filter_map(resource) {
        let table = |moment: &Moment| match kind {
            Some(kind) => moment.table(kind),
            None => moment.event_table(),
        };
        let (old, mut new) = (table(before), table(after));
        let same = |name: &str| match kind {
            Some(kind) => before.yaml(kind, name) == after.yaml(kind, name),
            None => old.rows.iter().any(|r| r.name == name),
        };
        let gone: Vec<Row> = old.rows.iter().filter(|r| !new.rows.iter().any(|n| n.name == r.name)).cloned().collect();
        new.rows.retain(|r| !same(&r.name));
        new.rows.extend(gone);
        new.rows.retain(|r| names.is_empty() || names.contains(&r.name.as_str()));
        for row in new.rows {
            let one = Table { rows: vec![row], ..table(after) };
            // Each event is printed alone, as kubectl's watch does: without the header.
            if let Some((_, line)) = print(&[one], false, shown).split_once('\n') {
                out.push_str(line);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kubectl::prompt::tests::db;
    use crate::statefulset;

    #[test]
    fn a_watch_prints_the_rows_that_changed_and_those_gone() {
        let before = db();
        // The state at that moment, replayed as the moment was.
        let mut after = Moment::default();
        let (mut state, events) = <statefulset::State as crate::Model>::start(&statefulset::Config::default()).unwrap();
        after.observe(&state, &events);
        let _ = after.apply(&mut state, statefulset::Action::Run { max: 20 });
        assert_eq!(after, before, "a moment is its history replayed");
        let args: Vec<String> = ["get", "pods"].map(String::from).to_vec();
        assert_eq!(watched(&before, &after, &args), "", "nothing changed, nothing printed");
        // Steps that change nothing but the clock print nothing: the objects are the same.
        let _ = after.apply(&mut state, statefulset::Action::Step);
        assert_eq!(watched(&before, &after, &args), "");
        let _ = after.apply(&mut state, statefulset::Action::DeletePod { ordinal: 2 });
        let printed = watched(&before, &after, &args);
        assert!(printed.starts_with("db-2 ") && printed.lines().count() == 1, "{printed}");
        let _ = after.apply(&mut state, statefulset::Action::Scale { replicas: 0 });
        let _ = after.apply(&mut state, statefulset::Action::Run { max: 20 });
        let gone = watched(&before, &after, &args);
        assert_eq!(gone.lines().count(), 3, "each pod gone, as it last was: {gone}");
        let named: Vec<String> = ["get", "pods", "db-0"].map(String::from).to_vec();
        assert_eq!(watched(&before, &after, &named).lines().count(), 1);
    }
}
