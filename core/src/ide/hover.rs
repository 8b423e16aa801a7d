//! What hover says about the name at an offset, from what the engine knows without running: a
//! function's signatures and description, a resource type's attributes, a data type's parameters,
//! and the environment's classes, defined types, functions and type aliases as they are written.

use alloc::string::String;
use alloc::vec::Vec;

use super::definition::Kind;
use super::described::definition_docs;
use crate::syntax;
use crate::text::TrimBy;
use crate::types::resource_types::{METAPARAMETERS, RESOURCE_TYPES};

/// The documentation of the name at byte `offset` of file `path` among `files` (`(path, text)`):
/// `(start, end, text)` with the name's byte range, or `None` where there is nothing to say.
pub fn docs_at(
    files: &[(&str, &str)],
    path: &str,
    offset: usize,
) -> Option<(usize, usize, String)> {
    let source = files.iter().find(|(p, _)| *p == path)?.1;
    let tokens: Vec<_> = syntax::tokens(source)
        .into_iter()
        .filter(|t| t.kind != "comment")
        .collect();
    let index = tokens.iter().position(|t| {
        (t.span.start as usize) <= offset
            && offset < t.span.end as usize
            && matches!(t.kind, "name" | "type" | "string")
    })?;
    let token = &tokens[index];
    let (start, end) = (token.span.start as usize, token.span.end as usize);
    let word = &source[start..end];
    let lower = crate::qualified::trim_leading(word, "::").to_ascii_lowercase();
    let called = tokens
        .get(index + 1)
        .is_some_and(|next| &source[next.span.start as usize..next.span.end as usize] == "(");
    // `file { ... }` declares a resource: the type, not the function of the same name.
    let declared = tokens
        .get(index + 1)
        .is_some_and(|next| &source[next.span.start as usize..next.span.end as usize] == "{");
    let text = match token.kind {
        "name" if declared => resource_type(word)
            .or_else(|| definition_docs(files, &lower, &[Kind::Class, Kind::Function]))?,
        "name" if called => super::docs::signature_text(word)
            .or_else(|| definition_docs(files, &lower, &[Kind::Function]))?,
        "name" => super::docs::signature_text(word)
            .or_else(|| resource_type(word))
            .or_else(|| definition_docs(files, &lower, &[Kind::Class, Kind::Function]))?,
        "type" => resource_type(&lower)
            .or_else(|| definition_docs(files, word, &[Kind::TypeAlias]))
            .or_else(|| super::type_docs::data_type(word))
            .or_else(|| definition_docs(files, &lower, &[Kind::Class]))?,
        // `include 'app'`, `class { 'app': }`, `Class['app']`: the class named by the string (not
        // a key of `lookup`).
        _ => {
            let quoted = word.trim_by(&|c| c == '\'' || c == '"');
            let simple = !quoted.is_empty()
                && quoted
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':');
            if !simple || super::hiera_keys::lookup_key_prefix(&source[..start + 1]).is_some() {
                return None;
            }
            definition_docs(files, &quoted.to_ascii_lowercase(), &[Kind::Class])?
        }
    };
    Some((start, end, text))
}

