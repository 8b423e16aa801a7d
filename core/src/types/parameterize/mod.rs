//! Creation of types by access: `Integer[1, 10]`, `Array[String, 1]`, `Struct[{a => Integer}]`,
//! `Optional[String]`, `File['x']`, with Puppet's validation messages: a table from each kind
//! of type to its maker (one file per family of kinds), and what they share.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

mod collections;
mod matching;
mod ranges;
mod wrappers;

use super::names::capitalize_segments;
use super::{
    a_an, is_assignable, type_label, CallableType, IntRange, ObjectType, StringType, StructMember,
    TupleType, Type, TypeError,
};
use crate::value::{Hash, Regexp, Timespan, Timestamp, Value};

/// What an access on a type produced. Resource and class references may give several types
/// (`File['a', 'b']`) or none (`File[undef]`, where Puppet warns
/// `Arguments to Resource[] are all empty/undefined` and the value is undef, or `[]` when
/// several arguments were given).
#[derive(Debug, Clone, PartialEq)]
pub enum Parameterized {
    One(Type),
    Many(Vec<Type>),
    Empty { as_array: bool },
}

/// `base[args]` for one resulting type. Resource and class references with several titles
/// need [`parameterize_many`]; here they are an error.
pub fn parameterize(base: &Type, args: &[Value]) -> Result<Type, TypeError> {
    match parameterize_many(base, args)? {
        Parameterized::One(ty) => Ok(ty),
        Parameterized::Many(mut types) if types.len() == 1 => Ok(types.remove(0)),
        _ => Err(TypeError::new(
            "Arguments to Resource[] are all empty/undefined",
        )),
    }
}

/// `base[args]`, including the forms that give several or no types.
pub fn parameterize_many(base: &Type, args: &[Value]) -> Result<Parameterized, TypeError> {
    match base {
        Type::Resource(type_name, title) => return resource(base, type_name, title, args),
        Type::Class(name) => return class(name, args),
        _ => {}
    }
    parameterize_one(base, args).map(Parameterized::One)
}

/// Ruby's class name of a value, as some of Puppet's messages show it.
pub(crate) fn ruby_class(value: &Value) -> String {
    match value {
        Value::Undef => "NilClass".into(),
        Value::Default => "Symbol".into(),
        Value::Boolean(true) => "TrueClass".into(),
        Value::Boolean(false) => "FalseClass".into(),
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::String(_) => "String".into(),
        Value::Regexp(_) => "Regexp".into(),
        Value::Array(_) => "Array".into(),
        Value::Hash(_) => "Hash".into(),
        Value::Type(ty) => format!("Puppet::Pops::Types::P{}Type", ty.simple_name()),
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive".into(),
        Value::SemVer(_) => "SemanticPuppet::Version".into(),
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange".into(),
        Value::Timespan(_) => "Puppet::Pops::Time::Timespan".into(),
        Value::Timestamp(_) => "Puppet::Pops::Time::Timestamp".into(),
        Value::Binary(_) => "Puppet::Pops::Types::PBinaryType::Binary".into(),
        Value::Uri(_) => "URI::Generic".into(),
        Value::Runtime(object) => object.0.to_string(),
        Value::Iterator(_) => "Puppet::Pops::Types::Iterable::Iterator".into(),
        Value::Deferred(_) => "Puppet::Pops::Evaluator::DeferredValue".into(),
        Value::Error(_) => "Error".into(),
    }
}

/// Puppet's label of a value's class in `BAD_COLLECTION_SLICE_TYPE` (`String`, `String-Type`).
fn class_label(value: &Value) -> String {
    match value {
        Value::Type(ty) => format!("{}-Type", ty.simple_name()),
        Value::Undef => "NilClass".into(),
        other => ruby_class(other),
    }
}

/// Puppet's `bad_key_type_name`: `Undef`, `Default`, or the generalized inferred type.
fn key_type_name(value: &Value) -> String {
    match value {
        Value::Undef => "Undef".into(),
        Value::Default => "Default".into(),
        other => super::infer_reduced(other).generalize().to_string(),
    }
}

fn capitalize_first(text: &str) -> String {
    crate::value::case::upcase_first(text)
}

fn arity_error(base_label: &str, min: usize, max: Option<usize>, actual: usize) -> TypeError {
    let message = match max {
        None => format!("{base_label}[] accepts {min} or more arguments. Got {actual}"),
        Some(max) if max != min => {
            format!("{base_label}[] accepts {min} to {max} arguments. Got {actual}")
        }
        Some(_) => format!(
            "{base_label}[] accepts {min} {}. Got {actual}",
            if min == 1 { "argument" } else { "arguments" }
        ),
    };
    TypeError::new(message)
}

