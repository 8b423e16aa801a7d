//! Completion at an offset: what may be typed there, read from the text before the cursor and what
//! the engine knows (keywords, functions and their signatures, data types, resource types and
//! their attributes, classes, variables in the file, the node's facts).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::docs;
use crate::syntax::{self, TokenInfo};
use crate::text::TrimBy;
use crate::types::resource_types::{METAPARAMETERS, RESOURCE_TYPES};
use crate::value::Value;

crate::named_enum! {
    /// What a completion names.
    pub enum CompletionKind {
        Keyword => "keyword",
        Function => "function",
        Type => "type",
        ResourceType => "resource",
        Attribute => "attribute",
        Variable => "variable",
        Class => "class",
        /// A key of the node's facts, inside `$facts['...']`.
        Fact => "fact",
        /// A key of the environment's Hiera data, inside `lookup('...')`.
        HieraKey => "hiera",
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Completion {
    pub label: String,
    pub kind: CompletionKind,
    /// A function's signatures, a variable's origin, a fact's value...
    pub detail: Option<String>,
}

/// The completions at an offset: they replace the text from `from` (a byte offset) to the cursor.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Completions {
    pub from: usize,
    pub items: Vec<Completion>,
}

/// What the editor knows beyond the text: the node's facts, the names the environment defines.
#[derive(Debug, Clone, Default)]
pub struct Knowledge {
    /// The node's facts (a hash), for `$facts['...']` and the top-scope fact variables.
    pub facts: Option<Value>,
    /// Classes the environment's modules define (from their files' paths), e.g. `apache::vhost`.
    pub classes: Vec<String>,
    /// Functions the environment's modules define in Puppet.
    pub functions: Vec<String>,
    /// The keys of the environment's Hiera data files.
    pub hiera_keys: Vec<super::HieraKey>,
    /// The environment's manifests, `(path, text)`: the parameters of its classes and defined types.
    pub manifests: Vec<(String, String)>,
}

impl Knowledge {
    /// Add the classes and functions an environment's files define by Puppet's naming rules:
    /// `modules/<m>/manifests/init.pp` is class `<m>`, `modules/<m>/manifests/a/b.pp` is `<m>::a::b`,
    /// `modules/<m>/functions/f.pp` is function `<m>::f` (and `site-modules/` likewise).
    pub fn add_environment_paths<'p>(&mut self, paths: impl IntoIterator<Item = &'p str>) {
        for path in paths {
            let parts: Vec<&str> = path.split('/').collect();
            let [root, module, kind, rest @ ..] = parts.as_slice() else {
                continue;
            };
            if !matches!(*root, "modules" | "site-modules" | "site") || rest.is_empty() {
                continue;
            }
            let Some(last) = rest.last().and_then(|f| f.strip_suffix(".pp")) else {
                continue;
            };
            let mut name = String::from(*module);
            for part in &rest[..rest.len() - 1] {
                name.push_str("::");
                name.push_str(part);
            }
            match *kind {
                "manifests" if rest.len() == 1 && last == "init" => {}
                "manifests" | "functions" => {
                    name.push_str("::");
                    name.push_str(last);
                }
                _ => continue,
            }
            if *kind == "functions" {
                self.functions.push(name);
            } else {
                self.classes.push(name);
            }
        }
    }
}

const KEYWORDS: &[&str] = &[
    "and",
    "application",
    "attr",
    "case",
    "class",
    "consumes",
    "default",
    "define",
    "else",
    "elsif",
    "false",
    "function",
    "if",
    "import",
    "in",
    "inherits",
    "node",
    "or",
    "plan",
    "private",
    "produces",
    "site",
    "true",
    "type",
    "undef",
    "unless",
];

/// Variables every manifest has.
const BUILT_IN_VARIABLES: &[&str] = &[
    "facts",
    "trusted",
    "server_facts",
    "environment",
    "module_name",
    "name",
    "title",
];

/// At most this many items are answered (the editor filters them further as the user types).
const MAX_ITEMS: usize = 400;

