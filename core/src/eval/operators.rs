//! Unary and binary operator expressions: dispatch to arithmetic, collections, equality,
//! comparison, matching and `in`.

use alloc::format;
use alloc::vec::Vec;

use super::arithmetic::{self, not_applicable_to, OperatorSpans};
use super::evaluator::{is_truthy, Evaluator};
use super::numeric::Number;
use crate::host::{error, EvalResult};
use crate::span::Span;
use crate::syntax::ast::{BinaryOp, Expr, UnaryOp};
use crate::syntax::ast::{ExprKind, HashEntry};
use crate::value::{puppet_compare, puppet_equals, value_label, Array, Value};

impl Evaluator<'_> {
    pub(crate) fn eval_unary(
        &mut self,
        op: UnaryOp,
        operand: &Expr,
        span: Span,
    ) -> EvalResult<Value> {
        let value = self.eval(operand)?;
        match op {
            UnaryOp::Not => Ok(Value::Boolean(!is_truthy(&value))),
            // `*x` in a value position is the array `x` unfolds to.
            UnaryOp::Splat => Ok(Value::array(unfold(value))),
            UnaryOp::Neg if matches!(value, Value::Timespan(_) | Value::Timestamp(_)) => {
                self.negate_time(&value, span).unwrap_or(Ok(Value::Undef))
            }
            UnaryOp::Neg => match self.number_of(&value, span)? {
                Number::Int(n) => n
                    .checked_neg()
                    .map(Value::Integer)
                    .ok_or_else(|| arithmetic::overflow("-", '+', "8000000000000000", span)),
                Number::Float(f) => Ok(Value::Float(-f)),
            },
        }
    }

    pub(crate) fn eval_binary(
        &mut self,
        op: BinaryOp,
        left: &Expr,
        right: &Expr,
        op_span: Span,
    ) -> EvalResult<Value> {
        // Worked out only where needed: the integer shortcut below does not.
        let spans = || OperatorSpans {
            operator: op_span,
            left: anchor_of(left),
            right: anchor_of(right),
        };
        match op {
            BinaryOp::And => {
                let l = self.eval(left)?;
                if !is_truthy(&l) {
                    return Ok(Value::Boolean(false));
                }
                let r = self.eval(right)?;
                return Ok(Value::Boolean(is_truthy(&r)));
            }
            BinaryOp::Or => {
                let l = self.eval(left)?;
                if is_truthy(&l) {
                    return Ok(Value::Boolean(true));
                }
                let r = self.eval(right)?;
                return Ok(Value::Boolean(is_truthy(&r)));
            }
            _ => {}
        }
        let l = match op {
            BinaryOp::Add | BinaryOp::Shl => self.eval_left_operand(left)?,
            _ => self.eval(left)?,
        };
        if let ExprKind::Hash(entries) = &right.kind {
            if op == BinaryOp::Add && matches!(l, Value::Hash(_)) {
                return self.merge_hash_literal(l, entries, right.span, spans());
            }
        }
        let r = self.eval(right)?;
        if let (Value::Integer(a), Value::Integer(b)) = (&l, &r) {
            if let Some(value) = arithmetic::integer_shortcut(op, *a, *b) {
                // Integers hold nothing to free: skip the call of the drop glue.
                core::mem::forget(l);
                core::mem::forget(r);
                return Ok(value);
            }
        }
        self.apply_binary(op, l, r, spans())
    }

    pub(crate) fn apply_binary(
        &mut self,
        op: BinaryOp,
        l: Value,
        r: Value,
        spans: OperatorSpans,
    ) -> EvalResult<Value> {
        match op {
            BinaryOp::Eq | BinaryOp::Ne => {
                crate::host::charge_compare(self, &l, &r, spans.operator)?;
                Ok(Value::Boolean(
                    puppet_equals(&l, &r) == (op == BinaryOp::Eq),
                ))
            }
            BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => {
                match puppet_compare(op.symbol(), &l, &r) {
                    Ok(result) => Ok(Value::Boolean(result)),
                    Err(e) => Err(error("NOT_COMPARABLE", e.message(), spans.operator)),
                }
            }
            BinaryOp::Match => self.matches(&l, &r, spans).map(Value::Boolean),
            BinaryOp::NotMatch => self.matches(&l, &r, spans).map(|m| Value::Boolean(!m)),
            BinaryOp::In => Ok(Value::Boolean(self.is_in(&l, &r, spans.operator)?)),
            BinaryOp::Add => self.add(l, r, spans),
            BinaryOp::Sub => self.subtract(l, r, spans),
            BinaryOp::Shl => match l {
                Value::Array(items) => {
                    let (len, copied) = (items.len(), items.is_shared());
                    self.check_collection_growth(len, len + 1, copied, spans.whole())?;
                    Ok(Value::Array(items.pushed(r)))
                }
                other => self.numeric(op, other, r, spans),
            },
            _ => self.numeric(op, l, r, spans),
        }
    }

    fn numeric(
        &mut self,
        op: BinaryOp,
        l: Value,
        r: Value,
        spans: OperatorSpans,
    ) -> EvalResult<Value> {
        if let Some(result) = self.time_arithmetic(op, &l, &r, spans) {
            return result;
        }
        if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            if let Value::Hash(_) = l {
                return Err(not_applicable_to(op.symbol(), "Hash", spans.whole()));
            }
        }
        let a = self.number_of(&l, spans.left)?;
        let b = self.number_of(&r, spans.right)?;
        arithmetic::apply(op, a, b, spans)
    }

    /// `$h + { k => v, ... }`: the literal's entries go into `hash` without building a hash of
    /// them first (the steps, depth and size checks are those of evaluating the literal, then
    /// merging it).
    #[inline(never)]
    fn merge_hash_literal(
        &mut self,
        left: Value,
        entries: &[HashEntry],
        span: Span,
        spans: OperatorSpans,
    ) -> EvalResult<Value> {
        self.enter(span)?;
        let Value::Hash(hash) = left else {
            let right = self.eval_hash(entries, span);
            self.budget.depth -= 1;
            return self.apply_binary(BinaryOp::Add, left, right?, spans);
        };
        if let [entry] = entries {
            // `$h + { k => v }`: no list of one pair (the same checks as `eval_hash_pairs`).
            let pair = self.eval_hash_entry(entry);
            let pair = pair.and_then(|pair| self.check_collection(1, span).map(|()| pair));
            self.budget.depth -= 1;
            let (key, value) = pair?;
            let (before, copied) = (hash.len(), hash.is_shared());
            let mut merged = hash;
            merged.insert(key, value);
            self.check_collection_growth(before, merged.len(), copied, spans.whole())?;
            return Ok(Value::Hash(merged));
        }
        let pairs = self.eval_hash_pairs(entries, span);
        self.budget.depth -= 1;
        let pairs = pairs?;
        let (before, copied) = (hash.len(), hash.is_shared());
        let mut merged = hash;
        for (key, value) in pairs {
            merged.insert(key, value);
        }
        self.check_collection_growth(before, merged.len(), copied, spans.whole())?;
        Ok(Value::Hash(merged))
    }

    /// `+`: concatenation of arrays, merge of hashes, or numeric addition.
    fn add(&mut self, l: Value, r: Value, spans: OperatorSpans) -> EvalResult<Value> {
        match l {
            Value::Array(items) => {
                let (before, copied) = (items.len(), items.is_shared());
                let mut result: Vec<Value> = items.into_vec();
                match r {
                    Value::Array(more) => result.extend(more.iter().cloned()),
                    Value::Hash(hash) => result.extend(
                        hash.iter()
                            .map(|(k, v)| Value::array(alloc::vec![k.clone(), v.clone()])),
                    ),
                    other => result.push(other),
                }
                self.check_collection_growth(before, result.len(), copied, spans.whole())?;
                Ok(Value::array(result))
            }
            Value::Hash(hash) => {
                let (before, copied) = (hash.len(), hash.is_shared());
                let merged = match r {
                    Value::Hash(other) => {
                        let mut merged = hash;
                        for (k, v) in other.iter() {
                            merged.insert(k.clone(), v.clone());
                        }
                        merged
                    }
                    Value::Array(items) => {
                        let pairs = hash_pairs_from_array(&items).ok_or_else(|| {
                            error(
                                "HASH_FROM_ODD_ARRAY",
                                "Error while evaluating a '+' expression, odd number of arguments for Hash",
                                spans.operator,
                            )
                        })?;
                        let mut merged = hash;
                        for (k, v) in pairs {
                            merged.insert(k, v);
                        }
                        merged
                    }
                    _ => {
                        return Err(error(
                            "HASH_APPEND",
                            "Error while evaluating a '+' expression, Can only append Array or Hash to a Hash",
                            spans.operator,
                        ))
                    }
                };
                self.check_collection_growth(before, merged.len(), copied, spans.whole())?;
                Ok(Value::Hash(merged))
            }
            // A URI resolves a reference (a URI or a string) against itself.
            Value::Uri(base) => {
                let failed = |message: alloc::string::String| {
                    error(
                        "URI_MERGE",
                        format!("Error while evaluating a '+' expression, {message}"),
                        spans.operator,
                    )
                };
                let reference = match &r {
                    Value::Uri(reference) => (**reference).clone(),
                    Value::String(text) => crate::value::Uri::parse(text)
                        .ok_or_else(|| failed(format!("bad URI(is not URI?): \"{text}\"")))?,
                    _ => {
                        return Err(failed(
                            "An URI can only be merged with an URI or String".into(),
                        ))
                    }
                };
                if base.scheme.is_none() && reference.scheme.is_none() {
                    return Err(failed("both URI are relative".into()));
                }
                Ok(Value::Uri(alloc::rc::Rc::new(base.merged(&reference))))
            }
            other => self.numeric(BinaryOp::Add, other, r, spans),
        }
    }

    /// `-`: removal of array elements or hash keys, or numeric subtraction.
    fn subtract(&mut self, l: Value, r: Value, spans: OperatorSpans) -> EvalResult<Value> {
        match l {
            Value::Array(items) => {
                let remove: Vec<Value> = match r {
                    Value::Array(more) => more.iter().cloned().collect(),
                    Value::Hash(hash) => hash
                        .iter()
                        .map(|(k, v)| Value::array(alloc::vec![k.clone(), v.clone()]))
                        .collect(),
                    other => alloc::vec![other],
                };
                // A step per element on each side; containers are walked once each, to hash them.
                self.step(
                    (items.len() as u64).saturating_add(remove.len() as u64),
                    spans.operator,
                )?;
                let containers = remove.iter().chain(items.iter());
                for value in containers.filter(|v| matches!(v, Value::Array(_) | Value::Hash(_))) {
                    crate::host::charge_walk(
                        self,
                        value,
                        crate::host::Walk::Reads,
                        spans.operator,
                    )?;
                }
                Ok(Value::Array(without_elements(&items, &remove)))
            }
            Value::Hash(hash) => {
                let keys: Vec<Value> = match r {
                    Value::Array(more) => more.iter().cloned().collect(),
                    Value::Hash(other) => other.keys().cloned().collect(),
                    other => alloc::vec![other],
                };
                for key in &keys {
                    // Hashing a key walks all of it.
                    crate::host::charge_walk(self, key, crate::host::Walk::Reads, spans.operator)?;
                }
                Ok(Value::Hash(hash.without(&keys)))
            }
            other => self.numeric(BinaryOp::Sub, other, r, spans),
        }
    }

    /// `left =~ right`: a type test, or a regular expression match that sets `$0..$n`.
    fn matches(&mut self, left: &Value, right: &Value, spans: OperatorSpans) -> EvalResult<bool> {
        if let Value::Type(ty) = right {
            self.step(1, spans.operator)?;
            return crate::host::checked_instance_of(self, ty, left, spans.operator);
        }
        // A version range matches versions and strings that are versions (anything else: false).
        if let Value::SemVerRange(range) = right {
            return Ok(match left {
                Value::SemVer(version) => range.includes(version),
                Value::String(text) => {
                    crate::value::SemVer::parse(text).is_ok_and(|v| range.includes(&v))
                }
                _ => false,
            });
        }
        let Value::String(text) = left else {
            return Err(error(
                "MATCH_NOT_STRING",
                format!(
                    "Left match operand must result in a String value. Got {}.",
                    crate::types::a_an(&value_label(left))
                ),
                spans.left,
            ));
        };
        let regexp = match right {
            Value::Regexp(regexp) => regexp.clone(),
            Value::String(pattern) => crate::value::Regexp::new(pattern).map_err(|e| {
                error(
                    "MATCH_BAD_REGEX",
                    format!("Can not convert right match operand to a regular expression. Caused by '{e}'."),
                    spans.right,
                )
            })?,
            other => {
                return Err(error(
                    "MATCH_BAD_REGEX",
                    format!(
                        "Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of {} into String'.",
                        ruby_class(other)
                    ),
                    spans.right,
                ))
            }
        };
        self.regex_match(&regexp, text, spans.operator)
    }

    /// `left in right`, by the table of the specification. Each element compared is a step
    /// (more when comparing containers or matching types, as their walks are charged).
    fn is_in(&mut self, left: &Value, right: &Value, span: Span) -> EvalResult<bool> {
        let mut found = false;
        match right {
            Value::Array(items) => {
                for item in items.iter() {
                    if self.element_in(left, item, span)? {
                        found = true;
                        break;
                    }
                }
            }
            Value::Hash(hash) => {
                for key in hash.keys() {
                    if self.element_in(left, key, span)? {
                        found = true;
                        break;
                    }
                }
            }
            _ => return self.is_in_scalar(left, right, span),
        }
        Ok(found)
    }

    fn is_in_scalar(&mut self, left: &Value, right: &Value, span: Span) -> EvalResult<bool> {
        Ok(match right {
            Value::String(haystack) => match left {
                Value::String(needle) => contains_ignore_case(haystack, needle),
                Value::Regexp(regexp) => self.regex_match(regexp, haystack, span)?,
                _ => false,
            },
            Value::SemVerRange(range) => match left {
                Value::SemVer(version) => range.includes(version),
                Value::String(text) => crate::value::SemVer::parse(text)
                    .map(|v| range.includes(&v))
                    .unwrap_or(false),
                _ => false,
            },
            _ => false,
        })
    }

    fn element_in(&mut self, left: &Value, item: &Value, span: Span) -> EvalResult<bool> {
        self.step(1, span)?;
        Ok(match left {
            Value::Type(ty) => crate::host::checked_instance_of(self, ty, item, span)?,
            Value::Regexp(regexp) => match item {
                Value::String(text) => self.regex_match(regexp, text, span)?,
                _ => false,
            },
            _ => {
                crate::host::charge_compare(self, left, item, span)?;
                puppet_equals(left, item)
            }
        })
    }
}

