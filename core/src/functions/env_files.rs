//! The functions that read an environment's modules: `epp` (a module's template), `file` and
//! `binary_file` (its files), `find_file`, `find_template` and `module_directory`. A reference
//! `mod/rest` names `rest` in module `mod`'s `files/` (or `templates/`); paths never leave the
//! environment.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::args::{at_least_one_3x, no_signature};
use super::declare::{opt, rep, req, Call, Def};
use super::expect_args;
use crate::environment::clean_path;
use crate::host::{CallSite, EvalResult, FunctionHost};
use crate::types::infer;
use crate::value::{Binary, Hash, Value};

/// Where a module reference (`mod/rest`) or an environment path lies, if it is a file there.
fn find_in_module(host: &mut dyn FunctionHost, reference: &str, kind: &str) -> Option<String> {
    if reference.is_empty() {
        return None;
    }
    if reference.starts_with('/') {
        // An absolute path is taken as it is, when it is one of the environment's files.
        return environment_file(host, reference);
    }
    let (module, rest) = reference.split_once('/')?;
    let rest = clean_path(rest).ok()?;
    let dir = host.module_dir(module)?;
    let path = [dir.as_str(), "/", kind, "/", &rest].concat();
    host.env_path_exists(&path, true).then_some(path)
}

/// Where a module template (`mod/x.erb`) or an environment path is, if it is there.
pub(super) fn find_template_path(host: &mut dyn FunctionHost, reference: &str) -> Option<String> {
    find_in_module(host, reference, "templates").or_else(|| environment_file(host, reference))
}

/// `path` when it names one of the environment's files.
fn environment_file(host: &dyn FunctionHost, path: &str) -> Option<String> {
    let path = clean_path(path).ok()?;
    host.env_path_exists(&path, false).then_some(path)
}

/// The strings a `find_*` or `module_directory` call was given: strings, or one array of them.
fn names(site: &CallSite, args: &[Value]) -> EvalResult<Vec<String>> {
    let strings = |values: &[Value]| -> Option<Vec<String>> {
        values
            .iter()
            .map(|v| match v {
                Value::String(s) => Some(s.to_string()),
                _ => None,
            })
            .collect()
    };
    if let [Value::Array(items)] = args {
        let items: Vec<Value> = items.iter().cloned().collect();
        return strings(&items).ok_or_else(|| no_signature(site));
    }
    strings(args).ok_or_else(|| no_signature(site))
}

/// The path of the first of the references found in modules' `kind` folder, or undef.
fn find_first(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    args: &[Value],
    kind: &str,
) -> EvalResult<Value> {
    for name in names(site, args)? {
        if let Some(path) = find_in_module(host, &name, kind) {
            return Ok(Value::string(&path));
        }
    }
    Ok(Value::Undef)
}

/// `find_file(ref, ...)`: the path of the first file found, or undef.
pub(super) fn find_file(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    find_first(host, site, &args, "files")
}

/// `find_template(ref, ...)`: the path of the first template found, or undef.
pub(super) fn find_template(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    find_first(host, site, &args, "templates")
}

/// `module_directory(name, ...)`: the directory of the first module found, or undef.
pub(super) fn module_directory(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    for name in names(site, &args)? {
        if let Some(dir) = host.module_dir(&name) {
            return Ok(Value::string(&dir));
        }
    }
    Ok(Value::Undef)
}

/// The text of the first of `args` that names a file (a module reference, or an environment
/// path such as `find_file` gives).
fn first_file(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    args: &[Value],
) -> EvalResult<Option<crate::FileText>> {
    for arg in args {
        let reference = crate::value::to_string_default(arg);
        let found = find_in_module(host, &reference, "files")
            .or_else(|| environment_file(host, &reference));
        if let Some(path) = found {
            if let Some(text) = host.read_env_file(&path, site.span)? {
                return Ok(Some(text));
            }
        }
    }
    Ok(None)
}

