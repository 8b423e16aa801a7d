//! Autoloading, as Puppet's loaders do it: a class, defined type, function or type alias that is
//! not defined yet is looked for in the modules by its name (`environment/naming.rs`); each file
//! is read, parsed and checked once, and everything it defines is registered.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use crate::diagnostic::Diagnostic;
use crate::environment::naming::{self, ModuleFile};
use crate::environment::{is_module_name, Environment, FileText, ReadError};
use crate::host::{error, EvalResult, Unwind};
use crate::span::Span;
use crate::syntax::ast::{ExprKind, Program};

/// What autoloading has found and read so far in one evaluation.
///
/// Every lookup table maps a name to a number (one map type for all: each other value type would
/// add its own copy of the map's code to the .wasm).
#[derive(Default)]
pub(crate) struct Loader {
    /// The directories modules are found in, in order (found when first needed).
    modulepath: Option<Vec<String>>,
    /// Module name → its directory's place in `module_dirs`, once looked for ([`NONE`]: there is
    /// no such module).
    modules: crate::name_map::NameMap<usize>,
    module_dirs: Vec<String>,
    /// The files imported and the templates parsed so far, by path → their tree's place in
    /// `programs` ([`NONE`] while a file is being imported, or when it defined nothing to keep).
    imported: crate::name_map::NameMap<usize>,
    /// Where a module file's path is put together to be looked up in `imported`.
    path_key: crate::key_buffer::KeyBuffer,
    /// The trees, alive as long as the evaluation (definitions and cached types point into them).
    programs: Vec<Rc<Program>>,
    /// Bytes read from the environment so far.
    bytes_read: usize,
    /// Resource types modules implement in Ruby, by name, once looked for (1: there is one).
    pub(super) ruby_types: crate::name_map::NameMap<usize>,
    /// What the compile knows of those types from running their files (`ruby_types.rs`).
    pub(super) ruby: super::ruby_types::RubyTypes,
}

/// No entry: no such module, no tree kept.
const NONE: usize = usize::MAX;

impl Loader {
    /// The directories modules are found in, read from `env` the first time.
    pub(super) fn modulepath(&mut self, env: &Environment<'_>) -> &[String] {
        self.modulepath.get_or_insert_with(|| env.modulepath())
    }

    /// Module `name` is not found from now on (Puppet's loader rejected its metadata).
    pub(super) fn leave_out_module(&mut self, name: &str) {
        self.modules.insert(name.into(), NONE);
    }
}

/// What autoloading looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wanted {
    Class,
    Define,
}

impl<'o> Evaluator<'o> {
    pub(super) fn environment(&self) -> Option<&'o Environment<'o>> {
        self.env
    }

    /// The directory of module `name`: the first on the modulepath that has one by that name.
    pub(crate) fn module_dir(&mut self, name: &str) -> Option<String> {
        let at = self.module_dir_index(name)?;
        self.known.loader.module_dirs.get(at).cloned()
    }

    /// [`Self::module_dir`]'s place in `module_dirs`, without a copy of it.
    fn module_dir_index(&mut self, name: &str) -> Option<usize> {
        if let Some(&known) = self.known.loader.modules.get(name) {
            return (known != NONE).then_some(known);
        }
        let found = match self.environment() {
            Some(env) if is_module_name(name) => {
                let modulepath = self.known.loader.modulepath(env);
                modulepath
                    .iter()
                    .map(|dir| format!("{dir}/{name}"))
                    .find(|dir| env.files.is_dir(dir))
            }
            _ => None,
        };
        // Without a stdlib module of its own, the engine's stand-in for stdlib's Puppet code.
        #[cfg(feature = "stdlib")]
        let found = found.or_else(|| (name == "stdlib").then(|| crate::stdlib_module::DIR.into()));
        let at = match found {
            Some(dir) => {
                self.known.loader.module_dirs.push(dir);
                self.known.loader.module_dirs.len() - 1
            }
            None => NONE,
        };
        self.known.loader.modules.insert(name.into(), at);
        (at != NONE).then_some(at)
    }

    /// `$module_name` in the scope of a class or defined type `name` defined at `at`: its
    /// module's name when the definition is in that module's files (else the top scope's `''`).
    /// The catalog scope keeps it too, for what the scope declares (their `$caller_module_name`).
    pub(crate) fn bind_module_name(&mut self, name: &str, at: Span) {
        let module = crate::qualified::segments(name).next().unwrap_or_default();
        if self.defined_in_module(module, at) {
            // Shared names: a class or instance of a module takes no string of its own.
            let module = self.intern(module);
            let variable = self.scratch.scope_names.module_name.clone();
            self.scopes
                .assign(variable, crate::value::Value::String(module.clone()));
            if let Some(scope) = self.catalog.scopes.get_mut(self.catalog.current) {
                scope.module = Some(module);
            }
        }
    }

