//! puppet-lint's checks for the page: the core's findings with UTF-16 offsets for the editor, and
//! the text `--fix` makes.

use puppet_core::lint::{self, Finding, Kind};
use puppet_core::report::OffsetEncoding;
use wasm_bindgen::{JsError, JsValue};

use crate::js_field::Fields;
use crate::positions::Utf16;

// Read field by field, as `Options` is (see there why not with serde).
/// How to lint: `rc` is the text of a `.puppet-lint.rc`; `only`, `disabled`, `enabled` are lists of
/// check names; `path` is the file's path (autoloader_layout runs only with one).
#[derive(Debug, Clone, Default)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields, rename_all = "camelCase"))]
pub struct LintOptions {
    pub rc: Option<String>,
    pub only: Option<Vec<String>>,
    pub disabled: Option<Vec<String>>,
    pub enabled: Option<Vec<String>>,
    pub relative: Option<bool>,
    pub path: Option<String>,
    pub show_ignored: Option<bool>,
}

impl LintOptions {
    /// The lint options a JavaScript value holds (`undefined` and `null`: the defaults).
    pub fn from_js(value: &JsValue) -> Result<LintOptions, JsError> {
        let Some(fields) = Fields::of(value, "the lint options")? else {
            return Ok(LintOptions::default());
        };
        let read = LintOptions {
            rc: fields.text("rc"),
            only: fields.texts("only"),
            disabled: fields.texts("disabled"),
            enabled: fields.texts("enabled"),
            relative: fields.flag("relative"),
            path: fields.text("path"),
            show_ignored: fields.flag("showIgnored"),
        };
        fields.finish(read)
    }

    /// The core's options and the file's path.
    pub fn read(self) -> (lint::Options, Option<String>) {
        let mut options = lint::Options::default();
        if let Some(rc) = &self.rc {
            options.apply_rc(rc);
        }
        if self.only.is_some() {
            options.only = self.only;
        }
        options.disabled.extend(self.disabled.into_iter().flatten());
        options.enabled.extend(self.enabled.into_iter().flatten());
        options.relative |= self.relative.unwrap_or(false);
        options.show_ignored |= self.show_ignored.unwrap_or(false);
        (options, self.path.filter(|p| !p.is_empty()))
    }
}

/// The findings for a manifest (ignored ones only with `showIgnored`), ranges in UTF-16.
pub fn lint_to_data(code: &str, options: &lint::Options, path: Option<&str>) -> Vec<Finding> {
    let mut utf16 = Utf16::default();
    let mut findings = lint::lint(code, path, options).findings;
    findings.retain(|f| f.kind != Kind::Ignored || options.show_ignored);
    for finding in &mut findings {
        finding.start = utf16.offset(code, finding.start as usize);
        finding.end = utf16.offset(code, finding.end as usize);
    }
    findings
}

/// The text after puppet-lint's fixes (the code unchanged when it has a syntax error).
pub fn fix_to_text(code: &str, options: &lint::Options, path: Option<&str>) -> String {
    let options = lint::Options {
        fix: true,
        ..options.clone()
    };
    lint::lint(code, path, &options)
        .fixed
        .unwrap_or_else(|| code.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn findings_carry_utf16_ranges_and_fix_applies() {
        let code = "# é😀\n$a = \"x\"\n";
        let none = lint::Options::default();
        let findings = lint_to_data(code, &none, None);
        let quoted = findings
            .iter()
            .find(|f| f.check == "double_quoted_strings")
            .expect("finding");
        assert_eq!((quoted.line, quoted.column), (2, 6));
        // "# é😀\n" is 6 UTF-16 units (😀 takes two); "$a = " five more.
        assert_eq!((quoted.start, quoted.end), (11, 14));
        assert_eq!(fix_to_text(code, &none, None), "# é😀\n$a = 'x'\n");
    }

    #[test]
    fn the_page_options_become_the_cores() {
        let page = LintOptions {
            only: Some(vec!["double_quoted_strings".into()]),
            show_ignored: Some(true),
            path: Some(String::new()),
            ..LintOptions::default()
        };
        let (options, path) = page.read();
        assert_eq!(
            options.only,
            Some(vec!["double_quoted_strings".to_string()])
        );
        assert!(options.show_ignored);
        assert_eq!(path, None);
        // The finding is serialized as the page reads it: a reason only for an ignored one.
        let findings = lint_to_data("$a = \"x\"\n", &options, None);
        let json = serde_json::to_value(&findings[0]).expect("json");
        assert_eq!(json["kind"], "warning");
        assert_eq!(json["start"], 5);
        assert!(json.get("reason").is_none());
    }
}
