//! The evaluator's state and its dispatch over expression kinds.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::scope::Scopes;
use super::{EvalOptions, LogEntry, LogLevel};
use crate::diagnostic::Diagnostic;
use crate::host::check_len;
use crate::host::{error, EvalResult, Unwind};
use crate::run::budget::Budget;
use crate::span::Span;
use crate::syntax::ast::{Expr, ExprKind, FunctionDefinition};
use crate::value::Value;

/// A function written in Puppet, with what binding its parameters needs worked out once.
pub(crate) struct UserFunction {
    pub definition: Arc<FunctionDefinition>,
    pub params: super::calls::ParamList,
}

/// How the catalog statements (resource declarations, defaults, overrides, collectors, chain
/// arrows) are evaluated: the compile layer (`crate::compile`) gives this when it makes the
/// evaluator, so that expression evaluation hands them over without depending on it.
pub(crate) type CatalogStatements = fn(&mut Evaluator<'_>, &Expr) -> EvalResult<Value>;

/// Everything one evaluation keeps: scopes, definitions, the catalog, the output, and the
/// limits' counters.
pub(crate) struct Evaluator<'o> {
    pub options: &'o EvalOptions,
    /// Evaluates the catalog statements (see [`CatalogStatements`]).
    catalog_statements: CatalogStatements,
    /// Every file read so far, each at its own range of offsets (spans name their file).
    pub sources: crate::sources::Sources,
    /// The environment the program compiles in (`None`: a snippet on its own).
    pub env: Option<&'o crate::environment::Environment<'o>>,
    /// The scopes, the node definition's and Puppet's stack of callers.
    pub scopes: Scopes,
    /// Autoloaded files, functions written in Puppet, type aliases, the type cache.
    pub known: super::known::Known,
    /// What Hiera has read: configurations, data files, lookup options, the explanation.
    pub hiera: crate::hiera::lookup::HieraState,
    pub catalog: crate::catalog::Catalog,
    /// Logs, warnings, EPP output, the hand-over note, the recorded values.
    pub output: super::output::Output,
    /// Templates' kept objects, modules' Ruby, stdlib's loaded functions and module files.
    #[cfg_attr(not(any(feature = "erb", feature = "stdlib")), allow(dead_code))]
    pub ruby: super::ruby_state::RubyState,
    pub budget: Budget,
    /// Allocations reused from one call or string to the next.
    pub scratch: super::scratch::Scratch,
    /// Set just before evaluating a block, resource expression or call whose value nobody reads
    /// (see [`Self::eval_for_effect`]); taken by the first of them to start. A call hands it on to
    /// `include`, the one function that then makes less.
    pub value_unused: bool,
}

impl<'o> Evaluator<'o> {
    pub fn new(
        options: &'o EvalOptions,
        sources: crate::sources::Sources,
        env: Option<&'o crate::environment::Environment<'o>>,
        catalog_statements: CatalogStatements,
    ) -> Self {
        let mut evaluator = Evaluator {
            options,
            catalog_statements,
            sources,
            env,
            scopes: Scopes::new(),
            known: Default::default(),
            hiera: Default::default(),
            catalog: crate::catalog::Catalog::default(),
            output: super::output::Output {
                #[cfg(feature = "ide")]
                recorder: options
                    .record
                    .map(|limits| alloc::boxed::Box::new(super::record::Recorder::new(limits))),
                ..Default::default()
            },
            ruby: Default::default(),
            budget: Budget::default(),
            scratch: Default::default(),
            value_unused: false,
        };
        super::builtin_vars::define(&mut evaluator.scopes);
        evaluator
    }

    /// `name` as a shared string: the same allocation every time it is asked for.
    pub fn intern(&mut self, name: &str) -> Rc<str> {
        if let Some(known) = self.scratch.names.get(name) {
            return known.clone();
        }
        let shared: Rc<str> = Rc::from(name);
        self.scratch.names.insert(shared.clone());
        shared
    }

    /// An empty list for the arguments of a lambda call (see [`Self::recycle_args`]).
    pub fn arg_list(&mut self) -> Vec<Value> {
        self.scratch.arg_lists.pop().unwrap_or_default()
    }

