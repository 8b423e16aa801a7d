//! `String`, `Collection`, `Array`, `Hash`, `Tuple` and `Struct` parameterized by their contents and sizes.

use alloc::format;
use alloc::rc::Rc;

use super::{
    arity_error, array_type, base_label, checked_range, collection_size, hash_type, must_be_types,
    specialization_error, struct_type, take_size_range, type_arg, types_of,
    unsized_collection_size,
};
use crate::types::{StringType, TupleType, Type, TypeError};
use crate::value::Value;

/// `String[...]`.
pub(super) fn string(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    match flat.len() {
        1 | 2 => Ok(Type::String(StringType {
            size: Some(collection_size(0, flat)?),
            value: None,
        })),
        count => Err(TypeError::new(format!(
            "String supports [] with one or two arguments. Got {count}"
        ))),
    }
}

/// `Collection[...]`.
pub(super) fn collection(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    match flat.len() {
        1 | 2 => Ok(Type::Collection(Some(collection_size(0, flat)?))),
        count => Err(arity_error("Collection-Type", 1, Some(2), count)),
    }
}

/// `Array[...]`.
pub(super) fn array(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    let element = flat.first().and_then(type_arg);
    match (flat.len(), element) {
        (1, Some(element)) => Ok(Type::Array(Rc::new(element), None)),
        (1, None) => Err(must_be_types("Array-Type", 0, &flat[0])),
        (2, Some(element)) => Ok(array_type(element, unsized_collection_size(1, &flat[1..])?)),
        (2, None) => Ok(array_type(Type::Any, unsized_collection_size(0, flat)?)),
        (3, Some(element)) => Ok(array_type(element, unsized_collection_size(1, &flat[1..])?)),
        (3, None) => Err(must_be_types("Array-Type", 0, &flat[0])),
        (count, _) => Err(arity_error("Array-Type", 1, Some(3), count)),
    }
}

/// `Hash[...]`.
pub(super) fn hash(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    if let [Value::Integer(from), Value::Integer(to)] = flat {
        let size = checked_range(Some(*from), Some(*to))?;
        return Ok(hash_type(Type::Any, Type::Any, Some(size)));
    }
    for (index, key) in flat.iter().take(2).enumerate() {
        if key.as_type().is_none() {
            return Err(must_be_types("Hash-Type", index, key));
        }
    }
    let key_type = flat.first().and_then(type_arg).unwrap_or(Type::Any);
    let value_type = flat.get(1).and_then(type_arg).unwrap_or(Type::Any);
    let size = match flat.len() {
        2 => None,
        3 | 4 => Some(unsized_collection_size(2, &flat[2..])?),
        count => return Err(arity_error("Hash-Type", 2, Some(4), count)),
    };
    Ok(hash_type(key_type, value_type, size))
}

/// `Tuple[...]`.
pub(super) fn tuple(base: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    let mut keys = flat.to_vec();
    let size = take_size_range(&mut keys)?;
    if keys.is_empty() {
        return Err(arity_error(&base_label(base), 1, None, 0));
    }
    let types = types_of(base, &keys)?;
    Ok(Type::Tuple(TupleType {
        types: types.into(),
        size,
    }))
}

/// `Struct[...]`.
pub(super) fn struct_of(base: &Type, args: &[Value], _: &[Value]) -> Result<Type, TypeError> {
    if args.len() != 1 {
        return Err(arity_error(&base_label(base), 1, Some(1), args.len()));
    }
    match &args[0] {
        Value::Hash(entries) => struct_type(entries),
        other => Err(specialization_error(base, 0, other, "Hash")),
    }
}
