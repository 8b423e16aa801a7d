//! What each evaluated expression produced, kept when an editor asks (hover shows it): per source
//! range, how many times it ran and its last few values, within a budget of ranges.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use crate::span::Span;
use crate::syntax::ast::{Expr, ExprKind};
use crate::value::Value;

/// How much an evaluation keeps of what its expressions produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordLimits {
    /// How many distinct source ranges are kept (the first ones evaluated; later ranges are not).
    pub max_ranges: usize,
    /// How many of a range's latest values are kept.
    pub kept_values: usize,
}

impl Default for RecordLimits {
    fn default() -> Self {
        RecordLimits {
            max_ranges: 20_000,
            kept_values: 3,
        }
    }
}

/// What one source range produced: how many times it was evaluated and its latest values, oldest
/// first.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub span: Span,
    pub count: u64,
    pub last: Vec<Value>,
}

/// The ranges' records while the evaluation runs.
#[derive(Debug, Default)]
pub(crate) struct Recorder {
    limits: RecordLimits,
    ranges: BTreeMap<(u32, u32), (u64, Vec<Value>)>,
}

impl Recorder {
    pub fn new(limits: RecordLimits) -> Self {
        Recorder {
            limits,
            ranges: BTreeMap::new(),
        }
    }

    /// Keep what `expr` evaluated to, if it is worth showing: literals show themselves, and
    /// definitions and blocks have no value of their own to look at. An assignment's value is kept
    /// for the variable it assigns too.
    pub fn record(&mut self, expr: &Expr, value: &Value) {
        match &expr.kind {
            ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Boolean(_)
            | ExprKind::Integer(_)
            | ExprKind::Float(_)
            | ExprKind::String(_)
            | ExprKind::Regex(_)
            | ExprKind::Name(_)
            | ExprKind::Block(_)
            | ExprKind::Paren(_) => {}
            ExprKind::Assignment { target, .. } => {
                if matches!(target.kind, ExprKind::Variable(_)) {
                    self.keep(target.span, value);
                }
                self.keep(expr.span, value);
            }
            _ if super::statements::is_definition(expr) => {}
            _ => self.keep(expr.span, value),
        }
    }

    fn keep(&mut self, span: Span, value: &Value) {
        let key = (span.start, span.end);
        let at_capacity = self.ranges.len() >= self.limits.max_ranges;
        let entry = match self.ranges.get_mut(&key) {
            Some(entry) => entry,
            None if at_capacity || self.limits.kept_values == 0 => return,
            None => self.ranges.entry(key).or_default(),
        };
        entry.0 += 1;
        if entry.1.len() == self.limits.kept_values {
            entry.1.remove(0);
        }
        entry.1.push(value.clone());
    }

    /// The records in source order (by start, then end).
    pub fn finish(self) -> Vec<Recorded> {
        self.ranges
            .into_iter()
            .map(|((start, end), (count, last))| Recorded {
                span: Span { start, end },
                count,
                last,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    use super::RecordLimits;
    use crate::value::programmatic_prefix;
    use crate::{evaluate, EvalOptions};

    /// `(text of the range, count, last values in %p form)` of every record of `source`.
    fn recorded(source: &str, limits: RecordLimits) -> Vec<(String, u64, Vec<String>)> {
        let options = EvalOptions {
            record: Some(limits),
            ..EvalOptions::default()
        };
        let outcome = evaluate(source, &options);
        assert!(outcome.error().is_none(), "{:?}", outcome.diagnostics);
        outcome
            .recorded
            .iter()
            .map(|r| {
                let text = source[r.span.start as usize..r.span.end as usize].into();
                let values = r.last.iter().map(|v| programmatic_prefix(v, 200)).collect();
                (text, r.count, values)
            })
            .collect()
    }

    fn find<'a>(
        records: &'a [(String, u64, Vec<String>)],
        text: &str,
    ) -> &'a (String, u64, Vec<String>) {
        records
            .iter()
            .find(|(t, _, _)| t == text)
            .unwrap_or_else(|| panic!("no record of {text:?} in {records:?}"))
    }

    #[test]
    fn an_assigned_variable_holds_the_value_it_was_given() {
        let records = recorded("$x = [1, 2].map |$v| { $v * 2 }", RecordLimits::default());
        assert_eq!(
            find(&records, "$x"),
            &("$x".into(), 1, vec!["[2, 4]".into()])
        );
        // The call itself, and the lambda's body each time it ran.
        assert_eq!(
            find(&records, "[1, 2].map |$v| { $v * 2 }").2,
            vec![String::from("[2, 4]")]
        );
        assert_eq!(
            find(&records, "$v * 2"),
            &("$v * 2".into(), 2, vec!["2".into(), "4".into()])
        );
    }

    #[test]
    fn an_expression_in_a_loop_keeps_its_count_and_last_values() {
        let source = "[1, 2, 3, 4, 5].each |$i| { $s = sprintf('%03d', $i) }";
        let records = recorded(source, RecordLimits::default());
        let call = find(&records, "sprintf('%03d', $i)");
        assert_eq!(call.1, 5);
        // The last three, oldest first.
        assert_eq!(call.2, vec!["'003'", "'004'", "'005'"]);
        let kept_one = recorded(
            source,
            RecordLimits {
                kept_values: 1,
                ..RecordLimits::default()
            },
        );
        assert_eq!(find(&kept_one, "sprintf('%03d', $i)").2, vec!["'005'"]);
    }

    #[test]
    fn literals_and_definitions_are_not_recorded() {
        let records = recorded("class a { }\n$x = 'text'\n42", RecordLimits::default());
        let texts: Vec<&str> = records.iter().map(|(t, _, _)| t.as_str()).collect();
        assert_eq!(texts, vec!["$x", "$x = 'text'"]);
    }

    #[test]
    fn the_budget_of_ranges_keeps_the_first_ones_evaluated() {
        let records = recorded(
            "$a = 1 + 1\n$b = 2 + 2",
            RecordLimits {
                max_ranges: 2,
                kept_values: 3,
            },
        );
        let texts: Vec<&str> = records.iter().map(|(t, _, _)| t.as_str()).collect();
        // `1 + 1` first, then the assignment and its variable: only two ranges fit.
        assert_eq!(texts, vec!["$a", "1 + 1"]);
    }

    #[test]
    fn nothing_is_recorded_unless_asked() {
        let outcome = evaluate("$x = 1 + 2", &EvalOptions::default());
        assert!(outcome.recorded.is_empty());
    }
}
