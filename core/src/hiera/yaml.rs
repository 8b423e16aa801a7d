//! YAML as Puppet reads Hiera data: the YAML 1.1 that Ruby's Psych resolves (`yes`/`no`/`on`/`off`,
//! `~`, octal `0755`, sexagesimal `1:30`, `1,000`, `.inf`), loaded safely (dates, times and Ruby
//! objects refused, symbols kept for the caller to refuse), with anchors, aliases and merge keys.
//! The parsing itself is saphyr-parser's (a maintained, `no_std` YAML event parser, the scanner of
//! libyaml that Psych wraps); what a plain scalar means is Psych's `ScalarScanner`, rewritten here.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use saphyr_parser::{Event, Parser, ScalarStyle, Tag};

use super::psych::is_float;
use crate::text::TrimBy;
use crate::value::{Hash, Value};

/// Why a YAML text could not be loaded: Psych's message and, for syntax errors, where.
#[derive(Debug, Clone, PartialEq)]
pub struct YamlError {
    pub message: String,
    /// 1-based line and column of a syntax error (libyaml's context mark).
    pub at: Option<(usize, usize)>,
    /// Whether Psych's message names the file (all but an unknown alias's do).
    pub names_file: bool,
}

impl YamlError {
    fn plain(message: String) -> Self {
        YamlError {
            message,
            at: None,
            names_file: true,
        }
    }

    /// Psych's text for the error of the file at `path`: `(<path>): <message> at line L column C`.
    pub fn psych_text(&self, path: &str) -> String {
        match (self.names_file, self.at) {
            (false, _) => self.message.clone(),
            (true, Some((line, column))) => {
                format!("({path}): {} at line {line} column {column}", self.message)
            }
            (true, None) => format!("({path}): {}", self.message),
        }
    }
}

/// Most values a document may expand to through aliases and merge keys (a "billion laughs"
/// document would otherwise build an exponential value).
const MAX_NODES: usize = 1_000_000;

/// The first document of `text` as Puppet values (`None` for an empty stream). A symbol becomes
/// `Runtime[ruby, 'Symbol']`, which the caller refuses as Puppet does; as a hash key it is the
/// string of its name (Puppet turns symbol keys into strings). A byte order mark is skipped.
pub fn load(text: &str) -> Result<Option<Value>, YamlError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut loader = Loader {
        anchors: Vec::new(),
        nodes: 0,
    };
    let mut events = Parser::new_from_str(text);
    // Where the collections being read start: libyaml names the innermost in its errors.
    let mut open: Vec<(usize, usize)> = Vec::new();
    let mut next = || -> Result<Option<Event<'_>>, YamlError> {
        match events.next() {
            None => Ok(None),
            Some(Ok((event, span))) => {
                match event {
                    Event::SequenceStart(..) | Event::MappingStart(..) => {
                        open.push((span.start.line(), span.start.col() + 1));
                    }
                    Event::SequenceEnd | Event::MappingEnd => {
                        open.pop();
                    }
                    _ => {}
                }
                Ok(Some(event))
            }
            Some(Err(error)) => {
                let mark = error.marker();
                let at = (mark.line(), mark.col() + 1);
                let open = open.last().copied();
                Err(psych_error(error.info(), at, open, text, mark.index()))
            }
        }
    };
    loop {
        match next()? {
            None | Some(Event::StreamEnd) => return Ok(None),
            Some(Event::DocumentStart(_)) => break,
            Some(_) => {}
        }
    }
    let first = match next()? {
        None | Some(Event::DocumentEnd) | Some(Event::StreamEnd) => return Ok(None),
        Some(event) => event,
    };
    let value = loader.node(first, &mut next)?;
    // Psych reports an error later in the stream even when it loads only the first document.
    while let Some(event) = next()? {
        if matches!(event, Event::StreamEnd) {
            break;
        }
    }
    Ok(Some(value))
}

