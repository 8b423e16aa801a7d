//! The document outline of a manifest: its classes, defines, functions, type aliases, nodes,
//! resources, assignments, statements and conditionals as a tree in source order (byte ranges).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::span::Span;
use crate::syntax::ast::Conditional;
use crate::syntax::{
    self,
    ast::{Call, Expr, ExprKind, Param, ResourceExpr, ResourceForm},
};

crate::named_enum! {
    /// What a symbol of the outline is.
    pub enum SymbolKind {
        Class => "class",
        Define => "define",
        Function => "function",
        TypeAlias => "type alias",
        Node => "node",
        /// A resource declaration, resource defaults (`File { }`) or an override (`File['x'] { }`).
        Resource => "resource",
        /// An assignment `$x = ...`.
        Variable => "variable",
        /// A call (`include apache`, `notice(...)`), a collector or a part of a relationship chain.
        Statement => "statement",
        If => "if",
        Unless => "unless",
        Case => "case",
        /// An `elsif` or `else` of an `if`/`unless`, an option of a `case`.
        Branch => "branch",
    }
}

/// One symbol: its kind, name and detail as the outline shows them, the byte range of the whole
/// construct (`start..end`) and of its name, and the symbols of its body.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "OutlineSymbol")
)]
pub struct Symbol {
    pub kind: SymbolKind,
    pub name: String,
    pub detail: Option<String>,
    pub start: usize,
    pub end: usize,
    pub name_start: usize,
    pub name_end: usize,
    pub children: Vec<Symbol>,
}

/// How many characters of source text a name or detail keeps (then `…`).
const MAX_TEXT: usize = 60;

/// The outline of `source` (what parsed of it when it has syntax errors).
pub fn outline(source: &str) -> Vec<Symbol> {
    let (program, _) = syntax::parse(source);
    let walker = Walker { source };
    let mut symbols = Vec::new();
    walker.statements(&program.body, &mut symbols);
    symbols
}

struct Walker<'s> {
    source: &'s str,
}

