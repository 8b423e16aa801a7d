//! The key attributes of resource types declared in Ruby, as the full engine knows them from running
//! the type files (`ruby_types.rs`): a type's namevar for the catalog, and its title patterns, which
//! split a resource's title into key attributes (each part through its pattern's proc) or refuse
//! it as Puppet does. The light engine never runs a type file (it hands such a compile to the full
//! one), so it keeps none of this: its answers are the ones for a type with nothing read.

use alloc::string::String;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use crate::host::EvalResult;
use crate::span::Span;
use crate::value::Value;

#[cfg(feature = "erb")]
pub(super) use full::TypeTitles;

#[cfg(feature = "erb")]
mod full {
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::super::evaluator::Evaluator;
    use crate::host::{error, EvalResult};
    use crate::name_table::NameTable;
    use crate::span::Span;
    use crate::types::title_patterns::{split_title, TitleKey, TitlePattern, STEPS_PER_COMPILE};
    use crate::value::Value;

    /// Title patterns by type and the titles split by them.
    #[derive(Default)]
    pub(in crate::eval) struct TypeTitles {
        /// Title patterns by type: `Some(at)` its place in `patterns`; `None` when they were not
        /// read (titles neither split nor checked). No entry: the type defines none.
        titles: NameTable<Option<usize>>,
        patterns: Vec<Vec<TitlePattern>>,
        /// Matcher steps the titles have spent against those patterns (see `STEPS_PER_COMPILE`).
        title_steps: core::cell::Cell<u64>,
        /// The key attributes each title of a resource statement gave, by type and title, once
        /// its patterns' procs ran (keyed by [`split_key`]).
        split: NameTable<Vec<(String, Value)>>,
    }

    impl TypeTitles {
        /// Keep what a type file's `title_patterns` gave (see `erb::resource_types::DeclaredType`).
        pub(in crate::eval) fn declare(
            &mut self,
            type_name: &str,
            patterns: Option<Option<Vec<TitlePattern>>>,
        ) {
            match patterns {
                None => {}
                Some(None) => {
                    self.titles.insert(type_name.into(), None);
                }
                Some(Some(patterns)) => {
                    self.titles
                        .insert(type_name.into(), Some(self.patterns.len()));
                    self.patterns.push(patterns);
                }
            }
        }

        fn split(&self, type_name: &str, title: &str) -> Option<Vec<TitleKey>> {
            let patterns = self.patterns.get((*self.titles.get(type_name)?)?)?;
            let mut left = STEPS_PER_COMPILE.saturating_sub(self.title_steps.get());
            let before = left;
            let keys = split_title(patterns, title, &mut left);
            self.title_steps
                .set(self.title_steps.get() + (before - left));
            keys
        }
    }

    /// The key of a statement's title split: the type's name, a NUL (which no type name holds),
    /// the title. (One `NameTable` rather than a map keyed by pairs: another map's code in the
    /// engines.)
    fn split_key(type_name: &str, title: &str) -> String {
        [type_name, "\0", title].concat()
    }

    impl crate::eval::known::Known {
        pub(super) fn full_type_namevar(&self, name: &str) -> Option<&str> {
            match self.loader.ruby.namevars.get(name)?.as_slice() {
                [one] => Some(one.as_str()),
                _ => None,
            }
        }

        pub(super) fn full_title_keys(&self, type_name: &str, title: &str) -> Vec<(String, Value)> {
            let titles = &self.loader.ruby.titles;
            // Most compiles split no title (no Ruby type of the modules has patterns): no key
            // to build for each resource.
            if !titles.split.is_empty() {
                if let Some(keys) = titles.split.get(&split_key(type_name, title)) {
                    return keys.clone();
                }
            }
            // Declared some other way than by a resource statement: the parts as they are.
            titles
                .split(type_name, title)
                .unwrap_or_default()
                .into_iter()
                .map(|(name, value, _)| (name, Value::string(&value)))
                .collect()
        }
    }

    impl<'o> Evaluator<'o> {
        pub(super) fn check_full_title(
            &mut self,
            type_name: &str,
            title: &str,
            span: Span,
        ) -> EvalResult<()> {
            let ruby = &self.known.loader.ruby;
            let Some(keys) = ruby.namevars.get(type_name) else {
                return Ok(());
            };
            let message = match ruby.titles.titles.get(type_name) {
                Some(None) => return Ok(()),
                Some(Some(_)) => {
                    if let Some(split) = ruby.titles.split(type_name, title) {
                        return self.keep_title_split(type_name, title, split, span);
                    }
                    if ruby.titles.title_steps.get() >= STEPS_PER_COMPILE {
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
                let made = match proc {
                    Some(index) => {
                        crate::erb::resource_types::run_title_proc(self, index, &part, span)?
                    }
                    None => None,
                };
                let value = made.unwrap_or_else(|| Value::string(&part));
                keys.push((name, value));
            }
            self.known
                .loader
                .ruby
                .titles
                .split
                .insert(split_key(type_name, title), keys);
            Ok(())
        }
    }
}

impl super::known::Known {
    /// The namevar of a resource type a module implements in Ruby, when it has exactly one.
    pub(crate) fn ruby_type_namevar(&self, name: &str) -> Option<&str> {
        #[cfg(feature = "erb")]
        return self.full_type_namevar(name);
        #[cfg(not(feature = "erb"))]
        {
            let _ = name;
            None
        }
    }

    /// The key attributes and their values a title of a resource type a module implements in
    /// Ruby gives by the type's title patterns (empty: it declares none read here, or none matches).
    pub(crate) fn ruby_title_keys(&self, type_name: &str, title: &str) -> Vec<(String, Value)> {
        #[cfg(feature = "erb")]
        return self.full_title_keys(type_name, title);
        #[cfg(not(feature = "erb"))]
        {
            let _ = (type_name, title);
            Vec::new()
        }
    }
}

impl<'o> Evaluator<'o> {
    /// Puppet's title check when a resource of a Ruby type is declared: a title no title pattern
    /// matches (a type with no key attribute has none), or a type of several key attributes that
    /// defines no patterns, fails the statement.
    pub(crate) fn check_ruby_title(
        &mut self,
        type_name: &str,
        title: &str,
        span: Span,
    ) -> EvalResult<()> {
        #[cfg(feature = "erb")]
        return self.check_full_title(type_name, title, span);
        #[cfg(not(feature = "erb"))]
        {
            let _ = (type_name, title, span);
            Ok(())
        }
    }
}
