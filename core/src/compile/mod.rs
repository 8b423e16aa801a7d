//! Catalog compilation: the catalog side of the language evaluated into a catalog (classes,
//! defined types, resources, defaults and overrides, collectors, chain arrows, nodes), the checks
//! Puppet makes when it finishes a compile, and the entry points that compile a snippet or an
//! environment into an [`Outcome`].
//!
//! One file per concern: `catalog` (classes, defined types, resources), `collect` (defaults,
//! overrides, collectors, tags), `relationships` (chain arrows), `finish` (the finishing checks),
//! `nodes`, `settings`, `facts`, `query` (`puppet lookup` without a program). The catalog they
//! build is data in `crate::catalog`.

mod attribute_values;
mod builtin_params;
mod catalog;
mod collect;
mod facts;
mod finish;
mod instance_metaparams;
mod nodes;
#[cfg(feature = "yaml")]
mod query;
mod relationships;
mod settings;
mod statements;
#[cfg(test)]
pub(crate) mod test_env;

use alloc::string::String;
use alloc::vec::Vec;

#[cfg(feature = "yaml")]
pub use query::{lookup, LookupAnswer, LookupQuery, QueryProblem};

use crate::catalog::{cycles, cycles_message, CatalogGraph, CatalogResource, DependencyCycle};
use crate::diagnostic::Diagnostic;
use crate::environment::Environment;
use crate::eval::evaluator::Evaluator;
use crate::eval::Recorded;
use crate::hiera::calls::LookupCalls;
use crate::host::{showable, EvalResult, Frame, LogEntry, LogLevel};
use crate::run::EvalOptions;
use crate::sources::Sources;
use crate::span::Span;
use crate::syntax;
use crate::value::Value;

/// Keeps a program's type aliases alive as long as its values: a value may hold a type alias, and
/// the registry breaks recursive aliases' reference cycles when it is dropped.
#[derive(Clone, Default)]
pub struct AliasesKeepAlive {
    _registry: Option<alloc::rc::Rc<crate::types::AliasRegistry>>,
}

impl core::fmt::Debug for AliasesKeepAlive {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("AliasesKeepAlive")
    }
}

/// The result of evaluating a program: its last value (absent when it failed), log and diagnostics.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The type aliases the values may refer to (dropped with the outcome).
    pub aliases: AliasesKeepAlive,
    pub value: Option<Value>,
    /// The value of each top-level statement that finished, with its span (the playground's
    /// inline results; definitions have none).
    pub statements: Vec<(Span, Value)>,
    /// Each collector expression's value (a `Runtime`) with the resources it collected, as
    /// `Type[title]`, when the compile finished.
    pub collected: Vec<(Value, Vec<String>)>,
    pub logs: Vec<LogEntry>,
    pub diagnostics: Vec<Diagnostic>,
    /// The compiled catalog's classes and resources, when evaluation succeeded.
    pub catalog: Vec<CatalogResource>,
    /// The compiled catalog as a graph of containment and relationships (`puppet apply --graph`).
    pub graph: CatalogGraph,
    /// The catalog's dependency cycles, which `puppet apply` refuses to apply (a compile for a node
    /// reports them as an error, `DEPENDENCY_CYCLE`).
    pub cycles: Vec<DependencyCycle>,
    /// Every file the evaluation read: the file, line and column of any span.
    pub sources: Sources,
    /// Where the main code's files end in the offset space (they come first).
    pub main_end: u32,
    /// The Hiera lookups the program made (the first ones; the rest counted).
    pub lookups: LookupCalls,
    /// What the run needed that this build leaves out (`"stdlib"`), whatever error it ended with.
    pub needs_full_engine: Option<&'static str>,
    /// With `EvalOptions::record`: what each evaluated expression produced, in source order.
    pub recorded: Vec<Recorded>,
}

impl Outcome {
    /// The first error, if the program failed.
    pub fn error(&self) -> Option<&Diagnostic> {
        self.diagnostics.iter().find(|d| d.is_error())
    }

    /// The resources a collector expression's value (a statement's value) collected.
    pub fn collected_by(&self, value: &Value) -> Option<&[String]> {
        let Value::Runtime(object) = value else {
            return None;
        };
        self.collected
            .iter()
            .find(|(v, _)| matches!(v, Value::Runtime(o) if alloc::rc::Rc::ptr_eq(o, object)))
            .map(|(_, references)| references.as_slice())
    }