/// `A Tuple-Type`: the base type's label with a capitalised article.
fn base_label(base: &Type) -> String {
    capitalize_first(&a_an(&type_label(base)))
}

fn specialization_error(base: &Type, index: usize, value: &Value, expected: &str) -> TypeError {
    TypeError::at_argument(
        format!(
            "Error creating type specialization of {}, Cannot use {} where {expected} is expected",
            a_an(&type_label(base)),
            key_type_name(value)
        ),
        index,
    )
}

fn must_be_types(base_name: &str, index: usize, value: &Value) -> TypeError {
    TypeError::at_argument(
        format!(
            "{base_name}[] arguments must be types. Got {}",
            ruby_class(value)
        ),
        index,
    )
}

fn flatten(args: &[Value]) -> Vec<Value> {
    let mut flat = Vec::with_capacity(args.len());
    for arg in args {
        match arg {
            Value::Array(items) => flat.extend(flatten(items.as_slice())),
            other => flat.push(other.clone()),
        }
    }
    flat
}

/// Takes the trailing size of a `Tuple[...]` or `Callable[...]` off its parameters: the last
/// one or two when they are integers (or `default`), as a size range.
fn take_size_range(params: &mut Vec<Value>) -> Result<Option<IntRange>, TypeError> {
    let count = params.len();
    let (from, to, taken) = if count >= 2
        && is_range_parameter(params.get(count - 2))
        && is_range_parameter(params.get(count - 1))
    {
        let from = integer_bound(&params[count - 2]);
        (from, integer_bound(&params[count - 1]), 2)
    } else if is_range_parameter(params.last()) {
        (params.last().and_then(integer_bound), None, 1)
    } else {
        return Ok(None);
    };
    let size = checked_range(from, to)?.to_size();
    params.truncate(count - taken);
    Ok(Some(size))
}

/// Each of `keys` as a type (`Tuple`'s and `Variant`'s parameters).
fn types_of(base: &Type, keys: &[Value]) -> Result<Vec<Type>, TypeError> {
    let mut types = Vec::with_capacity(keys.len());
    for (index, key) in keys.iter().enumerate() {
        match key.as_type() {
            Some(ty) => types.push(ty.clone()),
            None => return Err(specialization_error(base, index, key, "Any-Type")),
        }
    }
    Ok(types)
}

fn is_range_parameter(value: Option<&Value>) -> bool {
    matches!(value, Some(Value::Integer(_) | Value::Default))
}

fn integer_bound(value: &Value) -> Option<i64> {
    match value {
        Value::Integer(n) => Some(*n),
        _ => None,
    }
}

fn checked_range(from: Option<i64>, to: Option<i64>) -> Result<IntRange, TypeError> {
    let range = IntRange::new(from, to);
    if range.min() > range.max() {
        return Err(TypeError::in_access(format!(
            "'from' must be less or equal to 'to'. Got ({}, {}",
            from.map_or("-Infinity".to_string(), |n| n.to_string()),
            to.map_or("Infinity".to_string(), |n| n.to_string())
        )));
    }
    Ok(range)
}

/// Puppet's `collection_size_t`: one Integer type, or 1-2 integers/default, as a size range.
fn collection_size(start_index: usize, keys: &[Value]) -> Result<IntRange, TypeError> {
    Ok(unsized_collection_size(start_index, keys)?.to_size())
}

/// The size range as given (Puppet decides on `Array[T, 0, 0]`'s element type before clamping
/// negative sizes: `Array[String, -2, -1]` keeps `String` and prints `Array[0, 0]`).
fn unsized_collection_size(start_index: usize, keys: &[Value]) -> Result<IntRange, TypeError> {
    if let [Value::Type(ty)] = keys {
        if let Type::Integer(range) = &**ty {
            return Ok(*range);
        }
    }
    for (offset, key) in keys.iter().enumerate() {
        if !matches!(key, Value::Integer(_) | Value::Default) {
            return Err(TypeError::at_argument(
                format!(
                    "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got {}",
                    a_an(&class_label(key))
                ),
                start_index + offset,
            ));
        }
    }
    let from = keys.first().and_then(integer_bound);
    let to = keys.get(1).and_then(integer_bound);
    checked_range(from, to)
}

