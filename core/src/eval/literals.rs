//! Literal expressions that build values: interpolated strings, arrays, hashes, regexes, type names.

use alloc::string::String;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use crate::diagnostic::Diagnostic;
use crate::host::{error, EvalResult, Unwind};
use crate::span::Span;
use crate::syntax::ast::{Expr, ExprKind, HashEntry, StringPart, UnaryOp};
use crate::types::Type;
use crate::value::{self, Hash, Value};

/// Whether `name` (lower-cased) is a resource type Puppet 7 knows without any module (`file`,
/// `exec`, ...), or `node`.
pub(crate) fn is_core_resource_type(name: &str) -> bool {
    name == "node" || crate::types::is_builtin_resource_type(name)
}

impl Evaluator<'_> {
    pub(crate) fn eval_interpolated(
        &mut self,
        parts: &[StringPart],
        span: Span,
    ) -> EvalResult<Value> {
        let mut text = core::mem::take(&mut self.scratch.text_buffer);
        text.clear();
        let result = self.interpolate_parts(&mut text, parts, span);
        if text.capacity() <= 4096 {
            self.scratch.text_buffer = text;
        }
        result
    }

    /// [`Self::eval_interpolated`] writing into `text`.
    fn interpolate_parts(
        &mut self,
        text: &mut String,
        parts: &[StringPart],
        span: Span,
    ) -> EvalResult<Value> {
        for part in parts {
            match part {
                StringPart::Text { text: literal, .. } => text.push_str(literal),
                StringPart::Expr(expr) => match self.eval(expr)? {
                    // The common scalars here, the rest through `interpolate_into`.
                    Value::String(part) => text.push_str(&part),
                    integer @ Value::Integer(number) => {
                        value::push_integer(text, number);
                        // Nothing to free: no call of the drop glue.
                        core::mem::forget(integer);
                    }
                    value => {
                        // A collection built by sharing can print far beyond the string limit.
                        crate::host::charge_walk(
                            self,
                            &value,
                            crate::host::Walk::Prints,
                            expr.span,
                        )?;
                        value::interpolate_into(text, &value);
                    }
                },
            }
            if text.len() > self.options.limits.max_string_len {
                break;
            }
        }
        self.check_string(text, span)?;
        Ok(Value::string(text))
    }

    /// An interpolated heredoc's text, checked against its `:syntax` tag once produced.
    pub(crate) fn checked_heredoc(&mut self, syntax: &str, text: &Expr) -> EvalResult<Value> {
        let value = self.eval(text)?;
        if let Value::String(produced) = &value {
            if let Some(message) = crate::syntax::check_heredoc(syntax, produced) {
                let stage = crate::diagnostic::Stage::Syntax;
                let problem = Diagnostic::error(stage, "HEREDOC_SYNTAX", message, text.span);
                return Err(Unwind::Error(alloc::boxed::Box::new(problem)));
            }
        }
        Ok(value)
    }

    /// Array elements, with `*expr` unfolding an array into the elements.
    pub(crate) fn eval_array(&mut self, items: &[Expr], span: Span) -> EvalResult<Value> {
        let values = self.eval_unfolding(items)?;
        self.check_collection(values.len(), span)?;
        Ok(Value::array(values))
    }

    /// Evaluate expressions into a list, where `*x` contributes the elements of the array `x`.
    pub(crate) fn eval_unfolding(&mut self, items: &[Expr]) -> EvalResult<Vec<Value>> {
        let mut values = Vec::with_capacity(items.len());
        self.eval_unfolding_into(&mut values, items)?;
        Ok(values)
    }

    /// [`Self::eval_unfolding`] appending to `values`.
    #[inline(never)]
    pub(crate) fn eval_unfolding_into(
        &mut self,
        values: &mut Vec<Value>,
        items: &[Expr],
    ) -> EvalResult<()> {
        for item in items {
            if let ExprKind::Unary {
                op: UnaryOp::Splat,
                operand,
            } = &item.kind
            {
                let value = self.eval(operand)?;
                values.extend(super::operators::unfold(value));
            } else {
                values.push(self.eval(item)?);
            }
        }
        Ok(())
    }

    pub(crate) fn eval_hash(&mut self, entries: &[HashEntry], span: Span) -> EvalResult<Value> {
        let pairs = self.eval_hash_pairs(entries, span)?;
        Ok(Value::Hash(pairs.into_iter().collect::<Hash>()))
    }

    /// The keys and values of a hash literal, in order (later duplicates not yet merged).
    pub(crate) fn eval_hash_pairs(
        &mut self,
        entries: &[HashEntry],
        span: Span,
    ) -> EvalResult<Vec<(Value, Value)>> {
        let mut pairs = Vec::with_capacity(entries.len());
        for entry in entries {
            pairs.push(self.eval_hash_entry(entry)?);
        }
        self.check_collection(pairs.len(), span)?;
        Ok(pairs)
    }

    /// One key and value of a hash literal.
    #[inline]
    pub(crate) fn eval_hash_entry(&mut self, entry: &HashEntry) -> EvalResult<(Value, Value)> {
        let key = self.eval(&entry.key)?;
        // Hashing a key walks all of it.
        crate::host::charge_walk(self, &key, crate::host::Walk::Reads, entry.key.span)?;
        let value = self.eval(&entry.value)?;
        Ok((key, value))
    }

    /// A capitalized name (a leading `::` names the same type): an alias, a built-in type, a
    /// resource type, or (in type parameters, where Puppet resolves late) an unresolved
    /// `TypeReference`; elsewhere an unknown name is an error.
    pub(crate) fn eval_type_ref(
        &mut self,
        name: &str,
        span: Span,
        lenient: bool,
    ) -> EvalResult<Value> {
        // `::Php::Config` is `Php::Config` (an unknown one keeps its `::` in the message).
        let bare = name.strip_prefix("::").unwrap_or(name);
        let mut resolved = self.resolve_type_name(bare);
        if resolved.is_none() {
            self.autoload_type_name(bare, span)?;
            resolved = self.resolve_type_name(bare);
        }
        if let Some(ty) = resolved {
            if let Type::Alias(alias) = &ty {
                if let Some(culprit) = self.known.aliases.unresolved(alias) {
                    let message = alloc::format!("Error while evaluating a Type-Name, Type alias '{culprit}' cannot be resolved to a real type");
                    return Err(error("BAD_TYPE_ALIAS", message, span));
                }
            }
            return Ok(Value::from_type(ty));
        }
        if lenient {
            return Ok(Value::from_type(Type::TypeReference(name.into())));
        }
        Err(error(
            "RESOURCE_TYPE_NOT_FOUND",
            alloc::format!("Resource type not found: {name}"),
            span,
        ))
    }

    /// The type a capitalized name stands for, if it stands for one.
    pub(crate) fn resolve_type_name(&self, name: &str) -> Option<Type> {
        if let Some(alias) = self.known.aliases.lookup(name) {
            return Some(Type::Alias(alias));
        }
        if let Some(ty) = Type::from_name(name) {
            return Some(ty);
        }
        if name == crate::hiera::CONTEXT {
            let class = Some(alloc::rc::Rc::from(name));
            return Some(Type::Runtime(Some(alloc::rc::Rc::from("ruby")), class));
        }
        let mut buffer: crate::value::case::NameBuffer = [0; 64];
        let lower = crate::value::case::ascii_lowercase_in(name, &mut buffer);
        if is_core_resource_type(&lower)
            || self.catalog.is_defined_type(&lower)
            || self.is_ruby_type(&lower)
        {
            return Some(crate::types::resource_written(name, &lower));
        }
        None
    }
}
