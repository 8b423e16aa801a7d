//! Interpolation in Hiera data and hierarchy paths: `%{var}`, `%{::var}`, `%{facts.os.family}`
//! (dotted keys into the variable's value), and in data `%{lookup('k')}`, `%{hiera('k')}`,
//! `%{alias('k')}` (the value itself, keeping its type), `%{literal('%')}`, `%{scope('x')}`.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::explain::{Event, Kind};
use super::key::{split_key, Segment};
use super::lookup::lookup_error;
use super::search::{lookup_failure, lookup_issue};
use super::{Hiera, HieraHost};
use crate::host::{EvalResult, Unwind};
use crate::span::Span;
use crate::value::{Hash, Value};

/// A hiera.yaml whose paths are interpolated: its path, and the line of the level's location.
pub(crate) type Config<'a> = (&'a str, Option<u32>);

/// Expressions that interpolate nothing.
const EMPTY: [&str; 6] = ["", "::", "\"\"", "''", "\"::\"", "'::'"];

impl<H: HieraHost> Hiera<'_, H> {
    /// Interpolate every string of a value found in data (hash keys too). The arrays and hashes
    /// it builds are charged as any a program builds, and so is each string it interpolates.
    pub(super) fn hiera_interpolate(&mut self, value: &Value, span: Span) -> EvalResult<Value> {
        self.hiera_interpolate_at(value, 0, span)
    }

    /// [`Self::hiera_interpolate`] of a value `depth` levels inside the data.
    pub(super) fn hiera_interpolate_at(
        &mut self,
        value: &Value,
        depth: usize,
        span: Span,
    ) -> EvalResult<Value> {
        let max_depth = self.host.limits().max_depth;
        if depth > max_depth {
            return Err(crate::host::error(
                "DEPTH_LIMIT",
                format!("the data is nested more than {max_depth} levels deep to interpolate"),
                span,
            ));
        }
        Ok(match value {
            Value::String(text) if crate::qualified::find_pair(text, *b"%{").is_some() => {
                self.interpolate_string(text, None, span)?
            }
            Value::Array(items) => {
                self.host.check_collection(items.len(), span)?;
                let mut out = Vec::with_capacity(items.len());
                for item in items.iter() {
                    out.push(self.hiera_interpolate_at(item, depth + 1, span)?);
                }
                Value::array(out)
            }
            Value::Hash(hash) => {
                self.host.check_collection(hash.len(), span)?;
                let mut out = Hash::new();
                for (k, v) in hash.iter() {
                    let k = self.hiera_interpolate_at(k, depth + 1, span)?;
                    let v = self.hiera_interpolate_at(v, depth + 1, span)?;
                    out.insert(k, v);
                }
                Value::Hash(out)
            }
            other => other.clone(),
        })
    }

    /// Interpolate a path or datadir of a hiera.yaml (variables only) to text.
    pub(super) fn hiera_interpolate_text(
        &mut self,
        text: &str,
        config: Config<'_>,
        span: Span,
    ) -> EvalResult<String> {
        if crate::qualified::find_pair(text, *b"%{").is_none() {
            return Ok(text.into());
        }
        let value = self.interpolate_string(text, Some(config), span)?;
        Ok(crate::value::ruby_to_s(&value))
    }

    pub(super) fn interpolate_string(
        &mut self,
        subject: &str,
        config: Option<Config<'_>>,
        span: Span,
    ) -> EvalResult<Value> {
        self.explain(|e| e.push(Kind::Interpolate(subject.into())));
        let mut out = String::new();
        let mut rest = subject;
        while let Some(start) = crate::qualified::find_pair(rest, *b"%{") {
            let after = &rest[start + 2..];
            let Some(end) = after.find('}') else {
                break;
            };
            self.grow_interpolation(&mut out, &rest[..start], span)?;
            let whole = &rest[start..start + 2 + end + 1];
            let expr = after[..end].trim();
            rest = &after[end + 1..];
            if EMPTY.contains(&expr) {
                continue;
            }
            self.host.step(1, span)?;
            let (method, key) = method_and_key(expr);
            if let (Some(_), Some((file, _))) = (method, config) {
                return Err(lookup_issue(
                    format!("Interpolation using method syntax is not allowed in this context (file: {file})"),
                    span,
                ));
            }
            let method = method.unwrap_or("scope");
            if method == "alias" && whole != subject {
                return Err(lookup_error(
                    "'alias' interpolation is only permitted if the expression is equal to the entire string",
                    span,
                ));
            }
            let value = match method {
                "lookup" | "hiera" | "alias" => self.interpolated_lookup(key, span)?,
                "scope" => match self.hiera_scope_value_in(key, subject, span)? {
                    Some(value) => value.unwrap_or(Value::Undef),
                    None => return Err(self.undefined_variable(key, config, span)?),
                },
                "literal" => Value::string(key),
                other => {
                    return Err(lookup_error(
                        format!("Unknown interpolation method '{other}'"),
                        span,
                    ))
                }
            };
            if method == "alias" {
                self.explain(|e| e.pop());
                return Ok(value);
            }
            let check = if method == "scope" {
                format!("scope:{key}")
            } else {
                key.to_string()
            };
            let value = self.hiera_check_interpolation(&check, &value, span)?;
            // An array or hash found prints in full: within the limits, before it is printed.
            crate::host::charge_walk(self.host, &value, crate::host::Walk::Prints, span)?;
            let piece = crate::value::ruby_to_s(&value);
            self.grow_interpolation(&mut out, &piece, span)?;
        }
        self.grow_interpolation(&mut out, rest, span)?;
        self.explain(|e| e.pop());
        Ok(Value::string(&out))
    }

    /// Append `piece` to an interpolated string: refused before it is appended when the string
    /// would pass the size limit, and charged as any string a program builds.
    pub(super) fn grow_interpolation(
        &mut self,
        out: &mut String,
        piece: &str,
        span: Span,
    ) -> EvalResult<()> {
        let before = out.len();
        self.host
            .check_string_growth(before, before.saturating_add(piece.len()), span)?;
        out.push_str(piece);
        Ok(())
    }

    /// Interpolate what an interpolation gave, with its name on the stack of lookups (a value
    /// that interpolates itself is Puppet's recursive lookup error).
    pub(super) fn hiera_check_interpolation(
        &mut self,
        name: &str,
        value: &Value,
        span: Span,
    ) -> EvalResult<Value> {
        let search = &mut self.host.hiera().search;
        if search.stack_has(name) {
            let message = format!("Recursive lookup detected in [{}]", search.stack_text());
            return Err(lookup_error(message, span));
        }
        search.stack_push(name);
        let result = self.hiera_interpolate(value, span);
        self.host.hiera().search.stack_pop();
        result
    }

    /// `%{lookup('k')}`: a whole lookup of the key, `''` when nothing has it.
    pub(super) fn interpolated_lookup(&mut self, key: &str, span: Span) -> EvalResult<Value> {
        Ok(self
            .search(key, None, span)?
            .unwrap_or_else(|| Value::string("")))
    }

    /// The variable of a level's `mapped_paths` (dug into by dotted keys); Puppet's error when
    /// it is not defined.
    pub(super) fn hiera_scope_value(
        &mut self,
        key: &str,
        file: &str,
        span: Span,
    ) -> EvalResult<Option<Value>> {
        match self.hiera_scope_value_in(key, "mapped_path[0]", span)? {
            Some(value) => Ok(value),
            None => Err(self.undefined_variable(key, Some((file, None)), span)?),
        }
    }

    /// Puppet's error for an interpolated variable that is not defined: in data a failure of the
    /// call (`Undefined variable 'x'; ` and why: a class not evaluated), in a hiera.yaml one
    /// naming the file.
    pub(super) fn undefined_variable(
        &mut self,
        name: &str,
        config: Option<Config<'_>>,
        span: Span,
    ) -> EvalResult<Unwind> {
        if let Some((file, line)) = config {
            let line = line.map_or(String::new(), |l| format!(", line: {l}"));
            let message = format!("Undefined variable '{name}' (file: {file}{line})");
            return Ok(lookup_issue(message, span));
        }
        let why = match crate::qualified::split_last(crate::qualified::trim_leading(name, "::")) {
            Some((class, _)) if self.host.class_known(class, span)? => {
                format!("class {class} has not been evaluated")
            }
            Some((class, _)) => format!("class {class} could not be found"),
            None => String::new(),
        };
        Ok(lookup_failure(
            format!("Undefined variable '{name}'; {why}"),
            span,
        ))
    }

    /// `%{var}`, `%{::var}`, `%{facts.os.family}`: the variable in the scope the lookup was
    /// made from, dug into by the dotted segments (`Some(None)`: a segment not found), or
    /// `None` when the variable is not defined.
    pub(super) fn hiera_scope_value_in(
        &mut self,
        key: &str,
        subject: &str,
        span: Span,
    ) -> EvalResult<Option<Option<Value>>> {
        let mut segments = split_key(key)
            .map_err(|_| lookup_error(format!("Syntax error in string: {subject}"), span))?;
        let root = match segments.remove(0) {
            Segment::Key(k) => k,
            Segment::Index(i) => i.to_string(),
        };
        self.explain(|e| e.push(Kind::Scope("Global Scope".into())));
        let value = self.hiera_variable(&root);
        if let Some(value) = &value {
            let value = value.clone();
            let root = root.clone();
            self.explain(|e| e.event(Event::Found(root, value)));
        }
        self.explain(|e| e.pop());
        let Some(mut value) = value else {
            return Ok(None);
        };
        if segments.is_empty() {
            return Ok(Some(Some(value)));
        }
        let path: Vec<String> = segments.iter().map(Segment::text).collect();
        self.explain(|e| e.push(Kind::SubLookup(crate::text::join(&path, "."))));
        for segment in &segments {
            self.explain(|e| e.push(Kind::Segment));
            let next = match (&value, segment) {
                (Value::Hash(hash), _) => hash.get(&segment.value()).cloned(),
                (Value::Array(items), Segment::Index(i)) => {
                    usize::try_from(*i).ok().and_then(|i| items.get(i)).cloned()
                }
                _ => None,
            };
            match next {
                Some(next) => {
                    let text = segment.text();
                    let shown = next.clone();
                    self.explain(|e| e.event(Event::Found(text, shown)));
                    self.explain(|e| e.pop());
                    value = next;
                }
                None => {
                    let text = segment.text();
                    self.explain(|e| e.event(Event::NotFound(text)));
                    self.explain(|e| e.pop());
                    self.explain(|e| e.pop());
                    return Ok(Some(None));
                }
            }
        }
        self.explain(|e| e.pop());
        Ok(Some(Some(value)))
    }

    /// A variable as Hiera's scope finds it: local ones outwards (a `mapped_paths` level's
    /// first), `::x` at top scope, `a::x` of class `a`.
    pub(super) fn hiera_variable(&mut self, name: &str) -> Option<Value> {
        if let Some((local, value)) = &self.host.hiera().search.mapped {
            if local == name && !name.starts_with("::") {
                return Some(value.clone());
            }
        }
        self.host.scope_variable(name)
    }
}

/// `name('key')` or `name("key")`: the method and its key; else the whole text for `scope`.
fn method_and_key(expr: &str) -> (Option<&str>, &str) {
    let Some(open) = expr.find('(') else {
        return (None, expr);
    };
    let name = &expr[..open];
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return (None, expr);
    }
    let Some(inner) = expr[open + 1..].strip_suffix(')') else {
        return (None, expr);
    };
    for quote in ['"', '\''] {
        if let Some(key) = inner
            .strip_prefix(quote)
            .and_then(|k| k.strip_suffix(quote))
        {
            if !key.is_empty() && !key.contains(quote) {
                return (Some(name), key);
            }
        }
    }
    (None, expr)
}
