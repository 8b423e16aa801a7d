//! The Puppet type system: every type, instance-of, assignability, inference, generalisation,
//! common types, creation by access (`Integer[1, 10]`), type aliases and mismatch messages.
//!
//! # API for the evaluator
//!
//! | what | call |
//! |---|---|
//! | a bare capitalised name (`Integer`, `File`) | [`Type::from_name`]`(&str) -> Option<Type>`; then [`AliasRegistry::lookup`]; inside `[...]` or an alias body an unknown name is `Type::TypeReference(name)`, elsewhere Puppet's `Resource type not found: Name` |
//! | `Base[args]` | [`parameterize`]`(&Type, &[Value]) -> Result<Type, TypeError>`; `File['a', 'b']`/`File[undef]` give several/none: [`parameterize_many`] -> [`Parameterized`] |
//! | errors | [`TypeError`]: `message`, `argument` (which `[]` argument to point at), [`TypeError::puppet_message`] (`Evaluation Error: ...` where Puppet has that prefix) |
//! | `v =~ T`, parameter checks, `case` | [`instance_of`]`(&Type, &Value) -> bool` |
//! | `T1 <= T2` etc. | [`is_assignable`]`(&T2, &T1) -> bool` (is T1 assignable to T2); `value::puppet_compare` does all four operators for values and types |
//! | `T1 == T2` | [`type_equals`] (also through `value::puppet_equals`) |
//! | `type(v)` | [`infer`] (detailed), [`infer_reduced`] (`'reduced'`), [`infer_generalized`] (`'generalized'`); the playground's "generalized" pane is `infer(v).generalize()` |
//! | generalisation, algebra | [`Type::generalize`], [`common_type`], [`Type::normalize`] |
//! | printing | `Display` is Puppet's `to_s` (`Integer[1, 10]`; an alias prints `A = Integer`), [`Type::to_alias_expanded_string`], [`type_label`] (`Integer-Type`), [`a_an`] |
//! | mismatch messages | [`describe_mismatch`]`(&Type, &Value) -> Option<String>` (`expects an Integer value, got String`, `index 1 expects ...`); the caller adds `'f' parameter 'x' ` or `assert_type(): `; several problems are joined with `"\n "` |
//! | `Integer[1,3].each`, `Enum[a,b].map` | [`iterate_type`]`(&Type, limit) -> Result<Vec<Value>, TypeError>` |
//! | `type Name = ...` | [`AliasRegistry`]: `declare` all names first, evaluate each body (names resolve to `Type::Alias`), `define`, then `check` (`Type alias 'A' cannot be resolved to a real type`) |
//!
//! Not modelled yet: Object/TypeSet beyond printing and simple declarations, instances of
//! `Iterator`, `Callable`, `Deferred`, `Resource` and `Class` (values the evaluator adds), and
//! `Init[T]` beyond the conversions of the core scalar types.

mod alias;
mod assignable;
pub(crate) mod attribute_values;
pub(crate) mod closed_values;
mod common;
mod error;
mod infer;
mod instance;
mod iterate;
mod mismatch;
mod names;
mod normalize;
mod parameterize;
mod per_type;
mod print;
pub(crate) mod resource_types;
#[cfg(feature = "stdlib")]
pub(crate) mod stdlib_resource_types;
#[cfg(feature = "erb")]
pub(crate) mod title_patterns;

use alloc::rc::Rc;
use alloc::vec::Vec;

pub use alias::{AliasRegistry, TypeAlias};
pub use assignable::is_assignable;
pub use common::common_type;
pub use error::TypeError;
pub use infer::{infer, infer_generalized, infer_reduced};
pub use instance::{
    instance_of, instance_of_checked, instance_of_flat, instance_of_small, MatchLimit, SMALL_VISITS,
};
pub use iterate::iterate_type;
pub use mismatch::{argument_mismatch, describe_mismatch, describe_type_mismatch};
pub use names::{a_an, type_label};
pub(crate) use names::{
    builtin_namevar, builtin_resource_type, builtin_type_has, is_builtin_resource_type,
    is_metaparameter, resource_written, AttributeNames,
};
pub(crate) use parameterize::ruby_class;
pub use parameterize::{parameterize, parameterize_many, Parameterized};

