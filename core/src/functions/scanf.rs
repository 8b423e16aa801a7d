//! `scanf(data, format)`: the values a format reads from a string, as Ruby's scanf library reads
//! them (Puppet's function is `data.scanf(format)`, then its lambda given the result). Each
//! directive becomes the library's regular expression, run with the engine's Ruby regexes from
//! where the last one stopped; the first that does not match ends the scan. Only the full engine
//! carries it (with the engine's Ruby): the light one hands a call over.

use super::declare::{optional_any_block, req, Def, Part};

/// `scanf`, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::puppet("scanf", RUN)
        .takes(&[&[req("data", "String"), req("format", "String"), optional_any_block()]])
        .checked().with_3x().full_engine(Part::Erb)
        .doc("The values a scanf format reads from the string (Ruby's scanf)"),
];

#[cfg(not(feature = "erb"))]
const RUN: super::declare::Run = super::hand_over::hand_over;
#[cfg(feature = "erb")]
const RUN: super::declare::Run = read::scanf;

#[cfg(feature = "erb")]
mod read {
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::super::declare::Call;
    use crate::host::EvalResult;
    use crate::value::{Regexp, Value};

    /// The library's cut of a format (case-insensitive): a directive with the blanks before it
    /// (groups: blanks, `*`, width, letter or class; `%%` has none of the last three), or a run
    /// of other text.
    const DIRECTIVE: &str =
        r"(?i)(\s*)%(?:%|(\*?)(\d*)(\[\[:\w+:\]\]|\[[^\]]*\]|[diuxofegsca]))|[^%\s]+";

    /// A float as the library reads it unbounded (a hex float, digits not before `.`, or a
    /// decimal with an optional exponent).
    macro_rules! float {
        () => {
            r"[-+]?(?:0[xX](?:\.\h+|\h+(?:\.\h*)?)[pP][-+]?\d+|\d+(?![\d.])|\d*\.\d*(?:[eE][-+]?\d+)?)"
        };
    }

