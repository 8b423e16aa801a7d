//! The full engine's search (with the `yaml` feature): `lookup_options` first (global and
//! environment merged, then the module's), then the key in the global, environment and module
//! layers merged by the strategy, each layer's hierarchy level by level and path by path, values
//! interpolated, dotted keys dug into, `convert_to` applied; every step recorded in the
//! explanation when one is being made.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::config::{Config, Function, Layer, Level};
use super::explain::{Event, Explainer, Kind};
use super::key::{LookupKey, Segment};
use super::lookup::{lookup_error, search_target, Found};
use super::merge::Merge;
use super::{Hiera, HieraHost};
use crate::diagnostic::{Diagnostic, Stage};
use crate::host::{EvalResult, Unwind};
use crate::span::Span;
use crate::value::{Hash, Value};

/// What the search reads and works out in one evaluation.
#[derive(Default)]
pub(crate) struct SearchState {
    /// The global and environment layers' configurations, by their place in `configs`
    /// (`usize::MAX`: the layer has no data provider), once read.
    pub(super) layer_config_at: [Option<usize>; 2],
    /// The same for each module's layer, by the module's name (no key to build per lookup).
    pub(super) module_config_index: crate::name_map::NameMap<usize>,
    /// The module layer last asked for and its place: a class's parameters, looked up one after
    /// the other, ask for the same module's (twice each, with its default hierarchy).
    pub(super) last_module_config: Option<(String, usize)>,
    pub(super) configs: Vec<Rc<Config>>,
    /// Data files read, by path → place in `data`.
    pub(super) data_index: crate::name_map::NameMap<usize>,
    pub(super) data: Vec<Rc<Hash>>,
    /// Compiled lookup options by module (`""`: global and environment only).
    pub(super) options_index: crate::name_map::NameMap<usize>,
    pub(super) options: Vec<Option<Rc<LookupOptions>>>,
    /// The global and environment layers' `lookup_options` merged, once read (Puppet reads
    /// them once; a module's are read the first time a key of the module is looked up).
    pub(super) env_options: Option<Option<Value>>,
    /// The keys being looked up, innermost last (a key met again is a recursive lookup).
    pub(super) stack: super::stack::KeyStack,
    /// The module of the layer whose data function is running (`$context.module_name`).
    pub(super) context_module: Option<String>,
    /// The variable a `mapped_paths` level binds (its name and one of the values mapped) while
    /// its path is interpolated: a local scope's variable, seen before the scope's own.
    pub(super) mapped: Option<(String, Value)>,
    /// Levels of the kept configurations' hierarchies whose paths interpolate nothing, each
    /// with its data files, by the level's address (see `Hiera::plain_level_locations`).
    pub(super) level_files: Vec<(usize, Option<Vec<DataFile>>)>,
    /// Whether the global and environment layers are known to hold no data for any key
    /// (`hiera/no_data.rs`); `None` until it is known.
    pub(super) outer_layers_empty: Option<bool>,
}

impl SearchState {
    pub(super) fn stack_has(&self, name: &str) -> bool {
        self.stack.contains(name)
    }

    pub(super) fn stack_push(&mut self, name: &str) {
        self.stack.push(name);
    }

    pub(super) fn stack_pop(&mut self) {
        self.stack.pop();
    }

    pub(super) fn stack_text(&self) -> String {
        self.stack.join(", ")
    }
}

pub(super) const NONE: usize = usize::MAX;

/// A lookup's failure that Puppet reports as the failure of the call that made the lookup
/// (`lookup()`, or the class declaration whose parameters were being looked up), at the call:
/// Puppet's message, which the rendering puts after `Error while evaluating a Function Call, `.
pub(crate) fn lookup_failure(message: impl Into<String>, span: Span) -> Unwind {
    crate::host::error("LOOKUP_FAILED", message, span)
}

/// A lookup's failure that Puppet reports naming a place in a hiera.yaml (in `message`).
pub(crate) fn lookup_issue(message: impl Into<String>, span: Span) -> Unwind {
    Unwind::Error(alloc::boxed::Box::new(Diagnostic::error(
        Stage::Catalog,
        "LOOKUP_ISSUE",
        message,
        span,
    )))
}

