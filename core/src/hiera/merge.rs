//! Hiera's merge strategies, as Puppet's `MergeStrategy` classes merge what each level found:
//! `first`, `unique` (arrays flattened, duplicates dropped), `hash` (the higher level's keys win)
//! and `deep` (the deep_merge gem's rules, with `knockout_prefix`, `sort_merged_arrays` and
//! `merge_hash_arrays`).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::value::{Hash, Value};

/// How the values found at several places become one.
#[derive(Debug, Clone, PartialEq)]
pub enum Strategy {
    /// The first value found (Puppet's default, and `first`).
    First {
        default: bool,
    },
    Unique,
    Hash,
    Deep(DeepOptions),
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeepOptions {
    pub knockout_prefix: Option<String>,
    pub sort_merged_arrays: bool,
    pub merge_hash_arrays: bool,
}

/// A merge strategy with the options it was given (as the explanation shows them).
#[derive(Debug, Clone, PartialEq)]
pub struct Merge {
    pub strategy: Strategy,
    /// The options hash without `strategy`, when there were options.
    pub options: Option<Hash>,
}

impl Merge {
    /// Puppet's default: the first value found.
    pub fn default_strategy() -> Merge {
        Merge {
            strategy: Strategy::First { default: true },
            options: None,
        }
    }

    /// `hash`, as `lookup_options` themselves are merged.
    pub fn hash() -> Merge {
        Merge {
            strategy: Strategy::Hash,
            options: None,
        }
    }

    /// A strategy given by name (`'deep'`) or as a hash (`{strategy => deep, knockout_prefix =>
    /// '--'}`); Puppet's messages for what it refuses.
    pub fn parse(value: &Value) -> Result<Merge, String> {
        let (name, options) = match value {
            Value::Undef => return Ok(Merge::default_strategy()),
            Value::String(name) => (name.to_string(), None),
            Value::Hash(hash) => {
                let Some(Value::String(name)) = hash.get(&Value::string("strategy")) else {
                    return Err("The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'".into());
                };
                let rest: Hash = hash
                    .iter()
                    .filter(|(k, _)| k.as_str() != Some("strategy"))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                (name.to_string(), (!rest.is_empty()).then_some(rest))
            }
            other => {
                return Err(format!(
                    "Unknown merge strategy: '{}'",
                    crate::value::ruby_to_s(other)
                ))
            }
        };
        let strategy = match name.as_str() {
            "first" => Strategy::First { default: false },
            "default" => Strategy::First { default: true },
            "unique" => Strategy::Unique,
            "hash" => Strategy::Hash,
            "deep" => Strategy::Deep(deep_options(options.as_ref())?),
            other => return Err(format!("Unknown merge strategy: '{other}'")),
        };
        if let (Some(options), false) = (&options, matches!(strategy, Strategy::Deep(_))) {
            let first = options
                .keys()
                .next()
                .map(crate::value::to_string_default)
                .unwrap_or_default();
            return Err(format!(
                "The merge options has wrong type, unrecognized key '{first}'"
            ));
        }
        Ok(Merge { strategy, options })
    }

    /// The strategy's name as Puppet prints it (`Merge strategy deep`).
    pub fn key(&self) -> &'static str {
        match self.strategy {
            Strategy::First { default: true } => "default",
            Strategy::First { default: false } => "first",
            Strategy::Unique => "unique",
            Strategy::Hash => "hash",
            Strategy::Deep(_) => "deep",
        }
    }

    pub fn is_first(&self) -> bool {
        matches!(self.strategy, Strategy::First { .. })
    }

    /// The Puppet type both merged values must have (checked by the caller).
    pub fn value_type(&self) -> Option<&'static str> {
        match self.strategy {
            Strategy::Hash => Some("Hash[String, Data]"),
            Strategy::Unique => Some("Variant[Scalar, Array[Data]]"),
            _ => None,
        }
    }

    /// The value the first place found becomes before anything is merged into it.
    pub fn convert_first(&self, value: Value) -> Value {
        match self.strategy {
            Strategy::Unique => Value::array(flatten(&value)),
            _ => value,
        }
    }

    /// A value found at a single place (`unique` drops the duplicates of an array).
    pub fn merge_single(&self, value: Value) -> Value {
        match (&self.strategy, &value) {
            (Strategy::Unique, Value::Array(items)) => Value::array(union(items.as_slice(), &[])),
            _ => value,
        }
    }

    /// Merge `higher` (found first) with `lower`.
    pub fn merge(&self, higher: &Value, lower: &Value) -> Result<Value, String> {
        Ok(match &self.strategy {
            Strategy::First { .. } => higher.clone(),
            Strategy::Unique => Value::array(union(&flatten(higher), &flatten(lower))),
            Strategy::Hash => match (higher, lower) {
                (Value::Hash(higher), Value::Hash(lower)) => {
                    let mut merged = lower.clone();
                    for (k, v) in higher.iter() {
                        merged.insert(k.clone(), v.clone());
                    }
                    Value::Hash(merged)
                }
                _ => higher.clone(),
            },
            Strategy::Deep(options) => deep_merge(higher, lower.clone(), options)?,
        })
    }
}