use crate::value::{Hash, Regexp, SemVerRange, Timespan, Timestamp, Value};

/// An integer range with open ends (`None`): `Integer[from, to]` and the size of collections.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct IntRange {
    pub from: Option<i64>,
    pub to: Option<i64>,
}

impl IntRange {
    pub const UNBOUNDED: IntRange = IntRange {
        from: None,
        to: None,
    };

    pub fn new(from: Option<i64>, to: Option<i64>) -> IntRange {
        IntRange { from, to }
    }

    pub fn exact(size: i64) -> IntRange {
        IntRange::new(Some(size), Some(size))
    }

    pub fn min(self) -> i128 {
        self.from.map_or(i128::MIN, i128::from)
    }

    pub fn max(self) -> i128 {
        self.to.map_or(i128::MAX, i128::from)
    }

    pub fn contains(self, value: i64) -> bool {
        self.min() <= value as i128 && value as i128 <= self.max()
    }

    /// Whether every number of `other` is in this range.
    pub fn covers(self, other: IntRange) -> bool {
        self.min() <= other.min() && self.max() >= other.max()
    }

    pub fn is_unbounded(self) -> bool {
        self.from.is_none() && self.to.is_none()
    }

    /// Puppet's `to_size`: a size range never goes below 0.
    pub fn to_size(self) -> IntRange {
        if self.min() >= 0 {
            self
        } else {
            IntRange::new(Some(0), self.to.map(|to| to.max(0)))
        }
    }

    /// `size_range` of a collection without a size: `[0, infinity)`.
    pub fn size_or_default(size: Option<IntRange>) -> IntRange {
        size.unwrap_or(IntRange::new(Some(0), None))
    }
}

/// A float range with open ends: `Float[from, to]`.
#[derive(Debug, Clone, Copy, Default)]
pub struct FloatRange {
    pub from: Option<f64>,
    pub to: Option<f64>,
}

impl FloatRange {
    pub fn min(self) -> f64 {
        self.from.unwrap_or(f64::NEG_INFINITY)
    }

    pub fn max(self) -> f64 {
        self.to.unwrap_or(f64::INFINITY)
    }

    pub fn is_unbounded(self) -> bool {
        self.from.is_none() && self.to.is_none()
    }
}

impl PartialEq for FloatRange {
    fn eq(&self, other: &Self) -> bool {
        self.min().to_bits() == other.min().to_bits()
            && self.max().to_bits() == other.max().to_bits()
    }
}

impl Eq for FloatRange {}

impl core::hash::Hash for FloatRange {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.min().to_bits().hash(state);
        self.max().to_bits().hash(state);
    }
}

/// `String[size]`, or the String type of one known value (what inference gives: it prints `String`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct StringType {
    pub size: Option<IntRange>,
    pub value: Option<Rc<str>>,
}

impl StringType {
    /// The size a string of this type has: its range, the length of its value, or `[0, inf)`.
    pub fn derived_size(&self) -> IntRange {
        match (&self.size, &self.value) {
            (Some(size), _) => *size,
            (None, Some(value)) => IntRange::exact(value.chars().count() as i64),
            (None, None) => IntRange::new(Some(0), None),
        }
    }
}

/// `Enum['a', 'b']`: values sorted and unique; optionally case-insensitive.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EnumType {
    pub values: Rc<[Rc<str>]>,
    pub case_insensitive: bool,
}

impl EnumType {
    pub fn new(values: impl IntoIterator<Item = Rc<str>>, case_insensitive: bool) -> EnumType {
        let mut values: Vec<Rc<str>> = values.into_iter().collect();
        crate::sort::sort_by(&mut values, &|a, b| a.cmp(b));
        values.dedup();
        EnumType {
            values: values.into(),
            case_insensitive,
        }
    }

    pub fn matches(&self, text: &str) -> bool {
        if self.case_insensitive {
            self.values
                .iter()
                .any(|value| value.eq_ignore_ascii_case(text))
        } else {
            self.values.iter().any(|value| &**value == text)
        }
    }
}

/// `Tuple[T1, T2, ..., min, max]`; `size: None` means exactly as many elements as types.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct TupleType {
    pub types: Rc<[Type]>,
    pub size: Option<IntRange>,
}

