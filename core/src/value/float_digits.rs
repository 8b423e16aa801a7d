//! Decimal digits of doubles: the shortest that read back (Ruby's `Float#to_s`) and Rust's `{:.N}`
//! and `{:.Ne}` texts, computed exactly with a small big integer instead of core's Grisu and Dragon
//! implementations: their code and tables cost about 7 KB of the gzipped .wasm, and the engine
//! formats floats rarely enough that exact arithmetic is fast enough (microseconds per float).

use alloc::string::String;

use super::big_decimal::exact_digits;

/// A positive value's digits `d1 d2 ...` (no leading zero; empty for zero) and the position of
/// the decimal point: the value is `0.d1d2... × 10^point`.
pub(crate) struct Digits {
    pub digits: String,
    pub point: i32,
}

/// The integer mantissa and binary exponent of `|value|` (finite): `|value| = m × 2^e`.
fn decompose(value: f64) -> (u64, i32, bool) {
    let bits = value.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    if biased == 0 {
        (fraction, -1074, false)
    } else {
        let mantissa = fraction | (1 << 52);
        // At a power of two the next lower double is half as far away as the next higher one.
        (mantissa, biased - 1075, fraction == 0 && biased > 1)
    }
}

/// The number the first `len` digits of `text` spell (at most 19 of them).
fn prefix_value(text: &[u8], len: usize) -> u64 {
    text[..len].iter().fold(0u64, |n, d| {
        n.wrapping_mul(10).wrapping_add(u64::from(d - b'0'))
    })
}

fn all_zeros(text: &[u8]) -> bool {
    text.iter().all(|d| *d == b'0')
}

/// How the digits after a cut compare with half a unit of the last digit kept.
fn beyond_half(rest: &[u8]) -> core::cmp::Ordering {
    match rest.split_first() {
        None => core::cmp::Ordering::Less,
        Some((first, after)) => match first.cmp(&b'5') {
            core::cmp::Ordering::Equal if all_zeros(after) => core::cmp::Ordering::Equal,
            core::cmp::Ordering::Equal => core::cmp::Ordering::Greater,
            other => other,
        },
    }
}

/// Append `count` zeros.
fn push_zeros(out: &mut String, count: usize) {
    for _ in 0..count {
        out.push('0');
    }
}

/// `text` (digits) left-padded with zeros to `len` bytes.
fn padded(text: String, len: usize) -> String {
    let mut out = String::with_capacity(len);
    push_zeros(&mut out, len.saturating_sub(text.len()));
    out.push_str(&text);
    out
}

