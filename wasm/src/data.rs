//! The plain-data shapes the facade hands to JavaScript, and their construction from puppet-core results.

use puppet_core::{
    syntax, types, value, Environment, EvalOptions, Limits, MainCode, MemoryFiles, Outcome,
    RecordLimits, Sources, Span, Strictness, Value, SNIPPET_FILE,
};
use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::lookup_calls::{lookup_calls, JsLookupCall};
use crate::positions::Utf16Positions;

/// Longest `%p` or type text of an inline (per-statement) result, in characters; longer ones end in `…`.
/// The editor cuts what it shows at its edge and shows this much on hover.
const INLINE_MAX_CHARS: usize = 2000;

/// What the page may tune about an evaluation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    pub strict: Strictness,
    /// The node's facts as a Puppet hash literal (the page writes its Facts pane's JSON as one).
    pub facts: Option<String>,
    /// The node to compile for (node definitions, `$trusted`); `None`: the program alone.
    pub certname: Option<String>,
    /// The environment's files besides the main code, by path: with them, an empty main code
    /// compiles the environment's `manifests/`.
    pub files: Option<Vec<(String, String)>>,
    /// The global Hiera layer's hiera.yaml: a path among `files` (its datadir is beside it).
    pub global_hiera: Option<String>,
    /// Keep what each evaluated expression produced (`JsOutcome::recorded`, the editor's hover).
    pub record: bool,
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
        let files = if value.is_object() {
            js_sys::Reflect::get(value, &JsValue::from_str("files"))
                .ok()
                .filter(|files| files.is_object())
                .map(|files| {
                    js_sys::Object::entries(&js_sys::Object::from(files))
                        .iter()
                        .filter_map(|entry| {
                            let pair = js_sys::Array::from(&entry);
                            Some((pair.get(0).as_string()?, pair.get(1).as_string()?))
                        })
                        .collect()
                })
        } else {
            None
        };
        Options {
            strict: field("strict")
                .as_deref()
                .map_or(Strictness::Error, Options::parse_strict),
            facts: field("facts"),
            certname: field("certname").filter(|name| !name.is_empty()),
            files,
            global_hiera: field("globalHiera").filter(|path| !path.is_empty()),
            record: value.is_object()
                && js_sys::Reflect::get(value, &JsValue::from_str("record"))
                    .ok()
                    .and_then(|v| v.as_bool())
                    .unwrap_or(false),
        }
    }

    /// The engine's options for the page: this strictness, these facts and the browser's limits.
    pub fn eval_options(&self) -> EvalOptions {
        EvalOptions {
            strict: self.strict,
            limits: browser_limits(),
            facts: self.facts.clone(),
            certname: self.certname.clone(),
            record: self.record.then(page_record_limits),
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
    /// The file the positions are in: `snippet.pp` for the main code, else its path.
    pub file: String,
    /// Help beside Puppet's message ("did you mean ..."), each with its own place when it has one.
    pub notes: Vec<JsNote>,
}

/// A diagnostic's note. When it points somewhere, `file` names the file (null otherwise) and `start`/`end`
/// (UTF-16), `line` and `column` the place in it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsNote {
    pub message: String,
    pub file: Option<String>,
    pub start: u32,
    pub end: u32,
    pub line: u32,
    pub column: u32,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsLog {
    pub level: &'static str,
    pub message: String,
    /// Where the logging call was: its file and 1-based line.
    pub file: String,
    pub line: u32,
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

/// What one source range produced in the last run, for the editor's hover.
#[cfg(feature = "ide")]
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsRecorded {
    /// UTF-16 offsets of the range in `file`.
    pub start: u32,
    pub end: u32,
    pub file: String,
    /// How many times it was evaluated.
    pub count: u64,
    /// Its last values (at most three), oldest first: `%p` form and `type(v)`, each cut.
    pub values: Vec<JsRecordedValue>,
}

#[cfg(feature = "ide")]
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsRecordedValue {
    pub value: String,
    #[serde(rename = "type")]
    pub type_: String,
    /// Which evaluation of the range produced it (1 for the first): a collection produced in a
    /// loop is kept at powers of two only, so the last one kept may be an earlier evaluation's.
    pub evaluation: u64,
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
    /// The main code's file the statement is in.
    pub file: String,
    /// For a collector: the resources it collected (`User[alice]`), shown instead of its value.
    pub collected: Option<Vec<String>>,
}

/// A class or resource of the compiled catalog, for the Catalog pane.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsResource {
    /// `Notify[hello]`.
    pub reference: String,
    /// As a manifest declares it: `notify { 'hello':\n  message => 'hi',\n}`.
    pub text: String,
    /// UTF-16 offsets of its declaration, in `file`.
    pub start: u32,
    pub end: u32,
    pub file: String,
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
    /// The Hiera lookups the program made (the first 500), for the Lookup pane.
    pub lookups: Vec<JsLookupCall>,
    /// How many lookups it made in all.
    #[serde(rename = "lookupsTotal")]
    pub lookups_total: usize,
    /// The compiled catalog as a graph (empty on failure), for the Graph pane: in the full engine
    /// (feature `ide`; the page's Graph pane has the full engine run the program).
    #[cfg(feature = "ide")]
    pub graph: crate::graph_data::JsGraph,
    /// Its dependency cycles (Puppet's `Found N dependency cycles` error is among the diagnostics
    /// when compiling for a node).
    pub cycles: Vec<crate::graph_data::JsCycle>,
    /// With the `record` option: what each evaluated expression produced (empty without it; only
    /// the full engine records, feature `ide`).
    #[cfg(feature = "ide")]
    pub recorded: Vec<JsRecorded>,
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
        max_env_files: 2000,
        max_env_bytes: 8 * 1024 * 1024,
        max_path_len: 256,
        max_path_depth: 16,
        ..Limits::default()
    }
}

