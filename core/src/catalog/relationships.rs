//! Chain arrows as the catalog keeps them until the compile finishes: each side's operands, the
//! collectors standing in them, and the edges they make.

use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::contents::{canonical, capitalize};
use super::named::Named;
use crate::span::Span;
use crate::types::Type;
use crate::value::Value;

/// One reference on a side of a chain arrow, after Puppet's transformation, with the value the
/// arrow's result shows for it.
#[derive(Clone)]
pub(crate) enum Operand {
    /// A class or resource reference.
    Entry(Named, Value),
    /// A resource type without a title (`Notify`, `Class`): accepted by the arrow; a class fails
    /// at once, a resource type when the compile finishes. Its name as Puppet prints it.
    Untitled(String, Value),
    /// A collector (`Package <| |>`): its place in `Catalog::collector_values`.
    Collector(usize, Value),
}

impl Operand {
    pub(crate) fn into_value(self) -> Value {
        match self {
            Operand::Entry(_, value)
            | Operand::Untitled(_, value)
            | Operand::Collector(_, value) => value,
        }
    }

    /// The order that finds duplicates (entries by type and title, collectors by identity).
    pub(crate) fn compare(&self, other: &Operand) -> Ordering {
        let rank = |o: &Operand| match o {
            Operand::Entry(..) => 0,
            Operand::Untitled(..) => 1,
            Operand::Collector(..) => 2,
        };
        match (self, other) {
            (Operand::Entry(a, _), Operand::Entry(b, _)) => {
                (&a.kind, &a.title).cmp(&(&b.kind, &b.title))
            }
            (Operand::Untitled(a, _), Operand::Untitled(b, _)) => a.cmp(b),
            (Operand::Collector(a, _), Operand::Collector(b, _)) => a.cmp(b),
            _ => rank(self).cmp(&rank(other)),
        }
    }
}

/// A collector expression's value, kept so that a chain arrow can tell which collector it is.
pub(crate) struct CollectorValue {
    pub value: Rc<(Rc<str>, Rc<str>)>,
    /// The left side of the last arrow whose whole right side this collector was: the sources
    /// to use when it stands on the left and collected nothing (`a -> C <| |> -> b` makes a -> b).
    pub empty_alternative: Vec<Operand>,
}

/// A chain arrow waiting for the end of the compile: every source with every target.
pub(crate) struct Relationship {
    /// `before` (`->`, `<-`) or `notify` (`~>`, `<~`): what the sources get.
    pub parameter: &'static str,
    pub sources: Vec<Operand>,
    pub targets: Vec<Operand>,
    pub span: Span,
}

/// One relationship of the finished catalog: `source` gets `target` in its `parameter`.
pub(crate) struct Edge {
    pub parameter: &'static str,
    pub source: Named,
    pub target: Named,
    /// The chain arrow that made it.
    pub span: Span,
}

/// A class or resource type as a reference: `Some(Ok)` with a title, `Some(Err(name))` without,
/// `None` when it is no catalog type.
pub(crate) fn catalog_entry(ty: &Type) -> Option<Result<Named, String>> {
    let named = |kind: String, title: &str| Named {
        kind,
        title: title.to_string(),
    };
    Some(match ty {
        Type::Resource(Some(kind), Some(title)) => match canonical(kind) {
            kind if kind == "class" => Ok(named(kind, &canonical(title))),
            kind => Ok(named(kind, title)),
        },
        Type::Resource(Some(kind), None) => Err(capitalize(&canonical(kind))),
        Type::Resource(None, _) => Err("Resource".into()),
        Type::Class(Some(name)) => Ok(named("class".into(), &canonical(name))),
        Type::Class(None) => Err("class".into()),
        Type::Type(Some(inner)) => return catalog_entry(inner),
        _ => return None,
    })
}
