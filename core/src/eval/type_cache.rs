//! Type expressions evaluated once: `Integer`, `Tuple[Integer[1, default], String]` and the like,
//! written with type names and literals only, give the same type every time, so the evaluator
//! keeps the value per expression instead of resolving names and parameterizing on every use
//! (a typed parameter of a function called 20,000 times, a type matched in a loop).
//!
//! Entries are found by the expression's address and checked against a fingerprint of the
//! expression (every kind, literal, name and span of its nodes: what its copy held, without the
//! code of a deep `Expr::clone`), so an address reused by another program's node is never
//! mistaken for the cached one. The
//! check is skipped while no syntax tree has been freed since the entry was made (the program
//! and its definitions live as long as the evaluator; only trees parsed during evaluation, of
//! `inline_epp` and type strings, are freed early, and those count `Evaluator::freed_trees`).
//! A hit still counts the steps the evaluation took, so the step budget runs out exactly as before.
//! An expression is kept the second time it is evaluated: the first only marks it seen (its
//! address in a small table of slots), since most are evaluated once (a class's parameter types
//! in a compile) and keeping those costs more than it could save.
//!
//! Expressions written only with built-in type names (`Integer`, `Array[String]`: no alias may
//! take such a name, so they mean the same wherever they are written) are kept by their text
//! instead (the same fingerprint without spans), from their first evaluation: the thousand
//! class parameters typed `Array[String]` of a compile share one value. Resource types, `Object`,
//! `TypeSet` and `Init` are left to the first cache: a resource type's name may be a definition's,
//! and what they give may depend on what is known when they are evaluated.

use alloc::vec::Vec;

use foldhash::fast::FixedState;
use indexmap::IndexMap;

use super::evaluator::Evaluator;
use crate::host::EvalResult;
use crate::syntax::ast::{Expr, ExprKind, UnaryOp};
use crate::syntax::{PLAIN_TYPE_NAMES, RESERVED_TYPE_NAMES};
use crate::value::Value;

/// At most this many type expressions are kept (a program rarely has more).
const CAPACITY: usize = 512;

/// How many addresses of expressions evaluated once are held (see [`seen_slot`]).
const SEEN_SLOTS: usize = 256;

/// The slot of `Known::seen_types` an expression's address is held in: each holds the last
/// address that fell in it, so an expression evaluated a second time is found seen unless
/// another took its slot in between (it is then kept at a later evaluation). Marking one seen
/// costs a multiplication and a store, not the insertion of an entry in the cache's map, which
/// most expressions (evaluated once in a compile) never come back to use.
fn seen_slot(key: usize) -> usize {
    ((key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize % SEEN_SLOTS
}

pub(crate) struct CachedType {
    fingerprint: Vec<u8>,
    /// How unknown names were read (`Known::lenient_type_refs`, `Known::type_text`).
    lenient: (bool, bool),
    value: Value,
    steps: u64,
    /// `Evaluator::freed_trees` when the entry was made or last checked against `expr`.
    freed_trees: u64,
}

pub(crate) type TypeCache = IndexMap<usize, CachedType, FixedState>;

/// Values of expressions of built-in type names, by a hash of their span-free fingerprint (the
/// entry holds the fingerprint itself, compared on each hit): the same map type as the first
/// cache's, so no second map's code goes into the engines.
pub(crate) type TextTypeCache = TypeCache;

/// FNV-1a of a span-free fingerprint: a few dozen bytes, hashed once an evaluation.
fn text_key(text: &[u8]) -> usize {
    let hash = text.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
    });
    hash as usize
}

/// Whether `expr` is made of type names and literals only (its value never changes).
pub(crate) fn constant_type(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::TypeRef(_) => true,
        ExprKind::Access(access) => {
            matches!(access.target.kind, ExprKind::TypeRef(_))
                && access.keys.iter().all(constant_part)
        }
        _ => false,
    }
}

fn constant_part(expr: &Expr) -> bool {
    match &expr.kind {
        kind if kind.is_literal() => true,
        ExprKind::Unary {
            op: UnaryOp::Neg,
            operand,
        } => constant_part(operand),
        ExprKind::Array(items) => items.iter().all(constant_part),
        ExprKind::Hash(entries) => entries
            .iter()
            .all(|e| constant_part(&e.key) && constant_part(&e.value)),
        _ => constant_type(expr),
    }
}

/// The bytes that tell a constant type expression (see [`constant_type`]) from any other
/// expression: each node's kind, span and contents, strings with their lengths.
fn fingerprint(expr: &Expr) -> Vec<u8> {
    let mut out = Vec::new();
    add_node(expr, &mut out, true);
    out
}

