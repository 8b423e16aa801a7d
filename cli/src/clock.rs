//! The compile's current time: the machine's clock, or `SOURCE_DATE_EPOCH` when it is set (the
//! variable reproducible builds use to fix "now"), for `Timestamp()` and stdlib's `time()`.

use std::time::{SystemTime, UNIX_EPOCH};

const NANOS_PER_SECOND: i128 = 1_000_000_000;

/// Nanoseconds since the epoch; `None` when the clock is before the epoch.
pub fn now() -> Option<i128> {
    if let Some(seconds) = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|text| text.trim().parse::<i64>().ok())
    {
        return Some(i128::from(seconds) * NANOS_PER_SECOND);
    }
    let since = SystemTime::now().duration_since(UNIX_EPOCH).ok()?;
    i128::try_from(since.as_nanos()).ok()
}
