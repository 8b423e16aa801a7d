//! Time: the `Timespan` and `Timestamp` constructors (numbers, parts, hashes, strings parsed with
//! format patterns) and `strftime` on both.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::args::no_signature;
use super::declare::{opt, req, Call, Def};
use super::expect_args;
use crate::host::{CallSite, EvalResult, FunctionHost};
use crate::value::{
    civil_from_days, days_from_civil, numeric_zone_offset, Timespan, Timestamp, Value,
};

const NANOS: i128 = 1_000_000_000;
const DAY: i128 = 86_400;

const TIMESPAN_FORMATS: &[&str] = &[
    "%D-%H:%M:%S.%-N",
    "%H:%M:%S.%-N",
    "%M:%S.%-N",
    "%S.%-N",
    "%D-%H:%M:%S",
    "%H:%M:%S",
    "%D-%H:%M",
    "%S",
];

const TIMESTAMP_FORMATS: &[&str] = &[
    "%FT%T.%N %Z",
    "%FT%T %Z",
    "%F %T.%N %Z",
    "%F %T %Z",
    "%F %Z",
    "%FT%T.%N",
    "%FT%T",
    "%F %T.%N",
    "%F %T",
    "%F",
];

fn seconds_to_nanos(value: &Value) -> Option<i128> {
    match value {
        Value::Integer(n) => Some(i128::from(*n) * NANOS),
        Value::Float(f) if f.is_finite() => Some((f * 1e9) as i128),
        _ => None,
    }
}

/// Expand the composite directives of a pattern (`%F`, `%T`, ...).
fn expand(pattern: &str) -> String {
    pattern
        .replace("%F", "%Y-%m-%d")
        .replace("%T", "%H:%M:%S")
        .replace("%R", "%H:%M")
        .replace("%D", "%m/%d/%y")
        .replace("%c", "%a %b %e %H:%M:%S %Y")
        .replace("%r", "%I:%M:%S %p")
}

/// Read digits (at most `max` of them) from `text` at `*pos`.
fn read_number(text: &[u8], pos: &mut usize, max: usize) -> Option<(i128, usize)> {
    let start = *pos;
    while *pos < text.len() && *pos - start < max && text[*pos].is_ascii_digit() {
        *pos += 1;
    }
    if *pos == start {
        return None;
    }
    let digits = core::str::from_utf8(&text[start..*pos]).ok()?;
    let n = crate::value::parse_digits(digits)?;
    Some((i128::try_from(n).ok()?, *pos - start))
}

fn fraction_nanos(value: i128, digits: usize) -> i128 {
    let mut nanos = value;
    if digits <= 9 {
        for _ in digits..9 {
            nanos *= 10;
        }
    } else {
        for _ in 9..digits {
            nanos /= 10;
        }
    }
    nanos
}

/// Parse a timespan with one pattern; `None` when it does not fit.
fn parse_timespan(text: &str, pattern: &str) -> Option<i128> {
    let bytes = text.as_bytes();
    let pattern = pattern.as_bytes();
    let (mut pos, mut p) = (0, 0);
    let negative = bytes.first() == Some(&b'-');
    if negative {
        pos = 1;
    }
    let mut total: i128 = 0;
    while p < pattern.len() {
        if pattern[p] != b'%' {
            if bytes.get(pos) != Some(&pattern[p]) {
                return None;
            }
            pos += 1;
            p += 1;
            continue;
        }
        p += 1;
        while p < pattern.len() && matches!(pattern[p], b'-' | b'_' | b'0' | b'1'..=b'9') {
            p += 1;
        }
        let directive = *pattern.get(p)?;
        p += 1;
        let (n, digits) = read_number(bytes, &mut pos, usize::MAX)?;
        total += match directive {
            b'D' => n * DAY * NANOS,
            b'H' => n * 3600 * NANOS,
            b'M' => n * 60 * NANOS,
            b'S' => n * NANOS,
            b'L' | b'N' => fraction_nanos(n, digits),
            _ => return None,
        };
    }
    if pos != bytes.len() {
        return None;
    }
    Some(if negative { -total } else { total })
}

