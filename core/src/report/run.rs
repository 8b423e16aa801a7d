//! An evaluation as an editor shows it: the value's `%p` text and types, the logs and diagnostics,
//! each top-level statement's value, the catalog, the lookups, the graph and what was recorded.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{CatalogTexts, OffsetEncoding, Places};
use crate::compile::Outcome;
use crate::span::Span;
use crate::{syntax, types, value, Value};

/// Longest `%p` or type text of an inline (per-statement) result, in characters; longer ones end
/// in `…`. An editor cuts what it shows at its edge and shows this much on hover.
pub const INLINE_MAX_CHARS: usize = 2000;

/// Bytes printed of an inline result before it is cut: enough for `INLINE_MAX_CHARS` characters
/// and one more, so that a cut text always shows its `…`.
pub(crate) const INLINE_MAX_BYTES: usize = 4 * (INLINE_MAX_CHARS + 1);

/// Most catalog resources reported per run (the rest are counted in `catalog_total`): the text of
/// every resource of a 200,000-resource catalog would cost every keystroke.
pub const MAX_CATALOG_SHOWN: usize = 1000;

/// What `evaluate` answers: the last value in Puppet's `%p` form, its type, what was logged, the
/// problems found and the compiled catalog.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Outcome"))]
pub struct RunReport {
    /// The value in Puppet's `%p` form, or null when evaluation failed.
    pub value: Option<String>,
    /// `type(value)` as Puppet prints it.
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    pub type_: Option<String>,
    /// `type(value, 'generalized')`.
    pub generalized: Option<String>,
    pub logs: Vec<super::LogReport>,
    pub diagnostics: Vec<super::DiagnosticReport>,
    pub statements: Vec<StatementReport>,
    /// The compiled catalog's first `MAX_CATALOG_SHOWN` classes and resources (empty on failure).
    pub catalog: Vec<ResourceReport>,
    /// How many classes and resources the catalog has in all.
    pub catalog_total: usize,
    /// The Hiera lookups the program made (the first 500).
    pub lookups: Vec<super::LookupCallReport>,
    /// How many lookups it made in all.
    pub lookups_total: usize,
    /// The compiled catalog as a graph (`puppet apply --graph`), empty on failure (feature `ide`:
    /// the page's full engine).
    #[cfg(feature = "ide")]
    pub graph: super::GraphReport,
    /// Its dependency cycles, which `puppet apply` refuses to apply (Puppet's `Found N dependency
    /// cycles` error is among the diagnostics when compiling for a node).
    pub cycles: Vec<super::CycleReport>,
    /// With `EvalOptions::record`: what each evaluated expression produced, in source order (only
    /// the full engine records, feature `ide`).
    #[cfg(feature = "ide")]
    pub recorded: Vec<RecordedReport>,
}

/// The value a top-level statement produced, for an editor's inline results.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Statement"))]
pub struct StatementReport {
    pub start: u32,
    pub end: u32,
    /// The 1-based line on which the statement ends (where an editor shows its value).
    pub end_line: u32,
    /// `%p` form and `type(v)`, each cut to `INLINE_MAX_CHARS` characters.
    pub value: String,
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    pub type_: String,
    /// The main code's file the statement is in.
    pub file: String,
    /// For a collector: the resources it collected (`User[alice]`), shown instead of its value.
    pub collected: Option<Vec<String>>,
}

/// A class or resource of the compiled catalog.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "CatalogResource")
)]
pub struct ResourceReport {
    /// `Notify[hello]`.
    pub reference: String,
    /// As a manifest declares it: `notify { 'hello':\n  message => 'hi',\n}`.
    pub text: String,
    /// Its declaration's offsets in `file`.
    pub start: u32,
    pub end: u32,
    pub file: String,
}

/// What one source range produced in the run: how many times it ran and its last values.
#[cfg(feature = "ide")]
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Recorded"))]
pub struct RecordedReport {
    pub start: u32,
    pub end: u32,
    pub file: String,
    /// How many times it was evaluated.
    pub count: u64,
    /// Its last values (at most three), oldest first.
    pub values: Vec<RecordedValueReport>,
}

