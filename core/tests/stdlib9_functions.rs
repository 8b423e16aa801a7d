//! puppetlabs-stdlib 9's functions the engine has beyond stdlib 8.5, checked against what
//! OpenVox 8.28.1 answered with stdlib 9.7.0 on the modulepath (`env_oracle.rb` with
//! `ENV_ORACLE_STDLIB` set to stdlib 9.7.0, each case a snippet in an empty environment): the
//! logs, or the error's whole first line. Without the `stdlib` feature (the page's light engine)
//! each call hands the run over instead: `cargo test -p puppet-core --test stdlib9_functions`
//! and with `--no-default-features --features std`.
// The light build only checks that each case hands over: the answers are not read there.
#![cfg_attr(not(feature = "stdlib"), allow(dead_code))]

use puppet_core::{evaluate, puppet_text, EvalOptions, Outcome};

/// A case: the snippet, and what OpenVox printed (its logs, or the error line).
struct Case {
    src: &'static str,
    answer: Answer,
}

enum Answer {
    Logs(&'static [&'static str]),
    Error(&'static str),
}

use Answer::{Error, Logs};

/// What the engine answers, in the oracle's terms.
fn answer_of(outcome: &Outcome) -> Result<Vec<String>, String> {
    match outcome.error() {
        Some(error) => Err(puppet_text(&outcome.sources, error)),
        None => Ok(outcome
            .logs
            .iter()
            .map(|log| format!("{}: {}", log.level.as_str(), log.message))
            .collect()),
    }
}

fn check(cases: &[Case]) {
    for case in cases {
        let outcome = evaluate(case.src, &EvalOptions::default());
        let ours = answer_of(&outcome);
        match &case.answer {
            Logs(logs) => assert_eq!(ours, Ok(logs.iter().map(|l| l.to_string()).collect())),
            Error(line) => assert_eq!(ours, Err(line.to_string()), "{}", case.src),
        }
    }
}

/// `stdlib::nested_values(Hash $hash) >> Array`: every value that is not a hash, nested
/// hashes' values in their place (depth first, in order); arrays are values, not opened.
const NESTED_VALUES: &[Case] = &[
    Case {
        // stdlib's own example.
        src: "$h = {'key1' => 'value1', 'key2' => {'key2.1' => 'value2.1'}, 'key3' => 'value3'}\nnotice($h.stdlib::nested_values)",
        answer: Logs(&["notice: [value1, value2.1, value3]"]),
    },
    Case {
        src: "notice(stdlib::nested_values({}))",
        answer: Logs(&["notice: []"]),
    },
    Case {
        src: "notice(stdlib::nested_values({a => {b => {c => {}}}, d => {}}))",
        answer: Logs(&["notice: []"]),
    },
    Case {
        src: "notice(stdlib::nested_values({a => [1, {b => 2}], c => undef, d => {e => [3], f => {g => true}}, h => 4}))",
        answer: Logs(&["notice: [[1, {b => 2}], , [3], true, 4]"]),
    },
    Case {
        src: "$v = stdlib::nested_values({x => {y => 1, z => {w => 'a'}}, q => 2})\nnotice(type($v, 'generalized'))\nnotice($v)",
        answer: Logs(&["notice: Array[ScalarData]", "notice: [1, a, 2]"]),
    },
    Case {
        src: "notice(stdlib::nested_values({1 => {2 => Integer}, [3] => default}))",
        answer: Logs(&["notice: [Integer, default]"]),
    },
    Case {
        src: "$r = {a => {b => 1}}.stdlib::nested_values.map |$x| { $x + 1 }\nnotice($r)",
        answer: Logs(&["notice: [2]"]),
    },
    Case {
        src: "notice(stdlib::nested_values([1, 2]))",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::nested_values' parameter 'hash' expects a Hash value, got Tuple (file: snippet.pp, line: 1, column: 8)"),
    },
    Case {
        src: "notice(stdlib::nested_values(undef))",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::nested_values' parameter 'hash' expects a Hash value, got Undef (file: snippet.pp, line: 1, column: 8)"),
    },
    Case {
        src: "notice(stdlib::nested_values())",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::nested_values' expects 1 argument, got none (file: snippet.pp, line: 1, column: 8)"),
    },
    Case {
        src: "notice(stdlib::nested_values({a => 1}, {b => 2}))",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::nested_values' expects 1 argument, got 2 (file: snippet.pp, line: 1, column: 8)"),
    },
    Case {
        src: "$r = stdlib::nested_values({a => 1}) |$x| { $x }\nnotice($r)",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::nested_values' does not expect a block (file: snippet.pp, line: 1, column: 6)"),
    },
];

