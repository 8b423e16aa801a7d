//! Ruby's (Onigmo's) pattern syntax: alternation, sequences, groups and their options, quantifiers.
//! Escapes are read in `escape.rs`, bracket classes in `class.rs`; group names, numbers and the checks
//! made once the whole pattern is read in `resolve.rs`.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::ast::{Greed, Node, UNBOUNDED};
use super::error::{naming, RegexError};

/// Groups nested deeper than this are refused (Ruby allows 4,096; the browser's stack is small).
const MAX_DEPTH: usize = 1000;

/// The largest repetition count Ruby accepts.
const MAX_REPEAT: u32 = 100_000;

/// What `\w`, `\d`, `\s`, `\b` and POSIX brackets match: Ruby's default (`\w`, `\d`, `\s` ASCII;
/// `\b` and brackets Unicode), `(?a)` (all ASCII) or `(?u)` (all Unicode).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CharMode {
    Default,
    Ascii,
    Unicode,
}

/// The options in force: `i`, `m` (dot matches newline), `x` and the character mode.
#[derive(Debug, Clone, Copy)]
pub(super) struct Flags {
    pub icase: bool,
    pub dotall: bool,
    pub extended: bool,
    pub mode: CharMode,
}

/// A capturing group as the parser met it: numbered in order of its `(`, with its name if any.
pub(super) struct GroupInfo {
    pub name: Option<String>,
}

pub(super) struct Parser<'s> {
    pub chars: Vec<char>,
    pub pos: usize,
    pub source: &'s str,
    pub groups: Vec<GroupInfo>,
    /// A back-reference or call by number was written (not allowed once groups have names).
    pub numbered_reference: bool,
    /// Names of `\g<name>` calls, resolved once the pattern is read (a call may come first).
    pub named_calls: Vec<String>,
    /// A back-reference with a recursion level (`\k<name+0>`) was written.
    pub level_reference: bool,
    /// A conditional with more than two branches was written (reported after the references).
    pub bad_conditional: bool,
    depth: usize,
    /// Quantifiers applied to an already quantified atom (`a**`), each a level of nesting more.
    stacked: usize,
}

/// How a sequence ended: at `|`, `)` or the end, or with an option group that took the rest.
enum SequenceEnd {
    Open,
    RestTaken,
}

impl<'s> Parser<'s> {
    pub fn new(source: &'s str) -> Self {
        Parser {
            chars: source.chars().collect(),
            pos: 0,
            source,
            groups: Vec::new(),
            numbered_reference: false,
            named_calls: Vec::new(),
            level_reference: false,
            bad_conditional: false,
            depth: 0,
            stacked: 0,
        }
    }

    pub fn error(&self, message: impl Into<String>) -> RegexError {
        RegexError::new(message, self.source)
    }