fn type_arg(value: &Value) -> Option<Type> {
    value.as_type().cloned()
}

/// Puppet's `type_of` in `Callable[...]`/`Tuple[...]`: a type, or a Runtime type for a string.
fn callable_param(value: &Value) -> Type {
    match value {
        Value::Type(ty) => (**ty).clone(),
        Value::String(name) => Type::Runtime(Some(Rc::from("ruby")), Some(name.clone())),
        other => super::infer_reduced(other).generalize(),
    }
}

fn single_contained(base_name: &str, args: &[Value]) -> Result<Type, TypeError> {
    if args.len() != 1 {
        return Err(arity_error(base_name, 1, Some(1), args.len()));
    }
    type_arg(&args[0]).ok_or_else(|| must_be_types(base_name, 0, &args[0]))
}

/// How `Base[...]` is made, for a kind of type that takes parameters: from the type, the
/// arguments as given and the arguments with arrays flattened.
type Maker = fn(&Type, &[Value], &[Value]) -> Result<Type, TypeError>;

/// The maker of each kind of type that takes parameters (resource and class references aside).
fn maker(base: &Type) -> Option<Maker> {
    Some(match base {
        Type::Integer(_) => ranges::integer,
        Type::Float(_) => ranges::float,
        Type::Timespan(..) => ranges::timespan,
        Type::Timestamp(..) => ranges::timestamp,
        Type::String(_) => collections::string,
        Type::Collection(_) => collections::collection,
        Type::Array(..) => collections::array,
        Type::Hash(..) => collections::hash,
        Type::Tuple(_) => collections::tuple,
        Type::Struct(_) => collections::struct_of,
        Type::Enum(_) => matching::enum_of,
        Type::Pattern(_) => matching::pattern,
        Type::Regexp(_) => matching::regexp,
        Type::Boolean(_) => matching::boolean,
        Type::SemVer(_) => matching::semver,
        Type::Uri(_) => matching::uri,
        Type::Variant(_) => wrappers::variant,
        Type::Optional(_) => wrappers::optional,
        Type::NotUndef(_) => wrappers::not_undef,
        Type::Type(_) => wrappers::type_type,
        Type::Sensitive(_) => wrappers::sensitive,
        Type::Iterable(_) => wrappers::iterable,
        Type::Iterator(_) => wrappers::iterator,
        Type::Runtime(..) => wrappers::runtime,
        Type::Callable(_) => wrappers::callable,
        Type::Init(..) => wrappers::init,
        _ => return None,
    })
}

fn parameterize_one(base: &Type, args: &[Value]) -> Result<Type, TypeError> {
    let flat = flatten(args);
    if let Some(make) = maker(base) {
        return make(base, args, &flat);
    }
    match base {
        Type::Object(object) => object_parameters(object, flat),
        Type::Deferred => Err(TypeError::in_access(
            "The Deferred-Type cannot be parameterized using []",
        )),
        Type::TypeReference(name) => {
            Err(TypeError::new(format!("Resource type not found: {name}")))
        }
        other => Err(TypeError::new(format!(
            "Operator '[]' is not applicable to {}.",
            a_an(&type_label(other))
        ))),
    }
}

/// `Object[...]`: a named object type keeps its parameters; `Object[{...}]` defines one.
fn object_parameters(object: &ObjectType, flat: Vec<Value>) -> Result<Type, TypeError> {
    match &object.name {
        Some(_) => Ok(Type::Object(Rc::new(ObjectType {
            name: object.name.clone(),
            definition: object.definition.clone(),
            parameters: flat.into(),
        }))),
        None => {
            if flat.len() != 1 {
                return Err(arity_error("Object-Type", 1, Some(1), flat.len()));
            }
            object_type(&flat[0])
        }
    }
}

fn compile(source: &str) -> Result<Regexp, TypeError> {
    Regexp::new(source).map_err(|error| TypeError::in_access(error.to_string()))
}

/// `Array[T, size]` as Puppet builds it: an exactly-empty size makes the element `Unit`.
fn array_type(element: Type, size: IntRange) -> Type {
    if size == IntRange::exact(0) {
        Type::Array(Rc::new(Type::Unit), Some(size))
    } else {
        Type::Array(Rc::new(element), Some(size.to_size()))
    }
}

