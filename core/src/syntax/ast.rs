//! The abstract syntax tree of the whole Puppet language; every node carries the span of its source.
//!
//! The shape follows Puppet's own model (Puppet::Pops::Model) closely enough that its validation rules
//! and error positions carry over: e.g. arithmetic errors point at the operator (`op_span`), and calls
//! remember whether they were written as prefix, method or statement calls.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::span::Span;

/// A whole program (a manifest, a `-e` snippet, or an EPP template's body).
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    pub body: Vec<Expr>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// A name with its own span (function names, parameter names, attribute names, ...).
#[derive(Debug, Clone, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    // ---- literals -------------------------------------------------------------------------
    Undef,
    Default,
    Boolean(bool),
    Integer(i64),
    Float(f64),
    /// A string with no interpolation (single-quoted, or double-quoted without `$`), escapes resolved.
    String(String),
    /// A double-quoted string or heredoc with interpolation: literal text and `$x` / `${expr}` parts.
    Interpolated(Vec<StringPart>),
    /// A heredoc: its `:syntax` tag (if any) and its text (a `String` or `Interpolated` expression).
    /// The node's span is the `@(...)` opener (what Puppet points at); the text's span is the body.
    Heredoc(Box<Heredoc>),
    /// A regular expression literal `/.../`: the pattern between the slashes, compiled when the
    /// manifest is parsed (as Puppet does: a pattern Ruby rejects is an error even where it is never
    /// evaluated).
    Regex(crate::value::Regexp),
    /// A bare word or qualified name (`foo`, `foo::bar`, `::foo`): evaluates to a string.
    /// Bare words that are not NAMEs (`_x`, `a-b`) are `String`s, as in Puppet; the reserved
    /// words `private` and `attr` are `Name`s that validation rejects.
    Name(String),
    /// A capitalized (qualified) reference (`Integer`, `Foo::Bar`): a type, or a resource type.
    TypeRef(String),
    /// `$name`, `$::name`, `$a::b`, `$0`; the name is stored without the `$`.
    Variable(String),
    /// `[...]`; `k => v` entries without braces (`[a => 1]`, `f(a => 1)`) arrive as one `Hash` item.
    Array(Vec<Expr>),
    Hash(Vec<HashEntry>),

    // ---- operators ------------------------------------------------------------------------
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        /// The operator token's span: Puppet reports operator errors there.
        op_span: Span,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    /// `target = value`; the target is a `Variable` or an `Array` of variables (multi-assignment).
    /// `+=` / `-=` parse too (Puppet rejects them in validation).
    Assignment {
        op: AssignOp,
        /// The operator token's span: Puppet reports assignment errors (reassignment) there.
        op_span: Span,
        target: Box<Expr>,
        value: Box<Expr>,
    },
    /// `target[k1, k2, ...]`.
    Access(Box<Access>),
    /// `(expr)`: kept so positions and "no effect" rules match Puppet.
    Paren(Box<Expr>),

    // ---- control --------------------------------------------------------------------------
    /// A sequence of expressions whose value is the last one's (`{ ... }` bodies, EPP bodies).
    /// Every body (`if`, `else`, `case` options, lambdas, definitions) is a `Block`, possibly empty.
    /// Puppet's untitled-resource form `foo { a => 1 }` is `Block([Name, Hash])` (a validation error).
    Block(Vec<Expr>),
    /// `if` / `elsif` (nested in `else_branch`) / `else`.
    If(Conditional),
    /// `unless` / `else`: the `then_branch` runs when the condition does not hold.
    Unless(Conditional),
    Case(Box<Case>),
    /// `subject ? { match => value, ... }`.
    Selector(Box<Selector>),

    // ---- calls and lambdas ----------------------------------------------------------------
    /// A function call in any of its forms.
    Call(Box<Call>),
    /// A lambda that is not attached to a call (only valid where Puppet allows it; kept for errors).
    Lambda(Box<Lambda>),

    // ---- definitions ----------------------------------------------------------------------
    /// `function name(params) >> ReturnType { body }`.
    FunctionDefinition(Arc<FunctionDefinition>),
    /// `type Name = TypeExpression`.
    TypeAlias(Box<TypeAlias>),
    /// `class name(params) inherits parent { body }`.
    ClassDefinition(Arc<ClassDefinition>),
    /// `define name(params) { body }`.
    DefineDefinition(Arc<DefineDefinition>),
    /// `node 'a', /b/, default inherits x { body }`.
    NodeDefinition(Arc<NodeDefinition>),

    // ---- catalog statements ---------------------------------------------------------------
    /// `type { title: attr => value, ...; title2: ... }`, possibly `@` virtual or `@@` exported.
    Resource(Box<ResourceExpr>),
    /// `File { attr => value }`: defaults for a resource type.
    ResourceDefaults(Box<ResourceDefaults>),
    /// `File['x'] { attr => value }`: overrides of declared resources.
    ResourceOverride(Box<ResourceOverride>),
    /// `Type <| query |>` or `Type <<| query |>>`, with an optional override block.
    Collector(Box<Collector>),
    /// `a -> b`, `a ~> b`, `a <- b`, `a <~ b`.
    Relationship {
        op: RelationshipOp,
        op_span: Span,
        left: Box<Expr>,
        right: Box<Expr>,
    },

    // ---- EPP templates --------------------------------------------------------------------
    /// A whole EPP template: its optional parameter list `<%- | $x | -%>` and its body.
    EppTemplate(Box<EppTemplate>),
    /// Literal template text, rendered as is.
    RenderText(String),
    /// `<%= expr %>`: the expression's value rendered into the output.
    RenderExpr(Box<Expr>),
}

