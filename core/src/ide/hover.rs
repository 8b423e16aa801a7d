//! What hover says about the name at an offset, from what the engine knows without running: a
//! function's signatures and description, a resource type's attributes, a data type.

use alloc::string::String;
use alloc::vec::Vec;

use crate::syntax;
use crate::types::resource_types::{METAPARAMETERS, RESOURCE_TYPES};

/// The documentation of the name at byte `offset` of `source`: `(start, end, text)` with the
/// name's byte range, or `None` where there is no name the engine documents.
pub fn docs_at(source: &str, offset: usize) -> Option<(usize, usize, String)> {
    let tokens = syntax::tokens(source);
    let token = tokens.iter().find(|t| {
        (t.span.start as usize) <= offset
            && offset < t.span.end as usize
            && matches!(t.kind, "name" | "type")
    })?;
    let (start, end) = (token.span.start as usize, token.span.end as usize);
    let word = &source[start..end];
    let text = match token.kind {
        "name" => super::docs::signature_text(word).or_else(|| resource_type(word))?,
        _ => {
            let lower = word.to_ascii_lowercase();
            resource_type(&lower).or_else(|| {
                crate::eval::type_names()
                    .any(|t| t == word)
                    .then(|| alloc::format!("{word}: a data type of the Puppet language"))
            })?
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
        attributes.join(", "),
        METAPARAMETERS.split(' ').collect::<Vec<_>>().join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(marked: &str) -> Option<String> {
        let cursor = marked.find('^').expect("a cursor");
        let source = alloc::format!("{}{}", &marked[..cursor], &marked[cursor + 1..]);
        docs_at(&source, cursor).map(|(_, _, text)| text)
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
    fn resource_types_by_name_or_reference() {
        let text = at("ser^vice { 'web': }").expect("service");
        assert!(text.starts_with("resource type service\nattributes: name, "));
        assert!(text.contains("hasrestart"));
        assert_eq!(at("notice(Ser^vice['web'])"), Some(text));
    }

    #[test]
    fn data_types_and_nothing_elsewhere() {
        assert_eq!(
            at("$x = Inte^ger[1, 2]").as_deref(),
            Some("Integer: a data type of the Puppet language")
        );
        assert_eq!(at("$x^ = 1"), None);
        assert_eq!(at("'merg^e'"), None);
        assert_eq!(at("undefined_fun^ction()"), None);
    }
}
