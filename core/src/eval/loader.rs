//! Autoloading, as Puppet's loaders do it: a class, defined type, function or type alias that is
//! not defined yet is looked for in the modules by its name (`environment/naming.rs`); each file
//! is read, parsed and checked once, and everything it defines is registered.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use super::flow::{error, EvalResult, Unwind};
use crate::diagnostic::Diagnostic;
use crate::environment::naming::{self, ModuleFile};
use crate::environment::{is_module_name, Environment, ReadError};
use crate::span::Span;
use crate::syntax::ast::Program;

/// What autoloading has found and read so far in one evaluation.
#[derive(Default)]
pub(crate) struct Loader {
    /// The directories modules are found in, in order (found when first needed).
    modulepath: Option<Vec<String>>,
    /// Module name → its directory, once looked for (`None`: there is no such module).
    modules: BTreeMap<String, Option<String>>,
    /// The files imported so far, by path.
    imported: BTreeSet<String>,
    /// Their trees, alive as long as the evaluation (definitions and cached types point into them).
    programs: Vec<Rc<Program>>,
    /// Bytes read from the environment so far.
    bytes_read: usize,
    /// The EPP template files parsed so far, by path (a template rendered again is not re-read).
    templates: BTreeMap<String, Rc<Program>>,
}

/// What autoloading looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wanted {
    Class,
    Define,
}

impl<'o> Evaluator<'o> {
    fn environment(&self) -> Option<&'o Environment<'o>> {
        self.env
    }

    /// The directory of module `name`: the first on the modulepath that has one by that name.
    pub(crate) fn module_dir(&mut self, name: &str) -> Option<String> {
        if let Some(known) = self.loader.modules.get(name) {
            return known.clone();
        }
        let env = self.environment()?;
        let modulepath = self
            .loader
            .modulepath
            .get_or_insert_with(|| env.modulepath())
            .clone();
        let found = if is_module_name(name) {
            modulepath
                .iter()
                .map(|dir| format!("{dir}/{name}"))
                .find(|dir| env.files.is_dir(dir))
        } else {
            None
        };
        self.loader.modules.insert(name.into(), found.clone());
        found
    }

    /// The path of a module's file, when the module and the file exist.
    pub(crate) fn module_file_path(&mut self, file: &ModuleFile) -> Option<String> {
        let dir = self.module_dir(&file.module)?;
        Some(format!("{dir}/{}", file.path))
    }

    /// Read a file of the environment, counting its bytes against the limits.
    pub(crate) fn read_env_file(&mut self, path: &str, span: Span) -> EvalResult<Option<Rc<str>>> {
        let Some(env) = self.environment() else {
            return Ok(None);
        };
        match env.files.read(path) {
            Ok(text) => {
                self.loader.bytes_read += text.len();
                let max = self.options.limits.max_env_bytes;
                if self.loader.bytes_read > max {
                    return Err(error(
                        "ENV_LIMIT",
                        format!(
                            "the environment's files read would exceed the limit of {max} bytes"
                        ),
                        span,
                    ));
                }
                Ok(Some(text))
            }
            Err(ReadError::Missing) => Ok(None),
            Err(ReadError::NotText) => Err(error(
                "FILE_NOT_TEXT",
                format!("The file '{path}' is not UTF-8 text"),
                span,
            )),
            Err(ReadError::Limit(message)) => Err(error("ENV_LIMIT", message, span)),
        }
    }

    /// Import a module's file once: parse it, check it as Puppet checks module files, and define
    /// what it defines. False when there is no such file.
    fn import_module_file(&mut self, file: &ModuleFile, span: Span) -> EvalResult<bool> {
        let Some(path) = self.module_file_path(file) else {
            return Ok(false);
        };
        if self.loader.imported.contains(&path) {
            return Ok(true);
        }
        let Some(text) = self.read_env_file(&path, span)? else {
            return Ok(false);
        };
        let namespace = naming::file_namespace(file);
        self.import_text(&path, text, namespace.as_deref(), span)?;
        Ok(true)
    }

    /// Parse, check and define a file's text (a module file when `namespace` is given).
    fn import_text(
        &mut self,
        path: &str,
        text: Rc<str>,
        namespace: Option<&str>,
        span: Span,
    ) -> EvalResult<()> {
        self.loader.imported.insert(path.into());
        let program = self.parse_env_file(path, text, false, span)?;
        let mut findings = crate::syntax::check_module_file(&program, path, namespace);
        if !findings.is_empty() {
            return Err(Unwind::Error(alloc::boxed::Box::new(validation_failure(
                &mut findings,
            ))));
        }
        let program = Rc::new(program);
        self.loader.programs.push(Rc::clone(&program));
        self.define_all(&program)
    }

