//! Which type aliases Puppet cannot resolve (`type A = B`, `type B = A`), and the alias it names
//! when such an alias, or one that refers to it, is used: the first one met again while resolving.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use crate::span::Span;
use crate::syntax::ast::{Expr, ExprKind};
use crate::types::{AliasRegistry, TypeAlias};

/// Deepest chain of aliases followed (longer chains are left alone).
const MAX_CHAIN: usize = 200;
/// Most alias visits of the whole search (a program of many aliases is not searched further).
const MAX_VISITS: usize = 100_000;

/// Mark in `registry` every alias whose resolution meets one of the `failed` aliases (flags
/// parallel to `aliases`) again.
pub(super) fn mark_unresolved(
    registry: &mut AliasRegistry,
    aliases: &[(TypeAlias, &Expr, Span)],
    failed: &[bool],
) {
    let mut index = BTreeMap::new();
    for (i, (alias, _, _)) in aliases.iter().enumerate() {
        index.insert(alias.name().to_ascii_lowercase(), i);
    }
    let mut walk = Walk {
        aliases,
        failed,
        index,
        stack: Vec::new(),
        done: alloc::vec![0; aliases.len()],
        root: 0,
        visits: 0,
    };
    let mut found = Vec::new();
    for i in 0..aliases.len() {
        walk.root = i + 1;
        walk.stack.clear();
        if let Some(culprit) = walk.culprit(i) {
            found.push((i, culprit));
        }
    }
    for (i, culprit) in found {
        registry.mark_unresolved(&aliases[i].0, culprit);
    }
}

struct Walk<'a, 'p> {
    aliases: &'a [(TypeAlias, &'p Expr, Span)],
    failed: &'a [bool],
    /// Position in `aliases` by lower-case name.
    index: BTreeMap<String, usize>,
    stack: Vec<usize>,
    /// The root (1-based) whose search already went through each alias without finding anything.
    done: Vec<usize>,
    root: usize,
    visits: usize,
}

impl Walk<'_, '_> {
    fn culprit(&mut self, i: usize) -> Option<String> {
        if self.stack.contains(&i) {
            return self.failed[i].then(|| self.aliases[i].0.name().into());
        }
        if self.done[i] == self.root || self.stack.len() > MAX_CHAIN || self.visits > MAX_VISITS {
            return None;
        }
        self.visits += 1;
        let mut names = Vec::new();
        type_names(self.aliases[i].1, &mut names);
        self.stack.push(i);
        for name in names {
            if let Some(&j) = self.index.get(name.to_ascii_lowercase().as_str()) {
                if let Some(culprit) = self.culprit(j) {
                    return Some(culprit);
                }
            }
        }
        self.stack.pop();
        self.done[i] = self.root;
        None
    }
}

/// The capitalized names a type expression refers to, in source order.
fn type_names<'e>(expr: &'e Expr, out: &mut Vec<&'e str>) {
    match &expr.kind {
        ExprKind::TypeRef(name) => out.push(name),
        ExprKind::Access(access) => {
            type_names(&access.target, out);
            access.keys.iter().for_each(|k| type_names(k, out));
        }
        ExprKind::Array(items) => items.iter().for_each(|i| type_names(i, out)),
        ExprKind::Hash(entries) => entries.iter().for_each(|e| {
            type_names(&e.key, out);
            type_names(&e.value, out);
        }),
        ExprKind::Paren(inner) => type_names(inner, out),
        _ => {}
    }
}
