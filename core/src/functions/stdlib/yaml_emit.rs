//! `to_yaml`'s writer: a Puppet value as Ruby's Psych prints it (Psych picks each string's
//! style, libyaml's emitter lays out blocks, quotes and line folding at 80 columns). Written from
//! their documented behaviour and checked against real Puppet (tests/conformance/stdlib/yaml.txt).

use alloc::string::String;

use crate::pair_map::PairMap;
use crate::text::TrimBy;
use crate::value::Value;

/// How deep arrays and hashes may nest before the writer gives up (the native stack).
const MAX_DEPTH: usize = 500;
/// libyaml's preferred line width: plain and quoted scalars fold at a space past it.
const BEST_WIDTH: usize = 80;

/// Why a value cannot be written: what it holds that the writer does not print as Psych does.
pub(super) enum Refusal {
    /// A value Psych would write as a tagged Ruby object (a type, a Sensitive, a timestamp...).
    RubyObject(&'static str),
    TooDeep,
}

/// The styles of a scalar, as libyaml names them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    Single,
    Double,
    Literal,
}

/// Where a node is written.
#[derive(Clone, Copy)]
struct Context {
    mapping: bool,
    simple_key: bool,
}

const ROOT: Context = Context {
    mapping: false,
    simple_key: false,
};

struct Emitter {
    out: String,
    column: usize,
    whitespace: bool,
    indention: bool,
    indent: i64,
    indents: alloc::vec::Vec<i64>,
    best_indent: i64,
    /// The arrays and hashes met (by identity), with their anchor number when met more than
    /// once (0: met once, no anchor), and whether the first one was written already; keyed by
    /// `(identity, 0)` (the engine's one map of number pairs).
    anchors: PairMap,
    /// The last block scalar kept its final line breaks (`|+`): libyaml then ends the document
    /// explicitly (`...`).
    open_ended: bool,
}

/// The identity of an array or hash (Psych gives a repeated one an anchor, then aliases).
fn identity(value: &Value) -> Option<usize> {
    match value {
        Value::Array(items) => Some(items.identity()),
        Value::Hash(hash) => Some(hash.identity()),
        _ => None,
    }
}

/// Psych's anchors: the arrays and hashes met again while walking in writing order, numbered in
/// the order of their second meeting (what is met again is not walked again).
/// One map holds what was met and the anchors (number 0: met once).
fn find_anchors(value: &Value) -> PairMap {
    let mut anchors = PairMap::new();
    let mut numbered = 0;
    let mut pending = alloc::vec![value];
    while let Some(next) = pending.pop() {
        let Some(id) = identity(next) else {
            continue;
        };
        match anchors.entry((id, 0)) {
            alloc::collections::btree_map::Entry::Vacant(entry) => {
                entry.insert((0, false));
            }
            alloc::collections::btree_map::Entry::Occupied(mut entry) => {
                if entry.get().0 == 0 {
                    numbered += 1;
                    entry.insert((numbered, false));
                }
                continue;
            }
        }
        match next {
            Value::Array(items) => pending.extend(items.iter().rev()),
            Value::Hash(hash) => {
                let pairs: alloc::vec::Vec<(&Value, &Value)> = hash.iter().collect();
                for (k, v) in pairs.into_iter().rev() {
                    pending.push(v);
                    pending.push(k);
                }
            }
            _ => {}
        }
    }
    anchors
}

/// `value.to_yaml(indentation: indent)` as Psych writes it.
pub(super) fn to_yaml(value: &Value, indent: i64) -> Result<String, Refusal> {
    let mut e = Emitter {
        out: String::new(),
        column: 0,
        whitespace: true,
        indention: true,
        indent: -1,
        indents: alloc::vec::Vec::new(),
        best_indent: indent,
        anchors: find_anchors(value),
        open_ended: false,
    };
    e.indicator("---", true, false, false);
    e.node(value, ROOT, 0)?;
    e.write_indent();
    if e.open_ended {
        e.out.push_str("...\n");
    }
    Ok(e.out)
}

