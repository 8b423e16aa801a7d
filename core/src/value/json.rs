//! JSON read as Ruby's `JSON.parse` reads it (Hiera's `json_data`, the node's facts, stdlib's
//! `parsejson` and modules' metadata), with its errors as Ruby's parser words them: `<line>:
//! unexpected token at '<the text from there>'`, raised inside an array at the element that failed
//! (line 451 of its parser), else at the start of the top value (859).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::text::TrimBy;
use crate::value::{Hash, Value};

/// Deepest nesting followed (Ruby's parser stops at 100 too: "nesting of 101 is too deep").
const MAX_NESTING: usize = 100;

/// The value of a JSON text, or Ruby's parser message.
pub fn load(text: &str) -> Result<Value, String> {
    load_with(text, false)
}

/// As [`load`], except that an integer beyond 64 bits is the nearest Float (the node's facts:
/// `crate::facts`) instead of an error.
pub(crate) fn load_with(text: &str, wide_integers_as_floats: bool) -> Result<Value, String> {
    let mut parser = Json {
        text,
        pos: 0,
        depth: 0,
        wide_integers_as_floats,
    };
    parser.space();
    let start = parser.pos;
    let value = match parser.value() {
        Ok(value) => value,
        Err(Fail::Raised(message)) => return Err(message),
        Err(Fail::Soft) => return Err(unexpected(859, &text[start..])),
    };
    parser.space();
    if parser.pos < text.len() {
        return Err(unexpected(859, &text[parser.pos..]));
    }
    Ok(value)
}

fn unexpected(line: u32, rest: &str) -> String {
    format!("{line}: unexpected token at '{rest}'")
}

enum Fail {
    /// The construct did not parse; the enclosing one decides where to report it.
    Soft,
    Raised(String),
}

struct Json<'t> {
    text: &'t str,
    pos: usize,
    depth: usize,
    /// Read an integer beyond 64 bits as the nearest Float rather than refuse it.
    wide_integers_as_floats: bool,
}

