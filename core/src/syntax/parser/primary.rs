//! Primary expressions: literals, names, references, variables, arrays, hashes, parentheses,
//! and the dispatch to conditionals, definitions and EPP render expressions.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{named_call, node, take_since, PResult, Parser};
use crate::syntax::ast::{CallStyle, Expr, ExprKind, HashEntry, Ident};
use crate::syntax::token::TokenKind;

impl Parser<'_> {
    pub(super) fn primary(&mut self) -> PResult<Expr> {
        let token = self.peek();
        use TokenKind as T;
        match token.kind {
            T::Variable => {
                self.bump();
                let name = String::from(self.variable_name(token));
                Ok(node(ExprKind::Variable(name), token.span))
            }
            T::Number => {
                self.bump();
                Ok(self.number(token))
            }
            T::String => {
                self.bump();
                let text = self.take_text(token);
                Ok(node(ExprKind::String(text), token.span))
            }
            T::DqPre => self.interpolated_string(),
            T::Heredoc => self.heredoc(),
            T::Name => {
                self.bump();
                Ok(node(
                    ExprKind::Name(String::from(self.text_of(token))),
                    token.span,
                ))
            }
            T::Word => {
                self.bump();
                Ok(node(
                    ExprKind::String(String::from(self.text_of(token))),
                    token.span,
                ))
            }
            T::ClassRef => {
                self.bump();
                Ok(node(
                    ExprKind::TypeRef(String::from(self.text_of(token))),
                    token.span,
                ))
            }
            T::Regex => {
                self.bump();
                match self.take_regexp(token) {
                    Some(regexp) => Ok(node(ExprKind::Regex(regexp), token.span)),
                    None => Err(self.syntax_error("INVALID_REGEX", "invalid regex", token.span)),
                }
            }
            T::True | T::False => {
                self.bump();
                Ok(node(ExprKind::Boolean(token.kind == T::True), token.span))
            }
            T::Default => {
                self.bump();
                Ok(node(ExprKind::Default, token.span))
            }
            T::Undef => {
                self.bump();
                Ok(node(ExprKind::Undef, token.span))
            }
            T::Attr | T::Private => {
                // A reserved word: validation reports it (a NAME never has these texts).
                self.bump();
                let word = self.text_of(token);
                Ok(node(ExprKind::Name(String::from(word)), token.span))
            }
            T::ListStart | T::LBrack => self.array(),
            T::LBrace => self.hash(),
            T::LParen | T::WsLParen => {
                self.bump();
                let inner = self.assignment()?;
                let close = self.expect(T::RParen)?;
                Ok(node(
                    ExprKind::Paren(Box::new(inner)),
                    token.span.to(close.span),
                ))
            }
            T::If => self.if_expression(),
            T::Unless => self.unless_expression(),
            T::Case => self.case_expression(),
            T::Function => self.function_definition(),
            T::Class => self.class_definition(),
            T::Define => self.define_definition(),
            T::Node => self.node_definition(),
            T::Type => {
                if self.peek_at(1).kind == T::LParen {
                    self.type_function_call()
                } else {
                    self.type_alias()
                }
            }
            T::RenderString => {
                self.bump();
                let text = self.take_text(token);
                Ok(node(ExprKind::RenderText(text), token.span))
            }
            T::RenderExpr => self.render_expression(),
            _ => Err(self.unexpected()),
        }
    }

    /// A NUMBER token's value; out-of-range integers are reported as Puppet's validation does.
    pub(super) fn number(&mut self, token: crate::syntax::token::Token) -> Expr {
        let text = self.text_of(token);
        match parse_number(text) {
            Number::Integer(value) => node(ExprKind::Integer(value), token.span),
            Number::Float(value) => node(ExprKind::Float(value), token.span),
            Number::Overflow(hex) => {
                self.validation_error(
                    "NUMERIC_OVERFLOW",
                    format!("A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x{hex}'"),
                    token.span,
                );
                node(ExprKind::Integer(i64::MAX), token.span)
            }
            // Already reported by the lexer.
            Number::Invalid => node(ExprKind::Integer(0), token.span),
        }
    }

    /// `type(...)`: a call of the function named `type`.
    fn type_function_call(&mut self) -> PResult<Expr> {
        let keyword = self.bump();
        self.bump();
        let args = self.arguments(TokenKind::RParen)?;
        let close = self.expect(TokenKind::RParen)?;
        let span = keyword.span.to(close.span);
        let name = Ident {
            name: "type".into(),
            span: keyword.span,
        };
        Ok(named_call(CallStyle::Prefix, name, args, span))
    }

    /// `[a, b, k => v]`.
    fn array(&mut self) -> PResult<Expr> {
        let open = self.bump();
        let items = self.arguments(TokenKind::RBrack)?;
        let close = self.expect(TokenKind::RBrack)?;
        Ok(node(ExprKind::Array(items), open.span.to(close.span)))
    }

    /// `{k => v, ...}`.
    pub(super) fn hash(&mut self) -> PResult<Expr> {
        let open = self.bump();
        self.enter()?;
        let entries = self.hash_entries();
        self.leave();
        let entries = entries?;
        let close = self.expect(TokenKind::RBrace)?;
        Ok(node(ExprKind::Hash(entries), open.span.to(close.span)))
    }

    fn hash_entries(&mut self) -> PResult<Vec<HashEntry>> {
        let mark = self.lists.entries.len();
        let result = self.hash_entries_onto_stack();
        take_since(&mut self.lists.entries, mark, result)
    }

    fn hash_entries_onto_stack(&mut self) -> PResult<()> {
        if self.at(TokenKind::RBrace) {
            return Ok(());
        }
        loop {
            let key = match self.keyword_literal() {
                Some(key) => key,
                None => self.assignment()?,
            };
            let arrow = self.expect(TokenKind::FArrow)?.span;
            let value = match self.keyword_literal() {
                Some(value) => value,
                None => self.assignment()?,
            };
            let span = key.span.to(value.span);
            self.lists.entries.push(HashEntry {
                key,
                value,
                span,
                arrow,
            });
            if self.eat(TokenKind::Comma).is_none() || self.at(TokenKind::RBrace) {
                return Ok(());
            }
        }
    }

    /// `<%= expr %>` or `<%= { statements } %>`; a brace opening `}` or `key =>` is a hash, as
    /// Puppet's grammar resolves it.
    fn render_expression(&mut self) -> PResult<Expr> {
        let open = self.bump();
        let hash = matches!(self.peek_at(1).kind, TokenKind::RBrace)
            || self.peek_at(2).kind == TokenKind::FArrow;
        let inner = if self.at(TokenKind::LBrace) && !hash {
            self.block()?
        } else {
            self.expression(0)?
        };
        let close = match self.peek_kind() {
            TokenKind::EppEnd | TokenKind::EppEndTrim => self.bump(),
            _ => return Err(self.unexpected()),
        };
        Ok(node(
            ExprKind::RenderExpr(Box::new(inner)),
            open.span.to(close.span),
        ))
    }
}

