//! Decimal text to `f64`, correctly rounded, the same as `str::parse::<f64>` without std's 10 KB table
//! (and Ruby's `String#to_f` on it).
//!
//! Std's parser (Eisel–Lemire) carries a 10 KB table of powers of five that compresses badly; this one
//! takes Clinger's exact fast path when it can and otherwise the simple decimal conversion (Nigel Tao's
//! algorithm, as in Go's `strconv` and std's own fallback): shifts of a decimal digit buffer by powers of
//! two. It accepts what std accepts: `[+-]`, then `inf`/`infinity`/`nan` (any case) or digits with an
//! optional `.` and exponent.

/// Digits kept; further ones only count as "truncated" (enough for correct rounding of `f64`).
const MAX_DIGITS: usize = 768;
/// Past this decimal exponent the value is 0 or infinity whatever the digits.
const DECIMAL_POINT_RANGE: i32 = 2047;

/// `0.d1 d2 d3 ... × 10^decimal_point`.
struct Decimal {
    num_digits: usize,
    decimal_point: i32,
    truncated: bool,
    digits: [u8; MAX_DIGITS],
}

impl Decimal {
    fn trim(&mut self) {
        while self.num_digits != 0 && self.digits[self.num_digits - 1] == 0 {
            self.num_digits -= 1;
        }
    }

    /// The integer part, rounded half to even (all ones when it does not fit).
    fn round(&self) -> u64 {
        if self.num_digits == 0 || self.decimal_point < 0 {
            return 0;
        }
        if self.decimal_point > 18 {
            return u64::MAX;
        }
        let dp = self.decimal_point as usize;
        let mut n = 0u64;
        for i in 0..dp {
            n *= 10;
            if i < self.num_digits {
                n += self.digits[i] as u64;
            }
        }
        let mut round_up = false;
        if dp < self.num_digits {
            round_up = self.digits[dp] >= 5;
            if self.digits[dp] == 5 && dp + 1 == self.num_digits {
                round_up = self.truncated || (dp != 0 && self.digits[dp - 1] & 1 != 0);
            }
        }
        n + round_up as u64
    }

    /// Multiplies by `2^shift` (`shift` at most 60).
    fn left_shift(&mut self, shift: usize) {
        if self.num_digits == 0 {
            return;
        }
        // The product's digits, least significant first.
        let mut out = alloc::vec::Vec::with_capacity(self.num_digits + 20);
        let mut n = 0u64;
        for i in (0..self.num_digits).rev() {
            n += (self.digits[i] as u64) << shift;
            out.push((n % 10) as u8);
            n /= 10;
        }
        while n > 0 {
            out.push((n % 10) as u8);
            n /= 10;
        }
        let new_digits = out.len() - self.num_digits;
        for (k, &d) in out.iter().rev().enumerate() {
            if k < MAX_DIGITS {
                self.digits[k] = d;
            } else if d > 0 {
                self.truncated = true;
            }
        }
        self.num_digits = out.len().min(MAX_DIGITS);
        self.decimal_point += new_digits as i32;
        self.trim();
    }

    /// Divides by `2^shift` (`shift` at most 60).
    fn right_shift(&mut self, shift: usize) {
        let mut read = 0;
        let mut write = 0;
        let mut n = 0u64;
        while n >> shift == 0 {
            if read < self.num_digits {
                n = 10 * n + self.digits[read] as u64;
                read += 1;
            } else if n == 0 {
                return;
            } else {
                while n >> shift == 0 {
                    n *= 10;
                    read += 1;
                }
                break;
            }
        }
        self.decimal_point -= read as i32 - 1;
        if self.decimal_point < -DECIMAL_POINT_RANGE {
            self.num_digits = 0;
            self.decimal_point = 0;
            self.truncated = false;
            return;
        }
        let mask = (1u64 << shift) - 1;
        while read < self.num_digits {
            let digit = (n >> shift) as u8;
            n = 10 * (n & mask) + self.digits[read] as u64;
            read += 1;
            self.digits[write] = digit;
            write += 1;
        }
        while n > 0 {
            let digit = (n >> shift) as u8;
            n = 10 * (n & mask);
            if write < MAX_DIGITS {
                self.digits[write] = digit;
                write += 1;
            } else if digit > 0 {
                self.truncated = true;
            }
        }
        self.num_digits = write;
        self.trim();
    }
}

/// Exact powers of ten of `f64`, for the fast path.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// `text` as an `f64`, or `None` where `str::parse::<f64>` gives an error.
pub fn parse_f64(text: &str) -> Option<f64> {
    let (negative, body) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let value = if ["inf", "infinity"]
        .iter()
        .any(|w| body.eq_ignore_ascii_case(w))
    {
        f64::INFINITY
    } else if body.eq_ignore_ascii_case("nan") {
        f64::NAN
    } else {
        parse_decimal(body.as_bytes())?
    };
    Some(if negative { -value } else { value })
}

