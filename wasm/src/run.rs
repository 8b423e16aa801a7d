//! A run for the page: the main code alone or in the environment of the options' files, answered
//! as the core's report (UTF-16 offsets), or, in the light build, as the reason it needs the full
//! engine (no YAML reader, no Lookup pane, no puppetlabs-stdlib functions, no ERB), and in the
//! full build without the `libraries` feature, that it needs the libraries engine (`"libraries"`:
//! stdlib's HOCON reader, Ruby's `uri`).

use core::cell::RefCell;

use puppet_core::report::{run_report, run_report_reusing, CatalogTexts, RunReport};
use puppet_core::{Environment, MainCode, MemoryFiles, Outcome, ParseCache, SNIPPET_FILE};
use serde::Serialize;

use crate::options::{browser_limits, Options};
use crate::positions::Utf16;

thread_local! {
    /// The trees of the environment's files from the page's earlier runs: on a keystroke only the
    /// edited file is parsed again (the others keep their text and, `FILE_ALIGN` in the core's
    /// `sources.rs`, their offsets). It holds only files of the last environment run.
    static PARSED: ParseCache = ParseCache::new();
    /// The catalog of the page's last answer and its texts: a resource that prints as the one at
    /// its place there takes its text (a keystroke compiles the same resources again).
    static TEXTS: RefCell<CatalogTexts> = RefCell::new(CatalogTexts::new());
}

/// Evaluate the page's program: the main code alone, or in the environment of `options.files`
/// (an empty main code then compiles the environment's `manifests/`), reusing the trees of the
/// files earlier runs parsed.
pub fn run(source: &str, options: &Options) -> Outcome {
    PARSED.with(|cache| run_with(source, options, Some(cache)))
}

/// [`run`] with the parse cache given (`None`: every file parsed again). A run without files
/// empties the cache; one with files leaves in it only files that environment has.
pub fn run_with(source: &str, options: &Options, cache: Option<&ParseCache>) -> Outcome {
    let eval_options = options.eval_options();
    if options.files.is_none() {
        if let Some(cache) = cache {
            cache.clear();
        }
        return puppet_core::evaluate(source, &eval_options);
    }
    with_environment_cached(source, options, cache, |env| {
        let outcome = puppet_core::evaluate_environment(env, &eval_options);
        if let Some(cache) = cache {
            cache.retain(|path| env.files.exists(path));
        }
        outcome
    })
}

/// Give `f` the environment of `options.files`, with `source` as its main code (none when empty).
#[cfg(feature = "yaml")]
pub fn with_environment<T>(
    source: &str,
    options: &Options,
    f: impl FnOnce(&Environment<'_>) -> T,
) -> T {
    with_environment_cached(source, options, None, f)
}

/// [`with_environment`] with a parse cache the compile reads and fills.
fn with_environment_cached<T>(
    source: &str,
    options: &Options,
    parse_cache: Option<&ParseCache>,
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
        global_hiera: options.global_hiera(),
        parse_cache,
    };
    f(&env)
}

/// The report of a run as the page takes it (testable natively).
pub fn evaluate_to_data(source: &str, options: &Options) -> RunReport {
    run_report(&run(source, options), &mut Utf16::default())
}

/// Why a run needs the full engine: `"yaml"` when a file of the environment ends in `.yaml` or
/// `.yml` (a hiera.yaml, a module's, their data) or a global hiera.yaml is given; `None` when the
/// light engine answers exactly as the full one does (a snippet, an environment without YAML:
/// Puppet's default hierarchy is built without reading YAML and finds no data file).
pub fn needs_full_engine(options: &Options) -> Option<&'static str> {
    let yaml_file = options.files.iter().flatten().any(|(path, _)| {
        let lower = path.to_ascii_lowercase();
        lower.ends_with(".yaml") || lower.ends_with(".yml")
    });
    (yaml_file || options.global_hiera().is_some()).then_some("yaml")
}

/// The light build's answer when the code needs what only the full build has; the full build's,
/// `"libraries"`, when it needs what only the libraries build has.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NeedsFullEngine {
    #[cfg_attr(test, ts(type = "'yaml' | 'stdlib' | 'erb' | 'ruby' | 'libraries'"))]
    pub needs_full_engine: &'static str,
}