impl Walker<'_> {
    /// The source text of `span`, or "" when the span is not in the text.
    fn text(&self, span: Span) -> &str {
        self.source
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }

    /// The source text of `span` on one line, cut to a readable length.
    fn short(&self, span: Span) -> String {
        shorten(self.text(span))
    }

    fn symbol(&self, kind: SymbolKind, name: String, whole: Span, name_span: Span) -> Symbol {
        Symbol {
            kind,
            name,
            detail: None,
            start: whole.start as usize,
            end: whole.end as usize,
            name_start: name_span.start as usize,
            name_end: name_span.end as usize,
            children: Vec::new(),
        }
    }

    /// The symbols of the statements of a body (a `Block`'s items or a program's).
    fn statements(&self, body: &[Expr], out: &mut Vec<Symbol>) {
        for expr in body {
            self.statement(expr, out);
        }
    }

    /// The symbols of a body expression (a `Block`, or one expression).
    fn body(&self, body: &Expr) -> Vec<Symbol> {
        let mut out = Vec::new();
        self.statement(body, &mut out);
        out
    }

    fn statement(&self, expr: &Expr, out: &mut Vec<Symbol>) {
        let span = expr.span;
        match &expr.kind {
            ExprKind::Block(items) => self.statements(items, out),
            ExprKind::ClassDefinition(_)
            | ExprKind::DefineDefinition(_)
            | ExprKind::FunctionDefinition(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::NodeDefinition(_) => self.definition(expr, out),
            ExprKind::Resource(resource) => self.resource(resource, span, out),
            ExprKind::ResourceDefaults(defaults) => {
                let type_ref = &defaults.type_ref;
                let mut symbol = self.symbol(
                    SymbolKind::Resource,
                    self.short(type_ref.span),
                    span,
                    type_ref.span,
                );
                symbol.detail = Some("defaults".into());
                out.push(symbol);
            }
            ExprKind::ResourceOverride(over) => {
                let target = &over.target;
                let mut symbol = self.symbol(
                    SymbolKind::Resource,
                    self.short(target.span),
                    span,
                    target.span,
                );
                symbol.detail = Some("override".into());
                out.push(symbol);
            }
            ExprKind::Collector(collector) => {
                let mut symbol = self.symbol(SymbolKind::Statement, self.short(span), span, span);
                symbol.detail = Some(if collector.exported {
                    "collector of exported resources".into()
                } else {
                    "collector".into()
                });
                out.push(symbol);
            }
            ExprKind::Relationship { .. } => {
                let mut parts = Vec::new();
                relationship_parts(expr, &mut parts);
                for part in parts {
                    match &part.kind {
                        ExprKind::Resource(_) | ExprKind::Collector(_) => self.statement(part, out),
                        _ => {
                            let mut symbol = self.symbol(
                                SymbolKind::Statement,
                                self.short(part.span),
                                part.span,
                                part.span,
                            );
                            symbol.detail = Some("relationship".into());
                            out.push(symbol);
                        }
                    }
                }
            }
            ExprKind::Assignment { target, value, .. } => {
                let mut symbol = self.symbol(
                    SymbolKind::Variable,
                    self.short(target.span),
                    span,
                    target.span,
                );
                symbol.detail = Some(self.short(value.span));
                out.push(symbol);
            }
            ExprKind::Call(call) => out.push(self.call(call, span)),
            ExprKind::If(branches) | ExprKind::Unless(branches) => {
                let (kind, keyword) = match &expr.kind {
                    ExprKind::If { .. } => (SymbolKind::If, "if"),
                    _ => (SymbolKind::Unless, "unless"),
                };
                out.push(self.conditional(kind, keyword, span, branches));
            }
            ExprKind::Case(case) => {
                let (subject, options) = (&case.subject, &case.options);
                let name_span = Span::new(span.start, subject.span.end);
                let name = shorten(&format!("case {}", self.text(subject.span)));
                let mut symbol = self.symbol(SymbolKind::Case, name, span, name_span);
                for option in options {
                    let values_span = match (option.values.first(), option.values.last()) {
                        (Some(first), Some(last)) => first.span.to(last.span),
                        _ => option.span,
                    };
                    let mut branch = self.symbol(
                        SymbolKind::Branch,
                        self.short(values_span),
                        option.span,
                        values_span,
                    );
                    branch.children = self.body(&option.body);
                    symbol.children.push(branch);
                }
                out.push(symbol);
            }
            _ => {}
        }
    }

    /// A class, defined type, function, type alias or node: its name, the parameters (or what it
    /// inherits, returns or aliases) as detail, and its body's symbols.
    fn definition(&self, expr: &Expr, out: &mut Vec<Symbol>) {
        let span = expr.span;
        match &expr.kind {
            ExprKind::ClassDefinition(class) => {
                let mut symbol = self.symbol(
                    SymbolKind::Class,
                    class.name.name.clone(),
                    span,
                    class.name.span,
                );
                let mut detail = self.params(&class.params);
                if let Some(parent) = &class.parent {
                    push_words(&mut detail, &format!("inherits {}", parent.name));
                }
                symbol.detail = non_empty(detail);
                symbol.children = self.body(&class.body);
                out.push(symbol);
            }
            ExprKind::DefineDefinition(define) => {
                let mut symbol = self.symbol(
                    SymbolKind::Define,
                    define.name.name.clone(),
                    span,
                    define.name.span,
                );
                symbol.detail = non_empty(self.params(&define.params));
                symbol.children = self.body(&define.body);
                out.push(symbol);
            }
            ExprKind::FunctionDefinition(function) => {
                let mut symbol = self.symbol(
                    SymbolKind::Function,
                    function.name.name.clone(),
                    span,
                    function.name.span,
                );
                let mut detail = self.params(&function.params);
                if let Some(returns) = &function.return_type {
                    push_words(&mut detail, &format!(">> {}", self.text(returns.span)));
                }
                symbol.detail = non_empty(detail);
                out.push(symbol);
            }
            ExprKind::TypeAlias(alias) => {
                let (name, type_expr) = (&alias.name, &alias.type_expr);
                let mut symbol =
                    self.symbol(SymbolKind::TypeAlias, name.name.clone(), span, name.span);
                symbol.detail = Some(self.short(type_expr.span));
                out.push(symbol);
            }
            ExprKind::NodeDefinition(node) => {
                let name_span = match (node.matches.first(), node.matches.last()) {
                    (Some(first), Some(last)) => first.span.to(last.span),
                    _ => span,
                };
                let matches: Vec<&str> = node.matches.iter().map(|m| self.text(m.span)).collect();
                let name = shorten(&format!("node {}", crate::text::join(&matches, ", ")));
                let mut symbol = self.symbol(SymbolKind::Node, name, span, name_span);
                symbol.detail = node
                    .parent
                    .as_ref()
                    .map(|p| format!("inherits {}", self.text(p.span)));
                symbol.children = self.body(&node.body);
                out.push(symbol);
            }
            _ => {}
        }
    }

    /// One symbol per resource body, or per title of a body with an array of titles.
    fn resource(&self, resource: &ResourceExpr, span: Span, out: &mut Vec<Symbol>) {
        let type_name = self.text(resource.type_name.span);
        let detail = match resource.form {
            ResourceForm::Regular => None,
            ResourceForm::Virtual => Some("virtual"),
            ResourceForm::Exported => Some("exported"),
        };
        let single = resource.bodies.len() == 1;
        for body in &resource.bodies {
            let whole = if single { span } else { body.span };
            let titles: Vec<&Expr> = match &body.title.kind {
                ExprKind::Array(items) if !items.is_empty() => items.iter().collect(),
                _ => alloc::vec![&body.title],
            };
            for title in titles {
                let name = shorten(&format!("{type_name}[{}]", self.text(title.span)));
                let mut symbol = self.symbol(SymbolKind::Resource, name, whole, title.span);
                symbol.detail = detail.map(str::to_string);
                out.push(symbol);
            }
        }
    }

    /// A call as a statement, named by its text up to its lambda; the lambda's body's symbols
    /// are its children (`$hosts.each |$h| { host { $h: } }`).
    fn call(&self, call: &Call, span: Span) -> Symbol {
        let name_end = match &call.lambda {
            Some(lambda) => lambda.span.start,
            None => span.end,
        };
        let name_span = Span::new(span.start, name_end.max(span.start));
        let mut symbol = self.symbol(
            SymbolKind::Statement,
            self.short(name_span),
            span,
            call.name.span,
        );
        if let Some(lambda) = &call.lambda {
            symbol.children = self.body(&lambda.body);
        }
        symbol
    }

    /// An `if` or `unless` named by its condition; its branches' symbols are its children, an
    /// `elsif` or `else` a child of its own.
    fn conditional(
        &self,
        kind: SymbolKind,
        keyword: &str,
        span: Span,
        branches: &Conditional,
    ) -> Symbol {
        let condition = &branches.condition;
        let name_span = Span::new(span.start, condition.span.end);
        let name = shorten(&format!("{keyword} {}", self.text(condition.span)));
        let mut symbol = self.symbol(kind, name, span, name_span);
        symbol.children = self.body(&branches.then_branch);
        match branches.else_branch.as_deref() {
            Some(Expr {
                kind: ExprKind::If(elsif_branches),
                span,
            }) => {
                let mut elsif =
                    self.conditional(SymbolKind::Branch, "elsif", *span, elsif_branches);
                // `elsif cond { ... }` without the branches after it.
                elsif.end = elsif_branches.then_branch.span.end as usize;
                // The `elsif`'s own `else` follows it, at the same level.
                let rest = split_trailing_else(&mut elsif);
                symbol.children.push(elsif);
                symbol.children.extend(rest);
            }
            Some(block) => {
                let keyword = self.else_keyword(block.span);
                let mut branch = self.symbol(
                    SymbolKind::Branch,
                    "else".into(),
                    keyword.to(block.span),
                    keyword,
                );
                branch.children = self.body(block);
                symbol.children.push(branch);
            }
            None => {}
        }
        symbol
    }

    /// The `else` keyword before the block at `block` (the block itself when not found).
    fn else_keyword(&self, block: Span) -> Span {
        let before = self.source.get(..block.start as usize).unwrap_or("");
        let trimmed = before.trim_end();
        if trimmed.ends_with("else") {
            let end = trimmed.len() as u32;
            return Span::new(end - 4, end);
        }
        Span::new(block.start, block.start)
    }

    /// The parameters of a class, define or function as written, `($a, $b = 1)` (short).
    fn params(&self, params: &[Param]) -> String {
        if params.is_empty() {
            return String::new();
        }
        let list: Vec<String> = params
            .iter()
            .map(|p| format!("{}${}", if p.captures_rest { "*" } else { "" }, p.name.name))
            .collect();
        shorten(&format!("({})", crate::text::join(&list, ", ")))
    }
}

