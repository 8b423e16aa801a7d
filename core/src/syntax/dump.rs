//! A readable dump of the AST: an indented S-expression where every node shows its `start..end`
//! byte range (the playground makes the ranges clickable).

use alloc::format;
use alloc::string::String;

use super::ast::*;
use crate::span::Span;

/// The dump of a whole program, one node per line, children indented by two spaces.
pub fn dump_ast(program: &Program) -> String {
    let mut dump = Dump {
        out: String::with_capacity(program.body.len() * 64 + 32),
        depth: 0,
    };
    dump.open("program", program.span, "");
    for expr in &program.body {
        dump.expr(expr);
    }
    dump.close();
    dump.out
}

struct Dump {
    out: String,
    depth: usize,
}

impl Dump {
    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }

    fn head(&mut self, name: &str, span: Span, detail: &str) {
        self.indent();
        self.out
            .push_str(&format!("({name} {}..{}", span.start, span.end));
        if !detail.is_empty() {
            self.out.push(' ');
            self.out.push_str(detail);
        }
    }

    /// A node with children: its line, then (after `close`) a line with `)`.
    fn open(&mut self, name: &str, span: Span, detail: &str) {
        self.head(name, span, detail);
        self.out.push('\n');
        self.depth += 1;
    }

    fn close(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        self.indent();
        self.out.push_str(")\n");
    }

    /// A node without children, on one line.
    fn leaf(&mut self, name: &str, span: Span, detail: &str) {
        self.head(name, span, detail);
        self.out.push_str(")\n");
    }

    fn ident(&mut self, role: &str, ident: &Ident) {
        self.leaf(role, ident.span, &quoted(&ident.name));
    }

    fn labelled(&mut self, label: &str, expr: &Expr) {
        self.open(label, expr.span, "");
        self.expr(expr);
        self.close();
    }

    fn expr(&mut self, expr: &Expr) {
        let span = expr.span;
        match &expr.kind {
            ExprKind::Undef => self.leaf("undef", span, ""),
            ExprKind::Default => self.leaf("default", span, ""),
            ExprKind::Boolean(b) => self.leaf("boolean", span, &format!("{b}")),
            ExprKind::Integer(n) => self.leaf("integer", span, &format!("{n}")),
            ExprKind::Float(f) => self.leaf("float", span, &crate::value::format_float(*f)),
            ExprKind::String(s) => self.leaf("string", span, &quoted(s)),
            ExprKind::Regex(r) => self.leaf("regex", span, &quoted(r.source())),
            ExprKind::Name(n) => self.leaf("name", span, &quoted(n)),
            ExprKind::TypeRef(n) => self.leaf("type", span, n),
            ExprKind::Variable(n) => self.leaf("variable", span, &format!("${n}")),
            ExprKind::Interpolated(parts) => {
                self.open("interpolated", span, "");
                for part in parts {
                    match part {
                        StringPart::Text { text, span } => self.leaf("text", *span, &quoted(text)),
                        StringPart::Expr(e) => self.expr(e),
                    }
                }
                self.close();
            }
            ExprKind::Heredoc(node) => {
                let Heredoc { syntax, text } = &**node;
                let detail = syntax
                    .as_deref()
                    .map(|s| format!(":{s}"))
                    .unwrap_or_default();
                self.open("heredoc", span, &detail);
                self.expr(text);
                self.close();
            }
            ExprKind::Array(items) => self.list("array", span, items),
            ExprKind::Hash(entries) => {
                self.open("hash", span, "");
                for entry in entries {
                    self.open("entry", entry.span, "");
                    self.expr(&entry.key);
                    self.expr(&entry.value);
                    self.close();
                }
                self.close();
            }
            ExprKind::Unary { op, operand } => {
                let name = match op {
                    UnaryOp::Neg => "'-'",
                    UnaryOp::Not => "'!'",
                    UnaryOp::Splat => "'*'",
                };
                self.open("unary", span, name);
                self.expr(operand);
                self.close();
            }
            ExprKind::Binary {
                op, left, right, ..
            } => {
                self.open("binary", span, &format!("'{}'", op.symbol()));
                self.expr(left);
                self.expr(right);
                self.close();
            }
            ExprKind::Assignment {
                op, target, value, ..
            } => {
                let symbol = match op {
                    AssignOp::Assign => "'='",
                    AssignOp::AddAssign => "'+='",
                    AssignOp::SubAssign => "'-='",
                };
                self.open("assignment", span, symbol);
                self.expr(target);
                self.expr(value);
                self.close();
            }
            ExprKind::Access(node) => {
                let Access { target, keys } = &**node;
                self.open("access", span, "");
                self.expr(target);
                for key in keys {
                    self.expr(key);
                }
                self.close();
            }
            ExprKind::Paren(inner) => {
                self.open("paren", span, "");
                self.expr(inner);
                self.close();
            }
            ExprKind::Block(items) => self.list("block", span, items),
            ExprKind::Call(call) => self.call(call),
            ExprKind::Lambda(lambda) => self.lambda(lambda),
            ExprKind::RenderText(text) => self.leaf("render-text", span, &quoted(text)),
            ExprKind::RenderExpr(inner) => {
                self.open("render", span, "");
                self.expr(inner);
                self.close();
            }
            ExprKind::If { .. }
            | ExprKind::Unless { .. }
            | ExprKind::Case(_)
            | ExprKind::Selector(_) => self.control(expr),
            ExprKind::FunctionDefinition(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::ClassDefinition(_)
            | ExprKind::DefineDefinition(_)
            | ExprKind::NodeDefinition(_)
            | ExprKind::EppTemplate(_) => self.definition(expr),
            ExprKind::Resource(_)
            | ExprKind::ResourceDefaults(_)
            | ExprKind::ResourceOverride(_)
            | ExprKind::Collector(_)
            | ExprKind::Relationship { .. } => self.catalog_expr(expr),
        }
    }

    /// `if`/`unless`, `case` and selectors.
    fn control(&mut self, expr: &Expr) {
        let span = expr.span;
        match &expr.kind {
            ExprKind::If(branches) | ExprKind::Unless(branches) => {
                let name = if matches!(expr.kind, ExprKind::If { .. }) {
                    "if"
                } else {
                    "unless"
                };
                self.open(name, span, "");
                self.expr(&branches.condition);
                self.expr(&branches.then_branch);
                if let Some(else_branch) = &branches.else_branch {
                    self.labelled("else", else_branch);
                }
                self.close();
            }
            ExprKind::Case(node) => {
                let Case { subject, options } = &**node;
                self.open("case", span, "");
                self.expr(subject);
                for option in options {
                    self.open("when", option.span, "");
                    for value in &option.values {
                        self.expr(value);
                    }
                    self.expr(&option.body);
                    self.close();
                }
                self.close();
            }
            ExprKind::Selector(node) => {
                let Selector { subject, entries } = &**node;
                self.open("selector", span, "");
                self.expr(subject);
                for entry in entries {
                    self.open("option", entry.span, "");
                    self.expr(&entry.matcher);
                    self.expr(&entry.value);
                    self.close();
                }
                self.close();
            }
            _ => {}
        }
    }

    /// Functions, type aliases, classes, defined types, nodes and EPP templates.
    fn definition(&mut self, expr: &Expr) {
        let span = expr.span;
        match &expr.kind {
            ExprKind::FunctionDefinition(def) => {
                self.open("function", span, "");
                self.ident("name", &def.name);
                self.params(&def.params);
                if let Some(return_type) = &def.return_type {
                    self.labelled("returns", return_type);
                }
                self.expr(&def.body);
                self.close();
            }
            ExprKind::TypeAlias(node) => {
                let TypeAlias { name, type_expr } = &**node;
                self.open("type-alias", span, "");
                self.ident("name", name);
                self.expr(type_expr);
                self.close();
            }
            ExprKind::ClassDefinition(def) => {
                self.open("class", span, "");
                self.ident("name", &def.name);
                self.params(&def.params);
                if let Some(parent) = &def.parent {
                    self.ident("inherits", parent);
                }
                self.expr(&def.body);
                self.close();
            }
            ExprKind::DefineDefinition(def) => {
                self.open("define", span, "");
                self.ident("name", &def.name);
                self.params(&def.params);
                self.expr(&def.body);
                self.close();
            }
            ExprKind::NodeDefinition(def) => {
                self.open("node", span, "");
                for host in &def.matches {
                    self.expr(host);
                }
                if let Some(parent) = &def.parent {
                    self.labelled("inherits", parent);
                }
                self.expr(&def.body);
                self.close();
            }
            ExprKind::EppTemplate(node) => {
                let EppTemplate { params, body } = &**node;
                self.open("epp-template", span, "");
                if let Some(params) = params {
                    self.params(params);
                }
                self.expr(body);
                self.close();
            }
            _ => {}
        }
    }

    /// Resources, their defaults and overrides, collectors and relationships.
    fn catalog_expr(&mut self, expr: &Expr) {
        let span = expr.span;
        match &expr.kind {
            ExprKind::Resource(resource) => {
                let form = match resource.form {
                    ResourceForm::Regular => "",
                    ResourceForm::Virtual => "virtual",
                    ResourceForm::Exported => "exported",
                };
                self.open("resource", span, form);
                self.expr(&resource.type_name);
                for body in &resource.bodies {
                    self.open("body", body.span, "");
                    self.expr(&body.title);
                    self.operations(&body.operations);
                    self.close();
                }
                self.close();
            }
            ExprKind::ResourceDefaults(node) => {
                let ResourceDefaults {
                    type_ref,
                    operations,
                } = &**node;
                self.open("resource-defaults", span, "");
                self.expr(type_ref);
                self.operations(operations);
                self.close();
            }
            ExprKind::ResourceOverride(node) => {
                let ResourceOverride { target, operations } = &**node;
                self.open("resource-override", span, "");
                self.expr(target);
                self.operations(operations);
                self.close();
            }
            ExprKind::Collector(collector) => {
                let kind = if collector.exported {
                    "exported"
                } else {
                    "virtual"
                };
                self.open("collector", span, kind);
                self.expr(&collector.type_ref);
                if let Some(query) = &collector.query {
                    self.labelled("query", query);
                }
                self.operations(&collector.operations);
                self.close();
            }
            ExprKind::Relationship {
                op, left, right, ..
            } => {
                let symbol = match op {
                    RelationshipOp::Before => "'->'",
                    RelationshipOp::Notify => "'~>'",
                    RelationshipOp::Require => "'<-'",
                    RelationshipOp::Subscribe => "'<~'",
                };
                self.open("relationship", span, symbol);
                self.expr(left);
                self.expr(right);
                self.close();
            }
            _ => {}
        }
    }

    fn list(&mut self, name: &str, span: Span, items: &[Expr]) {
        if items.is_empty() {
            self.leaf(name, span, "");
            return;
        }
        self.open(name, span, "");
        for item in items {
            self.expr(item);
        }
        self.close();
    }

    fn call(&mut self, call: &Call) {
        let style = match call.style {
            CallStyle::Prefix => "call",
            CallStyle::Method => "method-call",
            CallStyle::Statement => "statement-call",
        };
        let detail = if call.name_is_type {
            format!("{} new", call.name.name)
        } else {
            quoted(&call.name.name)
        };
        self.open(style, call.span, &detail);
        if let Some(functor) = &call.functor {
            self.labelled("functor", functor);
        }
        if let Some(receiver) = &call.receiver {
            self.labelled("receiver", receiver);
        }
        for arg in &call.args {
            self.expr(arg);
        }
        if let Some(lambda) = &call.lambda {
            self.lambda(lambda);
        }
        self.close();
    }

    fn lambda(&mut self, lambda: &Lambda) {
        self.open("lambda", lambda.span, "");
        self.params(&lambda.params);
        if let Some(return_type) = &lambda.return_type {
            self.labelled("returns", return_type);
        }
        self.expr(&lambda.body);
        self.close();
    }

    fn params(&mut self, params: &[Param]) {
        for param in params {
            let mut detail = format!("${}", param.name.name);
            if param.captures_rest {
                detail.insert(0, '*');
            }
            if param.type_expr.is_none() && param.default.is_none() {
                self.leaf("param", param.span, &detail);
                continue;
            }
            self.open("param", param.span, &detail);
            if let Some(type_expr) = &param.type_expr {
                self.expr(type_expr);
            }
            if let Some(default) = &param.default {
                self.labelled("default", default);
            }
            self.close();
        }
    }

    fn operations(&mut self, operations: &[AttributeOperation]) {
        for operation in operations {
            match operation {
                AttributeOperation::Set {
                    name,
                    append,
                    value,
                    span,
                    ..
                } => {
                    let arrow = if *append { "+>" } else { "=>" };
                    self.open("attribute", *span, &format!("{} {arrow}", name.name));
                    self.expr(value);
                    self.close();
                }
                AttributeOperation::Splat { value, span } => {
                    self.open("attribute", *span, "* =>");
                    self.expr(value);
                    self.close();
                }
            }
        }
    }
}

/// A string in double quotes with `"`, `\\` and control characters escaped, as Rust's `{:?}`
/// writes them (`"a\n\u{1b}"`); other characters as they are (`{:?}` would also escape
/// unprintable Unicode, at the cost of its Unicode tables in the .wasm).
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    crate::value::write_double_quoted(&mut out, text, |out, c| match c {
        '\0' => out.push_str("\\0"),
        c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        c => out.push(c),
    });
    out
}
