//! Which engine a run needs: the page starts with the light build (no YAML reader, no Lookup
//! pane, no puppetlabs-stdlib functions, no ERB) and loads the full one only for environments that
//! have YAML to read (known before the run) or runs that call one of stdlib's functions or render an
//! ERB template (`"erb"`).

use serde::Serialize;

use crate::data::{outcome_to_data, run, JsOutcome, Options};

/// Why a run needs the full engine: `"yaml"` when a file of the environment ends in `.yaml` or
/// `.yml` (a hiera.yaml, a module's, their data) or a global hiera.yaml is given; `None` when the
/// light engine answers exactly as the full one does (a snippet, an environment without YAML:
/// Puppet's default hierarchy is built without reading YAML and finds no data file).
pub fn needs_full_engine(options: &Options) -> Option<&'static str> {
    let yaml_file = options.files.iter().flatten().any(|(path, _)| {
        let lower = path.to_ascii_lowercase();
        lower.ends_with(".yaml") || lower.ends_with(".yml")
    });
    (yaml_file || options.global_hiera.is_some()).then_some("yaml")
}

/// The light engine's answer to a run it cannot make: `{ needsFullEngine: "yaml" }`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct NeedsFullEngine {
    pub needs_full_engine: &'static str,
}

/// What `evaluate` gives the page: the run's outcome, or (light build) that it needs the full
/// engine, decided before evaluating.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(untagged)]
pub enum Answer {
    /// Boxed: an outcome is far larger than the hand-over.
    Outcome(Box<JsOutcome>),
    NeedsFullEngine(NeedsFullEngine),
}

/// Evaluate, unless this is the light build and the run needs the full engine: YAML is known
/// before evaluating; a call of one of stdlib's functions (`"stdlib"`) only when the run makes it.
pub fn evaluate_answer(source: &str, options: &Options) -> Answer {
    if !cfg!(feature = "yaml") {
        if let Some(reason) = needs_full_engine(options) {
            return Answer::NeedsFullEngine(NeedsFullEngine {
                needs_full_engine: reason,
            });
        }
    }
    let outcome = run(source, options);
    match outcome.needs_full_engine {
        Some(reason) => Answer::NeedsFullEngine(NeedsFullEngine {
            needs_full_engine: reason,
        }),
        None => Answer::Outcome(Box::new(outcome_to_data(&outcome))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_files(paths: &[&str]) -> Options {
        Options {
            files: Some(
                paths
                    .iter()
                    .map(|p| (p.to_string(), String::new()))
                    .collect(),
            ),
            ..Options::default()
        }
    }

    #[test]
    fn snippets_and_environments_without_yaml_run_on_the_light_engine() {
        assert_eq!(needs_full_engine(&Options::default()), None);
        let env = with_files(&[
            "manifests/site.pp",
            "modules/app/manifests/init.pp",
            "data/common.json",
            "modules/app/metadata.json",
            "notes.yaml.txt",
            "yaml",
        ]);
        assert_eq!(needs_full_engine(&env), None);
    }

    #[test]
    fn yaml_files_or_a_global_hiera_yaml_need_the_full_engine() {
        for path in [
            "hiera.yaml",
            "data/common.yaml",
            "data/nodes/web.YML",
            "modules/app/hiera.yaml",
            "modules/app/data/common.yml",
        ] {
            assert_eq!(
                needs_full_engine(&with_files(&[path])),
                Some("yaml"),
                "{path}"
            );
        }
        let global = Options {
            global_hiera: Some("global/hiera.json".into()),
            ..Options::default()
        };
        assert_eq!(needs_full_engine(&global), Some("yaml"));
    }

    const HIERA: &str = "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n";

    #[test]
    fn runs_without_yaml_are_evaluated_by_either_build() {
        let env = Options {
            files: Some(vec![("data/common.json".into(), "{}".into())]),
            ..Options::default()
        };
        let Answer::Outcome(data) = evaluate_answer("lookup('k', undef, undef, 7)", &env) else {
            panic!("an outcome");
        };
        assert_eq!(data.value.as_deref(), Some("7"));
        assert!(data.diagnostics.is_empty(), "{:?}", data.diagnostics);
    }

    #[test]
    fn runs_with_yaml_are_deferred_by_the_light_build_only() {
        let env = Options {
            files: Some(vec![
                ("hiera.yaml".into(), HIERA.into()),
                ("data/common.yaml".into(), "k: 1\n".into()),
            ]),
            ..Options::default()
        };
        let answer = evaluate_answer("lookup('k')", &env);
        if cfg!(feature = "yaml") {
            let Answer::Outcome(data) = answer else {
                panic!("the full build evaluates");
            };
            assert_eq!(data.value.as_deref(), Some("1"));
        } else {
            assert_eq!(
                answer,
                Answer::NeedsFullEngine(NeedsFullEngine {
                    needs_full_engine: "yaml"
                })
            );
        }
    }

    #[test]
    fn a_call_of_stdlib_is_handed_over_by_the_light_build_only() {
        for source in [
            "pick(undef, 'x')",
            "[1].each |$i| { notice(merge({}, {'a' => $i})) }",
            "define d { $x = pw_hash('a', 'SHA-256', 'salt') } d { 'a': }",
        ] {
            let answer = evaluate_answer(source, &Options::default());
            let handed = answer
                == Answer::NeedsFullEngine(NeedsFullEngine {
                    needs_full_engine: "stdlib",
                });
            assert_eq!(handed, !cfg!(feature = "stdlib"), "{source}");
        }
        let Answer::Outcome(data) = evaluate_answer("$pick = 1\n[$pick]", &Options::default())
        else {
            panic!("no call of stdlib: an outcome");
        };
        assert_eq!(data.value.as_deref(), Some("[1]"));
    }

    #[test]
    fn a_template_is_handed_over_by_the_light_build_only() {
        for source in [
            "inline_template('<%= 1 + 1 %>')",
            "define d { notice(inline_template('<%= @title %>')) } d { 'a': }",
        ] {
            let answer = evaluate_answer(source, &Options::default());
            let handed = answer
                == Answer::NeedsFullEngine(NeedsFullEngine {
                    needs_full_engine: "erb",
                });
            assert_eq!(handed, !cfg!(feature = "erb"), "{source}");
        }
    }

    #[test]
    fn the_answer_is_a_small_object_naming_the_reason() {
        let answer = NeedsFullEngine {
            needs_full_engine: "yaml",
        };
        assert_eq!(
            serde_json::to_string(&answer).ok().as_deref(),
            Some(r#"{"needsFullEngine":"yaml"}"#)
        );
    }
}
