//! Hostile input through `puppet-eval --jsonl`: every case ends in a diagnostic, promptly and in
//! bounded memory, and the same process then answers an ordinary case normally.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// Generous for a debug build on a shared CI machine; the real times are printed.
/// A guard against a hang, not a measure of speed (benchmarks measure speed).
const ANSWER_HANG_GUARD: Duration = Duration::from_secs(120);

/// Peak resident memory of the whole run (the 10 MB literal travels as JSON, then as a String).
const PEAK_MEMORY_LIMIT_KB: u64 = 1024 * 1024;

/// One hostile case: its name, its source (as raw bytes of a JSONL line when `raw`), and a text
/// its error must contain.
struct Case {
    name: &'static str,
    line: Vec<u8>,
    error_contains: &'static str,
}

fn case(name: &'static str, src: &str, error_contains: &'static str) -> Case {
    let line = json!({ "id": name, "src": src }).to_string().into_bytes();
    Case {
        name,
        line,
        error_contains,
    }
}

fn nested(open: &str, middle: &str, close: &str, depth: usize) -> String {
    format!("{}{middle}{}", open.repeat(depth), close.repeat(depth))
}

/// Two equal, separately built arrays and hashes of 2^61 and 2^60 leaves (60 steps each).
const SHARED: &str = "$a = Integer[1, 60].reduce([1, 2]) |$m, $i| { [$m, $m] }\n\
$b = Integer[1, 60].reduce([1, 2]) |$m, $i| { [$m, $m] }\n\
$h = Integer[1, 60].reduce({ k => 1 }) |$m, $i| { { k => $m, l => $m } }\n\
$g = Integer[1, 60].reduce({ k => 1 }) |$m, $i| { { k => $m, l => $m } }\n";

/// Walks over values built by sharing: each is charged as steps, or refused past a size limit.
fn shared_walks() -> Vec<Case> {
    let steps = "evaluation stopped after 10000000 steps";
    let elements = "more than 1000000 elements";
    let show = "too large to show";
    [
        ("shared: ==", "$a == $b", steps),
        ("shared: != on hashes", "$h != $g", steps),
        ("shared: in", "$a in [$b]", steps),
        (
            "shared: array deletion",
            "$x = [$a, 1] - [$b]\n$x.size",
            steps,
        ),
        ("shared: a hash key", "$x = { $a => 1 }\n$x.size", steps),
        (
            "shared: case value",
            "case $a { $b: { 1 } default: { 2 } }",
            steps,
        ),
        ("shared: =~ Array[Data]", "$a =~ Array[Data]", steps),
        ("shared: flatten", "$a.flatten.size", elements),
        ("shared: size of flatten", "size(flatten($a))", elements),
        ("shared: type()", "type($a) =~ Type", elements),
        ("shared: type() of a hash", "type($h) =~ Type", elements),
        ("shared: String()", "String($a).size", elements),
        (
            "shared: assert_type",
            "assert_type(Array[Array[Integer]], $a)\n1",
            elements,
        ),
        (
            "shared: a parameter check",
            "function f(Array[Array[Integer]] $x) { 1 }\nf($a)",
            elements,
        ),
        ("shared: notice", "notice($a)\n1", show),
        ("shared: %p", "sprintf('%p', $a).size", show),
        ("shared: unique", "[$a, $b].unique.size", steps),
        ("shared: sort", "[$a, $b].sort.size", steps),
        ("shared: the final value", "$a", show),
        ("shared: the final value, a hash", "$h", show),
    ]
    .into_iter()
    .map(|(name, code, expected)| case(name, &format!("{SHARED}{code}"), expected))
    .collect()
}