    /// Whether a span is in the main code (the snippet, or the `manifests/` files).
    pub fn is_main_code(&self, span: Span) -> bool {
        span.start <= self.main_end
    }

    /// With `EvalOptions::record`: the innermost range of the file at `path` that holds byte
    /// `offset` of that file's text, as offsets in that text, with what it recorded. A range is
    /// looked for in that file only: another file's ranges may sit at the same offsets of their own
    /// texts.
    pub fn recorded_at(&self, path: &str, offset: usize) -> Option<(Span, &Recorded)> {
        let file = self.sources.file_named(path)?;
        let at = file.base.checked_add(u32::try_from(offset).ok()?)?;
        if at >= file.end() {
            return None;
        }
        self.recorded
            .iter()
            .filter(|r| r.span.start >= file.base && r.span.end <= file.end())
            .filter(|r| r.span.start <= at && at < r.span.end)
            .min_by_key(|r| r.span.end - r.span.start)
            .map(|r| (file.local(r.span), r))
    }

    /// The first error of the compile, leaving out dependency cycles (`DEPENDENCY_CYCLE`), which
    /// Puppet finds only when it applies the catalog: what `puppet catalog compile` and the
    /// compiling oracles report, the program's value and catalog standing beside the cycles.
    pub fn compile_error(&self) -> Option<&Diagnostic> {
        self.diagnostics
            .iter()
            .find(|d| d.is_error() && d.code != "DEPENDENCY_CYCLE")
    }

    /// The first error of the program's evaluation, leaving out those of the checks Puppet makes
    /// when it finishes the compile (`Stage::Compile`): what `pp_oracle.rb` reports, which evaluates
    /// a program without finishing its compile.
    pub fn evaluation_error(&self) -> Option<&Diagnostic> {
        self.diagnostics
            .iter()
            .find(|d| d.is_error() && d.stage != crate::diagnostic::Stage::Compile)
    }
}

/// Parse and evaluate `source`, a snippet on its own (an environment of one file).
pub fn evaluate(source: &str, options: &EvalOptions) -> Outcome {
    let files = crate::environment::NoFiles;
    evaluate_environment(&Environment::snippet(&files, source), options)
}

