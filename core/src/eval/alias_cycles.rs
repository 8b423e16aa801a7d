//! Which type aliases Puppet cannot resolve (`type A = B`, `type B = A`), and the alias it names
//! when such an alias, or one that refers to it, is used: the first one met again while resolving.

use alloc::string::String;
use alloc::vec::Vec;

use crate::span::Span;
use crate::syntax::ast::{Expr, ExprKind};
use crate::types::{AliasRegistry, TypeAlias};

/// Deepest chain of aliases followed (longer chains are left alone).
const MAX_CHAIN: usize = 200;

/// Mark in `registry` every alias whose resolution meets one of the `failed` aliases again.
pub(super) fn mark_unresolved(
    registry: &mut AliasRegistry,
    aliases: &[(TypeAlias, &Expr, Span)],
    failed: &[TypeAlias],
) {
    for (alias, _, _) in aliases {
        let mut walk = Walk {
            registry,
            aliases,
            failed,
            stack: Vec::new(),
            done: Vec::new(),
        };
        if let Some(culprit) = walk.culprit(alias) {
            registry.mark_unresolved(alias, culprit);
        }
    }
}

struct Walk<'a, 'p> {
    registry: &'a AliasRegistry,
    aliases: &'a [(TypeAlias, &'p Expr, Span)],
    failed: &'a [TypeAlias],
    stack: Vec<TypeAlias>,
    done: Vec<TypeAlias>,
}

impl Walk<'_, '_> {
    fn culprit(&mut self, alias: &TypeAlias) -> Option<String> {
        if self.stack.contains(alias) {
            return self.failed.contains(alias).then(|| alias.name().into());
        }
        if self.done.contains(alias) || self.stack.len() > MAX_CHAIN {
            return None;
        }
        let (_, body, _) = self.aliases.iter().find(|(a, _, _)| a == alias)?;
        let mut names = Vec::new();
        type_names(body, &mut names);
        self.stack.push(alias.clone());
        for name in names {
            if let Some(next) = self.registry.lookup(name) {
                if let Some(culprit) = self.culprit(&next) {
                    return Some(culprit);
                }
            }
        }
        self.stack.pop();
        self.done.push(alias.clone());
        None
    }
}

/// The capitalized names a type expression refers to, in source order.
fn type_names<'e>(expr: &'e Expr, out: &mut Vec<&'e str>) {
    match &expr.kind {
        ExprKind::TypeRef(name) => out.push(name),
        ExprKind::Access { target, keys } => {
            type_names(target, out);
            keys.iter().for_each(|k| type_names(k, out));
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
