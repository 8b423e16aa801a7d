//! The title patterns of a resource type a module implements in Ruby, read from its type file's
//! text (`def self.title_patterns`: a list of `[regexp, [[:attribute], ...]]`, each attribute taking
//! the regexp's group of its place): Puppet splits a title into the type's key attributes with the
//! first pattern that matches (`java_ks { 'alias:keystore': }` names `alias` in `keystore`). Ruby
//! does not run here: patterns whose attributes go through a lambda other than the identity are not
//! read, and the type keeps its one namevar.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::regex::Regex;

/// One title pattern: the regexp and the attribute each of its groups gives, in order.
pub(crate) struct TitlePattern {
    pub regex: Regex,
    pub attributes: Vec<String>,
}

/// Matcher steps the titles of one compile may take against the patterns, all together (titles are
/// short; the bound keeps pathological patterns and many resources from running long: past it, no
/// more titles are split).
pub(crate) const STEPS_PER_COMPILE: u64 = 10_000_000;

/// The patterns the type file `text` declares, when it declares them in the form read here.
pub(crate) fn ruby_type_title_patterns(text: &str) -> Option<Vec<TitlePattern>> {
    let start = text.find("def self.title_patterns")?;
    let body = method_body(&text[start..])?;
    let mut patterns: Vec<(String, Vec<String>)> = Vec::new();
    let mut rest = body;
    while let Some(at) = rest.find(['%', '/', ':', '#']) {
        let here = &rest[at..];
        if here.starts_with('#') {
            rest = here.find('\n').map_or("", |end| &here[end..]);
        } else if here.starts_with("%r") || here.starts_with('/') {
            let (source, after) = regexp_literal(here)?;
            patterns.push((source, Vec::new()));
            rest = after;
        } else if let Some(symbol) = here.strip_prefix(':') {
            let end = symbol
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(symbol.len());
            let (name, after) = symbol.split_at(end);
            let (_, attributes) = patterns.last_mut()?;
            if name.is_empty() {
                return None;
            }
            attributes.push(String::from(name));
            // `[:name, proc]`: only the identity is read.
            let after_trimmed = after.trim_start();
            if let Some(proc_part) = after_trimmed.strip_prefix(',') {
                let proc_name = proc_part.trim_start();
                if !proc_name.starts_with("identity") {
                    return None;
                }
            }
            rest = after;
        } else {
            rest = &here[1..];
        }
    }
    if patterns.is_empty() || patterns.iter().any(|(_, a)| a.is_empty()) {
        return None;
    }
    patterns
        .into_iter()
        .map(|(source, attributes)| {
            Some(TitlePattern {
                regex: Regex::new(&source).ok()?,
                attributes,
            })
        })
        .collect()
}

/// The text of a `def ... end` method, from its `def` line to the `end` indented as the `def` is.
fn method_body(text: &str) -> Option<&str> {
    let first_end = text.find('\n')?;
    let rest = &text[first_end + 1..];
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        let trimmed = line.trim();
        if trimmed == "end" && leading_spaces(line) <= 2 {
            return Some(&rest[..offset]);
        }
        offset += line.len();
    }
    None
}

fn leading_spaces(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// A Ruby regexp literal at the start of `text` (`%r{...}flags` or `/.../flags`) as the source the
/// regex engine takes (its flags as an inline group), and the text after it.
fn regexp_literal(text: &str) -> Option<(String, &str)> {
    let (body, after) = if let Some(rest) = text.strip_prefix("%r{") {
        let mut depth = 1usize;
        let mut escaped = false;
        let mut end = None;
        for (at, c) in rest.char_indices() {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(at);
                        break;
                    }
                }
                _ => {}
            }
        }
        let end = end?;
        (&rest[..end], &rest[end + 1..])
    } else {
        let rest = text.strip_prefix('/')?;
        let mut escaped = false;
        let end = rest.char_indices().find_map(|(at, c)| match c {
            _ if escaped => {
                escaped = false;
                None
            }
            '\\' => {
                escaped = true;
                None
            }
            '/' => Some(at),
            '\n' => Some(usize::MAX),
            _ => None,
        })?;
        if end == usize::MAX {
            return None;
        }
        (&rest[..end], &rest[end + 1..])
    };
    let flags_end = after
        .find(|c: char| !matches!(c, 'i' | 'm' | 'x'))
        .unwrap_or(after.len());
    let (flags, after) = after.split_at(flags_end);
    let source = if flags.is_empty() {
        String::from(body)
    } else {
        format!("(?{flags}:{body})")
    };
    Some((source, after))
}

