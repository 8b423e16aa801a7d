//! Normalisation of types (Puppet's `normalize`): `Optional[NotUndef[T]]` to `Optional[T]`,
//! variants with `Undef` to `Optional`, merged enums, patterns and integer ranges. Mismatch descriptions
//! work on normalised types.

use alloc::rc::Rc;
use alloc::vec::Vec;

use super::{is_assignable, IntRange, StructMember, Type, MAX_DEPTH};

fn contained(inner: &Option<Rc<Type>>, depth: usize) -> Option<Rc<Type>> {
    inner
        .as_ref()
        .map(|inner| Rc::new(normalize(inner, depth + 1)))
}

pub(super) fn normalize(ty: &Type, depth: usize) -> Type {
    if depth > MAX_DEPTH {
        return ty.clone();
    }
    match ty {
        Type::Variant(members) => normalize_variant(members, depth),
        Type::Optional(inner) => match contained(inner, depth) {
            None => Type::Optional(None),
            Some(inner) => match &*inner {
                Type::NotUndef(not_undef) => {
                    normalize(&Type::Optional(not_undef.clone()), depth + 1)
                }
                _ if is_assignable(&inner, &Type::Undef) => (*inner).clone(),
                _ => Type::Optional(Some(inner)),
            },
        },
        Type::NotUndef(inner) => match contained(inner, depth) {
            None => Type::NotUndef(None),
            Some(inner) => match &*inner {
                Type::Optional(optional) => normalize(&Type::NotUndef(optional.clone()), depth + 1),
                _ if !is_assignable(&inner, &Type::Undef) => (*inner).clone(),
                _ => Type::NotUndef(Some(inner)),
            },
        },
        Type::Collection(_) => Type::Collection(None),
        Type::Array(element, size) => {
            if **element == Type::Any {
                Type::array(Type::Any)
            } else {
                Type::Array(Rc::new(normalize(element, depth + 1)), *size)
            }
        }
        Type::Hash(key, value, size) => Type::Hash(
            Rc::new(normalize(key, depth + 1)),
            Rc::new(normalize(value, depth + 1)),
            *size,
        ),
        Type::Tuple(tuple) => Type::Tuple(tuple.map(&mut |t| normalize(t, depth + 1))),
        Type::Struct(members) => Type::Struct(StructMember::map_values(members, &mut |t| {
            normalize(t, depth + 1)
        })),
        Type::Type(inner) => Type::Type(contained(inner, depth)),
        Type::Iterable(inner) => Type::Iterable(contained(inner, depth)),
        Type::Iterator(inner) => Type::Iterator(contained(inner, depth)),
        Type::Sensitive(inner) => Type::Sensitive(contained(inner, depth)),
        other => other.clone(),
    }
}

fn normalize_variant(members: &[Type], depth: usize) -> Type {
    if members.is_empty() {
        return Type::Variant(Rc::from(Vec::new()));
    }
    let normalized: Vec<Type> = members.iter().map(|m| normalize(m, depth + 1)).collect();
    if normalized.len() == 1 {
        return normalized.into_iter().next().unwrap_or(Type::Any);
    }
    if normalized
        .iter()
        .any(|t| matches!(t, Type::Undef | Type::Optional(_)))
    {
        let rest: Vec<Type> = normalized
            .into_iter()
            .filter(|t| !matches!(t, Type::Undef))
            .map(|t| match t {
                Type::Optional(Some(inner)) => (*inner).clone(),
                Type::Optional(None) => Type::Any,
                other => other,
            })
            .collect();
        if rest.is_empty() {
            return Type::Undef;
        }
        return normalize(
            &Type::Optional(Some(Rc::new(Type::variant(rest)))),
            depth + 1,
        );
    }
    let flat = match Type::variant(normalized) {
        Type::Variant(flat) => flat.to_vec(),
        single => return single,
    };
    let merged = merge_integers(merge_patterns(merge_enums(flat)));
    Type::variant(merged)
}

/// Patterns become one Pattern with all their regexps (each once), after the other types.
fn merge_patterns(types: Vec<Type>) -> Vec<Type> {
    if types
        .iter()
        .filter(|t| matches!(t, Type::Pattern(_)))
        .count()
        <= 1
    {
        return types;
    }
    let mut regexps: Vec<crate::value::Regexp> = Vec::new();
    let mut others = Vec::new();
    for ty in types {
        match ty {
            Type::Pattern(list) => {
                for r in list.iter() {
                    if !regexps.iter().any(|known| known.source() == r.source()) {
                        regexps.push(r.clone());
                    }
                }
            }
            other => others.push(other),
        }
    }
    others.push(Type::Pattern(Rc::from(regexps)));
    others
}

/// String values and case-sensitive enums become one Enum.
fn merge_enums(types: Vec<Type>) -> Vec<Type> {
    let original = types.clone();
    let (enums, mut others): (Vec<Type>, Vec<Type>) = types.into_iter().partition(|t| match t {
        Type::Enum(e) => !e.values.is_empty() && !e.case_insensitive,
        Type::String(s) => s.value.is_some() && s.size.is_none(),
        _ => false,
    });
    if enums.len() <= 1 {
        return original;
    }
    let mut values = Vec::new();
    for ty in enums {
        match ty {
            Type::Enum(e) => values.extend(e.values.iter().cloned()),
            Type::String(s) => values.extend(s.value),
            _ => {}
        }
    }
    others.push(super::infer::enum_of(values));
    others
}

/// Overlapping or adjacent integer ranges become one.
fn merge_integers(types: Vec<Type>) -> Vec<Type> {
    let original = types.clone();
    let (mut ranges, mut others): (Vec<IntRange>, Vec<Type>) = (Vec::new(), Vec::new());
    for ty in types {
        match ty {
            Type::Integer(range) => ranges.push(range),
            other => others.push(other),
        }
    }
    if ranges.len() <= 1 {
        return original;
    }
    let mut merged: Vec<IntRange> = Vec::new();
    while let Some(mut current) = ranges.pop() {
        let mut changed = true;
        while changed {
            changed = false;
            let mut index = 0;
            while index < ranges.len() {
                let other = ranges[index];
                let touches = current.max().saturating_add(1) >= other.min()
                    && other.max().saturating_add(1) >= current.min();
                if touches {
                    current = IntRange::new(
                        if current.min() <= other.min() {
                            current.from
                        } else {
                            other.from
                        },
                        if current.max() >= other.max() {
                            current.to
                        } else {
                            other.to
                        },
                    );
                    ranges.remove(index);
                    changed = true;
                } else {
                    index += 1;
                }
            }
        }
        merged.push(current);
    }
    let mut result: Vec<Type> = merged.into_iter().map(Type::Integer).collect();
    result.extend(others);
    result
}