    /// Keep an emptied argument list for the next call.
    #[inline]
    pub fn recycle_args(&mut self, mut args: Vec<Value>) {
        // Bound parameters leave the list empty: no drop glue to call then.
        if !args.is_empty() {
            args.clear();
        }
        if self.scratch.arg_lists.len() < 16 && args.capacity() <= 8 {
            self.scratch.arg_lists.push(args);
        }
    }

    /// A syntax tree parsed during evaluation is about to be freed (see `type_cache.rs`).
    pub fn tree_freed(&mut self) {
        self.known.freed_trees += 1;
    }

    /// Count evaluation steps against the budget (built-in functions call this per iteration).
    #[inline]
    pub fn step(&mut self, n: u64, span: Span) -> EvalResult<()> {
        self.budget
            .step(n, &self.options.limits, self.options.cancel.as_ref(), span)
    }

    /// Count `bytes` of values built against the memory budget ([`super::Limits::max_memory`]).
    #[inline]
    pub fn charge_memory(&mut self, bytes: usize, span: Span) -> EvalResult<()> {
        self.budget.charge_memory(bytes, &self.options.limits, span)
    }

    /// Charges what matches with no budget of their own took since the last check (they are
    /// settled every 1024 steps; this settles now, as the evaluation ends).
    pub(crate) fn settle_regex_meter(&mut self, span: Span) -> EvalResult<()> {
        self.budget.settle_regex_meter(&self.options.limits);
        if self.budget.steps > self.options.limits.max_steps {
            // step() checks the limit only when it counts: count one more.
            return self.step(1, span);
        }
        Ok(())
    }

    pub fn log(&mut self, level: LogLevel, message: String, span: Span) {
        self.output.logs.push(LogEntry {
            level,
            message,
            span,
        });
    }

    /// Fail when a string or collection a program builds is over the size limits. Building it
    /// also costs steps in proportion to its size (see [`crate::host::BYTES_PER_STEP`]), so a
    /// loop that copies ever larger values ends within the step budget.
    pub fn check_string(&mut self, text: &str, span: Span) -> EvalResult<()> {
        check_len(
            text.len(),
            self.options.limits.max_string_len,
            "a string's length in bytes",
            span,
        )?;
        self.charge_memory(text.len(), span)?;
        self.step(
            crate::host::size_steps(text.len(), crate::host::BYTES_PER_STEP),
            span,
        )
    }

    /// A string grown from `before` to `after` bytes in place: the size limit on the whole, steps
    /// only for the bytes added (a loop appending to one buffer stays linear in steps).
    pub fn check_string_growth(
        &mut self,
        before: usize,
        after: usize,
        span: Span,
    ) -> EvalResult<()> {
        use crate::host::{size_steps, BYTES_PER_STEP};
        check_len(
            after,
            self.options.limits.max_string_len,
            "a string's length in bytes",
            span,
        )?;
        self.charge_memory(after.saturating_sub(before), span)?;
        self.step(
            size_steps(after, BYTES_PER_STEP).saturating_sub(size_steps(before, BYTES_PER_STEP)),
            span,
        )
    }

    /// A collection grown from `before` to `after` elements: the size limit on the whole; steps
    /// for all of it when it was `copied`, otherwise only for the elements added in place.
    pub fn check_collection_growth(
        &mut self,
        before: usize,
        after: usize,
        copied: bool,
        span: Span,
    ) -> EvalResult<()> {
        use crate::host::{size_steps, ELEMENTS_PER_STEP};
        if copied {
            return self.check_collection(after, span);
        }
        check_len(
            after,
            self.options.limits.max_collection_len,
            "the number of elements of a collection",
            span,
        )?;
        self.charge_memory(
            after
                .saturating_sub(before)
                .saturating_mul(crate::host::ELEMENT_BYTES),
            span,
        )?;
        let added = size_steps(after, ELEMENTS_PER_STEP)
            .saturating_sub(size_steps(before, ELEMENTS_PER_STEP));
        self.step(added, span)
    }

