//! The variables Puppet defines before a manifest runs: `$facts`, `$trusted`, `$environment`,
//! `$caller_module_name`, ...

use alloc::vec;

use super::scope::Scopes;
use crate::value::{Hash, Value};

/// Names a program may not bind itself ("Attempt to assign to a reserved variable name").
pub(crate) const RESERVED: &[&str] = &["facts", "trusted", "server_facts"];

/// Names Puppet binds in the top scope; assigning one is "Cannot reassign built in ... variable".
pub(crate) const BUILT_IN: &[&str] = &["title", "name", "module_name", "environment"];

pub(crate) fn define(scopes: &mut Scopes) {
    let trusted: Hash = vec![
        (Value::string("authenticated"), Value::string("local")),
        (Value::string("certname"), Value::Undef),
        (Value::string("extensions"), Value::Hash(Hash::new())),
        (Value::string("hostname"), Value::Undef),
        (Value::string("domain"), Value::Undef),
        (Value::string("external"), Value::Hash(Hash::new())),
    ]
    .into_iter()
    .collect();
    scopes.assign_top("facts", Value::Hash(Hash::new()));
    scopes.assign_top("trusted", Value::Hash(trusted));
    scopes.assign_top("server_facts", Value::Hash(Hash::new()));
    scopes.assign_top("environment", Value::string("production"));
    scopes.assign_top("title", Value::string("main"));
    scopes.assign_top("name", Value::string("main"));
    scopes.assign_top("module_name", Value::string(""));
    // Set in every scope Puppet creates; nothing calls the top scope from a module.
    scopes.assign_top("caller_module_name", Value::Undef);
}
