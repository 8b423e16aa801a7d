//! HOCON text read as data, as Ruby's `hocon` gem (1.3.1) reads it for stdlib 9's `parsehocon`
//! (`ConfigFactory.parse_string(text).resolve.root.unwrapped`): the root object with or without
//! braces, `=`/`:` (or nothing before `{`), dotted keys, quoted, unquoted and triple-quoted
//! strings, numbers as Ruby's `Integer()`/`Float()` read them, arrays, comments, commas or
//! newlines, duplicate keys merged, `+=`, value concatenation and `${path}`/`${?path}`
//! substitutions resolved against the document. `include` is refused: it reads files.
//! Work is counted against the caller's fuel; nesting and substitution chains are bounded.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use crate::value::{Hash, Value};

/// How deep objects, arrays and chains of substitutions may nest.
const MAX_DEPTH: usize = 200;

/// Why a text did not read.
pub(crate) enum Failure {
    /// The gem's `ConfigParseError` (and its `UnresolvedSubstitutionError`): stdlib's function
    /// answers its default instead when one is given.
    Parse(String),
    /// Any other error of the gem (a wrong type, its own bugs): never rescued.
    Other(String),
    /// What the playground does not do (`include` reads files), or what is too deep for it.
    Refused(String),
    /// The fuel ran out.
    Spent,
}

type Read<T> = Result<T, Failure>;

fn parse_error<T>(line: usize, message: &str) -> Read<T> {
    Err(Failure::Parse(format!("String: {line}: {message}")))
}

/// A token and the line it starts on.
#[derive(Clone)]
enum Tok {
    Eof,
    Newline,
    Comma,
    Colon,
    Equals,
    PlusEquals,
    OpenCurly,
    CloseCurly,
    OpenSquare,
    CloseSquare,
    /// A quoted string.
    Quoted(String),
    /// Unquoted text; `true` when it is only the blanks between two simple values.
    Unquoted(String, bool),
    /// A number: its value and its text.
    Number(Value, String),
    Bool(bool),
    Null,
    Subst(Vec<String>, bool, String),
    /// What the tokenizer could not read: the gem's `'what' (message)`.
    Problem(String),
}

impl Tok {
    fn simple(&self) -> bool {
        matches!(
            self,
            Tok::Quoted(_)
                | Tok::Unquoted(..)
                | Tok::Number(..)
                | Tok::Bool(_)
                | Tok::Null
                | Tok::Subst(..)
        )
    }

    /// The gem's `to_s` of the token, as its messages show it.
    fn shown(&self) -> String {
        match self {
            Tok::Eof => "end of file".into(),
            Tok::Newline => "'\n'".into(),
            Tok::Comma => "','".into(),
            Tok::Colon => "':'".into(),
            Tok::Equals => "'='".into(),
            Tok::PlusEquals => "'+='".into(),
            Tok::OpenCurly => "'{'".into(),
            Tok::CloseCurly => "'}'".into(),
            Tok::OpenSquare => "'['".into(),
            Tok::CloseSquare => "']'".into(),
            Tok::Quoted(s) => format!("'{s}' (STRING)"),
            Tok::Unquoted(s, _) => format!("'{s}'"),
            Tok::Number(_, s) => format!("'{s}' (NUMBER)"),
            Tok::Bool(b) => format!("'{b}' (BOOLEAN)"),
            Tok::Null => "'null' (NULL)".into(),
            Tok::Subst(_, _, text) => format!("'{text}'"),
            Tok::Problem(text) => text.clone(),
        }
    }
}

/// Ruby's `String#strip`-like whitespace as the gem's `ConfigImplUtil.whitespace?` has it.
fn blank(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | '\r' | '\u{0b}' | '\u{0c}' | '\u{feff}' | '\u{a0}'
    ) || (c > '\u{7f}' && c.is_whitespace())
}

const NOT_IN_UNQUOTED: &str = "$\"{}[]:=,+#`^?!@*&\\";

struct Lexer<'t> {
    chars: core::iter::Peekable<core::str::Chars<'t>>,
    rest: &'t str,
    line: usize,
    tokens: Vec<(Tok, usize)>,
    blanks: String,
    last_simple: bool,
}

/// The text's tokens (a problem ends them), each with its line.
fn tokenize(text: &str, fuel: &mut u64) -> Read<Vec<(Tok, usize)>> {
    spend(fuel, text.len() as u64 / 4 + 1)?;
    let mut lx = Lexer {
        chars: text.chars().peekable(),
        rest: text,
        line: 1,
        tokens: Vec::new(),
        blanks: String::new(),
        last_simple: false,
    };
    loop {
        let line = lx.line;
        let tok = match lx.next_token() {
            Ok(tok) => tok,
            // The gem fails outright there, whatever comes before.
            Err(problem) if problem.starts_with('\u{0}') => {
                return Err(Failure::Other(problem[1..].to_string()))
            }
            Err(problem) => Tok::Problem(problem),
        };
        lx.push(tok.clone(), line);
        if matches!(tok, Tok::Eof | Tok::Problem(_)) {
            break;
        }
    }
    Ok(lx.tokens)
}