    pub fn check_collection(&mut self, len: usize, span: Span) -> EvalResult<()> {
        check_len(
            len,
            self.options.limits.max_collection_len,
            "the number of elements of a collection",
            span,
        )?;
        self.charge_memory(len.saturating_mul(crate::host::ELEMENT_BYTES), span)?;
        self.step(
            crate::host::size_steps(len, crate::host::ELEMENTS_PER_STEP),
            span,
        )
    }

    /// Evaluate one expression to a value.
    pub fn eval(&mut self, expr: &Expr) -> EvalResult<Value> {
        // The leaves of most hot expressions, integers and variables bound in a scope, without
        // the general dispatch's frame; the same step and depth accounting (`quick_enter`).
        match &expr.kind {
            ExprKind::Integer(n) if self.quick_enter() => Ok(Value::Integer(*n)),
            ExprKind::String(text) if self.quick_enter() => {
                self.eval_string_literal(text, expr.span)
            }
            ExprKind::Variable(name) => self.eval_variable_expr(expr, name),
            ExprKind::Binary { .. } => self.eval_binary_expr(expr),
            ExprKind::Array(_) | ExprKind::Interpolated(_) => self.eval_built_expr(expr),
            _ => self.eval_general(expr),
        }
    }

    /// A string literal's value, its size checked and counted (literals are not recorded).
    fn eval_string_literal(&mut self, text: &str, span: Span) -> EvalResult<Value> {
        self.check_string(text, span)?;
        Ok(self.scratch.literals.value(text))
    }

    /// An array literal or an interpolated string (what a lambda's body builds most) entered and
    /// left as the general path would, without its frame; recorded runs and whatever the step
    /// budget must check go the general path.
    #[inline(never)]
    fn eval_built_expr(&mut self, expr: &Expr) -> EvalResult<Value> {
        if !self.recording() && self.quick_step_allowed() {
            let result = match &expr.kind {
                ExprKind::Array(items) => {
                    self.budget.steps += 1;
                    self.budget.depth += 1;
                    self.eval_array(items, expr.span)
                }
                ExprKind::Interpolated(parts) => {
                    self.budget.steps += 1;
                    self.budget.depth += 1;
                    self.eval_interpolated(parts, expr.span)
                }
                _ => return self.eval_general(expr),
            };
            self.budget.depth -= 1;
            return result;
        }
        self.eval_general(expr)
    }

    /// Whether what each expression produced is being recorded (`EvalOptions::record`).
    #[inline(always)]
    fn recording(&self) -> bool {
        #[cfg(feature = "ide")]
        return self.output.recorder.is_some();
        #[cfg(not(feature = "ide"))]
        false
    }

    /// What [`Self::enter`] and going back out cost a leaf, when it would neither fail nor need
    /// the step budget's periodic checks: the step counted, nothing else changed. False (and
    /// nothing counted) otherwise, for the general path to count and fail as always.
    #[inline(always)]
    fn quick_enter(&mut self) -> bool {
        let quick = self.quick_step_allowed();
        self.budget.steps += u64::from(quick);
        quick
    }

    /// Whether one more step and level of nesting would neither fail nor be due for checks.
    #[inline(always)]
    fn quick_step_allowed(&self) -> bool {
        let steps = self.budget.steps + 1;
        let limits = &self.options.limits;
        steps <= limits.max_steps && steps & 1023 != 0 && self.budget.depth < limits.max_depth
    }

    /// A variable expression: one bound in a scope the current one sees is read here, as the
    /// general path would read it; match variables, class variables, unknown names, recorded
    /// runs and whatever the step budget must check go the general path.
    #[inline(never)]
    fn eval_variable_expr(&mut self, expr: &Expr, name: &str) -> EvalResult<Value> {
        if !self.recording()
            && self.quick_step_allowed()
            && !name.as_bytes().first().is_some_and(u8::is_ascii_digit)
        {
            if let Some(value) = self.scopes.lookup_near(name) {
                let value = value.clone();
                self.budget.steps += 1;
                return Ok(value);
            }
        }
        self.eval_general(expr)
    }

