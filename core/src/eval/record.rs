//! What each evaluated expression produced, kept when an editor asks (hover shows it): per source
//! range, how many times it ran and its last few values, within a budget of ranges.

use alloc::string::String;
use alloc::vec::Vec;

#[cfg(feature = "ide")]
use crate::pair_map::PairMap;
#[cfg(feature = "ide")]
use crate::run::RecordLimits;
use crate::span::Span;
#[cfg(feature = "ide")]
use crate::syntax::ast::{Expr, ExprKind};
use crate::value::Value;

/// What one source range produced: how many times it was evaluated and its latest values, oldest
/// first, each with the evaluation that produced it (1 for the first).
#[derive(Debug, Clone)]
pub struct Recorded {
    pub span: Span,
    pub count: u64,
    pub last: Vec<(u64, RecordedValue)>,
}

/// One value a range produced. An array or a hash is printed when it is produced: holding it would
/// share it, and the evaluator then copies what it would have grown in place (`$memo + {...}` in a
/// `reduce`), so that recording would change what a run costs and whether it fits its limits.
/// Printing costs, so a range that produces collections many times (a loop) has them printed at its
/// first evaluations and then at every power of two only: its last recorded value may be an earlier
/// evaluation's, and says which.
#[derive(Debug, Clone)]
pub enum RecordedValue {
    Value(Value),
    /// The `%p` form (its first `SNAPSHOT_BYTES` bytes) and `type(v)` of a collection; a large one's
    /// type is not inferred (it would walk the whole value) and says its class and size instead.
    Shown {
        value: String,
        type_: String,
    },
}

/// Bytes of a collection's `%p` form kept (the page shows 200 characters).
#[cfg(feature = "ide")]
pub const SNAPSHOT_BYTES: usize = 4 * 201;

#[cfg(feature = "ide")]
impl RecordedValue {
    fn of(value: &Value) -> Self {
        let len = match value {
            Value::Array(items) => items.len(),
            Value::Hash(entries) => entries.len(),
            other => return RecordedValue::Value(other.clone()),
        };
        let shown = crate::value::programmatic_prefix(value, SNAPSHOT_BYTES);
        // Printed whole within the bytes kept: small enough to infer its type (the walk is as short).
        let type_ = if shown.len() < SNAPSHOT_BYTES {
            crate::types::infer(value).to_string_prefix(SNAPSHOT_BYTES)
        } else if matches!(value, Value::Array(_)) {
            alloc::format!("Array of {len} elements")
        } else {
            alloc::format!("Hash of {len} entries")
        };
        RecordedValue::Shown {
            value: shown,
            type_,
        }
    }

    fn is_collection(value: &Value) -> bool {
        matches!(value, Value::Array(_) | Value::Hash(_))
    }
}

#[cfg(feature = "ide")]
/// One range's record while the evaluation runs: its count and its last values with their evaluations.
type RangeRecord = (u64, Vec<(u64, RecordedValue)>);

/// The ranges' records while the evaluation runs: each range's `(start, end)` maps to its place in
/// `records` (the engine's one map of number pairs; the flag is unused).
#[cfg(feature = "ide")]
#[derive(Debug, Default)]
pub(crate) struct Recorder {
    limits: RecordLimits,
    ranges: PairMap,
    records: Vec<RangeRecord>,
}

#[cfg(feature = "ide")]
impl Recorder {
    pub fn new(limits: RecordLimits) -> Self {
        Recorder {
            limits,
            ranges: PairMap::new(),
            records: Vec::new(),
        }
    }

    /// Keep what `expr` evaluated to, if it is worth showing: literals show themselves, and
    /// definitions and blocks have no value of their own to look at. An assignment's value is kept
    /// for the variable it assigns too.
    pub fn record(&mut self, expr: &Expr, value: &Value) {
        match &expr.kind {
            kind if kind.is_literal() => {}
            ExprKind::Block(_) | ExprKind::Paren(_) => {}
            ExprKind::Assignment { target, .. } => {
                if matches!(target.kind, ExprKind::Variable(_)) {
                    self.keep(target.span, value);
                }
                self.keep(expr.span, value);
            }
            _ if super::definitions::is_definition(expr) => {}
            _ => self.keep(expr.span, value),
        }
    }

    /// Keep the value a class's or defined type's parameter was bound to, for its `$name` in the
    /// parameter list (given by the declaration or its default).
    pub fn record_parameter(&mut self, name: Span, value: &Value) {
        self.keep(name, value);
    }

