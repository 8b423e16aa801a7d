//! Hiera in the light engine (built without the `yaml` feature): every configuration and data file
//! Hiera reads starts from a hiera.yaml, which this build cannot read, so a lookup either finds
//! nothing or stops with NEEDS_YAML naming the hiera.yaml it would have to read.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::config::Layer;
use super::explain::{Event, Kind};
use super::lookup::{search_target, Found, HieraState};
use super::merge::Merge;
use super::{Hiera, HieraHost};
use crate::host::EvalResult;
use crate::span::Span;
use crate::value::Value;

impl<H: HieraHost> Hiera<'_, H> {
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
            self.explain_leaf(Kind::InvalidKey("lookup_options".into()));
            return Ok(None);
        };
        let module = key.module_name();
        let name = module.unwrap_or_default();
        if self.host.hiera().last_without_config.as_deref() != Some(name) {
            self.check_configs_absent(module, span)?;
            self.host.hiera().last_without_config = Some(name.into());
        }
        if self.host.hiera().explainer.is_some() {
            self.explain_nothing_found(key.text, module);
        }
        Ok(None)
    }

    /// The hiera.yaml files a search of a key of `module` would read, each found absent (once
    /// per run: `configs_absent`), or NEEDS_YAML for the first that exists.
    fn check_configs_absent(&mut self, module: Option<&str>, span: Span) -> EvalResult<()> {
        let global = self.host.global_hiera();
        let module_config = module
            .and_then(|name| self.host.module_dir(name))
            .map(|dir| format!("{dir}/hiera.yaml"));
        let configs = global
            .into_iter()
            .chain([String::from("hiera.yaml")])
            .chain(module_config);
        for path in configs {
            if self.host.hiera().configs_absent.contains(&path) {
                continue;
            }
            if self.host.read_env_file(&path, span)?.is_some() {
                return Err(super::read_yaml::needs_yaml(&path, span));
            }
            self.host.hiera().configs_absent.push(path);
        }
        Ok(())
    }

    /// What the full engine's explanation says of a search without any hiera.yaml: the
    /// `lookup_options` first (the global layer's once per evaluation, a module's once per
    /// module), then the key: the global layer's default configuration without it, no environment
    /// data provider, and the module without one.
    pub(super) fn explain_nothing_found(&mut self, key: &str, module: Option<&str>) {
        let has_module = module.map(|name| self.host.module_dir(name).is_some());
        let read = &mut self.host.hiera().options_explained;
        let global_options = first_time(read, "");
        let module_options = module.is_some_and(|name| first_time(read, name));
        let Some(explainer) = self.host.hiera().explainer.as_mut() else {
            return;
        };
        let global = || Kind::provider(Layer::Global.place(), None, 5, None);
        let module_leaf = |name: &str| Kind::Module {
            name: name.into(),
            has_module: has_module.unwrap_or(false),
        };
        if global_options || module_options {
            explainer.push(Kind::Top("lookup_options".into()));
            if global_options {
                explainer.push(global());
                explainer.event(Event::NotFound("lookup_options".into()));
                explainer.pop();
            }
            if let (true, Some(name)) = (module_options, module) {
                explainer.leaf(module_leaf(name));
            }
            explainer.pop();
        }
        explainer.push(Kind::Top(key.into()));
        explainer.push(global());
        explainer.event(Event::NotFound(key.into()));
        explainer.pop();
        if let Some(name) = module {
            explainer.leaf(module_leaf(name));
        }
        explainer.pop();
    }

    pub(super) fn explain_leaf(&mut self, kind: Kind) {
        if let Some(explainer) = self.host.hiera().explainer.as_mut() {
            explainer.leaf(kind);
        }
    }
}

/// A method of `Puppet::LookupContext`: never, in this build, since the value only exists inside a
/// data function, which only a hiera.yaml names.
pub(crate) fn context_method(
    _: &HieraState,
    _: &str,
    _: &[Value],
    _: Span,
) -> Option<EvalResult<Value>> {
    None
}

/// Whether `name` is not in `list` yet, adding it (a set's `insert`).
fn first_time(list: &mut Vec<String>, name: &str) -> bool {
    if list.iter().any(|known| known == name) {
        return false;
    }
    list.push(name.into());
    true
}