/// A syntax error of saphyr's in libyaml's words, as Psych reports it: `<problem> <context>` at
/// the context's mark (for a parser error, where the collection being read starts: `open`).
fn psych_error(
    info: &str,
    at: (usize, usize),
    open: Option<(usize, usize)>,
    text: &str,
    index: usize,
) -> YamlError {
    const NO_TOKEN: &str =
        "found character that cannot start any token while scanning for the next token";
    let error = |message: String, at| YamlError {
        message,
        at: Some(at),
        names_file: true,
    };
    if info.contains("unknown anchor") {
        let name: String = text
            .chars()
            .skip(index + 1)
            .take_while(|c| !c.is_whitespace() && !",[]{}".contains(*c))
            .collect();
        return YamlError {
            message: format!("Unknown alias: {name}"),
            at: None,
            names_file: false,
        };
    }
    if info.contains("tab") {
        // libyaml points at the tab itself.
        let line = text.lines().nth(at.0.saturating_sub(1)).unwrap_or_default();
        let column = line
            .find('\t')
            .map_or(at.1, |i| line[..i].chars().count() + 1);
        return error(NO_TOKEN.into(), (at.0, column));
    }
    if info.starts_with("unexpected character") {
        return error(NO_TOKEN.into(), at);
    }
    if info == "invalid indentation in quoted scalar" {
        let message = "found unexpected end of stream while scanning a quoted scalar";
        return error(message.into(), at);
    }
    match info.split_once(", ") {
        Some((context, problem)) if context.starts_with("while ") => {
            let problem = match problem.strip_prefix("expected ") {
                Some(rest) => format!("did not find expected {rest}"),
                None => problem.to_string(),
            };
            let at = match open {
                Some(open) if context.starts_with("while parsing a ") => open,
                _ => at,
            };
            error(format!("{problem} {context}"), at)
        }
        _ => error(info.to_string(), at),
    }
}

struct Loader {
    /// The values of anchored nodes, by anchor id (0: no anchor), with how many values each holds.
    anchors: Vec<(usize, Value, usize)>,
    /// Values made so far, aliases counting what they stand for.
    nodes: usize,
}

type Next<'f, 'i> = dyn FnMut() -> Result<Option<Event<'i>>, YamlError> + 'f;

impl Loader {
    fn count(&mut self, n: usize) -> Result<(), YamlError> {
        self.nodes += n;
        if self.nodes > MAX_NODES {
            return Err(YamlError::plain(format!(
                "the document expands to more than {MAX_NODES} values"
            )));
        }
        Ok(())
    }

    fn anchor(&mut self, id: usize, value: &Value, since: usize) {
        if id != 0 {
            self.anchors.push((id, value.clone(), self.nodes - since));
        }
    }