/// A level's data file: its path, the path as the hierarchy wrote it, whether it exists.
pub(super) type DataFile = (String, String, bool);

/// `lookup_options`: options for keys by name, and for keys matching patterns.
#[derive(Debug, Default)]
pub(crate) struct LookupOptions {
    keys: Vec<(String, Value)>,
    patterns: Vec<(crate::value::Regexp, Value)>,
}

impl LookupOptions {
    fn for_key(&self, root: &str) -> Option<&Value> {
        self.keys
            .iter()
            .find(|(k, _)| k == root)
            .map(|(_, v)| v)
            .or_else(|| {
                self.patterns
                    .iter()
                    .find(|(p, _)| p.is_match(root))
                    .map(|(_, v)| v)
            })
    }
}

/// Puppet's words before an error raised inside a function call (what `new` failing says).
const CALL: &str = "Error while evaluating a Function Call, ";

/// An error of the global layer as Puppet reports it: `Lookup of key '<top>' failed: <message>`,
/// a failure of the call (once: one it reported that way already goes on as it is).
fn global_failure(error: Unwind, top: &str, span: Span) -> Unwind {
    match error {
        Unwind::Error(d)
            if matches!(d.code, "LOOKUP_ERROR" | "LOOKUP_FAILED")
                && !d.message.starts_with("Lookup of key '") =>
        {
            lookup_failure(format!("Lookup of key '{top}' failed: {}", d.message), span)
        }
        other => other,
    }
}

