//! A stdlib module of version 9 or later on the modulepath decides which of stdlib's functions a
//! run has: one whose file the module lacks does not exist (stdlib 9 removed many of 8.5's), and
//! one whose file is a deprecated shim (it calls `deprecation(key, message, false)`, then its
//! namespaced successor) warns once per key, as the shim does, before it runs. Without such a
//! module, or with a stdlib 8 one, the engine's stdlib 8.5.0 stands. What is read is kept for
//! the run.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use crate::host::{CallSite, EvalResult, FunctionHost, LogLevel};
use crate::span::Span;
use crate::value::Value;

/// How many deprecation keys Puppet remembers warning about (`$deprecation_warnings`): past
/// that, it warns no more.
const MAX_DEPRECATION_KEYS: usize = 100;

/// What one run knows of stdlib: the 3.x functions loaded, and the module's files.
#[derive(Default)]
pub(crate) struct StdlibRun {
    /// stdlib's 3.x functions called so far in this compile: loaded, as Puppet's old autoloader
    /// would have them (a 3.x function loading another warns about `load` only the first time).
    pub loaded_3x: Vec<&'static str>,
    /// The stdlib 9 module on the modulepath (`None`: not looked for yet).
    module: Option<Option<Rc<Module>>>,
    /// Whether the module has each function asked about (a run calls few of them: a list).
    functions: Vec<(&'static str, Presence)>,
    /// The deprecation keys warned about.
    warned: Vec<String>,
}

/// A stdlib module of version 9 or later.
struct Module {
    dir: String,
    /// The line of its `deprecation.rb` that logs the warning (Puppet names it in the warning).
    warning_line: Option<usize>,
}

#[derive(Clone)]
enum Presence {
    Missing,
    Present,
    /// A deprecated shim: the key and message it gives `deprecation`.
    Shim(Rc<(String, String)>),
}

/// Whether the built-in stdlib function called as `name` exists in this run: always, unless a
/// stdlib module of version 9 or later lacks its file (a file it cannot read is the error).
pub(crate) fn exists(
    host: &mut dyn FunctionHost,
    name: &'static str,
    span: Span,
) -> EvalResult<bool> {
    Ok(!matches!(presence(host, name, span)?, Presence::Missing))
}

/// When the stdlib module's file of `site.name` is a deprecated shim, its warning, once per key
/// (the shim passes `false`: the `strict` setting does not make it an error).
pub(crate) fn warn_if_shim(
    host: &mut dyn FunctionHost,
    name: &'static str,
    site: &CallSite,
) -> EvalResult<()> {
    let Presence::Shim(shim) = presence(host, name, site.span)? else {
        return Ok(());
    };
    let (key, message) = &*shim;
    let run = host.stdlib_run();
    if run.warned.len() >= MAX_DEPRECATION_KEYS || run.warned.iter().any(|k| k == key) {
        return Ok(());
    }
    run.warned.push(key.clone());
    let Some(Some(module)) = run.module.clone() else {
        return Ok(());
    };
    let mut text = format!("{message} at {}", super::node::stack_trace(host, site));
    if let Some(line) = module.warning_line {
        text.push_str(&format!(
            "\n   (location: {}/lib/puppet/functions/deprecation.rb:{line}:in `deprecation')",
            module.dir
        ));
    }
    host.log(LogLevel::Warning, text, site.span);
    Ok(())
}

fn presence(host: &mut dyn FunctionHost, name: &'static str, span: Span) -> EvalResult<Presence> {
    let known = &host.stdlib_run().functions;
    if let Some((_, presence)) = known.iter().find(|(called, _)| *called == name) {
        return Ok(presence.clone());
    }
    let found = match stdlib_9_module(host, span)? {
        Some(module) => read_presence(host, &module.dir, name, span)?,
        None => Presence::Present,
    };
    host.stdlib_run().functions.push((name, found.clone()));
    Ok(found)
}

fn stdlib_9_module(host: &mut dyn FunctionHost, span: Span) -> EvalResult<Option<Rc<Module>>> {
    if let Some(known) = &host.stdlib_run().module {
        return Ok(known.clone());
    }
    let module = read_module(host, span)?.map(Rc::new);
    host.stdlib_run().module = Some(module.clone());
    Ok(module)
}

/// The stdlib module, when its metadata says version 9 or later (metadata that is not JSON, or
/// names no version, is not stdlib 9's).
fn read_module(host: &mut dyn FunctionHost, span: Span) -> EvalResult<Option<Module>> {
    let Some(dir) = host.module_dir("stdlib") else {
        return Ok(None);
    };
    let Some(metadata) = host.read_env_file(&format!("{dir}/metadata.json"), span)? else {
        return Ok(None);
    };
    if major_version(&metadata).is_none_or(|major| major < 9) {
        return Ok(None);
    }
    let deprecation = format!("{dir}/lib/puppet/functions/deprecation.rb");
    let warning_line = host.read_env_file(&deprecation, span)?.and_then(|text| {
        text.lines()
            .position(|line| {
                let code = line.trim_start();
                !code.starts_with('#') && code.contains("deprecation_warning(")
            })
            .map(|at| at + 1)
    });
    Ok(Some(Module { dir, warning_line }))
}

/// The major version a module's `metadata.json` names.
fn major_version(metadata: &str) -> Option<u64> {
    let Ok(Value::Hash(fields)) = crate::hiera::json::load(metadata) else {
        return None;
    };
    let Some(Value::String(version)) = fields.get(&Value::string("version")) else {
        return None;
    };
    version.split('.').next()?.trim().parse().ok()
}

fn read_presence(
    host: &mut dyn FunctionHost,
    dir: &str,
    name: &str,
    span: Span,
) -> EvalResult<Presence> {
    let (ruby, others) = match name.strip_prefix("stdlib::") {
        Some(short) => (
            format!("{dir}/lib/puppet/functions/stdlib/{short}.rb"),
            [format!("{dir}/functions/{short}.pp")],
        ),
        None => (
            format!("{dir}/lib/puppet/functions/{name}.rb"),
            [format!("{dir}/lib/puppet/parser/functions/{name}.rb")],
        ),
    };
    if let Some(text) = host.read_env_file(&ruby, span)? {
        return Ok(match shim_deprecation(&text) {
            Some(shim) => Presence::Shim(Rc::new(shim)),
            None => Presence::Present,
        });
    }
    Ok(
        if others.iter().any(|path| host.env_path_exists(path, false)) {
            Presence::Present
        } else {
            Presence::Missing
        },
    )
}

/// The key and message of a shim's `call_function('deprecation', 'key', 'message', false)`.
fn shim_deprecation(ruby: &str) -> Option<(String, String)> {
    let call = "call_function('deprecation',";
    let rest = &ruby[ruby.find(call)? + call.len()..];
    let (key, rest) = single_quoted(rest.trim_start())?;
    let rest = rest.trim_start().strip_prefix(',')?;
    let (message, rest) = single_quoted(rest.trim_start())?;
    let rest = rest.trim_start().strip_prefix(',')?.trim_start();
    rest.strip_prefix("false")?
        .trim_start()
        .starts_with(')')
        .then_some((key, message))
}

/// A Ruby single-quoted string at the start of `text` (`\'` and `\\` are its escapes), and
/// what follows it.
fn single_quoted(text: &str) -> Option<(String, &str)> {
    let body = text.strip_prefix('\'')?;
    let mut out = String::new();
    let mut chars = body.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '\'' => return Some((out, &body[at + 1..])),
            '\\' => match chars.next() {
                Some((_, escaped @ ('\'' | '\\'))) => out.push(escaped),
                Some((_, other)) => {
                    out.push('\\');
                    out.push(other);
                }
                None => return None,
            },
            other => out.push(other),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shim_gives_its_key_and_message() {
        let ruby = "def deprecation_gen(*args, &block)\n  call_function('deprecation', 'merge', 'Use stdlib::merge, it\\'s new.', false)\n  call_function('stdlib::merge', *args, &block)\nend\n";
        assert_eq!(
            shim_deprecation(ruby),
            Some(("merge".into(), "Use stdlib::merge, it's new.".into()))
        );
    }

    #[test]
    fn a_deprecation_the_strict_setting_governs_is_no_shim() {
        assert_eq!(
            shim_deprecation("call_function('deprecation', 'parsepson', 'No PSON.')"),
            None
        );
        assert_eq!(shim_deprecation("call_function('deprecation', 'k'"), None);
        assert_eq!(
            shim_deprecation("call_function('deprecation', 'k', 'm"),
            None
        );
    }
}
