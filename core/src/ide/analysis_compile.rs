//! A compile of the Analysis's files, on whatever thread the caller runs it: the input is a
//! snapshot of the files (shared texts, sendable), the output plain data per file (diagnostics and
//! the values each range produced), so the Analysis can keep it while the files change.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::diagnostic::Severity;
use crate::environment::{Environment, MainCode, MemoryFiles};
use crate::eval::{EvalOptions, RecordedValue};

/// What a compile reads: the files as they were when it was asked for, and how to compile them.
#[derive(Debug, Clone)]
pub struct CompileInput {
    /// The Analysis's version when the snapshot was taken: a result for an older version is
    /// still kept for the files whose text it saw.
    pub version: u64,
    /// Every file, `(path, text, text hash)`.
    pub files: Vec<(String, Arc<str>, u64)>,
    pub settings: CompileSettings,
}

/// How to compile: the main code (or the environment's `manifests/`), module directories after
/// the environment's own, the global hiera.yaml, and the options (node, facts, strict, limits,
/// the cancel flag).
#[derive(Debug, Clone, Default)]
pub struct CompileSettings {
    pub main: Option<MainCode>,
    pub base_modulepath: Vec<String>,
    pub global_hiera: Option<String>,
    pub options: EvalOptions,
}

/// A diagnostic of a compile, placed in its file (`path` is `None` when it has no place).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedDiagnostic {
    pub path: Option<String>,
    /// The byte range in the file's text.
    pub start: usize,
    pub end: usize,
    pub error: bool,
    pub code: &'static str,
    pub message: String,
    /// Notes beside the message ("did you mean 'x'?"), each with its range in the same file.
    pub notes: Vec<(String, Option<(usize, usize)>)>,
}

/// What a range of a file produced when the compile ran it: the value (Puppet's `%p` form) and
/// type of its last evaluation, and how many times it ran.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueRecord {
    pub start: usize,
    pub end: usize,
    pub value: String,
    pub type_: String,
    pub count: u64,
}

/// The result of a compile, as plain data.
#[derive(Debug, Clone, Default)]
pub struct CompileOutput {
    pub version: u64,
    /// The hash of each file's text as the compile saw it: its records hold while the text does.
    pub hashes: BTreeMap<String, u64>,
    pub diagnostics: Vec<PlacedDiagnostic>,
    /// The values recorded, per file, in source order.
    pub records: BTreeMap<String, Vec<ValueRecord>>,
    /// How many resources the catalog holds (0 when the compile failed).
    pub resources: usize,
    /// The compile was cancelled (by a change of the text or a time limit): nothing it found is
    /// news.
    pub cancelled: bool,
}

/// Compile the snapshot as `puppet apply` does, recording what each range produced.
pub fn compile(input: &CompileInput) -> CompileOutput {
    compile_reusing(input, None)
}