/// What `evaluate` gives the page: the run's report, or (light build) that it needs the full
/// engine, decided before evaluating.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(untagged)]
pub enum Answer {
    /// Boxed: a report is far larger than the hand-over.
    Outcome(Box<RunReport>),
    NeedsFullEngine(NeedsFullEngine),
}

/// Evaluate, unless this is the light build and the run needs the full engine: YAML is known
/// before evaluating; a call of one of stdlib's functions (`"stdlib"`), a template (`"erb"`) or a
/// module's Ruby function (`"ruby"`) only when the run makes it; so is the full build's
/// `"libraries"` (`parsehocon`, Ruby's `uri`), which the page's worker answers with its third
/// engine.
pub fn evaluate_answer(source: &str, options: &Options) -> Answer {
    if !cfg!(feature = "yaml") {
        if let Some(reason) = needs_full_engine(options) {
            return Answer::NeedsFullEngine(NeedsFullEngine {
                needs_full_engine: reason,
            });
        }
    }
    let mut outcome = run(source, options);
    match outcome.needs_full_engine {
        Some(reason) => Answer::NeedsFullEngine(NeedsFullEngine {
            needs_full_engine: reason,
        }),
        None => Answer::Outcome(Box::new(report_keeping_catalog(&mut outcome))),
    }
}

/// [`evaluate_answer`] as the JSON text the page parses (`None`: it could not be written). The
/// answer's catalog texts then move back to be taken by the next answer's unchanged resources.
pub fn evaluate_json(source: &str, options: &Options) -> Option<String> {
    let answer = evaluate_answer(source, options);
    let json = serde_json::to_string(&answer).ok();
    if let Answer::Outcome(report) = answer {
        TEXTS.with(|texts| {
            if let Ok(mut texts) = texts.try_borrow_mut() {
                texts.keep_texts(report.catalog.into_iter().map(|shown| shown.text));
            }
        });
    }
    json
}