/// `file(ref, ...)`: the content of the first file found.
pub(super) fn file(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    // `file` is a 3.x function: Puppet's arity message for those.
    at_least_one_3x(site, &args)?;
    match first_file(host, site, &args)? {
        Some(text) => {
            host.check_string(&text, site.span)?;
            Ok(Value::string(&text))
        }
        None => Err(not_found(site, &args)),
    }
}

/// `binary_file(ref)`: the content of a file as a Binary.
pub(super) fn binary_file(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(1))?;
    match first_file(host, site, &args)? {
        Some(text) => {
            host.check_string(&text, site.span)?;
            Ok(Value::Binary(Binary::from_bytes(text.as_bytes())))
        }
        None => Err(site.fail(format!(
            "binary_file(): The given file '{}' does not exist",
            crate::value::to_string_default(&args[0])
        ))),
    }
}

fn not_found(site: &CallSite, args: &[Value]) -> crate::host::Unwind {
    let values: Vec<String> = args.iter().map(crate::value::to_string_default).collect();
    site.fail(format!(
        "Could not find any files from {}",
        crate::text::join(&values, ", ")
    ))
}

/// `epp(ref, params)`: a module's EPP template (`mod/x.epp` in `mod`'s `templates/`, `.epp`
/// added when missing) rendered with its parameters, seeing only top-scope variables.
pub(super) fn epp(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(2))?;
    let mut reference = match &args[0] {
        Value::String(text) => text.to_string(),
        other => return Err(super::epp::expects(site, "path", "String", other)),
    };
    let arguments = match args.get(1) {
        None => None,
        Some(Value::Hash(hash)) => Some(hash.clone()),
        Some(other) => {
            // Puppet names the general type's kind (`Tuple` for an array literal).
            let general = infer(other).generalize().to_string();
            let kind = general.split('[').next().unwrap_or_default();
            return Err(site.fail(format!(
                "'epp' parameter 'parameters' expects a Hash value, got {kind}"
            )));
        }
    };
    if !reference.ends_with(".epp") {
        reference.push_str(".epp");
    }
    host.log(
        crate::host::LogLevel::Debug,
        format!("Retrieving epp template {reference}"),
        site.span,
    );
    let found = find_in_module(host, &reference, "templates")
        .or_else(|| environment_file(host, &reference));
    let Some(path) = found else {
        return Err(site.fail(format!("Could not find template '{reference}'")));
    };
    let program = match host.template_program(&path, site.span) {
        Ok(program) => program,
        Err(crate::host::Unwind::Error(problem)) => {
            let at = host.sources().locate(problem.span.start);
            return Err(site.fail(format!(
                "epp(): Invalid EPP: {} (file: {}, line: {}, column: {})",
                problem.message, at.file, at.line, at.column
            )));
        }
        Err(other) => return Err(other),
    };
    let arguments = arguments.unwrap_or_else(Hash::new);
    host.render_epp_file(&program, &arguments, site)
}

/// The functions that read the environment's modules, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::puppet("binary_file", binary_file).takes(&[&[req("path", "String")]]).with_3x()
        .doc("A module file's content as Binary"),
    Def::puppet("epp", epp)
        .takes(&[&[req("template", "String"), opt("parameters", "Hash[Pattern[/^\\w+$/], Any]")]])
        .with_3x().reaches_scope().doc("Renders a module's EPP template"),
    Def::puppet("file", file).takes(&[&[rep("paths", "String")]]).with_3x()
        .doc("The content of the first module file that exists"),
    Def::puppet("find_file", find_file).takes(&[&[rep("paths", "String")]]).with_3x()
        .doc("The absolute path of the first module file that exists"),
    Def::puppet("find_template", find_template).takes(&[&[rep("paths", "String")]])
        .doc("The absolute path of the first template that exists"),
    Def::puppet("module_directory", module_directory).takes(&[&[rep("names", "String")]])
        .doc("The directory of the first module that exists"),
];
