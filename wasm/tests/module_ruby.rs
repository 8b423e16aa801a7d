//! A module's Ruby functions on hostile input: what loops, recurses or grows without end stops
//! within the evaluation's limits, and what reaches outside the environment (files, processes,
//! the process's environment, Ruby text to evaluate) is refused with a diagnostic naming the
//! construct at its line of the Ruby file. The light engine (no `erb` feature) hands any such call
//! over to the full one. Run natively in both engines through the facade's features:
//! `cargo test -p puppet-wasm --test module_ruby` (full) and with `--no-default-features` (light).
#![cfg(not(target_arch = "wasm32"))]

use puppet_core::{evaluate_environment, puppet_text, Environment, EvalOptions, Limits};
use puppet_core::{MemoryFiles, Outcome};

const FILE: &str = "modules/m/lib/puppet/functions/m/f.rb";

/// `m::f(arg)` with `body` as the function's method.
fn call(body: &str, arg: &str) -> Outcome {
    let ruby =
        format!("Puppet::Functions.create_function(:'m::f') do\n  def f(x)\n{body}\n  end\nend\n");
    let limits = Limits::default();
    let mut memory = MemoryFiles::new();
    memory.insert(FILE, ruby.as_str(), &limits);
    let code = format!("notice(m::f({arg}))");
    let env = Environment::snippet(&memory, &code);
    let options = EvalOptions {
        limits: Limits {
            max_steps: 200_000,
            ..Limits::default()
        },
        ..EvalOptions::default()
    };
    evaluate_environment(&env, &options)
}

/// The error's code and its text as Puppet prints it.
fn failure(outcome: &Outcome) -> (String, String) {
    let error = outcome.error().expect("the call fails");
    (error.code.to_string(), puppet_text(&outcome.sources, error))
}

#[cfg(feature = "erb")]
mod full {
    use super::*;

    #[test]
    fn loops_without_end_stop_at_the_step_budget() {
        for body in [
            "    loop do\n    end",
            "    while true\n    end",
            "    i = 0\n    i += 1 until false",
        ] {
            let (code, text) = failure(&call(body, "1"));
            assert_eq!(code, "STEP_LIMIT", "{body}: {text}");
        }
    }

    #[test]
    fn recursion_without_end_is_rubys_stack_error() {
        let outcome = call("    f(x + 1)", "1");
        let (_, text) = failure(&outcome);
        assert!(text.contains("stack level too deep"), "{text}");
    }

    #[test]
    fn huge_strings_and_arrays_are_refused_before_they_are_made() {
        for body in ["    'a' * 10**9", "    'ab' * (2**40)", "    [x] * 10**9"] {
            let (code, text) = failure(&call(body, "1"));
            assert!(
                code.ends_with("_LIMIT") || text.contains("too large") || text.contains("limit"),
                "{body}: {code} {text}"
            );
        }
    }

    #[test]
    fn what_reaches_outside_is_refused_at_its_line() {
        let cases = [
            ("    File.read('/etc/passwd')", "File.read"),
            ("    system('id')", "system"),
            ("    eval('1 + 1')", "eval"),
            ("    IO.popen('id')", "IO"),
            ("    ENV['HOME']", "ENV"),
            ("    ObjectSpace.each_object", "ObjectSpace"),
            ("    Dir.glob('*')", "Dir"),
            ("    x.instance_eval('1')", "instance_eval"),
            ("    `id`", "`"),
            ("    require 'net/http'", "net/http"),
        ];
        for (body, named) in cases {
            let (code, text) = failure(&call(body, "1"));
            assert!(code == "RUBY_UNSUPPORTED", "{body}: {code} {text}");
            assert!(text.contains(named), "{body}: {text}");
            assert!(text.contains(&format!("{FILE}, line: 3")), "{body}: {text}");
        }
    }

    #[test]
    fn a_ruby_error_is_the_calls_error_in_puppets_words() {
        let outcome = call("    raise Puppet::ParseError, 'no good'", "1");
        let (_, text) = failure(&outcome);
        assert!(
            text.starts_with("Evaluation Error: Error while evaluating a Function Call, no good"),
            "{text}"
        );
        assert!(
            text.contains("(file: snippet.pp, line: 1, column: 8)"),
            "{text}"
        );
    }
}

#[cfg(not(feature = "erb"))]
#[test]
fn the_light_engine_hands_a_modules_ruby_function_over() {
    let (code, text) = failure(&call("    x", "1"));
    assert_eq!(code, "NEEDS_FULL_ENGINE", "{text}");
    assert!(text.contains("'m::f'"), "{text}");
}

/// A resource type a module declares in Ruby: the full engine runs its file; the light one hands
/// the run over when a resource of the type is declared.
#[test]
fn a_ruby_resource_type_is_read_by_the_full_engine_only() {
    let limits = Limits::default();
    let mut memory = MemoryFiles::new();
    memory.insert(
        "modules/m/lib/puppet/type/setting.rb",
        "Puppet::Type.newtype(:setting) do\n  newparam(:name, namevar: true)\n  newproperty(:value)\nend\n",
        &limits,
    );
    let env = Environment::snippet(&memory, "setting { 'x': value => 1, bogus => 2 }");
    let outcome = evaluate_environment(&env, &EvalOptions::default());
    let (code, text) = failure(&outcome);
    if cfg!(feature = "erb") {
        assert!(
            text.contains("no parameter named 'bogus'"),
            "{code}: {text}"
        );
    } else {
        assert_eq!(code, "NEEDS_FULL_ENGINE", "{text}");
        assert!(text.contains("'setting'"), "{text}");
    }
}
