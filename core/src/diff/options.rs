//! What a diff leaves out and shows, as octocatalog-diff's options say it: `--ignore
//! 'Type[Title]'` (a resource, `*` anywhere in either part), `--ignore 'Type[Title]::attr'` (one
//! parameter of it), `--ignore-attr attr` (a parameter of every resource), and
//! `--display-detail-add` (the parameters of added resources).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// The diff's options; the default is octocatalog-diff's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DiffOptions {
    /// What to leave out.
    pub ignore: Vec<IgnoreRule>,
    /// Keep the parameters of added resources (`--display-detail-add`).
    pub detail_add: bool,
}

/// A resource, or a parameter of resources, left out of the diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IgnoreRule {
    /// A type name pattern, compared without case (`*` matches any run of characters).
    pub type_name: String,
    /// A title pattern, compared without case.
    pub title: String,
    /// A parameter name (without case); `None`: the whole resource.
    pub attribute: Option<String>,
}

impl IgnoreRule {
    /// `Type[Title]` or `Type[Title]::attr` (octocatalog-diff's `Type[Title]::parameters::attr`
    /// too), or why not.
    pub fn resource(text: &str) -> Result<IgnoreRule, String> {
        let refuse =
            || alloc::format!("--ignore {text}: expected Type[Title] or Type[Title]::attribute");
        let (type_name, rest) = text.split_once('[').ok_or_else(refuse)?;
        let close = rest.rfind(']').ok_or_else(refuse)?;
        let (title, after) = (&rest[..close], &rest[close + 1..]);
        if type_name.is_empty() || title.is_empty() {
            return Err(refuse());
        }
        let attribute = match after {
            "" => None,
            _ => Some(attribute_name(after.strip_prefix("::").ok_or_else(refuse)?)),
        };
        Ok(IgnoreRule {
            type_name: type_name.to_string(),
            title: title.to_string(),
            attribute,
        })
    }

    /// A parameter of every resource (`--ignore-attr mode` or `parameters::mode`).
    pub fn attribute(name: &str) -> IgnoreRule {
        IgnoreRule {
            type_name: "*".into(),
            title: "*".into(),
            attribute: Some(attribute_name(name)),
        }
    }

    /// Whether the rule leaves out the whole resource `type_name[title]`.
    pub fn drops_resource(&self, type_name: &str, title: &str) -> bool {
        self.attribute.is_none() && self.names(type_name, title)
    }

    /// Whether the rule leaves out the parameter `parameter` of `type_name[title]`.
    pub fn drops_parameter(&self, type_name: &str, title: &str, parameter: &str) -> bool {
        self.names(type_name, title)
            && match &self.attribute {
                None => true,
                Some(name) => name == "parameters" || name.eq_ignore_ascii_case(parameter),
            }
    }

    fn names(&self, type_name: &str, title: &str) -> bool {
        glob_matches(&self.type_name, type_name) && glob_matches(&self.title, title)
    }
}

/// `parameters::mode` and `mode` both name the parameter `mode`.
fn attribute_name(text: &str) -> String {
    let text = text.replace("\\f", "::");
    match text.strip_prefix("parameters::") {
        Some(name) => name.to_ascii_lowercase(),
        None => text.to_ascii_lowercase(),
    }
}

/// Whether `text` matches `pattern`, where `*` matches any run of characters, without case.
pub fn glob_matches(pattern: &str, text: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().flat_map(char::to_lowercase).collect();
    let text: Vec<char> = text.chars().flat_map(char::to_lowercase).collect();
    // The classic two-pointer match with one backtracking point: linear in practice, never worse
    // than the product of the lengths.
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        if p < pattern.len() && pattern[p] == '*' {
            star = Some((p, t));
            p += 1;
        } else if p < pattern.len() && pattern[p] == text[t] {
            p += 1;
            t += 1;
        } else if let Some((star_p, star_t)) = star {
            p = star_p + 1;
            t = star_t + 1;
            star = Some((star_p, star_t + 1));
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(|c| *c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_matches("*", "anything"));
        assert!(glob_matches("/etc/*.conf", "/etc/NGINX.conf"));
        assert!(!glob_matches("/etc/*.conf", "/etc/nginx.conf.d"));
        assert!(glob_matches("a*b*c", "aXbYbZc"));
        assert!(!glob_matches("a*b*c", "aXbY"));
    }

    #[test]
    fn octocatalog_diff_forms() {
        let rule = IgnoreRule::resource("File[/etc/*]::parameters::mode").unwrap();
        assert_eq!(rule.attribute.as_deref(), Some("mode"));
        assert!(rule.drops_parameter("File", "/etc/x", "MODE"));
        assert!(!rule.drops_parameter("File", "/etc/x", "owner"));
        assert!(!rule.drops_resource("File", "/etc/x"));
        let whole = IgnoreRule::resource("exec[*]").unwrap();
        assert!(whole.drops_resource("Exec", "apt-get update"));
        assert!(whole.drops_parameter("Exec", "x", "command"));
        assert_eq!(
            IgnoreRule::resource("File[x]::owner")
                .unwrap()
                .attribute
                .as_deref(),
            Some("owner")
        );
        assert!(IgnoreRule::attribute("parameters").drops_parameter("A", "b", "c"));
        assert!(IgnoreRule::resource("File").is_err());
        assert!(IgnoreRule::resource("File[x]owner").is_err());
        assert!(IgnoreRule::resource("[x]").is_err());
    }
}