/// The completions of `source` at byte offset `offset`.
pub fn complete(source: &str, offset: usize, known: &Knowledge) -> Completions {
    let offset = floor_char_boundary(source, offset.min(source.len()));
    let before = &source[..offset];
    if let Some(found) = facts_key(before, known) {
        return found;
    }
    if let Some(typed) = super::hiera_keys::lookup_key_prefix(before) {
        let mut items = Vec::new();
        for key in &known.hiera_keys {
            push(
                &mut items,
                &key.key,
                CompletionKind::HieraKey,
                Some(key.path.clone()),
            );
        }
        return finish(offset - typed.len(), typed, items);
    }
    let tokens = syntax::tokens(source);
    if let Some((from, typed)) = class_title(&tokens, source, offset) {
        let mut items = Vec::new();
        for class in &known.classes {
            push(&mut items, class, CompletionKind::Class, None);
        }
        return finish(from, typed, items);
    }
    if inside(
        &tokens,
        source,
        offset,
        &["comment", "string", "heredoc", "regex"],
    ) {
        return Completions {
            from: offset,
            items: Vec::new(),
        };
    }
    let word_start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
        .last()
        .map_or(offset, |(i, _)| i);
    let word = &before[word_start..];
    let mut items = Vec::new();
    if before[..word_start].ends_with('$') {
        variables(source, &tokens, offset, known, &mut items);
        return finish(word_start, word, items);
    }
    if let Some((type_name, title)) = resource_body(&tokens, source, word_start) {
        let manifests: Vec<(&str, &str)> = known
            .manifests
            .iter()
            .map(|(p, t)| (p.as_str(), t.as_str()))
            .collect();
        // `class { 'app': }` takes class app's parameters; `app::vhost { 'x': }` the define's.
        let defined = if type_name == "class" {
            title
        } else {
            Some(type_name.clone())
        };
        if let Some(name) = defined {
            for (parameter, shown) in super::described::parameters(&manifests, &name) {
                push(
                    &mut items,
                    &parameter,
                    CompletionKind::Attribute,
                    Some(shown),
                );
            }
        }
        attributes(&type_name, &mut items);
        return finish(word_start, word, items);
    }
    if word.starts_with(|c: char| c.is_ascii_uppercase()) {
        types(&mut items);
    } else {
        for keyword in KEYWORDS {
            push(&mut items, keyword, CompletionKind::Keyword, None);
        }
        functions(known, &mut items);
        for (name, ..) in RESOURCE_TYPES {
            push(&mut items, name, CompletionKind::ResourceType, None);
        }
        for class in &known.classes {
            push(&mut items, class, CompletionKind::Class, None);
        }
    }
    finish(word_start, word, items)
}

/// The items whose label starts with what was typed, sorted by label, deduplicated, capped.
fn finish(from: usize, typed: &str, mut items: Vec<Completion>) -> Completions {
    items.retain(|item| item.label.starts_with(typed));
    crate::sort::sort_by(&mut items, &|a, b| a.label.cmp(&b.label));
    items.dedup_by(|a, b| a.label == b.label && a.kind == b.kind);
    items.truncate(MAX_ITEMS);
    Completions { from, items }
}

