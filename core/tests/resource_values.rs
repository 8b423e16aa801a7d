//! A resource expression's value (its references) where it is read, though statements whose value
//! nobody reads make none (`Evaluator::eval_for_effect`).

use puppet_core::{evaluate, EvalOptions};

/// The messages of the notices `source` logged, in order.
fn notices(source: &str) -> Vec<String> {
    let outcome = evaluate(source, &EvalOptions::default());
    assert!(outcome.error().is_none(), "{:?}", outcome.diagnostics);
    outcome.logs.into_iter().map(|log| log.message).collect()
}

/// The notices OpenVox 8 logs for this manifest (`puppet apply`).
#[test]
fn a_resource_expression_gives_its_references_where_they_are_read() {
    let source = r#"
        function two() { notify { 'f1': } notify { ['f2', 'f3']: } }
        class c {
          $kept = notify { 'c1': }
          notice($kept)
          notify { 'c2': }
          notice([notify { 'c3': }, class { 'd': }])
          if true { notify { 'c4': } }
        }
        class d { }
        notice(two())
        include c
        notice(if true { notify { 'top': } })
    "#;
    assert_eq!(
        notices(source),
        [
            "[Notify['f2'], Notify['f3']]",
            "[Notify['c1']]",
            "[[Notify['c3']], [Class['D']]]",
            "[Notify['top']]",
        ]
    );
}
