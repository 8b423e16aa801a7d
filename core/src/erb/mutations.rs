//! What a template changes in place: Puppet hands a template the variable's own Ruby array or
//! hash, so `aliases << {...}` on `@scriptaliases` changes the variable, and the parameter of the
//! defined-type instance that holds the same object (puppetlabs-apache's vhost templates do
//! this). After a render, each array or hash the template read that it changed is written back.

use alloc::string::String;
use alloc::vec::Vec;

use super::value::RVal;
use super::RubyHost;
use crate::host::EvalResult;
use crate::span::Span;
use crate::value::Value;

/// Write back the variables whose array or hash the template changed (each copied within the
/// limits: a template can make one share its elements 2^60 times over).
pub(crate) fn write_back<H: RubyHost>(
    host: &mut H,
    read: Vec<(String, Value, RVal)>,
    span: Span,
) -> EvalResult<()> {
    for (name, original, object) in read {
        let Ok(now) = super::interp::to_puppet(host, &object, span)? else {
            continue;
        };
        if now == original {
            continue;
        }
        host.replace_variable(&name, &original, now);
    }
    Ok(())
}
