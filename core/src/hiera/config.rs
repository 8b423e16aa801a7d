//! hiera.yaml, version 5, as Puppet reads it: `defaults`, `hierarchy` (and a module's
//! `default_hierarchy`), each level's data function, location (`path`, `paths`, `glob`, `globs`,
//! `uri`, `uris`, `mapped_paths`), `datadir` and `options`, with Puppet's checks and messages.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::value::{Hash, Value};

/// Which layer a configuration is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    Global,
    Environment,
    Module,
}

impl Layer {
    pub fn place(self) -> &'static str {
        match self {
            Layer::Global => "Global",
            Layer::Environment => "Environment",
            Layer::Module => "Module",
        }
    }
}

/// How a level reads its data.
#[derive(Debug, Clone, PartialEq)]
pub enum Function {
    /// `data_hash: yaml_data` (or `json_data`, or another function's name).
    DataHash(String),
    /// `lookup_key` and `data_dig` functions (Ruby's, or written in Puppet).
    LookupKey(String),
    DataDig(String),
    /// `hiera3_backend` (global layer only).
    Hiera3Backend(String),
}

impl Function {
    pub fn kind(&self) -> &'static str {
        match self {
            Function::DataHash(_) => "data_hash",
            Function::LookupKey(_) => "lookup_key",
            Function::DataDig(_) => "data_dig",
            Function::Hiera3Backend(_) => "hiera3_backend",
        }
    }

    pub fn name(&self) -> &str {
        match self {
            Function::DataHash(n)
            | Function::LookupKey(n)
            | Function::DataDig(n)
            | Function::Hiera3Backend(n) => n,
        }
    }
}

/// Where a level's data is.
#[derive(Debug, Clone, PartialEq)]
pub enum Locations {
    /// No location: the function is called once, without a path.
    None,
    Paths(Vec<String>),
    Globs(Vec<String>),
    Uris(Vec<String>),
    /// `[variable, key, template]`.
    MappedPaths(Vec<String>),
}

/// One level of a hierarchy.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    pub name: String,
    pub function: Function,
    /// The data directory, relative to the configuration's directory (before interpolation).
    pub datadir: String,
    pub locations: Locations,
    pub options: Option<Value>,
    /// The line of its first path or glob in the file (Puppet names it in errors).
    pub line: Option<u32>,
    /// What its paths get at the end (version 4: `.` and the backend's name).
    pub suffix: String,
}

/// A read configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Its file's path; `None` for Puppet's default configuration.
    pub path: Option<String>,
    /// The directory paths in it are relative to (`""`: the environment's).
    pub root: String,
    pub version: u8,
    /// The module of a module layer's configuration.
    pub module: Option<String>,
    pub hierarchy: Vec<Level>,
    pub default_hierarchy: Option<Vec<Level>>,
}

/// Why a configuration cannot be used: Puppet's message and, when it names one, a line.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigError {
    pub message: String,
    pub line: Option<u32>,
}

fn fail(message: impl Into<String>) -> ConfigError {
    ConfigError {
        message: message.into(),
        line: None,
    }
}

const FUNCTION_KEYS: [&str; 4] = ["data_hash", "lookup_key", "data_dig", "hiera3_backend"];
const LOCATION_KEYS: [&str; 7] = [
    "path",
    "paths",
    "glob",
    "globs",
    "uri",
    "uris",
    "mapped_paths",
];

/// Puppet's list of keys in its messages: `a, b, or c`.
fn combine(keys: &[&str]) -> String {
    match keys.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{}, or {last}", crate::text::join(rest, ", "))
        }
        Some((last, _)) => last.to_string(),
        None => String::new(),
    }
}

fn get<'h>(hash: &'h Hash, key: &str) -> Option<&'h Value> {
    hash.get(&Value::string(key))
}

fn strings(value: &Value) -> Vec<String> {
    match value {
        Value::Array(items) => items
            .iter()
            .filter_map(|v| v.as_str().map(String::from))
            .collect(),
        Value::String(s) => alloc::vec![s.to_string()],
        _ => Vec::new(),
    }
}

