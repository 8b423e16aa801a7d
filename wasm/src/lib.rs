//! puppet-wasm: the browser facade; evaluation, AST dump, tokens and version as plain data with UTF-16 positions.

#[cfg(all(test, feature = "ide"))]
mod editor_tests;
mod file_texts;
mod handover;
mod js;
mod js_field;
#[cfg(feature = "lint")]
mod lint;
#[cfg(feature = "yaml")]
mod lookup;
mod options;
#[cfg(test)]
mod parse_cache_tests;
mod positions;
mod pulse;
mod run;
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
mod small_blocks;
mod typescript;

use handover::{json_to_js, to_js};
#[cfg(feature = "ide")]
use puppet_core::ide::{self, EditorFiles};
use wasm_bindgen::prelude::*;

#[cfg(feature = "yaml")]
pub use lookup::{lookup_to_data, query_from_js};
pub use options::{browser_limits, EnvironmentLimits, Options};
pub use positions::Utf16;
pub use pulse::set_pulse;
pub use run::{
    evaluate_answer, evaluate_json, evaluate_to_data, needs_full_engine, Answer, NeedsFullEngine,
};

/// Talc instead of Rust's default dlmalloc in the browser (smaller code), with free lists of small
/// blocks in front of it (`small_blocks.rs`: the engine allocates for every value it builds); see
/// bench/README.md for the figures.
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static ALLOCATOR: small_blocks::SmallBlocks<talc::wasm::WasmDynamicTalc> =
    small_blocks::SmallBlocks::new(talc::wasm::new_wasm_dynamic_allocator());

/// Panic messages go to the console in builds that keep them (the wasm tests, debug builds). The
/// release .wasm is built with `-Cpanic=immediate-abort` (scripts/wasm-toolchain.sh): a panic there
/// traps at once without a message, and the page restarts its worker as for any trap; the hook, which
/// would never run, is left out of it.
#[wasm_bindgen(start)]
pub fn start() {
    #[cfg(not(panic = "immediate-abort"))]
    console_error_panic_hook::set_once();
}

/// The engine's version.
#[wasm_bindgen]
pub fn version() -> String {
    puppet_core::VERSION.into()
}

/// Evaluate Puppet source and return `{ value, type, generalized, logs, diagnostics, statements,
/// catalog, catalogTotal, lookups, lookupsTotal, cycles }` (and, in the full build, `graph` and
/// `recorded`); every position names its `file`. `options` may be omitted, or `{ strict: 'error' |
/// 'warning' | 'off', stdlib: '9.7' | '8.5', facts: '{"os": ...}', certname, files: { path: text },
/// globalHiera, record }`:
/// with `files` the source is the main code of that environment (`''`: its `manifests/` are).
/// The light build (without the `yaml` feature) answers `{ needsFullEngine: 'yaml' }` instead,
/// before evaluating, when the environment has YAML to read (`run.rs`); the full build without the
/// `libraries` feature answers `{ needsFullEngine: 'libraries' }` for a run that reads HOCON or uses
/// Ruby's `uri`.
#[wasm_bindgen(unchecked_return_type = "Outcome | NeedsFullEngine")]
pub fn evaluate(
    source: &str,
    #[wasm_bindgen(unchecked_optional_param_type = "EvaluateOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    json_to_js(evaluate_json(source, &Options::from_js(options)?))
}

/// puppet-lint's checks: `[{ line, column, check, kind, message, start, end, reason? }]`, where
/// `line`/`column` are puppet-lint's (characters) and `start..end` the range in UTF-16 offsets.
/// `options` may be omitted, or `{ rc, only: [check], disabled: [check], enabled: [check],
/// relative, path, showIgnored }` (`rc`: a `.puppet-lint.rc` text; `path` for autoloader_layout).
#[cfg(feature = "lint")]
#[wasm_bindgen(unchecked_return_type = "LintFinding[]")]
pub fn lint(
    code: &str,
    #[wasm_bindgen(unchecked_optional_param_type = "LintOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    let (options, path) = lint_options(options)?;
    to_js(&lint::lint_to_data(code, &options, path.as_deref()))
}

