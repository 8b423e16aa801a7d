//! Hiera's data files: a level's locations (paths, globs, mapped paths) resolved to files, each
//! file read once with `yaml_data` or `json_data`, and the key's value in it, interpolated.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::config::{Config, Level, Locations};
use super::explain::{Event, Kind};
use super::key::LookupKey;
use super::lookup::{lookup_error, Found};
use super::search::DataFile;
use super::{Hiera, HieraHost};
use crate::host::{EvalResult, Unwind};
use crate::span::Span;
use crate::value::{Hash, Value};

impl<H: HieraHost> Hiera<'_, H> {
    /// One data file: the root key's value in it, interpolated.
    pub(super) fn location_lookup(
        &mut self,
        config: &Config,
        function: &str,
        (path, original, exists): &DataFile,
        key: &LookupKey,
        span: Span,
    ) -> EvalResult<Found> {
        self.host.step(1, span)?;
        let (path, original, exists) = (path.as_str(), original.as_str(), *exists);
        self.explain_push(|| Kind::Location {
            path: path.into(),
            original: original.into(),
        });
        if !exists {
            self.explain(|e| e.event(Event::LocationNotFound));
            self.explain_pop();
            return Ok(None);
        }
        let data = self.data_hash(function, path, config.module.as_deref(), span)?;
        let found = match data.get(&Value::string(&key.root)) {
            None => {
                self.not_found(&key.root);
                None
            }
            Some(value) => {
                if !is_lookup_value(value) {
                    return Err(lookup_error(
                        format!(
                            "Value for key '{}', in hash returned from data_hash function '{function}', when using location '{path}', has wrong type, expects Puppet::LookupValue, got {}",
                            key.root,
                            crate::types::infer_reduced(value)
                        ),
                        span,
                    ));
                }
                let value = value.clone();
                let value = self.hiera_interpolate(&value, span)?;
                self.found(&key.root, &value);
                Some(value)
            }
        };
        self.explain_pop();
        Ok(found)
    }

    /// A data file's hash, read and parsed once per evaluation. Of a module's data, only the
    /// keys of the module's namespace (and `lookup_options`) count: Puppet warns of the others.
    pub(super) fn data_hash(
        &mut self,
        function: &str,
        path: &str,
        module: Option<&str>,
        span: Span,
    ) -> EvalResult<Rc<Hash>> {
        if let Some(&at) = self.host.hiera().search.data_index.get(path) {
            if let Some(hash) = self.host.hiera().search.data.get(at) {
                return Ok(Rc::clone(hash));
            }
        }
        let Some(text) = self.host.read_env_file(path, span)? else {
            return Ok(Rc::new(Hash::new()));
        };
        let base = self
            .host
            .add_source(path, crate::FileText::clone(&text))
            .unwrap_or(span.start);
        let at = |at: Option<(usize, usize)>| {
            let offset = at.map_or(0, |(line, column)| offset_of(&text, line, column));
            Span::new(base + offset, base + offset)
        };
        let loaded = if function == "json_data" {
            crate::value::json::load(&text)
                .map(Some)
                .map_err(|m| (format!("({path}): {m}"), None))
        } else {
            super::read_yaml::load(&text, path)
        };
        let invalid = || format!("{path}: file does not contain a valid yaml hash");
        let mut hash = match loaded {
            Err((message, place)) => {
                return Err(lookup_error(
                    format!("Unable to parse {message}"),
                    at(place),
                ))
            }
            Ok(Some(Value::Hash(hash))) => hash,
            // Puppet reads an empty document as `false`, and warns of it only.
            Ok(None | Some(Value::Undef | Value::Boolean(false))) if function == "yaml_data" => {
                self.host
                    .log(crate::host::LogLevel::Warning, invalid(), at(None));
                Hash::new()
            }
            Ok(_) if function == "yaml_data" => return Err(lookup_error(invalid(), at(None))),
            Ok(other) => return Err(not_a_hash(function, path, other, at(None))),
        };
        if let Some(module) = module {
            let prefix = format!("{module}::");
            let outside: Vec<Value> = hash
                .keys()
                .filter(|k| {
                    k.as_str()
                        .is_none_or(|k| k != "lookup_options" && !k.starts_with(&prefix))
                })
                .cloned()
                .collect();
            hash = hash
                .iter()
                .filter(|(k, _)| !outside.contains(k))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            for _ in &outside {
                self.host.log(
                    crate::host::LogLevel::Warning,
                    format!("Module '{module}': Value returned from data_hash function '{function}', when using location '{path}', must use keys qualified with the name of the module"),
                    at(None),
                );
            }
        }
        let hash = Rc::new(hash);
        let search = &mut self.host.hiera().search;
        search.data.push(Rc::clone(&hash));
        search.data_index.insert(path.into(), search.data.len() - 1);
        Ok(hash)
    }

    /// `level_locations`, once per compile for a level of a configuration the search keeps (for
    /// the whole compile, so its address names it) whose directory and paths interpolate
    /// nothing: those name the same files at every lookup (the automatic parameter lookups of a
    /// thousand class parameters, each resolving the environment's default hierarchy again).
    pub(super) fn plain_level_locations(
        &mut self,
        config: &Config,
        level: &Level,
        span: Span,
    ) -> EvalResult<Option<Vec<DataFile>>> {
        let key = level as *const Level as usize;
        // Only such levels are noted, at addresses that stay theirs: one found needs no check.
        let search = &self.host.hiera().search;
        if let Some((_, files)) = search.level_files.iter().find(|(at, _)| *at == key) {
            return Ok(files.clone());
        }
        let plain = |text: &str| !text.contains("%{");
        let kept = config
            .hierarchy
            .as_ptr_range()
            .contains(&(level as *const Level))
            && plain(&level.datadir)
            && matches!(&level.locations, Locations::Paths(paths) if paths.iter().all(|p| plain(p)));
        let files = self.level_locations(config, level, span)?;
        if kept {
            let search = &mut self.host.hiera().search;
            search.level_files.push((key, files.clone()));
        }
        Ok(files)
    }

    /// A level's data files: `(path, as written, whether it exists)`; `None` for a level with
    /// no location.
    pub(super) fn level_locations(
        &mut self,
        config: &Config,
        level: &Level,
        span: Span,
    ) -> EvalResult<Option<Vec<DataFile>>> {
        let file = config.path.as_deref().unwrap_or("hiera.yaml");
        let datadir = self.hiera_interpolate_text(&level.datadir, (file, None), span)?;
        let at = (file, level.line);
        let dir = join(&config.root, &datadir);
        let exists = |ev: &mut Self, path: &str| ev.host.env_path_exists(path, false);
        let mut out = Vec::new();
        match &level.locations {
            Locations::None => return Ok(None),
            Locations::Paths(paths) => {
                for declared in paths {
                    let path = self.hiera_interpolate_text(declared, at, span)?;
                    let path = join(&dir, &(path + &level.suffix));
                    let found = exists(self, &path);
                    if config.path.is_none() && !found {
                        continue;
                    }
                    out.push((path, declared.clone(), found));
                }
            }
            Locations::Globs(globs) => {
                for declared in globs {
                    let pattern = join(&dir, &self.hiera_interpolate_text(declared, at, span)?);
                    let files = self.host.files_under(&dir);
                    for file in files {
                        if super::config::glob_matches(&pattern, &file) {
                            out.push((file, pattern.clone(), true));
                        }
                    }
                }
            }
            Locations::Uris(uris) => {
                for declared in uris {
                    let uri = self.hiera_interpolate_text(declared, at, span)?;
                    out.push((uri, declared.clone(), true));
                }
            }
            Locations::MappedPaths(triplet) => {
                let [variable, local, template] = triplet.as_slice() else {
                    return Ok(Some(out));
                };
                let values = match self.hiera_scope_value(variable, file, span)? {
                    Some(Value::String(s)) => alloc::vec![Value::String(s)],
                    Some(Value::Array(items)) => items.iter().cloned().collect(),
                    _ => Vec::new(),
                };
                for value in values {
                    self.host.hiera().search.mapped = Some((local.clone(), value));
                    let path = self.hiera_interpolate_text(template, (file, None), span);
                    self.host.hiera().search.mapped = None;
                    let path = join(&dir, &path?);
                    let found = exists(self, &path);
                    out.push((path, template.clone(), found));
                }
            }
        }
        Ok(Some(out))
    }
}

