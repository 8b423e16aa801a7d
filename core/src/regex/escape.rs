//! Escapes: characters (`\n`, `\x41`, `\u{e9}`, octal, control, bytes of a UTF-8 character), character
//! types (`\w`, `\p{Greek}`), anchors, back-references, calls, `\K`, `\R` and `\X`, with Ruby's
//! errors. Ruby checks the character escapes of the whole pattern before Onigmo parses it, so those
//! errors come first (`preprocess`).

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::ast::{Anchor, Node};
use super::charset::CharSet;
use super::error::{naming, RegexError};
use super::parser::{literal, CharMode, Flags, Parser};
use super::unicode::{self, Lookup};

/// What an escape stands for.
pub(super) enum Escape {
    /// Literal characters (one, or several for `\u{41 42}`).
    Chars(Vec<u32>),
    /// A property (folded for `(?i)` outside classes).
    Set(CharSet),
    /// `\w`, `\d`, `\s`, `\h` and their negations: ASCII-limited outside `(?u)` (`\h` always),
    /// never folded, and no source of folds between ASCII and other characters in a class.
    TypeSet(CharSet, bool),
    /// An anchor, reference, call, `\K`, `\R` or `\X` (outside classes only).
    Node(Node),
}

/// Ruby's checks of the character escapes before the pattern is parsed; whether Ruby makes the
/// pattern UTF-8 only ("fixed encoding": a non-ASCII character, written or escaped, or a `\p`),
/// which shows when Puppet prints it (`/(?-mix:é)/`).
pub(super) fn preprocess(source: &str) -> Result<bool, RegexError> {
    let mut parser = Parser::new(source);
    let mut fixed = !source.is_ascii();
    while let Some(c) = parser.peek() {
        if c != '\\' {
            parser.pos += 1;
            continue;
        }
        match parser.peek_at(1) {
            None => return Err(parser.error("too short escape sequence")),
            Some('x' | 'u' | 'c' | 'C' | 'M' | '0'..='7') => {
                if let Escape::Chars(chars) = parser.char_escape(true)? {
                    fixed |= chars.iter().any(|&c| c >= 0x80);
                }
            }
            Some(next) => {
                fixed |= next == 'p' || next == 'P';
                parser.pos += 2;
            }
        }
    }
    Ok(fixed)
}

