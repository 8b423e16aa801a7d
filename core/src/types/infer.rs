//! Inference of a value's type (`type(v)` detailed, `'reduced'`, `'generalized'`) and
//! generalisation of types.

use alloc::rc::Rc;
use alloc::vec::Vec;

use super::{
    common_type, CallableType, EnumType, IntRange, StringType, StructMember, TupleType, Type,
    MAX_DEPTH,
};
use crate::value::{ElementSource, Hash, SemVerRange, Value};

/// The detailed type of a value, as `type(v)` gives it: `Integer[7, 7]`,
/// `Tuple[Integer[1, 1], String]`, `Struct[{'a' => Integer[1, 1]}]`.
pub fn infer(value: &Value) -> Type {
    infer_detailed(value, 0)
}

/// `type(v, 'reduced')`: containers as `Array[T, n, n]`/`Hash[K, V, n, n]` with the common
/// type of their elements.
pub fn infer_reduced(value: &Value) -> Type {
    infer_reduced_at(value, 0)
}

/// `type(v, 'generalized')`: the reduced type without ranges and sizes.
pub fn infer_generalized(value: &Value) -> Type {
    infer_reduced(value).generalize()
}

fn exact_size(count: usize) -> Option<IntRange> {
    Some(IntRange::exact(count as i64))
}

fn empty_array() -> Type {
    Type::Array(Rc::new(Type::Unit), Some(IntRange::exact(0)))
}

fn empty_hash() -> Type {
    Type::Hash(
        Rc::new(Type::Unit),
        Rc::new(Type::Unit),
        Some(IntRange::exact(0)),
    )
}

fn infer_detailed(value: &Value, depth: usize) -> Type {
    if depth > MAX_DEPTH {
        return Type::Any;
    }
    match value {
        Value::Array(items) => {
            if items.is_empty() {
                empty_array()
            } else {
                Type::tuple(
                    items
                        .iter()
                        .map(|item| infer_detailed(item, depth + 1))
                        .collect(),
                )
            }
        }
        Value::Hash(entries) => {
            if entries.is_empty() {
                empty_hash()
            } else if entries
                .keys()
                .all(|key| matches!(key, Value::String(text) if !text.is_empty()))
            {
                let members: Vec<StructMember> = entries
                    .iter()
                    .map(|(key, item)| StructMember {
                        name: match key {
                            Value::String(text) => text.clone(),
                            _ => Rc::from(""),
                        },
                        key_optional: false,
                        value: infer_detailed(item, depth + 1),
                    })
                    .collect();
                Type::Struct(members.into())
            } else {
                let keys = entries
                    .keys()
                    .map(|key| infer_detailed(key, depth + 1))
                    .collect();
                let values = entries
                    .values()
                    .map(|item| infer_detailed(item, depth + 1))
                    .collect();
                Type::Hash(
                    Rc::new(Type::variant(keys)),
                    Rc::new(Type::variant(values)),
                    exact_size(entries.len()),
                )
            }
        }
        Value::SemVer(version) => Type::SemVer(Rc::from(alloc::vec![SemVerRange::exact(version)])),
        other => infer_reduced_at(other, depth),
    }
}

/// The element type of an iterator: Puppet infers each element of what was iterated over
/// (`Iterator[Variant[Integer[1, 1], Integer[2, 2]]]` for `[1, 2].reverse_each`).
fn iterator_element(source: &ElementSource, depth: usize) -> Type {
    let each = |values: &mut dyn Iterator<Item = &Value>| {
        Type::variant(values.map(|v| infer_detailed(v, depth + 1)).collect())
    };
    match source {
        ElementSource::Values(items) if items.is_empty() => Type::Unit,
        ElementSource::Values(items) => each(&mut items.iter()),
        ElementSource::Entries(entries) => {
            let (keys, values) = if entries.is_empty() {
                (Type::Unit, Type::Unit)
            } else {
                (each(&mut entries.keys()), each(&mut entries.values()))
            };
            Type::Tuple(TupleType {
                types: alloc::vec![keys, values].into(),
                size: Some(IntRange::exact(2)),
            })
        }
        ElementSource::Type(ty) => ty.clone(),
    }
}

fn reduce<'a>(values: impl Iterator<Item = &'a Value> + Clone, depth: usize) -> Type {
    // Two or more strings reduce to the Enum of them all: built at once, since folding them one by
    // one re-sorts the Enum for every string (quadratic for 50,000 strings).
    let mut texts = values.clone().map(|value| match value {
        Value::String(text) => Some(text.clone()),
        _ => None,
    });
    if values.clone().nth(1).is_some() && texts.clone().all(|text| text.is_some()) {
        return enum_of(texts.by_ref().flatten());
    }
    let mut result: Option<Type> = None;
    for value in values {
        let ty = infer_reduced_at(value, depth + 1);
        result = Some(match result {
            None => ty,
            Some(previous) => common_type(&previous, &ty),
        });
    }
    result.unwrap_or(Type::Undef)
}