impl Lexer<'_> {
    fn push(&mut self, tok: Tok, line: usize) {
        if !self.blanks.is_empty() {
            let blanks = core::mem::take(&mut self.blanks);
            if tok.simple() && self.last_simple {
                self.tokens.push((Tok::Unquoted(blanks, true), line));
            }
        }
        self.last_simple = tok.simple();
        self.tokens.push((tok, line));
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.rest = &self.rest[c.len_utf8()..];
        Some(c)
    }

    fn comment_ahead(&self) -> bool {
        self.rest.starts_with('#') || self.rest.starts_with("//")
    }

    fn next_token(&mut self) -> Result<Tok, String> {
        while let Some(&c) = self.chars.peek() {
            if c == '\n' || !blank(c) {
                break;
            }
            self.blanks.push(c);
            self.bump();
        }
        if self.comment_ahead() {
            while self.chars.peek().is_some_and(|c| *c != '\n') {
                self.bump();
            }
            // A comment ends a run of simple values, as the gem's comment token does.
            self.blanks.clear();
            self.last_simple = false;
        }
        let Some(c) = self.bump() else {
            return Ok(Tok::Eof);
        };
        Ok(match c {
            '\n' => {
                self.line += 1;
                Tok::Newline
            }
            '"' => self.quoted()?,
            '$' => self.substitution()?,
            ':' => Tok::Colon,
            ',' => Tok::Comma,
            '=' => Tok::Equals,
            '{' => Tok::OpenCurly,
            '}' => Tok::CloseCurly,
            '[' => Tok::OpenSquare,
            ']' => Tok::CloseSquare,
            '+' => match self.bump() {
                Some('=') => Tok::PlusEquals,
                other => {
                    let shown = other.map_or_else(|| "-1".to_string(), |c| c.to_string());
                    return Err(format!(
                        "'{shown}' ('+' not followed by =, '{shown}' not allowed after '+')"
                    ));
                }
            },
            '0'..='9' | '-' => self.number(c)?,
            c if NOT_IN_UNQUOTED.contains(c) => {
                return Err(format!(
                    "'{c}' (Reserved character '{c}' is not allowed outside quotes)"
                ))
            }
            c => self.unquoted(c),
        })
    }

    fn unquoted(&mut self, first: char) -> Tok {
        let mut text = String::from(first);
        loop {
            match text.as_str() {
                "true" => return Tok::Bool(true),
                "null" => return Tok::Null,
                "false" => return Tok::Bool(false),
                _ => {}
            }
            let next = self.chars.peek().copied();
            match next {
                Some(c) if !NOT_IN_UNQUOTED.contains(c) && !blank(c) && !self.comment_ahead() => {
                    text.push(c);
                    self.bump();
                }
                _ => return Tok::Unquoted(text, false),
            }
        }
    }

    fn number(&mut self, first: char) -> Result<Tok, String> {
        let mut text = String::from(first);
        while let Some(&c) = self.chars.peek() {
            if !"0123456789eE+-.".contains(c) {
                break;
            }
            text.push(c);
            self.bump();
        }
        match number_value(&text) {
            Some(value) => Ok(Tok::Number(value?, text)),
            None if text.contains('+') => {
                Err("'+' (Reserved character '+'is not allowed outside quotes)".into())
            }
            None => Ok(Tok::Unquoted(text, false)),
        }
    }

    fn quoted(&mut self) -> Result<Tok, String> {
        let mut out = String::new();
        loop {
            let Some(c) = self.bump() else {
                return Err("'-1' (End of input but string quote was still open)".into());
            };
            match c {
                '"' => break,
                '\\' => self.escape(&mut out)?,
                c if c.is_control() => {
                    return Err(format!(
                        "'{c}' (JSON does not allow unescaped {c} in quoted strings, use a backslash escape)"
                    ))
                }
                c => out.push(c),
            }
        }
        if out.is_empty() && self.chars.peek() == Some(&'"') {
            self.bump();
            return self.triple_quoted();
        }
        Ok(Tok::Quoted(out))
    }

    fn triple_quoted(&mut self) -> Result<Tok, String> {
        let mut out = String::new();
        let mut quotes = 0;
        loop {
            match self.chars.peek().copied() {
                Some('"') => quotes += 1,
                _ if quotes >= 3 => {
                    out.truncate(out.len() - 3);
                    return Ok(Tok::Quoted(out));
                }
                None => {
                    return Err(
                        "'-1' (End of input but triple-quoted string was still open)".into(),
                    )
                }
                Some(c) => {
                    quotes = 0;
                    if c == '\n' {
                        self.line += 1;
                    }
                }
            }
            if let Some(c) = self.bump() {
                out.push(c);
            }
        }
    }

    fn escape(&mut self, out: &mut String) -> Result<(), String> {
        let Some(c) = self.bump() else {
            return Err("'' (End of input but backslash in string had nothing after it)".into());
        };
        match c {
            '"' | '\\' | '/' => out.push(c),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'u' => {
                let mut hex = String::new();
                for _ in 0..4 {
                    match self.bump() {
                        Some(c) => hex.push(c),
                        None => {
                            return Err(
                                "'-1' (End of input but expecting 4 hex digits for \\uXXXX escape)"
                                    .into(),
                            )
                        }
                    }
                }
                // Ruby's `String#hex` reads the leading hex digits (none: 0).
                let digits: String = hex.chars().take_while(char::is_ascii_hexdigit).collect();
                let code = u32::from_str_radix(&digits, 16).unwrap_or(0);
                out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
            }
            // The gem fails on its own message here (it hands a String where an origin goes).
            other => {
                return Err(format!(
                    "\u{0}undefined method `line_number' for \"{other}\":String\n(Ruby's hocon gem fails on an unknown escape in a quoted string)"
                ))
            }
        }
        Ok(())
    }

    fn substitution(&mut self) -> Result<Tok, String> {
        match self.bump() {
            Some('{') => {}
            other => {
                let shown = other.map_or_else(|| "-1".to_string(), |c| c.to_string());
                return Err(format!(
                    "'{shown}' ('$' not followed by {{, '{shown}' not allowed after '$')"
                ));
            }
        }
        let optional = self.chars.peek() == Some(&'?');
        if optional {
            self.bump();
        }
        let saved = (core::mem::take(&mut self.blanks), self.last_simple);
        self.last_simple = false;
        let mut parts: Vec<Tok> = Vec::new();
        loop {
            let tok = self.next_token()?;
            match tok {
                Tok::CloseCurly => break,
                Tok::Eof => {
                    return Err("'end of file' (Substitution ${ was not closed with a })".into())
                }
                tok => {
                    if !self.blanks.is_empty() {
                        let blanks = core::mem::take(&mut self.blanks);
                        if tok.simple() && self.last_simple {
                            parts.push(Tok::Unquoted(blanks, true));
                        }
                    }
                    self.last_simple = tok.simple();
                    parts.push(tok);
                }
            }
        }
        self.blanks.clear();
        (self.blanks, self.last_simple) = saved;
        let path = path_of(&parts)
            .ok_or_else(|| "'${' (Substitution ${ has an invalid path expression)".to_string())?;
        let text = format!(
            "${{{}{}}}",
            if optional { "?" } else { "" },
            render_path(&path)
        );
        Ok(Tok::Subst(path, optional, text))
    }
}

