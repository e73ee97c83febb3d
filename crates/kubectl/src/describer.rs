//! `kubectl describe`'s layout, which every kind's describer (in its file, `kind/`) writes with.
//!
//! Each describer follows kubectl 1.33's for its kind, named where it is written. kubectl has no
//! describer of its own for a CSIDriver or a VolumeAttachment, so its generic describer prints the
//! object's fields, titled as `smartLabelFor` titles them. Every value is the one the object's tree
//! holds (object.rs), which is what the served cluster gives the real kubectl.
//!
//! Layout: each describer writes lines whose cells end at a tab into a Go tabwriter with padding 2
//! ([`align`]); the `Events:` table comes after a flush, as `DescribeEvents` writes it
//! (`Moment::describe`).

use crate::object::MOUNT_PATH;
use crate::table::age;
use crate::{CONTAINER_CREATING, IMAGE};

/// One line of a description; a tab ends a cell.
macro_rules! put {
    ($w:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($w, $($arg)*);
    }};
}
pub(crate) use put;

/// How long ago a step was, as kubectl counts from its clock (`translateTimestampSince`), `now`
/// being the current step: a time more than a second ahead, such as a pod's deletionTimestamp
/// during its grace period, is `<invalid>` (`HumanDuration`).
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go translateTimestampSince
pub(crate) fn since(now: u64, step: u64) -> String {
    if step > now + 1 {
        "<invalid>".into()
    } else {
        age(now.saturating_sub(step))
    }
}

/// A demo pod's one container (`describeContainers`), past its name: no ports, no environment, and
/// the mount of its volume, if it has one.
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describeContainers
/// A container with a status (only one that waits for its volume has one here) says so.
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go describeContainerState
pub(crate) fn container(w: &mut String, volume: Option<&str>, creating: bool) {
    if creating {
        put!(w, "    Container ID:\t\n    Image:\t{IMAGE}\n    Image ID:\t");
    } else {
        put!(w, "    Image:\t{IMAGE}");
    }
    put!(w, "    Port:\t<none>\n    Host Port:\t<none>");
    if creating {
        put!(w, "    State:\tWaiting\n      Reason:\t{CONTAINER_CREATING}\n    Ready:\tFalse\n    Restart Count:\t0");
    }
    put!(w, "    Environment:\t<none>");
    match volume {
        Some(volume) => put!(w, "    Mounts:\n      {MOUNT_PATH} from {volume} (rw)"),
        None => put!(w, "    Mounts:\t<none>"),
    }
}

/// `Title:` and its items one a line, the first beside the title and the rest under it, in the
/// column after it; `<none>` for none (`printLabelsMultiline` and its kin).
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go printLabelsMultiline
pub(crate) fn multiline(w: &mut String, title: &str, items: impl IntoIterator<Item = String>) {
    w.push_str(title);
    w.push(':');
    let empty = w.len();
    for item in items {
        put!(w, "\t{item}");
    }
    if w.len() == empty {
        put!(w, "\t<none>");
    }
}

/// Labels as `key=value`, sorted by key.
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go printLabelsMultiline
pub(crate) fn labels(w: &mut String, title: &str, labels: &[(String, String)]) {
    let mut sorted: Vec<&(String, String)> = labels.iter().collect();
    sort(&mut sorted);
    multiline(w, title, sorted.into_iter().map(|(k, v)| format!("{k}={v}")));
}

/// The annotations an object has, as `key: value`, in the order the object holds them (sorted by key,
/// as the API server returns them).
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go printAnnotationsMultiline
pub(crate) fn annotations(w: &mut String, annotations: &[(bool, &str, &str)]) {
    let had = annotations.iter().filter(|a| a.0);
    multiline(w, "Annotations", had.map(|(_, k, v)| format!("{k}: {v}")));
}

/// A short list sorted in place by insertion: a few instructions, where the standard library's
/// sorts would each bring kilobytes into the wasm bundle.
pub(crate) fn sort<T: PartialOrd>(items: &mut [T]) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && items[j - 1] > items[j] {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Lines laid out as kubectl's Go tabwriter lays them out (padding 2, as `tabbedString` sets it
/// up): a tab ends a cell, and each column of cells is as wide as its widest cell plus 2 over a
/// run of consecutive lines that all have that cell, so a line with fewer cells ends the run (and
/// a line without tabs ends every run). The text after a line's last tab is in no column.
// Models staging/src/k8s.io/kubectl/pkg/describe/describe.go tabbedString
pub(crate) fn align(text: &str) -> String {
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    let mut widths: Vec<Vec<usize>> = lines.iter().map(|l| vec![0; l.len().saturating_sub(1)]).collect();
    let deepest = lines.iter().map(Vec::len).max().unwrap_or(0);
    for column in 0..deepest {
        let mut at = 0;
        while at < lines.len() {
            // The run from `at` of lines with this cell; none if the line at `at` has not got it.
            let end = (at..lines.len()).find(|&i| widths[i].len() <= column).unwrap_or(lines.len());
            let cells = lines[at..end].iter().filter_map(|l| l.get(column));
            let width = cells.map(|c| c.chars().count() + 2).max().unwrap_or(0);
            for w in widths[at..end].iter_mut().filter_map(|w| w.get_mut(column)) {
                *w = width;
            }
            at = end + 1;
        }
    }
    let mut out = String::new();
    for (cells, widths) in lines.iter().zip(&widths) {
        for (c, cell) in cells.iter().enumerate() {
            out.push_str(cell);
            let pad = widths.get(c).map_or(0, |w| w.saturating_sub(cell.chars().count()));
            out.extend(std::iter::repeat_n(' ', pad));
        }
        out.push('\n');
    }
    out
}
