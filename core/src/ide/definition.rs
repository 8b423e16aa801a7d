//! Go to definition: where the class, defined type, function, type alias or variable named at an
//! offset is defined, across the environment's files (byte ranges of the defining name).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

pub(super) use super::named::Kind;
use core::ops::ControlFlow;

use super::named::{each_definition, named_at, Named};
use crate::syntax::ast::{Expr, ExprKind, Ident};
use crate::syntax::{self, TokenInfo};

/// Where a name is defined: a file of the environment and the byte range of the defining name.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Target {
    pub path: String,
    pub start: usize,
    pub end: usize,
}

/// The definition of what is at byte `offset` of file `path`; `files` are the environment's files
/// (`path` among them), `(path, text)`.
pub fn definition(files: &[(&str, &str)], path: &str, offset: usize) -> Option<Target> {
    let text = files.iter().find(|(p, _)| *p == path)?.1;
    let (named, _, _) = named_at(text, offset)?;
    match named {
        Named::Variable(name) => match crate::qualified::split_last(&name) {
            Some((class, variable)) => {
                let class = find_definition(files, class, &[Kind::Class])?;
                let class_text = files.iter().find(|(p, _)| *p == class.path)?.1;
                let body = class_body(class_text, class.start)?;
                variable_definition(class_text, variable, body.1, Some(body)).map(|(start, end)| {
                    Target {
                        path: class.path,
                        start,
                        end,
                    }
                })
            }
            None => variable_definition(text, &name, offset, None).map(|(start, end)| Target {
                path: path.to_string(),
                start,
                end,
            }),
        },
        Named::Name(name) => find_definition(files, &name, &[Kind::Class, Kind::Function]),
        Named::Type(word) => find_definition(files, &word, &[Kind::TypeAlias])
            .or_else(|| find_definition(files, &word.to_ascii_lowercase(), &[Kind::Class])),
        Named::HieraKey(key) => super::hiera_keys(files)
            .into_iter()
            .find(|k| k.key == key)
            .map(|k| Target {
                path: k.path,
                start: k.start,
                end: k.end,
            }),
        // `class { 'x': }`, `include 'x'`, `Class['x']`, `contain('x')`: the class.
        Named::ClassString(name) => find_definition(files, &name, &[Kind::Class]),
        Named::Definition(own) => Some(Target {
            path: path.to_string(),
            start: own.start,
            end: own.end,
        }),
    }
}

/// The definition of `name` among the environment's `.pp` files (a leading `::` is ignored).
pub(super) fn find_definition(
    files: &[(&str, &str)],
    name: &str,
    kinds: &[Kind],
) -> Option<Target> {
    with_definition(files, name, kinds, |path, _, _, own| {
        Some(Target {
            path: path.to_string(),
            start: own.span.start as usize,
            end: own.span.end as usize,
        })
    })
}

/// `read(path, text, definition, its name)` on the first definition of `name` among the `.pp` files.
pub(super) fn with_definition<R>(
    files: &[(&str, &str)],
    name: &str,
    kinds: &[Kind],
    read: impl Fn(&str, &str, &Expr, &Ident) -> Option<R>,
) -> Option<R> {
    let name = crate::qualified::trim_leading(name, "::");
    for (path, text) in files.iter().filter(|(p, _)| p.ends_with(".pp")) {
        let (program, _) = syntax::parse(text);
        if let Some((definition, own)) = defined_in(&program.body, name, kinds) {
            return read(path, text, definition, own);
        }
    }
    None
}

/// The definition of `name` (any case) of one of `kinds` in `body`.
fn defined_in<'a>(body: &'a [Expr], name: &str, kinds: &[Kind]) -> Option<(&'a Expr, &'a Ident)> {
    let found = each_definition(body, "", &mut |definition, own, full, kind| {
        if kinds.contains(&kind) && full.eq_ignore_ascii_case(name) {
            ControlFlow::Break((definition, own))
        } else {
            ControlFlow::Continue(())
        }
    });
    match found {
        ControlFlow::Break(definition) => Some(definition),
        ControlFlow::Continue(()) => None,
    }
}

/// The byte range of the body of the class whose name starts at `name_start`.
pub(super) fn class_body(text: &str, name_start: usize) -> Option<(usize, usize)> {
    let (program, _) = syntax::parse(text);
    fn find(body: &[Expr], at: usize) -> Option<(usize, usize)> {
        for expr in body {
            if let ExprKind::ClassDefinition(class) = &expr.kind {
                if class.name.span.start as usize == at {
                    return Some((class.name.span.end as usize, class.body.span.end as usize));
                }
                if let ExprKind::Block(inner) = &class.body.kind {
                    if let Some(found) = find(inner, at) {
                        return Some(found);
                    }
                }
            }
        }
        None
    }
    find(&program.body, name_start)
}