#[cfg(feature = "stdlib")]
#[test]
fn nested_values_answers_as_stdlib_9() {
    check(NESTED_VALUES);
}

/// Deeply nested hashes: the walk keeps its own stack, and a value nested past the engine's
/// nesting limit (4,000 levels with the evaluation's own) is refused with that limit instead of
/// walked. (Ruby's recursion would overflow far sooner; the hash literal's nesting limit decides
/// how deep a program can write one, so these are built by a loop.)
#[cfg(feature = "stdlib")]
#[test]
fn nested_values_walks_deep_hashes_up_to_the_nesting_limit() {
    let deep = |levels: u32| {
        format!("$deep = Integer[1, {levels}].reduce({{v => 'leaf'}}) |$h, $i| {{ {{v => $i, n => $h}} }}\nnotice(stdlib::nested_values($deep).length)")
    };
    let outcome = evaluate(&deep(3000), &EvalOptions::default());
    // 3000 levels of `v => $i` and the innermost 'leaf'.
    assert_eq!(answer_of(&outcome), Ok(vec!["notice: 3001".to_string()]));
    let outcome = evaluate(&deep(5000), &EvalOptions::default());
    let error = answer_of(&outcome).expect_err("past the nesting limit");
    assert!(error.contains("nested too deeply"), "{error}");
}

/// A hash built by sharing (`{a => $h, b => $h}` over and over) holds more values than the
/// collection limit allows an array: refused with the size limit, not built.
#[cfg(feature = "stdlib")]
#[test]
fn nested_values_refuses_a_result_over_the_size_limit() {
    let src = "$wide = Integer[1, 40].reduce({v => 1}) |$h, $i| { {a => $h, b => $h} }\nnotice(stdlib::nested_values($wide).length)";
    let outcome = evaluate(src, &EvalOptions::default());
    let error = outcome.error().expect("refused");
    assert_eq!(error.code, "SIZE_LIMIT", "{}", error.message);
}

/// The light engine has no stdlib: each call hands the run to the full engine.
#[cfg(not(feature = "stdlib"))]
#[test]
fn nested_values_needs_the_full_engine_in_the_light_build() {
    for case in NESTED_VALUES {
        let outcome = evaluate(case.src, &EvalOptions::default());
        assert_eq!(outcome.needs_full_engine, Some("stdlib"), "{}", case.src);
    }
}

