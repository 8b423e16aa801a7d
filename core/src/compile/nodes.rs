//! Node definitions as a compile evaluates them for a node (`EvalOptions::certname`): after the
//! main code, the definition that names the node (exactly, then by regex, then `default`) runs in
//! a node scope, which the classes it declares see; the node's `$trusted` data.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::sync::Arc;

use crate::catalog::nodes::NodeMatcher;
use crate::eval::evaluator::Evaluator;
use crate::host::{catalog_error, EvalResult};
use crate::span::Span;
use crate::value::{Hash, Value};

/// How the catalog names a regex node: `__node_regexp__` and the pattern, lower case, without the
/// characters other than `[-\w:.]` and without leading dots (`/^play.*(gr)ound$/`: `play.ground`).
fn regex_node_title(source: &str) -> String {
    let kept: String = source
        .to_ascii_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':' | '.'))
        .collect();
    format!("__node_regexp__{}", kept.trim_start_matches('.'))
}

impl Evaluator<'_> {
    /// `$trusted` as a compile gives it for a node known by its certname alone.
    pub(crate) fn bind_trusted(&mut self, certname: &str) {
        let (hostname, domain) = match certname.split_once('.') {
            Some((host, domain)) => (host, Value::string(domain)),
            None => (certname, Value::Undef),
        };
        let mut trusted = Hash::new();
        trusted.insert(Value::string("authenticated"), Value::string("local"));
        trusted.insert(Value::string("certname"), Value::string(certname));
        trusted.insert(Value::string("extensions"), Value::Hash(Hash::new()));
        trusted.insert(Value::string("hostname"), Value::string(hostname));
        trusted.insert(Value::string("domain"), domain);
        trusted.insert(Value::string("external"), Value::Hash(Hash::new()));
        self.scopes.replace_top("trusted", Value::Hash(trusted));
    }

    /// Evaluate the node definition that matches `certname`, when the program has any: Puppet's
    /// error when none does and there is no `default`.
    pub(crate) fn evaluate_node(&mut self, certname: &str, end: Span) -> EvalResult<()> {
        if self.catalog.node_defs.is_empty() {
            return Ok(());
        }
        let name = certname.to_ascii_lowercase();
        let entries = self.catalog.node_defs.clone();
        let exact = entries.iter().find(|entry| {
            entry
                .matchers
                .iter()
                .any(|m| matches!(m, NodeMatcher::Name(n) if *n == name))
        });
        let (entry, title, regex) = match exact {
            Some(entry) => (entry, name.clone(), None),
            None => {
                let by_regex = entries.iter().find_map(|entry| {
                    entry.matchers.iter().find_map(|m| match m {
                        NodeMatcher::Regex(re) => re
                            .is_match(&name)
                            .then(|| (entry, regex_node_title(re.source()), Some(re.clone()))),
                        _ => None,
                    })
                });
                let default = || {
                    entries
                        .iter()
                        .find(|entry| {
                            entry
                                .matchers
                                .iter()
                                .any(|m| matches!(m, NodeMatcher::Default))
                        })
                        .map(|entry| (entry, "default".to_string(), None))
                };
                match by_regex.or_else(default) {
                    Some(found) => found,
                    None => {
                        return Err(catalog_error(
                            "NODE_NOT_FOUND",
                            format!(
                                "Could not find node statement with name 'default' or '{certname}'"
                            ),
                            end,
                        ))
                    }
                }
            }
        };
        let definition = Arc::clone(&entry.definition);
        let span = definition.body.span;
        self.catalog.add_node_entry(&title, span);
        let outer = self.catalog.enter_scope(0, &format!("node {title}"), 0);
        self.catalog
            .own_current_scope(crate::catalog::graph::ScopeOwner::Node(title.clone()));
        let mark = self.scopes.push(0);
        let saved_node = self.scopes.node_frame.replace(self.scopes.current());
        let saved_match = self.scopes.current_match.take();
        if let Some(regex) = &regex {
            self.regex_match(regex, &name, span)?;
        }
        let result = self.eval_for_effect(&definition.body);
        self.scopes.current_match = saved_match;
        self.scopes.node_frame = saved_node;
        self.scopes.pop(mark);
        self.catalog.current = outer;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::regex_node_title;

    #[test]
    fn regex_nodes_are_named_as_puppet_names_them() {
        assert_eq!(regex_node_title("^play"), "__node_regexp__play");
        assert_eq!(
            regex_node_title("^play.*(gr)ound$"),
            "__node_regexp__play.ground"
        );
        assert_eq!(regex_node_title(".*web\\d+"), "__node_regexp__webd");
    }
}