fn format_list(
    site: &CallSite,
    value: Option<&Value>,
    defaults: &[&str],
) -> EvalResult<Vec<String>> {
    Ok(match value {
        None => defaults.iter().map(|s| s.to_string()).collect(),
        Some(Value::String(s)) => alloc::vec![s.to_string()],
        Some(Value::Array(items)) => {
            let list: Option<Vec<String>> = items
                .iter()
                .map(|v| v.as_str().map(ToString::to_string))
                .collect();
            list.ok_or_else(|| no_signature(site))?
        }
        Some(_) => return Err(no_signature(site)),
    })
}

fn unable(site: &CallSite, text: &str, formats: &[String]) -> crate::host::Unwind {
    site.fail(format!(
        "Unable to parse '{text}' using any of the formats {}",
        crate::text::join(formats, ", ")
    ))
}

pub(crate) fn new_timespan(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    let from_string = |text: &str, format: Option<&Value>| -> EvalResult<Value> {
        let formats = format_list(site, format, TIMESPAN_FORMATS)?;
        for pattern in &formats {
            if let Some(nanos) = parse_timespan(text, pattern) {
                return Ok(Value::Timespan(Timespan::from_nanoseconds(nanos)));
            }
        }
        Err(unable(site, text, &formats))
    };
    match args {
        [number @ (Value::Integer(_) | Value::Float(_))] => seconds_to_nanos(number)
            .map(|n| Value::Timespan(Timespan::from_nanoseconds(n)))
            .ok_or_else(|| no_signature(site)),
        [Value::String(text)] => from_string(text, None),
        [Value::String(text), format] => from_string(text, Some(format)),
        [Value::Hash(hash)] => {
            if let Some(Value::String(text)) = hash.get(&Value::string("string")) {
                return from_string(text, hash.get(&Value::string("format")));
            }
            let mut total: i128 = 0;
            let mut negative = false;
            for (key, value) in hash.iter() {
                let unit = match key.as_str() {
                    Some("days") => DAY * NANOS,
                    Some("hours") => 3600 * NANOS,
                    Some("minutes") => 60 * NANOS,
                    Some("seconds") => NANOS,
                    Some("milliseconds") => 1_000_000,
                    Some("microseconds") => 1_000,
                    Some("nanoseconds") => 1,
                    Some("negative") => {
                        negative = matches!(value, Value::Boolean(true));
                        continue;
                    }
                    _ => return Err(no_signature(site)),
                };
                match value {
                    Value::Integer(n) => total += i128::from(*n) * unit,
                    _ => return Err(no_signature(site)),
                }
            }
            Ok(Value::Timespan(Timespan::from_nanoseconds(if negative {
                -total
            } else {
                total
            })))
        }
        parts if (4..=7).contains(&parts.len()) => {
            let units = [
                DAY * NANOS,
                3600 * NANOS,
                60 * NANOS,
                NANOS,
                1_000_000,
                1_000,
                1,
            ];
            let mut total: i128 = 0;
            for (value, unit) in parts.iter().zip(units) {
                match value {
                    Value::Integer(n) => total += i128::from(*n) * unit,
                    _ => return Err(no_signature(site)),
                }
            }
            Ok(Value::Timespan(Timespan::from_nanoseconds(total)))
        }
        _ => Err(no_signature(site)),
    }
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// Offset in seconds of a zone name or numeric offset; `None` when unknown.
fn zone_offset(zone: &str) -> Option<i128> {
    let upper = zone.to_ascii_uppercase();
    let named = match upper.as_str() {
        "UTC" | "GMT" | "Z" | "UT" => Some(0),
        "EST" => Some(-5),
        "EDT" => Some(-4),
        "CST" => Some(-6),
        "CDT" => Some(-5),
        "MST" => Some(-7),
        "MDT" => Some(-6),
        "PST" => Some(-8),
        "PDT" => Some(-7),
        "CET" => Some(1),
        "CEST" => Some(2),
        "EET" => Some(2),
        "EEST" => Some(3),
        "WET" => Some(0),
        "BST" => Some(1),
        "JST" => Some(9),
        _ => None,
    };
    if let Some(hours) = named {
        return Some(hours * 3600);
    }
    numeric_zone_offset(zone)
}

fn is_leap(year: i128) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn month_days(year: i128, month: i128) -> i128 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn read_name(bytes: &[u8], pos: &mut usize, names: &[&str]) -> Option<i128> {
    let rest = core::str::from_utf8(bytes.get(*pos..)?).ok()?;
    for (i, name) in names.iter().enumerate() {
        for candidate in [*name, &name[..3]] {
            // Compared as bytes: the text may hold a multi-byte character where a name would end.
            if rest
                .as_bytes()
                .get(..candidate.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(candidate.as_bytes()))
            {
                *pos += candidate.len();
                return Some(i as i128);
            }
        }
    }
    None
}

/// Parse a timestamp with one pattern; `None` when it does not fit.
fn parse_timestamp(text: &str, pattern: &str, default_zone: i128) -> Option<i128> {
    let pattern = expand(pattern);
    let bytes = text.as_bytes();
    let pat = pattern.as_bytes();
    let (mut pos, mut p) = (0, 0);
    let (mut year, mut month, mut day) = (1970i128, 1i128, 1i128);
    let (mut hour, mut minute, mut second, mut nanos) = (0i128, 0i128, 0i128, 0i128);
    let mut pm: Option<bool> = None;
    let mut offset = default_zone;
    let mut epoch: Option<i128> = None;
    while p < pat.len() {
        let c = pat[p];
        if c != b'%' {
            if c == b' ' {
                while bytes.get(pos) == Some(&b' ') {
                    pos += 1;
                }
                p += 1;
                continue;
            }
            if bytes.get(pos) != Some(&c) {
                return None;
            }
            pos += 1;
            p += 1;
            continue;
        }
        p += 1;
        while p < pat.len() && matches!(pat[p], b'-' | b'_' | b'0' | b'^' | b'#') {
            p += 1;
        }
        let directive = *pat.get(p)?;
        p += 1;
        while directive != b'%'
            && bytes.get(pos) == Some(&b' ')
            && matches!(directive, b'e' | b'k' | b'l')
        {
            pos += 1;
        }
        match directive {
            b'Y' => {
                let negative = bytes.get(pos) == Some(&b'-');
                if negative {
                    pos += 1;
                }
                let (n, _) = read_number(bytes, &mut pos, 5)?;
                year = if negative { -n } else { n };
            }
            b'y' => {
                let (n, _) = read_number(bytes, &mut pos, 2)?;
                year = if n < 69 { 2000 + n } else { 1900 + n };
            }
            b'm' => month = read_number(bytes, &mut pos, 2)?.0,
            b'd' | b'e' => day = read_number(bytes, &mut pos, 2)?.0,
            b'j' => {
                let (n, _) = read_number(bytes, &mut pos, 3)?;
                month = 1;
                day = n;
            }
            b'H' | b'k' | b'I' | b'l' => hour = read_number(bytes, &mut pos, 2)?.0,
            b'M' => minute = read_number(bytes, &mut pos, 2)?.0,
            b'S' => second = read_number(bytes, &mut pos, 2)?.0,
            b'L' => {
                let (n, digits) = read_number(bytes, &mut pos, 3)?;
                nanos = fraction_nanos(n, digits);
            }
            b'N' => {
                let (n, digits) = read_number(bytes, &mut pos, 9)?;
                nanos = fraction_nanos(n, digits);
            }
            b'B' | b'b' | b'h' => month = read_name(bytes, &mut pos, &MONTHS)? + 1,
            b'A' | b'a' => {
                read_name(bytes, &mut pos, &DAYS)?;
            }
            b'p' | b'P' => {
                let rest = text.get(pos..pos + 2)?.to_ascii_lowercase();
                pm = Some(match rest.as_str() {
                    "am" => false,
                    "pm" => true,
                    _ => return None,
                });
                pos += 2;
            }
            b'z' | b'Z' => {
                let start = pos;
                while pos < bytes.len() && !bytes[pos].is_ascii_whitespace() {
                    pos += 1;
                }
                offset = zone_offset(&text[start..pos])?;
            }
            b's' => {
                let negative = bytes.get(pos) == Some(&b'-');
                if negative {
                    pos += 1;
                }
                let (n, _) = read_number(bytes, &mut pos, 20)?;
                epoch = Some(if negative { -n } else { n });
            }
            b'%' => {
                if bytes.get(pos) != Some(&b'%') {
                    return None;
                }
                pos += 1;
            }
            _ => return None,
        }
    }
    if pos != bytes.len() {
        return None;
    }
    if let Some(epoch) = epoch {
        return Some(epoch * NANOS);
    }
    if let Some(pm) = pm {
        hour = hour % 12 + if pm { 12 } else { 0 };
    }
    if !(1..=12).contains(&month) || day < 1 || hour > 24 || minute > 59 || second > 60 {
        return None;
    }
    if day > month_days(year, month) && !(month == 1 && day <= 366) {
        return None;
    }
    let days = days_from_civil(year, month, 1) + day - 1;
    let seconds = days * DAY + hour * 3600 + minute * 60 + second - offset;
    Some(seconds * NANOS + nanos)
}

/// `Timestamp(...)`; without arguments the compile's current time, `now`, when the client gave one.
pub(crate) fn new_timestamp(
    site: &CallSite,
    args: &[Value],
    now: Option<i128>,
) -> EvalResult<Value> {
    let from_string =
        |text: &str, format: Option<&Value>, zone: Option<&Value>| -> EvalResult<Value> {
            let offset = match zone {
                None | Some(Value::Undef) | Some(Value::Default) => 0,
                Some(Value::String(zone)) => zone_offset(zone)
                    .ok_or_else(|| site.fail(format!("Illegal timezone '{zone}'")))?,
                Some(_) => return Err(no_signature(site)),
            };
            let format = match format {
                Some(Value::Default) | Some(Value::Undef) => None,
                other => other,
            };
            let formats = format_list(site, format, TIMESTAMP_FORMATS)?;
            for pattern in &formats {
                if let Some(nanos) = parse_timestamp(text, pattern, offset) {
                    return Ok(Value::Timestamp(Timestamp::from_nanoseconds(nanos)));
                }
            }
            Err(unable(site, text, &formats))
        };
    match args {
        [] => now
            .map(|nanos| Value::Timestamp(Timestamp::from_nanoseconds(nanos)))
            .ok_or_else(|| site.fail(NO_CLOCK_TIMESTAMP)),
        [number @ (Value::Integer(_) | Value::Float(_))] => seconds_to_nanos(number)
            .map(|n| Value::Timestamp(Timestamp::from_nanoseconds(n)))
            .ok_or_else(|| no_signature(site)),
        [Value::String(text)] => from_string(text, None, None),
        [Value::String(text), format] => from_string(text, Some(format), None),
        [Value::String(text), format, zone] => from_string(text, Some(format), Some(zone)),
        [Value::Hash(hash)] => match hash.get(&Value::string("string")) {
            Some(Value::String(text)) => from_string(
                text,
                hash.get(&Value::string("format")),
                hash.get(&Value::string("timezone")),
            ),
            _ => Err(no_signature(site)),
        },
        _ => Err(no_signature(site)),
    }
}

/// One strftime directive's flags and width.
struct Flags {
    no_pad: bool,
    space: bool,
    zero: bool,
    upper: bool,
    swap: bool,
    width: Option<usize>,
}

fn pad_num(flags: &Flags, n: i128, width: usize, space_default: bool) -> String {
    let width = flags.width.unwrap_or(width);
    let text = n.abs().to_string();
    let sign = if n < 0 { "-" } else { "" };
    if flags.no_pad {
        return format!("{sign}{text}");
    }
    let fill = if flags.space || (space_default && !flags.zero) {
        ' '
    } else {
        '0'
    };
    let len = text.len() + sign.len();
    if len >= width {
        format!("{sign}{text}")
    } else if fill == '0' {
        format!("{sign}{}{text}", "0".repeat(width - len))
    } else {
        format!("{}{sign}{text}", " ".repeat(width - len))
    }
}

fn pad_text(flags: &Flags, text: &str) -> String {
    let text = if flags.upper || flags.swap {
        crate::value::case::upcase(text)
    } else {
        text.to_string()
    };
    match flags.width {
        Some(width) if text.chars().count() < width => {
            let fill = if flags.zero { "0" } else { " " };
            format!("{}{text}", fill.repeat(width - text.chars().count()))
        }
        _ => text,
    }
}

fn parse_flags(pattern: &[char], p: &mut usize) -> Flags {
    let mut flags = Flags {
        no_pad: false,
        space: false,
        zero: false,
        upper: false,
        swap: false,
        width: None,
    };
    while let Some(c) = pattern.get(*p) {
        match c {
            '-' => flags.no_pad = true,
            '_' => flags.space = true,
            '0' => flags.zero = true,
            '^' => flags.upper = true,
            '#' => flags.swap = true,
            _ => break,
        }
        *p += 1;
    }
    let mut width = String::new();
    while let Some(c) = pattern.get(*p).filter(|c| c.is_ascii_digit()) {
        width.push(*c);
        *p += 1;
    }
    flags.width = crate::value::parse_count(&width);
    flags
}

fn fraction(flags: &Flags, nanos: i128, default: usize) -> String {
    let digits = flags.width.unwrap_or(default);
    let text = format!("{:09}", nanos.rem_euclid(NANOS));
    if digits <= 9 {
        text[..digits].to_string()
    } else {
        format!("{text}{}", "0".repeat(digits - 9))
    }
}

/// Copies a format's text from `p` up to its next `%` into `out`: whether a directive follows
/// (`p` is then just after its `%`).
fn copy_literal(chars: &[char], p: &mut usize, out: &mut String) -> bool {
    while let Some(&c) = chars.get(*p) {
        *p += 1;
        if c == '%' {
            return true;
        }
        out.push(c);
    }
    false
}

/// `strftime` of a timestamp at a zone offset (seconds); `zone_name` is what `%Z` prints.
fn strftime_timestamp(nanos: i128, pattern: &str, offset: i128, zone_name: &str) -> String {
    let local = nanos + offset * NANOS;
    let seconds = local.div_euclid(NANOS);
    let days = seconds.div_euclid(DAY);
    let in_day = seconds.rem_euclid(DAY);
    let (year, month, day) = civil_from_days(days);
    let (hour, minute, second) = (in_day / 3600, in_day / 60 % 60, in_day % 60);
    let weekday = (days + 4).rem_euclid(7);
    let yday = days - days_from_civil(year, 1, 1) + 1;
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::new();
    let mut p = 0;
    while copy_literal(&chars, &mut p, &mut out) {
        let start = p;
        let flags = parse_flags(&chars, &mut p);
        let mut colons = 0;
        while chars.get(p) == Some(&':') {
            colons += 1;
            p += 1;
        }
        let Some(&d) = chars.get(p) else {
            out.push('%');
            break;
        };
        p += 1;
        let hour12 = if hour % 12 == 0 { 12 } else { hour % 12 };
        let text = match d {
            'Y' => pad_num(&flags, year, 4, false),
            'C' => pad_num(&flags, year.div_euclid(100), 2, false),
            'y' => pad_num(&flags, year.rem_euclid(100), 2, false),
            'm' => pad_num(&flags, month, 2, false),
            'B' => pad_text(&flags, MONTHS[(month - 1) as usize]),
            'b' | 'h' => pad_text(&flags, &MONTHS[(month - 1) as usize][..3]),
            'd' => pad_num(&flags, day, 2, false),
            'e' => pad_num(&flags, day, 2, true),
            'j' => pad_num(&flags, yday, 3, false),
            'H' => pad_num(&flags, hour, 2, false),
            'k' => pad_num(&flags, hour, 2, true),
            'I' => pad_num(&flags, hour12, 2, false),
            'l' => pad_num(&flags, hour12, 2, true),
            'P' => pad_text(&flags, if hour < 12 { "am" } else { "pm" }),
            'p' => {
                let text = if hour < 12 { "AM" } else { "PM" };
                if flags.swap {
                    text.to_ascii_lowercase()
                } else {
                    pad_text(&flags, text)
                }
            }
            'M' => pad_num(&flags, minute, 2, false),
            'S' => pad_num(&flags, second, 2, false),
            'L' => fraction(&flags, local, 3),
            'N' => fraction(&flags, local, 9),
            'z' => {
                let sign = if offset < 0 { '-' } else { '+' };
                let abs = offset.abs();
                match colons {
                    0 => format!("{sign}{:02}{:02}", abs / 3600, abs / 60 % 60),
                    1 => format!("{sign}{:02}:{:02}", abs / 3600, abs / 60 % 60),
                    _ => format!(
                        "{sign}{:02}:{:02}:{:02}",
                        abs / 3600,
                        abs / 60 % 60,
                        abs % 60
                    ),
                }
            }
            'Z' => pad_text(&flags, zone_name),
            'A' => pad_text(&flags, DAYS[weekday as usize]),
            'a' => pad_text(&flags, &DAYS[weekday as usize][..3]),
            'u' => pad_num(&flags, if weekday == 0 { 7 } else { weekday }, 1, false),
            'w' => pad_num(&flags, weekday, 1, false),
            'U' => pad_num(&flags, (yday - 1 + 7 - weekday) / 7, 2, false),
            'W' => pad_num(&flags, (yday - 1 + 7 - (weekday + 6) % 7) / 7, 2, false),
            'G' | 'g' | 'V' => {
                let iso_weekday = if weekday == 0 { 7 } else { weekday };
                let thursday = days - iso_weekday + 4;
                let (iso_year, _, _) = civil_from_days(thursday);
                let week = (thursday - days_from_civil(iso_year, 1, 1)) / 7 + 1;
                match d {
                    'G' => pad_num(&flags, iso_year, 4, false),
                    'g' => pad_num(&flags, iso_year.rem_euclid(100), 2, false),
                    _ => pad_num(&flags, week, 2, false),
                }
            }
            's' => pad_num(&flags, nanos.div_euclid(NANOS), 1, false),
            'n' => "\n".to_string(),
            't' => "\t".to_string(),
            '%' => "%".to_string(),
            'c' | 'D' | 'x' | 'F' | 'v' | 'X' | 'T' | 'r' | 'R' => {
                let composite = match d {
                    'c' => "%a %b %e %H:%M:%S %Y",
                    'D' | 'x' => "%m/%d/%y",
                    'F' => "%Y-%m-%d",
                    'v' => "%e-%^b-%4Y",
                    'X' | 'T' => "%H:%M:%S",
                    'r' => "%I:%M:%S %p",
                    _ => "%H:%M",
                };
                pad_text(
                    &flags,
                    &strftime_timestamp(nanos, composite, offset, zone_name),
                )
            }
            other => {
                let raw: String = chars[start - 1..p].iter().collect();
                let _ = other;
                raw
            }
        };
        out.push_str(&text);
    }
    out
}

/// `strftime` of a timespan: the first directive of the largest unit used is not limited to its
/// range (`%H` of 25 hours is `25` without `%D`); every other one is (`%H|%H` is `25|01`).
fn strftime_timespan(nanos: i128, pattern: &str) -> String {
    let negative = nanos < 0;
    let total = nanos.abs();
    let chars: Vec<char> = pattern.chars().collect();
    let rank = |d: char| match d {
        'D' => 4,
        'H' => 3,
        'M' => 2,
        'S' => 1,
        _ => 0,
    };
    // The ordinal of the directive that shows the total: the first one of the largest unit.
    let mut top: Option<(usize, u8)> = None;
    let mut ordinal = 0;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '%' {
            let mut j = i + 1;
            parse_flags(&chars, &mut j);
            if let Some(&d) = chars.get(j) {
                let r = rank(d);
                if r > 0 && top.is_none_or(|(_, best)| r > best) {
                    top = Some((ordinal, r));
                }
                ordinal += 1;
            }
            i = j + 1;
        } else {
            i += 1;
        }
    }
    let seconds = total / NANOS;
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    let mut p = 0;
    let mut ordinal = 0;
    while copy_literal(&chars, &mut p, &mut out) {
        let flags = parse_flags(&chars, &mut p);
        let Some(&d) = chars.get(p) else { break };
        p += 1;
        let whole = top.is_some_and(|(o, _)| o == ordinal);
        ordinal += 1;
        let unit = |size: i128, range: i128| {
            if whole {
                seconds / size
            } else {
                seconds / size % range
            }
        };
        let text = match d {
            'D' => pad_num(&flags, seconds / DAY, 1, false),
            'H' => pad_num(&flags, unit(3600, 24), 2, false),
            'M' => pad_num(&flags, unit(60, 60), 2, false),
            'S' => pad_num(&flags, unit(1, 60), 2, false),
            'L' => fraction(&flags, total, 3),
            'N' => fraction(&flags, total, 9),
            '%' => "%".to_string(),
            other => format!("%{other}"),
        };
        out.push_str(&text);
    }
    out
}