/// Where Puppet locates an expression in its messages: binary expressions at their operator,
/// calls at their anchor, anything else at its start.
pub(crate) fn anchor_of(expr: &Expr) -> Span {
    match &expr.kind {
        crate::syntax::ast::ExprKind::Binary { op_span, .. } => *op_span,
        crate::syntax::ast::ExprKind::Call(call) => call.anchor,
        _ => expr.span,
    }
}

/// What `*value` unfolds to: an array's elements, a hash's `[key, value]` pairs, nothing for
/// `undef`, and any other value by itself.
pub(crate) fn unfold(value: Value) -> Vec<Value> {
    match value {
        Value::Array(items) => items.into_vec(),
        Value::Iterator(iterator) => iterator.items().as_slice().to_vec(),
        Value::Hash(hash) => hash
            .iter()
            .map(|(k, v)| Value::array(alloc::vec![k.clone(), v.clone()]))
            .collect(),
        Value::Undef => Vec::new(),
        other => alloc::vec![other],
    }
}

/// Equality for array deletion: strict, except that numbers compare by value (`1` removes `1.0`).
fn deletion_equal(left: &Value, right: &Value) -> bool {
    match (left, right) {
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            puppet_equals(left, right)
        }
        _ => left == right,
    }
}

/// `items - remove` for arrays: what [`deletion_equal`] finds in `remove` goes. A long `remove` is
/// indexed by [`deletion_key`] so that deleting many from many stays linear.
fn without_elements(items: &Array, remove: &[Value]) -> Array {
    if remove.len() <= 8 {
        return items
            .iter()
            .filter(|v| !remove.iter().any(|r| deletion_equal(v, r)))
            .cloned()
            .collect();
    }
    let index: crate::value::Hash = remove
        .iter()
        .filter(|r| !matches!(r, Value::Float(f) if f.is_nan()))
        .map(|r| (deletion_key(r), Value::Undef))
        .collect();
    items
        .iter()
        .filter(|v| match v {
            Value::Float(f) if f.is_nan() => true,
            Value::Float(_) => !index.contains_key(&deletion_key(v)),
            _ => !index.contains_key(v),
        })
        .cloned()
        .collect()
}

