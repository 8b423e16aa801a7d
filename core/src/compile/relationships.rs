//! Chain arrows (`a -> b`, `~>`, `<-`, `<~`) as Puppet's relationship operator makes them: each
//! side flattened, strings parsed as references, collectors kept until the compile finishes,
//! duplicates dropped; then, when it finishes, the edges they make (a collector's resources, or,
//! for a collector on the left that collected nothing, what stood left of it).

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::catalog::named::Named;
use crate::catalog::relationships::{catalog_entry, Edge, Operand, Relationship};
use crate::diagnostic::Diagnostic;
use crate::eval::evaluator::Evaluator;
use crate::host::{error, EvalResult, Unwind};
use crate::span::Span;
use crate::syntax::ast::{Expr, RelationshipOp};
use crate::value::Value;

/// A reference once the collectors have collected.
enum Resolved {
    Named(Named),
    Untitled(String),
}

/// How many resource references a relationship operand holds (arrays counted through, without
/// recursion), or `cap` once there are that many: a value built by sharing may hold 2^60 of them.
fn reference_count(value: &Value, cap: u64) -> u64 {
    let Value::Array(items) = value else {
        return 1;
    };
    let mut count = 0u64;
    let mut pending = alloc::vec![items.iter()];
    while let Some(items) = pending.last_mut() {
        match items.next() {
            Some(Value::Array(inner)) => pending.push(inner.iter()),
            Some(_) => {
                count += 1;
                if count >= cap {
                    return cap;
                }
            }
            None => {
                pending.pop();
            }
        }
    }
    count
}

/// The operator as written, for messages.
fn operator_text(op: RelationshipOp) -> &'static str {
    match op {
        RelationshipOp::Before => "->",
        RelationshipOp::Notify => "~>",
        RelationshipOp::Require => "<-",
        RelationshipOp::Subscribe => "<~",
    }
}

/// Drops the operands equal to an earlier one, keeping the first of each in its place (Ruby's
/// `uniq`); sorted positions, not pairwise comparisons, so that long sides stay fast.
fn without_duplicates(operands: Vec<Operand>) -> Vec<Operand> {
    let sorted = crate::sort::order(operands.len(), &mut |a, b| {
        operands[a].compare(&operands[b])
    });
    let mut duplicate = alloc::vec![false; operands.len()];
    for pair in sorted.windows(2) {
        if operands[pair[0]].compare(&operands[pair[1]]) == Ordering::Equal {
            duplicate[pair[1]] = true;
        }
    }
    operands
        .into_iter()
        .zip(duplicate)
        .filter_map(|(operand, dup)| (!dup).then_some(operand))
        .collect()
}

