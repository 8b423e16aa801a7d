//! Functions that need a catalog, a file system, Hiera or the host: a clear diagnostic that the
//! playground does not have them (yet).

use alloc::format;
use alloc::vec::Vec;

use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::value::Value;

/// Puppet 8 built-ins that need what the playground does not have.
pub(super) const NAMES: &[&str] = &[
    "generate",
    "scanf",
    "json_data",
    "yaml_data",
    "hocon_data",
    "eyaml_lookup_key",
];

pub(super) fn unavailable(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    _args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let why = match site.name {
        "json_data" | "yaml_data" | "hocon_data" | "eyaml_lookup_key" => "it needs Hiera data",
        "generate" => "it runs commands on the host",
        "scanf" => "it is not implemented yet",
        _ => "it needs a full catalog",
    };
    Err(site.fail(format!(
        "The function '{}' is not available in the playground: {why}",
        site.name
    )))
}