/// The shortest digits that read back as `value` (finite, non-zero; its sign is ignored), the one
/// nearest to it when several are as short (half-way: the even one), as Ruby's `Float#to_s` picks them;
/// Rust's `{:e}` gives the same digits except on those ties. what `{:e}` and `{}` print.
pub(crate) fn shortest(value: f64) -> Digits {
    let (mantissa, exponent, lower_closer) = decompose(value);
    // The neighbours' midpoints, exact in units of 2^(e-2): v = 4m, high = 4m + 2, low = 4m - 2
    // (4m - 1 when the lower neighbour is nearer). IEEE round-half-even reads the midpoints
    // themselves back as `value` when its mantissa is even.
    let inclusive = mantissa % 2 == 0;
    let low = if lower_closer {
        4 * mantissa - 1
    } else {
        4 * mantissa - 2
    };
    let (high, scale) = exact_digits(4 * mantissa + 2, exponent - 2);
    let len = high.len();
    let own = padded(exact_digits(4 * mantissa, exponent - 2).0, len);
    let low = padded(exact_digits(low, exponent - 2).0, len);
    let (high, own, low) = (high.as_bytes(), own.as_bytes(), low.as_bytes());
    // The fewest leading digits for which a multiple of 10^(len - kept) lies between the midpoints.
    for kept in 1..=len.min(19) {
        let high_prefix = prefix_value(high, kept);
        let most = if !inclusive && all_zeros(&high[kept..]) {
            high_prefix - 1
        } else {
            high_prefix
        };
        let low_prefix = prefix_value(low, kept);
        let least = if inclusive && all_zeros(&low[kept..]) {
            low_prefix
        } else {
            low_prefix + 1
        };
        if least > most {
            continue;
        }
        let own_prefix = prefix_value(own, kept);
        // A tie goes to the even digit, as Ruby's dtoa does (Rust's `{:e}` rounds it up:
        // 1932173695544702.25 prints as ...702.2 in Ruby, ...702.3 in Rust).
        let nearest = match beyond_half(&own[kept..]) {
            core::cmp::Ordering::Greater => own_prefix + 1,
            core::cmp::Ordering::Equal if own_prefix % 2 == 1 => own_prefix + 1,
            _ => own_prefix,
        };
        let chosen = nearest.clamp(least, most);
        let mut buffer = itoa::Buffer::new();
        let text = buffer.format(chosen);
        let point = (text.len() + len - kept) as i32 - scale as i32;
        return Digits {
            digits: String::from(text.trim_end_matches('0')),
            point,
        };
    }
    // Not reached for doubles (17 significant digits always suffice): the exact digits.
    let digits = String::from(
        core::str::from_utf8(own)
            .unwrap_or("0")
            .trim_start_matches('0'),
    );
    let point = digits.len() as i32 - scale as i32;
    Digits {
        digits: String::from(digits.trim_end_matches('0')),
        point,
    }
}

/// How many digits `exact` keeps.
#[derive(Clone, Copy)]
pub(crate) enum Precision {
    /// This many significant digits (at least one).
    Significant(usize),
    /// This many digits after the decimal point.
    Decimals(usize),
}

/// `value`'s digits (finite; its sign is ignored) rounded exactly to `precision`, ties to an even
/// last digit, padded with zeros to the length asked: what `{:.N}` and `{:.Ne}` print. For
/// `Decimals`, a value that rounds to zero has no digits.
pub(crate) fn exact(value: f64, precision: Precision) -> Digits {
    let (mantissa, exponent, _) = decompose(value);
    let (all, scale) = exact_digits(mantissa, exponent);
    let (all, point) = if mantissa == 0 {
        (String::new(), 0)
    } else {
        let point = all.len() as i64 - i64::from(scale);
        (all, point)
    };
    let kept = match precision {
        Precision::Significant(n) => n.max(1) as i64,
        Precision::Decimals(n) => point + n as i64,
    };
    let Ok(kept) = usize::try_from(kept) else {
        // Below half of the last place kept: zero.
        return Digits {
            digits: String::new(),
            point: 0,
        };
    };
    if all.len() <= kept {
        let mut digits = all;
        let zeros = kept - digits.len();
        push_zeros(&mut digits, zeros);
        return Digits {
            digits,
            point: point as i32,
        };
    }
    let bytes = all.as_bytes();
    let last_odd = kept > 0 && (bytes[kept - 1] - b'0') % 2 == 1;
    let round_up = match beyond_half(&bytes[kept..]) {
        core::cmp::Ordering::Greater => true,
        core::cmp::Ordering::Equal => last_odd,
        core::cmp::Ordering::Less => false,
    };
    let mut digits = String::from(&all[..kept]);
    let mut point = point as i32;
    if round_up {
        // Carry through trailing nines; all nines become 1 followed by zeros, one place higher.
        let nines = digits.len() - digits.trim_end_matches('9').len();
        digits.truncate(digits.len() - nines);
        match digits.pop() {
            Some(last) => {
                digits.push(char::from(last as u8 + 1));
                push_zeros(&mut digits, nines);
            }
            None => {
                digits.push('1');
                push_zeros(&mut digits, nines);
                point += 1;
                if let Precision::Significant(_) = precision {
                    digits.pop();
                }
            }
        }
    }
    Digits { digits, point }
}

