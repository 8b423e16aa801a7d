//! Hierarchy levels whose data comes from a function other than `yaml_data`/`json_data`: data
//! functions written in the Puppet language (`data_hash`, `lookup_key`, `data_dig`) called with
//! their options and a `Puppet::LookupContext`, and Puppet's words for the ones it cannot call.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::config::{Config, Function, Level};
use super::key::{LookupKey, Segment};
use super::lookup::{lookup_error, Found, HieraState};
use super::merge::Merge;
use super::search::{lookup_failure, lookup_issue, DataFile};
use super::CONTEXT;
use super::{Hiera, HieraHost};
use crate::diagnostic::{Diagnostic, Stage};
use crate::host::CallSite;
use crate::host::{EvalResult, Unwind};
use crate::span::Span;
use crate::syntax::ast::CallStyle;
use crate::value::{Hash, Value};

/// The code of `$context.not_found()`, which ends the function with "no such key".
const NOT_FOUND: &str = "LOOKUP_CONTEXT_NOT_FOUND";

impl<H: HieraHost> Hiera<'_, H> {
    /// A level read by a data function: each of its existing data files (or, without locations,
    /// the function once), merged by the strategy.
    pub(super) fn function_level_lookup(
        &mut self,
        config: &Config,
        level: &Level,
        locations: Option<&[DataFile]>,
        key: &LookupKey,
        merge: &Merge,
        span: Span,
    ) -> EvalResult<Found> {
        let function = &level.function;
        let name = function.name();
        if name == "eyaml_lookup_key" {
            return Err(lookup_failure("Function Load Error for function 'eyaml_lookup_key': Lookup using eyaml lookup_key function is only supported when the hiera_eyaml library is present", span));
        }
        if !self.host.puppet_function_known(name, span)? {
            let hiera3 = matches!(function, Function::Hiera3Backend(_));
            if hiera3 || name == "hocon_data" || self.ruby_function_exists(name) {
                return Err(lookup_error(
                    format!(
                        "The hierarchy level '{}' uses the {} function '{name}', which needs Ruby: the playground reads data with 'data_hash: yaml_data' and 'data_hash: json_data'",
                        level.name,
                        function.kind(),
                    ),
                    span,
                ));
            }
            let file = config.path.as_deref().unwrap_or("hiera.yaml");
            return Err(lookup_issue(
                format!(
                    "Unable to find '{}' function named '{name}' (file: {file})",
                    function.kind()
                ),
                span,
            ));
        }
        let paths: Vec<Option<String>> = match locations {
            None => alloc::vec![None],
            Some(locations) => locations
                .iter()
                .filter(|(_, _, exists)| *exists)
                .map(|(path, _, _)| Some(path.clone()))
                .collect(),
        };
        self.merge_lookup(merge, paths.len(), span, &mut |ev, i| {
            ev.function_call_lookup(config, level, paths[i].as_deref(), key, span)
        })
    }

    /// One call of a level's data function for a key: the root key's value (for `data_dig`, the
    /// value it dug, under the key's segments so that digging finds it), interpolated.
    pub(super) fn function_call_lookup(
        &mut self,
        config: &Config,
        level: &Level,
        path: Option<&str>,
        key: &LookupKey,
        span: Span,
    ) -> EvalResult<Found> {
        let saved = core::mem::replace(
            &mut self.host.hiera().search.context_module,
            config.module.clone(),
        );
        let found = self.function_call(level, path, key, span);
        self.host.hiera().search.context_module = saved;
        let function = &level.function;
        let found = found?;
        if let Some(value) = &found {
            // Checking and interpolating the value walk all of it.
            let walk = crate::host::Walk::Reads;
            crate::host::charge_walk(self.host, value, walk, span)?;
        }
        match found {
            None => {
                self.not_found(&key.root);
                Ok(None)
            }
            Some(value) if !super::data::is_lookup_value(&value) => Err(lookup_error(
                format!(
                    "Value for key '{}', returned from {} function '{}', has wrong type, expects Puppet::LookupValue, got {}",
                    key.root,
                    function.kind(),
                    function.name(),
                    crate::types::infer_reduced(&value)
                ),
                span,
            )),
            Some(value) => {
                let value = self.hiera_interpolate(&value, span)?;
                self.found(&key.root, &value);
                Ok(Some(value))
            }
        }
    }

    /// What the function gives for the key (a `data_hash` function's hash is kept per location).
    pub(super) fn function_call(
        &mut self,
        level: &Level,
        path: Option<&str>,
        key: &LookupKey,
        span: Span,
    ) -> EvalResult<Option<Value>> {
        let name = level.function.name();
        let mut options = match &level.options {
            Some(Value::Hash(options)) => options.clone(),
            _ => Hash::new(),
        };
        if let Some(path) = path {
            options.insert(Value::string("path"), Value::string(path));
        }
        let options = Value::Hash(options);
        let context = Value::Runtime(Rc::new((Rc::from(CONTEXT), Rc::from(CONTEXT))));
        let mut segments = alloc::vec![Value::string(&key.root)];
        let first = match level.function {
            Function::DataHash(_) => {
                let cached = format!("{name}() {}", path.unwrap_or(&level.name));
                let at = self.host.hiera().search.data_index.get(&cached).copied();
                let data = match at.and_then(|at| self.host.hiera().search.data.get(at)) {
                    Some(data) => Rc::clone(data),
                    None => {
                        match self.call_data_function(name, alloc::vec![options, context], span)? {
                            Some(Value::Hash(data)) => {
                                let data = Rc::new(data);
                                let search = &mut self.host.hiera().search;
                                search.data.push(Rc::clone(&data));
                                search.data_index.insert(cached, search.data.len() - 1);
                                data
                            }
                            other => {
                                return Err(super::data::not_a_hash(
                                    name,
                                    path.unwrap_or_default(),
                                    other,
                                    span,
                                ))
                            }
                        }
                    }
                };
                return Ok(data.get(&segments[0]).cloned());
            }
            Function::LookupKey(_) => segments.remove(0),
            Function::DataDig(_) | Function::Hiera3Backend(_) => {
                segments.extend(key.segments.iter().map(|s| Value::string(&s.text())));
                Value::array(segments)
            }
        };
        let found = self.call_data_function(name, alloc::vec![first, options, context], span)?;
        if !matches!(level.function, Function::DataDig(_)) {
            return Ok(found);
        }
        Ok(found.map(|value| {
            key.segments.iter().rev().fold(value, |value, segment| {
                let key = match segment {
                    Segment::Index(i) => Value::Integer(*i),
                    Segment::Key(k) => Value::string(k),
                };
                Value::Hash([(key, value)].into_iter().collect())
            })
        }))
    }

    /// Call a data function written in Puppet: its value, or `None` when it said `not_found()`.
    pub(super) fn call_data_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        span: Span,
    ) -> EvalResult<Option<Value>> {
        // The level's function was found before it was called (`function_level_lookup`).
        let site = CallSite {
            name,
            style: CallStyle::Prefix,
            span,
        };
        match self.host.call_function(&site, name, args, None) {
            Ok(value) => Ok(Some(value)),
            Err(Unwind::Error(d)) if d.code == NOT_FOUND => Ok(None),
            Err(other) => Err(other),
        }
    }

    /// Whether a function is one of a module's Ruby functions (`lib/puppet/functions/`).
    pub(super) fn ruby_function_exists(&mut self, name: &str) -> bool {
        let Some((module, _)) = crate::qualified::split_first(name) else {
            return false;
        };
        let Some(dir) = self.host.module_dir(module) else {
            return false;
        };
        let path = format!("{dir}/lib/puppet/functions/{}.rb", name.replace("::", "/"));
        self.host.env_path_exists(&path, false)
    }
}

/// A method of `Puppet::LookupContext` (`$context.not_found()`, `.environment_name`,
/// `.module_name`), or `None` when the call is no such method.
pub(crate) fn context_method(
    state: &HieraState,
    name: &str,
    args: &[Value],
    span: Span,
) -> Option<EvalResult<Value>> {
    let [Value::Runtime(object), rest @ ..] = args else {
        return None;
    };
    if &*object.0 != CONTEXT || !rest.is_empty() {
        return None;
    }
    Some(match name {
        "environment_name" => Ok(Value::string("production")),
        "module_name" => Ok(state
            .search
            .context_module
            .as_deref()
            .map_or(Value::Undef, Value::string)),
        "not_found" => Err(Unwind::Error(alloc::boxed::Box::new(Diagnostic::error(
            Stage::Evaluation,
            NOT_FOUND,
            "not_found() outside of a data function",
            span,
        )))),
        _ => return None,
    })
}
