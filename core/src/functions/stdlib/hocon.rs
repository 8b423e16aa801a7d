//! HOCON text read as data, as stdlib's `parsehocon` reads it with Ruby's hocon gem: objects
//! (braced or not), arrays, `=` `:` `+=`, dotted keys, quoted, triple-quoted and unquoted strings,
//! numbers (an integral one as an Integer), value concatenation, `#` and `//` comments, repeated
//! keys merged (the later object's keys first), and substitutions (`${a.b}`, `${?a}`) found in the
//! text itself (the compiling host's environment variables are not read). Includes are refused.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::value::{Hash, Value};

/// Why a text was not read: `Parse` is the gem's `ConfigParseError` (a default given stands in),
/// `Other` an error no default stands in for.
pub(crate) enum Fail {
    Parse(String),
    Other(String),
}

/// A value as read, before its substitutions are resolved.
#[derive(Clone)]
enum Node {
    Obj(Vec<(String, Node)>),
    Arr(Vec<Node>),
    /// Text as written: quoted (a string), or unquoted (`true`, a number, a word).
    Text(String, bool),
    Ws(String),
    /// `${path}` (`${?path}`: optional), and the line it is on.
    Subst(Vec<String>, bool, usize),
    Concat(Vec<Node>),
}

const MAX_DEPTH: usize = 100;
const UNBALANCED: &str = "unbalanced close brace '}' with no open brace (if you intended '}' to be part of a key or string value, try enclosing the key or value in double quotes";
/// The values a resolution may visit (substitutions copy what they name).
const MAX_STEPS: usize = 200_000;

/// The data of a HOCON text: a hash (the root must be an object).
pub(crate) fn parse(text: &str) -> Result<Value, Fail> {
    let mut p = Parser {
        s: text.chars().collect(),
        i: 0,
        line: 1,
        depth: 0,
    };
    p.skip(true);
    let root = match p.peek() {
        Some('{') => {
            p.i += 1;
            let fields = p.fields(true)?;
            p.skip(true);
            if p.peek().is_some() {
                return Err(
                    p.parse_error("Document has trailing tokens after first object or array")
                );
            }
            fields
        }
        Some('[') => {
            return Err(Fail::Other(format!(
                "String: {}:  has type LIST rather than object at file root",
                p.line
            )))
        }
        _ => p.fields(false)?,
    };
    let root = Node::Obj(root);
    let mut steps = 0;
    resolve(&root, &root, 0, &mut steps).map(|v| v.unwrap_or_else(|| Value::Hash(Hash::new())))
}

struct Parser {
    s: Vec<char>,
    i: usize,
    line: usize,
    depth: usize,
}

