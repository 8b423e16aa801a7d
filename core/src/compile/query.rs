//! `puppet lookup` without a program: keys looked up in an environment's Hiera data for a node's
//! facts, with the explanation `--explain` prints, as data for the CLI and the page.

use alloc::string::String;
use alloc::vec::Vec;

use crate::diagnostic::Diagnostic;
use crate::environment::Environment;
use crate::eval::evaluator::Evaluator;
use crate::hiera::explain::Explainer;
use crate::hiera::key::LookupKey;
use crate::hiera::merge::Merge;
use crate::host::{LogEntry, Unwind};
use crate::run::EvalOptions;
use crate::sources::Sources;
use crate::span::Span;
use crate::value::{Hash, Value};

/// What `puppet lookup` is asked.
#[derive(Debug, Clone, Default)]
pub struct LookupQuery {
    /// The keys, tried in turn until one is found.
    pub keys: Vec<String>,
    /// `--merge`: a strategy name (`first`, `unique`, `hash`, `deep`); `None`: the keys'
    /// `lookup_options` decide.
    pub merge: Option<String>,
    /// `--knock-out-prefix`, `--sort-merged-arrays`, `--merge-hash-arrays` (with `deep` only).
    pub knockout_prefix: Option<String>,
    pub sort_merged_arrays: bool,
    pub merge_hash_arrays: bool,
    /// `--type`: the type the value must have, as Puppet source (`Array[String]`).
    pub value_type: Option<String>,
    /// `--default`: the value when no key is found.
    pub default: Option<Value>,
    /// `--explain`: the whole search explained.
    pub explain: bool,
    /// `--explain-options`: the search of `lookup_options` explained (alone, without `explain`).
    pub explain_options: bool,
}

/// What the lookup answered.
#[derive(Debug, Clone, Default)]
pub struct LookupAnswer {
    /// The value found (or the default); `None` when nothing was found or the lookup failed.
    pub value: Option<Value>,
    /// The explanation, as `--explain` prints it (one line each, each ending in a newline),
    /// followed by the lookup's failure when it failed as lookups fail (not found, a data file
    /// that does not parse): `puppet lookup --explain` prints both and succeeds.
    pub explanation: Option<String>,
    /// A failure of the lookup itself ("did not find a value", a data file's syntax error, a
    /// recursive lookup): `puppet lookup` without `--explain` exits with status 1, printing
    /// nothing of it.
    pub lookup_failure: Option<String>,
    /// An error that stops `puppet lookup` ("Error: Could not run: ..."): a wrong `hiera.yaml`,
    /// a value of the wrong type, a type that does not parse, unknown options.
    pub error: Option<Diagnostic>,
    /// Warnings and other messages logged on the way (deprecated `hiera.yaml` versions, ...).
    pub logs: Vec<LogEntry>,
    /// Where the environment's files are, for the positions of `error` and `logs`.
    pub sources: Sources,
}

/// Look the query's keys up in the environment as `puppet lookup --node <certname>` does: the
/// node's facts and trusted data from `options` (`certname` defaults to Puppet's default node
/// name), no main code evaluated.
pub fn lookup(env: &Environment<'_>, options: &EvalOptions, query: &LookupQuery) -> LookupAnswer {
    let mut answer = LookupAnswer::default();
    let problems = env.files.problems();
    if let Some((path, message)) = problems.into_iter().next() {
        answer.error = Some(query_error(alloc::format!("{path}: {message}")));
        return answer;
    }
    if let Err(problem) = query.check() {
        answer.error = Some(query_error(problem.message().into()));
        return answer;
    }
    let mut evaluator = Evaluator::new(
        options,
        Sources::default(),
        Some(env),
        super::catalog_statement,
    );
    if let Some(facts) = &options.facts {
        match evaluator.facts_value(facts) {
            Ok(facts) => evaluator.bind_facts(facts),
            Err(message) => {
                answer.error = Some(query_error(message));
                return answer;
            }
        }
    }
    evaluator.bind_trusted(options.certname.as_deref().unwrap_or("playground"));
    if query.explain || query.explain_options {
        evaluator.hiera.explainer = Some(Explainer::new());
    }
    let result = evaluator.query_keys(query);
    let explanation = evaluator.hiera.explainer.take().map(|e| e.render());
    match result {
        Ok(value) => {
            answer.value = value;
            answer.explanation = explanation;
        }
        Err(Unwind::Error(diagnostic)) if is_lookup_failure(&diagnostic) => {
            let mut text = explanation.unwrap_or_default();
            if query.explain || query.explain_options {
                text.push_str(&diagnostic.message);
                text.push('\n');
                answer.explanation = Some(text);
            }
            answer.lookup_failure = Some(diagnostic.message);
        }
        Err(unwind) => answer.error = Some(unwind.into_diagnostic()),
    }
    answer.logs = core::mem::take(&mut evaluator.output.logs);
    answer.sources = core::mem::take(&mut evaluator.sources);
    answer
}

/// What is wrong with a query before anything is looked up (`puppet lookup`'s own checks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryProblem {
    /// `--knock-out-prefix`, `--sort-merged-arrays` or `--merge-hash-arrays` without `deep`.
    DeepOptionsWithoutDeep,
    /// A merge strategy Puppet does not know.
    UnknownMerge,
    /// No keys (and not only `--explain-options`).
    NoKeys,
}

