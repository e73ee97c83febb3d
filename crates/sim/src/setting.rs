//! The values a demo's controls choose between, as the API spells them.
//!
//! Each control shows every value of one setting and marks the current one; a page and a test find a
//! button by its `data-value`, which is the setting's `code()`. Keeping the list and the spelling
//! next to the type means a new variant is offered everywhere, and no view turns strings back into
//! values.

use crate::api::{AccessMode, Binding, PodManagementPolicy, Reclaim, WhenUnsatisfiable};
use crate::statefulset::Retention;
use crate::topology::{AllowedZones, SpreadKey, TaintsPolicy};

pub trait Setting: Copy + PartialEq + 'static {
    /// Every value, in the order a control offers them.
    const ALL: &'static [Self];

    /// The value as the Kubernetes API spells it (`WaitForFirstConsumer`), or a short word where the
    /// API has none (`on`, `room1`).
    fn code(self) -> &'static str;
}

/// A switch: on or off.
impl Setting for bool {
    const ALL: &'static [bool] = &[false, true];

    fn code(self) -> &'static str {
        if self {
            "on"
        } else {
            "off"
        }
    }
}

impl Setting for AccessMode {
    const ALL: &'static [AccessMode] = &AccessMode::ALL;

    fn code(self) -> &'static str {
        self.name()
    }
}

impl Setting for Binding {
    const ALL: &'static [Binding] = &Binding::ALL;

    fn code(self) -> &'static str {
        self.name()
    }
}

impl Setting for Reclaim {
    const ALL: &'static [Reclaim] = &Reclaim::ALL;

    fn code(self) -> &'static str {
        self.name()
    }
}

impl Setting for PodManagementPolicy {
    const ALL: &'static [PodManagementPolicy] = &PodManagementPolicy::ALL;

    fn code(self) -> &'static str {
        self.name()
    }
}

impl Setting for Retention {
    const ALL: &'static [Retention] = &Retention::ALL;

    fn code(self) -> &'static str {
        self.name()
    }
}

impl Setting for TaintsPolicy {
    const ALL: &'static [TaintsPolicy] = &TaintsPolicy::ALL;

    fn code(self) -> &'static str {
        self.name()
    }
}

impl Setting for WhenUnsatisfiable {
    const ALL: &'static [WhenUnsatisfiable] = &WhenUnsatisfiable::ALL;

    fn code(self) -> &'static str {
        self.name()
    }
}

impl Setting for AllowedZones {
    const ALL: &'static [AllowedZones] = &[AllowedZones::Both, AllowedZones::Room1, AllowedZones::Room2];

    fn code(self) -> &'static str {
        match self {
            AllowedZones::Both => "both",
            AllowedZones::Room1 => "room1",
            AllowedZones::Room2 => "room2",
        }
    }
}

impl Setting for SpreadKey {
    const ALL: &'static [SpreadKey] = &SpreadKey::ALL;

    fn code(self) -> &'static str {
        match self {
            SpreadKey::Zone => "zone",
            SpreadKey::Hostname => "hostname",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes_are_distinct<S: Setting>() {
        for (i, a) in S::ALL.iter().enumerate() {
            for b in &S::ALL[i + 1..] {
                assert_ne!(a.code(), b.code());
            }
        }
    }

    #[test]
    fn every_setting_spells_each_value_once() {
        codes_are_distinct::<bool>();
        codes_are_distinct::<AccessMode>();
        codes_are_distinct::<Binding>();
        codes_are_distinct::<Reclaim>();
        codes_are_distinct::<PodManagementPolicy>();
        codes_are_distinct::<Retention>();
        codes_are_distinct::<TaintsPolicy>();
        codes_are_distinct::<WhenUnsatisfiable>();
        codes_are_distinct::<AllowedZones>();
        codes_are_distinct::<SpreadKey>();
    }
}
