//! Timespan and Timestamp values: signed nanosecond counts with Puppet's default string forms
//! (`1-02:03:04.5` and `2000-01-01T00:00:00.000000000 UTC`).

use core::fmt;

use super::time_format;

const NANOS_PER_SECOND: i128 = 1_000_000_000;

/// A signed 128-bit nanosecond count. In the .wasm it is kept as two 64-bit halves: an `i128`
/// field gives `Value` 16-byte alignment there too, making every value 32 bytes instead of 24
/// and the module about 1.1 KB larger (gzipped). Native builds keep the `i128`: measured, the
/// 32-byte values run faster there (hash_build 3.8 -> 3.6 ms, reduce_sum 17.0 -> 16.2 ms)
/// although they take about 1 % more instructions. The derived order (high half signed, then
/// low half unsigned) is the order of the `i128`.
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Nanos {
    high: i64,
    low: u64,
}

#[cfg(target_arch = "wasm32")]
impl Nanos {
    fn new(nanoseconds: i128) -> Nanos {
        Nanos {
            high: (nanoseconds >> 64) as i64,
            low: nanoseconds as u64,
        }
    }

    fn get(self) -> i128 {
        (i128::from(self.high) << 64) | i128::from(self.low)
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Nanos(i128);

#[cfg(not(target_arch = "wasm32"))]
impl Nanos {
    fn new(nanoseconds: i128) -> Nanos {
        Nanos(nanoseconds)
    }

    fn get(self) -> i128 {
        self.0
    }
}

impl fmt::Debug for Nanos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.get(), f)
    }
}

/// A duration: whole nanoseconds (may be negative).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timespan {
    nanoseconds: Nanos,
}

/// A point in time: nanoseconds since 1970-01-01T00:00:00 UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timestamp {
    nanoseconds: Nanos,
}

/// A string that none of the accepted formats could parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeParseError {
    pub message: alloc::string::String,
}

fn nanos_from_seconds(seconds: f64) -> i128 {
    super::float_math::round(seconds * NANOS_PER_SECOND as f64) as i128
}

/// What both nanosecond counts have: their constructors and readings in seconds.
macro_rules! nanosecond_count {
    ($name:ident) => {
        impl $name {
            pub fn from_nanoseconds(nanoseconds: i128) -> $name {
                $name {
                    nanoseconds: Nanos::new(nanoseconds),
                }
            }

            pub fn from_seconds(seconds: i64) -> $name {
                $name::from_nanoseconds(seconds as i128 * NANOS_PER_SECOND)
            }

            pub fn from_seconds_f64(seconds: f64) -> $name {
                $name::from_nanoseconds(nanos_from_seconds(seconds))
            }

            pub fn nanoseconds(self) -> i128 {
                self.nanoseconds.get()
            }

            pub fn as_seconds_f64(self) -> f64 {
                self.nanoseconds() as f64 / NANOS_PER_SECOND as f64
            }

            pub(crate) fn equals_seconds(self, seconds: f64) -> bool {
                self.as_seconds_f64() == seconds
            }
        }
    };
}

nanosecond_count!(Timespan);
nanosecond_count!(Timestamp);

impl Timespan {
    /// Parses the default formats (`%D-%H:%M:%S.%-N`, `%H:%M:%S`, `%S`, ...), as `Timespan['1-00:00:00']`.
    pub fn parse(text: &str) -> Result<Timespan, TimeParseError> {
        time_format::parse_timespan(text).map(Timespan::from_nanoseconds)
    }
}

impl Timestamp {
    /// Parses the default formats (`%FT%T.%N %Z`, ..., `%F`), as `Timestamp['2012-10-10']`.
    pub fn parse(text: &str) -> Result<Timestamp, TimeParseError> {
        time_format::parse_timestamp(text).map(Timestamp::from_nanoseconds)
    }
}

impl fmt::Display for Timespan {
    /// `%D-%H:%M:%S.%-N`: days, then the fraction without trailing zeros (`0-00:00:01.0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&time_format::format_timespan(self.nanoseconds()))
    }
}

impl fmt::Display for Timestamp {
    /// `%FT%T.%N %Z` in UTC: `1970-01-01T00:00:00.000000000 UTC`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&time_format::format_timestamp(self.nanoseconds()))
    }
}
