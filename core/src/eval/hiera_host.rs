//! The evaluator as Hiera's host: itself as the function host Hiera reaches the evaluation
//! through, Hiera's state of the run lent with it, and the entry points the evaluator calls
//! Hiera by.

use alloc::string::String;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use crate::hiera::lookup::HieraState;
use crate::hiera::HieraHost;
#[cfg(feature = "yaml")]
use crate::hiera::{lookup::Found, merge::Merge};
use crate::host::{EvalResult, FunctionHost};
use crate::span::Span;
use crate::value::Value;

impl HieraHost for Evaluator<'_> {
    #[inline]
    fn host(&mut self) -> &mut dyn FunctionHost {
        self
    }

    #[inline]
    fn hiera(&mut self) -> &mut HieraState {
        &mut self.hiera
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
        (self as &mut dyn HieraHost).search(key, merge, span)
    }

    /// The parameters of class `class` with those Hiera has for it (automatic parameter lookup).
    pub(crate) fn automatic_parameters(
        &mut self,
        class: &str,
        params: &[crate::syntax::ast::Param],
        attributes: &[(String, Value)],
        span: Span,
    ) -> EvalResult<Vec<(String, Value)>> {
        (self as &mut dyn HieraHost).automatic_parameters(class, params, attributes, span)
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
        (self as &mut dyn HieraHost).layers_lookup(key, module, merge, span)
    }

    /// A Puppet type written as text, read as Hiera reads the types it checks with.
    #[cfg(feature = "yaml")]
    pub(crate) fn hiera_type(&mut self, text: &str, span: Span) -> EvalResult<crate::types::Type> {
        (self as &mut dyn HieraHost).hiera_type(text, span)
    }
}
