//! Resource types modules implement in Ruby (`lib/puppet/type/<name>.rb`), as the compile uses
//! them: the type is known once its file is found; the full engine runs the file
//! (`erb/resource_types.rs`) for its attributes (an unknown one is refused when the compile
//! finishes), its key attributes (the catalog's namevar) and its title patterns (a title split
//! into them, or refused as Puppet refuses it); the light engine hands the run to the full one.
//! A file the interpreter does not run leaves the type known and its resources unchecked; one
//! that raises fails the statement that uses the type, as Puppet's autoloader does.
//! Types declared with puppet-resource_api are read from their text (`ruby_resource_api.rs`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use crate::environment::is_module_name;
use crate::host::{error, EvalResult};
use crate::name_table::NameTable;
use crate::span::Span;
use crate::types::title_patterns::{split_title, TitleKey, TitlePattern, STEPS_PER_COMPILE};

/// What the compile knows of the Ruby types it has read.
#[derive(Default)]
pub(crate) struct RubyTypes {
    /// Key attributes, for each type whose file ran (or whose resource_api text was read).
    namevars: NameTable<Vec<String>>,
    /// The attributes a type has, where its file shows them all (`provider` included when the
    /// modules hold providers for it).
    attributes: NameTable<Vec<String>>,
    /// Title patterns by type: `Some(at)` its place in `patterns`; `None` when they were not
    /// read (titles neither split nor checked). No entry: the type defines none.
    titles: NameTable<Option<usize>>,
    patterns: Vec<Vec<TitlePattern>>,
    /// Matcher steps the titles have spent against those patterns (see `STEPS_PER_COMPILE`).
    title_steps: core::cell::Cell<u64>,
    /// The key attributes each title of a resource statement gave, by type and title, once its
    /// patterns' procs ran (keyed by [`split_key`]).
    split: NameTable<Vec<(String, String)>>,
}

/// The key of a statement's title split: the type's name, a NUL (which no type name holds), the
/// title. (One `NameTable` rather than a map keyed by pairs: another map's code in the engines.)
fn split_key(type_name: &str, title: &str) -> String {
    [type_name, "\0", title].concat()
}

impl<'o> Evaluator<'o> {
    /// Whether some module implements resource type `name` (canonical) in Ruby: its file is read
    /// the first time (see the file's head).
    pub(crate) fn ruby_type_known(&mut self, name: &str, span: Span) -> EvalResult<bool> {
        if let Some(&known) = self.known.loader.ruby_types.get(name) {
            return Ok(known == 1);
        }
        let Some(env) = self.environment() else {
            return Ok(false);
        };
        let file_name = format!("lib/puppet/type/{name}.rb");
        let modulepath: Vec<String> = if is_module_name(name) {
            self.known.loader.modulepath(env).to_vec()
        } else {
            Vec::new()
        };
        let module_dirs: Vec<String> = modulepath
            .iter()
            .flat_map(|dir| {
                env.files
                    .list_dir(dir)
                    .into_iter()
                    .filter(|module| is_module_name(module))
                    .map(move |module| format!("{dir}/{module}"))
            })
            .collect();
        let found = module_dirs
            .iter()
            .map(|dir| format!("{dir}/{file_name}"))
            .find(|path| env.files.exists(path));
        self.known
            .loader
            .ruby_types
            .insert(name.into(), usize::from(found.is_some()));
        let Some(path) = found else {
            return Ok(false);
        };
        let Ok(text) = env.files.read(&path) else {
            return Ok(true);
        };
        if let Some(names) = super::ruby_resource_api::resource_api_attributes(&text) {
            self.known.loader.ruby.attributes.insert(name.into(), names);
            return Ok(true);
        }
        let has_providers = module_dirs.iter().any(|dir| {
            env.files
                .list_dir(&format!("{dir}/lib/puppet/provider/{name}"))
                .iter()
                .any(|file| file.ends_with(".rb"))
        });
        self.read_ruby_type(name, &path, &text, has_providers, span)?;
        Ok(true)
    }

    /// Run the type file (the full engine).
    #[cfg(feature = "erb")]
    fn read_ruby_type(
        &mut self,
        name: &str,
        path: &str,
        text: &str,
        has_providers: bool,
        span: Span,
    ) -> EvalResult<()> {
        use crate::erb::resource_types::{read, Reading};
        let site = crate::host::CallSite {
            name,
            style: crate::syntax::ast::CallStyle::Prefix,
            span,
        };
        match read(self, &site, name, path, text)? {
            Reading::Declared(declared) => {
                let ruby = &mut self.known.loader.ruby;
                let mut attributes = declared.attributes;
                if has_providers {
                    attributes.push(String::from("provider"));
                }
                ruby.attributes.insert(name.into(), attributes);
                ruby.namevars.insert(name.into(), declared.namevars);
                match declared.title_patterns {
                    None => {}
                    Some(None) => {
                        ruby.titles.insert(name.into(), None);
                    }
                    Some(Some(patterns)) => {
                        ruby.titles.insert(name.into(), Some(ruby.patterns.len()));
                        ruby.patterns.push(patterns);
                    }
                }
                Ok(())
            }
            Reading::Raised(message) => {
                self.log(crate::host::LogLevel::Err, message.clone(), span);
                Err(error(
                    "RUBY_TYPE_FAILED",
                    format!("Error while evaluating a Resource Statement, {message}"),
                    span,
                ))
            }
            Reading::Unread => Ok(()),
        }
    }

