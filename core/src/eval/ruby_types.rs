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

/// What the compile knows of the Ruby types it has read.
#[derive(Default)]
pub(crate) struct RubyTypes {
    /// The attributes a type has, where its file shows them all (`provider` included when the
    /// modules hold providers for it).
    attributes: NameTable<Vec<String>>,
    /// Key attributes, for each type whose file ran (the full engine: the light one hands the
    /// compile over before any type file runs).
    #[cfg(feature = "erb")]
    pub(super) namevars: NameTable<Vec<String>>,
    /// Title patterns and the titles split by them (the full engine).
    #[cfg(feature = "erb")]
    pub(super) titles: super::ruby_type_titles::TypeTitles,
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
        // Puppet's autoloader looks in every module folder of the modulepath, even one its module
        // loader left out for its metadata.
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
                ruby.titles.declare(name, declared.title_patterns);
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
}
