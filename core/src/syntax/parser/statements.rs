//! Statement lists: juxtaposed and `;`-separated statements, comma lists, the transformation of
//! `notice 'x'` / `include foo` into calls, and recovery after a syntax error.

use alloc::format;
use alloc::vec::Vec;

use super::{named_call, node, Fail, Parser};
use crate::diagnostic::{Diagnostic, Stage};
use crate::span::Span;
use crate::syntax::ast::{CallStyle, Expr, ExprKind, Ident};
use crate::syntax::token::TokenKind;

/// The names that become calls when followed by arguments without parentheses.
const STATEMENT_CALLS: &[&str] = &[
    "require", "realize", "include", "contain", "tag", "debug", "info", "notice", "warning", "err",
    "fail", "import", "break", "next", "return",
];

pub(crate) fn is_statement_call(name: &str) -> bool {
    STATEMENT_CALLS.contains(&name)
}

/// One syntactic statement: an expression, or a comma-separated list (arguments of a statement call).
enum Statement {
    Single(Expr),
    List { items: Vec<Expr>, first_comma: Span },
}

impl Parser<'_> {
    /// Statements up to (not including) `end` (`RBrace` or `Eof`), recovering from errors.
    pub(super) fn statements(&mut self, end: TokenKind) -> Vec<Expr> {
        // The statements collect on the scratch stack, above `mark`.
        let mark = self.scratch.len();
        // Puppet transforms (and so reports bad comma lists) when the whole list is parsed.
        let mut pending: Vec<Diagnostic> = Vec::new();
        loop {
            if self.at(end) || self.at(TokenKind::Eof) || self.too_deep {
                break;
            }
            if !can_start_statement(self.peek_kind()) && !pending.is_empty() {
                // Puppet's parser reduces the list (and so reports a bad comma list) before it
                // sees that this token cannot start a statement.
                let at = self.pos;
                self.syntax.extend(pending.drain(..).map(|d| (at, d)));
            }
            match self.syntactic_statement() {
                Ok(statement) => {
                    if let Some(problem) = transform_call(&mut self.scratch, mark, statement) {
                        pending.push(problem);
                    }
                }
                Err(Fail) => {
                    self.recover_statement(end);
                    continue;
                }
            }
            if self.eat(TokenKind::Semic).is_some() && (self.at(end) || self.at(TokenKind::Eof)) {
                // Puppet wants a statement after every `;`.
                let _ = self.unexpected();
            }
        }
        let at = self.pos;
        self.syntax.extend(pending.into_iter().map(|d| (at, d)));
        self.scratch.split_off(mark.min(self.scratch.len()))
    }

    fn syntactic_statement(&mut self) -> Result<Statement, Fail> {
        let first = self.assignment()?;
        let Some(comma) = self.eat(TokenKind::Comma) else {
            return Ok(Statement::Single(first));
        };
        let mut items = alloc::vec![first, self.assignment()?];
        while self.eat(TokenKind::Comma).is_some() {
            items.push(self.assignment()?);
        }
        Ok(Statement::List {
            items,
            first_comma: comma.span,
        })
    }

    /// Skips to where a new statement can start: after a `;`, before the closing `}` of the
    /// enclosing block, or at a token that begins a new line (brackets balanced).
    pub(super) fn recover_statement(&mut self, end: TokenKind) {
        let start = self.pos;
        let mut depth = 0i32;
        let mut crossed_newline = false;
        let mut previous_end = self.peek().span.end;
        loop {
            let token = self.peek();
            if self.pos > start {
                let gap = self
                    .src
                    .get(Span::new(previous_end, token.span.start))
                    .unwrap_or("");
                crossed_newline |= gap.contains('\n');
            }
            match token.kind {
                TokenKind::Eof => return,
                TokenKind::RBrace if depth == 0 && end == TokenKind::RBrace => return,
                TokenKind::Semic if depth == 0 => {
                    self.bump();
                    return;
                }
                TokenKind::LBrace
                | TokenKind::SelBrace
                | TokenKind::LBrack
                | TokenKind::ListStart
                | TokenKind::LParen
                | TokenKind::WsLParen => depth += 1,
                TokenKind::RBrace | TokenKind::RBrack | TokenKind::RParen => {
                    depth -= 1;
                    if depth < 0 {
                        depth = 0;
                        if end == TokenKind::Eof && token.kind == TokenKind::RBrace {
                            // An unmatched `}` at top level: skip it and stop.
                            self.bump();
                            return;
                        }
                    }
                }
                _ => {
                    if depth == 0 && crossed_newline && starts_statement(token.kind) {
                        return;
                    }
                }
            }
            previous_end = token.span.end;
            self.bump();
        }
    }
}