    fn node<'i>(&mut self, event: Event<'i>, next: &mut Next<'_, 'i>) -> Result<Value, YamlError> {
        let since = self.nodes;
        self.count(1)?;
        match event {
            Event::Scalar(text, style, anchor, tag) => {
                let value = scalar(&text, style, tag.as_deref())?;
                self.anchor(anchor, &value, since);
                Ok(value)
            }
            Event::Alias(id) => {
                let (value, size) = self
                    .anchors
                    .iter()
                    .rev()
                    .find(|(anchor, _, _)| *anchor == id)
                    .map(|(_, value, size)| (value.clone(), *size))
                    .ok_or_else(|| {
                        YamlError::plain("An alias referenced an unknown anchor".into())
                    })?;
                // What an alias stands for counts again: aliases of aliases grow fast.
                self.count(size)?;
                Ok(value)
            }
            Event::SequenceStart(anchor, tag) => {
                let omap = refuse_tag(tag.as_deref(), "seq")?;
                let mut items = Vec::new();
                loop {
                    match next()? {
                        None | Some(Event::SequenceEnd) => break,
                        Some(event) => items.push(self.node(event, next)?),
                    }
                }
                // `!!omap [a: 1, b: 2]`: its pairs make a hash.
                let value = match omap && items.iter().all(|i| matches!(i, Value::Hash(_))) {
                    true => Value::Hash(
                        items
                            .iter()
                            .filter_map(|item| match item {
                                Value::Hash(pairs) => Some(pairs.iter()),
                                _ => None,
                            })
                            .flatten()
                            .map(|(k, v)| (k.clone(), v.clone()))
                            .collect(),
                    ),
                    false => Value::array(items),
                };
                self.anchor(anchor, &value, since);
                Ok(value)
            }
            Event::MappingStart(anchor, tag) => {
                refuse_tag(tag.as_deref(), "map")?;
                let mut hash = Hash::new();
                loop {
                    let key = match next()? {
                        None | Some(Event::MappingEnd) => break,
                        Some(event) => event,
                    };
                    let merge = matches!(&key, Event::Scalar(text, ScalarStyle::Plain, _, None) if text == "<<");
                    let name = symbol_name(&key).map(String::from);
                    let key = self.node(key, next)?;
                    let key = match (name, &key) {
                        (Some(name), Value::Runtime(_)) => Value::string(&name),
                        _ => key,
                    };
                    let value = match next()? {
                        Some(event) => self.node(event, next)?,
                        None => Value::Undef,
                    };
                    if merge && self.merge_into(&mut hash, &value)? {
                        continue;
                    }
                    hash.insert(key, value);
                }
                let value = Value::Hash(hash);
                self.anchor(anchor, &value, since);
                Ok(value)
            }
            _ => Ok(Value::Undef),
        }
    }

    /// A merge key (`<<: *base`, `<<: [*a, *b]`), as Psych merges it: the mappings it names
    /// replace what the mapping has set so far (of a list, the first mapping wins), and what
    /// comes after replaces them. False when the value is no mapping (then `<<` is a key).
    fn merge_into(&mut self, hash: &mut Hash, value: &Value) -> Result<bool, YamlError> {
        let merged = match value {
            Value::Hash(source) => source.clone(),
            Value::Array(items) => {
                let mut merged = Hash::new();
                for item in items.iter().rev() {
                    let Value::Hash(source) = item else {
                        return Ok(false);
                    };
                    self.count(source.len())?;
                    for (key, value) in source.iter() {
                        merged.insert(key.clone(), value.clone());
                    }
                }
                merged
            }
            _ => return Ok(false),
        };
        self.count(merged.len())?;
        for (key, value) in merged.iter() {
            hash.insert(key.clone(), value.clone());
        }
        Ok(true)
    }
}

/// The name of a symbol written as a scalar (`:name`, `!ruby/symbol name`).
fn symbol_name<'e>(event: &'e Event<'_>) -> Option<&'e str> {
    match event {
        Event::Scalar(text, ScalarStyle::Plain, _, None) => text.strip_prefix(':'),
        Event::Scalar(text, _, _, Some(tag)) if tag.suffix.starts_with("ruby/sym") => Some(text),
        _ => None,
    }
}

/// A node tag Puppet's safe loading accepts for a collection (`true` for `!!omap`), or its
/// refusal. Local tags other than Ruby's (`!mytag`) are ignored, as Psych ignores them.
fn refuse_tag(tag: Option<&Tag>, kind: &str) -> Result<bool, YamlError> {
    match tag {
        Some(tag) if is_core(tag) => match tag.suffix.as_str() {
            suffix if suffix == kind => Ok(false),
            "omap" if kind == "seq" => Ok(true),
            "set" => Err(unspecified("Psych::Set")),
            other => Err(unspecified(other)),
        },
        Some(tag) if tag.suffix.starts_with("ruby/") => Err(unspecified(&ruby_class(tag))),
        _ => Ok(false),
    }
}

fn is_core(tag: &Tag) -> bool {
    tag.handle == "!!" || tag.handle == "tag:yaml.org,2002:"
}

/// Psych's refusal of a class safe loading does not permit.
fn unspecified(class: &str) -> YamlError {
    YamlError::plain(format!("Tried to load unspecified class: {class}"))
}

/// The Ruby class a `!ruby/...` tag names: `!ruby/object:Foo` Foo, `!ruby/regexp` Regexp.
fn ruby_class(tag: &Tag) -> String {
    match tag.suffix.rsplit_once(':') {
        Some((_, class)) => class.into(),
        None => {
            let name = crate::qualified::trim_leading(&tag.suffix, "ruby/");
            let mut chars = name.chars();
            chars
                .next()
                .map(|first| first.to_ascii_uppercase())
                .into_iter()
                .chain(chars)
                .collect()
        }
    }
}

