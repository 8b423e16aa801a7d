//! "Did you mean ...?": the names closest (by edit distance) to an unknown variable, function,
//! type or resource attribute, as a note beside Puppet's message, which stays as it is.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use crate::diagnostic::Diagnostic;
use crate::host::Unwind;
use crate::qualified::{rfind_pair, rfind_text};
use crate::span::Span;
use crate::text::TrimBy;

/// The optimal-string-alignment distance between `a` and `b` (insertions, deletions,
/// substitutions and swaps of neighbours), ASCII case ignored.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_lowercase()).collect();
    let width = b.len() + 1;
    let mut rows = alloc::vec![0usize; (a.len() + 1) * width];
    for (j, cell) in rows.iter_mut().enumerate().take(width) {
        *cell = j;
    }
    for i in 1..=a.len() {
        rows[i * width] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[(i - 1) * width + j] + 1)
                .min(rows[i * width + j - 1] + 1)
                .min(rows[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[(i - 2) * width + j - 2] + 1);
            }
            rows[i * width + j] = best;
        }
    }
    rows[a.len() * width + b.len()]
}

/// Names longer than this are not compared (a runaway name costs nothing).
const MAX_NAME: usize = 64;
/// At most this many candidates are compared: a program with 100,000 variables in scope gets its
/// note at the cost of a few thousand comparisons.
const MAX_CANDIDATES: usize = 5000;

/// The (at most three) candidates closest to `name`: within a third of its length (at least
/// one edit), the nearest, in name order.
fn closest(name: &str, candidates: impl IntoIterator<Item = String>) -> Vec<String> {
    if name.len() > MAX_NAME {
        return Vec::new();
    }
    let mut best = (name.chars().count() / 3).max(1);
    let mut found: Vec<String> = Vec::new();
    for candidate in candidates.into_iter().take(MAX_CANDIDATES) {
        // A length that differs by more than the best distance cannot be as close.
        let too_far = candidate.len().abs_diff(name.len()) > best;
        if too_far || candidate.len() > MAX_NAME || candidate.eq_ignore_ascii_case(name) {
            continue;
        }
        let d = distance(name, &candidate);
        if d < best {
            best = d;
            found.clear();
        }
        if d == best && !found.contains(&candidate) {
            let at = found
                .iter()
                .position(|f| *f > candidate)
                .unwrap_or(found.len());
            found.insert(at, candidate);
        }
    }
    found.truncate(3);
    found
}

/// "did you mean 'a'?", "did you mean 'a' or 'b'?", "did you mean 'a', 'b' or 'c'?"
fn did_you_mean(names: &[String]) -> Option<String> {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match quoted.as_slice() {
        [] => None,
        [one] => Some(format!("did you mean {one}?")),
        [rest @ .., last] => Some(format!(
            "did you mean {} or {last}?",
            crate::text::join(rest, ", ")
        )),
    }
}

/// The data types' names as Puppet prints them; a test checks each is one.
const TYPES: &str = "Any Array Binary Boolean Callable CatalogEntry Class Collection Data Default Deferred \
Enum Error Float Hash Init Integer Iterable Iterator NotUndef Numeric Object Optional Pattern Regexp Resource \
RichData Runtime Scalar ScalarData SemVer SemVerRange Sensitive String Struct Timespan Timestamp Tuple Type \
TypeSet URI Undef Unit Variant";

#[cfg(feature = "ide")]
/// The data types' names (the editor's completion).
pub(crate) fn type_names() -> impl Iterator<Item = &'static str> {
    TYPES.split_whitespace()
}

fn words(list: &'static str) -> impl Iterator<Item = String> {
    list.split_whitespace().map(String::from)
}

/// The text between `prefix` and the next `'` in `message`.
fn quoted_after<'m>(message: &'m str, prefix: &str) -> Option<&'m str> {
    let rest = &message[message.find(prefix)? + prefix.len()..];
    Some(&rest[..rest.find('\'')?])
}

/// The lower-cased type of a reference `Type[title]` that starts `text`.
fn reference_type(text: &str) -> Option<String> {
    let name = &text[..text.find('[')?];
    (!name.is_empty() && !name.contains(' ')).then(|| name.to_ascii_lowercase())
}

