//! What the page may tune about a run, as it sends it (`EvaluateOptions`), and the browser's limits.

use puppet_core::{BuiltinStdlib, EvalOptions, Limits, RecordLimits, Strictness};
use serde::Serialize;

use crate::js_field::Fields;

// Read from the page's object field by field (`from_js`), not with serde's `Deserialize`: a derived
// deserializer's error messages format floats, which pulls Rust's float printing (about 8 KB
// gzipped) into the light engine, which otherwise never prints a float that way.
/// How to evaluate: every field may be left out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(
    test,
    derive(ts_rs::TS),
    ts(rename = "EvaluateOptions", rename_all = "camelCase")
)]
pub struct Options {
    /// Puppet's `strict` setting; Puppet 8's default is `'error'` (also for any other text).
    #[cfg_attr(test, ts(optional, type = "'error' | 'warning' | 'off'"))]
    pub strict: Option<String>,
    /// Which puppetlabs-stdlib the built-in one follows when the environment has no stdlib
    /// module: `'9.7'` (the default, what current modules require) or `'8.5'` (Debian 12's).
    #[cfg_attr(test, ts(optional, type = "'9.7' | '8.5'"))]
    pub stdlib: Option<String>,
    /// The node's facts: the text of a JSON object, as `puppet facts show` prints it.
    #[cfg_attr(test, ts(optional))]
    pub facts: Option<String>,
    /// Compile for this node (node definitions, `$trusted`), as `puppet apply --certname` does.
    #[cfg_attr(test, ts(optional))]
    pub certname: Option<String>,
    /// An environment's files by relative path (`modules/app/manifests/init.pp`,
    /// `data/common.yaml`); with them an empty source compiles the environment's `manifests/`.
    #[cfg_attr(test, ts(optional, type = "Record<string, string>"))]
    pub files: Option<Vec<(String, String)>>,
    /// The global Hiera layer's `hiera.yaml`: a path among `files`.
    #[cfg_attr(test, ts(optional))]
    pub global_hiera: Option<String>,
    /// Keep what each evaluated expression produced (`Outcome.recorded`): an editor's hover.
    #[cfg_attr(test, ts(optional))]
    pub record: Option<bool>,
    /// The compile's current time, in milliseconds since the epoch (what `Timestamp()` answers);
    /// left out, the browser's clock (`Date.now()`).
    #[cfg_attr(test, ts(optional, type = "number"))]
    pub now: Option<i64>,
}

impl Options {
    /// The options a JavaScript value holds (`undefined` and `null`: the defaults; a field left
    /// out, `undefined` or `null`: its default).
    pub fn from_js(value: wasm_bindgen::JsValue) -> Result<Options, wasm_bindgen::JsError> {
        let Some(fields) = Fields::of(&value, "the options")? else {
            return Ok(Options::default());
        };
        let read = Options {
            strict: fields.text("strict"),
            stdlib: fields.text("stdlib"),
            facts: fields.text("facts"),
            certname: fields.text("certname"),
            files: fields.texts_by_name("files"),
            global_hiera: fields.text("globalHiera"),
            record: fields.flag("record"),
            now: fields.whole_number("now"),
        };
        fields.finish(read)
    }

    /// The engine's options for the page: these settings and the browser's limits.
    pub fn eval_options(&self) -> EvalOptions {
        EvalOptions {
            strict: parse_strict(self.strict.as_deref().unwrap_or_default()),
            limits: browser_limits(),
            facts: self.facts.clone(),
            certname: self.certname.clone().filter(|name| !name.is_empty()),
            record: self.record.unwrap_or(false).then(page_record_limits),
            stdlib: self
                .stdlib
                .as_deref()
                .and_then(BuiltinStdlib::parse)
                .unwrap_or_default(),
            now: self
                .now
                .map(|millis| i128::from(millis) * 1_000_000)
                .or_else(browser_now),
            // The page's log pane shows debug logs when asked, filtering what the engine gives.
            explain_automatic_lookups: true,
            ..EvalOptions::default()
        }
    }