/// A recorded value: `%p` form and `type(v)`, each cut.
#[cfg(feature = "ide")]
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "RecordedValue")
)]
pub struct RecordedValueReport {
    pub value: String,
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    pub type_: String,
    /// Which evaluation of the range produced it (1 for the first): a collection produced in a
    /// loop is kept at powers of two only, so the last one kept may be an earlier evaluation's.
    pub evaluation: u64,
}

/// One token: its kind's name (`variable`, `string`, `keyword`, ...) and offsets.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Token"))]
pub struct TokenReport {
    pub kind: &'static str,
    pub start: u32,
    pub end: u32,
}

/// The report of an evaluation's outcome, offsets counted by `encoding`.
pub fn run_report(outcome: &Outcome, encoding: &mut dyn OffsetEncoding) -> RunReport {
    run_report_reusing(outcome, encoding, &mut CatalogTexts::new())
}

/// [`run_report`], taking from `texts` the catalog texts of resources that print as they did
/// in the report `texts` kept.
pub fn run_report_reusing(
    outcome: &Outcome,
    encoding: &mut dyn OffsetEncoding,
    texts: &mut CatalogTexts,
) -> RunReport {
    let mut places = Places::new(&outcome.sources, encoding);
    let diagnostics = outcome
        .diagnostics
        .iter()
        .map(|d| places.diagnostic(d))
        .collect();
    let logs = outcome.logs.iter().map(|entry| places.log(entry)).collect();
    let statements = outcome
        .statements
        .iter()
        .map(|(span, v)| {
            let place = places.place(*span);
            let last = places.place(Span::new(span.end.saturating_sub(1), span.end));
            StatementReport {
                start: place.start,
                end: place.end,
                end_line: last.line,
                value: cut(value::programmatic_prefix(v, INLINE_MAX_BYTES)),
                type_: cut(types::infer(v).to_string_prefix(INLINE_MAX_BYTES)),
                file: place.file,
                collected: outcome.collected_by(v).map(<[String]>::to_vec),
            }
        })
        .collect();
    let catalog = outcome
        .catalog
        .iter()
        .take(MAX_CATALOG_SHOWN)
        .enumerate()
        .map(|(at, resource)| {
            let place = places.range(resource.span);
            ResourceReport {
                reference: resource.reference(),
                text: texts.text(at, resource),
                start: place.start,
                end: place.end,
                file: place.file,
            }
        })
        .collect();
    // Dependency cycles fail `puppet apply`, but the program's value and catalog stand.
    let failed = outcome.compile_error().is_some();
    let (value, type_, generalized) = match outcome.value.as_ref().filter(|_| !failed) {
        Some(v) => describe(v),
        None => (None, None, None),
    };
    RunReport {
        value,
        type_,
        generalized,
        logs,
        diagnostics,
        statements,
        catalog,
        catalog_total: outcome.catalog.len(),
        lookups: super::lookup_calls_report(&outcome.lookups, &mut places),
        lookups_total: outcome.lookups.total(),
        #[cfg(feature = "ide")]
        graph: super::graph_report(&outcome.graph, &mut places),
        cycles: super::cycles_report(&outcome.graph, &outcome.cycles),
        #[cfg(feature = "ide")]
        recorded: recorded_report(outcome, &mut places),
    }
}

