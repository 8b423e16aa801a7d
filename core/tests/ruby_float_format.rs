//! `sprintf` and `String(v, fmt)` round floats as Ruby does: golden outputs of Ruby's own `sprintf`
//! (which Puppet calls) for floats near rounding ties and across exponents -30..30, from
//! `data/gen_ruby_float_format.rb` (run with the oracle's Ruby to regenerate).

use puppet_core::{evaluate, value, EvalOptions};

#[test]
fn float_directives_round_as_ruby_does() {
    let golden = include_str!("data/ruby_float_format.tsv");
    let options = EvalOptions::default();
    let mut failures = Vec::new();
    let mut cases = 0;
    for line in golden.lines() {
        let mut fields = line.split('\t');
        let (Some(format), Some(literal), Some(expected)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        cases += 1;
        let source = format!("sprintf('{format}', {literal})");
        let outcome = evaluate(&source, &options);
        let got = outcome.value.as_ref().map(value::interpolate);
        if got.as_deref() != Some(expected) {
            failures.push(format!("{source}: Ruby {expected:?}, ours {got:?}"));
        }
    }
    assert!(cases > 5000, "the golden file has {cases} cases");
    assert!(
        failures.is_empty(),
        "{} of {cases} differ:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
