//! puppet-lint's checks for the page: the core's findings with UTF-16 offsets for the editor, and
//! the text `--fix` makes.

use puppet_core::lint::{self, Finding, Kind};
use puppet_core::report::OffsetEncoding;
use wasm_bindgen::{JsError, JsValue};

use crate::js_field::Fields;
use crate::positions::Utf16;

// Declared for the TypeScript declarations only: the facade reads the page's object straight into
// the core's options (`options_from_js`), as `Options` is read (see there why not with serde).
/// How to lint: `rc` is the text of a `.puppet-lint.rc`; `only`, `disabled`, `enabled` are lists of
/// check names; `path` is the file's path (autoloader_layout runs only with one).
#[cfg(test)]
#[allow(dead_code)] // Only its TypeScript declaration is used.
#[derive(ts_rs::TS)]
#[ts(optional_fields, rename_all = "camelCase")]
pub struct LintOptions {
    pub rc: Option<String>,
    pub only: Option<Vec<String>>,
    pub disabled: Option<Vec<String>>,
    pub enabled: Option<Vec<String>>,
    pub relative: Option<bool>,
    pub path: Option<String>,
    pub show_ignored: Option<bool>,
}

/// The core's lint options and the file's path from the page's object (`LintOptions`;
/// `undefined` and `null`: the defaults; an empty path is none).
pub fn options_from_js(value: &JsValue) -> Result<(lint::Options, Option<String>), JsError> {
    let mut options = lint::Options::default();
    let Some(fields) = Fields::of(value, "the lint options")? else {
        return Ok((options, None));
    };
    if let Some(rc) = fields.text("rc") {
        options.apply_rc(&rc);
    }
    if let Some(only) = fields.texts("only") {
        options.only = Some(only);
    }
    options
        .disabled
        .extend(fields.texts("disabled").into_iter().flatten());
    options
        .enabled
        .extend(fields.texts("enabled").into_iter().flatten());
    options.relative |= fields.flag("relative").unwrap_or(false);
    options.show_ignored |= fields.flag("showIgnored").unwrap_or(false);
    let path = fields.text("path").filter(|p| !p.is_empty());
    fields.finish((options, path))
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
    fn a_finding_is_data_as_the_page_reads_it() {
        let options = lint::Options {
            only: Some(vec!["double_quoted_strings".into()]),
            ..lint::Options::default()
        };
        // The finding is serialized as the page reads it: a reason only for an ignored one.
        let findings = lint_to_data("$a = \"x\"\n", &options, None);
        let json = serde_json::to_value(&findings[0]).expect("json");
        assert_eq!(json["kind"], "warning");
        assert_eq!(json["start"], 5);
        assert!(json.get("reason").is_none());
    }
}