/// The strict key under which [`deletion_equal`] values meet: a whole Float within Integer range is
/// that Integer (`2.0` and `2`; `-0.0` and `0`), everything else is itself.
fn deletion_key(value: &Value) -> Value {
    match value {
        Value::Float(f) => {
            crate::value::whole_float_as_integer(*f).map_or(Value::Float(*f), Value::Integer)
        }
        other => other.clone(),
    }
}

/// Pairs from `[k1, v1, k2, v2]` or `[[k1, v1], [k2, v2]]`; `None` for an odd flat list.
pub(crate) fn hash_pairs_from_array(items: &Array) -> Option<Vec<(Value, Value)>> {
    let all_pairs = !items.is_empty()
        && items
            .iter()
            .all(|item| matches!(item, Value::Array(pair) if pair.len() == 2));
    if all_pairs {
        return Some(
            items
                .iter()
                .filter_map(|item| match item {
                    Value::Array(pair) => Some((pair.get(0)?.clone(), pair.get(1)?.clone())),
                    _ => None,
                })
                .collect(),
        );
    }
    if !items.len().is_multiple_of(2) {
        return None;
    }
    Some(
        items
            .as_slice()
            .chunks(2)
            .filter_map(|pair| Some((pair.first()?.clone(), pair.get(1)?.clone())))
            .collect(),
    )
}