/// `stdlib::ensure_packages(packages, default_attributes)`: packages declared `ensure => installed`
/// unless declared with those attributes, `present` kept when declared so; a hash's own attributes
/// over the defaults. Cases: tests/current/stdlib9_cases.jsonl (`tests/current/stdlib9_oracle.sh`).
const ENSURE_PACKAGES: &[Case] = &[
    Case {
        src: "stdlib::ensure_packages(['vim', 'git'])\nnotice(Package['vim']['ensure'])",
        answer: Logs(&["notice: installed"]),
    },
    Case {
        src: "package { 'vim': ensure => present }\nstdlib::ensure_packages('vim')\nnotice(Package['vim']['ensure'])",
        answer: Logs(&["notice: present"]),
    },
    Case {
        src: "package { 'vim': ensure => installed }\nstdlib::ensure_packages('vim')\nnotice(Package['vim']['ensure'])",
        answer: Logs(&["notice: installed"]),
    },
    Case {
        src: "stdlib::ensure_packages({'vim' => {'ensure' => 'latest'}, 'git' => {}}, {'ensure' => 'present', 'provider' => 'apt'})\nnotice(Package['vim']['ensure'])\nnotice(Package['git']['ensure'])\nnotice(Package['git']['provider'])",
        answer: Logs(&["notice: latest", "notice: installed", "notice: apt"]),
    },
    Case {
        src: "stdlib::ensure_packages('vim', {'ensure' => 'present'})\nstdlib::ensure_packages('vim', {'ensure' => 'present'})\nnotice(Package['vim']['ensure'])",
        answer: Logs(&["notice: installed"]),
    },
    Case {
        src: "stdlib::ensure_packages({'vim' => undef})",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, no implicit conversion of nil into Hash (file: snippet.pp, line: 1, column: 1)"),
    },
    Case {
        src: "stdlib::ensure_packages('')",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::ensure_packages' parameter 'packages' expects a value of type String[1], Array[String[1]], or Hash[String[1], Any], got String (file: snippet.pp, line: 1, column: 1)"),
    },
    Case {
        src: "package { 'vim': ensure => latest }\nstdlib::ensure_packages('vim')",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, Duplicate declaration: Package[vim] is already declared at (file: snippet.pp, line: 1); cannot redeclare (file: snippet.pp, line: 2) (file: snippet.pp, line: 2, column: 1)"),
    },
    Case {
        src: "notice(stdlib::ensure_packages(['a']))\nnotice(Package['a']['ensure'])",
        answer: Logs(&["notice: ", "notice: installed"]),
    },
    Case {
        src: "stdlib::ensure_packages(1)",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::ensure_packages' parameter 'packages' expects a value of type String, Array, or Hash, got Integer (file: snippet.pp, line: 1, column: 1)"),
    },
    Case {
        src: "package { 'vim': ensure => present }\nstdlib::ensure_packages('vim', {'ensure' => 'installed'})\nnotice(Package['vim']['ensure'])",
        answer: Logs(&["notice: present"]),
    },
];

#[cfg(feature = "stdlib")]
#[test]
fn ensure_packages_answers_as_stdlib_9() {
    check(ENSURE_PACKAGES);
}

#[cfg(not(feature = "stdlib"))]
#[test]
fn ensure_packages_needs_the_full_engine_in_the_light_build() {
    for case in ENSURE_PACKAGES {
        let outcome = evaluate(case.src, &EvalOptions::default());
        assert_eq!(outcome.needs_full_engine, Some("stdlib"), "{}", case.src);
    }
}

/// `stdlib::to_yaml(data, options)`: stdlib 9's name for `to_yaml` (a value as Psych writes it).
/// Cases: tests/current/stdlib9_cases.jsonl (`tests/current/stdlib9_oracle.sh`).
const TO_YAML: &[Case] = &[
    Case {
        src: "notice(stdlib::to_yaml({'a' => 1, 'b' => [true, 'x'], 'c' => {'d' => undef}}))",
        answer: Logs(&["notice: ---\na: 1\nb:\n- true\n- x\nc:\n  d:\n"]),
    },
    Case {
        src: "notice(stdlib::to_yaml(['one', 2, 3.5]))",
        answer: Logs(&["notice: ---\n- one\n- 2\n- 3.5\n"]),
    },
    Case {
        src: "notice(stdlib::to_yaml('text'))",
        answer: Logs(&["notice: --- text\n"]),
    },
    Case {
        src: "notice(stdlib::to_yaml({'a' => {'b' => [1, 2]}}, {'indentation' => 4}))",
        answer: Logs(&["notice: ---\na:\n    b:\n    - 1\n    - 2\n"]),
    },
    Case {
        src: "notice({'k' => 'v'}.stdlib::to_yaml)",
        answer: Logs(&["notice: ---\nk: v\n"]),
    },
    Case {
        src: "notice(stdlib::to_yaml())",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::to_yaml' expects between 1 and 2 arguments, got none (file: snippet.pp, line: 1, column: 8)"),
    },
    Case {
        src: "notice(stdlib::to_yaml(1, 2))",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::to_yaml' parameter 'options' expects a Hash value, got Integer (file: snippet.pp, line: 1, column: 8)"),
    },
];

