//! What a template changes in place: Puppet hands a template the variable's own Ruby array or
//! hash, so `aliases << {...}` on `@scriptaliases` changes the variable, and the parameter of the
//! defined-type instance that holds the same object (puppetlabs-apache's vhost templates do
//! this). After a render, each array or hash the template read that it changed is written back.

use alloc::string::String;
use alloc::vec::Vec;

use super::value::{self, RVal};
use crate::eval::evaluator::Evaluator;
use crate::value::Value;

/// Write back the variables whose array or hash the template changed.
pub(crate) fn write_back(ev: &mut Evaluator<'_>, read: Vec<(String, Value, RVal)>) {
    for (name, original, object) in read {
        let Some(now) = value::to_puppet(&object, 0) else {
            continue;
        };
        if now == original {
            continue;
        }
        ev.scopes.replace_visible(&name, now.clone());
        ev.replace_in_current_instance(&original, &now);
    }
}