fn infer_reduced_at(value: &Value, depth: usize) -> Type {
    if depth > MAX_DEPTH {
        return Type::Any;
    }
    match value {
        Value::Undef => Type::Undef,
        Value::Default => Type::Default,
        Value::Boolean(flag) => Type::Boolean(Some(*flag)),
        Value::Integer(number) => Type::integer(Some(*number), Some(*number)),
        Value::Float(number) => Type::float(Some(*number), Some(*number)),
        Value::String(text) => Type::String(StringType {
            size: None,
            value: Some(text.clone()),
        }),
        Value::Regexp(regexp) => Type::Regexp(Some(regexp.clone())),
        Value::Array(items) => {
            if items.is_empty() {
                empty_array()
            } else {
                Type::Array(
                    Rc::new(reduce(items.iter(), depth)),
                    exact_size(items.len()),
                )
            }
        }
        Value::Hash(entries) => {
            if entries.is_empty() {
                empty_hash()
            } else {
                Type::Hash(
                    Rc::new(reduce(entries.keys(), depth)),
                    Rc::new(reduce(entries.values(), depth)),
                    exact_size(entries.len()),
                )
            }
        }
        Value::Type(ty) => Type::Type(Some(ty.clone())),
        Value::Sensitive(inner) => Type::Sensitive(Some(Rc::new(
            infer_reduced_at(inner, depth + 1).generalize(),
        ))),
        Value::SemVer(_) => Type::SemVer(Rc::from(Vec::new())),
        Value::SemVerRange(_) => Type::SemVerRange,
        Value::Timespan(span) => Type::Timespan(Some(*span), Some(*span)),
        Value::Timestamp(stamp) => Type::Timestamp(Some(*stamp), Some(*stamp)),
        Value::Binary(_) => Type::Binary,
        Value::Runtime(object) => Type::Runtime(Some(Rc::from("ruby")), Some(object.0.clone())),
        Value::Iterator(iterator) => {
            Type::Iterator(Some(Rc::new(iterator_element(iterator.source(), depth))))
        }
        Value::Deferred(_) => Type::Deferred,
        Value::Error(error) => Type::error_of(error),
        Value::Uri(uri) => {
            let parameters: Hash = uri
                .parts()
                .into_iter()
                .map(|(name, text)| (Value::string(name), Value::string(&text)))
                .collect();
            Type::Uri(if parameters.is_empty() {
                None
            } else {
                Some(parameters)
            })
        }
    }
}

fn generalize_contained(inner: &Option<Rc<Type>>) -> Option<Rc<Type>> {
    inner.as_ref().map(|inner| Rc::new(inner.generalize()))
}

/// Puppet's `generalize`: ranges, sizes and values dropped, recursively.
pub(super) fn generalize(ty: &Type) -> Type {
    match ty {
        Type::Boolean(_) => Type::Boolean(None),
        Type::Integer(_) => Type::integer(None, None),
        Type::Float(_) => Type::float(None, None),
        Type::String(_) => Type::string(),
        Type::Enum(enumeration) => {
            if enumeration.values.is_empty() {
                Type::string()
            } else {
                let lengths = enumeration.values.iter().map(|v| v.chars().count() as i64);
                let min = lengths.clone().min().unwrap_or(0);
                let max = lengths.max().unwrap_or(0);
                Type::String(StringType {
                    size: Some(IntRange::new(Some(min), Some(max))),
                    value: None,
                })
            }
        }
        Type::Timespan(..) => Type::Timespan(None, None),
        Type::Timestamp(..) => Type::Timestamp(None, None),
        Type::Uri(_) => Type::Uri(None),
        Type::Collection(_) => Type::Collection(None),
        Type::Array(element, _) => {
            if **element == Type::Any {
                Type::array(Type::Any)
            } else {
                Type::array(element.generalize())
            }
        }
        Type::Hash(key, value, size) => {
            let is_default = **key == Type::Any && **value == Type::Any && size.is_none();
            let is_empty = *size == Some(IntRange::exact(0)) && **key == Type::Unit;
            if is_default || is_empty {
                ty.clone()
            } else {
                Type::hash_of(key.generalize(), value.generalize())
            }
        }
        Type::Tuple(tuple) => Type::Tuple(tuple.map(&mut Type::generalize)),
        Type::Struct(members) => {
            Type::Struct(StructMember::map_values(members, &mut Type::generalize))
        }
        Type::Variant(members) => Type::variant(members.iter().map(Type::generalize).collect()),
        Type::Optional(inner) => Type::Optional(generalize_contained(inner)),
        Type::NotUndef(inner) => Type::NotUndef(generalize_contained(inner)),
        Type::Iterable(inner) => Type::Iterable(generalize_contained(inner)),
        Type::Iterator(inner) => Type::Iterator(generalize_contained(inner)),
        Type::Type(inner) => Type::Type(generalize_contained(inner)),
        Type::Sensitive(inner) => Type::Sensitive(generalize_contained(inner)),
        Type::Init(inner, arguments) => Type::Init(generalize_contained(inner), arguments.clone()),
        Type::Callable(callable) => {
            if **callable == CallableType::default() {
                ty.clone()
            } else {
                Type::Callable(Rc::new(CallableType {
                    params: (callable.params.as_ref())
                        .map(|params| params.map(&mut Type::generalize)),
                    block: callable.block.as_ref().map(Type::generalize),
                    return_type: callable.return_type.as_ref().map(Type::generalize),
                }))
            }
        }
        Type::Object(object) if !object.parameters.is_empty() => {
            Type::Object(Rc::new(super::ObjectType {
                name: object.name.clone(),
                definition: object.definition.clone(),
                parameters: Rc::from(Vec::new()),
            }))
        }
        other => other.clone(),
    }
}

/// Enum of the given string values (used by `common_type`).
pub(super) fn enum_of(values: impl IntoIterator<Item = Rc<str>>) -> Type {
    Type::Enum(EnumType::new(values, false))
}