/// A scalar: plain ones resolved as Psych does, quoted and block ones strings; a core tag
/// (`!!str`, `!!int`, ...) says what it is.
fn scalar(text: &str, style: ScalarStyle, tag: Option<&Tag>) -> Result<Value, YamlError> {
    if let Some(tag) = tag.filter(|tag| is_core(tag) || tag.suffix.starts_with("ruby/")) {
        if tag.suffix.starts_with("ruby/sym") {
            return Ok(symbol());
        }
        if !is_core(tag) {
            return Err(unspecified(&ruby_class(tag)));
        }
        return match tag.suffix.as_str() {
            "str" => Ok(Value::string(text)),
            "int" => Ok(resolve(text)
                .filter(|v| matches!(v, Value::Integer(_)))
                .unwrap_or_else(|| Value::string(text))),
            "float" => Ok(match resolve(text) {
                Some(Value::Integer(n)) => Value::Float(n as f64),
                Some(Value::Float(f)) => Value::Float(f),
                _ => Value::string(text),
            }),
            "bool" => Ok(resolve(text)
                .filter(|v| matches!(v, Value::Boolean(_)))
                .unwrap_or_else(|| Value::string(text))),
            "null" => Ok(Value::Undef),
            "timestamp" if is_date(text) => Err(unspecified("Date")),
            "timestamp" => Err(unspecified("Time")),
            // Ruby's decoded bytes are a String to Puppet.
            "binary" => Ok(
                match crate::value::Binary::from_base64(&text.replace(['\n', ' '], "")) {
                    Some(binary) => match core::str::from_utf8(binary.bytes()) {
                        Ok(decoded) => Value::string(decoded),
                        Err(_) => Value::Binary(binary),
                    },
                    None => Value::string(text),
                },
            ),
            other => Err(unspecified(other)),
        };
    }
    if style != ScalarStyle::Plain {
        return Ok(Value::string(text));
    }
    if let Some(refusal) = refused_class(text) {
        return Err(unspecified(refusal));
    }
    match resolve(text) {
        Some(value) => Ok(value),
        // Psych makes a Ruby big integer of it, which has no place in a 64-bit Integer.
        None if text.bytes().filter(u8::is_ascii_digit).count() > 18
            && text
                .trim_start_by(&|c| matches!(c, '-' | '+'))
                .starts_with(|c: char| c.is_ascii_digit())
            && text
                .bytes()
                .skip(1)
                .all(|b| b.is_ascii_digit() || b == b'_' || b == b',') =>
        {
            Err(YamlError::plain(format!(
                "the integer {text} is beyond 64 bits"
            )))
        }
        None => Ok(Value::string(text)),
    }
}

/// Whether Psych reads `text`, written as a plain scalar, back as the same string (its
/// `ScalarScanner#tokenize` gives a `String`): what decides whether it writes it unquoted.
pub fn reads_as_string(text: &str) -> bool {
    refused_class(text).is_none() && resolve(text).is_none()
}

/// A Ruby symbol, which Puppet's lookup refuses where it finds one.
fn symbol() -> Value {
    Value::Runtime(alloc::rc::Rc::new((
        alloc::rc::Rc::from("Symbol"),
        alloc::rc::Rc::from("Runtime[ruby, 'Symbol']"),
    )))
}

/// Plain scalars that Psych makes a `Date` or `Time`, which Puppet's safe loading refuses.
fn refused_class(text: &str) -> Option<&'static str> {
    if is_string_looking(text) {
        return None;
    }
    if is_time(text) {
        return Some("Time");
    }
    if is_date(text) {
        return Some("Date");
    }
    None
}

/// Psych's first test: text that starts like a word (or holds a line break) is a string, unless
/// it is short and spells null or a boolean.
fn is_string_looking(text: &str) -> bool {
    let class = |c: char| {
        c.is_alphabetic() || c == '_' || c.is_whitespace() || "!@#$%^&*(){}<>|/\\~;=".contains(c)
    };
    let mut chars = text.chars();
    let starts = match chars.next() {
        None => false,
        Some(first) if class(first) => true,
        Some(first) if !first.is_ascii_digit() && !".:-".contains(first) => {
            chars.next().is_some_and(class)
        }
        Some(_) => false,
    };
    starts || text.contains('\n')
}

