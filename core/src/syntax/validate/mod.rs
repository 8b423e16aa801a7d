//! Validation: Puppet's checks that are syntactic in nature (Checker4_0), run over the AST in
//! Puppet's order: expressions with no effect, assignability, where definitions may appear,
//! names, parameters, duplicate defaults and keys, query and value positions.

mod definitions;
pub(crate) use definitions::{PLAIN_TYPE_NAMES, RESERVED_TYPE_NAMES};
mod labels;
mod module_files;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use self::labels::{a_an, a_an_uc, idem, label};
pub use self::module_files::check_module_file;
use super::anchor::anchor;
use super::ast::*;
use crate::diagnostic::{Diagnostic, Stage};
use crate::span::Span;

/// The findings of validating a parsed program, in Puppet's order.
pub fn validate(program: &Program, _source: &str, _template: bool) -> Vec<Diagnostic> {
    let mut validator = Validator {
        place: Place::Program,
        found: Vec::new(),
    };
    if program.body.len() > 1 {
        validator.block(&program.body);
        validator.within(Container::Block { top: true }, |v| {
            for expr in &program.body {
                v.expr(expr);
            }
        });
    } else {
        for expr in &program.body {
            validator.expr(expr);
        }
    }
    validator.found
}

/// What contains the node being checked (Puppet's model containment, as far as the checks care).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Container {
    /// A block of statements; `top` when it is the program's own body.
    Block {
        top: bool,
    },
    Class,
    Lambda,
    Collector,
    Override,
    /// Anything else (calls, conditionals, other definitions, ...).
    Other,
}

/// Where the node being checked is, as far as Puppet's `top` check cares: its container, and
/// for a block whether the block's own container is a class (or the program).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Program,
    Block { top: bool, in_class: bool },
    Other(Container),
}

struct Validator {
    place: Place,
    found: Vec<Diagnostic>,
}

impl Validator {
    #[inline(never)]
    fn error(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.found
            .push(Diagnostic::error(Stage::Validation, code, message, span));
    }

    fn within(&mut self, container: Container, f: impl FnOnce(&mut Self)) {
        let saved = self.place;
        self.place = match container {
            Container::Block { top } => Place::Block {
                top,
                in_class: matches!(saved, Place::Other(Container::Class)),
            },
            other => Place::Other(other),
        };
        f(self);
        self.place = saved;
    }

    /// A body that Puppet always makes a block (definitions, lambdas, case options): checked
    /// as any expression, a block's checks included.
    fn body(&mut self, body: &Expr) {
        self.expr(body);
    }

    /// An `if` / `unless` / `else` body: a block only when it has several statements.
    fn branch(&mut self, body: &Expr) {
        match &body.kind {
            ExprKind::Block(statements) if statements.len() == 1 => {
                for statement in statements {
                    self.expr(statement);
                }
            }
            _ => self.body(body),
        }
    }

    /// Checks of a block's statements: a missing title, or the first value that is not used.
    #[inline(never)]
    fn block(&mut self, statements: &[Expr]) {
        if let [Expr {
            kind: ExprKind::Name(name),
            span,
        }, Expr {
            kind: ExprKind::Hash(_),
            ..
        }] = statements
        {
            let message = format!(
                "This expression is invalid. Did you try declaring a '{name}' resource without a title?"
            );
            self.error("RESOURCE_WITHOUT_TITLE", message, *span);
            return;
        }
        let Some((_, leading)) = statements.split_last() else {
            return;
        };
        if let Some(statement) = leading.iter().find(|s| idem(s)) {
            self.error(
                "IDEM_EXPRESSION_NOT_LAST",
                format!(
                    "This {} has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)",
                    label(statement)
                ),
                anchor(statement),
            );
        }
    }

