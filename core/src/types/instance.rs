//! Instance-of: whether a value belongs to a type (`v =~ T`, parameter checks, `case`).

use alloc::vec::Vec;

use super::{is_assignable, IntRange, StructMember, TupleType, Type, TypeAlias, MAX_DEPTH};
use crate::value::Value;

/// Whether `value` is an instance of `ty` (false past the depth limit: see [`instance_of_checked`]).
pub fn instance_of(ty: &Type, value: &Value) -> bool {
    // Every array is an `Array` (of `Any`): no need to visit its elements (`join`, `flatten`...).
    if let (Type::Array(element, None), Value::Array(_)) = (ty, value) {
        if matches!(**element, Type::Any) {
            return true;
        }
    }
    let mut guard = Guard::default();
    is_instance(ty, value, &mut guard)
}

/// Why a type check gave up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchLimit {
    /// The value (or a recursive alias) is nested more than this many levels deep.
    Depth(usize),
    /// More than this many elements would be checked (values share parts, so a small program
    /// can build one with 2^60 elements).
    Visits(u64),
}

/// [`instance_of`] that tells when it gave up instead of answering false, and how many values
/// it visited (the evaluator charges them as steps). At most `max_visits` values are visited.
pub fn instance_of_checked(
    ty: &Type,
    value: &Value,
    max_visits: u64,
) -> Result<(bool, u64), MatchLimit> {
    let mut guard = Guard {
        max_visits,
        ..Guard::default()
    };
    let result = is_instance(ty, value, &mut guard);
    match guard.gave_up {
        Some(limit) => Err(limit),
        None => Ok((result, guard.visits)),
    }
}

/// [`instance_of_checked`] for a type whose check looks at the value alone (numbers, plain
/// strings, booleans, `Any`): one visit, nothing to walk or give up on. `None` for the other
/// types (what `check` answers for these, without its call).
#[inline]
pub fn instance_of_flat(ty: &Type, value: &Value) -> Option<bool> {
    Some(match ty {
        Type::Any => true,
        Type::Integer(range) => matches!(value, Value::Integer(n) if range.contains(*n)),
        Type::Numeric => matches!(value, Value::Integer(_) | Value::Float(_)),
        Type::String(string) if string.size.is_none() && string.value.is_none() => {
            matches!(value, Value::String(_))
        }
        Type::Boolean(None) => matches!(value, Value::Boolean(_)),
        _ => return None,
    })
}

/// The most visits [`instance_of_small`] makes: under a step's worth (`ELEMENTS_PER_STEP`).
pub const SMALL_VISITS: u64 = 7;

/// What [`instance_of_flat`] answers for a `Tuple` or `Array` of its types against an array of
/// at most six elements (the `[$i, 'x'] =~ Tuple[Integer, String]` of a loop): what `check`
/// answers, in at most [`SMALL_VISITS`] visits, so none is given up on while that many are
/// allowed. `None` for other types and values.
pub fn instance_of_small(ty: &Type, value: &Value) -> Option<bool> {
    let Value::Array(items) = value else {
        return None;
    };
    if items.len() as u64 >= SMALL_VISITS {
        return None;
    }
    // In `check`'s order: an array's elements then its size, a tuple's size then its elements.
    match ty {
        Type::Array(element, size) => {
            Some(all_flat(items, &|_| Some(&**element))? && size_of(*size, items.len()))
        }
        Type::Tuple(tuple) => match tuple.size {
            Some(size) if !size.contains(items.len() as i64) => Some(false),
            None if tuple.types.len() != items.len() && !tuple.types.is_empty() => Some(false),
            _ if tuple.types.is_empty() => Some(true),
            _ => all_flat(items, &|index| tuple.type_at(index)),
        },
        _ => None,
    }
}

/// Whether every item is of its type (`type_at` its index), stopping at the first that is not;
/// `None` where a type is not one [`instance_of_flat`] answers for.
fn all_flat<'t>(
    items: &crate::value::Array,
    type_at: &dyn Fn(usize) -> Option<&'t Type>,
) -> Option<bool> {
    for (index, item) in items.iter().enumerate() {
        if !instance_of_flat(type_at(index)?, item)? {
            return Some(false);
        }
    }
    Some(true)
}

/// Recursion guard: the depth, and the (alias, value) pairs being checked so a recursive
/// alias met again with the same value does not loop; values visited, and why it gave up.
struct Guard {
    depth: usize,
    active: Vec<(usize, usize)>,
    visits: u64,
    max_visits: u64,
    gave_up: Option<MatchLimit>,
}

impl Default for Guard {
    fn default() -> Self {
        Guard {
            depth: 0,
            active: Vec::new(),
            visits: 0,
            max_visits: u64::MAX,
            gave_up: None,
        }
    }
}