fn sign(value: f64) -> &'static str {
    if value.is_sign_negative() {
        "-"
    } else {
        ""
    }
}

/// Rust's names of the values without digits, when `value` is one of them.
fn special(value: f64) -> Option<String> {
    if value.is_nan() {
        Some(String::from("NaN"))
    } else if value.is_infinite() {
        Some(String::from(if value < 0.0 { "-inf" } else { "inf" }))
    } else {
        None
    }
}

/// Place the decimal point in digits `0.digits × 10^point`, padding with zeros: at least one
/// digit before the point, exactly `decimals` after it (all of them when `None`).
fn place_point(out: &mut String, digits: &str, point: i32, decimals: Option<usize>) {
    let whole = usize::try_from(point).unwrap_or(0);
    if whole == 0 {
        out.push('0');
    } else {
        out.push_str(digits.get(..whole).unwrap_or(digits));
        push_zeros(out, whole.saturating_sub(digits.len()));
    }
    let leading = usize::try_from(-point).unwrap_or(0);
    let fraction = digits.get(whole..).unwrap_or("");
    let available = leading + fraction.len();
    let wanted = decimals.unwrap_or(available);
    if wanted > 0 {
        out.push('.');
        let zeros = leading.min(wanted);
        push_zeros(out, zeros);
        let from_digits = (wanted - zeros).min(fraction.len());
        out.push_str(&fraction[..from_digits]);
        push_zeros(out, wanted - zeros - from_digits);
    }
}

/// `format!("{value:.decimals$}")` for an `f64`.
pub(crate) fn fixed(value: f64, decimals: usize) -> String {
    if let Some(text) = special(value) {
        return text;
    }
    let mut out = String::from(sign(value));
    let Digits { digits, point } = exact(value, Precision::Decimals(decimals));
    if digits.is_empty() {
        place_point(&mut out, "", 0, Some(decimals));
    } else {
        place_point(&mut out, &digits, point, Some(decimals));
    }
    out
}

/// `d.ddd` and the exponent as Rust's `{:e}` writes them: `1.5e-7`, `1e16`.
fn push_scientific(out: &mut String, digits: &str, exponent: i32) {
    let (first, rest) = digits.split_at(1.min(digits.len()));
    out.push_str(first);
    if !rest.is_empty() {
        out.push('.');
        out.push_str(rest);
    }
    out.push('e');
    let mut buffer = itoa::Buffer::new();
    out.push_str(buffer.format(exponent));
}

