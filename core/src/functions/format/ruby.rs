//! Ruby's `Kernel#format` for one directive: integers (with `..f` two's complement forms),
//! floats (`%f %e %g %a`) and strings, with flags, width and precision.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// One parsed `%<flags><width>.<prec><conv>` directive.
#[derive(Debug, Clone, Default)]
pub(crate) struct Spec {
    pub minus: bool,
    pub plus: bool,
    pub space: bool,
    pub zero: bool,
    pub alt: bool,
    pub width: Option<usize>,
    pub prec: Option<usize>,
    pub conv: char,
}

/// The widest width or precision a directive may ask for (Rust's own formatting limit): wider ones
/// are refused, so a format like `'%99999999s'` cannot allocate without bound or panic.
pub(crate) const MAX_WIDTH: usize = u16::MAX as usize;

/// The message of a result string longer than `max` bytes (the engine's string size limit).
pub(crate) fn too_long(max: usize) -> String {
    format!("a string's length in bytes would exceed the limit of {max}")
}

impl Spec {
    /// What a number's digits follow: `-`, or for other numbers `+` or a space as the flags ask.
    fn sign(&self, negative: bool) -> &'static str {
        if negative {
            "-"
        } else if self.plus {
            "+"
        } else if self.space {
            " "
        } else {
            ""
        }
    }

    /// Refuse a width or precision beyond [`MAX_WIDTH`].
    pub fn check_bounds(&self) -> Result<(), String> {
        match self
            .width
            .into_iter()
            .chain(self.prec)
            .find(|n| *n > MAX_WIDTH)
        {
            Some(n) => Err(format!(
                "a format width or precision of {n} exceeds the limit of {MAX_WIDTH}"
            )),
            None => Ok(()),
        }
    }

    /// The same directive with another conversion character.
    pub fn with_conv(&self, conv: char) -> Spec {
        Spec {
            conv,
            ..self.clone()
        }
    }
}

/// Pad `body` (after `sign_prefix`) to the width: zeros between prefix and digits when asked.
fn pad_number(spec: &Spec, sign_prefix: &str, body: &str, zero_ok: bool) -> String {
    let len = sign_prefix.chars().count() + body.chars().count();
    let width = spec.width.unwrap_or(0);
    if len >= width {
        return format!("{sign_prefix}{body}");
    }
    let fill = width - len;
    if spec.minus {
        format!("{sign_prefix}{body}{}", " ".repeat(fill))
    } else if spec.zero && zero_ok {
        format!("{sign_prefix}{}{body}", "0".repeat(fill))
    } else {
        format!("{}{sign_prefix}{body}", " ".repeat(fill))
    }
}

/// Pad a text to the width (spaces; left or right justified).
pub(crate) fn pad_text(spec: &Spec, text: &str) -> String {
    let len = text.chars().count();
    let width = spec.width.unwrap_or(0);
    if len >= width {
        return text.to_string();
    }
    let fill = " ".repeat(width - len);
    if spec.minus {
        format!("{text}{fill}")
    } else {
        format!("{fill}{text}")
    }
}

/// `%s` of a text: precision truncates (in characters), width pads.
pub(crate) fn format_str(spec: &Spec, text: &str) -> String {
    match spec.prec {
        Some(prec) => {
            let cut: String = text.chars().take(prec).collect();
            pad_text(spec, &cut)
        }
        None => pad_text(spec, text),
    }
}