/// A number as the gem's tokenizer reads it with Ruby's `Integer()` or `Float()`; a whole
/// float is an integer; an integer beyond 64 bits (a Ruby bignum) stays its digits; `None` for
/// what is no number, `Err` for the gem's failure on an infinite one.
fn number_value(text: &str) -> Option<Result<Value, String>> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if text.contains(['.', 'e', 'E']) {
        let (mantissa, exponent) = match digits.find(['e', 'E']) {
            Some(at) => (&digits[..at], Some(&digits[at + 1..])),
            None => (digits, None),
        };
        let (whole, fraction) = match mantissa.split_once('.') {
            Some((w, f)) => (w, Some(f)),
            None => (mantissa, None),
        };
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let exponent_ok =
            exponent.is_none_or(|e| all_digits(e.strip_prefix(['+', '-']).unwrap_or(e)));
        if !all_digits(whole) || !fraction.is_none_or(all_digits) || !exponent_ok {
            return None;
        }
        let float = crate::value::parse_f64(text)?;
        if float.is_infinite() {
            // The gem's `to_i` of it fails: Ruby's `FloatDomainError`.
            return Some(Err(format!(
                "\u{0}{}Infinity",
                if float < 0.0 { "-" } else { "" }
            )));
        }
        if float.abs() < 9.2e18 && (float as i64) as f64 == float {
            return Some(Ok(Value::Integer(float as i64)));
        }
        return Some(Ok(Value::Float(float)));
    }
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Ruby's `Integer()` reads a leading 0 as octal.
    let (radix, body) = match digits.strip_prefix('0') {
        Some(rest) if !rest.is_empty() => (8, rest),
        _ => (10, digits),
    };
    if radix == 8 && body.bytes().any(|b| b > b'7') {
        return None;
    }
    let negative = text.starts_with('-');
    match i64::from_str_radix(body, radix) {
        Ok(n) => Some(Ok(Value::Integer(if negative { -n } else { n }))),
        Err(_) => Some(Ok(Value::string(text))),
    }
}

/// A path expression's elements (`a.b."c.d"`), from its tokens; `None` when an element is empty.
fn path_of(tokens: &[Tok]) -> Option<Vec<String>> {
    // Each element, and whether a quoted string made part of it (which may then be empty).
    let mut path = vec![(String::new(), false)];
    for (at, tok) in tokens.iter().enumerate() {
        let edge = at == 0 || at + 1 == tokens.len();
        let text = match tok {
            Tok::Quoted(s) => {
                let last = path.last_mut()?;
                last.0.push_str(s);
                last.1 = true;
                continue;
            }
            Tok::Unquoted(_, true) if edge => continue,
            Tok::Unquoted(s, _) | Tok::Number(_, s) => s.clone(),
            Tok::Bool(b) => b.to_string(),
            Tok::Null => "null".into(),
            _ => return None,
        };
        for (n, piece) in text.split('.').enumerate() {
            if n > 0 {
                path.push((String::new(), false));
            }
            path.last_mut()?.0.push_str(piece);
        }
    }
    if path.iter().any(|(p, quoted)| p.is_empty() && !quoted) {
        return None;
    }
    Some(path.into_iter().map(|(p, _)| p).collect())
}

/// A path as the gem renders it in messages: elements joined by dots, quoted where needed.
fn render_path(path: &[String]) -> String {
    let parts: Vec<String> = path
        .iter()
        .map(|p| {
            let plain = !p.is_empty()
                && p.chars()
                    .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
            if plain {
                p.clone()
            } else {
                let mut out = String::new();
                crate::value::ruby_json_string(&mut out, p);
                out
            }
        })
        .collect();
    crate::text::join(&parts, ".")
}