/// Characters that end unquoted text.
fn forbidden(c: char) -> bool {
    "$\"{}[]:=,+#`^?!@*&\\".contains(c) || c.is_whitespace()
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.s.get(self.i).copied()
    }

    fn at(&self, text: &str) -> bool {
        text.chars()
            .enumerate()
            .all(|(k, c)| self.s.get(self.i + k) == Some(&c))
    }

    fn parse_error(&self, message: &str) -> Fail {
        Fail::Parse(format!("String: {}: {message}", self.line))
    }

    /// The next token's name in the gem's messages.
    fn token(&self) -> String {
        match self.peek() {
            None => "end of file".into(),
            Some('\n') => "newline".into(),
            Some(c) => format!("'{c}'"),
        }
    }

    /// Skip spaces and comments (and newlines when `newlines`).
    fn skip(&mut self, newlines: bool) {
        while let Some(c) = self.peek() {
            if c == '#' || self.at("//") {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.i += 1;
                }
            } else if c == '\n' && newlines {
                self.line += 1;
                self.i += 1;
            } else if c != '\n' && (c.is_whitespace() || c == '\u{feff}') {
                self.i += 1;
            } else {
                break;
            }
        }
    }

    fn deeper(&mut self) -> Result<(), Fail> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.parse_error("nested too deeply"));
        }
        Ok(())
    }

    /// An object's fields, up to its `}` (`braced`) or the end of the text.
    fn fields(&mut self, braced: bool) -> Result<Vec<(String, Node)>, Fail> {
        self.deeper()?;
        let mut fields: Vec<(String, Node)> = Vec::new();
        loop {
            self.skip(true);
            match self.peek() {
                Some('}') if braced => {
                    self.i += 1;
                    break;
                }
                None if !braced => break,
                None | Some('}' | '=' | ':' | ',' | ']' | '[') => {
                    return Err(if self.peek() == Some('}') {
                        self.parse_error(UNBALANCED)
                    } else {
                        self.parse_error(&format!(
                            "expecting a close brace or a field name here, got {}",
                            self.token()
                        ))
                    })
                }
                _ => {}
            }
            if self.at("include") {
                let mut k = self.i + 7;
                while self.s.get(k).is_some_and(|c| *c == ' ' || *c == '\t') {
                    k += 1;
                }
                if k > self.i + 7 && matches!(self.s.get(k), Some('"' | 'f' | 'u' | 'c' | 'r')) {
                    return Err(Fail::Other(String::from(
                        "parsehocon: a HOCON include reads a file of the compiling host, which the playground does not",
                    )));
                }
            }
            let (path, written) = self.key()?;
            self.skip(false);
            let append = self.at("+=");
            if append {
                self.i += 2;
            } else if matches!(self.peek(), Some('=' | ':')) {
                self.i += 1;
            } else if self.peek() != Some('{') {
                return Err(self.parse_error(&format!(
                    "Key '{written}' may not be followed by token: {}",
                    self.token()
                )));
            }
            self.skip(false);
            let mut value = self.value()?;
            if append {
                let line = self.line;
                value = Node::Concat(alloc::vec![
                    Node::Subst(path.clone(), true, line),
                    Node::Arr(alloc::vec![value]),
                ]);
            }
            for segment in path[1..].iter().rev() {
                value = Node::Obj(alloc::vec![(segment.clone(), value)]);
            }
            match fields.iter_mut().find(|(k, _)| *k == path[0]) {
                Some(slot) if append && path.len() == 1 => {
                    // `a += v` after `a`: the earlier value and v.
                    if let Node::Concat(pieces) = &mut value {
                        pieces[0] = slot.1.clone();
                    }
                    slot.1 = value;
                }
                Some(slot) => slot.1 = with_fallback(value, &slot.1),
                None => fields.push((path[0].clone(), value)),
            }
            self.skip(false);
            match self.peek() {
                Some(',') => self.i += 1,
                Some('\n') | None => {}
                Some('}') if braced => {}
                Some('}') => return Err(self.parse_error(UNBALANCED)),
                _ => {
                    return Err(self.parse_error(&format!(
                        "Key '{written}' may not be followed by token: {}",
                        self.token()
                    )))
                }
            }
        }
        self.depth -= 1;
        Ok(fields)
    }

    /// A key: its path (unquoted text split at dots) and its text as written.
    fn key(&mut self) -> Result<(Vec<String>, String), Fail> {
        let mut path = alloc::vec![String::new()];
        let mut written = String::new();
        let mut spaces = String::new();
        loop {
            match self.peek() {
                Some('"') => {
                    let text = self.quoted()?;
                    written.push_str(&core::mem::take(&mut spaces));
                    written.push_str(&text);
                    if let Some(last) = path.last_mut() {
                        last.push_str(&text);
                    }
                }
                Some(c) if c != '\n' && c.is_whitespace() => {
                    spaces.push(c);
                    self.i += 1;
                }
                Some(c) if !forbidden(c) && !self.at("//") => {
                    if let Some(last) = path.last_mut() {
                        last.push_str(&spaces);
                    }
                    written.push_str(&core::mem::take(&mut spaces));
                    self.i += 1;
                    written.push(c);
                    if c == '.' {
                        path.push(String::new());
                    } else if let Some(last) = path.last_mut() {
                        last.push(c);
                    }
                }
                _ => break,
            }
        }
        if written.is_empty() || path.iter().any(String::is_empty) && !written.starts_with('"') {
            return Err(self.parse_error(&format!(
                "expecting a close brace or a field name here, got {}",
                self.token()
            )));
        }
        Ok((path, written))
    }

    /// A value: its pieces up to the end of the field or element.
    fn value(&mut self) -> Result<Node, Fail> {
        self.deeper()?;
        let mut pieces: Vec<Node> = Vec::new();
        while let Some(c) = self.peek() {
            let piece = match c {
                '"' if self.at("\"\"\"") => Node::Text(self.triple(), false),
                '"' => Node::Text(self.quoted()?, false),
                '{' => {
                    self.i += 1;
                    Node::Obj(self.fields(true)?)
                }
                '[' => {
                    self.i += 1;
                    self.array()?
                }
                '$' => self.substitution()?,
                '\n' => break,
                c if c.is_whitespace() => {
                    let start = self.i;
                    while self.peek().is_some_and(|c| c != '\n' && c.is_whitespace()) {
                        self.i += 1;
                    }
                    Node::Ws(self.s[start..self.i].iter().collect())
                }
                c if forbidden(c) || self.at("//") => break,
                _ => {
                    let start = self.i;
                    while self.peek().is_some_and(|c| !forbidden(c)) && !self.at("//") {
                        self.i += 1;
                    }
                    Node::Text(self.s[start..self.i].iter().collect(), true)
                }
            };
            pieces.push(piece);
        }
        while matches!(pieces.last(), Some(Node::Ws(_))) {
            pieces.pop();
        }
        self.depth -= 1;
        match pieces.len() {
            0 => Err(self.parse_error(&format!(
                "Expecting a value but got wrong token: {}{}",
                self.token(),
                if self.peek().is_some() {
                    format!(" (if you intended {} to be part of a key or string value, try enclosing the key or value in double quotes", self.token())
                } else {
                    String::new()
                }
            ))),
            1 => Ok(pieces.remove(0)),
            _ => Ok(Node::Concat(pieces)),
        }
    }

    fn array(&mut self) -> Result<Node, Fail> {
        let mut items = Vec::new();
        loop {
            self.skip(true);
            if self.peek() == Some(']') {
                self.i += 1;
                return Ok(Node::Arr(items));
            }
            items.push(self.value()?);
            self.skip(false);
            match self.peek() {
                Some(',') => self.i += 1,
                Some('\n' | ']') => {}
                _ => {
                    return Err(self.parse_error(&format!(
                        "List should have ended with ] or had a comma, instead had token: {0} (if you want {0} to be part of a string value, then double-quote it)",
                        self.token()
                    )))
                }
            }
        }
    }

    fn substitution(&mut self) -> Result<Node, Fail> {
        let line = self.line;
        if !self.at("${") {
            self.i += 1;
            return Err(self.parse_error(&format!(
                "Expecting a value but got wrong token: '$' not followed by {{ ({} not allowed after '$')",
                self.token()
            )));
        }
        self.i += 2;
        let optional = self.peek() == Some('?');
        if optional {
            self.i += 1;
        }
        self.skip(false);
        let (path, _) = self.key()?;
        self.skip(false);
        if self.peek() != Some('}') {
            return Err(self.parse_error("Substitution ${ was not closed with a }"));
        }
        self.i += 1;
        Ok(Node::Subst(path, optional, line))
    }

    /// A `"..."` string with JSON's escapes.
    fn quoted(&mut self) -> Result<String, Fail> {
        self.i += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(self.parse_error("Expecting a value but got wrong token: '-1' (End of input but string quote was still open)"));
            };
            self.i += 1;
            match c {
                '"' => return Ok(out),
                '\n' => return Err(self.parse_error("Newline in quoted string")),
                '\\' => {
                    let escaped = self.peek().unwrap_or(' ');
                    self.i += 1;
                    out.push(match escaped {
                        '"' | '\\' | '/' => escaped,
                        'b' => '\u{8}',
                        'f' => '\u{c}',
                        'n' => '\n',
                        'r' => '\r',
                        't' => '\t',
                        'u' => {
                            let hex: String = self.s.iter().skip(self.i).take(4).collect();
                            self.i += 4;
                            u32::from_str_radix(&hex, 16)
                                .ok()
                                .filter(|_| hex.len() == 4)
                                .and_then(char::from_u32)
                                .ok_or_else(|| self.parse_error("Malformed hex in \\u escape"))?
                        }
                        _ => {
                            return Err(self.parse_error(&format!(
                                "backslash followed by '{escaped}', this is not a valid escape sequence"
                            )))
                        }
                    });
                }
                c => out.push(c),
            }
        }
    }

    /// A `"""..."""` string, as written (quotes before the closing three are its own).
    fn triple(&mut self) -> String {
        self.i += 3;
        let start = self.i;
        while self.peek().is_some()
            && !(self.at("\"\"\"") && !self.s.get(self.i + 3).is_some_and(|c| *c == '"'))
        {
            if self.peek() == Some('\n') {
                self.line += 1;
            }
            self.i += 1;
        }
        let text = self.s[start..self.i].iter().collect();
        self.i = (self.i + 3).min(self.s.len());
        text
    }
}