    fn expr(&mut self, expr: &Expr) {
        match &expr.kind {
            ExprKind::Block(statements) => {
                self.block(statements);
                self.within(Container::Block { top: false }, |v| {
                    for statement in statements {
                        v.expr(statement);
                    }
                });
            }
            ExprKind::Variable(name) => self.variable(name, expr.span),
            ExprKind::Interpolated(parts) => self.within(Container::Other, |v| {
                for part in parts {
                    if let StringPart::Expr(e) = part {
                        v.expr(e);
                    }
                }
            }),
            ExprKind::Heredoc(heredoc) => self.within(Container::Other, |v| v.expr(&heredoc.text)),
            ExprKind::Array(items) => self.within(Container::Other, |v| {
                for item in items {
                    v.rvalue(item);
                    v.expr(item);
                }
            }),
            ExprKind::Hash(entries) => self.hash(entries),
            ExprKind::Unary { operand, .. } => {
                self.rvalue(operand);
                self.within(Container::Other, |v| v.expr(operand));
            }
            ExprKind::Binary { left, right, .. } => {
                self.rvalue(left);
                self.rvalue(right);
                self.within(Container::Other, |v| {
                    v.expr(left);
                    v.expr(right);
                });
            }
            ExprKind::Assignment {
                op,
                op_span,
                target,
                value,
            } => self.assignment(*op, *op_span, target, value),
            ExprKind::Access(access) => self.within(Container::Other, |v| {
                v.expr(&access.target);
                for key in &access.keys {
                    v.expr(key);
                }
            }),
            ExprKind::Paren(inner) => self.within(Container::Other, |v| v.expr(inner)),
            ExprKind::If(branches) | ExprKind::Unless(branches) => {
                self.rvalue(&branches.condition);
                self.within(Container::Other, |v| {
                    v.expr(&branches.condition);
                    v.branch(&branches.then_branch);
                    if let Some(else_branch) = &branches.else_branch {
                        if matches!(else_branch.kind, ExprKind::If { .. }) {
                            v.expr(else_branch);
                        } else {
                            v.branch(else_branch);
                        }
                    }
                });
            }
            ExprKind::Case(case) => self.case(&case.subject, &case.options),
            ExprKind::Selector(selector) => self.selector(&selector.subject, &selector.entries),
            ExprKind::Call(call) => self.call(expr, call),
            ExprKind::Lambda(lambda) => self.lambda(lambda),
            ExprKind::FunctionDefinition(def) => self.function_definition(expr, def),
            ExprKind::TypeAlias(alias) => self.type_alias(expr, &alias.name, &alias.type_expr),
            ExprKind::ClassDefinition(def) => self.class_definition(expr, def),
            ExprKind::DefineDefinition(def) => self.define_definition(expr, def),
            ExprKind::NodeDefinition(def) => self.node_definition(expr, def),
            ExprKind::Resource(resource) => self.resource(expr, resource),
            ExprKind::ResourceDefaults(defaults) => self.within(Container::Other, |v| {
                v.expr(&defaults.type_ref);
                let operations = &defaults.operations;
                v.operations(operations, Container::Other, "Resource Defaults Expression");
            }),
            ExprKind::ResourceOverride(over) => self.within(Container::Other, |v| {
                v.expr(&over.target);
                v.operations(&over.operations, Container::Override, "Resource Override");
            }),
            ExprKind::Collector(collector) => self.collector(expr, collector),
            ExprKind::Relationship { left, right, .. } => {
                self.relation(left);
                self.relation(right);
                self.within(Container::Other, |v| {
                    v.expr(left);
                    v.expr(right);
                });
            }
            ExprKind::EppTemplate(template) => {
                if let Some(params) = &template.params {
                    self.parameters(params);
                }
                self.body(&template.body);
            }
            ExprKind::RenderExpr(inner) => self.within(Container::Other, |v| v.expr(inner)),
            ExprKind::Name(word) if is_reserved_word(word) => self.error(
                "RESERVED_WORD",
                format!(
                    "Use of reserved word: {word}, must be quoted if intended to be a String value"
                ),
                expr.span,
            ),
            ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Boolean(_)
            | ExprKind::Integer(_)
            | ExprKind::Float(_)
            | ExprKind::String(_)
            | ExprKind::Regex(_)
            | ExprKind::Name(_)
            | ExprKind::TypeRef(_)
            | ExprKind::RenderText(_) => {}
        }
    }

    /// `$x = value` (its target must be assignable); `+=` and `-=` are errors since Puppet 4.
    fn assignment(&mut self, op: AssignOp, op_span: Span, target: &Expr, value: &Expr) {
        match op {
            AssignOp::Assign => {
                self.assign(target);
                self.rvalue(value);
            }
            AssignOp::AddAssign | AssignOp::SubAssign => {
                let symbol = if op == AssignOp::AddAssign {
                    "+="
                } else {
                    "-="
                };
                self.error(
                    "APPENDS_DELETES_NO_LONGER_SUPPORTED",
                    format!("The operator '{symbol}' is no longer supported. See http://links.puppet.com/remove-plus-equals"),
                    op_span,
                );
            }
        }
        self.within(Container::Other, |v| {
            v.expr(target);
            v.expr(value);
        });
    }