/// An upper bound of the bytes `strftime` produces for `pattern`: each directive yields at most its
/// width or a few dozen characters (`%c` is the longest), other characters themselves.
fn output_bound(pattern: &str) -> usize {
    let bytes = pattern.as_bytes();
    let mut total = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            total = total.saturating_add(1);
            i += 1;
            continue;
        }
        i += 1;
        while bytes.get(i).is_some_and(|b| b"-_0^#:".contains(b)) {
            i += 1;
        }
        let mut width = 0usize;
        while let Some(digit) = bytes.get(i).filter(|b| b.is_ascii_digit()) {
            width = width
                .saturating_mul(10)
                .saturating_add(usize::from(digit - b'0'));
            i += 1;
        }
        total = total.saturating_add(width.max(64));
    }
    total
}

pub(super) fn strftime(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    if let Some(legacy) = legacy_strftime_args(&args) {
        return legacy_strftime(host, site, legacy);
    }
    expect_args(site, &args, 1, Some(3))?;
    let format = match args.get(1) {
        Some(Value::String(format)) => format,
        _ => return Err(no_signature(site)),
    };
    check_output_bound(host, site, format)?;
    match &args[0] {
        Value::Timespan(span) => Ok(Value::string(&strftime_timespan(
            span.nanoseconds(),
            format,
        ))),
        Value::Timestamp(stamp) => {
            let (offset, name) = match args.get(2) {
                None | Some(Value::Undef) | Some(Value::Default) => (0, "UTC"),
                Some(Value::String(zone)) => {
                    let offset = named_zone_offset(site, zone)?;
                    let name = if zone.eq_ignore_ascii_case("UTC") {
                        "UTC"
                    } else {
                        ""
                    };
                    (offset, name)
                }
                Some(_) => return Err(no_signature(site)),
            };
            Ok(Value::string(&strftime_timestamp(
                stamp.nanoseconds(),
                format,
                offset,
                name,
            )))
        }
        _ => Err(no_signature(site)),
    }
}

