//! The Lookup pane's question: keys looked up in the environment's Hiera data for the node's
//! facts, as `puppet lookup --explain` answers it (the value, its type, the explanation).

use puppet_core::LookupQuery;
use puppet_core::{types, value, Value};
use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::data::{with_environment, JsDiagnostic, JsLog, Options, Positions};

/// What the Lookup pane asks: `{ keys: ['a', 'b'] | key: 'a', merge: 'deep', type: 'String',
/// default: 'x', explain: true, explainOptions: false }` (missing: no merge, type or default;
/// the explanation is made unless `explain` is false).
pub fn query_from_js(value: &JsValue) -> LookupQuery {
    let get = |name: &str| {
        if value.is_object() {
            js_sys::Reflect::get(value, &JsValue::from_str(name)).ok()
        } else {
            None
        }
    };
    let text = |name: &str| {
        get(name)
            .and_then(|v| v.as_string())
            .filter(|t| !t.is_empty())
    };
    let flag = |name: &str| get(name).and_then(|v| v.as_bool());
    let mut keys: Vec<String> = match get("keys") {
        Some(list) if js_sys::Array::is_array(&list) => js_sys::Array::from(&list)
            .iter()
            .filter_map(|k| k.as_string())
            .collect(),
        _ => Vec::new(),
    };
    keys.extend(text("key"));
    LookupQuery {
        keys,
        merge: text("merge"),
        knockout_prefix: text("knockoutPrefix"),
        sort_merged_arrays: flag("sortMergedArrays").unwrap_or(false),
        merge_hash_arrays: flag("mergeHashArrays").unwrap_or(false),
        value_type: text("type"),
        default: text("default").map(|d| Value::string(&d)),
        explain: flag("explain").unwrap_or(true),
        explain_options: flag("explainOptions").unwrap_or(false),
    }
}

/// What `lookup` returns to JavaScript.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsLookup {
    /// Whether a value was found (or the default given).
    pub found: bool,
    /// The value in Puppet's `%p` form, and its type.
    pub value: Option<String>,
    #[serde(rename = "type")]
    pub type_: Option<String>,
    /// The explanation as `puppet lookup --explain` prints it.
    pub explanation: Option<String>,
    /// Why nothing was found, or why the lookup failed as lookups fail (a data file's syntax).
    pub failure: Option<String>,
    /// An error that stops the lookup (a wrong hiera.yaml, a value of the wrong type).
    pub error: Option<JsDiagnostic>,
    pub logs: Vec<JsLog>,
}

/// Look the query up in the page's environment (testable natively).
pub fn lookup_to_data(options: &Options, query: &LookupQuery) -> JsLookup {
    let eval_options = options.eval_options();
    let answer = with_environment("", options, |env| {
        puppet_core::lookup(env, &eval_options, query)
    });
    let mut positions = Positions::new(&answer.sources);
    JsLookup {
        found: answer.value.is_some(),
        value: answer.value.as_ref().map(value::programmatic),
        type_: answer.value.as_ref().map(|v| types::infer(v).to_string()),
        explanation: answer.explanation,
        failure: answer.lookup_failure,
        error: answer.error.as_ref().map(|d| positions.diagnostic(d)),
        logs: answer
            .logs
            .iter()
            .map(|entry| positions.log(entry))
            .collect(),
    }
}
