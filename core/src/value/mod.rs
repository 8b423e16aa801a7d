//! Runtime values of the Puppet language: the `Value` enum, its containers and its string forms.
//!
//! Values are immutable and cheap to clone: strings and containers sit behind `Rc`.
//! Rust's `PartialEq`/`Eq`/`Hash` on [`Value`] are *strict* (what hash keys use: `1` and `1.0`
//! are different keys, so are `'a'` and `'A'`); Puppet's `==` is [`puppet_equals`] and its
//! ordering (`<`, `<=`, ...) is [`puppet_compare`].
//!
//! Adding a variant (the evaluator will add callables): extend the enum below, then the `match`es in `strict.rs` (equality/hash), `display.rs` (string forms),
//! `equality.rs`/`compare.rs` (Puppet operators) and `types/infer.rs` + `types/instance.rs`.

/// What both shared containers (`Array` and `Hash`, a `Rc` of their entries) answer about their
/// storage.
macro_rules! shared_storage {
    ($name:ident) => {
        impl $name {
            /// Which shared storage this value is (equal for copies of one value): what Ruby's
            /// object identity is for the object Puppet passes, as `to_yaml`'s anchors need it.
            pub(crate) fn identity(&self) -> usize {
                Rc::as_ptr(&self.0) as *const () as usize
            }

            pub fn len(&self) -> usize {
                self.0.len()
            }

            pub fn is_empty(&self) -> bool {
                self.0.is_empty()
            }

            /// Whether `other` is this very container (the same entries in memory, not equal
            /// ones).
            pub fn same_object(&self, other: &$name) -> bool {
                Rc::ptr_eq(&self.0, &other.0)
            }

            /// Whether another value holds the same entries (changing this one would copy them).
            pub fn is_shared(&self) -> bool {
                Rc::strong_count(&self.0) > 1
            }
        }
    };
}

mod array;
mod big_decimal;
mod binary;
pub(crate) mod case;
mod case_tables;
mod compare;
mod deferred;
mod digits;
mod display;
pub(crate) use display::truncate_after;
mod drop;
mod eq_walk;
mod equality;
mod error_value;
pub(crate) mod float_digits;
mod float_format;
pub(crate) mod float_math;
mod float_parse;
mod hash;
mod iterator;
pub(crate) mod json;
mod quote;
mod regexp;
mod ruby_text;
mod semver;
mod semver_range;
mod size;
mod strict;
mod time;
mod time_format;
mod uri;
mod uri_resolve;

use alloc::rc::Rc;

pub use crate::regex::RegexError;
pub use array::Array;
pub use binary::Binary;
pub use compare::{order, puppet_compare, value_label, CompareError};
pub use deferred::{valid_deferred_name, Deferred};
pub(crate) use digits::{parse_count, parse_digits};
pub(crate) use display::push_integer;
pub use display::{
    interpolate, interpolate_into, programmatic, programmatic_prefix, to_string_default,
    write_programmatic, StringForm,
};
pub use equality::puppet_equals;
pub(crate) use equality::whole_float_as_integer;
pub use error_value::ErrorValue;
pub use float_format::format_float;
pub use float_parse::{parse_f64, ruby_to_f};
pub use hash::Hash;
pub use iterator::{ElementSource, IteratorValue};
pub(crate) use quote::write_double_quoted;
pub use quote::{puppet_double_quote, puppet_quote, ruby_json_string};
pub use regexp::Regexp;
#[cfg(feature = "erb")]
pub(crate) use ruby_text::write_ruby_string_inspect;
pub(crate) use ruby_text::{ruby_inspect, ruby_string_inspect, ruby_to_s};
pub use semver::{SemVer, SemVerError};
pub use semver_range::SemVerRange;
pub use size::{measure, TooLarge};
pub use time::{TimeParseError, Timespan, Timestamp};
pub(crate) use time_format::{civil_from_days, days_from_civil, numeric_zone_offset};
pub use uri::Uri;

use crate::types::Type;

/// A Puppet value.
#[derive(Debug, Clone)]
pub enum Value {
    Undef,
    /// The `default` literal.
    Default,
    Boolean(bool),
    Integer(i64),
    Float(f64),
    String(Rc<str>),
    Regexp(Regexp),
    Array(Array),
    /// An insertion-ordered hash.
    Hash(Hash),
    /// A type used as a value (`Integer[1, 2]`).
    Type(Rc<Type>),
    /// A value whose content is never printed.
    Sensitive(Rc<Value>),
    SemVer(Rc<SemVer>),
    SemVerRange(Rc<SemVerRange>),
    Timespan(Timespan),
    Timestamp(Timestamp),
    Binary(Binary),
    Uri(Rc<Uri>),
    /// An object of Puppet's implementation that a program can hold but not look into (a
    /// collector): its Ruby class and how it prints.
    Runtime(Rc<(Rc<str>, Rc<str>)>),
    /// What `reverse_each`/`step` give without a lambda.
    Iterator(Rc<IteratorValue>),
    Deferred(Rc<Deferred>),
    /// An instance of Puppet's `Error` object type.
    Error(Rc<ErrorValue>),
    // The evaluator adds here: callables (lambdas and functions).
}

impl Value {
    /// A string value.
    pub fn string(text: &str) -> Value {
        Value::String(Rc::from(text))
    }

    /// A type value.
    pub fn from_type(ty: Type) -> Value {
        Value::Type(Rc::new(ty))
    }

    /// An array value.
    pub fn array(items: alloc::vec::Vec<Value>) -> Value {
        Value::Array(Array::from(items))
    }

    pub fn is_undef(&self) -> bool {
        matches!(self, Value::Undef)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(text) => Some(text),
            _ => None,
        }
    }

    pub fn as_type(&self) -> Option<&Type> {
        match self {
            Value::Type(ty) => Some(ty),
            _ => None,
        }
    }
}

impl From<bool> for Value {
    fn from(value: bool) -> Self {
        Value::Boolean(value)
    }
}

impl From<i64> for Value {
    fn from(value: i64) -> Self {
        Value::Integer(value)
    }
}

impl From<f64> for Value {
    fn from(value: f64) -> Self {
        Value::Float(value)
    }
}

impl From<&str> for Value {
    fn from(value: &str) -> Self {
        Value::string(value)
    }
}

impl From<Type> for Value {
    fn from(value: Type) -> Self {
        Value::from_type(value)
    }
}
