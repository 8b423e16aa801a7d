//! Which of stdlib's functions a run has. A stdlib module of version 9 or later on the modulepath
//! decides by its files: one whose file the module lacks does not exist (stdlib 9 removed many of
//! 8.5's), and one whose file is a deprecated shim (it calls `deprecation(key, message, false)`,
//! then its namespaced successor) warns once per key, as the shim does, before it runs. Without a
//! module, the built-in stdlib follows 9.7.0 as each function's declaration says
//! ([`InStdlib9`]), or 8.5.0 when the run asks for it; with a stdlib 8 module, 8.5.0 stands. What
//! is read is kept for the run.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use crate::functions::declare::InStdlib9;
use crate::host::{CallSite, EvalResult, FunctionHost, LogLevel};
use crate::run::BuiltinStdlib;
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
    /// Where the run's stdlib comes from (`None`: not looked for yet).
    source: Option<Source>,
    /// Whether the module has each function asked about (a run calls few of them: a list).
    functions: Vec<(&'static str, Presence)>,
    /// The deprecation keys warned about.
    warned: Vec<String>,
}

/// Where a run's stdlib functions come from.
#[derive(Clone)]
enum Source {
    /// A stdlib module of version 9 or later: its files say.
    Files(Rc<Module>),
    /// The built-in stdlib following 9.7.0: each function's declaration says.
    Declared,
    /// stdlib 8.5.0 (built in, or a stdlib 8 module): every function, without warnings.
    Every,
}

/// The line of stdlib 9.7.0's `lib/puppet/functions/deprecation.rb` that logs its warning, which
/// the built-in stdlib names as a module would.
const DECLARED_WARNING_LINE: usize = 35;

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

/// Whether the function called as `name` is a deprecated shim in this run's stdlib; if so, once
/// its own dispatch took the block (`block_fits`), its warning, once per key (the shim passes
/// `false`: the `strict` setting does not make it an error).
pub(crate) fn warn_if_shim(
    host: &mut dyn FunctionHost,
    name: &'static str,
    site: &CallSite,
    block_fits: impl FnOnce() -> EvalResult<()>,
) -> EvalResult<bool> {
    let Presence::Shim(shim) = presence(host, name, site.span)? else {
        return Ok(false);
    };
    block_fits()?;
    let (key, message) = &*shim;
    let message = format!("{message} at {}", super::node::stack_trace(host, site));
    deprecation_warning(host, key, message, site.span);
    Ok(true)
}

/// Whether this run's stdlib is 9 or later (a module of that version, or the built-in one
/// following 9.7.0), whose `deprecation` warns as Puppet's `deprecation_warning` does.
pub(crate) fn follows_stdlib9(host: &mut dyn FunctionHost, span: Span) -> EvalResult<bool> {
    Ok(matches!(
        source(host, span)?,
        Source::Files(_) | Source::Declared
    ))
}

/// Puppet's `deprecation_warning` as stdlib 9's `deprecation` calls it: `message` once per key
/// (past [`MAX_DEPRECATION_KEYS`] keys, no more), followed by the place of the line of the stdlib's
/// `deprecation.rb` that logs it.
pub(crate) fn deprecation_warning(
    host: &mut dyn FunctionHost,
    key: &str,
    mut message: String,
    span: Span,
) {
    let run = host.stdlib_run();
    if run.warned.len() >= MAX_DEPRECATION_KEYS || run.warned.iter().any(|k| k == key) {
        return;
    }
    run.warned.push(key.into());
    let (dir, line) = match run.source.clone() {
        Some(Source::Files(module)) => (module.dir.clone(), module.warning_line),
        _ => (
            crate::stdlib_module::DIR.into(),
            Some(DECLARED_WARNING_LINE),
        ),
    };
    if let Some(line) = line {
        message.push_str(&format!(
            "\n   (location: {dir}/lib/puppet/functions/deprecation.rb:{line}:in `deprecation')"
        ));
    }
    host.log(LogLevel::Warning, message, span);
}

fn presence(host: &mut dyn FunctionHost, name: &'static str, span: Span) -> EvalResult<Presence> {
    let known = &host.stdlib_run().functions;
    if let Some((_, presence)) = known.iter().find(|(called, _)| *called == name) {
        return Ok(presence.clone());
    }
    let found = match source(host, span)? {
        Source::Files(module) => read_presence(host, &module.dir, name, span)?,
        Source::Declared => declared_presence(name),
        Source::Every => Presence::Present,
    };
    host.stdlib_run().functions.push((name, found.clone()));
    Ok(found)
}

fn source(host: &mut dyn FunctionHost, span: Span) -> EvalResult<Source> {
    if let Some(known) = &host.stdlib_run().source {
        return Ok(known.clone());
    }
    let found = match read_module(host, span)? {
        Some(Some(module)) => Source::Files(Rc::new(module)),
        Some(None) => Source::Every,
        None => match host.builtin_stdlib() {
            BuiltinStdlib::V9_7 => Source::Declared,
            BuiltinStdlib::V8_5 => Source::Every,
        },
    };
    host.stdlib_run().source = Some(found.clone());
    Ok(found)
}

/// What 9.7.0 has of the built-in function called as `name` (its namespaced names are all there).
fn declared_presence(name: &str) -> Presence {
    if name.starts_with("stdlib::") {
        return Presence::Present;
    }
    match crate::functions::find(name).map(|def| def.in_stdlib9) {
        Some(InStdlib9::Removed) => Presence::Missing,
        Some(InStdlib9::Shim) => Presence::Shim(Rc::new((
            name.into(),
            format!("This function is deprecated, please use stdlib::{name} instead."),
        ))),
        _ => Presence::Present,
    }
}

/// The environment's stdlib module (`None`: it has none, the built-in one stands), and whether
/// its metadata says version 9 or later (metadata that is missing, not JSON, or names no version
/// is not stdlib 9's).
fn read_module(host: &mut dyn FunctionHost, span: Span) -> EvalResult<Option<Option<Module>>> {
    let Some(dir) = host.module_dir("stdlib") else {
        return Ok(None);
    };
    if dir == crate::stdlib_module::DIR {
        return Ok(None);
    }
    let Some(metadata) = host.read_env_file(&format!("{dir}/metadata.json"), span)? else {
        return Ok(Some(None));
    };
    if major_version(&metadata).is_none_or(|major| major < 9) {
        return Ok(Some(None));
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
    Ok(Some(Some(Module { dir, warning_line })))
}

/// The major version a module's `metadata.json` names.
fn major_version(metadata: &str) -> Option<u64> {
    let Ok(Value::Hash(fields)) = crate::value::json::load(metadata) else {
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
