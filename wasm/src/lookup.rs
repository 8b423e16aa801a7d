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

// Read field by field, as `Options` is (see there why not with serde).
/// A Hiera query: one key or several, with Puppet's merge, type and default.
#[derive(Debug, Clone, Default)]
#[cfg_attr(
    test,
    derive(ts_rs::TS),
    ts(rename = "LookupQuery", optional_fields, rename_all = "camelCase")
)]
pub struct Query {
    pub key: Option<String>,
    pub keys: Option<Vec<String>>,
    #[cfg_attr(test, ts(type = "'first' | 'unique' | 'hash' | 'deep'"))]
    pub merge: Option<String>,
    pub knockout_prefix: Option<String>,
    #[cfg_attr(test, ts(rename = "type"))]
    pub value_type: Option<String>,
    pub default: Option<String>,
    /// Whether to explain the lookup as `puppet lookup --explain` does (default: true).
    pub explain: Option<bool>,
    pub explain_options: Option<bool>,
    pub sort_merged_arrays: Option<bool>,
    pub merge_hash_arrays: Option<bool>,
}

impl Query {
    /// The query a JavaScript value holds (`undefined` and `null`: the defaults).
    pub fn from_js(value: &JsValue) -> Result<Query, JsError> {
        let Some(fields) = Fields::of(value, "the query")? else {
            return Ok(Query::default());
        };
        let read = Query {
            key: fields.text("key"),
            keys: fields.texts("keys"),
            merge: fields.text("merge"),
            knockout_prefix: fields.text("knockoutPrefix"),
            value_type: fields.text("type"),
            default: fields.text("default"),
            explain: fields.flag("explain"),
            explain_options: fields.flag("explainOptions"),
            sort_merged_arrays: fields.flag("sortMergedArrays"),
            merge_hash_arrays: fields.flag("mergeHashArrays"),
        };
        fields.finish(read)
    }

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