/// The limits an environment the page hands over must keep, for the page's folder opening.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct JsEnvironmentLimits {
    pub max_files: usize,
    pub max_total_bytes: usize,
    pub max_path_length: usize,
    pub max_depth: usize,
}

pub fn environment_limits() -> JsEnvironmentLimits {
    let limits = browser_limits();
    JsEnvironmentLimits {
        max_files: limits.max_env_files,
        max_total_bytes: limits.max_env_bytes,
        max_path_length: limits.max_path_len,
        max_depth: limits.max_path_depth,
    }
}

/// Positions of an evaluation's files for the page: file, UTF-16 offsets, lines and columns.
pub(crate) struct Positions<'o> {
    sources: &'o Sources,
    /// Each file's UTF-16 conversion, made when first needed (by the file's place in `sources`).
    utf16: Vec<Option<Utf16Positions<'o>>>,
}

/// A span as the page wants it.
pub(crate) struct Place {
    pub(crate) file: String,
    pub(crate) start: u32,
    pub(crate) end: u32,
    pub(crate) line: u32,
    pub(crate) column: u32,
    pub(crate) end_line: u32,
    pub(crate) end_column: u32,
}

impl<'o> Positions<'o> {
    /// A diagnostic with its place.
    pub(crate) fn diagnostic(&mut self, d: &puppet_core::Diagnostic) -> JsDiagnostic {
        let place = self.place(d.span);
        let notes = d
            .notes
            .iter()
            .map(|note| {
                let at = note.span.map(|span| self.place(span));
                let place = at.as_ref();
                JsNote {
                    message: note.message.clone(),
                    file: place.map(|p| p.file.clone()),
                    start: place.map_or(0, |p| p.start),
                    end: place.map_or(0, |p| p.end),
                    line: place.map_or(0, |p| p.line),
                    column: place.map_or(0, |p| p.column),
                }
            })
            .collect();
        JsDiagnostic {
            message: format!("{}{}", d.stage.error_prefix(), d.message),
            severity: d.severity.as_str(),
            code: d.code,
            start: place.start,
            end: place.end,
            line: place.line,
            column: place.column,
            end_line: place.end_line,
            end_column: place.end_column,
            file: place.file,
            notes,
        }
    }

    /// A log entry with its place.
    pub(crate) fn log(&mut self, entry: &puppet_core::LogEntry) -> JsLog {
        let place = self.place(entry.span);
        JsLog {
            level: entry.level.as_str(),
            message: entry.message.clone(),
            file: place.file,
            line: place.line,
        }
    }

    pub(crate) fn new(sources: &'o Sources) -> Self {
        Positions {
            sources,
            utf16: (0..sources.files().len()).map(|_| None).collect(),
        }
    }

    pub(crate) fn place(&mut self, span: Span) -> Place {
        let files = self.sources.files();
        let at = files
            .partition_point(|file| file.base <= span.start)
            .saturating_sub(1);
        let Some(file) = files.get(at) else {
            return Place {
                file: SNIPPET_FILE.into(),
                start: 0,
                end: 0,
                line: 1,
                column: 1,
                end_line: 1,
                end_column: 1,
            };
        };
        let local = file.local(span);
        let start = file.line_col(span.start);
        let end = file.line_col(file.base + local.end);
        let utf16 = self.utf16[at].get_or_insert_with(|| Utf16Positions::new(&file.text));
        Place {
            file: file.path.to_string(),
            start: utf16.offset(local.start),
            end: utf16.offset(local.end),
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
        }
    }
}

