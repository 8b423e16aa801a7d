//! A recursive-descent parser for the Ruby that templates use: statements, modifiers,
//! `if`/`unless`/`case`/`while`/`for`, blocks, operators by Ruby's precedence, and method calls
//! with or without parentheses. Like Ruby, it decides at parse time whether a bare name is a local
//! variable (assigned before) or a method call.

use alloc::boxed::Box;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ast::{
    BeginBlock, Block, Kind, MethodDef, MethodParam, Node, Param, Part, RescueClause,
};
use super::lexer::{is_clause_keyword, StrPart, Tok, Token};

/// Ruby's syntax error, with its line.
#[derive(Debug, Clone)]
pub(crate) struct ParseError {
    pub message: String,
    pub line: u32,
}

type PResult<T> = Result<T, ParseError>;

/// How deep expressions may nest before the parser gives up (no unbounded recursion).
const MAX_DEPTH: usize = 200;
/// How many operators or calls one chain (`a + b + ...`, `a.b.c...`) may link: each link nests
/// the tree one level deeper on the left, which walking or dropping it descends.
const MAX_LINKS: usize = 2_000;

pub(crate) struct Parser<'t> {
    tokens: &'t [Token],
    pos: usize,
    /// The local variables known in each open scope (the template, then blocks).
    locals: Vec<Vec<String>>,
    depth: usize,
    /// Inside a `while`/`until`/`for` head `do` belongs to the loop, not to a call.
    no_do: bool,
}

const KEYWORDS_ENDING: &[&str] = &[
    "end", "else", "elsif", "when", "then", "do", "rescue", "ensure", "in",
];

static EOF_TOKEN: Token = Token {
    tok: Tok::Eof,
    line: 0,
    spaced: true,
};

impl Parser<'_> {
    /// A bare name's value: the local variable, or else a call of the method without arguments.
    fn bare_name(&self, name: &str, line: u32) -> Node {
        let kind = if self.is_local(name) {
            Kind::Local(name.to_string())
        } else {
            Kind::Call {
                recv: None,
                name: name.to_string(),
                args: Vec::new(),
                block: None,
                safe: false,
            }
        };
        Node::new(kind, line)
    }
}

/// Parse a whole Ruby file's tokens ([`super::lexer::lex_file`]).
pub(crate) fn parse_file(tokens: &[Token]) -> PResult<Vec<Node>> {
    parse(tokens)
}

/// Lex and parse a whole Ruby file's text: its syntax tree, or the first error's message and line.
pub(crate) fn parse_ruby_file(text: &str) -> Result<Vec<Node>, (String, u32)> {
    super::lexer::lex_file(text)
        .map_err(|e| (e.message, e.line))
        .and_then(|tokens| parse_file(&tokens).map_err(|e| (e.message, e.line)))
}

/// Parse a whole template's tokens.
pub(crate) fn parse(tokens: &[Token]) -> PResult<Vec<Node>> {
    let mut parser = Parser {
        tokens,
        pos: 0,
        locals: alloc::vec![Vec::new()],
        depth: 0,
        no_do: false,
    };
    let body = parser.statements()?;
    match &parser.peek().tok {
        Tok::Eof => Ok(body),
        _ => Err(parser.unexpected()),
    }
}

fn describe(tok: &Tok) -> String {
    match tok {
        Tok::Int(n) => format!("integer literal {n}"),
        Tok::Big(_) => "integer literal".into(),
        Tok::Float(_) => "float literal".into(),
        Tok::Str(_) => "string literal".into(),
        Tok::Sym(_) => "symbol literal".into(),
        Tok::Regex(..) => "regexp literal".into(),
        Tok::Words(..) => "word list".into(),
        Tok::Ident(name) if KEYWORDS_ENDING.contains(&name.as_str()) => format!("`{name}'"),
        Tok::Ident(name) => format!("local variable or method '{name}'"),
        Tok::Const(name) => format!("constant {name}"),
        Tok::IVar(name) => format!("instance variable @{name}"),
        Tok::GVar(name) => format!("global variable ${name}"),
        Tok::Label(name) => format!("label {name}:"),
        Tok::Op(op) => format!("'{op}'"),
        Tok::Newline | Tok::Text(_) | Tok::InsertStart | Tok::InsertEnd => "';'".into(),
        Tok::Eof => "end-of-input".into(),
    }
}