/// Whether every type name of a constant type expression is a built-in type's that does not
/// look at the catalog or at definitions (see the module's comment): one of the names no
/// definition may take, but `Init`, `Object` and `TypeSet`.
fn built_in_only(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::TypeRef(name) => is_plain_type_name(name),
        ExprKind::Access(access) => {
            built_in_only(&access.target) && access.keys.iter().all(built_in_only)
        }
        ExprKind::Unary { operand, .. } => built_in_only(operand),
        ExprKind::Array(items) => items.iter().all(built_in_only),
        ExprKind::Hash(entries) => entries
            .iter()
            .all(|e| built_in_only(&e.key) && built_in_only(&e.value)),
        _ => true,
    }
}

/// The first [`PLAIN_TYPE_NAMES`] of Puppet's type names, each packed into a number
/// (see [`packed_name`]), in order: a name is looked for by a binary search of numbers.
const PLAIN_PACKED: [u128; PLAIN_TYPE_NAMES] = sorted_packed(RESERVED_TYPE_NAMES);

/// A name of up to 16 bytes, none zero, as a number: its bytes from the most significant one
/// down (two names are equal when their numbers are).
const fn packed_name(name: &[u8]) -> u128 {
    let mut packed = 0;
    let mut at = 0;
    while at < name.len() {
        packed = packed << 8 | name[at] as u128;
        at += 1;
    }
    packed
}

/// The first [`PLAIN_TYPE_NAMES`] of `names` packed, in order.
const fn sorted_packed(names: &[&str]) -> [u128; PLAIN_TYPE_NAMES] {
    let mut packed = [0; PLAIN_TYPE_NAMES];
    let mut at = 0;
    while at < PLAIN_TYPE_NAMES {
        // Insertion: the greater ones before it move up one place.
        let value = packed_name(names[at].as_bytes());
        let mut to = at;
        while to > 0 && packed[to - 1] > value {
            packed[to] = packed[to - 1];
            to -= 1;
        }
        packed[to] = value;
        at += 1;
    }
    packed
}

/// Whether `name` is one of Puppet's plain type names ([`PLAIN_PACKED`]), in any case.
fn is_plain_type_name(name: &str) -> bool {
    if !(3..=11).contains(&name.len()) {
        return false;
    }
    let lower = name.bytes().fold(0u128, |packed, byte| {
        packed << 8 | u128::from(byte.to_ascii_lowercase())
    });
    PLAIN_PACKED.binary_search(&lower).is_ok()
}

/// Whether a constant type expression starts with a name that is not a plain type's
/// (`Package['x']`, `Foo`): not of built-in names only, so never found by its text.
fn headed_by_other_name(expr: &Expr) -> bool {
    let head = match &expr.kind {
        ExprKind::Access(access) => &access.target.kind,
        kind => kind,
    };
    matches!(head, ExprKind::TypeRef(name) if !is_plain_type_name(name))
}

fn add_node(expr: &Expr, out: &mut Vec<u8>, spans: bool) {
    let text = |tag: u8, text: &str, out: &mut Vec<u8>| {
        out.push(tag);
        out.extend_from_slice(&(text.len() as u64).to_le_bytes());
        out.extend_from_slice(text.as_bytes());
    };
    if spans {
        out.extend_from_slice(&expr.span.start.to_le_bytes());
        out.extend_from_slice(&expr.span.end.to_le_bytes());
    }
    match &expr.kind {
        ExprKind::Undef => out.push(0),
        ExprKind::Default => out.push(1),
        ExprKind::Boolean(b) => out.extend_from_slice(&[2, *b as u8]),
        ExprKind::Integer(n) => {
            out.push(3);
            out.extend_from_slice(&n.to_le_bytes());
        }
        ExprKind::Float(f) => {
            out.push(4);
            out.extend_from_slice(&f.to_bits().to_le_bytes());
        }
        ExprKind::String(s) => text(5, s, out),
        ExprKind::Regex(r) => text(6, r.source(), out),
        ExprKind::Name(s) => text(7, s, out),
        ExprKind::TypeRef(s) => text(8, s, out),
        ExprKind::Unary {
            op: UnaryOp::Neg,
            operand,
        } => {
            out.push(9);
            add_node(operand, out, spans);
        }
        ExprKind::Array(items) => {
            out.push(10);
            add_list(items.iter(), items.len(), out, spans);
        }
        ExprKind::Hash(entries) => {
            out.push(11);
            out.extend_from_slice(&(entries.len() as u64).to_le_bytes());
            for entry in entries {
                if spans {
                    out.extend_from_slice(&entry.span.start.to_le_bytes());
                    out.extend_from_slice(&entry.span.end.to_le_bytes());
                }
                add_node(&entry.key, out, spans);
                add_node(&entry.value, out, spans);
            }
        }
        ExprKind::Access(access) => {
            out.push(12);
            add_node(&access.target, out, spans);
            add_list(access.keys.iter(), access.keys.len(), out, spans);
        }
        // Not part of a constant type: never cached.
        _ => out.push(13),
    }
}