impl Parser<'_> {
    /// An escape outside a bracket class, at its `\`.
    pub(super) fn parse_escape(&mut self, flags: Flags) -> Result<Node, RegexError> {
        let Some(next) = self.peek_at(1) else {
            return Err(self.error("too short escape sequence"));
        };
        let escape = match next {
            '1'..='9' => match self.backref_digits(flags)? {
                Some(node) => Escape::Node(node),
                None => self.char_escape(false)?,
            },
            'k' | 'g' if matches!(self.peek_at(2), Some('<') | Some('\'')) => {
                self.pos += 2;
                Escape::Node(self.reference(next == 'g', flags)?)
            }
            _ => self.type_or_char_escape(flags, false)?,
        };
        Ok(match escape {
            Escape::Chars(chars) => {
                Node::concat(chars.into_iter().map(|c| literal(c, flags)).collect())
            }
            // `\p{...}` was folded under `(?i)`; `\w`, `\d`, `\s` and `\h` never are.
            Escape::Set(set) | Escape::TypeSet(set, _) => Node::Set(set),
            Escape::Node(node) => node,
        })
    }

    /// `\1`..`\9`, `\10`...: a back-reference when Onigmo reads one (the number is at most 9 or
    /// at most the groups so far), else `None` (an octal escape or a literal `8`/`9` follows).
    fn backref_digits(&mut self, flags: Flags) -> Result<Option<Node>, RegexError> {
        let mut end = self.pos + 1;
        let mut number: u64 = 0;
        while let Some(d) = self.chars.get(end).and_then(|c| c.to_digit(10)) {
            number = (number * 10 + u64::from(d)).min(1 << 40);
            end += 1;
        }
        if number <= 9 || number <= self.groups.len() as u64 {
            if number > 1000 {
                return Ok(None);
            }
            self.pos = end;
            self.numbered_reference = true;
            return Ok(Some(Node::BackRef {
                groups: alloc::vec![number as u32],
                fold: flags.icase,
            }));
        }
        Ok(None)
    }

    /// `\k<name>`, `\k<1>`, `\k<-1>`, `\k<name+0>`, `\g<name>`, `\g<0>`, `\g<+1>`... after the
    /// `\k` or `\g`.
    fn reference(&mut self, call: bool, flags: Flags) -> Result<Node, RegexError> {
        let close = if self.peek() == Some('<') { '>' } else { '\'' };
        self.pos += 1;
        let start = self.pos;
        while self.peek().is_some_and(|c| c != close) {
            self.pos += 1;
        }
        let inner: alloc::string::String = self.chars[start..self.pos].iter().collect();
        if !self.eat(close) {
            return Err(self.error(naming("invalid group name <", &inner, ">")));
        }
        if inner.is_empty() {
            return Err(self.error("group name is empty"));
        }
        // `\k<name+level>`: the group at a recursion level (the level is only kept track of
        // when the pattern has no calls; `resolve` refuses it otherwise).
        let mut base = inner.as_str();
        if !call {
            if let Some(at) = inner.rfind(['+', '-']).filter(|&at| at > 0) {
                let level = &inner[at + 1..];
                if !level.is_empty() && level.bytes().all(|b| b.is_ascii_digit()) {
                    base = &inner[..at];
                    self.level_reference = true;
                }
            }
        }
        let numbered =
            base.starts_with(|c: char| c.is_ascii_digit() || c == '-' || (call && c == '+'));
        if !numbered {
            if call {
                // Calls may name a group defined later: resolved once the pattern is read.
                let name = alloc::string::String::from(base);
                return Ok(Node::Call(self.call_by_name(name)));
            }
            return Ok(Node::BackRef {
                groups: self.groups_named(base)?,
                fold: flags.icase,
            });
        }
        let (sign, digits) = match base.as_bytes()[0] {
            b'-' => (-1i64, &base[1..]),
            b'+' => (1, &base[1..]),
            _ => (0, base),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(naming("invalid group name <", &inner, ">")));
        }
        let value = digits
            .bytes()
            .fold(0i64, |n, d| (n * 10 + i64::from(d - b'0')).min(1 << 40));
        let count = self.groups.len() as i64;
        let number = match sign {
            -1 => count + 1 - value,
            1 => count + value,
            _ => value,
        };
        if (sign == -1 && (value == 0 || number < 1)) || number > i64::from(u32::MAX) || number < 0
        {
            return Err(self.error("invalid backref number/name"));
        }
        let number = number as u32;
        if number != 0 || !call {
            self.numbered_reference = true;
        }
        if call {
            return Ok(Node::Call(number));
        }
        if number == 0 {
            return Err(self.error("invalid backref number/name"));
        }
        Ok(Node::BackRef {
            groups: alloc::vec![number],
            fold: flags.icase,
        })
    }

    /// A call by name, kept as a reference into `named_calls` until the names are all known.
    fn call_by_name(&mut self, name: alloc::string::String) -> u32 {
        self.named_calls.push(name);
        super::resolve::NAMED_CALL_BASE + self.named_calls.len() as u32 - 1
    }

    /// Escapes that are the same inside and outside classes, plus the anchors and the rest.
    pub(super) fn type_or_char_escape(
        &mut self,
        flags: Flags,
        in_class: bool,
    ) -> Result<Escape, RegexError> {
        let Some(next) = self.peek_at(1) else {
            return Err(self.error("too short escape sequence"));
        };
        let set = |set: CharSet| Ok(Escape::Set(set));
        let node = |parser: &mut Self, node: Node| {
            parser.pos += 2;
            Ok(Escape::Node(node))
        };
        let ascii_word = matches!(flags.mode, CharMode::Ascii);
        match next {
            'w' | 'W' | 'd' | 'D' | 's' | 'S' | 'h' | 'H' => {
                self.pos += 2;
                let kind = next.to_ascii_lowercase();
                let base = type_set(kind, flags.mode);
                let limited = kind == 'h' || flags.mode != CharMode::Unicode;
                let set = if next.is_ascii_uppercase() {
                    base.negate()
                } else {
                    base
                };
                Ok(Escape::TypeSet(set, limited))
            }
            'p' | 'P' if self.peek_at(2) == Some('{') => {
                self.pos += 3;
                let (mut property, negate) = self.property()?;
                // Outside a class, `(?i)` closes the property before it is negated (a class
                // closes all its members together).
                if flags.icase && !in_class {
                    property = super::fold::close(&property, &property);
                }
                set(if negate != (next == 'P') {
                    property.negate()
                } else {
                    property
                })
            }
            _ if in_class => self.char_escape(true),
            'A' => node(self, Node::Anchor(Anchor::TextStart)),
            'z' => node(self, Node::Anchor(Anchor::TextEnd)),
            'Z' => node(self, Node::Anchor(Anchor::TextEndNewline)),
            'G' => node(self, Node::Anchor(Anchor::SearchStart)),
            'b' => node(
                self,
                Node::Anchor(Anchor::WordBoundary { ascii: ascii_word }),
            ),
            'B' => node(
                self,
                Node::Anchor(Anchor::NotWordBoundary { ascii: ascii_word }),
            ),
            'K' => node(self, Node::Keep),
            'X' => node(self, Node::Grapheme),
            'R' => node(self, linebreak()),
            _ => self.char_escape(false),
        }
    }

    /// `\p{...}` after the `{`: the property's characters, and whether `^` negates them.
    fn property(&mut self) -> Result<(CharSet, bool), RegexError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c != '}') {
            self.pos += 1;
        }
        if self.peek().is_none() {
            // Onigmo names all but the last character it read.
            let end = self.chars.len().saturating_sub(1).max(start);
            let name: alloc::string::String = self.chars[start..end].iter().collect();
            return Err(self.error(naming("invalid character property name {", &name, "}")));
        }
        let written: alloc::string::String = self.chars[start..self.pos].iter().collect();
        self.pos += 1;
        let (negate, name) = match written.strip_prefix('^') {
            Some(rest) => (true, rest),
            None => (false, written.as_str()),
        };
        let set = match unicode::lookup(name) {
            Lookup::Found(line) => unicode::property_set(line),
            Lookup::Unsupported => {
                return Err(self.error(naming(
                    "character property {",
                    &written,
                    "} is not supported here (Unicode blocks, ages and the rarer binary properties are not carried)",
                )))
            }
            Lookup::Unknown => {
                return Err(self.error(naming("invalid character property name {", &written, "}")))
            }
        };
        Ok((set, negate))
    }

    /// A character escape at its `\` (`in_class`: octal digits never make a back-reference).
    pub(super) fn char_escape(&mut self, in_class: bool) -> Result<Escape, RegexError> {
        let Some(next) = self.peek_at(1) else {
            return Err(self.error("too short escape sequence"));
        };
        self.pos += 2;
        let c = match next {
            't' => 9,
            'n' => 10,
            'r' => 13,
            'f' => 12,
            'v' => 11,
            'a' => 7,
            'e' => 27,
            'b' if in_class => 8,
            'x' => {
                let (value, count) = self.radix_digits(16, 2);
                if count == 0 {
                    return Err(self.error("invalid hex escape"));
                }
                self.byte_char(value)?
            }
            'u' => return self.unicode_escape(),
            '0'..='7' => {
                self.pos -= 1;
                let (value, _) = self.radix_digits(8, 3);
                if value > 0xFF {
                    return Err(self.error("invalid escape code"));
                }
                self.byte_char(value)?
            }
            'c' => self.control()?,
            'C' => {
                if !self.eat('-') {
                    return Err(self.error("too short control escape"));
                }
                self.control()?
            }
            'M' => return Err(self.error("invalid multibyte escape")),
            other => other as u32,
        };
        Ok(Escape::Chars(alloc::vec![c]))
    }

    /// `\cX` / `\C-X` after the `c` or `-`.
    fn control(&mut self) -> Result<u32, RegexError> {
        match self.peek() {
            None => Err(self.error("too short control escape")),
            Some('\\') => Err(self.error("invalid multibyte escape")),
            Some(c) => {
                self.pos += 1;
                Ok(c as u32 & 0x9F)
            }
        }
    }

    /// Up to `max` digits in `radix`: (value, how many).
    fn radix_digits(&mut self, radix: u32, max: usize) -> (u32, usize) {
        let mut value = 0u32;
        let mut count = 0;
        while count < max {
            let Some(d) = self.peek().and_then(|c| c.to_digit(radix)) else {
                break;
            };
            value = value * radix + d;
            self.pos += 1;
            count += 1;
        }
        (value, count)
    }

    /// A character from a byte escape: ASCII as is; a byte from 0x80 starts a UTF-8 character
    /// whose other bytes must follow as escapes (`\xC3\xA9` is `é`).
    fn byte_char(&mut self, byte: u32) -> Result<u32, RegexError> {
        if byte < 0x80 {
            return Ok(byte);
        }
        let len = match byte {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return Err(self.error("invalid multibyte escape")),
        };
        let mut bytes = alloc::vec![byte as u8];
        while bytes.len() < len {
            let value = match (self.peek(), self.peek_at(1)) {
                (Some('\\'), Some('x')) => {
                    self.pos += 2;
                    let (value, count) = self.radix_digits(16, 2);
                    if count == 0 {
                        return Err(self.error("invalid hex escape"));
                    }
                    value
                }
                (Some('\\'), Some('0'..='7')) => {
                    self.pos += 1;
                    self.radix_digits(8, 3).0
                }
                _ => return Err(self.error("too short escaped multibyte character")),
            };
            bytes.push(value as u8);
        }
        match core::str::from_utf8(&bytes)
            .ok()
            .and_then(|s| s.chars().next())
        {
            Some(c) => Ok(c as u32),
            None => Err(self.error("invalid multibyte escape")),
        }
    }

    /// `\uHHHH` or `\u{H HH HHH}` after the `u`.
    fn unicode_escape(&mut self) -> Result<Escape, RegexError> {
        let check = |parser: &Self, value: u32| {
            if value > 0x10_FFFF || (0xD800..=0xDFFF).contains(&value) {
                Err(parser.error("invalid Unicode range"))
            } else {
                Ok(value)
            }
        };
        if !self.eat('{') {
            let (value, count) = self.radix_digits(16, 4);
            if count < 4 {
                return Err(self.error("invalid Unicode escape"));
            }
            return Ok(Escape::Chars(alloc::vec![check(self, value)?]));
        }
        let mut chars = Vec::new();
        loop {
            while self.peek() == Some(' ') {
                self.pos += 1;
            }
            if self.eat('}') {
                break;
            }
            let (value, count) = self.radix_digits(16, 7);
            if count == 0 || count > 6 {
                return Err(self.error("invalid Unicode list"));
            }
            chars.push(check(self, value)?);
            if !matches!(self.peek(), Some(' ') | Some('}')) {
                return Err(self.error("invalid Unicode list"));
            }
        }
        if chars.is_empty() {
            return Err(self.error("invalid Unicode list"));
        }
        Ok(Escape::Chars(chars))
    }
}

/// `\w`, `\d`, `\s`, `\h` in a character mode.
pub(super) fn type_set(kind: char, mode: CharMode) -> CharSet {
    let unicode = mode == CharMode::Unicode;
    match kind {
        'w' if unicode => unicode::derived(super::unicode_tables::SET_WORD),
        'w' => CharSet::from_sorted([(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]),
        'd' if unicode => unicode::categories(1 << 13),
        'd' => CharSet::from_sorted([(0x30, 0x39)]),
        's' if unicode => unicode::derived(super::unicode_tables::SET_SPACE),
        's' => CharSet::from_sorted([(0x09, 0x0D), (0x20, 0x20)]),
        _ => CharSet::from_sorted([(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)]),
    }
}

/// `\R`: `(?>\r\n|[\n\v\f\r\u0085\u2028\u2029])`.
fn linebreak() -> Node {
    let crlf = Node::Concat(alloc::vec![
        Node::Char { c: 13, fold: false },
        Node::Char { c: 10, fold: false },
    ]);
    let single = Node::Set(CharSet::from_sorted([
        (0x0A, 0x0D),
        (0x85, 0x85),
        (0x2028, 0x2029),
    ]));
    Node::Atomic(Box::new(Node::Alt(alloc::vec![crlf, single])))
}