/// Compile an environment as `puppet apply` does: its main code (or, without any, its
/// `manifests/` directory), with classes, defined types, functions and type aliases autoloaded
/// from its modules.
pub fn evaluate_environment(env: &Environment<'_>, options: &EvalOptions) -> Outcome {
    let mut outcome = Outcome {
        aliases: AliasesKeepAlive::default(),
        value: None,
        statements: Vec::new(),
        collected: Vec::new(),
        logs: Vec::new(),
        diagnostics: Vec::new(),
        catalog: Vec::new(),
        graph: CatalogGraph::default(),
        cycles: Vec::new(),
        sources: Sources::default(),
        main_end: 0,
        lookups: LookupCalls::default(),
        needs_full_engine: None,
        recorded: Vec::new(),
    };
    let (program, mut diagnostics, mut sources) = match main_program(env, options) {
        Ok(parsed) => parsed,
        Err((diagnostics, sources)) => {
            outcome.diagnostics = diagnostics;
            outcome.sources = sources;
            return outcome;
        }
    };
    outcome.main_end = program_end(&sources).end;
    if options.earlier_entries_end > 0 {
        diagnostics.retain(|d| {
            !(d.code == "IDEM_EXPRESSION_NOT_LAST" && d.span.start < options.earlier_entries_end)
        });
    }
    if diagnostics.iter().any(Diagnostic::is_error) {
        outcome.diagnostics = diagnostics;
        outcome.sources = sources;
        return outcome;
    }
    let end = program_end(&sources);
    let mut evaluator = Evaluator::new(
        options,
        core::mem::take(&mut sources),
        Some(env),
        catalog_statement,
    );
    if let Some(facts) = &options.facts {
        match evaluator.facts_value(facts) {
            Ok(facts) => evaluator.bind_facts(facts),
            Err(message) => {
                diagnostics.push(Diagnostic::error(
                    crate::Stage::Evaluation,
                    "BAD_FACTS",
                    message,
                    Span { start: 0, end: 0 },
                ));
                outcome.diagnostics = diagnostics;
                outcome.sources = evaluator.sources;
                crate::regex::meter::release();
                return outcome;
            }
        }
    }
    if let Some(certname) = &options.certname {
        evaluator.bind_trusted(certname);
    }
    // Matches with no budget of their own take theirs from this evaluation (regex::meter; the
    // facts above were read by an evaluation of their own).
    evaluator.budget.settle_regex_meter(&options.limits);
    evaluator.bind_settings();
    // Puppet's loaders leave out modules whose metadata they reject, logging why, first; then
    // Puppet logs the lexer's warnings (unknown escapes, ...) before evaluation starts.
    evaluator.leave_out_modules_with_rejected_metadata();
    for warning in diagnostics.iter().filter(|d| !d.is_error()) {
        evaluator.log(LogLevel::Warning, warning.message.clone(), warning.span);
    }
    let result = evaluator.run(&program, end, &mut outcome.statements);
    outcome.logs = core::mem::take(&mut evaluator.output.logs);
    outcome.lookups = core::mem::take(&mut evaluator.hiera.calls);
    outcome.needs_full_engine = evaluator.output.needs_full_engine;
    diagnostics.append(&mut evaluator.output.warnings);
    let result = result.and_then(|value| {
        evaluator.settle_regex_meter(end)?;
        showable(&value, &options.limits, end)?;
        Ok(value)
    });
    // Inline results too large to show are left out (the page prints each one).
    outcome
        .statements
        .retain(|(span, value)| showable(value, &options.limits, *span).is_ok());
    match result {
        Ok(value) => {
            outcome.value = Some(value);
            // The checks Puppet makes when it finishes the compile: the program's value stands (it
            // is what pp_oracle.rb, which stops before them, reports), the catalog does not.
            match evaluator.finish() {
                Ok(()) => {
                    // The graph first: the catalog for the outcome takes the resources'
                    // parameters out of the evaluator's rather than copying them.
                    let max_references = options.limits.max_collection_len;
                    outcome.graph = draw_graph(&evaluator.catalog, options, max_references);
                    let known = &evaluator.known;
                    if !options.catalog_unread {
                        outcome.catalog = evaluator.catalog.compiled(
                            |name| known.ruby_type_namevar(name),
                            |name, title| known.ruby_title_keys(name, title),
                        );
                    }
                    outcome.cycles = cycles::dependency_cycles(&outcome.graph);
                    // A cycle of an unnamed graph is named from the graph drawn again, named (the
                    // catalog unread, the resources still hold their parameters).
                    #[cfg(not(target_arch = "wasm32"))]
                    if options.catalog_unread && !outcome.cycles.is_empty() {
                        outcome.graph = evaluator.catalog.graph(max_references);
                        outcome.cycles = cycles::dependency_cycles(&outcome.graph);
                    }
                    // `puppet apply` finds them when it applies the catalog; the catalog stands.
                    if let (Some(_), Some(first)) = (&options.certname, outcome.cycles.first()) {
                        diagnostics.push(Diagnostic::error(
                            crate::Stage::Compile,
                            "DEPENDENCY_CYCLE",
                            cycles_message(&outcome.cycles),
                            first.span,
                        ));
                    }
                    outcome.collected = evaluator.collected();
                }
                Err(finish) => diagnostics.push(finish),
            }
        }
        Err(unwind) => diagnostics.push(unwind.into_diagnostic()),
    }
    evaluator.add_suggestions(&mut diagnostics);
    outcome.diagnostics = diagnostics;
    #[cfg(feature = "ide")]
    if let Some(recorder) = evaluator.output.recorder.take() {
        outcome.recorded = recorder.finish();
    }
    outcome.aliases = AliasesKeepAlive {
        _registry: Some(alloc::rc::Rc::new(core::mem::take(
            &mut evaluator.known.aliases,
        ))),
    };
    outcome.sources = core::mem::take(&mut evaluator.sources);
    crate::regex::meter::release();
    // Not in the browser's engines: they live on after a compile (and each byte of them counts).
    #[cfg(not(target_arch = "wasm32"))]
    if options.leave_memory_at_end {
        core::mem::forget(evaluator);
        core::mem::forget(program);
    }
    outcome
}

/// A catalog statement, handed over by expression evaluation ([`CatalogStatements`]).
///
/// [`CatalogStatements`]: crate::eval::evaluator::CatalogStatements
pub(crate) fn catalog_statement(ev: &mut Evaluator<'_>, expr: &syntax::Expr) -> EvalResult<Value> {
    match &expr.kind {
        syntax::ExprKind::Resource(resource) => ev.eval_resource(resource, expr.span),
        syntax::ExprKind::Relationship {
            op,
            op_span,
            left,
            right,
        } => ev.eval_relationship(*op, *op_span, left, right, expr.span),
        _ => ev.eval_catalog_statement(expr),
    }
}