/// The arguments of the deprecated form `strftime(format[, timezone])`, when they are that form.
fn legacy_strftime_args(args: &[Value]) -> Option<(&str, Option<&str>)> {
    match args {
        [Value::String(format)] => Some((format, None)),
        [Value::String(format), Value::String(zone)] => Some((format, Some(zone))),
        _ => None,
    }
}

/// `strftime(format[, timezone])`: the compile's current time formatted, after Puppet's warning
/// (once per compile) that the form is deprecated.
fn legacy_strftime(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    (format, zone): (&str, Option<&str>),
) -> EvalResult<Value> {
    const LEGACY: &str = "The argument signature (String format, [String timezone]) is deprecated for #strftime. See #strftime documentation and Timespan type for more info";
    if !super::args::has_warned(host, LEGACY) {
        super::args::warning_at_line(host, LEGACY, site.span);
    }
    check_output_bound(host, site, format)?;
    // Ruby's `Time#localtime` with any zone leaves `%Z` empty, "UTC" too.
    let (offset, name) = match zone {
        None | Some("") => (0, "UTC"),
        Some(zone) => (named_zone_offset(site, zone)?, ""),
    };
    let now = host.now().ok_or_else(|| site.fail(NO_CLOCK_STRFTIME))?;
    Ok(Value::string(&strftime_timestamp(
        now, format, offset, name,
    )))
}

