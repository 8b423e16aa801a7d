//! What is checked once the whole pattern is read, as Onigmo checks it: group numbers when groups
//! have names (then only named groups capture), references to groups that exist, look-behinds of a
//! fixed length, and calls that would recurse for ever.

use alloc::string::String;
use alloc::vec::Vec;

use super::analyze::mark_called;
use super::ast::Node;
use super::error::{naming, RegexError};
use super::parser::Parser;

/// Calls by name are parked at this number plus their index in `Parser::named_calls`.
pub(super) const NAMED_CALL_BASE: u32 = 1 << 30;

/// The pattern with its groups numbered for good.
pub(super) struct Resolved {
    pub node: Node,
    /// Capturing groups (numbered 1..=groups).
    pub groups: u32,
    /// Names and the groups that carry each, in order of first definition.
    pub names: Vec<(String, Vec<u32>)>,
}

pub(super) fn resolve(parser: &Parser<'_>, mut node: Node) -> Result<Resolved, RegexError> {
    let error = |message: String| RegexError::new(message, parser.source);
    let named = parser.groups.iter().any(|g| g.name.is_some());
    // Group numbers before (index) and after (value; 0: no longer capturing).
    let mut map: Vec<u32> = alloc::vec![0];
    let mut names: Vec<(String, Vec<u32>)> = Vec::new();
    let mut count = 0u32;
    for group in &parser.groups {
        if named && group.name.is_none() {
            map.push(0);
            continue;
        }
        count += 1;
        map.push(count);
        if let Some(name) = &group.name {
            match names.iter_mut().find(|(n, _)| n == name) {
                Some((_, list)) => list.push(count),
                None => names.push((name.clone(), alloc::vec![count])),
            }
        }
    }
    if named && parser.numbered_reference {
        return Err(error(
            "numbered backref/call is not allowed. (use name)".into(),
        ));
    }
    let calls: Vec<Result<u32, String>> = parser
        .named_calls
        .iter()
        .map(|name| match names.iter().find(|(n, _)| n == name) {
            Some((_, list)) if list.len() == 1 => Ok(list[0]),
            Some(_) => Err(naming("multiplex definition name <", name, "> call")),
            None => Err(naming("undefined name <", name, "> reference")),
        })
        .collect();
    let mut context = Renumber {
        map: &map,
        calls: &calls,
        total: count,
        any_call: false,
    };
    // Onigmo finds a bad look-behind before a bad reference inside it.
    let references = renumber(&mut node, &mut context);
    check_look_behinds(&node).map_err(&error)?;
    references.map_err(&error)?;
    if parser.bad_conditional {
        return Err(error("invalid conditional pattern".into()));
    }
    if context.any_call {
        if parser.level_reference {
            return Err(error(
                "back-references with a recursion level (\\k<name+n>) are not supported with calls"
                    .into(),
            ));
        }
        check_recursion(&node, count).map_err(&error)?;
    }
    Ok(Resolved {
        node,
        groups: count,
        names,
    })
}

struct Renumber<'a> {
    map: &'a [u32],
    calls: &'a [Result<u32, String>],
    total: u32,
    any_call: bool,
}

fn renumber(node: &mut Node, context: &mut Renumber<'_>) -> Result<(), String> {
    let old_group = |number: u32| -> Result<u32, String> {
        match context.map.get(number as usize) {
            Some(&new) if number > 0 && new > 0 => Ok(new),
            _ => Err("invalid backref number/name".into()),
        }
    };
    match node {
        Node::Capture { index, node: inner } => {
            let new = context.map.get(*index as usize).copied().unwrap_or(0);
            renumber(inner, context)?;
            if new == 0 {
                let body = core::mem::replace(&mut **inner, Node::Empty);
                *node = body;
            } else {
                *index = new;
            }
            return Ok(());
        }
        Node::BackRef { groups, .. } => {
            for group in groups.iter_mut() {
                *group = old_group(*group)?;
            }
        }
        Node::Cond { groups, .. } => {
            for group in groups.iter_mut() {
                *group = old_group(*group)?;
            }
        }
        Node::Call(group) => {
            context.any_call = true;
            *group = if *group >= NAMED_CALL_BASE {
                match context.calls.get((*group - NAMED_CALL_BASE) as usize) {
                    Some(Ok(number)) => *number,
                    Some(Err(message)) => return Err(message.clone()),
                    None => return Err("invalid backref number/name".into()),
                }
            } else if *group == 0 {
                0
            } else {
                match context.map.get(*group as usize) {
                    Some(&new) if new > 0 => new,
                    _ => {
                        return Err(naming(
                            "undefined group <",
                            &alloc::string::ToString::to_string(group),
                            "> reference",
                        ))
                    }
                }
            };
            if *group > context.total {
                return Err(naming(
                    "undefined group <",
                    &alloc::string::ToString::to_string(group),
                    "> reference",
                ));
            }
        }
        _ => {}
    }
    for child in node.children_mut() {
        renumber(child, context)?;
    }
    Ok(())
}

/// The fixed length in characters of a look-behind's alternative, if it has one.
fn fixed_length(node: &Node) -> Option<u32> {
    match node {
        Node::Empty | Node::Anchor(_) | Node::Keep => Some(0),
        Node::Char { .. } | Node::Set(_) | Node::Any { .. } => Some(1),
        Node::Concat(items) => items
            .iter()
            .try_fold(0u32, |sum, item| sum.checked_add(fixed_length(item)?)),
        Node::Alt(items) => {
            let first = fixed_length(items.first()?)?;
            items
                .iter()
                .all(|item| fixed_length(item) == Some(first))
                .then_some(first)
        }
        Node::Capture { node, .. } => fixed_length(node),
        Node::Repeat { node, min, max, .. } if min == max => fixed_length(node)?.checked_mul(*min),
        _ => None,
    }
}

