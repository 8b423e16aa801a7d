//! The string form of types, exactly as Puppet's TypeFormatter prints them
//! (`Integer[1, 10]`, `Integer[default, 5]`, `Enum['a', 'b']`, `Struct[{'a' => Integer}]`).
//!
//! A type's `Display` is Puppet's `to_s`: an alias at top level prints expanded
//! (`A = Integer`, nested aliases too, a recursive reference by name); any other type prints
//! aliases inside it by name (`Array[A]`).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use super::{names, CallableType, FloatRange, IntRange, ObjectType, StructMember, Type, TypeAlias};
use crate::value::{format_float, puppet_quote, write_programmatic, Hash, Value};

struct Printer {
    out: String,
    expanded: bool,
    /// Aliases being expanded (to print a recursive reference by name).
    expanding: Vec<usize>,
    depth: usize,
    /// Once `out` holds this many bytes, nothing more is printed (see [`Type::to_string_prefix`]).
    limit: usize,
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_prefix(usize::MAX))
    }
}

impl Type {
    /// The start of the printed type, at least its first `min_bytes` bytes (all of it when shorter),
    /// without printing the rest of a large `Struct` or `Tuple`; for previews.
    pub fn to_string_prefix(&self, min_bytes: usize) -> String {
        match self {
            Type::Alias(_) => to_string_expanded(self),
            Type::Object(object) if object.parameters.is_empty() => {
                String::from(&*object.definition)
            }
            Type::Deferred => String::from(names::DEFERRED_DEFINITION),
            Type::TypeSet => String::from(names::TYPESET_DEFINITION),
            _ => {
                let mut printer = Printer::new(false);
                printer.limit = min_bytes;
                printer.write(self);
                let mut text = printer.out;
                crate::value::truncate_after(&mut text, min_bytes);
                text
            }
        }
    }
}

/// The alias-expanded form (`B = Array[A = Integer]`), as error messages print types.
pub(crate) fn to_string_expanded(ty: &Type) -> String {
    let mut printer = Printer::new(true);
    printer.write(ty);
    printer.out
}

fn range_part(range: Option<IntRange>) -> Vec<String> {
    match range {
        None => Vec::new(),
        Some(range) if range.is_unbounded() => Vec::new(),
        Some(range) => {
            let mut parts = Vec::new();
            parts.push(match range.from {
                Some(from) => alloc::format!("{from}"),
                None => "default".into(),
            });
            if let Some(to) = range.to {
                parts.push(alloc::format!("{to}"));
            }
            parts
        }
    }
}

impl Printer {
    fn new(expanded: bool) -> Printer {
        Printer {
            out: String::new(),
            expanded,
            expanding: Vec::new(),
            depth: 0,
            limit: usize::MAX,
        }
    }

    fn write(&mut self, ty: &Type) {
        if self.out.len() >= self.limit {
            return;
        }
        if self.depth > super::MAX_DEPTH {
            self.out.push_str("...");
            return;
        }
        self.depth += 1;
        self.write_type(ty);
        self.depth -= 1;
    }

    fn list(&mut self, name: &str, items: &[Type], tail: &[String]) {
        self.out.push_str(name);
        if items.is_empty() && tail.is_empty() {
            return;
        }
        self.out.push('[');
        let mut first = true;
        for item in items {
            if self.out.len() >= self.limit {
                return;
            }
            if !first {
                self.out.push_str(", ");
            }
            first = false;
            self.write(item);
        }
        for part in tail {
            if !first {
                self.out.push_str(", ");
            }
            first = false;
            self.out.push_str(part);
        }
        self.out.push(']');
    }

    fn contained(&mut self, name: &str, inner: &Option<alloc::rc::Rc<Type>>) {
        match inner {
            None => self.out.push_str(name),
            Some(inner) => self.list(name, core::slice::from_ref(&**inner), &[]),
        }
    }

    /// `Optional['a']`/`NotUndef['a']`: a string-valued String prints as its value.
    fn contained_or_value(&mut self, name: &str, inner: &Option<alloc::rc::Rc<Type>>) {
        if let Some(inner) = inner {
            if let Type::String(string) = &**inner {
                if let (None, Some(value)) = (&string.size, &string.value) {
                    self.out.push_str(name);
                    self.out.push('[');
                    self.out.push_str(&puppet_quote(value));
                    self.out.push(']');
                    return;
                }
            }
        }
        self.contained(name, inner)
    }

    fn write_value(&mut self, value: &Value) {
        match value {
            Value::Type(ty) => self.write(ty),
            other => write_programmatic(&mut self.out, other),
        }
    }