/// A value as the document declares it, before its substitutions are resolved.
#[derive(Clone)]
enum Node {
    /// A string, number (its text kept for concatenations), boolean or null.
    Scalar(Value, Option<Rc<str>>),
    /// Blanks between two simple values of a concatenation.
    Blanks(String),
    Obj(Vec<(String, Node)>),
    List(Vec<Node>),
    Concat(Vec<Node>),
    Subst(Vec<String>, bool, String, usize),
    /// Values of one key, newest first, merged once resolved (shared: a self-reference's
    /// older values are a part of it).
    Merge(Rc<Vec<Node>>),
}

impl Node {
    fn resolved(&self) -> bool {
        match self {
            Node::Scalar(..) | Node::Blanks(_) => true,
            Node::Obj(fields) => fields.iter().all(|(_, v)| v.resolved()),
            Node::List(items) => items.iter().all(Node::resolved),
            _ => false,
        }
    }
}

/// `newer.with_fallback(older)` before resolution.
fn with_fallback(newer: Node, older: Node, fuel: &mut u64, depth: usize) -> Read<Node> {
    spend(fuel, 1)?;
    if depth > MAX_DEPTH {
        return Err(too_deep());
    }
    Ok(match (newer, older) {
        (Node::Obj(new), Node::Obj(old)) => Node::Obj(merge_fields(new, old, fuel, depth)?),
        (Node::Obj(new), old) if old.resolved() => Node::Obj(new),
        (new @ Node::Obj(_), old) => stack(new, old),
        (new, _) if new.resolved() => new,
        (new, old) => stack(new, old),
    })
}

fn stack(newer: Node, older: Node) -> Node {
    let mut items = match newer {
        Node::Merge(items) => unshared(items),
        other => vec![other],
    };
    match older {
        Node::Merge(more) => items.extend(unshared(more)),
        other => items.push(other),
    }
    Node::Merge(Rc::new(items))
}

/// A stack's values to extend: moved out when nothing else holds them (while reading, always).
fn unshared(items: Rc<Vec<Node>>) -> Vec<Node> {
    Rc::try_unwrap(items).unwrap_or_else(|shared| (*shared).clone())
}

/// The newer object's fields, then those only the older one has; a key both have merged.
fn merge_fields(
    new: Vec<(String, Node)>,
    mut old: Vec<(String, Node)>,
    fuel: &mut u64,
    depth: usize,
) -> Read<Vec<(String, Node)>> {
    spend(fuel, (new.len() + old.len()) as u64)?;
    let mut index = BTreeMap::new();
    for (at, (key, _)) in old.iter().enumerate() {
        index.insert(key.clone(), at);
    }
    let mut taken = vec![false; old.len()];
    let mut out = Vec::with_capacity(new.len() + old.len());
    for (key, value) in new {
        let merged = match index.get(&key) {
            Some(&at) => {
                taken[at] = true;
                let older = core::mem::replace(&mut old[at].1, Node::Scalar(Value::Undef, None));
                with_fallback(value, older, fuel, depth + 1)?
            }
            None => value,
        };
        out.push((key, merged));
    }
    out.extend(
        old.into_iter()
            .zip(taken)
            .filter(|(_, t)| !t)
            .map(|(f, _)| f),
    );
    Ok(out)
}

/// Fields of an object being read: in order, found by key.
#[derive(Default)]
struct Fields {
    list: Vec<(String, Node)>,
    index: BTreeMap<String, usize>,
}

impl Fields {
    fn set(&mut self, key: String, value: Node, fuel: &mut u64, depth: usize) -> Read<()> {
        match self.index.get(&key) {
            Some(&at) => {
                let older =
                    core::mem::replace(&mut self.list[at].1, Node::Scalar(Value::Undef, None));
                self.list[at].1 = with_fallback(value, older, fuel, depth)?;
            }
            None => {
                self.index.insert(key.clone(), self.list.len());
                self.list.push((key, value));
            }
        }
        Ok(())
    }
}

struct Parser<'f> {
    tokens: Vec<(Tok, usize)>,
    at: usize,
    line: usize,
    last_line: usize,
    /// The path of the field being read (for `+=`).
    path: Vec<String>,
    fuel: &'f mut u64,
    depth: usize,
}

