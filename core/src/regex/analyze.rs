//! What the compiler reads off a pattern: whether a node can match nothing, its fixed length, the
//! bytes a match can start with, whether it is anchored, which groups are called or read while
//! matching, and what spells a character that folds to several.

use alloc::vec::Vec;

use super::ast::{Anchor, Node, UNBOUNDED};
use super::charset::CharSet;
use super::fold;

/// The characters a one-character node matches (none for anything longer, or `.`).
pub(super) fn single_set(node: &Node) -> Option<CharSet> {
    let mut set = CharSet::new();
    match node {
        Node::Char { c, fold: false } => set.add(*c),
        Node::Char { c, fold: true } if fold::multi(*c).is_none() => {
            fold::equivalents(*c).into_iter().for_each(|e| set.add(e));
        }
        Node::Set(chars) => return Some(chars.clone()),
        _ => return None,
    }
    Some(set)
}

/// Under `(?i)`, the characters at the start of `items` that spell what some character folds to
/// (`ss` for `ß`): how many, and those characters.
pub(super) fn multi_fold_at(items: &[Node]) -> Option<(usize, Vec<u32>)> {
    let Some(Node::Char {
        c: first,
        fold: true,
    }) = items.first()
    else {
        return None;
    };
    let mut best: Option<(usize, Vec<u32>)> = None;
    for (source, folded) in fold::multi_sources(*first) {
        let len = folded.len();
        let spelled = items.len() >= len
            && folded.iter().zip(items).all(|(f, item)| {
                matches!(item, Node::Char { c, fold: true } if fold::key(*c) == fold::key(*f))
            });
        if !spelled {
            continue;
        }
        match &mut best {
            Some((best_len, sources)) if *best_len == len => {
                sources.extend(fold::equivalents(source))
            }
            Some((best_len, _)) if *best_len > len => {}
            _ => best = Some((len, fold::equivalents(source))),
        }
    }
    best
}

/// Instructions a node compiles to, roughly (for the unrolling limit).
pub(super) fn size_of(node: &Node) -> usize {
    match node {
        Node::Repeat { node, min, max, .. } => {
            let copies = if *max == UNBOUNDED {
                *min as usize + 1
            } else {
                *max as usize
            };
            size_of(node)
                .saturating_mul(copies.max(1))
                .saturating_add(2)
        }
        _ => node
            .children()
            .iter()
            .fold(2usize, |sum, child| sum.saturating_add(size_of(child))),
    }
}

/// Whether the node can match the empty text.
pub(super) fn nullable(node: &Node) -> bool {
    match node {
        Node::Char { .. } | Node::Set(_) | Node::Any { .. } | Node::Grapheme => false,
        Node::Concat(items) => items.iter().all(nullable),
        Node::Alt(items) => items.iter().any(nullable),
        Node::Capture { node, .. } | Node::Atomic(node) => nullable(node),
        Node::Repeat { node, min, .. } => *min == 0 || nullable(node),
        _ => true,
    }
}

/// The character length of a look-behind alternative (checked fixed by `resolve`).
pub(super) fn fixed_length(node: &Node) -> u32 {
    match node {
        Node::Char { .. } | Node::Set(_) | Node::Any { .. } => 1,
        Node::Concat(items) => items.iter().map(fixed_length).sum(),
        Node::Alt(items) => items.first().map_or(0, fixed_length),
        Node::Capture { node, .. } => fixed_length(node),
        Node::Repeat { node, min, .. } => fixed_length(node).saturating_mul(*min),
        _ => 0,
    }
}

/// Whether back-references or conditionals read captures while matching.
pub(super) fn reads_captures(node: &Node) -> bool {
    matches!(node, Node::BackRef { .. } | Node::Cond { .. })
        || node.children().into_iter().any(reads_captures)
}