    fn write_type(&mut self, ty: &Type) {
        match ty {
            Type::Boolean(Some(flag)) => {
                let _ = write!(self.out, "Boolean[{flag}]");
            }
            Type::Integer(range) => {
                let parts = range_part(Some(*range));
                self.list("Integer", &[], &parts);
            }
            Type::Float(range) => self.write_float(range),
            Type::String(string) => {
                let parts = range_part(string.size);
                self.list("String", &[], &parts);
            }
            Type::Enum(enumeration) => {
                let mut parts: Vec<String> = enumeration
                    .values
                    .iter()
                    .map(|value| puppet_quote(value))
                    .collect();
                if enumeration.case_insensitive {
                    parts.push("true".into());
                }
                self.list("Enum", &[], &parts);
            }
            Type::Pattern(patterns) => {
                let parts: Vec<String> = patterns
                    .iter()
                    .map(|regexp| regexp.with_delimiters())
                    .collect();
                self.list("Pattern", &[], &parts);
            }
            Type::Regexp(Some(regexp)) => {
                let _ = write!(self.out, "Regexp[{}]", regexp.with_delimiters());
            }
            Type::SemVer(ranges) => {
                let parts: Vec<String> = ranges
                    .iter()
                    .map(|range| alloc::format!("'{range}'"))
                    .collect();
                self.list("SemVer", &[], &parts);
            }
            Type::Timespan(from, to) => self.time_range(
                "Timespan",
                from.map(|t| alloc::format!("{t}")),
                to.map(|t| alloc::format!("{t}")),
            ),
            Type::Timestamp(from, to) => self.time_range(
                "Timestamp",
                from.map(|t| alloc::format!("{t}")),
                to.map(|t| alloc::format!("{t}")),
            ),
            Type::Uri(Some(parameters)) => self.write_uri(parameters),
            Type::Collection(size) => {
                let parts = range_part(*size);
                self.list("Collection", &[], &parts);
            }
            Type::Array(element, size) => self.write_array(element, *size),
            Type::Hash(key, value, size) => self.write_hash(key, value, *size),
            Type::Tuple(tuple) => {
                let parts = range_part(tuple.size);
                self.list("Tuple", &tuple.types, &parts);
            }
            Type::Struct(members) => self.write_struct(members),
            Type::Variant(members) => self.list("Variant", members, &[]),
            Type::Optional(inner) => self.contained_or_value("Optional", inner),
            Type::NotUndef(inner) => {
                if matches!(inner.as_deref(), Some(Type::Any)) {
                    self.out.push_str("NotUndef");
                } else {
                    self.contained_or_value("NotUndef", inner)
                }
            }
            Type::Iterable(inner) => self.contained("Iterable", inner),
            Type::Iterator(inner) => self.contained("Iterator", inner),
            Type::Type(inner) => self.contained("Type", inner),
            Type::Sensitive(inner) => match inner.as_deref() {
                None | Some(Type::Any) => self.out.push_str("Sensitive"),
                Some(inner) => self.list("Sensitive", core::slice::from_ref(inner), &[]),
            },
            Type::Resource(type_name, title) => {
                self.write_resource(type_name.as_deref(), title.as_deref())
            }
            Type::Class(Some(name)) => {
                let _ = write!(self.out, "Class[{name}]");
            }
            Type::Callable(callable) => self.write_callable(callable),
            Type::Runtime(runtime, name) => self.write_runtime(runtime.as_deref(), name.as_deref()),
            Type::Init(inner, arguments) => self.write_init(inner.as_deref(), arguments),
            Type::Object(object) => self.write_object(object),
            Type::TypeReference(name) => {
                let _ = write!(self.out, "TypeReference[{}]", puppet_quote(name));
            }
            Type::TypeSet => self.out.push_str(names::TYPESET_DEFINITION),
            Type::Alias(alias) => self.write_alias(alias),
            other => self.out.push_str(other.simple_name()),
        }
    }

    fn write_float(&mut self, range: &FloatRange) {
        if range.is_unbounded() {
            self.out.push_str("Float");
        } else {
            let mut parts = Vec::new();
            parts.push(match range.from {
                Some(from) => format_float(from),
                None => "default".into(),
            });
            if let Some(to) = range.to {
                parts.push(format_float(to));
            }
            self.list("Float", &[], &parts);
        }
    }

    fn write_uri(&mut self, parameters: &Hash) {
        self.out.push_str("URI[{");
        for (index, (key, value)) in parameters.iter().enumerate() {
            if index > 0 {
                self.out.push_str(", ");
            }
            self.write_value(key);
            self.out.push_str(" => ");
            self.write_value(value);
        }
        self.out.push_str("}]");
    }

    fn write_array(&mut self, element: &Type, size: Option<IntRange>) {
        if size == Some(IntRange::exact(0)) {
            self.out.push_str("Array[0, 0]");
        } else if *element == Type::Any && size.is_none() {
            self.out.push_str("Array");
        } else {
            let parts = range_part(size);
            self.list("Array", core::slice::from_ref(element), &parts);
        }
    }

    fn write_hash(&mut self, key: &Type, value: &Type, size: Option<IntRange>) {
        if size == Some(IntRange::exact(0)) {
            self.out.push_str("Hash[0, 0]");
        } else if *key == Type::Any && *value == Type::Any && size.is_none() {
            self.out.push_str("Hash");
        } else {
            let parts = range_part(size);
            self.list("Hash", &[key.clone(), value.clone()], &parts);
        }
    }