impl<'t> Parser<'t> {
    fn peek(&self) -> &'t Token {
        self.tokens.get(self.pos).unwrap_or(&EOF_TOKEN)
    }

    fn peek_at(&self, n: usize) -> &'t Token {
        self.tokens.get(self.pos + n).unwrap_or(&EOF_TOKEN)
    }

    fn line(&self) -> u32 {
        self.peek().line
    }

    fn advance(&mut self) -> &'t Token {
        let token = self.peek();
        if self.pos < self.tokens.len() {
            self.pos += 1;
        }
        token
    }

    fn unexpected(&self) -> ParseError {
        ParseError {
            message: format!("syntax error, unexpected {}", describe(&self.peek().tok)),
            line: self.line(),
        }
    }

    fn fail<T>(&self, message: impl Into<String>) -> PResult<T> {
        Err(ParseError {
            message: message.into(),
            line: self.line(),
        })
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(&self.peek().tok, Tok::Op(o) if *o == op)
    }

    fn is_kw(&self, kw: &str) -> bool {
        matches!(&self.peek().tok, Tok::Ident(name) if name == kw)
    }

    fn eat_op(&mut self, op: &str) -> bool {
        let found = self.is_op(op);
        self.eat_if(found)
    }

    fn eat_kw(&mut self, kw: &str) -> bool {
        let found = self.is_kw(kw);
        self.eat_if(found)
    }

    /// Reads past the next token when it is the one looked for (`found`); says whether it was.
    fn eat_if(&mut self, found: bool) -> bool {
        if found {
            self.advance();
        }
        found
    }

    fn expect_op(&mut self, op: &str) -> PResult<()> {
        if self.eat_op(op) {
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn expect_kw(&mut self, kw: &str) -> PResult<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            Err(self.expecting(kw))
        }
    }

    /// Ruby's message for a missing keyword at the end of the input.
    fn expecting(&self, kw: &str) -> ParseError {
        let mut error = self.unexpected();
        if matches!(self.peek().tok, Tok::Eof) {
            error.message.push_str(&format!(", expecting `{kw}'"));
        }
        error
    }

    fn skip_newlines(&mut self) {
        while matches!(self.peek().tok, Tok::Newline) || self.is_op(";") {
            self.advance();
        }
    }

    /// Newlines only (inside brackets, after an operator).
    fn skip_breaks(&mut self) {
        while matches!(self.peek().tok, Tok::Newline) {
            self.advance();
        }
    }

    /// One more link in an operator or call chain, refused past [`MAX_LINKS`].
    fn link(&self, links: &mut usize) -> PResult<()> {
        *links += 1;
        if *links > MAX_LINKS {
            return self.fail("code nested this deeply is not supported by the playground's ERB");
        }
        Ok(())
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.fail("code nested this deeply is not supported by the playground's ERB");
        }
        Ok(())
    }

    fn is_local(&self, name: &str) -> bool {
        self.locals
            .iter()
            .any(|scope| scope.iter().any(|n| n == name))
    }

    fn declare(&mut self, name: &str) {
        if !self.is_local(name) {
            if let Some(scope) = self.locals.last_mut() {
                scope.push(name.to_string());
            }
        }
    }

    /// Statements up to a keyword that ends them (`end`, `else`, ...), a `}` or the end.
    fn statements(&mut self) -> PResult<Vec<Node>> {
        let mut body = Vec::new();
        loop {
            self.skip_newlines();
            match &self.peek().tok {
                Tok::Eof | Tok::InsertEnd => break,
                Tok::Op("}") | Tok::Op(")") => break,
                Tok::Ident(name) if KEYWORDS_ENDING.contains(&name.as_str()) => break,
                _ => {}
            }
            body.push(self.statement()?);
            match &self.peek().tok {
                Tok::Newline
                | Tok::Op(";")
                | Tok::Eof
                | Tok::InsertEnd
                | Tok::Op("}")
                | Tok::Op(")") => {}
                Tok::Ident(name) if KEYWORDS_ENDING.contains(&name.as_str()) => {}
                _ => return Err(self.unexpected()),
            }
        }
        Ok(body)
    }

    fn statement(&mut self) -> PResult<Node> {
        self.enter()?;
        let line = self.line();
        let mut node = match &self.peek().tok {
            Tok::Text(text) => {
                self.advance();
                Node::new(Kind::Text(text.clone()), line)
            }
            Tok::InsertStart => {
                self.advance();
                let body = self.statements()?;
                if !matches!(self.peek().tok, Tok::InsertEnd) {
                    return Err(self.unexpected());
                }
                self.advance();
                Node::new(Kind::Output(body), line)
            }
            _ => self.expr_statement()?,
        };
        // Modifiers: `x if y`, `x unless y`, `x while y`.
        loop {
            let line = self.line();
            if self.eat_kw("if") {
                let cond = self.expr_statement()?;
                node = Node::new(
                    Kind::If(Box::new(cond), alloc::vec![node], Vec::new()),
                    line,
                );
            } else if self.eat_kw("unless") {
                let cond = self.expr_statement()?;
                node = Node::new(
                    Kind::If(Box::new(cond), Vec::new(), alloc::vec![node]),
                    line,
                );
            } else if self.eat_kw("while") {
                let cond = self.expr_statement()?;
                node = Node::new(Kind::While(Box::new(cond), alloc::vec![node], false), line);
            } else if self.eat_kw("until") {
                let cond = self.expr_statement()?;
                node = Node::new(Kind::While(Box::new(cond), alloc::vec![node], true), line);
            } else if self.eat_kw("rescue") {
                let fallback = self.expr_statement()?;
                node = Node::new(Kind::Rescue(Box::new(node), Box::new(fallback)), line);
            } else {
                break;
            }
        }
        self.depth -= 1;
        Ok(node)
    }

    /// `not`, `and`, `or`: the lowest precedence.
    fn expr_statement(&mut self) -> PResult<Node> {
        let mut left = self.not_expr()?;
        loop {
            let line = self.line();
            if self.eat_kw("and") {
                self.skip_breaks();
                let right = self.not_expr()?;
                left = Node::new(Kind::And(Box::new(left), Box::new(right)), line);
            } else if self.eat_kw("or") {
                self.skip_breaks();
                let right = self.not_expr()?;
                left = Node::new(Kind::Or(Box::new(left), Box::new(right)), line);
            } else {
                return Ok(left);
            }
        }
    }

    fn not_expr(&mut self) -> PResult<Node> {
        let line = self.line();
        if self.eat_kw("not") {
            let inner = self.not_expr()?;
            return Ok(Node::new(Kind::Not(Box::new(inner)), line));
        }
        self.expr()
    }

    /// An expression with assignments (right-associative).
    fn expr(&mut self) -> PResult<Node> {
        self.enter()?;
        let line = self.line();
        // `a, b = ...`
        if let Tok::Ident(name) = &self.peek().tok {
            if matches!(self.peek_at(1).tok, Tok::Op(",")) && self.multi_assign_ahead() {
                let mut targets = Vec::new();
                loop {
                    let Tok::Ident(name) = &self.advance().tok else {
                        return Err(self.unexpected());
                    };
                    self.declare(name);
                    targets.push(Node::new(Kind::Local(name.clone()), line));
                    if !self.eat_op(",") {
                        break;
                    }
                }
                self.expect_op("=")?;
                self.skip_breaks();
                let mut values = alloc::vec![self.maybe_splat()?];
                while self.eat_op(",") {
                    self.skip_breaks();
                    values.push(self.maybe_splat()?);
                }
                let value = match values.pop() {
                    Some(one) if values.is_empty() && !matches!(one.kind, Kind::Splat(_)) => one,
                    last => {
                        values.extend(last);
                        Node::new(Kind::Array(values), line)
                    }
                };
                self.depth -= 1;
                return Ok(Node::new(Kind::MultiAssign(targets, Box::new(value)), line));
            }
            let _ = name;
        }
        let left = self.ternary()?;
        let op = match &self.peek().tok {
            Tok::Op("=") => Some("="),
            Tok::Op("+=") => Some("+"),
            Tok::Op("-=") => Some("-"),
            Tok::Op("*=") => Some("*"),
            Tok::Op("/=") => Some("/"),
            Tok::Op("%=") => Some("%"),
            Tok::Op("**=") => Some("**"),
            Tok::Op("||=") => Some("||"),
            Tok::Op("&&=") => Some("&&"),
            Tok::Op("<<=") => Some("<<"),
            Tok::Op("|=") => Some("|"),
            Tok::Op("&=") => Some("&"),
            _ => None,
        };
        let Some(op) = op else {
            self.depth -= 1;
            return Ok(left);
        };
        let target = match left.kind {
            Kind::Local(_) | Kind::IVar(_) | Kind::GVar(_) | Kind::Const(None, _) => left,
            Kind::Call {
                recv: None,
                ref name,
                ref args,
                block: None,
                ..
            } if args.is_empty() && !name.ends_with(['?', '!']) => {
                Node::new(Kind::Local(name.clone()), left.line)
            }
            // `x[k] = v`, and `x.y = v` (an attribute writer).
            Kind::Call {
                recv: Some(_),
                ref name,
                ref args,
                block: None,
                ..
            } if name == "[]" || args.is_empty() => left,
            _ => {
                return self.fail("syntax error, unexpected '=' (this assignment is not supported)")
            }
        };
        self.advance();
        self.skip_breaks();
        if let Kind::Local(name) = &target.kind {
            let name = name.clone();
            self.declare(&name);
        }
        let value = self.expr()?;
        self.depth -= 1;
        let kind = if op == "=" {
            Kind::Assign(Box::new(target), Box::new(value))
        } else {
            Kind::OpAssign(Box::new(target), op, Box::new(value))
        };
        Ok(Node::new(kind, line))
    }

    /// An expression, or `*expr` (a splat: in a list of values, or of classes to rescue).
    fn maybe_splat(&mut self) -> PResult<Node> {
        let line = self.line();
        if self.eat_op("*") {
            return Ok(Node::new(Kind::Splat(Box::new(self.ternary()?)), line));
        }
        self.expr()
    }

    fn multi_assign_ahead(&self) -> bool {
        let mut i = self.pos;
        loop {
            match self.tokens.get(i).map(|t| &t.tok) {
                Some(Tok::Ident(_)) => {}
                _ => return false,
            }
            match self.tokens.get(i + 1).map(|t| &t.tok) {
                Some(Tok::Op(",")) => i += 2,
                Some(Tok::Op("=")) => return true,
                _ => return false,
            }
        }
    }

    fn ternary(&mut self) -> PResult<Node> {
        let cond = self.range()?;
        if !self.is_op("?") {
            return Ok(cond);
        }
        let line = self.line();
        self.advance();
        self.skip_breaks();
        // Both branches nest: `a ? b ? c : d : e ? f : g`.
        self.enter()?;
        let then = self.ternary()?;
        self.skip_breaks();
        // `a ? b :c` lexes `:c` as a symbol.
        let otherwise = if self.eat_op(":") {
            self.skip_breaks();
            self.ternary()?
        } else if let Tok::Sym(parts) = &self.peek().tok {
            let line = self.line();
            self.advance();
            match parts.as_slice() {
                [StrPart::Lit(name)] => self.bare_name(name, line),
                _ => return Err(self.unexpected()),
            }
        } else {
            return Err(self.unexpected());
        };
        self.depth -= 1;
        Ok(Node::new(
            Kind::If(Box::new(cond), alloc::vec![then], alloc::vec![otherwise]),
            line,
        ))
    }

    fn range(&mut self) -> PResult<Node> {
        let left = self.oror()?;
        let line = self.line();
        let exclusive = if self.is_op("..") {
            false
        } else if self.is_op("...") {
            true
        } else {
            return Ok(left);
        };
        self.advance();
        let right = self.oror()?;
        Ok(Node::new(
            Kind::Range(Box::new(left), Box::new(right), exclusive),
            line,
        ))
    }

    fn oror(&mut self) -> PResult<Node> {
        self.left_assoc("||", Self::andand, Kind::Or)
    }

    fn andand(&mut self) -> PResult<Node> {
        self.left_assoc("&&", Self::defined, Kind::And)
    }

    /// `operand op operand op ...`, grouped from the left (a line break may follow `op`).
    fn left_assoc(
        &mut self,
        op: &str,
        operand: fn(&mut Self) -> PResult<Node>,
        kind: fn(Box<Node>, Box<Node>) -> Kind,
    ) -> PResult<Node> {
        let mut left = operand(self)?;
        let mut links = 0;
        while self.is_op(op) {
            self.link(&mut links)?;
            let line = self.line();
            self.advance();
            self.skip_breaks();
            let right = operand(self)?;
            left = Node::new(kind(Box::new(left), Box::new(right)), line);
        }
        Ok(left)
    }

    fn defined(&mut self) -> PResult<Node> {
        if self.is_kw("defined?") {
            let line = self.line();
            self.advance();
            let paren = self.eat_op("(");
            let inner = self.expr()?;
            let node = Node::new(Kind::Defined(Box::new(inner)), line);
            if paren {
                self.expect_op(")")?;
                return self.postfix_from(node);
            }
            return Ok(node);
        }
        self.binary(0)
    }

    /// Binary operators from `==` (level 0) to `*` (level 6).
    fn binary(&mut self, level: usize) -> PResult<Node> {
        const LEVELS: &[&[&str]] = &[
            &["<=>", "==", "===", "!=", "=~", "!~"],
            &["<", "<=", ">", ">="],
            &["|", "^"],
            &["&"],
            &["<<", ">>"],
            &["+", "-"],
            &["*", "/", "%"],
        ];
        if level == LEVELS.len() {
            return self.unary_minus();
        }
        self.enter()?;
        let mut left = self.binary(level + 1)?;
        let mut links = 0;
        while let Tok::Op(op) = &self.peek().tok {
            if !LEVELS[level].contains(op) {
                break;
            }
            self.link(&mut links)?;
            let op = *op;
            let line = self.line();
            self.advance();
            self.skip_breaks();
            let right = self.binary(level + 1)?;
            left = match op {
                "!=" => Node::new(
                    Kind::Not(Box::new(call(left, "==", alloc::vec![right], line))),
                    line,
                ),
                "!~" => Node::new(
                    Kind::Not(Box::new(call(left, "=~", alloc::vec![right], line))),
                    line,
                ),
                _ => call(left, op, alloc::vec![right], line),
            };
            if level == 0 {
                // Ruby's equality operators do not chain.
                break;
            }
        }
        self.depth -= 1;
        Ok(left)
    }

    fn unary_minus(&mut self) -> PResult<Node> {
        // `-5.abs`: a negative literal, then the calls on it.
        if self.is_op("-") && !self.peek_at(1).spaced {
            let line = self.line();
            let literal = match self.peek_at(1).tok {
                Tok::Int(n) => Some(Kind::Int(n.wrapping_neg())),
                Tok::Float(f) => Some(Kind::Float(-f)),
                _ => None,
            };
            if let Some(kind) = literal {
                self.advance();
                self.advance();
                let node = self.postfix_from(Node::new(kind, line))?;
                if self.is_op("**") {
                    return self.fail("a negative literal raised to a power is not supported here");
                }
                return Ok(node);
            }
        }
        if self.is_op("-") {
            let line = self.line();
            self.advance();
            self.enter()?;
            let operand = self.unary_minus()?;
            self.depth -= 1;
            return Ok(match operand.kind {
                Kind::Int(n) => Node::new(Kind::Int(n.wrapping_neg()), line),
                Kind::Float(f) => Node::new(Kind::Float(-f), line),
                _ => call(operand, "-@", Vec::new(), line),
            });
        }
        self.power()
    }

    fn power(&mut self) -> PResult<Node> {
        let base = self.unary()?;
        if self.is_op("**") {
            let line = self.line();
            self.advance();
            self.skip_breaks();
            self.enter()?;
            let exponent = self.unary_minus()?;
            self.depth -= 1;
            return Ok(call(base, "**", alloc::vec![exponent], line));
        }
        Ok(base)
    }

    fn unary(&mut self) -> PResult<Node> {
        let line = self.line();
        if self.eat_op("!") {
            self.enter()?;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(Node::new(Kind::Not(Box::new(inner)), line));
        }
        if self.eat_op("+") {
            // Unary plus changes nothing: a run of them is read as one.
            while self.eat_op("+") {}
            return self.unary();
        }
        if self.eat_op("~") {
            self.enter()?;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(call(inner, "~", Vec::new(), line));
        }
        self.postfix()
    }

    fn postfix(&mut self) -> PResult<Node> {
        let node = self.primary()?;
        self.postfix_from(node)
    }

    fn postfix_from(&mut self, mut node: Node) -> PResult<Node> {
        let mut links = 0;
        loop {
            self.link(&mut links)?;
            // A method chain may go on on the next line: `foo\n  .bar`.
            if matches!(self.peek().tok, Tok::Newline) {
                let mut i = self.pos;
                while matches!(self.tokens.get(i).map(|t| &t.tok), Some(Tok::Newline)) {
                    i += 1;
                }
                if matches!(
                    self.tokens.get(i).map(|t| &t.tok),
                    Some(Tok::Op("." | "&."))
                ) {
                    self.pos = i;
                } else {
                    break;
                }
            }
            let line = self.line();
            if self.is_op(".") || self.is_op("&.") {
                let safe = self.is_op("&.");
                self.advance();
                self.skip_breaks();
                let name = match &self.advance().tok {
                    Tok::Ident(name) | Tok::Const(name) => name.clone(),
                    Tok::Label(name) => {
                        // `x.y ? a :b` never lexes so; a label here is `x.meth key: v`.
                        return self.fail(format!("syntax error, unexpected label {name}:"));
                    }
                    Tok::Op("(") => {
                        // `proc.(x)`
                        self.pos -= 1;
                        "call".to_string()
                    }
                    Tok::Op(
                        op @ ("+" | "-" | "*" | "/" | "==" | "<" | ">" | "<=" | ">=" | "[]" | "%"
                        | "<=>"),
                    ) => op.to_string(),
                    _ => {
                        self.pos -= 1;
                        return Err(self.unexpected());
                    }
                };
                // `x.y = v` (an attribute writer) is an assignment: `expr` makes it one.
                node = self.method_call(node, name, safe, line)?;
            } else if self.is_op("::") {
                self.advance();
                match &self.advance().tok {
                    Tok::Const(name)
                        if !matches!(self.peek().tok, Tok::Op("(")) || self.peek().spaced =>
                    {
                        node = Node::new(Kind::Const(Some(Box::new(node)), name.clone()), line);
                    }
                    Tok::Ident(name) | Tok::Const(name) => {
                        let name = name.clone();
                        node = self.method_call(node, name, false, line)?;
                    }
                    _ => {
                        self.pos -= 1;
                        return Err(self.unexpected());
                    }
                }
            } else if self.is_op("[") && !self.peek().spaced {
                self.advance();
                let args = self.list("]")?;
                node = call(node, "[]", args, line);
            } else {
                break;
            }
        }
        Ok(node)
    }

    /// `recv.name` (or `recv::name`, or with `&.` when `safe`) with the arguments and block that
    /// follow.
    fn method_call(&mut self, recv: Node, name: String, safe: bool, line: u32) -> PResult<Node> {
        let (args, block) = self.call_rest(true)?;
        Ok(Node::new(
            Kind::Call {
                recv: Some(Box::new(recv)),
                name,
                args,
                block,
                safe,
            },
            line,
        ))
    }

    /// Whether the next token starts an argument of a call written without parentheses.
    fn command_arg_ahead(&self) -> bool {
        let token = self.peek();
        if !token.spaced {
            // `include?_requires.downcase`: right after a name ending in `?` or `!`, an operand
            // is the argument even without a space.
            let after_predicate = self.pos.checked_sub(1).and_then(|at| self.tokens.get(at)).is_some_and(
                |previous| matches!(&previous.tok, Tok::Ident(name) if name.ends_with(['?', '!'])),
            );
            return after_predicate
                && matches!(
                    &token.tok,
                    Tok::Ident(_)
                        | Tok::IVar(_)
                        | Tok::Int(_)
                        | Tok::Float(_)
                        | Tok::Str(_)
                        | Tok::Const(_)
                );
        }
        match &token.tok {
            Tok::Int(_)
            | Tok::Big(_)
            | Tok::Float(_)
            | Tok::Str(_)
            | Tok::Sym(_)
            | Tok::Regex(..)
            | Tok::Words(..)
            | Tok::Const(_)
            | Tok::IVar(_)
            | Tok::GVar(_)
            | Tok::Label(_) => true,
            Tok::Ident(name) => {
                !(is_clause_keyword(name) || matches!(name.as_str(), "end" | "rescue" | "ensure"))
            }
            Tok::Op("[") | Tok::Op("::") | Tok::Op("->") => true,
            Tok::Op("-" | "*" | "&" | "!" | ":") => !self.peek_at(1).spaced,
            _ => false,
        }
    }

    /// The arguments and block of a call whose name was just read.
    fn call_rest(&mut self, may_command: bool) -> PResult<(Vec<Node>, Option<Rc<Block>>)> {
        let mut args = Vec::new();
        if self.is_op("(") && !self.peek().spaced {
            self.advance();
            args = self.list(")")?;
        } else if may_command && self.command_arg_ahead() {
            args = self.command_args()?;
        }
        let block = self.block()?;
        Ok((args, block))
    }

    fn command_args(&mut self) -> PResult<Vec<Node>> {
        let mut args = Vec::new();
        let mut pairs: Vec<(Node, Node)> = Vec::new();
        let line = self.line();
        loop {
            self.argument(&mut args, &mut pairs)?;
            if !self.eat_op(",") {
                break;
            }
            self.skip_breaks();
        }
        if !pairs.is_empty() {
            args.push(Node::new(Kind::Hash(pairs), line));
        }
        Ok(args)
    }

    /// One argument: `*splat`, `&block`, `key: v`, `k => v`, or an expression.
    fn argument(&mut self, args: &mut Vec<Node>, pairs: &mut Vec<(Node, Node)>) -> PResult<()> {
        let line = self.line();
        if let Tok::Label(name) = &self.peek().tok {
            self.advance();
            // `key:` alone (Ruby 3.1): the local variable or method of that name.
            if matches!(self.peek().tok, Tok::Op("," | ")") | Tok::Newline) {
                let value = self.bare_name(name, line);
                pairs.push((sym(name, line), value));
                return Ok(());
            }
            self.skip_breaks();
            let value = self.expr()?;
            pairs.push((sym(name, line), value));
            return Ok(());
        }
        if self.eat_op("**") {
            // `**options`: the hash's pairs as keywords, which bind as a last hash argument does.
            args.push(self.ternary()?);
            return Ok(());
        }
        if self.eat_op("*") {
            let inner = self.ternary()?;
            args.push(Node::new(Kind::Splat(Box::new(inner)), line));
            return Ok(());
        }
        if self.eat_op("&") {
            let inner = self.ternary()?;
            args.push(Node::new(Kind::BlockPass(Box::new(inner)), line));
            return Ok(());
        }
        let value = self.expr_no_and()?;
        if self.eat_op("=>") {
            self.skip_breaks();
            let item = self.expr()?;
            pairs.push((value, item));
        } else {
            args.push(value);
        }
        Ok(())
    }

    fn expr_no_and(&mut self) -> PResult<Node> {
        if self.is_kw("not") {
            return self.not_expr();
        }
        self.expr()
    }

    /// Comma-separated arguments or elements up to `close`.
    fn list(&mut self, close: &str) -> PResult<Vec<Node>> {
        let mut items = Vec::new();
        let mut pairs = Vec::new();
        let line = self.line();
        loop {
            self.skip_breaks();
            if self.eat_op(close) {
                break;
            }
            self.argument(&mut items, &mut pairs)?;
            self.skip_breaks();
            if self.eat_op(",") {
                continue;
            }
            self.skip_breaks();
            self.expect_op(close)?;
            break;
        }
        if !pairs.is_empty() {
            items.push(Node::new(Kind::Hash(pairs), line));
        }
        Ok(items)
    }

    /// A block after a call: `{ |x| ... }` or `do |x| ... end`.
    fn block(&mut self) -> PResult<Option<Rc<Block>>> {
        let brace = self.is_op("{");
        let doblock = self.is_kw("do") && !self.no_do;
        if !brace && !doblock {
            return Ok(None);
        }
        self.advance();
        self.enter()?;
        let saved_no_do = core::mem::replace(&mut self.no_do, false);
        self.locals.push(Vec::new());
        let params = self.block_params()?;
        let body = self.block_body(brace)?;
        self.no_do = saved_no_do;
        self.depth -= 1;
        Ok(Some(Rc::new(Block { params, body })))
    }

    /// A block's (or lambda's) statements up to its closing `}` (`end` for `do`), and the end of
    /// its local variables.
    fn block_body(&mut self, brace: bool) -> PResult<Vec<Node>> {
        let body = self.statements()?;
        if brace {
            self.expect_op("}")?;
        } else {
            self.expect_kw("end")?;
        }
        self.locals.pop();
        Ok(body)
    }

    fn block_params(&mut self) -> PResult<Vec<Param>> {
        self.skip_breaks();
        let mut params = Vec::new();
        if !self.eat_op("|") {
            self.eat_op("||");
            return Ok(params);
        }
        loop {
            if self.eat_op("(") {
                let mut names = Vec::new();
                loop {
                    if self.eat_op("*") {
                        continue;
                    }
                    names.push(self.block_param_name()?);
                    if !self.eat_op(",") {
                        break;
                    }
                }
                self.expect_op(")")?;
                params.push(Param::Destructure(names));
            } else {
                self.eat_op("*");
                self.eat_op("&");
                params.push(Param::Name(self.block_param_name()?));
            }
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op("|")?;
        Ok(params)
    }

    /// A block's (or `for`'s) parameter name, declared a local variable.
    fn block_param_name(&mut self) -> PResult<String> {
        let Tok::Ident(name) = &self.advance().tok else {
            self.pos -= 1;
            return Err(self.unexpected());
        };
        let name = name.clone();
        self.declare(&name);
        Ok(name)
    }

    fn primary(&mut self) -> PResult<Node> {
        self.enter()?;
        let node = self.primary_inner()?;
        self.depth -= 1;
        Ok(node)
    }

    fn primary_inner(&mut self) -> PResult<Node> {
        let token = self.peek();
        let line = token.line;
        let node = match &token.tok {
            Tok::Int(n) => {
                self.advance();
                Node::new(Kind::Int(*n), line)
            }
            Tok::Big(n) => {
                let n = alloc::rc::Rc::new(n.clone());
                self.advance();
                Node::new(Kind::Big(n), line)
            }
            Tok::Float(f) => {
                self.advance();
                Node::new(Kind::Float(*f), line)
            }
            Tok::Str(parts) => {
                self.advance();
                let mut all = self.parts(parts)?;
                // Adjacent literals join: "a" "b".
                while let Tok::Str(more) = &self.peek().tok {
                    self.advance();
                    all.extend(self.parts(more)?);
                }
                Node::new(Kind::Str(all), line)
            }
            Tok::Sym(parts) => {
                self.advance();
                Node::new(Kind::Sym(self.parts(parts)?), line)
            }
            Tok::Regex(parts, flags) => {
                self.advance();
                Node::new(Kind::Regex(self.parts(parts)?, flags.clone()), line)
            }
            Tok::Words(words, symbols) => {
                self.advance();
                Node::new(Kind::Words(words.clone(), *symbols), line)
            }
            Tok::IVar(name) => {
                self.advance();
                Node::new(Kind::IVar(name.clone()), line)
            }
            Tok::GVar(name) => {
                self.advance();
                Node::new(Kind::GVar(name.clone()), line)
            }
            Tok::Const(name) => {
                self.advance();
                let name = name.clone();
                if self.is_op("(") && !self.peek().spaced
                    || (self.command_arg_ahead() && matches!(self.peek().tok, Tok::Str(_)))
                {
                    // `Array(x)`, `Integer(x)`: methods of Kernel.
                    let (args, block) = self.call_rest(true)?;
                    return Ok(Node::new(
                        Kind::Call {
                            recv: None,
                            name,
                            args,
                            block,
                            safe: false,
                        },
                        line,
                    ));
                }
                Node::new(Kind::Const(None, name), line)
            }
            Tok::Op("::") => {
                self.advance();
                match &self.advance().tok {
                    Tok::Const(name) => Node::new(Kind::Const(None, name.clone()), line),
                    _ => {
                        self.pos -= 1;
                        return Err(self.unexpected());
                    }
                }
            }
            Tok::Op("(") => {
                self.advance();
                let body = self.statements()?;
                self.expect_op(")")?;
                match body.len() {
                    0 => Node::new(Kind::Nil, line),
                    1 => body
                        .into_iter()
                        .next()
                        .unwrap_or(Node::new(Kind::Nil, line)),
                    _ => Node::new(Kind::Seq(body), line),
                }
            }
            Tok::Op("[") => {
                self.advance();
                let items = self.list("]")?;
                Node::new(Kind::Array(items), line)
            }
            Tok::Op("{") => {
                self.advance();
                self.hash_literal(line)?
            }
            Tok::Op("->") => {
                self.advance();
                let mut params = Vec::new();
                self.locals.push(Vec::new());
                if self.eat_op("(") {
                    loop {
                        if let Tok::Ident(name) = &self.peek().tok {
                            self.advance();
                            self.declare(name);
                            params.push(Param::Name(name.clone()));
                        }
                        if !self.eat_op(",") {
                            break;
                        }
                    }
                    self.expect_op(")")?;
                }
                let brace = self.eat_op("{");
                if !brace {
                    self.expect_kw("do")?;
                }
                let body = self.block_body(brace)?;
                Node::new(Kind::Lambda(Rc::new(Block { params, body })), line)
            }
            Tok::Ident(name) => return self.identifier(name, line),
            Tok::Label(name) => {
                return self.fail(format!("syntax error, unexpected label {name}:"));
            }
            _ => return Err(self.unexpected()),
        };
        Ok(node)
    }

    fn hash_literal(&mut self, line: u32) -> PResult<Node> {
        let mut pairs = Vec::new();
        loop {
            self.skip_breaks();
            if self.eat_op("}") {
                break;
            }
            let key_line = self.line();
            if let Tok::Label(name) = &self.peek().tok {
                self.advance();
                self.skip_breaks();
                let value = self.expr()?;
                pairs.push((sym(name, key_line), value));
            } else if matches!(self.peek().tok, Tok::Str(_))
                && matches!(self.peek_at(1).tok, Tok::Op(":"))
                && !self.peek_at(1).spaced
            {
                // `"key": value`
                let key = self.primary()?;
                self.advance();
                self.skip_breaks();
                let value = self.expr()?;
                let Kind::Str(parts) = key.kind else {
                    return Err(self.unexpected());
                };
                pairs.push((Node::new(Kind::Sym(parts), key_line), value));
            } else {
                let key = self.expr()?;
                self.skip_breaks();
                self.expect_op("=>")?;
                self.skip_breaks();
                let value = self.expr()?;
                pairs.push((key, value));
            }
            self.skip_breaks();
            if self.eat_op(",") {
                continue;
            }
            self.skip_breaks();
            self.expect_op("}")?;
            break;
        }
        Ok(Node::new(Kind::Hash(pairs), line))
    }

    fn parts(&mut self, parts: &[StrPart]) -> PResult<Vec<Part>> {
        let mut out = Vec::new();
        for part in parts {
            match part {
                StrPart::Lit(text) => out.push(Part::Lit(text.clone())),
                StrPart::Code(tokens) => {
                    let mut inner = Parser {
                        tokens,
                        pos: 0,
                        locals: core::mem::take(&mut self.locals),
                        depth: self.depth + 1,
                        no_do: false,
                    };
                    let body = inner.statements();
                    let at_end = matches!(inner.peek().tok, Tok::Eof);
                    let error = (!at_end).then(|| inner.unexpected());
                    self.locals = inner.locals;
                    if let Some(error) = error {
                        return Err(error);
                    }
                    out.push(Part::Code(body?));
                }
            }
        }
        Ok(out)
    }

    /// The `rescue` clauses, `else` and `ensure` of a `begin` block, up to its `end`.
    fn begin_rest(&mut self, body: Vec<Node>, line: u32) -> PResult<Node> {
        let mut rescues = Vec::new();
        while self.eat_kw("rescue") {
            let mut classes = Vec::new();
            while !matches!(self.peek().tok, Tok::Newline)
                && !self.is_op(";")
                && !self.is_op("=>")
                && !self.is_kw("then")
            {
                classes.push(self.maybe_splat()?);
                if !self.eat_op(",") {
                    break;
                }
                self.skip_breaks();
            }
            let var = if self.eat_op("=>") {
                match &self.peek().tok {
                    Tok::Ident(name) if !KEYWORDS_ENDING.contains(&name.as_str()) => {
                        let name = name.clone();
                        self.advance();
                        self.declare(&name);
                        Some(name)
                    }
                    _ => return Err(self.unexpected()),
                }
            } else {
                None
            };
            self.eat_kw("then");
            let body = self.body_until(&["rescue", "else", "ensure", "end"])?;
            rescues.push(RescueClause { classes, var, body });
        }
        let otherwise = if self.eat_kw("else") {
            self.body_until(&["ensure", "end"])?
        } else {
            Vec::new()
        };
        let ensure = if self.eat_kw("ensure") {
            self.body_until(&["end"])?
        } else {
            Vec::new()
        };
        self.expect_kw("end")?;
        let block = BeginBlock {
            body,
            rescues,
            otherwise,
            ensure,
        };
        Ok(Node::new(Kind::Begin(Rc::new(block)), line))
    }

    fn body_until(&mut self, ends: &[&str]) -> PResult<Vec<Node>> {
        let body = self.statements()?;
        if !ends.iter().any(|e| self.is_kw(e)) {
            return Err(self.expecting("end"));
        }
        Ok(body)
    }

    fn identifier(&mut self, name: &str, line: u32) -> PResult<Node> {
        self.advance();
        let node = match name {
            "nil" => Node::new(Kind::Nil, line),
            "true" => Node::new(Kind::True, line),
            "false" => Node::new(Kind::False, line),
            "self" => Node::new(Kind::SelfRef, line),
            "if" | "unless" => {
                let cond = self.expr_statement()?;
                self.eat_kw("then");
                let then = self.body_until(&["elsif", "else", "end"])?;
                let otherwise = self.if_tail()?;
                if name == "if" {
                    Node::new(Kind::If(Box::new(cond), then, otherwise), line)
                } else {
                    Node::new(Kind::If(Box::new(cond), otherwise, then), line)
                }
            }
            "while" | "until" => self.while_loop(name, line)?,
            "for" => self.for_loop(line)?,
            "case" => self.case(line)?,
            "begin" => {
                let body = self.statements()?;
                if !self.is_kw("rescue") && !self.is_kw("ensure") && !self.is_kw("else") {
                    self.expect_kw("end")?;
                    return Ok(Node::new(Kind::Seq(body), line));
                }
                self.begin_rest(body, line)?
            }
            "break" | "next" => {
                let value = if self.command_arg_ahead()
                    || matches!(self.peek().tok, Tok::Int(_) | Tok::Str(_) | Tok::IVar(_))
                        && self.peek().spaced
                {
                    Some(Box::new(self.expr()?))
                } else {
                    None
                };
                if name == "break" {
                    Node::new(Kind::Break(value), line)
                } else {
                    Node::new(Kind::Next(value), line)
                }
            }
            "def" => self.method_def(line)?,
            "module" | "class" => self.module_body(name, line)?,
            "return" => {
                let value = if self.value_ahead() {
                    Some(Box::new(self.expr()?))
                } else {
                    None
                };
                Node::new(Kind::Return(value), line)
            }
            "yield" => {
                let (args, _) = self.call_rest(true)?;
                Node::new(Kind::Yield(args), line)
            }
            "alias" | "undef" | "redo" | "retry" | "BEGIN" | "END" => {
                return self.fail(format!("`{name}' is not supported in templates here"));
            }
            "end" | "else" | "elsif" | "when" | "then" | "do" | "in" | "rescue" | "ensure"
            | "and" | "or" | "not" => {
                self.pos -= 1;
                return Err(self.unexpected());
            }
            "lambda" | "proc" if self.is_op("{") || self.is_kw("do") => {
                let Some(block) = self.block()? else {
                    return Err(self.unexpected());
                };
                Node::new(Kind::Lambda(block), line)
            }
            _ if self.is_local(name) && (!self.is_op("(") || self.peek().spaced) => {
                Node::new(Kind::Local(name.to_string()), line)
            }
            _ => {
                let (args, block) = self.call_rest(true)?;
                Node::new(
                    Kind::Call {
                        recv: None,
                        name: name.to_string(),
                        args,
                        block,
                        safe: false,
                    },
                    line,
                )
            }
        };
        Ok(node)
    }

    /// `while cond [do] ... end` and `until`.
    fn while_loop(&mut self, name: &str, line: u32) -> PResult<Node> {
        let (cond, body) = self.loop_rest()?;
        Ok(Node::new(
            Kind::While(Box::new(cond), body, name == "until"),
            line,
        ))
    }

    /// `for a, b in iterable [do] ... end`.
    fn for_loop(&mut self, line: u32) -> PResult<Node> {
        let mut params = Vec::new();
        loop {
            params.push(Param::Name(self.block_param_name()?));
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_kw("in")?;
        let (iterable, body) = self.loop_rest()?;
        Ok(Node::new(Kind::For(params, Box::new(iterable), body), line))
    }

    /// The rest of a `while`, `until` or `for`: its condition or iterable (where `do` starts
    /// the body rather than a block), then `[do] body end`.
    fn loop_rest(&mut self) -> PResult<(Node, Vec<Node>)> {
        let saved = core::mem::replace(&mut self.no_do, true);
        let head = self.expr_statement()?;
        self.no_do = saved;
        self.eat_kw("do");
        let body = self.body_until(&["end"])?;
        self.expect_kw("end")?;
        Ok((head, body))
    }

    /// `case [subject] when a, *b then ... else ... end`.
    fn case(&mut self, line: u32) -> PResult<Node> {
        let subject = if matches!(self.peek().tok, Tok::Newline) || self.is_op(";") {
            None
        } else {
            Some(Box::new(self.expr_statement()?))
        };
        self.skip_newlines();
        let mut whens = Vec::new();
        while self.eat_kw("when") {
            let mut values = Vec::new();
            loop {
                self.skip_breaks();
                let line = self.line();
                if self.eat_op("*") {
                    let inner = self.ternary()?;
                    values.push(Node::new(Kind::Splat(Box::new(inner)), line));
                } else {
                    values.push(self.ternary()?);
                }
                if !self.eat_op(",") {
                    break;
                }
            }
            self.eat_kw("then");
            let body = self.body_until(&["when", "else", "end"])?;
            whens.push((values, body));
        }
        let otherwise = if self.eat_kw("else") {
            Some(self.body_until(&["end"])?)
        } else {
            None
        };
        self.expect_kw("end")?;
        if self.is_kw("in") {
            return self.fail("pattern matching (case/in) is not supported");
        }
        Ok(Node::new(Kind::Case(subject, whens, otherwise), line))
    }

    /// Whether an operand follows (`return x`), not the end of the statement or a modifier.
    fn value_ahead(&self) -> bool {
        match &self.peek().tok {
            Tok::Newline | Tok::Eof | Tok::InsertEnd | Tok::Op(";" | "}" | ")") => false,
            Tok::Ident(name) => !matches!(
                name.as_str(),
                "if" | "unless" | "while" | "until" | "end" | "rescue" | "and" | "or"
            ),
            _ => true,
        }
    }

    /// `def name(params) ... end` (or `def self.name`), its `def` read. The body sees only its
    /// parameters as local variables; `rescue`/`ensure` may close it as they close `begin`.
    fn method_def(&mut self, line: u32) -> PResult<Node> {
        if self.is_kw("self") && matches!(self.peek_at(1).tok, Tok::Op(".")) {
            self.advance();
            self.advance();
        }
        let mut name = match &self.advance().tok {
            Tok::Ident(name) | Tok::Const(name) => name.clone(),
            Tok::Op(op @ ("==" | "<=>" | "[]" | "+" | "-" | "<" | ">")) => op.to_string(),
            _ => {
                self.pos -= 1;
                return Err(self.unexpected());
            }
        };
        // A setter: `def value=(v)`.
        if matches!(self.peek().tok, Tok::Op("="))
            && !self.peek().spaced
            && matches!(self.peek_at(1).tok, Tok::Op("("))
        {
            self.advance();
            name.push('=');
        }
        let saved_locals = core::mem::replace(&mut self.locals, alloc::vec![Vec::new()]);
        let result = self.method_rest(name, line);
        self.locals = saved_locals;
        result
    }

    fn method_rest(&mut self, name: String, line: u32) -> PResult<Node> {
        let parenthesized = self.eat_op("(");
        let mut params = Vec::new();
        let has_params =
            parenthesized || !matches!(self.peek().tok, Tok::Newline | Tok::Op(";") | Tok::Eof);
        if has_params && !(parenthesized && self.eat_op(")")) {
            loop {
                self.skip_breaks();
                params.push(self.method_param(parenthesized)?);
                self.skip_breaks();
                if !self.eat_op(",") {
                    break;
                }
            }
            if parenthesized {
                self.expect_op(")")?;
            }
        }
        if self.eat_op("=") {
            // An endless method (Ruby 3): `def name(args) = expression`.
            self.skip_breaks();
            let body = alloc::vec![self.statement()?];
            let def = MethodDef { name, params, body };
            return Ok(Node::new(Kind::Def(Rc::new(def)), line));
        }
        let body = self.statements()?;
        let body = if self.is_kw("rescue") || self.is_kw("ensure") {
            alloc::vec![self.begin_rest(body, line)?]
        } else {
            self.expect_kw("end")?;
            body
        };
        let def = MethodDef { name, params, body };
        Ok(Node::new(Kind::Def(Rc::new(def)), line))
    }

    fn method_param(&mut self, parenthesized: bool) -> PResult<MethodParam> {
        let param = if self.eat_op("**") {
            MethodParam::KeywordRest(self.param_name()?)
        } else if self.eat_op("*") {
            MethodParam::Rest(self.param_name()?)
        } else if self.eat_op("&") {
            MethodParam::Block(self.param_name()?)
        } else if let Tok::Label(name) = &self.peek().tok {
            let name = name.clone();
            self.advance();
            let ends = matches!(self.peek().tok, Tok::Newline | Tok::Op("," | ")"));
            let default = if ends { None } else { Some(self.ternary()?) };
            self.declare(&name);
            MethodParam::Keyword(name, default)
        } else {
            let name = self.param_name()?;
            if self.eat_op("=") {
                let default = self.ternary()?;
                MethodParam::Optional(name, default)
            } else {
                MethodParam::Required(name)
            }
        };
        let _ = parenthesized;
        Ok(param)
    }

    /// A parameter's name, declared as a local variable of the method.
    fn param_name(&mut self) -> PResult<String> {
        match &self.peek().tok {
            Tok::Ident(name) => {
                let name = name.clone();
                self.advance();
                self.declare(&name);
                Ok(name)
            }
            // `*` or `**` alone: the rest, unnamed.
            _ => Ok(String::new()),
        }
    }

    /// `module A::B ... end`, `class C < D ... end` and `class << self ... end`, the keyword
    /// read: the body has its own local variables.
    fn module_body(&mut self, keyword: &str, line: u32) -> PResult<Node> {
        let mut path = String::new();
        if keyword == "class" && self.eat_op("<<") {
            if !self.eat_kw("self") {
                return Err(self.unexpected());
            }
            path.push_str("<<self");
        } else {
            loop {
                match &self.advance().tok {
                    Tok::Const(name) => path.push_str(name),
                    _ => {
                        self.pos -= 1;
                        return Err(self.unexpected());
                    }
                }
                if !self.eat_op("::") {
                    break;
                }
                path.push_str("::");
            }
            if keyword == "class" && self.eat_op("<") {
                // The superclass: read, not used (methods are looked up on the class itself).
                self.ternary()?;
            }
        }
        let saved_locals = core::mem::replace(&mut self.locals, alloc::vec![Vec::new()]);
        let body = self.statements();
        self.locals = saved_locals;
        let body = body?;
        self.expect_kw("end")?;
        Ok(Node::new(Kind::Module(path, body), line))
    }

    fn if_tail(&mut self) -> PResult<Vec<Node>> {
        let line = self.line();
        if self.eat_kw("elsif") {
            let cond = self.expr_statement()?;
            self.eat_kw("then");
            let then = self.body_until(&["elsif", "else", "end"])?;
            let otherwise = self.if_tail()?;
            return Ok(alloc::vec![Node::new(
                Kind::If(Box::new(cond), then, otherwise),
                line
            )]);
        }
        if self.eat_kw("else") {
            let body = self.body_until(&["end"])?;
            self.expect_kw("end")?;
            return Ok(body);
        }
        self.expect_kw("end")?;
        Ok(Vec::new())
    }
}

fn call(recv: Node, name: &str, args: Vec<Node>, line: u32) -> Node {
    Node::new(
        Kind::Call {
            recv: Some(Box::new(recv)),
            name: name.to_string(),
            args,
            block: None,
            safe: false,
        },
        line,
    )
}

fn sym(name: &str, line: u32) -> Node {
    Node::new(Kind::Sym(alloc::vec![Part::Lit(name.to_string())]), line)
}
