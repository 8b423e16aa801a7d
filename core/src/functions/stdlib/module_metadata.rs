//! stdlib's `load_module_metadata(module, allow_empty)`: the `metadata.json` of one of the
//! environment's modules, read as data. Only files of the environment are read; a module whose
//! metadata Puppet's module loader rejects (a required field missing, or not JSON) is not found,
//! as Puppet logs and skips such a module.

use alloc::format;
use alloc::string::String;

use super::to_s;
use crate::functions::declare::Call;
use crate::host::{EvalResult, LogLevel};
use crate::value::{Hash, Value};

/// The fields Puppet's module loader requires of a `metadata.json`, in the order it checks them.
const REQUIRED_FIELDS: &[&str] = &["source", "author", "version", "license", "dependencies"];

pub(super) fn load_module_metadata(Call(ev, site, args, ..): Call) -> EvalResult<Value> {
    if !(1..=2).contains(&args.len()) {
        return Err(
            site.fail("load_module_metadata(): Wrong number of arguments, expects one or two")
        );
    }
    let module = to_s(&args[0]);
    // Ruby's truth of the argument as a 3.x function gets it (`undef` arrives as '').
    let allow_empty = !matches!(args.get(1), None | Some(Value::Boolean(false)));
    let not_found = || {
        site.fail(format!(
            "Could not find module {module} in environment production"
        ))
    };
    let Some(dir) = ev.module_dir(&module) else {
        return Err(not_found());
    };
    let text = ev.read_env_file(&format!("{dir}/metadata.json"), site.span)?;
    let Some(text) = text else {
        if allow_empty {
            return Ok(Value::Hash(Hash::new()));
        }
        return Err(site.fail(format!(
            "load_module_metadata(): No metadata.json file for module {module}"
        )));
    };
    match checked_metadata(&module, &text) {
        Ok(metadata) => Ok(metadata),
        Err(problem) => {
            ev.log(LogLevel::Err, problem, site.span);
            Err(not_found())
        }
    }
}

/// The metadata as data, or why Puppet's module loader rejects it.
fn checked_metadata(module: &str, text: &str) -> Result<Value, String> {
    let metadata = crate::value::json::load(text).map_err(|error| {
        format!(
            "{module} has an invalid and unparsable metadata.json file. The parse error: {error}"
        )
    })?;
    if let Value::Hash(fields) = &metadata {
        if fields.is_empty() {
            return Ok(metadata);
        }
        for field in REQUIRED_FIELDS {
            match fields.get(&Value::string(field)) {
                None | Some(Value::Undef) => {
                    return Err(format!("No {field} module metadata provided for {module}"))
                }
                Some(other) if *field == "dependencies" && !matches!(other, Value::Array(_)) => {
                    return Err(format!(
                        "The value for the key dependencies in the file metadata.json of the module {module} must be an array, not: '{}'",
                        to_s(other)
                    ))
                }
                Some(_) => {}
            }
        }
    }
    Ok(metadata)
}