/// The gem's `with_fallback`: an object over an object merges (its keys first), else the later
/// value wins.
fn with_fallback(new: Node, old: &Node) -> Node {
    match (new, old) {
        (Node::Obj(mut fields), Node::Obj(older)) => {
            for (key, value) in fields.iter_mut() {
                if let Some((_, earlier)) = older.iter().find(|(k, _)| k == key) {
                    *value =
                        with_fallback(core::mem::replace(value, Node::Arr(Vec::new())), earlier);
                }
            }
            for (key, value) in older {
                if !fields.iter().any(|(k, _)| k == key) {
                    fields.push((key.clone(), value.clone()));
                }
            }
            Node::Obj(fields)
        }
        (new, _) => new,
    }
}

/// Unquoted text as a value: `true`, `false`, `null`, a number as Ruby reads it, else a string.
fn scalar(text: &str, unquoted: bool) -> Value {
    if !unquoted {
        return Value::string(text);
    }
    match text {
        "true" => return Value::Boolean(true),
        "false" => return Value::Boolean(false),
        "null" => return Value::Undef,
        _ => {}
    }
    number(text).unwrap_or_else(|| Value::string(text))
}

/// A number as the gem reads one (Ruby's `Integer()`, a leading 0 octal; `Float()` when it has a
/// `.` or an exponent), an integral float as an Integer.
fn number(text: &str) -> Option<Value> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if !digits.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    if !text.contains(['.', 'e', 'E']) {
        if !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let radix = if digits.len() > 1 && digits.starts_with('0') {
            8
        } else {
            10
        };
        return match i64::from_str_radix(text, radix) {
            Ok(n) => Some(Value::Integer(n)),
            Err(_) if radix == 8 => None,
            Err(_) => crate::value::parse_f64(text).map(Value::Float),
        };
    }
    let (mantissa, exponent) = match digits.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e.strip_prefix(['+', '-']).unwrap_or(e))),
        None => (digits, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, "0"));
    let all_digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    if !all_digits(whole) || !all_digits(fraction) || exponent.is_some_and(|e| !all_digits(e)) {
        return None;
    }
    let f = crate::value::parse_f64(text)?;
    Some(if f.fract() == 0.0 && f.abs() < 9.2e18 {
        Value::Integer(f as i64)
    } else {
        Value::Float(f)
    })
}

