//! Syntax: tokens (logos), the AST with spans, and the parser that turns source text into a program.

pub mod ast;
pub mod lexer;
pub mod parser;

pub use ast::{BinaryOp, Expr, ExprKind, Program, UnaryOp};
pub use parser::parse;