/// Ruby's `String#to_f`: the leading decimal number (after blanks; `_` between digits), 0.0 when
/// there is none.
pub fn ruby_to_f(s: &str) -> f64 {
    let t = crate::text::TrimBy::trim_start_by(s, &|c| matches!(c, ' ' | '\t'..='\r'));
    let bytes = t.as_bytes();
    let digits = |mut at: usize, underscore: bool| {
        while at < bytes.len() && (bytes[at].is_ascii_digit() || underscore && bytes[at] == b'_') {
            at += 1;
        }
        at
    };
    let sign = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let mut end = digits(sign, true);
    if bytes.get(end) == Some(&b'.') && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) {
        end = digits(end + 1, false);
    }
    if end > sign && matches!(bytes.get(end), Some(b'e' | b'E')) {
        let e = end + 1 + usize::from(matches!(bytes.get(end + 1), Some(b'+' | b'-')));
        if bytes.get(e).is_some_and(u8::is_ascii_digit) {
            end = digits(e, false);
        }
    }
    let clean: alloc::string::String = t[..end].chars().filter(|&c| c != '_').collect();
    parse_f64(&clean).unwrap_or(0.0)
}

/// Digits with an optional `.` and exponent (no sign) as a correctly rounded `f64`.
fn parse_decimal(s: &[u8]) -> Option<f64> {
    let mut d = Decimal {
        num_digits: 0,
        decimal_point: 0,
        truncated: false,
        digits: [0; MAX_DIGITS],
    };
    // Significant digits (no leading zeros; trailing zeros trimmed below), and how many of them
    // (plus zeros dropped from the front) stand before the point.
    let mut at = 0;
    let mut seen_digit = false;
    let mut seen_point = false;
    let mut mantissa = 0u64;
    while let Some(&c) = s.get(at) {
        match c {
            b'0'..=b'9' => {
                seen_digit = true;
                if d.num_digits == 0 && c == b'0' {
                    if seen_point {
                        d.decimal_point -= 1;
                    }
                } else {
                    if d.num_digits < MAX_DIGITS {
                        d.digits[d.num_digits] = c - b'0';
                    } else if c != b'0' {
                        d.truncated = true;
                    }
                    if d.num_digits < 19 {
                        mantissa = mantissa * 10 + (c - b'0') as u64;
                    }
                    d.num_digits += 1;
                    if !seen_point {
                        d.decimal_point += 1;
                    }
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => break,
        }
        at += 1;
    }
    if !seen_digit {
        return None;
    }
    let mut exponent = 0i64;
    if let Some(b'e' | b'E') = s.get(at) {
        at += 1;
        let negative = match s.get(at) {
            Some(b'-') => true,
            Some(b'+') => false,
            _ => {
                at -= 1;
                false
            }
        };
        at += 1;
        let start = at;
        while let Some(c @ b'0'..=b'9') = s.get(at) {
            exponent = (exponent * 10 + (c - b'0') as i64).min(0x10000);
            at += 1;
        }
        if at == start {
            return None;
        }
        if negative {
            exponent = -exponent;
        }
    }
    if at != s.len() {
        return None;
    }
    let significant = d.num_digits;
    d.num_digits = d.num_digits.min(MAX_DIGITS);
    d.trim();
    if d.num_digits == 0 {
        return Some(0.0);
    }
    // Clinger: at most 15 digits and a power of ten up to 22 are exact, so one operation rounds right.
    let power = d.decimal_point as i64 - significant as i64 + exponent;
    if significant <= 15 && power.abs() <= 22 {
        let m = mantissa as f64;
        let p = POW10[power.unsigned_abs() as usize];
        return Some(if power < 0 { m / p } else { m * p });
    }
    d.decimal_point = (d.decimal_point as i64 + exponent).clamp(-100_000, 100_000) as i32;
    Some(f64::from_bits(slow_bits(&mut d)))
}

/// The bits of the `f64` nearest to `d` (positive, at least one digit).
fn slow_bits(d: &mut Decimal) -> u64 {
    const MANTISSA_BITS: usize = 52;
    const MIN_EXPONENT: i32 = -1023;
    const INFINITE_POWER: i32 = 0x7FF;
    const INFINITY: u64 = (INFINITE_POWER as u64) << MANTISSA_BITS;
    const POWERS: [u8; 19] = [
        0, 3, 6, 9, 13, 16, 19, 23, 26, 29, 33, 36, 39, 43, 46, 49, 53, 56, 59,
    ];
    let shift_for = |n: usize| POWERS.get(n).map_or(60, |&s| s as usize);
    if d.decimal_point < -324 {
        return 0;
    }
    if d.decimal_point >= 310 {
        return INFINITY;
    }
    let mut exp2 = 0i32;
    while d.decimal_point > 0 {
        let shift = shift_for(d.decimal_point as usize);
        d.right_shift(shift);
        if d.decimal_point < -DECIMAL_POINT_RANGE {
            return 0;
        }
        exp2 += shift as i32;
    }
    while d.decimal_point <= 0 {
        let shift = if d.decimal_point == 0 {
            match d.digits[0] {
                digit if digit >= 5 => break,
                0 | 1 => 2,
                _ => 1,
            }
        } else {
            shift_for((-d.decimal_point) as usize)
        };
        d.left_shift(shift);
        if d.decimal_point > DECIMAL_POINT_RANGE {
            return INFINITY;
        }
        exp2 -= shift as i32;
    }
    // Now in [1/2, 1); the binary format counts from [1, 2).
    exp2 -= 1;
    while MIN_EXPONENT + 1 > exp2 {
        let n = ((MIN_EXPONENT + 1 - exp2) as usize).min(60);
        d.right_shift(n);
        exp2 += n as i32;
    }
    if exp2 - MIN_EXPONENT >= INFINITE_POWER {
        return INFINITY;
    }
    d.left_shift(MANTISSA_BITS + 1);
    let mut mantissa = d.round();
    if mantissa >= 1u64 << (MANTISSA_BITS + 1) {
        // Rounding carried into a new bit: one more halving.
        d.right_shift(1);
        exp2 += 1;
        mantissa = d.round();
        if exp2 - MIN_EXPONENT >= INFINITE_POWER {
            return INFINITY;
        }
    }
    let mut power2 = exp2 - MIN_EXPONENT;
    if mantissa < 1u64 << MANTISSA_BITS {
        power2 -= 1;
    }
    mantissa &= (1u64 << MANTISSA_BITS) - 1;
    mantissa | (power2 as u64) << MANTISSA_BITS
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::String;

    fn same(text: &str) {
        let ours = parse_f64(text);
        let std = text.parse::<f64>().ok();
        assert_eq!(
            ours.map(f64::to_bits),
            std.map(f64::to_bits),
            "parse of {text:?}: {ours:?} vs {std:?}"
        );
    }

    #[test]
    fn agrees_with_std_on_edge_cases() {
        for text in [
            "0",
            "0.0",
            "-0",
            "+0.0",
            "1",
            "1.5",
            "-2.25",
            "3.14159",
            ".5",
            "5.",
            ".",
            "",
            "+",
            "-",
            "e5",
            "1e",
            "1e+",
            "1e-",
            "1e5",
            "1E5",
            "1e+5",
            "1e-5",
            "1.e3",
            ".1e3",
            "1..2",
            "1.2.3",
            "1e5.5",
            "0x10",
            "1_0",
            " 1",
            "1 ",
            "inf",
            "-INF",
            "Infinity",
            "+infinity",
            "nan",
            "NaN",
            "-nan",
            "infin",
            "1e308",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1e309",
            "2e-308",
            "2.2250738585072014e-308",
            "2.2250738585072011e-308",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "1e-324",
            "1e-400",
            "1e400",
            "9007199254740993",
            "9007199254740992.5",
            "9007199254740993.0000000001",
            "123456789012345678901234567890",
            "0.000000000000000000000000000001",
            "00000.000001e10",
            "1e99999999999999999999",
            "1e-99999999999999999999",
            "0e99999999",
            "0.1",
            "0.2",
            "0.3",
            "1e22",
            "1e23",
            "123456789012345.6",
            "1234567890123456e-5",
            "8.98846567431158e307",
            "2.225073858507201136057409796709131975934819546351645648e-308",
        ] {
            same(text);
        }
        let long = format!("0.{}1", "0".repeat(800));
        same(&long);
        let many = format!("{}e-800", "7".repeat(900));
        same(&many);
        let halfway = format!("9007199254740993{}", "0".repeat(780));
        same(&halfway);
        same(&format!("{halfway}1"));
    }

    #[test]
    fn agrees_with_std_on_generated_numbers() {
        // A small deterministic generator: digits, points and exponents in many shapes.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        for _ in 0..150_000 {
            let mut text = String::new();
            let range = if next(4) == 0 { 40 } else { 18 };
            let digits = 1 + next(range);
            let point = next(digits + 2);
            for i in 0..digits {
                if i == point {
                    text.push('.');
                }
                text.push((b'0' + next(10) as u8) as char);
            }
            if next(2) == 0 {
                text.push('e');
                let range = if next(2) == 0 { 60 } else { 700 };
                let exponent = next(range) as i64 - range as i64 / 2;
                text.push_str(&format!("{exponent}"));
            }
            same(&text);
        }
        for bits in (0..u64::MAX).step_by(0x0000_ffff_ffff_fffd).take(60_000) {
            let f = f64::from_bits(bits);
            if f.is_finite() {
                same(&format!("{f:e}"));
                same(&format!("{f}"));
            }
        }
    }
}
