//! Validation of definitions: where classes, defines, nodes, functions and type aliases may
//! appear, their names, their parameters, and bodies that end with a value without effect.

use alloc::format;
use alloc::vec::Vec;

use super::labels::{a_an, a_an_uc, idem, label};
use super::{Container, Place, Validator};
use crate::syntax::anchor::anchor;
use crate::syntax::ast::*;

/// How many of [`RESERVED_TYPE_NAMES`] come before `init`: types whose values depend only on
/// their parameters (the type cache keeps expressions of those by their text; its
/// `is_plain_type_name` looks for them among these, packed).
pub(crate) const PLAIN_TYPE_NAMES: usize = 25;

/// Lower-case names of Puppet's types, which definitions may not take.
pub(crate) const RESERVED_TYPE_NAMES: &[&str] = &[
    "type",
    "any",
    "unit",
    "scalar",
    "boolean",
    "numeric",
    "integer",
    "float",
    "collection",
    "array",
    "hash",
    "tuple",
    "struct",
    "variant",
    "optional",
    "enum",
    "regexp",
    "pattern",
    "runtime",
    "sensitive",
    "semver",
    "semverrange",
    "string",
    "timestamp",
    "timespan",
    "init",
    "object",
    "typeset",
];

impl Validator {
    /// Puppet's `top` check: definitions only at top level or inside classes; functions and
    /// type aliases only at the very top.
    fn top(&mut self, definition: &Expr, absolute_only: bool) {
        let allowed = match self.place {
            Place::Program | Place::Other(Container::Class) | Place::Block { top: true, .. } => {
                true
            }
            Place::Block { in_class, .. } => {
                if absolute_only {
                    let message = format!(
                        "{} may only appear at toplevel",
                        a_an_uc(&label(definition))
                    );
                    self.error("NOT_ABSOLUTE_TOP_LEVEL", message, anchor(definition));
                    return;
                }
                in_class
            }
            Place::Other(_) => false,
        };
        if !allowed {
            self.error(
                "NOT_TOP_LEVEL",
                "Classes, definitions, and nodes may only appear at toplevel or inside other classes",
                anchor(definition),
            );
        }
    }

    /// Checks common to classes, defines and functions.
    fn named_definition(&mut self, definition: &Expr, name: &Ident, absolute_only: bool) {
        self.top(definition, absolute_only);
        if !is_definition_name(&name.name) {
            self.error(
                "ILLEGAL_DEFINITION_NAME",
                format!(
                    "Unacceptable name. The name '{}' is unacceptable as the name of {}",
                    name.name,
                    a_an(&label(definition))
                ),
                anchor(definition),
            );
        }
        if RESERVED_TYPE_NAMES.contains(&name.name.as_str()) {
            self.error(
                "RESERVED_TYPE_NAME",
                format!(
                    "The name: '{}' is already defined by Puppet and can not be used as the name of {}.",
                    name.name,
                    a_an(&label(definition))
                ),
                anchor(definition),
            );
        }
    }

    #[inline(never)]
    pub(super) fn function_definition(&mut self, expr: &Expr, def: &FunctionDefinition) {
        self.named_definition(expr, &def.name, true);
        if let Some(return_type) = &def.return_type {
            self.type_reference(return_type, "Function Definition");
        }
        self.unique_parameters(&def.params);
        self.within(Container::Other, |v| {
            v.parameters(&def.params);
            if let Some(return_type) = &def.return_type {
                v.expr(return_type);
            }
            v.body(&def.body);
        });
    }

    #[inline(never)]
    pub(super) fn class_definition(&mut self, expr: &Expr, def: &ClassDefinition) {
        let (what, container) = ("Host Class Definition", Container::Class);
        self.resource_like_definition(expr, &def.name, &def.params, &def.body, what, container);
    }

    #[inline(never)]
    pub(super) fn define_definition(&mut self, expr: &Expr, def: &DefineDefinition) {
        let (what, container) = ("'define' expression", Container::Other);
        self.resource_like_definition(expr, &def.name, &def.params, &def.body, what, container);
    }

    /// Classes and defines (`what` in messages): a definition's name, no `*$rest`, unique
    /// parameters, no `$name` / `$title`, a body that does not end with a value without effect;
    /// then the parameters and the body inside `container`.
    fn resource_like_definition(
        &mut self,
        expr: &Expr,
        name: &Ident,
        params: &[Param],
        body: &Expr,
        what: &str,
        container: Container,
    ) {
        self.named_definition(expr, name, false);
        for param in params.iter().filter(|p| p.captures_rest) {
            self.error(
                "CAPTURES_REST_NOT_SUPPORTED",
                format!(
                    "Parameter ${} has 'captures rest' - not supported in {}",
                    param.name.name,
                    a_an(what)
                ),
                param.name.span,
            );
        }
        self.unique_parameters(params);
        for param in params {
            if param.name.name == "name" || param.name.name == "title" {
                self.error(
                    "RESERVED_PARAMETER",
                    format!(
                        "The parameter ${} redefines a built in parameter in the {what}",
                        param.name.name
                    ),
                    param.name.span,
                );
            }
        }
        self.no_idem_last(expr, body);
        self.within(container, |v| {
            v.parameters(params);
            v.body(body);
        });
    }

