//! The syntax tree's nodes stay small: a compile holds every parsed file's tree at once, and each
//! byte of a node is paid for thousands of times (issue 40: 48-byte expressions were a fifth larger).

#![cfg(target_pointer_width = "64")]

use core::mem::size_of;
use puppet_core::syntax::ast::HashEntry;
use puppet_core::syntax::{Expr, ExprKind};

#[test]
fn an_expression_is_five_words() {
    // The largest variants hold two boxes and a span (an operator's); the rarer ones whose parts
    // are larger keep them behind one box.
    assert_eq!(size_of::<ExprKind>(), 32);
    assert_eq!(size_of::<Expr>(), 40);
}

#[test]
fn a_hash_entry_is_two_expressions_and_two_spans() {
    assert_eq!(size_of::<HashEntry>(), 2 * size_of::<Expr>() + 16);
}
