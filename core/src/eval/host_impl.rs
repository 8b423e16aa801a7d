//! The evaluator as the [`crate::host`] interface: what built-in functions (and the other
//! clients below the evaluator) may ask of it, each answered by the evaluator's own parts.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use crate::host::EvalResult;
use crate::host::{
    CallSite, CatalogAccess, Closure, DataLookup, Embedded, EnvironmentFiles, Host, Limits,
    LogEntry, LogLevel, Regexes, Strictness, Templates, TypeNames,
};
use crate::regex::Captures;
use crate::sources::Sources;
use crate::span::Span;
use crate::syntax::ast::{Expr, Program};
use crate::types::Type;
use crate::value::{Hash, Regexp, Value};

impl Host for Evaluator<'_> {
    #[inline]
    fn step(&mut self, n: u64, span: Span) -> EvalResult<()> {
        Evaluator::step(self, n, span)
    }

    #[inline]
    fn steps_left(&self) -> u64 {
        self.options
            .limits
            .max_steps
            .saturating_sub(self.budget.steps)
    }

    #[inline]
    fn nesting(&self) -> usize {
        self.budget.depth
    }

    #[inline]
    fn limits(&self) -> &Limits {
        &self.options.limits
    }

    fn strictness(&self) -> Strictness {
        self.options.strict
    }

    fn check_string(&mut self, text: &str, span: Span) -> EvalResult<()> {
        Evaluator::check_string(self, text, span)
    }

    fn check_string_growth(&mut self, before: usize, after: usize, span: Span) -> EvalResult<()> {
        Evaluator::check_string_growth(self, before, after, span)
    }

    fn string_growth_fits(&self, before: usize, after: usize) -> bool {
        use crate::host::{size_steps, BYTES_PER_STEP};
        let limits = &self.options.limits;
        let added = after.saturating_sub(before) as u64;
        let steps =
            size_steps(after, BYTES_PER_STEP).saturating_sub(size_steps(before, BYTES_PER_STEP));
        after <= limits.max_string_len
            && self.budget.memory.saturating_add(added) <= limits.max_memory as u64
            && self.budget.steps.saturating_add(steps) <= limits.max_steps
    }

    fn check_collection(&mut self, len: usize, span: Span) -> EvalResult<()> {
        Evaluator::check_collection(self, len, span)
    }

    fn log(&mut self, level: LogLevel, message: String, span: Span) {
        Evaluator::log(self, level, message, span)
    }

    fn logs(&self) -> &[LogEntry] {
        &self.output.logs
    }

    fn sources(&self) -> &Sources {
        &self.sources
    }

    fn variable(&self, name: &str) -> Option<Value> {
        self.scopes
            .lookup(name)
            .cloned()
            .or_else(|| self.catalog.class_variable(name))
    }

    fn match_variable(&self, index: usize) -> Value {
        self.scopes.match_variable(index)
    }

    fn set_variable(&mut self, name: &str, value: Value) -> bool {
        let name = self.intern(name);
        matches!(self.scopes.assign(name, value), super::scope::Assign::Done)
    }

    fn call_function(
        &mut self,
        site: &CallSite,
        name: &str,
        args: Vec<Value>,
        block: Option<&Closure<'_>>,
    ) -> EvalResult<Value> {
        let inner = CallSite {
            name,
            style: site.style,
            span: site.span,
        };
        if let Some(definition) = self.known.functions.get(name).cloned() {
            return self.call_user_function(&definition, &inner, args, block);
        }
        let builtin = crate::functions::find(name);
        if crate::qualified::is_qualified(name) || builtin.is_none() {
            self.autoload_function(name, site.span)?;
            if let Some(definition) = self.known.functions.get(name).cloned() {
                return self.call_user_function(&definition, &inner, args, block);
            }
        }
        if let Some(def) = builtin {
            return crate::functions::call(self, def, &inner, args, block);
        }
        match self.call_module_ruby(&inner, args, block.is_some()) {
            Some(result) => result,
            None => Err(site.fail(alloc::format!("Unknown function '{name}'"))),
        }
    }

    #[inline]
    fn call_lambda(
        &mut self,
        block: &Closure<'_>,
        args: Vec<Value>,
        site: &CallSite,
    ) -> EvalResult<Value> {
        Evaluator::call_lambda(self, block, args, site)
    }

    fn call_lambda_keeping(
        &mut self,
        block: &Closure<'_>,
        args: Vec<Value>,
        site: &CallSite,
        keep_first: Option<&mut Value>,
    ) -> EvalResult<Value> {
        Evaluator::call_lambda_keeping(self, block, args, site, keep_first)
    }

    #[inline]
    fn arg_list(&mut self) -> Vec<Value> {
        Evaluator::arg_list(self)
    }

    fn load_3x(&mut self, name: &'static str) -> bool {
        #[cfg(feature = "stdlib")]
        {
            if self.ruby.stdlib.loaded_3x.contains(&name) {
                return false;
            }
            self.ruby.stdlib.loaded_3x.push(name);
        }
        #[cfg(not(feature = "stdlib"))]
        let _ = name;
        true
    }

    fn caller_frame(&self) -> Option<crate::host::Frame> {
        self.scopes.calls.caller()
    }

    fn needs_full_engine(&mut self, what: &'static str) {
        self.output.needs_full_engine = Some(what);
    }
}

