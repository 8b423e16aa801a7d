//! What the token at an offset names (a variable, a class or function name, a type, a class name
//! in a string, a looked-up Hiera key, or a definition's own name): the one classification that go
//! to definition and find references share.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use core::ops::ControlFlow;

use crate::syntax::ast::{Expr, ExprKind, Ident};
use crate::syntax::{self, TokenInfo};
use crate::text::TrimBy;

/// What a definition defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A class or a defined type (both named in lower case, both referenced as `Name[...]`).
    Class,
    Function,
    TypeAlias,
}

/// A definition in a manifest: its qualified name (`outer::inner` for a nested class), what it
/// defines and the byte range of its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Defined {
    pub name: String,
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

/// What is named at an offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Named {
    /// A variable, without `$` and a leading `::` (`port`, `app::port`).
    Variable(String),
    /// A bare name, lower case, without a leading `::`: a class, defined type or function.
    Name(String),
    /// A capitalized type name as written: a type alias, or a class or defined type.
    Type(String),
    /// The text of a quoted string, lower case: a class name (`include 'x'`, `class { 'x': }`).
    ClassString(String),
    /// The key inside `lookup('...')` (or `hiera('...')`).
    HieraKey(String),
    /// The name of a definition, where it is defined.
    Definition(Defined),
}

/// What the token at byte `offset` of manifest `text` names, with the token's byte range.
pub(super) fn named_at(text: &str, offset: usize) -> Option<(Named, usize, usize)> {
    let tokens = syntax::tokens(text);
    // A cursor between two tokens (`($b`) means the one that can name something.
    let touching =
        |t: &&TokenInfo| (t.span.start as usize) <= offset && offset <= t.span.end as usize;
    let token = tokens
        .iter()
        .filter(touching)
        .find(|t| matches!(t.kind, "variable" | "name" | "type"))
        .or_else(|| tokens.iter().filter(touching).find(|t| t.kind == "string"))
        .or_else(|| tokens.iter().find(|t| touching(t) && t.kind != "comment"))?;
    let (start, end) = (token.span.start as usize, token.span.end as usize);
    let word = text.get(start..end)?;
    if matches!(token.kind, "name" | "type") {
        let (program, _) = syntax::parse(text);
        let own = definitions_in(&program.body, "")
            .into_iter()
            .find(|d| d.start <= offset && offset <= d.end);
        if let Some(own) = own {
            return Some((Named::Definition(own), start, end));
        }
    }
    let named = match token.kind {
        "variable" => Named::Variable(
            crate::qualified::trim_leading(word.trim_start_matches('$'), "::").to_string(),
        ),
        "name" => Named::Name(crate::qualified::trim_leading(word, "::").to_ascii_lowercase()),
        "type" => Named::Type(crate::qualified::trim_leading(word, "::").to_string()),
        "string" => {
            let quoted = word.trim_by(&|c| c == '\'' || c == '"');
            let before = text.get(..start + 1)?;
            if super::hiera_keys::lookup_key_prefix(before).is_some() {
                Named::HieraKey(quoted.to_string())
            } else {
                Named::ClassString(
                    crate::qualified::trim_leading(quoted, "::").to_ascii_lowercase(),
                )
            }
        }
        _ => return None,
    };
    Some((named, start, end))
}

/// The class, define, function and type alias definitions in `body`, nested classes and
/// defines named inside their outer class (`outer::inner`).
pub(super) fn definitions_in(body: &[Expr], outer: &str) -> Vec<Defined> {
    let mut found = Vec::new();
    // Breaking with what `defined_in` breaks with: one copy of the walk for both.
    let _ = each_definition::<(&Expr, &Ident)>(body, outer, &mut |_, own, name, kind| {
        found.push(Defined {
            name: name.to_string(),
            kind,
            start: own.span.start as usize,
            end: own.span.end as usize,
        });
        ControlFlow::Continue(())
    });
    found
}

/// Calls `visit(definition, its name, its qualified name, kind)` on every definition in `body`,
/// an outer class before those nested in it, until `visit` breaks (with what it found).
pub(super) fn each_definition<'a, R>(
    body: &'a [Expr],
    outer: &str,
    visit: &mut dyn FnMut(&'a Expr, &'a Ident, &str, Kind) -> ControlFlow<R>,
) -> ControlFlow<R> {
    for expr in body {
        let (own, kind, nested) = match &expr.kind {
            ExprKind::ClassDefinition(class) => (&class.name, Kind::Class, Some(&class.body)),
            ExprKind::DefineDefinition(define) => (&define.name, Kind::Class, Some(&define.body)),
            ExprKind::FunctionDefinition(function) => (&function.name, Kind::Function, None),
            ExprKind::TypeAlias(alias) => (&alias.name, Kind::TypeAlias, None),
            _ => continue,
        };
        let bare = crate::qualified::trim_leading(&own.name, "::");
        let name = if outer.is_empty() || bare.contains("::") {
            bare.to_string()
        } else {
            alloc::format!("{outer}::{bare}")
        };
        visit(expr, own, &name, kind)?;
        if let Some(Expr {
            kind: ExprKind::Block(inner),
            ..
        }) = nested
        {
            each_definition(inner, &name, visit)?;
        }
    }
    ControlFlow::Continue(())
}

/// The tokens of a manifest without its comments.
pub(super) fn code_tokens(text: &str) -> Vec<TokenInfo> {
    syntax::tokens(text)
        .into_iter()
        .filter(|t| t.kind != "comment")
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(marked: &str) -> Option<Named> {
        let cursor = marked.find('^')?;
        let text = marked.replace('^', "");
        named_at(&text, cursor).map(|(n, _, _)| n)
    }

    #[test]
    fn each_kind_of_name() {
        let s = |v: &str| v.to_string();
        assert_eq!(named("$a = $^b"), Some(Named::Variable(s("b"))));
        assert_eq!(
            named("notice($::app::p^ort)"),
            Some(Named::Variable(s("app::port")))
        );
        assert_eq!(named("include ::a^pp"), Some(Named::Name(s("app"))));
        assert_eq!(named("include ::A^pp"), Some(Named::Type(s("App"))));
        assert_eq!(named("notice(^$b)"), Some(Named::Variable(s("b"))));
        assert_eq!(named("\"${^b}\""), Some(Named::Variable(s("b"))));
        assert_eq!(named("App::P^ort"), Some(Named::Type(s("App::Port"))));
        assert_eq!(named("include 'A^pp'"), Some(Named::ClassString(s("app"))));
        assert_eq!(named("lookup('k^')"), Some(Named::HieraKey(s("k"))));
        assert_eq!(named("notice(^1)"), None);
        assert_eq!(named("# a^pp"), None);
    }

    #[test]
    fn a_definitions_own_name_qualified_when_nested() {
        let Some(Named::Definition(own)) = named("class app { class in^ner { } }") else {
            panic!("a definition");
        };
        assert_eq!((own.name.as_str(), own.kind), ("app::inner", Kind::Class));
        let Some(Named::Definition(alias)) = named("type App::P^ort = Integer") else {
            panic!("a definition");
        };
        assert_eq!(
            (alias.name.as_str(), alias.kind),
            ("App::Port", Kind::TypeAlias)
        );
    }
}