fn add_list<'e>(items: impl Iterator<Item = &'e Expr>, len: usize, out: &mut Vec<u8>, spans: bool) {
    out.extend_from_slice(&(len as u64).to_le_bytes());
    for item in items {
        add_node(item, out, spans);
    }
}

impl Evaluator<'_> {
    /// Evaluate a type name or a parameterized type through the cache; `eval` does the work.
    pub(crate) fn eval_type_cached(
        &mut self,
        expr: &Expr,
        eval: impl FnOnce(&mut Self) -> EvalResult<Value>,
    ) -> EvalResult<Value> {
        let key = expr as *const Expr as usize;
        let freed_trees = self.known.freed_trees;
        let lenience = self.lenience();
        if let Some(hit) = self.known.type_cache.get_mut(&key) {
            let fits = self.budget.steps + hit.steps <= self.options.limits.max_steps;
            let same = hit.freed_trees == freed_trees || hit.fingerprint == fingerprint(expr);
            if fits && hit.lenient == lenience && same {
                hit.freed_trees = freed_trees;
                let (value, steps) = (hit.value.clone(), hit.steps);
                self.step(steps, expr.span)?;
                return Ok(value);
            }
        }
        if !constant_type(expr) {
            return eval(self);
        }
        if headed_by_other_name(expr) {
            let before = self.budget.steps;
            let value = eval(self)?;
            self.remember(expr, &value, self.budget.steps - before);
            return Ok(value);
        }
        let mut text = core::mem::take(&mut self.known.type_text_key);
        text.clear();
        add_node(expr, &mut text, false);
        let hit = (self.known.text_types.get(&text_key(&text)))
            .filter(|hit| hit.fingerprint == text)
            .map(|hit| (hit.value.clone(), hit.steps));
        let value = match hit {
            Some((value, steps)) if self.budget.steps + steps <= self.options.limits.max_steps => {
                // Kept by its address too from its second evaluation: a type in a loop's body
                // is then found without its text being written again.
                self.remember(expr, &value, steps);
                self.step(steps, expr.span).map(|()| value)
            }
            _ => self.eval_type_by_text(expr, &text, eval),
        };
        self.known.type_text_key = text;
        value
    }

    /// Evaluate a constant type expression; a value of built-in type names only is kept by
    /// `text` as well as by its address.
    fn eval_type_by_text(
        &mut self,
        expr: &Expr,
        text: &[u8],
        eval: impl FnOnce(&mut Self) -> EvalResult<Value>,
    ) -> EvalResult<Value> {
        let before = self.budget.steps;
        let value = eval(self)?;
        let steps = self.budget.steps - before;
        if built_in_only(expr) {
            if self.known.text_types.len() >= CAPACITY {
                self.known.text_types.clear();
            }
            let entry = CachedType {
                fingerprint: text.to_vec(),
                lenient: self.lenience(),
                value: value.clone(),
                steps,
                freed_trees: self.known.freed_trees,
            };
            self.known.text_types.insert(text_key(text), entry);
        }
        self.remember(expr, &value, steps);
        Ok(value)
    }

    /// Keep `value` by the expression's address the second time it is evaluated; the first time
    /// only mark it seen (most are evaluated once; see [`seen_slot`]).
    fn remember(&mut self, expr: &Expr, value: &Value, steps: u64) {
        let key = expr as *const Expr as usize;
        let seen_types = &mut self.known.seen_types;
        if seen_types.is_empty() {
            seen_types.resize(SEEN_SLOTS, 0);
        }
        let Some(slot) = seen_types.get_mut(seen_slot(key)) else {
            return;
        };
        if core::mem::replace(slot, key) != key {
            return;
        }
        if self.known.type_cache.len() >= CAPACITY {
            self.known.type_cache.clear();
        }
        let entry = CachedType {
            fingerprint: fingerprint(expr),
            lenient: self.lenience(),
            value: value.clone(),
            steps,
            freed_trees: self.known.freed_trees,
        };
        self.known.type_cache.insert(key, entry);
    }

    /// How unknown names read where the expression is evaluated now: a kept value is reused only
    /// where they read alike.
    fn lenience(&self) -> (bool, bool) {
        (self.known.lenient_type_refs, self.known.type_text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(source: &str) -> Vec<u8> {
        let (program, diagnostics) = crate::syntax::parse(source);
        assert!(diagnostics.is_empty(), "{source}");
        fingerprint(&program.body[0])
    }

    #[test]
    fn fingerprints_tell_expressions_apart_as_equality_did() {
        let same = "Tuple[Integer[1, default], Enum['a', 'b'], Hash[String, Float], -1, /x/]";
        assert_eq!(print(same), print(same));
        for other in [
            "Tuple[Integer[1, default], Enum['a', 'c'], Hash[String, Float], -1, /x/]",
            "Tuple[Integer[2, default], Enum['a', 'b'], Hash[String, Float], -1, /x/]",
            "Tuple[Integer[1, undef], Enum['a', 'b'], Hash[String, Float], -1, /x/]",
            "Tuple[Integer[1, default], Enum['a', 'b'], Hash[String, Float], -1, /y/]",
            "Tuple[Integer[1, default], Enum['ab'], Hash[String, Float], -1, /x/]",
            "Tuple[Integer[1,default], Enum['a', 'b'], Hash[String, Float], -1, /x/]",
        ] {
            assert_ne!(print(same), print(other), "{other}");
        }
        assert_ne!(print("Integer[1]"), print("Integer[1.0]"));
        assert_eq!(print("Integer"), print("Integer"));
        assert_ne!(print("Integer"), print("Integerx"));
    }

    #[test]
    fn only_plain_type_names_are_kept_by_text() {
        let plain = &crate::syntax::RESERVED_TYPE_NAMES[..crate::syntax::PLAIN_TYPE_NAMES];
        assert_eq!(plain.last(), Some(&"timespan"));
        for (at, name) in crate::syntax::RESERVED_TYPE_NAMES.iter().enumerate() {
            let capitalized = crate::value::case::upcase_first(name);
            for written in [*name, capitalized.as_str(), &name.to_ascii_uppercase()] {
                assert_eq!(is_plain_type_name(written), at < plain.len(), "{written}");
            }
        }
        for other in [
            "Package",
            "File",
            "Strings",
            "Str",
            "Foo",
            "Stringx",
            "",
            "Semverrangex",
        ] {
            assert!(!is_plain_type_name(other), "{other}");
        }
        assert!(PLAIN_PACKED.windows(2).all(|pair| pair[0] < pair[1]));
        let mut sorted: Vec<u128> = plain
            .iter()
            .map(|name| packed_name(name.as_bytes()))
            .collect();
        sorted.sort_unstable();
        assert_eq!(sorted, PLAIN_PACKED);
        for (expr, headed) in [
            ("Package['x']", true),
            ("Foo", true),
            ("String", false),
            ("Array[Package]", false),
        ] {
            assert_eq!(
                headed_by_other_name(&crate::syntax::parse(expr).0.body[0]),
                headed,
                "{expr}"
            );
        }
        let kept = |source: &str| built_in_only(&crate::syntax::parse(source).0.body[0]);
        assert!(kept(
            "Variant[Array[String], Hash[String, Integer[1, 2]], Enum['a']]"
        ));
        for other in [
            "Package['x']",
            "Resource",
            "Class['a']",
            "Object",
            "Init[String]",
            "Foo",
        ] {
            assert!(!kept(other), "{other}");
        }
    }

    #[test]
    fn a_type_in_a_loop_is_found_by_its_address_from_its_second_evaluation() {
        let options = crate::EvalOptions::default();
        let mut evaluator = Evaluator::new(
            &options,
            crate::sources::Sources::default(),
            None,
            crate::compile::catalog_statement,
        );
        let (program, _) = crate::syntax::parse("Tuple[Integer[1, default], String]");
        let expr = &program.body[0];
        let key = expr as *const Expr as usize;
        let kept = |evaluator: &Evaluator<'_>| evaluator.known.type_cache.contains_key(&key);
        let texts = evaluator.known.text_types.len();
        let first = evaluator.eval(expr).ok();
        // Kept by its text at once, only marked seen by its address.
        assert!(!kept(&evaluator));
        assert_eq!(evaluator.known.seen_types.get(seen_slot(key)), Some(&key));
        assert!(evaluator.known.text_types.len() > texts);
        let second = evaluator.eval(expr).ok();
        assert!(kept(&evaluator));
        assert!(first.is_some() && first == second);
    }
}
