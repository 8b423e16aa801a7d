//! The evaluator as Hiera's host: Hiera's state of the run lent on each use, what only Hiera asks
//! of the evaluation, and the entry points the evaluator calls Hiera by.

use alloc::string::String;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use crate::hiera::lookup::HieraState;
use crate::hiera::{Hiera, HieraHost};
use crate::host::EvalResult;
use crate::span::Span;
use crate::value::Value;
#[cfg(feature = "yaml")]
use crate::{
    hiera::{lookup::Found, merge::Merge},
    host::CallSite,
    syntax::ast::Expr,
    types::Type,
};

impl HieraHost for Evaluator<'_> {
    #[inline]
    fn hiera(&mut self) -> &mut HieraState {
        &mut self.hiera
    }

    fn global_hiera(&self) -> Option<String> {
        self.env.and_then(|env| env.global_hiera.clone())
    }

    #[cfg(feature = "yaml")]
    fn files_under(&self, dir: &str) -> Vec<String> {
        self.env
            .map(|env| env.files.files_under(dir))
            .unwrap_or_default()
    }

    #[cfg(feature = "yaml")]
    fn puppet_function_known(&mut self, name: &str, span: Span) -> EvalResult<bool> {
        if !self.known.functions.contains_key(name) {
            self.autoload_function(name, span)?;
        }
        Ok(self.known.functions.contains_key(name))
    }

    #[cfg(feature = "yaml")]
    fn eval_type(&mut self, expr: &Expr) -> EvalResult<Type> {
        // A type written as text is not the user's code: hover records nothing for it. Puppet's
        // type parser reads it: inside `[...]` an unknown name is a reference resolved later.
        let saved = core::mem::replace(&mut self.known.type_text, true);
        let ty = self.unrecorded(|ev| ev.eval_type_expr(expr));
        self.known.type_text = saved;
        self.tree_freed();
        ty
    }

    #[cfg(feature = "yaml")]
    fn call_builtin(
        &mut self,
        site: &CallSite,
        name: &str,
        args: Vec<Value>,
    ) -> Option<EvalResult<Value>> {
        crate::functions::call_builtin(self, name, site, args, None)
    }
}

impl Evaluator<'_> {
    /// Look `key` up in Hiera (see `crate::hiera::lookup`): `None` when no layer has it.
    #[cfg(feature = "yaml")]
    pub(crate) fn hiera_search(
        &mut self,
        key: &str,
        merge: Option<Merge>,
        span: Span,
    ) -> EvalResult<Found> {
        Hiera::new(self).search(key, merge, span)
    }

    /// The parameters of class `class` with those Hiera has for it (automatic parameter lookup).
    pub(crate) fn automatic_parameters(
        &mut self,
        class: &str,
        params: &[crate::syntax::ast::Param],
        attributes: &[(String, Value)],
        span: Span,
    ) -> EvalResult<Vec<(String, Value)>> {
        let explain = self.options.explain_automatic_lookups;
        Hiera::new(self).automatic_parameters(class, params, attributes, explain, span)
    }

    /// The key in the global, environment and module layers, merged by the strategy.
    #[cfg(feature = "yaml")]
    pub(crate) fn layers_lookup(
        &mut self,
        key: &crate::hiera::key::LookupKey,
        module: Option<&str>,
        merge: &Merge,
        span: Span,
    ) -> EvalResult<Found> {
        Hiera::new(self).layers_lookup(key, module, merge, span)
    }

    /// A Puppet type written as text, read as Hiera reads the types it checks with.
    #[cfg(feature = "yaml")]
    pub(crate) fn hiera_type(&mut self, text: &str, span: Span) -> EvalResult<Type> {
        Hiera::new(self).hiera_type(text, span)
    }
}