    /// The light engine: Ruby runs in the full one.
    #[cfg(not(feature = "erb"))]
    fn read_ruby_type(
        &mut self,
        name: &str,
        _path: &str,
        _text: &str,
        _has_providers: bool,
        span: Span,
    ) -> EvalResult<()> {
        self.output.needs_full_engine = Some("ruby");
        Err(error(
            "NEEDS_FULL_ENGINE",
            format!(
                "The resource type '{name}' is written in Ruby in its module: the playground's full engine reads it"
            ),
            span,
        ))
    }

    /// Whether resource type `name`, one a module implements in Ruby, lacks attribute
    /// `attribute` (`None`: not such a type, or one whose attributes its file does not show).
    pub(crate) fn resource_api_lacks(&self, name: &str, attribute: &str) -> Option<bool> {
        let names = self.known.loader.ruby.attributes.get(name)?;
        Some(
            attribute != "name"
                && !crate::types::is_metaparameter(attribute)
                && !names.iter().any(|known| known == attribute),
        )
    }

    /// The namevar of a resource type a module implements in Ruby, when it has exactly one.
    pub(crate) fn ruby_type_namevar(&self, name: &str) -> Option<&str> {
        match self.known.loader.ruby.namevars.get(name)?.as_slice() {
            [one] => Some(one.as_str()),
            _ => None,
        }
    }

    /// The key attributes and their values a title of a resource type a module implements in
    /// Ruby gives by the type's title patterns (empty: it declares none read here, or none matches).
    pub(crate) fn ruby_title_keys(&self, type_name: &str, title: &str) -> Vec<(String, String)> {
        let ruby = &self.known.loader.ruby;
        if let Some(keys) = ruby.split.get(&split_key(type_name, title)) {
            return keys.clone();
        }
        // Declared some other way than by a resource statement: the parts as they are.
        self.split_ruby_title(type_name, title)
            .unwrap_or_default()
            .into_iter()
            .map(|(name, value, _)| (name, value))
            .collect()
    }

    fn split_ruby_title(&self, type_name: &str, title: &str) -> Option<Vec<TitleKey>> {
        let ruby = &self.known.loader.ruby;
        let patterns = ruby.patterns.get((*ruby.titles.get(type_name)?)?)?;
        let mut left = STEPS_PER_COMPILE.saturating_sub(ruby.title_steps.get());
        let before = left;
        let keys = split_title(patterns, title, &mut left);
        ruby.title_steps
            .set(ruby.title_steps.get() + (before - left));
        keys
    }

    /// Puppet's title check when a resource of a Ruby type is declared: a title no title pattern
    /// matches (a type with no key attribute has none), or a type of several key attributes that
    /// defines no patterns, fails the statement.
    pub(crate) fn check_ruby_title(
        &mut self,
        type_name: &str,
        title: &str,
        span: Span,
    ) -> EvalResult<()> {
        let ruby = &self.known.loader.ruby;
        let Some(keys) = ruby.namevars.get(type_name) else {
            return Ok(());
        };
        let message = match ruby.titles.get(type_name) {
            Some(None) => return Ok(()),
            Some(Some(_)) => {
                if let Some(split) = self.split_ruby_title(type_name, title) {
                    return self.keep_title_split(type_name, title, split, span);
                }
                if self.known.loader.ruby.title_steps.get() >= STEPS_PER_COMPILE {
                    return Ok(());
                }
                format!("No set of title patterns matched the title \"{title}\".")
            }
            None => match keys.len() {
                0 => format!("No set of title patterns matched the title \"{title}\"."),
                1 => return Ok(()),
                _ => String::from(
                    "you must specify title patterns when there are two or more key attributes",
                ),
            },
        };
        Err(error(
            "RUBY_TYPE_TITLE",
            format!("Error while evaluating a Resource Statement, {message}"),
            span,
        ))
    }

    /// Keep the key attributes a title gave, each proc of its pattern run on its part.
    fn keep_title_split(
        &mut self,
        type_name: &str,
        title: &str,
        split: Vec<TitleKey>,
        span: Span,
    ) -> EvalResult<()> {
        let mut keys = Vec::with_capacity(split.len());
        for (name, part, proc) in split {
            let value = match proc {
                #[cfg(feature = "erb")]
                Some(index) => {
                    crate::erb::resource_types::run_title_proc(self, index, &part, span)?
                        .unwrap_or(part)
                }
                _ => part,
            };
            keys.push((name, value));
        }
        let _ = span;
        self.known
            .loader
            .ruby
            .split
            .insert(split_key(type_name, title), keys);
        Ok(())
    }
}
