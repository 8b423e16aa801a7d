//! `sprintf(format, args...)`: Ruby's `Kernel#sprintf` over Puppet values as Ruby sees them
//! (`%s` of an array is Ruby's `inspect`, `%d` of a string parses it like `Integer()`).

use alloc::format;
use alloc::string::{String, ToString};

use super::ruby::{
    format_float, format_int, format_str, parse_directive, too_long, Reference, Spec,
};
use crate::functions::numbers::{ruby_float, ruby_integer};
use crate::value::{format_float as float_p, ruby_inspect, ruby_string_inspect, ruby_to_s, Value};

fn ruby_class(value: &Value) -> &'static str {
    match value {
        Value::Undef => "nil",
        Value::Boolean(true) => "true",
        Value::Boolean(false) => "false",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::String(_) => "String",
        _ => "Object",
    }
}

fn to_integer(value: &Value) -> Result<i128, String> {
    match value {
        Value::Integer(n) => Ok(i128::from(*n)),
        Value::Float(f) if f.is_finite() => Ok(crate::value::float_math::trunc(*f) as i128),
        Value::Float(f) => Err(float_p(*f)),
        Value::String(text) => ruby_integer(text)
            .map(i128::from)
            .ok_or_else(|| format!("invalid value for Integer(): {}", ruby_string_inspect(text))),
        Value::Undef => Err("can't convert nil into Integer".to_string()),
        other => Err(format!("can't convert {} into Integer", ruby_class(other))),
    }
}

fn to_float(value: &Value) -> Result<f64, String> {
    match value {
        Value::Integer(n) => Ok(*n as f64),
        Value::Float(f) => Ok(*f),
        Value::String(text) => ruby_float(text)
            .ok_or_else(|| format!("invalid value for Float(): {}", ruby_string_inspect(text))),
        Value::Undef => Err("can't convert nil into Float".to_string()),
        other => Err(format!("can't convert {} into Float", ruby_class(other))),
    }
}

/// One directive applied to one argument.
fn apply(spec: &Spec, value: &Value) -> Result<String, String> {
    Ok(match spec.conv {
        'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'b' | 'B' => format_int(spec, to_integer(value)?),
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => format_float(spec, to_float(value)?),
        's' => format_str(spec, &ruby_to_s(value)),
        'p' => format_str(spec, &ruby_inspect(value)),
        'c' => {
            let text = match value {
                Value::String(text) => text.chars().take(1).collect::<String>(),
                other => {
                    let n = to_integer(other)?;
                    u32::try_from(n)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or_else(|| "invalid character".to_string())?
                        .to_string()
                }
            };
            format_str(&spec.with_conv('s'), &text)
        }
        other => return Err(format!("malformed format string - %{other}")),
    })
}

fn named<'v>(args: &'v [Value], name: &str) -> Result<&'v Value, String> {
    match args {
        [Value::Hash(hash)] => hash
            .get(&Value::string(name))
            .ok_or_else(|| format!("key<{name}> not found")),
        _ => Err("one hash required".to_string()),
    }
}

/// Ruby's `sprintf(format, *args)`; errors carry Ruby's messages. A result longer than `max_len`
/// bytes is refused as soon as it grows past it.
pub(crate) fn sprintf(format_text: &str, args: &[Value], max_len: usize) -> Result<String, String> {
    let mut out = String::new();
    let mut next = 0usize;
    let mut rest = format_text;
    let take = |next: &mut usize| -> Result<&Value, String> {
        let value = args
            .get(*next)
            .ok_or_else(|| "too few arguments".to_string())?;
        *next += 1;
        Ok(value)
    };
    while let Some(position) = rest.find('%') {
        out.push_str(&rest[..position]);
        let after = &rest[position + 1..];
        if after.is_empty() {
            return Err("incomplete format specifier; use %% (double %) instead".to_string());
        }
        let directive =
            parse_directive(after).map_err(|bad| format!("malformed format string - {bad}"))?;
        rest = &after[directive.len..];
        let mut spec = directive.spec;
        if spec.conv == '%' {
            out.push('%');
            continue;
        }
        if directive.star_width {
            let width = to_integer(take(&mut next)?)?;
            if width < 0 {
                spec.minus = true;
            }
            spec.width = Some(width.unsigned_abs() as usize);
        }
        if directive.star_prec {
            let prec = to_integer(take(&mut next)?)?;
            spec.prec = usize::try_from(prec).ok();
        }
        spec.check_bounds()?;
        let value = match &directive.reference {
            Reference::Next => take(&mut next)?,
            Reference::Position(n) => args
                .get(n.wrapping_sub(1))
                .ok_or_else(|| "too few arguments".to_string())?,
            Reference::Named(name) | Reference::NamedPlain(name) => named(args, name)?,
        };
        if matches!(directive.reference, Reference::NamedPlain(_)) {
            out.push_str(&ruby_to_s(value));
        } else {
            out.push_str(&apply(&spec, value)?);
        }
        if out.len() > max_len {
            return Err(too_long(max_len));
        }
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_sprintf() {
        let one = |f: &str, v: Value| sprintf(f, &[v], usize::MAX);
        assert_eq!(one("%05d", Value::Integer(42)).as_deref(), Ok("00042"));
        assert_eq!(
            one(
                "%s",
                Value::array(alloc::vec![Value::Integer(1), Value::string("a")])
            )
            .as_deref(),
            Ok("[1, \"a\"]")
        );
        assert_eq!(
            one("%d", Value::string("x")).err().as_deref(),
            Some("invalid value for Integer(): \"x\"")
        );
        assert_eq!(
            sprintf("%s %s", &[Value::string("a")], usize::MAX)
                .err()
                .as_deref(),
            Some("too few arguments")
        );
        assert_eq!(
            sprintf("%z", &[Value::Integer(1)], usize::MAX)
                .err()
                .as_deref(),
            Some("malformed format string - %z")
        );
        assert_eq!(sprintf("%%", &[], usize::MAX).as_deref(), Ok("%"));
    }
}