impl Parser<'_> {
    fn next(&mut self) -> Tok {
        let (tok, line) = self
            .tokens
            .get(self.at)
            .cloned()
            .unwrap_or((Tok::Eof, self.last_line));
        self.at += 1;
        self.line = if matches!(tok, Tok::Eof) {
            self.last_line
        } else {
            line
        };
        tok
    }

    /// The next token past newlines and ignored blanks.
    fn next_skipping_lines(&mut self) -> Tok {
        loop {
            match self.next() {
                Tok::Newline | Tok::Unquoted(_, true) => {}
                tok => return tok,
            }
        }
    }

    fn back(&mut self) {
        self.at -= 1;
    }

    fn fail<T>(&self, message: &str) -> Read<T> {
        parse_error(self.line, message)
    }

    fn wrong_token<T>(&self, tok: &Tok, message: &str) -> Read<T> {
        let shown = tok.shown();
        if matches!(tok, Tok::Eof) {
            return self.fail(message);
        }
        self.fail(&format!(
            "{message} (if you intended {shown} to be part of a key or string value, try enclosing the key or value in double quotes"
        ))
    }

    fn enter(&mut self) -> Read<()> {
        self.depth += 1;
        spend(self.fuel, 1)?;
        if self.depth > MAX_DEPTH {
            return Err(too_deep());
        }
        Ok(())
    }

    fn document(&mut self) -> Read<Node> {
        let first = self.next_skipping_lines();
        let root = if matches!(first, Tok::OpenCurly) {
            self.object(true)?
        } else if matches!(first, Tok::OpenSquare) {
            let line = self.line;
            self.array()?;
            return Err(Failure::Other(format!(
                "String: {line}:  has type LIST rather than object at file root"
            )));
        } else {
            self.back();
            self.object(false)?
        };
        match self.next_skipping_lines() {
            Tok::Eof => Ok(root),
            tok => self.fail(&format!(
                "Document has trailing tokens after first object or array: {}",
                tok.shown()
            )),
        }
    }

    /// Whether a comma or a newline ends the element before; past it.
    fn separator(&mut self) -> bool {
        let mut seen = false;
        loop {
            match self.next() {
                Tok::Unquoted(_, true) => {}
                Tok::Newline => seen = true,
                Tok::Comma => return true,
                _ => {
                    self.back();
                    return seen;
                }
            }
        }
    }

    fn object(&mut self, braced: bool) -> Read<Node> {
        self.enter()?;
        let mut fields = Fields::default();
        loop {
            let tok = self.next_skipping_lines();
            match tok {
                Tok::CloseCurly if braced => break,
                Tok::CloseCurly => {
                    return self.wrong_token(&tok, "unbalanced close brace '}' with no open brace")
                }
                Tok::Eof if !braced => break,
                Tok::Unquoted(ref word, false) if word == "include" => {
                    return Err(Failure::Refused(
                        "its text includes another file ('include'), which would be read on the compiling host".into(),
                    ));
                }
                _ => {}
            }
            let mut key = Vec::new();
            let mut t = tok;
            while t.simple() && !matches!(t, Tok::Subst(..)) {
                key.push(t);
                t = self.next();
            }
            if key.is_empty() {
                return self.fail(&format!(
                    "expecting a close brace or a field name here, got {}",
                    t.shown()
                ));
            }
            let Some(path) = path_of(&key) else {
                return self.fail("Invalid path expression");
            };
            let after = if matches!(t, Tok::Unquoted(_, true)) {
                self.next()
            } else {
                t
            };
            let plus = matches!(after, Tok::PlusEquals);
            let mut full = self.path.clone();
            full.extend(path.iter().cloned());
            let saved = core::mem::replace(&mut self.path, full);
            let mut value = match after {
                Tok::OpenCurly => self.object(true)?,
                Tok::Colon | Tok::Equals | Tok::PlusEquals => self.value_run()?,
                other => {
                    // The gem shows the key as written.
                    let written: String = key
                        .iter()
                        .map(|t| match t {
                            Tok::Quoted(s) => format!("\"{s}\""),
                            Tok::Unquoted(s, _) | Tok::Number(_, s) => s.clone(),
                            Tok::Bool(b) => b.to_string(),
                            _ => "null".into(),
                        })
                        .collect();
                    let message = format!(
                        "Key '{written}' may not be followed by token: {}",
                        other.shown()
                    );
                    return self.wrong_token(&other, &message);
                }
            };
            if plus {
                let line = self.line;
                let text = format!("${{?{}}}", render_path(&self.path));
                let previous = Node::Subst(self.path.clone(), true, text, line);
                value = Node::Concat(vec![previous, Node::List(vec![value])]);
            }
            self.path = saved;
            for key in path[1..].iter().rev() {
                value = Node::Obj(vec![(key.clone(), value)]);
            }
            let mut path = path;
            fields.set(path.swap_remove(0), value, self.fuel, self.depth)?;
            if self.separator() {
                continue;
            }
            match self.next_skipping_lines() {
                Tok::CloseCurly if braced => break,
                Tok::Eof if !braced => break,
                tok @ Tok::CloseCurly => {
                    return self.wrong_token(&tok, "unbalanced close brace '}' with no open brace")
                }
                tok => {
                    let message =
                        format!("Expecting close brace }} or a comma, got {}", tok.shown());
                    return self.wrong_token(&tok, &message);
                }
            }
        }
        self.depth -= 1;
        Ok(Node::Obj(fields.list))
    }

    /// One value, or the values on one line concatenated.
    fn value_run(&mut self) -> Read<Node> {
        let mut parts = Vec::new();
        let first = self.next_skipping_lines();
        self.back();
        if !(first.simple() || matches!(first, Tok::OpenCurly | Tok::OpenSquare)) {
            return self.wrong_token(
                &first,
                &format!("Expecting a value but got wrong token: {}", first.shown()),
            );
        }
        loop {
            let tok = self.next();
            let node = match tok {
                Tok::Unquoted(blanks, true) => {
                    parts.push(Node::Blanks(blanks));
                    continue;
                }
                Tok::OpenCurly => self.object(true)?,
                Tok::OpenSquare => self.array()?,
                Tok::Subst(path, optional, text) => Node::Subst(path, optional, text, self.line),
                Tok::Quoted(s) => Node::Scalar(Value::string(&s), None),
                Tok::Unquoted(s, false) => Node::Scalar(Value::string(&s), Some(s.as_str().into())),
                Tok::Number(v, s) => Node::Scalar(v, Some(s.as_str().into())),
                Tok::Bool(b) => Node::Scalar(
                    Value::Boolean(b),
                    Some(if b { "true" } else { "false" }.into()),
                ),
                Tok::Null => Node::Scalar(Value::Undef, Some("null".into())),
                _ => {
                    self.back();
                    break;
                }
            };
            parts.push(node);
        }
        while matches!(parts.last(), Some(Node::Blanks(_))) {
            parts.pop();
            self.back();
        }
        Ok(concatenated(parts))
    }

    fn array(&mut self) -> Read<Node> {
        self.enter()?;
        let mut items = Vec::new();
        let first = self.next_skipping_lines();
        if matches!(first, Tok::CloseSquare) {
            self.depth -= 1;
            return Ok(Node::List(items));
        }
        if !(first.simple() || matches!(first, Tok::OpenCurly | Tok::OpenSquare)) {
            let shown = first.shown();
            return self.fail(&format!("List should have ] or a first element after the open [, instead had token: {shown} (if you want {shown} to be part of a string value, then double-quote it)"));
        }
        self.back();
        items.push(self.value_run()?);
        loop {
            if !self.separator() {
                let tok = self.next_skipping_lines();
                if matches!(tok, Tok::CloseSquare) {
                    break;
                }
                let shown = tok.shown();
                return self.fail(&format!("List should have ended with ] or had a comma, instead had token: {shown} (if you want {shown} to be part of a string value, then double-quote it)"));
            }
            let tok = self.next_skipping_lines();
            if matches!(tok, Tok::CloseSquare) {
                break;
            }
            if !(tok.simple() || matches!(tok, Tok::OpenCurly | Tok::OpenSquare)) {
                let shown = tok.shown();
                return self.fail(&format!("List should have had new element after a comma, instead had token: {shown} (if you want the comma or {shown} to be part of a string value, then double-quote it)"));
            }
            self.back();
            items.push(self.value_run()?);
        }
        self.depth -= 1;
        Ok(Node::List(items))
    }
}