    /// `$name`: numeric names must be decimal, others follow Puppet's variable naming rule.
    #[inline(never)]
    fn variable(&mut self, name: &str, span: Span) {
        if name.starts_with(|c: char| c.is_ascii_digit()) {
            if !is_numeric_variable(name) {
                self.error(
                    "ILLEGAL_NUMERIC_VAR_NAME",
                    format!("Illegal numeric variable name, The given name '{name}' must be a decimal value if it starts with a digit 0-9"),
                    span,
                );
            }
        } else if !is_variable_name(name) {
            self.error(
                "ILLEGAL_VAR_NAME",
                format!("Illegal variable name, The given name '{name}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"),
                span,
            );
        }
    }

    /// The left side of `=`.
    #[inline(never)]
    fn assign(&mut self, target: &Expr) {
        match &target.kind {
            ExprKind::Variable(name) => {
                if is_numeric_variable(name) {
                    self.error(
                        "ILLEGAL_NUMERIC_ASSIGNMENT",
                        format!("Illegal attempt to assign to the numeric match result variable '${name}'. Numeric variables are not assignable"),
                        target.span,
                    );
                }
                if name.contains("::") {
                    self.error(
                        "CROSS_SCOPE_ASSIGNMENT",
                        format!("Illegal attempt to assign to '{name}'. Cannot assign to variables in other namespaces"),
                        target.span,
                    );
                }
            }
            ExprKind::Access(_) => self.error(
                "ILLEGAL_INDEXED_ASSIGNMENT",
                "Illegal attempt to assign via [index/key]. Not an assignable reference",
                anchor(target),
            ),
            ExprKind::Array(items) => {
                for item in items {
                    self.assign(item);
                }
            }
            _ => self.error(
                "ILLEGAL_ASSIGNMENT",
                format!(
                    "Illegal attempt to assign to '{}'. Not an assignable reference",
                    a_an(&label(target))
                ),
                anchor(target),
            ),
        }
    }

