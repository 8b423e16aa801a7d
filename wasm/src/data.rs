//! The plain-data shapes the facade hands to JavaScript, and their construction from puppet-core results.

use puppet_core::{syntax, types, value, EvalOptions, Limits, LineIndex, Strictness, Value};
use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::positions::Utf16Positions;

/// Longest `%p` or type text of an inline (per-statement) result, in characters; longer ones end in `…`.
const INLINE_MAX_CHARS: usize = 200;

/// What the page may tune about an evaluation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    pub strict: Strictness,
    /// The node's facts as a Puppet hash literal (the page writes its Facts pane's JSON as one).
    pub facts: Option<String>,
}

impl Options {
    /// Read `{ strict: 'error' | 'warning' | 'off', facts: "{'os' => ...}" }`; anything missing or
    /// unknown keeps the default (no facts).
    pub fn from_js(value: &JsValue) -> Options {
        let field = |name: &str| {
            if value.is_object() {
                js_sys::Reflect::get(value, &JsValue::from_str(name))
                    .ok()
                    .and_then(|v| v.as_string())
            } else {
                None
            }
        };
        Options {
            strict: field("strict")
                .as_deref()
                .map_or(Strictness::Error, Options::parse_strict),
            facts: field("facts"),
        }
    }

    /// The engine's options for the page: this strictness, these facts and the browser's limits.
    pub fn eval_options(&self) -> EvalOptions {
        EvalOptions {
            strict: self.strict,
            limits: browser_limits(),
            facts: self.facts.clone(),
            ..EvalOptions::default()
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
}

/// One diagnostic, with positions in UTF-16 code units (what the browser editor counts).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct JsDiagnostic {
    pub message: String,
    pub severity: &'static str,
    pub code: &'static str,
    /// UTF-16 offsets of the start and end of the span.
    pub start: u32,
    pub end: u32,
    /// 1-based line; 1-based column counted in characters, as Puppet reports it.
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsLog {
    pub level: &'static str,
    pub message: String,
}

/// The value of one top-level statement, for the editor's inline results.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct JsStatement {
    /// UTF-16 offsets of the statement.
    pub start: u32,
    pub end: u32,
    /// 1-based line on which the statement ends (where the hint is shown).
    pub end_line: u32,
    /// `%p` form and `type(v)`, each cut to 200 characters.
    pub value: String,
    #[serde(rename = "type")]
    pub type_: String,
}

/// A class or resource of the compiled catalog, for the Catalog pane.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsResource {
    /// `Notify[hello]`.
    pub reference: String,
    /// As a manifest declares it: `notify { 'hello':\n  message => 'hi',\n}`.
    pub text: String,
    /// UTF-16 offsets of its declaration.
    pub start: u32,
    pub end: u32,
}

/// Most catalog resources sent to the page per run (the rest are counted in `catalog_total`): the
/// text of every resource of a 200,000-resource catalog would cost every keystroke.
pub const MAX_CATALOG_SHOWN: usize = 1000;

/// What `evaluate` returns to JavaScript.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsOutcome {
    /// The value in Puppet's `%p` form, or null when evaluation failed.
    pub value: Option<String>,
    /// `type(value)` as Puppet prints it.
    #[serde(rename = "type")]
    pub type_: Option<String>,
    /// `type(value, 'generalized')`.
    pub generalized: Option<String>,
    pub logs: Vec<JsLog>,
    pub diagnostics: Vec<JsDiagnostic>,
    pub statements: Vec<JsStatement>,
    /// The compiled catalog's first `MAX_CATALOG_SHOWN` classes and resources (empty on failure).
    pub catalog: Vec<JsResource>,
    /// How many classes and resources the catalog has in all.
    #[serde(rename = "catalogTotal")]
    pub catalog_total: usize,
}

/// One token for the Tokens pane: its kind's name and UTF-16 offsets.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsToken {
    pub kind: &'static str,
    pub start: u32,
    pub end: u32,
}

/// The engine's limits in a browser. V8 runs wasm frames on the thread's native stack, which in a
/// Chromium worker held about 1,100 nested evaluation levels (a recursive Puppet function crashed
/// the worker between 200 and 300 calls, at about four levels per call), so the nesting limit stays
/// below that; the other limits are the core's defaults.
pub fn browser_limits() -> Limits {
    Limits {
        max_depth: 800,
        ..Limits::default()
    }
}

