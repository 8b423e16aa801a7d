//! Find references: every place in the environment's files that names what the token at an offset
//! names (a class or defined type, a function, a type alias, a variable, a looked-up Hiera key),
//! its definition included.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::definition::{find_definition, Target};
use super::named::{code_tokens, named_at, Kind, Named};
use super::scopes::{owning_scope, scopes, Scope};
use crate::syntax::TokenInfo;

/// Every reference to what is at byte `offset` of file `path` among `files` (`(path, text)`, `path`
/// among them), sorted by path then offset; empty when nothing is named there.
pub fn references(files: &[(&str, &str)], path: &str, offset: usize) -> Vec<Target> {
    let Some(text) = files.iter().find(|(p, _)| *p == path).map(|(_, t)| *t) else {
        return Vec::new();
    };
    let mut found = if path.ends_with(".pp") {
        named_at(text, offset)
            .map(|(named, _, _)| of_named(files, path, text, offset, named))
            .unwrap_or_default()
    } else {
        // A key of a data file.
        super::hiera_keys(files)
            .into_iter()
            .find(|k| k.path == path && k.start <= offset && offset <= k.end)
            .map(|k| hiera_key(files, &k.key))
            .unwrap_or_default()
    };
    crate::sort::sort_by(&mut found, &|a, b| {
        (&a.path, a.start).cmp(&(&b.path, b.start))
    });
    found.dedup_by(|a, b| a.path == b.path && a.start == b.start);
    found
}

fn of_named(
    files: &[(&str, &str)],
    path: &str,
    text: &str,
    offset: usize,
    named: Named,
) -> Vec<Target> {
    match named {
        Named::Variable(name) => match crate::qualified::split_last(&name) {
            Some((class, variable)) => class_variable(files, &class.to_ascii_lowercase(), variable),
            None => local_variable(files, path, text, &name, offset),
        },
        Named::Name(name) => {
            if find_definition(files, &name, &[Kind::Class]).is_some() {
                named_thing(files, &name, Kind::Class)
            } else if find_definition(files, &name, &[Kind::Function]).is_some()
                || called_at(text, offset)
            {
                named_thing(files, &name, Kind::Function)
            } else {
                named_thing(files, &name, Kind::Class)
            }
        }
        Named::Type(word) => {
            if find_definition(files, &word, &[Kind::TypeAlias]).is_some() {
                named_thing(files, &word, Kind::TypeAlias)
            } else {
                named_thing(files, &word.to_ascii_lowercase(), Kind::Class)
            }
        }
        Named::ClassString(name) => named_thing(files, &name, Kind::Class),
        Named::HieraKey(key) => hiera_key(files, &key),
        Named::Definition(own) => named_thing(files, &own.name, own.kind),
    }
}

/// Whether the name at `offset` is followed by `(` (a call).
fn called_at(text: &str, offset: usize) -> bool {
    let tokens = code_tokens(text);
    let at = tokens
        .iter()
        .position(|t| (t.span.start as usize) <= offset && offset <= t.span.end as usize);
    at.and_then(|i| tokens.get(i + 1))
        .and_then(|t| text.get(t.span.start as usize..t.span.end as usize))
        == Some("(")
}

/// The text of token `i`, empty past the end.
fn word<'t>(text: &'t str, tokens: &[TokenInfo], i: usize) -> &'t str {
    tokens
        .get(i)
        .and_then(|t| text.get(t.span.start as usize..t.span.end as usize))
        .unwrap_or("")
}

fn target(path: &str, start: usize, end: usize) -> Target {
    Target {
        path: path.to_string(),
        start,
        end,
    }
}

fn manifests<'f>(files: &'f [(&'f str, &'f str)]) -> impl Iterator<Item = &'f (&'f str, &'f str)> {
    files.iter().filter(|(p, _)| p.ends_with(".pp"))
}