    /// Expressions that produce no value cannot be used where a value is needed.
    fn rvalue(&mut self, expr: &Expr) {
        match &expr.kind {
            ExprKind::Collector(_)
            | ExprKind::FunctionDefinition(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::ClassDefinition(_)
            | ExprKind::DefineDefinition(_)
            | ExprKind::NodeDefinition(_) => self.error(
                "NOT_RVALUE",
                format!(
                    "Invalid use of expression. {} does not produce a value",
                    a_an_uc(&label(expr))
                ),
                anchor(expr),
            ),
            ExprKind::Unary { operand, .. } => self.rvalue(operand),
            _ => {}
        }
    }

    fn relation(&mut self, expr: &Expr) {
        if !matches!(
            expr.kind,
            ExprKind::Collector(_) | ExprKind::Relationship { .. }
        ) {
            self.rvalue(expr);
        }
    }

    #[inline(never)]
    fn hash(&mut self, entries: &[HashEntry]) {
        if entries.len() > 1 {
            for index in duplicate_keys(entries) {
                let Some(entry) = entries.get(index) else {
                    continue;
                };
                let shown = LiteralKey::of(&entry.key)
                    .map(LiteralKey::shown)
                    .unwrap_or_default();
                self.error(
                    "DUPLICATE_KEY",
                    format!("The key '{shown}' is declared more than once"),
                    entry.arrow,
                );
            }
        }
        self.within(Container::Other, |v| {
            for entry in entries {
                v.rvalue(&entry.key);
                v.rvalue(&entry.value);
                v.expr(&entry.key);
                v.expr(&entry.value);
            }
        });
    }

    #[inline(never)]
    fn case(&mut self, subject: &Expr, options: &[CaseOption]) {
        self.rvalue(subject);
        let mut found_default = false;
        for option in options {
            for value in &option.values {
                if matches!(value.kind, ExprKind::Default) {
                    if found_default {
                        self.error(
                            "DUPLICATE_DEFAULT",
                            "This 'case' statement already has a 'default' entry - this is a duplicate",
                            value.span,
                        );
                    }
                    found_default = true;
                }
            }
        }
        self.within(Container::Other, |v| {
            v.expr(subject);
            for option in options {
                for value in &option.values {
                    v.rvalue(value);
                    v.expr(value);
                }
                v.body(&option.body);
            }
        });
    }

    #[inline(never)]
    fn selector(&mut self, subject: &Expr, entries: &[SelectorEntry]) {
        self.rvalue(subject);
        let mut defaults = entries
            .iter()
            .filter(|e| matches!(e.matcher.kind, ExprKind::Default));
        if let (Some(_), Some(second)) = (defaults.next(), defaults.next()) {
            self.error(
                "DUPLICATE_DEFAULT",
                "This Selector Expression already has a 'default' entry - this is a duplicate",
                second.matcher.span,
            );
        }
        self.within(Container::Other, |v| {
            v.expr(subject);
            for entry in entries {
                v.rvalue(&entry.matcher);
                v.expr(&entry.matcher);
                v.expr(&entry.value);
            }
        });
    }

    #[inline(never)]
    fn call(&mut self, expr: &Expr, call: &Call) {
        if call.functor.is_none()
            && call.receiver.is_none()
            && !call.name_is_type
            && is_reserved_word(&call.name.name)
        {
            // `private()`: Puppet reads the name as the reserved word, then a call of it.
            let word = &call.name.name;
            self.error(
                "ILLEGAL_EXPRESSION",
                format!(
                    "Illegal expression. A Reserved Word '{word}' is unacceptable as function name in {}",
                    a_an(&label(expr))
                ),
                call.name.span,
            );
            self.error(
                "RESERVED_WORD",
                format!(
                    "Use of reserved word: {word}, must be quoted if intended to be a String value"
                ),
                call.name.span,
            );
        }
        if let Some(functor) = &call.functor {
            let type_call = matches!(&functor.kind,
                ExprKind::Access(access) if matches!(access.target.kind, ExprKind::TypeRef(_)));
            if matches!(functor.kind, ExprKind::RenderText(_)) {
                self.error(
                    "ILLEGAL_EPP_PARAMETERS",
                    "Ambiguous EPP parameter expression. Probably missing '<%-' before parameters to remove leading whitespace",
                    anchor(expr),
                );
            } else if !type_call {
                self.error(
                    "ILLEGAL_EXPRESSION",
                    format!(
                        "Illegal expression. {} is unacceptable as function name in {}",
                        a_an_uc(&label(functor)),
                        a_an(&label(expr))
                    ),
                    anchor(functor),
                );
            }
        }
        self.within(Container::Other, |v| {
            if let Some(functor) = &call.functor {
                v.expr(functor);
            }
            if let Some(receiver) = &call.receiver {
                v.expr(receiver);
            }
            for arg in &call.args {
                v.expr(arg);
            }
            if let Some(lambda) = &call.lambda {
                v.lambda(lambda);
            }
        });
    }

    #[inline(never)]
    fn lambda(&mut self, lambda: &Lambda) {
        self.captures_rest_last(&lambda.params);
        if let Some(return_type) = &lambda.return_type {
            self.type_reference(return_type, "Lambda");
        }
        self.within(Container::Lambda, |v| {
            v.parameters(&lambda.params);
            v.body(&lambda.body);
        });
    }

    #[inline(never)]
    fn resource(&mut self, expr: &Expr, resource: &ResourceExpr) {
        let is_class = matches!(&resource.type_name.kind, ExprKind::Name(n) if n == "class");
        if resource.form != ResourceForm::Regular && is_class {
            self.error(
                "CLASS_NOT_VIRTUALIZABLE",
                "Classes are not virtualizable",
                expr.span,
            );
        }
        self.within(Container::Other, |v| {
            v.expr(&resource.type_name);
            for body in &resource.bodies {
                let mut unfolded = false;
                for operation in &body.operations {
                    if let AttributeOperation::Splat { span, .. } = operation {
                        if unfolded {
                            v.error(
                                "MULTIPLE_ATTRIBUTES_UNFOLD",
                                "Unfolding of attributes from Hash can only be used once per resource body",
                                *span,
                            );
                        }
                        unfolded = true;
                    }
                }
                v.expr(&body.title);
                v.operations(&body.operations, Container::Other, "Resource Instance Definition");
            }
        });
    }

    /// Attribute operations; `+>` is only allowed in overrides and collectors.
    #[inline(never)]
    fn operations(&mut self, operations: &[AttributeOperation], container: Container, what: &str) {
        for operation in operations {
            match operation {
                AttributeOperation::Set {
                    name,
                    append,
                    value,
                    ..
                } => {
                    if *append && !matches!(container, Container::Override | Container::Collector) {
                        self.error(
                            "ILLEGAL_ATTRIBUTE_APPEND",
                            format!(
                                "Illegal +> operation on attribute {}. This operator can not be used in {}",
                                name.name,
                                a_an(what)
                            ),
                            name.span,
                        );
                    }
                    self.rvalue(value);
                    self.within(Container::Other, |v| v.expr(value));
                }
                AttributeOperation::Splat { value, .. } => {
                    self.rvalue(value);
                    self.within(Container::Other, |v| v.expr(value));
                }
            }
        }
    }

    #[inline(never)]
    fn collector(&mut self, expr: &Expr, collector: &Collector) {
        if !matches!(collector.type_ref.kind, ExprKind::TypeRef(_)) {
            self.error(
                "ILLEGAL_EXPRESSION",
                format!(
                    "Illegal expression. {} is unacceptable as type name in {}",
                    a_an_uc(&label(&collector.type_ref)),
                    a_an(&label(expr))
                ),
                anchor(&collector.type_ref),
            );
        }
        if let Some(query) = &collector.query {
            self.query(query);
        }
        self.within(Container::Collector, |v| {
            v.expr(&collector.type_ref);
            if let Some(query) = &collector.query {
                v.expr(query);
            }
            v.operations(&collector.operations, Container::Collector, "Collect Query");
        });
    }

    /// What a collector query may contain: `==` / `!=`, `and` / `or`, parentheses, literals.
    fn query(&mut self, expr: &Expr) {
        match &expr.kind {
            ExprKind::Binary {
                op: BinaryOp::And | BinaryOp::Or,
                left,
                right,
                ..
            } => {
                self.query(left);
                self.query(right);
            }
            ExprKind::Binary {
                op: BinaryOp::Eq | BinaryOp::Ne,
                ..
            } => {}
            ExprKind::Paren(inner) => self.query(inner),
            ExprKind::Variable(_)
            | ExprKind::Name(_)
            | ExprKind::Integer(_)
            | ExprKind::Float(_)
            | ExprKind::String(_)
            | ExprKind::Boolean(_) => {}
            _ => self.error(
                "ILLEGAL_QUERY_EXPRESSION",
                format!(
                    "Illegal query expression. {} cannot be used in a query",
                    a_an_uc(&label(expr))
                ),
                anchor(expr),
            ),
        }
    }

    /// `>> Type` must be a type reference (possibly parameterized).
    fn type_reference(&mut self, type_expr: &Expr, container: &str) {
        let base = match &type_expr.kind {
            ExprKind::Access(access) => &access.target,
            _ => type_expr,
        };
        if !matches!(base.kind, ExprKind::TypeRef(_)) {
            self.error(
                "ILLEGAL_EXPRESSION",
                format!(
                    "Illegal expression. {} is unacceptable as a type reference in {}",
                    a_an_uc(&label(type_expr)),
                    a_an(container)
                ),
                anchor(type_expr),
            );
        }
    }
}

/// `private` and `attr`: reserved for future use (the lexer gives no NAME with these texts).
pub(crate) fn is_reserved_word(name: &str) -> bool {
    name == "private" || name == "attr"
}

/// `0` or a decimal number without leading zero.
fn is_numeric_variable(name: &str) -> bool {
    name == "0"
        || (name.starts_with(|c: char| ('1'..='9').contains(&c))
            && name.bytes().all(|b| b.is_ascii_digit()))
}

/// `^(::)?([a-z]\w*::)*[a-z_]\w*$`
fn is_variable_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    let mut i = usize::from(bytes.starts_with(b"::")) * 2;
    loop {
        let first = bytes.get(i).copied().unwrap_or(0);
        if !(first.is_ascii_lowercase() || first == b'_') {
            return false;
        }
        i += 1;
        i += bytes.get(i..).map_or(0, crate::syntax::chars::word_run);
        if i == bytes.len() {
            return true;
        }
        // Only the last segment may start with `_`.
        if first == b'_' || bytes.get(i..i + 2) != Some(b"::") {
            return false;
        }
        i += 2;
    }
}