/// What Psych makes of a plain scalar, when not a string (`None`).
fn resolve(text: &str) -> Option<Value> {
    if text.is_empty() {
        return Some(Value::Undef);
    }
    if is_string_looking(text) {
        if text.chars().count() > 5 {
            return None;
        }
        let lower = text.to_ascii_lowercase();
        return match lower.as_str() {
            "~" | "null" => Some(Value::Undef),
            "yes" | "true" | "on" => Some(Value::Boolean(true)),
            "no" | "false" | "off" => Some(Value::Boolean(false)),
            _ => None,
        };
    }
    let lower = text.to_ascii_lowercase();
    match lower.as_str() {
        ".inf" | "+.inf" => return Some(Value::Float(f64::INFINITY)),
        "-.inf" => return Some(Value::Float(f64::NEG_INFINITY)),
        ".nan" => return Some(Value::Float(f64::NAN)),
        _ => {}
    }
    if text.starts_with(':') && text.len() > 1 {
        return Some(symbol());
    }
    if let Some(value) = sexagesimal(text) {
        return Some(value);
    }
    if is_float(text) {
        let cleaned: String = text.chars().filter(|c| *c != ',' && *c != '_').collect();
        if cleaned.trim_start_by(&|c| matches!(c, '+' | '-')) == "." {
            return None;
        }
        let cleaned = cleaned.replace(".e", "e").replace(".E", "E");
        let cleaned = cleaned.strip_suffix('.').unwrap_or(&cleaned);
        return crate::value::parse_f64(cleaned).map(Value::Float);
    }
    integer(text).map(Value::Integer)
}

/// `-?\d{4}-\d{1,2}-\d{1,2}` then `T` or spaces, `\d{1,2}:\d\d:\d\d`, optional fraction and zone.
fn is_time(text: &str) -> bool {
    let rest = text.strip_prefix('-').unwrap_or(text);
    let Some(rest) = date_prefix(rest) else {
        return false;
    };
    let rest = match rest.strip_prefix(['T', 't']) {
        Some(rest) => rest,
        None if rest.starts_with(char::is_whitespace) => rest.trim_start(),
        None => return false,
    };
    let hours = rest.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=2).contains(&hours) {
        return false;
    }
    let rest = &rest[hours..];
    let b = rest.as_bytes();
    if b.len() < 6
        || b[0] != b':'
        || b[3] != b':'
        || !b[1..3].iter().chain(&b[4..6]).all(u8::is_ascii_digit)
    {
        return false;
    }
    let mut rest = &rest[6..];
    if let Some(fraction) = rest.strip_prefix('.') {
        rest = fraction.trim_start_by(&|c: char| c.is_ascii_digit());
    }
    let rest = rest.trim_start();
    if rest.is_empty() || rest == "Z" {
        return true;
    }
    let Some(zone) = rest.strip_prefix(['+', '-']) else {
        return false;
    };
    let hours = zone.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=2).contains(&hours) {
        return false;
    }
    let zone = &zone[hours..];
    let zone = zone.strip_prefix(':').unwrap_or(zone);
    zone.is_empty() || (zone.len() == 2 && zone.bytes().all(|b| b.is_ascii_digit()))
}

/// `\d{4}-\d{1,2}-\d{1,2}` at the start: what follows it.
fn date_prefix(text: &str) -> Option<&str> {
    let b = text.as_bytes();
    if b.len() < 8 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return None;
    }
    let rest = &text[5..];
    let month = rest.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=2).contains(&month) || rest.as_bytes().get(month) != Some(&b'-') {
        return None;
    }
    let rest = &rest[month + 1..];
    let day = rest.bytes().take_while(u8::is_ascii_digit).count();
    (1..=2).contains(&day).then(|| &rest[day..])
}

/// A date Psych loads as `Date`: four-digit year, a month up to 12, a day up to 31.
fn is_date(text: &str) -> bool {
    let Some(rest) = date_prefix(text) else {
        return false;
    };
    if !rest.is_empty() {
        return false;
    }
    let mut parts = text
        .split('-')
        .skip(1)
        .map(|p| crate::value::parse_count(p).unwrap_or(99));
    let month = parts.next().unwrap_or(99);
    let day = parts.next().unwrap_or(99);
    month <= 12 && day <= 31
}

