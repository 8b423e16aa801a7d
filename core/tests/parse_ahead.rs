//! Files parsed on another thread (`ParseAhead`, feature `parse-ahead`): a tree parsed from offset 0
//! and moved to its file's place is the tree the parse at that place makes, findings included,
//! for every source of the repository's corpora (and their truncations, which end in errors); a
//! compile whose files another thread parses gives the outcome of one that parses them itself;
//! a tree is handed over only for the text and kind it was parsed from.
#![cfg(feature = "parse-ahead")]

use std::fs;
use std::path::{Path, PathBuf};

use puppet_core::syntax::{parse_at, shift_program};
use puppet_core::{
    evaluate_environment, EnvFiles, Environment, EvalOptions, Limits, MemoryFiles, ParseAhead,
    ParsedAheadFiles,
};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The sources of the corpora: README and manifest snippets of current and Debian modules, the
/// syntax error cases, the lint goldens' manifests and the template cases' EPP files; each with
/// whether it is a template.
fn corpus() -> Vec<(String, bool)> {
    let mut sources = Vec::new();
    for jsonl in ["tests/current/cases.jsonl", "tests/corpus/cases.jsonl"] {
        let text = fs::read_to_string(repo().join(jsonl)).expect("the corpus is in the repository");
        for line in text.lines() {
            let case: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            if let Some(src) = case["src"].as_str() {
                sources.push((src.to_string(), false));
            }
        }
    }
    let diagnostics = fs::read_to_string(repo().join("tests/syntax/diagnostics.txt"))
        .expect("the syntax error cases");
    for line in diagnostics.lines() {
        if !line.trim().is_empty() && !line.starts_with('#') {
            let source = line.replace('\u{21B5}', "\n");
            let template = source.starts_with("<%");
            sources.push((source, template));
        }
    }
    for dir in ["tests/lint/golden", "tests/realworld/template_cases"] {
        let mut stack = vec![repo().join(dir)];
        while let Some(dir) = stack.pop() {
            for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if let Some(template) = path.to_str().and_then(puppet_core::parsed_kind) {
                    if let Ok(text) = fs::read_to_string(&path) {
                        sources.push((text, template));
                    }
                }
            }
        }
    }
    sources
}

/// The source cut at about a third and two thirds (on character boundaries): unclosed blocks,
/// strings and heredocs, which end in syntax errors and their notes.
fn truncations(source: &str) -> Vec<&str> {
    [source.len() / 3, 2 * source.len() / 3]
        .into_iter()
        .filter_map(|mut at| {
            while !source.is_char_boundary(at) {
                at -= 1;
            }
            (at > 0).then(|| &source[..at])
        })
        .collect()
}

#[test]
fn a_tree_moved_to_its_place_is_the_tree_parsed_there() {
    let sources = corpus();
    assert!(
        sources.len() > 1_300,
        "the corpora are read: {}",
        sources.len()
    );
    let mut compared = 0;
    let mut with_errors = 0;
    for (source, template) in &sources {
        let mut texts = vec![source.as_str()];
        texts.extend(truncations(source));
        for text in texts {
            for base in [1024, 37 * 1024 + 1] {
                let (expected, expected_findings) = parse_at(text, base, *template);
                let (mut moved, mut findings) = parse_at(text, 0, *template);
                shift_program(&mut moved, &mut findings, base);
                assert_eq!(moved, expected, "the tree of {text:?} at {base}");
                assert_eq!(
                    findings, expected_findings,
                    "the findings of {text:?} at {base}"
                );
                with_errors += usize::from(findings.iter().any(|f| f.is_error()));
                compared += 1;
            }
        }
    }
    assert!(compared > 8_000, "{compared} parses compared");
    assert!(with_errors > 4_000, "{with_errors} of them with errors");
}

/// A generated environment: `modules` modules of `classes` classes, each with a function, a
/// template and resources, included from the main manifest.
fn environment(modules: usize, classes: usize) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut site = String::from("node default {\n");
    for m in 0..modules {
        site += &format!("  include m{m}\n");
        let mut init = format!("class m{m} {{\n");
        for c in 0..classes {
            init += &format!("  include m{m}::c{c}\n");
            files.push((
                format!("modules/m{m}/manifests/c{c}.pp"),
                format!(
                    "class m{m}::c{c}(Integer $port = {c}, Array[String] $hosts = ['a', 'b']) {{\n  \
                     $label = m{m}::label('c{c}', $port)\n  \
                     file {{ \"/etc/m{m}/c{c}\": content => epp('m{m}/conf.epp', {{ 'port' => $port, 'hosts' => $hosts }}) }}\n  \
                     if $label =~ /^c(\\d+)-/ {{ notify {{ \"m{m}-c{c}\": message => \"${{1}} ${{label}}\" }} }}\n}}\n"
                ),
            ));
        }
        init += "}\n";
        files.push((format!("modules/m{m}/manifests/init.pp"), init));
        files.push((
            format!("modules/m{m}/functions/label.pp"),
            format!(
                "function m{m}::label(String $name, Integer $port) >> String {{\n  \"${{name}}-${{port}}\"\n}}\n"
            ),
        ));
        files.push((
            format!("modules/m{m}/templates/conf.epp"),
            "<%- | Integer $port, Array[String] $hosts | -%>\nport=<%= $port %>\n<% $hosts.each |$h| { -%>\nhost=<%= $h %>\n<% } -%>\n".into(),
        ));
    }
    site += "}\n";
    files.push(("manifests/site.pp".into(), site));
    files
}

