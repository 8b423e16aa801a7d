//! Assignability: whether every value of one type is a value of another (`T1 <= T2`,
//! parameter types, `common_type`). Follows Puppet's `PAnyType#assignable?` and each type's
//! `_assignable?`, with guards for recursive aliases and deep types.

use alloc::rc::Rc;
use alloc::vec::Vec;

use super::{
    CallableType, EnumType, IntRange, StringType, StructMember, TupleType, Type, MAX_DEPTH,
};
use crate::value::{Hash, Regexp};

/// Whether `other` is assignable to `target` (every instance of `other` is one of `target`).
pub fn is_assignable(target: &Type, other: &Type) -> bool {
    let mut guard = Guard::default();
    assignable(target, other, &mut guard)
}

#[derive(Default)]
pub(super) struct Guard {
    depth: usize,
    /// Aliases (or Data/RichData) of the target side being expanded, with the other type.
    this_side: Vec<(usize, Type)>,
    /// Aliases (or Data/RichData) of the other side being expanded, with the target type.
    that_side: Vec<(usize, Type)>,
}

const DATA_ID: usize = 1;
const RICH_DATA_ID: usize = 2;

/// What the built-in alias `Data` stands for.
pub(super) fn data_expansion() -> Type {
    Type::Variant(Rc::from(alloc::vec![
        Type::ScalarData,
        Type::Undef,
        Type::hash_of(Type::string(), Type::Data),
        Type::array(Type::Data),
    ]))
}

/// What the built-in alias `RichData` stands for.
pub(super) fn rich_data_expansion() -> Type {
    Type::Variant(Rc::from(alloc::vec![
        Type::Scalar,
        Type::SemVerRange,
        Type::Binary,
        Type::Sensitive(None),
        Type::Type(None),
        Type::TypeSet,
        Type::Uri(None),
        Type::from_name("Object").unwrap_or(Type::Any),
        Type::Undef,
        Type::Default,
        Type::hash_of(
            Type::Variant(Rc::from(alloc::vec![Type::string(), Type::Numeric])),
            Type::RichData
        ),
        Type::array(Type::RichData),
    ]))
}

/// The identity and expansion of a type that stands for another (aliases, Data, RichData).
fn expansion(ty: &Type) -> Option<(usize, Option<Type>)> {
    match ty {
        Type::Alias(alias) => Some((alias.id(), alias.target())),
        Type::Data => Some((DATA_ID, Some(data_expansion()))),
        Type::RichData => Some((RICH_DATA_ID, Some(rich_data_expansion()))),
        _ => None,
    }
}

pub(super) fn assignable(target: &Type, other: &Type, guard: &mut Guard) -> bool {
    if guard.depth > MAX_DEPTH {
        return false;
    }
    if target == other {
        return true;
    }
    guard.depth += 1;
    let result = assignable_step(target, other, guard);
    guard.depth -= 1;
    result
}

fn assignable_step(target: &Type, other: &Type, guard: &mut Guard) -> bool {
    if matches!(other, Type::Unit) || matches!(target, Type::Unit | Type::Any) {
        return true;
    }
    // The other side stands for another type: check what it stands for (Puppet resolves the
    // other side's alias first).
    if let Some((id, expanded)) = expansion(other) {
        // Met again with the same target: every check up to here held (Puppet's rule).
        if guard
            .that_side
            .iter()
            .any(|(seen, with)| *seen == id && with == target)
        {
            return true;
        }
        let Some(expanded) = expanded else {
            return false;
        };
        guard.that_side.push((id, target.clone()));
        let result = assignable(target, &expanded, guard);
        guard.that_side.pop();
        return result;
    }
    // The target side stands for another type: check against what it stands for.
    if let Some((id, expanded)) = expansion(target) {
        if guard
            .this_side
            .iter()
            .any(|(seen, with)| *seen == id && with == other)
        {
            return false;
        }
        let Some(expanded) = expanded else {
            return false;
        };
        guard.this_side.push((id, other.clone()));
        let result = assignable(&expanded, other, guard);
        guard.this_side.pop();
        return result;
    }
    if let Type::Variant(members) = target {
        if matches!(other, Type::Undef) && members.is_empty() {
            return false;
        }
        if let Type::Variant(others) = other {
            return members.is_empty()
                || (!others.is_empty() && others.iter().all(|o| generic_other(target, o, guard)));
        }
        return match other {
            Type::Optional(_) | Type::NotUndef(_) => generic_other(target, other, guard),
            _ => variant_accepts(members, other, guard),
        };
    }
    generic_other(target, other, guard)
}

