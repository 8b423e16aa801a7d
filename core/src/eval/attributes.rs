//! Attributes of Puppet's Object values read with method-call syntax: `$uri.host`,
//! `$deferred.name` (an attribute wins over a function of the same name, as in Puppet).

use crate::value::{Uri, Value};

/// The attribute `name` of `receiver`, or `None` when it has no such attribute.
pub(crate) fn attribute(receiver: &Value, name: &str) -> Option<Value> {
    match receiver {
        Value::Deferred(deferred) => match name {
            "name" => Some(Value::String(deferred.name.clone())),
            "arguments" => Some(
                deferred
                    .arguments
                    .clone()
                    .map_or(Value::Undef, Value::Array),
            ),
            _ => None,
        },
        Value::Uri(uri) => uri_attribute(uri, name),
        Value::Error(error) => error.attribute(name),
        _ => None,
    }
}

fn uri_attribute(uri: &Uri, name: &str) -> Option<Value> {
    let text = |part: &Option<alloc::rc::Rc<str>>| part.clone().map_or(Value::Undef, Value::String);
    Some(match name {
        "scheme" => text(&uri.scheme),
        "userinfo" => text(&uri.userinfo),
        "host" => text(&uri.host),
        "port" => uri
            .port_number()
            .map_or(Value::Undef, |port| Value::Integer(i64::from(port))),
        "path" => match &uri.path {
            Some(path) => Value::String(path.clone()),
            None if uri.opaque.is_none() => Value::string(""),
            None => Value::Undef,
        },
        "query" => text(&uri.query),
        "fragment" => text(&uri.fragment),
        "opaque" => text(&uri.opaque),
        _ => return None,
    })
}