    /// Whether what is defined at `at` is in the files of module `module`.
    fn defined_in_module(&mut self, module: &str, at: Span) -> bool {
        let Some(dir) = self.module_dir_index(module) else {
            return false;
        };
        let Some(dir) = self.known.loader.module_dirs.get(dir) else {
            return false;
        };
        let file = self.sources.path_at(at.start);
        file.strip_prefix(dir.as_str())
            .is_some_and(|rest| rest.starts_with('/'))
    }

    /// `$caller_module_name` in a new class or defined-type scope: the module of the scope that
    /// declared it (Puppet's `parent_module_name`), `''` for the main manifest's or a scope of
    /// no module (the top scope's own is undef).
    pub(crate) fn bind_caller_module_name(&mut self, caller: Option<Rc<str>>) {
        let module = caller.unwrap_or_else(|| self.intern(""));
        let variable = self.scratch.scope_names.caller_module_name.clone();
        self.scopes
            .assign(variable, crate::value::Value::String(module));
    }

    /// The class or defined type whose body is being evaluated (`""` for the main manifest), and
    /// whether it is a class.
    #[cfg_attr(not(feature = "stdlib"), allow(dead_code))]
    pub(crate) fn current_definition(&self) -> (String, bool) {
        let source = self
            .catalog
            .scopes
            .get(self.catalog.current)
            .map_or("", |scope| scope.source());
        (source.into(), !self.catalog.defines.contains_key(source))
    }

    /// The path of a module's file, when the module and the file exist.
    pub(crate) fn module_file_path(&mut self, file: &ModuleFile) -> Option<String> {
        let at = self.module_dir_index(&file.module)?;
        let dir = self.known.loader.module_dirs.get(at)?;
        Some([dir, "/", &file.path].concat())
    }