fn variant_accepts(members: &[Type], other: &Type, guard: &mut Guard) -> bool {
    members
        .iter()
        .any(|member| assignable(member, other, guard))
}

/// `PAnyType#assignable?`: special handling of a Variant, Optional or NotUndef on the other side.
fn generic_other(target: &Type, other: &Type, guard: &mut Guard) -> bool {
    match other {
        Type::Variant(others) => {
            if let (Type::NotUndef(_), true) = (target, others.is_empty()) {
                return specific(target, other, guard);
            }
            if let Type::Variant(members) = target {
                return !others.is_empty()
                    && others.iter().all(|o| variant_accepts(members, o, guard));
            }
            !others.is_empty() && others.iter().all(|o| assignable(target, o, guard))
        }
        Type::Optional(inner) => {
            assignable(target, &Type::Undef, guard)
                && inner
                    .as_deref()
                    .is_none_or(|inner| assignable(target, inner, guard))
        }
        Type::NotUndef(Some(inner)) if !assignable(inner, &Type::Undef, guard) => {
            assignable(target, inner, guard)
        }
        _ => match target {
            Type::Variant(members) => variant_accepts(members, other, guard),
            _ => specific(target, other, guard),
        },
    }
}

fn is_scalar_kind(ty: &Type) -> bool {
    matches!(
        ty,
        Type::Scalar
            | Type::ScalarData
            | Type::Numeric
            | Type::Integer(_)
            | Type::Float(_)
            | Type::String(_)
            | Type::Enum(_)
            | Type::Pattern(_)
            | Type::Boolean(_)
            | Type::Regexp(_)
            | Type::SemVer(_)
            | Type::SemVerRange
            | Type::Timespan(..)
            | Type::Timestamp(..)
    )
}

fn is_scalar_data_kind(ty: &Type) -> bool {
    matches!(
        ty,
        Type::ScalarData
            | Type::Numeric
            | Type::Integer(_)
            | Type::Float(_)
            | Type::String(_)
            | Type::Enum(_)
            | Type::Pattern(_)
            | Type::Boolean(_)
    )
}

fn collection_size(ty: &Type) -> Option<IntRange> {
    match ty {
        Type::Collection(size) | Type::Array(_, size) | Type::Hash(_, _, size) => {
            Some(IntRange::size_or_default(*size))
        }
        Type::Tuple(tuple) => Some(
            tuple
                .size
                .unwrap_or(IntRange::exact(tuple.types.len() as i64)),
        ),
        Type::Struct(members) => Some(IntRange::exact(members.len() as i64)),
        _ => None,
    }
}

fn is_empty_hash(ty: &Type) -> bool {
    matches!(ty, Type::Hash(_, _, Some(size)) if *size == IntRange::exact(0))
}

fn time_covers<T: Ord + Copy>(
    from: Option<T>,
    to: Option<T>,
    other_from: Option<T>,
    other_to: Option<T>,
) -> bool {
    let from_ok = match (from, other_from) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(a), Some(b)) => a <= b,
    };
    let to_ok = match (to, other_to) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(a), Some(b)) => a >= b,
    };
    from_ok && to_ok
}

