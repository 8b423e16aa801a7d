//! A module's `metadata.json` as Puppet's module loader judges it: a module whose metadata is not
//! JSON, lacks one of the fields the loader requires, or gives `dependencies` as anything but an
//! array is left out of the environment (Puppet logs why at the start of the compile).

use alloc::format;
use alloc::string::String;

use crate::value::Value;

/// The fields Puppet's module loader requires of a `metadata.json`, in the order it checks them.
const REQUIRED_FIELDS: &[&str] = &["source", "author", "version", "license", "dependencies"];

/// Module `module`'s metadata (`text`) as data, or why Puppet's module loader rejects it, in its
/// words. An empty object is accepted as no metadata at all.
pub(crate) fn checked_metadata(module: &str, text: &str) -> Result<Value, String> {
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
                        crate::value::ruby_to_s(other)
                    ))
                }
                Some(_) => {}
            }
        }
    }
    Ok(metadata)
}