impl Embedded for Evaluator<'_> {
    fn enter_nesting(&mut self, levels: usize, what: &str, span: Span) -> EvalResult<()> {
        let max = self.options.limits.max_depth;
        if self.budget.depth + levels > max {
            return Err(crate::host::error(
                "DEPTH_LIMIT",
                alloc::format!("evaluation nested deeper than {max} levels ({what})"),
                span,
            ));
        }
        self.budget.depth += levels;
        Ok(())
    }

    fn leave_nesting(&mut self, levels: usize) {
        self.budget.depth -= levels;
    }

    #[cfg(any(feature = "yaml", feature = "erb"))]
    fn add_source(&mut self, path: &str, text: crate::FileText) -> Option<u32> {
        self.sources.add(path, text).ok()
    }

    #[cfg(any(feature = "yaml", feature = "erb"))]
    fn scope_variable(&self, name: &str) -> Option<Value> {
        if let Some(value) = self.scopes.lookup(name) {
            return Some(value.clone());
        }
        let qualified = crate::qualified::trim_leading(name, "::");
        if crate::qualified::is_qualified(qualified) {
            return self
                .live_class_variable(qualified)
                .or_else(|| self.catalog.class_variable(qualified));
        }
        None
    }
}

impl CatalogAccess for Evaluator<'_> {
    fn include_classes(&mut self, names: &[Value], site: &CallSite) -> EvalResult<Value> {
        Evaluator::include_classes(self, names, site)
    }

    fn realize(&mut self, references: &[Value], span: Span) -> EvalResult<Value> {
        Evaluator::realize(self, references, span)
    }

    fn create_resources(&mut self, args: &[Value], span: Span) -> EvalResult<String> {
        Evaluator::create_resources(self, args, span)
    }

    fn tag(&mut self, tags: &[Value], span: Span) -> EvalResult<Value> {
        Evaluator::tag(self, tags, span)
    }

    fn tagged(&self, tags: &[Value]) -> Value {
        Evaluator::tagged(self, tags)
    }

    fn is_declared(&self, reference: &Type) -> bool {
        self.catalog.is_declared(reference)
    }

    fn is_class_declared(&self, name: &str) -> bool {
        self.catalog.is_class_declared(name)
    }

    fn has_resource(&self, type_name: &str, title: &str) -> bool {
        self.catalog.has_resource(type_name, title)
    }

    fn resource_attribute(&self, reference: &Type, attribute: &str) -> Option<Result<Value, ()>> {
        self.catalog.attribute(reference, attribute)
    }

    fn class_known(&mut self, name: &str, span: Span) -> EvalResult<bool> {
        Evaluator::class_known(self, &crate::catalog::canonical(name), span)
    }

    fn resource_type_known(&mut self, name: &str, span: Span) -> EvalResult<bool> {
        Evaluator::resource_type_known(self, name, span)
    }

    fn current_definition(&self) -> (String, bool) {
        Evaluator::current_definition(self)
    }
}