impl Guard {
    /// Whether `regexp` matches `text`, its matcher steps counted as visits (a visit and a matcher
    /// step are both an eighth of an evaluation step); a match that runs out of them gives up.
    fn matches(&mut self, regexp: &crate::value::Regexp, text: &str) -> bool {
        if self.max_visits == u64::MAX {
            // Not a checked walk: the evaluation on this thread pays (regex::meter).
            return regexp.is_match(text);
        }
        let granted = self
            .max_visits
            .saturating_sub(self.visits)
            .min(crate::regex::DEFAULT_BUDGET);
        let mut budget = granted;
        let result = regexp.search(text, 0, &mut budget);
        self.visits = self.visits.saturating_add(granted - budget);
        match result {
            Ok(found) => found.is_some(),
            Err(_) => {
                self.gave_up
                    .get_or_insert(MatchLimit::Visits(self.max_visits));
                false
            }
        }
    }

    /// Count a visit; false (and the reason kept) when a limit is reached.
    fn enter(&mut self) -> bool {
        self.visits += 1;
        if self.depth > MAX_DEPTH {
            self.gave_up.get_or_insert(MatchLimit::Depth(MAX_DEPTH));
            return false;
        }
        if self.visits > self.max_visits {
            self.gave_up
                .get_or_insert(MatchLimit::Visits(self.max_visits));
            return false;
        }
        self.gave_up.is_none()
    }
}

fn size_of(size: Option<IntRange>, count: usize) -> bool {
    size.is_none_or(|size| size.contains(count as i64))
}

fn is_instance(ty: &Type, value: &Value, guard: &mut Guard) -> bool {
    if !guard.enter() {
        return false;
    }
    guard.depth += 1;
    let result = check(ty, value, guard);
    guard.depth -= 1;
    result
}

fn check(ty: &Type, value: &Value, guard: &mut Guard) -> bool {
    match ty {
        Type::Any | Type::Unit => true,
        Type::Undef => value.is_undef(),
        Type::Default => matches!(value, Value::Default),
        Type::Data => is_data(value, guard),
        Type::RichData => is_rich_data(value, guard),
        Type::Scalar => is_scalar(value),
        Type::ScalarData => matches!(
            value,
            Value::String(_) | Value::Integer(_) | Value::Float(_) | Value::Boolean(_)
        ),
        Type::Numeric => matches!(value, Value::Integer(_) | Value::Float(_)),
        Type::Boolean(expected) => {
            matches!(value, Value::Boolean(flag) if expected.is_none_or(|e| e == *flag))
        }
        Type::Integer(range) => matches!(value, Value::Integer(n) if range.contains(*n)),
        Type::Float(range) => {
            matches!(value, Value::Float(f) if *f >= range.min() && *f <= range.max())
        }
        Type::String(string) => match value {
            Value::String(text) => match (&string.size, &string.value) {
                (Some(size), _) => size.contains(text.chars().count() as i64),
                (None, Some(expected)) => expected == text,
                (None, None) => true,
            },
            _ => false,
        },
        Type::Enum(enumeration) => {
            matches!(value, Value::String(text) if enumeration.matches(text))
        }
        Type::Pattern(patterns) => match value {
            Value::String(text) => {
                patterns.is_empty() || patterns.iter().any(|regexp| guard.matches(regexp, text))
            }
            _ => false,
        },
        Type::Regexp(pattern) => match value {
            Value::Regexp(regexp) => pattern
                .as_ref()
                .is_none_or(|p| p.source() == regexp.source()),
            _ => false,
        },
        Type::SemVer(ranges) => match value {
            Value::SemVer(version) => {
                ranges.is_empty() || ranges.iter().any(|range| range.includes(version))
            }
            _ => false,
        },
        Type::SemVerRange => matches!(value, Value::SemVerRange(_)),
        Type::Timespan(from, to) => match value {
            Value::Timespan(span) => {
                from.is_none_or(|f| *span >= f) && to.is_none_or(|t| *span <= t)
            }
            _ => false,
        },
        Type::Timestamp(from, to) => match value {
            Value::Timestamp(stamp) => {
                from.is_none_or(|f| *stamp >= f) && to.is_none_or(|t| *stamp <= t)
            }
            _ => false,
        },
        Type::Binary => matches!(value, Value::Binary(_)),
        Type::Uri(parameters) => uri_check(parameters.as_ref(), value, guard),
        Type::Collection(size) => match value {
            Value::Array(items) => size_of(*size, items.len()),
            Value::Hash(entries) => size_of(*size, entries.len()),
            _ => false,
        },
        Type::Array(element, size) => match value {
            Value::Array(items) => {
                items.iter().all(|item| is_instance(element, item, guard))
                    && size_of(*size, items.len())
            }
            _ => false,
        },
        Type::Hash(key_type, value_type, size) => match value {
            Value::Hash(entries) => {
                entries.iter().all(|(key, item)| {
                    is_instance(key_type, key, guard) && is_instance(value_type, item, guard)
                }) && size_of(*size, entries.len())
            }
            _ => false,
        },
        Type::Tuple(tuple) => tuple_check(tuple, value, guard),
        Type::Struct(members) => struct_check(members, value, guard),
        Type::Variant(members) => members
            .iter()
            .any(|member| is_instance(member, value, guard)),
        Type::Optional(inner) => {
            value.is_undef()
                || inner
                    .as_deref()
                    .is_some_and(|inner| is_instance(inner, value, guard))
        }
        Type::NotUndef(inner) => {
            !value.is_undef()
                && inner
                    .as_deref()
                    .is_none_or(|inner| is_instance(inner, value, guard))
        }
        Type::Iterable(inner) => match inner.as_deref() {
            None | Some(Type::Any) => is_iterable_value(value),
            Some(_) => is_assignable(ty, &super::infer_reduced(value)),
        },
        Type::Iterator(inner) => {
            matches!(value, Value::Iterator(_))
                && (inner.is_none() || is_assignable(ty, &super::infer(value)))
        }
        Type::CatalogEntry | Type::Resource(..) | Type::Class(_) => false,
        Type::Type(inner) => match value {
            Value::Type(actual) => inner
                .as_deref()
                .is_none_or(|inner| is_assignable(inner, actual)),
            _ => false,
        },
        Type::Callable(_) => false,
        Type::Sensitive(inner) => match value {
            Value::Sensitive(secret) => inner
                .as_deref()
                .is_none_or(|inner| is_instance(inner, secret, guard)),
            _ => false,
        },
        // Ruby objects (a YAML symbol, Hiera's lookup context) by their class.
        Type::Runtime(runtime, class) => match value {
            Value::Runtime(object) => {
                runtime.as_deref().is_none_or(|r| r == "ruby")
                    && class.as_deref().is_none_or(|c| *c == *object.0)
            }
            _ => false,
        },
        Type::Init(inner, arguments) => match inner.as_deref() {
            None => is_rich_data(value, guard),
            Some(target) => init_accepts(target, arguments, value, guard),
        },
        Type::Deferred => matches!(value, Value::Deferred(_)),
        Type::Object(object) => match (object.name.as_deref(), value) {
            (None, Value::Deferred(_) | Value::Error(_)) => true,
            (Some("Error"), Value::Error(error)) => {
                error_parameters_accept(&object.parameters, error)
            }
            _ => false,
        },
        Type::TypeSet | Type::TypeReference(_) => false,
        Type::Alias(alias) => alias_check(alias, value, guard),
    }
}