fn deep_options(options: Option<&Hash>) -> Result<DeepOptions, String> {
    let mut deep = DeepOptions::default();
    let Some(options) = options else {
        return Ok(deep);
    };
    for (key, value) in options.iter() {
        let name = crate::value::to_string_default(key);
        let wrong = |what: &str| {
            format!(
                "The merge options has wrong type, entry '{name}' expects {what}, got {}",
                crate::types::type_label(&crate::types::infer(value).generalize())
            )
        };
        match name.as_str() {
            "knockout_prefix" => match value {
                Value::String(prefix) => deep.knockout_prefix = Some(prefix.to_string()),
                Value::Undef => {}
                _ => return Err(wrong("a value of type Undef or String")),
            },
            "sort_merged_arrays" | "merge_hash_arrays" | "merge_debug" => {
                let flag = match value {
                    Value::Boolean(b) => *b,
                    Value::Undef => false,
                    _ => return Err(wrong("a value of type Undef or Boolean")),
                };
                match name.as_str() {
                    "sort_merged_arrays" => deep.sort_merged_arrays = flag,
                    "merge_hash_arrays" => deep.merge_hash_arrays = flag,
                    _ => {}
                }
            }
            other => {
                return Err(format!(
                    "The merge options has wrong type, unrecognized key '{other}'"
                ))
            }
        }
    }
    Ok(deep)
}

/// A value as `unique` merges it: an array flattened, anything else alone.
fn flatten(value: &Value) -> Vec<Value> {
    match value {
        Value::Array(items) => {
            let mut out = Vec::new();
            for item in items.iter() {
                match item {
                    Value::Array(_) => out.extend(flatten(item)),
                    other => out.push(other.clone()),
                }
            }
            out
        }
        other => alloc::vec![other.clone()],
    }
}

/// Ruby's `a | b`: the elements of both, in order, each once.
fn union(a: &[Value], b: &[Value]) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    let mut seen = Hash::new();
    for item in a.iter().chain(b) {
        if !seen.contains_key(item) {
            seen.insert(item.clone(), Value::Undef);
            out.push(item.clone());
        }
    }
    out
}

fn truthy(value: &Value) -> bool {
    !matches!(value, Value::Undef | Value::Boolean(false))
}

/// The deep_merge gem's `deep_merge!(source, dest)` with Puppet's options
/// (`preserve_unmergeables` off): `source` is what was found first.
fn deep_merge(source: &Value, dest: Value, options: &DeepOptions) -> Result<Value, String> {
    if options.knockout_prefix.as_deref() == Some("") {
        return Err("knockout_prefix cannot be an empty string in deep_merge!".into());
    }
    if matches!(source, Value::Undef) {
        return Ok(dest);
    }
    if !truthy(&dest) {
        return Ok(source.clone());
    }
    match source {
        Value::Hash(source) => {
            let Value::Hash(mut dest) = dest else {
                return Ok(overwrite(&Value::Hash(source.clone()), options));
            };
            for (key, value) in source.iter() {
                let merged = match dest.get(key).filter(|v| truthy(v)) {
                    Some(existing) => deep_merge(value, existing.clone(), options)?,
                    None => deep_merge(value, value.clone(), options)?,
                };
                dest.insert(key.clone(), merged);
            }
            Ok(Value::Hash(dest))
        }
        Value::Array(source) => {
            let mut source: Vec<Value> = source.iter().cloned().collect();
            let mut dest = dest;
            if let Some(prefix) = &options.knockout_prefix {
                let knockout = Value::string(prefix);
                if source.contains(&knockout) {
                    dest = match dest {
                        Value::Array(_) => Value::array(Vec::new()),
                        Value::Hash(_) => Value::Hash(Hash::new()),
                        Value::String(_) => Value::string(""),
                        _ => Value::Undef,
                    };
                    source.retain(|item| item != &knockout);
                }
            }
            let Value::Array(dest) = dest else {
                return Ok(overwrite(&Value::array(source), options));
            };
            let mut dest: Vec<Value> = dest.iter().cloned().collect();
            if let Some(prefix) = &options.knockout_prefix {
                source.retain(|item| {
                    let Value::String(text) = item else {
                        return true;
                    };
                    let Some(rest) = text.strip_prefix(prefix.as_str()) else {
                        return true;
                    };
                    let plain = Value::string(rest);
                    dest.retain(|d| d != &plain && d != item);
                    false
                });
            }
            let all_hashes = |items: &[Value]| items.iter().all(|i| matches!(i, Value::Hash(_)));
            let mut merged =
                if options.merge_hash_arrays && all_hashes(&source) && all_hashes(&dest) {
                    let mut list = Vec::new();
                    for (i, d) in dest.iter().enumerate() {
                        let s = source
                            .get(i)
                            .cloned()
                            .unwrap_or_else(|| Value::Hash(Hash::new()));
                        list.push(deep_merge(&s, d.clone(), options)?);
                    }
                    list.extend(source.iter().skip(dest.len()).cloned());
                    list
                } else {
                    union(&dest, &source)
                };
            if options.sort_merged_arrays {
                sort_values(&mut merged)?;
            }
            Ok(Value::array(merged))
        }
        other => Ok(overwrite(other, options)),
    }
}