/// The plain-data form of an evaluation (testable natively).
pub fn evaluate_to_data(source: &str, options: &Options) -> JsOutcome {
    let outcome = puppet_core::evaluate(source, &options.eval_options());
    let index = LineIndex::new(source);
    let utf16 = Utf16Positions::new(source);
    let diagnostics = outcome
        .diagnostics
        .iter()
        .map(|d| {
            let start = index.line_col(source, d.span.start);
            let end = index.line_col(source, d.span.end);
            JsDiagnostic {
                message: format!("{}{}", d.stage.error_prefix(), d.message),
                severity: d.severity.as_str(),
                code: d.code,
                start: utf16.offset(d.span.start),
                end: utf16.offset(d.span.end),
                line: start.line,
                column: start.column,
                end_line: end.line,
                end_column: end.column,
            }
        })
        .collect();
    let logs = outcome
        .logs
        .iter()
        .map(|entry| JsLog {
            level: entry.level.as_str(),
            message: entry.message.clone(),
        })
        .collect();
    let statements = outcome
        .statements
        .iter()
        .map(|(span, v)| JsStatement {
            start: utf16.offset(span.start),
            end: utf16.offset(span.end),
            end_line: index.line_col(source, span.end.saturating_sub(1)).line,
            value: cut(value::programmatic_prefix(v, INLINE_MAX_BYTES)),
            type_: cut(types::infer(v).to_string_prefix(INLINE_MAX_BYTES)),
        })
        .collect();
    let catalog = outcome
        .catalog
        .iter()
        .take(MAX_CATALOG_SHOWN)
        .map(|resource| JsResource {
            reference: resource.reference(),
            text: resource.manifest(),
            start: utf16.offset(resource.span.start),
            end: utf16.offset(resource.span.end),
        })
        .collect();
    let failed = outcome.error().is_some();
    let (value, type_, generalized) = match outcome.value.as_ref().filter(|_| !failed) {
        Some(v) => describe(v),
        None => (None, None, None),
    };
    JsOutcome {
        value,
        type_,
        generalized,
        logs,
        diagnostics,
        statements,
        catalog,
        catalog_total: outcome.catalog.len(),
    }
}

/// `%p`, `type(v)` and `type(v, 'generalized')` of the program's value.
fn describe(v: &Value) -> (Option<String>, Option<String>, Option<String>) {
    let inferred = types::infer(v);
    (
        Some(value::programmatic(v)),
        Some(inferred.to_string()),
        Some(inferred.generalize().to_string()),
    )
}

/// Bytes printed of an inline result before it is cut: enough for `INLINE_MAX_CHARS` characters
/// and one more, so that a cut text always shows its `…`.
const INLINE_MAX_BYTES: usize = 4 * (INLINE_MAX_CHARS + 1);

/// At most `INLINE_MAX_CHARS` characters, ending in `…` when cut.
fn cut(text: String) -> String {
    match text.char_indices().nth(INLINE_MAX_CHARS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// The parser's AST dump, byte ranges as the core prints them.
pub fn ast_dump(source: &str) -> String {
    syntax::dump_ast(&syntax::parse(source).0)
}

/// The lexer's tokens with UTF-16 offsets.
pub fn tokens_to_data(source: &str) -> Vec<JsToken> {
    let utf16 = Utf16Positions::new(source);
    syntax::tokens(source)
        .into_iter()
        .map(|t| JsToken {
            kind: t.kind,
            start: utf16.offset(t.span.start),
            end: utf16.offset(t.span.end),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_names_map_to_the_core_setting() {
        assert_eq!(Options::parse_strict("warning"), Strictness::Warning);
        assert_eq!(Options::parse_strict("off"), Strictness::Off);
        assert_eq!(Options::parse_strict("error"), Strictness::Error);
        assert_eq!(Options::parse_strict("nonsense"), Strictness::Error);
    }

    #[test]
    fn long_inline_texts_are_cut_on_a_character_boundary() {
        let long = "é".repeat(300);
        let cut_text = cut(long);
        assert_eq!(cut_text.chars().count(), INLINE_MAX_CHARS + 1);
        assert!(cut_text.ends_with('…'));
        assert_eq!(cut("short".into()), "short");
    }

    #[test]
    fn statements_carry_utf16_spans_and_values() {
        let data = evaluate_to_data("$a = '😀'\n$a == '😀'", &Options::default());
        assert_eq!(data.value.as_deref(), Some("true"));
        assert_eq!(data.statements.len(), 2);
        let first = &data.statements[0];
        // `$a = '😀'` is 9 UTF-16 units (the emoji is two units, four bytes).
        assert_eq!((first.start, first.end), (0, 9));
        assert_eq!(first.value, "'😀'");
        assert_eq!(first.type_, "String");
        assert_eq!(data.statements[1].start, 10);
    }

    #[test]
    fn large_statement_values_are_cut_after_printing_their_start() {
        let source =
            "$h = Integer[1, 5000].reduce({}) |$m, $x| { $m + { \"k${x}\" => [$x] } }\n$h.length";
        let data = evaluate_to_data(source, &Options::default());
        assert_eq!(data.value.as_deref(), Some("5000"));
        let first = &data.statements[0];
        assert_eq!(first.value.chars().count(), INLINE_MAX_CHARS + 1);
        assert!(first.value.starts_with("{'k1' => [1], 'k2' => [2], "));
        assert!(first.value.ends_with('…'));
        assert_eq!(first.type_.chars().count(), INLINE_MAX_CHARS + 1);
        assert!(first
            .type_
            .starts_with("Struct[{'k1' => Tuple[Integer[1, 1]], "));
        assert!(first.type_.ends_with('…'));
    }

    #[test]
    fn tokens_have_utf16_offsets() {
        let src = "/* 😀 */ 1 + 2";
        let toks = tokens_to_data(src);
        let comment = toks.first().expect("a token");
        assert_eq!((comment.start, comment.end), (0, 8));
        let number = toks.get(1).expect("a second token");
        // "/* " 3 units, the emoji 2, " */ " 4: the `1` starts at unit 9.
        assert_eq!((number.start, number.end), (9, 10));
    }
}