/// `URI[{...}]`: each part the type names matches the URI's.
fn uri_check(parameters: Option<&crate::value::Hash>, value: &Value, guard: &mut Guard) -> bool {
    match value {
        Value::Uri(uri) => match parameters {
            None => true,
            Some(parameters) => parameters.iter().all(|(key, expected)| {
                let actual = key
                    .as_str()
                    .and_then(|name| uri.part(name))
                    .map(|text| Value::string(&text))
                    .unwrap_or(Value::Undef);
                uri_part_matches(expected, &actual, guard)
            }),
        },
        _ => false,
    }
}

/// `Tuple[...]`: the size, then each element against its type.
fn tuple_check(tuple: &TupleType, value: &Value, guard: &mut Guard) -> bool {
    match value {
        Value::Array(items) => {
            let size_ok = match tuple.size {
                Some(size) => size.contains(items.len() as i64),
                None => tuple.types.is_empty() || tuple.types.len() == items.len(),
            };
            size_ok
                && (tuple.types.is_empty()
                    || items.iter().enumerate().all(|(index, item)| {
                        tuple
                            .type_at(index)
                            .is_some_and(|t| is_instance(t, item, guard))
                    }))
        }
        _ => false,
    }
}

/// `Struct[{...}]`: every member present (or optional) and of its type, and no other keys.
fn struct_check(members: &[StructMember], value: &Value, guard: &mut Guard) -> bool {
    match value {
        Value::Hash(entries) => {
            let mut matched = 0;
            let all = members.iter().all(|member| {
                match entries.get(&Value::String(member.name.clone())) {
                    None => member.key_optional,
                    Some(item) => {
                        matched += 1;
                        is_instance(&member.value, item, guard)
                    }
                }
            });
            all && matched == entries.len()
        }
        _ => false,
    }
}

/// An alias: its target, once per (alias, value) pair on the way down (a recursive alias
/// met again with the same value does not match).
fn alias_check(alias: &TypeAlias, value: &Value, guard: &mut Guard) -> bool {
    let key = (alias.id(), value as *const Value as usize);
    if guard.active.contains(&key) {
        return false;
    }
    let Some(target) = alias.target() else {
        return false;
    };
    guard.active.push(key);
    let result = is_instance(&target, value, guard);
    guard.active.pop();
    result
}