    pub(in super::super) fn scanf(Call(host, site, args, closure, _): Call) -> EvalResult<Value> {
        let text = |i: usize| args[i].as_str().unwrap_or_default();
        let (mut left, format) = (text(0), text(1));
        let directive = Regexp::new(DIRECTIVE).map_err(|e| site.fail(&e.message))?;
        let mut found = Vec::new();
        let mut at = 0;
        while let Some(c) = host.regex_search(&directive, format, at, site.span)? {
            let spec = &format[c.whole().0..c.whole().1];
            at = c.whole().1;
            let part = |i: usize| c.get(i).map_or("", |(s, e)| &format[s..e]);
            let (blanks, skip, width, kind) = (c.get(1), part(2) == "*", part(3), part(4));
            let letter = kind.bytes().next().unwrap_or(b'%');
            // `%c` right after text and `%[` without `*` read blanks; the others skip them.
            if !(letter == b'c' && part(1).is_empty() || letter == b'[' && !skip) {
                let blank = |b: &u8| b" \t\n\x0b\x0c\r".contains(b);
                left = &left[left.bytes().take_while(blank).count()..];
            }
            let mut n = width.parse::<i64>().ok();
            if letter == b'c' {
                n = n.or(Some(1));
            }
            // The library's expression: alternatives cut by `;`, where `~k` stands for the
            // width less k (the alternative left out unless the width is more than k) and `@k`
            // the same always kept; with no width, `{1,}`.
            let template = match letter {
                b'd' | b'u' => r"[-+]\d{1,~1};\d{1,@0}",
                b'x' | b'X' => r"[-+]0[Xx]\h{1,~3};0[Xx]\h{1,~2};[-+]\h{1,~1};\h{1,@0}",
                b'o' => r"[-+][0-7]{1,@1};[0-7]{1,@0}",
                b'i' if n.is_some() => {
                    r"[1-9]\d{1,~1};0[0-7]{1,~1};[-+]0[0-7]{1,~2};[-+][1-9]\d{1,~2};0[Xx]\h{1,~2};[-+]0[Xx]\h{1,~3};\d"
                }
                b'i' => r"[-+]?(?:0[0-7]+|0[Xx]\h+|[1-9]\d*)",
                b'a' | b'e' | b'f' | b'g' | b'A' | b'E' | b'F' | b'G' if n.is_some() => {
                    concat!("(?=", float!(), r")\S{1,@0}")
                }
                b'a' | b'e' | b'f' | b'g' | b'A' | b'E' | b'F' | b'G' => float!(),
                b's' => r"\S{1,@0}",
                b'c' => ".{1,@0}",
                b'[' => "{1,@0}",
                _ => {
                    // `%%`, other text, and the letters the library reads only as text.
                    let literal = if blanks.is_some() && kind.is_empty() {
                        "%"
                    } else {
                        spec
                    };
                    match left.strip_prefix(literal) {
                        Some(rest) => left = rest,
                        None => break,
                    }
                    if left.is_empty() {
                        break;
                    }
                    continue;
                }
            };
            let mut pattern = String::from(r"(?m)\A(?:");
            if letter == b'[' {
                pattern.push_str(kind);
            }
            for alternative in template.split(';') {
                let start = pattern.len();
                let mut keep = true;
                let mut bytes = alternative.bytes();
                while let Some(b) = bytes.next() {
                    if b != b'~' && b != b'@' {
                        pattern.push(char::from(b));
                        continue;
                    }
                    let k = i64::from(bytes.next().unwrap_or(b'0') & 15);
                    if let Some(n) = n {
                        keep &= b == b'@' || n > k;
                        crate::value::push_integer(&mut pattern, n - k);
                    }
                }
                if keep {
                    pattern.push('|');
                } else {
                    pattern.truncate(start);
                }
            }
            // The last alternative is always kept: its `|` closes the group.
            pattern.pop();
            pattern.push(')');
            let regexp = Regexp::new(&pattern).map_err(|e| site.fail(&e.message))?;
            let Some(m) = host.regex_search(&regexp, left, 0, site.span)? else {
                break;
            };
            let read = &left[..m.whole().1];
            left = &left[m.whole().1..];
            let (negative, digits) = match read.as_bytes().first() {
                Some(b'-') => (true, &read[1..]),
                Some(b'+') => (false, &read[1..]),
                _ => (false, read),
            };
            if !skip {
                found.push(match letter {
                    b's' | b'c' | b'[' => Value::string(read),
                    b'd' | b'u' | b'o' | b'x' | b'X' | b'i' => {
                        Value::Integer(integer(letter, negative, digits).ok_or_else(|| {
                            site.fail(alloc::format!("the integer {read} is beyond 64 bits"))
                        })?)
                    }
                    _ => Value::Float(float(read, negative, digits)),
                });
            }
            if left.is_empty() {
                break;
            }
        }
        let found = Value::array(found);
        match closure {
            Some(closure) => {
                // Yielded as Ruby yields: a lambda without parameters drops the value.
                let mut given = alloc::vec![found];
                given.truncate(closure.params().len());
                super::super::control::lambda_given(closure, 1)?;
                host.call_lambda(closure, given, site)
            }
            None => Ok(found),
        }
    }

    /// What an integer directive read (its sign apart), in its radix (`%i`: a leading `0` is
    /// octal, and the `x` of `0x` hexadecimal); `None` beyond 64 bits.
    fn integer(letter: u8, negative: bool, digits: &str) -> Option<i64> {
        let mut radix = match letter {
            b'o' => 8,
            b'x' | b'X' => 16,
            b'i' if digits.len() > 1 && digits.starts_with('0') => 8,
            _ => 10,
        };
        let mut value: i64 = 0;
        for b in digits.bytes() {
            match char::from(b).to_digit(radix) {
                Some(d) => {
                    let d = i64::from(d);
                    value = value.checked_mul(radix.into())?.checked_add(if negative {
                        -d
                    } else {
                        d
                    })?;
                }
                None => radix = 16,
            }
        }
        Some(value)
    }