impl Evaluator<'_> {
    /// Puppet's "Unknown variable" error, with the closest names the scope sees as a note.
    #[cold]
    #[inline(never)]
    pub(super) fn unknown_variable(&self, name: &str, span: Span) -> Unwind {
        let mut diagnostic = Diagnostic::error(
            crate::Stage::Evaluation,
            "UNKNOWN_VARIABLE",
            format!("Unknown variable: '{name}'."),
            span,
        );
        let (top, short) = match name.strip_prefix("::") {
            Some(short) => (true, short),
            None => (false, name),
        };
        if !short.contains("::") {
            let visible = self.scopes.visible_names(top);
            let names = closest(short, visible.iter().map(|n| n.to_string()));
            let shown: Vec<String> = names
                .iter()
                .map(|n| format!("${}{n}", if top { "::" } else { "" }))
                .collect();
            if let Some(note) = did_you_mean(&shown) {
                diagnostic.notes.push(note.into());
            }
        }
        Unwind::Error(alloc::boxed::Box::new(diagnostic))
    }

    /// Notes for the errors of an evaluation that name something unknown: the function, type or
    /// attribute closest to it.
    #[inline(never)]
    pub(crate) fn add_suggestions(&self, diagnostics: &mut [Diagnostic]) {
        for diagnostic in diagnostics
            .iter_mut()
            .filter(|d| d.is_error() && d.notes.is_empty())
        {
            if let Some(note) = self.suggestion_for(diagnostic.code, &diagnostic.message) {
                diagnostic.notes.push(note.into());
            }
        }
    }

    fn suggestion_for(&self, code: &str, message: &str) -> Option<String> {
        let names = match code {
            "UNKNOWN_FUNCTION" => {
                let name = quoted_after(message, "Unknown function: '")
                    .or_else(|| quoted_after(message, "Unknown function '"))?;
                self.similar_functions(name)
            }
            "RESOURCE_TYPE_NOT_FOUND" => {
                let name = message.split("Resource type not found: ").nth(1)?.trim();
                self.similar_types(name)
            }
            "UNKNOWN_RESOURCE_TYPE" => {
                let name = quoted_after(message, "Unknown resource type: '").or_else(|| {
                    message
                        .split("Resource type ")
                        .nth(1)?
                        .split(" doesn't exist")
                        .next()
                })?;
                self.similar_resource_types(name)
            }
            "UNKNOWN_PARAMETER" | "INSTANCE_INVALID" | "DEFINE_INSTANCE" => {
                let attribute = quoted_after(message, "has no parameter named '")?;
                // `..., Site[a]: has no parameter named 'x'` (or `Site[a]:\n has no ...`).
                let before = message[..message.find("has no parameter named")?]
                    .trim_end_by(&|c: char| c.is_whitespace() || c == ':');
                let reference = before.get(rfind_pair(before, *b", ").map_or(0, |at| at + 2)..)?;
                let type_name = reference_type(reference)?;
                self.similar_attributes(&type_name, attribute)
            }
            "UNKNOWN_ATTRIBUTE" => {
                let attribute = quoted_after(message, "no parameter named '")?;
                let after = rfind_text(message, " on ").map_or(0, |at| at + " on ".len());
                let type_name = reference_type(message.get(after..)?)?;
                self.similar_attributes(&type_name, attribute)
            }
            _ => return None,
        };
        did_you_mean(&names)
    }

    fn similar_functions(&self, name: &str) -> Vec<String> {
        let builtins = crate::functions::puppet_function_names().map(String::from);
        closest(
            name,
            builtins.chain(self.known.functions.sorted_keys().cloned()),
        )
    }

    /// Data types, resource types (built in or defined here) and type aliases.
    fn similar_types(&self, name: &str) -> Vec<String> {
        let resource_types = crate::types::resource_types::RESOURCE_TYPES
            .iter()
            .map(|(n, ..)| *n);
        let defined = self.catalog.defines.sorted_keys().map(String::as_str);
        let candidates = words(TYPES)
            .chain(
                resource_types
                    .chain(defined)
                    .map(crate::catalog::capitalize),
            )
            .chain(self.known.aliases.names().map(String::from));
        closest(name, candidates)
    }

    fn similar_resource_types(&self, name: &str) -> Vec<String> {
        let mut candidates: Vec<String> = crate::types::resource_types::RESOURCE_TYPES
            .iter()
            .map(|(n, ..)| n.to_string())
            .collect();
        candidates.extend(self.catalog.defines.sorted_keys().cloned());
        closest(&name.to_ascii_lowercase(), candidates)
    }

    fn similar_attributes(&self, type_name: &str, attribute: &str) -> Vec<String> {
        use crate::types::resource_types::{METAPARAMETERS, RESOURCE_TYPES};
        let mut candidates: Vec<String> = METAPARAMETERS.split(' ').map(String::from).collect();
        if let Some((_, keys, _, others)) = RESOURCE_TYPES.iter().find(|(n, ..)| *n == type_name) {
            candidates.extend(keys.split(' ').chain(others.split(' ')).map(String::from));
            candidates.push("name".into());
        } else if let Some(define) = self.catalog.defines.get(type_name) {
            candidates.extend(define.params.iter().map(|p| p.name.name.clone()));
        } else if type_name == "class" {
            return Vec::new();
        } else if let Some(class) = self.catalog.classes.get(type_name) {
            candidates.extend(class.params.iter().map(|p| p.name.name.clone()));
        }
        closest(attribute, candidates)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_candidate_lists_name_what_there_is() {
        for name in TYPES.split_whitespace() {
            assert!(crate::types::Type::from_name(name).is_some(), "{name}");
        }
    }

    #[test]
    fn distances() {
        assert_eq!(distance("notic", "notice"), 1);
        assert_eq!(distance("prot", "port"), 1);
        assert_eq!(distance("Intger", "integer"), 1);
        assert_eq!(distance("abc", "xyz"), 3);
    }

    #[test]
    fn the_closest_names_within_a_third_of_the_length() {
        let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            closest("mesage", names(&["message", "messages", "age"])),
            ["message"]
        );
        assert!(closest("x", names(&["abc"])).is_empty());
        assert_eq!(
            closest("ab", names(&["ac", "bb", "abc"])),
            ["abc", "ac", "bb"]
        );
        assert_eq!(
            did_you_mean(&names(&["a", "b", "c"])).as_deref(),
            Some("did you mean 'a', 'b' or 'c'?")
        );
    }

    /// The notes of `program`'s first error when it compiles for a node.
    fn notes(program: &str) -> Vec<String> {
        let options = crate::EvalOptions {
            certname: Some("playground".into()),
            ..Default::default()
        };
        let outcome = crate::evaluate(program, &options);
        let error = outcome.error().expect("an error");
        error.notes.iter().map(|n| n.message.clone()).collect()
    }

    #[test]
    fn notes_for_unknown_names() {
        assert_eq!(
            notes("$message = 'hi'\nnotice($mesage)"),
            ["did you mean '$message'?"]
        );
        assert_eq!(notes("notic('x')"), ["did you mean 'notice'?"]);
        assert_eq!(notes("$a = [1].mapp |$x| { $x }"), ["did you mean 'map'?"]);
        assert_eq!(notes("$p = Intger(80)"), ["did you mean 'Integer'?"]);
        assert_eq!(
            notes("file { '/tmp/motd': ensur => file }"),
            ["did you mean 'ensure'?"]
        );
        assert_eq!(
            notes("define site($port = 80) { }\nsite { 'a': prot => 8080 }"),
            ["did you mean 'port'?"]
        );
        assert_eq!(
            notes("function mine::greet() { 1 }\nmine::gret()"),
            ["did you mean 'mine::greet'?"]
        );
        assert_eq!(notes("servce { 'x': }"), ["did you mean 'service'?"]);
        assert!(notes("$zzzzzz").is_empty());
        // Many variables in scope: the note comes at once.
        let many: String = (0..100_000)
            .map(|i| alloc::format!("$v{i} = {i}\n"))
            .collect();
        assert_eq!(
            notes(&alloc::format!("{many}$vv4242")),
            ["did you mean '$v4242'?"]
        );
    }
}