/// [`compile`], reusing the trees of the files an earlier compile of the same folder parsed
/// (`cache`): after an edit only the edited file, and those read after it, are parsed again.
pub fn compile_reusing(input: &CompileInput, cache: Option<&crate::ParseCache>) -> CompileOutput {
    let settings = &input.settings;
    let mut options = settings.options.clone();
    options.record = Some(options.record.unwrap_or_default());
    let mut memory = MemoryFiles::new();
    for (path, text, _) in &input.files {
        memory.insert(path, &**text, &options.limits);
    }
    let env = Environment {
        files: &memory,
        main: settings.main.clone(),
        base_modulepath: settings.base_modulepath.clone(),
        global_hiera: settings.global_hiera.clone(),
        parse_cache: cache,
    };
    let outcome = crate::compile::evaluate_environment(&env, &options);
    let cancelled = options.cancel.as_ref().is_some_and(|c| c.is_cancelled());
    let mut output = CompileOutput {
        version: input.version,
        hashes: input
            .files
            .iter()
            .map(|(path, _, hash)| (path.clone(), *hash))
            .collect(),
        resources: outcome.catalog.len(),
        cancelled,
        ..CompileOutput::default()
    };
    let main_name = settings.main.as_ref().map(|m| m.name.as_str());
    let place = |start: u32, end: u32| {
        let file = outcome.sources.file_at(start)?;
        let local = file.local(crate::span::Span::new(start, end.max(start)));
        let path = file.path.to_string();
        // Code given as the main code is named as the file it came from.
        let path = match main_name {
            Some(name) if file.base == 0 => name.to_string(),
            _ => path,
        };
        Some((path, local.start as usize, local.end as usize))
    };
    for diagnostic in &outcome.diagnostics {
        let placed = place(diagnostic.span.start, diagnostic.span.end);
        let notes = diagnostic
            .notes
            .iter()
            .map(|note| {
                let at = note.span.and_then(|s| place(s.start, s.end));
                let same_file = at.as_ref().map(|a| &a.0) == placed.as_ref().map(|p| &p.0);
                (
                    note.message.clone(),
                    at.filter(|_| same_file).map(|(_, s, e)| (s, e)),
                )
            })
            .collect();
        let (path, start, end) = match placed {
            Some((path, start, end)) => (Some(path), start, end),
            None => (None, 0, 0),
        };
        output.diagnostics.push(PlacedDiagnostic {
            path,
            start,
            end,
            error: diagnostic.severity == Severity::Error,
            code: diagnostic.code,
            message: [diagnostic.stage.error_prefix(), &diagnostic.message].concat(),
            notes,
        });
    }
    for recorded in &outcome.recorded {
        let Some((path, start, end)) = place(recorded.span.start, recorded.span.end) else {
            continue;
        };
        let Some((_, last)) = recorded.last.last() else {
            continue;
        };
        let (value, type_) = match last {
            RecordedValue::Value(v) => (
                crate::value::programmatic(v),
                crate::types::infer(v).to_string(),
            ),
            RecordedValue::Shown { value, type_ } => (value.clone(), type_.clone()),
        };
        output.records.entry(path).or_default().push(ValueRecord {
            start,
            end,
            value,
            type_,
            count: recorded.count,
        });
    }
    output
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::CancelFlag;

    fn input(files: &[(&str, &str)], settings: CompileSettings) -> CompileInput {
        CompileInput {
            version: 7,
            files: files
                .iter()
                .map(|(p, t)| (p.to_string(), Arc::from(*t), 1))
                .collect(),
            settings,
        }
    }

    fn node(name: &str) -> CompileSettings {
        let mut settings = CompileSettings::default();
        settings.options.certname = Some(name.into());
        settings
    }

    /// `puppet apply` on an environment: site.pp includes a class whose file is autoloaded; the
    /// error of the class's file is placed in that file, the value of `$x` in site.pp.
    #[test]
    fn an_environment_s_errors_and_values_are_placed_in_their_files() {
        let files = [
            ("manifests/site.pp", "$x = 1 + 2\ninclude app\n"),
            (
                "modules/app/manifests/init.pp",
                "class app {\n  notice($nope)\n}\n",
            ),
        ];
        let output = compile(&input(&files, node("web1")));
        assert_eq!(output.version, 7);
        let error = &output.diagnostics[0];
        assert_eq!(error.path.as_deref(), Some("modules/app/manifests/init.pp"));
        assert_eq!(&files[1].1[error.start..error.end], "$nope");
        assert_eq!(error.message, "Evaluation Error: Unknown variable: 'nope'.");
        let site = &output.records["manifests/site.pp"];
        let sum = site
            .iter()
            .find(|r| &files[0].1[r.start..r.end] == "1 + 2")
            .expect("1 + 2 recorded");
        assert_eq!(
            (sum.value.as_str(), sum.type_.as_str()),
            ("3", "Integer[3, 3]")
        );
    }

    /// Facts given as Puppet code and Hiera's check of hiera.yaml are evaluated from the engine's
    /// own texts: their values are not recorded as if they were the first file's.
    #[test]
    fn only_the_files_code_is_recorded() {
        let files = [
            ("manifests/site.pp", "$x = lookup('k')\n"),
            (
                "hiera.yaml",
                "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
            ),
            ("data/common.yaml", "---\nk: 1\n"),
        ];
        let mut settings = node("web1");
        settings.options.facts = Some(r#"{"os": {"family": "Debian"}}"#.into());
        let output = compile(&input(&files, settings));
        assert!(output.diagnostics.is_empty(), "{:?}", output.diagnostics);
        let site = &output.records["manifests/site.pp"];
        // `$x`, `lookup('k')` and the assignment: each 1.
        let seen: Vec<(&str, &str)> = site
            .iter()
            .map(|r| (&files[0].1[r.start..r.end], r.value.as_str()))
            .collect();
        assert_eq!(
            seen,
            [("$x", "1"), ("$x = lookup('k')", "1"), ("lookup('k')", "1")]
        );
        assert_eq!(output.records.len(), 1);
    }

    #[test]
    fn main_code_is_named_as_its_file_and_notes_keep_their_place() {
        let mut settings = node("web1");
        settings.main = Some(MainCode {
            name: "examples/init.pp".into(),
            text: "notic('x')\n".into(),
        });
        let output = compile(&input(&[], settings));
        let error = &output.diagnostics[0];
        assert_eq!(error.path.as_deref(), Some("examples/init.pp"));
        assert_eq!(error.notes[0].0, "did you mean 'notice'?");
    }

    #[test]
    fn a_cancelled_compile_says_so() {
        let mut settings = node("web1");
        let flag = CancelFlag::new();
        flag.cancel();
        settings.options.cancel = Some(flag);
        let output = compile(&input(&[("manifests/site.pp", "notice(1)\n")], settings));
        assert!(output.cancelled);
    }
}