    pub fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    pub fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.pos + offset).copied()
    }

    pub fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn looking_at(&self, text: &str) -> bool {
        text.chars()
            .enumerate()
            .all(|(i, c)| self.peek_at(i) == Some(c))
    }

    /// The whole pattern.
    pub fn parse_pattern(&mut self, flags: Flags) -> Result<Node, RegexError> {
        let node = self.parse_alternation(flags)?;
        if self.peek() == Some(')') {
            return Err(self.error("unmatched close parenthesis"));
        }
        Ok(node)
    }

    /// Alternatives up to a `)` or the end (not consumed).
    fn parse_alternation(&mut self, flags: Flags) -> Result<Node, RegexError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("parse depth limit over"));
        }
        let mut alternatives = Vec::new();
        loop {
            let (node, end) = self.parse_sequence(flags)?;
            alternatives.push(node);
            if matches!(end, SequenceEnd::RestTaken) || !self.eat('|') {
                break;
            }
        }
        self.depth -= 1;
        Ok(Node::alt(alternatives))
    }

    /// Skips what separates tokens: comment groups, and with `x` white space and `#` comments.
    fn skip_trivia(&mut self, flags: Flags) -> Result<(), RegexError> {
        loop {
            match self.peek() {
                Some(c) if flags.extended && c.is_ascii_whitespace() => self.pos += 1,
                Some('#') if flags.extended => {
                    while let Some(c) = self.peek() {
                        self.pos += 1;
                        if c == '\n' {
                            break;
                        }
                    }
                }
                Some('(') if self.looking_at("(?#") => {
                    self.pos += 3;
                    loop {
                        match self.peek() {
                            None => return Err(self.error("end pattern in group")),
                            Some(')') => {
                                self.pos += 1;
                                break;
                            }
                            Some('\\') => self.pos += 2,
                            Some(_) => self.pos += 1,
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn parse_sequence(&mut self, flags: Flags) -> Result<(Node, SequenceEnd), RegexError> {
        let mut items: Vec<Node> = Vec::new();
        loop {
            self.skip_trivia(flags)?;
            let atom = match self.peek() {
                None | Some('|') | Some(')') => break,
                Some('(') => match self.parse_group(flags)? {
                    Group::Node(node) => node,
                    Group::Options(inner) => {
                        let rest = self.parse_alternation(inner)?;
                        items.push(rest);
                        return Ok((Node::concat(items), SequenceEnd::RestTaken));
                    }
                },
                Some('*') | Some('+') | Some('?') => {
                    return Err(self.error("target of repeat operator is not specified"))
                }
                Some('{') if self.interval_at(self.pos).is_some() => {
                    return Err(self.error("target of repeat operator is not specified"))
                }
                Some('[') => {
                    self.pos += 1;
                    self.parse_class(flags)?
                }
                Some('.') => {
                    self.pos += 1;
                    Node::Any {
                        newline: flags.dotall,
                    }
                }
                Some('^') => {
                    self.pos += 1;
                    Node::Anchor(super::ast::Anchor::LineStart)
                }
                Some('$') => {
                    self.pos += 1;
                    Node::Anchor(super::ast::Anchor::LineEnd)
                }
                Some('\\') => self.parse_escape(flags)?,
                Some(c) => {
                    self.pos += 1;
                    literal(c as u32, flags)
                }
            };
            let atom = self.parse_quantifiers(atom, flags)?;
            items.push(atom);
        }
        Ok((Node::concat(items), SequenceEnd::Open))
    }

    /// The quantifiers after an atom (`a*`, `a{2,3}?`, `a++`, and nested ones such as `a**`).
    fn parse_quantifiers(&mut self, mut atom: Node, flags: Flags) -> Result<Node, RegexError> {
        let mut applied = 0;
        loop {
            if applied > 1 {
                // Each quantifier on a quantified atom nests the pattern a level deeper: those
                // count with the groups against the depth limit.
                self.stacked += 1;
                if self.depth + self.stacked > MAX_DEPTH {
                    return Err(self.error("parse depth limit over"));
                }
            }
            applied += 1;
            self.skip_trivia(flags)?;
            let (min, max, exact) = match self.peek() {
                Some('*') => {
                    self.pos += 1;
                    (0, UNBOUNDED, false)
                }
                Some('+') => {
                    self.pos += 1;
                    (1, UNBOUNDED, false)
                }
                Some('?') => {
                    self.pos += 1;
                    (0, 1, false)
                }
                Some('{') => match self.interval_at(self.pos) {
                    Some((min, max, end, exact)) => {
                        if min > MAX_REPEAT || (max != UNBOUNDED && max > MAX_REPEAT) {
                            return Err(self.error("too big number for repeat range"));
                        }
                        if max < min {
                            return Err(self.error("upper is smaller than lower in repeat range"));
                        }
                        self.pos = end;
                        (min, max, exact)
                    }
                    None => return Ok(atom),
                },
                _ => return Ok(atom),
            };
            // `{n}?` and `{n,m}+` are not lazy or possessive in Ruby: a second quantifier follows.
            let greed = if self.peek() == Some('?') && !exact {
                self.pos += 1;
                Greed::Lazy
            } else if self.peek() == Some('+') && !exact && self.chars[self.pos - 1] != '}' {
                self.pos += 1;
                Greed::Possessive
            } else {
                Greed::Greedy
            };
            atom = Node::Repeat {
                node: Box::new(atom),
                min,
                max,
                greed,
            };
        }
    }

    /// `{n}`, `{n,}`, `{,m}` or `{n,m}` at `at`: (min, max, index after it, exact count).
    /// Anything else (`{`, `{,}`, `{ 1}`) is a literal `{`.
    pub fn interval_at(&self, at: usize) -> Option<(u32, u32, usize, bool)> {
        let mut i = at + 1;
        let digits = |i: &mut usize| -> Option<u32> {
            let start = *i;
            let mut value: u64 = 0;
            while let Some(d) = self.chars.get(*i).and_then(|c| c.to_digit(10)) {
                value = (value * 10 + u64::from(d)).min(u64::from(u32::MAX - 1));
                *i += 1;
            }
            (*i > start).then_some(value as u32)
        };
        let low = digits(&mut i);
        let (min, max, exact) = if self.chars.get(i) == Some(&',') {
            i += 1;
            let high = digits(&mut i);
            if low.is_none() && high.is_none() {
                return None;
            }
            (low.unwrap_or(0), high.unwrap_or(UNBOUNDED), false)
        } else {
            let n = low?;
            (n, n, true)
        };
        (self.chars.get(i) == Some(&'}')).then_some((min, max, i + 1, exact))
    }

    /// A group at `(`: a node, or an option setting `(?i)` that applies to the rest of the group.
    fn parse_group(&mut self, flags: Flags) -> Result<Group, RegexError> {
        self.pos += 1;
        if !self.eat('?') {
            let index = self.new_group(None);
            let node = self.group_body(flags)?;
            return Ok(Group::Node(Node::Capture {
                index,
                node: Box::new(node),
            }));
        }
        let Some(kind) = self.peek() else {
            return Err(self.error("end pattern in group"));
        };
        let node = match kind {
            ':' => {
                self.pos += 1;
                self.group_body(flags)?
            }
            '=' | '!' => {
                self.pos += 1;
                let node = self.group_body(flags)?;
                look(false, kind == '!', node)
            }
            '>' => {
                self.pos += 1;
                Node::Atomic(Box::new(self.group_body(flags)?))
            }
            '~' => {
                self.pos += 1;
                Node::Absent(Box::new(self.group_body(flags)?))
            }
            '<' if matches!(self.peek_at(1), Some('=') | Some('!')) => {
                let negate = self.peek_at(1) == Some('!');
                self.pos += 2;
                let node = self.group_body(flags)?;
                look(true, negate, node)
            }
            '<' | '\'' => {
                self.pos += 1;
                let close = if kind == '<' { '>' } else { '\'' };
                let name = self.group_name(close)?;
                let index = self.new_group(Some(name));
                let node = self.group_body(flags)?;
                Node::Capture {
                    index,
                    node: Box::new(node),
                }
            }
            '(' => {
                self.pos += 1;
                self.parse_conditional(flags)?
            }
            _ => return self.parse_options(flags),
        };
        Ok(Group::Node(node))
    }

    /// The alternatives of a group and its `)`.
    fn group_body(&mut self, flags: Flags) -> Result<Node, RegexError> {
        let node = self.parse_alternation(flags)?;
        if !self.eat(')') {
            return Err(self.error("end pattern with unmatched parenthesis"));
        }
        Ok(node)
    }

    fn new_group(&mut self, name: Option<String>) -> u32 {
        self.groups.push(GroupInfo { name });
        self.groups.len() as u32
    }

    /// `(?imx-imx)`, `(?imx-imx:...)` and the character modes `(?a)`, `(?u)`, `(?d)`.
    fn parse_options(&mut self, flags: Flags) -> Result<Group, RegexError> {
        let mut inner = flags;
        let mut on = true;
        loop {
            let Some(c) = self.peek() else {
                return Err(self.error("end pattern in group"));
            };
            self.pos += 1;
            match c {
                '-' if on => on = false,
                'i' => inner.icase = on,
                'm' => inner.dotall = on,
                'x' => inner.extended = on,
                'a' if on => inner.mode = CharMode::Ascii,
                'u' if on => inner.mode = CharMode::Unicode,
                'd' if on => inner.mode = CharMode::Default,
                ')' => return Ok(Group::Options(inner)),
                ':' => return Ok(Group::Node(self.group_body(inner)?)),
                _ => return Err(self.error("undefined group option")),
            }
        }
    }

    /// `(?(1)yes|no)`, `(?(<name>)yes|no)`: the condition is read, the branches follow.
    fn parse_conditional(&mut self, flags: Flags) -> Result<Node, RegexError> {
        let groups = match self.peek() {
            Some('<') | Some('\'') => {
                let close = if self.peek() == Some('<') { '>' } else { '\'' };
                self.pos += 1;
                let name = self.group_name(close)?;
                self.groups_named(&name)?
            }
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' => {
                let reference = self.reference_number(')')?;
                self.numbered_reference = true;
                alloc::vec![reference]
            }
            _ => return Err(self.error("invalid conditional pattern")),
        };
        if !self.eat(')') {
            return Err(self.error("invalid conditional pattern"));
        }
        let body = self.group_body(flags)?;
        let (yes, no) = match body {
            Node::Alt(mut branches) => {
                if branches.len() > 2 {
                    self.bad_conditional = true;
                }
                let yes = if branches.is_empty() {
                    Node::Empty
                } else {
                    branches.remove(0)
                };
                (yes, Node::alt(branches))
            }
            other => (other, Node::Empty),
        };
        // A condition naming several groups checks the first (Onigmo documents it as a bug).
        Ok(Node::Cond {
            groups: groups.into_iter().take(1).collect(),
            yes: Box::new(yes),
            no: Box::new(no),
        })
    }

    /// A group name up to `close` (after `(?<`, `\k<`, ...).
    pub fn group_name(&mut self, close: char) -> Result<String, RegexError> {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c == close {
                break;
            }
            self.pos += 1;
        }
        let name: String = self.chars[start..self.pos].iter().collect();
        if !self.eat(close) {
            return Err(self.error(naming("invalid group name <", &name, ">")));
        }
        if name.is_empty() {
            return Err(self.error("group name is empty"));
        }
        if name.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(self.error(naming("invalid group name <", &name, ">")));
        }
        Ok(name)
    }

    /// The groups with this name so far (a back-reference must come after its group).
    pub fn groups_named(&self, name: &str) -> Result<Vec<u32>, RegexError> {
        let found: Vec<u32> = self
            .groups
            .iter()
            .enumerate()
            .filter(|(_, g)| g.name.as_deref() == Some(name))
            .map(|(i, _)| i as u32 + 1)
            .collect();
        if found.is_empty() {
            return Err(self.error(naming("undefined name <", name, "> reference")));
        }
        Ok(found)
    }

    /// A group number, absolute (`1`) or relative to the groups so far (`-1`, `+1`), up to `close`.
    pub fn reference_number(&mut self, close: char) -> Result<u32, RegexError> {
        let start = self.pos;
        let sign = match self.peek() {
            Some('-') => {
                self.pos += 1;
                -1
            }
            Some('+') => {
                self.pos += 1;
                1
            }
            _ => 0,
        };
        let mut value: i64 = 0;
        let digits_start = self.pos;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = (value * 10 + i64::from(d)).min(1 << 40);
            self.pos += 1;
        }
        if self.pos == digits_start || self.peek() != Some(close) {
            let text: String = self.chars[start..]
                .iter()
                .take_while(|&&c| c != close)
                .collect();
            return Err(self.error(naming("invalid group name <", &text, ">")));
        }
        let count = self.groups.len() as i64;
        let number = match sign {
            -1 => count + 1 - value,
            1 => count + value,
            _ => value,
        };
        if number < 0 || (sign == -1 && (value == 0 || number < 1)) || number > i64::from(u32::MAX)
        {
            return Err(self.error("invalid backref number/name"));
        }
        Ok(number as u32)
    }
}

enum Group {
    Node(Node),
    Options(Flags),
}

fn look(behind: bool, negate: bool, node: Node) -> Node {
    Node::Look {
        behind,
        negate,
        node: Box::new(node),
    }
}

/// A literal character under the options in force.
pub(super) fn literal(c: u32, flags: Flags) -> Node {
    Node::Char {
        c,
        fold: flags.icase,
    }
}