// The rarer variants whose parts would not fit beside the others' two words and a span keep them
// behind one box (a list and an expression in one allocation), so that every `Expr` stays 40 bytes.

/// A heredoc's parts.
#[derive(Debug, Clone, PartialEq)]
pub struct Heredoc {
    /// The `:syntax` tag, if any.
    pub syntax: Option<String>,
    /// A `String` or `Interpolated` expression spanning the body.
    pub text: Expr,
}

/// The parts of `target[k1, k2, ...]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Access {
    pub target: Expr,
    pub keys: Vec<Expr>,
}

/// The parts of a `case` statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub subject: Expr,
    pub options: Vec<CaseOption>,
}

/// The parts of a selector `subject ? { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Selector {
    pub subject: Expr,
    pub entries: Vec<SelectorEntry>,
}

/// The parts of `type Name = TypeExpression`.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeAlias {
    pub name: Ident,
    pub type_expr: Expr,
}

/// The parts of `File { attr => value }`.
#[derive(Debug, Clone, PartialEq)]
pub struct ResourceDefaults {
    pub type_ref: Expr,
    pub operations: Vec<AttributeOperation>,
}

/// The parts of `File['x'] { attr => value }`.
#[derive(Debug, Clone, PartialEq)]
pub struct ResourceOverride {
    pub target: Expr,
    pub operations: Vec<AttributeOperation>,
}

/// The parts of a whole EPP template.
#[derive(Debug, Clone, PartialEq)]
pub struct EppTemplate {
    /// The `<%- | $x | -%>` parameter list, if the template has one.
    pub params: Option<Vec<Param>>,
    pub body: Expr,
}

/// The parts of an `if` or an `unless`.
#[derive(Debug, Clone, PartialEq)]
pub struct Conditional {
    pub condition: Box<Expr>,
    pub then_branch: Box<Expr>,
    /// The `else` block, or for `if` an `elsif` as a nested `If`.
    pub else_branch: Option<Box<Expr>>,
}

/// One piece of an interpolated string.
#[derive(Debug, Clone, PartialEq)]
pub enum StringPart {
    /// Literal text with escapes already resolved; the span covers the source text.
    Text { text: String, span: Span },
    /// `$x` or `${expr}`; the expression is the one to evaluate and interpolate.
    Expr(Expr),
}

#[derive(Debug, Clone, PartialEq)]
pub struct HashEntry {
    pub key: Expr,
    pub value: Expr,
    pub span: Span,
    /// The `=>`: where Puppet reports a problem with the entry (a duplicate key).
    pub arrow: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `!x`
    Not,
    /// `*x` (splat / unfold)
    Splat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// `=~`
    Match,
    /// `!~`
    NotMatch,
    In,
    And,
    Or,
}

impl ExprKind {
    /// A value written as itself, or a bare word: nothing to evaluate inside it, nothing read.
    pub fn is_literal(&self) -> bool {
        matches!(
            self,
            ExprKind::Undef
                | ExprKind::Default
                | ExprKind::Boolean(_)
                | ExprKind::Integer(_)
                | ExprKind::Float(_)
                | ExprKind::String(_)
                | ExprKind::Regex(_)
                | ExprKind::Name(_)
        )
    }