/// The key attributes a title gives by the first pattern it matches (`None`: none matches, or the
/// matcher steps in `budget` ran out).
pub(crate) fn split_title(
    patterns: &[TitlePattern],
    title: &str,
    budget: &mut u64,
) -> Option<Vec<(String, String)>> {
    for pattern in patterns {
        let captures = match pattern.regex.search(title, 0, budget) {
            Ok(Some(captures)) => captures,
            Ok(None) => continue,
            Err(_) => return None,
        };
        return Some(
            pattern
                .attributes
                .iter()
                .enumerate()
                .filter_map(|(at, attribute)| {
                    let (start, end) = captures.get(at + 1)?;
                    Some((attribute.clone(), String::from(&title[start..end])))
                })
                .collect(),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{ruby_type_title_patterns, split_title};
    use alloc::string::String;
    use alloc::vec::Vec;

    fn split(text: &str, title: &str) -> Option<Vec<(String, String)>> {
        split_title(&ruby_type_title_patterns(text)?, title, &mut 1_000_000)
    }

    const JAVA_KS_LIKE: &str = "Puppet::Type.newtype(:ks) do\n  def self.title_patterns\n    [\n      [\n        %r{^([^:]+)$},\n        [\n          [:name],\n        ],\n      ],\n      [\n        %r{^(.*):([a-z]:(/|\\\\).*)$}i,\n        [\n          [:name],\n          [:target],\n        ],\n      ],\n      [\n        %r{^(.*):(.*)$},\n        [\n          [:name],\n          [:target],\n        ],\n      ],\n    ]\n  end\nend\n";

    #[test]
    fn a_title_is_split_by_the_first_pattern_it_matches() {
        let pair = |a: &str, b: &str| (String::from(a), String::from(b));
        assert_eq!(
            split(JAVA_KS_LIKE, "ca:truststore"),
            Some(alloc::vec![
                pair("name", "ca"),
                pair("target", "truststore")
            ])
        );
        assert_eq!(
            split(JAVA_KS_LIKE, "ca:C:\\keys"),
            Some(alloc::vec![pair("name", "ca"), pair("target", "C:\\keys")])
        );
        assert_eq!(
            split(JAVA_KS_LIKE, "plain"),
            Some(alloc::vec![pair("name", "plain")])
        );
    }

    #[test]
    fn slash_literals_identity_lambdas_and_flags_are_read() {
        let text = "  def self.title_patterns\n    identity = lambda { |x| x }\n    [[/^(\\w+)\\/(\\w+)$/m, [[:user, identity], [:vhost, identity]]]]\n  end\n";
        assert_eq!(split(text, "guest/root").map(|pairs| pairs.len()), Some(2));
    }

    #[test]
    fn titles_stop_being_split_when_the_steps_run_out() {
        let text = "  def self.title_patterns\n    [[%r{^(a+)$}, [[:name]]]]\n  end\n";
        let patterns = ruby_type_title_patterns(text).expect("read");
        let title = "a".repeat(1000);
        assert!(split_title(&patterns, &title, &mut 1_000_000).is_some());
        let mut budget = 10;
        assert_eq!(split_title(&patterns, &title, &mut budget), None);
        assert_eq!(budget, 0);
        // Spent: no title is split any more, not even one that would match at once.
        assert_eq!(split_title(&patterns, "a", &mut budget), None);
    }

    #[test]
    fn what_cannot_be_read_without_ruby_is_left_alone() {
        // A lambda that is not the identity.
        let text = "  def self.title_patterns\n    [[%r{^(.*)$}, [[:name, lambda { |x| x.upcase }]]]]\n  end\n";
        assert!(ruby_type_title_patterns(text).is_none());
        assert!(ruby_type_title_patterns("newparam(:name)").is_none());
        // A pattern the engine refuses.
        let text = "  def self.title_patterns\n    [[%r{^(.*$}, [[:name]]]]\n  end\n";
        assert!(ruby_type_title_patterns(text).is_none());
    }
}