/// `Hash[K, V, size]` as Puppet builds it: an exactly-empty size makes key and value `Unit`.
fn hash_type(key: Type, value: Type, size: Option<IntRange>) -> Type {
    if size == Some(IntRange::exact(0)) {
        Type::Hash(Rc::new(Type::Unit), Rc::new(Type::Unit), size)
    } else {
        Type::Hash(Rc::new(key), Rc::new(value), size.map(IntRange::to_size))
    }
}

fn timespan_bound(value: &Value) -> Result<Option<Timespan>, TypeError> {
    Ok(match value {
        Value::Default | Value::Undef => None,
        Value::Integer(seconds) => Some(Timespan::from_seconds(*seconds)),
        Value::Float(seconds) => Some(Timespan::from_seconds_f64(*seconds)),
        Value::Timespan(span) => Some(*span),
        Value::String(text) => {
            Some(Timespan::parse(text).map_err(|e| TypeError::in_access(e.message))?)
        }
        Value::Hash(fields) => Some(timespan_from_hash(fields)),
        other => {
            return Err(TypeError::in_access(format!(
                "Cannot use {} as a Timespan bound",
                key_type_name(other)
            )))
        }
    })
}

/// `{days => 1, hours => 2, ...}` as Puppet's Timespan constructor takes it.
fn timespan_from_hash(fields: &Hash) -> Timespan {
    let mut nanoseconds: i128 = 0;
    let mut negative = false;
    for (key, value) in fields.iter() {
        let Some(name) = key.as_str() else { continue };
        if name == "negative" {
            negative = matches!(value, Value::Boolean(true));
            continue;
        }
        let unit: i128 = match name {
            "days" => 86_400_000_000_000,
            "hours" => 3_600_000_000_000,
            "minutes" => 60_000_000_000,
            "seconds" => 1_000_000_000,
            "milliseconds" => 1_000_000,
            "microseconds" => 1_000,
            "nanoseconds" => 1,
            _ => continue,
        };
        let amount = match value {
            Value::Integer(n) => (*n as i128).saturating_mul(unit),
            Value::Float(f) => (*f * unit as f64) as i128,
            _ => 0,
        };
        nanoseconds = nanoseconds.saturating_add(amount);
    }
    Timespan::from_nanoseconds(if negative { -nanoseconds } else { nanoseconds })
}

fn timestamp_bound(value: &Value) -> Result<Option<Timestamp>, TypeError> {
    Ok(match value {
        Value::Default | Value::Undef => None,
        Value::Integer(seconds) => Some(Timestamp::from_seconds(*seconds)),
        Value::Float(seconds) => Some(Timestamp::from_seconds_f64(*seconds)),
        Value::Timestamp(stamp) => Some(*stamp),
        Value::String(text) => {
            Some(Timestamp::parse(text).map_err(|e| TypeError::in_access(e.message))?)
        }
        other => {
            return Err(TypeError::in_access(format!(
                "Cannot use {} as a Timestamp bound",
                key_type_name(other)
            )))
        }
    })
}

fn valid_uri_parameters(parameters: &Hash) -> bool {
    parameters.iter().all(|(key, value)| {
        matches!(
            key.as_str(),
            Some(
                "scheme" | "userinfo" | "host" | "port" | "path" | "query" | "fragment" | "opaque"
            )
        ) && matches!(
            value,
            Value::String(_) | Value::Type(_) | Value::Regexp(_) | Value::Integer(_) | Value::Undef
        )
    })
}

fn struct_type(entries: &Hash) -> Result<Type, TypeError> {
    let mut members: Vec<StructMember> = Vec::with_capacity(entries.len());
    for (key, value) in entries.iter() {
        let value_type = match value {
            Value::Type(ty) => (**ty).clone(),
            other => super::infer_reduced(other).generalize(),
        };
        let (name, key_optional) = match key {
            Value::String(name) => {
                if name.is_empty() {
                    return Err(TypeError::in_access("Struct element key cannot be an empty String"));
                }
                (name.clone(), is_assignable(&value_type, &Type::Undef))
            }
            Value::Type(key_type) => {
                let (inner, optional) = match &**key_type {
                    Type::NotUndef(Some(inner)) => ((**inner).clone(), false),
                    Type::Optional(Some(inner)) => ((**inner).clone(), true),
                    Type::String(_) | Type::Enum(_) => ((**key_type).clone(), false),
                    other => {
                        return Err(TypeError::in_access(format!(
                            "Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: Puppet::Pops::Types::P{}Type",
                            other.simple_name()
                        )))
                    }
                };
                let name = match inner {
                    Type::String(StringType { value: Some(name), .. }) => name,
                    Type::Enum(enumeration) if enumeration.values.len() == 1 => enumeration.values[0].clone(),
                    other => {
                        return Err(TypeError::in_access(format!(
                            "Unable to extract a non-empty literal string from Struct member key type {other}"
                        )))
                    }
                };
                (name, optional)
            }
            other => {
                return Err(TypeError::in_access(format!(
                    "Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: {}",
                    ruby_class(other)
                )))
            }
        };
        members.push(StructMember {
            name,
            key_optional,
            value: value_type,
        });
    }
    Ok(Type::Struct(members.into()))
}

