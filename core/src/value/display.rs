//! The `%p` (programmatic) string form of values, as Puppet's `String(v, '%p')` prints them.

use alloc::string::{String, ToString};

use super::Value;

/// The value as Puppet prints it with `%p`: `undef`, `7`, `'text'`, `[1, 2]`, `{'a' => 1}`.
pub fn programmatic(value: &Value) -> String {
    match value {
        Value::Undef => "undef".into(),
        Value::Integer(n) => n.to_string(),
    }
}
