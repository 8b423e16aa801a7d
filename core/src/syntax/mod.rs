//! Syntax: tokens (logos), the AST with spans, and the parser that turns source text into a program.

pub mod ast;
mod dump;
pub mod lexer;
pub mod parser;

pub use ast::{BinaryOp, Expr, ExprKind, Program, UnaryOp};
pub use dump::dump_ast;
pub use lexer::{tokens, TokenInfo};
pub use parser::parse;
