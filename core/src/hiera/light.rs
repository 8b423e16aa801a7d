//! Hiera in the light engine (built without the `yaml` feature): every configuration and data file
//! Hiera reads starts from a hiera.yaml, which this build cannot read, so a lookup either finds
//! nothing or stops with NEEDS_YAML naming the hiera.yaml it would have to read.

use alloc::format;
use alloc::string::String;

use super::lookup::{search_target, Found};
use super::merge::Merge;
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::span::Span;
use crate::value::Value;

impl Evaluator<'_> {
    /// The search of the full engine's `search_key`, for a build that reads no YAML: the full
    /// engine reads the global layer's hiera.yaml (when one is given), the environment's, then the
    /// key's module's, and without any of them finds nothing (the global default configuration's
    /// data file is YAML too, and outside the environment). So: the key's syntax checked as there,
    /// then the first of those files that exists is the error NEEDS_YAML, else not found. The
    /// page's facade gives every environment with a YAML file to the full engine before it runs.
    pub(super) fn search_key(
        &mut self,
        key: &str,
        _: Option<Merge>,
        span: Span,
    ) -> EvalResult<Found> {
        let Some(key) = search_target(key, span)? else {
            return Ok(None);
        };
        let global = self.env.and_then(|env| env.global_hiera.clone());
        let module = key
            .module_name()
            .and_then(|name| self.module_dir(name))
            .map(|dir| format!("{dir}/hiera.yaml"));
        let configs = global
            .into_iter()
            .chain([String::from("hiera.yaml")])
            .chain(module);
        for path in configs {
            if self.read_env_file(&path, span)?.is_some() {
                return Err(super::read_yaml::needs_yaml(&path, span));
            }
        }
        Ok(None)
    }

    /// A method of `Puppet::LookupContext`: never, in this build, since the value only exists
    /// inside a data function, which only a hiera.yaml names.
    pub(crate) fn lookup_context_method(
        &mut self,
        _: &str,
        _: &[Value],
        _: Span,
    ) -> Option<EvalResult<Value>> {
        None
    }
}