    /// Read a file of the environment, counting its bytes against the limits.
    pub(crate) fn read_env_file(&mut self, path: &str, span: Span) -> EvalResult<Option<FileText>> {
        #[cfg(feature = "stdlib")]
        if path.starts_with(crate::stdlib_module::DIR) {
            return Ok(crate::stdlib_module::read(path, self.options.stdlib).map(FileText::from));
        }
        let Some(env) = self.environment() else {
            return Ok(None);
        };
        match env.files.read(path) {
            Ok(text) => {
                self.known.loader.bytes_read += text.len();
                let max = self.options.limits.max_env_bytes;
                if self.known.loader.bytes_read > max {
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
        let Some(at) = self.module_dir_index(&file.module) else {
            return Ok(false);
        };
        let Some(dir) = self.known.loader.module_dirs.get(at) else {
            return Ok(false);
        };
        // A file imported already (a module's `init.pp`, tried first for each of its classes) is
        // found without its path being allocated.
        let parts = [dir.as_str(), "/", &file.path];
        let (imported, keys) = (&self.known.loader.imported, &self.known.loader.path_key);
        if keys.with(&parts, |path| imported.contains_key(path)) {
            return Ok(true);
        }
        let path = parts.concat();
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
        text: FileText,
        namespace: Option<&str>,
        span: Span,
    ) -> EvalResult<()> {
        self.known.loader.imported.insert(path.into(), NONE);
        let program = self.parse_env_file(path, text, false, span)?;
        let mut findings = crate::syntax::check_module_file(&program, path, namespace);
        if !findings.is_empty() {
            if findings.len() > 1 {
                // Puppet logs each finding, then gives up on the file.
                for finding in &findings {
                    self.log(super::LogLevel::Err, finding.message.clone(), finding.span);
                }
            }
            return Err(Unwind::Error(alloc::boxed::Box::new(validation_failure(
                &mut findings,
            ))));
        }
        let program = self.keep(path, program);
        self.define_all(&program)
    }

    /// Keep a file's tree for the rest of the evaluation.
    fn keep(&mut self, path: &str, program: Rc<Program>) -> Rc<Program> {
        self.known.loader.programs.push(Rc::clone(&program));
        self.known
            .loader
            .imported
            .insert(path.into(), self.known.loader.programs.len() - 1);
        program
    }

    /// Place a file in the source map and parse it (an EPP template when `template` is set):
    /// its syntax errors fail the evaluation, its warnings are logged.
    pub(crate) fn parse_env_file(
        &mut self,
        path: &str,
        text: FileText,
        template: bool,
        span: Span,
    ) -> EvalResult<Rc<Program>> {
        let Ok(base) = self.sources.add(path, FileText::clone(&text)) else {
            return Err(error(
                "ENV_LIMIT",
                "the files read by this evaluation exceed the offsets a position can hold",
                span,
            ));
        };
        // The caller's earlier compiles may have parsed this text at this offset already.
        let cache = self.env.and_then(|env| env.parse_cache);
        if let Some((program, warnings)) = cache.and_then(|c| c.get(path, &text, base, template)) {
            for warning in warnings {
                self.log(super::LogLevel::Warning, warning.message, warning.span);
            }
            return Ok(program);
        }
        let (program, mut diagnostics) = match self.env {
            Some(env) => crate::environment::parse_placed(env.files, path, &text, base, template),
            None => crate::syntax::parse_at(&text, base, template),
        };
        if let Some(summary) = crate::syntax::validation_summary(&diagnostics) {
            for finding in diagnostics.iter() {
                let level = if finding.is_error() {
                    super::LogLevel::Err
                } else {
                    super::LogLevel::Warning
                };
                self.log(level, finding.message.clone(), finding.span);
            }
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
        let program = Rc::new(program);
        if let Some(cache) = cache {
            let warnings = diagnostics.clone();
            cache.keep(path, text, base, template, Rc::clone(&program), warnings);
        }
        for warning in diagnostics {
            self.log(super::LogLevel::Warning, warning.message, warning.span);
        }
        Ok(program)
    }

    /// A module's EPP template file, read and parsed once per evaluation.
    pub(crate) fn template_program(&mut self, path: &str, span: Span) -> EvalResult<Rc<Program>> {
        let template_key = ["template:", path].concat();
        if let Some(program) = self
            .known
            .loader
            .imported
            .get(&template_key)
            .and_then(|&at| self.known.loader.programs.get(at))
        {
            return Ok(Rc::clone(program));
        }
        let Some(text) = self.read_env_file(path, span)? else {
            return Err(error(
                "TEMPLATE_NOT_FOUND",
                format!("Could not find template '{path}'"),
                span,
            ));
        };
        let program = self.parse_env_file(path, text, true, span)?;
        Ok(self.keep(&template_key, program))
    }

    /// Look for class or defined type `name` (lower case, without leading `::`) in the modules.
    pub(crate) fn autoload_definition(
        &mut self,
        name: &str,
        wanted: Wanted,
        span: Span,
    ) -> EvalResult<()> {
        if name.is_empty() {
            return Ok(());
        }
        for files in naming::manifest_tries(name) {
            for file in &files {
                self.import_module_file(file, span)
                    .map_err(|unwind| match unwind {
                        Unwind::Error(mut d) if d.code == "DEFINE_REDEFINED_ENTITY" => {
                            let what = match wanted {
                                Wanted::Class => "Function Call",
                                Wanted::Define => "Resource Statement",
                            };
                            d.message = format!("Error while evaluating a {what}, {}", d.message);
                            d.span = span;
                            Unwind::Error(d)
                        }
                        other => other,
                    })?;
            }
            let found = match wanted {
                Wanted::Class => self.catalog.classes.contains_key(name),
                Wanted::Define => self.catalog.defines.contains_key(name),
            };
            if found {
                break;
            }
        }
        #[cfg(not(feature = "stdlib"))]
        {
            let found = match wanted {
                Wanted::Class => self.catalog.classes.contains_key(name),
                Wanted::Define => self.catalog.defines.contains_key(name),
            };
            if !found && (name == "stdlib" || name.starts_with("stdlib::")) {
                let what = match wanted {
                    Wanted::Class => format!("The class '{name}'"),
                    Wanted::Define => format!("The defined type '{name}'"),
                };
                self.hand_over_stdlib(&what, span)?;
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

    /// Whether a resource type as a statement writes it is one: a name with a `:` in it
    /// (`::notify`) is only looked for among defined types, as Puppet looks for it.
    pub(crate) fn resource_type_written_known(
        &mut self,
        written: &str,
        span: Span,
    ) -> EvalResult<bool> {
        let name = crate::catalog::canonical_str(written);
        if written.contains(':') {
            return self.define_known(&name, span);
        }
        self.resource_type_known(&name, span)
    }

    /// Whether `name` (canonical) is a resource type: built in, a defined type (autoloaded), or
    /// one a module implements in Ruby.
    pub(crate) fn resource_type_known(&mut self, name: &str, span: Span) -> EvalResult<bool> {
        let known = super::literals::is_core_resource_type(name)
            || self.define_known(name, span)?
            || self.ruby_type_known(name, span)?;
        // The full engine knows stdlib's `file_line` and `anchor` as built-in types.
        #[cfg(not(feature = "stdlib"))]
        if !known && matches!(name, "file_line" | "anchor") {
            let what = format!("The resource type '{name}'");
            self.hand_over_stdlib(&what, span)?;
        }
        Ok(known)
    }

    /// The light build's hand-over where stdlib's Puppet side is wanted and not found: unless a
    /// stdlib module of the environment's own answers (as it does in the full engine).
    #[cfg(not(feature = "stdlib"))]
    fn hand_over_stdlib(&mut self, what: &str, span: Span) -> EvalResult<()> {
        if self.module_dir("stdlib").is_some() {
            return Ok(());
        }
        self.output.needs_full_engine = Some("stdlib");
        Err(crate::functions::needs_stdlib_part(what, span))
    }

    /// Where Puppet's loaders look for function `name` written in Ruby: a namespaced name's
    /// 4.x file in its own module; a global name's 4.x file, then its 3.x one, in any module.
    pub(crate) fn ruby_function_paths(&mut self, name: &str) -> Vec<String> {
        if let Some((module, _)) = crate::qualified::split_first(name) {
            return match self.module_dir(module) {
                Some(dir) => alloc::vec![format!(
                    "{dir}/lib/puppet/functions/{}.rb",
                    name.replace("::", "/")
                )],
                None => Vec::new(),
            };
        }
        let dirs = self.module_dirs();
        let mut paths: Vec<String> = dirs
            .iter()
            .map(|dir| format!("{dir}/lib/puppet/functions/{name}.rb"))
            .collect();
        paths.extend(
            dirs.iter()
                .map(|dir| format!("{dir}/lib/puppet/parser/functions/{name}.rb")),
        );
        paths
    }

    /// The directories of the environment's modules, in modulepath order (the first of each
    /// name).
    pub(crate) fn module_dirs(&mut self) -> Vec<String> {
        let Some(env) = self.environment() else {
            return Vec::new();
        };
        let mut names: Vec<String> = Vec::new();
        for dir in env.modulepath() {
            for name in env.files.list_dir(&dir) {
                if is_module_name(&name) && !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        names
            .iter()
            .filter_map(|name| self.module_dir(name))
            .collect()
    }

    /// A function a module writes in Ruby: the full engine runs it; the light one hands the
    /// call over when the environment has its file. `None`: no module has it.
    pub(crate) fn call_module_ruby(
        &mut self,
        site: &super::calls::CallSite,
        args: Vec<crate::value::Value>,
        has_block: bool,
    ) -> Option<EvalResult<crate::value::Value>> {
        #[cfg(feature = "erb")]
        {
            crate::erb::module_functions::call(self, site, args, has_block)
        }
        #[cfg(not(feature = "erb"))]
        {
            let _ = (args, has_block);
            let env = self.environment()?;
            let paths = self.ruby_function_paths(site.name);
            if !paths.iter().any(|path| env.files.exists(path)) {
                return None;
            }
            self.output.needs_full_engine = Some("ruby");
            Some(Err(crate::host::error(
                "NEEDS_FULL_ENGINE",
                format!(
                    "The function '{}' is written in Ruby in its module: the playground's full engine has it",
                    site.name
                ),
                site.span,
            )))
        }
    }

    /// Whether a resource type is one a module implements in Ruby (already looked for).
    pub(crate) fn is_ruby_type(&self, name: &str) -> bool {
        self.known.loader.ruby_types.get(name) == Some(&1)
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
        if self.known.aliases.lookup(name).is_none() {
            let lower = crate::qualified::trim_leading(name, "::").to_ascii_lowercase();
            self.resource_type_known(&lower, span)?;
        }
        Ok(())
    }

    /// Look for the Puppet-language function `name`: `a::f`, `a::b::f` in module `a`'s
    /// `functions/`; in the environment's own `functions/`, a global `f` in `f.pp` and
    /// `environment::f` in `environment/f.pp`.
    pub(crate) fn autoload_function(&mut self, name: &str, span: Span) -> EvalResult<()> {
        self.autoload_single(name, Kind::Function, span)?;
        #[cfg(not(feature = "stdlib"))]
        if matches!(name, "stdlib::ensure" | "stdlib::deferrable_epp")
            && !self.known.functions.contains_key(name)
        {
            let what = format!("The function '{name}'");
            self.hand_over_stdlib(&what, span)?;
        }
        Ok(())
    }

    /// Look for type alias `name` (`A::T` in module `a`'s `types/t.pp`; `T` and
    /// `Environment::T` in the environment's own `types/`).
    pub(crate) fn autoload_type(&mut self, name: &str, span: Span) -> EvalResult<()> {
        self.autoload_single(name, Kind::Type, span)?;
        #[cfg(not(feature = "stdlib"))]
        if crate::qualified::trim_leading(name, "::")
            .get(..8)
            .is_some_and(|head| head.eq_ignore_ascii_case("stdlib::"))
            && self.known.aliases.lookup(name).is_none()
        {
            let what = format!(
                "The type alias '{}'",
                crate::qualified::trim_leading(name, "::")
            );
            self.hand_over_stdlib(&what, span)?;
        }
        Ok(())
    }

    /// Load the file of a function or type alias, which must define exactly that.
    fn autoload_single(&mut self, name: &str, kind: Kind, span: Span) -> EvalResult<()> {
        let lower = crate::qualified::trim_leading(name, "::").to_ascii_lowercase();
        let (path, namespace) = match crate::qualified::split_first(&lower) {
            None => (format!("{}/{lower}.pp", kind.dir()), None),
            Some(("environment", rest)) => (
                format!("{}/environment/{}.pp", kind.dir(), rest.replace("::", "/")),
                None,
            ),
            Some(_) => {
                let Some(file) = naming::namespaced_file(&lower, kind.dir()) else {
                    return Ok(());
                };
                let Some(path) = self.module_file_path(&file) else {
                    return Ok(());
                };
                (path, Some(naming::file_namespace(&file)))
            }
        };
        if self.known.loader.imported.contains_key(&path) {
            return Ok(());
        }
        let Some(text) = self.read_env_file(&path, span)? else {
            return Ok(());
        };
        self.known.loader.imported.insert(path.clone(), NONE);
        let program = self.parse_env_file(&path, text, false, span)?;
        if let Some(namespace) = namespace {
            let mut findings =
                crate::syntax::check_module_file(&program, &path, namespace.as_deref());
            if !findings.is_empty() {
                return Err(Unwind::Error(alloc::boxed::Box::new(validation_failure(
                    &mut findings,
                ))));
            }
        }
        let defined: Vec<Option<&str>> = program
            .body
            .iter()
            .map(|expr| match &expr.kind {
                ExprKind::FunctionDefinition(f) if kind == Kind::Function => {
                    Some(f.name.name.as_str())
                }
                ExprKind::TypeAlias(alias) if kind == Kind::Type => Some(alias.name.name.as_str()),
                _ => None,
            })
            .collect();
        let wanted = match kind {
            Kind::Function => format!("'{lower}'"),
            Kind::Type => format!("'{lower}'"),
        };
        let failure = match defined.as_slice() {
            [Some(actual)] if crate::qualified::trim_leading(actual, "::").eq_ignore_ascii_case(&lower) => None,
            [Some(actual)] => Some(match kind {
                Kind::Function => format!(
                    "The code loaded from {path} produced function with the wrong name, expected {lower}, actual {actual}"
                ),
                Kind::Type => format!(
                    "The code loaded from {path} produced type with the wrong name, expected {wanted}, actual '{actual}'"
                ),
            }),
            [] => Some(format!(
                "The code loaded from {path} does not define the {} {wanted} - it is empty.",
                kind.noun()
            )),
            _ => Some(format!(
                "The code loaded from {path} must contain only the {} {wanted} - it has additional definitions.",
                kind.noun()
            )),
        };
        if let Some(message) = failure {
            return Err(error(
                "LOADED_WRONG_DEFINITION",
                format!("Error while evaluating a {}, {message}", kind.context()),
                span,
            ));
        }
        let program = self.keep(&path, program);
        self.define_all(&program)
    }
}

/// What a single-definition file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Function,
    Type,
}

impl Kind {
    fn dir(self) -> &'static str {
        match self {
            Kind::Function => "functions",
            Kind::Type => "types",
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Kind::Function => "function",
            Kind::Type => "type",
        }
    }

    /// What Puppet says it was evaluating when the file disappointed it.
    fn context(self) -> &'static str {
        match self {
            Kind::Function => "Function Call",
            Kind::Type => "Type-Name",
        }
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