/// `format!("{value:.decimals$e}")` for an `f64`.
pub(crate) fn scientific(value: f64, decimals: usize) -> String {
    if let Some(text) = special(value) {
        return text;
    }
    let mut out = String::from(sign(value));
    if value == 0.0 {
        let mut zeros = String::from("0");
        push_zeros(&mut zeros, decimals);
        push_scientific(&mut out, &zeros, 0);
    } else {
        let Digits { digits, point } = exact(value, Precision::Significant(decimals + 1));
        push_scientific(&mut out, &digits, point - 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    /// A deterministic stream of doubles: random bit patterns, random short decimals, integers,
    /// powers of two and their neighbours, subnormals.
    fn samples() -> impl Iterator<Item = f64> {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut out = alloc::vec::Vec::new();
        for _ in 0..60_000 {
            let bits = next();
            let value = f64::from_bits(bits);
            if value.is_finite() {
                out.push(value);
            }
            let digits = (next() % 1_000_000) as f64;
            out.push(digits / [1.0, 10.0, 100.0, 1000.0, 1e6][(next() % 5) as usize]);
            out.push((next() % (1 << 60)) as f64);
            out.push(f64::from_bits(next() % (1 << 53))); // subnormals and the smallest normals
        }
        for e in -1074..1024 {
            let power = 2f64.powi(e);
            if power.is_finite() && power > 0.0 {
                out.push(power);
                out.push(f64::from_bits(power.to_bits() + 1));
                out.push(f64::from_bits(power.to_bits() - 1));
            }
        }
        for e in -30..30 {
            out.push(10f64.powi(e));
            out.push(5.0 * 10f64.powi(e));
            out.push(2.5 * 10f64.powi(e));
        }
        out.extend([
            0.0,
            -0.0,
            0.125,
            0.5,
            1.5,
            2.5,
            0.45,
            2.15,
            99.55,
            1e23,
            9.5,
            f64::MAX,
        ]);
        out.extend([
            f64::MIN_POSITIVE,
            5e-324,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ]);
        out.into_iter().flat_map(|v| [v, -v])
    }

    /// Rust's `{:e}` digits and decimal point: `1.5e-7` gives ("15", -6).
    fn rust_shortest(value: f64) -> (String, i32) {
        let text = format!("{:e}", value.abs());
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let exponent: i32 = exponent.parse().unwrap_or(0);
        (mantissa.replace('.', ""), exponent + 1)
    }

    #[test]
    fn shortest_digits_match_rust_but_on_ties() {
        let mut ties = 0;
        for value in samples().filter(|v| v.is_finite() && *v != 0.0) {
            let ours = shortest(value);
            let (digits, point) = rust_shortest(value);
            if (ours.digits.as_str(), ours.point) == (digits.as_str(), point) {
                continue;
            }
            // A tie: Rust rounded the last digit up from ours, which is even, and the exact value
            // lies half-way (its exact digits are ours followed by a single 5).
            let last = ours.digits.bytes().last().unwrap_or(b'0');
            let mut up = String::from(&ours.digits[..ours.digits.len() - 1]);
            up.push(char::from(last + 1));
            assert_eq!(
                (up.as_str(), ours.point),
                (digits.as_str(), point),
                "{value:e}"
            );
            assert_eq!((last - b'0') % 2, 0, "{value:e}");
            let exact = exact(value, Precision::Significant(ours.digits.len() + 30));
            let mut half = ours.digits.clone();
            half.push('5');
            assert_eq!(exact.digits.trim_end_matches('0'), half, "{value:e}");
            ties += 1;
        }
        assert!(ties < 100, "{ties} ties");
    }

    // The literals are exact (halves and quarters); their shortest forms are the ties.
    #[allow(clippy::excessive_precision)]
    #[test]
    fn shortest_ties_go_to_even_as_in_ruby() {
        // Ruby 3.1's `p` of each value (Float#to_s).
        let ruby: &[(f64, &str, i32)] = &[
            (1932173695544702.25, "19321736955447022", 16),
            (1727086184932938.25, "17270861849329382", 16),
            (1932173695544702.75, "19321736955447028", 16),
            (165793407361858.625, "16579340736185862", 15),
            (165793407361858.375, "16579340736185838", 15),
            (165793407361858.125, "16579340736185812", 15),
        ];
        for (value, digits, point) in ruby {
            let ours = shortest(*value);
            assert_eq!((ours.digits.as_str(), ours.point), (*digits, *point));
        }
    }

    #[test]
    fn exact_forms_match_rust() {
        for (i, value) in samples().enumerate() {
            let decimals = [0, 1, 2, 3, 6, 17, 20, 40][i % 8];
            assert_eq!(
                fixed(value, decimals),
                format!("{value:.decimals$}"),
                "{:#x} .{decimals}",
                value.to_bits()
            );
            assert_eq!(
                scientific(value, decimals),
                format!("{value:.decimals$e}"),
                "{:#x} .{decimals}e",
                value.to_bits()
            );
        }
    }

    #[test]
    fn extreme_precisions_match_rust() {
        for value in [5e-324, 1e-300, 0.1, 1.0, 123.456, 1e300, f64::MAX] {
            for decimals in [0, 5, 300, 330, 1100] {
                assert_eq!(fixed(value, decimals), format!("{value:.decimals$}"));
                assert_eq!(scientific(value, decimals), format!("{value:.decimals$e}"));
            }
        }
    }
}