    /// Place a file in the source map and parse it (an EPP template when `template` is set):
    /// its syntax errors fail the evaluation, its warnings are logged.
    pub(crate) fn parse_env_file(
        &mut self,
        path: &str,
        text: Rc<str>,
        template: bool,
        span: Span,
    ) -> EvalResult<Program> {
        let Ok(base) = self.sources.add(path, Rc::clone(&text)) else {
            return Err(error(
                "ENV_LIMIT",
                "the files read by this evaluation exceed the offsets a position can hold",
                span,
            ));
        };
        let (program, mut diagnostics) = crate::syntax::parse_at(&text, base, template);
        if let Some(summary) = crate::syntax::validation_summary(&diagnostics) {
            let mut failure = diagnostics
                .iter()
                .find(|d| d.is_error())
                .cloned()
                .unwrap_or_else(|| {
                    Diagnostic::error(crate::Stage::Validation, "VALIDATION", "", span)
                });
            failure.code = "VALIDATION_SUMMARY";
            failure.message = summary;
            return Err(Unwind::Error(alloc::boxed::Box::new(failure)));
        }
        if let Some(first) = diagnostics.iter().position(Diagnostic::is_error) {
            return Err(Unwind::Error(alloc::boxed::Box::new(
                diagnostics.swap_remove(first),
            )));
        }
        for warning in diagnostics {
            self.log(super::LogLevel::Warning, warning.message, warning.span);
        }
        Ok(program)
    }

    /// A module's EPP template file, read and parsed once per evaluation.
    pub(crate) fn template_program(&mut self, path: &str, span: Span) -> EvalResult<Rc<Program>> {
        if let Some(program) = self.loader.templates.get(path) {
            return Ok(Rc::clone(program));
        }
        let Some(text) = self.read_env_file(path, span)? else {
            return Err(error(
                "TEMPLATE_NOT_FOUND",
                format!("Could not find template '{path}'"),
                span,
            ));
        };
        let program = Rc::new(self.parse_env_file(path, text, true, span)?);
        self.loader
            .templates
            .insert(path.into(), Rc::clone(&program));
        Ok(program)
    }

    /// Look for class or defined type `name` (lower case, without leading `::`) in the modules.
    pub(crate) fn autoload_definition(
        &mut self,
        name: &str,
        wanted: Wanted,
        span: Span,
    ) -> EvalResult<()> {
        if self.env.is_none() || name.is_empty() {
            return Ok(());
        }
        for files in naming::manifest_tries(name) {
            for file in &files {
                self.import_module_file(file, span)?;
            }
            let found = match wanted {
                Wanted::Class => self.catalog.classes.contains_key(name),
                Wanted::Define => self.catalog.defines.contains_key(name),
            };
            if found {
                break;
            }
        }
        Ok(())
    }

    /// Whether class `name` (canonical) is defined, once the modules were looked in.
    pub(crate) fn class_known(&mut self, name: &str, span: Span) -> EvalResult<bool> {
        if !self.catalog.classes.contains_key(name) {
            self.autoload_definition(name, Wanted::Class, span)?;
        }
        Ok(self.catalog.classes.contains_key(name))
    }

    /// Whether defined type `name` (canonical) is defined, once the modules were looked in.
    pub(crate) fn define_known(&mut self, name: &str, span: Span) -> EvalResult<bool> {
        if !self.catalog.defines.contains_key(name)
            && !super::literals::is_core_resource_type(name)
            && name != "class"
        {
            self.autoload_definition(name, Wanted::Define, span)?;
        }
        Ok(self.catalog.defines.contains_key(name))
    }

    /// Look for what a capitalized name may stand for: a type alias in a module's `types/`, or
    /// else a defined type in its `manifests/`.
    pub(crate) fn autoload_type_name(&mut self, name: &str, span: Span) -> EvalResult<()> {
        self.autoload_type(name, span)?;
        if self.aliases.lookup(name).is_none() {
            let lower = name.trim_start_matches("::").to_ascii_lowercase();
            self.define_known(&lower, span)?;
        }
        Ok(())
    }

    /// Look for the Puppet-language function `name` (`a::f`, `a::b::f`) in module `a`'s
    /// `functions/` (module `environment`: the environment's own `functions/`).
    pub(crate) fn autoload_function(&mut self, name: &str, span: Span) -> EvalResult<()> {
        self.autoload_namespaced(name, "functions", span)
    }

    /// Look for type alias `name` (`A::T`) in module `a`'s `types/`.
    pub(crate) fn autoload_type(&mut self, name: &str, span: Span) -> EvalResult<()> {
        self.autoload_namespaced(name, "types", span)
    }

    fn autoload_namespaced(&mut self, name: &str, kind: &str, span: Span) -> EvalResult<()> {
        if self.env.is_none() {
            return Ok(());
        }
        let Some(file) = naming::namespaced_file(name, kind) else {
            return Ok(());
        };
        if file.module == "environment" {
            let path = file.path.clone();
            if self.loader.imported.contains(&path) {
                return Ok(());
            }
            if let Some(text) = self.read_env_file(&path, span)? {
                let namespace = naming::file_namespace(&file);
                self.import_text(&path, text, namespace.as_deref(), span)?;
            }
            return Ok(());
        }
        self.import_module_file(&file, span)?;
        Ok(())
    }
}

/// One validation error as the evaluation's failure, or Puppet's summary when there are several.
fn validation_failure(findings: &mut Vec<Diagnostic>) -> Diagnostic {
    let count = findings.len();
    let mut first = findings.swap_remove(0);
    if count > 1 {
        first.code = "VALIDATION_SUMMARY";
        first.message = format!("Language validation logged {count} errors. Giving up");
    }
    first
}
