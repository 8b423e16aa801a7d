//! Bracket classes: `[a-z]`, `[^...]`, escapes and properties inside, POSIX brackets `[:alpha:]`,
//! nested classes and intersections `[a-z&&[^aeiou]]`, folded under `(?i)` as Onigmo folds them.

use super::ast::Node;
use super::charset::CharSet;
use super::error::RegexError;
use super::escape::Escape;
use super::parser::{CharMode, Flags, Parser};
use super::unicode;

/// POSIX bracket names and the properties they stand for (`punct` includes `$+<=>^`|~` as Ruby's
/// does; the others match their `\p{...}` namesake).
const POSIX: [(&str, &str); 14] = [
    ("alnum", "alnum"),
    ("alpha", "alpha"),
    ("ascii", "ascii"),
    ("blank", "blank"),
    ("cntrl", "cntrl"),
    ("digit", "digit"),
    ("graph", "graph"),
    ("lower", "lower"),
    ("print", "print"),
    ("punct", "xposixpunct"),
    ("space", "space"),
    ("upper", "upper"),
    ("xdigit", "xdigit"),
    ("word", "word"),
];

/// One member of a class as read: a character (which may start a range) or a set with those of
/// its characters that may fold across ASCII (none from an ASCII-limited `\w`, `\d`, `\s`, `\h`
/// or POSIX bracket).
enum Item {
    Char(u32),
    Set(CharSet, CharSet),
}

fn item(set: CharSet, limited: bool) -> Item {
    let sources = if limited { CharSet::new() } else { set.clone() };
    Item::Set(set, sources)
}

/// A class read up to its `]`: negated or not, its members, and those that may fold across ASCII.
struct Body {
    negate: bool,
    set: CharSet,
    sources: CharSet,
}