fn has_capture(node: &Node) -> bool {
    matches!(node, Node::Capture { .. }) || node.children().into_iter().any(has_capture)
}

/// Every look-behind's top-level alternatives have a fixed length; a negative one captures nothing.
fn check_look_behinds(node: &Node) -> Result<(), String> {
    if let Node::Look {
        behind: true,
        negate,
        node: body,
    } = node
    {
        let alternatives: Vec<&Node> = match &**body {
            Node::Alt(items) => items.iter().collect(),
            other => alloc::vec![other],
        };
        let fixed = alternatives.iter().all(|alt| fixed_length(alt).is_some());
        if !fixed || (*negate && has_capture(body)) {
            return Err("invalid pattern in look-behind".into());
        }
    }
    for child in node.children() {
        check_look_behinds(child)?;
    }
    Ok(())
}

/// The body of each group (0: the whole pattern).
fn group_bodies<'a>(node: &'a Node, bodies: &mut Vec<Option<&'a Node>>) {
    if let Node::Capture { index, node: inner } = node {
        if let Some(slot) = bodies.get_mut(*index as usize) {
            *slot = Some(inner);
        }
    }
    for child in node.children() {
        group_bodies(child, bodies);
    }
}

/// Onigmo's "never ending recursion": a call that reaches its own group again before reading a
/// character (left recursion), or a called group that cannot match without calling itself.
fn check_recursion(node: &Node, groups: u32) -> Result<(), String> {
    let mut bodies: Vec<Option<&Node>> = alloc::vec![None; groups as usize + 1];
    bodies[0] = Some(node);
    group_bodies(node, &mut bodies);
    let count = bodies.len();
    // Which groups can match the empty text, and which can match at all without recursing.
    let mut nullable = alloc::vec![false; count];
    let mut finishes = alloc::vec![false; count];
    loop {
        let mut changed = false;
        for g in 0..count {
            let Some(body) = bodies[g] else { continue };
            if !nullable[g] && first_calls(body, &nullable).0 {
                nullable[g] = true;
                changed = true;
            }
            if !finishes[g] && can_finish(body, &finishes) {
                finishes[g] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let never = || Err::<(), String>("never ending recursion".into());
    let mut called = alloc::vec![false; count];
    mark_called(node, &mut called);
    if called.iter().zip(&finishes).any(|(c, f)| *c && !*f) {
        return never();
    }
    // Left recursion: a cycle among the calls each group makes before reading a character.
    let edges: Vec<Vec<u32>> = bodies
        .iter()
        .map(|body| body.map_or_else(Vec::new, |b| first_calls(b, &nullable).1))
        .collect();
    for start in 0..count {
        let mut seen = alloc::vec![false; count];
        let mut stack: Vec<u32> = edges[start].clone();
        while let Some(g) = stack.pop() {
            if g as usize == start {
                return never();
            }
            if let Some(flag) = seen.get_mut(g as usize) {
                if !*flag {
                    *flag = true;
                    stack.extend(edges[g as usize].iter().copied());
                }
            }
        }
    }
    Ok(())
}

/// Whether the node can match the empty text, and the groups it calls before reading a character.
fn first_calls(node: &Node, nullable: &[bool]) -> (bool, Vec<u32>) {
    match node {
        Node::Char { .. } | Node::Set(_) | Node::Any { .. } | Node::Grapheme => (false, Vec::new()),
        Node::Empty | Node::Anchor(_) | Node::Keep | Node::BackRef { .. } => (true, Vec::new()),
        Node::Call(g) => (
            nullable.get(*g as usize).copied().unwrap_or(false),
            alloc::vec![*g],
        ),
        Node::Concat(items) => {
            let mut calls = Vec::new();
            for item in items {
                let (empty, more) = first_calls(item, nullable);
                calls.extend(more);
                if !empty {
                    return (false, calls);
                }
            }
            (true, calls)
        }
        Node::Alt(items) => {
            let mut calls = Vec::new();
            let mut empty = false;
            for item in items {
                let (e, more) = first_calls(item, nullable);
                empty |= e;
                calls.extend(more);
            }
            (empty, calls)
        }
        Node::Cond { yes, no, .. } => {
            let (a, mut calls) = first_calls(yes, nullable);
            let (b, more) = first_calls(no, nullable);
            calls.extend(more);
            (a || b, calls)
        }
        Node::Repeat { node, min, .. } => {
            let (empty, calls) = first_calls(node, nullable);
            (empty || *min == 0, calls)
        }
        Node::Look { node, .. } | Node::Absent(node) => (true, first_calls(node, nullable).1),
        Node::Capture { node, .. } | Node::Atomic(node) => first_calls(node, nullable),
    }
}

/// Whether the node can match without calling a group that cannot finish.
fn can_finish(node: &Node, finishes: &[bool]) -> bool {
    match node {
        Node::Call(g) => finishes.get(*g as usize).copied().unwrap_or(false),
        Node::Alt(items) => items.iter().any(|item| can_finish(item, finishes)),
        Node::Cond { yes, no, .. } => can_finish(yes, finishes) || can_finish(no, finishes),
        Node::Repeat { min: 0, .. } => true,
        _ => node.children().into_iter().all(|c| can_finish(c, finishes)),
    }
}
