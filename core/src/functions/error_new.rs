//! `Error(msg, kind, details, issue_code)` (`new_Error`), also from a hash of those attributes.

use alloc::rc::Rc;

use crate::host::{arity_message, CallSite, EvalResult};
use crate::types::{instance_of, Type};
use crate::value::{ErrorValue, Hash, Value};

fn no_signature(site: &CallSite) -> crate::host::Unwind {
    super::args::no_signature_of(site, "new_Error")
}

/// `Error('msg')` up to `Error('msg', 'kind', {details}, 'CODE')`, or `Error({'msg' => ...})`.
pub(super) fn new_error(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    if args.is_empty() || args.len() > 4 {
        return Err(site.fail(arity_message("'new_Error'", (1, Some(4)), args.len())));
    }
    let error = match args {
        [Value::Hash(init)] => from_hash(init),
        _ => from_positional(args),
    };
    error
        .map(|error| Value::Error(Rc::new(error)))
        .ok_or_else(|| no_signature(site))
}

fn from_hash(init: &Hash) -> Option<ErrorValue> {
    let known = init.keys().all(|key| {
        matches!(
            key.as_str(),
            Some("msg" | "kind" | "details" | "issue_code")
        )
    });
    if !known {
        return None;
    }
    let attribute = |name: &str| init.get(&Value::string(name)).unwrap_or(&Value::Undef);
    build(
        attribute("msg"),
        attribute("kind"),
        attribute("details"),
        attribute("issue_code"),
    )
}

fn from_positional(args: &[Value]) -> Option<ErrorValue> {
    let at = |i: usize| args.get(i).unwrap_or(&Value::Undef);
    build(at(0), at(1), at(2), at(3))
}

/// The Error value when every attribute has its type: `msg` a non-empty String, `kind` and
/// `issue_code` non-empty Strings or undef, `details` a Hash of Data by non-empty String keys
/// or undef.
fn build(msg: &Value, kind: &Value, details: &Value, issue_code: &Value) -> Option<ErrorValue> {
    let msg = non_empty(msg)?;
    let optional = |value: &Value| match value {
        Value::Undef => Some(None),
        other => non_empty(other).map(Some),
    };
    let details = match details {
        Value::Undef => None,
        Value::Hash(hash) => {
            let keyed_by_names = hash
                .keys()
                .all(|key| key.as_str().is_some_and(|key| !key.is_empty()));
            if !keyed_by_names || !hash.values().all(|value| instance_of(&Type::Data, value)) {
                return None;
            }
            Some(hash.clone())
        }
        _ => return None,
    };
    Some(ErrorValue {
        msg,
        kind: optional(kind)?,
        details,
        issue_code: optional(issue_code)?,
    })
}

fn non_empty(value: &Value) -> Option<Rc<str>> {
    match value {
        Value::String(text) if !text.is_empty() => Some(text.clone()),
        _ => None,
    }
}