    /// A class, define or node body may not end with an expression that has no effect.
    fn no_idem_last(&mut self, definition: &Expr, body: &Expr) {
        let last = match &body.kind {
            ExprKind::Block(statements) => statements.last(),
            _ => Some(body),
        };
        let Some(last) = last else {
            return;
        };
        let untitled_resource = matches!(&last.kind, ExprKind::Block(items)
            if matches!(items.as_slice(), [Expr { kind: ExprKind::Name(_), .. }, Expr { kind: ExprKind::Hash(_), .. }]));
        if idem(last) && !untitled_resource {
            self.error(
                "IDEM_NOT_ALLOWED_LAST",
                format!(
                    "This {} has no effect. {} can not end with a value-producing expression without other effect",
                    label(last),
                    a_an_uc(&label(definition))
                ),
                anchor(last),
            );
        }
    }

    #[inline(never)]
    pub(super) fn node_definition(&mut self, expr: &Expr, def: &NodeDefinition) {
        for host in &def.matches {
            self.hostname(expr, host);
        }
        self.top(expr, false);
        self.no_idem_last(expr, &def.body);
        if let Some(parent) = &def.parent {
            self.error(
                "ILLEGAL_NODE_INHERITANCE",
                "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation",
                anchor(parent),
            );
        }
        self.within(Container::Other, |v| {
            for host in &def.matches {
                v.expr(host);
            }
            v.body(&def.body);
        });
    }

    fn hostname(&mut self, node: &Expr, host: &Expr) {
        match &host.kind {
            ExprKind::String(name) | ExprKind::Name(name) => {
                let legal = name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.');
                if !legal {
                    self.error(
                        "ILLEGAL_HOSTNAME_CHARS",
                        format!("The hostname '{name}' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)"),
                        host.span,
                    );
                }
            }
            ExprKind::Interpolated(parts) => {
                let span = parts
                    .iter()
                    .find_map(|part| match part {
                        StringPart::Expr(e) => Some(anchor(e)),
                        StringPart::Text { .. } => None,
                    })
                    .unwrap_or(host.span);
                self.error(
                    "ILLEGAL_HOSTNAME_INTERPOLATION",
                    "An interpolated expression is not allowed in a hostname of a node",
                    span,
                );
            }
            ExprKind::Integer(_) | ExprKind::Float(_) | ExprKind::Default | ExprKind::Regex(_) => {}
            ExprKind::Heredoc(heredoc) => self.hostname(node, &heredoc.text),
            _ => self.error(
                "ILLEGAL_EXPRESSION",
                format!(
                    "Illegal expression. {} is unacceptable as hostname in {}",
                    a_an_uc(&label(host)),
                    a_an(&label(node))
                ),
                anchor(host),
            ),
        }
    }

    #[inline(never)]
    pub(super) fn type_alias(&mut self, expr: &Expr, name: &Ident, type_expr: &Expr) {
        self.top(expr, true);
        if !is_type_name(&name.name) {
            self.error(
                "ILLEGAL_DEFINITION_NAME",
                format!(
                    "Unacceptable name. The name '{}' is unacceptable as the name of a Type Alias",
                    name.name
                ),
                anchor(expr),
            );
        }
        self.within(Container::Other, |v| v.expr(type_expr));
    }

    /// Parameter names and defaults.
    #[inline(never)]
    pub(super) fn parameters(&mut self, params: &[Param]) {
        for param in params {
            let name = &param.name.name;
            let numeric = {
                let digits = name.strip_prefix("0x").unwrap_or(name);
                !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
            };
            if numeric {
                self.error(
                    "ILLEGAL_NUMERIC_PARAMETER",
                    format!("The numeric parameter name '${name}' cannot be used (clashes with numeric match result variables)"),
                    param.name.span,
                );
            }
            if !is_parameter_name(name) {
                self.error(
                    "ILLEGAL_PARAM_NAME",
                    format!("Illegal parameter name. The given name '{name}' does not conform to the naming rule /^[a-z_]\\w*$/"),
                    param.name.span,
                );
            }
            if let Some(default) = &param.default {
                self.no_assignment(default);
            }
            self.within(Container::Other, |v| {
                if let Some(type_expr) = &param.type_expr {
                    v.expr(type_expr);
                }
                if let Some(default) = &param.default {
                    v.expr(default);
                }
            });
        }
    }

