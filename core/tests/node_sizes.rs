//! The syntax tree's nodes stay small: a compile holds every parsed file's tree at once, and each
//! byte of a node is paid for thousands of times (issue 40: 48-byte expressions were a fifth larger).

#![cfg(target_pointer_width = "64")]

use core::mem::size_of;
use puppet_core::syntax::ast::{AttributeOperation, Call, HashEntry, Ident, Param};
use puppet_core::syntax::{Expr, ExprKind};

#[test]
fn an_expression_is_five_words() {
    // The kind's largest variants hold two words and a span, or a boxed pair of lists.
    assert_eq!(size_of::<ExprKind>(), 32);
    assert_eq!(size_of::<Expr>(), 40);
}

#[test]
fn a_name_is_as_long_as_its_text() {
    // A boxed text and its span: no spare capacity word.
    assert_eq!(size_of::<Ident>(), 24);
}

#[test]
fn the_nodes_made_of_expressions_follow() {
    assert!(size_of::<HashEntry>() <= 96);
    assert!(size_of::<AttributeOperation>() <= 88);
    assert!(size_of::<Param>() <= 120);
    assert!(size_of::<Call>() <= 96);
}