impl QueryProblem {
    /// Puppet's message.
    pub fn message(self) -> &'static str {
        match self {
            QueryProblem::DeepOptionsWithoutDeep => "The options --knock-out-prefix, --sort-merged-arrays, and --merge-hash-arrays are only available with '--merge deep'",
            QueryProblem::UnknownMerge => "The --merge option only accepts 'first', 'hash', 'unique', or 'deep'",
            QueryProblem::NoKeys => "No keys were given to lookup.",
        }
    }
}

impl LookupQuery {
    /// Puppet's checks of the options, in its order.
    pub fn check(&self) -> Result<(), QueryProblem> {
        let deep_options =
            self.knockout_prefix.is_some() || self.sort_merged_arrays || self.merge_hash_arrays;
        if deep_options && self.merge.as_deref() != Some("deep") {
            return Err(QueryProblem::DeepOptionsWithoutDeep);
        }
        if let Some(merge) = &self.merge {
            if !matches!(merge.as_str(), "first" | "unique" | "hash" | "deep") {
                return Err(QueryProblem::UnknownMerge);
            }
        }
        let only_explaining_options = self.explain_options && !self.explain;
        if self.keys.is_empty() && !only_explaining_options {
            return Err(QueryProblem::NoKeys);
        }
        Ok(())
    }
}

/// Failures Puppet raises as lookup errors (reported in the explanation), as opposed to errors
/// in the configuration or the request, which stop the command.
fn is_lookup_failure(diagnostic: &Diagnostic) -> bool {
    diagnostic.code == "LOOKUP_NOT_FOUND"
        || (diagnostic.code == "LOOKUP_ERROR"
            && !diagnostic
                .message
                .starts_with("The Lookup Configuration at"))
}

fn query_error(message: String) -> Diagnostic {
    Diagnostic::error(
        crate::Stage::Evaluation,
        "LOOKUP_QUERY",
        message,
        Span::new(0, 0),
    )
}

impl Evaluator<'_> {
    /// `Lookup.lookup` for the query: the first key found (its type checked), else the default,
    /// else Puppet's "did not find" failure.
    fn query_keys(&mut self, query: &LookupQuery) -> crate::host::EvalResult<Option<Value>> {
        let span = Span::new(0, 0);
        let value_type = match &query.value_type {
            Some(text) => Some(self.hiera_type(text, span)?),
            None => None,
        };
        let merge = match &query.merge {
            Some(strategy) => {
                let merge = Merge::parse(&merge_request(strategy, query))
                    .map_err(|m| crate::host::error("LOOKUP_QUERY", m, span))?;
                Some(merge)
            }
            None => None,
        };
        if query.explain_options && !query.explain {
            self.explain_lookup_options(span)?;
            return Ok(None);
        }
        let check = |what: &str, value: &Value| match &value_type {
            Some(ty) => match crate::types::describe_mismatch(ty, value) {
                Some(mismatch) => Err(crate::host::error(
                    "LOOKUP_TYPE",
                    alloc::format!("{what} has wrong type, {mismatch}"),
                    span,
                )),
                None => Ok(()),
            },
            None => Ok(()),
        };
        for key in &query.keys {
            if let Some(value) = self.hiera_search(key, merge.clone(), span)? {
                check("Found value", &value)?;
                return Ok(Some(value));
            }
        }
        if let Some(default) = &query.default {
            check("Default value", default)?;
            return Ok(Some(default.clone()));
        }
        let names: Vec<String> = query.keys.iter().map(|k| alloc::format!("'{k}'")).collect();
        let what = match names.as_slice() {
            [one] => alloc::format!("the name {one}"),
            _ => alloc::format!("any of the names [{}]", crate::text::join(&names, ", ")),
        };
        Err(crate::host::error(
            "LOOKUP_NOT_FOUND",
            alloc::format!("Function lookup() did not find a value for {what}"),
            span,
        ))
    }

    /// `--explain-options` alone: `lookup_options` itself looked up and merged as a hash.
    fn explain_lookup_options(&mut self, span: Span) -> crate::host::EvalResult<()> {
        let key = LookupKey::parse("lookup_options")
            .map_err(|_| crate::host::error("LOOKUP_QUERY", "lookup_options", span))?;
        let hash = Merge::hash();
        self.layers_lookup(&key, None, &hash, span)?;
        Ok(())
    }
}

/// The merge a `--merge` option asks for, as a `lookup` call would give it.
fn merge_request(strategy: &str, query: &LookupQuery) -> Value {
    if strategy != "deep" {
        return Value::string(strategy);
    }
    let mut hash = Hash::new();
    hash.insert(Value::string("strategy"), Value::string("deep"));
    hash.insert(
        Value::string("sort_merged_arrays"),
        Value::Boolean(query.sort_merged_arrays),
    );
    hash.insert(
        Value::string("merge_hash_arrays"),
        Value::Boolean(query.merge_hash_arrays),
    );
    if let Some(prefix) = &query.knockout_prefix {
        hash.insert(Value::string("knockout_prefix"), Value::string(prefix));
    }
    Value::Hash(hash)
}