/// Base 60 as Psych reads it: each part times 60 to the power of its distance from the third
/// (`1:30` is 1×3600 + 30×60 = 5400, `1:30:15` is 5415); with a fraction, a Float.
fn sexagesimal(text: &str) -> Option<Value> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let parts: Vec<&str> = digits.split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let (last, fraction) = match parts[parts.len() - 1].split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (parts[parts.len() - 1], None),
    };
    let head = parts[0];
    let head_ok = head.starts_with(|c: char| c.is_ascii_digit())
        && head.bytes().all(|b| b.is_ascii_digit() || b == b'_');
    // `[0-5]?[0-9]`: one digit, or two with the first at most 5.
    let minute = |p: &str| match p.as_bytes() {
        [d] => d.is_ascii_digit(),
        [t, d] => (b'0'..=b'5').contains(t) && d.is_ascii_digit(),
        _ => false,
    };
    let middle_ok = parts[1..parts.len() - 1].iter().all(|p| minute(p));
    if !head_ok || !middle_ok || !minute(last) {
        return None;
    }
    if fraction.is_some_and(|f| !f.bytes().all(|b| b.is_ascii_digit() || b == b'_')) {
        return None;
    }
    let count = parts.len();
    let mut whole: i64 = 0;
    for (at, part) in parts.iter().enumerate() {
        let part = if at + 1 == count { last } else { part };
        let cleaned: String = part.chars().filter(|c| *c != '_').collect();
        let n = crate::value::parse_count(&cleaned)? as i64;
        let power = 60i64.checked_pow((at as i64 - 2).unsigned_abs() as u32)?;
        whole = whole.checked_add(n.checked_mul(power)?)?;
    }
    let sign = if negative { -1 } else { 1 };
    match fraction {
        None => Some(Value::Integer(sign * whole)),
        Some(fraction) => {
            let cleaned: String = fraction.chars().filter(|c| *c != '_').collect();
            let fraction = crate::value::parse_f64(&format!("0.{cleaned}0")).unwrap_or(0.0);
            // The fraction belongs to the last part, weighed as it is.
            let weight = (0..(count as i64 - 3).unsigned_abs()).fold(1f64, |w, _| w * 60.0);
            Some(Value::Float(
                sign as f64 * (whole as f64 + fraction * weight),
            ))
        }
    }
}