/// The recorded ranges of the main code and the environment's files.
#[cfg(feature = "ide")]
fn recorded_report(outcome: &Outcome, places: &mut Places<'_, '_>) -> Vec<RecordedReport> {
    use crate::eval::RecordedValue;
    outcome
        .recorded
        .iter()
        .map(|record| {
            let place = places.range(record.span);
            RecordedReport {
                start: place.start,
                end: place.end,
                file: place.file,
                count: record.count,
                values: record
                    .last
                    .iter()
                    .map(|(evaluation, recorded)| match recorded {
                        RecordedValue::Value(v) => RecordedValueReport {
                            value: cut(value::programmatic_prefix(v, INLINE_MAX_BYTES)),
                            type_: cut(types::infer(v).to_string_prefix(INLINE_MAX_BYTES)),
                            evaluation: *evaluation,
                        },
                        RecordedValue::Shown { value, type_ } => RecordedValueReport {
                            value: cut(value.clone()),
                            type_: cut(type_.clone()),
                            evaluation: *evaluation,
                        },
                    })
                    .collect(),
            }
        })
        .collect()
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

/// At most `INLINE_MAX_CHARS` characters, ending in `…` when cut.
pub fn cut(text: String) -> String {
    match text.char_indices().nth(INLINE_MAX_CHARS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// The lexer's tokens of `source`, offsets counted by `encoding`.
pub fn tokens_report(source: &str, encoding: &mut dyn OffsetEncoding) -> Vec<TokenReport> {
    syntax::tokens(source)
        .into_iter()
        .map(|t| TokenReport {
            kind: t.kind,
            start: encoding.offset(source, t.span.start as usize),
            end: encoding.offset(source, t.span.end as usize),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Utf8Bytes;
    use crate::{evaluate, EvalOptions, LogLevel, Severity};

    fn report(source: &str) -> RunReport {
        run_report(&evaluate(source, &EvalOptions::default()), &mut Utf8Bytes)
    }

    #[test]
    fn long_inline_texts_are_cut_on_a_character_boundary() {
        let long = "é".repeat(INLINE_MAX_CHARS + 100);
        let cut_text = cut(long);
        assert_eq!(cut_text.chars().count(), INLINE_MAX_CHARS + 1);
        assert!(cut_text.ends_with('…'));
        assert_eq!(cut("short".into()), "short");
    }

    /// The value's three texts, each statement's value and place in bytes (`é` is two).
    #[test]
    fn values_statements_and_logs_with_their_places() {
        let data = report("$a = 'é'\nnotice($a)\n[$a, 1]");
        assert_eq!(data.value.as_deref(), Some("['é', 1]"));
        assert_eq!(data.type_.as_deref(), Some("Tuple[String, Integer[1, 1]]"));
        assert_eq!(data.generalized.as_deref(), Some("Tuple[String, Integer]"));
        let places: Vec<(u32, u32, u32)> = data
            .statements
            .iter()
            .map(|s| (s.start, s.end, s.end_line))
            .collect();
        assert_eq!(places, [(0, 9, 1), (10, 20, 2), (21, 28, 3)]);
        assert_eq!(data.statements[0].value, "'é'");
        assert_eq!(data.logs[0].level, LogLevel::Notice);
        assert_eq!(
            (data.logs[0].file.as_str(), data.logs[0].line),
            ("snippet.pp", 2)
        );
    }

    /// Puppet's message with its stage's prefix, the place, and no value for a failed run.
    #[test]
    fn a_failed_run_has_its_diagnostic_and_no_value() {
        let data = report("$x = 'é'\nfail('no')");
        assert_eq!(data.value, None);
        let error = &data.diagnostics[0];
        assert_eq!(error.severity, Severity::Error);
        assert!(
            error.message.starts_with("Evaluation Error: "),
            "{}",
            error.message
        );
        // The call starts line 2, after line 1's 9 bytes (`é` is two) and its newline.
        assert_eq!((error.line, error.column, error.start), (2, 1, 10));
    }

    #[test]
    fn the_catalog_is_reported_up_to_its_limit_and_counted() {
        let source = "Integer[1, 1001].each |$i| { notify { \"n${i}\": } }";
        let data = report(source);
        assert_eq!(data.catalog.len(), MAX_CATALOG_SHOWN);
        assert_eq!(data.catalog_total, 1001);
        let notify = data
            .catalog
            .iter()
            .find(|r| r.reference == "Notify[n1]")
            .expect("Notify[n1]");
        assert_eq!((notify.start, notify.file.as_str()), (29, "snippet.pp"));
    }

    #[test]
    fn tokens_carry_their_kind_and_offsets() {
        let tokens = tokens_report("'é' + 1", &mut Utf8Bytes);
        let kinds: Vec<(&str, u32, u32)> =
            tokens.iter().map(|t| (t.kind, t.start, t.end)).collect();
        // `'é'` is four bytes.
        assert_eq!(
            kinds,
            [("string", 0, 4), ("operator", 5, 6), ("number", 7, 8)]
        );
    }
}
