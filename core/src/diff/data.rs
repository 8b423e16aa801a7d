//! A catalog parameter's value as a diff compares it: the plain data a catalog's JSON carries,
//! compared as values (a hash's keys in any order), printed as Puppet's `%p` prints them.

use alloc::string::String;
use alloc::vec::Vec;
use core::hash::{BuildHasher, Hash, Hasher};

use foldhash::fast::FixedState;

use crate::value::{format_float, puppet_quote};

/// A parameter's value, with no tie to the compile that made it (it crosses threads and JSON).
#[derive(Debug, Clone)]
pub enum Data {
    Null,
    Boolean(bool),
    Integer(i64),
    Float(f64),
    String(String),
    Array(Vec<Data>),
    /// Entries in their order; two hashes with the same entries are equal in any order.
    Hash(Vec<(Data, Data)>),
    /// A Sensitive value: the hex MD5 digest of its content's `%p` text, so that a changed secret
    /// shows as a change without being shown (octocatalog-diff compares a digest too).
    Sensitive(String),
    /// Any other Puppet value (a data type, a regexp, `default`, a timestamp, ...) as its `%p`
    /// text, which is compared.
    Other(String),
}

/// Hashes at most this long are compared entry by entry; longer ones through their keys' hashes.
const SMALL_HASH: usize = 16;

fn fingerprint(data: &Data) -> u64 {
    FixedState::default().hash_one(data)
}

impl PartialEq for Data {
    fn eq(&self, other: &Data) -> bool {
        match (self, other) {
            (Data::Null, Data::Null) => true,
            (Data::Boolean(a), Data::Boolean(b)) => a == b,
            (Data::Integer(a), Data::Integer(b)) => a == b,
            (Data::Float(a), Data::Float(b)) => a.to_bits() == b.to_bits(),
            (Data::String(a), Data::String(b))
            | (Data::Sensitive(a), Data::Sensitive(b))
            | (Data::Other(a), Data::Other(b)) => a == b,
            (Data::Array(a), Data::Array(b)) => a == b,
            (Data::Hash(a), Data::Hash(b)) => same_entries(a, b),
            _ => false,
        }
    }
}

impl Eq for Data {}

/// Whether two hashes have the same entries, whatever their order (keys are unique in each).
fn same_entries(a: &[(Data, Data)], b: &[(Data, Data)]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    if a.len() <= SMALL_HASH {
        return a
            .iter()
            .all(|(key, value)| b.iter().any(|(k, v)| k == key && v == value));
    }
    let mut index: Vec<(u64, usize)> = b
        .iter()
        .enumerate()
        .map(|(at, (key, _))| (fingerprint(key), at))
        .collect();
    index.sort_unstable();
    a.iter().all(|(key, value)| {
        let wanted = fingerprint(key);
        let first = index.partition_point(|(hash, _)| *hash < wanted);
        index[first..]
            .iter()
            .take_while(|(hash, _)| *hash == wanted)
            .any(|(_, at)| b[*at].0 == *key && b[*at].1 == *value)
    })
}

impl Hash for Data {
    fn hash<H: Hasher>(&self, state: &mut H) {
        core::mem::discriminant(self).hash(state);
        match self {
            Data::Null => {}
            Data::Boolean(b) => b.hash(state),
            Data::Integer(n) => n.hash(state),
            Data::Float(f) => f.to_bits().hash(state),
            Data::String(text) | Data::Sensitive(text) | Data::Other(text) => text.hash(state),
            Data::Array(items) => items.hash(state),
            Data::Hash(entries) => {
                // Order-independent: the entries' own hashes are added up.
                let sum = entries.iter().fold(0u64, |sum, (key, value)| {
                    let entry = fingerprint(key) ^ fingerprint(value).rotate_left(17);
                    sum.wrapping_add(entry)
                });
                entries.len().hash(state);
                sum.hash(state);
            }
        }
    }
}

impl Data {
    /// The value as Puppet's `%p` prints it: `'text'`, `[1, 'a']`, `{'k' => undef}`.
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.write_text(&mut out);
        out
    }

    fn write_text(&self, out: &mut String) {
        match self {
            Data::Null => out.push_str("undef"),
            Data::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
            Data::Integer(n) => out.push_str(itoa::Buffer::new().format(*n)),
            Data::Float(f) => out.push_str(&format_float(*f)),
            Data::String(text) => out.push_str(&puppet_quote(text)),
            Data::Array(items) => {
                out.push('[');
                for (at, item) in items.iter().enumerate() {
                    if at > 0 {
                        out.push_str(", ");
                    }
                    item.write_text(out);
                }
                out.push(']');
            }
            Data::Hash(entries) => {
                out.push('{');
                for (at, (key, value)) in entries.iter().enumerate() {
                    if at > 0 {
                        out.push_str(", ");
                    }
                    key.write_text(out);
                    out.push_str(" => ");
                    value.write_text(out);
                }
                out.push('}');
            }
            Data::Sensitive(_) => out.push_str("Sensitive [value redacted]"),
            Data::Other(text) => out.push_str(text),
        }
    }

    /// The string, when the value is one (a file's content, a template's output).
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Data::String(text) => Some(text),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn s(text: &str) -> Data {
        Data::String(text.into())
    }

    #[test]
    fn hashes_are_equal_in_any_order() {
        let a = Data::Hash(vec![(s("a"), Data::Integer(1)), (s("b"), Data::Null)]);
        let b = Data::Hash(vec![(s("b"), Data::Null), (s("a"), Data::Integer(1))]);
        assert_eq!(a, b);
        assert_eq!(fingerprint(&a), fingerprint(&b));
        let c = Data::Hash(vec![(s("b"), Data::Null), (s("a"), Data::Integer(2))]);
        assert_ne!(a, c);
    }

    #[test]
    fn large_hashes_compare_through_their_keys() {
        let entries: Vec<(Data, Data)> = (0..100)
            .map(|n| (s(&alloc::format!("k{n}")), Data::Integer(n)))
            .collect();
        let mut reversed = entries.clone();
        reversed.reverse();
        assert_eq!(Data::Hash(entries.clone()), Data::Hash(reversed.clone()));
        reversed[3].1 = Data::Integer(-1);
        assert_ne!(Data::Hash(entries), Data::Hash(reversed));
    }

    #[test]
    fn arrays_keep_their_order_and_types_count() {
        assert_ne!(
            Data::Array(vec![s("a"), s("b")]),
            Data::Array(vec![s("b"), s("a")])
        );
        // '1' and 1 differ, as in a catalog's JSON.
        assert_ne!(s("1"), Data::Integer(1));
        assert_ne!(Data::Integer(1), Data::Float(1.0));
    }

    #[test]
    fn text_is_puppets_programmatic_form() {
        let value = Data::Hash(vec![
            (s("mode"), s("0644")),
            (
                s("list"),
                Data::Array(vec![Data::Integer(1), Data::Float(2.5)]),
            ),
            (s("none"), Data::Null),
            (s("secret"), Data::Sensitive("abc".into())),
        ]);
        assert_eq!(
            value.text(),
            "{'mode' => '0644', 'list' => [1, 2.5], 'none' => undef, \
             'secret' => Sensitive [value redacted]}"
        );
    }
}