/// Refuse a pattern whose widths could build a string beyond the limit, before building it.
fn check_output_bound(host: &dyn FunctionHost, site: &CallSite, format: &str) -> EvalResult<()> {
    let max = host.limits().max_string_len;
    if output_bound(format) > max {
        return Err(site.fail(super::format::ruby::too_long(max)));
    }
    Ok(())
}

/// The offset of a zone `strftime` was given by name, or Puppet's refusal of the name.
fn named_zone_offset(site: &CallSite, zone: &str) -> EvalResult<i128> {
    zone_offset(zone).ok_or_else(|| site.fail(format!("Illegal timezone '{zone}'")))
}

/// Refusals when the client gave the compile no current time.
const NO_CLOCK_TIMESTAMP: &str =
    "Timestamp() without arguments (the current time) needs a clock, and this run has none";
const NO_CLOCK_STRFTIME: &str =
    "strftime(format) of the current time needs a clock, and this run has none";

/// The time functions, declared.
pub(super) const DEFS: &[Def] = &[Def::puppet("strftime", strftime)
    .takes(&[
        &[
            req("time", "Variant[Timestamp, Timespan]"),
            req("format", "String"),
            opt("timezone", "String"),
        ],
        &[req("format", "String"), opt("timezone", "String")],
    ])
    .with_3x()
    .doc("The time formatted as the format says")];