impl Emitter {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn indicator(
        &mut self,
        text: &str,
        need_whitespace: bool,
        is_whitespace: bool,
        is_indention: bool,
    ) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        for c in text.chars() {
            self.put(c);
        }
        self.whitespace = is_whitespace;
        self.indention = self.indention && is_indention;
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { self.best_indent } else { 0 };
        } else if !indentless {
            self.indent += self.best_indent;
        }
    }

    fn decrease_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    fn node(&mut self, value: &Value, at: Context, depth: usize) -> Result<(), Refusal> {
        if depth > MAX_DEPTH {
            return Err(Refusal::TooDeep);
        }
        if let Some(id) = identity(value) {
            if let Some(&(number @ 1.., written)) = self.anchors.get(&(id, 0)) {
                if written {
                    self.indicator(&alloc::format!("*{number}"), true, false, false);
                    if at.simple_key {
                        self.put(' ');
                    }
                    return Ok(());
                }
                self.anchors.insert((id, 0), (number, true));
                self.indicator(&alloc::format!("&{number}"), true, false, false);
            }
        }
        match value {
            Value::Array(items) if items.is_empty() => self.empty_flow("[", "]"),
            Value::Hash(hash) if hash.is_empty() => self.empty_flow("{", "}"),
            Value::Array(items) => {
                self.increase_indent(false, at.mapping && !self.indention);
                for item in items.iter() {
                    self.write_indent();
                    self.indicator("-", true, false, true);
                    let item_at = Context {
                        mapping: false,
                        simple_key: false,
                    };
                    self.node(item, item_at, depth + 1)?;
                }
                self.decrease_indent();
            }
            Value::Hash(hash) => {
                self.increase_indent(false, false);
                for (key, val) in hash.iter() {
                    self.write_indent();
                    let value_at = Context {
                        mapping: true,
                        simple_key: false,
                    };
                    if is_simple_key(key) {
                        let key_at = Context {
                            mapping: true,
                            simple_key: true,
                        };
                        self.node(key, key_at, depth + 1)?;
                        self.indicator(":", false, false, false);
                    } else {
                        self.indicator("?", true, false, true);
                        self.node(key, value_at, depth + 1)?;
                        self.write_indent();
                        self.indicator(":", true, false, true);
                    }
                    self.node(val, value_at, depth + 1)?;
                }
                self.decrease_indent();
            }
            Value::String(text) => self.string(text, at),
            Value::Undef => self.scalar("", Style::Plain, at),
            Value::Boolean(b) => self.scalar(if *b { "true" } else { "false" }, Style::Plain, at),
            Value::Integer(i) => self.scalar(&alloc::format!("{i}"), Style::Plain, at),
            Value::Float(f) => {
                let text = if f.is_nan() {
                    String::from(".nan")
                } else if f.is_infinite() {
                    String::from(if *f > 0.0 { ".inf" } else { "-.inf" })
                } else {
                    crate::value::format_float(*f)
                };
                self.scalar(&text, Style::Plain, at)
            }
            Value::Default => self.scalar(":default", Style::Plain, at),
            other => return Err(Refusal::RubyObject(ruby_object(other))),
        }
        Ok(())
    }

    fn empty_flow(&mut self, open: &str, close: &str) {
        self.indicator(open, true, true, false);
        self.indicator(close, false, false, false);
    }

    /// A string: Psych's choice of style, then the emitter's.
    fn string(&mut self, text: &str, at: Context) {
        if text == "<<" {
            // Psych tags the merge key so that it reads back as a string.
            self.indicator("!!str", true, false, false);
            self.scalar(text, Style::Single, at);
            return;
        }
        let style = if literal_wanted(text) {
            Style::Literal
        } else if text == "y" || text == "n" || starts_line_with_non_word(text) {
            Style::Double
        } else if !reads_back_as_string(text) || octal_with_8_or_9(text) {
            Style::Single
        } else {
            Style::Plain
        };
        self.scalar(text, style, at);
    }

    /// libyaml's choice of the style it can write, then the writing.
    fn scalar(&mut self, text: &str, wanted: Style, at: Context) {
        let a = analyze(text);
        let mut style = wanted;
        if style == Style::Plain && (!a.block_plain || (text.is_empty() && at.simple_key)) {
            style = Style::Single;
        }
        if style == Style::Single && !a.single_quoted {
            style = Style::Double;
        }
        if style == Style::Literal && (!a.block || at.simple_key) {
            style = Style::Double;
        }
        self.increase_indent(true, false);
        let breaks = !at.simple_key;
        match style {
            Style::Plain => self.plain(text, breaks),
            Style::Single => self.single_quoted(text, breaks),
            Style::Double => self.double_quoted(text, breaks),
            Style::Literal => self.literal(text),
        }
        self.decrease_indent();
    }

    fn plain(&mut self, text: &str, allow_breaks: bool) {
        if !self.whitespace && !text.is_empty() {
            self.put(' ');
        }
        self.folded(text, allow_breaks, false);
        self.whitespace = false;
        self.indention = false;
    }

    /// A line break of a scalar's text; the next line starts indented.
    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.out.push(c);
            self.column = 0;
        }
        self.indention = true;
    }

    /// A character of a scalar's text, after the indentation where it starts a line.
    fn write_char(&mut self, c: char, after_break: bool) {
        if after_break {
            self.write_indent();
        }
        self.put(c);
        self.indention = false;
    }

    fn single_quoted(&mut self, text: &str, allow_breaks: bool) {
        self.indicator("'", true, false, false);
        if self.folded(text, allow_breaks, true) {
            self.write_indent();
        }
        self.indicator("'", false, false, false);
    }

    /// The characters of a plain or a single-quoted scalar, which libyaml writes alike: a space
    /// may fold the line past the best width (a quoted scalar's first and last may not), a line
    /// break is written twice where it is the first, and a quoted scalar doubles its quotes.
    /// Whether the text ended in line breaks.
    fn folded(&mut self, text: &str, allow_breaks: bool, quoted: bool) -> bool {
        let chars: alloc::vec::Vec<char> = text.chars().collect();
        let mut spaces = false;
        let mut breaks = false;
        let last = chars.len().saturating_sub(1);
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && (!quoted || (i != 0 && i != last))
                    && chars.get(i + 1) != Some(&' ')
                {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                breaks = true;
            } else {
                if quoted && c == '\'' {
                    self.write_char('\'', breaks);
                    breaks = false;
                }
                self.write_char(c, breaks);
                spaces = false;
                breaks = false;
            }
        }
        breaks
    }

    fn double_quoted(&mut self, text: &str, allow_breaks: bool) {
        self.indicator("\"", true, false, false);
        let chars: alloc::vec::Vec<char> = text.chars().collect();
        let mut spaces = false;
        let last = chars.len().saturating_sub(1);
        for (i, &c) in chars.iter().enumerate() {
            if !is_printable(c) || c == '\u{FEFF}' || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                let short = match c {
                    '\0' => Some('0'),
                    '\u{7}' => Some('a'),
                    '\u{8}' => Some('b'),
                    '\t' => Some('t'),
                    '\n' => Some('n'),
                    '\u{B}' => Some('v'),
                    '\u{C}' => Some('f'),
                    '\r' => Some('r'),
                    '\u{1B}' => Some('e'),
                    '"' => Some('"'),
                    '\\' => Some('\\'),
                    '\u{85}' => Some('N'),
                    '\u{A0}' => Some('_'),
                    '\u{2028}' => Some('L'),
                    '\u{2029}' => Some('P'),
                    _ => None,
                };
                match short {
                    Some(s) => self.put(s),
                    None => {
                        let code = c as u32;
                        let (mark, digits) = if code <= 0xFF {
                            ('x', 2)
                        } else if code <= 0xFFFF {
                            ('u', 4)
                        } else {
                            ('U', 8)
                        };
                        self.put(mark);
                        for at in (0..digits).rev() {
                            let nibble = (code >> (at * 4)) & 0xF;
                            self.put(char::from(b"0123456789ABCDEF"[nibble as usize]));
                        }
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks && !spaces && self.column > BEST_WIDTH && i != 0 && i != last {
                    self.write_indent();
                    if chars.get(i + 1) == Some(&' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.indicator("\"", false, false, false);
    }

    fn literal(&mut self, text: &str) {
        self.indicator("|", true, false, false);
        let chars: alloc::vec::Vec<char> = text.chars().collect();
        if chars.first().is_some_and(|c| *c == ' ' || is_break(*c)) {
            let hint = alloc::format!("{}", self.best_indent);
            self.indicator(&hint, false, false, false);
        }
        let n = chars.len();
        let chomp = if n == 0 || !is_break(chars[n - 1]) {
            Some("-")
        } else if n == 1 || is_break(chars[n - 2]) {
            Some("+")
        } else {
            None
        };
        self.open_ended = chomp == Some("+");
        if let Some(chomp) = chomp {
            self.indicator(chomp, false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for &c in &chars {
            if is_break(c) {
                self.write_break(c);
                breaks = true;
            } else {
                self.write_char(c, breaks);
                breaks = false;
            }
        }
    }
}

/// What libyaml's scalar analysis allows.
struct Analysis {
    block_plain: bool,
    single_quoted: bool,
    block: bool,
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_blank_or_end(c: Option<&char>) -> bool {
    match c {
        None => true,
        Some(c) => *c == ' ' || *c == '\t' || is_break(*c),
    }
}

/// libyaml's `IS_PRINTABLE`: it looks at UTF-8 sequences of up to three bytes only (so NEL and
/// characters beyond the Basic Multilingual Plane, emoji among them, are escaped).
fn is_printable(c: char) -> bool {
    matches!(c as u32, 0x0A | 0x20..=0x7E | 0xA0..=0xD7FF | 0xE000..=0xFFFD) && c != '\u{FEFF}'
}

fn analyze(text: &str) -> Analysis {
    if text.is_empty() {
        return Analysis {
            block_plain: true,
            single_quoted: true,
            block: false,
        };
    }
    let chars: alloc::vec::Vec<char> = text.chars().collect();
    let mut block_indicators = text.starts_with("---") || text.starts_with("...");
    let (mut leading_space, mut leading_break, mut trailing_space, mut trailing_break) =
        (false, false, false, false);
    let (mut break_space, mut space_break, mut special, mut line_breaks) =
        (false, false, false, false);
    let (mut previous_space, mut previous_break) = (false, false);
    let mut preceded_by_whitespace = true;
    let last = chars.len() - 1;
    for (i, &c) in chars.iter().enumerate() {
        let followed_by_whitespace = is_blank_or_end(chars.get(i + 1));
        if i == 0 {
            if "#,[]{}&*!|>'\"%@`".contains(c) {
                block_indicators = true;
            }
            if (c == '?' || c == ':' || c == '-') && followed_by_whitespace {
                block_indicators = true;
            }
        } else {
            if c == ':' && followed_by_whitespace {
                block_indicators = true;
            }
            if c == '#' && preceded_by_whitespace {
                block_indicators = true;
            }
        }
        if !is_printable(c) {
            special = true;
        }
        if is_break(c) {
            line_breaks = true;
        }
        if c == ' ' {
            leading_space |= i == 0;
            trailing_space |= i == last;
            break_space |= previous_break;
            previous_space = true;
            previous_break = false;
        } else if is_break(c) {
            leading_break |= i == 0;
            trailing_break |= i == last;
            space_break |= previous_space;
            previous_space = false;
            previous_break = true;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_whitespace = c == ' ' || c == '\t' || is_break(c);
    }
    let mut a = Analysis {
        block_plain: true,
        single_quoted: true,
        block: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break {
        a.block_plain = false;
    }
    if trailing_space {
        a.block = false;
    }
    if break_space {
        a.block_plain = false;
        a.single_quoted = false;
    }
    if space_break || special {
        a = Analysis {
            block_plain: false,
            single_quoted: false,
            block: false,
        };
    }
    if line_breaks || block_indicators {
        a.block_plain = false;
    }
    a
}

/// Whether a simple `key: value` line can hold this key (else `? key`).
fn is_simple_key(key: &Value) -> bool {
    match key {
        Value::Array(items) => items.is_empty(),
        Value::Hash(hash) => hash.is_empty(),
        Value::String(text) => text.chars().count() <= 128 && !text.chars().any(is_break),
        _ => true,
    }
}

/// Psych's `/\n(?!\Z)/`: a line break not at the end, nor just before a final one.
fn literal_wanted(text: &str) -> bool {
    text.match_indices('\n')
        .any(|(at, _)| !matches!(&text[at + 1..], "" | "\n"))
}

/// Ruby's `[[:word:]]`.
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Psych's `/^[^[:word:]][^"]*$/` (`^` and `$` at every line).
fn starts_line_with_non_word(text: &str) -> bool {
    let chars: alloc::vec::Vec<char> = text.chars().collect();
    (0..chars.len())
        .filter(|&i| i == 0 || chars[i - 1] == '\n')
        .any(|i| {
            if is_word(chars[i]) {
                return false;
            }
            let rest = &chars[i + 1..];
            let quote = rest.iter().position(|c| *c == '"').unwrap_or(rest.len());
            quote == rest.len() || rest[..quote].contains(&'\n')
        })
}

/// Psych's `/\A0[0-7]*[89]/`.
fn octal_with_8_or_9(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('0') else {
        return false;
    };
    let rest = rest.trim_start_by(&|c: char| ('0'..='7').contains(&c));
    rest.starts_with(['8', '9'])
}

/// Whether Psych's scalar scanner reads the text back as the same string (else Psych quotes it).
fn reads_back_as_string(text: &str) -> bool {
    if text.is_empty() {
        return false;
    }
    let chars: alloc::vec::Vec<char> = text.chars().collect();
    let wordish = |c: char| {
        c.is_alphabetic() || c == '_' || c.is_whitespace() || "!@#$%^&*(){}<>|/\\~;=".contains(c)
    };
    let first_ok = |c: char| !(c.is_ascii_digit() || c == '.' || c == ':' || c == '-');
    let looks_like_text = wordish(chars[0])
        || (first_ok(chars[0]) && chars.get(1).is_some_and(|c| wordish(*c)))
        || text.contains('\n');
    if looks_like_text {
        if chars.len() > 5 {
            return true;
        }
        let lower = text.to_ascii_lowercase();
        let line_is = |words: &[&str]| lower.split('\n').any(|line| words.contains(&line));
        if !matches!(lower.as_bytes()[0], b'y' | b't' | b'o' | b'n' | b'f' | b'~') {
            return true;
        }
        return !(text == "~" || line_is(&["null", "yes", "true", "on", "no", "false", "off"]));
    }
    !(is_time(text)
        || is_date(text)
        || is_special_float(text)
        || (text.starts_with(':') && text.chars().count() > 1)
        || is_sexagesimal(text)
        || is_float(text)
        || is_integer(text))
}

fn digits(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_digit).count()
}

/// Psych's TIME pattern: `-?YYYY-M-D(T| +)H:MM:SS(.frac)?( *(Z|±H(:?MM)?))?`.
fn is_time(text: &str) -> bool {
    let s = text.strip_prefix('-').unwrap_or(text);
    let Some(rest) = date_prefix(s) else {
        return false;
    };
    let rest = if let Some(r) = rest.strip_prefix(['T', 't']) {
        r
    } else {
        let trimmed = rest.trim_start_by(&|c: char| c.is_ascii_whitespace());
        if trimmed.len() == rest.len() {
            return false;
        }
        trimmed
    };
    let h = digits(rest);
    if !(1..=2).contains(&h) {
        return false;
    }
    let rest = &rest[h..];
    let Some(rest) = two_digit_field(rest).and_then(two_digit_field) else {
        return false;
    };
    let rest = match rest.strip_prefix('.') {
        Some(r) => &r[digits(r)..],
        None => rest,
    };
    let rest = rest.trim_start_by(&|c: char| c.is_ascii_whitespace());
    if rest.is_empty() || rest == "Z" {
        return true;
    }
    let Some(zone) = rest.strip_prefix(['+', '-']) else {
        return false;
    };
    let h = digits(zone);
    if !(1..=2).contains(&h) {
        return false;
    }
    let zone = &zone[h..];
    let zone = zone.strip_prefix(':').unwrap_or(zone);
    zone.is_empty() || (zone.len() == 2 && digits(zone) == 2)
}

/// `:MM` at the start of `s`: the rest.
fn two_digit_field(s: &str) -> Option<&str> {
    let r = s.strip_prefix(':')?;
    (digits(r) >= 2).then(|| &r[2..])
}

/// `YYYY-M-D` (1 or 2 digits each) at the start: the rest.
fn date_prefix(s: &str) -> Option<&str> {
    if digits(s) != 4 {
        return None;
    }
    let r = s[4..].strip_prefix('-')?;
    let m = digits(r);
    if !(1..=2).contains(&m) {
        return None;
    }
    let r = r[m..].strip_prefix('-')?;
    let d = digits(r);
    if !(1..=2).contains(&d) {
        return None;
    }
    Some(&r[d..])
}

/// A date Ruby's `Date.strptime('%Y-%m-%d')` accepts (a real day of the Gregorian calendar).
fn is_date(text: &str) -> bool {
    let Some(rest) = date_prefix(text) else {
        return false;
    };
    if !rest.is_empty() {
        return false;
    }
    let mut parts = text.split('-').map(|p| p.parse::<u32>().unwrap_or(0));
    let (y, m, d) = (
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
    );
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

fn is_special_float(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    matches!(lower.as_str(), ".inf" | "+.inf" | "-.inf" | ".nan")
}

/// `[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}` with an optional `.[0-9_]*` tail.
fn is_sexagesimal(text: &str) -> bool {
    let s = text.strip_prefix(['-', '+']).unwrap_or(text);
    let s = match s.split_once('.') {
        Some((head, tail)) if tail.bytes().all(|b| b.is_ascii_digit() || b == b'_') => head,
        Some(_) => return false,
        None => s,
    };
    let mut parts = s.split(':');
    let first = parts.next().unwrap_or("");
    if !first.starts_with(|c: char| c.is_ascii_digit())
        || !first.bytes().all(|b| b.is_ascii_digit() || b == b'_')
    {
        return false;
    }
    let rest: alloc::vec::Vec<&str> = parts.collect();
    (1..=2).contains(&rest.len())
        && rest.iter().all(|p| {
            let b = p.as_bytes();
            match b.len() {
                1 => b[0].is_ascii_digit(),
                2 => (b'0'..=b'5').contains(&b[0]) && b[1].is_ascii_digit(),
                _ => false,
            }
        })
}

/// Psych's FLOAT (what Hiera's YAML reader reads as one), but not a lone `.`.
fn is_float(text: &str) -> bool {
    crate::hiera::psych::is_float(text) && text.strip_prefix(['-', '+']).unwrap_or(text) != "."
}

/// Psych's INTEGER: binary, octal, decimal (with `_` or `,` between digits) or hexadecimal.
fn is_integer(text: &str) -> bool {
    let s = text.strip_prefix(['-', '+']).unwrap_or(text);
    let all = |t: &str, ok: fn(u8) -> bool| !t.is_empty() && t.bytes().all(ok);
    if let Some(b) = s.strip_prefix("0b") {
        return all(b, |c| matches!(c, b'0' | b'1' | b'_' | b','));
    }
    if let Some(h) = s.strip_prefix("0x") {
        return all(h, |c| c.is_ascii_hexdigit() || c == b'_' || c == b',');
    }
    if let Some(o) = s.strip_prefix('0') {
        return o.is_empty() || all(o, |c| matches!(c, b'0'..=b'7' | b'_' | b','));
    }
    let b = s.as_bytes();
    if b.is_empty() || !(b'1'..=b'9').contains(&b[0]) {
        return false;
    }
    let mut i = 1;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            i += 1;
        } else if (b[i] == b',' || b[i] == b'_') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i += 2;
        } else {
            return false;
        }
    }
    true
}

/// The Ruby class Psych would tag a value with.
fn ruby_object(value: &Value) -> &'static str {
    match value {
        Value::Type(_) => "a type",
        Value::Sensitive(_) => "a Sensitive",
        Value::Regexp(_) => "a Regexp",
        Value::SemVer(_) | Value::SemVerRange(_) => "a SemVer",
        Value::Timespan(_) | Value::Timestamp(_) => "a Timespan or Timestamp",
        Value::Binary(_) => "a Binary",
        _ => "a runtime object",
    }
}