/// `overwrite_unmergeables`: the source replaces the destination; with a knockout prefix, a
/// source that carries it empties the destination instead.
fn overwrite(source: &Value, options: &DeepOptions) -> Value {
    let Some(prefix) = &options.knockout_prefix else {
        return source.clone();
    };
    match source {
        Value::String(text) if text.starts_with(prefix.as_str()) => Value::string(""),
        Value::Array(items) => {
            let kept: Vec<Value> = items
                .iter()
                .filter(|i| !matches!(i, Value::String(t) if t.starts_with(prefix.as_str())))
                .cloned()
                .collect();
            if kept.len() == items.len() {
                source.clone()
            } else {
                Value::string("")
            }
        }
        other => other.clone(),
    }
}

/// Ruby's `sort!` of merged arrays: numbers with numbers, strings with strings.
fn sort_values(items: &mut [Value]) -> Result<(), String> {
    let numbers = items
        .iter()
        .all(|v| matches!(v, Value::Integer(_) | Value::Float(_)));
    let strings = items.iter().all(|v| matches!(v, Value::String(_)));
    if !numbers && !strings {
        return Err("comparison of values of different kinds failed".into());
    }
    crate::sort::sort_by(items, &|a, b| match (a, b) {
        (Value::String(a), Value::String(b)) => a.as_bytes().cmp(b.as_bytes()),
        _ => crate::value::order(a, b).unwrap_or(core::cmp::Ordering::Equal),
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::programmatic;

    fn hash(pairs: &[(&str, Value)]) -> Value {
        Value::Hash(
            pairs
                .iter()
                .map(|(k, v)| (Value::string(k), v.clone()))
                .collect(),
        )
    }

    fn strings(items: &[&str]) -> Value {
        Value::array(items.iter().map(|s| Value::string(s)).collect())
    }

    #[test]
    fn strategies_merge_as_puppets() {
        let unique = Merge::parse(&Value::string("unique")).unwrap();
        let merged = unique
            .merge(
                &strings(&["a", "b"]),
                &Value::array(alloc::vec![strings(&["b", "c"]), Value::string("a")]),
            )
            .unwrap();
        assert_eq!(programmatic(&merged), "['a', 'b', 'c']");
        let hash_merge = Merge::parse(&Value::string("hash")).unwrap();
        let merged = hash_merge
            .merge(
                &hash(&[("b", 2.into()), ("c", 3.into())]),
                &hash(&[("a", 1.into()), ("b", 0.into())]),
            )
            .unwrap();
        assert_eq!(programmatic(&merged), "{'a' => 1, 'b' => 2, 'c' => 3}");
        let deep = Merge::parse(&Value::string("deep")).unwrap();
        let higher = hash(&[("x", hash(&[("list", strings(&["b"]))]))]);
        let lower = hash(&[("x", hash(&[("list", strings(&["a"])), ("k", 1.into())]))]);
        assert_eq!(
            programmatic(&deep.merge(&higher, &lower).unwrap()),
            "{'x' => {'list' => ['a', 'b'], 'k' => 1}}"
        );
    }

    #[test]
    fn deep_merge_knocks_out() {
        let mut options = Hash::new();
        options.insert(Value::string("strategy"), Value::string("deep"));
        options.insert(Value::string("knockout_prefix"), Value::string("--"));
        let deep = Merge::parse(&Value::Hash(options)).unwrap();
        let merged = deep
            .merge(&strings(&["--a", "c"]), &strings(&["a", "b"]))
            .unwrap();
        assert_eq!(programmatic(&merged), "['b', 'c']");
        assert!(Merge::parse(&Value::string("nope")).is_err());
    }
}