fn is_callable_kind(ty: &Type) -> bool {
    match ty {
        Type::Callable(_) => true,
        Type::Optional(Some(inner)) => matches!(**inner, Type::Callable(_)),
        _ => false,
    }
}

fn callable_type(args: &[Value]) -> Result<Type, TypeError> {
    let (params, return_type): (Vec<Value>, Option<Type>) = match args {
        [Value::Array(params), second] => match second.as_type() {
            Some(return_type) => (params.as_slice().to_vec(), Some(return_type.clone())),
            None => {
                return Err(TypeError::at_argument(
                    format!(
                        "Error creating type specialization of a Callable-Type, Cannot use {} where Any-Type is expected",
                        key_type_name(second)
                    ),
                    1,
                ))
            }
        },
        [Value::Array(_), ..] => {
            return Err(arity_error("A Callable-Type", 2, Some(2), args.len()));
        }
        _ => (args.to_vec(), None),
    };
    let mut params = params;
    let block = match params.last().and_then(Value::as_type) {
        Some(last) if is_callable_kind(last) => {
            let block = last.clone();
            params.pop();
            Some(block)
        }
        _ => None,
    };
    let size = take_size_range(&mut params)?;
    let mut types: Vec<Type> = params.iter().map(callable_param).collect();
    if types.is_empty() && size.is_some_and(|s| s.max() > 0) {
        types.push(Type::Unit);
    }
    let return_type = return_type.filter(|ty| *ty != Type::Any);
    Ok(Type::Callable(Rc::new(CallableType {
        params: Some(TupleType {
            types: types.into(),
            size,
        }),
        block,
        return_type,
    })))
}

fn object_type(definition: &Value) -> Result<Type, TypeError> {
    let Value::Hash(entries) = definition else {
        return Err(must_be_types("Object-Type", 0, definition));
    };
    let name = entries
        .get(&Value::string("name"))
        .and_then(Value::as_str)
        .map(Rc::from);
    let mut text = String::from("Object[{");
    for (index, (key, value)) in entries.iter().enumerate() {
        if index > 0 {
            text.push_str(", ");
        }
        text.push_str(key.as_str().unwrap_or(""));
        text.push_str(" => ");
        crate::value::write_programmatic(&mut text, value);
    }
    text.push_str("}]");
    Ok(Type::Object(Rc::new(ObjectType {
        name,
        definition: Rc::from(text.as_str()),
        parameters: Rc::from(Vec::new()),
    })))
}

/// A resource name must look like `File` or `Foo::Bar` (Puppet's CLASSREF_EXT).
fn is_class_reference(name: &str) -> bool {
    let trimmed = name.strip_prefix("::").unwrap_or(name);
    !trimmed.is_empty()
        && crate::qualified::segments(trimmed).all(|segment| {
            let mut chars = segment.chars();
            chars.next().is_some_and(|c| c.is_ascii_uppercase())
                && chars.all(|c| c.is_alphanumeric() || c == '_')
        })
}