/// Where variable `name` gets its value, seen from `offset`: the nearest assignment (`$x =`) or
/// parameter (of a class, define, function or lambda) before it, else the first one after; within
/// `within` when given.
fn variable_definition(
    text: &str,
    name: &str,
    offset: usize,
    within: Option<(usize, usize)>,
) -> Option<(usize, usize)> {
    let tokens: Vec<TokenInfo> = syntax::tokens(text)
        .into_iter()
        .filter(|t| t.kind != "comment")
        .collect();
    let text_of = |t: &TokenInfo| &text[t.span.start as usize..t.span.end as usize];
    let mut defining = Vec::new();
    let mut in_pipes = false;
    let mut header_depth: Option<usize> = None;
    let mut parens = 0usize;
    for (i, token) in tokens.iter().enumerate() {
        let word = text_of(token);
        match word {
            "|" => in_pipes = !in_pipes,
            "(" => {
                parens += 1;
                let keyword_before =
                    i >= 2 && matches!(text_of(&tokens[i - 2]), "class" | "define" | "function");
                if keyword_before && header_depth.is_none() {
                    header_depth = Some(parens);
                }
            }
            ")" => {
                if header_depth == Some(parens) {
                    header_depth = None;
                }
                parens = parens.saturating_sub(1);
            }
            _ => {}
        }
        if token.kind != "variable" || word.trim_start_matches('$') != name {
            continue;
        }
        let next = tokens.get(i + 1).map(text_of);
        let assigned = next == Some("=");
        let parameter = in_pipes || header_depth.is_some();
        if assigned || parameter {
            defining.push((token.span.start as usize, token.span.end as usize));
        }
    }
    if let Some((from, to)) = within {
        defining.retain(|(start, _)| *start >= from && *start < to);
    }
    defining
        .iter()
        .rev()
        .find(|(start, _)| *start <= offset)
        .or_else(|| defining.first())
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    const INIT: &str =
        "class app(\n  Integer $port = 80,\n) {\n  $root = '/srv'\n  class inner { }\n}\n";
    const VHOST: &str = "define app::vhost(String $docroot) {\n  notice($docroot)\n}\n";
    const FUNCTION: &str = "function app::double(Integer $x) >> Integer { $x * 2 }\n";
    const ALIAS: &str = "type App::Port = Integer[1, 65535]\n";

    /// The definition of what is at `^` in the snippet, as `(path, defined text)`.
    fn at(marked: &str) -> Option<(String, String)> {
        let cursor = marked.find('^').expect("a cursor");
        let snippet = alloc::format!("{}{}", &marked[..cursor], &marked[cursor + 1..]);
        let files = [
            ("snippet.pp", snippet.as_str()),
            ("modules/app/manifests/init.pp", INIT),
            ("modules/app/manifests/vhost.pp", VHOST),
            ("modules/app/functions/double.pp", FUNCTION),
            ("modules/app/types/port.pp", ALIAS),
            ("data/common.yaml", "---\napp::port: 8080\n"),
        ];
        let target = definition(&files, "snippet.pp", cursor)?;
        let text = files.iter().find(|(p, _)| *p == target.path)?.1;
        Some((
            target.path.clone(),
            text[target.start..target.end].to_string(),
        ))
    }

    fn expect(path: &str, text: &str) -> Option<(String, String)> {
        Some((path.to_string(), text.to_string()))
    }

    #[test]
    fn classes_by_name_string_and_reference() {
        let init = expect("modules/app/manifests/init.pp", "app");
        assert_eq!(at("include a^pp"), init);
        assert_eq!(at("class { 'a^pp': port => 1 }"), init);
        assert_eq!(at("notice(Class['^app'])"), init);
        assert_eq!(
            at("include app::in^ner"),
            expect("modules/app/manifests/init.pp", "inner")
        );
    }

    #[test]
    fn defined_types_functions_and_aliases() {
        let vhost = expect("modules/app/manifests/vhost.pp", "app::vhost");
        assert_eq!(at("app::vh^ost { 'x': docroot => '/' }"), vhost);
        assert_eq!(at("notice(App::V^host['x'])"), vhost);
        assert_eq!(
            at("notice(app::dou^ble(2))"),
            expect("modules/app/functions/double.pp", "app::double")
        );
        assert_eq!(
            at("$p = 80 =~ App::P^ort"),
            expect("modules/app/types/port.pp", "App::Port")
        );
    }

    #[test]
    fn variables_local_parameters_and_qualified() {
        assert_eq!(at("$a = 1\n$b = $^a + 1"), expect("snippet.pp", "$a"));
        // The nearest assignment before the use.
        let marked = "$a = 1\n$a = 2\nnotice($^a)";
        let cursor = marked.find('^').unwrap_or(0);
        let snippet = marked.replace('^', "");
        let target = definition(&[("snippet.pp", snippet.as_str())], "snippet.pp", cursor);
        assert_eq!(target.map(|t| t.start), Some(7));
        assert_eq!(
            at("[1].each |$v| { notice($^v) }"),
            expect("snippet.pp", "$v")
        );
        assert_eq!(
            at("notice($app::r^oot)"),
            expect("modules/app/manifests/init.pp", "$root")
        );
        assert_eq!(
            at("notice($app::p^ort)"),
            expect("modules/app/manifests/init.pp", "$port")
        );
    }

    #[test]
    fn a_looked_up_key_in_the_data_files() {
        assert_eq!(
            at("lookup('app::p^ort')"),
            expect("data/common.yaml", "app::port")
        );
        assert_eq!(at("lookup('app::no^pe')"), None);
    }

    #[test]
    fn nothing_for_what_is_not_defined_here() {
        assert_eq!(at("include nope^"), None);
        assert_eq!(at("notice(^1)"), None);
        assert_eq!(at("# app^\n"), None);
        assert_eq!(at("notice($un^known)"), None);
    }
}
