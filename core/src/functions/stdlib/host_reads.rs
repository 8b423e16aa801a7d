//! stdlib's functions that read the compiling host (its files, modules' folders, commands, Ruby's
//! random generator): each checks its arguments as stdlib does, in stdlib's words, and only a
//! call it would run is then refused, saying why (`Def::refused_after_checks`).

use alloc::format;

use super::to_s;
use crate::functions::declare::{opt, Call, Dispatch};
use crate::host::EvalResult;
use crate::value::Value;

/// The playground's refusal of a call whose arguments stdlib accepts.
fn refuse(call: Call) -> EvalResult<Value> {
    crate::functions::hand_over::refuse(call)
}

/// `get_module_path(module)`: a module the environment lacks is stdlib's error; one it has
/// lives in a folder of the compiling host.
pub(super) fn get_module_path(call: Call) -> EvalResult<Value> {
    let Call(host, site, args, closure, def) = call;
    if args.len() != 1 {
        return Err(site.fail("get_module_path(): Wrong number of arguments, expects one"));
    }
    let module = to_s(&args[0]);
    if host.module_dir(&module).is_none() {
        return Err(site.fail(format!(
            "Could not find module {module} in environment production"
        )));
    }
    refuse(Call(host, site, args, closure, def))
}

/// `glob(patterns)`: one string or array of patterns.
pub(super) fn glob(call: Call) -> EvalResult<Value> {
    let Call(_, site, args, ..) = &call;
    if args.len() != 1 {
        return Err(site.fail(format!(
            "glob(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    if !matches!(args[0], Value::String(_) | Value::Array(_)) {
        return Err(site.fail("glob(): Requires either array or string to work"));
    }
    refuse(call)
}

/// `loadjson(path, default)` and `loadyaml(path, default)`: Ruby's arity -2.
pub(super) fn load_file(call: Call) -> EvalResult<Value> {
    let Call(_, site, args, ..) = &call;
    crate::functions::args::at_least_one_3x(site, args)?;
    refuse(call)
}

/// `shuffle(value)`: an array or string of at most one element is its own shuffle; a longer one
/// would take Ruby's random order.
pub(super) fn shuffle(call: Call) -> EvalResult<Value> {
    let Call(_, site, args, ..) = &call;
    let Some(value) = args.first() else {
        return Err(site.fail("shuffle(): Wrong number of arguments given (0 for 1)"));
    };
    let size = match value {
        Value::String(text) => text.chars().count(),
        Value::Array(items) => items.len(),
        _ => return Err(site.fail("shuffle(): Requires either array or string to work with")),
    };
    if size <= 1 {
        return Ok(value.clone());
    }
    refuse(call)
}

/// `validate_cmd(content, command, message)`.
pub(super) fn validate_cmd(call: Call) -> EvalResult<Value> {
    let Call(_, site, args, ..) = &call;
    if !(2..=3).contains(&args.len()) {
        return Err(site.fail(format!(
            "validate_cmd(): wrong number of arguments ({}; must be 2 or 3)",
            args.len()
        )));
    }
    refuse(call)
}

/// `validate_x509_rsa_key_pair(certificate, key)`.
pub(super) fn validate_x509_rsa_key_pair(call: Call) -> EvalResult<Value> {
    let Call(_, site, args, ..) = &call;
    if args.len() != 2 {
        return Err(site.fail(format!(
            "validate_x509_rsa_key_pair(): wrong number of arguments ({}; must be 2)",
            args.len()
        )));
    }
    refuse(call)
}

/// stdlib 9's `stdlib::time` (a function in Puppet's language): one optional timezone, which it
/// ignores.
pub(super) const TIME_9: Dispatch = &[opt("_timezone", "Optional[String]")];

/// `time(...)` and `stdlib::time(...)`: under stdlib 9, `time` hands its arguments to
/// `stdlib::time`, whose signature Puppet checks before its body reads the clock; stdlib 8.5's
/// `time` reads the clock whatever it is given.
pub(super) fn time(call: Call) -> EvalResult<Value> {
    let Call(host, site, args, closure, def) = call;
    if super::node::follows_stdlib9(host, site)? {
        let callee = crate::host::CallSite {
            name: "stdlib::time",
            ..site.clone()
        };
        crate::functions::checks::check_dispatches(
            host,
            "stdlib::time",
            &[TIME_9],
            &callee,
            &args,
            closure,
        )?;
    }
    refuse(Call(host, site, args, closure, def))
}