/// The places that name class or defined type, function or type alias `name` (lower case for a
/// class or function): its definition, the bare names and types that spell it, and for a class
/// the quoted names where a class is expected.
fn named_thing(files: &[(&str, &str)], name: &str, kind: Kind) -> Vec<Target> {
    let name = crate::qualified::trim_leading(name, "::");
    let mut found: Vec<Target> = find_definition(files, name, &[kind]).into_iter().collect();
    for (path, text) in manifests(files) {
        let tokens = code_tokens(text);
        for (i, token) in tokens.iter().enumerate() {
            let (start, end) = (token.span.start as usize, token.span.end as usize);
            let w = word(text, &tokens, i);
            let spelled = crate::qualified::trim_leading(w, "::").eq_ignore_ascii_case(name);
            let matches = match (token.kind, kind) {
                // Not a definition's own name (the definition above is qualified), nor an
                // attribute (`name => ...`).
                ("name", Kind::Class | Kind::Function) => {
                    spelled
                        && i.checked_sub(1)
                            .map(|p| word(text, &tokens, p))
                            .is_none_or(|before| !matches!(before, "class" | "define" | "function"))
                        && !matches!(word(text, &tokens, i + 1), "=>" | "+>")
                }
                ("type", Kind::Class | Kind::TypeAlias) => {
                    spelled && i.checked_sub(1).map(|p| word(text, &tokens, p)) != Some("type")
                }
                ("string", Kind::Class) => {
                    let quoted = w.len() >= 2
                        && (w.starts_with('\'') && w.ends_with('\'')
                            || w.starts_with('"') && w.ends_with('"'));
                    if quoted
                        && crate::qualified::trim_leading(&w[1..w.len() - 1], "::")
                            .eq_ignore_ascii_case(name)
                        && names_a_class(text, &tokens, i)
                    {
                        found.push(target(path, start + 1, end - 1));
                    }
                    false
                }
                _ => false,
            };
            if matches {
                found.push(target(path, start, end));
            }
        }
    }
    found
}

/// Whether the string at token `i` stands where a class name is expected: `include 'x'`,
/// `contain('x')`, `require 'x'`, `class { 'x': }`, `Class['x']`, `inherits 'x'`.
fn names_a_class(text: &str, tokens: &[TokenInfo], i: usize) -> bool {
    let before = |n: usize| {
        i.checked_sub(n)
            .map(|p| word(text, tokens, p))
            .unwrap_or("")
    };
    let including =
        |w: &str| w == "inherits" || crate::functions::class_declaring_functions().any(|f| f == w);
    including(before(1))
        || (before(1) == "(" && including(before(2)))
        || (before(1) == "{" && before(2) == "class")
        || (before(1) == "[" && before(2).eq_ignore_ascii_case("class"))
}

/// Every `lookup('key')` of the manifests and the key in the data files.
fn hiera_key(files: &[(&str, &str)], key: &str) -> Vec<Target> {
    let mut found: Vec<Target> = super::hiera_keys(files)
        .into_iter()
        .filter(|k| k.key == key)
        .map(|k| target(&k.path, k.start, k.end))
        .collect();
    for (path, text) in manifests(files) {
        for token in code_tokens(text).iter().filter(|t| t.kind == "string") {
            let (start, end) = (token.span.start as usize, token.span.end as usize);
            let Some(w) = text.get(start..end) else {
                continue;
            };
            let quoted = w.len() >= 2
                && (w.starts_with('\'') && w.ends_with('\'')
                    || w.starts_with('"') && w.ends_with('"'));
            let looked_up = text
                .get(..start + 1)
                .and_then(super::hiera_keys::lookup_key_prefix)
                .is_some();
            if quoted && looked_up && &w[1..w.len() - 1] == key {
                found.push(target(path, start + 1, end - 1));
            }
        }
    }
    found
}

/// One `$name` token: its name (no `$`, no leading `::`), byte range, and whether it is assigned
/// (`$name = ...`).
struct Use {
    name: String,
    start: usize,
    end: usize,
    assigned: bool,
}

/// A manifest's variable tokens and scopes.
struct Variables {
    uses: Vec<Use>,
    scopes: Vec<Scope>,
}