fn table() -> Vec<Case> {
    let mut invalid_utf8 = br#"{"id": "invalid UTF-8", "src": "$x = '"#.to_vec();
    invalid_utf8.extend_from_slice(&[0xff, 0xfe, 0xc3, 0x28]);
    invalid_utf8.extend_from_slice(br#"' + 1"}"#);
    let nesting = "nested more than";
    vec![
        case("10,000 nested brackets", &nested("[", "", "]", 10_000), nesting),
        case("10,000 nested parentheses", &nested("(", "1", ")", 10_000), nesting),
        case("10,000 nested blocks", &nested("if true {", "1", "}", 10_000), nesting),
        case("10,000 nested hashes", &nested("{a => ", "1", "}", 10_000), nesting),
        case("10,000 nested lambdas", &nested("[1].map |$x| {", "1", "}", 10_000), nesting),
        case("10,000 nested interpolations", &nested("\"${", "1", "}\"", 10_000), nesting),
        case("100,000 chained additions", &format!("1{}", "+1".repeat(100_000)), nesting),
        case("100,000 elsif branches", &format!("if false {{}}{}", " elsif false {}".repeat(100_000)), nesting),
        case("10 MB string literal", &format!("'{}'", "a".repeat(10_000_000)), "exceed the limit of 4194304"),
        case("10 MB double-quoted string", &format!("\"{}\"", "a".repeat(10_000_000)), "exceed the limit of 4194304"),
        case("function f($x) { f($x) }", "function f($x) { f($x) } f(1)", "call depth exceeded 1000 in function 'f'"),
        case("recursion through a lambda", "function g($n) { [1].map |$x| { g($n) } } g(1)", "call depth exceeded 1000 in function 'g'"),
        case("Integer[1, default].each", "Integer[1, default].each |$x| { }", "arguments it does not accept"),
        case("Integer[1, 1000000000].map", "Integer[1, 1000000000].map |$x| { $x }", "more than the limit of 1000000"),
        case("1000000000.each", "1000000000.each |$x| { }", "exceed the limit of 1000000"),
        case("nested loops past the step budget", "Integer[1, 1000000].each |$i| { Integer[1, 1000000].each |$j| { } }", "evaluation stopped after 10000000 steps"),
        // Merging into a hash nothing else holds grows it in place (linear); a shared one is
        // copied on every merge, and the copies cost steps.
        // Every merge copies the hash: the memory budget (256 MiB of values built) ends it before the steps do.
        case("a shared hash copied by repeated merging", "Integer[1, 1000000].reduce({}) |$m, $i| { $k = $m $m + { $i => $i } }", "evaluation stopped after building more than 268435456 bytes of values"),
        case("a shared array copied by repeated appending", "Integer[1, 1000000].reduce([]) |$a, $i| { $k = $a $a + [$i] }", "evaluation stopped after building more than 268435456 bytes of values"),
        case("a string built by repeated appending", "Integer[1, 1000000].reduce('') |$s, $i| { \"${s}x\" }", "evaluation stopped after building more than 268435456 bytes of values"),
        case("a string doubled 40 times", "Integer[1, 40].reduce('a') |$s, $i| { \"${s}${s}\" }", "exceed the limit of 4194304"),
        case("an array doubled 40 times", "Integer[1, 40].reduce([1]) |$a, $i| { $a + $a }", "exceed the limit of 1000000"),
        case("2^60 elements by sharing", "Integer[1, 60].reduce([1]) |$a, $i| { [$a, $a] }", "too large to show"),
        case("2^60 elements interpolated", "$x = Integer[1, 60].reduce([1]) |$a, $i| { [$a, $a] }\n\"${x}\"", "too large to show"),
        case("2^60 elements matched against a type", "$x = Integer[1, 60].reduce([1]) |$a, $i| { [$a, $a] }\n$x =~ Data", "evaluation stopped after 10000000 steps"),
        case("recursive type alias against deep data", "type Tree = Variant[Integer, Array[Tree]]\n$d = Integer[1, 100000].reduce(1) |$a, $i| { [$a] }\n$d =~ Tree", "nested more than 256 levels deep to match"),
        case("a result nested a million levels deep", "Integer[1, 1000000].reduce([]) |$a, $i| { [$a] }", "nested more than 4000 levels deep to show"),
        // A chain arrow between two arrays of references makes an edge per pair, charged as steps:
        // a billion edges for the catalog would otherwise be built after evaluation ended.
        case("a billion chain-arrow edges", "$a = Integer[1, 1000].map |$i| { notify { \"n${i}\": } }\nInteger[1, 1000].each |$k| { $a -> $a }", "evaluation stopped after 10000000 steps"),
        case("a chain arrow from 2^60 references built by sharing", "$x = Integer[1, 60].reduce([1]) |$a, $i| { [$a, $a] }\n$x -> []", "evaluation stopped after 10000000 steps"),
        case("type alias cycle", "type A = B\ntype B = A\n1 =~ A", "cannot be resolved"),
        case("sprintf('%99999999s')", "sprintf('%99999999s', 'a')", "exceeds the limit of 65535"),
        case("sprintf('%.99999999f')", "sprintf('%.99999999f', 1.5)", "exceeds the limit of 65535"),
        case("String with a huge width", "String(1, '%99999999d')", "exceeds the limit of 65535"),
        case("many widest sprintf directives", &format!("sprintf('{}', {})", "%65535s".repeat(200), vec!["'a'"; 200].join(", ")), "exceed the limit of 4194304"),
        case("strftime with a huge width", "Timestamp('2020-01-01T00:00:00Z').strftime('%99999999Y')", "exceed the limit of 4194304"),
        case("a 300,000-digit integer", &"9".repeat(300_000), "outside of Puppet Integer max range"),
        Case { name: "invalid UTF-8", line: invalid_utf8, error_contains: "" },
        case("a lone surrogate escape", "", "").with_line(br#"{"id": "lone surrogate", "src": "\udc80"}"#),
        case("a byte-order mark", "\u{feff}1 + 1", "Byte Order mark"),
        case("a lone ${", "${", "Syntax error"),
        case("an unclosed \"${", "\"${", "Unclosed quote"),
        case("an unterminated heredoc", "@(END)\nabc\n", "Heredoc without end-tagged line"),
        case("an unterminated interpolating heredoc", "@(\"END\")\nabc ${x\n", "Heredoc without end-tagged line"),
        case("a malformed protocol line", "", "Invalid case line").with_line(b"{\"id\": 1, \"src\": "),
        case("a recursive alias in a case option", "type Tree = Variant[Integer, Array[Tree]]\n$d = Integer[1, 100000].reduce(1) |$a, $i| { [$a] }\ncase $d { Tree: { 1 } default: { 2 } }", "line: 3, column: 11)"),
        case("a recursive alias in a selector", "type Tree = Variant[Integer, Array[Tree]]\n$d = Integer[1, 100000].reduce(1) |$a, $i| { [$a] }\n$d ? { Tree => 1, default => 2 }", "line: 3, column: 8)"),
        case("a recursive alias in a parameter check", "type Tree = Variant[Integer, Array[Tree]]\n$d = Integer[1, 100000].reduce(1) |$a, $i| { [$a] }\nfunction f(Tree $x) { 1 }\nf($d)", "line: 4, column: 1)"),
    ]
    .into_iter()
    .chain(shared_walks())
    .chain(catastrophic_regexes())
    .collect()
}

/// 40 `a`s then a `b`: every way of dividing the `a`s among the iterations of `(a+)+` is tried
/// before a pattern that needs backtracking fails (2^40 of them).
const AS: &str = "$s = join(Integer[1, 40].map |$i| { 'a' })\n$t = \"${s}b\"\n";

/// Patterns that backtrack catastrophically (a back-reference or a look-around keeps the matcher
/// from remembering failures), wherever Puppet matches a regex: each ends at the step budget.
fn catastrophic_regexes() -> Vec<Case> {
    let steps = "evaluation stopped after 10000000 steps";
    let cases: Vec<(&str, String)> = vec![
        (
            "regex: =~ with a back-reference",
            "$t =~ /^(a+)+\\1$/".into(),
        ),
        (
            "regex: =~ with a look-ahead",
            "$t =~ /^(?=(a|aa)+$)/".into(),
        ),
        (
            "regex: =~ with a look-behind",
            "$t =~ /^(?:(a|aa)(?<=a))+$/".into(),
        ),
        ("regex: !~", "$t !~ /^(a+)+\\1$/".into()),
        ("regex: a string converted", "$t =~ '^(a+)+\\1$'".into()),
        (
            "regex: case",
            "case $t { /^(a+)+\\1$/: { 1 } default: { 2 } }".into(),
        ),
        (
            "regex: selector",
            "$t ? { /^(a+)+\\1$/ => 1, default => 2 }".into(),
        ),
        ("regex: in", "$r = /^(a+)+\\1$/\n$r in [$t]".into()),
        ("regex: match()", "$t.match(/^(a+)+\\1$/)".into()),
        (
            "regex: regsubst()",
            "regsubst($t, /^(a+)+\\1$/, 'x')".into(),
        ),
        (
            "regex: regsubst() with a string",
            "regsubst($t, '^(a+)+\\1$', 'x', 'G')".into(),
        ),
        ("regex: split()", "split($t, /^(a+)+\\1$/)".into()),
        ("regex: index()", "index($t, /^(a+)+\\1$/)".into()),
        (
            "regex: a Pattern type",
            "$t =~ Pattern[/^(a+)+\\1$/]".into(),
        ),
        (
            "regex: a type alias in a parameter",
            "type Aaa = Pattern[/^(a+)+\\1$/]\nfunction f(Aaa $x) { 1 }\nf($t)".into(),
        ),
        (
            "regex: filter",
            "[$t].filter |$x| { $x =~ /^(a+)+\\1$/ }".into(),
        ),
        (
            "regex: a conditional group",
            "$t =~ /^(?:(a)|aa)+(?(1)$|\\1)/".into(),
        ),
        (
            "regex: an atomic group's inside",
            "$t =~ /^(?>(a+)+\\1$)/".into(),
        ),
        // Matches made while comparing types: the evaluation pays for them too (regex::meter).
        (
            "regex: a Pattern type compared with an Enum",
            "Pattern[/^(a+)+\\1$/] > Enum[$t]".into(),
        ),
        (
            "regex: Pattern == Enum in a loop",
            "Integer[1, 5].map |$i| { Pattern[/^(a+)+\\1$/] == Enum[$t] }".into(),
        ),
        (
            "regex: a format map keyed by a Pattern",
            "String($t, { Pattern[/^(a+)+\\1$/] => '%p' })".into(),
        ),
    ];
    let mut table: Vec<Case> = cases
        .into_iter()
        .map(|(name, code)| case(name, &format!("{AS}{code}"), steps))
        .collect();
    // Quantifiers stacked on one atom nest the pattern: counted against the depth limit.
    table.push(case(
        "regex: 100,000 stacked quantifiers",
        &format!("'a' =~ /a{}/", "*".repeat(100_000)),
        "parse depth limit over",
    ));
    table.push(case(
        "regex: 5,000 nested groups",
        &format!("'a' =~ /{}a{}/", "(".repeat(5_000), ")".repeat(5_000)),
        "parse depth limit over",
    ));
    // A 4 MiB text whose every character leaves a capture to undo: the backtrack stack's limit.
    table.push(case(
        "regex: more backtracking memory than allowed",
        "$s = Integer[1, 22].reduce('a') |$m, $i| { \"${m}${m}\" }\n$s =~ /^(?:(a)|b)*$/",
        "needs more backtracking memory than the engine allows",
    ));
    table
}

impl Case {
    fn with_line(mut self, line: &[u8]) -> Case {
        self.line = line.to_vec();
        self
    }
}

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Answer lines, read on their own thread so a hung engine fails the test instead of hanging it.
    answers: Receiver<String>,
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

fn read_answers(stdout: ChildStdout, answers: Sender<String>) {
    for line in BufReader::new(stdout).lines() {
        let Ok(line) = line else { return };
        if answers.send(line).is_err() {
            return;
        }
    }
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_puppet-eval"))
            .arg("--jsonl")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("spawn puppet-eval --jsonl");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, answers) = channel();
        std::thread::spawn(move || read_answers(stdout, sender));
        Engine {
            child,
            stdin: Some(stdin),
            answers,
        }
    }

    /// Send one line and read its answer.
    fn ask(&mut self, line: &[u8]) -> Value {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(line).expect("write case");
        stdin.write_all(b"\n").expect("write newline");
        stdin.flush().expect("flush");
        let answer = match self.answers.recv_timeout(ANSWER_HANG_GUARD) {
            Ok(answer) => answer,
            Err(RecvTimeoutError::Timeout) => panic!("no answer within {ANSWER_HANG_GUARD:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the engine ended (crashed?)"),
        };
        serde_json::from_str(&answer).expect("an answer is JSON")
    }

    /// Peak resident memory of the engine process, in kB (Linux).
    fn peak_memory_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

#[test]
fn hostile_input_ends_in_diagnostics_and_the_engine_answers_the_next_case() {
    let mut engine = Engine::start();
    let mut report = Vec::new();
    for case in table() {
        let started = Instant::now();
        let answer = engine.ask(&case.line);
        let elapsed = started.elapsed();
        let error = answer["error"].as_str().unwrap_or_default().to_string();
        report.push(format!(
            "{:>8.3}s  {:<42} {}",
            elapsed.as_secs_f64(),
            case.name,
            error.chars().take(110).collect::<String>()
        ));
        assert!(
            answer["value"].is_null(),
            "{}: no value expected, got {answer}",
            case.name
        );
        assert!(
            !error.is_empty(),
            "{}: a diagnostic expected, got {answer}",
            case.name
        );
        assert!(
            error.contains(case.error_contains),
            "{}: error {error:?} lacks {:?}",
            case.name,
            case.error_contains
        );
        assert!(!error.contains("Internal error"), "{}: {error}", case.name);
        let next = engine.ask(br#"{"id": "next", "src": "[1, 2].map |$x| { $x * 21 }"}"#);
        assert_eq!(
            next["value"],
            json!("[21, 42]"),
            "after {}: {next}",
            case.name
        );
    }
    let peak = engine.peak_memory_kb();
    eprintln!(
        "hostile input through puppet-eval --jsonl (peak memory {peak:?} kB):\n{}",
        report.join("\n")
    );
    if let Some(peak) = peak {
        assert!(peak < PEAK_MEMORY_LIMIT_KB, "peak memory {peak} kB");
    }
    drop(engine.stdin.take());
    let status = engine.child.wait().expect("wait");
    assert!(status.success());
}

/// Patterns that only look catastrophic: without back-references or look-arounds the matcher
/// remembers where it failed, so on the same 40 `a`s and a `b` (or a 100,000-character text) they
/// answer as Ruby 3.2+ would, at once, instead of stopping at the budget.
#[test]
fn nested_quantifiers_without_backtracking_features_answer_in_linear_time() {
    let long = "$l = join(Integer[1, 100000].map |$i| { 'a' })\n";
    let cases = [
        (format!("{AS}$t =~ /^(a+)+$/"), "false"),
        (format!("{AS}$t =~ /^(a|a)+$/"), "false"),
        (format!("{AS}$t =~ /^(a|aa)+$/"), "false"),
        (format!("{AS}$t =~ /^(a*)*$/"), "false"),
        (format!("{AS}\"${{t}}!\" =~ /^(\\w+\\s?)*$/"), "false"),
        (format!("{AS}\"${{t}}!\" =~ Pattern[/^([a-z]+)*$/]"), "false"),
        (format!("{long}\"${{l}}!\" =~ /^(a+)+$/"), "false"),
        (format!("{long}\"${{l}}!\" =~ /(a|b|ab)*c/"), "false"),
        (format!("{long}$l =~ /^(?:a|b)*$/"), "true"),
        (
            format!("{AS}'me@example.com' =~ /^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){{1}}[a-z0-9]+[.]{{1}}(([a-z]{{2,3}})|([a-z]{{2,3}}[.]{{1}}[a-z]{{2,3}}))$/"),
            "true",
        ),
    ];
    let mut engine = Engine::start();
    for (src, value) in cases {
        let line = json!({ "id": "linear", "src": src })
            .to_string()
            .into_bytes();
        let started = Instant::now();
        let answer = engine.ask(&line);
        // Printed for whoever reads the log; the benchmarks measure speed.
        let elapsed = started.elapsed();
        eprintln!(
            "{:>8.3}s  {}",
            elapsed.as_secs_f64(),
            src.chars().take(60).collect::<String>()
        );
        assert_eq!(answer["value"], json!(value), "{src}: {answer}");
    }
}
