//! `get -w`: what kubectl's watch prints once the demo has moved.

use crate::read::{Get, Output};
use crate::{print, Moment, Row, Shown, Table};

/// `get -w`: once the demo has moved from `before` to `after`, the rows kubectl's watch prints for
/// the `get` it watches: each listed object that is new or changed (its tree differs), and each
/// gone, as it last was. AGE alone changes nothing: the object is the same.
// Models staging/src/k8s.io/kubectl/pkg/cmd/get/get.go GetOptions.watch
pub fn watched(before: &Moment, after: &Moment, get: &Get) -> String {
    let names = &get.names;
    let shown =
        Shown { wide: get.output == Output::Wide, show_labels: get.show_labels, all_namespaces: get.all_namespaces };
    let mut out = String::new();
    for kind in get.resources.iter().map(|r| r.kind()) {
        let table = |moment: &Moment| match kind {
            Some(kind) => moment.table(kind),
            None => moment.event_table(),
        };
        let (old, mut new) = (table(before), table(after));
        let same = |name: &str| match kind {
            Some(kind) => before.object(kind, name) == after.object(kind, name),
            None => old.rows.iter().any(|r| r.name == name),
        };
        let gone: Vec<Row> = old.rows.iter().filter(|r| !new.rows.iter().any(|n| n.name == r.name)).cloned().collect();
        new.rows.retain(|r| !same(&r.name));
        new.rows.extend(gone);
        new.rows.retain(|r| names.is_empty() || names.contains(&r.name));
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
    use crate::prompt::tests::db;
    use crate::read::Request;
    use kubevol_sim::statefulset;

    #[test]
    fn a_watch_prints_the_rows_that_changed_and_those_gone() {
        let before = db();
        // The state at that moment, replayed as the moment was.
        let mut after = Moment::default();
        let (mut state, events) =
            <statefulset::State as kubevol_sim::Model>::start(&statefulset::Config::default()).unwrap();
        after.observe(&state, &events);
        let _ = after.apply(&mut state, statefulset::Action::Run { max: 20 });
        assert_eq!(after, before, "a moment is its history replayed");
        let get = |line: &str| match Request::read(line) {
            Ok(Request::Get(get)) => get,
            other => panic!("{other:?}"),
        };
        let args = get("get pods");
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
        let named = get("get pods db-0");
        assert_eq!(watched(&before, &after, &named).lines().count(), 1);
    }
}