impl Variables {
    fn of(text: &str) -> Self {
        let tokens = code_tokens(text);
        let uses = tokens
            .iter()
            .enumerate()
            .filter(|(_, t)| t.kind == "variable")
            .map(|(i, t)| Use {
                name: crate::qualified::trim_leading(
                    word(text, &tokens, i).trim_start_matches('$'),
                    "::",
                )
                .to_string(),
                start: t.span.start as usize,
                end: t.span.end as usize,
                assigned: word(text, &tokens, i + 1) == "=",
            })
            .collect();
        Variables {
            uses,
            scopes: scopes(text, &tokens),
        }
    }

    /// The starts of the assignments `$name = ...`.
    fn assigned(&self, name: &str) -> Vec<usize> {
        self.uses
            .iter()
            .filter(|u| u.assigned && u.name == name)
            .map(|u| u.start)
            .collect()
    }

    /// The ranges of the uses of local `name` whose scope is `scope`.
    fn in_scope(&self, name: &str, scope: Option<usize>) -> Vec<(usize, usize)> {
        let assigned = self.assigned(name);
        self.uses
            .iter()
            .filter(|u| u.name == name)
            .filter(|u| owning_scope(&self.scopes, name, u.start, &assigned) == scope)
            .map(|u| (u.start, u.end))
            .collect()
    }
}

/// The uses of local variable `name` in the scope it has at `offset` of `path`; when that scope is
/// a class's, also `$class::name` everywhere.
fn local_variable(
    files: &[(&str, &str)],
    path: &str,
    text: &str,
    name: &str,
    offset: usize,
) -> Vec<Target> {
    let variables = Variables::of(text);
    let assigned = variables.assigned(name);
    let scope = owning_scope(&variables.scopes, name, offset, &assigned);
    let mut found: Vec<Target> = variables
        .in_scope(name, scope)
        .into_iter()
        .map(|(start, end)| target(path, start, end))
        .collect();
    if let Some(class) = scope.and_then(|s| variables.scopes[s].class.clone()) {
        found.extend(qualified_uses(files, &class, name));
    }
    found
}

/// `$class::name` in every manifest, and `$name` in class `class`'s own scope.
fn class_variable(files: &[(&str, &str)], class: &str, name: &str) -> Vec<Target> {
    let mut found = qualified_uses(files, class, name);
    let Some(definition) = find_definition(files, class, &[Kind::Class]) else {
        return found;
    };
    let Some(text) = files
        .iter()
        .find(|(p, _)| *p == definition.path)
        .map(|(_, t)| *t)
    else {
        return found;
    };
    let variables = Variables::of(text);
    let own = variables
        .scopes
        .iter()
        .position(|s| s.class.as_deref() == Some(class) && s.start <= definition.start);
    if own.is_some() {
        found.extend(
            variables
                .in_scope(name, own)
                .into_iter()
                .map(|(start, end)| target(&definition.path, start, end)),
        );
    }
    found
}