impl<H: HieraHost> Hiera<'_, H> {
    pub(super) fn explain(&mut self, f: impl FnOnce(&mut Explainer)) {
        if let Some(explainer) = self.host.hiera().explainer.as_mut() {
            f(explainer);
        }
    }

    /// Enter a node of the explanation; `kind` is built only when one is being made (an
    /// automatic parameter lookup makes none unless asked).
    pub(super) fn explain_push(&mut self, kind: impl FnOnce() -> Kind) {
        self.explain(|e| e.push(kind()));
    }

    pub(super) fn explain_pop(&mut self) {
        self.explain(Explainer::pop);
    }

    pub(super) fn found(&mut self, key: &str, value: &Value) {
        if self.host.hiera().explainer.is_some() {
            let event = Event::Found(key.into(), value.clone());
            self.explain(|e| e.event(event));
        }
    }

    pub(super) fn not_found(&mut self, key: &str) {
        self.explain(|e| e.event(Event::NotFound(key.into())));
    }

    /// Run `f` with `name` on the stack of keys being looked up: Puppet's error when it is
    /// there already (met by the global layer, the first to look, it names the outermost key).
    pub(super) fn hiera_check<T>(
        &mut self,
        name: &str,
        layer: Layer,
        span: Span,
        f: impl FnOnce(&mut Self) -> EvalResult<T>,
    ) -> EvalResult<T> {
        let stack = &mut self.host.hiera().search.stack;
        if stack.contains(name) {
            let chain = stack.join(", ");
            let message = match stack.first() {
                Some(top) if layer == Layer::Global && name != "lookup_options" => {
                    format!("Lookup of key '{top}' failed: Recursive lookup detected in [{chain}]")
                }
                _ => format!("Recursive lookup detected in [{chain}]"),
            };
            return Err(Unwind::Error(alloc::boxed::Box::new(Diagnostic::error(
                Stage::Catalog,
                "LOOKUP_RECURSION",
                message,
                span,
            ))));
        }
        stack.push(name);
        let result = f(self);
        self.host.hiera().search.stack.pop();
        result
    }

    /// [`Self::hiera_search`] itself.
    pub(super) fn search_key(
        &mut self,
        key: &str,
        merge: Option<Merge>,
        span: Span,
    ) -> EvalResult<Found> {
        let Some(key) = search_target(key, span)? else {
            self.explain_push(|| Kind::InvalidKey("lookup_options".into()));
            self.explain_pop();
            return Ok(None);
        };
        let module = key.module_name();
        if self.known_without_data(module) {
            // What the search would meet before finding nothing: the global layer's check.
            return self.hiera_check(key.text, Layer::Global, span, |_| Ok(None));
        }
        let options = self.lookup_options_for(&key, module, span)?;
        let key_options = options.as_ref().and_then(|o| o.for_key(&key.root)).cloned();
        let option = |name: &str| match &key_options {
            Some(Value::Hash(h)) => h.get(&Value::string(name)).cloned(),
            _ => None,
        };
        let merge = match merge {
            Some(merge) => merge,
            None => match option("merge") {
                Some(value) => {
                    self.explain(|e| e.leaf(Kind::MergeSource("lookup_options".into())));
                    Merge::parse(&value).map_err(|m| lookup_failure(m, span))?
                }
                None => Merge::default_strategy(),
            },
        };
        self.explain_push(|| Kind::Top(key.text.into()));
        let mut found = self.layers_lookup(&key, module, &merge, span)?;
        if found.is_none() {
            found = self.default_hierarchy_lookup(&key, module, span)?;
        }
        let found = match found {
            Some(value) => self.dig(&key, value, span)?,
            None => None,
        };
        self.explain_pop();
        match (found, option("convert_to")) {
            (Some(value), Some(convert)) => {
                self.convert_to(key.text, value, &convert, span).map(Some)
            }
            (found, _) => Ok(found),
        }
    }

    /// The key in the global, environment and module layers, merged by the strategy.
    pub(crate) fn layers_lookup(
        &mut self,
        key: &LookupKey,
        module: Option<&str>,
        merge: &Merge,
        span: Span,
    ) -> EvalResult<Found> {
        let layers = [Layer::Global, Layer::Environment, Layer::Module];
        self.merge_lookup(merge, layers.len(), span, &mut |ev, i| {
            ev.layer_lookup(layers[i], key, module, merge, span)
        })
    }

    /// `MergeStrategy#lookup`: the first variant found for `first`; else every variant's value
    /// merged, in order (a merge of several shown in the explanation).
    pub(super) fn merge_lookup(
        &mut self,
        merge: &Merge,
        count: usize,
        span: Span,
        each: &mut dyn FnMut(&mut Self, usize) -> EvalResult<Found>,
    ) -> EvalResult<Found> {
        if merge.is_first() {
            for i in 0..count {
                if let Some(value) = each(self, i)? {
                    return Ok(Some(value));
                }
            }
            return Ok(None);
        }
        if count == 1 {
            return Ok(each(self, 0)?.map(|v| merge.merge_single(v)));
        }
        self.explain_push(|| Kind::Merge {
            strategy: merge.key(),
            options: merge.options.clone().map(Value::Hash),
        });
        let mut result: Option<Value> = None;
        for i in 0..count {
            let Some(value) = each(self, i)? else {
                continue;
            };
            result = Some(match result {
                None => merge.convert_first(value),
                Some(memo) => {
                    self.check_merge_types(merge, &memo, &value, span)?;
                    merge
                        .merge(&memo, &value)
                        .map_err(|m| lookup_error(m, span))?
                }
            });
        }
        if let (Some(value), true) = (&result, self.host.hiera().explainer.is_some()) {
            let value = value.clone();
            self.explain(|e| e.event(Event::Result(value)));
        }
        self.explain_pop();
        Ok(result)
    }

    /// The types `hash` and `unique` merges require of what they merge.
    pub(super) fn check_merge_types(
        &mut self,
        merge: &Merge,
        first: &Value,
        second: &Value,
        span: Span,
    ) -> EvalResult<()> {
        let Some(type_text) = merge.value_type() else {
            return Ok(());
        };
        let ty = self.hiera_type(type_text, span)?;
        for (which, value) in [("first", first), ("second", second)] {
            if let Some(mismatch) = crate::types::describe_mismatch(&ty, value) {
                return Err(lookup_error(
                    format!("The {which} element of the merge has wrong type, {mismatch}"),
                    span,
                ));
            }
        }
        Ok(())
    }

    /// A Puppet type written as text (the types Hiera checks its configuration and data with).
    pub(crate) fn hiera_type(&mut self, text: &str, span: Span) -> EvalResult<crate::types::Type> {
        let (program, diagnostics) = crate::syntax::parse(text);
        if diagnostics.iter().any(Diagnostic::is_error) {
            return Err(lookup_error(format!("Invalid type '{text}'"), span));
        }
        let Some(expr) = program.body.first() else {
            return Err(lookup_error(format!("Invalid type '{text}'"), span));
        };
        self.host.eval_type(expr)
    }

    /// One layer's data provider: its hierarchy, merged by the strategy.
    pub(super) fn layer_lookup(
        &mut self,
        layer: Layer,
        key: &LookupKey,
        module: Option<&str>,
        merge: &Merge,
        span: Span,
    ) -> EvalResult<Found> {
        let module = match layer {
            Layer::Module => match module {
                Some(module) => Some(module),
                None => return Ok(None),
            },
            _ => None,
        };
        let found = self.provider_lookup(layer, key, module, merge, span);
        match (found, layer) {
            (Err(error), Layer::Global) => {
                let top = self
                    .host
                    .hiera()
                    .search
                    .stack
                    .first()
                    .map_or_else(|| key.text.into(), String::from);
                Err(global_failure(error, &top, span))
            }
            (found, _) => found,
        }
    }

    pub(super) fn provider_lookup(
        &mut self,
        layer: Layer,
        key: &LookupKey,
        module: Option<&str>,
        merge: &Merge,
        span: Span,
    ) -> EvalResult<Found> {
        let Some(config) = self.layer_config(layer, module, span)? else {
            // Only the explanation tells a missing module from one without data.
            if let (Some(module), true) = (module, self.host.hiera().explainer.is_some()) {
                let has_module = self.host.module_dir(module).is_some();
                self.explain(|e| {
                    e.leaf(Kind::Module {
                        name: module.into(),
                        has_module,
                    })
                });
            }
            return Ok(None);
        };
        self.hiera_check(key.text, layer, span, |ev| {
            ev.explain_push(|| {
                Kind::provider(
                    layer.place(),
                    module,
                    config.version,
                    config.path.as_deref(),
                )
            });
            let found = ev.hierarchy_lookup(&config, &config.hierarchy, key, merge, span)?;
            ev.explain_pop();
            Ok(found)
        })
    }

    /// A module's `default_hierarchy`, searched when no layer had the key.
    pub(super) fn default_hierarchy_lookup(
        &mut self,
        key: &LookupKey,
        module: Option<&str>,
        span: Span,
    ) -> EvalResult<Found> {
        let Some(module) = module else {
            return Ok(None);
        };
        let Some(config) = self.layer_config(Layer::Module, Some(module), span)? else {
            return Ok(None);
        };
        let Some(levels) = config.default_hierarchy.clone() else {
            return Ok(None);
        };
        self.explain_push(|| {
            Kind::Scope(format!(
                "Searching default_hierarchy of module \"{module}\""
            ))
        });
        let options = self.default_hierarchy_options(&config, &levels, module, span);
        let options = match options {
            Ok(options) => options,
            Err(e) => {
                self.explain_pop();
                return Err(e);
            }
        };
        let merge = match options.as_ref().and_then(|o| o.for_key(&key.root)) {
            Some(Value::Hash(h)) => match h.get(&Value::string("merge")) {
                Some(value) => Merge::parse(value).map_err(|m| lookup_failure(m, span))?,
                None => Merge::default_strategy(),
            },
            _ => Merge::default_strategy(),
        };
        self.explain_push(|| Kind::Scope(format!("Searching for \"{}\"", key.text)));
        let found = self.hiera_check(key.text, Layer::Module, span, |ev| {
            ev.explain_push(|| {
                Kind::provider(
                    "Module",
                    Some(module),
                    config.version,
                    config.path.as_deref(),
                )
            });
            let found = ev.hierarchy_lookup(&config, &levels, key, &merge, span)?;
            ev.explain_pop();
            Ok(found)
        })?;
        self.explain_pop();
        self.explain_pop();
        Ok(found)
    }

    /// The `lookup_options` of a module's default hierarchy (read once per module).
    pub(super) fn default_hierarchy_options(
        &mut self,
        config: &Config,
        levels: &[Level],
        module: &str,
        span: Span,
    ) -> EvalResult<Option<Rc<LookupOptions>>> {
        // Module names hold no ':', so these entries are apart from the modules' own.
        let name = format!("default:{module}");
        let search = &self.host.hiera().search;
        if let Some(&at) = search.options_index.get(&name) {
            return Ok(search.options.get(at).cloned().flatten());
        }
        let options_key = options_key();
        let hash_merge = Merge::hash();
        self.explain_push(|| Kind::Top("lookup_options".into()));
        self.explain_push(|| {
            Kind::provider(
                "Module",
                Some(module),
                config.version,
                config.path.as_deref(),
            )
        });
        let found = self.hierarchy_lookup(config, levels, &options_key, &hash_merge, span);
        self.explain_pop();
        self.explain_pop();
        let found = found?;
        if let Some(options) = &found {
            check_module_options(options, module, span)?;
        }
        let compiled = compile_lookup_options(found, span)?;
        self.cache_lookup_options(name, compiled.clone());
        Ok(compiled)
    }

    /// Each level of a hierarchy, merged by the strategy.
    pub(super) fn hierarchy_lookup(
        &mut self,
        config: &Config,
        levels: &[Level],
        key: &LookupKey,
        merge: &Merge,
        span: Span,
    ) -> EvalResult<Found> {
        // Each level with its data files (those that exist, for Puppet's default configuration).
        let mut resolved: Vec<(&Level, Option<Vec<DataFile>>)> = Vec::new();
        for level in levels {
            // Puppet resolves a level's paths when it creates its data providers, which its
            // explanations leave out.
            let explainer = self.host.hiera().explainer.take();
            let locations = self.plain_level_locations(config, level, span);
            self.host.hiera().explainer = explainer;
            let locations = locations?;
            if config.path.is_none() && locations.as_ref().is_some_and(Vec::is_empty) {
                continue;
            }
            resolved.push((level, locations));
        }
        if resolved.is_empty() {
            self.not_found(key.text);
            return Ok(None);
        }
        self.merge_lookup(merge, resolved.len(), span, &mut |ev, i| {
            let (level, locations) = &resolved[i];
            ev.level_lookup(config, level, locations.as_deref(), key, merge, span)
        })
    }

    /// One hierarchy level: each of its data files, merged by the strategy.
    pub(super) fn level_lookup(
        &mut self,
        config: &Config,
        level: &Level,
        locations: Option<&[DataFile]>,
        key: &LookupKey,
        merge: &Merge,
        span: Span,
    ) -> EvalResult<Found> {
        self.host.step(1, span)?;
        self.explain_push(|| Kind::Entry(level.name.clone()));
        let found = match &level.function {
            Function::DataHash(function)
                if matches!(function.as_str(), "yaml_data" | "json_data") =>
            {
                match locations {
                    None => {
                        self.not_found(&key.root);
                        None
                    }
                    Some(locations) => {
                        // Their options may hold a path only: Puppet's message when the level
                        // gives any (or a uri), once there is a file to read.
                        let options =
                            matches!(&level.options, Some(Value::Hash(h)) if !h.is_empty());
                        let uri = matches!(level.locations, super::config::Locations::Uris(_));
                        if (options || uri) && locations.iter().any(|(_, _, exists)| *exists) {
                            return Err(lookup_failure(
                                format!("'{function}' one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this data_hash function"),
                                span,
                            ));
                        }
                        self.merge_lookup(merge, locations.len(), span, &mut |ev, i| {
                            ev.location_lookup(config, function, &locations[i], key, span)
                        })?
                    }
                }
            }
            _ => self.function_level_lookup(config, level, locations, key, merge, span)?,
        };
        self.explain_pop();
        Ok(found)
    }

    /// The `lookup_options` that apply to a key's module (global and environment ones merged,
    /// then the module's), compiled once per module.
    pub(super) fn lookup_options_for(
        &mut self,
        key: &LookupKey,
        module: Option<&str>,
        span: Span,
    ) -> EvalResult<Option<Rc<LookupOptions>>> {
        let _ = key;
        let name = module.unwrap_or_default();
        let search = &self.host.hiera().search;
        if let Some(&at) = search.options_index.get(name) {
            return Ok(search.options.get(at).cloned().flatten());
        }
        let hash_merge = Merge::hash();
        let options_key = options_key();
        self.explain_push(|| Kind::Top("lookup_options".into()));
        let result = self.read_lookup_options(&options_key, module, &hash_merge, span);
        self.explain_pop();
        let mut options = result?;
        if module.is_some() && !self.host.hiera().search.options_index.contains_key("") {
            // The environment's options serve keys outside modules from now on.
            let environment = self.host.hiera().search.env_options.clone().flatten();
            let compiled = compile_lookup_options(environment, span)?;
            self.cache_lookup_options(String::new(), compiled);
        }
        let compiled = compile_lookup_options(options.take(), span)?;
        self.cache_lookup_options(name.into(), compiled.clone());
        Ok(compiled)
    }

    pub(super) fn cache_lookup_options(
        &mut self,
        module: String,
        options: Option<Rc<LookupOptions>>,
    ) {
        let search = &mut self.host.hiera().search;
        search.options.push(options);
        search
            .options_index
            .insert(module, search.options.len() - 1);
    }

    /// The global and environment layers' `lookup_options` (read once), with the module's.
    pub(super) fn read_lookup_options(
        &mut self,
        options_key: &LookupKey,
        module: Option<&str>,
        hash_merge: &Merge,
        span: Span,
    ) -> EvalResult<Option<Value>> {
        let mut options = match self.host.hiera().search.env_options.clone() {
            Some(options) => options,
            None => {
                let global =
                    self.layer_lookup(Layer::Global, options_key, None, hash_merge, span)?;
                let environment =
                    self.layer_lookup(Layer::Environment, options_key, None, hash_merge, span)?;
                let options = match (global, environment) {
                    (Some(g), Some(e)) => Some(
                        hash_merge
                            .merge(&g, &e)
                            .map_err(|m| lookup_error(m, span))?,
                    ),
                    (g, e) => g.or(e),
                };
                self.host.hiera().search.env_options = Some(options.clone());
                options
            }
        };
        if let Some(module) = module {
            let found =
                self.layer_lookup(Layer::Module, options_key, Some(module), hash_merge, span)?;
            if let Some(module_options) = found {
                check_module_options(&module_options, module, span)?;
                options = Some(match options {
                    None => module_options,
                    Some(env) => hash_merge
                        .merge(&env, &module_options)
                        .map_err(|m| lookup_error(m, span))?,
                });
            }
        }
        Ok(options)
    }

    /// A dotted key's segments, dug into the value found.
    pub(super) fn dig(&mut self, key: &LookupKey, value: Value, span: Span) -> EvalResult<Found> {
        if key.segments.is_empty() {
            return Ok(Some(value));
        }
        let path: Vec<String> = key.segments.iter().map(Segment::text).collect();
        self.explain_push(|| Kind::SubLookup(crate::text::join(&path, ".")));
        let mut current = value;
        for segment in &key.segments {
            self.explain_push(|| Kind::Segment);
            let next = match (segment, &current) {
                (_, Value::Undef) => None,
                (Segment::Index(i), Value::Array(items)) => {
                    usize::try_from(*i).ok().and_then(|i| items.get(i)).cloned()
                }
                (_, Value::Hash(hash)) => hash.get(&segment.value()).cloned(),
                (_, other) => {
                    let class = match other {
                        Value::Array(_) => "Array",
                        Value::String(_) => "String",
                        Value::Integer(_) => "Integer",
                        Value::Float(_) => "Float",
                        Value::Boolean(true) => "TrueClass",
                        Value::Boolean(false) => "FalseClass",
                        _ => "Object",
                    };
                    return Err(lookup_error(
                        format!(
                            "Data Provider type mismatch: Got {class} when a hash-like object was expected to access value using '{}' from key '{}'",
                            segment.text(),
                            key.text
                        ),
                        span,
                    ));
                }
            };
            let Some(next) = next else {
                self.not_found(&segment.text());
                self.explain_pop();
                self.explain_pop();
                return Ok(None);
            };
            self.found(&segment.text(), &next);
            self.explain_pop();
            current = next;
        }
        self.explain_pop();
        Ok(Some(current))
    }

    /// `convert_to` of `lookup_options`: `Type` or `[Type, args...]`, applied with `new`.
    pub(super) fn convert_to(
        &mut self,
        key: &str,
        value: Value,
        convert: &Value,
        span: Span,
    ) -> EvalResult<Value> {
        let (target, args): (Value, Vec<Value>) = match convert {
            Value::Array(items) => match items.as_slice().split_first() {
                Some((first, rest)) => (first.clone(), rest.to_vec()),
                None => return Ok(value),
            },
            other => (other.clone(), Vec::new()),
        };
        let ty = match &target {
            Value::String(text) => self.hiera_type(text, span).map_err(|_| {
                // A name that is no type is a reference Puppet cannot make an instance of.
                let name = text.split("::").all(|part| {
                    part.starts_with(|c: char| c.is_ascii_uppercase())
                        && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                });
                lookup_error(
                    match name {
                        true => format!("The convert_to lookup_option for key '{key}' raised error: Creation of new instance of type 'TypeReference['{text}']' is not supported"),
                        false => format!("Invalid data type in lookup_options for key '{key}' could not parse '{text}', error: ''"),
                    },
                    span,
                )
            })?,
            Value::Type(ty) => (**ty).clone(),
            _ => return Ok(value),
        };
        let mut call_args = alloc::vec![Value::from_type(ty.clone()), value];
        call_args.extend(args.iter().cloned());
        let site = crate::host::CallSite {
            name: "new",
            style: crate::syntax::ast::CallStyle::Prefix,
            span,
        };
        let result = self
            .host
            .call_builtin(&site, "new", call_args)
            .unwrap_or_else(|| Err(lookup_error("new() is not available", span)))
            .map_err(|e| match e {
                Unwind::Error(d) => lookup_error(
                    format!(
                        "The convert_to lookup_option for key '{key}' raised error: {}",
                        d.message.strip_prefix(CALL).unwrap_or(&d.message)
                    ),
                    span,
                ),
                other => other,
            })?;
        let mut shown = alloc::vec![Value::from_type(ty)];
        shown.extend(args);
        let text = crate::value::programmatic(&Value::array(shown));
        self.explain(|e| {
            e.text(format!(
                "Applying convert_to lookup_option with arguments {text}"
            ))
        });
        Ok(result)
    }
}

