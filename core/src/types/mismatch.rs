//! Descriptions of why a value does not match a type, in Puppet's words
//! (`expects an Integer value, got String`, `index 1 expects ...`, `entry 'a' expects ...`,
//! `expects size to be 2, got 1`, `unrecognized key 'b'`): Puppet's TypeMismatchDescriber.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::assignable::{data_expansion, rich_data_expansion};
use super::{
    a_an, infer, instance_of, is_assignable, IntRange, StructMember, TupleType, Type, MAX_DEPTH,
};
use crate::value::Value;

/// Why `value` is not an instance of `expected`, or `None` when it is. Several problems are
/// joined with `"\n "` as Puppet does. The caller adds its prefix
/// (`'f' parameter 'x' ` or `assert_type(): `).
pub fn describe_mismatch(expected: &Type, value: &Value) -> Option<String> {
    if instance_of(expected, value) {
        return None;
    }
    Some(describe_type_mismatch(expected, &infer(value)))
}

/// Why a value of type `actual` is not accepted by `expected` (types as `type(v)` infers them).
pub fn describe_type_mismatch(expected: &Type, actual: &Type) -> String {
    let mismatches = describe(expected, actual, &[], 0);
    let lines: Vec<_> = mismatches.iter().map(Mismatch::format).collect();
    crate::text::join(&lines, "\n ")
}

/// A mismatch of an argument against a function's or a lambda's signature: of several problems
/// Puppet keeps the one type mismatch when there is exactly one (its `merge_descriptions`), so
/// `[]` against `Variant[String[1], Array[String[1], 1]]` is only `variant 0 expects a String
/// value, got Array`.
pub fn argument_mismatch(joined: String) -> String {
    let mut types = joined.split("\n ").filter(|line| {
        ![
            "expects size to be ",
            "expects a value for key '",
            "unrecognized key '",
            "references an unresolved type '",
        ]
        .iter()
        .any(|other| line.contains(other))
    });
    match (types.next(), types.next()) {
        (Some(one), None) if one.len() < joined.len() => one.into(),
        _ => joined,
    }
}

#[derive(Debug, Clone, PartialEq)]
enum PathElement {
    Index(usize),
    Entry(Rc<str>),
    EntryKey(Rc<str>),
    Variant(usize),
}

