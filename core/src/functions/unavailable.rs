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
    "lookup",
    "hiera",
    "hiera_array",
    "hiera_hash",
    "hiera_include",
    "epp",
    "file",
    "template",
    "inline_template",
    "find_file",
    "find_template",
    "binary_file",
    "module_directory",
    "generate",
    "fqdn_rand",
    "realize",
    "tag",
    "tagged",
    "create_resources",
    "scanf",
    "json_data",
    "yaml_data",
    "hocon_data",
    "eyaml_lookup_key",
];

pub(super) fn unavailable(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    _: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let why = match site.name {
        "lookup" | "hiera" | "hiera_array" | "hiera_hash" | "hiera_include" | "json_data"
        | "yaml_data" | "hocon_data" | "eyaml_lookup_key" => "it needs Hiera data",
        "epp" | "file" | "template" | "find_file" | "find_template" | "binary_file"
        | "module_directory" => "it needs modules and a file system",
        "inline_template" => "it needs Ruby's ERB",
        "generate" => "it runs commands on the host",
        "fqdn_rand" => "it needs the node's facts",
        "scanf" => "it is not implemented yet",
        _ => "it needs a full catalog",
    };
    Err(site.fail(format!(
        "The function '{}' is not available in the playground: {why}",
        site.name
    )))
}