fn push(items: &mut Vec<Completion>, label: &str, kind: CompletionKind, detail: Option<String>) {
    items.push(Completion {
        label: label.to_string(),
        kind,
        detail,
    });
}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Whether `offset` is inside a token of one of `kinds` (a comment runs to its line's end, so its
/// end is inside it; a string's closing quote ends it).
fn inside(tokens: &[TokenInfo], source: &str, offset: usize, kinds: &[&str]) -> bool {
    tokens.iter().any(|t| {
        let (start, end) = (t.span.start as usize, t.span.end as usize);
        kinds.contains(&t.kind)
            && start < offset
            && (offset < end || (offset == end && t.kind == "comment"))
    }) || (kinds.contains(&"string") && open_string(tokens, source, offset).is_some())
}

/// Where a string the lexer could not close (it is being typed) opens, when `offset` is inside it:
/// the lexer stops at it, so it is the text after the last token.
fn open_string(tokens: &[TokenInfo], source: &str, offset: usize) -> Option<usize> {
    let after = tokens
        .iter()
        .filter(|t| t.span.end as usize <= offset)
        .map(|t| t.span.end as usize)
        .max()
        .unwrap_or(0);
    let rest = source.get(after..offset)?;
    let trimmed = rest.trim_start();
    let quote = trimmed.chars().next().filter(|c| matches!(c, '\'' | '"'))?;
    let opens = after + (rest.len() - trimmed.len());
    (!trimmed[1..].contains(quote)).then_some(opens)
}

fn functions(known: &Knowledge, items: &mut Vec<Completion>) {
    for name in docs::function_names() {
        push(
            items,
            name,
            CompletionKind::Function,
            docs::signature_text(name),
        );
    }
    for name in &known.functions {
        push(items, name, CompletionKind::Function, None);
    }
}

fn types(items: &mut Vec<Completion>) {
    for name in crate::eval::type_names() {
        push(items, name, CompletionKind::Type, None);
    }
    for (name, ..) in RESOURCE_TYPES {
        let mut capitalized = String::new();
        for (i, part) in name.split("::").enumerate() {
            if i > 0 {
                capitalized.push_str("::");
            }
            let mut chars = part.chars();
            if let Some(first) = chars.next() {
                capitalized.push(first.to_ascii_uppercase());
                capitalized.push_str(chars.as_str());
            }
        }
        push(items, &capitalized, CompletionKind::ResourceType, None);
    }
}

/// The type of the resource whose body holds `at`, and its first title when that is a literal
/// string, when `at` is where an attribute name goes: after the title's `:`, a `,` or a `;` of
/// `type { 'title': ... }`.
fn resource_body(
    tokens: &[TokenInfo],
    source: &str,
    at: usize,
) -> Option<(String, Option<String>)> {
    let text = |t: &TokenInfo| &source[t.span.start as usize..t.span.end as usize];
    let before: Vec<&TokenInfo> = tokens
        .iter()
        .filter(|t| t.kind != "comment" && (t.span.end as usize) <= at)
        .collect();
    let last = before.last()?;
    if !matches!(text(last), ":" | "," | ";") {
        return None;
    }
    // The innermost `{` still open before the cursor, and whether a title's `:` came after it.
    let mut depth = 0usize;
    let mut saw_colon = false;
    for (i, token) in before.iter().enumerate().rev() {
        match text(token) {
            "}" | "]" | ")" => depth += 1,
            "[" | "(" if depth > 0 => depth -= 1,
            "[" | "(" => return None,
            "{" if depth > 0 => depth -= 1,
            "{" => {
                let owner = before.get(i.checked_sub(1)?)?;
                let name = text(owner);
                let is_type = owner.kind == "name" || (owner.kind == "keyword" && name == "class");
                let title = before.get(i + 1).filter(|t| t.kind == "string").map(|t| {
                    text(t)
                        .trim_by(&|c| c == '\'' || c == '"')
                        .to_ascii_lowercase()
                });
                return (is_type && saw_colon).then(|| {
                    (
                        crate::qualified::trim_leading(name, "::").to_ascii_lowercase(),
                        title,
                    )
                });
            }
            ":" if depth == 0 => saw_colon = true,
            _ => {}
        }
    }
    None
}

/// Inside the title string of `class { '...`: where the class name typed so far starts, and it.
fn class_title<'s>(tokens: &[TokenInfo], source: &'s str, at: usize) -> Option<(usize, &'s str)> {
    let closed = tokens.iter().position(|t| {
        t.kind == "string" && (t.span.start as usize) < at && at < t.span.end as usize
    });
    let (quote_at, before) = match closed {
        Some(index) => (tokens[index].span.start as usize, index),
        None => {
            let opens = open_string(tokens, source, at)?;
            (
                opens,
                tokens
                    .iter()
                    .take_while(|t| (t.span.end as usize) <= opens)
                    .count(),
            )
        }
    };
    let word = |i: usize| {
        tokens
            .get(i)
            .map(|t| &source[t.span.start as usize..t.span.end as usize])
    };
    let opened = before.checked_sub(1).and_then(word) == Some("{")
        && before.checked_sub(2).and_then(word) == Some("class");
    let from = quote_at + 1;
    opened.then(|| (from, &source[from..at]))
}

