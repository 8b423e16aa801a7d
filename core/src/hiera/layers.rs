//! Each layer's hiera.yaml, read and checked once per evaluation: the global layer's file (or
//! Puppet's default configuration), the environment's, a module's.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};

use super::config::{Config, Layer};
use super::data::offset_of;
use super::lookup::{lookup_error, NONE};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::span::Span;
use crate::value::Value;

impl Evaluator<'_> {
    /// A layer's configuration (read, checked and kept once), or `None` when the layer has no
    /// data provider (no hiera.yaml in the environment or the module).
    pub(crate) fn layer_config(
        &mut self,
        layer: Layer,
        module: Option<&str>,
        span: Span,
    ) -> EvalResult<Option<Rc<Config>>> {
        let name = match (layer, module) {
            (Layer::Global, _) => "global".to_string(),
            (Layer::Environment, _) => "environment".to_string(),
            (Layer::Module, Some(module)) => format!("module:{module}"),
            (Layer::Module, None) => return Ok(None),
        };
        if let Some(&at) = self.hiera.config_index.get(&name) {
            return Ok(self.hiera.configs.get(at).cloned());
        }
        let config = self.read_layer_config(layer, module, span)?;
        let at = match &config {
            Some(config) => {
                self.hiera.configs.push(Rc::clone(config));
                self.hiera.configs.len() - 1
            }
            None => NONE,
        };
        self.hiera.config_index.insert(name, at);
        Ok(config)
    }

    fn read_layer_config(
        &mut self,
        layer: Layer,
        module: Option<&str>,
        span: Span,
    ) -> EvalResult<Option<Rc<Config>>> {
        let (root, path) = match layer {
            Layer::Global => match self.env.and_then(|env| env.global_hiera.clone()) {
                Some(path) => (parent_dir(&path).to_string(), path),
                None => return Ok(Some(Rc::new(Config::default_config("<global>")))),
            },
            Layer::Environment => (String::new(), "hiera.yaml".to_string()),
            Layer::Module => {
                let Some(dir) = module.and_then(|m| self.module_dir(m)) else {
                    return Ok(None);
                };
                let path = format!("{dir}/hiera.yaml");
                (dir, path)
            }
        };
        let Some(text) = self.read_env_file(&path, span)? else {
            return Ok(match layer {
                Layer::Global => Some(Rc::new(Config::default_config(&root))),
                _ => None,
            });
        };
        let base = self
            .sources
            .add(&path, Rc::clone(&text))
            .unwrap_or(span.start);
        let at_line = |line: Option<u32>| {
            let offset = line.map_or(0, |line| offset_of(&text, line as usize, 1));
            Span::new(base + offset, base + offset)
        };
        let loaded = super::yaml::load(&text).map_err(|e| {
            let message = match e.at {
                Some((line, column)) => format!("{} at line {line} column {column}", e.message),
                None => e.message,
            };
            lookup_error(
                format!("Unable to parse ({path}): {message}"),
                at_line(e.at.map(|(line, _)| line as u32)),
            )
        })?;
        let Some(Value::Hash(hash)) = loaded else {
            self.log(
                crate::eval::LogLevel::Warning,
                format!("{path}: File exists but does not contain a valid YAML hash. Falling back to Hiera version 3 default config"),
                at_line(None),
            );
            return self.version_3(layer, &path, at_line(None));
        };
        let version = match hash.get(&Value::string("version")) {
            None => 3,
            Some(Value::Integer(n)) => *n,
            Some(Value::String(s)) => crate::value::parse_count(s).map_or(0, |n| n as i64),
            Some(_) => 0,
        };
        match version {
            5 => {}
            3 => return self.version_3(layer, &path, at_line(None)),
            4 => {
                return Err(lookup_error(
                    format!("hiera.yaml version 4 is not supported by the playground (Puppet deprecates it): use version 5 ({path})"),
                    at_line(None),
                ))
            }
            other => {
                return Err(lookup_error(
                    format!("This runtime does not support hiera.yaml version {other} (file: {path})"),
                    at_line(None),
                ))
            }
        }
        let ty = self.hiera_type(super::config::CONFIG_TYPE, span)?;
        if let Some(mismatch) = crate::types::describe_mismatch(&ty, &Value::Hash(hash.clone())) {
            return Err(lookup_error(
                format!("The Lookup Configuration at '{path}' has wrong type, {mismatch}"),
                at_line(None),
            ));
        }
        let config = Config::from_hash(&hash, &path, &root, &text, layer).map_err(|e| {
            let position = match e.line {
                Some(line) => format!(" (file: {path}, line: {line})"),
                None => format!(" (file: {path})"),
            };
            lookup_error(format!("{}{position}", e.message), at_line(e.line))
        })?;
        Ok(Some(Rc::new(config)))
    }

    /// A version 3 hiera.yaml: only the global layer may have one (the playground has no
    /// Hiera 3 backends, so it is refused there too).
    fn version_3(&mut self, layer: Layer, path: &str, at: Span) -> EvalResult<Option<Rc<Config>>> {
        let message = match layer {
            Layer::Global => format!(
                "hiera.yaml version 3 needs Hiera 3's Ruby backends: use version 5 ({path})"
            ),
            Layer::Environment => {
                format!("hiera.yaml version 3 cannot be used in an environment (file: {path})")
            }
            Layer::Module => {
                format!("hiera.yaml version 3 cannot be used in a module (file: {path})")
            }
        };
        Err(lookup_error(message, at))
    }
}

fn parent_dir(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(dir, _)| dir)
}