/// Each type's own `_assignable?`.
fn specific(target: &Type, other: &Type, guard: &mut Guard) -> bool {
    match target {
        Type::Any | Type::Unit => true,
        Type::Undef => matches!(other, Type::Undef),
        Type::Default => matches!(other, Type::Default),
        Type::Scalar => is_scalar_kind(other),
        Type::ScalarData => is_scalar_data_kind(other),
        Type::Numeric => matches!(other, Type::Numeric | Type::Integer(_) | Type::Float(_)),
        Type::Integer(range) => matches!(other, Type::Integer(o) if range.covers(*o)),
        Type::Float(range) => {
            matches!(other, Type::Float(o) if range.min() <= o.min() && range.max() >= o.max())
        }
        Type::String(string) => string_accepts(string, other),
        Type::Enum(enumeration) => enum_accepts(enumeration, other),
        Type::Pattern(patterns) => pattern_accepts(patterns, other),
        Type::Regexp(pattern) => match other {
            Type::Regexp(o) => pattern.is_none() || pattern == o,
            _ => false,
        },
        Type::Boolean(value) => matches!(other, Type::Boolean(o) if value.is_none() || value == o),
        Type::SemVer(ranges) => match other {
            Type::SemVer(o) => {
                ranges.is_empty()
                    || (!o.is_empty()
                        && o.iter()
                            .all(|o_range| ranges.iter().any(|r| r.covers(o_range))))
            }
            _ => false,
        },
        Type::SemVerRange => matches!(other, Type::SemVerRange),
        Type::Timespan(from, to) => match other {
            Type::Timespan(o_from, o_to) => time_covers(*from, *to, *o_from, *o_to),
            _ => false,
        },
        Type::Timestamp(from, to) => match other {
            Type::Timestamp(o_from, o_to) => time_covers(*from, *to, *o_from, *o_to),
            _ => false,
        },
        Type::Binary => matches!(other, Type::Binary),
        Type::Uri(parameters) => uri_accepts(parameters.as_ref(), other, guard),
        Type::Collection(size) => match collection_size(other) {
            Some(o_size) => IntRange::size_or_default(*size).covers(o_size),
            None => false,
        },
        Type::Array(element, size) => array_accepts(element, *size, other, guard),
        Type::Hash(key, value, size) => hash_accepts(key, value, *size, other, guard),
        Type::Tuple(tuple) => tuple_assignable(tuple, other, guard),
        Type::Struct(members) => struct_assignable(members, other, guard),
        Type::Variant(members) => variant_accepts(members, other, guard),
        Type::Optional(inner) => match other {
            Type::Undef => true,
            _ => match inner {
                None => true,
                Some(inner) => match other {
                    Type::Optional(o) => o.as_deref().is_none_or(|o| assignable(inner, o, guard)),
                    _ => assignable(inner, other, guard),
                },
            },
        },
        Type::NotUndef(inner) => {
            !assignable(other, &Type::Undef, guard)
                && inner
                    .as_deref()
                    .is_none_or(|inner| assignable(inner, other, guard))
        }
        Type::Iterable(inner) => match inner.as_deref() {
            None | Some(Type::Any) => is_iterable_type(other),
            Some(inner) => match iterable_element(other) {
                Some(Some(element)) => assignable(inner, &element, guard),
                _ => false,
            },
        },
        Type::Iterator(inner) => match other {
            Type::Iterator(o) => inner.as_deref().is_none_or(|inner| {
                let o = o.as_deref().cloned().unwrap_or(Type::Any);
                assignable(inner, &o, guard)
            }),
            _ => false,
        },
        Type::CatalogEntry => matches!(
            other,
            Type::CatalogEntry | Type::Class(_) | Type::Resource(..)
        ),
        Type::Class(name) => matches!(other, Type::Class(o) if name.is_none() || name == o),
        Type::Resource(type_name, title) => match other {
            Type::Resource(o_name, o_title) => match type_name {
                None => true,
                Some(name) => {
                    o_name
                        .as_deref()
                        .is_some_and(|o| o.eq_ignore_ascii_case(name))
                        && (title.is_none() || title == o_title)
                }
            },
            _ => false,
        },
        Type::Type(inner) => match other {
            Type::Type(o) => match (inner, o) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(inner), Some(o)) => assignable(inner, o, guard),
            },
            _ => false,
        },
        Type::Callable(callable) => callable_accepts(callable, other, guard),
        Type::Sensitive(inner) => match other {
            Type::Sensitive(o) => {
                let inner = inner.as_deref().cloned().unwrap_or(Type::Any);
                let o = o.as_deref().cloned().unwrap_or(Type::Any);
                assignable(&inner, &o, guard)
            }
            _ => false,
        },
        Type::Runtime(runtime, name) => match other {
            Type::Runtime(o_runtime, o_name) => {
                (runtime.is_none() || runtime == o_runtime) && (name.is_none() || name == o_name)
            }
            _ => false,
        },
        Type::Init(inner, _) => match other {
            Type::Init(o, _) => match (inner, o) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(inner), Some(o)) => assignable(inner, o, guard),
            },
            _ => match inner {
                None => assignable(&Type::RichData, other, guard),
                Some(inner) => assignable(inner, other, guard),
            },
        },
        Type::Deferred => matches!(other, Type::Deferred),
        Type::Object(object) => match other {
            Type::Object(o) => object.name.is_none() || object.name == o.name,
            Type::Deferred => object.name.is_none(),
            _ => false,
        },
        Type::TypeSet => matches!(other, Type::TypeSet),
        Type::TypeReference(_) => target == other,
        Type::Data | Type::RichData | Type::Alias(_) => false,
    }
}