fn attributes(type_name: &str, items: &mut Vec<Completion>) {
    if let Some((_, keys, _, others)) = RESOURCE_TYPES.iter().find(|(n, ..)| *n == type_name) {
        for name in keys
            .split(' ')
            .chain(others.split(' '))
            .filter(|n| !n.is_empty())
        {
            push(items, name, CompletionKind::Attribute, None);
        }
        push(items, "name", CompletionKind::Attribute, None);
    }
    for name in METAPARAMETERS.split(' ').filter(|n| !n.is_empty()) {
        push(
            items,
            name,
            CompletionKind::Attribute,
            Some("metaparameter".into()),
        );
    }
}

/// Variables: those the file assigns or declares as parameters before the cursor, the built-in
/// ones, and the node's facts as top-scope variables.
fn variables(
    source: &str,
    tokens: &[TokenInfo],
    offset: usize,
    known: &Knowledge,
    items: &mut Vec<Completion>,
) {
    for token in tokens
        .iter()
        .filter(|t| t.kind == "variable" && (t.span.end as usize) < offset)
    {
        let name =
            source[token.span.start as usize..token.span.end as usize].trim_start_matches('$');
        if !name.is_empty() {
            push(items, name, CompletionKind::Variable, None);
        }
    }
    for name in BUILT_IN_VARIABLES {
        push(
            items,
            name,
            CompletionKind::Variable,
            Some("built-in".into()),
        );
    }
    if let Some(Value::Hash(facts)) = &known.facts {
        for (key, _) in facts.iter() {
            if let Value::String(name) = key {
                push(items, name, CompletionKind::Variable, Some("fact".into()));
            }
        }
    }
}

/// Inside `$facts['a']['b']['` (quotes of either kind): the keys of the facts at that path.
fn facts_key(before: &str, known: &Knowledge) -> Option<Completions> {
    let start = crate::qualified::rfind_text(before, "$facts")?;
    let mut rest = &before[start + "$facts".len()..];
    let mut value = known.facts.as_ref()?;
    loop {
        rest = rest.trim_start();
        let inner = rest.strip_prefix('[')?.trim_start();
        let quote = inner.chars().next().filter(|c| *c == '\'' || *c == '"')?;
        let body = &inner[1..];
        match body.find(quote) {
            // The key being typed: complete it.
            None => {
                if body.contains(['[', ']', '\n']) {
                    return None;
                }
                let Value::Hash(hash) = value else {
                    return None;
                };
                let from = before.len() - body.len();
                let mut items = Vec::new();
                for (key, fact) in hash.iter() {
                    if let Value::String(name) = key {
                        let detail = crate::value::programmatic_prefix(fact, 60);
                        push(
                            &mut items,
                            name,
                            CompletionKind::Fact,
                            Some(cut(detail, 60)),
                        );
                    }
                }
                return Some(finish(from, body, items));
            }
            Some(end) => {
                let key = &body[..end];
                let after = body[end + 1..].trim_start();
                rest = after.strip_prefix(']')?;
                let Value::Hash(hash) = value else {
                    return None;
                };
                value = hash.get(&Value::string(key))?;
            }
        }
    }
}