impl Config {
    /// Puppet's configuration when a layer has no hiera.yaml (the global layer's, for example).
    pub fn default_config(root: &str) -> Config {
        Config {
            path: None,
            root: root.into(),
            version: 5,
            module: None,
            hierarchy: alloc::vec![Level {
                name: "Common".into(),
                function: Function::DataHash("yaml_data".into()),
                datadir: "data".into(),
                locations: Locations::Paths(alloc::vec!["common.yaml".into()]),
                options: None,
                line: None,
                suffix: String::new(),
            }],
            default_hierarchy: None,
        }
    }

    /// A configuration without levels (a version 3 global one: Hiera 3's backends find nothing).
    pub fn empty(path: &str, root: &str, version: u8) -> Config {
        Config {
            path: Some(path.into()),
            root: root.into(),
            version,
            module: None,
            hierarchy: Vec::new(),
            default_hierarchy: None,
        }
    }

    /// Read a version 4 configuration (checked against [`CONFIG_V4_TYPE`] by the caller): a
    /// top-level `datadir`, levels naming a `backend` whose files are `<path>.<backend>`, the
    /// level's name when it gives no path.
    pub fn from_v4(hash: &Hash, path: &str, root: &str) -> Config {
        let datadir = get(hash, "datadir")
            .and_then(Value::as_str)
            .unwrap_or("data");
        let entries = match get(hash, "hierarchy") {
            Some(Value::Array(entries)) => entries.iter().cloned().collect(),
            _ => alloc::vec![Value::Hash(
                [
                    (Value::string("name"), Value::string("common")),
                    (Value::string("backend"), Value::string("yaml")),
                ]
                .into_iter()
                .collect()
            )],
        };
        let hierarchy = entries
            .iter()
            .filter_map(|entry| match entry {
                Value::Hash(entry) => Some(entry),
                _ => None,
            })
            .map(|entry| {
                let text = |key| get(entry, key).and_then(Value::as_str).unwrap_or_default();
                let backend = text("backend");
                let paths = match (get(entry, "paths"), get(entry, "path")) {
                    (Some(paths), _) | (None, Some(paths)) => strings(paths),
                    (None, None) => alloc::vec![text("name").to_string()],
                };
                Level {
                    name: text("name").into(),
                    function: Function::DataHash(format!("{backend}_data")),
                    datadir: get(entry, "datadir")
                        .and_then(Value::as_str)
                        .unwrap_or(datadir)
                        .into(),
                    locations: Locations::Paths(paths),
                    options: None,
                    line: None,
                    suffix: format!(".{backend}"),
                }
            })
            .collect();
        Config {
            hierarchy,
            version: 4,
            ..Config::empty(path, root, 4)
        }
    }