/// `String[...]` (a size, or one value) of another string type.
fn string_accepts(string: &StringType, other: &Type) -> bool {
    match &string.size {
        Some(size) => match other {
            Type::String(o) => size.covers(o.derived_size()),
            Type::Enum(e) => {
                if e.values.is_empty() {
                    size.covers(IntRange::new(Some(0), None))
                } else {
                    let lengths = e.values.iter().map(|v| v.chars().count() as i64);
                    let min = lengths.clone().min().unwrap_or(0);
                    let max = lengths.max().unwrap_or(0);
                    size.covers(IntRange::new(Some(min), Some(max)))
                }
            }
            Type::Pattern(_) => size.covers(IntRange::new(Some(0), None)),
            _ => false,
        },
        None => match other {
            Type::String(o) => {
                string.value.is_none() || string.value == o.value && o.size.is_none()
            }
            Type::Enum(e) => match &string.value {
                None => true,
                Some(value) => e.values.len() == 1 && !e.case_insensitive && e.values[0] == *value,
            },
            Type::Pattern(_) => string.value.is_none(),
            _ => false,
        },
    }
}

/// `Enum[...]` of strings, enums and patterns.
fn enum_accepts(enumeration: &EnumType, other: &Type) -> bool {
    if enumeration.values.is_empty()
        && matches!(other, Type::String(_) | Type::Enum(_) | Type::Pattern(_))
    {
        return true;
    }
    match other {
        Type::String(o) => o
            .value
            .as_deref()
            .is_some_and(|value| enumeration.matches(value)),
        Type::Enum(o) => {
            !o.values.is_empty()
                && (enumeration.case_insensitive || !o.case_insensitive)
                && o.values.iter().all(|value| enumeration.matches(value))
        }
        _ => false,
    }
}

/// `Pattern[...]` of strings, enums and patterns.
fn pattern_accepts(patterns: &[Regexp], other: &Type) -> bool {
    match other {
        Type::String(o) => match &o.value {
            None => patterns.is_empty(),
            Some(value) => patterns.is_empty() || patterns.iter().any(|p| p.is_match(value)),
        },
        Type::Enum(o) => {
            if o.values.is_empty() {
                patterns.is_empty()
            } else {
                patterns.is_empty()
                    || o.values
                        .iter()
                        .all(|value| patterns.iter().any(|p| p.is_match(value)))
            }
        }
        Type::Pattern(_) => patterns.is_empty(),
        _ => false,
    }
}