    /// A binary operation (`$m + $x`, `$n < 2`, `$v =~ T`) entered and left as the general path
    /// would, without its frame; recorded runs and whatever the step budget must check go the
    /// general path.
    #[inline(never)]
    fn eval_binary_expr(&mut self, expr: &Expr) -> EvalResult<Value> {
        if let ExprKind::Binary {
            op,
            op_span,
            left,
            right,
        } = &expr.kind
        {
            if !self.recording() && self.quick_step_allowed() {
                self.budget.steps += 1;
                self.budget.depth += 1;
                let result = self.eval_binary(*op, left, right, *op_span);
                self.budget.depth -= 1;
                return result;
            }
        }
        self.eval_general(expr)
    }

    /// A lambda's body: a block of one expression (the usual) entered here as `eval_general`
    /// would enter it, its expression through [`Self::eval`]'s shorter paths.
    pub(crate) fn eval_body(&mut self, body: &Expr) -> EvalResult<Value> {
        if let ExprKind::Block(exprs) = &body.kind {
            if let [only] = exprs.as_slice() {
                if self.quick_step_allowed() {
                    self.budget.steps += 1;
                    self.budget.depth += 1;
                    let result = self.eval(only);
                    self.budget.depth -= 1;
                    return result;
                }
            }
        }
        self.eval(body)
    }

    /// [`Self::eval`] of any expression: counted, dispatched on its kind, recorded.
    #[inline(never)]
    fn eval_general(&mut self, expr: &Expr) -> EvalResult<Value> {
        self.enter(expr.span)?;
        // A block of one expression and parentheses give their inner expression's value: it is
        // entered here, a level deeper as through `eval`, without another call.
        let mut expr = expr;
        let mut levels = 1;
        while let Some(inner) = only_inner(expr) {
            if let Err(stop) = self.enter(inner.span) {
                self.budget.depth -= levels;
                return Err(stop);
            }
            levels += 1;
            expr = inner;
        }
        let result = self.eval_kind(expr);
        self.budget.depth -= levels;
        #[cfg(feature = "ide")]
        if let (Some(recorder), Ok(value)) = (self.output.recorder.as_mut(), &result) {
            recorder.record(expr, value);
        }
        result
    }

