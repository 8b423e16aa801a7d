//! Names of types: the bare capitalised names Puppet knows, labels for messages, articles.

use core::cmp::Ordering;

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::{CallableType, ObjectType, Type};
use crate::value::Value;

/// Whether `name` (lower-cased) is a resource type built into Puppet 7 (`file`, `notify`, ...).
pub(crate) fn is_builtin_resource_type(name: &str) -> bool {
    builtin_resource_type(name).is_some()
}

/// A built-in resource type (lower-cased name): its key attributes (sorted by name), whether
/// it is isomorphic, and its other parameters and properties (`resource_types.rs`).
pub(crate) fn builtin_resource_type(name: &str) -> Option<(&'static str, bool, &'static str)> {
    // Lengths first: most are told apart without comparing their bytes.
    let found = super::resource_types::RESOURCE_TYPES
        .iter()
        .find(|(type_name, ..)| type_name.len() == name.len() && *type_name == name);
    // stdlib's `file_line` and `anchor`, with the stdlib functions.
    #[cfg(feature = "stdlib")]
    let found = found.or_else(|| {
        super::stdlib_resource_types::STDLIB_RESOURCE_TYPES
            .iter()
            .find(|(type_name, ..)| *type_name == name)
    });
    found.map(|&(_, keys, isomorphic, others)| (keys, isomorphic, others))
}

/// Whether `name` is one of Puppet's metaparameters (`tag`, `before`, `noop`, ...): the words of
/// `resource_types::METAPARAMETERS`, matched without splitting that list (a compile asks for
/// every attribute of every resource).
pub(crate) fn is_metaparameter(name: &str) -> bool {
    matches!(
        name,
        "noop"
            | "schedule"
            | "audit"
            | "loglevel"
            | "alias"
            | "tag"
            | "require"
            | "subscribe"
            | "before"
            | "notify"
            | "stage"
    )
}

/// Whether built-in resource type `type_name` (lower-cased) has attribute `name`: `Some(false)`
/// where Puppet says "no parameter named ...", `None` for a type that is not built in.
pub(crate) fn builtin_type_has(type_name: &str, name: &str) -> Option<bool> {
    let (keys, _, others) = builtin_resource_type(type_name)?;
    Some(name == "name" || is_metaparameter(name) || has_word(keys, name) || has_word(others, name))
}

/// Built-in resource types' attribute names (with `name` and the metaparameters), split and
/// sorted once per type and run: a compile checks every resource's attributes against them.
#[derive(Default)]
pub(crate) struct AttributeNames {
    /// Each type's names, sorted; `None` for a type that is not built in.
    types: super::per_type::PerType<Option<Vec<&'static str>>>,
}

impl AttributeNames {
    /// The attribute names of built-in type `type_name` ([`builtin_type_has`] from its sorted
    /// names), found once for all of a resource's attributes; `None` for a type that is not
    /// built in.
    pub(crate) fn of(&mut self, type_name: &str) -> Option<TypeAttributes<'_>> {
        let names = self.types.get_or_make(type_name, || {
            let (keys, _, others) = builtin_resource_type(type_name)?;
            let mut names: Vec<&'static str> = keys
                .split(' ')
                .chain(others.split(' '))
                .chain(super::resource_types::METAPARAMETERS.split(' '))
                .chain(core::iter::once("name"))
                .collect();
            crate::sort::sort_by(&mut names, &|a, b| by_length(a, b));
            Some(names)
        })?;
        Some(TypeAttributes(names.as_deref()?))
    }
}

/// One built-in type's attribute names, sorted ([`AttributeNames::of`]).
#[derive(Clone, Copy)]
pub(crate) struct TypeAttributes<'a>(&'a [&'static str]);

impl TypeAttributes<'_> {
    /// Whether the type has attribute `name`.
    pub(crate) fn has(self, name: &str) -> bool {
        self.0
            .binary_search_by(|known| by_length(known, name))
            .is_ok()
    }
}

/// The order of a type's attribute names: by length, then bytes (most steps of a search are
/// decided by the lengths alone, most others by the first bytes).
fn by_length(a: &str, b: &str) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| crate::name_order::cmp_names(a, b))
}

