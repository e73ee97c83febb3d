//! The demo's clock as a cluster's: step 0 at [`crate::EPOCH`] (or when a served cluster started),
//! one step a second, written as the API server and `kubectl describe` write times.

use std::sync::atomic::{AtomicU64, Ordering};

/// When step 0 happens, in seconds since 1970: [`crate::EPOCH`] unless a served cluster counts its
/// steps back from the moment it started ([`set_step_zero`]), so a client's clock and the
/// server's ages agree.
static STEP_ZERO: AtomicU64 = AtomicU64::new(crate::EPOCH_SECONDS);

/// Step 0 at `unix_seconds`, for every timestamp this process prints from now on.
pub fn set_step_zero(unix_seconds: u64) {
    STEP_ZERO.store(unix_seconds, Ordering::Relaxed);
}

/// A step's time in seconds since 1970.
fn unix(step: u64) -> u64 {
    STEP_ZERO.load(Ordering::Relaxed) + step
}

/// Seconds since 1970 as a civil date and time (UTC): year, month, day, weekday (0 is Sunday),
/// and the seconds into that day.
// Models Howard Hinnant's civil_from_days, which Go's time package computes the same way
fn civil(unix: u64) -> (u64, u64, u64, u64, u64) {
    let (days, seconds) = (unix / 86_400, unix % 86_400);
    let z = days + 719_468;
    let (era, doe) = (z / 146_097, z % 146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day, (days + 4) % 7, seconds)
}

/// A step as RFC 3339.
// Models staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/time.go Time.MarshalJSON
pub fn timestamp(step: u64) -> String {
    let (year, month, day, _, s) = civil(unix(step));
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", s / 3600, s / 60 % 60, s % 60)
}

/// A step as Go's `time.RFC1123Z` writes it, which `kubectl describe` prints.
pub(crate) fn rfc1123z(step: u64) -> String {
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let (year, month, day, weekday, s) = civil(unix(step));
    let (weekday, month) = (DAYS[weekday as usize], MONTHS[month as usize - 1]);
    format!("{weekday}, {day:02} {month} {year} {:02}:{:02}:{:02} +0000", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_are_go_s_across_leap_days_and_centuries() {
        assert_eq!(civil(crate::EPOCH_SECONDS), (2026, 1, 1, 4, 0), "a Thursday");
        assert_eq!(civil(0), (1970, 1, 1, 4, 0));
        assert_eq!(civil(1_709_164_800 + 3_661), (2024, 2, 29, 4, 3_661));
        assert_eq!(civil(951_868_800), (2000, 3, 1, 3, 0));
        assert_eq!(civil(4_107_542_399), (2100, 2, 28, 0, 86_399));
    }
}