/// The `else` branches after an `elsif` move out of it: the outline lists `if`, `elsif`s and
/// `else` as the `if`'s children in order.
fn split_trailing_else(elsif: &mut Symbol) -> Vec<Symbol> {
    let at = elsif.children.iter().position(|c| {
        c.kind == SymbolKind::Branch && (c.name == "else" || c.name.starts_with("elsif "))
    });
    match at {
        Some(at) => elsif.children.split_off(at),
        None => Vec::new(),
    }
}

/// The operands of a chain of relationships, left to right.
fn relationship_parts<'e>(expr: &'e Expr, parts: &mut Vec<&'e Expr>) {
    match &expr.kind {
        ExprKind::Relationship { left, right, .. } => {
            relationship_parts(left, parts);
            relationship_parts(right, parts);
        }
        _ => parts.push(expr),
    }
}

/// `text` on one line (runs of white space as one space), cut at [`MAX_TEXT`] characters.
fn shorten(text: &str) -> String {
    let mut out = String::new();
    let mut count = 0;
    for word in text.split_whitespace() {
        if !out.is_empty() {
            if count >= MAX_TEXT {
                out.push('…');
                return out;
            }
            out.push(' ');
            count += 1;
        }
        for c in word.chars() {
            if count >= MAX_TEXT {
                out.push('…');
                return out;
            }
            out.push(c);
            count += 1;
        }
    }
    out
}

