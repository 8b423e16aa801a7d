//! The value of a run of ASCII digits: one small loop shared by the readers of widths, counts,
//! clock fields and version numbers, instead of a `str::parse` instantiation per integer type.

/// `text` as a number when it is one or more ASCII digits and fits a `u128` (what `str::parse`
/// gives for such text); `None` otherwise.
pub(crate) fn parse_digits(text: &str) -> Option<u128> {
    if text.is_empty() {
        return None;
    }
    let mut n: u128 = 0;
    for b in text.bytes() {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(u128::from(b - b'0'))?;
    }
    Some(n)
}

/// [`parse_digits`] as a `usize` (widths, precisions, positions, match variable numbers).
pub(crate) fn parse_count(text: &str) -> Option<usize> {
    parse_digits(text).and_then(|n| usize::try_from(n).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_str_parse_on_digit_runs() {
        for text in [
            "",
            "0",
            "00",
            "7",
            "0042",
            "4294967295",
            "4294967296",
            "18446744073709551615",
            "18446744073709551616",
            "170141183460469231731687303715884105727",
            "170141183460469231731687303715884105728",
            "340282366920938463463374607431768211455",
            "340282366920938463463374607431768211456",
            "1x",
            "+1",
            "-1",
        ] {
            let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
            let expected_u128 = if digits {
                text.parse::<u128>().ok()
            } else {
                None
            };
            assert_eq!(parse_digits(text), expected_u128, "{text}");
            let expected_usize = if digits {
                text.parse::<usize>().ok()
            } else {
                None
            };
            assert_eq!(parse_count(text), expected_usize, "{text}");
            let expected_i128 = if digits {
                text.parse::<i128>().ok()
            } else {
                None
            };
            assert_eq!(
                parse_digits(text).and_then(|n| i128::try_from(n).ok()),
                expected_i128,
                "{text}"
            );
        }
    }
}