/// Adjacent values as one: strings joined at once where they can be, the rest at resolution.
fn concatenated(parts: Vec<Node>) -> Node {
    let mut out: Vec<Node> = Vec::new();
    for part in parts {
        let joined = match (out.last(), &part) {
            (Some(left), right) if text_of(left).is_some() && text_of(right).is_some() => {
                let mut text = text_of(left).unwrap_or_default();
                text.push_str(&text_of(right).unwrap_or_default());
                Some(text)
            }
            _ => None,
        };
        match joined {
            Some(text) => {
                out.pop();
                out.push(Node::Scalar(Value::string(&text), None));
            }
            None => out.push(part),
        }
    }
    if out.len() == 1 {
        return out.swap_remove(0);
    }
    Node::Concat(out)
}

/// A scalar's text in a string concatenation.
fn text_of(node: &Node) -> Option<String> {
    match node {
        Node::Blanks(text) => Some(text.clone()),
        Node::Scalar(_, Some(text)) => Some(String::from(&**text)),
        Node::Scalar(Value::String(text), None) => Some(String::from(&**text)),
        _ => None,
    }
}

fn too_deep() -> Failure {
    Failure::Refused(format!(
        "its text nests objects, arrays or substitutions more than {MAX_DEPTH} deep"
    ))
}

fn spend(fuel: &mut u64, n: u64) -> Read<()> {
    match fuel.checked_sub(n) {
        Some(left) => {
            *fuel = left;
            Ok(())
        }
        None => Err(Failure::Spent),
    }
}

/// A resolved value; `text` the original text of a number, for concatenations.
#[derive(Clone)]
enum Res {
    Value(Value, Option<Rc<str>>),
    Blanks(String),
    /// An optional substitution with nothing to substitute.
    Missing,
}

/// A path being resolved and the older values of its stack, `values[start..]`.
#[derive(Clone)]
struct Older {
    path: Vec<String>,
    values: Rc<Vec<Node>>,
    start: usize,
}

/// Which older values, under which enclosing self-references: the stacks by address and start.
fn below_key(enclosing: &[Older], older: &Older) -> Vec<(usize, usize)> {
    enclosing
        .iter()
        .chain(core::iter::once(older))
        .map(|o| (Rc::as_ptr(&o.values) as usize, o.start))
        .collect()
}

struct Resolver<'f> {
    root: Rc<Node>,
    /// What each path resolved to, by its elements joined with NUL.
    memo: crate::name_table::NameTable<Res>,
    /// The paths being resolved, with the substitution that led to each.
    busy: Vec<(Vec<String>, String)>,
    /// Self-references: a path being resolved from one value of its stack of values, and
    /// the older values, which its own `${path}` means (the stack and where they start).
    older: Vec<Older>,
    /// What a self-reference's older values resolved to, by [`below_key`]: each value of a
    /// stack would otherwise resolve all the older ones again, twice as much work a value.
    below: Vec<(Vec<(usize, usize)>, Res)>,
    fuel: &'f mut u64,
    depth: usize,
}