/// A literal hash key, comparable without allocating; `None` when the key is not literal.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
enum LiteralKey<'a> {
    Text(&'a str),
    Integer(i64),
    Float(f64),
    Boolean(bool),
}

impl LiteralKey<'_> {
    fn of(expr: &Expr) -> Option<LiteralKey<'_>> {
        Some(match &expr.kind {
            ExprKind::String(s) | ExprKind::Name(s) => LiteralKey::Text(s),
            ExprKind::Integer(n) => LiteralKey::Integer(*n),
            ExprKind::Float(f) => LiteralKey::Float(*f),
            ExprKind::Boolean(b) => LiteralKey::Boolean(*b),
            _ => return None,
        })
    }

    fn shown(self) -> String {
        match self {
            LiteralKey::Text(s) => String::from(s),
            LiteralKey::Integer(n) => format!("{n}"),
            LiteralKey::Float(f) => crate::value::format_float(f),
            LiteralKey::Boolean(b) => format!("{b}"),
        }
    }
}

/// Up to how many items a check for repeats compares each item with the earlier ones rather than
/// sorting (no allocation, and fewer steps for the short lists manifests have).
pub(super) const PAIRWISE_LIMIT: usize = 16;

/// Up to how many items a check for repeats hashes them (`repeats`) rather than sorting.
#[cfg(not(target_arch = "wasm32"))]
pub(super) const HASHED_LIMIT: usize = 256;

