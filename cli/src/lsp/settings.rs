//! The server's settings, from `initializationOptions` and `workspace/didChangeConfiguration`
//! (at the top or under a `puppet` key): the node to compile for, its facts (a preset of
//! `facts/presets/` or a facts file), module directories, Puppet's `strict`, which lint checks
//! run, and the compile's pause and time limit.

use serde_json::Value;

use puppet_core::Strictness;

/// Where the node's facts come from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum FactsSource {
    /// No facts: `$facts` is `{}`.
    #[default]
    None,
    /// A preset by name (`debian-12`).
    Preset(String),
    /// A JSON facts file (absolute, or relative to the workspace folder).
    File(String),
}

/// Which lint checks run, beside a folder's `.puppet-lint.rc`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintSettings {
    /// Lint findings are reported at all.
    pub enabled: bool,
    /// Only these checks (`--only-checks`).
    pub only: Option<Vec<String>>,
    /// Checks turned off (`--no-<check>-check`).
    pub disabled: Vec<String>,
    /// Checks turned on that are off by default (`--<check>-check`).
    pub enable: Vec<String>,
}

impl Default for LintSettings {
    fn default() -> Self {
        LintSettings {
            enabled: true,
            only: None,
            disabled: Vec::new(),
            enable: Vec::new(),
        }
    }
}

/// Everything a client may set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The node's name (`--certname`); default `playground`.
    pub node: String,
    pub facts: FactsSource,
    /// Module directories after each environment's own (absolute, or relative to the folder).
    pub modulepath: Vec<String>,
    pub strict: Strictness,
    pub lint: LintSettings,
    /// Whether the environment is compiled at all.
    pub compile: bool,
    /// The pause after the last change before a compile starts.
    pub compile_delay_ms: u64,
    /// A compile running longer is cancelled.
    pub compile_timeout_ms: u64,
    /// The main manifest to compile instead of the environment's `manifests/` (a path relative
    /// to the folder).
    pub manifest: Option<String>,
    /// The compile's step budget.
    pub max_steps: Option<u64>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            node: "playground".into(),
            facts: FactsSource::None,
            modulepath: Vec::new(),
            strict: Strictness::Error,
            lint: LintSettings::default(),
            compile: true,
            compile_delay_ms: 300,
            compile_timeout_ms: 30_000,
            manifest: None,
            max_steps: None,
        }
    }
}

/// The settings `value` gives over `base`, and a note for each one it could not take.
pub fn read(base: &Settings, value: &Value) -> (Settings, Vec<String>) {
    let mut settings = base.clone();
    let mut problems = Vec::new();
    let value = value.get("puppet").unwrap_or(value);
    let Some(object) = value.as_object() else {
        return (settings, problems);
    };
    for (key, item) in object {
        let taken = match key.as_str() {
            "node" | "certname" => string(item).filter(|s| !s.is_empty()).map(|s| {
                settings.node = s;
            }),
            "facts" => match item {
                Value::Null => {
                    settings.facts = FactsSource::None;
                    Some(())
                }
                Value::String(s) if s.is_empty() => {
                    settings.facts = FactsSource::None;
                    Some(())
                }
                Value::String(s) if s.ends_with(".json") || s.contains('/') => {
                    settings.facts = FactsSource::File(s.clone());
                    Some(())
                }
                Value::String(s) => {
                    settings.facts = FactsSource::Preset(s.clone());
                    Some(())
                }
                _ => None,
            },
            "factsPreset" => string(item).map(|s| settings.facts = FactsSource::Preset(s)),
            "factsFile" => string(item).map(|s| settings.facts = FactsSource::File(s)),
            "modulepath" => match item {
                Value::String(s) => {
                    settings.modulepath = s
                        .split(':')
                        .filter(|d| !d.is_empty())
                        .map(String::from)
                        .collect();
                    Some(())
                }
                Value::Array(_) => strings(item).map(|list| settings.modulepath = list),
                _ => None,
            },
            "strict" => match item.as_str() {
                Some("error") => Some(Strictness::Error),
                Some("warning") => Some(Strictness::Warning),
                Some("off") => Some(Strictness::Off),
                _ => None,
            }
            .map(|strict| settings.strict = strict),
            "lint" => read_lint(&mut settings.lint, item),
            "compile" => item.as_bool().map(|b| settings.compile = b),
            "compileDelay" => item
                .as_u64()
                .map(|n| settings.compile_delay_ms = n.min(60_000)),
            "compileTimeout" => item
                .as_u64()
                .map(|n| settings.compile_timeout_ms = n.clamp(10, 600_000)),
            "manifest" => match item {
                Value::Null => {
                    settings.manifest = None;
                    Some(())
                }
                _ => string(item).map(|s| settings.manifest = Some(s)),
            },
            "maxSteps" => item.as_u64().map(|n| settings.max_steps = Some(n)),
            // Unknown keys belong to other tools or later versions.
            _ => Some(()),
        };
        if taken.is_none() {
            problems.push(format!("the setting '{key}' was not understood: {item}"));
        }
    }
    (settings, problems)
}

fn read_lint(lint: &mut LintSettings, item: &Value) -> Option<()> {
    match item {
        Value::Bool(on) => {
            lint.enabled = *on;
            Some(())
        }
        Value::Object(object) => {
            for (key, value) in object {
                match key.as_str() {
                    "enabled" => lint.enabled = value.as_bool()?,
                    "only" => lint.only = Some(strings(value)?),
                    "disabled" => lint.disabled = strings(value)?,
                    "enable" => lint.enable = strings(value)?,
                    _ => {}
                }
            }
            Some(())
        }
        _ => None,
    }
}

fn string(value: &Value) -> Option<String> {
    value.as_str().map(String::from)
}

fn strings(value: &Value) -> Option<Vec<String>> {
    value
        .as_array()?
        .iter()
        .map(|v| v.as_str().map(String::from))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn settings_at_the_top_or_under_puppet() {
        let (s, problems) = read(
            &Settings::default(),
            &json!({"puppet": {"node": "web1", "facts": "debian-12", "modulepath": "a:b",
                    "strict": "warning", "lint": {"disabled": ["140chars"]}, "compileDelay": 50}}),
        );
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(s.node, "web1");
        assert_eq!(s.facts, FactsSource::Preset("debian-12".into()));
        assert_eq!(s.modulepath, ["a", "b"]);
        assert_eq!(s.strict, Strictness::Warning);
        assert_eq!(s.lint.disabled, ["140chars"]);
        assert_eq!(s.compile_delay_ms, 50);
        let (t, _) = read(&s, &json!({"facts": "facts/web1.json", "lint": false}));
        assert_eq!(t.facts, FactsSource::File("facts/web1.json".into()));
        assert!(!t.lint.enabled);
        assert_eq!(t.node, "web1", "what is not given stays");
    }

    #[test]
    fn what_is_not_understood_is_said() {
        let (s, problems) = read(
            &Settings::default(),
            &json!({"strict": "sometimes", "node": 3, "modulepath": [1], "other": true}),
        );
        assert_eq!(s, Settings::default());
        assert_eq!(problems.len(), 3, "{problems:?}");
        // In the order given or of the keys (serde_json's map keeps either, by its features).
        for key in ["strict", "node", "modulepath"] {
            let start = format!("the setting '{key}' was not understood");
            assert!(
                problems.iter().any(|p| p.starts_with(&start)),
                "{problems:?}"
            );
        }
        assert_eq!(read(&s, &json!(null)).0, s);
    }
}