impl EnvironmentFiles for Evaluator<'_> {
    fn module_dir(&mut self, name: &str) -> Option<String> {
        Evaluator::module_dir(self, name)
    }

    /// Read, not only looked up: a file its host refuses (not a regular file, too large) is not
    /// there for Puppet either, and the host notes why when it is read.
    fn env_path_exists(&self, path: &str, dir_too: bool) -> bool {
        // A file first: what is looked for is a file almost always (a template, `find_file`'s
        // argument), and a folder's check is the dearer of the two (a prefix search, a `stat`).
        self.env
            .is_some_and(|env| env.files.read(path).is_ok() || (dir_too && env.files.is_dir(path)))
    }

    fn read_env_file(&mut self, path: &str, span: Span) -> EvalResult<Option<crate::FileText>> {
        Evaluator::read_env_file(self, path, span)
    }

    #[cfg(feature = "stdlib")]
    fn stdlib_run(&mut self) -> &mut crate::functions::stdlib::module_files::StdlibRun {
        &mut self.ruby.stdlib
    }

    #[cfg(feature = "stdlib")]
    fn builtin_stdlib(&self) -> crate::run::BuiltinStdlib {
        self.options.stdlib
    }

    fn now(&self) -> Option<i128> {
        self.options.now
    }

    fn function_exists(&mut self, name: &str, span: Span) -> EvalResult<bool> {
        if self.known.functions.contains_key(name)
            || crate::functions::find_in_run(self, name, span)?.is_some()
        {
            return Ok(true);
        }
        self.autoload_function(name, span)?;
        if self.known.functions.contains_key(name) {
            return Ok(true);
        }
        let paths = self.ruby_function_paths(name);
        Ok(paths.iter().any(|path| self.env_path_exists(path, false)))
    }
}

impl Templates for Evaluator<'_> {
    fn template_program(&mut self, path: &str, span: Span) -> EvalResult<Rc<Program>> {
        Evaluator::template_program(self, path, span)
    }

    fn render_epp_file(
        &mut self,
        program: &Program,
        arguments: &Hash,
        site: &CallSite,
    ) -> EvalResult<Value> {
        self.render_template_file(program, arguments, site)
    }

    fn render_epp_inline(
        &mut self,
        program: &Program,
        source: &str,
        arguments: &Hash,
        site: &CallSite,
    ) -> EvalResult<Value> {
        let rendered = self.render_template(program, source, arguments, site);
        self.tree_freed();
        rendered
    }

    #[cfg(feature = "erb")]
    fn render_erb(
        &mut self,
        text: &str,
        file: Option<(&str, &str)>,
        site: &CallSite,
    ) -> EvalResult<String> {
        let source = match file {
            Some((reference, path)) => crate::erb::Source::File { reference, path },
            None => crate::erb::Source::Inline,
        };
        crate::erb::render(self, text, source, site)
    }
}

impl DataLookup for Evaluator<'_> {
    fn hiera_search(
        &mut self,
        key: &str,
        merge: Option<&Value>,
        span: Span,
    ) -> EvalResult<Option<Value>> {
        use crate::hiera::merge::Merge;
        let merge = match merge.map(Merge::parse) {
            None => None,
            Some(Ok(merge)) => Some(merge),
            Some(Err(message)) => return Err(crate::host::error("LOOKUP_MERGE", message, span)),
        };
        crate::hiera::Hiera::new(self).search(key, merge, span)
    }

    fn begin_explanation(&mut self) -> bool {
        if self.hiera.explainer.is_some() {
            return false;
        }
        self.hiera.explainer = Some(crate::hiera::explain::Explainer::new());
        true
    }

    fn end_explanation(&mut self, preamble: &str) -> Option<String> {
        let explainer = self.hiera.explainer.take()?;
        Some(explainer.render_debug(preamble))
    }

    fn record_lookup(&mut self, function: &str, key: &str, span: Span, found: Option<&Value>) {
        let kind = super::LookupKind::of_function(function);
        self.hiera.calls.record(kind, key, span, found);
    }
}

impl TypeNames for Evaluator<'_> {
    fn resolve_type_name(&self, name: &str) -> Option<Type> {
        Evaluator::resolve_type_name(self, name)
    }

    fn eval_type_text(&mut self, expr: &Expr) -> EvalResult<Value> {
        let saved = core::mem::replace(&mut self.known.lenient_type_refs, true);
        let saved_text = core::mem::replace(&mut self.known.type_text, true);
        // A type written as text is not the user's code: hover records nothing for it.
        let value = self.unrecorded(|ev| ev.eval(expr));
        self.known.lenient_type_refs = saved;
        self.known.type_text = saved_text;
        self.tree_freed();
        value
    }

    fn signature_type(&self, text: &str) -> Option<Rc<Type>> {
        self.known.signature_types.get(text).cloned()
    }

    fn keep_signature_type(&mut self, text: &str, ty: Rc<Type>) {
        self.known.signature_types.insert(text.into(), ty);
    }
}

impl Regexes for Evaluator<'_> {
    fn regex_search(
        &mut self,
        regexp: &Regexp,
        text: &str,
        from: usize,
        span: Span,
    ) -> EvalResult<Option<Captures>> {
        Evaluator::regex_search(self, regexp, text, from, span)
    }
}