/// The positions of the `texts` (at most `HASHED_LIMIT`) that an earlier one repeats, in order: each
/// text's hash looked up in a table of the earlier ones, the texts compared only when hashes agree.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn repeats(texts: &[&str]) -> Vec<usize> {
    const SLOTS: usize = 2 * HASHED_LIMIT;
    // Each slot: 0 when free, else 1 + the position of the first text with that hash's slot.
    let mut slots = [0u16; SLOTS];
    let mut hashes = [0u64; HASHED_LIMIT];
    let mut found = Vec::new();
    for (index, text) in texts.iter().enumerate().take(HASHED_LIMIT) {
        let hash = fnv1a(text);
        hashes[index] = hash;
        let mut slot = (hash as usize) % SLOTS;
        loop {
            match slots[slot] {
                0 => {
                    slots[slot] = index as u16 + 1;
                    break;
                }
                taken => {
                    let earlier = usize::from(taken - 1);
                    if hashes[earlier] == hash && texts[earlier] == *text {
                        found.push(index);
                        break;
                    }
                    slot = (slot + 1) % SLOTS;
                }
            }
        }
    }
    found
}

/// A text's 64-bit FNV-1a hash.
#[cfg(not(target_arch = "wasm32"))]
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Indices of the entries whose literal key an earlier entry already has, in order.
fn duplicate_keys(entries: &[HashEntry]) -> Vec<usize> {
    if entries.len() <= PAIRWISE_LIMIT {
        let mut duplicates = Vec::new();
        for (index, entry) in entries.iter().enumerate() {
            let Some(key) = LiteralKey::of(&entry.key) else {
                continue;
            };
            let repeated = entries[..index]
                .iter()
                .any(|earlier| LiteralKey::of(&earlier.key) == Some(key));
            if repeated {
                duplicates.push(index);
            }
        }
        return duplicates;
    }
    let mut keys: Vec<(LiteralKey<'_>, usize)> = entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| LiteralKey::of(&e.key).map(|k| (k, i)))
        .collect();
    crate::sort::sort_by(&mut keys, &|a, b| {
        a.0.partial_cmp(&b.0)
            .unwrap_or(core::cmp::Ordering::Equal)
            .then(a.1.cmp(&b.1))
    });
    let mut duplicates: Vec<usize> = keys
        .windows(2)
        .filter(|pair| pair[0].0 == pair[1].0)
        .map(|pair| pair[1].1)
        .collect();
    crate::sort::sort_by(&mut duplicates, &|a, b| a.cmp(b));
    duplicates
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn repeats_are_every_text_an_earlier_one_has_in_order() {
        for len in [0, 1, 17, 100, HASHED_LIMIT] {
            let texts: Vec<String> = (0..len).map(|i| format!("p{}", (i * 7) % 23)).collect();
            let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
            let expected: Vec<usize> = (0..len)
                .filter(|&i| texts[..i].contains(&texts[i]))
                .collect();
            assert_eq!(repeats(&texts), expected, "{len} texts");
        }
    }
}
