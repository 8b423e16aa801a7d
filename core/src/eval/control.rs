//! Conditionals: `if`/`elsif`/`else`, `unless`, `case` and selectors, with Puppet's matching rules
//! and the scoping of match variables.

use alloc::format;
use alloc::vec::Vec;

use super::evaluator::{is_truthy, Evaluator};
use crate::host::{error, EvalResult};
use crate::span::Span;
use crate::syntax::ast::{CaseOption, Conditional, Expr, ExprKind, SelectorEntry, UnaryOp};
use crate::value::{puppet_equals, SemVer, Value};

impl Evaluator<'_> {
    /// `if` (`negate` false) or `unless` (`negate` true).
    pub(crate) fn eval_if(&mut self, branches: &Conditional, negate: bool) -> EvalResult<Value> {
        self.with_match_scope(|ev| {
            let test = is_truthy(&ev.eval(&branches.condition)?);
            if test != negate {
                ev.eval(&branches.then_branch)
            } else if let Some(otherwise) = &branches.else_branch {
                ev.eval(otherwise)
            } else {
                Ok(Value::Undef)
            }
        })
    }

    pub(crate) fn eval_case(
        &mut self,
        subject: &Expr,
        options: &[CaseOption],
    ) -> EvalResult<Value> {
        self.with_match_scope(|ev| {
            let subject = ev.eval(subject)?;
            let mut options = options.iter().map(|o| (o.values.as_slice(), &o.body));
            match ev.chosen_option(&subject, &mut options)? {
                Some(body) => ev.eval(body),
                None => Ok(Value::Undef),
            }
        })
    }

    pub(crate) fn eval_selector(
        &mut self,
        subject: &Expr,
        entries: &[SelectorEntry],
        span: Span,
    ) -> EvalResult<Value> {
        self.with_match_scope(|ev| {
            let subject_value = ev.eval(subject)?;
            let mut entries = entries
                .iter()
                .map(|e| (core::slice::from_ref(&e.matcher), &e.value));
            match ev.chosen_option(&subject_value, &mut entries)? {
                Some(value) => ev.eval(value),
                None => Err(error(
                    "NO_SELECTOR_MATCH",
                    format!(
                        "No matching entry for selector parameter with value '{}'",
                        crate::value::to_string_default(&subject_value)
                    ),
                    span,
                )),
            }
        })
    }

    /// Of a `case`'s options or a selector's entries (`(values, what it gives)`), what the first
    /// with a value matching `subject` gives, else what the first with `default` gives.
    fn chosen_option<'e>(
        &mut self,
        subject: &Value,
        options: &mut dyn Iterator<Item = (&'e [Expr], &'e Expr)>,
    ) -> EvalResult<Option<&'e Expr>> {
        let mut default = None;
        for (values, result) in options {
            for (candidate, at) in self.option_values(values)? {
                if matches!(candidate, Value::Default) {
                    default.get_or_insert(result);
                    continue;
                }
                if self.case_matches(&candidate, subject, at)? {
                    return Ok(Some(result));
                }
            }
        }
        Ok(default)
    }

    /// The values of a case option list, each with the position of its option (where a limit
    /// reached while matching it is reported): `*[a, b]` contributes each element.
    fn option_values(&mut self, exprs: &[Expr]) -> EvalResult<Vec<(Value, Span)>> {
        let mut values = Vec::with_capacity(exprs.len());
        for expr in exprs {
            match &expr.kind {
                ExprKind::Unary {
                    op: UnaryOp::Splat,
                    operand,
                } => {
                    let value = self.eval(operand)?;
                    let unfolded = super::operators::unfold(value);
                    values.extend(unfolded.into_iter().map(|value| (value, expr.span)));
                }
                _ => values.push((self.eval(expr)?, expr.span)),
            }
        }
        Ok(values)
    }

    /// Whether a case option or selector key matches the subject; `at` is the option's position.
    /// An array or hash option is matched element by element as deep as it nests: its walk is
    /// charged first, within the limits.
    pub(crate) fn case_matches(
        &mut self,
        option: &Value,
        subject: &Value,
        at: Span,
    ) -> EvalResult<bool> {
        if matches!(option, Value::Array(_) | Value::Hash(_)) {
            crate::host::charge_walk(self, option, crate::host::Walk::Reads, at)?;
        }
        self.option_matches(option, subject, at)
    }

    /// [`Self::case_matches`] of an option already charged.
    fn option_matches(&mut self, option: &Value, subject: &Value, at: Span) -> EvalResult<bool> {
        self.step(1, at)?;
        Ok(match (option, subject) {
            (Value::Default, _) => true,
            (Value::Regexp(regexp), Value::String(text)) => self.regex_match(regexp, text, at)?,
            (Value::Regexp(_), _) => false,
            (Value::Type(ty), _) => crate::host::checked_instance_of(self, ty, subject, at)?,
            (Value::Array(options), Value::Array(items)) => {
                if options.len() != items.len() {
                    return Ok(false);
                }
                for (o, s) in options.iter().zip(items.iter()) {
                    if !self.option_matches(o, s, at)? {
                        return Ok(false);
                    }
                }
                true
            }
            (Value::Hash(options), Value::Hash(items)) => {
                for (key, o) in options.iter() {
                    let Some(s) = items.get(key) else {
                        return Ok(false);
                    };
                    if !self.option_matches(o, s, at)? {
                        return Ok(false);
                    }
                }
                true
            }
            (Value::SemVerRange(range), Value::SemVer(version)) => range.includes(version),
            (Value::SemVerRange(range), Value::String(text)) => {
                SemVer::parse(text).is_ok_and(|v| range.includes(&v))
            }
            _ => {
                crate::host::charge_compare(self, option, subject, at)?;
                puppet_equals(option, subject)
            }
        })
    }
}