    /// What a float directive read as a Float: a hex float by its digits and power of two,
    /// `1.e+5` as `1e+5`, anything else as Ruby's `to_f` reads it.
    fn float(read: &str, negative: bool, digits: &str) -> f64 {
        let bytes = digits.as_bytes();
        let Some(hex) = bytes.strip_prefix(b"0x").or(bytes.strip_prefix(b"0X")) else {
            let mut joined = String::from(read);
            if let Some(point) = digits.find('.') {
                if bytes[..point].iter().all(u8::is_ascii_digit)
                    && matches!(bytes[point + 1..], [b'e' | b'E', b'+' | b'-', ..])
                {
                    joined.remove(point + read.len() - digits.len());
                }
            }
            return crate::value::ruby_to_f(&joined);
        };
        // Hex digits with at most one point, `p`, a signed power of two.
        let mut value = 0.0;
        let mut power = 0;
        let mut point = 0;
        let mut exponent: Option<(i32, i32)> = None;
        for &b in hex {
            match (b, &mut exponent) {
                (b'p' | b'P', None) => exponent = Some((1, 0)),
                (b'.', None) if point == 0 => point = 4,
                (_, None) => {
                    let Some(d) = char::from(b).to_digit(16) else {
                        return 0.0;
                    };
                    value = value * 16.0 + f64::from(d);
                    power -= point;
                }
                (_, Some((sign, e))) => match char::from(b).to_digit(10) {
                    Some(d) => *e = (*e * 10 + d as i32).min(9999),
                    None if *e == 0 && b == b'-' => *sign = -1,
                    None if *e == 0 && b == b'+' => {}
                    None => break,
                },
            }
        }
        let Some((sign, e)) = exponent else {
            return 0.0;
        };
        let mut power = power + sign * e;
        while power != 0 {
            value *= if power > 0 { 2.0 } else { 0.5 };
            power -= power.signum();
        }
        if negative {
            -value
        } else {
            value
        }
    }
}

#[cfg(all(test, feature = "erb"))]
mod tests {
    use alloc::string::String;

    fn error_of(source: &str) -> String {
        let outcome = crate::evaluate(source, &crate::EvalOptions::default());
        let first = outcome.diagnostics.into_iter().next();
        first.map(|d| d.message).unwrap_or_default()
    }

    /// The messages OpenVox 8 gives (tests/conformance/golden/fn_scanf.jsonl), word for word: the
    /// conformance suite compares only where an error is.
    #[test]
    fn argument_errors_in_puppets_words() {
        let call = "Error while evaluating a Function Call, ";
        for (source, message) in [
            (
                "scanf(42, '%d')",
                "'scanf' parameter 'data' expects a String value, got Integer",
            ),
            (
                "scanf('42', 5)",
                "'scanf' parameter 'format' expects a String value, got Integer",
            ),
            ("scanf('42')", "'scanf' expects 2 arguments, got 1"),
            ("scanf()", "'scanf' expects 2 arguments, got none"),
            (
                "scanf('42', '%d', 'x')",
                "'scanf' expects 2 arguments, got 3",
            ),
        ] {
            assert_eq!(
                error_of(source),
                alloc::format!("{call}{message}"),
                "{source}"
            );
        }
        assert_eq!(
            error_of("scanf('5', '%d') |$a, $b| { $a }"),
            "Parameter $b is required but no value was given"
        );
    }

    #[test]
    fn integers_beyond_64_bits_are_refused_not_wrapped() {
        let message = error_of("scanf('99999999999999999999', '%d')");
        assert!(message.ends_with("the integer 99999999999999999999 is beyond 64 bits"));
        assert_eq!(error_of("scanf('9223372036854775807', '%d')"), "");
    }
}