/// Puppet's `transform_calls`, one statement at a time: a statement-call name followed by a
/// statement becomes a call; a comma list after anything else is an error (returned). The
/// statements so far are those of `out` above `mark`.
fn transform_call(out: &mut Vec<Expr>, mark: usize, statement: Statement) -> Option<Diagnostic> {
    let previous = out.get(mark..).and_then(<[Expr]>::last);
    let previous_is_call_name = matches!(
        previous,
        Some(Expr { kind: ExprKind::Name(name), .. }) if is_statement_call(name)
    );
    if previous_is_call_name {
        if let Some(name_expr) = out.pop() {
            let args = match statement {
                Statement::Single(expr) => alloc::vec![expr],
                Statement::List { items, .. } => items,
            };
            out.push(statement_call(name_expr, args));
        }
        return None;
    }
    match statement {
        Statement::Single(expr) => {
            out.push(expr);
            None
        }
        Statement::List { items, first_comma } => {
            let message = match out.get(mark..).and_then(<[Expr]>::last) {
                    Some(Expr {
                        kind: ExprKind::Name(name),
                        ..
                    }) => format!(
                        "attempt to pass argument list to the function '{name}' which cannot be called without parentheses"
                    ),
                    _ => "illegal comma separated argument list".into(),
                };
            let span = items
                .first()
                .map(|e| e.span)
                .unwrap_or(first_comma)
                .to(items.last().map_or(first_comma, |e| e.span));
            out.push(node(ExprKind::Array(items), span));
            Some(Diagnostic::error(
                Stage::Syntax,
                "ILLEGAL_ARGUMENT_LIST",
                message,
                first_comma,
            ))
        }
    }
}

/// `notice 'x'`: the name and its arguments as a statement-style call.
pub(super) fn statement_call(name_expr: Expr, args: Vec<Expr>) -> Expr {
    let name = match name_expr.kind {
        ExprKind::Name(name) => name,
        _ => alloc::string::String::new(),
    };
    let span = name_expr
        .span
        .to(args.last().map_or(name_expr.span, |a| a.span));
    let name = Ident {
        name,
        span: name_expr.span,
    };
    named_call(CallStyle::Statement, name, args, span)
}

/// Tokens that can begin a statement (used to find a place to resume after an error).
fn starts_statement(kind: TokenKind) -> bool {
    use TokenKind::*;
    matches!(
        kind,
        Variable
            | Name
            | ClassRef
            | If
            | Unless
            | Case
            | Class
            | Define
            | Node
            | Function
            | Type
            | At
            | AtAt
            | String
            | DqPre
            | Number
    )
}

/// Tokens an expression statement can start with.
fn can_start_statement(kind: TokenKind) -> bool {
    use TokenKind::*;
    kind.is_single_token_value()
        || matches!(
            kind,
            String
                | DqPre
                | Case
                | Class
                | Define
                | If
                | Node
                | Unless
                | Function
                | Type
                | Attr
                | Private
                | LBrack
                | ListStart
                | LBrace
                | LParen
                | WsLParen
                | Minus
                | Times
                | Not
                | At
                | AtAt
                | RenderString
                | RenderExpr
        )
}
