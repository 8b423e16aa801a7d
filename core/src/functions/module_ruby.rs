//! Functions real modules implement in Ruby, which cannot run here: when the environment has the
//! module and its Ruby file (`lib/puppet/functions/<module>/<name>.rb`), ours stand in, written
//! from the module's documented behaviour, as stdlib's Ruby functions do. They live in the full
//! engine (they convert values as Ruby does, with the ERB interpreter's conversions); the light
//! engine hands the run over.

use alloc::format;
use alloc::vec::Vec;

#[cfg(feature = "erb")]
use crate::eval::calls::arity_message;
use crate::eval::calls::CallSite;
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::value::Value;

/// The module functions the engine has, by their full name.
const NAMES: &[&str] = &["apache::bool2httpd"];

/// Whether the engine stands in for module function `name`: it has it, and the environment has
/// the module with its Ruby file.
pub(super) fn stands_in_for(ev: &mut Evaluator<'_>, name: &str) -> bool {
    NAMES.contains(&name) && ev.module_has_ruby_function(name)
}

#[cfg(feature = "erb")]
pub(super) fn run(
    _: &mut Evaluator<'_>,
    name: &str,
    site: &CallSite,
    args: Vec<Value>,
) -> EvalResult<Value> {
    match name {
        "apache::bool2httpd" => bool2httpd(site, &args),
        _ => Err(site.fail(format!("Unknown function '{name}'"))),
    }
}

#[cfg(not(feature = "erb"))]
pub(super) fn run(
    ev: &mut Evaluator<'_>,
    name: &str,
    site: &CallSite,
    _: Vec<Value>,
) -> EvalResult<Value> {
    ev.needs_full_engine = Some("ruby");
    Err(crate::eval::flow::error(
        "NEEDS_FULL_ENGINE",
        format!("The function '{name}' is written in Ruby in its module: the playground's full engine has it"),
        site.span,
    ))
}

/// `apache::bool2httpd(value)`: `'Off'` for undef, false or a string containing "false" (any
/// case), `'On'` for true or a string containing "true", any other value as Ruby prints it.
#[cfg(feature = "erb")]
fn bool2httpd(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    let [value] = args else {
        return Err(site.fail(arity_message(
            "'apache::bool2httpd'",
            (1, Some(1)),
            args.len(),
        )));
    };
    let contains = |text: &str, word: &str| text.to_ascii_lowercase().contains(word);
    Ok(Value::string(match value {
        Value::Undef | Value::Boolean(false) => "Off",
        Value::String(text) if contains(text, "false") => "Off",
        Value::Boolean(true) => "On",
        Value::String(text) if contains(text, "true") => "On",
        other => {
            return Ok(Value::string(&crate::erb::value::to_s(
                &crate::erb::value::from_puppet(other),
            )))
        }
    }))
}