    /// Parameter defaults may not assign (lambdas inside them may).
    fn no_assignment(&mut self, expr: &Expr) {
        if is_leaf(expr) {
            return;
        }
        let mut stack: Vec<&Expr> = alloc::vec![expr];
        while let Some(expr) = stack.pop() {
            match &expr.kind {
                ExprKind::Assignment { op_span, .. } => {
                    self.error(
                        "ILLEGAL_ASSIGNMENT_CONTEXT",
                        "Assignment not allowed here",
                        *op_span,
                    );
                }
                ExprKind::Binary { left, right, .. } => {
                    stack.push(right);
                    stack.push(left);
                }
                ExprKind::Unary { operand, .. } | ExprKind::Paren(operand) => stack.push(operand),
                ExprKind::Array(items) | ExprKind::Block(items) => stack.extend(items.iter().rev()),
                ExprKind::Hash(entries) => {
                    for entry in entries.iter().rev() {
                        stack.push(&entry.value);
                        stack.push(&entry.key);
                    }
                }
                ExprKind::Access(access) => {
                    stack.extend(access.keys.iter().rev());
                    stack.push(&access.target);
                }
                ExprKind::Call(call) => {
                    stack.extend(call.args.iter().rev());
                    if let Some(receiver) = &call.receiver {
                        stack.push(receiver);
                    }
                }
                _ => {}
            }
        }
    }

    pub(super) fn captures_rest_last(&mut self, params: &[Param]) {
        let last = params.len().saturating_sub(1);
        for (index, param) in params.iter().enumerate() {
            if param.captures_rest && index != last {
                self.error(
                    "CAPTURES_REST_NOT_LAST",
                    format!(
                        "Parameter ${} is not last, and has 'captures rest'",
                        param.name.name
                    ),
                    param.name.span,
                );
            }
        }
    }

    fn unique_parameters(&mut self, params: &[Param]) {
        if params.len() < 2 {
            return;
        }
        if params.len() <= super::PAIRWISE_LIMIT {
            // Short lists (nearly all): each name against the earlier ones, nothing allocated.
            for (index, param) in params.iter().enumerate() {
                if params[..index]
                    .iter()
                    .any(|p| p.name.name == param.name.name)
                {
                    self.duplicate_parameter(param);
                }
            }
            return;
        }
        // Natively, up to a few hundred by hashing (the browser's engines sort: the table would
        // cost their size budget 1.2 KB).
        #[cfg(not(target_arch = "wasm32"))]
        if params.len() <= super::HASHED_LIMIT {
            let names: Vec<&str> = params.iter().map(|p| p.name.name.as_str()).collect();
            for index in super::repeats(&names) {
                self.duplicate_parameter(&params[index]);
            }
            return;
        }
        let mut names: Vec<(&str, usize)> = params
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.name.as_str(), i))
            .collect();
        crate::sort::sort_by(&mut names, &|a, b| a.cmp(b));
        let mut duplicates: Vec<usize> = names
            .windows(2)
            .filter(|pair| pair[0].0 == pair[1].0)
            .map(|pair| pair[1].1)
            .collect();
        crate::sort::sort_by(&mut duplicates, &|a, b| a.cmp(b));
        for index in duplicates {
            if let Some(param) = params.get(index) {
                self.duplicate_parameter(param);
            }
        }
    }

    fn duplicate_parameter(&mut self, param: &Param) {
        self.error(
            "DUPLICATE_PARAMETER",
            format!(
                "The parameter '{}' is declared more than once in the parameter list",
                param.name.name
            ),
            param.name.span,
        );
    }
}

/// `^[a-z]\w*(::[a-z]\w*)*$`: class, define and function names.
fn is_definition_name(name: &str) -> bool {
    segments_match(name, |b| b.is_ascii_lowercase())
}

/// `^[A-Z]\w*(::[A-Z]\w*)*$`: type alias names.
fn is_type_name(name: &str) -> bool {
    segments_match(name, |b| b.is_ascii_uppercase())
}

/// Segments separated by `::`, each a `first` byte then word bytes (one pass, no searcher).
fn segments_match(name: &str, first: fn(u8) -> bool) -> bool {
    let bytes = name.as_bytes();
    let mut at = 0;
    loop {
        if !bytes.get(at).is_some_and(|&b| first(b)) {
            return false;
        }
        at += 1;
        while let Some(&b) = bytes.get(at) {
            if b.is_ascii_alphanumeric() || b == b'_' {
                at += 1;
            } else if b == b':' && bytes.get(at + 1) == Some(&b':') {
                break;
            } else {
                return false;
            }
        }
        if at == bytes.len() {
            return true;
        }
        at += 2;
    }
}

/// `^[a-z_]\w*$`
fn is_parameter_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    bytes
        .first()
        .is_some_and(|&b| b.is_ascii_lowercase() || b == b'_')
        && bytes[1..]
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'_')
}

/// Expressions without sub-expressions (most parameter defaults).
fn is_leaf(expr: &Expr) -> bool {
    expr.kind.is_literal() || matches!(expr.kind, ExprKind::TypeRef(_) | ExprKind::Variable(_))
}
