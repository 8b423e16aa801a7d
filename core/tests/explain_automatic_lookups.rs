//! `EvalOptions::explain_automatic_lookups`: an automatic parameter lookup that finds a value
//! logs its explanation at debug level only when asked (Puppet builds it only with `--debug`);
//! the value found, and the `lookup` function's debug log, do not depend on it.

use puppet_core::{
    evaluate_environment, Environment, EvalOptions, Limits, LogLevel, MemoryFiles, Outcome,
};

const HIERA: &str = "version: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\n\
                     hierarchy:\n  - name: \"Common data\"\n    path: \"common.yaml\"\n";

fn compile(explain: bool) -> Outcome {
    let limits = Limits::default();
    let mut files = MemoryFiles::new();
    files.insert("hiera.yaml", HIERA, &limits);
    files.insert("data/common.yaml", "app::port: 8080\nother: 1\n", &limits);
    files.insert(
        "modules/app/manifests/init.pp",
        "class app(Integer $port = 80, String $user = 'www') {\n  \
         notice(\"port=${port} user=${user} other=${lookup('other')}\")\n}\n",
        &limits,
    );
    files.insert("manifests/site.pp", "include app\n", &limits);
    let env = Environment {
        files: &files,
        main: None,
        base_modulepath: Vec::new(),
        global_hiera: None,
        parse_cache: None,
    };
    let options = EvalOptions {
        certname: Some("playground".into()),
        explain_automatic_lookups: explain,
        ..EvalOptions::default()
    };
    evaluate_environment(&env, &options)
}

fn debug_logs(outcome: &Outcome, start: &str) -> Vec<String> {
    outcome
        .logs
        .iter()
        .filter(|l| l.level == LogLevel::Debug && l.message.starts_with(start))
        .map(|l| l.message.clone())
        .collect()
}

fn notices(outcome: &Outcome) -> Vec<String> {
    outcome
        .logs
        .iter()
        .filter(|l| l.level == LogLevel::Notice)
        .map(|l| l.message.clone())
        .collect()
}

#[test]
fn a_found_automatic_lookup_explains_itself_only_when_asked() {
    let asked = compile(true);
    let quiet = compile(false);
    assert!(asked.diagnostics.is_empty(), "{:?}", asked.diagnostics);
    assert!(quiet.diagnostics.is_empty(), "{:?}", quiet.diagnostics);
    // The same values either way: the found port, the default user.
    assert_eq!(notices(&asked), ["port=8080 user=www other=1"]);
    assert_eq!(notices(&quiet), notices(&asked));
    // Asked: the found key's explanation (the one not found logs nothing).
    let explained = debug_logs(&asked, "Automatic Parameter Lookup of ");
    assert_eq!(explained.len(), 1, "{explained:?}");
    assert!(
        explained[0].starts_with("Automatic Parameter Lookup of 'app::port'\n")
            && explained[0].contains("\n  Searching for \"app::port\"\n"),
        "{}",
        explained[0]
    );
    assert!(
        explained[0].contains("Found key: \"app::port\" value: 8080"),
        "{}",
        explained[0]
    );
    // Not asked: none.
    assert!(debug_logs(&quiet, "Automatic Parameter Lookup of ").is_empty());
    // The lookup function's explanation is logged either way.
    assert_eq!(debug_logs(&asked, "Lookup of 'other'").len(), 1);
    assert_eq!(
        debug_logs(&quiet, "Lookup of 'other'"),
        debug_logs(&asked, "Lookup of 'other'")
    );
}