/// The resource type `lower` (a name lower-cased), written `name`: a name written as Puppet
/// spells the type (`Package`, `Mymod::Thing`: each segment's first letter capitalized, no other)
/// is the type's name as it stands, not capitalized again from the lower-cased one.
pub(crate) fn resource_written(name: &str, lower: &str) -> Type {
    let spelled = name.is_ascii()
        && crate::qualified::segments(name).all(|segment| {
            (segment.as_bytes().split_first()).is_some_and(|(first, rest)| {
                first.is_ascii_uppercase() && !rest.iter().any(u8::is_ascii_uppercase)
            })
        });
    if spelled {
        Type::Resource(Some(Rc::from(name)), None)
    } else {
        Type::resource(lower, None)
    }
}

/// The namevar of a built-in resource type (`exec`: `command`; a composite key's is `name`).
pub(crate) fn builtin_namevar(type_name: &str) -> Option<&'static str> {
    let (keys, _, _) = builtin_resource_type(type_name)?;
    Some(if keys.contains(' ') { "name" } else { keys })
}

/// Whether `word` is one of the space-separated words of `list`.
fn has_word(list: &str, word: &str) -> bool {
    list.split(' ').any(|w| w == word)
}

pub(crate) const DEFERRED_DEFINITION: &str = "Object[{name => 'Deferred', attributes => {'name' => Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/], 'arguments' => {type => Optional[Array], value => undef}}}]";
const ERROR_DEFINITION: &str = "Object[{name => 'Error', type_parameters => {'kind' => Variant[String, Regexp, Type[Enum], Type[Pattern], Type[NotUndef], Type[Undef]], 'issue_code' => Variant[String, Regexp, Type[Enum], Type[Pattern], Type[NotUndef], Type[Undef]]}, attributes => {'msg' => String[1], 'kind' => {type => Optional[String[1]], value => undef}, 'details' => {type => Optional[Hash[String[1], Data]], value => undef}, 'issue_code' => {type => Optional[String[1]], value => undef}}, functions => {'message' => Callable[[0, 0], String[1]]}}]";
pub(crate) const TYPESET_DEFINITION: &str = "TypeSet[{pcore_uri => 'http://puppet.com/2016.1/pcore', pcore_version => '1.0.0', name_authority => 'http://puppet.com/2016.1/runtime', name => 'DefaultTypeSet', version => '0.0.0'}]";

impl Type {
    /// The type a bare capitalised name stands for (`Integer`, `String`, `File`), matched
    /// case-insensitively as Puppet does (`INTEGER` is `Integer`). `None` for unknown names:
    /// the caller looks for an alias, else reports `Resource type not found`.
    pub fn from_name(name: &str) -> Option<Type> {
        let mut buffer: crate::value::case::NameBuffer = [0; 64];
        let lower = crate::value::case::ascii_lowercase_in(name, &mut buffer);
        // Resource types first: most names resolved in a compile are references (`Package['x']`),
        // those of the types below are most often found in the type cache; no name is both.
        if is_builtin_resource_type(&lower) {
            return Some(resource_written(name, &lower));
        }
        let ty = match &*lower {
            "any" => Type::Any,
            "undef" => Type::Undef,
            "default" => Type::Default,
            "unit" => Type::Unit,
            "data" => Type::Data,
            "richdata" => Type::RichData,
            "scalar" => Type::Scalar,
            "scalardata" => Type::ScalarData,
            "numeric" => Type::Numeric,
            "integer" => Type::integer(None, None),
            "float" => Type::float(None, None),
            "string" => Type::string(),
            "enum" => Type::Enum(super::EnumType::new(Vec::new(), false)),
            "pattern" => Type::Pattern(Rc::from(Vec::new())),
            "boolean" => Type::Boolean(None),
            "regexp" => Type::Regexp(None),
            "semver" => Type::SemVer(Rc::from(Vec::new())),
            "semverrange" => Type::SemVerRange,
            "timespan" => Type::Timespan(None, None),
            "timestamp" => Type::Timestamp(None, None),
            "binary" => Type::Binary,
            "uri" => Type::Uri(None),
            "collection" => Type::Collection(None),
            "array" => Type::Array(Rc::new(Type::Any), None),
            "hash" => Type::Hash(Rc::new(Type::Any), Rc::new(Type::Any), None),
            "tuple" => Type::Tuple(super::TupleType::default()),
            "struct" => Type::Struct(Rc::from(Vec::new())),
            "variant" => Type::Variant(Rc::from(Vec::new())),
            "optional" => Type::Optional(None),
            "notundef" => Type::NotUndef(None),
            "iterable" => Type::Iterable(None),
            "iterator" => Type::Iterator(None),
            "catalogentry" => Type::CatalogEntry,
            "resource" => Type::Resource(None, None),
            "class" => Type::Class(None),
            "type" => Type::Type(None),
            "callable" => Type::Callable(Rc::new(CallableType::default())),
            "sensitive" => Type::Sensitive(None),
            "runtime" => Type::Runtime(None, None),
            "init" => Type::Init(None, Rc::from(Vec::new())),
            "deferred" => Type::Deferred,
            "object" => Type::Object(Rc::new(ObjectType {
                name: None,
                definition: Rc::from("Object[{}]"),
                parameters: Rc::from(Vec::<Value>::new()),
            })),
            "error" => Type::Object(Rc::new(ObjectType {
                name: Some(Rc::from("Error")),
                definition: Rc::from(ERROR_DEFINITION),
                parameters: Rc::from(Vec::<Value>::new()),
            })),
            "typeset" => Type::TypeSet,
            _ => return None,
        };
        Some(ty)
    }