/// Psych's integers: `0b`, leading-`0` octal, decimal with `_`/`,`, `0x`; as Ruby's `Integer()`.
fn integer(text: &str) -> Option<i64> {
    let (negative, body) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let separators = |s: &str, ok: fn(u8) -> bool| {
        !s.is_empty() && s.bytes().all(|b| ok(b) || b == b'_' || b == b',')
    };
    let (radix, digits) = if let Some(bin) = body.strip_prefix("0b") {
        if !separators(bin, |b| b == b'0' || b == b'1') {
            return None;
        }
        (2, bin)
    } else if let Some(hex) = body.strip_prefix("0x") {
        if !separators(hex, |b| b.is_ascii_hexdigit()) {
            return None;
        }
        (16, hex)
    } else if body.len() > 1 && body.starts_with('0') {
        if !separators(&body[1..], |b| (b'0'..=b'7').contains(&b)) {
            return None;
        }
        (8, &body[1..])
    } else {
        // Decimal: `0`, or a non-zero digit followed by digits each optionally after `,` or `_`.
        let b = body.as_bytes();
        let ok = body == "0"
            || (b.first().is_some_and(|c| (b'1'..=b'9').contains(c))
                && b.windows(2).all(|w| {
                    w[1].is_ascii_digit()
                        || (matches!(w[1], b'_' | b',') && !matches!(w[0], b'_' | b','))
                })
                && b.last().is_some_and(u8::is_ascii_digit));
        if !ok {
            return None;
        }
        (10, body)
    };
    let mut value: i64 = 0;
    for b in digits.bytes().filter(|b| *b != b'_' && *b != b',') {
        let digit = (b as char).to_digit(radix)? as i64;
        value = value.checked_mul(radix as i64)?.checked_add(digit)?;
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::programmatic;

    fn one(text: &str) -> String {
        let doc = format!("k: {text}\n");
        match load(&doc) {
            Ok(Some(Value::Hash(h))) => {
                programmatic(h.get(&Value::string("k")).unwrap_or(&Value::Undef))
            }
            Ok(other) => format!("{other:?}"),
            Err(e) => format!("error: {}", e.message),
        }
    }

    /// Values real Puppet 7.23 gave for these data values (env_oracle.rb, a `lookup('k')` each).
    #[test]
    fn scalars_resolve_as_psych_resolves_them() {
        let cases = [
            ("1:30", "5400"),
            ("1e3", "'1e3'"),
            ("1.5e+3", "1500.0"),
            ("1.", "1.0"),
            (".5", "0.5"),
            ("0755", "493"),
            ("08", "'08'"),
            ("1,000", "1000"),
            ("0x1F", "31"),
            ("0b101", "5"),
            ("yes", "true"),
            ("Off", "false"),
            ("~", "undef"),
            ("", "undef"),
            ("!!str 123", "'123'"),
            ("!!int '12'", "12"),
            ("[1, 2]", "[1, 2]"),
            ("{a: 1}", "{'a' => 1}"),
            ("-.inf", "-Infinity"),
            ("1_000", "1000"),
            ("+12", "12"),
            ("Null", "undef"),
            ("2024-01-01", "error: Tried to load unspecified class: Date"),
            (
                "9223372036854775808",
                "error: the integer 9223372036854775808 is beyond 64 bits",
            ),
            ("1.2.3.4.5.6.7.8.9.10.11", "'1.2.3.4.5.6.7.8.9.10.11'"),
            (
                "2024-01-01 10:00:00",
                "error: Tried to load unspecified class: Time",
            ),
            (
                "2024-01-01T10:00:00Z",
                "error: Tried to load unspecified class: Time",
            ),
            (
                "!ruby/object:Foo {}",
                "error: Tried to load unspecified class: Foo",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(one(text), expected, "{text}");
        }
    }

    #[test]
    fn documents_anchors_and_merge_keys() {
        let doc = "base: &b {a: 1, b: 2}\nk:\n  <<: *b\n  b: 3\n---\nk: other\n";
        assert_eq!(
            load(doc).map(|v| v.map(|v| programmatic(&v))),
            Ok(Some(
                "{'base' => {'a' => 1, 'b' => 2}, 'k' => {'a' => 1, 'b' => 3}}".into()
            ))
        );
        assert_eq!(load(""), Ok(None));
        let bad = load("k: 1\n  x: 2\n").unwrap_err();
        assert_eq!(
            bad.message,
            "mapping values are not allowed in this context"
        );
        assert_eq!(bad.at, Some((2, 4)));
    }

    /// libyaml's words and context marks, as Psych reported them for these files (Puppet 7.23).
    #[test]
    fn syntax_errors_as_psych_words_them() {
        let cases = [
            ("k:\n  a: 1\n b: 2\n", "(f): did not find expected key while parsing a block mapping at line 1 column 1"),
            ("k: [a, b\n", "(f): did not find expected ',' or ']' while parsing a flow sequence at line 1 column 4"),
            ("a: 1\nk: \"unclosed\nb: 2\n", "(f): found unexpected end of stream while scanning a quoted scalar at line 2 column 4"),
            ("k:\n\ta: 1\n", "(f): found character that cannot start any token while scanning for the next token at line 2 column 1"),
            ("k: %{x}\n", "(f): found character that cannot start any token while scanning for the next token at line 1 column 4"),
            ("k: *nope\n", "Unknown alias: nope"),
        ];
        for (text, expected) in cases {
            let error = load(text).unwrap_err();
            assert_eq!(error.psych_text("f"), expected, "{text:?}");
        }
    }

    #[test]
    fn aliases_cannot_expand_without_bound() {
        let mut doc = String::from("a0: &a0 [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n");
        for i in 1..40 {
            doc += &format!("a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n", p = i - 1);
        }
        assert!(load(&doc).is_err());
    }
}
