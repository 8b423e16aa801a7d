//! A lookup as Puppet's lookup adapter enters it: its state, its budget and the keys being looked
//! up, the recursion check, the errors it reports, automatic parameter lookup; the search itself is
//! hiera/search.rs (the full engine) or hiera/light.rs (the light engine, which reads no YAML).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::explain::Explainer;
use super::key::LookupKey;
use super::merge::Merge;
use super::{Hiera, HieraHost};
use crate::diagnostic::{Diagnostic, Stage};
use crate::host::{EvalResult, Unwind};
use crate::span::Span;
use crate::value::Value;

/// What Hiera has read and worked out in one evaluation.
#[derive(Default)]
pub(crate) struct HieraState {
    /// What the full engine's search has read and worked out (hiera/search.rs).
    #[cfg(feature = "yaml")]
    pub(super) search: super::search::SearchState,
    /// The light engine's explanations: whose `lookup_options` were searched already (`""`: the
    /// global and environment layers', else a module's), as the full engine reads them once.
    /// A list (a few names, one per module at most): a set type of its own would cost the light
    /// engine 0.8 KB.
    #[cfg(not(feature = "yaml"))]
    pub(super) options_explained: Vec<String>,
    /// The light engine's hiera.yaml paths found absent, read once as the full engine reads each
    /// layer's configuration once (a list, as above).
    #[cfg(not(feature = "yaml"))]
    pub(super) configs_absent: Vec<String>,
    /// The module (`""`: keys of no module) whose keys' hiera.yaml files were last all found
    /// absent: the next key of it needs no look at the list (a class's parameters, one after
    /// the other, are of one module).
    #[cfg(not(feature = "yaml"))]
    pub(super) last_without_config: Option<String>,
    /// The explanation of the lookup being made.
    pub explainer: Option<Explainer>,
    /// The lookups the program made, for the page (`Outcome::lookups`).
    pub calls: crate::hiera::calls::LookupCalls,
    /// The keys of the lookups running inside each other (an interpolation, an alias or a data
    /// function looking up another key), outermost first.
    pub(super) searching: super::stack::KeyStack,
    /// The keys being looked up when one of the engine's limits stopped the evaluation, kept
    /// until the outermost lookup names them in the diagnostic.
    pub(super) stopped_in: Option<Vec<String>>,
}

/// A lookup's failure that is not "not found": Puppet's message, and where to point.
pub(crate) fn lookup_error(message: impl Into<String>, span: Span) -> Unwind {
    Unwind::Error(alloc::boxed::Box::new(Diagnostic::error(
        Stage::Catalog,
        "LOOKUP_ERROR",
        message,
        span,
    )))
}

/// The key a search is for: `None` for `lookup_options` (a key no lookup may ask for, its
/// explanation says so), else the key read as Hiera reads it, or Puppet's syntax error.
pub(super) fn search_target(key: &str, span: Span) -> EvalResult<Option<LookupKey<'_>>> {
    if key == "lookup_options" || key.starts_with("lookup_options.") {
        return Ok(None);
    }
    LookupKey::parse(key)
        .map(Some)
        .map_err(|_| lookup_error(format!("Syntax error in key: '{key}'"), span))
}

/// Not found (Puppet's `throw :no_such_key`), or found.
pub(crate) type Found = Option<Value>;

impl<H: HieraHost> Hiera<'_, H> {
    /// Look `key` up in Hiera (`Lookup.search_and_merge`): the value, or `None` when no layer
    /// has it. `merge`: the strategy the caller gave (else the key's `lookup_options` say).
    ///
    /// A lookup costs steps, and so does everything it does (levels, files, interpolations, the
    /// values it builds), however deeply lookups run inside each other; when one of the limits
    /// stops the evaluation inside lookups, the diagnostic names the keys being looked up.
    pub(crate) fn search(
        &mut self,
        key: &str,
        merge: Option<Merge>,
        span: Span,
    ) -> EvalResult<Found> {
        self.host.hiera().searching.push(key);
        let result = match self.enter_lookup(span) {
            Ok(()) => {
                let found = self.search_key(key, merge, span);
                self.leave_lookup();
                found
            }
            Err(stop) => Err(stop),
        };
        let result = result.map_err(|unwind| self.name_keys_in_limit(unwind));
        self.host.hiera().searching.pop();
        result
    }

    /// Automatic parameter lookup: each parameter of class `class` not given a value (or given
    /// `undef`) takes `<class>::<param>` from Hiera when found, unless an undef found would
    /// override a default. The given attributes first, then those found, in parameter order.
    ///
    /// `explain`: each lookup builds its explanation, logged at debug level when a value is found
    /// (Puppet builds it only when debugging, `EvalOptions::explain_automatic_lookups`); without
    /// it the search records nothing (an explanation cost about a quarter of a lookup).
    pub(crate) fn automatic_parameters(
        &mut self,
        class: &str,
        params: &[crate::syntax::ast::Param],
        attributes: &[(String, Value)],
        explain: bool,
        span: Span,
    ) -> EvalResult<Vec<(String, Value)>> {
        let mut attributes = attributes.to_vec();
        // One text for the keys of all the class's parameters (`<class>::<param>`).
        let mut key = String::new();
        for param in params {
            let name = param.name.name.as_str();
            let given = attributes.iter().position(|(a, _)| a == name);
            if given.is_some_and(|at| !attributes[at].1.is_undef()) {
                continue;
            }
            key.clear();
            key.extend([class, "::", name]);
            // An explanation being made (a lookup's, which declared this class) is not this one's.
            let own = explain.then(Explainer::new);
            let saved = core::mem::replace(&mut self.host.hiera().explainer, own);
            let found = self.search(&key, None, span);
            let explainer = core::mem::replace(&mut self.host.hiera().explainer, saved);
            let found = found?;
            let kind = crate::hiera::calls::LookupKind::Automatic;
            self.host
                .hiera()
                .calls
                .record(kind, &key, span, found.as_ref());
            let Some(value) = found else {
                continue;
            };
            if let Some(explainer) = explainer {
                let preamble = format!("Automatic Parameter Lookup of '{key}'");
                self.host.log(
                    crate::host::LogLevel::Debug,
                    explainer.render_debug(&preamble),
                    span,
                );
            }
            if value.is_undef() && param.default.is_some() {
                continue;
            }
            match given {
                Some(at) => attributes[at].1 = value,
                None => attributes.push((name.into(), value)),
            }
        }
        Ok(attributes)
    }
}