impl Resolver<'_> {
    fn resolve(&mut self, node: &Node, path: &[String]) -> Read<Res> {
        spend(self.fuel, 1)?;
        self.depth += 1;
        if self.depth > 2 * MAX_DEPTH {
            return Err(too_deep());
        }
        let res = self.resolve_inner(node, path);
        self.depth -= 1;
        res
    }

    fn resolve_inner(&mut self, node: &Node, path: &[String]) -> Read<Res> {
        Ok(match node {
            Node::Scalar(value, text) => Res::Value(value.clone(), text.clone()),
            Node::Blanks(text) => Res::Blanks(text.clone()),
            Node::Obj(fields) => {
                let mut hash = Hash::new();
                for (key, value) in fields {
                    let mut inner = path.to_vec();
                    inner.push(key.clone());
                    let resolved = match self.memo.get(&memo_key(&inner)) {
                        Some(done) => done.clone(),
                        None => self.field(value, inner)?,
                    };
                    if let Some(value) = value_of(resolved) {
                        hash.insert(Value::string(key), value);
                    }
                }
                Res::Value(Value::Hash(hash), None)
            }
            Node::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    if let Some(value) = value_of(self.resolve(item, path)?) {
                        out.push(value);
                    }
                }
                Res::Value(Value::array(out), None)
            }
            Node::Concat(parts) => {
                let mut resolved = Vec::with_capacity(parts.len());
                for part in parts {
                    resolved.push(self.resolve(part, path)?);
                }
                join(resolved, self.fuel)?
            }
            Node::Subst(target, optional, text, line) => {
                self.substitute(target, *optional, text, *line)?
            }
            Node::Merge(items) => self.resolve_stack(&Rc::clone(items), 0, path)?,
        })
    }

    /// A field's value: its path busy meanwhile, and its own `${path}` meaning nothing (the
    /// value it overrides, when it has one, is a stack of values: [`Resolver::resolve_stack`]).
    fn field(&mut self, value: &Node, path: Vec<String>) -> Read<Res> {
        self.busy.push((path.clone(), String::new()));
        self.older.push(Older {
            path: path.clone(),
            values: Rc::new(Vec::new()),
            start: 0,
        });
        let res = self.resolve(value, &path);
        self.older.pop();
        self.busy.pop();
        res
    }

    /// The values of one key, newest first: each resolved with its own `${path}` meaning the
    /// older ones, merged while they are objects.
    fn resolve_stack(&mut self, items: &Rc<Vec<Node>>, start: usize, path: &[String]) -> Read<Res> {
        let mut merged = Res::Missing;
        for (at, item) in items.iter().enumerate().skip(start) {
            self.older.push(Older {
                path: path.to_vec(),
                values: Rc::clone(items),
                start: at + 1,
            });
            let res = self.resolve(item, path);
            self.older.pop();
            let res = res?;
            merged = match (merged, res) {
                (Res::Missing, res) => res,
                (newer, Res::Missing) => newer,
                (Res::Value(Value::Hash(new), _), Res::Value(Value::Hash(old), _)) => {
                    Res::Value(Value::Hash(merge_hashes(&new, &old, self.fuel, 0)?), None)
                }
                // An object over anything else, or anything else over anything: the newer.
                (newer, _) => return Ok(newer),
            };
            if !matches!(merged, Res::Missing | Res::Value(Value::Hash(_), _)) {
                break;
            }
        }
        Ok(merged)
    }

    fn substitute(
        &mut self,
        target: &[String],
        optional: bool,
        text: &str,
        line: usize,
    ) -> Read<Res> {
        // A reference to the value being defined (the innermost) means the values it overrides.
        let innermost = self.older.len().checked_sub(1);
        if let Some(at) = innermost.filter(|&at| target.starts_with(&self.older[at].path)) {
            let older = self.older[at].clone();
            let key = below_key(&self.older[..at], &older);
            let below = match self.below.iter().find(|(k, _)| *k == key) {
                Some((_, done)) => done.clone(),
                None => {
                    let saved = self.older.split_off(at);
                    let below = self.resolve_stack(&older.values, older.start, &older.path);
                    self.older.extend(saved);
                    let below = below?;
                    self.below.push((key, below.clone()));
                    below
                }
            };
            let prefix = older.path;
            if older.start >= older.values.len() && !optional {
                // Nothing before it: the gem finds the value waiting on itself.
                return self.cycle(text, line);
            }
            return Ok(match dig(below, &target[prefix.len()..]) {
                Res::Missing if !optional => return unresolved(line, text),
                found => found,
            });
        }
        if let Some(done) = self.memo.get(&memo_key(target)) {
            return Ok(done.clone());
        }
        if self.busy.iter().any(|(p, _)| p == target) {
            return self.cycle(text, line);
        }
        self.busy.push((target.to_vec(), String::from(text)));
        let found = self.lookup(target);
        self.busy.pop();
        let found = found?;
        self.memo.insert(memo_key(target), found.clone());
        match found {
            Res::Missing if !optional => unresolved(line, text),
            found => Ok(found),
        }
    }

    /// The gem's error for a substitution that waits on itself: the substitutions on the way.
    fn cycle(&self, text: &str, line: usize) -> Read<Res> {
        let mut chain: Vec<&str> = self.busy.iter().map(|(_, t)| t.as_str()).collect();
        chain.retain(|t| !t.is_empty());
        chain.push(text);
        if let Some(first) = chain.first().copied() {
            chain.push(first);
        }
        parse_error(
            line,
            &format!(
                "Could not resolve substitution to a value: {text} was part of a cycle of substitutions involving {}",
                crate::text::join(&chain, ", ")
            ),
        )
    }

    /// The value at `target` in the document: its nodes followed while they are objects, the
    /// rest dug out of what the first other node resolves to.
    fn lookup(&mut self, target: &[String]) -> Read<Res> {
        let saved = core::mem::take(&mut self.older);
        let res = self.lookup_from_root(target);
        self.older = saved;
        res
    }

    fn lookup_from_root(&mut self, target: &[String]) -> Read<Res> {
        let root = Rc::clone(&self.root);
        let mut node: &Node = &root;
        for (at, key) in target.iter().enumerate() {
            match node {
                Node::Obj(fields) => {
                    spend(self.fuel, fields.len() as u64 / 16 + 1)?;
                    match fields.iter().find(|(k, _)| k == key) {
                        Some((_, child)) => node = child,
                        None => return Ok(Res::Missing),
                    }
                }
                other => {
                    let resolved = self.resolve(other, &target[..at])?;
                    return Ok(dig(resolved, &target[at..]));
                }
            }
        }
        self.field(node, target.to_vec())
    }
}