fn uri_part_matches(expected: &Value, actual: &Value, guard: &mut Guard) -> bool {
    match expected {
        Value::Type(ty) => is_instance(ty, actual, guard),
        Value::Regexp(regexp) => actual.as_str().is_some_and(|text| regexp.is_match(text)),
        Value::String(text) => actual
            .as_str()
            .is_some_and(|actual| actual.eq_ignore_ascii_case(text)),
        other => crate::value::puppet_equals(other, actual),
    }
}

/// What `Init[T]` accepts: a value of `T`, or arguments `T.new` takes. Without the
/// constructors (a later issue) this is approximated by the single-argument conversions
/// Puppet's core types accept.
fn init_accepts(target: &Type, arguments: &[Value], value: &Value, guard: &mut Guard) -> bool {
    if arguments.is_empty() && is_instance(target, value, guard) {
        return true;
    }
    match target.resolved() {
        Type::Integer(_) | Type::Float(_) | Type::Numeric => {
            matches!(
                value,
                Value::Integer(_)
                    | Value::Float(_)
                    | Value::Boolean(_)
                    | Value::String(_)
                    | Value::Timespan(_)
                    | Value::Timestamp(_)
            ) || matches!(value, Value::Array(items) if items.len() == 1)
        }
        Type::String(_) => true,
        Type::Boolean(_) => matches!(
            value,
            Value::Integer(_) | Value::Float(_) | Value::Boolean(_) | Value::String(_)
        ),
        _ => false,
    }
}

fn is_scalar(value: &Value) -> bool {
    matches!(
        value,
        Value::String(_)
            | Value::Integer(_)
            | Value::Float(_)
            | Value::Boolean(_)
            | Value::Regexp(_)
            | Value::SemVer(_)
            | Value::SemVerRange(_)
            | Value::Timespan(_)
            | Value::Timestamp(_)
    )
}

fn is_data(value: &Value, guard: &mut Guard) -> bool {
    if !guard.enter() {
        return false;
    }
    guard.depth += 1;
    let result = match value {
        Value::Undef
        | Value::String(_)
        | Value::Integer(_)
        | Value::Float(_)
        | Value::Boolean(_) => true,
        Value::Array(items) => items.iter().all(|item| is_data(item, guard)),
        Value::Hash(entries) => entries
            .iter()
            .all(|(key, item)| matches!(key, Value::String(_)) && is_data(item, guard)),
        _ => false,
    };
    guard.depth -= 1;
    result
}

fn is_rich_data(value: &Value, guard: &mut Guard) -> bool {
    if !guard.enter() {
        return false;
    }
    guard.depth += 1;
    let result = match value {
        Value::Array(items) => items.iter().all(|item| is_rich_data(item, guard)),
        Value::Hash(entries) => entries.iter().all(|(key, item)| {
            matches!(key, Value::String(_) | Value::Integer(_) | Value::Float(_))
                && is_rich_data(item, guard)
        }),
        Value::Iterator(_) => false,
        // Every other value kind the engine has is rich data.
        _ => true,
    };
    guard.depth -= 1;
    result
}

/// `Iterable` without element type: strings, collections, non-negative integers, and the
/// iterable types (`Integer[1, 3]`, `Enum[a, b]`).
fn is_iterable_value(value: &Value) -> bool {
    match value {
        Value::String(_) | Value::Array(_) | Value::Hash(_) | Value::Iterator(_) => true,
        Value::Integer(n) => *n >= 0,
        Value::Type(ty) => match ty.resolved() {
            Type::Integer(range) => range.from.is_some() && range.to.is_some(),
            Type::Enum(_) => true,
            _ => false,
        },
        _ => false,
    }
}

/// `Error[kind, issue_code]` on an Error value: each parameter is a String the attribute equals,
/// a Regexp it matches, or a type (`Enum`, `Pattern`, `NotUndef`, `Undef`) it is an instance of;
/// an undef parameter accepts anything.
fn error_parameters_accept(parameters: &[Value], error: &crate::value::ErrorValue) -> bool {
    let attributes = [&error.kind, &error.issue_code];
    parameters
        .iter()
        .zip(attributes)
        .all(|(parameter, attribute)| {
            let value = attribute.clone().map_or(Value::Undef, Value::String);
            match parameter {
                Value::Undef => true,
                Value::String(text) => attribute.as_deref() == Some(&**text),
                Value::Regexp(pattern) => attribute
                    .as_deref()
                    .is_some_and(|text| pattern.is_match(text)),
                Value::Type(ty) => super::instance_of(ty, &value),
                _ => false,
            }
        })
}