/// Evaluate the page's program: the main code alone, or in the environment of `options.files`
/// (an empty main code then compiles the environment's `manifests/`).
pub(crate) fn run(source: &str, options: &Options) -> Outcome {
    let eval_options = options.eval_options();
    if options.files.is_none() {
        return puppet_core::evaluate(source, &eval_options);
    }
    with_environment(source, options, |env| {
        puppet_core::evaluate_environment(env, &eval_options)
    })
}

/// Give `f` the environment of `options.files`, with `source` as its main code (none when empty).
pub fn with_environment<T>(
    source: &str,
    options: &Options,
    f: impl FnOnce(&Environment<'_>) -> T,
) -> T {
    let limits = browser_limits();
    let mut files = MemoryFiles::new();
    for (path, text) in options.files.iter().flatten() {
        files.insert(path, text.as_str(), &limits);
    }
    let main = (!source.is_empty()).then(|| MainCode {
        name: SNIPPET_FILE.into(),
        text: source.into(),
    });
    let env = Environment {
        files: &files,
        main,
        base_modulepath: Vec::new(),
        global_hiera: options.global_hiera.clone(),
    };
    f(&env)
}

/// The plain-data form of an evaluation (testable natively).
pub fn evaluate_to_data(source: &str, options: &Options) -> JsOutcome {
    outcome_to_data(&run(source, options))
}

/// An outcome as the page takes it.
pub(crate) fn outcome_to_data(outcome: &Outcome) -> JsOutcome {
    let mut positions = Positions::new(&outcome.sources);
    let diagnostics = outcome
        .diagnostics
        .iter()
        .map(|d| positions.diagnostic(d))
        .collect();
    let logs = outcome
        .logs
        .iter()
        .map(|entry| positions.log(entry))
        .collect();
    let statements = outcome
        .statements
        .iter()
        .map(|(span, v)| {
            let place = positions.place(*span);
            let last = positions.place(Span::new(span.end.saturating_sub(1), span.end));
            JsStatement {
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
        .map(|resource| {
            let place = positions.place(resource.span);
            JsResource {
                reference: resource.reference(),
                text: resource.manifest(),
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
    JsOutcome {
        value,
        type_,
        generalized,
        logs,
        diagnostics,
        statements,
        catalog,
        catalog_total: outcome.catalog.len(),
        lookups: lookup_calls(&outcome.lookups, &mut positions),
        lookups_total: outcome.lookups.total(),
        #[cfg(feature = "ide")]
        graph: crate::graph_data::graph_to_data(&outcome.graph, &mut positions),
        cycles: crate::graph_data::cycles_to_data(&outcome.graph, &outcome.cycles),
        #[cfg(feature = "ide")]
        recorded: recorded_ranges(outcome, &mut positions),
    }
}

/// The recorded ranges of the main code and the environment's files, positions in UTF-16.
#[cfg(feature = "ide")]
pub(crate) fn recorded_ranges(outcome: &Outcome, positions: &mut Positions<'_>) -> Vec<JsRecorded> {
    outcome
        .recorded
        .iter()
        .map(|record| {
            let place = positions.place(record.span);
            JsRecorded {
                start: place.start,
                end: place.end,
                file: place.file,
                count: record.count,
                values: record
                    .last
                    .iter()
                    .map(|(evaluation, recorded)| match recorded {
                        puppet_core::RecordedValue::Value(v) => JsRecordedValue {
                            value: cut(value::programmatic_prefix(v, INLINE_MAX_BYTES)),
                            type_: cut(types::infer(v).to_string_prefix(INLINE_MAX_BYTES)),
                            evaluation: *evaluation,
                        },
                        puppet_core::RecordedValue::Shown { value, type_ } => JsRecordedValue {
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

/// Bytes printed of an inline result before it is cut: enough for `INLINE_MAX_CHARS` characters
/// and one more, so that a cut text always shows its `…`.
pub(crate) const INLINE_MAX_BYTES: usize = 4 * (INLINE_MAX_CHARS + 1);

/// At most `INLINE_MAX_CHARS` characters, ending in `…` when cut.
pub(crate) fn cut(text: String) -> String {
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
        let long = "é".repeat(INLINE_MAX_CHARS + 100);
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

    #[cfg(feature = "ide")]
    #[test]
    fn recorded_values_carry_utf16_ranges_counts_and_types_when_asked() {
        let source = "$e = '😀'\n$x = [1, 2].map |$v| { $v * 2 }";
        assert!(evaluate_to_data(source, &Options::default())
            .recorded
            .is_empty());
        let asked = Options {
            record: true,
            ..Options::default()
        };
        let data = evaluate_to_data(source, &asked);
        // `$x` starts after the emoji's line: 9 UTF-16 units and the newline.
        let x = data
            .recorded
            .iter()
            .find(|r| (r.start, r.end) == (10, 12))
            .expect("$x");
        assert_eq!(x.count, 1);
        assert_eq!(x.values[0].value, "[2, 4]");
        assert_eq!(x.values[0].type_, "Tuple[Integer[2, 2], Integer[4, 4]]");
        let body = data
            .recorded
            .iter()
            .find(|r| r.end - r.start == 6 && r.start > 30)
            .expect("$v * 2");
        assert_eq!(body.count, 2);
        let values: Vec<&str> = body.values.iter().map(|v| v.value.as_str()).collect();
        assert_eq!(values, ["2", "4"]);
        assert_eq!(body.file, SNIPPET_FILE);
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
    fn notes_carry_their_place_and_collectors_what_they_collected() {
        let data = evaluate_to_data("$a = [1 2]", &Options::default());
        let note = &data.diagnostics[0].notes[0];
        assert_eq!(
            note.message,
            "a ',' may be missing after '1' (line 1, column 8)"
        );
        assert_eq!((note.start, note.line, note.column), (7, 1, 8));
        let data = evaluate_to_data(
            "class a { }\n@user { ['x', 'y']: }\nUser <| title == 'y' |>\n1",
            &Options::default(),
        );
        // No result for the class definition; the collector's is what it collected.
        assert_eq!(data.statements.len(), 3);
        assert_eq!(
            data.statements[1].collected,
            Some(vec!["User[y]".to_string()])
        );
        assert_eq!(data.statements[0].collected, None);
    }

    fn environment(files: &[(&str, &str)]) -> Options {
        Options {
            certname: Some("playground".into()),
            files: Some(
                files
                    .iter()
                    .map(|(p, t)| (p.to_string(), t.to_string()))
                    .collect(),
            ),
            ..Options::default()
        }
    }

    #[test]
    fn positions_name_their_file_in_an_environment() {
        let options = environment(&[(
            "modules/app/manifests/init.pp",
            "class app {
  notice('é')
  $x = 1 / 0
}
",
        )]);
        let data = evaluate_to_data("include app", &options);
        assert_eq!(data.logs[0].file, "modules/app/manifests/init.pp");
        assert_eq!(data.logs[0].line, 2);
        let error = &data.diagnostics[0];
        assert_eq!(error.file, "modules/app/manifests/init.pp");
        assert_eq!((error.line, error.column), (3, 12));
        // Offsets are the file's own, in UTF-16 units: "class app {\n  notice('é')\n  $x = 1 / " is
        // 37 units (12 + 14 + 11; the é is one unit and two bytes).
        assert_eq!(error.start, 37);
    }

    #[test]
    fn an_empty_main_code_compiles_the_manifests_directory() {
        let options = environment(&[
            ("manifests/site.pp", "node default { include app }\n"),
            (
                "modules/app/manifests/init.pp",
                "class app { notify { 'hi': } }\n",
            ),
        ]);
        let data = evaluate_to_data("", &options);
        assert!(data.diagnostics.is_empty(), "{:?}", data.diagnostics);
        let references: Vec<&str> = data.catalog.iter().map(|r| r.reference.as_str()).collect();
        assert_eq!(references, ["Node[default]", "Class[App]", "Notify[hi]"]);
        assert_eq!(data.catalog[2].file, "modules/app/manifests/init.pp");
        assert_eq!(data.catalog[2].start, 12);
    }

    #[test]
    fn environments_past_the_limits_say_so() {
        let too_many: Vec<(String, String)> = (0..2001)
            .map(|n| (format!("modules/m/files/f{n}"), String::new()))
            .collect();
        let options = Options {
            files: Some(too_many),
            ..Options::default()
        };
        let data = evaluate_to_data("", &options);
        let error = &data.diagnostics[0];
        assert!(
            error.message.contains("more files than the limit of 2000"),
            "{}",
            error.message
        );
        // The file past the limit is the one left out.
        assert_eq!(error.file, "modules/m/files/f2000");
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
