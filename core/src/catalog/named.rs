//! A class or resource named by type and title, as references in relationships and the finished
//! catalog name them, and how a title gives a built-in type's namevar.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::contents::canonical;
use crate::value::Value;

/// A resource a relationship names: its type in lower case and its title (a class's canonical).
#[derive(Clone)]
pub(crate) struct Named {
    pub kind: String,
    pub title: String,
}

impl Named {
    /// `Notify[x]`, `Class[Foo::Bar]`: as Puppet prints it in the catalog and its messages.
    pub fn display(&self) -> String {
        if self.kind == "class" {
            super::contents::class_reference(&self.title)
        } else {
            super::contents::resource_reference(&self.kind, &self.title)
        }
    }
}

/// The metaparameters that make relationships.
pub(crate) const RELATIONSHIP_PARAMETERS: &[&str] = &["before", "require", "notify", "subscribe"];

/// The references a relationship metaparameter's value holds (arrays flattened, `undef` left
/// out), walked without recursion; `false` when there are more than `max` (an array built by
/// sharing can hold 2^60 of them), with the first `max` in `out`.
pub(crate) fn flatten_references<'v>(
    value: &'v Value,
    out: &mut Vec<&'v Value>,
    max: usize,
) -> bool {
    let mut pending: Vec<core::slice::Iter<'v, Value>> = Vec::new();
    match value {
        Value::Array(items) => pending.push(items.iter()),
        Value::Undef => return true,
        other => {
            out.push(other);
            return true;
        }
    }
    while let Some(items) = pending.last_mut() {
        match items.next() {
            Some(Value::Array(inner)) => pending.push(inner.iter()),
            Some(Value::Undef) => {}
            Some(other) if out.len() < max => out.push(other),
            Some(_) => return false,
            None => {
                pending.pop();
            }
        }
    }
    true
}

/// `Type[title]` in a string, as the catalog reads a reference (`Class[foo]` names class `foo`).
pub(crate) fn parse_reference(text: &str) -> Option<Named> {
    let (kind, rest) = text.split_once('[')?;
    let title = rest.strip_suffix(']')?;
    let kind = canonical(kind);
    let title = if kind == "class" {
        canonical(title)
    } else {
        title.to_string()
    };
    Some(Named { kind, title })
}

/// The namevar a title gives a built-in type through its title pattern: a `file`'s path is its
/// title without trailing slashes (`/tmp/x/` → `/tmp/x`), except the root (`//` → `/`, `C:/`);
/// Puppet's `^(/|.+:/|.*[^/])/*\Z`, whose `\Z` also allows one final newline. Other types: the title.
pub(crate) fn namevar_from_title<'a>(type_name: &str, title: &'a str) -> &'a str {
    if type_name != "file" {
        return title;
    }
    let line = title.strip_suffix('\n').unwrap_or(title);
    let body = line.trim_end_matches('/');
    if !line.is_empty() && body.is_empty() {
        return &line[..1];
    }
    if body.len() < line.len() && body.len() >= 2 && body.ends_with(':') {
        return &line[..=body.len()];
    }
    if line.len() < title.len() || body.is_empty() {
        // A final newline is a character that is no slash: the whole title matches.
        return title;
    }
    body
}