    /// The type of an Error value: `Error[kind, issue_code]` (undef where unset).
    pub(crate) fn error_of(error: &crate::value::ErrorValue) -> Type {
        let text = |part: &Option<Rc<str>>| part.clone().map_or(Value::Undef, Value::String);
        Type::Object(Rc::new(ObjectType {
            name: Some(Rc::from("Error")),
            definition: Rc::from(ERROR_DEFINITION),
            parameters: Rc::from(alloc::vec![text(&error.kind), text(&error.issue_code)]),
        }))
    }

    /// Puppet's `simple_name`: the type's name without parameters (`Integer`, `Struct`, `Array`).
    pub fn simple_name(&self) -> &'static str {
        match self {
            Type::Any => "Any",
            Type::Undef => "Undef",
            Type::Default => "Default",
            Type::Unit => "Unit",
            Type::Data => "Data",
            Type::RichData => "RichData",
            Type::Scalar => "Scalar",
            Type::ScalarData => "ScalarData",
            Type::Numeric => "Numeric",
            Type::Boolean(_) => "Boolean",
            Type::Integer(_) => "Integer",
            Type::Float(_) => "Float",
            Type::String(_) => "String",
            Type::Enum(_) => "Enum",
            Type::Pattern(_) => "Pattern",
            Type::Regexp(_) => "Regexp",
            Type::SemVer(_) => "SemVer",
            Type::SemVerRange => "SemVerRange",
            Type::Timespan(..) => "Timespan",
            Type::Timestamp(..) => "Timestamp",
            Type::Binary => "Binary",
            Type::Uri(_) => "URI",
            Type::Collection(_) => "Collection",
            Type::Array(..) => "Array",
            Type::Hash(..) => "Hash",
            Type::Tuple(_) => "Tuple",
            Type::Struct(_) => "Struct",
            Type::Variant(_) => "Variant",
            Type::Optional(_) => "Optional",
            Type::NotUndef(_) => "NotUndef",
            Type::Iterable(_) => "Iterable",
            Type::Iterator(_) => "Iterator",
            Type::CatalogEntry => "CatalogEntry",
            Type::Resource(..) => "Resource",
            Type::Class(_) => "Class",
            Type::Type(_) => "Type",
            Type::Callable(_) => "Callable",
            Type::Sensitive(_) => "Sensitive",
            Type::Runtime(..) => "Runtime",
            Type::Init(..) => "Init",
            Type::Deferred => "Deferred",
            Type::Object(_) => "Object",
            Type::TypeSet => "TypeSet",
            Type::TypeReference(_) => "TypeReference",
            Type::Alias(_) => "TypeAlias",
        }
    }

    /// Puppet's `name` of a type for messages: an alias, object or named type's own name.
    pub(crate) fn message_name(&self) -> String {
        match self {
            Type::Alias(alias) => alias.name().into(),
            Type::Object(object) => match &object.name {
                Some(name) => String::from(&**name),
                None => "Object".into(),
            },
            Type::Data => "Data".into(),
            Type::RichData => "RichData".into(),
            other => other.simple_name().into(),
        }
    }
}

