//! Helpers shared by built-ins: Puppet's argument-mismatch messages and deprecation warnings.

use alloc::format;
use alloc::string::{String, ToString};

use crate::eval::calls::CallSite;
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::eval::LogLevel;
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
pub(crate) fn no_signature(site: &CallSite) -> crate::eval::flow::Unwind {
    no_signature_of(site, site.name)
}

/// [`no_signature`] naming another function (`new_Deferred` for `Deferred(...)`).
pub(crate) fn no_signature_of(site: &CallSite, name: &str) -> crate::eval::flow::Unwind {
    site.fail(format!(
        "The function '{name}' was called with arguments it does not accept. It expects one of:\n  (the signatures of '{name}')"
    ))
}

/// A deprecation warning logged once per run, as Puppet's `warn_once` does without a position.
pub(crate) fn deprecation(ev: &mut Evaluator<'_>, message: &str) {
    let text = format!("{message}\n   (file & line not available)");
    if ev
        .logs
        .iter()
        .any(|entry| entry.level == LogLevel::Warning && entry.message == text)
    {
        return;
    }
    ev.log(LogLevel::Warning, text, Span::default());
}

/// A warning with the line of `span`, as Puppet's `warning` with a source location.
pub(crate) fn warning_at_line(ev: &mut Evaluator<'_>, message: &str, span: Span) {
    let text = format!("{message}\n   ({})", ev.sources.file_line(span.start));
    ev.log(LogLevel::Warning, text, span);
}