/// The report of `outcome`, with the catalog texts the last answer's resources had (moved out of
/// the kept ones); its catalog is then kept for the next answer (moved, not copied), the texts
/// once the answer is written ([`evaluate_json`]).
fn report_keeping_catalog(outcome: &mut Outcome) -> RunReport {
    TEXTS.with(|texts| match texts.try_borrow_mut() {
        Ok(mut texts) => {
            let report = run_report_reusing(outcome, &mut Utf16::default(), &mut texts);
            texts.keep_catalog(core::mem::take(&mut outcome.catalog));
            report
        }
        Err(_) => run_report(outcome, &mut Utf16::default()),
    })
}
#[cfg(test)]
mod tests {
    use super::*;
    use puppet_core::report::INLINE_MAX_CHARS;

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
            record: Some(true),
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
        let toks = puppet_core::report::tokens_report(src, &mut Utf16::default());
        let comment = toks.first().expect("a token");
        assert_eq!((comment.start, comment.end), (0, 8));
        let number = toks.get(1).expect("a second token");
        // "/* " 3 units, the emoji 2, " */ " 4: the `1` starts at unit 9.
        assert_eq!((number.start, number.end), (9, 10));
    }

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

    /// A module whose Ruby function and template use Ruby's `uri`; OpenVox 8.28.1 (env_oracle.rb)
    /// answers 'puppet.example.com' and renders "server=puppet.example.com:8140\n".
    fn uri_module() -> Options {
        let files = [
            (
                "modules/app/lib/puppet/functions/app/host_of.rb",
                "require 'uri'\nPuppet::Functions.create_function(:'app::host_of') do\n  dispatch :host_of do\n    param 'String', :url\n  end\n  def host_of(url)\n    URI.parse(url).host\n  end\nend\n",
            ),
            (
                "modules/app/templates/client.conf.erb",
                "<% require 'uri' -%>\nserver=<%= URI.parse(@url).host %>:<%= URI.parse(@url).port %>\n",
            ),
            (
                "modules/app/manifests/init.pp",
                "class app($url = 'https://puppet.example.com:8140/x') {\n  file { '/etc/app/client.conf': content => template('app/client.conf.erb') }\n}\n",
            ),
        ];
        Options {
            files: Some(
                files
                    .iter()
                    .map(|(p, t)| ((*p).into(), (*t).into()))
                    .collect(),
            ),
            ..Options::default()
        }
    }

    /// What HOCON and Ruby's `uri` give where the core has them (the libraries build, and natively
    /// the workspace's build, whose CLI asks for them), and the hand-over to the libraries engine
    /// where it has not (the page's full build). The light build hands each to the full one first.
    #[test]
    fn hocon_and_uri_are_read_or_handed_to_the_libraries_engine() {
        let libraries = Answer::NeedsFullEngine(NeedsFullEngine {
            needs_full_engine: puppet_core::LIBRARIES,
        });
        let hocon = "stdlib::parsehocon('server { host = puppet.example.com, port = 8140 }\nserver.ca = true')";
        let cases = [
            // OpenVox 8.28.1 with stdlib 9.7.0 on the modulepath (env_oracle.rb).
            (
                hocon,
                Options::default(),
                "stdlib",
                "{'server' => {'ca' => true, 'host' => 'puppet.example.com', 'port' => 8140}}",
            ),
            (
                "include app\napp::host_of('https://puppet.example.com:8140/puppet/v3')",
                uri_module(),
                // The class's template call comes first: the light build stops there.
                "erb",
                "'puppet.example.com'",
            ),
            ("include app\n1", uri_module(), "erb", "1"),
            // Ruby 3.1 (core/tests/ruby/golden.jsonl): URI is loaded in templates without a require.
            (
                "inline_template('<%= URI.parse(\"http://example.com:8080/path?q=1\").host %>')",
                Options::default(),
                "erb",
                "'example.com'",
            ),
        ];
        for (source, options, light_reason, value) in cases {
            let answer = evaluate_answer(source, &options);
            if !cfg!(feature = "erb") {
                let light = NeedsFullEngine {
                    needs_full_engine: light_reason,
                };
                assert_eq!(answer, Answer::NeedsFullEngine(light), "{source}");
            } else if puppet_core::HAS_LIBRARIES {
                let Answer::Outcome(data) = answer else {
                    panic!("{source}: an outcome");
                };
                assert!(
                    data.diagnostics.is_empty(),
                    "{source}: {:?}",
                    data.diagnostics
                );
                assert_eq!(data.value.as_deref(), Some(value), "{source}");
            } else {
                assert_eq!(answer, libraries, "{source}");
            }
        }
    }

    /// The answers' JSON on a sequence of calls, each against the same run reported without the
    /// kept texts: a text moved from one answer to the next is the one the resource prints now.
    #[test]
    fn each_answers_json_is_the_one_a_fresh_report_writes() {
        let sources = [
            "notify { 'a': message => 'x' }\nfile { '/t': mode => '0644' }",
            "notify { 'a': message => 'x' }\nfile { '/t': mode => '0644' }",
            "notify { 'a': message => 'y' }\nfile { '/t': mode => '0644' }",
            "notify { 'z': }\nnotify { 'a': message => 'y' }\nfile { '/t': mode => '0644' }",
            "notify { 'z': }\nnotify { 'a': message => 'y' }\nfile { '/t': mode => '0644' }",
            "1 + 1",
            "notify { 'a': message => 'x' }",
        ];
        for source in sources {
            let options = Options::default();
            let fresh = Answer::Outcome(Box::new(run_report(
                &run_with(source, &options, None),
                &mut Utf16::default(),
            )));
            let fresh = serde_json::to_string(&fresh).ok();
            assert!(fresh.is_some(), "{source}");
            assert_eq!(evaluate_json(source, &options), fresh, "{source}");
        }
    }

    /// Ruby's `rescue` does not catch the hand-over: the run goes to the libraries engine, which
    /// answers as Ruby does, rather than showing the rescued value.
    #[cfg(feature = "erb")]
    #[test]
    fn a_rescue_in_ruby_does_not_keep_the_run_from_the_libraries_engine() {
        let source = "inline_template('<%= begin; require \"uri\"; URI(\"http://h:81/\").port; rescue Exception; \"rescued\"; end %>')";
        let answer = evaluate_answer(source, &Options::default());
        if puppet_core::HAS_LIBRARIES {
            let Answer::Outcome(data) = answer else {
                panic!("an outcome");
            };
            assert_eq!(data.value.as_deref(), Some("'81'"));
        } else {
            let libraries = NeedsFullEngine {
                needs_full_engine: puppet_core::LIBRARIES,
            };
            assert_eq!(answer, Answer::NeedsFullEngine(libraries));
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