/// How Puppet labels a type in operator errors: `Integer-Type`, `File['x'] Resource-Reference`.
pub fn type_label(ty: &Type) -> String {
    match ty {
        Type::Resource(Some(_), Some(_)) => format!("{ty} Resource-Reference"),
        _ => format!("{ty}-Type"),
    }
}

/// `a`/`an` before a word, as Puppet chooses it (`an Integer`, `an URI`, `a String`).
pub fn a_an(text: &str) -> String {
    let mut letters = text.chars().skip_while(|c| *c == '"' || *c == '\'');
    let first = letters.next().map(|c| c.to_ascii_lowercase());
    let article = match first {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'y') => "an",
        _ => "a",
    };
    format!("{article} {text}")
}

/// `foo::bar` to `Foo::Bar` (names already starting with a capital stay as they are).
pub(crate) fn capitalize_segments(name: &str) -> String {
    if name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return name.into();
    }
    let mut out = String::with_capacity(name.len());
    for (at, segment) in crate::qualified::segments(name).enumerate() {
        if at > 0 {
            out.push_str("::");
        }
        crate::value::case::capitalize_into(&mut out, segment);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resource_type_is_named_as_puppet_spells_it_however_written() {
        for written in [
            "Package",
            "PACKAGE",
            "package",
            "PAckage",
            "PackagE",
            "Ssh_authorized_key",
        ] {
            let expected = capitalize_segments(&written.to_ascii_lowercase());
            assert_eq!(
                Type::from_name(written),
                Some(Type::Resource(Some(Rc::from(expected.as_str())), None)),
                "{written}"
            );
        }
        assert_eq!(Type::from_name("Packages"), None);
        for written in [
            "Mymod::Thing",
            "MyMod::Thing",
            "mymod::thing",
            "Mymod::",
            "Ä::Thing",
            "::Thing",
        ] {
            let lower = written.to_ascii_lowercase();
            assert_eq!(
                resource_written(written, &lower),
                Type::resource(&lower, None),
                "{written}"
            );
        }
    }

    #[test]
    fn the_metaparameters_matched_are_those_listed() {
        let listed: Vec<&str> = super::super::resource_types::METAPARAMETERS
            .split(' ')
            .collect();
        for word in &listed {
            assert!(is_metaparameter(word), "{word}");
        }
        for other in ["", "name", "notif", "notifyx", "Notify", "ensure"] {
            assert!(!is_metaparameter(other), "{other}");
        }
        assert_eq!(listed.len(), 11);
    }

    #[test]
    fn the_built_in_types_are_found() {
        let types = super::super::resource_types::RESOURCE_TYPES;
        assert!(types.windows(2).all(|pair| pair[0].0 < pair[1].0));
        assert_eq!(
            builtin_resource_type("file_line").is_some(),
            cfg!(feature = "stdlib")
        );
        for (name, keys, ..) in types {
            assert_eq!(
                builtin_resource_type(name).map(|found| found.0),
                Some(*keys)
            );
        }
        for other in ["", "aaa", "zzz", "files", "m::file", "File"] {
            assert!(builtin_resource_type(other).is_none(), "{other}");
        }
    }

    #[test]
    fn a_types_sorted_names_answer_as_the_lists_do() {
        let mut names = AttributeNames::default();
        for type_name in ["file", "exec", "package", "notify", "user", "file"] {
            let of = names.of(type_name).expect("a built-in type");
            for name in [
                "ensure", "name", "command", "path", "message", "tag", "before", "x", "",
            ] {
                assert_eq!(
                    Some(of.has(name)),
                    builtin_type_has(type_name, name),
                    "{type_name} {name}"
                );
            }
        }
        assert!(names.of("m::site").is_none());
        assert!(names.of("no_such_type").is_none());
    }
}