#[cfg(feature = "stdlib")]
#[test]
fn to_yaml_answers_as_stdlib_9() {
    check(TO_YAML);
}

#[cfg(not(feature = "stdlib"))]
#[test]
fn to_yaml_needs_the_full_engine_in_the_light_build() {
    for case in TO_YAML {
        let outcome = evaluate(case.src, &EvalOptions::default());
        assert_eq!(outcome.needs_full_engine, Some("stdlib"), "{}", case.src);
    }
}

/// `stdlib::merge(...)`: stdlib 9's name for `merge` (its block forms too). OpenVox overflows its
/// stack on an array with a two-parameter block, and its refusal of a string spans lines: neither
/// is a case. Cases: tests/current/stdlib9_cases.jsonl (`tests/current/stdlib9_oracle.sh`).
const MERGE: &[Case] = &[
    Case {
        src: "notice(stdlib::merge({'a' => 1, 'b' => 2}, {'b' => 3, 'c' => 4}))",
        answer: Logs(&["notice: {a => 1, b => 3, c => 4}"]),
    },
    Case {
        src: "notice(stdlib::merge({'a' => 1}, undef, '', {'d' => 5}))",
        answer: Logs(&["notice: {a => 1, d => 5}"]),
    },
    Case {
        src: "notice(stdlib::merge({'x' => 1, 'y' => 2}) |$k, $v| { { \"k_${k}\" => $v * 10 } })",
        answer: Error("Evaluation Error: The value '[\"x\", 1]' cannot be converted to Numeric. (file: snippet.pp, line: 1, column: 69)"),
    },
    Case {
        src: "notice(stdlib::merge())",
        answer: Logs(&["notice: {}"]),
    },
    Case {
        src: "notice({'a' => 1}.stdlib::merge({'a' => 2}))",
        answer: Logs(&["notice: {a => 2}"]),
    },
];

#[cfg(feature = "stdlib")]
#[test]
fn merge_answers_as_stdlib_9() {
    check(MERGE);
}

#[cfg(not(feature = "stdlib"))]
#[test]
fn merge_needs_the_full_engine_in_the_light_build() {
    for case in MERGE {
        let outcome = evaluate(case.src, &EvalOptions::default());
        assert_eq!(outcome.needs_full_engine, Some("stdlib"), "{}", case.src);
    }
}

