//! The parsed pattern: what the parser builds from Ruby's syntax and the compiler turns into a program.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::charset::CharSet;

/// Zero-width assertions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Anchor {
    /// `^`: the start of the text or of a line (never after a newline that ends the text).
    LineStart,
    /// `$`: the end of the text or of a line.
    LineEnd,
    /// `\A`
    TextStart,
    /// `\z`
    TextEnd,
    /// `\Z`: the end, or before a newline that ends the text.
    TextEndNewline,
    /// `\b` (`ascii`: with `(?a)`, ASCII word characters only).
    WordBoundary { ascii: bool },
    /// `\B`
    NotWordBoundary { ascii: bool },
    /// `\G`: where the current search attempt began.
    SearchStart,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Greed {
    Greedy,
    Lazy,
    Possessive,
}

/// Upper bound of a repetition without one.
pub(crate) const UNBOUNDED: u32 = u32::MAX;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node {
    Empty,
    /// One character; `fold`: under `(?i)`.
    Char {
        c: u32,
        fold: bool,
    },
    /// One character of a set (case folding already applied).
    Set(CharSet),
    /// `.`; `newline`: under `(?m)`, it matches a newline too.
    Any {
        newline: bool,
    },
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    /// A capturing group (numbered from 1).
    Capture {
        index: u32,
        node: Box<Node>,
    },
    Repeat {
        node: Box<Node>,
        min: u32,
        max: u32,
        greed: Greed,
    },
    /// Look-ahead or look-behind.
    Look {
        behind: bool,
        negate: bool,
        node: Box<Node>,
    },
    /// `(?>...)`
    Atomic(Box<Node>),
    Anchor(Anchor),
    /// A back-reference to the first of `groups` (from the last) that took part in the match.
    BackRef {
        groups: Vec<u32>,
        fold: bool,
    },
    /// `\K`: the match starts here.
    Keep,
    /// `(?(cond)yes|no)`: `yes` when one of `groups` took part in the match.
    Cond {
        groups: Vec<u32>,
        yes: Box<Node>,
        no: Box<Node>,
    },
    /// `(?~...)`: the longest text (then shorter) that contains no match of the node.
    Absent(Box<Node>),
    /// `\g<...>`: the group's pattern again, here (group 0: the whole pattern).
    Call(u32),
    /// `\X`: one extended grapheme cluster.
    Grapheme,
}

impl Node {
    pub fn concat(mut items: Vec<Node>) -> Node {
        match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap_or(Node::Empty),
            _ => Node::Concat(items),
        }
    }

    pub fn alt(mut items: Vec<Node>) -> Node {
        match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap_or(Node::Empty),
            _ => Node::Alt(items),
        }
    }

    /// Visits every node below this one (depth first), mutably.
    pub fn children_mut(&mut self) -> Vec<&mut Node> {
        match self {
            Node::Concat(items) | Node::Alt(items) => items.iter_mut().collect(),
            Node::Capture { node, .. }
            | Node::Repeat { node, .. }
            | Node::Look { node, .. }
            | Node::Atomic(node)
            | Node::Absent(node) => alloc::vec![&mut **node],
            Node::Cond { yes, no, .. } => alloc::vec![&mut **yes, &mut **no],
            _ => Vec::new(),
        }
    }

    /// The nodes directly below this one.
    pub fn children(&self) -> Vec<&Node> {
        match self {
            Node::Concat(items) | Node::Alt(items) => items.iter().collect(),
            Node::Capture { node, .. }
            | Node::Repeat { node, .. }
            | Node::Look { node, .. }
            | Node::Atomic(node)
            | Node::Absent(node) => alloc::vec![&**node],
            Node::Cond { yes, no, .. } => alloc::vec![&**yes, &**no],
            _ => Vec::new(),
        }
    }
}