    fn keep(&mut self, span: Span, value: &Value) {
        let key = (span.start as usize, span.end as usize);
        let at_capacity = self.ranges.len() >= self.limits.max_ranges;
        let at = match self.ranges.get(&key) {
            Some(&(at, _)) => at,
            None if at_capacity || self.limits.kept_values == 0 => return,
            None => {
                self.ranges.insert(key, (self.records.len(), false));
                self.records.push(RangeRecord::default());
                self.records.len() - 1
            }
        };
        let Some(entry) = self.records.get_mut(at) else {
            return;
        };
        entry.0 += 1;
        let evaluation = entry.0;
        // A collection is printed at the first evaluations and then at powers of two (see RecordedValue).
        let first_ones = evaluation <= self.limits.kept_values as u64;
        if RecordedValue::is_collection(value) && !first_ones && !evaluation.is_power_of_two() {
            return;
        }
        if entry.1.len() == self.limits.kept_values {
            entry.1.remove(0);
        }
        entry.1.push((evaluation, RecordedValue::of(value)));
    }

    /// The records in source order (by start, then end).
    pub fn finish(mut self) -> Vec<Recorded> {
        let mut recorded = Vec::with_capacity(self.records.len());
        for (&(start, end), &(at, _)) in &self.ranges {
            if let Some((count, last)) = self.records.get_mut(at).map(core::mem::take) {
                recorded.push(Recorded {
                    span: Span {
                        start: start as u32,
                        end: end as u32,
                    },
                    count,
                    last,
                });
            }
        }
        recorded
    }
}

impl super::evaluator::Evaluator<'_> {
    /// Run `f` without recording: for code the engine parses from its own text (facts given as
    /// Puppet code, a type from its string form, Hiera's configuration schema), whose spans are
    /// offsets in that text and would land on whatever file sits at those offsets.
    #[cfg(feature = "ide")]
    pub(crate) fn unrecorded<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let recorder = self.output.recorder.take();
        let result = f(self);
        self.output.recorder = recorder;
        result
    }

    /// Without the `ide` feature nothing is recorded.
    #[cfg(not(feature = "ide"))]
    pub(crate) fn unrecorded<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        f(self)
    }
}