    /// For `if`, `unless` and `case`: whether `test` holds for every part (the condition or
    /// subject, the branches, the options' values); false for other expressions.
    pub fn all_branches(&self, test: &mut dyn FnMut(&Expr) -> bool) -> bool {
        match self {
            ExprKind::If(branches) | ExprKind::Unless(branches) => {
                test(&branches.condition)
                    && test(&branches.then_branch)
                    && branches.else_branch.as_deref().is_none_or(test)
            }
            ExprKind::Case(case) => {
                test(&case.subject)
                    && case
                        .options
                        .iter()
                        .all(|o| o.values.iter().all(&mut *test) && test(&o.body))
            }
            _ => false,
        }
    }
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Match => "=~",
            BinaryOp::NotMatch => "!~",
            BinaryOp::In => "in",
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssignOp {
    /// `=`
    Assign,
    /// `+=` (no longer supported by Puppet; rejected in validation)
    AddAssign,
    /// `-=` (no longer supported by Puppet; rejected in validation)
    SubAssign,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelationshipOp {
    /// `->`
    Before,
    /// `~>`
    Notify,
    /// `<-`
    Require,
    /// `<~`
    Subscribe,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CaseOption {
    /// The option values (`'a', /b/, Integer, default`), splats included as `Unary { Splat }`.
    pub values: Vec<Expr>,
    pub body: Expr,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SelectorEntry {
    pub matcher: Expr,
    pub value: Expr,
    pub span: Span,
}

/// How a call was written; Puppet's rules differ slightly between the forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallStyle {
    /// `name(args)` (or `Type(args)`, a call of `new`).
    Prefix,
    /// `receiver.name(args)` or `receiver.name`: the receiver is the first argument.
    Method,
    /// `name args` without parentheses, as a statement (`notice 'x'`, `include foo`).
    Statement,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub style: CallStyle,
    /// The function's name (`notice`, `foo::bar`) or, for `Integer('1')`, the type's name.
    pub name: Ident,
    /// True when the name is a capitalized type reference (`Integer(...)` calls `new`).
    pub name_is_type: bool,
    /// For method calls, the receiver (passed as the first argument; not repeated in `args`).
    pub receiver: Option<Box<Expr>>,
    /// The callee when it is an expression rather than a bare name: `Tuple[Integer, String]` in
    /// `Tuple[Integer, String]([1, 'a'])` (a call of `new` on that type; `name` holds `Tuple`).
    pub functor: Option<Box<Expr>>,
    pub args: Vec<Expr>,
    /// Boxed, as the receiver is: most calls have neither, and a call's node stays small.
    pub lambda: Option<Box<Lambda>>,
    pub span: Span,
    /// Where Puppet reports errors of this call: the name of a prefix or statement call, the `.`
    /// of a method call without parentheses, the `(` of one with them.
    pub anchor: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Lambda {
    pub params: Vec<Param>,
    pub return_type: Option<Expr>,
    /// The body (a `Block`).
    pub body: Expr,
    pub span: Span,
}

/// A parameter of a lambda, function, class, define or EPP template.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    /// The name without `$`.
    pub name: Ident,
    pub type_expr: Option<Expr>,
    pub default: Option<Expr>,
    /// `*$rest`: captures the remaining arguments.
    pub captures_rest: bool,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDefinition {
    pub name: Ident,
    pub params: Vec<Param>,
    pub return_type: Option<Expr>,
    /// The body (a `Block`).
    pub body: Expr,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClassDefinition {
    pub name: Ident,
    pub params: Vec<Param>,
    pub parent: Option<Ident>,
    pub body: Expr,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DefineDefinition {
    pub name: Ident,
    pub params: Vec<Param>,
    pub body: Expr,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NodeDefinition {
    /// Host name strings, regexes, `default`.
    pub matches: Vec<Expr>,
    pub parent: Option<Expr>,
    pub body: Expr,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceForm {
    Regular,
    /// `@type { ... }`
    Virtual,
    /// `@@type { ... }`
    Exported,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ResourceExpr {
    pub form: ResourceForm,
    /// The resource type: a `Name` (`file`), `TypeRef` for `Resource[...]`-style, or `class`.
    pub type_name: Expr,
    pub bodies: Vec<ResourceBody>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ResourceBody {
    /// The title expression (a string, an array of titles, `default`, ...).
    pub title: Expr,
    pub operations: Vec<AttributeOperation>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AttributeOperation {
    /// `name => value` or `name +> value`.
    Set {
        name: Ident,
        append: bool,
        value: Expr,
        span: Span,
        /// The `=>` or `+>`.
        arrow: Span,
    },
    /// `* => $hash`.
    Splat { value: Expr, span: Span },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Collector {
    pub type_ref: Expr,
    /// `<<| |>>` rather than `<| |>`.
    pub exported: bool,
    /// The query (`title == 'x' and tag != 'y'`), absent for `<| |>`.
    pub query: Option<Expr>,
    /// The optional `{ attr => value }` block after the collector.
    pub operations: Vec<AttributeOperation>,
}
