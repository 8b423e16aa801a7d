//! `scanf(data, format)`: the values a format reads from a string, as Ruby's scanf library reads
//! them (Puppet's function calls `data.scanf(format)`): the format is cut into directives, each
//! made into the regular expression the library makes of it (`%d`, `%i`, `%x`, `%o`, `%f` and the
//! other float letters, `%s`, `%c`, `%[...]`, `%%`, widths, `%*` to skip), and run in turn with
//! Ruby's engine until one does not match.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::declare::Call;
use crate::host::{CallSite, EvalResult, FunctionHost};
use crate::value::{Regexp, Value};

/// How the library turns what a directive matched into a value.
#[derive(Clone, Copy, PartialEq)]
enum Convert {
    Float,
    Decimal,
    Hex,
    Octal,
    Integer,
    Plain,
    Nothing,
}

/// The library's `FormatString::REGEX` (case-insensitive): a directive with the blanks before it,
/// or a run of other text.
const DIRECTIVES: &str =
    r"(?i)(?:\s*%(?:%|\*?\d*(?:\[\[:\w+:\]\]|\[[^\]]*\]|[diuxofegsca])))|[^%\s]+";

const HEX: &str = "[A-Fa-f0-9]";
const FLOAT: &str =
    r"[-+]?(?:0[xX](?:\.\h+|\h+(?:\.\h*)?)[pP][-+]?\d+|\d+(?![\d.])|\d*\.\d*(?:[eE][-+]?\d+)?)";

pub(super) fn scanf(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    let (data, format) = (text_of(&args[0]), text_of(&args[1]));
    let mut found = Vec::new();
    let directives = search_all(host, site, DIRECTIVES, &format)?;
    let mut left: &str = &data;
    for spec in &directives {
        if left.is_empty() {
            break;
        }
        let (pattern, convert) = directive(host, site, spec)?;
        let counts_space = matches(host, site, r"(?:\A|\S)%\*?\d*c|%\d*\[", spec)?;
        if !counts_space {
            left = left.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
        }
        // Ruby's `/\A.../m` (`.` matches a newline), named so in its error.
        let regexp = Regexp::new(&format!("(?m)\\A{pattern}"))
            .map_err(|e| site.fail(format!("{}: /\\A{pattern}/m", e.message)))?;
        let Some(captures) = host.regex_search(&regexp, left, 0, site.span)? else {
            break;
        };
        let (start, end) = captures.get(1).unwrap_or((0, 0));
        let matched = left.get(start..end).unwrap_or_default();
        let skip = matches(host, site, r"\A\s*%\*", spec)?;
        if !skip && convert != Convert::Nothing {
            found.push(convert_with(convert, matched));
        }
        left = left.get(captures.whole().1..).unwrap_or_default();
    }
    let result = Value::array(found);
    match closure {
        Some(closure) => {
            super::control::lambda_given(closure, 1)?;
            host.call_lambda(closure, alloc::vec![result], site)
        }
        None => Ok(result),
    }
}

fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => String::from(&**s),
        other => crate::value::to_string_default(other),
    }
}

fn compile(site: &CallSite, source: &str) -> EvalResult<Regexp> {
    Regexp::new(source).map_err(|e| site.fail(format!("{e}")))
}

/// Every match of `pattern` in `text`, as Ruby's `scan` finds them.
fn search_all(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    pattern: &str,
    text: &str,
) -> EvalResult<Vec<String>> {
    let regexp = compile(site, pattern)?;
    let mut out = Vec::new();
    let mut from = Some(0);
    while let Some(at) = from {
        let Some(captures) = host.regex_search(&regexp, text, at, site.span)? else {
            break;
        };
        let (start, end) = captures.whole();
        out.push(text.get(start..end).unwrap_or_default().into());
        from = crate::regex::Regex::next_start(text, (start, end));
    }
    Ok(out)
}

