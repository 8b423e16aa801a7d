//! stdlib's functions that ask about values and functions the old way: `type3x` (a value's
//! 3.x type name) and `is_function_available` (whether a 3.x function of that name exists).

use alloc::format;

use super::counted;
use crate::functions::declare::{Call, Def};
use crate::host::EvalResult;
use crate::value::Value;

pub(super) fn is_function_available(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 1..=1)
        .or_say("is_function_available?(): Wrong number of arguments given {} for 1")?;
    let Value::String(name) = &args[0] else {
        return Ok(Value::Boolean(false));
    };
    let name = &**name;
    Ok(Value::Boolean(crate::functions::has_3x_function(
        name, true,
    )))
}

/// Ruby's `to_f.to_s` of a string equals the string: a float as Ruby prints it.
fn prints_as_float(text: &str) -> bool {
    let ok = !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'));
    ok && crate::value::parse_f64(text).is_some_and(|f| crate::value::format_float(f) == text)
}

pub(super) fn type3x(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 1..=1).or_usual("1")?;
    let name = match &args[0] {
        Value::Boolean(_) => "boolean",
        Value::Integer(_) => "integer",
        Value::Float(_) => "float",
        Value::Array(_) => "array",
        Value::Hash(_) => "hash",
        Value::String(text) => {
            let text = &**text;
            let int = crate::functions::fqdn_rand::ruby_to_i(text).unwrap_or(0);
            if format!("{int}") == text {
                "integer"
            } else if prints_as_float(text) {
                "float"
            } else {
                "string"
            }
        }
        _ => return Err(site.fail("type3x(): Unknown type")),
    };
    Ok(Value::string(name))
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("type3x", type3x).removed_in_stdlib9()
        .doc("Deprecated: a value's type as the 3.x parser named it ('string', 'integer', ...)"),
    Def::stdlib("is_function_available", is_function_available).removed_in_stdlib9()
        .doc("Whether a 3.x function of that name exists"),
    Def::stdlib_refused("pry", "it stops Puppet in Ruby's debugger")
        .doc("Stops Puppet in the pry debugger"),
];