fn digit_char(digit: u32, upper: bool) -> char {
    let c = char::from_digit(digit, 16).unwrap_or('0');
    if upper {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// Digits of a non-negative number in `base`.
fn digits(mut n: u128, base: u32, upper: bool) -> String {
    if n == 0 {
        return "0".to_string();
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push(digit_char((n % base as u128) as u32, upper));
        n /= base as u128;
    }
    out.iter().rev().collect()
}

/// Ruby's two's complement digits of a negative number: `-255` in hex is `f01` (shown `..f01`).
fn complement_digits(n: i128, bits: u32, upper: bool) -> String {
    let mask = (1i128 << bits) - 1;
    let max = mask as u32;
    let mut out = Vec::new();
    let mut rest = n;
    loop {
        out.push((rest & mask) as u32);
        rest >>= bits;
        if rest == -1 {
            break;
        }
    }
    while out.len() > 1 && out.last() == Some(&max) {
        out.pop();
    }
    if out.last() == Some(&max) && out.len() == 1 {
        out.clear();
    }
    out.push(max);
    out.iter().rev().map(|d| digit_char(*d, upper)).collect()
}

/// An integer with `d i u x X o b B` (other conversions are the caller's business).
pub(crate) fn format_int(spec: &Spec, n: i128) -> String {
    let conv = spec.conv;
    let upper = conv == 'X';
    let (base, bits) = match conv {
        'x' | 'X' => (16, 4),
        'o' => (8, 3),
        'b' | 'B' => (2, 1),
        _ => (10, 0),
    };
    let negative = n < 0;
    let signed = base == 10 || spec.plus || spec.space;
    let prefix = if spec.alt {
        match conv {
            'x' => "0x",
            'X' => "0X",
            'b' => "0b",
            'B' => "0B",
            'o' => "0",
            _ => "",
        }
    } else {
        ""
    };
    let (sign, mut body, dots) = if negative && !signed {
        (
            String::new(),
            complement_digits(n, bits, upper),
            String::from(".."),
        )
    } else {
        (
            String::from(spec.sign(negative)),
            digits(n.unsigned_abs(), base, upper),
            String::new(),
        )
    };
    // `%#o` of a number whose digits already start with 0 adds no prefix.
    let prefix = if conv == 'o' && body.starts_with('0') && dots.is_empty() {
        ""
    } else {
        prefix
    };
    if let Some(prec) = spec.prec {
        let len = body.chars().count();
        if len < prec {
            let fill = if dots.is_empty() {
                '0'
            } else {
                body.chars().next().unwrap_or('0')
            };
            body = core::iter::repeat_n(fill, prec - len)
                .chain(body.chars())
                .collect();
        }
    }
    let lead = format!("{sign}{prefix}{dots}");
    pad_number(spec, &lead, &body, spec.prec.is_none())
}

/// Splits Rust's `{:e}` output (`1.5e4`) into mantissa and exponent.
fn split_exp(text: &str) -> (&str, i32) {
    match text.split_once('e') {
        Some((mantissa, exp)) => (mantissa, exp.parse::<i64>().map_or(0, |e| e as i32)),
        None => (text, 0),
    }
}

fn exp_form(mantissa: &str, exp: i32, upper: bool) -> String {
    let e = if upper { 'E' } else { 'e' };
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}{e}{sign}{:02}", exp.unsigned_abs())
}

fn strip_fraction_zeros(text: &str) -> String {
    if text.contains('.') {
        let trimmed = text.trim_end_matches('0');
        trimmed.trim_end_matches('.').to_string()
    } else {
        text.to_string()
    }
}

fn hex_float(value: f64, prec: Option<usize>, upper: bool) -> String {
    let bits = value.to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i64;
    let mantissa = bits & ((1u64 << 52) - 1);
    let (lead, exp) = if value == 0.0 {
        (0, 0)
    } else if exp_bits == 0 {
        (0, -1022)
    } else {
        (1, exp_bits - 1023)
    };
    let mut hex = format!("{mantissa:013x}");
    match prec {
        Some(p) if p < 13 => hex.truncate(p),
        Some(p) => hex.push_str(&"0".repeat(p - 13)),
        None => {
            while hex.ends_with('0') {
                hex.pop();
            }
        }
    }
    let frac = if hex.is_empty() {
        String::new()
    } else {
        format!(".{hex}")
    };
    let text = format!(
        "0x{lead}{frac}p{}{}",
        if exp < 0 { '-' } else { '+' },
        exp.abs()
    );
    if upper {
        text.to_ascii_uppercase()
    } else {
        text
    }
}

/// A float with `f e E g G a A`.
pub(crate) fn format_float(spec: &Spec, value: f64) -> String {
    let negative = value.is_sign_negative() && !value.is_nan();
    let sign = spec.sign(negative);
    let abs = value.abs();
    if !value.is_finite() {
        let text = if value.is_nan() { "NaN" } else { "Inf" };
        return pad_number(spec, sign, text, false);
    }
    let upper = spec.conv.is_ascii_uppercase();
    let body = match spec.conv {
        'e' | 'E' => {
            let prec = spec.prec.unwrap_or(6);
            let text = super::ruby_dtoa::scientific(abs, prec);
            let (mantissa, exp) = split_exp(&text);
            let mantissa = if spec.alt && prec == 0 {
                format!("{mantissa}.")
            } else {
                mantissa.to_string()
            };
            exp_form(&mantissa, exp, upper)
        }
        'g' | 'G' => {
            let p = match spec.prec {
                Some(0) => 1,
                Some(p) => p,
                None => 6,
            };
            let text = super::ruby_dtoa::scientific(abs, p - 1);
            let (mantissa, exp) = split_exp(&text);
            if exp < -4 || exp >= p as i32 {
                let mantissa = if spec.alt || super::ruby_dtoa::g_keeps_trailing_zeros(abs, p) {
                    mantissa.to_string()
                } else {
                    strip_fraction_zeros(mantissa)
                };
                exp_form(&mantissa, exp, upper)
            } else {
                let prec = (p as i32 - 1 - exp).max(0) as usize;
                let text = super::ruby_dtoa::fixed(abs, prec);
                if spec.alt || super::ruby_dtoa::g_keeps_trailing_zeros(abs, p) {
                    text
                } else {
                    strip_fraction_zeros(&text)
                }
            }
        }
        'a' | 'A' => {
            let text = hex_float(abs, spec.prec, upper);
            return pad_number(spec, &format!("{sign}{}", &text[..2]), &text[2..], true);
        }
        _ => {
            let prec = spec.prec.unwrap_or(6);
            let text = super::ruby_dtoa::fixed(abs, prec);
            if spec.alt && prec == 0 {
                format!("{text}.")
            } else {
                text
            }
        }
    };
    pad_number(spec, sign, &body, true)
}

/// The result of parsing the directive at the start of `text` (after its `%`).
pub(crate) enum Reference {
    /// Takes the next argument.
    Next,
    /// `%2$s`: an argument by position (1-based).
    Position(usize),
    /// `%<name>s`: a hash entry formatted by the directive.
    Named(String),
    /// `%{name}`: a hash entry inserted as with `%s`.
    NamedPlain(String),
}

/// A directive as `sprintf` sees it.
pub(crate) struct Directive {
    pub spec: Spec,
    pub reference: Reference,
    /// Width or precision given as `*` (taken from the arguments).
    pub star_width: bool,
    pub star_prec: bool,
    /// Bytes of the format text the directive used (after `%`).
    pub len: usize,
}

/// Parses a `sprintf` directive starting right after `%`; `Err` holds the malformed text.
pub(crate) fn parse_directive(text: &str) -> Result<Directive, String> {
    let bytes = text.as_bytes();
    let mut spec = Spec::default();
    let mut reference = Reference::Next;
    let mut star_width = false;
    let mut star_prec = false;
    let mut i = 0;
    let mut number: Option<usize> = None;
    loop {
        let Some(&b) = bytes.get(i) else {
            return Err(format!("%{text}"));
        };
        match b {
            b'-' => spec.minus = true,
            b'+' => spec.plus = true,
            b' ' => spec.space = true,
            b'#' => spec.alt = true,
            b'0' if number.is_none() => spec.zero = true,
            b'0'..=b'9' => {
                let start = i;
                while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
                let n =
                    crate::value::parse_count(&text[start..i]).ok_or_else(|| format!("%{text}"))?;
                if bytes.get(i) == Some(&b'$') {
                    reference = Reference::Position(n);
                    i += 1;
                } else {
                    spec.width = Some(n);
                    number = Some(n);
                }
                continue;
            }
            b'*' => star_width = true,
            b'.' => {
                i += 1;
                if bytes.get(i) == Some(&b'*') {
                    star_prec = true;
                    i += 1;
                } else {
                    let start = i;
                    while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                        i += 1;
                    }
                    spec.prec = Some(crate::value::parse_count(&text[start..i]).unwrap_or(0));
                }
                continue;
            }
            b'<' => {
                let end = text[i..].find('>').ok_or_else(|| format!("%{text}"))?;
                reference = Reference::Named(text[i + 1..i + end].to_string());
                i += end + 1;
                continue;
            }
            b'{' => {
                let end = text[i..].find('}').ok_or_else(|| format!("%{text}"))?;
                reference = Reference::NamedPlain(text[i + 1..i + end].to_string());
                spec.conv = 's';
                return Ok(Directive {
                    spec,
                    reference,
                    star_width,
                    star_prec,
                    len: i + end + 1,
                });
            }
            b'b' | b'B' | b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'e' | b'E' | b'f' | b'g'
            | b'G' | b'a' | b'A' | b'c' | b's' | b'p' | b'%' => {
                spec.conv = b as char;
                return Ok(Directive {
                    spec,
                    reference,
                    star_width,
                    star_prec,
                    len: i + 1,
                });
            }
            _ => {
                let end = text[i..]
                    .char_indices()
                    .nth(1)
                    .map_or(text.len(), |(n, _)| i + n);
                return Err(format!("%{}", &text[..end]));
            }
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> Spec {
        match parse_directive(&text[1..]) {
            Ok(d) => d.spec,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn integers() {
        assert_eq!(format_int(&spec("%x"), -255), "..f01");
        assert_eq!(format_int(&spec("%o"), -8), "..70");
        assert_eq!(format_int(&spec("%b"), -5), "..1011");
        assert_eq!(format_int(&spec("%#x"), -1), "0x..f");
        assert_eq!(format_int(&spec("%+x"), -255), "-ff");
        assert_eq!(format_int(&spec("%#010x"), 255), "0x000000ff");
        assert_eq!(format_int(&spec("%+05d"), 10), "+0010");
        assert_eq!(format_int(&spec("%#o"), 8), "010");
    }

    #[test]
    #[allow(clippy::approx_constant)]
    fn floats() {
        assert_eq!(format_float(&spec("%e"), 12345.678), "1.234568e+04");
        assert_eq!(format_float(&spec("%g"), 0.0001), "0.0001");
        assert_eq!(format_float(&spec("%g"), 1e20), "1e+20");
        assert_eq!(format_float(&spec("%g"), 123456789.0), "1.23457e+08");
        assert_eq!(format_float(&spec("%#g"), 100.0), "100.000");
        assert_eq!(format_float(&spec("%a"), 10.0), "0x1.4p+3");
        assert_eq!(format_float(&spec("%A"), 3.14159), "0X1.921F9F01B866EP+1");
        assert_eq!(format_float(&spec("%.0f"), 2.5), "2");
        assert_eq!(format_float(&spec("%08.3f"), 10.0), "0010.000");
    }
}
