//! puppet-lint's checks for the page: findings with UTF-16 offsets for the editor, and the text
//! `--fix` makes.

use puppet_core::lint::{self, Kind, Options};
use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::positions::Utf16Positions;

/// One finding: puppet-lint's line, column (characters), check, kind and message, and the range
/// it is about as UTF-16 offsets (`start..end`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JsLintFinding {
    pub line: u32,
    pub column: u32,
    pub check: &'static str,
    pub kind: &'static str,
    pub message: String,
    pub start: u32,
    pub end: u32,
    /// The reason a `lint:ignore` comment gives (only for kind `ignored`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The lint options from `{ rc, only, disabled, enabled, relative, path, showIgnored }`: `rc` is the
/// text of a `.puppet-lint.rc`; `only`, `disabled`, `enabled` are lists of check names; `path` is
/// the file's path (autoloader_layout runs only with one).
pub fn options_from_js(value: &JsValue) -> (Options, Option<String>) {
    let mut options = Options::default();
    if !value.is_object() {
        return (options, None);
    }
    let get = |name: &str| js_sys::Reflect::get(value, &JsValue::from_str(name)).ok();
    let strings = |name: &str| -> Option<Vec<String>> {
        let v = get(name)?;
        if !js_sys::Array::is_array(&v) {
            return None;
        }
        Some(
            js_sys::Array::from(&v)
                .iter()
                .filter_map(|x| x.as_string())
                .collect(),
        )
    };
    let flag = |name: &str| get(name).and_then(|v| v.as_bool()).unwrap_or(false);
    if let Some(rc) = get("rc").and_then(|v| v.as_string()) {
        options.apply_rc(&rc);
    }
    if let Some(only) = strings("only") {
        options.only = Some(only);
    }
    if let Some(disabled) = strings("disabled") {
        options.disabled.extend(disabled);
    }
    if let Some(enabled) = strings("enabled") {
        options.enabled.extend(enabled);
    }
    options.relative |= flag("relative");
    options.show_ignored |= flag("showIgnored");
    let path = get("path")
        .and_then(|v| v.as_string())
        .filter(|p| !p.is_empty());
    (options, path)
}

/// The findings for a manifest (ignored ones only with `showIgnored`).
pub fn lint_to_data(code: &str, options: &Options, path: Option<&str>) -> Vec<JsLintFinding> {
    let report = lint::lint(code, path, options);
    let positions = Utf16Positions::new(code);
    report
        .findings
        .into_iter()
        .filter(|f| f.kind != Kind::Ignored || options.show_ignored)
        .map(|f| JsLintFinding {
            line: f.line,
            column: f.column,
            check: f.check,
            kind: f.kind.as_str(),
            start: positions.offset(f.start),
            end: positions.offset(f.end),
            message: f.message,
            reason: f.reason,
        })
        .collect()
}

/// The text after puppet-lint's fixes (the code unchanged when it has a syntax error).
pub fn fix_to_text(code: &str, options: &Options, path: Option<&str>) -> String {
    let options = Options {
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
        let findings = lint_to_data(code, &Options::default(), None);
        let quoted = findings
            .iter()
            .find(|f| f.check == "double_quoted_strings")
            .expect("finding");
        assert_eq!((quoted.line, quoted.column), (2, 6));
        // "# é😀\n" is 6 UTF-16 units (😀 takes two); "$a = " five more.
        assert_eq!((quoted.start, quoted.end), (11, 14));
        assert_eq!(
            fix_to_text(code, &Options::default(), None),
            "# é😀\n$a = 'x'\n"
        );
    }
}
