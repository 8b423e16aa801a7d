//! The catalog texts of a caller's last report, kept for its next one: a resource that prints as
//! the one at its place in the last catalog takes that text instead of being printed again (the
//! page's keystroke compiles the same resources, with the same parameters, run after run).

use alloc::string::String;
use alloc::vec::Vec;

use crate::catalog::CatalogResource;

/// The resources of the last report's catalog and the texts it gave them, by position. A text
/// moves into the next report that takes it (`None` here then) and back once that report is done
/// with: an unchanged resource's text is never copied.
#[derive(Default)]
pub struct CatalogTexts {
    resources: Vec<CatalogResource>,
    texts: Vec<Option<String>>,
}

impl CatalogTexts {
    pub fn new() -> Self {
        Self::default()
    }

    /// The text of `resource`, the `at`th of its catalog: the last report's (moved out of here)
    /// when the resource there printed the same, else printed now.
    pub fn text(&mut self, at: usize, resource: &CatalogResource) -> String {
        let kept = match (self.resources.get(at), self.texts.get_mut(at)) {
            (Some(was), Some(text)) if was.prints_as(resource) => text.take(),
            _ => None,
        };
        kept.unwrap_or_else(|| resource.manifest())
    }

    /// Keep the catalog a report was made of (the outcome's, which the caller no longer needs);
    /// the earlier catalog and texts are dropped. Its texts follow with [`CatalogTexts::keep_texts`]
    /// (until then no text is taken).
    pub fn keep_catalog(&mut self, resources: Vec<CatalogResource>) {
        self.resources = resources;
        self.texts.clear();
    }

    /// Keep the texts the report of the kept catalog gave, in its order (a report may show
    /// fewer resources than its catalog has).
    pub fn keep_texts(&mut self, texts: impl Iterator<Item = String>) {
        self.texts.clear();
        self.texts.extend(texts.map(Some));
        self.resources.truncate(self.texts.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{run_report, run_report_reusing, Utf8Bytes};
    use crate::{evaluate, EvalOptions};

    /// The texts of `sources` reported one after the other with the kept texts, against each
    /// reported alone.
    fn texts_in_turn(sources: &[&str]) {
        let mut kept = CatalogTexts::new();
        for source in sources {
            let mut outcome = evaluate(source, &EvalOptions::default());
            let fresh = run_report(&outcome, &mut Utf8Bytes);
            let reused = run_report_reusing(&outcome, &mut Utf8Bytes, &mut kept);
            assert_eq!(reused, fresh, "{source}");
            kept.keep_catalog(core::mem::take(&mut outcome.catalog));
            kept.keep_texts(reused.catalog.into_iter().map(|shown| shown.text));
        }
    }

    #[test]
    fn texts_kept_are_those_the_resources_print_now() {
        texts_in_turn(&[
            "notify { 'a': message => 'x' }\nfile { '/t': mode => '0644' }",
            // The same resources: their texts are taken.
            "notify { 'a': message => 'x' }\nfile { '/t': mode => '0644' }",
            // A changed value, a changed title, a resource more in front.
            "notify { 'a': message => 'y' }\nfile { '/u': mode => '0644' }",
            "notify { 'z': }\nnotify { 'a': message => 'y' }\nfile { '/u': mode => '0644' }",
        ]);
    }

    #[test]
    fn values_equal_but_written_differently_are_printed_again() {
        texts_in_turn(&[
            // A hash's order, a float against an integer, the case of a string.
            "notify { 'a': message => { 'x' => 1, 'y' => 2 } }\nnotify { 'b': message => 1 }\nnotify { 'c': message => 'A' }",
            "notify { 'a': message => { 'y' => 2, 'x' => 1 } }\nnotify { 'b': message => 1.0 }\nnotify { 'c': message => 'a' }",
            // A reference and nested data.
            "notify { 'a': before => Notify['b'], message => [[1, 'x'], { 'k' => [true, undef] }] }\nnotify { 'b': }",
            "notify { 'a': before => Notify['c'], message => [[1, 'x'], { 'k' => [true, false] }] }\nnotify { 'c': }",
        ]);
    }
}