    /// Read a version 5 configuration (its YAML already loaded, and checked against Puppet's
    /// type of a configuration by the caller); `text` finds the lines Puppet names.
    pub fn from_hash(
        hash: &Hash,
        path: &str,
        root: &str,
        text: &str,
        layer: Layer,
    ) -> Result<Config, ConfigError> {
        // Puppet's defaults when the file gives none: YAML data in `data/`.
        let defaults = match get(hash, "defaults") {
            Some(Value::Hash(defaults)) => Some(defaults.clone()),
            _ => Some(
                [
                    (Value::string("datadir"), Value::string("data")),
                    (Value::string("data_hash"), Value::string("yaml_data")),
                ]
                .into_iter()
                .collect(),
            ),
        };
        if let Some(defaults) = &defaults {
            let count = FUNCTION_KEYS
                .iter()
                .filter(|k| get(defaults, k).is_some())
                .count();
            if count > 1 {
                return Err(fail(format!(
                    "Only one of {} can be defined in defaults",
                    combine(&FUNCTION_KEYS)
                )));
            }
            if let Some(Value::Hash(options)) = get(defaults, "options") {
                for key in ["path", "uri"] {
                    if get(options, key).is_some() {
                        return Err(fail(format!(
                            "Option key '{key}' used in defaults is reserved by Puppet"
                        )));
                    }
                }
            }
        }
        let levels = |key: &str| -> Result<Option<Vec<Level>>, ConfigError> {
            let Some(Value::Array(entries)) = get(hash, key) else {
                return Ok(None);
            };
            let mut levels: Vec<Level> = Vec::new();
            for entry in entries.iter() {
                let Value::Hash(entry) = entry else { continue };
                let level = level(entry, defaults.as_ref(), layer, text)?;
                if levels.iter().any(|l| l.name == level.name) {
                    let line = |nth| {
                        let name = &level.name;
                        [name.to_string(), format!("'{name}'"), format!("\"{name}\"")]
                            .iter()
                            .find_map(|written| {
                                line_matching(text, &format!("name: {written}"), nth)
                            })
                    };
                    let first =
                        line(1).map_or(String::new(), |l| format!(" First defined at (line: {l})"));
                    return Err(ConfigError {
                        message: format!(
                            "Hierarchy name '{}' defined more than once.{first}",
                            level.name
                        ),
                        line: line(2),
                    });
                }
                levels.push(level);
            }
            Ok(Some(levels))
        };
        let default_hierarchy = levels("default_hierarchy")?;
        if default_hierarchy.is_some() && layer != Layer::Module {
            return Err(ConfigError {
                message: "'default_hierarchy' is only allowed in the module layer".into(),
                line: line_matching(text, "default_hierarchy:", 1),
            });
        }
        let hierarchy = match levels("hierarchy")? {
            Some(levels) => levels,
            None => Config::default_config(root).hierarchy,
        };
        Ok(Config {
            path: Some(path.into()),
            root: root.into(),
            version: 5,
            module: None,
            hierarchy,
            default_hierarchy,
        })
    }
}

fn level(
    entry: &Hash,
    defaults: Option<&Hash>,
    layer: Layer,
    text: &str,
) -> Result<Level, ConfigError> {
    let name = get(entry, "name")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let given: Vec<&str> = FUNCTION_KEYS
        .iter()
        .copied()
        .filter(|k| get(entry, k).is_some())
        .collect();
    let function_key = match given.as_slice() {
        [] => FUNCTION_KEYS
            .iter()
            .copied()
            .find(|k| defaults.is_some_and(|d| get(d, k).is_some()))
            .ok_or_else(|| {
                fail(format!(
                    "One of {} must be defined in hierarchy '{name}'",
                    combine(&FUNCTION_KEYS)
                ))
            })?,
        [one] => one,
        _ => {
            return Err(fail(format!(
                "Only one of {} can be defined in hierarchy '{name}'",
                combine(&FUNCTION_KEYS)
            )))
        }
    };
    let source = if given.is_empty() {
        defaults
    } else {
        Some(entry)
    };
    let function_name = source
        .and_then(|s| get(s, function_key))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let function = match function_key {
        "data_hash" => Function::DataHash(function_name),
        "lookup_key" => Function::LookupKey(function_name),
        "data_dig" => Function::DataDig(function_name),
        _ => {
            if layer != Layer::Global {
                return Err(ConfigError {
                    message: "'hiera3_backend' is only allowed in the global layer".into(),
                    line: line_matching(text, "hiera3_backend:", 1),
                });
            }
            if matches!(function_name.as_str(), "json" | "yaml") {
                return Err(ConfigError {
                    message: format!(
                        "Use \"data_hash: {function_name}_data\" instead of \"hiera3_backend: {function_name}\""
                    ),
                    line: line_matching(text, "hiera3_backend:", 1),
                });
            }
            Function::Hiera3Backend(function_name)
        }
    };
    let locations: Vec<&str> = LOCATION_KEYS
        .iter()
        .copied()
        .filter(|k| get(entry, k).is_some())
        .collect();
    if locations.len() > 1 {
        return Err(fail(format!(
            "Only one of {} can be defined in hierarchy '{name}'",
            combine(&LOCATION_KEYS)
        )));
    }
    let mut line = None;
    let locations = match locations.first().copied() {
        None => Locations::None,
        Some(key) => {
            let values = strings(get(entry, key).unwrap_or(&Value::Undef));
            line = values.first().and_then(|first| {
                let at = text.lines().position(|l| l.contains(first.as_str()))?;
                u32::try_from(at + 1).ok()
            });
            match key {
                "path" | "paths" => Locations::Paths(values),
                "glob" | "globs" => Locations::Globs(values),
                "uri" | "uris" => Locations::Uris(values),
                _ => Locations::MappedPaths(values),
            }
        }
    };
    let options = get(entry, "options")
        .or_else(|| defaults.and_then(|d| get(d, "options")))
        .cloned();
    if let Some(Value::Hash(own)) = get(entry, "options") {
        for key in ["path", "uri"] {
            if get(own, key).is_some() {
                return Err(fail(format!(
                    "Option key '{key}' used in hierarchy '{name}' is reserved by Puppet"
                )));
            }
        }
    }
    let datadir = get(entry, "datadir")
        .or_else(|| defaults.and_then(|d| get(d, "datadir")))
        .and_then(Value::as_str)
        .unwrap_or("data")
        .to_string();
    Ok(Level {
        name,
        function,
        datadir,
        locations,
        options,
        line,
        suffix: String::new(),
    })
}