/// The value at `path` in the object `root`, as written.
fn find<'n>(root: &'n Node, path: &[String]) -> Option<&'n Node> {
    let mut at = root;
    for segment in path {
        let Node::Obj(fields) = at else { return None };
        at = &fields.iter().rev().find(|(k, _)| k == segment)?.1;
    }
    Some(at)
}

/// A node's value, its substitutions looked up in `root` (`None`: an optional one not there).
fn resolve(
    node: &Node,
    root: &Node,
    depth: usize,
    steps: &mut usize,
) -> Result<Option<Value>, Fail> {
    *steps += 1;
    if *steps > MAX_STEPS {
        return Err(Fail::Other(String::from(
            "parsehocon: the text's substitutions make too large a value",
        )));
    }
    if depth > MAX_DEPTH {
        return Err(Fail::Parse(String::from(
            "String: 1: Could not resolve substitution to a value: a cycle of substitutions",
        )));
    }
    Ok(Some(match node {
        Node::Obj(fields) => {
            let mut hash = Hash::new();
            for (key, value) in fields {
                if let Some(value) = resolve(value, root, depth + 1, steps)? {
                    hash.insert(Value::string(key), value);
                }
            }
            Value::Hash(hash)
        }
        Node::Arr(items) => {
            let mut out = Vec::new();
            for item in items {
                out.extend(resolve(item, root, depth + 1, steps)?);
            }
            Value::array(out)
        }
        Node::Text(text, unquoted) => scalar(text, *unquoted),
        Node::Ws(text) => Value::string(text),
        Node::Subst(path, optional, line) => match find(root, path) {
            Some(found) => return resolve(found, root, depth + 1, steps),
            None if *optional => return Ok(None),
            None => {
                return Err(Fail::Parse(format!(
                    "String: {line}: Could not resolve substitution to a value: ${{{}}}",
                    crate::text::join(&path, ".")
                )))
            }
        },
        Node::Concat(pieces) => return concatenate(pieces, root, depth, steps),
    }))
}