/// Every `$class::name` (or `$::class::name`) in the manifests.
fn qualified_uses(files: &[(&str, &str)], class: &str, name: &str) -> Vec<Target> {
    let mut found = Vec::new();
    for (path, text) in manifests(files) {
        for used in Variables::of(text).uses {
            let same = crate::qualified::split_last(&used.name)
                .is_some_and(|(c, n)| n == name && c.eq_ignore_ascii_case(class));
            if same {
                found.push(target(path, used.start, used.end));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    const INIT: &str = "class app(\n  Integer $port = 80,\n) {\n  $root = \"/srv/${port}\"\n  notice($port, $root)\n  class inner { }\n}\n";
    const VHOST: &str = "define app::vhost(String $docroot) {\n  include app\n  notice($docroot, $app::port)\n  [1].each |$port| { notice($port) }\n}\n";
    const SNIPPET: &str = "include app
class { 'app': port => 1 }
contain('app::inner')
app::vhost { 'x': docroot => '/' }
notice(App::Vhost['x'], Class['app'], Class[app])
$d = app::double(2) + $a.app::double
$a = 1
[1].each |$v| { $b = $a + $v; notice($b) }
$b = 2
notice($b, $app::port, \"${b}\")
$port = lookup('app::port')
$q = lookup(\"app::port\") =~ App::Port
";

    fn files() -> [(&'static str, &'static str); 6] {
        [
            ("snippet.pp", SNIPPET),
            ("modules/app/manifests/init.pp", INIT),
            ("modules/app/manifests/vhost.pp", VHOST),
            (
                "modules/app/functions/double.pp",
                "function app::double(Integer $x) >> Integer { $x * 2 }\n",
            ),
            (
                "modules/app/types/port.pp",
                "type App::Port = Integer[1, 65535]\n",
            ),
            ("data/common.yaml", "---\napp::port: 8080\n"),
        ]
    }

    /// The byte offset of 1-based `line` and `column` of `text`.
    fn offset_of(text: &str, line: usize, column: usize) -> usize {
        let line_start: usize = text
            .split_inclusive('\n')
            .take(line - 1)
            .map(str::len)
            .sum();
        line_start + column - 1
    }

    /// The references from `path` at `line`:`column`, as `(path, line, column, text)`.
    fn refs_at(
        files: &[(&str, &str)],
        path: &str,
        line: usize,
        column: usize,
    ) -> Vec<(String, usize, usize, String)> {
        let text = files
            .iter()
            .find(|(p, _)| *p == path)
            .map(|(_, t)| *t)
            .unwrap_or("");
        references(files, path, offset_of(text, line, column))
            .into_iter()
            .map(|t| {
                let text = files
                    .iter()
                    .find(|(p, _)| *p == t.path)
                    .map(|(_, t)| *t)
                    .unwrap_or("");
                let before = &text[..t.start];
                let line = before.matches('\n').count() + 1;
                let column = t.start - before.rfind('\n').map_or(0, |n| n + 1) + 1;
                (
                    t.path.clone(),
                    line,
                    column,
                    text[t.start..t.end].to_string(),
                )
            })
            .collect()
    }

    fn at(path: &str, line: usize, column: usize) -> Vec<(String, usize, usize, String)> {
        refs_at(&files(), path, line, column)
    }

    fn place(path: &str, line: usize, column: usize, text: &str) -> (String, usize, usize, String) {
        (path.to_string(), line, column, text.to_string())
    }

    const S: &str = "snippet.pp";
    const INIT_PP: &str = "modules/app/manifests/init.pp";
    const VHOST_PP: &str = "modules/app/manifests/vhost.pp";

    #[test]
    fn a_class_from_its_uses_strings_references_and_definition() {
        let app = vec![
            place(INIT_PP, 1, 7, "app"),
            place(VHOST_PP, 2, 11, "app"),
            place(S, 1, 9, "app"),
            place(S, 2, 10, "app"),
            place(S, 5, 32, "app"),
            place(S, 5, 45, "app"),
        ];
        assert_eq!(at(S, 1, 10), app);
        assert_eq!(at(S, 2, 11), app);
        assert_eq!(at(S, 5, 32), app);
        assert_eq!(at(S, 5, 46), app);
        assert_eq!(at(INIT_PP, 1, 8), app);
        assert_eq!(at(VHOST_PP, 2, 11), app);
        let inner = vec![place(INIT_PP, 6, 9, "inner"), place(S, 3, 10, "app::inner")];
        assert_eq!(at(S, 3, 12), inner);
        assert_eq!(at(INIT_PP, 6, 10), inner);
    }

    #[test]
    fn inherits_require_contain_and_a_leading_colon_pair() {
        let files = [
            ("a.pp", "class base { }\nclass child inherits base { }\n"),
            ("b.pp", "require base\nrequire('base')\ninclude ::Base\n"),
        ];
        let base = vec![
            place("a.pp", 1, 7, "base"),
            place("a.pp", 2, 22, "base"),
            place("b.pp", 1, 9, "base"),
            place("b.pp", 2, 10, "base"),
            place("b.pp", 3, 9, "::Base"),
        ];
        assert_eq!(refs_at(&files, "b.pp", 2, 11), base);
        assert_eq!(refs_at(&files, "a.pp", 2, 23), base);
    }

    #[test]
    fn defined_types_functions_and_type_aliases() {
        let vhost = vec![
            place(VHOST_PP, 1, 8, "app::vhost"),
            place(S, 4, 1, "app::vhost"),
            place(S, 5, 8, "App::Vhost"),
        ];
        assert_eq!(at(S, 5, 10), vhost);
        assert_eq!(at(VHOST_PP, 1, 9), vhost);
        let double = vec![
            place("modules/app/functions/double.pp", 1, 10, "app::double"),
            place(S, 6, 6, "app::double"),
            place(S, 6, 26, "app::double"),
        ];
        assert_eq!(at(S, 6, 8), double);
        assert_eq!(at(S, 6, 30), double);
        let port = vec![
            place("modules/app/types/port.pp", 1, 6, "App::Port"),
            place(S, 12, 29, "App::Port"),
        ];
        assert_eq!(at(S, 12, 31), port);
        assert_eq!(at("modules/app/types/port.pp", 1, 7), port);
    }

    #[test]
    fn local_variables_by_scope() {
        // `$b` assigned inside the lambda is the lambda's own.
        assert_eq!(
            at(S, 8, 38),
            vec![place(S, 8, 17, "$b"), place(S, 8, 38, "$b")]
        );
        let top_b = vec![
            place(S, 9, 1, "$b"),
            place(S, 10, 8, "$b"),
            place(S, 10, 27, "b"),
        ];
        assert_eq!(at(S, 9, 2), top_b);
        assert_eq!(at(S, 10, 27), top_b);
        // The lambda sees the top scope's `$a`; its parameter `$v` is its own.
        let a = vec![
            place(S, 6, 23, "$a"),
            place(S, 7, 1, "$a"),
            place(S, 8, 22, "$a"),
        ];
        assert_eq!(at(S, 8, 23), a);
        assert_eq!(
            at(S, 8, 12),
            vec![place(S, 8, 11, "$v"), place(S, 8, 27, "$v")]
        );
        // A define's parameter; a lambda's parameter shadowing nothing of the define.
        assert_eq!(
            at(VHOST_PP, 3, 12),
            vec![
                place(VHOST_PP, 1, 26, "$docroot"),
                place(VHOST_PP, 3, 10, "$docroot")
            ]
        );
        assert_eq!(
            at(VHOST_PP, 4, 30),
            vec![
                place(VHOST_PP, 4, 13, "$port"),
                place(VHOST_PP, 4, 29, "$port")
            ]
        );
    }

    #[test]
    fn a_class_variable_qualified_and_inside_its_class() {
        let port = vec![
            place(INIT_PP, 2, 11, "$port"),
            place(INIT_PP, 4, 19, "port"),
            place(INIT_PP, 5, 10, "$port"),
            place(VHOST_PP, 3, 20, "$app::port"),
            place(S, 10, 12, "$app::port"),
        ];
        assert_eq!(at(S, 10, 14), port);
        assert_eq!(at(INIT_PP, 5, 11), port);
        assert_eq!(at(VHOST_PP, 3, 25), port);
        // The snippet's own top-scope `$port` is another variable.
        assert_eq!(at(S, 11, 2), vec![place(S, 11, 1, "$port")]);
    }

    #[test]
    fn a_hiera_key_in_lookups_and_data_files() {
        let key = vec![
            place("data/common.yaml", 2, 1, "app::port"),
            place(S, 11, 17, "app::port"),
            place(S, 12, 14, "app::port"),
        ];
        assert_eq!(at(S, 11, 20), key);
        assert_eq!(at(S, 12, 14), key);
        assert_eq!(at("data/common.yaml", 2, 3), key);
    }

    #[test]
    fn nothing_where_nothing_is_named() {
        assert_eq!(at(S, 7, 4), vec![]);
        assert_eq!(at(S, 7, 6), vec![]);
        assert_eq!(
            refs_at(&[("a.pp", "# include app\n")], "a.pp", 1, 12),
            vec![]
        );
        assert_eq!(at("nope.pp", 1, 1), vec![]);
    }

    #[test]
    fn never_panics_at_any_offset() {
        let mut files = files().to_vec();
        files.push((
            "u.pp",
            "$é = 'ü'\nnotice(\"${é} $x\", lookup('é'))\nclass { 'ö': }\n",
        ));
        files.push(("broken.pp", "class { [1].each |$x { $x\n\"${ \nlookup('"));
        for (path, text) in files.clone() {
            for offset in 0..=text.len() + 2 {
                let _ = references(&files, path, offset);
            }
        }
    }
}
