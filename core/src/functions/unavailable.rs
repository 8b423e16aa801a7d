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
    "template",
    "inline_template",
    "generate",
    "scanf",
    "json_data",
    "yaml_data",
    "hocon_data",
    "eyaml_lookup_key",
];

pub(super) fn unavailable(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    if site.name == "template" {
        // Puppet logs the template it looks for, and fails on one it cannot find.
        for name in &args {
            let name = crate::value::to_string_default(name);
            let message = format!("Retrieving template {name}");
            ev.log(crate::eval::LogLevel::Debug, message, site.span);
            if super::env_files::find_template_path(ev, &name).is_none() {
                return Err(site.fail(format!("Could not find template '{name}'")));
            }
        }
    }
    let why = match site.name {
        "json_data" | "yaml_data" | "hocon_data" | "eyaml_lookup_key" => "it needs Hiera data",
        "template" => "ERB templates are Ruby",
        "inline_template" => "it needs Ruby's ERB",
        "generate" => "it runs commands on the host",
        "scanf" => "it is not implemented yet",
        _ => "it needs a full catalog",
    };
    Err(site.fail(format!(
        "The function '{}' is not available in the playground: {why}",
        site.name
    )))
}