/// stdlib 9's namespaced names of functions stdlib 8.5 has (`stdlib::to_json`, ...): the same
/// function, its messages naming the name it was called by.
const NAMESPACED_ALIASES: &[Case] = &[
    Case {
        src: "notice(stdlib::to_json({'a' => [1, true, undef]}))",
        answer: Logs(&["notice: {\"a\":[1,true,null]}"]),
    },
    Case {
        src: "notice(stdlib::to_json('x'))",
        answer: Logs(&["notice: \"x\""]),
    },
    Case {
        src: "stdlib::to_json()",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::to_json' expects 1 argument, got none (file: snippet.pp, line: 1, column: 1)"),
    },
    Case {
        src: "notice(stdlib::to_json_pretty({'a' => [1, 2]}))",
        answer: Logs(&["notice: {\n  \"a\": [\n    1,\n    2\n  ]\n}\n"]),
    },
    Case {
        src: "notice(stdlib::to_json_pretty([{'b' => undef}], true))",
        answer: Logs(&["notice: [\n  {\n    \"b\": null\n  }\n]\n"]),
    },
    Case {
        src: "stdlib::to_json_pretty('x')",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::to_json_pretty' parameter 'data' expects a value of type Hash or Array, got String (file: snippet.pp, line: 1, column: 1)"),
    },
    Case {
        src: "notice(stdlib::powershell_escape('a b\"c'))",
        answer: Logs(&["notice: a` b\\`\"c"]),
    },
    Case {
        src: "notice(stdlib::powershell_escape('$x`y'))",
        answer: Logs(&["notice: `$x``y"]),
    },
    Case {
        src: "stdlib::powershell_escape([1])",
        answer: Logs(&[]),
    },
    Case {
        src: "notice(stdlib::seeded_rand_string(8, 'seed'))",
        answer: Logs(&["notice: JSYSrD2x"]),
    },
    Case {
        src: "notice(stdlib::seeded_rand_string(4, 'x', 'ab'))",
        answer: Logs(&["notice: aaab"]),
    },
    Case {
        src: "stdlib::seeded_rand_string(0, 'x')",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::seeded_rand_string' parameter 'length' expects an Integer[1] value, got Integer[0, 0] (file: snippet.pp, line: 1, column: 1)"),
    },
    Case {
        src: "notice(stdlib::shell_escape('a b'))",
        answer: Logs(&["notice: a\\ b"]),
    },
    Case {
        src: "notice(stdlib::shell_escape(\"it's\"))",
        answer: Logs(&["notice: it\\'s"]),
    },
    Case {
        src: "stdlib::shell_escape()",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::shell_escape' expects 1 argument, got none (file: snippet.pp, line: 1, column: 1)"),
    },
    Case {
        src: "notice(stdlib::to_python({'a' => [true, undef, 1.5]}))",
        answer: Logs(&["notice: {\"a\": [True, None, 1.5]}"]),
    },
    Case {
        src: "notice(stdlib::to_python('x'))",
        answer: Logs(&["notice: \"x\""]),
    },
    Case {
        src: "stdlib::to_python()",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::to_python' expects 1 argument, got none (file: snippet.pp, line: 1, column: 1)"),
    },
    Case {
        src: "notice(stdlib::to_ruby({'a' => [true, undef, 1.5]}))",
        answer: Logs(&["notice: {\"a\" => [true, nil, 1.5]}"]),
    },
    Case {
        src: "notice(stdlib::to_ruby('x'))",
        answer: Logs(&["notice: \"x\""]),
    },
    Case {
        src: "stdlib::to_ruby()",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::to_ruby' expects 1 argument, got none (file: snippet.pp, line: 1, column: 1)"),
    },
    Case {
        src: "notice(stdlib::to_toml({'a' => {'b' => 1}}))",
        answer: Logs(&["notice: [a]\nb = 1\n"]),
    },
    Case {
        src: "notice(stdlib::to_toml({'x' => [1, 2]}))",
        answer: Logs(&["notice: x = [1, 2]\n"]),
    },
    Case {
        src: "stdlib::to_toml('x')",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::to_toml' parameter 'data' expects a Hash value, got String (file: snippet.pp, line: 1, column: 1)"),
    },
    Case {
        src: "notice(stdlib::type_of([1, 'a']))",
        answer: Logs(&["notice: Tuple[Integer[1, 1], String]"]),
    },
    Case {
        src: "notice(stdlib::type_of(undef))",
        answer: Logs(&["notice: Undef"]),
    },
    Case {
        src: "stdlib::type_of()",
        answer: Error("Evaluation Error: Error while evaluating a Function Call, 'stdlib::type_of' expects 1 argument, got none (file: snippet.pp, line: 1, column: 1)"),
    },
];

#[cfg(feature = "stdlib")]
#[test]
fn namespaced_aliases_answer_as_stdlib_9() {
    check(NAMESPACED_ALIASES);
}

#[cfg(not(feature = "stdlib"))]
#[test]
fn namespaced_aliases_need_the_full_engine_in_the_light_build() {
    for case in NAMESPACED_ALIASES {
        let outcome = evaluate(case.src, &EvalOptions::default());
        assert_eq!(outcome.needs_full_engine, Some("stdlib"), "{}", case.src);
    }
}