/// The 1-based line of the `nth` line of `text` that holds `needle` (after optional spaces).
pub fn line_matching(text: &str, needle: &str, nth: usize) -> Option<u32> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            crate::qualified::trim_leading(line.trim_start(), "- ").starts_with(needle)
        })
        .nth(nth.saturating_sub(1))
        .map(|(i, _)| i as u32 + 1)
}

/// The Puppet type of a version 4 configuration.
pub const CONFIG_V4_TYPE: &str = "Struct[{version => Integer[4, 4], Optional[datadir] => String[1],
  Optional[hierarchy] => Array[Struct[{backend => String[1], name => String[1], Optional[datadir] => String[1],
  Optional[path] => String[1], Optional[paths] => Array[String[1]]}]]}]";

/// The Puppet type of a version 3 configuration: its keys, and a hash of settings for each of
/// its `backends` (`yaml` when it names none).
pub fn v3_type(hash: &Hash) -> String {
    let mut backends = get(hash, "backends").map_or_else(Vec::new, strings);
    if backends.is_empty() {
        backends.push("yaml".into());
    }
    let mut text = String::from(
        "Struct[{Optional[version] => Integer[3, 3], Optional[backends] => Variant[String[1], Array[String[1]]],
  Optional[logger] => String[1], Optional[merge_behavior] => Enum[deep, deeper, native],
  Optional[deep_merge_options] => Hash[String[1], Variant[String, Boolean]],
  Optional[hierarchy] => Variant[String[1], Array[String[1]]]",
    );
    for backend in backends {
        let quoted = crate::value::programmatic(&Value::string(&backend));
        text += &format!(", Optional[{quoted}] => Hash[String[1], Any]");
    }
    text + "}]"
}

/// The type of a hierarchy (`hierarchy`, `default_hierarchy`): its levels.
macro_rules! hierarchy_type {
    () => {
        "Array[Struct[{
    name => String[1], Optional[options] => Hash[Pattern[/\\A[A-Za-z](:?[0-9A-Za-z_-]*[0-9A-Za-z])?\\z/], Data],
    Optional[data_hash] => String[1], Optional[lookup_key] => String[1], Optional[hiera3_backend] => String[1],
    Optional[data_dig] => String[1], Optional[path] => String[1], Optional[paths] => Array[String[1], 1],
    Optional[glob] => String[1], Optional[globs] => Array[String[1], 1], Optional[uri] => String[1],
    Optional[uris] => Array[String[1], 1], Optional[mapped_paths] => Array[String[1], 3, 3],
    Optional[datadir] => String[1]}]]"
    };
}

