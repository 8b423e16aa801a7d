//! The functions that read an environment's modules: `epp` (a module's template), `file` and
//! `binary_file` (its files), `find_file`, `find_template` and `module_directory`. A reference
//! `mod/rest` names `rest` in module `mod`'s `files/` (or `templates/`); paths never leave the
//! environment.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::args::no_signature;
use super::expect_args;
use crate::environment::clean_path;
use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::types::{infer, type_label};
use crate::value::{Binary, Hash, Value};

/// Where a module reference (`mod/rest`) or an environment path lies, if it is a file there.
fn find_in_module(ev: &mut Evaluator<'_>, reference: &str, kind: &str) -> Option<String> {
    if reference.is_empty() {
        return None;
    }
    if reference.starts_with('/') {
        // An absolute path is taken as it is, when it is one of the environment's files.
        return environment_file(ev, reference);
    }
    let (module, rest) = reference.split_once('/')?;
    let rest = clean_path(rest).ok()?;
    let dir = ev.module_dir(module)?;
    let path = format!("{dir}/{kind}/{rest}");
    let env = ev.env?;
    (env.files.is_dir(&path) || env.files.read(&path).is_ok()).then_some(path)
}

/// Where a module template (`mod/x.erb`) or an environment path is, if it is there.
pub(super) fn find_template_path(ev: &mut Evaluator<'_>, reference: &str) -> Option<String> {
    find_in_module(ev, reference, "templates").or_else(|| environment_file(ev, reference))
}

/// `path` when it names one of the environment's files.
fn environment_file(ev: &Evaluator<'_>, path: &str) -> Option<String> {
    let path = clean_path(path).ok()?;
    ev.env?.files.read(&path).is_ok().then_some(path)
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
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: &[Value],
    kind: &str,
) -> EvalResult<Value> {
    for name in names(site, args)? {
        if let Some(path) = find_in_module(ev, &name, kind) {
            return Ok(Value::string(&path));
        }
    }
    Ok(Value::Undef)
}

/// `find_file(ref, ...)`: the path of the first file found, or undef.
pub(super) fn find_file(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    find_first(ev, site, &args, "files")
}

/// `find_template(ref, ...)`: the path of the first template found, or undef.
pub(super) fn find_template(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    find_first(ev, site, &args, "templates")
}

/// `module_directory(name, ...)`: the directory of the first module found, or undef.
pub(super) fn module_directory(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    for name in names(site, &args)? {
        if let Some(dir) = ev.module_dir(&name) {
            return Ok(Value::string(&dir));
        }
    }
    Ok(Value::Undef)
}

/// The text of the first of `args` that names a file (a module reference, or an environment
/// path such as `find_file` gives).
fn first_file(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: &[Value],
) -> EvalResult<Option<alloc::rc::Rc<str>>> {
    for arg in args {
        let reference = crate::value::to_string_default(arg);
        let found =
            find_in_module(ev, &reference, "files").or_else(|| environment_file(ev, &reference));
        if let Some(path) = found {
            if let Some(text) = ev.read_env_file(&path, site.span)? {
                return Ok(Some(text));
            }
        }
    }
    Ok(None)
}

/// `file(ref, ...)`: the content of the first file found.
pub(super) fn file(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    if args.is_empty() {
        // `file` is a 3.x function: Puppet's arity message for those.
        return Err(site.fail("file(): Wrong number of arguments given (0 for minimum 1)"));
    }
    match first_file(ev, site, &args)? {
        Some(text) => {
            ev.check_string(&text, site.span)?;
            Ok(Value::string(&text))
        }
        None => Err(not_found(site, &args)),
    }
}

/// `binary_file(ref)`: the content of a file as a Binary.
pub(super) fn binary_file(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(1))?;
    match first_file(ev, site, &args)? {
        Some(text) => {
            ev.check_string(&text, site.span)?;
            Ok(Value::Binary(Binary::from_bytes(text.as_bytes())))
        }
        None => Err(site.fail(format!(
            "binary_file(): The given file '{}' does not exist",
            crate::value::to_string_default(&args[0])
        ))),
    }
}

fn not_found(site: &CallSite, args: &[Value]) -> crate::eval::flow::Unwind {
    let values: Vec<String> = args.iter().map(crate::value::to_string_default).collect();
    site.fail(format!(
        "Could not find any files from {}",
        values.join(", ")
    ))
}

/// `epp(ref, params)`: a module's EPP template (`mod/x.epp` in `mod`'s `templates/`, `.epp`
/// added when missing) rendered with its parameters, seeing only top-scope variables.
pub(super) fn epp(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(2))?;
    let mut reference = match &args[0] {
        Value::String(text) => text.to_string(),
        other => {
            return Err(site.fail(format!(
                "'epp' parameter 'path' expects a String value, got {}",
                type_label(&infer(other).generalize())
            )))
        }
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
    ev.log(
        crate::eval::LogLevel::Debug,
        format!("Retrieving epp template {reference}"),
        site.span,
    );
    let found =
        find_in_module(ev, &reference, "templates").or_else(|| environment_file(ev, &reference));
    let Some(path) = found else {
        return Err(site.fail(format!("Could not find template '{reference}'")));
    };
    let program = match ev.template_program(&path, site.span) {
        Ok(program) => program,
        Err(crate::eval::flow::Unwind::Error(problem)) => {
            let at = ev.sources.locate(problem.span.start);
            return Err(site.fail(format!(
                "epp(): Invalid EPP: {} (file: {}, line: {}, column: {})",
                problem.message, at.file, at.line, at.column
            )));
        }
        Err(other) => return Err(other),
    };
    let arguments = arguments.unwrap_or_else(Hash::new);
    ev.render_template_file(&program, &arguments, site)
}