/// Case-insensitive substring test (Unicode simple case folding of both sides).
fn contains_ignore_case(haystack: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return true;
    }
    let haystack = crate::value::case::downcase(haystack);
    let needle = crate::value::case::downcase(needle);
    haystack.contains(&needle)
}

/// Ruby's class name of a value, for messages that quote Ruby ("no implicit conversion of Integer").
fn ruby_class(value: &Value) -> &'static str {
    match value {
        Value::Undef => "nil",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Boolean(true) => "true",
        Value::Boolean(false) => "false",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        _ => "Object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    /// Values that meet each other in every way deletion distinguishes: numbers across kinds and
    /// beyond 2^53, signed zeros, NaN, strings by case, nested arrays (strict inside).
    fn samples() -> Vec<Value> {
        let big = 9_007_199_254_740_993_i64; // 2^53 + 1: no Float equals it
        vec![
            Value::Integer(1),
            Value::Float(1.0),
            Value::Float(1.5),
            Value::Integer(0),
            Value::Float(-0.0),
            Value::Float(f64::NAN),
            Value::Float(f64::INFINITY),
            Value::Integer(big),
            Value::Float(big as f64),
            Value::Integer(i64::MAX),
            Value::Float(9.3e18),
            Value::string("a"),
            Value::string("A"),
            Value::Undef,
            Value::Boolean(true),
            Value::array(vec![Value::Integer(1)]),
            Value::array(vec![Value::Float(1.0)]),
        ]
    }

    #[test]
    fn indexed_deletion_removes_what_pairwise_deletion_removes() {
        let items: Array = samples().into_iter().collect();
        let all = samples();
        for start in 0..all.len() {
            for len in [1, 9, 12, all.len() - start] {
                let remove: Vec<Value> = all.iter().skip(start).take(len).cloned().collect();
                let pairwise: Array = items
                    .iter()
                    .filter(|v| !remove.iter().any(|r| deletion_equal(v, r)))
                    .cloned()
                    .collect();
                // Pad past the linear path's threshold without adding anything that matches.
                let mut padded = remove.clone();
                padded.extend((0..9).map(|i| Value::string(alloc::format!("pad{i}").as_str())));
                let indexed = without_elements(&items, &padded);
                let show = |a: &Array| a.iter().map(crate::value::programmatic).collect::<Vec<_>>();
                assert_eq!(
                    show(&indexed),
                    show(&pairwise),
                    "removing {:?}",
                    show(&remove.iter().cloned().collect())
                );
            }
        }
    }
}