impl<'t> Json<'t> {
    fn rest(&self) -> &'t str {
        &self.text[self.pos..]
    }

    /// White space and comments (`/* ... */`, `// ...`), which Ruby's parser skips alike.
    fn space(&mut self) {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start_by(&|c| matches!(c, ' ' | '\t' | '\n' | '\r'));
            let comment = if let Some(body) = trimmed.strip_prefix("/*") {
                body.find("*/").map(|end| &body[end + 2..])
            } else {
                let line = |body: &'t str| body.find('\n').map_or("", |end| &body[end..]);
                trimmed.strip_prefix("//").map(line)
            };
            let after = comment.unwrap_or(trimmed);
            self.pos += rest.len() - after.len();
            if comment.is_none() {
                return;
            }
        }
    }

    fn eat(&mut self, token: &str) -> bool {
        if self.rest().starts_with(token) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Result<Value, Fail> {
        let first = self.rest().as_bytes().first().copied();
        match first {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string().map(|s| Value::string(&s)),
            _ if self.eat("null") => Ok(Value::Undef),
            _ if self.eat("true") => Ok(Value::Boolean(true)),
            _ if self.eat("false") => Ok(Value::Boolean(false)),
            Some(b'-' | b'0'..=b'9') => self.number(),
            // Ruby's parser refuses NaN where it reads it.
            Some(b'N') if self.rest().starts_with("NaN") => {
                Err(Fail::Raised(unexpected(225, self.rest())))
            }
            _ => Err(Fail::Soft),
        }
    }

    fn nested(&mut self) -> Result<(), Fail> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(Fail::Raised(format!(
                "nesting of {} is too deep",
                self.depth
            )));
        }
        Ok(())
    }

    fn array(&mut self) -> Result<Value, Fail> {
        self.nested()?;
        self.pos += 1;
        let mut items = Vec::new();
        self.space();
        if !self.eat("]") {
            loop {
                self.space();
                let at = self.pos;
                match self.value() {
                    Ok(value) => items.push(value),
                    Err(Fail::Soft) => return Err(Fail::Raised(unexpected(451, &self.text[at..]))),
                    Err(raised) => return Err(raised),
                }
                self.space();
                if self.eat("]") {
                    break;
                }
                if !self.eat(",") {
                    return Err(Fail::Raised(unexpected(451, self.rest())));
                }
            }
        }
        self.depth -= 1;
        Ok(Value::array(items))
    }

    fn object(&mut self) -> Result<Value, Fail> {
        self.nested()?;
        self.pos += 1;
        let mut hash = Hash::new();
        self.space();
        if !self.eat("}") {
            loop {
                self.space();
                if !self.rest().starts_with('"') {
                    return Err(Fail::Soft);
                }
                let key = self.string()?;
                self.space();
                if !self.eat(":") {
                    return Err(Fail::Soft);
                }
                self.space();
                let value = self.value()?;
                hash.insert(Value::string(&key), value);
                self.space();
                if self.eat("}") {
                    break;
                }
                if !self.eat(",") {
                    return Err(Fail::Soft);
                }
            }
        }
        self.depth -= 1;
        Ok(Value::Hash(hash))
    }

    fn string(&mut self) -> Result<String, Fail> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let rest = self.rest();
            let Some(c) = rest.chars().next() else {
                return Err(Fail::Soft);
            };
            self.pos += c.len_utf8();
            match c {
                '"' => return Ok(out),
                '\\' => {
                    let Some(escape) = self.rest().chars().next() else {
                        return Err(Fail::Soft);
                    };
                    self.pos += escape.len_utf8();
                    match escape {
                        'n' => out.push('\n'),
                        't' => out.push('\t'),
                        'r' => out.push('\r'),
                        'b' => out.push('\u{8}'),
                        'f' => out.push('\u{c}'),
                        'u' => {
                            let high = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&high)
                                && self.rest().starts_with("\\u")
                            {
                                self.pos += 2;
                                let low = self.hex4()?;
                                0x10000
                                    + ((high - 0xD800) << 10)
                                    + (low.wrapping_sub(0xDC00) & 0x3FF)
                            } else {
                                high
                            };
                            out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                        }
                        other => out.push(other),
                    }
                }
                c if (c as u32) < 0x20 => return Err(Fail::Soft),
                c => out.push(c),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, Fail> {
        let digits = self.rest().get(..4).ok_or(Fail::Soft)?;
        let code = u32::from_str_radix(digits, 16).map_err(|_| Fail::Soft)?;
        self.pos += 4;
        Ok(code)
    }

    fn number(&mut self) -> Result<Value, Fail> {
        let rest = self.rest();
        let bytes = rest.as_bytes();
        let mut end = usize::from(bytes.first() == Some(&b'-'));
        let digits = bytes[end..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 || (digits > 1 && bytes[end] == b'0') {
            return Err(Fail::Soft);
        }
        end += digits;
        let mut float = false;
        if bytes.get(end) == Some(&b'.') {
            let fraction = bytes[end + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if fraction == 0 {
                return Err(Fail::Soft);
            }
            end += 1 + fraction;
            float = true;
        }
        if matches!(bytes.get(end), Some(b'e' | b'E')) {
            let mut at = end + 1;
            if matches!(bytes.get(at), Some(b'+' | b'-')) {
                at += 1;
            }
            let exponent = bytes[at..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if exponent == 0 {
                return Err(Fail::Soft);
            }
            end = at + exponent;
            float = true;
        }
        let text = &rest[..end];
        self.pos += end;
        if float {
            crate::value::parse_f64(text)
                .map(Value::Float)
                .ok_or(Fail::Soft)
        } else {
            // Counted towards its sign, so that -9223372036854775808 fits.
            let negative = text.starts_with('-');
            let value = text
                .trim_start_matches('-')
                .bytes()
                .try_fold(0i64, |value, b| {
                    let digit = i64::from(b - b'0');
                    let value = value.checked_mul(10)?;
                    if negative {
                        value.checked_sub(digit)
                    } else {
                        value.checked_add(digit)
                    }
                });
            match value {
                Some(value) => Ok(Value::Integer(value)),
                None if self.wide_integers_as_floats => crate::value::parse_f64(text)
                    .map(Value::Float)
                    .ok_or(Fail::Soft),
                None => Err(Fail::Raised(format!(
                    "the integer {text} is beyond 64 bits"
                ))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::programmatic;

    /// Ruby's messages, as real Puppet's json_data reported them (env_oracle.rb).
    #[test]
    fn values_and_rubys_errors() {
        assert_eq!(
            load("{\"k\": 1.5e3, \"n\": null, \"t\": true, \"u\": \"\\u00e9\\n\"}")
                .map(|v| programmatic(&v)),
            Ok("{'k' => 1500.0, 'n' => undef, 't' => true, 'u' => \"é\\n\"}".into())
        );
        assert_eq!(
            load("{\"k\": [1, 2,]}"),
            Err("451: unexpected token at ']}'".into())
        );
        assert_eq!(
            load("{\"k\": 1"),
            Err("859: unexpected token at '{\"k\": 1'".into())
        );
        assert_eq!(
            load("{\"k\": nul}"),
            Err("859: unexpected token at '{\"k\": nul}'".into())
        );
        assert_eq!(load(""), Err("859: unexpected token at ''".into()));
        assert_eq!(
            load("{\"k\": 1} x"),
            Err("859: unexpected token at 'x'".into())
        );
        assert!(load(&"[".repeat(200)).is_err());
        assert_eq!(
            load("/* a */ {\"k\": // b\n 1} // c").map(|v| programmatic(&v)),
            Ok("{'k' => 1}".into())
        );
        assert_eq!(
            load("[-9223372036854775808, 9223372036854775807]").map(|v| programmatic(&v)),
            Ok("[-9223372036854775808, 9223372036854775807]".into())
        );
        assert_eq!(
            load("[9223372036854775808]"),
            Err("the integer 9223372036854775808 is beyond 64 bits".into())
        );
        assert_eq!(
            load_with("[9223372036854775808, -18446744073709551617]", true)
                .map(|v| programmatic(&v)),
            Ok("[9.223372036854776e+18, -1.8446744073709552e+19]".into())
        );
        assert_eq!(
            load("{\"k\": NaN}"),
            Err("225: unexpected token at 'NaN}'".into())
        );
    }
}
