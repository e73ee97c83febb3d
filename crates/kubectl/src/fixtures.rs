//! What the crate's tests type at: the chapter's StatefulSet once it has converged.

use crate::{Kind, Moment};
use kubevol_sim::statefulset;

/// The chapter's StatefulSet once it has converged: db-0, db-1 and db-2 running (the moment
/// every test of the prompt types at).
pub(crate) fn db() -> Moment {
    Moment::replay::<statefulset::State>(&statefulset::Config::default(), &[statefulset::Action::Run { max: 20 }])
}

pub(crate) const KINDS: [Kind; 2] = [Kind::StatefulSet, Kind::Pod];
