//! Each layer's hiera.yaml, read and checked once per evaluation: the global layer's file (or
//! Puppet's default configuration), the environment's, a module's.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};

use super::config::{Config, Layer};
use super::data::offset_of;
use super::search::{lookup_failure, lookup_issue, NONE};
use super::{Hiera, HieraHost};
use crate::host::EvalResult;
use crate::span::Span;
use crate::value::{Hash, Value};

/// Note `module`'s layer at `at` as the one last asked for (its name copied only when it changes).
fn remember_module(search: &mut super::search::SearchState, module: &str, at: usize) {
    match &mut search.last_module_config {
        Some((last, last_at)) if last == module => *last_at = at,
        last => *last = Some((module.into(), at)),
    }
}

impl<H: HieraHost> Hiera<'_, H> {
    /// A layer's configuration (read, checked and kept once), or `None` when the layer has no
    /// data provider (no hiera.yaml in the environment or the module).
    pub(super) fn layer_config(
        &mut self,
        layer: Layer,
        module: Option<&str>,
        span: Span,
    ) -> EvalResult<Option<Rc<Config>>> {
        let search = &mut self.host.hiera().search;
        let known = match (layer, module) {
            (Layer::Global, _) => search.layer_config_at[0],
            (Layer::Environment, _) => search.layer_config_at[1],
            (Layer::Module, Some(module)) => match &search.last_module_config {
                Some((last, at)) if last == module => Some(*at),
                _ => {
                    let at = search.module_config_index.get(module).copied();
                    if let Some(at) = at {
                        remember_module(search, module, at);
                    }
                    at
                }
            },
            (Layer::Module, None) => return Ok(None),
        };
        if let Some(at) = known {
            return Ok(search.configs.get(at).cloned());
        }
        let config = self.read_layer_config(layer, module, span)?;
        let search = &mut self.host.hiera().search;
        let at = match &config {
            Some(config) => {
                search.configs.push(Rc::clone(config));
                search.configs.len() - 1
            }
            None => NONE,
        };
        match (layer, module) {
            (Layer::Global, _) => search.layer_config_at[0] = Some(at),
            (Layer::Environment, _) => search.layer_config_at[1] = Some(at),
            (Layer::Module, module) => {
                let module = module.unwrap_or_default();
                search.module_config_index.insert(module.into(), at);
                remember_module(search, module, at);
            }
        }
        Ok(config)
    }

    pub(super) fn read_layer_config(
        &mut self,
        layer: Layer,
        module: Option<&str>,
        span: Span,
    ) -> EvalResult<Option<Rc<Config>>> {
        let (root, path) = match layer {
            Layer::Global => match self.host.global_hiera() {
                Some(path) => (parent_dir(&path).to_string(), path),
                None => return Ok(Some(Rc::new(Config::default_config("<global>")))),
            },
            Layer::Environment => (String::new(), "hiera.yaml".to_string()),
            Layer::Module => {
                let Some(dir) = module.and_then(|m| self.host.module_dir(m)) else {
                    return Ok(None);
                };
                let path = format!("{dir}/hiera.yaml");
                (dir, path)
            }
        };
        let Some(text) = self.host.read_env_file(&path, span)? else {
            return Ok(match layer {
                Layer::Global => Some(Rc::new(Config::default_config(&root))),
                _ => None,
            });
        };
        let base = self
            .host
            .add_source(&path, crate::FileText::clone(&text))
            .unwrap_or(span.start);
        let at_line = |line: Option<u32>| {
            let offset = line.map_or(0, |line| offset_of(&text, line as usize, 1));
            Span::new(base + offset, base + offset)
        };
        let loaded = super::read_yaml::load(&text, &path)
            .map_err(|(message, _)| lookup_failure(message, span))?;
        let hash = match loaded {
            Some(Value::Hash(hash)) => hash,
            _ => {
                let message = format!("{path}: File exists but does not contain a valid YAML hash. Falling back to Hiera version 3 default config");
                self.warn_once(message, at_line(None));
                Hash::new()
            }
        };
        let version = match hash.get(&Value::string("version")) {
            None => 3,
            Some(Value::Integer(n)) => *n,
            Some(Value::String(s)) => crate::value::parse_count(s).map_or(0, |n| n as i64),
            Some(_) => 0,
        };
        let unsupported = |what: &str| {
            let message =
                format!("hiera.yaml version {version} cannot be used {what} (file: {path})");
            lookup_issue(message, at_line(None))
        };
        if matches!(version, 3 | 4) {
            let message = format!("{path}: Use of 'hiera.yaml' version {version} is deprecated. It should be converted to version 5\n   (file: {path})");
            self.warn_once(message, at_line(None));
        }
        let type_text = match version {
            3 => super::config::v3_type(&hash),
            4 => super::config::CONFIG_V4_TYPE.into(),
            5 => super::config::CONFIG_TYPE.into(),
            other => {
                return Err(lookup_issue(
                    format!(
                        "This runtime does not support hiera.yaml version {other} (file: {path})"
                    ),
                    at_line(None),
                ))
            }
        };
        let ty = self.hiera_type(&type_text, span)?;
        if let Some(mismatch) = crate::types::describe_mismatch(&ty, &Value::Hash(hash.clone())) {
            let subject = format!("The Lookup Configuration at '{path}' has wrong type, ");
            return Err(lookup_failure(problems(&subject, &mismatch), span));
        }
        let config = match (version, layer) {
            (3, Layer::Global) => Config::empty(&path, &root, 3),
            (3, Layer::Environment) => return Err(unsupported("in an environment")),
            (3, _) => return Err(unsupported("in a module")),
            (4, Layer::Global) => return Err(unsupported("in the global layer")),
            (4, _) => Config::from_v4(&hash, &path, &root),
            _ => Config::from_hash(&hash, &path, &root, &text, layer).map_err(|e| {
                let position = match e.line {
                    Some(line) => format!(" (file: {path}, line: {line})"),
                    None => format!(" (file: {path})"),
                };
                lookup_issue(format!("{}{position}", e.message), at_line(e.line))
            })?,
        };
        Ok(Some(Rc::new(Config {
            module: module.map(String::from),
            ..config
        })))
    }

    /// A warning Puppet gives once per run.
    pub(super) fn warn_once(&mut self, message: String, span: Span) {
        let level = crate::host::LogLevel::Warning;
        if !self
            .host
            .logs()
            .iter()
            .any(|entry| entry.level == level && entry.message == message)
        {
            self.host.log(level, message, span);
        }
    }
}

/// A type mismatch as Puppet words it for a subject: one problem after the subject, several
/// each on a line of its own after it (`"\n "` apart, the first line starting with a space).
fn problems(subject: &str, mismatch: &str) -> String {
    if !mismatch.contains('\n') {
        return format!("{subject}{mismatch}");
    }
    let lines: alloc::vec::Vec<String> = mismatch
        .split("\n ")
        .map(|problem| format!(" {subject}{problem}"))
        .collect();
    crate::text::join(&lines, "\n ")
}

fn parent_dir(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(dir, _)| dir)
}