/// The key `lookup_options` itself, as its own search looks it up.
fn options_key() -> LookupKey<'static> {
    LookupKey {
        text: "lookup_options",
        root: alloc::borrow::Cow::Borrowed("lookup_options"),
        segments: Vec::new(),
    }
}

/// `lookup_options` as data: options by key name, and by pattern for keys starting with `^`.
fn compile_lookup_options(
    options: Option<Value>,
    span: Span,
) -> EvalResult<Option<Rc<LookupOptions>>> {
    match options {
        None => Ok(None),
        Some(Value::Hash(hash)) => {
            let mut compiled = LookupOptions::default();
            for (k, v) in hash.iter() {
                let name = crate::value::to_string_default(k);
                if name.starts_with('^') {
                    let regexp = crate::value::Regexp::new(&name)
                        .map_err(|e| lookup_error(format!("{e}"), span))?;
                    compiled.patterns.push((regexp, v.clone()));
                } else {
                    compiled.keys.push((name, v.clone()));
                }
            }
            Ok(Some(Rc::new(compiled)))
        }
        Some(_) => Err(lookup_error("value of lookup_options must be a hash", span)),
    }
}

/// A module's `lookup_options` may only name the module's keys.
fn check_module_options(options: &Value, module: &str, span: Span) -> EvalResult<()> {
    let Value::Hash(hash) = options else {
        return Err(lookup_error("value of lookup_options must be a hash", span));
    };
    let prefix = format!("{module}::");
    for key in hash.keys() {
        let key = crate::value::to_string_default(key);
        if let Some(pattern) = key.strip_prefix('^') {
            if !pattern.starts_with(&prefix) {
                return Err(lookup_error(
                    format!("all lookup_options patterns must match a key starting with module name '{module}'"),
                    span,
                ));
            }
        } else if !key.starts_with(&prefix) {
            return Err(lookup_error(
                format!("all lookup_options keys must start with module name '{module}'"),
                span,
            ));
        }
    }
    Ok(())
}
