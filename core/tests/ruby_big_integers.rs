//! Integers beyond 64 bits in the playground's Ruby: hostile sizes (`1 << 10**9`, `2**10**9`, a
//! literal or a string of 100,000 digits) are a diagnostic, never an allocation; a long run of
//! big products stops at the evaluation's budget; a big integer handed back to Puppet (whose
//! Integer is 64-bit) is a diagnostic. What Ruby answers is in ruby_core_methods' table.

use puppet_core::{evaluate, evaluate_environment, Environment, EvalOptions, Limits, MemoryFiles};

/// An inline template's outcome: its text, or the first diagnostic's code and message.
fn render(ruby: &str) -> Result<String, (String, String)> {
    let source = format!("inline_template('<%= {} %>')", ruby.replace('\'', "\\'"));
    let outcome = evaluate(&source, &EvalOptions::default());
    if let Some(error) = outcome.error() {
        return Err((error.code.to_string(), error.message.clone()));
    }
    let value = outcome.value.expect("a value");
    Ok(puppet_core::value::to_string_default(&value))
}

#[test]
fn huge_shifts_and_powers_are_refused_not_allocated() {
    let refused = [
        "1 << 10**9",
        "1 << (2**70)",
        "-1 << 100_000",
        "(2**100) << 1_000_000",
        "2**10**9",
        "3**(2**80)",
        "(2**1000)**1000",
        "(2**40000) * (2**40000)",
        "x = 2**65535; x + x",
        "(\"9\" * 100_000).to_i",
        "Integer(\"1\" * 100_000)",
        "(\"f\" * 20_000).hex",
    ];
    for ruby in refused {
        let (_, message) = render(ruby).expect_err(ruby);
        assert!(
            message.contains("an integer of more than 65536 bits is not supported"),
            "{ruby}: {message}"
        );
    }
    // A literal of 100,000 digits is refused when the template is read.
    let literal = "1".repeat(100_000);
    let (_, message) = render(&literal).expect_err("a long literal");
    assert!(
        message.contains("an integer of more than 65536 bits is not supported"),
        "{message}"
    );
}

#[test]
fn sizes_up_to_the_bound_and_shifts_that_shrink_are_answered() {
    let answered = [
        ("(2**65535).bit_length", "65536"),
        ("(1 << 65535) >> 65535", "1"),
        ("1 >> 10**9", "0"),
        ("-5 >> (2**70)", "-1"),
        ("(2**70) >> (2**70)", "0"),
        ("0 << 10**9", "0"),
        ("1**(2**80)", "1"),
        ("(-1)**(2**80 + 1)", "-1"),
        ("((2**65535) - 1).to_s(16).length", "16384"),
        ("((2**65535) / (2**40000 + 1)).bit_length", "25535"),
        ("((2**65535) % (2**40000 + 1)).bit_length", "40000"),
    ];
    for (ruby, expected) in answered {
        assert_eq!(render(ruby).as_deref(), Ok(expected), "{ruby}");
    }
}

#[test]
fn big_products_are_charged_to_the_budget() {
    let options = EvalOptions {
        limits: Limits {
            max_steps: 200_000,
            ..Limits::default()
        },
        ..EvalOptions::default()
    };
    let source = "inline_template('<% x = 2**60000; 1000.times { x * x } %>')";
    let outcome = evaluate(source, &options);
    let error = outcome.error().expect("the budget's diagnostic");
    assert_eq!(error.code, "STEP_LIMIT", "{}", error.message);
}

/// OpenVox hands a Bignum a Ruby function returns on to Puppet; the playground's Puppet Integer is
/// 64-bit, so the return is refused with a diagnostic at the Ruby's line.
#[test]
fn a_big_integer_returned_to_puppet_is_a_diagnostic() {
    let limits = Limits::default();
    let mut files = MemoryFiles::new();
    files.insert(
        "modules/big/lib/puppet/functions/big/f.rb",
        "Puppet::Functions.create_function(:'big::f') do\n  def f\n    2**70\n  end\nend\n",
        &limits,
    );
    files.insert(
        "modules/big/lib/puppet/functions/big/g.rb",
        "Puppet::Functions.create_function(:'big::g') do\n  def g\n    (2**70 >> 60).to_s(16)\n  end\nend\n",
        &limits,
    );
    let env = |text: &str| Environment::snippet(&files, text);
    let outcome = evaluate_environment(&env("notice(big::f())"), &EvalOptions::default());
    let error = outcome.error().expect("a diagnostic");
    assert_eq!(error.code, "RUBY_UNSUPPORTED", "{}", error.message);
    assert!(
        error
            .message
            .contains("an Integer beyond 64 bits handed to Puppet"),
        "{}",
        error.message
    );
    let outcome = evaluate_environment(&env("notice(big::g())"), &EvalOptions::default());
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    assert_eq!(outcome.logs[0].message, "400");
}
