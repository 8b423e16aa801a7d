//! The Lookup pane's question: keys looked up in the environment's Hiera data for the node's
//! facts, as `puppet lookup --explain` answers it (the core's report, UTF-16 offsets).

use puppet_core::report::{lookup_report, LookupReport};
use puppet_core::LookupQuery;
use puppet_core::Value;
use wasm_bindgen::{JsError, JsValue};

use crate::js_field::Fields;
use crate::options::Options;
use crate::positions::Utf16;
use crate::run::with_environment;

// Declared for the TypeScript declarations only: the facade reads the page's object straight into
// the core's query (`query_from_js`), as `Options` is read (see there why not with serde).
/// A Hiera query: one key or several, with Puppet's merge, type and default.
#[cfg(test)]
#[allow(dead_code)] // Only its TypeScript declaration is used.
#[derive(ts_rs::TS)]
#[ts(rename = "LookupQuery", optional_fields, rename_all = "camelCase")]
pub struct Query {
    pub key: Option<String>,
    pub keys: Option<Vec<String>>,
    #[ts(type = "'first' | 'unique' | 'hash' | 'deep'")]
    pub merge: Option<String>,
    pub knockout_prefix: Option<String>,
    #[ts(rename = "type")]
    pub value_type: Option<String>,
    pub default: Option<String>,
    /// Whether to explain the lookup as `puppet lookup --explain` does (default: true).
    pub explain: Option<bool>,
    pub explain_options: Option<bool>,
    pub sort_merged_arrays: Option<bool>,
    pub merge_hash_arrays: Option<bool>,
}

/// The core's query from the page's object (`LookupQuery`; `undefined` and `null`: the defaults;
/// empty texts count as missing).
pub fn query_from_js(value: &JsValue) -> Result<LookupQuery, JsError> {
    let fields = Fields::of(value, "the query")?;
    let text = |name: &str| {
        fields
            .as_ref()
            .and_then(|f| f.text(name))
            .filter(|t| !t.is_empty())
    };
    let flag = |name: &str, default: bool| {
        fields
            .as_ref()
            .and_then(|f| f.flag(name))
            .unwrap_or(default)
    };
    let mut keys = fields
        .as_ref()
        .and_then(|f| f.texts("keys"))
        .unwrap_or_default();
    keys.extend(text("key"));
    let query = LookupQuery {
        keys,
        merge: text("merge"),
        knockout_prefix: text("knockoutPrefix"),
        sort_merged_arrays: flag("sortMergedArrays", false),
        merge_hash_arrays: flag("mergeHashArrays", false),
        value_type: text("type"),
        default: text("default").map(|d| Value::string(&d)),
        explain: flag("explain", true),
        explain_options: flag("explainOptions", false),
    };
    match fields {
        Some(fields) => fields.finish(query),
        None => Ok(query),
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