/// Puppet's error for a data_hash function that gave no hash: `got` the general type's name.
pub(super) fn not_a_hash(function: &str, path: &str, value: Option<Value>, span: Span) -> Unwind {
    let got = value.map_or_else(
        || "Undef".to_string(),
        |v| {
            let general = crate::types::infer(&v).generalize().to_string();
            general.split('[').next().unwrap_or_default().to_string()
        },
    );
    lookup_error(
        format!("Value returned from data_hash function '{function}', when using location '{path}', has wrong type, expects a Hash value, got {got}"),
        span,
    )
}

/// Whether a value is a `Puppet::LookupValue`: no Ruby object (a symbol), hash keys strings
/// or numbers. Walked without recursion (a data function may give a value of any depth).
pub(super) fn is_lookup_value(value: &Value) -> bool {
    let mut pending = alloc::vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::Runtime(_) => return false,
            Value::Array(items) => pending.extend(items.iter()),
            Value::Hash(hash) => {
                for (key, item) in hash.iter() {
                    if !matches!(key, Value::String(_) | Value::Integer(_) | Value::Float(_)) {
                        return false;
                    }
                    pending.push(item);
                }
            }
            _ => {}
        }
    }
    true
}

/// `dir/path`, with an empty directory meaning the environment's own.
pub(super) fn join(dir: &str, path: &str) -> String {
    let mut path = path;
    while let Some(rest) = path.strip_prefix("./") {
        path = rest;
    }
    if path.starts_with('/') || dir.is_empty() {
        return path.to_string();
    }
    [dir.trim_end_matches('/'), "/", path].concat()
}

/// The byte offset of a 1-based line and column in `text`.
pub(super) fn offset_of(text: &str, line: usize, column: usize) -> u32 {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let column = text[start.min(text.len())..]
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(0, |(i, _)| i);
    (start + column).min(text.len()) as u32
}