    fn write_resource(&mut self, type_name: Option<&str>, title: Option<&str>) {
        match (type_name, title) {
            (None, _) => self.out.push_str("Resource"),
            (Some(name), None) => self.out.push_str(&names::capitalize_segments(name)),
            (Some(name), Some(title)) => {
                let _ = write!(
                    self.out,
                    "{}[{}]",
                    names::capitalize_segments(name),
                    puppet_quote(title)
                );
            }
        }
    }

    fn write_runtime(&mut self, runtime: Option<&str>, name: Option<&str>) {
        if runtime.is_none() && name.is_none() {
            self.out.push_str("Runtime");
        } else {
            let mut parts = Vec::new();
            if let Some(runtime) = runtime {
                parts.push(String::from(runtime));
            }
            if let Some(name) = name {
                parts.push(puppet_quote(name));
            }
            self.list("Runtime", &[], &parts);
        }
    }

    fn write_init(&mut self, inner: Option<&Type>, arguments: &[Value]) {
        match inner {
            None => self.out.push_str("Init"),
            Some(inner) => {
                self.out.push_str("Init[");
                self.write(inner);
                for argument in arguments.iter() {
                    self.out.push_str(", ");
                    self.write_value(argument);
                }
                self.out.push(']');
            }
        }
    }

    /// An Object type by name, with its parameters when it has some.
    fn write_object(&mut self, object: &ObjectType) {
        self.out
            .push_str(object.name.as_deref().unwrap_or("Object"));
        if object.parameters.is_empty() {
            return;
        }
        self.out.push('[');
        for (index, parameter) in object.parameters.iter().enumerate() {
            if index > 0 {
                self.out.push_str(", ");
            }
            self.write_value(parameter);
        }
        self.out.push(']');
    }

    fn write_alias(&mut self, alias: &TypeAlias) {
        self.out.push_str(alias.name());
        if self.expanded && !self.expanding.contains(&alias.id()) {
            self.out.push_str(" = ");
            match alias.target() {
                Some(target) => {
                    self.expanding.push(alias.id());
                    self.write(&target);
                    self.expanding.pop();
                }
                None => {
                    let _ = write!(self.out, "TypeReference[{}]", puppet_quote(alias.name()));
                }
            }
        }
    }

    fn time_range(&mut self, name: &str, from: Option<String>, to: Option<String>) {
        if from.is_none() && to.is_none() {
            self.out.push_str(name);
            return;
        }
        self.out.push_str(name);
        self.out.push('[');
        match &from {
            Some(from) => {
                let _ = write!(self.out, "'{from}'");
            }
            None => self.out.push_str("default"),
        }
        if let Some(to) = &to {
            if Some(to) != from.as_ref() {
                let _ = write!(self.out, ", '{to}'");
            }
        }
        self.out.push(']');
    }

    fn write_struct(&mut self, members: &[StructMember]) {
        if members.is_empty() {
            self.out.push_str("Struct");
            return;
        }
        self.out.push_str("Struct[{");
        for (index, member) in members.iter().enumerate() {
            if self.out.len() >= self.limit {
                return;
            }
            if index > 0 {
                self.out.push_str(", ");
            }
            let value_optional = super::is_assignable(&member.value, &Type::Undef);
            let quoted = puppet_quote(&member.name);
            match (member.key_optional, value_optional) {
                (true, true) | (false, false) => self.out.push_str(&quoted),
                (true, false) => {
                    let _ = write!(self.out, "Optional[{quoted}]");
                }
                (false, true) => {
                    let _ = write!(self.out, "NotUndef[{quoted}]");
                }
            }
            self.out.push_str(" => ");
            self.write(&member.value);
        }
        self.out.push_str("}]");
    }

    fn write_callable_params(&mut self, callable: &CallableType, inner: &mut Vec<String>) {
        let Some(params) = &callable.params else {
            return;
        };
        for ty in params.types.iter().filter(|ty| **ty != Type::Unit) {
            let mut nested = Printer::new(self.expanded);
            nested.write(ty);
            inner.push(nested.out);
        }
        if params.types.is_empty() {
            inner.push("0".into());
            inner.push("0".into());
        } else {
            inner.extend(range_part(params.size));
        }
        if let Some(block) = &callable.block {
            let mut nested = Printer::new(self.expanded);
            nested.write(block);
            inner.push(nested.out);
        }
    }

    fn write_callable(&mut self, callable: &CallableType) {
        let mut params = Vec::new();
        self.write_callable_params(callable, &mut params);
        match &callable.return_type {
            None => {
                if callable.params.is_none() {
                    self.out.push_str("Callable");
                } else {
                    self.list("Callable", &[], &params);
                }
            }
            Some(return_type) => {
                self.out.push_str("Callable[[");
                self.out.push_str(&crate::text::join(&params, ", "));
                self.out.push_str("], ");
                self.write(return_type);
                self.out.push(']');
            }
        }
    }
}
