//! Default string forms and parsing of Timespan and Timestamp (calendar arithmetic in UTC).

use alloc::format;
use alloc::string::String;

use super::TimeParseError;

const NANOS: i128 = 1_000_000_000;
const DAY: i128 = 86_400;

pub(super) fn format_timespan(nanoseconds: i128) -> String {
    let negative = nanoseconds < 0;
    let total = nanoseconds.unsigned_abs();
    let seconds = total / NANOS as u128;
    let fraction = total % NANOS as u128;
    let days = seconds / DAY as u128;
    let hours = seconds / 3600 % 24;
    let minutes = seconds / 60 % 60;
    let secs = seconds % 60;
    let mut fraction_text = format!("{fraction}");
    while fraction_text.len() > 1 && fraction_text.ends_with('0') {
        fraction_text.pop();
    }
    format!(
        "{}{days}-{hours:02}:{minutes:02}:{secs:02}.{fraction_text}",
        if negative { "-" } else { "" }
    )
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian (Howard Hinnant's algorithm);
/// shared with the `Timestamp` constructor and `strftime` (`functions/time.rs`).
pub(crate) fn civil_from_days(days: i128) -> (i128, i128, i128) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i128::from(month <= 2), month, day)
}

/// (year, month, day) to days since 1970-01-01: the inverse of [`civil_from_days`].
pub(crate) fn days_from_civil(year: i128, month: i128, day: i128) -> i128 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let doy = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

pub(super) fn format_timestamp(nanoseconds: i128) -> String {
    let seconds = nanoseconds.div_euclid(NANOS);
    let fraction = nanoseconds.rem_euclid(NANOS);
    let days = seconds.div_euclid(DAY);
    let in_day = seconds.rem_euclid(DAY);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{fraction:09} UTC",
        in_day / 3600,
        in_day / 60 % 60,
        in_day % 60
    )
}

/// A tiny cursor over the text being parsed.
struct Cursor<'a> {
    text: &'a [u8],
    position: usize,
}

impl Cursor<'_> {
    fn number(&mut self, min_digits: usize, max_digits: usize) -> Option<(i128, usize)> {
        let start = self.position;
        while self.position < self.text.len()
            && self.position - start < max_digits
            && self.text[self.position].is_ascii_digit()
        {
            self.position += 1;
        }
        let digits = self.position - start;
        if digits < min_digits {
            self.position = start;
            return None;
        }
        let mut value: i128 = 0;
        for byte in &self.text[start..self.position] {
            value = value.checked_mul(10)?.checked_add((byte - b'0') as i128)?;
        }
        Some((value, digits))
    }

    fn literal(&mut self, byte: u8) -> Option<()> {
        if self.text.get(self.position) == Some(&byte) {
            self.position += 1;
            Some(())
        } else {
            None
        }
    }

    fn at_end(&self) -> bool {
        self.position == self.text.len()
    }

    /// A fraction of a second: digits scaled to nanoseconds.
    fn fraction(&mut self) -> Option<i128> {
        let (value, digits) = self.number(1, 9)?;
        Some(value * 10i128.pow(9 - digits as u32))
    }
}

const TIMESPAN_FORMATS: &str =
    "%D-%H:%M:%S.%-N, %H:%M:%S.%-N, %M:%S.%-N, %S.%-N, %D-%H:%M:%S, %H:%M:%S, %D-%H:%M, %S";
const TIMESTAMP_FORMATS: &str =
    "%FT%T.%N %Z, %FT%T %Z, %F %T.%N %Z, %F %T %Z, %F %Z, %FT%T.%N, %FT%T, %F %T.%N, %F %T, %F";