/// The text puppet-lint's `--fix` makes of `code` (unchanged when it has a syntax error); the
/// options are those of [`lint`].
#[cfg(feature = "lint")]
#[wasm_bindgen(js_name = lintFix)]
pub fn lint_fix(
    code: &str,
    #[wasm_bindgen(unchecked_optional_param_type = "LintOptions")] options: JsValue,
) -> Result<String, JsError> {
    let (options, path) = lint_options(options)?;
    Ok(lint::fix_to_text(code, &options, path.as_deref()))
}

#[cfg(feature = "lint")]
fn lint_options(options: JsValue) -> Result<(puppet_core::lint::Options, Option<String>), JsError> {
    lint::options_from_js(&options)
}

/// The environment's files as the editor holds them (`snippet.pp` is `source`), offsets in UTF-16.
#[cfg(feature = "ide")]
fn editor_files<'f>(
    source: &'f str,
    options: &'f Options,
    utf16: &'f mut Utf16,
) -> EditorFiles<'f, 'f> {
    let others = options.files.iter().flatten();
    EditorFiles::new(source, others.map(|(p, t)| (p.as_str(), t.as_str())), utf16)
}

/// What may be typed at UTF-16 offset `offset` of `source`: `{ from, items: [{ label, kind, detail }] }`
/// (the items replace `from..offset`); `options` as for [`evaluate`] (its facts and files are what the
/// engine knows beyond the text).
#[cfg(feature = "ide")]
#[wasm_bindgen(unchecked_return_type = "Completions")]
pub fn complete(
    source: &str,
    offset: u32,
    #[wasm_bindgen(unchecked_optional_param_type = "EvaluateOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    let options = Options::from_js(options)?;
    let facts = options.facts_value();
    to_js(&editor_files(source, &options, &mut Utf16::default()).complete(offset, facts))
}

/// Where what is at UTF-16 offset `offset` of file `path` is defined (a class, defined type,
/// function, type alias or variable): `{ path, start, end }` (UTF-16 offsets in that file) or null.
/// `source` is `snippet.pp`; `options.files` the environment's other files.
#[cfg(feature = "ide")]
#[wasm_bindgen(unchecked_return_type = "Target | null")]
pub fn definition(
    source: &str,
    path: &str,
    offset: u32,
    #[wasm_bindgen(unchecked_optional_param_type = "EvaluateOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    let options = Options::from_js(options)?;
    to_js(&editor_files(source, &options, &mut Utf16::default()).definition(path, offset))
}

/// Every place in the environment's files that names what is at UTF-16 offset `offset` of file
/// `path` (its definition included), sorted by path then offset: `[{ path, start, end }]` (UTF-16
/// offsets in each file). `source` is `snippet.pp`; `options.files` the environment's other files.
#[cfg(feature = "ide")]
#[wasm_bindgen(unchecked_return_type = "Target[]")]
pub fn references(
    source: &str,
    path: &str,
    offset: u32,
    #[wasm_bindgen(unchecked_optional_param_type = "EvaluateOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    let options = Options::from_js(options)?;
    to_js(&editor_files(source, &options, &mut Utf16::default()).references(path, offset))
}

/// What hover says of the name at UTF-16 offset `offset` of file `path` (a function's signatures
/// and description, a resource type's attributes, a data type's parameters, the environment's
/// classes, defined types, functions and type aliases as written): `{ start, end, text }` or null.
/// `source` is `snippet.pp`; `options.files` the environment's other files.
#[cfg(feature = "ide")]
#[wasm_bindgen(unchecked_return_type = "Docs | null")]
pub fn docs(
    source: &str,
    path: &str,
    offset: u32,
    #[wasm_bindgen(unchecked_optional_param_type = "EvaluateOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    let options = Options::from_js(options)?;
    to_js(&editor_files(source, &options, &mut Utf16::default()).docs(path, offset))
}