/// The Puppet type a version 5 configuration must have (checked with Puppet's messages).
pub const CONFIG_TYPE: &str = concat!(
    "Struct[{
  version => Integer[5, 5],
  Optional[defaults] => Struct[{
    Optional[data_hash] => String[1], Optional[lookup_key] => String[1], Optional[data_dig] => String[1],
    Optional[datadir] => String[1], Optional[options] => Hash[Pattern[/\\A[A-Za-z](:?[0-9A-Za-z_-]*[0-9A-Za-z])?\\z/], Data]}],
  Optional[hierarchy] => ",
    hierarchy_type!(),
    ",
  Optional[plan_hierarchy] => Array[Hash],
  Optional[default_hierarchy] => ",
    hierarchy_type!(),
    "
}]"
);

/// Whether a glob pattern (`*`, `**`, `?`, `[...]`, `{a,b}`) matches a path.
pub fn glob_matches(pattern: &str, path: &str) -> bool {
    // `{a,b}` alternatives first, each expanded.
    if let Some(open) = pattern.find('{') {
        if let Some(close) = pattern[open..].find('}') {
            let (head, rest) = (&pattern[..open], &pattern[open + 1..open + close]);
            let tail = &pattern[open + close + 1..];
            return rest
                .split(',')
                .any(|choice| glob_matches(&format!("{head}{choice}{tail}"), path));
        }
    }
    matches_from(pattern.as_bytes(), path.as_bytes())
}

fn matches_from(pattern: &[u8], path: &[u8]) -> bool {
    match pattern.split_first() {
        None => path.is_empty(),
        Some((b'*', rest)) if rest.first() == Some(&b'*') => {
            // `**/` matches any number of folders (none too).
            let rest = rest[1..].strip_prefix(b"/").unwrap_or(&rest[1..]);
            (0..=path.len())
                .any(|i| (i == 0 || path[i - 1] == b'/') && matches_from(rest, &path[i..]))
        }
        Some((b'*', rest)) => (0..=path.len())
            .take_while(|&i| i == 0 || path[i - 1] != b'/')
            .any(|i| matches_from(rest, &path[i..])),
        Some((b'?', rest)) => {
            path.first().is_some_and(|c| *c != b'/') && matches_from(rest, &path[1..])
        }
        Some((b'[', rest)) => {
            let Some(end) = rest.iter().position(|c| *c == b']') else {
                return path.first() == Some(&b'[') && matches_from(rest, &path[1..]);
            };
            let Some(c) = path.first() else {
                return false;
            };
            let (negated, set) = match rest[..end].split_first() {
                Some((b'!' | b'^', set)) => (true, set),
                _ => (false, &rest[..end]),
            };
            let mut found = false;
            let mut i = 0;
            while i < set.len() {
                if i + 2 < set.len() && set[i + 1] == b'-' {
                    found |= (set[i]..=set[i + 2]).contains(c);
                    i += 3;
                } else {
                    found |= set[i] == *c;
                    i += 1;
                }
            }
            found != negated && matches_from(&rest[end + 1..], &path[1..])
        }
        Some((c, rest)) => path.first() == Some(c) && matches_from(rest, &path[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_as_rubys_dir_glob() {
        assert!(glob_matches("data/nodes/*.yaml", "data/nodes/web.yaml"));
        assert!(!glob_matches("data/nodes/*.yaml", "data/nodes/a/web.yaml"));
        assert!(glob_matches("data/**/*.yaml", "data/a/b/c.yaml"));
        assert!(glob_matches("data/**/*.yaml", "data/c.yaml"));
        assert!(glob_matches("data/{a,b}.yaml", "data/b.yaml"));
        assert!(glob_matches("data/[ab]?.yaml", "data/a1.yaml"));
        assert!(!glob_matches("data/[!ab]?.yaml", "data/a1.yaml"));
    }

    #[test]
    fn lines_and_key_lists_as_puppet_writes_them() {
        assert_eq!(
            combine(&FUNCTION_KEYS),
            "data_hash, lookup_key, data_dig, or hiera3_backend"
        );
        let text = "version: 5\nhierarchy:\n  - name: a\n    path: x\n  - name: a\n";
        assert_eq!(line_matching(text, "name: a", 2), Some(5));
    }
}
