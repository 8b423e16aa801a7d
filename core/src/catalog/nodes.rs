//! Node definitions as the catalog keeps them: each name (or regex, or `default`) a definition
//! matches, with its body.

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::syntax::ast::{ExprKind, NodeDefinition};

/// What one name of a node definition matches.
#[derive(Debug, Clone)]
pub(crate) enum NodeMatcher {
    /// A host name, lower case.
    Name(String),
    /// A regular expression.
    Regex(crate::value::Regexp),
    Default,
}

/// A node definition: each of its names, and its body.
#[derive(Clone)]
pub(crate) struct NodeEntry {
    pub matchers: Vec<NodeMatcher>,
    pub definition: Arc<NodeDefinition>,
}

impl NodeEntry {
    pub fn new(definition: &Arc<NodeDefinition>) -> Self {
        let matchers = definition
            .matches
            .iter()
            .filter_map(|matcher| match &matcher.kind {
                ExprKind::Default => Some(NodeMatcher::Default),
                ExprKind::String(s) | ExprKind::Name(s) => {
                    Some(NodeMatcher::Name(s.to_ascii_lowercase()))
                }
                ExprKind::Regex(r) => Some(NodeMatcher::Regex(r.clone())),
                _ => None,
            })
            .collect();
        NodeEntry {
            matchers,
            definition: Arc::clone(definition),
        }
    }
}