impl Parser<'_> {
    /// A class after its `[`, as one node.
    pub(super) fn parse_class(&mut self, flags: Flags) -> Result<Node, RegexError> {
        let Body {
            negate,
            set,
            sources,
        } = self.class_body(flags)?;
        if flags.icase {
            if let (false, Some(c)) = (negate, set.single_char()) {
                // A class of one character is matched as that character is (Onigmo makes it one).
                return Ok(Node::Char { c, fold: true });
            }
        }
        let set = if flags.icase {
            super::fold::close(&set, &sources)
        } else {
            set
        };
        Ok(Node::Set(if negate { set.negate() } else { set }))
    }

    /// The members of a class up to its `]`.
    fn class_body(&mut self, flags: Flags) -> Result<Body, RegexError> {
        let negate = self.eat('^');
        // A `]` first is a literal when another `]` follows somewhere; otherwise the class is empty.
        let mut first_bracket = false;
        if self.peek() == Some(']') {
            if !self.closing_bracket_ahead(self.pos + 1) {
                return Err(self.error("empty char-class"));
            }
            first_bracket = true;
        }
        let mut result: Option<(CharSet, CharSet)> = None;
        let mut current = CharSet::new();
        let mut sources = CharSet::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(self.error("premature end of char-class"));
            };
            if c == ']' && !first_bracket {
                self.pos += 1;
                break;
            }
            if c == '&' && self.peek_at(1) == Some('&') {
                self.pos += 2;
                let operand = core::mem::take(&mut current);
                let operand_sources = core::mem::take(&mut sources);
                result = Some(match result {
                    Some((set, from)) => (set.intersect(&operand), from.union(&operand_sources)),
                    None => (operand, operand_sources),
                });
                continue;
            }
            let item = if first_bracket {
                first_bracket = false;
                self.pos += 1;
                Item::Char(u32::from(b']'))
            } else {
                self.class_item(flags)?
            };
            match item {
                Item::Set(set, from) => {
                    if self.peek() == Some('-') && !self.range_end_is_close() {
                        return Err(self.error("unmatched range specifier in char-class"));
                    }
                    sources = sources.union(&from);
                    current = current.union(&set);
                }
                Item::Char(c) => {
                    if self.peek() == Some('-') && !self.range_end_is_close() {
                        self.pos += 1;
                        let high = match self.peek() {
                            None => return Err(self.error("premature end of char-class")),
                            _ => match self.class_item(flags)? {
                                Item::Char(high) => high,
                                Item::Set(..) => {
                                    return Err(self.error("char-class value at end of range"))
                                }
                            },
                        };
                        if high < c {
                            return Err(self.error("empty range in char class"));
                        }
                        current.add_range(c, high);
                        sources.add_range(c, high);
                    } else {
                        current.add(c);
                        sources.add(c);
                    }
                }
            }
        }
        let (set, sources) = match result {
            Some((set, from)) => (set.intersect(&current), from.union(&sources)),
            None => (current, sources),
        };
        Ok(Body {
            negate,
            set,
            sources,
        })
    }

    /// Whether the `-` at the cursor is the last character of the class (a literal `-`).
    fn range_end_is_close(&self) -> bool {
        self.peek_at(1) == Some(']')
    }

    /// Whether an unescaped `]` comes at or after `from`.
    fn closing_bracket_ahead(&self, from: usize) -> bool {
        let mut i = from;
        while let Some(&c) = self.chars.get(i) {
            match c {
                '\\' => i += 2,
                ']' => return true,
                _ => i += 1,
            }
        }
        false
    }

    fn class_item(&mut self, flags: Flags) -> Result<Item, RegexError> {
        match self.peek() {
            Some('[') if self.peek_at(1) == Some(':') && self.posix_ahead() => {
                self.posix_bracket(flags)
            }
            Some('[') => {
                self.pos += 1;
                let body = self.class_body(flags)?;
                Ok(if body.negate {
                    item(body.set.negate(), true)
                } else {
                    Item::Set(body.set, body.sources)
                })
            }
            Some('\\') => match self.type_or_char_escape(flags, true)? {
                Escape::Chars(chars) => match chars.as_slice() {
                    [c] => Ok(Item::Char(*c)),
                    _ => Ok(item(
                        CharSet::from_sorted(
                            chars
                                .iter()
                                .map(|&c| (c, c))
                                .collect::<alloc::vec::Vec<_>>(),
                        ),
                        false,
                    )),
                },
                Escape::Set(set) => Ok(item(set, false)),
                Escape::TypeSet(set, limited) => Ok(item(set, limited)),
                Escape::Node(_) => Err(self.error("invalid escape in char-class")),
            },
            Some(c) => {
                self.pos += 1;
                Ok(Item::Char(c as u32))
            }
            None => Err(self.error("premature end of char-class")),
        }
    }

    /// Whether `[:` at the cursor opens a POSIX bracket: a `:]` follows before any `]`.
    fn posix_ahead(&self) -> bool {
        let mut i = self.pos + 2;
        while let Some(&c) = self.chars.get(i) {
            match c {
                '\\' => i += 2,
                ']' => return false,
                ':' if self.chars.get(i + 1) == Some(&']') => return true,
                _ => i += 1,
            }
        }
        false
    }

    /// `[:name:]` or `[:^name:]` at the cursor.
    fn posix_bracket(&mut self, flags: Flags) -> Result<Item, RegexError> {
        self.pos += 2;
        let negate = self.eat('^');
        let found = POSIX.iter().find(|(name, _)| {
            self.looking_at(name) && {
                let after = self.pos + name.chars().count();
                self.chars.get(after) == Some(&':') && self.chars.get(after + 1) == Some(&']')
            }
        });
        let Some((name, property)) = found else {
            return Err(self.error("invalid POSIX bracket type"));
        };
        self.pos += name.len() + 2;
        let mut set = match unicode::lookup(property) {
            unicode::Lookup::Found(line) => unicode::property_set(line),
            _ => CharSet::new(),
        };
        let limited = flags.mode == CharMode::Ascii;
        if limited {
            set = set.ascii_only();
        }
        Ok(item(if negate { set.negate() } else { set }, limited))
    }
}
