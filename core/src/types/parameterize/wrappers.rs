//! The types that wrap or combine others parameterized: `Variant`, `Optional`, `NotUndef`, `Type`, `Sensitive`, `Iterable`, `Iterator`, `Runtime`, `Callable` and `Init`.

use alloc::format;
use alloc::rc::Rc;
use alloc::vec::Vec;

use super::{
    arity_error, base_label, callable_type, must_be_types, ruby_class, single_contained,
    specialization_error, types_of,
};
use crate::types::{Type, TypeError};
use crate::value::Value;

/// `Variant[...]`.
pub(super) fn variant(base: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    if flat.is_empty() {
        return Err(arity_error(&base_label(base), 1, None, 0));
    }
    Ok(Type::variant(types_of(base, flat)?))
}

/// `Optional[...]`.
pub(super) fn optional(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    if flat.len() != 1 {
        return Err(arity_error("Optional-Type", 1, Some(1), flat.len()));
    }
    match &flat[0] {
        Value::Type(ty) => Ok(Type::Optional(Some(ty.clone()))),
        Value::String(text) => Ok(Type::optional(Type::string_value(text))),
        other => Err(must_be_types("Optional-Type", 0, other)),
    }
}

/// `NotUndef[...]`.
pub(super) fn not_undef(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    match flat.len() {
        0 => Ok(Type::NotUndef(None)),
        1 => match &flat[0] {
            Value::String(text) => Ok(Type::NotUndef(Some(Rc::new(Type::string_value(text))))),
            Value::Type(ty) if **ty == Type::Any => Ok(Type::NotUndef(None)),
            Value::Type(ty) => Ok(Type::NotUndef(Some(ty.clone()))),
            other => Err(TypeError::at_argument(
                format!(
                    "NotUndef-Type[] argument must be a Type or a String. Got {}",
                    ruby_class(other)
                ),
                0,
            )),
        },
        count => Err(arity_error("NotUndef-Type", 0, Some(1), count)),
    }
}

/// `Type[...]`.
pub(super) fn type_type(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    single_contained("Type-Type", flat).map(|ty| Type::Type(Some(Rc::new(ty))))
}

/// `Sensitive[...]`.
pub(super) fn sensitive(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    single_contained("Sensitive-Type", flat).map(|ty| {
        let general = ty.generalize();
        Type::Sensitive(if general == Type::Any {
            None
        } else {
            Some(Rc::new(general))
        })
    })
}

/// `Iterable[...]`.
pub(super) fn iterable(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    single_contained("Iterable-Type", flat).map(|ty| Type::Iterable(Some(Rc::new(ty))))
}

/// `Iterator[...]`.
pub(super) fn iterator(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    single_contained("Iterator-Type", flat).map(|ty| Type::Iterator(Some(Rc::new(ty))))
}

/// `Runtime[...]`.
pub(super) fn runtime(base: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    if flat.len() != 2 {
        return Err(arity_error(&base_label(base), 1, Some(2), flat.len()));
    }
    let mut parts = Vec::new();
    for (index, key) in flat.iter().enumerate() {
        match key {
            Value::String(text) => parts.push(text.clone()),
            other => return Err(specialization_error(base, index, other, "String or String")),
        }
    }
    Ok(Type::Runtime(
        Some(parts[0].clone()),
        Some(parts[1].clone()),
    ))
}

/// `Callable[...]`.
pub(super) fn callable(_: &Type, args: &[Value], _: &[Value]) -> Result<Type, TypeError> {
    callable_type(args)
}

/// `Init[...]`.
pub(super) fn init(_: &Type, args: &[Value], _: &[Value]) -> Result<Type, TypeError> {
    let Some(first) = args.first() else {
        return Err(arity_error("Init-Type", 1, None, 0));
    };
    let Some(target) = first.as_type() else {
        return Err(must_be_types("Init-Type", 0, first));
    };
    if args.len() > 1 {
        let printed = Type::Init(Some(Rc::new(target.clone())), Rc::from(&args[1..]));
        return Err(TypeError::plain(format!(
            "The type '{printed}' does not represent a valid set of parameters for {}.new()",
            target
        )));
    }
    Ok(Type::Init(
        Some(Rc::new(target.clone())),
        Rc::from(Vec::new()),
    ))
}
