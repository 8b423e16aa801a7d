//! stdlib's HOCON reader (`puppet_core::hocon_data`, what `stdlib::parsehocon` runs) on hostile
//! and mangled texts: every one reads to data or an error, within its fuel, without a panic, a hang
//! or a stack overflow; and through `parsehocon` its work is the evaluation's budget.

use puppet_core::{evaluate, hocon_data, EvalOptions, Limits};

const FUEL: u64 = 1_000_000;

#[test]
fn deep_nesting_is_an_error_not_an_overflow() {
    for open in ["[", "{a=", "a{", "[{b="] {
        let text = format!("a = {}", open.repeat(100_000));
        let error = hocon_data(&text, 10_000_000).expect_err(open);
        assert!(error.contains("more than 200 deep"), "{open}: {error}");
    }
    let ok = format!("a = {}1{}", "[".repeat(150), "]".repeat(150));
    assert!(hocon_data(&ok, FUEL).is_ok());
}

#[test]
fn long_chains_of_substitutions_are_bounded() {
    let mut text = String::new();
    for n in 0..10_000 {
        text.push_str(&format!("k{n} = ${{k{}}}\n", n + 1));
    }
    text.push_str("k10000 = 1\n");
    let error = hocon_data(&text, 10_000_000).expect_err("a chain 10,000 long");
    assert!(error.contains("more than 200 deep"), "{error}");
}

#[test]
fn substitutions_that_fan_out_share_what_they_resolve() {
    // Each level refers to the next twice: 2^40 leaves if copied, one resolution each if shared.
    let mut text = String::new();
    for n in 0..40 {
        text.push_str(&format!("k{n} = [${{k{}}}, ${{k{}}}]\n", n + 1, n + 1));
    }
    text.push_str("k40 = 1\n");
    assert!(hocon_data(&text, FUEL).is_ok());
}

/// A key given forty values, each over the ones before it (`b = ${b} {...}`): each older value is
/// read once, not again for every newer one (that doubled the work with each value: the fuzz
/// target's `regressions/hocon/self-referencing-merges-*`; twenty values took 10 million steps,
/// forty take about 50,000 now, the objects' merges).
#[test]
fn values_over_their_own_older_ones_are_read_once() {
    let mut text = String::from("b { x = 1 }\n");
    for n in 0..40 {
        text.push_str(&format!("b = ${{b}} {{ y{n} = {n} }}\n"));
    }
    let data = hocon_data(&text, 100_000).expect("forty values within 100,000 steps");
    let shown = puppet_core::value::to_string_default(&data);
    assert!(
        shown.contains("'y39' => 39") && shown.contains("'x' => 1"),
        "{shown}"
    );
    let mut text = String::from("a = x\n");
    text.push_str(&"a = ${a}y\n".repeat(40));
    let data = hocon_data(&text, 100_000).expect("forty strings within 100,000 steps");
    let shown = puppet_core::value::to_string_default(&data);
    assert!(shown.contains(&format!("x{}", "y".repeat(40))), "{shown}");
}

#[test]
fn work_is_charged_to_the_fuel() {
    let text = "a = [1, 2, 3]\n".repeat(10_000);
    assert_eq!(hocon_data(&text, 1000), Err("the budget is spent".into()));
    assert!(hocon_data(&text, 10_000_000).is_ok());
}

#[test]
fn include_is_refused_and_reads_nothing() {
    for text in ["include \"x.conf\"", "a { include file(\"/etc/passwd\") }"] {
        let error = hocon_data(text, FUEL).expect_err(text);
        assert!(error.contains("includes another file"), "{error}");
    }
}

#[test]
fn the_gem_s_messages() {
    let cases = [
        ("b = ${nope}", "String: 1: Could not resolve substitution to a value: ${nope}"),
        ("a = {", "String: 1: expecting a close brace or a field name here, got end of file"),
        ("[1, 2]", "String: 1:  has type LIST rather than object at file root"),
        (
            "a = ${b}\nb = ${a}",
            "String: 2: Could not resolve substitution to a value: ${a} was part of a cycle of substitutions involving ${b}, ${a}, ${b}",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(hocon_data(text, FUEL), Err(message.into()), "{text}");
    }
}

/// A small deterministic generator (xorshift), for mangled texts.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Texts built from HOCON's own pieces in random order: each reads to data or an error.
#[test]
fn mangled_texts_read_or_fail_cleanly() {
    const PIECES: &[&str] = &[
        "a",
        "b.c",
        "\"q\"",
        "\"\"\"t\"\"\"",
        "=",
        ":",
        "+=",
        "{",
        "}",
        "[",
        "]",
        ",",
        "\n",
        " ",
        "1",
        "-2.5e3",
        "0x",
        "true",
        "null",
        "${a}",
        "${?b.c}",
        "${",
        "#c\n",
        "//d\n",
        "include ",
        "\\",
        "$",
        "\"\\u00e9\"",
        "\"\\q\"",
        "\t",
        "..",
        "\u{feff}",
        "é",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..20_000 {
        let len = (rng.next() % 24) as usize;
        let text: String = (0..len)
            .map(|_| PIECES[(rng.next() % PIECES.len() as u64) as usize])
            .collect();
        let _ = hocon_data(&text, 100_000);
    }
}

/// Through the function: the reading's work is the evaluation's step budget.
#[test]
fn parsehocon_spends_the_evaluation_s_budget() {
    let code = "$t = range(1, 3000).map |$i| { \"k${i} = [1, 2, 3]\" }.join(\"\\n\")\nstdlib::parsehocon($t)";
    let options = EvalOptions {
        limits: Limits {
            max_steps: 20_000,
            ..Limits::default()
        },
        ..EvalOptions::default()
    };
    let outcome = evaluate(code, &options);
    let code_of = outcome.error().map(|d| d.code.to_string());
    assert_eq!(
        code_of.as_deref(),
        Some("STEP_LIMIT"),
        "{:?}",
        outcome.error()
    );
    let outcome = evaluate(code, &EvalOptions::default());
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
}