/// Value concatenation: objects merge (the later first), arrays join, anything else is text.
fn concatenate(
    pieces: &[Node],
    root: &Node,
    depth: usize,
    steps: &mut usize,
) -> Result<Option<Value>, Fail> {
    let mut values: Vec<(Value, Option<&str>)> = Vec::new();
    for piece in pieces {
        let text = match piece {
            Node::Text(text, _) | Node::Ws(text) => Some(text.as_str()),
            _ => None,
        };
        if let Some(value) = resolve(piece, root, depth + 1, steps)? {
            values.push((value, text));
        }
    }
    let solid = || {
        values
            .iter()
            .filter(|(_, t)| !matches!(t, Some(s) if s.trim().is_empty()))
    };
    if values.is_empty() {
        return Ok(None);
    }
    if solid().all(|(v, _)| matches!(v, Value::Hash(_))) {
        let mut merged = Hash::new();
        for (value, _) in solid() {
            if let Value::Hash(hash) = value {
                let mut next = hash.clone();
                for (k, v) in merged.iter() {
                    if next.get(k).is_none() {
                        next.insert(k.clone(), v.clone());
                    }
                }
                merged = next;
            }
        }
        return Ok(Some(Value::Hash(merged)));
    }
    if solid().all(|(v, _)| matches!(v, Value::Array(_))) {
        let mut all = Vec::new();
        for (value, _) in solid() {
            if let Value::Array(items) = value {
                all.extend(items.iter().cloned());
            }
        }
        return Ok(Some(Value::array(all)));
    }
    let mut out = String::new();
    for (value, text) in &values {
        match (value, text) {
            (_, Some(text)) => out.push_str(text),
            (Value::String(s), None) => out.push_str(s),
            (Value::Hash(_) | Value::Array(_), None) => {
                return Err(Fail::Parse(String::from(
                    "String: 1: Cannot concatenate object or list with a non-object-or-list",
                )))
            }
            (Value::Undef, None) => out.push_str("null"),
            (other, None) => out.push_str(&crate::value::to_string_default(other)),
        }
    }
    Ok(Some(Value::string(out.trim())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The gem's answers (Ruby's `inspect` of `parse_string(text).resolve.root.unwrapped`).
    #[test]
    fn reads_what_the_gem_reads() {
        for (text, gem) in [
            ("a = 1", r#"{"a"=>1}"#),
            ("b = 1, a = 2", r#"{"b"=>1, "a"=>2}"#),
            ("{ \"x\" : [1, 2.5, 1e3, -4, 0x10], y: true, z: null, w: yes }", r#"{"x"=>[1, 2.5, 1000, -4, "0x10"], "y"=>true, "z"=>nil, "w"=>"yes"}"#),
            ("a.b.c = 1\na.b.d = 2", r#"{"a"=>{"b"=>{"d"=>2, "c"=>1}}}"#),
            ("a { b = 1 }\na { c = 2 }", r#"{"a"=>{"c"=>2, "b"=>1}}"#),
            ("a = hello world  ", r#"{"a"=>"hello world"}"#),
            ("a = \"x\\ny\\u00e9\"", r#"{"a"=>"x\nyé"}"#),
            ("a = [1, 2]\na += 3", r#"{"a"=>[1, 2, 3]}"#),
            ("a = 1\nb = ${a}\nc = ${?nope}\nd = \"x\"${a}", r#"{"a"=>1, "b"=>1, "d"=>"x1"}"#),
            ("a = 1 // comment\n# other\nb = [ 1\n  2\n  3, ]", r#"{"a"=>1, "b"=>[1, 2, 3]}"#),
            ("a = 1\na = { x = 1 }\na = { y = 2 }", r#"{"a"=>{"y"=>2, "x"=>1}}"#),
            ("a = 1.0\nb = 1.50\nc = -0\nd = 007", r#"{"a"=>1, "b"=>1.5, "c"=>0, "d"=>7}"#),
            ("\"a.b\" = 1", r#"{"a.b"=>1}"#),
            ("a = foo bar, b = x y", r#"{"a"=>"foo bar", "b"=>"x y"}"#),
            ("a = { b: 1 } { c: 2 }", r#"{"a"=>{"c"=>2, "b"=>1}}"#),
            ("a = [1] [2]", r#"{"a"=>[1, 2]}"#),
            ("a = 1 2", r#"{"a"=>"1 2"}"#),
            ("", "{}"),
            ("foo = 1\nbar = ${foo} 1", r#"{"foo"=>1, "bar"=>"1 1"}"#),
            ("a = 1.5e2\nb = .5\nc = 1.", r#"{"a"=>150, "b"=>".5", "c"=>"1."}"#),
            ("a = x.y\nb = 1.2.3", r#"{"a"=>"x.y", "b"=>"1.2.3"}"#),
            ("a = 010\nb = 08\nc = 1abc\nd = -\nf = 2.5e-3\nz = a-b", r#"{"a"=>8, "b"=>"08", "c"=>"1abc", "d"=>"-", "f"=>0.0025, "z"=>"a-b"}"#),
            ("a = \"x\" \"y\"\nb = x   y\nc = \"a\"b", r#"{"a"=>"x y", "b"=>"x   y", "c"=>"ab"}"#),
            ("a {\n  b = 1\n}\nc = [ { x = 1 }, [2] ]", r#"{"a"=>{"b"=>1}, "c"=>[{"x"=>1}, [2]]}"#),
            ("x = [1]\ny = ${x} [2]", r#"{"x"=>[1], "y"=>[1, 2]}"#),
            ("a.b = 1\na = 2\nc = 1\nc.d = 2", r#"{"a"=>2, "c"=>{"d"=>2}}"#),
            ("x.y = 1\na = ${x.y}", r#"{"x"=>{"y"=>1}, "a"=>1}"#),
            ("a =", "String: 1: Expecting a value but got wrong token: end of file"),
            ("=", "String: 1: expecting a close brace or a field name here, got '='"),
            ("a b c", "String: 1: Key 'a b c' may not be followed by token: end of file"),
            ("a = {", "String: 1: expecting a close brace or a field name here, got end of file"),
            ("a = [1", "String: 1: List should have ended with ] or had a comma, instead had token: end of file (if you want end of file to be part of a string value, then double-quote it)"),
            ("b = ${nope}", "String: 1: Could not resolve substitution to a value: ${nope}"),
        ] {
            let ours = match parse(text) {
                Ok(v) => crate::value::ruby_inspect(&v),
                Err(Fail::Parse(m) | Fail::Other(m)) => m,
            };
            assert_eq!(ours, gem, "{text:?}");
        }
        assert!(matches!(parse("[1]"), Err(Fail::Other(_))));
        assert!(matches!(parse("include \"x\""), Err(Fail::Other(_))));
        assert!(matches!(parse("a = ${a}"), Err(Fail::Parse(_))));
    }
}
