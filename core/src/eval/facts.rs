//! The node's facts a caller gives (`EvalOptions::facts`, a Puppet hash literal): `$facts`, and each
//! fact as a top-scope variable (`$os`, `$::os`), as Puppet's compiler sets a node's parameters.

use alloc::format;
use alloc::string::String;

use super::evaluator::Evaluator;
use crate::syntax::ast::ExprKind;
use crate::value::Value;

/// Literal values only: strings without interpolation, numbers, booleans, `undef`, arrays and
/// hashes of them.
fn is_literal(kind: &ExprKind) -> bool {
    match kind {
        ExprKind::Undef
        | ExprKind::Boolean(_)
        | ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::String(_)
        | ExprKind::Name(_) => true,
        ExprKind::Array(items) => items.iter().all(|item| is_literal(&item.kind)),
        ExprKind::Hash(entries) => entries
            .iter()
            .all(|entry| is_literal(&entry.key.kind) && is_literal(&entry.value.kind)),
        ExprKind::Unary { op, operand } => {
            matches!(op, crate::syntax::ast::UnaryOp::Neg) && is_literal(&operand.kind)
        }
        _ => false,
    }
}

impl Evaluator<'_> {
    /// The facts hash `source` holds (evaluated by this evaluator: literals cannot fail or refer to
    /// the program).
    pub(super) fn facts_value(&mut self, source: &str) -> Result<Value, String> {
        let (program, diagnostics) = crate::syntax::parse(source);
        if let Some(error) = diagnostics.iter().find(|d| d.is_error()) {
            return Err(format!("the facts do not parse: {}", error.message));
        }
        let [expr] = program.body.as_slice() else {
            return Err("the facts must be one hash".into());
        };
        if !is_literal(&expr.kind) {
            return Err("the facts must be a hash of literal values".into());
        }
        match self.unrecorded(|ev| ev.eval(expr)) {
            Ok(Value::Hash(hash)) if hash.keys().all(|k| matches!(k, Value::String(_))) => {
                Ok(Value::Hash(hash))
            }
            Ok(_) => Err("the facts must be a hash with string keys".into()),
            Err(unwind) => Err(unwind.into_diagnostic().message),
        }
    }

    /// Sets `$facts` and a top-scope variable per fact (not over the variables Puppet sets itself).
    pub(super) fn bind_facts(&mut self, facts: Value) {
        let Value::Hash(hash) = &facts else {
            return;
        };
        for (name, value) in hash.iter() {
            let Value::String(name) = name else { continue };
            let reserved = super::builtin_vars::RESERVED.contains(&&**name)
                || super::builtin_vars::BUILT_IN.contains(&&**name)
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
    use crate::eval::{evaluate, EvalOptions};

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
    fn a_hash_of_literals_is_facts() {
        let facts = "{'os' => {'family' => 'Debian', 'n' => -2}, 'up' => [true, undef, 1.5]}";
        assert_eq!(
            with_facts(facts, "[$facts, $os['family'], $::up]").as_deref(),
            Ok("[{'os' => {'family' => 'Debian', 'n' => -2}, 'up' => [true, undef, 1.5]}, 'Debian', [true, undef, 1.5]]")
        );
    }

    #[test]
    fn anything_else_is_refused_with_a_reason() {
        for (facts, reason) in [
            ("{'a' => $x}", "literal values"),
            ("{'a' => 'b'.upcase}", "literal values"),
            ("{'a' => \"${1}\"}", "literal values"),
            ("[1]", "string keys"),
            ("{1 => 2}", "string keys"),
            ("$a = 1 $b = 2", "one hash"),
            ("{'a' =>", "do not parse"),
        ] {
            let error = with_facts(facts, "1").expect_err(facts);
            assert!(error.contains(reason), "{facts}: {error}");
        }
    }

    #[test]
    fn deeply_nested_facts_end_in_a_diagnostic() {
        let facts = alloc::format!("{{'a' => {}1{}}}", "[".repeat(100_000), "]".repeat(100_000));
        assert!(with_facts(&facts, "1").is_err());
    }
}