pub(super) fn collect_bodies<'a>(node: &'a Node, bodies: &mut [Option<&'a Node>]) {
    if let Node::Capture { index, node: inner } = node {
        if let Some(slot) = bodies.get_mut(*index as usize) {
            *slot = Some(inner);
        }
    }
    for child in node.children() {
        collect_bodies(child, bodies);
    }
}

pub(super) fn mark_called(node: &Node, called: &mut [bool]) {
    if let Node::Call(group) = node {
        if let Some(flag) = called.get_mut(*group as usize) {
            *flag = true;
        }
    }
    for child in node.children() {
        mark_called(child, called);
    }
}

/// Whether every match starts where the search does (`\A` or `\G` first in every alternative).
pub(super) fn anchored(node: &Node) -> bool {
    match node {
        Node::Anchor(Anchor::TextStart) => true,
        Node::Concat(items) => items.first().is_some_and(anchored),
        Node::Alt(items) => items.iter().all(anchored),
        Node::Capture { node, .. } | Node::Atomic(node) => anchored(node),
        _ => false,
    }
}

/// Whether the node can match nothing, and the first bytes of what it matches (all bytes when
/// not known).
pub(super) fn first_bytes(node: &Node) -> (bool, [u64; 4]) {
    const ALL: [u64; 4] = [u64::MAX; 4];
    let mut bytes = [0u64; 4];
    let mut add = |b: u32| bytes[(b >> 6) as usize & 3] |= 1 << (b & 63);
    match node {
        Node::Char { c, fold: false } => {
            add(lead_byte(*c));
            (false, bytes)
        }
        Node::Char { c, fold: true } => {
            if fold::multi(*c).is_some() || fold::multi_sources(*c).next().is_some() {
                return (false, ALL);
            }
            fold::equivalents(*c)
                .into_iter()
                .for_each(|e| add(lead_byte(e)));
            (false, bytes)
        }
        Node::Set(set) => {
            for &(lo, hi) in set.ranges() {
                lead_bytes(lo, hi, &mut add);
            }
            (false, bytes)
        }
        Node::Any { .. } | Node::Grapheme => (false, ALL),
        Node::Empty | Node::Anchor(_) | Node::Keep | Node::Look { .. } => (true, bytes),
        Node::Concat(items) => {
            for item in items {
                let (empty, more) = first_bytes(item);
                for (b, m) in bytes.iter_mut().zip(more) {
                    *b |= m;
                }
                if !empty {
                    return (false, bytes);
                }
            }
            (true, bytes)
        }
        Node::Alt(items) => {
            let mut empty = false;
            for item in items {
                let (e, more) = first_bytes(item);
                empty |= e;
                for (b, m) in bytes.iter_mut().zip(more) {
                    *b |= m;
                }
            }
            (empty, bytes)
        }
        Node::Capture { node, .. } | Node::Atomic(node) => first_bytes(node),
        Node::Repeat { node, min, .. } => {
            let (empty, more) = first_bytes(node);
            (empty || *min == 0, more)
        }
        Node::BackRef { .. } | Node::Cond { .. } | Node::Absent(_) | Node::Call(_) => (true, ALL),
    }
}

pub(super) fn lead_byte(c: u32) -> u32 {
    match c {
        0..=0x7F => c,
        0x80..=0x7FF => 0xC0 | (c >> 6),
        0x800..=0xFFFF => 0xE0 | (c >> 12),
        _ => 0xF0 | (c >> 18),
    }
}

/// The UTF-8 lead bytes of the characters `lo..=hi`.
pub(super) fn lead_bytes(lo: u32, hi: u32, add: &mut impl FnMut(u32)) {
    for (start, end) in [
        (0, 0x7F),
        (0x80, 0x7FF),
        (0x800, 0xFFFF),
        (0x1_0000, 0x10_FFFF),
    ] {
        let (a, b) = (lo.max(start), hi.min(end));
        if a <= b {
            (lead_byte(a)..=lead_byte(b)).for_each(&mut *add);
        }
    }
}
