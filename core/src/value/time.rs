//! Timespan and Timestamp values: signed nanosecond counts with Puppet's default string forms
//! (`1-02:03:04.5` and `2000-01-01T00:00:00.000000000 UTC`).

use core::fmt;

use super::time_format;

const NANOS_PER_SECOND: i128 = 1_000_000_000;

/// A duration: whole nanoseconds (may be negative).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timespan {
    nanoseconds: i128,
}

/// A point in time: nanoseconds since 1970-01-01T00:00:00 UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timestamp {
    nanoseconds: i128,
}

/// A string that none of the accepted formats could parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeParseError {
    pub message: alloc::string::String,
}

fn nanos_from_seconds(seconds: f64) -> i128 {
    (seconds * NANOS_PER_SECOND as f64).round() as i128
}

impl Timespan {
    pub fn from_nanoseconds(nanoseconds: i128) -> Timespan {
        Timespan { nanoseconds }
    }

    pub fn from_seconds(seconds: i64) -> Timespan {
        Timespan::from_nanoseconds(seconds as i128 * NANOS_PER_SECOND)
    }

    pub fn from_seconds_f64(seconds: f64) -> Timespan {
        Timespan::from_nanoseconds(nanos_from_seconds(seconds))
    }

    pub fn nanoseconds(self) -> i128 {
        self.nanoseconds
    }

    pub fn as_seconds_f64(self) -> f64 {
        self.nanoseconds as f64 / NANOS_PER_SECOND as f64
    }

    pub(crate) fn equals_seconds(self, seconds: f64) -> bool {
        self.as_seconds_f64() == seconds
    }

    /// Parses the default formats (`%D-%H:%M:%S.%-N`, `%H:%M:%S`, `%S`, ...), as `Timespan['1-00:00:00']`.
    pub fn parse(text: &str) -> Result<Timespan, TimeParseError> {
        time_format::parse_timespan(text).map(Timespan::from_nanoseconds)
    }
}

impl Timestamp {
    pub fn from_nanoseconds(nanoseconds: i128) -> Timestamp {
        Timestamp { nanoseconds }
    }

    pub fn from_seconds(seconds: i64) -> Timestamp {
        Timestamp::from_nanoseconds(seconds as i128 * NANOS_PER_SECOND)
    }

    pub fn from_seconds_f64(seconds: f64) -> Timestamp {
        Timestamp::from_nanoseconds(nanos_from_seconds(seconds))
    }

    pub fn nanoseconds(self) -> i128 {
        self.nanoseconds
    }

    pub fn as_seconds_f64(self) -> f64 {
        self.nanoseconds as f64 / NANOS_PER_SECOND as f64
    }

    pub(crate) fn equals_seconds(self, seconds: f64) -> bool {
        self.as_seconds_f64() == seconds
    }

    /// Parses the default formats (`%FT%T.%N %Z`, ..., `%F`), as `Timestamp['2012-10-10']`.
    pub fn parse(text: &str) -> Result<Timestamp, TimeParseError> {
        time_format::parse_timestamp(text).map(Timestamp::from_nanoseconds)
    }
}

impl fmt::Display for Timespan {
    /// `%D-%H:%M:%S.%-N`: days, then the fraction without trailing zeros (`0-00:00:01.0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&time_format::format_timespan(self.nanoseconds))
    }
}

impl fmt::Display for Timestamp {
    /// `%FT%T.%N %Z` in UTC: `1970-01-01T00:00:00.000000000 UTC`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&time_format::format_timestamp(self.nanoseconds))
    }
}