/// The groups of the first match of `pattern` in `text` (`None`: no match).
fn groups(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    pattern: &str,
    text: &str,
) -> EvalResult<Option<Vec<String>>> {
    let regexp = compile(site, pattern)?;
    Ok(host.regex_search(&regexp, text, 0, site.span)?.map(|c| {
        (1..c.len())
            .map(|i| {
                c.get(i)
                    .and_then(|(s, e)| text.get(s..e))
                    .unwrap_or_default()
                    .into()
            })
            .collect()
    }))
}

fn matches(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    pattern: &str,
    text: &str,
) -> EvalResult<bool> {
    Ok(groups(host, site, pattern, text)?.is_some())
}

/// The library's `FormatSpecifier#initialize`: the regular expression a directive stands for
/// (its group 1 is what it reads) and how what it read becomes a value. The first of these
/// (unanchored, case-sensitive) patterns the directive matches decides.
fn directive(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    spec: &str,
) -> EvalResult<(String, Convert)> {
    const KINDS: &[&str] = &[
        r"%\*?(\[\[:[a-z]+:\]\])",
        r"%\*?(\d+)(\[\[:[a-z]+:\]\])",
        r"%\*?\[([^\]]*)\]",
        r"%\*?(\d+)\[([^\]]*)\]",
        r"%\*?i",
        r"%\*?(\d+)i",
        r"%\*?[du]",
        r"%\*?(\d+)[du]",
        r"%\*?[Xx]",
        r"%\*?(\d+)[Xx]",
        r"%\*?o",
        r"%\*?(\d+)o",
        r"%\*?[aefgAEFG]",
        r"%\*?(\d+)[aefgAEFG]",
        r"%\*?(\d+)s",
        r"%\*?s",
        r"\s%\*?c",
        r"%\*?c",
        r"%\*?(\d+)c",
        r"%%",
    ];
    for (kind, pattern) in KINDS.iter().enumerate() {
        let Some(g) = groups(host, site, pattern, spec)? else {
            continue;
        };
        let arg = |i: usize| g.get(i).map(String::as_str).unwrap_or_default();
        let n: usize = arg(0).parse().unwrap_or(0);
        let up_to = |k: usize| n.saturating_sub(k);
        return Ok(match kind {
            0 => (format!("({}+)", arg(0)), Convert::Plain),
            1 => (format!("({}{{1,{}}})", arg(1), arg(0)), Convert::Plain),
            2 => {
                let yes = arg(0);
                let no = match yes.strip_prefix('^') {
                    Some(rest) => String::from(rest),
                    None => format!("^{yes}"),
                };
                (format!("([{yes}]+)(?=[{no}]|\\z)"), Convert::Plain)
            }
            3 => (format!("([{}]{{1,{}}})", arg(1), arg(0)), Convert::Plain),
            4 => (
                format!("([-+]?(?:(?:0[0-7]+)|(?:0[Xx]{HEX}+)|(?:[1-9]\\d*)))"),
                Convert::Integer,
            ),
            5 => {
                let mut s = String::from("(");
                if n > 1 {
                    s += &format!("[1-9]\\d{{1,{0}}}|0[0-7]{{1,{0}}}|", up_to(1));
                }
                if n > 2 {
                    s += &format!(
                        "[-+]0[0-7]{{1,{0}}}|[-+][1-9]\\d{{1,{0}}}|0[Xx]{HEX}{{1,{0}}}|",
                        up_to(2)
                    );
                }
                if n > 3 {
                    s += &format!("[-+]0[Xx]{HEX}{{1,{}}}|", up_to(3));
                }
                (s + "\\d)", Convert::Integer)
            }
            6 => (String::from(r"([-+]?\d+)"), Convert::Decimal),
            7 => {
                let sign = if n > 1 {
                    format!("[-+]\\d{{1,{}}}|", up_to(1))
                } else {
                    String::new()
                };
                (format!("({sign}\\d{{1,{n}}})"), Convert::Decimal)
            }
            8 => (format!("([-+]?(?:0[Xx])?{HEX}+)"), Convert::Hex),
            9 => {
                let mut s = String::from("(");
                if n > 3 {
                    s += &format!("[-+]0[Xx]{HEX}{{1,{}}}|", up_to(3));
                }
                if n > 2 {
                    s += &format!("0[Xx]{HEX}{{1,{}}}|", up_to(2));
                }
                if n > 1 {
                    s += &format!("[-+]{HEX}{{1,{}}}|", up_to(1));
                }
                (format!("{s}{HEX}{{1,{n}}})"), Convert::Hex)
            }
            10 => (String::from("([-+]?[0-7]+)"), Convert::Octal),
            11 => (
                format!("([-+][0-7]{{1,{}}}|[0-7]{{1,{n}}})", up_to(1)),
                Convert::Octal,
            ),
            12 => (format!("({FLOAT})"), Convert::Float),
            13 => (format!("(?={FLOAT})(\\S{{1,{n}}})"), Convert::Float),
            14 => (format!("(\\S{{1,{n}}})"), Convert::Plain),
            15 => (String::from(r"(\S+)"), Convert::Plain),
            16 => (String::from(r"\s*(.)"), Convert::Plain),
            17 => (String::from("(.)"), Convert::Plain),
            18 => (format!("(.{{1,{n}}})"), Convert::Plain),
            _ => (String::from(r"(\s*%)"), Convert::Nothing),
        });
    }
    // Other text stands for itself (Ruby's `Regexp.escape`; it holds no blanks).
    let mut escaped = String::from("(");
    for c in spec.chars() {
        if "[]{}()|-*.\\?+^$#".contains(c) {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped.push(')');
    Ok((escaped, Convert::Nothing))
}

/// What a directive read, as the library's `extract_*` makes a value of it.
fn convert_with(convert: Convert, text: &str) -> Value {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let radix_of = |digits: &str| -> (u32, usize) {
        match digits.get(..2) {
            Some("0x" | "0X") => (16, 2),
            _ if digits.len() > 1 && digits.starts_with('0') => (8, 1),
            _ => (10, 0),
        }
    };
    let (radix, skip) = match convert {
        Convert::Plain | Convert::Nothing => return Value::string(text),
        Convert::Float => return Value::Float(ruby_to_f(text)),
        Convert::Decimal => (10, 0),
        Convert::Octal => (8, 0),
        Convert::Hex => (16, if radix_of(digits).0 == 16 { 2 } else { 0 }),
        Convert::Integer => radix_of(digits),
    };
    let digits = digits.get(skip..).unwrap_or_default();
    let end = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    let magnitude = i128::from_str_radix(&digits[..end], radix).unwrap_or(0);
    let n = if negative { -magnitude } else { magnitude };
    i64::try_from(n).map_or(Value::Float(n as f64), Value::Integer)
}

/// Ruby's `String#to_f` of what a float directive read (`1.e5` read as `1e5`, as the library
/// does): the longest number at its start, else 0.0.
fn ruby_to_f(text: &str) -> f64 {
    let bytes = text.as_bytes();
    let digits_from = |mut at: usize| {
        while bytes.get(at).is_some_and(u8::is_ascii_digit) {
            at += 1;
        }
        at
    };
    let mut end = usize::from(matches!(bytes.first(), Some(b'-' | b'+')));
    let whole = digits_from(end);
    let mut number = String::from(&text[..whole]);
    end = whole;
    if bytes.get(end) == Some(&b'.') && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) {
        end = digits_from(end + 1);
        if whole == usize::from(matches!(bytes.first(), Some(b'-' | b'+'))) {
            number.push('0');
        }
        number.push_str(&text[whole..end]);
    } else if bytes.get(end) == Some(&b'.') && whole > 0 {
        // `1.e+5`: the library reads it as `1e+5` (a signed exponent only).
        if matches!(bytes.get(end + 1), Some(b'e' | b'E'))
            && matches!(bytes.get(end + 2), Some(b'-' | b'+'))
        {
            end += 1;
        }
    }
    if matches!(bytes.get(end), Some(b'e' | b'E')) {
        let mut at = end + 1;
        if matches!(bytes.get(at), Some(b'-' | b'+')) {
            at += 1;
        }
        let exponent_end = digits_from(at);
        if exponent_end > at {
            number.push('e');
            number.push_str(&text[end + 1..exponent_end]);
        }
    }
    crate::value::parse_f64(&number).unwrap_or(0.0)
}