/// `file`: its attributes (namevar first) and the metaparameters every resource takes.
fn resource_type(name: &str) -> Option<String> {
    let (_, keys, _, others) = RESOURCE_TYPES.iter().find(|(n, ..)| *n == name)?;
    let attributes: Vec<&str> = keys
        .split(' ')
        .chain(others.split(' '))
        .filter(|a| !a.is_empty())
        .collect();
    Some(alloc::format!(
        "resource type {name}\nattributes: {}\nmetaparameters: {}",
        crate::text::join(&attributes, ", "),
        crate::text::join(&METAPARAMETERS.split(' ').collect::<Vec<_>>(), ", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const INIT: &str = "# The app.\nclass app(\n  Integer $port = 80,\n  Hash $extra = {\n    'a' => 1,\n  },\n) inherits app::params {\n}\n";
    const VHOST: &str = "define app::vhost(String $docroot) {\n}\n";
    const SCALE: &str =
        "function app::scale(Integer $x, Integer $by = 2) >> Integer { $x * $by }\n";
    const ALIAS: &str = "type App::Port = Integer[1,\n  65535]\n";

    fn at(marked: &str) -> Option<String> {
        let cursor = marked.find('^').expect("a cursor");
        let source = alloc::format!("{}{}", &marked[..cursor], &marked[cursor + 1..]);
        let files = [
            ("snippet.pp", source.as_str()),
            ("modules/app/manifests/init.pp", INIT),
            ("modules/app/manifests/vhost.pp", VHOST),
            ("modules/app/functions/scale.pp", SCALE),
            ("modules/app/types/port.pp", ALIAS),
        ];
        docs_at(&files, "snippet.pp", cursor).map(|(_, _, text)| text)
    }

    #[test]
    fn a_declared_function_shows_its_signatures_and_description() {
        let text = at("notice(versi^oncmp('1', '2'))").expect("versioncmp");
        assert!(text.starts_with(
            "versioncmp(String $a, String $b, Optional[Boolean] $ignore_trailing_zeroes)\n"
        ));
        assert!(text.ends_with("-1, 0 or 1 as the first version is older, the same or newer"));
    }

    #[test]
    fn a_built_in_function_with_a_block_from_its_declaration() {
        assert_eq!(
            at("$x.ea^ch |$v| { }").as_deref(),
            Some("each(Hash $hash) |1 or 2 parameters|\neach(Iterable $collection) |1 or 2 parameters|\nRuns the block for every element; returns the collection")
        );
    }

    #[test]
    fn resource_types_by_name_or_reference() {
        let text = at("ser^vice { 'web': }").expect("service");
        assert!(text.starts_with("resource type service\nattributes: name, "));
        assert!(text.contains("hasrestart"));
        assert_eq!(at("notice(Ser^vice['web'])"), Some(text));
    }

    #[test]
    fn a_declaration_names_the_resource_type_a_call_the_function() {
        // `file` is both a resource type and a function (the content of a module's file).
        let declared = at("fi^le { '/etc/motd': }").expect("file");
        assert!(declared.starts_with("resource type file\n"), "{declared}");
        let called = at("notice(fi^le('m/x'))").expect("file()");
        assert!(called.starts_with("file("), "{called}");
    }

    #[test]
    fn data_types_show_their_parameters() {
        assert_eq!(
            at("$x = Inte^ger[1, 2]").as_deref(),
            Some("Integer[Integer $from, Integer $to]: whole numbers within from..to")
        );
        assert_eq!(at("$x^ = 1"), None);
        assert_eq!(at("'merg^e'"), None);
        assert_eq!(at("undefined_fun^ction()"), None);
    }

    #[test]
    fn a_class_shows_its_parameters_defaults_and_file() {
        let expected = "class app(\n  Integer $port = 80,\n  Hash $extra = { 'a' => 1, },\n) inherits app::params\nmodules/app/manifests/init.pp:2";
        assert_eq!(at("include a^pp").as_deref(), Some(expected));
        assert_eq!(at("class { 'a^pp': }").as_deref(), Some(expected));
        assert_eq!(at("notice(Class['^app'])").as_deref(), Some(expected));
        assert_eq!(at("lookup('a^pp')"), None);
    }

    #[test]
    fn a_defined_type_a_function_and_a_type_alias() {
        assert_eq!(
            at("app::vh^ost { 'x': docroot => '/' }").as_deref(),
            Some("define app::vhost(\n  String $docroot,\n)\nmodules/app/manifests/vhost.pp:1")
        );
        assert_eq!(
            at("notice(App::Vh^ost['x'])").as_deref(),
            Some("define app::vhost(\n  String $docroot,\n)\nmodules/app/manifests/vhost.pp:1")
        );
        assert_eq!(
            at("notice(app::sc^ale(2))").as_deref(),
            Some("function app::scale(Integer $x, Integer $by = 2) >> Integer\nmodules/app/functions/scale.pp:1")
        );
        assert_eq!(
            at("$p = 80 =~ App::P^ort").as_deref(),
            Some("type App::Port = Integer[1, 65535]\nmodules/app/types/port.pp:1")
        );
    }
}
