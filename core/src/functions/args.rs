//! Helpers shared by built-ins: argument counts and blocks, Puppet's argument-mismatch messages,
//! deprecation warnings, and the iterators some functions give.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::host::{arity_message, CallSite, Closure, EvalResult, FunctionHost, LogLevel};
use crate::span::Span;
use crate::types::{describe_mismatch, infer_generalized, Type};
use crate::value::Value;

/// The general type of a value as Puppet's conversion messages name it (`Undef`, `Array[Integer]`).
pub(crate) fn short_type(value: &Value) -> String {
    infer_generalized(value).to_string()
}

/// `'f' parameter 'p' expects <what>, got <type name>` with the type's short name.
pub(crate) fn mismatch(function: &str, param: &str, what: &str, value: &Value) -> String {
    let got = match value {
        Value::Array(_) => "Array".to_string(),
        Value::Hash(_) => "Hash".to_string(),
        other => {
            let text = short_type(other);
            match text.split_once('[') {
                Some((head, _)) if !text.starts_with("Type[") => head.to_string(),
                _ => text,
            }
        }
    };
    format!("'{function}' parameter '{param}' expects {what}, got {got}")
}

/// Check one argument against a type: Puppet's message naming the function and parameter.
pub(crate) fn check_arg(site: &CallSite, param: &str, ty: &Type, value: &Value) -> EvalResult<()> {
    match describe_mismatch(ty, value) {
        None => Ok(()),
        Some(message) => Err(site.fail(format!("'{}' parameter '{param}' {message}", site.name))),
    }
}

/// Puppet's message when no signature of a function accepts the arguments.
pub(crate) fn no_signature(site: &CallSite) -> crate::host::Unwind {
    no_signature_of(site, site.name)
}

/// [`no_signature`] naming another function (`new_Deferred` for `Deferred(...)`).
pub(crate) fn no_signature_of(site: &CallSite, name: &str) -> crate::host::Unwind {
    site.fail(format!(
        "The function '{name}' was called with arguments it does not accept. It expects one of:\n  (the signatures of '{name}')"
    ))
}

/// A deprecation warning logged once per run, as Puppet's `warn_once` does without a position.
pub(crate) fn deprecation(host: &mut dyn FunctionHost, message: &str) {
    let text = format!("{message}\n   (file & line not available)");
    if !has_warned(host, &text) {
        host.log(LogLevel::Warning, text, Span::default());
    }
}

/// Whether this compile has logged a warning starting with `text`: the once-per-compile warnings ask.
pub(crate) fn has_warned(host: &dyn FunctionHost, text: &str) -> bool {
    host.logs()
        .iter()
        .any(|entry| entry.level == LogLevel::Warning && entry.message.starts_with(text))
}

/// A warning with the line of `span`, as Puppet's `warning` with a source location.
pub(crate) fn warning_at_line(host: &mut dyn FunctionHost, message: &str, span: Span) {
    let text = format!("{message}\n   ({})", host.sources().file_line(span.start));
    host.log(LogLevel::Warning, text, span);
}
/// Check the argument count of a built-in: Puppet's message when it does not fit.
pub(crate) fn expect_args(
    site: &CallSite,
    args: &[Value],
    min: usize,
    max: Option<usize>,
) -> EvalResult<()> {
    if args.len() < min || max.is_some_and(|max| args.len() > max) {
        return Err(site.fail(arity_message(
            &alloc::format!("'{}'", site.name),
            (min, max),
            args.len(),
        )));
    }
    Ok(())
}

/// At least one argument, or the message Puppet's 3.x API gives (`tag(): Wrong number of
/// arguments given (0 for minimum 1)`).
pub(crate) fn at_least_one_3x(site: &CallSite, args: &[Value]) -> EvalResult<()> {
    if args.is_empty() {
        return Err(site.fail(format!(
            "{}(): Wrong number of arguments given (0 for minimum 1)",
            site.name
        )));
    }
    Ok(())
}

/// The lambda a built-in requires, with the number of parameters it may declare.
pub(crate) fn expect_block<'c, 'a>(
    site: &CallSite,
    closure: Option<&'c Closure<'a>>,
    min: usize,
    max: usize,
) -> EvalResult<&'c Closure<'a>> {
    let Some(closure) = closure else {
        return Err(site.fail(alloc::format!("'{}' expects a block", site.name)));
    };
    let count = closure.param_count();
    let (required, _) = closure.arity();
    if count < min || count > max || required > max {
        return Err(site.fail(arity_message(
            &alloc::format!("'{}' block", site.name),
            (min, Some(max)),
            count,
        )));
    }
    Ok(closure)
}

/// What `reverse_each` and `step` give without a lambda: an Iterator over `values`, whose
/// element type Puppet infers from what was iterated over (`iterated`).
pub(crate) fn iterator_value(iterated: &Value, values: Vec<Value>) -> Value {
    use crate::types::Type;
    use crate::value::{ElementSource, IteratorValue};
    let source = match iterated {
        Value::Iterator(inner) => inner.source().clone(),
        Value::Array(items) => ElementSource::Values(items.clone()),
        Value::Hash(entries) => ElementSource::Entries(entries.clone()),
        Value::Integer(n) if *n > 0 => ElementSource::Type(Type::integer(Some(0), Some(n - 1))),
        Value::String(_) => ElementSource::Type(Type::String(crate::types::StringType {
            size: Some(crate::types::IntRange::exact(1)),
            value: None,
        })),
        Value::Type(ty) => ElementSource::Type(ty.resolved()),
        _ => ElementSource::Type(Type::Unit),
    };
    IteratorValue::value(values.into(), source)
}
