//! puppet-lint's checks and fixes on the engine's tokens: findings as plain data and fixed text.
//!
//! The behaviour (check names, wording, positions, kinds, fixes, control comments) is that of
//! puppet-lint 3.0.1; the stream of tokens comes from the engine's lexer ([`tokens`]).

mod checks;
pub mod config;
mod controls;
mod fixes;
mod indexes;
pub mod tokens;

use alloc::string::String;
use alloc::vec::Vec;

pub use config::Options;
use tokens::Stream;

crate::named_enum! {
    /// How serious a finding is; `Fixed` when `--fix` repaired it, `Ignored` under a control comment.
    #[cfg_attr(feature = "typescript", ts(rename = "LintKind"))]
    pub enum Kind {
        Warning => "warning",
        Error => "error",
        Fixed => "fixed",
        Ignored => "ignored",
    }
}

/// What a fix needs beyond the token a finding is about.
#[derive(Debug, Clone, Default)]
pub(crate) enum Extra {
    #[default]
    None,
    Arrow {
        arrow_column: u32,
        newline: bool,
        newline_indent: u32,
    },
    OnlyVariable {
        start: usize,
        var: usize,
        end: usize,
    },
    EnsureFirst {
        first_param: usize,
    },
    Symlink {
        param: usize,
        value: usize,
    },
}

/// One finding, as data.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "LintFinding"))]
pub struct Finding {
    pub check: &'static str,
    pub kind: Kind,
    pub message: String,
    pub line: u32,
    pub column: u32,
    /// The byte range in the source the finding is about (for the editor).
    pub start: u32,
    pub end: u32,
    /// The reason given in the control comment that ignores it.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub reason: Option<String>,
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) token: Option<usize>,
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) extra: Extra,
}

/// The result of linting one manifest.
#[derive(Debug, Clone)]
pub struct Report {
    pub findings: Vec<Finding>,
    /// With `fix`: the text after the fixes (None when there is a syntax error).
    pub fixed: Option<String>,
    /// Warnings about control comments (puppet-lint prints them on stderr).
    pub notes: Vec<String>,
}

impl Report {
    /// puppet-lint's exit status for this file: 1 on errors, or warnings with `fail_on_warnings`.
    pub fn failed(&self, options: &Options) -> bool {
        self.findings
            .iter()
            .any(|f| f.kind == Kind::Error || (f.kind == Kind::Warning && options.fail_on_warnings))
    }
}

/// The checks in the order puppet-lint runs and reports them.
pub const CHECKS: &[&str] = &[
    "arrow_on_right_operand_line",
    "autoloader_layout",
    "class_inherits_from_params_class",
    "code_on_top_scope",
    "inherits_across_namespaces",
    "names_containing_dash",
    "names_containing_uppercase",
    "nested_classes_or_defines",
    "parameter_order",
    "right_to_left_relationship",
    "variable_scope",
    "slash_comments",
    "star_comments",
    "case_without_default",
    "selector_inside_resource",
    "documentation",
    "unquoted_node_name",
    "duplicate_params",
    "ensure_first_param",
    "ensure_not_symlink_target",
    "file_mode",
    "unquoted_file_mode",
    "unquoted_resource_title",
    "double_quoted_strings",
    "only_variable_string",
    "puppet_url_without_modules",
    "quoted_booleans",
    "single_quote_string_with_variables",
    "variables_not_enclosed",
    "variable_contains_dash",
    "variable_is_lowercase",
    "140chars",
    "2sp_soft_tabs",
    "80chars",
    "arrow_alignment",
    "hard_tabs",
    "trailing_whitespace",
];

/// The checks puppet-lint leaves off unless asked for.
pub const DISABLED_BY_DEFAULT: &[&str] = &[
    "class_inherits_from_params_class",
    "code_on_top_scope",
    "quoted_booleans",
    "80chars",
];

/// What a check sees: its name, the stream, the source lines and the file's full path.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    pub check: &'static str,
    pub s: &'a Stream,
    pub source: &'a str,
    pub fullpath: Option<&'a str>,
    pub relative: bool,
}

impl Ctx<'_> {
    /// A warning of the check about the token at stream position `i`.
    pub fn warning(&self, message: impl Into<String>, i: usize) -> Finding {
        self.at(Kind::Warning, message.into(), i)
    }

    /// An error of the check about the token at stream position `i`.
    pub fn error(&self, message: impl Into<String>, i: usize) -> Finding {
        self.at(Kind::Error, message.into(), i)
    }

    /// A warning `message` about each token of `kind`.
    pub fn warn_each(&self, kind: tokens::K, message: &str, out: &mut Vec<Finding>) {
        for i in 0..self.s.len() {
            if self.s.kind(i) == kind {
                out.push(self.warning(message, i));
            }
        }
    }

    /// A finding of the check about the token at stream position `i`.
    pub fn at(&self, kind: Kind, message: String, i: usize) -> Finding {
        let t = self.s.at(i);
        Finding {
            check: self.check,
            kind,
            message,
            line: t.line,
            column: t.column,
            start: t.start,
            end: t.end,
            reason: None,
            token: Some(self.s.order[i]),
            extra: Extra::None,
        }
    }
}

