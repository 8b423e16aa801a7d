//! The relationship metaparameters as the compiled catalog keeps them: a value that is an array
//! holding arrays (`require => [[Class['a']], [Package['b']]]`) is flattened into one array, as
//! Puppet's catalog lists it (the resource's own `['require']` still gives it as written).

use alloc::string::String;
use alloc::vec::Vec;

use crate::value::Value;

/// Flatten the nested arrays of `before`, `require`, `notify` and `subscribe` in `parameters`.
pub(super) fn flatten_relationship_lists(parameters: &mut [(String, Value)]) {
    for (name, value) in parameters.iter_mut() {
        if !super::named::RELATIONSHIP_PARAMETERS.contains(&name.as_str()) {
            continue;
        }
        let nested = matches!(&*value, Value::Array(items) if items.iter().any(|item| matches!(item, Value::Array(_))));
        if nested {
            let mut flat = Vec::new();
            flatten_into(value, &mut flat);
            *value = Value::array(flat);
        }
    }
}

/// The items of `value`'s arrays, however deep, in order. Iterative: a value nested deeper than
/// the stack allows is flattened all the same.
pub(super) fn flatten_into(value: &Value, into: &mut Vec<Value>) {
    let mut pending: Vec<&Value> = alloc::vec![value];
    while let Some(next) = pending.pop() {
        match next {
            Value::Array(items) => pending.extend(items.iter().rev()),
            other => into.push(other.clone()),
        }
    }
}