fn memo_key(path: &[String]) -> String {
    crate::text::join(path, "\u{0}")
}

fn unresolved(line: usize, text: &str) -> Read<Res> {
    parse_error(
        line,
        &format!("Could not resolve substitution to a value: {text}"),
    )
}

/// The value at `path` inside a resolved value.
fn dig(res: Res, path: &[String]) -> Res {
    let mut current = res;
    for key in path {
        current = match current {
            Res::Value(Value::Hash(hash), _) => match hash.get(&Value::string(key)) {
                Some(value) => Res::Value(value.clone(), None),
                None => Res::Missing,
            },
            _ => Res::Missing,
        };
    }
    current
}

fn value_of(res: Res) -> Option<Value> {
    match res {
        Res::Value(value, _) => Some(value),
        Res::Blanks(text) => Some(Value::string(&text)),
        Res::Missing => None,
    }
}

/// A newer object over an older one: its keys, then those only the older has; objects under
/// a key both have merged, anything else the newer's.
fn merge_hashes(new: &Hash, old: &Hash, fuel: &mut u64, depth: usize) -> Read<Hash> {
    spend(fuel, (new.len() + old.len()) as u64)?;
    if depth > MAX_DEPTH {
        return Err(too_deep());
    }
    let mut out = Hash::new();
    for (key, value) in new.iter() {
        let merged = match (value, old.get(key)) {
            (Value::Hash(a), Some(Value::Hash(b))) => {
                Value::Hash(merge_hashes(a, b, fuel, depth + 1)?)
            }
            _ => value.clone(),
        };
        out.insert(key.clone(), merged);
    }
    for (key, value) in old.iter() {
        if new.get(key).is_none() {
            out.insert(key.clone(), value.clone());
        }
    }
    Ok(out)
}

/// The parts of a concatenation joined: strings as text, lists appended, objects merged (the
/// later over the earlier); an optional substitution with nothing is left out.
fn join(parts: Vec<Res>, fuel: &mut u64) -> Read<Res> {
    let mut out: Option<Res> = None;
    for part in parts {
        spend(fuel, 1)?;
        out = Some(match (out, part) {
            (left, Res::Missing) => left.unwrap_or(Res::Missing),
            (None | Some(Res::Missing), right) => right,
            (Some(Res::Value(Value::Array(a), _)), Res::Value(Value::Array(b), _)) => {
                let mut items: Vec<Value> = a.iter().cloned().collect();
                items.extend(b.iter().cloned());
                Res::Value(Value::array(items), None)
            }
            (Some(left @ Res::Value(Value::Array(_) | Value::Hash(_), _)), Res::Blanks(_)) => left,
            (Some(Res::Value(Value::Hash(a), _)), Res::Value(Value::Hash(b), _)) => {
                Res::Value(Value::Hash(merge_hashes(&b, &a, fuel, 0)?), None)
            }
            (Some(left), right) => {
                let (Some(l), Some(r)) = (res_text(&left), res_text(&right)) else {
                    return Err(Failure::Other(format!(
                        "Cannot concatenate object or list with a non-object-or-list, {} and {} are not compatible",
                        java_form(&left),
                        java_form(&right)
                    )));
                };
                let mut text = l;
                text.push_str(&r);
                let value = Value::string(&text);
                Res::Value(value, Some(text.as_str().into()))
            }
        });
    }
    Ok(out.unwrap_or(Res::Missing))
}

fn res_text(res: &Res) -> Option<String> {
    match res {
        Res::Blanks(text) => Some(text.clone()),
        Res::Value(Value::Hash(_) | Value::Array(_), _) => None,
        Res::Value(_, Some(text)) => Some(String::from(&**text)),
        Res::Value(Value::String(text), None) => Some(String::from(&**text)),
        Res::Value(Value::Undef, None) => Some("null".into()),
        Res::Value(other, None) => Some(super::to_s(other)),
        Res::Missing => Some(String::new()),
    }
}

/// How the gem's messages name a value (its Java-style `toString`).
fn java_form(res: &Res) -> String {
    match res {
        Res::Value(Value::Array(_), _) => "SimpleConfigList".into(),
        Res::Value(Value::Hash(_), _) => "SimpleConfigObject".into(),
        other => format!("Quoted(\"{}\")", res_text(other).unwrap_or_default()),
    }
}

/// The data of a HOCON text, or why it has none; `fuel` is what the reading may spend.
pub(crate) fn read(text: &str, fuel: &mut u64) -> Result<Value, Failure> {
    let tokens = tokenize(text, fuel)?;
    let last_line = text.matches('\n').count() + 1;
    let mut parser = Parser {
        tokens,
        at: 0,
        line: 1,
        last_line,
        path: Vec::new(),
        fuel,
        depth: 0,
    };
    let root = parser.document()?;
    let root = Rc::new(root);
    let mut resolver = Resolver {
        root: Rc::clone(&root),
        memo: crate::name_table::NameTable::default(),
        busy: Vec::new(),
        older: Vec::new(),
        below: Vec::new(),
        fuel: parser.fuel,
        depth: 0,
    };
    let res = resolver.resolve(&root, &[])?;
    Ok(value_of(res).unwrap_or_else(|| Value::Hash(Hash::new())))
}