impl TupleType {
    /// Puppet's `size_range`: the given size, or exactly the type count (`[0, inf)` when empty).
    pub fn size_range(&self) -> IntRange {
        match self.size {
            Some(size) => size,
            None if self.types.is_empty() => IntRange::new(Some(0), None),
            None => IntRange::exact(self.types.len() as i64),
        }
    }

    /// The type of element `index` (the last type repeats).
    pub fn type_at(&self, index: usize) -> Option<&Type> {
        self.types.get(index).or_else(|| self.types.last())
    }

    /// The same tuple with `f` applied to each of its types.
    pub(crate) fn map(&self, f: &mut dyn FnMut(&Type) -> Type) -> TupleType {
        TupleType {
            types: self.types.iter().map(f).collect::<Vec<_>>().into(),
            size: self.size,
        }
    }
}

/// One `key => Type` of a Struct. `key_optional` is true for `Optional['a']` keys and for plain
/// keys whose value type accepts undef (Puppet makes those optional).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructMember {
    pub name: Rc<str>,
    pub key_optional: bool,
    pub value: Type,
}

impl StructMember {
    /// The same members with `f` applied to each value type.
    pub(crate) fn map_values(
        members: &[StructMember],
        f: &mut dyn FnMut(&Type) -> Type,
    ) -> Rc<[StructMember]> {
        members
            .iter()
            .map(|member| StructMember {
                name: member.name.clone(),
                key_optional: member.key_optional,
                value: f(&member.value),
            })
            .collect::<Vec<_>>()
            .into()
    }
}

/// `Callable[params..., min, max, block]` or `Callable[[params...], Return]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct CallableType {
    pub params: Option<TupleType>,
    pub block: Option<Type>,
    pub return_type: Option<Type>,
}

/// An Object type known only by name and its printed definition (enough to print and to
/// compare declarations; instances are not modelled yet).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ObjectType {
    pub name: Option<Rc<str>>,
    /// What the type prints as at top level: `Object[{name => 'Foo'}]`.
    pub definition: Rc<str>,
    /// `Error['msg']`-style parameters of a parameterized Object type.
    pub parameters: Rc<[Value]>,
}

/// A Puppet type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Type {
    Any,
    Undef,
    Default,
    /// The type of an empty array's element: assignable to and from everything.
    Unit,
    Data,
    RichData,
    Scalar,
    ScalarData,
    Numeric,
    Boolean(Option<bool>),
    Integer(IntRange),
    Float(FloatRange),
    String(StringType),
    Enum(EnumType),
    Pattern(Rc<[Regexp]>),
    Regexp(Option<Regexp>),
    SemVer(Rc<[SemVerRange]>),
    SemVerRange,
    Timespan(Option<Timespan>, Option<Timespan>),
    Timestamp(Option<Timestamp>, Option<Timestamp>),
    Binary,
    /// `URI[{'scheme' => 'http', ...}]`: part name to a string or a type.
    Uri(Option<Hash>),
    Collection(Option<IntRange>),
    Array(Rc<Type>, Option<IntRange>),
    Hash(Rc<Type>, Rc<Type>, Option<IntRange>),
    Tuple(TupleType),
    Struct(Rc<[StructMember]>),
    Variant(Rc<[Type]>),
    Optional(Option<Rc<Type>>),
    NotUndef(Option<Rc<Type>>),
    Iterable(Option<Rc<Type>>),
    Iterator(Option<Rc<Type>>),
    CatalogEntry,
    /// `Resource[type_name, title]`; `File['x']` is `Resource(Some("File"), Some("x"))`.
    Resource(Option<Rc<str>>, Option<Rc<str>>),
    Class(Option<Rc<str>>),
    Type(Option<Rc<Type>>),
    Callable(Rc<CallableType>),
    /// `Sensitive[T]`; `None` is `Sensitive[Any]`.
    Sensitive(Option<Rc<Type>>),
    Runtime(Option<Rc<str>>, Option<Rc<str>>),
    Init(Option<Rc<Type>>, Rc<[Value]>),
    Deferred,
    Object(Rc<ObjectType>),
    TypeSet,
    /// A capitalised name that resolves to nothing (yet).
    TypeReference(Rc<str>),
    /// A named alias (`type A = ...`), resolved lazily through the registry.
    Alias(TypeAlias),
}