    /// What evaluating any expression costs: a step and a level of nesting (the caller goes
    /// back out with `self.budget.depth -= 1`).
    #[inline(always)]
    pub fn enter(&mut self, span: Span) -> EvalResult<()> {
        self.step(1, span)?;
        self.budget.depth += 1;
        if self.budget.depth > self.options.limits.max_depth {
            self.budget.depth -= 1;
            return Err(self.depth_exceeded(span));
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn depth_exceeded(&self, span: Span) -> Unwind {
        error(
            "DEPTH_LIMIT",
            alloc::format!(
                "evaluation nested deeper than {} levels",
                self.options.limits.max_depth
            ),
            span,
        )
    }

    fn eval_kind(&mut self, expr: &Expr) -> EvalResult<Value> {
        let span = expr.span;
        match &expr.kind {
            ExprKind::Undef => Ok(Value::Undef),
            ExprKind::Default => Ok(Value::Default),
            ExprKind::Boolean(b) => Ok(Value::Boolean(*b)),
            ExprKind::Integer(n) => Ok(Value::Integer(*n)),
            ExprKind::Float(f) => Ok(Value::Float(*f)),
            ExprKind::String(text) => self.eval_string_literal(text, span),
            ExprKind::Interpolated(parts) => self.eval_interpolated(parts, span),
            ExprKind::Heredoc(heredoc) => match &heredoc.syntax {
                Some(syntax) if matches!(heredoc.text.kind, ExprKind::Interpolated(_)) => {
                    self.checked_heredoc(syntax, &heredoc.text)
                }
                _ => self.eval(&heredoc.text),
            },
            ExprKind::Regex(regexp) => Ok(Value::Regexp(regexp.clone())),
            ExprKind::Name(name) => Ok(Value::string(name)),
            ExprKind::TypeRef(name) => self.eval_type_cached(expr, |ev| {
                ev.eval_type_ref(name, span, ev.known.lenient_type_refs)
            }),
            ExprKind::Variable(name) => self.eval_variable(name, span),
            ExprKind::Array(items) => self.eval_array(items, span),
            ExprKind::Hash(entries) => self.eval_hash(entries, span),
            ExprKind::Unary { op, operand } => self.eval_unary(*op, operand, span),
            ExprKind::Binary {
                op,
                op_span,
                left,
                right,
            } => self.eval_binary(*op, left, right, *op_span),
            ExprKind::Assignment {
                op,
                op_span,
                target,
                value,
            } => self.eval_assignment(*op, target, value, *op_span),
            ExprKind::Access(access) if matches!(access.target.kind, ExprKind::TypeRef(_)) => self
                .eval_type_cached(expr, |ev| {
                    ev.eval_access(&access.target, &access.keys, span)
                }),
            ExprKind::Access(access) => self.eval_access(&access.target, &access.keys, span),
            ExprKind::Paren(inner) => self.eval(inner),
            ExprKind::Block(body) => self.eval_block(body),
            ExprKind::If(branches) => self.eval_if(branches, false),
            ExprKind::Unless(branches) => self.eval_if(branches, true),
            ExprKind::Case(case) => self.eval_case(&case.subject, &case.options),
            ExprKind::Selector(selector) => {
                self.eval_selector(&selector.subject, &selector.entries, span)
            }
            ExprKind::Call(call) => self.eval_call(call),
            ExprKind::Lambda(_) => Err(error(
                "LAMBDA_WITHOUT_CALL",
                "A lambda can only be given to a function call",
                span,
            )),
            // Definitions were registered before evaluation started; where they stand they are no-ops.
            ExprKind::FunctionDefinition(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::ClassDefinition(_)
            | ExprKind::DefineDefinition(_)
            | ExprKind::NodeDefinition(_) => Ok(Value::Undef),
            ExprKind::Resource(_)
            | ExprKind::ResourceDefaults(_)
            | ExprKind::ResourceOverride(_)
            | ExprKind::Collector(_)
            | ExprKind::Relationship { .. } => (self.catalog_statements)(self, expr),
            ExprKind::EppTemplate(template) => self.eval(&template.body),
            ExprKind::RenderText(text) => self.render_text(text, span),
            ExprKind::RenderExpr(inner) => self.render_expr(inner, span),
        }
    }

    /// A block: its expressions in order; the value is the last one's (`undef` when empty).
    pub fn eval_block(&mut self, body: &[Expr]) -> EvalResult<Value> {
        let unused = core::mem::take(&mut self.value_unused);
        let Some((last, rest)) = body.split_last() else {
            return Ok(Value::Undef);
        };
        for expr in rest {
            self.eval_for_effect(expr)?;
        }
        if unused {
            self.eval_for_effect(last)?;
            return Ok(Value::Undef);
        }
        self.eval(last)
    }

    /// Evaluate `expr` for what it does, its value dropped: a resource expression there (or
    /// one a block ends with) makes no references, an `include` no list of its classes.
    /// Recorded runs keep every value.
    pub fn eval_for_effect(&mut self, expr: &Expr) -> EvalResult<()> {
        let mut inner = expr;
        while let Some(next) = only_inner(inner) {
            inner = next;
        }
        self.value_unused = matches!(
            inner.kind,
            ExprKind::Block(_) | ExprKind::Resource(_) | ExprKind::Call(_)
        ) && !self.recording();
        let result = self.eval(expr);
        self.value_unused = false;
        result.map(drop)
    }

    /// Run `f` with the match variables saved, restoring them afterwards (if, case, selectors).
    pub fn with_match_scope<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> EvalResult<T>,
    ) -> EvalResult<T> {
        let saved = self.scopes.current_match.clone();
        let result = f(self);
        self.scopes.current_match = saved;
        result
    }
}

/// The one expression a block of one expression or parentheses hold (neither is recorded: see
/// `Recorder::record`).
#[inline(always)]
fn only_inner(expr: &Expr) -> Option<&Expr> {
    match &expr.kind {
        ExprKind::Block(body) if body.len() == 1 => body.first(),
        ExprKind::Paren(inner) => Some(inner),
        _ => None,
    }
}

pub(crate) use crate::host::{is_truthy, numeric_variable};

impl From<Unwind> for Diagnostic {
    fn from(unwind: Unwind) -> Self {
        unwind.into_diagnostic()
    }
}
