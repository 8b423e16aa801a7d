//! The node's facts a caller gives (`EvalOptions::facts`, a JSON object: `crate::facts`): `$facts`,
//! and each fact as a top-scope variable (`$os`, `$::os`), as Puppet's compiler sets a node's parameters.

use alloc::string::String;

use crate::eval::evaluator::Evaluator;
use crate::value::Value;

impl Evaluator<'_> {
    /// The facts hash the JSON text `source` holds.
    pub(super) fn facts_value(&mut self, source: &str) -> Result<Value, String> {
        crate::facts::facts_from_json(source)
    }

    /// Sets `$facts` and a top-scope variable per fact (not over the variables Puppet sets itself).
    pub(crate) fn bind_facts(&mut self, facts: Value) {
        let Value::Hash(hash) = &facts else {
            return;
        };
        for (name, value) in hash.iter() {
            let Value::String(name) = name else { continue };
            let reserved = crate::eval::builtin_vars::RESERVED.contains(&&**name)
                || crate::eval::builtin_vars::BUILT_IN.contains(&&**name)
                || &**name == "caller_module_name";
            // Each name once: the hash's keys are distinct, and Puppet's own are left out.
            if !reserved {
                self.scopes.assign_top(name, value.clone());
            }
        }
        self.scopes.replace_top("facts", facts);
    }
}

#[cfg(test)]
mod tests {
    use crate::{evaluate, EvalOptions};

    /// The program's value, or its first error's message, with `facts` given.
    fn with_facts(
        facts: &str,
        program: &str,
    ) -> Result<alloc::string::String, alloc::string::String> {
        let options = EvalOptions {
            facts: Some(facts.into()),
            ..EvalOptions::default()
        };
        let outcome = evaluate(program, &options);
        match (outcome.error(), &outcome.value) {
            (Some(error), _) => Err(error.message.clone()),
            (None, Some(value)) => Ok(crate::value::programmatic(value)),
            (None, None) => Err("no value".into()),
        }
    }

    #[test]
    fn a_json_object_is_facts() {
        let facts = r#"{"os": {"family": "Debian", "n": -2}, "up": [true, null, 1.5]}"#;
        assert_eq!(
            with_facts(facts, "[$facts, $os['family'], $::up]").as_deref(),
            Ok("[{'os' => {'family' => 'Debian', 'n' => -2}, 'up' => [true, undef, 1.5]}, 'Debian', [true, undef, 1.5]]")
        );
    }

    #[test]
    fn anything_else_is_refused_with_a_reason() {
        for (facts, reason) in [
            ("{'a' => 1}", "not JSON"),
            ("[1]", "a JSON object"),
            ("{\"a\":", "not JSON"),
        ] {
            let error = with_facts(facts, "1").expect_err(facts);
            assert!(error.contains(reason), "{facts}: {error}");
        }
    }

    #[test]
    fn deeply_nested_facts_end_in_a_diagnostic() {
        let facts = alloc::format!("{{\"a\": {}1{}}}", "[".repeat(100_000), "]".repeat(100_000));
        assert!(with_facts(&facts, "1").is_err());
    }
}
