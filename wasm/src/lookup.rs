//! The Lookup pane's question: keys looked up in the environment's Hiera data for the node's
//! facts, as `puppet lookup --explain` answers it (the core's report, UTF-16 offsets).

use puppet_core::report::{lookup_report, LookupReport};
use puppet_core::LookupQuery;
use puppet_core::Value;
use serde::Deserialize;

use crate::options::Options;
use crate::positions::Utf16;
use crate::run::with_environment;

/// A Hiera query: one key or several, with Puppet's merge, type and default.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LookupQuery", optional_fields))]
pub struct Query {
    pub key: Option<String>,
    pub keys: Option<Vec<String>>,
    #[cfg_attr(test, ts(type = "'first' | 'unique' | 'hash' | 'deep'"))]
    pub merge: Option<String>,
    pub knockout_prefix: Option<String>,
    #[serde(rename = "type")]
    pub value_type: Option<String>,
    pub default: Option<String>,
    /// Whether to explain the lookup as `puppet lookup --explain` does (default: true).
    pub explain: Option<bool>,
    pub explain_options: Option<bool>,
    pub sort_merged_arrays: Option<bool>,
    pub merge_hash_arrays: Option<bool>,
}

impl Query {
    /// The core's query (empty texts count as missing).
    pub fn read(self) -> LookupQuery {
        let text = |t: Option<String>| t.filter(|t| !t.is_empty());
        let mut keys = self.keys.unwrap_or_default();
        keys.extend(text(self.key));
        LookupQuery {
            keys,
            merge: text(self.merge),
            knockout_prefix: text(self.knockout_prefix),
            sort_merged_arrays: self.sort_merged_arrays.unwrap_or(false),
            merge_hash_arrays: self.merge_hash_arrays.unwrap_or(false),
            value_type: text(self.value_type),
            default: text(self.default).map(|d| Value::string(&d)),
            explain: self.explain.unwrap_or(true),
            explain_options: self.explain_options.unwrap_or(false),
        }
    }
}

/// Look the query up in the page's environment (testable natively).
pub fn lookup_to_data(options: &Options, query: &LookupQuery) -> LookupReport {
    let eval_options = options.eval_options();
    let answer = with_environment("", options, |env| {
        puppet_core::lookup(env, &eval_options, query)
    });
    lookup_report(&answer, &mut Utf16::default())
}