#[cfg(all(test, feature = "ide"))]
mod tests {
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    use super::{RecordLimits, RecordedValue};
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
                let values = r
                    .last
                    .iter()
                    .map(|(_, v)| match v {
                        RecordedValue::Value(v) => programmatic_prefix(v, 200),
                        RecordedValue::Shown { value, .. } => value.clone(),
                    })
                    .collect();
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
    fn a_resource_statement_of_a_body_keeps_its_references() {
        // Not recorded, a class body's statements make no references (`eval_for_effect`).
        let records = recorded(
            "class a { notify { 'x': } notify { 'y': } }\ninclude a",
            RecordLimits::default(),
        );
        let references = |text| find(&records, text).2.clone();
        assert_eq!(references("notify { 'x': }"), vec!["[Notify['x']]"]);
        assert_eq!(references("notify { 'y': }"), vec!["[Notify['y']]"]);
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
    fn recording_never_changes_what_a_run_costs() {
        // A hash grown in place by reduce: holding its values would make every `+` copy it.
        let source = "Integer[1, 3000].reduce({}) |$m, $x| { $m + { \"k${x}\" => $x } }.length";
        let limits = crate::Limits {
            max_steps: 60_000,
            ..crate::Limits::default()
        };
        let plain = evaluate(
            source,
            &EvalOptions {
                limits: limits.clone(),
                ..EvalOptions::default()
            },
        );
        let recorded = evaluate(
            source,
            &EvalOptions {
                limits,
                record: Some(RecordLimits::default()),
                ..EvalOptions::default()
            },
        );
        assert!(plain.error().is_none(), "{:?}", plain.diagnostics);
        assert!(recorded.error().is_none(), "{:?}", recorded.diagnostics);
        let large = recorded
            .recorded
            .iter()
            .find(|r| {
                r.count == 3000 && matches!(r.last.last(), Some((_, RecordedValue::Shown { .. })))
            })
            .expect("the memo's record");
        // Printed at evaluations 1, 2, 3, then 4, 8, ..., 2048: the last three kept are 512, 1024, 2048.
        let evaluations: alloc::vec::Vec<u64> = large.last.iter().map(|(at, _)| *at).collect();
        assert_eq!(evaluations, [512, 1024, 2048]);
        let Some((_, RecordedValue::Shown { value, type_ })) = large.last.last() else {
            unreachable!()
        };
        assert!(value.starts_with("{'k1' => 1, 'k2' => 2, "));
        assert_eq!(type_, "Hash of 2048 entries");
    }

    #[test]
    fn a_small_collection_keeps_its_type() {
        let outcome = evaluate(
            "$x = [1, 'a']",
            &EvalOptions {
                record: Some(RecordLimits::default()),
                ..EvalOptions::default()
            },
        );
        let Some((1, RecordedValue::Shown { value, type_ })) = outcome.recorded[0].last.first()
        else {
            panic!("{:?}", outcome.recorded)
        };
        assert_eq!(
            (value.as_str(), type_.as_str()),
            ("[1, 'a']", "Tuple[Integer[1, 1], String]")
        );
    }

    /// Two files whose ranges sit at the same offsets of their own texts: what each holds is
    /// looked for in that file only, and every range found is one of that file's.
    #[test]
    fn two_files_at_the_same_offsets_keep_their_own_values() {
        use crate::environment::{Environment, MemoryFiles};
        let site = "$x = 1 + 2\ninclude app\n";
        let app = "$y = 7 * 6\nclass app { }\n";
        let options = EvalOptions {
            record: Some(RecordLimits::default()),
            ..EvalOptions::default()
        };
        let mut files = MemoryFiles::new();
        files.insert("manifests/site.pp", site, &options.limits);
        files.insert("manifests/z_app.pp", app, &options.limits);
        let env = Environment {
            files: &files,
            main: None,
            base_modulepath: vec![],
            global_hiera: None,
            parse_cache: None,
        };
        let outcome = crate::evaluate_environment(&env, &options);
        assert!(outcome.error().is_none(), "{:?}", outcome.diagnostics);
        let value_at = |path: &str, offset: usize| {
            let (span, record) = outcome.recorded_at(path, offset)?;
            let shown = match &record.last.last()?.1 {
                RecordedValue::Value(v) => programmatic_prefix(v, 200),
                RecordedValue::Shown { value, .. } => value.clone(),
            };
            Some((span.start, span.end, shown))
        };
        // `$x` and `$y` both at 0..2, `1 + 2` and `7 * 6` both at 5..10.
        assert_eq!(value_at("manifests/site.pp", 0), Some((0, 2, "3".into())));
        assert_eq!(value_at("manifests/z_app.pp", 0), Some((0, 2, "42".into())));
        assert_eq!(value_at("manifests/site.pp", 6), Some((5, 10, "3".into())));
        assert_eq!(
            value_at("manifests/z_app.pp", 6),
            Some((5, 10, "42".into()))
        );
        for (path, text) in [("manifests/site.pp", site), ("manifests/z_app.pp", app)] {
            for offset in 0..text.len() {
                if let Some((start, end, _)) = value_at(path, offset) {
                    assert!(start as usize <= offset && offset < end as usize);
                    assert!(end as usize <= text.len(), "{path}:{offset}");
                }
            }
        }
        assert_eq!(value_at("manifests/nowhere.pp", 0), None);
    }

    #[test]
    fn a_class_parameter_holds_the_value_it_was_bound_to() {
        let source = "class app (\n  Integer $port = 8080,\n) { notice($port) }\ninclude app\n";
        let records = recorded(source, RecordLimits::default());
        let parameter = records
            .iter()
            .find(|(text, _, _)| text == "$port")
            .map(|(_, count, values)| (*count, values.clone()));
        assert_eq!(parameter, Some((1, vec![String::from("8080")])));
        let outcome = evaluate(
            source,
            &EvalOptions {
                record: Some(RecordLimits::default()),
                ..EvalOptions::default()
            },
        );
        // Line 2, column 12: the `p` of `$port` in the parameter list.
        let at = source.find("$port").map(|at| at + 1);
        let found = at.and_then(|at| outcome.recorded_at(crate::SNIPPET_FILE, at));
        assert_eq!(
            found.map(|(span, _)| &source[span.start as usize..span.end as usize]),
            Some("$port")
        );
    }

    #[test]
    fn nothing_is_recorded_unless_asked() {
        let outcome = evaluate("$x = 1 + 2", &EvalOptions::default());
        assert!(outcome.recorded.is_empty());
    }
}