fn cut(text: String, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => alloc::format!("{}…", &text[..at]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;

    /// Completions at the `|` of `marked` (which is taken out).
    fn at(marked: &str, known: &Knowledge) -> (usize, Completions) {
        let cursor = marked.find('|').expect("a cursor");
        let source = alloc::format!("{}{}", &marked[..cursor], &marked[cursor + 1..]);
        (cursor, complete(&source, cursor, known))
    }

    fn labels(completions: &Completions, kind: CompletionKind) -> Vec<&str> {
        completions
            .items
            .iter()
            .filter(|c| c.kind == kind)
            .map(|c| c.label.as_str())
            .collect()
    }

    fn facts() -> Knowledge {
        let outcome = crate::evaluate(
            "{'os' => {'family' => 'Debian', 'name' => 'Debian', 'release' => {'major' => '12'}}, 'networking' => {}}",
            &crate::EvalOptions::default(),
        );
        Knowledge {
            facts: outcome.value,
            ..Knowledge::default()
        }
    }

    #[test]
    fn a_function_name_is_offered_with_its_signature() {
        let (cursor, found) = at("$x = mer|", &Knowledge::default());
        assert_eq!(found.from, cursor - 3);
        let merge = found
            .items
            .iter()
            .find(|c| c.label == "merge")
            .expect("merge");
        assert_eq!(merge.kind, CompletionKind::Function);
        #[cfg(feature = "stdlib")]
        assert!(
            merge
                .detail
                .as_deref()
                .is_some_and(|d| d.starts_with("merge(")),
            "{merge:?}"
        );
        // Only names that start with what was typed.
        assert!(found.items.iter().all(|c| c.label.starts_with("mer")));
    }

    #[test]
    fn a_declared_built_in_shows_every_dispatch() {
        let (_, found) = at("versionc|", &Knowledge::default());
        let detail = found.items[0].detail.clone().unwrap_or_default();
        assert!(
            detail.starts_with(
                "versioncmp(String $a, String $b, Optional[Boolean] $ignore_trailing_zeroes)"
            ),
            "{detail}"
        );
    }

    #[test]
    fn keys_of_the_facts_inside_facts_access() {
        let known = facts();
        let (cursor, found) = at("$facts['os']['|", &known);
        assert_eq!(found.from, cursor);
        assert_eq!(
            labels(&found, CompletionKind::Fact),
            ["family", "name", "release"]
        );
        let (_, found) = at("notice($facts[\"os\"][\"release\"][\"ma|", &known);
        assert_eq!(labels(&found, CompletionKind::Fact), ["major"]);
        let (_, found) = at("$facts['n|", &known);
        assert_eq!(labels(&found, CompletionKind::Fact), ["networking"]);
        // A path the facts do not have: nothing.
        let (_, found) = at("$facts['nope']['|", &known);
        assert!(found.items.iter().all(|c| c.kind != CompletionKind::Fact));
    }

    #[test]
    fn attributes_inside_a_resource_body() {
        let (_, found) = at("file { '/tmp/x':\n  ens|", &Knowledge::default());
        assert_eq!(labels(&found, CompletionKind::Attribute), ["ensure"]);
        let (_, found) = at(
            "service { 'web':\n  ensure => running,\n  |",
            &Knowledge::default(),
        );
        let names = labels(&found, CompletionKind::Attribute);
        for expected in [
            "enable",
            "hasrestart",
            "before",
            "notify",
            "require",
            "subscribe",
        ] {
            assert!(names.contains(&expected), "{expected} in {names:?}");
        }
        // Where a value goes, no attribute names.
        let (_, found) = at("service { 'web':\n  ensure => |", &Knowledge::default());
        assert!(labels(&found, CompletionKind::Attribute).is_empty());
        // Inside a hash of a resource's value, neither.
        let (_, found) = at("file { 'x': content => { a => 1, |", &Knowledge::default());
        assert!(labels(&found, CompletionKind::Attribute).is_empty());
    }

    fn environment() -> Knowledge {
        let mut known = Knowledge {
            manifests: alloc::vec![
                (
                    "modules/app/manifests/init.pp".into(),
                    "class app(Integer $port = 80, String $root) { }".into(),
                ),
                (
                    "modules/app/manifests/vhost.pp".into(),
                    "define app::vhost(String $docroot) { }".into(),
                ),
            ],
            ..Knowledge::default()
        };
        known.add_environment_paths([
            "modules/app/manifests/init.pp",
            "modules/app/manifests/vhost.pp",
        ]);
        known
    }

    #[test]
    fn a_class_s_name_in_its_title_and_then_its_parameters() {
        let known = environment();
        let (cursor, found) = at("class { 'ap|", &known);
        assert_eq!(found.from, cursor - 2);
        assert_eq!(labels(&found, CompletionKind::Class), ["app", "app::vhost"]);
        // The editor closes the quote as it opens it.
        let (cursor, found) = at("class { 'app::|': }", &known);
        assert_eq!(found.from, cursor - 5);
        assert_eq!(labels(&found, CompletionKind::Class), ["app::vhost"]);
        let (_, found) = at("class { 'app':\n  |", &known);
        let names = labels(&found, CompletionKind::Attribute);
        assert!(names.starts_with(&["alias", "audit"]), "{names:?}");
        assert!(
            names.contains(&"port") && names.contains(&"root"),
            "{names:?}"
        );
        let port = found
            .items
            .iter()
            .find(|c| c.label == "port")
            .expect("port");
        assert_eq!(port.detail.as_deref(), Some("Integer $port = 80"));
        // A title that is not a string names no class; other strings are not class titles.
        let (_, found) = at("class { $x:\n  |", &known);
        assert!(!labels(&found, CompletionKind::Attribute).contains(&"port"));
        let (_, found) = at("notify { 'ap|", &known);
        assert!(found.items.is_empty());
    }

    #[test]
    fn a_defined_type_s_parameters_in_its_body() {
        let (_, found) = at("app::vhost { 'x':\n  doc|", &environment());
        assert_eq!(labels(&found, CompletionKind::Attribute), ["docroot"]);
    }

    #[test]
    fn variables_assigned_before_the_cursor_and_the_built_in_ones() {
        let known = facts();
        let (cursor, found) = at("$greeting = 'hi'\nnotice($gr|)\n$grand = 1", &known);
        assert_eq!(found.from, cursor - 2);
        assert_eq!(labels(&found, CompletionKind::Variable), ["greeting"]);
        let (_, found) = at("notice($|)", &known);
        let names = labels(&found, CompletionKind::Variable);
        for expected in ["facts", "trusted", "os", "networking"] {
            assert!(names.contains(&expected), "{expected} in {names:?}");
        }
    }

    #[test]
    fn a_capitalized_word_is_a_type() {
        let (_, found) = at("$x = Int|", &Knowledge::default());
        assert_eq!(labels(&found, CompletionKind::Type), ["Integer"]);
        let (_, found) = at("Fi|", &Knowledge::default());
        assert_eq!(
            labels(&found, CompletionKind::ResourceType),
            ["File", "Filebucket"]
        );
    }

    #[test]
    fn nothing_inside_strings_and_comments() {
        assert!(at("notice('mer|')", &Knowledge::default())
            .1
            .items
            .is_empty());
        assert!(at("# mer|\n", &Knowledge::default()).1.items.is_empty());
    }

    #[test]
    fn the_environment_s_classes_and_functions() {
        let known = Knowledge {
            classes: alloc::vec!["apache::vhost".into()],
            functions: alloc::vec!["apache::pw_hash".into()],
            ..Knowledge::default()
        };
        let (_, found) = at("include apache::v|", &known);
        assert_eq!(labels(&found, CompletionKind::Class), ["apache::vhost"]);
        let (_, found) = at("apache::p|", &known);
        assert_eq!(
            labels(&found, CompletionKind::Function),
            ["apache::pw_hash"]
        );
    }

    #[test]
    fn class_and_function_names_from_the_environment_s_paths() {
        let mut known = Knowledge::default();
        known.add_environment_paths([
            "modules/apache/manifests/init.pp",
            "modules/apache/manifests/mod/ssl.pp",
            "modules/apache/functions/bool2httpd.pp",
            "modules/apache/templates/x.erb",
            "manifests/site.pp",
            "data/common.yaml",
        ]);
        assert_eq!(known.classes, ["apache", "apache::mod::ssl"]);
        assert_eq!(known.functions, ["apache::bool2httpd"]);
    }

    #[test]
    fn hiera_keys_inside_lookup() {
        let known = Knowledge {
            hiera_keys: super::super::hiera_keys(&[(
                "data/common.yaml",
                "app::port: 1\napp::name: x\nother: 2\n",
            )]),
            ..Knowledge::default()
        };
        let (cursor, found) = at("$p = lookup('app::|", &known);
        assert_eq!(found.from, cursor - 5);
        assert_eq!(
            labels(&found, CompletionKind::HieraKey),
            ["app::name", "app::port"]
        );
        assert_eq!(found.items[0].detail.as_deref(), Some("data/common.yaml"));
    }

    #[test]
    fn any_offset_is_safe() {
        let source = "$é = 'ü'\nfile { 'x': ensure => $é }";
        for offset in 0..=source.len() + 2 {
            let _ = complete(source, offset, &facts());
        }
    }
}