    /// The global hiera.yaml's path, when one is named.
    pub fn global_hiera(&self) -> Option<String> {
        self.global_hiera.clone().filter(|path| !path.is_empty())
    }

    /// The facts as a value, for completion (none when they are not a JSON object).
    pub fn facts_value(&self) -> Option<puppet_core::Value> {
        puppet_core::facts::facts_from_json(self.facts.as_deref()?).ok()
    }
}

/// The browser's clock (`Date.now()`, milliseconds) as the compile's current time, in
/// nanoseconds; none outside a browser (the facade's native tests).
fn browser_now() -> Option<i128> {
    #[cfg(target_arch = "wasm32")]
    {
        let millis = crate::js::now();
        millis
            .is_finite()
            .then(|| i128::from(millis as i64) * 1_000_000)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// `'warning'` and `'off'` by name; everything else is Puppet 8's default, `'error'`.
pub fn parse_strict(name: &str) -> Strictness {
    match name {
        "warning" => Strictness::Warning,
        "off" => Strictness::Off,
        _ => Strictness::Error,
    }
}

/// What the page keeps of each evaluated expression for hover: the first ranges evaluated, the
/// last three values of each.
pub fn page_record_limits() -> RecordLimits {
    RecordLimits {
        max_ranges: MAX_RECORDED_RANGES,
        kept_values: 3,
    }
}

/// How many source ranges' values one run hands the page (each value cut as inline results are).
pub const MAX_RECORDED_RANGES: usize = 5_000;

/// The engine's limits in a browser. V8 runs wasm frames on the thread's native stack, which in a
/// Chromium worker held about 1,100 nested evaluation levels (a recursive Puppet function crashed
/// the worker between 200 and 300 calls, at about four levels per call), so the nesting limit stays
/// below that; the other limits are the core's defaults.
pub fn browser_limits() -> Limits {
    Limits {
        max_depth: 800,
        max_env_files: 2000,
        max_env_bytes: 8 * 1024 * 1024,
        max_path_len: 256,
        max_path_depth: 16,
        ..Limits::default()
    }
}

/// The limits an environment the page hands over must keep, for the page's folder opening (an
/// environment beyond them is reported as an ordinary diagnostic).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct EnvironmentLimits {
    pub max_files: usize,
    pub max_total_bytes: usize,
    pub max_path_length: usize,
    pub max_depth: usize,
}

pub fn environment_limits() -> EnvironmentLimits {
    let limits = browser_limits();
    EnvironmentLimits {
        max_files: limits.max_env_files,
        max_total_bytes: limits.max_env_bytes,
        max_path_length: limits.max_path_len,
        max_depth: limits.max_path_depth,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_names_map_to_the_core_setting() {
        assert_eq!(parse_strict("warning"), Strictness::Warning);
        assert_eq!(parse_strict("off"), Strictness::Off);
        assert_eq!(parse_strict("error"), Strictness::Error);
        assert_eq!(parse_strict("nonsense"), Strictness::Error);
    }

    /// The page's settings as the engine takes them: an empty certname or global layer is none
    /// (reading the page's object is tested in the browser: `wasm/tests/browser.rs`).
    #[test]
    fn the_page_options_become_the_cores() {
        let options = Options {
            strict: Some("warning".into()),
            facts: Some("{\"a\": 1}".into()),
            certname: Some(String::new()),
            global_hiera: Some(String::new()),
            record: Some(true),
            ..Options::default()
        };
        let eval = options.eval_options();
        assert_eq!(eval.strict, Strictness::Warning);
        assert_eq!(eval.certname, None);
        assert_eq!(options.global_hiera(), None);
        assert!(eval.record.is_some());
        assert_eq!(eval.facts.as_deref(), Some("{\"a\": 1}"));
    }
}