/// `URI[{...}]`: the other URI type has every part this one asks for.
fn uri_accepts(parameters: Option<&Hash>, other: &Type, guard: &mut Guard) -> bool {
    match other {
        Type::Uri(o_parameters) => match parameters {
            None => true,
            Some(parameters) => {
                let empty = crate::value::Hash::new();
                let o_parameters = o_parameters.as_ref().unwrap_or(&empty);
                parameters
                    .iter()
                    .all(|(key, expected)| match o_parameters.get(key) {
                        None => false,
                        Some(actual) => match (expected, actual) {
                            (crate::value::Value::Type(e), crate::value::Value::Type(a)) => {
                                assignable(e, a, guard)
                            }
                            (crate::value::Value::Type(e), value) => super::instance_of(e, value),
                            (e, a) => crate::value::puppet_equals(e, a),
                        },
                    })
            }
        },
        _ => false,
    }
}

/// `Array[T, size]` of arrays and tuples.
fn array_accepts(element: &Type, size: Option<IntRange>, other: &Type, guard: &mut Guard) -> bool {
    match other {
        Type::Tuple(tuple) => {
            let o_size = tuple
                .size
                .unwrap_or(IntRange::exact(tuple.types.len() as i64));
            IntRange::size_or_default(size).covers(o_size)
                && tuple.types.iter().all(|t| assignable(element, t, guard))
        }
        Type::Array(o_element, o_size) => {
            IntRange::size_or_default(size).covers(IntRange::size_or_default(*o_size))
                && assignable(element, o_element, guard)
        }
        _ => false,
    }
}

/// `Hash[K, V, size]` of hashes and structs (an empty hash type fits any that allows size 0).
fn hash_accepts(
    key: &Type,
    value: &Type,
    size: Option<IntRange>,
    other: &Type,
    guard: &mut Guard,
) -> bool {
    match other {
        Type::Hash(o_key, o_value, o_size) => {
            if size.is_none_or(|s| s.from == Some(0)) && is_empty_hash(other) {
                return true;
            }
            assignable(key, o_key, guard)
                && assignable(value, o_value, guard)
                && IntRange::size_or_default(size).covers(IntRange::size_or_default(*o_size))
        }
        Type::Struct(members) => {
            IntRange::size_or_default(size).contains(members.len() as i64)
                && members.iter().all(|member| {
                    super::instance_of(key, &crate::value::Value::String(member.name.clone()))
                        && assignable(value, &member.value, guard)
                })
        }
        _ => false,
    }
}

/// `Callable[...]`: the other's return type and block fit, and it takes these parameters.
fn callable_accepts(callable: &CallableType, other: &Type, guard: &mut Guard) -> bool {
    match other {
        Type::Callable(o) => {
            let o_return = o.return_type.clone().unwrap_or(Type::Any);
            if let Some(return_type) = &callable.return_type {
                if !assignable(return_type, &o_return, guard) {
                    return false;
                }
            }
            let Some(params) = &callable.params else {
                return true;
            };
            let Some(o_params) = &o.params else {
                return false;
            };
            if !tuple_assignable(o_params, &Type::Tuple(params.clone()), guard) {
                return false;
            }
            let this_block = callable.block.clone().unwrap_or(Type::Undef);
            let that_block = o.block.clone().unwrap_or(Type::Undef);
            assignable(&that_block, &this_block, guard)
        }
        _ => false,
    }
}

fn tuple_assignable(tuple: &TupleType, other: &Type, guard: &mut Guard) -> bool {
    if let Type::Tuple(o) = other {
        if tuple == o {
            return true;
        }
    }
    let size_s = tuple.size_range();
    match other {
        Type::Tuple(o) => {
            if !size_s.covers(o.size_range()) {
                return false;
            }
            if tuple.types.is_empty() {
                return true;
            }
            if o.types.is_empty() {
                return size_s.from == Some(0);
            }
            o.types.iter().enumerate().all(|(index, o_type)| {
                tuple
                    .type_at(index)
                    .is_some_and(|t| assignable(t, o_type, guard))
            })
        }
        Type::Array(element, size) => {
            let size_o = IntRange::size_or_default(*size);
            if !size_s.covers(size_o) {
                return false;
            }
            if tuple.types.is_empty() {
                return true;
            }
            let count = (tuple.types.len() as i128).min(size_o.max()).max(0) as usize;
            (0..count).all(|index| {
                tuple
                    .type_at(index)
                    .is_some_and(|t| assignable(t, element, guard))
            })
        }
        _ => false,
    }
}