pub(super) fn parse_timespan(text: &str) -> Result<i128, TimeParseError> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    // The fields before the fraction, separated by ':' with optional leading `D-`.
    let (days, rest) = match body.split_once('-') {
        Some((days, rest)) => (Some(days), rest),
        None => (None, body),
    };
    let (clock, fraction) = match rest.split_once('.') {
        Some((clock, fraction)) => (clock, Some(fraction)),
        None => (rest, None),
    };
    let parse = || -> Option<i128> {
        let fields: alloc::vec::Vec<i128> = clock
            .split(':')
            .map(|field| {
                if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
                    None
                } else {
                    super::parse_digits(field).and_then(|n| i128::try_from(n).ok())
                }
            })
            .collect::<Option<_>>()?;
        let day_count: i128 = match days {
            Some(days) if !days.is_empty() && days.bytes().all(|b| b.is_ascii_digit()) => {
                i128::try_from(super::parse_digits(days)?).ok()?
            }
            Some(_) => return None,
            None => 0,
        };
        // Checked arithmetic: absurdly large fields are unparsable, not an overflow.
        let clock_seconds = |h: i128, m: i128, s: i128| -> Option<i128> {
            h.checked_mul(3600)?
                .checked_add(m.checked_mul(60)?)?
                .checked_add(s)
        };
        let day_seconds = day_count.checked_mul(DAY)?;
        let seconds = match (days.is_some(), fields.as_slice(), fraction.is_some()) {
            (true, [h, m, s], _) => day_seconds.checked_add(clock_seconds(*h, *m, *s)?)?,
            (true, [h, m], false) => day_seconds.checked_add(clock_seconds(*h, *m, 0)?)?,
            (false, [h, m, s], _) => clock_seconds(*h, *m, *s)?,
            (false, [m, s], true) => clock_seconds(0, *m, *s)?,
            (false, [s], _) => *s,
            _ => return None,
        };
        let nanos = match fraction {
            Some(fraction) => {
                let mut cursor = Cursor {
                    text: fraction.as_bytes(),
                    position: 0,
                };
                let value = cursor.fraction()?;
                if !cursor.at_end() {
                    return None;
                }
                value
            }
            None => 0,
        };
        seconds.checked_mul(NANOS)?.checked_add(nanos)
    };
    match parse() {
        Some(nanos) => Ok(if negative { -nanos } else { nanos }),
        None => Err(TimeParseError {
            message: format!(
                "Unable to parse '{text}' using any of the formats {TIMESPAN_FORMATS}"
            ),
        }),
    }
}

pub(super) fn parse_timestamp(text: &str) -> Result<i128, TimeParseError> {
    let parse = || -> Option<i128> {
        let mut cursor = Cursor {
            text: text.as_bytes(),
            position: 0,
        };
        let negative_year = cursor.literal(b'-').is_some();
        let (year, _) = cursor.number(1, 9)?;
        let year = if negative_year { -year } else { year };
        cursor.literal(b'-')?;
        let (month, _) = cursor.number(1, 2)?;
        cursor.literal(b'-')?;
        let (day, _) = cursor.number(1, 2)?;
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
            return None;
        }
        let mut seconds = days_from_civil(year, month, day) * DAY;
        let mut nanos = 0;
        let mut had_time = false;
        if cursor.literal(b'T').is_some()
            || (cursor.text.get(cursor.position) == Some(&b' ')
                && cursor.text.get(cursor.position + 3) == Some(&b':'))
        {
            if cursor.text.get(cursor.position) == Some(&b' ') {
                cursor.position += 1;
            }
            let (hours, _) = cursor.number(1, 2)?;
            cursor.literal(b':')?;
            let (minutes, _) = cursor.number(1, 2)?;
            cursor.literal(b':')?;
            let (secs, _) = cursor.number(1, 2)?;
            if hours > 24 || minutes > 59 || secs > 60 {
                return None;
            }
            seconds += hours * 3600 + minutes * 60 + secs;
            if cursor.literal(b'.').is_some() {
                nanos = cursor.fraction()?;
            }
            had_time = true;
        }
        let _ = had_time;
        if cursor.literal(b' ').is_some() {
            let zone = core::str::from_utf8(&cursor.text[cursor.position..]).ok()?;
            seconds -= zone_offset_seconds(zone)?;
            cursor.position = cursor.text.len();
        }
        if !cursor.at_end() {
            return None;
        }
        Some(seconds * NANOS + nanos)
    };
    parse().ok_or_else(|| TimeParseError {
        message: format!("Unable to parse '{text}' using any of the formats {TIMESTAMP_FORMATS}"),
    })
}