type MainProgram = (syntax::Program, Vec<Diagnostic>, Sources);

/// The main program: the main code, or the `.pp` files of `manifests/` one after the other (in
/// the order of their paths, as Puppet reads a manifest directory), each placed in the sources
/// and parsed on its own. Problems with the environment's files come first.
fn main_program(
    env: &Environment<'_>,
    options: &EvalOptions,
) -> Result<MainProgram, (Vec<Diagnostic>, Sources)> {
    let mut sources = Sources::default();
    let problems = env.files.problems();
    if !problems.is_empty() {
        let mut diagnostics = Vec::new();
        for (path, message) in problems {
            let base = sources.add(&path, crate::FileText::from("")).unwrap_or(0);
            diagnostics.push(env_limit(message, base));
        }
        return Err((diagnostics, sources));
    }
    let files: Vec<(String, crate::FileText)> = match &env.main {
        Some(main) => alloc::vec![(main.name.clone(), crate::FileText::from(main.text.as_str()))],
        None => {
            let mut files = Vec::new();
            for path in env.files.files_under("manifests") {
                let hidden = path.split('/').any(|segment| segment.starts_with('.'));
                if !path.ends_with(".pp") || hidden {
                    continue;
                }
                if let Ok(text) = env.files.read(&path) {
                    files.push((path, text));
                }
            }
            files
        }
    };
    let mut body = Vec::new();
    let mut diagnostics = Vec::new();
    let mut total = 0usize;
    // Given main code is not one of the environment's files (its own size has its limits).
    let from_environment = env.main.is_none();
    for (path, text) in files {
        if from_environment {
            total += text.len();
        }
        let Ok(base) = sources.add(&path, crate::FileText::clone(&text)) else {
            break;
        };
        if total > options.limits.max_env_bytes {
            let message = alloc::format!(
                "the environment's files read would exceed the limit of {} bytes",
                options.limits.max_env_bytes
            );
            diagnostics.push(env_limit(message, base));
            return Err((diagnostics, sources));
        }
        let (program, mut found) =
            crate::environment::parse_placed(env.files, &path, &text, base, false);
        let failed = found.iter().any(Diagnostic::is_error);
        diagnostics.append(&mut found);
        body.extend(program.body);
        if failed {
            // Puppet stops at the first file that does not parse.
            break;
        }
    }
    let end = program_end(&sources);
    Ok((
        syntax::Program {
            body,
            span: Span::new(0, end.end),
        },
        diagnostics,
        sources,
    ))
}

/// A limit of the environment, reported at the start of the file it concerns.
fn env_limit(message: String, at: u32) -> Diagnostic {
    Diagnostic::error(
        crate::Stage::Evaluation,
        "ENV_LIMIT",
        message,
        Span::new(at, at),
    )
}

/// The finished catalog's graph, its nodes unnamed when nothing but the dependency-cycle check will
/// read it (`EvalOptions::catalog_unread`, native builds only).
fn draw_graph(
    catalog: &crate::catalog::Catalog,
    options: &EvalOptions,
    max_references: usize,
) -> CatalogGraph {
    #[cfg(not(target_arch = "wasm32"))]
    if options.catalog_unread {
        return catalog.unnamed_graph(max_references);
    }
    #[cfg(target_arch = "wasm32")]
    let _ = options;
    catalog.graph(max_references)
}

/// The empty span at the end of the main code (its last file).
fn program_end(sources: &Sources) -> Span {
    let end = sources.files().last().map_or(0, |file| file.end());
    Span { start: end, end }
}

impl Evaluator<'_> {
    /// Define everything, run the top-level statements in order, then the defined-type instances.
    fn run(
        &mut self,
        program: &syntax::Program,
        end: Span,
        statements: &mut Vec<(Span, Value)>,
    ) -> EvalResult<Value> {
        self.define_all(program)?;
        let mut value = Value::Undef;
        for expr in &program.body {
            // Puppet evaluates each file of the main manifests with its file on the stack.
            self.scopes.calls.push(Frame::Program(expr.span));
            let result = self.eval(expr);
            self.scopes.calls.pop();
            value = result?;
            if !crate::eval::definitions::is_definition(expr) {
                statements.push((expr.span, value.clone()));
            }
        }
        if let Some(certname) = &self.options.certname {
            self.evaluate_node(certname, end)?;
        }
        self.evaluate_generators(end)?;
        Ok(value)
    }
}