/// Signature help inside a call at UTF-16 offset `offset` of file `path` (files as for
/// [`definition`]): `{ name, signatures: [{ label, parameters: [[from, to]] }], activeSignature,
/// activeParameter, doc }` (parameter ranges in UTF-16 within each label) or null.
#[cfg(feature = "ide")]
#[wasm_bindgen(js_name = signatureHelp, unchecked_return_type = "SignatureHelp | null")]
pub fn signature_help(
    source: &str,
    path: &str,
    offset: u32,
    #[wasm_bindgen(unchecked_optional_param_type = "EvaluateOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    let options = Options::from_js(options)?;
    to_js(&editor_files(source, &options, &mut Utf16::default()).signature_help(path, offset))
}

/// The outline of `source`: its classes, defines, functions, type aliases, nodes, resources,
/// assignments, statements and conditionals as a tree, `[{ kind, name, detail, start, end,
/// nameStart, nameEnd, children }]` with UTF-16 offsets.
#[cfg(feature = "ide")]
#[wasm_bindgen(unchecked_return_type = "OutlineSymbol[]")]
pub fn outline(source: &str) -> Result<JsValue, JsError> {
    to_js(&ide::outline_encoded(source, &mut Utf16::default()))
}

/// Whether this is the full build (with the YAML reader and `lookup`) or the light one.
#[wasm_bindgen]
pub fn has_yaml() -> bool {
    cfg!(feature = "yaml")
}

/// The limits an environment must keep in the page: `{ maxFiles, maxTotalBytes, maxPathLength,
/// maxDepth }` (an environment beyond them is reported as an ordinary diagnostic).
#[wasm_bindgen(unchecked_return_type = "EnvironmentLimits")]
pub fn environment_limits() -> Result<JsValue, JsError> {
    to_js(&options::environment_limits())
}

/// The parser's AST dump; its `start..end` ranges are BYTE offsets into the UTF-8 source
/// (the page maps them to UTF-16 with the source it sent).
#[wasm_bindgen]
pub fn ast(source: &str) -> String {
    puppet_core::syntax::dump_ast(&puppet_core::syntax::parse(source).0)
}

/// Evaluate only, for the browser benchmark: the engine's own time, without building the page's
/// result (`%p` texts, types, UTF-16 positions, JS objects). True when evaluation succeeded.
#[wasm_bindgen]
pub fn evaluate_only(source: &str) -> bool {
    puppet_core::evaluate(source, &Options::default().eval_options())
        .error()
        .is_none()
}

/// Parse only, for the browser benchmark: how many error diagnostics the source has (UTF-8 bytes,
/// as the native benchmark parses text already in memory; text that is not UTF-8 counts as one).
#[wasm_bindgen]
pub fn syntax_errors(source: &[u8]) -> u32 {
    let Ok(source) = core::str::from_utf8(source) else {
        return 1;
    };
    let (_, diagnostics) = puppet_core::syntax::parse(source);
    diagnostics.iter().filter(|d| d.is_error()).count() as u32
}

/// The lexer's tokens as `[{ kind, start, end }]` with UTF-16 offsets.
#[wasm_bindgen(unchecked_return_type = "Token[]")]
pub fn tokens(source: &str) -> Result<JsValue, JsError> {
    to_js(&puppet_core::report::tokens_report(
        source,
        &mut Utf16::default(),
    ))
}

/// Look keys up in the environment's Hiera data (`options` as for `evaluate`, with `files`; the
/// main code is not evaluated): `query` is `{ key | keys, merge, type, default, explain }`.
/// Only in the full build (the `yaml` feature): the page loads it for the Lookup pane.
#[cfg(feature = "yaml")]
#[wasm_bindgen(unchecked_return_type = "LookupAnswer")]
pub fn lookup(
    #[wasm_bindgen(unchecked_param_type = "EvaluateOptions")] options: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LookupQuery")] query: JsValue,
) -> Result<JsValue, JsError> {
    let options = Options::from_js(options)?;
    to_js(&lookup_to_data(&options, &query_from_js(&query)?))
}