enum Number {
    Integer(i64),
    Float(f64),
    /// The value (in lower-case hex) of an integer beyond the 64-bit range.
    Overflow(String),
    Invalid,
}

/// The value of a number's text in its radix (hex `0x`, octal `0`, decimal, or float).
fn parse_number(text: &str) -> Number {
    if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        return integer_in_radix(hex, 16);
    }
    if text.contains(['.', 'e', 'E']) {
        return crate::value::parse_f64(text).map_or(Number::Invalid, Number::Float);
    }
    if text.len() > 1 && text.starts_with('0') {
        return integer_in_radix(&text[1..], 8);
    }
    integer_in_radix(text, 10)
}

fn integer_in_radix(digits: &str, radix: u32) -> Number {
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Number::Invalid;
    }
    match i64::from_str_radix(digits, radix) {
        Ok(value) => Number::Integer(value),
        Err(_) => Number::Overflow(big_hex(digits, radix)),
    }
}

/// The lower-case hexadecimal form of a non-negative integer of any size given in `radix`.
/// Digits beyond which the exact value is not computed (the conversion is quadratic in the length).
const MAX_EXACT_DIGITS: usize = 4096;

fn big_hex(digits: &str, radix: u32) -> String {
    if digits.len() > MAX_EXACT_DIGITS {
        return format!("<a number of {} digits>", digits.len());
    }
    // Little-endian base 2^32 limbs.
    let mut limbs: Vec<u32> = alloc::vec![0];
    for c in digits.chars() {
        let mut carry = u64::from(c.to_digit(radix).unwrap_or(0));
        for limb in limbs.iter_mut() {
            let value = u64::from(*limb) * u64::from(radix) + carry;
            *limb = value as u32;
            carry = value >> 32;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
    }
    let mut out = String::new();
    for (i, limb) in limbs.iter().rev().enumerate() {
        if i == 0 {
            out.push_str(&format!("{limb:x}"));
        } else {
            out.push_str(&format!("{limb:08x}"));
        }
    }
    out
}
