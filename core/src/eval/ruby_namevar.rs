//! The namevar of a resource type a module implements in Ruby, read from its type file's text
//! (`newparam(:id, namevar: true)`, `newparam(:path, :namevar => true)`, or `isnamevar` inside a
//! `newparam(:x) do ... end` block): Puppet's catalog lists an explicitly given namevar first and
//! leaves it out when it equals the title. Ruby does not run here; a type whose key attributes
//! are several, or that the text does not show, keeps `name`.

use alloc::string::String;
use alloc::vec::Vec;

/// The namevar the type file `text` declares, when it declares exactly one.
pub(crate) fn ruby_type_namevar(text: &str) -> Option<String> {
    let mut found: Vec<&str> = Vec::new();
    let mut current: Option<&str> = None;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("newparam(:") {
            let name_end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let name = &rest[..name_end];
            let options = &rest[name_end..];
            current = Some(name);
            let compact: String = options.chars().filter(|c| !c.is_whitespace()).collect();
            if compact.starts_with(",namevar:true") || compact.starts_with(",:namevar=>true") {
                found.push(name);
            }
        } else if line == "isnamevar" {
            if let Some(name) = current {
                found.push(name);
            }
        }
    }
    found.dedup();
    match found.as_slice() {
        [one] if !one.is_empty() => Some(String::from(*one)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::ruby_type_namevar;

    #[test]
    fn the_forms_types_declare_their_namevar_with() {
        assert_eq!(
            ruby_type_namevar("newparam(:id, namevar: true) do\nend").as_deref(),
            Some("id")
        );
        assert_eq!(
            ruby_type_namevar("newparam(:path, :namevar => true) do").as_deref(),
            Some("path")
        );
        assert_eq!(
            ruby_type_namevar("newparam(:name) do\n  isnamevar\nend\nnewparam(:x)").as_deref(),
            Some("name")
        );
        assert_eq!(
            ruby_type_namevar("newparam(:a) do\nisnamevar\nend\nnewparam(:b) do\nisnamevar\nend"),
            None
        );
        assert_eq!(ruby_type_namevar("# newparam(:id, namevar: true)"), None);
    }
}