/// `UTC`, `GMT`, `Z`, `+0100`, `-05:00`.
fn zone_offset_seconds(zone: &str) -> Option<i128> {
    if matches!(zone, "UTC" | "GMT" | "Z" | "utc") {
        return Some(0);
    }
    numeric_zone_offset(zone)
}

/// `+0100`, `-05:00`: the offset in seconds (shared with `functions/time.rs`).
pub(crate) fn numeric_zone_offset(zone: &str) -> Option<i128> {
    let (sign, digits) = match zone.as_bytes().first()? {
        b'+' => (1, &zone[1..]),
        b'-' => (-1, &zone[1..]),
        _ => return None,
    };
    let digits: String = digits.chars().filter(|c| *c != ':').collect();
    if digits.len() != 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Two digits each (checked above).
    let hours = crate::value::parse_digits(&digits[..2])? as i128;
    let minutes = crate::value::parse_digits(&digits[2..])? as i128;
    Some(sign * (hours * 3600 + minutes * 60))
}

#[cfg(test)]
mod tests {
    use crate::value::{Timespan, Timestamp};
    use alloc::string::ToString;

    #[test]
    fn timespan_strings() {
        let cases = [
            (Timespan::from_seconds(1), "0-00:00:01.0"),
            (Timespan::from_seconds(-1), "-0-00:00:01.0"),
            (Timespan::from_seconds_f64(0.0015), "0-00:00:00.15"),
            (Timespan::from_seconds_f64(90061.5), "1-01:01:01.5"),
            (
                Timespan::from_seconds(1_000_000 * 86_400),
                "1000000-00:00:00.0",
            ),
        ];
        for (timespan, text) in cases {
            assert_eq!(timespan.to_string(), text);
        }
        for (text, parsed) in [("1-00:00:00", "1-00:00:00.0"), ("00:01:00", "0-00:01:00.0")] {
            assert_eq!(
                Timespan::parse(text).map(|t| t.to_string()).as_deref(),
                Ok(parsed)
            );
        }
        assert!(Timespan::parse("junk").is_err());
    }

    #[test]
    fn timestamp_strings() {
        let cases = [
            (0, "1970-01-01T00:00:00.000000000 UTC"),
            (-1, "1969-12-31T23:59:59.000000000 UTC"),
            (253_402_300_800, "10000-01-01T00:00:00.000000000 UTC"),
            (1_433_116_800, "2015-06-01T00:00:00.000000000 UTC"),
        ];
        for (seconds, text) in cases {
            assert_eq!(Timestamp::from_seconds(seconds).to_string(), text);
        }
        assert_eq!(
            Timestamp::from_seconds_f64(1.5).to_string(),
            "1970-01-01T00:00:01.500000000 UTC"
        );
        let parses = [
            ("2000-02-29T12:34:56.789", "2000-02-29T12:34:56.789000000"),
            ("2012-10-10", "2012-10-10T00:00:00.000000000"),
            ("2012-10-10 01:02:03 +0100", "2012-10-10T00:02:03.000000000"),
            (
                "2015-12-31T23:59:59.999999999",
                "2015-12-31T23:59:59.999999999",
            ),
        ];
        for (text, parsed) in parses {
            let parsed = alloc::format!("{parsed} UTC");
            assert_eq!(Timestamp::parse(text).map(|t| t.to_string()), Ok(parsed));
        }
        assert!(Timestamp::parse("junk").is_err());
    }
}