impl Type {
    pub fn integer(from: Option<i64>, to: Option<i64>) -> Type {
        Type::Integer(IntRange::new(from, to))
    }

    pub fn float(from: Option<f64>, to: Option<f64>) -> Type {
        Type::Float(FloatRange { from, to })
    }

    pub fn string() -> Type {
        Type::String(StringType::default())
    }

    /// The type of one string value (prints as `String`).
    pub fn string_value(text: &str) -> Type {
        Type::String(StringType {
            size: None,
            value: Some(Rc::from(text)),
        })
    }

    pub fn array(element: Type) -> Type {
        Type::Array(Rc::new(element), None)
    }

    pub fn array_sized(element: Type, size: IntRange) -> Type {
        Type::Array(Rc::new(element), Some(size))
    }

    pub fn hash_of(key: Type, value: Type) -> Type {
        Type::Hash(Rc::new(key), Rc::new(value), None)
    }

    pub fn tuple(types: Vec<Type>) -> Type {
        Type::Tuple(TupleType {
            types: types.into(),
            size: None,
        })
    }

    pub fn optional(inner: Type) -> Type {
        Type::Optional(Some(Rc::new(inner)))
    }

    pub fn type_of(inner: Type) -> Type {
        Type::Type(Some(Rc::new(inner)))
    }

    /// `Variant[...]` as Puppet's `maybe_create`: nested variants flattened, duplicates removed,
    /// a single member returned as itself. Linear: the inferred key type of a hash with 20,000
    /// integer keys has 20,000 members.
    pub fn variant(types: Vec<Type>) -> Type {
        // The value Hash as an ordered set (its map code is in the module already).
        let mut seen = crate::value::Hash::new();
        for member in types {
            match member {
                Type::Variant(inner) => {
                    for nested in inner.iter() {
                        seen.insert(Value::Type(Rc::new(nested.clone())), Value::Undef);
                    }
                }
                other => seen.insert(Value::Type(Rc::new(other)), Value::Undef),
            }
        }
        let mut flat: Vec<Type> = seen
            .keys()
            .filter_map(|key| match key {
                Value::Type(ty) => Some((**ty).clone()),
                _ => None,
            })
            .collect();
        if flat.len() == 1 {
            flat.pop().unwrap_or(Type::Any)
        } else {
            Type::Variant(flat.into())
        }
    }

    /// A resource type (`File`, `Foo::Bar`), its name capitalised per segment.
    pub fn resource(type_name: &str, title: Option<&str>) -> Type {
        Type::Resource(
            Some(Rc::from(names::capitalize_segments(type_name).as_str())),
            title.map(Rc::from),
        )
    }

    /// The general form of a type, as `type(v, 'generalized')` gives it (ranges and sizes dropped).
    pub fn generalize(&self) -> Type {
        infer::generalize(self)
    }

    /// The type with redundancy removed (`Optional[NotUndef[T]]`, variants merged), as Puppet's
    /// mismatch descriptions use it.
    pub fn normalize(&self) -> Type {
        normalize::normalize(self, 0)
    }

    /// The string form with type aliases expanded (`A = Integer`), as error messages print types.
    pub fn to_alias_expanded_string(&self) -> alloc::string::String {
        print::to_string_expanded(self)
    }

    /// The alias target when this is an alias (following chains), else the type itself.
    pub fn resolved(&self) -> Type {
        let mut current = self.clone();
        for _ in 0..64 {
            match current {
                Type::Alias(ref alias) => match alias.target() {
                    Some(target) => current = target,
                    None => return Type::TypeReference(alias.name_rc()),
                },
                _ => return current,
            }
        }
        current
    }

    pub fn is_alias(&self) -> bool {
        matches!(self, Type::Alias(_))
    }
}

/// Structural equality or mutual assignability: Puppet's `==` on types
/// (`Optional[Integer] == Variant[Integer, Undef]`).
pub fn type_equals(left: &Type, right: &Type) -> bool {
    left == right || (is_assignable(left, right) && is_assignable(right, left))
}

/// Depth limit for recursive checks on deep data and recursive aliases.
pub(crate) const MAX_DEPTH: usize = 256;

#[cfg(test)]
mod tests;
