//! Which checks run and how: puppet-lint's options, from arguments or a `.puppet-lint.rc` file.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{CHECKS, DISABLED_BY_DEFAULT};

/// The options of a lint run.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub fix: bool,
    pub fail_on_warnings: bool,
    /// `--relative`: autoloader_layout compares the path from the module root.
    pub relative: bool,
    pub show_ignored: bool,
    /// `--only-checks`: when set, only these run.
    pub only: Option<Vec<String>>,
    /// Checks turned off (`--no-<check>-check`).
    pub disabled: Vec<String>,
    /// Checks turned on that are off by default (`--<check>-check`).
    pub enabled: Vec<String>,
    pub error_level: Option<String>,
}

impl Options {
    /// Whether a check runs.
    pub fn enabled(&self, check: &str) -> bool {
        if let Some(only) = &self.only {
            return only.iter().any(|c| c == check);
        }
        if self.disabled.iter().any(|c| c == check) {
            return false;
        }
        if DISABLED_BY_DEFAULT.contains(&check) {
            return self.enabled.iter().any(|c| c == check);
        }
        true
    }

    /// Apply one option (`--fix`, `--no-documentation-check`, `--only-checks=a,b`, ...). Returns
    /// `Ok(true)` when it took the next argument as its value, `Err` for an unknown option.
    pub fn apply(&mut self, option: &str, next: Option<&str>) -> Result<bool, String> {
        let (name, inline) = match option.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (option, None),
        };
        match name {
            "-f" | "--fix" => self.fix = true,
            "--fail-on-warnings" => self.fail_on_warnings = true,
            "--relative" => self.relative = true,
            "--show-ignored" => self.show_ignored = true,
            "--only-checks" | "--error-level" => {
                let (value, took) = match inline {
                    Some(v) => (v, false),
                    None => match next {
                        Some(v) => (v, true),
                        None => return Err(["missing argument: ", name].concat()),
                    },
                };
                if name == "--only-checks" {
                    // As puppet-lint: the listed checks on, every other one off (later options
                    // still apply).
                    let listed: Vec<&str> = value.split(',').collect();
                    self.enabled = listed.iter().map(|c| c.to_string()).collect();
                    self.disabled = CHECKS
                        .iter()
                        .filter(|c| !listed.contains(c))
                        .map(|c| c.to_string())
                        .collect();
                } else {
                    self.error_level = Some(value.to_string());
                }
                return Ok(took);
            }
            _ => {
                let check = name
                    .strip_prefix("--")
                    .and_then(|n| n.strip_suffix("-check"));
                match check {
                    Some(c) if c.starts_with("no-") && CHECKS.contains(&&c[3..]) => {
                        self.disabled.push(c[3..].to_string())
                    }
                    Some(c) if DISABLED_BY_DEFAULT.contains(&c) => {
                        self.enabled.push(c.to_string());
                        self.disabled.retain(|d| d != c);
                    }
                    _ => return Err(["invalid option: ", option].concat()),
                }
            }
        }
        Ok(false)
    }

    /// Read a `.puppet-lint.rc` file: options separated by whitespace, `#` comments.
    pub fn apply_rc(&mut self, text: &str) -> Vec<String> {
        let mut errors = Vec::new();
        let words: Vec<&str> = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .flat_map(str::split_whitespace)
            .collect();
        let mut i = 0;
        while i < words.len() {
            match self.apply(words[i], words.get(i + 1).copied()) {
                Ok(true) => i += 2,
                Ok(false) => i += 1,
                Err(e) => {
                    errors.push(e);
                    i += 1;
                }
            }
        }
        errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_apply_in_order_as_puppet_lint_does() {
        let mut o = Options::default();
        let errors = o.apply_rc(
            "--no-140chars-check\n--quoted_booleans-check # on\n--only-checks=double_quoted_strings,140chars\n--no-hard_tabs-check\n--bogus\n",
        );
        assert_eq!(errors.len(), 1);
        assert!(
            o.enabled("140chars"),
            "--only-checks turns a disabled check back on"
        );
        assert!(o.enabled("double_quoted_strings"));
        assert!(
            !o.enabled("quoted_booleans"),
            "--only-checks turns the others off"
        );
        assert!(!o.enabled("trailing_whitespace"));
        let mut d = Options::default();
        assert!(!d.enabled("80chars") && d.enabled("arrow_alignment"));
        assert_eq!(d.apply("--80chars-check", None), Ok(false));
        assert!(d.enabled("80chars"));
        assert!(
            d.apply("--documentation-check", None).is_err(),
            "only off-by-default checks have --X-check"
        );
        assert_eq!(d.apply("--only-checks", Some("hard_tabs")), Ok(true));
        assert!(d.enabled("hard_tabs") && !d.enabled("80chars"));
    }
}
