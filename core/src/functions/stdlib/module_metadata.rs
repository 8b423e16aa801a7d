//! stdlib's `load_module_metadata(module, allow_empty)`: the `metadata.json` of one of the
//! environment's modules, read as data. Only files of the environment are read; a module whose
//! metadata Puppet's module loader rejects (a required field missing, or not JSON) is not found,
//! as Puppet logs and skips such a module.

use alloc::format;

use super::to_s;
use crate::functions::declare::Call;
use crate::host::EvalResult;
use crate::value::{Hash, Value};

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
    // A module whose metadata Puppet's loader rejects was left out when the compile started
    // (logged then), so it is not found above; the check gives the metadata as data.
    crate::environment::metadata::checked_metadata(&module, &text).map_err(|_| not_found())
}