fn struct_assignable(members: &[StructMember], other: &Type, guard: &mut Guard) -> bool {
    match other {
        Type::Struct(others) => {
            let mut matched = 0;
            let all =
                members.iter().all(
                    |member| match others.iter().find(|o| o.name == member.name) {
                        None => member.key_optional,
                        Some(o) => {
                            matched += 1;
                            (member.key_optional || !o.key_optional)
                                && assignable(&member.value, &o.value, guard)
                        }
                    },
                );
            all && matched == others.len()
        }
        Type::Hash(key, value, size) => {
            let mut required = 0;
            let required_ok = members.iter().all(|member| {
                if member.key_optional {
                    true
                } else {
                    required += 1;
                    assignable(&member.value, value, guard)
                        && assignable(&Type::string(), key, guard)
                }
            });
            required_ok
                && IntRange::new(Some(required), Some(members.len() as i64))
                    .covers(IntRange::size_or_default(*size))
        }
        _ => false,
    }
}

/// Puppet's `iterable?` on a type.
pub(super) fn is_iterable_type(ty: &Type) -> bool {
    match ty {
        Type::Enum(_)
        | Type::Integer(_)
        | Type::String(_)
        | Type::Collection(_)
        | Type::Array(..)
        | Type::Hash(..)
        | Type::Tuple(_)
        | Type::Struct(_)
        | Type::Iterable(_)
        | Type::Iterator(_) => true,
        Type::Type(Some(inner)) => match inner.resolved() {
            Type::Enum(_) => true,
            Type::Integer(range) => range.from.is_some() && range.to.is_some(),
            _ => false,
        },
        Type::Alias(_) => is_iterable_type(&ty.resolved()),
        _ => false,
    }
}

/// The element type of Puppet's `iterable_type`: `None` when not iterable, `Some(None)` when
/// iterable without a known element type.
pub(super) fn iterable_element(ty: &Type) -> Option<Option<Type>> {
    let key_pair = |key: Type, value: Type| {
        Type::Tuple(TupleType {
            types: Rc::from(alloc::vec![key, value]),
            size: Some(IntRange::exact(2)),
        })
    };
    Some(match ty {
        Type::Enum(_) | Type::String(_) => Some(Type::String(super::StringType {
            size: Some(IntRange::exact(1)),
            value: None,
        })),
        Type::Integer(_) => Some(Type::integer(None, None)),
        Type::Array(element, _) => match &**element {
            Type::Any => None,
            element => Some(element.clone()),
        },
        Type::Hash(key, value, size) => {
            if (**key == Type::Any && **value == Type::Any && size.is_none()) || is_empty_hash(ty) {
                Some(key_pair(Type::Unit, Type::Unit))
            } else {
                Some(key_pair((**key).clone(), (**value).clone()))
            }
        }
        Type::Struct(members) => {
            if members.is_empty() {
                Some(key_pair(Type::Unit, Type::Unit))
            } else {
                let keys = members
                    .iter()
                    .map(|m| Type::string_value(&m.name))
                    .collect();
                let values = members.iter().map(|m| m.value.clone()).collect();
                Some(key_pair(Type::variant(keys), Type::variant(values)))
            }
        }
        Type::Tuple(tuple) => Some(Type::variant(tuple.types.to_vec())),
        Type::Iterable(inner) | Type::Iterator(inner) => inner.as_deref().cloned(),
        Type::Type(Some(inner)) => match inner.resolved() {
            enumeration @ Type::Enum(_) => Some(enumeration),
            Type::Integer(range) if range.from.is_some() && range.to.is_some() => {
                Some(Type::Integer(range))
            }
            _ => return None,
        },
        Type::Alias(_) => return iterable_element(&ty.resolved()),
        _ => return None,
    })
}
