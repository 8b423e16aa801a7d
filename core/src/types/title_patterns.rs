//! The title patterns of a resource type a module declares in Ruby, as its type file's
//! `title_patterns` gave them (`erb/resource_types.rs` runs the file): Puppet splits a title into
//! the type's key attributes with the first pattern that matches (`java_ks { 'alias:keystore': }`
//! names `alias` in `keystore`), each attribute taking the group of its place.

use alloc::string::String;
use alloc::vec::Vec;

use crate::value::Regexp;

/// One title pattern: the regexp and the attribute each of its groups gives, in order, with the
/// proc that makes the attribute's value from the group (an index into the Ruby run's procs;
/// `None`: the group as it is).
pub(crate) struct TitlePattern {
    pub regex: Regexp,
    pub attributes: Vec<(String, Option<usize>)>,
}

/// An attribute a title gives: its name, the group's text, and the proc to run on it.
pub(crate) type TitleKey = (String, String, Option<usize>);

/// Matcher steps the titles of one compile may take against the patterns, all together (titles are
/// short; the bound keeps pathological patterns and many resources from running long: past it, no
/// more titles are split).
pub(crate) const STEPS_PER_COMPILE: u64 = 10_000_000;

/// The key attributes a title gives by the first pattern it matches (`None`: none matches, or the
/// matcher steps in `budget` ran out).
pub(crate) fn split_title(
    patterns: &[TitlePattern],
    title: &str,
    budget: &mut u64,
) -> Option<Vec<TitleKey>> {
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
                .filter_map(|(at, (attribute, proc))| {
                    let (start, end) = captures.get(at + 1)?;
                    Some((attribute.clone(), String::from(&title[start..end]), *proc))
                })
                .collect(),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{split_title, TitlePattern};
    use alloc::string::String;
    use alloc::vec::Vec;

    fn patterns(list: &[(&str, &[&str])]) -> Vec<TitlePattern> {
        list.iter()
            .map(|(source, attributes)| TitlePattern {
                regex: crate::value::Regexp::new(source).expect("pattern"),
                attributes: attributes
                    .iter()
                    .map(|a| (String::from(*a), None))
                    .collect(),
            })
            .collect()
    }

    #[test]
    fn a_title_is_split_by_the_first_pattern_it_matches() {
        let java_ks = patterns(&[
            ("^([^:]+)$", &["name"]),
            ("(?i:^(.*):([a-z]:(/|\\\\).*)$)", &["name", "target"]),
            ("^(.*):(.*)$", &["name", "target"]),
        ]);
        let pair = |a: &str, b: &str| (String::from(a), String::from(b), None);
        let split = |title: &str| split_title(&java_ks, title, &mut 1_000_000);
        assert_eq!(
            split("ca:truststore"),
            Some(alloc::vec![
                pair("name", "ca"),
                pair("target", "truststore")
            ])
        );
        assert_eq!(
            split("ca:C:\\keys"),
            Some(alloc::vec![pair("name", "ca"), pair("target", "C:\\keys")])
        );
        assert_eq!(split("plain"), Some(alloc::vec![pair("name", "plain")]));
    }

    #[test]
    fn titles_stop_being_split_when_the_steps_run_out() {
        let list = patterns(&[("^(a+)$", &["name"])]);
        let title = "a".repeat(1000);
        assert!(split_title(&list, &title, &mut 1_000_000).is_some());
        let mut budget = 10;
        assert_eq!(split_title(&list, &title, &mut budget), None);
        assert_eq!(budget, 0);
        // Spent: no title is split any more, not even one that would match at once.
        assert_eq!(split_title(&list, "a", &mut budget), None);
    }
}