impl PathElement {
    fn text(&self) -> String {
        match self {
            PathElement::Index(index) => format!("index {index}"),
            PathElement::Entry(key) => format!("entry '{key}'"),
            PathElement::EntryKey(key) => format!("key of entry '{key}'"),
            PathElement::Variant(index) => format!("variant {index}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Type {
        expected: Type,
        actual: Type,
    },
    Pattern {
        expected: Type,
        actual: Type,
    },
    Size {
        expected: IntRange,
        actual: IntRange,
    },
    MissingKey(Rc<str>),
    ExtraneousKey(Rc<str>),
    Unresolved(Rc<str>),
}

#[derive(Debug, Clone, PartialEq)]
struct Mismatch {
    path: Vec<PathElement>,
    kind: Kind,
}

fn with(path: &[PathElement], element: PathElement) -> Vec<PathElement> {
    let mut extended = path.to_vec();
    extended.push(element);
    extended
}

impl Mismatch {
    fn type_mismatch(path: &[PathElement], expected: &Type, actual: &Type) -> Mismatch {
        Mismatch {
            path: path.to_vec(),
            kind: Kind::Type {
                expected: expected.normalize(),
                actual: actual.normalize(),
            },
        }
    }

    fn pattern_mismatch(path: &[PathElement], expected: &Type, actual: &Type) -> Mismatch {
        Mismatch {
            path: path.to_vec(),
            kind: Kind::Pattern {
                expected: expected.normalize(),
                actual: actual.normalize(),
            },
        }
    }

    fn size_mismatch(path: &[PathElement], expected: IntRange, actual: IntRange) -> Mismatch {
        Mismatch {
            path: path.to_vec(),
            kind: Kind::Size { expected, actual },
        }
    }

    fn canonical_path(&self) -> Vec<PathElement> {
        self.path
            .iter()
            .filter(|e| !matches!(e, PathElement::Variant(_)))
            .cloned()
            .collect()
    }

    fn format(&self) -> String {
        let position: Vec<String> = self.path.iter().map(PathElement::text).collect();
        let message = self.message();
        if position.is_empty() {
            message
        } else {
            format!("{} {}", crate::text::join(&position, " "), message)
        }
    }

    fn message(&self) -> String {
        match &self.kind {
            Kind::Type { expected, actual } => type_message(expected, actual),
            Kind::Pattern { expected, actual } => {
                let (expected, prefix) = match expected {
                    Type::Optional(Some(inner)) => ((**inner).clone(), "an undef value or "),
                    other => (other.clone(), ""),
                };
                let actual_text = match actual {
                    Type::String(string) if string.value.is_some() => {
                        format!("'{}'", string.value.as_deref().unwrap_or(""))
                    }
                    other => short_name(other),
                };
                format!(
                    "expects {prefix}a match for {}, got {actual_text}",
                    expected.to_alias_expanded_string()
                )
            }
            Kind::Size { expected, actual } => format!(
                "expects size to be {}, got {}",
                range_text(*expected),
                range_text(*actual)
            ),
            Kind::MissingKey(key) => format!("expects a value for key '{key}'"),
            Kind::ExtraneousKey(key) => format!("unrecognized key '{key}'"),
            Kind::Unresolved(name) => format!("references an unresolved type '{name}'"),
        }
    }
}

fn range_text(range: IntRange) -> String {
    let min = range.from.unwrap_or(0).max(0);
    match range.to {
        Some(max) if max == min => format!("{min}"),
        Some(max) if min == 0 => format!("at most {max}"),
        None if min == 0 => "unlimited".into(),
        None => format!("at least {min}"),
        Some(max) => format!("between {min} and {max}"),
    }
}

/// Puppet's `short_name`: `Type[Integer]` for a contained type, else the simple name.
fn short_name(ty: &Type) -> String {
    let contained = match ty {
        Type::Type(inner)
        | Type::NotUndef(inner)
        | Type::Optional(inner)
        | Type::Iterable(inner)
        | Type::Iterator(inner)
        | Type::Sensitive(inner) => inner.as_deref(),
        Type::Init(inner, _) => inner.as_deref(),
        _ => None,
    };
    match contained {
        Some(inner) if *inner != Type::Any => {
            format!("{}[{}]", ty.message_name(), inner.message_name())
        }
        _ => ty.message_name(),
    }
}

fn same_kind(a: &Type, b: &Type) -> bool {
    core::mem::discriminant(a) == core::mem::discriminant(b)
}

/// Aliases, and the built-in aliases `Data` and `RichData`.
fn names_alias(ty: &Type) -> bool {
    matches!(ty, Type::Alias(_) | Type::Data | Type::RichData)
}

/// What an alias finally stands for (`Data` is its Variant).
fn all_resolved(ty: &Type) -> Type {
    match ty.resolved() {
        Type::Data => data_expansion(),
        Type::RichData => rich_data_expansion(),
        other => other,
    }
}

fn always_fully_detailed(expected: &[Type], actual: &Type) -> bool {
    expected.iter().any(|e| {
        same_kind(e, actual)
            || names_alias(e)
            || names_alias(actual)
            || matches!(
                (e, actual),
                (Type::Struct(_), Type::Hash(..)) | (Type::Tuple(_), Type::Array(..))
            )
    })
}

/// The default (unparameterised) type of the same kind.
fn default_of(ty: &Type) -> Type {
    Type::from_name(ty.simple_name()).unwrap_or(Type::Any)
}

fn assignable_to_default(expected: &[Type], actual: &Type) -> bool {
    expected.iter().any(|e| {
        let resolved = e.resolved();
        match resolved {
            Type::Resource(..) => is_assignable(&Type::Resource(None, None), actual),
            Type::Data | Type::RichData | Type::Object(_) | Type::Deferred => {
                is_assignable(&resolved, actual)
            }
            other => is_assignable(&default_of(&other), actual),
        }
    })
}

fn type_message(expected: &Type, actual: &Type) -> String {
    let (expected, optional) = match expected {
        Type::Optional(Some(inner)) => ((**inner).clone(), true),
        other => (other.clone(), false),
    };
    let (expected_list, is_list) = match &expected {
        Type::Variant(members) => (members.to_vec(), true),
        other => (alloc::vec![other.clone()], false),
    };
    let (mut names, actual_text) = if always_fully_detailed(&expected_list, actual)
        || assignable_to_default(&expected_list, actual)
    {
        let resolved: Vec<Type> = expected_list.iter().map(all_resolved).collect();
        let actual_text = if always_fully_detailed(&resolved, actual)
            || resolved
                .iter()
                .any(|e| is_assignable(e, &actual.generalize()))
        {
            actual.to_alias_expanded_string()
        } else {
            actual.simple_name().to_string()
        };
        let names: Vec<String> = expected_list.iter().map(alias_expanded).collect();
        (names, actual_text)
    } else {
        let mut names: Vec<String> = Vec::new();
        for e in &expected_list {
            let name = short_name(e);
            if !names.contains(&name) {
                names.push(name);
            }
        }
        (names, short_name(actual))
    };
    let _ = is_list;
    if optional {
        names.insert(0, "Undef".into());
    }
    let (text, multi) = match names.len() {
        0 => (String::new(), false),
        1 => (names.remove(0), false),
        2 => (format!("{} or {}", names[0], names[1]), true),
        count => (
            format!(
                "{}, or {}",
                crate::text::join(&names[..count - 1], ", "),
                names[count - 1]
            ),
            true,
        ),
    };
    if multi {
        format!("expects a value of type {text}, got {actual_text}")
    } else {
        format!("expects {} value, got {actual_text}", a_an(&text))
    }
}

/// The alias-expanded name, except the built-in aliases `Data` and `RichData`.
fn alias_expanded(ty: &Type) -> String {
    ty.to_alias_expanded_string()
}

fn find_unresolved(ty: &Type, depth: usize) -> Option<Rc<str>> {
    if depth > 32 {
        return None;
    }
    let nested = |inner: &Type| find_unresolved(inner, depth + 1);
    match ty {
        Type::TypeReference(name) => Some(name.clone()),
        Type::Array(element, _) => nested(element),
        Type::Hash(key, value, _) => nested(key).or_else(|| nested(value)),
        Type::Tuple(tuple) => tuple.types.iter().find_map(nested),
        Type::Struct(members) => members.iter().find_map(|m| nested(&m.value)),
        Type::Variant(members) => members.iter().find_map(nested),
        Type::Optional(Some(inner)) | Type::NotUndef(Some(inner)) | Type::Type(Some(inner)) => {
            nested(inner)
        }
        Type::Alias(alias) => match alias.target() {
            Some(target) if depth < 4 => nested(&target),
            _ => None,
        },
        _ => None,
    }
}

fn describe(expected: &Type, actual: &Type, path: &[PathElement], depth: usize) -> Vec<Mismatch> {
    if let Some(name) = find_unresolved(expected, 0) {
        return alloc::vec![Mismatch {
            path: path.to_vec(),
            kind: Kind::Unresolved(name),
        }];
    }
    internal(&expected.normalize(), expected, actual, path, depth)
}

fn internal(
    expected: &Type,
    original: &Type,
    actual: &Type,
    path: &[PathElement],
    depth: usize,
) -> Vec<Mismatch> {
    if depth > MAX_DEPTH {
        return Vec::new();
    }
    let depth = depth + 1;
    match expected {
        Type::Variant(members) => describe_variant(members, original, actual, path, depth),
        Type::Struct(members) => describe_struct(members, original, actual, path, depth),
        Type::Hash(key, value, size) => {
            describe_hash(key, value, *size, original, actual, path, depth)
        }
        Type::Tuple(tuple) => describe_tuple(tuple, original, actual, path, depth),
        Type::Array(element, size) => describe_array(element, *size, original, actual, path, depth),
        Type::Optional(inner) => {
            if matches!(actual, Type::Undef) {
                return Vec::new();
            }
            match inner {
                None => Vec::new(),
                Some(inner) => {
                    let original = if names_alias(original) {
                        original
                    } else {
                        expected
                    };
                    internal(inner, original, actual, path, depth)
                }
            }
        }
        Type::Pattern(_) | Type::Enum(_) => {
            alloc::vec![Mismatch::pattern_mismatch(path, original, actual)]
        }
        Type::Alias(alias) => match alias.target() {
            Some(target) => internal(&target.normalize(), expected, actual, path, depth),
            None => alloc::vec![Mismatch::type_mismatch(path, original, actual)],
        },
        Type::Data => internal(&data_expansion().normalize(), expected, actual, path, depth),
        Type::RichData => internal(
            &rich_data_expansion().normalize(),
            expected,
            actual,
            path,
            depth,
        ),
        _ => {
            if is_assignable(expected, actual) {
                Vec::new()
            } else {
                alloc::vec![Mismatch::type_mismatch(path, original, actual)]
            }
        }
    }
}

fn describe_variant(
    members: &[Type],
    original: &Type,
    actual: &Type,
    path: &[PathElement],
    depth: usize,
) -> Vec<Mismatch> {
    let mut types: Vec<Type> = members.to_vec();
    if matches!(original, Type::Optional(_)) {
        types.insert(0, Type::Undef);
    }
    let mut variant_descriptions: Vec<Vec<Mismatch>> = Vec::new();
    for (index, member) in types.iter().enumerate() {
        let descriptions = describe(
            member,
            actual,
            &with(path, PathElement::Variant(index)),
            depth,
        );
        if descriptions.is_empty() {
            return Vec::new();
        }
        variant_descriptions.push(descriptions);
    }
    let descriptions = merge_descriptions(path.len(), &variant_descriptions);
    if names_alias(original) && descriptions.len() == 1 {
        alloc::vec![Mismatch::type_mismatch(path, original, actual)]
    } else {
        descriptions
    }
}

fn merge_descriptions(
    varying_position: usize,
    variant_descriptions: &[Vec<Mismatch>],
) -> Vec<Mismatch> {
    let mut descriptions: Vec<Mismatch> = variant_descriptions.iter().flatten().cloned().collect();
    let count = variant_descriptions.len();
    let sizes: Vec<&Mismatch> = descriptions
        .iter()
        .filter(|d| matches!(d.kind, Kind::Size { .. }))
        .collect();
    let types: Vec<&Mismatch> = descriptions
        .iter()
        .filter(|d| matches!(d.kind, Kind::Type { .. } | Kind::Pattern { .. }))
        .collect();
    let merged = if sizes.len() == count {
        merge_all(&sizes)
    } else if types.len() == count {
        merge_all(&types)
    } else {
        None
    };
    if let Some(merged) = merged {
        descriptions = alloc::vec![merged];
    }
    let mut unique: Vec<Mismatch> = Vec::new();
    for description in descriptions {
        if !unique.iter().any(|u| {
            u.kind == description.kind && u.canonical_path() == description.canonical_path()
        }) {
            unique.push(description);
        }
    }
    if unique.len() == 1 {
        let mut only = unique.remove(0);
        if varying_position < only.path.len() {
            only.path.remove(varying_position);
        }
        alloc::vec![only]
    } else {
        unique
    }
}

fn merge_all(mismatches: &[&Mismatch]) -> Option<Mismatch> {
    let first = (*mismatches.first()?).clone();
    let canonical = first.canonical_path();
    let mut result = first;
    for next in &mismatches[1..] {
        if next.canonical_path() != canonical {
            return None;
        }
        result.kind = match (&result.kind, &next.kind) {
            (
                Kind::Size {
                    expected: a,
                    actual,
                },
                Kind::Size { expected: b, .. },
            ) => Kind::Size {
                expected: IntRange::new(
                    if a.min() <= b.min() { a.from } else { b.from },
                    if a.max() >= b.max() { a.to } else { b.to },
                ),
                actual: *actual,
            },
            (
                Kind::Type {
                    expected: a,
                    actual,
                }
                | Kind::Pattern {
                    expected: a,
                    actual,
                },
                Kind::Type { expected: b, .. } | Kind::Pattern { expected: b, .. },
            ) => {
                let expected = Type::variant(alloc::vec![a.clone(), b.clone()]).normalize();
                match result.kind {
                    Kind::Pattern { .. } => Kind::Pattern {
                        expected,
                        actual: actual.clone(),
                    },
                    _ => Kind::Type {
                        expected,
                        actual: actual.clone(),
                    },
                }
            }
            _ => return None,
        };
    }
    Some(result)
}

fn hash_of(key: &Type, value: &Type) -> Type {
    Type::hash_of(key.clone(), value.clone())
}

/// What makes `actual` unfit for `expected` at `path` and then `at`; nothing when it fits.
fn describe_unfit(
    expected: &Type,
    actual: &Type,
    path: &[PathElement],
    at: PathElement,
    depth: usize,
) -> Vec<Mismatch> {
    if is_assignable(expected, actual) {
        Vec::new()
    } else {
        describe(expected, actual, &with(path, at), depth)
    }
}

/// A collection of `actual_size` against `original`, which wants `expected_size`: the sizes when
/// they differ, else the whole collection (`unsized_actual`, its type without a size).
fn collection_mismatch(
    path: &[PathElement],
    original: &Type,
    unsized_actual: &Type,
    expected_size: IntRange,
    actual_size: IntRange,
) -> Vec<Mismatch> {
    if expected_size.covers(actual_size) {
        alloc::vec![Mismatch::type_mismatch(path, original, unsized_actual)]
    } else {
        alloc::vec![Mismatch::size_mismatch(path, expected_size, actual_size)]
    }
}

fn describe_array(
    element: &Type,
    size: Option<IntRange>,
    original: &Type,
    actual: &Type,
    path: &[PathElement],
    depth: usize,
) -> Vec<Mismatch> {
    match actual {
        Type::Tuple(tuple) => {
            let expected_size = IntRange::size_or_default(size);
            let actual_size = tuple
                .size
                .unwrap_or(IntRange::exact(tuple.types.len() as i64));
            if expected_size.covers(actual_size) {
                let mut descriptions = Vec::new();
                for (index, ty) in tuple.types.iter().enumerate() {
                    let at = PathElement::Index(index);
                    descriptions.extend(describe_unfit(element, ty, path, at, depth));
                }
                descriptions
            } else {
                alloc::vec![Mismatch::size_mismatch(path, expected_size, actual_size)]
            }
        }
        Type::Array(actual_element, actual_size) => collection_mismatch(
            path,
            original,
            &Type::array((**actual_element).clone()),
            size.unwrap_or_default(),
            IntRange::size_or_default(*actual_size),
        ),
        _ => alloc::vec![Mismatch::type_mismatch(path, original, actual)],
    }
}

#[allow(clippy::too_many_arguments)]
fn describe_hash(
    key: &Type,
    value: &Type,
    size: Option<IntRange>,
    original: &Type,
    actual: &Type,
    path: &[PathElement],
    depth: usize,
) -> Vec<Mismatch> {
    match actual {
        Type::Struct(members) => {
            let expected_size = IntRange::size_or_default(size);
            let required = members.iter().filter(|m| !m.key_optional).count() as i64;
            let actual_size = IntRange::new(Some(required), Some(members.len() as i64));
            if expected_size.covers(actual_size) {
                let mut descriptions = Vec::new();
                for member in members.iter() {
                    let key_type = Type::string_value(&member.name);
                    let at = PathElement::EntryKey(member.name.clone());
                    descriptions.extend(describe_unfit(key, &key_type, path, at, depth));
                    let at = PathElement::Entry(member.name.clone());
                    descriptions.extend(describe_unfit(value, &member.value, path, at, depth));
                }
                descriptions
            } else {
                alloc::vec![Mismatch::size_mismatch(path, expected_size, actual_size)]
            }
        }
        Type::Hash(actual_key, actual_value, actual_size) => collection_mismatch(
            path,
            original,
            &hash_of(actual_key, actual_value),
            size.unwrap_or_default(),
            IntRange::size_or_default(*actual_size),
        ),
        _ => alloc::vec![Mismatch::type_mismatch(path, original, actual)],
    }
}

fn describe_struct(
    members: &[StructMember],
    original: &Type,
    actual: &Type,
    path: &[PathElement],
    depth: usize,
) -> Vec<Mismatch> {
    match actual {
        Type::Struct(actual_members) => {
            let mut remaining: Vec<&StructMember> = actual_members.iter().collect();
            let mut descriptions = Vec::new();
            for member in members {
                match remaining.iter().position(|m| m.name == member.name) {
                    None => {
                        if !member.key_optional {
                            descriptions.push(Mismatch {
                                path: path.to_vec(),
                                kind: Kind::MissingKey(member.name.clone()),
                            });
                        }
                    }
                    Some(index) => {
                        let other = remaining.remove(index);
                        if !member.key_optional && other.key_optional {
                            descriptions.push(Mismatch::type_mismatch(
                                &with(path, PathElement::EntryKey(member.name.clone())),
                                &Type::string_value(&member.name),
                                &Type::optional(Type::string_value(&member.name)),
                            ));
                        }
                        let at = PathElement::Entry(member.name.clone());
                        let unfit = describe_unfit(&member.value, &other.value, path, at, depth);
                        descriptions.extend(unfit);
                    }
                }
            }
            for extra in remaining {
                descriptions.push(Mismatch {
                    path: path.to_vec(),
                    kind: Kind::ExtraneousKey(extra.name.clone()),
                });
            }
            descriptions
        }
        Type::Hash(key, value, size) => {
            let required = members.iter().filter(|m| !m.key_optional).count() as i64;
            let expected_size = IntRange::new(Some(required), Some(members.len() as i64));
            let actual_size = IntRange::size_or_default(*size);
            collection_mismatch(
                path,
                original,
                &hash_of(key, value),
                expected_size,
                actual_size,
            )
        }
        _ => alloc::vec![Mismatch::type_mismatch(path, original, actual)],
    }
}

fn describe_tuple(
    tuple: &TupleType,
    original: &Type,
    actual: &Type,
    path: &[PathElement],
    depth: usize,
) -> Vec<Mismatch> {
    if let Type::Tuple(other) = actual {
        if other == tuple {
            return Vec::new();
        }
    }
    if tuple.types.is_empty() && matches!(actual, Type::Array(..)) {
        return Vec::new();
    }
    let expected_size = tuple.size_range();
    match actual {
        Type::Tuple(other) => {
            let actual_size = other.size_range();
            if !expected_size.covers(actual_size) {
                return alloc::vec![Mismatch::size_mismatch(path, expected_size, actual_size)];
            }
            let mut descriptions = Vec::new();
            if !tuple.types.is_empty() {
                for (index, ty) in other.types.iter().enumerate() {
                    let expected_index = index.min(tuple.types.len() - 1);
                    descriptions.extend(describe(
                        &tuple.types[expected_index],
                        ty,
                        &with(path, PathElement::Index(expected_index)),
                        depth,
                    ));
                }
            }
            descriptions
        }
        Type::Array(element, size) => {
            let actual_size = IntRange::size_or_default(*size);
            if !expected_size.covers(actual_size) {
                return alloc::vec![Mismatch::size_mismatch(path, expected_size, actual_size)];
            }
            let mut descriptions = Vec::new();
            for (index, ty) in tuple.types.iter().enumerate() {
                descriptions.extend(describe(
                    ty,
                    element,
                    &with(path, PathElement::Index(index)),
                    depth,
                ));
            }
            descriptions
        }
        _ => alloc::vec![Mismatch::type_mismatch(path, original, actual)],
    }
}