impl Evaluator<'_> {
    /// `left -> right` (or `~>`, `<-`, `<~`): records the relationships for the end of the compile.
    /// Its value is the right side as transformed (the left one when the right is empty, so that
    /// `a -> [] -> b` makes a -> b).
    pub(crate) fn eval_relationship(
        &mut self,
        op: RelationshipOp,
        op_span: Span,
        left: &Expr,
        right: &Expr,
        span: Span,
    ) -> EvalResult<Value> {
        let left = self.eval(left)?;
        let right = self.eval(right)?;
        // Charged as steps: each side's references and each edge (left × right), so that `$a -> $a`
        // in a loop or a side built by sharing stops at the step budget instead of costing the
        // catalog.
        let cap = self.options.limits.max_steps.saturating_add(1);
        let (l, r) = (reference_count(&left, cap), reference_count(&right, cap));
        self.step(
            l.saturating_add(r).saturating_add(l.saturating_mul(r)),
            span,
        )?;
        let left = self.operands(left, op, op_span)?;
        let right = self.operands(right, op, op_span)?;
        let reverse = matches!(op, RelationshipOp::Require | RelationshipOp::Subscribe);
        let (sources, targets) = if reverse {
            (&right, &left)
        } else {
            (&left, &right)
        };
        if !sources.is_empty() && !targets.is_empty() {
            let untitled_class = sources
                .iter()
                .chain(targets.iter())
                .any(|o| matches!(o, Operand::Untitled(name, _) if name == "class"));
            if untitled_class {
                return Err(error(
                    "RELATIONSHIP_UNTITLED",
                    format!(
                        "Error while evaluating a '{}' expression, No title provided and \"class\" is not a valid resource reference",
                        operator_text(op)
                    ),
                    op_span,
                ));
            }
            let parameter = match op {
                RelationshipOp::Before | RelationshipOp::Require => "before",
                RelationshipOp::Notify | RelationshipOp::Subscribe => "notify",
            };
            self.catalog.relationships.push(Relationship {
                parameter,
                sources: sources.clone(),
                targets: targets.clone(),
                span,
            });
        }
        // A collector on the right may collect nothing: then the arrows after it start from the left.
        if let [Operand::Collector(id, _)] = right.as_slice() {
            if let Some(collector) = self.catalog.collector_values.get_mut(*id) {
                collector.empty_alternative = left.clone();
            }
        }
        let result = if right.is_empty() { left } else { right };
        Ok(Value::array(
            result.into_iter().map(Operand::into_value).collect(),
        ))
    }

    /// One side of an arrow as Puppet's relationship operator transforms it: arrays flattened,
    /// strings parsed as references, only catalog types and collectors accepted, duplicates dropped.
    fn operands(&mut self, value: Value, op: RelationshipOp, at: Span) -> EvalResult<Vec<Operand>> {
        let mut out = Vec::new();
        let mut stack = alloc::vec![value];
        while let Some(value) = stack.pop() {
            let operand = match value {
                Value::Array(items) => {
                    stack.extend(items.iter().rev().cloned());
                    continue;
                }
                Value::String(text) => {
                    let fail = |message: String| {
                        error(
                            "RELATIONSHIP_OPERAND",
                            format!(
                                "Error while evaluating a '{}' expression, {message}",
                                operator_text(op)
                            ),
                            at,
                        )
                    };
                    let ty = crate::functions::meta::parse_type_failing(self, &text, &fail)?;
                    type_operand(Value::from_type(ty), at)?
                }
                Value::Type(_) => type_operand(value, at)?,
                Value::Runtime(ref runtime) => match self.collector_value_of(runtime, at)? {
                    Some(id) => Operand::Collector(id, value),
                    None => return Err(illegal_operand(&value, at)),
                },
                other => return Err(illegal_operand(&other, at)),
            };
            out.push(operand);
        }
        Ok(without_duplicates(out))
    }

    /// Which collector expression made this value (the latest are searched first; each look is
    /// a step).
    fn collector_value_of(
        &mut self,
        runtime: &Rc<(Rc<str>, Rc<str>)>,
        at: Span,
    ) -> EvalResult<Option<usize>> {
        let values = &self.catalog.collector_values;
        let found = values.iter().rposition(|c| Rc::ptr_eq(&c.value, runtime));
        let looked = found.map_or(values.len(), |i| values.len() - i);
        self.step(looked as u64, at)?;
        Ok(found)
    }

    /// The edges the chain arrows make once the collectors have collected, in Puppet's order
    /// (arrow by arrow, each source with each target), each checked to be in the catalog.
    pub(crate) fn relationship_edges(&mut self) -> Result<Vec<Edge>, Diagnostic> {
        let collected = self.catalog.collected_by_value();
        let relationships = core::mem::take(&mut self.catalog.relationships);
        let mut edges = Vec::new();
        for relationship in &relationships {
            let mut sources = Vec::new();
            for operand in &relationship.sources {
                self.resolve(operand, true, &collected, &mut sources);
            }
            let mut targets = Vec::new();
            for operand in &relationship.targets {
                self.resolve(operand, false, &collected, &mut targets);
            }
            // Each reference and each edge is a step; the edges are at most as many as a
            // collection may hold (every one is a string in the catalog).
            let edge_count = sources.len().saturating_mul(targets.len());
            let references = (sources.len() + targets.len()) as u64;
            self.step(
                references.saturating_add(edge_count as u64),
                relationship.span,
            )
            .map_err(super::finish::finishing)?;
            crate::host::check_len(
                edges.len().saturating_add(edge_count),
                self.options.limits.max_collection_len,
                "The catalog's relationships",
                relationship.span,
            )
            .map_err(super::finish::finishing)?;
            for source in &sources {
                for target in &targets {
                    edges.push(self.edge(relationship, source, target)?);
                }
            }
        }
        self.catalog.relationships = relationships;
        Ok(edges)
    }

    /// One edge, or Puppet's error for a reference without a title or not in the catalog.
    fn edge(
        &self,
        relationship: &Relationship,
        source: &Resolved,
        target: &Resolved,
    ) -> Result<Edge, Diagnostic> {
        let fail = |code, message| super::finish::failure(code, message, relationship.span);
        let untitled = |name: &str| {
            fail(
                "BAD_REFERENCE",
                format!("No title provided and \"{name}[]\" is not a valid resource reference"),
            )
        };
        let (source, target) = match (source, target) {
            (Resolved::Untitled(name), _) | (_, Resolved::Untitled(name)) => {
                return Err(untitled(name))
            }
            (Resolved::Named(source), Resolved::Named(target)) => (source, target),
        };
        let (missing, other, word) = if !self.in_catalog(source) {
            (source, target, "on")
        } else if !self.in_catalog(target) {
            (target, source, "from")
        } else {
            return Ok(Edge {
                parameter: relationship.parameter,
                source: source.clone(),
                target: target.clone(),
                span: relationship.span,
            });
        };
        Err(fail(
            "RELATIONSHIP_NOT_FOUND",
            format!(
                "Could not find resource '{}' for relationship {word} '{}'",
                missing.display(),
                other.display()
            ),
        ))
    }

    /// The references an operand stands for at the end of the compile: a collector's resources;
    /// on the left, for one that collected nothing, its empty alternative (followed through the
    /// collectors it names, as far as there are collectors).
    fn resolve(
        &self,
        operand: &Operand,
        left: bool,
        collected: &[Vec<Named>],
        out: &mut Vec<Resolved>,
    ) {
        let mut operand = operand;
        for _ in 0..=self.catalog.collector_values.len() {
            let id = match operand {
                Operand::Entry(named, _) => return out.push(Resolved::Named(named.clone())),
                Operand::Untitled(name, _) => return out.push(Resolved::Untitled(name.clone())),
                Operand::Collector(id, _) => *id,
            };
            let resources = collected.get(id).map_or(&[][..], Vec::as_slice);
            if !resources.is_empty() || !left {
                return out.extend(resources.iter().cloned().map(Resolved::Named));
            }
            let Some(alternative) = self
                .catalog
                .collector_values
                .get(id)
                .map(|c| &c.empty_alternative)
            else {
                return;
            };
            match alternative.as_slice() {
                [only @ Operand::Collector(..)] => operand = only,
                several => {
                    for other in several {
                        self.resolve(other, false, collected, out);
                    }
                    return;
                }
            }
        }
    }
}

/// A type on a side of an arrow: a class or resource reference, with or without a title.
fn type_operand(value: Value, at: Span) -> EvalResult<Operand> {
    let Value::Type(ty) = &value else {
        return Err(illegal_operand(&value, at));
    };
    match catalog_entry(ty) {
        Some(Ok(named)) => Ok(Operand::Entry(named, value)),
        Some(Err(name)) => Ok(Operand::Untitled(name, value)),
        None => Err(error(
            "RELATIONSHIP_OPERAND",
            format!(
                "Illegal relationship operand, can not form a relationship with something of type {ty}. A Catalog type is required."
            ),
            at,
        )),
    }
}

/// Puppet's error for a side of an arrow that is not a reference (`an Integer`, `an Undef Value`).
fn illegal_operand(value: &Value, at: Span) -> Unwind {
    let label = crate::types::a_an(&crate::value::value_label(value));
    error(
        "RELATIONSHIP_OPERAND",
        format!(
            "Illegal relationship operand, can not form a relationship with {label}. A Catalog type is required."
        ),
        at,
    )
}
