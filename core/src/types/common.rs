//! The common type of two types (what inference of a collection reduces its elements to):
//! Puppet's `TypeCalculator#common_type`.

use alloc::rc::Rc;
use alloc::vec::Vec;

use super::infer::enum_of;
use super::{is_assignable, FloatRange, IntRange, StringType, Type};

/// The narrowest type Puppet finds that both types are assignable to
/// (`Integer[1, 1]` and `Integer[3, 3]` give `Integer[1, 3]`; `Integer` and `String` give `ScalarData`).
pub fn common_type(left: &Type, right: &Type) -> Type {
    common(left, right, 0)
}

fn common(left: &Type, right: &Type, depth: usize) -> Type {
    if depth > super::MAX_DEPTH {
        return Type::Any;
    }
    match (left, right) {
        (Type::Undef, _) => return right.clone(),
        (_, Type::Undef) => return left.clone(),
        (Type::Unit, _) => return right.clone(),
        (_, Type::Unit) => return left.clone(),
        _ => {}
    }
    if is_assignable(left, right) {
        return left.clone();
    }
    if is_assignable(right, left) {
        return right.clone();
    }
    match (left, right) {
        (Type::Array(a, _), Type::Array(b, _)) => return Type::array(common(a, b, depth + 1)),
        (Type::Hash(ka, va, _), Type::Hash(kb, vb, _)) => {
            return Type::hash_of(common(ka, kb, depth + 1), common(va, vb, depth + 1))
        }
        (Type::Class(_), Type::Class(_)) => return Type::Class(None),
        (Type::Resource(a, _), Type::Resource(b, _)) => {
            return match (a, b) {
                (Some(a), Some(b)) if a.eq_ignore_ascii_case(b) => {
                    Type::Resource(Some(a.clone()), None)
                }
                _ => Type::Resource(None, None),
            }
        }
        (Type::Integer(a), Type::Integer(b)) => {
            let from = if a.min() <= b.min() { a.from } else { b.from };
            let to = if a.max() >= b.max() { a.to } else { b.to };
            return Type::Integer(IntRange::new(from, to));
        }
        (Type::Float(a), Type::Float(b)) => {
            let from = if a.min() <= b.min() { a.from } else { b.from };
            let to = if a.max() >= b.max() { a.to } else { b.to };
            return Type::Float(FloatRange { from, to });
        }
        (Type::String(a), Type::String(b)) => {
            if a.size.is_none() || b.size.is_none() {
                return match (&a.value, &b.value) {
                    (Some(x), Some(y)) => enum_of([x.clone(), y.clone()]),
                    _ => Type::string(),
                };
            }
            let size = common(
                &Type::Integer(a.derived_size()),
                &Type::Integer(b.derived_size()),
                depth + 1,
            );
            return match size {
                Type::Integer(size) => Type::String(StringType {
                    size: Some(size),
                    value: None,
                }),
                _ => Type::string(),
            };
        }
        (Type::String(a), Type::Enum(e)) | (Type::Enum(e), Type::String(a)) => {
            return match &a.value {
                None => Type::Enum(super::EnumType::new(Vec::new(), false)),
                Some(value) => enum_of(e.values.iter().cloned().chain([value.clone()])),
            }
        }
        (Type::Pattern(a), Type::Pattern(b)) => {
            let mut patterns: Vec<_> = a.to_vec();
            for pattern in b.iter() {
                if !patterns.contains(pattern) {
                    patterns.push(pattern.clone());
                }
            }
            return Type::Pattern(patterns.into());
        }
        (Type::Enum(a), Type::Enum(b)) => {
            return enum_of(a.values.iter().chain(b.values.iter()).cloned())
        }
        (Type::Variant(a), Type::Variant(b)) => {
            let mut members: Vec<Type> = a.to_vec();
            members.extend(b.iter().cloned());
            return Type::variant(members);
        }
        (Type::Regexp(_), Type::Regexp(_)) => return Type::Regexp(None),
        (Type::Callable(_), Type::Callable(_)) => {
            return Type::from_name("Callable").unwrap_or(Type::Any)
        }
        _ => {}
    }
    let both = |ty: &Type| is_assignable(ty, left) && is_assignable(ty, right);
    if both(&Type::Numeric) {
        return Type::Numeric;
    }
    if both(&Type::ScalarData) {
        return Type::ScalarData;
    }
    if both(&Type::Scalar) {
        return Type::Scalar;
    }
    if both(&Type::Data) {
        return Type::Data;
    }
    if let (Type::Type(a), Type::Type(b)) = (left, right) {
        let inner = match (a, b) {
            (Some(a), Some(b)) => common(a, b, depth + 1),
            _ => Type::Any,
        };
        return Type::Type(Some(Rc::new(inner)));
    }
    if both(&Type::RichData) {
        return Type::RichData;
    }
    if let (Type::Runtime(..), Type::Runtime(..)) = (left, right) {
        if left == right {
            return left.clone();
        }
    }
    Type::Any
}