fn resource(
    base: &Type,
    type_name: &Option<Rc<str>>,
    title: &Option<Rc<str>>,
    args: &[Value],
) -> Result<Parameterized, TypeError> {
    if args.is_empty() {
        return Err(TypeError::new(format!(
            "{base}[] accepts 1 or more arguments. Got 0"
        )));
    }
    if let (Some(name), Some(title)) = (type_name, title) {
        return Err(TypeError::new(format!(
            "Resource not found: {name}['{title}']"
        )));
    }
    // `Package['x']`, most references: one title, no lists to build.
    if let (Some(name), [Value::String(text)]) = (type_name, args) {
        if is_class_reference(name) {
            let reference = Type::Resource(Some(name.clone()), Some(text.clone()));
            return Ok(Parameterized::One(reference));
        }
    }
    let mut keys: Vec<Value> = args.to_vec();
    let mut consumed_name = false;
    let name: Rc<str> = match type_name {
        Some(name) => name.clone(),
        None => {
            consumed_name = true;
            let first = keys.remove(0);
            match &first {
                Value::String(text) => Rc::from(capitalize_segments(text).as_str()),
                Value::Type(ty) => match &**ty {
                    Type::Resource(Some(name), _) => name.clone(),
                    _ => {
                        return Err(TypeError::at_argument(
                            format!(
                                "First argument to Resource[] must be a resource type or a String. Got {}.",
                                key_type_name(&first)
                            ),
                            0,
                        ))
                    }
                },
                other => {
                    return Err(TypeError::at_argument(
                        format!(
                            "First argument to Resource[] must be a resource type or a String. Got {}.",
                            key_type_name(other)
                        ),
                        0,
                    ))
                }
            }
        }
    };
    if !is_class_reference(&name) {
        return Err(TypeError::at_argument(
            format!("Illegal type reference. The given name '{name}' does not conform to the naming rule"),
            0,
        ));
    }
    let as_array = keys.len() > 1 || matches!(keys.first(), Some(Value::Array(_)));
    let original_count = keys.len();
    let titles: Vec<Value> = flatten(&keys)
        .into_iter()
        .filter(|key| !key.is_undef())
        .collect();
    if titles.is_empty() && original_count > 0 {
        return Ok(Parameterized::Empty { as_array });
    }
    if titles.is_empty() {
        return Ok(Parameterized::One(Type::Resource(Some(name), None)));
    }
    let mut types = Vec::with_capacity(titles.len());
    for (index, title) in titles.iter().enumerate() {
        match title {
            Value::String(text) => {
                types.push(Type::Resource(Some(name.clone()), Some(text.clone())))
            }
            other => {
                let blamed = if consumed_name { index + 1 } else { index };
                return Err(TypeError::at_argument(
                    format!(
                        "Error creating type specialization of {}, Cannot use {} where a resource title String is expected",
                        a_an(&type_label(&Type::Resource(Some(name.clone()), None))),
                        key_type_name(other)
                    ),
                    blamed,
                ));
            }
        }
    }
    Ok(if as_array {
        Parameterized::Many(types)
    } else {
        Parameterized::One(types.remove(0))
    })
}

/// Puppet's NAME rule for class names: `foo`, `foo::bar`, optionally with a leading `::`.
fn is_class_name(name: &str) -> bool {
    let trimmed = name.strip_prefix("::").unwrap_or(name);
    !trimmed.is_empty()
        && crate::qualified::segments(trimmed).all(|segment| {
            let mut chars = segment.chars();
            chars.next().is_some_and(|c| c.is_ascii_lowercase())
                && chars.all(|c| c.is_alphanumeric() || c == '_')
        })
}

fn class(name: &Option<Rc<str>>, args: &[Value]) -> Result<Parameterized, TypeError> {
    if args.is_empty() {
        return Err(TypeError::new("Class[] accepts 1 or more arguments. Got 0"));
    }
    if let Some(name) = name {
        return Err(TypeError::new(format!(
            "Resource not found: Class['{name}']"
        )));
    }
    let as_array = args.len() > 1 || matches!(args.first(), Some(Value::Array(_)));
    let names: Vec<Value> = flatten(args)
        .into_iter()
        .filter(|key| !key.is_undef())
        .collect();
    if names.is_empty() {
        return Ok(Parameterized::Empty { as_array });
    }
    let mut types = Vec::with_capacity(names.len());
    for (index, key) in names.iter().enumerate() {
        let Value::String(text) = key else {
            let label = match key {
                Value::Type(ty) => type_label(ty),
                other => crate::value::value_label(other),
            };
            return Err(TypeError::at_argument(
                format!(
                    "Illegal Class name in class reference. {} cannot be used where a String is expected",
                    capitalize_first(&a_an(&label))
                ),
                index,
            ));
        };
        let lower = crate::value::case::downcase(text);
        let stripped = lower.strip_prefix("::").unwrap_or(&lower);
        if !is_class_name(stripped) {
            return Err(TypeError::at_argument(
                format!(
                    "Illegal name. The given name '{text}' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/"
                ),
                index,
            ));
        }
        types.push(Type::Class(Some(Rc::from(stripped))));
    }
    Ok(if as_array {
        Parameterized::Many(types)
    } else {
        Parameterized::One(types.remove(0))
    })
}