/// Lint a manifest. `fullpath` is the file's absolute path (autoloader_layout needs it).
pub fn lint(source: &str, fullpath: Option<&str>, options: &Options) -> Report {
    let mut report = Report {
        findings: Vec::new(),
        fixed: None,
        notes: Vec::new(),
    };
    if source.is_empty() {
        if options.fix {
            report.fixed = Some(String::new());
        }
        return report;
    }
    let mut stream = match tokens::tokenize(source) {
        Ok(stream) => stream,
        Err(error) => {
            let mut f = syntax_error();
            if let Some(reason) = error.reason {
                f.message = alloc::format!("Syntax error ({reason})");
            }
            f.line = error.line;
            f.column = error.column;
            report.findings.push(f);
            // puppet-lint still runs the checks, on no tokens: the line-length ones find.
            Stream::default()
        }
    };
    let overrides = controls::parse(&stream, &mut report.notes);
    let ctx = Ctx {
        check: "",
        s: &stream,
        source,
        fullpath,
        relative: options.relative,
    };
    let mut per_check: Vec<Vec<Finding>> = Vec::new();
    for &check in CHECKS {
        if !options.enabled(check) {
            continue;
        }
        let mut found = match checks::run(&Ctx { check, ..ctx }) {
            Ok(found) => found,
            Err(at) => {
                let t = stream.at(at.0);
                let mut f = syntax_error();
                f.line = t.line;
                f.column = t.column;
                f.start = t.start;
                f.end = t.end;
                report.findings.push(f);
                return report;
            }
        };
        for f in &mut found {
            if f.check == "syntax" {
                continue;
            }
            if let Some(reason) = overrides.get(f.check, f.line) {
                f.kind = Kind::Ignored;
                f.reason = Some(reason.into());
            }
        }
        per_check.push(found);
    }
    if options.fix {
        for found in &mut per_check {
            for f in found.iter_mut() {
                if f.kind == Kind::Ignored || f.check == "syntax" {
                    continue;
                }
                if fixes::fix(&mut stream, f) {
                    f.kind = Kind::Fixed;
                }
            }
        }
    }
    for found in per_check {
        report.findings.extend(found);
    }
    if options.fix && !report.findings.iter().any(|f| f.check == "syntax") {
        report.fixed = Some(stream.manifest());
    }
    report
}

fn syntax_error() -> Finding {
    Finding {
        check: "syntax",
        kind: Kind::Error,
        message: "Syntax error".into(),
        line: 1,
        column: 1,
        start: 0,
        end: 0,
        reason: None,
        token: None,
        extra: Extra::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checks(code: &str) -> Vec<(u32, u32, &'static str, Kind)> {
        lint(code, None, &Options::default())
            .findings
            .iter()
            .map(|f| (f.line, f.column, f.check, f.kind))
            .collect()
    }

    #[test]
    fn control_comments_ignore_lines_and_blocks() {
        let code = "# lint:ignore:double_quoted_strings\n$a = \"x\"\n# lint:endignore\n$b = \"y\" # lint:ignore:double_quoted_strings why\n$c = \"z\"\n";
        let found = checks(code);
        assert_eq!(
            found.iter().filter(|f| f.3 == Kind::Ignored).count(),
            2,
            "{found:?}"
        );
        assert!(found.contains(&(5, 6, "double_quoted_strings", Kind::Warning)));
        let report = lint(code, None, &Options::default());
        let ignored = report
            .findings
            .iter()
            .find(|f| f.line == 4)
            .map(|f| f.reason.clone());
        assert_eq!(ignored, Some(Some("why".into())));
    }

    #[test]
    fn fix_rewrites_and_marks_fixed() {
        let options = Options {
            fix: true,
            ..Options::default()
        };
        let report = lint("$a = \"x\"  \n", None, &options);
        assert_eq!(report.fixed.as_deref(), Some("$a = 'x'\n"));
        assert!(report.findings.iter().all(|f| f.kind == Kind::Fixed));
    }

    #[test]
    fn unterminated_string_is_a_syntax_error() {
        let report = lint(
            "$a = 1\n$b = \"open\n",
            None,
            &Options {
                fix: true,
                ..Options::default()
            },
        );
        assert_eq!(report.findings.len(), 1);
        let f = &report.findings[0];
        assert_eq!((f.check, f.line, f.column), ("syntax", 2, 6));
        assert_eq!(f.message, "Syntax error (unterminated string)");
        assert!(report.fixed.is_none());
    }

    #[test]
    fn hostile_input_does_not_overflow() {
        let deep = ["$a = ", &"[".repeat(100_000), &"]".repeat(100_000), "\n"].concat();
        let strings = ["$a = ", &"\"${".repeat(20_000), &"}\"".repeat(20_000), "\n"].concat();
        let braces = ["file { 'x': a => ", &"{".repeat(50_000), "\n"].concat();
        let fixing = Options {
            fix: true,
            ..Options::default()
        };
        for source in [deep, strings, braces] {
            let _ = lint(&source, None, &fixing);
        }
    }
}
