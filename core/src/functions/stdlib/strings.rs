//! stdlib's 4.x functions on strings: `stdlib::start_with`, `stdlib::end_with`.

use alloc::vec::Vec;

use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::value::Value;

/// The text and the affixes (one string or an array of them), as the dispatch checked them.
fn text_and_affixes(args: &[Value]) -> (&str, Vec<&str>) {
    let text = match args.first() {
        Some(Value::String(text)) => &**text,
        _ => "",
    };
    let affixes = match args.get(1) {
        Some(Value::String(one)) => alloc::vec![&**one],
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|v| match v {
                Value::String(s) => Some(&**s),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    (text, affixes)
}

pub(super) fn start_with(
    _: &mut Evaluator<'_>,
    _: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let (text, prefixes) = text_and_affixes(&args);
    Ok(Value::Boolean(prefixes.iter().any(|p| text.starts_with(p))))
}

pub(super) fn end_with(
    _: &mut Evaluator<'_>,
    _: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let (text, suffixes) = text_and_affixes(&args);
    Ok(Value::Boolean(suffixes.iter().any(|s| text.ends_with(s))))
}
