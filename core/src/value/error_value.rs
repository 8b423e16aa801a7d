//! Error values: `Error('message', 'kind', {details}, 'ISSUE_CODE')`, Puppet's Object type for
//! errors (what `catch_errors`-style code and Tasks pass around), with the attributes `msg`,
//! `kind`, `details` and `issue_code` and the function `message`.

use alloc::rc::Rc;

use super::{Hash, Value};

/// An instance of Puppet's `Error` object type; the optional attributes are `None` when unset.
#[derive(Debug, Clone)]
pub struct ErrorValue {
    pub msg: Rc<str>,
    pub kind: Option<Rc<str>>,
    pub details: Option<Hash>,
    pub issue_code: Option<Rc<str>>,
}

impl ErrorValue {
    /// The attribute `name` (`message` is Error's one function and reads `msg` too).
    pub fn attribute(&self, name: &str) -> Option<Value> {
        let text = |part: &Option<Rc<str>>| part.clone().map_or(Value::Undef, Value::String);
        Some(match name {
            "msg" | "message" => Value::String(self.msg.clone()),
            "kind" => text(&self.kind),
            "issue_code" => text(&self.issue_code),
            "details" => self.details.clone().map_or(Value::Undef, Value::Hash),
            _ => return None,
        })
    }

    /// The attributes that are set, in Puppet's order: what `Error(...)` prints inside its
    /// parentheses and what `Error(hash)` accepts back.
    pub fn init_hash(&self) -> Hash {
        let mut hash = Hash::new();
        hash.insert(Value::string("msg"), Value::String(self.msg.clone()));
        if let Some(kind) = &self.kind {
            hash.insert(Value::string("kind"), Value::String(kind.clone()));
        }
        if let Some(details) = &self.details {
            hash.insert(Value::string("details"), Value::Hash(details.clone()));
        }
        if let Some(code) = &self.issue_code {
            hash.insert(Value::string("issue_code"), Value::String(code.clone()));
        }
        hash
    }

    /// Whether every attribute is the same (`==` on Error values), with `same` comparing the
    /// details.
    pub fn same_as(&self, other: &ErrorValue, same: impl Fn(&Value, &Value) -> bool) -> bool {
        self.msg == other.msg
            && self.kind == other.kind
            && self.issue_code == other.issue_code
            && match (&self.details, &other.details) {
                (Some(a), Some(b)) => same(&Value::Hash(a.clone()), &Value::Hash(b.clone())),
                (a, b) => a.is_none() && b.is_none(),
            }
    }
}