fn push_words(detail: &mut String, words: &str) {
    if !detail.is_empty() {
        detail.push(' ');
    }
    detail.push_str(words);
}

fn non_empty(text: String) -> Option<String> {
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The outline as indented lines, `kind name — detail`.
    fn render(symbols: &[Symbol], depth: usize, out: &mut String) {
        for s in symbols {
            out.push_str(&"  ".repeat(depth));
            out.push_str(s.kind.as_str());
            out.push(' ');
            out.push_str(&s.name);
            if let Some(detail) = &s.detail {
                out.push_str(" — ");
                out.push_str(detail);
            }
            out.push('\n');
            render(&s.children, depth + 1, out);
        }
    }

    fn tree(source: &str) -> String {
        let mut out = String::new();
        render(&outline(source), 0, &mut out);
        out
    }

    /// Files and the trees their outlines must be, written by hand.
    #[test]
    fn outlines_of_a_table_of_files() {
        let cases: &[(&str, &str)] = &[
            ("", ""),
            ("1 + 2", ""),
            (
                "class apache($port = 80, $ensure) inherits apache::params {\n  $conf = '/etc/apache2'\n  file { $conf: ensure => directory }\n  class mod { }\n}\n",
                "class apache — ($port, $ensure) inherits apache::params\n  variable $conf — '/etc/apache2'\n  resource file[$conf]\n  class apache::mod\n",
            ),
            (
                "define app::vhost(String $docroot) {\n  file { [\"/a\", '/b']: }\n}\nfunction app::double(Integer $x) >> Integer { $x * 2 }\ntype App::Port = Integer[1, 65535]\n",
                "define app::vhost — ($docroot)\n  resource file[\"/a\"]\n  resource file['/b']\nfunction app::double — ($x) >> Integer\ntype alias App::Port — Integer[1, 65535]\n",
            ),
            (
                "node 'web1', /db/ inherits base {\n  include apache\n}\nnode default { }\n",
                "node node 'web1', /db/ — inherits base\n  statement include apache\nnode node default\n",
            ),
            (
                "File { mode => '0644' }\n@user { 'alice': }\n@@host { 'h': ip => '1.2.3.4' }\nFile['/x'] { owner => root }\nUser <| title == 'alice' |>\nHost <<| |>>\n",
                "resource File — defaults\nresource user['alice'] — virtual\nresource host['h'] — exported\nresource File['/x'] — override\nstatement User <| title == 'alice' |> — collector\nstatement Host <<| |>> — collector of exported resources\n",
            ),
            (
                "package { 'ntp': } -> file { 'a': ; 'b': } ~> Service['ntp']\nnotice('hi')\ncontain foo\n",
                "resource package['ntp']\nresource file['a']\nresource file['b']\nstatement Service['ntp'] — relationship\nstatement notice('hi')\nstatement contain foo\n",
            ),
            (
                "if $facts['os']['family'] == 'Debian' {\n  package { 'apt': }\n} elsif $x {\n  $y = 1\n} else {\n  notice 'other'\n}\nunless $z { }\n",
                "if if $facts['os']['family'] == 'Debian'\n  resource package['apt']\n  branch elsif $x\n    variable $y — 1\n  branch else\n    statement notice 'other'\nunless unless $z\n",
            ),
            (
                "case $role {\n  'web', 'app': { include web }\n  default: { }\n}\n",
                "case case $role\n  branch 'web', 'app'\n    statement include web\n  branch default\n",
            ),
            (
                "unless $a { include x } else { include y }\nif $p { } elsif $q { } elsif $r { } else { }\n",
                "unless unless $a\n  statement include x\n  branch else\n    statement include y\nif if $p\n  branch elsif $q\n  branch elsif $r\n  branch else\n",
            ),
            (
                "['a', 'b'].each |$n| {\n  file { \"/tmp/${n}\": }\n}\n",
                "statement ['a', 'b'].each\n  resource file[\"/tmp/${n}\"]\n",
            ),
        ];
        for (source, expected) in cases {
            assert_eq!(tree(source), *expected, "outline of {source:?}");
        }
    }

    #[test]
    fn ranges_cover_the_construct_and_its_name() {
        let source = "class a {\n  file { '/m': }\n}\n";
        let symbols = outline(source);
        let class = &symbols[0];
        assert_eq!((class.start, class.end), (0, source.len() - 1));
        assert_eq!(&source[class.name_start..class.name_end], "a");
        let file = &class.children[0];
        assert_eq!(&source[file.start..file.end], "file { '/m': }");
        assert_eq!(&source[file.name_start..file.name_end], "'/m'");
    }

    #[test]
    fn each_body_of_a_resource_is_its_own_range() {
        let source = "file { 'a': mode => '0644'; 'b': }";
        let symbols = outline(source);
        assert_eq!(symbols.len(), 2);
        assert_eq!(
            &source[symbols[0].start..symbols[0].end],
            "'a': mode => '0644'"
        );
        assert_eq!(&source[symbols[1].name_start..symbols[1].name_end], "'b'");
    }

    #[test]
    fn else_and_elsif_are_named_at_their_keywords() {
        let source = "if $a { } elsif $b { } else { }";
        let symbols = outline(source);
        let branches = &symbols[0].children;
        assert_eq!(
            &source[branches[0].name_start..branches[0].name_end],
            "elsif $b"
        );
        assert_eq!(&source[branches[0].start..branches[0].end], "elsif $b { }");
        assert_eq!(
            &source[branches[1].name_start..branches[1].name_end],
            "else"
        );
        assert_eq!(&source[branches[1].start..branches[1].end], "else { }");
    }

    #[test]
    fn long_names_are_cut_and_on_one_line() {
        let source = "if $a == 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' and\n   $b == 'bbbbbbbbbbbbbbbbbbbbbbbb' { }";
        let name = &outline(source)[0].name;
        assert_eq!(name.chars().count(), MAX_TEXT + 1);
        assert!(name.ends_with('…') && !name.contains('\n'), "{name}");
    }

    #[test]
    fn text_with_syntax_errors_outlines_what_parsed() {
        let source = "class a {\n  $x = 1\n}\nfile { 'b': ensure => }\nclass c { }\n";
        let names: Vec<String> = outline(source).into_iter().map(|s| s.name).collect();
        assert!(names.contains(&"a".to_string()), "{names:?}");
        for broken in [
            "class",
            "class a {",
            "file { 'x':",
            "if $x {",
            "}}}",
            "case $x { 'a': ",
        ] {
            let _ = outline(broken);
        }
    }
}