fn outcome_text(files: &dyn EnvFiles) -> String {
    let env = Environment {
        files,
        main: None,
        base_modulepath: Vec::new(),
        global_hiera: None,
        parse_cache: None,
    };
    let options = EvalOptions {
        certname: Some("node1".into()),
        ..EvalOptions::default()
    };
    format!("{:?}", evaluate_environment(&env, &options))
}

#[test]
fn a_compile_with_files_parsed_ahead_has_the_same_outcome() {
    let texts = environment(12, 6);
    let limits = Limits::default();
    let mut memory = MemoryFiles::new();
    for (path, text) in &texts {
        memory.insert(path, text.as_str(), &limits);
    }
    let alone = outcome_text(&memory);
    assert!(alone.contains("m11-c5"), "the environment compiles");
    for _ in 0..5 {
        let ahead = ParsedAheadFiles::start(&memory, copied(&texts));
        assert_eq!(outcome_text(&ahead), alone);
    }
}

#[test]
fn files_nested_to_the_parsers_limit_and_past_it_are_parsed_ahead_as_here() {
    let limits = Limits::default();
    let mut texts = vec![("manifests/site.pp".to_string(), String::new())];
    for depth in [90, 99, 100, 101, 150, 300] {
        let forms = [
            (
                "arr",
                format!("{}1{}", "[".repeat(depth), "]".repeat(depth)),
            ),
            (
                "paren",
                format!("{}1{}", "(".repeat(depth), ")".repeat(depth)),
            ),
            (
                "hash",
                format!("{}1{}", "{a => ".repeat(depth), "}".repeat(depth)),
            ),
            ("neg", format!("{}1", "-".repeat(depth))),
            (
                "str",
                format!("{}1{}", "\"${".repeat(depth / 2), "}\"".repeat(depth / 2)),
            ),
            (
                "iff",
                format!("{}1{}", "if true { ".repeat(depth), " }".repeat(depth)),
            ),
        ];
        for (name, value) in forms {
            let class = format!("d::{name}{depth}");
            texts[0].1 += &format!("include {class}\n");
            texts.push((
                format!("modules/d/manifests/{name}{depth}.pp"),
                format!("class {class} {{\n  $v = {value}\n}}\n"),
            ));
        }
    }
    let mut memory = MemoryFiles::new();
    for (path, text) in &texts {
        memory.insert(path, text.as_str(), &limits);
    }
    let alone = outcome_text(&memory);
    assert!(
        alone.contains("nested more than"),
        "past the limit: {alone:.300}"
    );
    let ahead = ParsedAheadFiles::start(&memory, copied(&texts));
    assert_eq!(outcome_text(&ahead), alone);
}

#[test]
fn a_tree_is_handed_over_for_its_own_text_and_kind_only() {
    let ahead = ParseAhead::new();
    let parser = ahead.parser();
    assert!(parser.parse("a.pp", "notice(1)".into(), false));
    assert!(
        ahead.take("a.pp", "notice(2)", false).is_none(),
        "another text"
    );
    assert!(parser.parse("b.epp", "x".into(), true));
    assert!(ahead.take("b.epp", "x", false).is_none(), "another kind");
    assert!(parser.parse("c.pp", "notice(3)".into(), false));
    let parsed = ahead.take("c.pp", "notice(3)", false).expect("the tree");
    assert_eq!(parsed.program, parse_at("notice(3)", 0, false).0);
    assert!(
        ahead.take("c.pp", "notice(3)", false).is_none(),
        "taken once"
    );
    // The compile came first: the other thread leaves the file alone.
    assert!(ahead.take("d.pp", "notice(4)", false).is_none());
    parser.parse("d.pp", "notice(4)".into(), false);
    assert!(ahead.take("d.pp", "notice(4)", false).is_none());
    drop(ahead);
    assert!(
        !parser.parse("e.pp", "notice(5)".into(), false),
        "the compile is over"
    );
}

/// The texts as the other thread is handed them: copies, so the compile's texts (the memory's) are
/// other strings of the same bytes, compared byte by byte.
fn copied(texts: &[(String, String)]) -> Vec<(String, puppet_core::FileText)> {
    texts
        .iter()
        .map(|(path, text)| (path.clone(), puppet_core::FileText::from(text.as_str())))
        .collect()
}
