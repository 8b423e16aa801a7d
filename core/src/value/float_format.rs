//! Ruby's `Float#to_s`, the way Puppet prints floats: `1.0`, `0.0001`, `1.0e-05`, `1.0e+16`.

use alloc::format;
use alloc::string::String;

use super::float_digits::{shortest, Digits};

/// Formats a float exactly as Ruby's `Float#to_s` does: the shortest digits that read back
/// to the same float, in fixed notation when the decimal exponent is in -4 < e < 16 (or is 16
/// and a fraction follows), otherwise as `d.ddde+XX` (at least two exponent digits).
pub fn format_float(value: f64) -> String {
    if value.is_nan() {
        return "NaN".into();
    }
    if value.is_infinite() {
        return if value > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    if value == 0.0 {
        return if value.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    let sign = if value < 0.0 { "-" } else { "" };
    let Digits {
        digits,
        point: decimal_point,
    } = shortest(value);
    // Ruby's decpt: the value is 0.DIGITS * 10^decpt.
    let exponent = decimal_point - 1;
    let mut out = String::from(sign);
    // Ruby's `flo_to_s`: fixed when the point falls inside the digits, or when there are fewer
    // than 16 digits before it (`1234567890123456.8` but `1.234567890123456e+15`).
    if decimal_point > 0 && (decimal_point < digits.len() as i32 || decimal_point < 16) {
        let point = decimal_point as usize;
        if digits.len() <= point {
            out.push_str(&digits);
            for _ in digits.len()..point {
                out.push('0');
            }
            out.push_str(".0");
        } else {
            out.push_str(&digits[..point]);
            out.push('.');
            out.push_str(&digits[point..]);
        }
    } else if decimal_point <= 0 && decimal_point > -4 {
        out.push_str("0.");
        for _ in 0..(-decimal_point) {
            out.push('0');
        }
        out.push_str(&digits);
    } else {
        out.push_str(&digits[..1]);
        out.push('.');
        if digits.len() > 1 {
            out.push_str(&digits[1..]);
        } else {
            out.push('0');
        }
        out.push('e');
        out.push(if exponent < 0 { '-' } else { '+' });
        out.push_str(&format!("{:02}", exponent.unsigned_abs()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::format_float;

    // 1932173695544702.25 is exact: its shortest forms tie.
    #[allow(clippy::excessive_precision)]
    #[test]
    fn matches_ruby_float_to_s() {
        let cases: &[(f64, &str)] = &[
            (1.0, "1.0"),
            (1e20, "1.0e+20"),
            (1.5e-7, "1.5e-07"),
            (1e17, "1.0e+17"),
            (1e16, "1.0e+16"),
            (1e15, "1.0e+15"),
            (1e14, "100000000000000.0"),
            (123456789012345.0, "123456789012345.0"),
            (1234567890123456.0, "1.234567890123456e+15"),
            // 17 digits with the point after the 16th: fixed (Ruby 3.1's `p`).
            (1234567890123456.7, "1234567890123456.8"),
            (1e15, "1.0e+15"),
            // A tie between two shortest forms goes to the even digit.
            (1932173695544702.25, "1932173695544702.2"),
            (0.1, "0.1"),
            (-0.0, "-0.0"),
            // The literal 123456789.123456789 as Ruby reads it.
            (123456789.12345679, "123456789.12345679"),
            (1e-5, "1.0e-05"),
            (0.0001, "0.0001"),
            (0.00015, "0.00015"),
            (0.001, "0.001"),
            (100.0, "100.0"),
            (1e100, "1.0e+100"),
            (12345678901234567.0, "1.2345678901234568e+16"),
            (1.23456789e-5, "1.23456789e-05"),
            (0.30000000000000004, "0.30000000000000004"),
            (-2.5, "-2.5"),
        ];
        for (value, expected) in cases {
            assert_eq!(format_float(*value), *expected, "{value:e}");
        }
    }
}
