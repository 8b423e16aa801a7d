//! What reading an environment's directories refused or left out (a link out of them, a file too
//! large or not regular, a walk's limit, a link loop), kept while a compile reads, then reported:
//! a file left out that the compile's own diagnostics do not already name becomes an `ENV_LIMIT`
//! error of the outcome at that file (the compile did not see the environment whole, as the
//! page's environment problems stop a run); the rest are warnings on standard error.

use puppet_core::{Diagnostic, Outcome, Span, Stage};

use crate::walk::Note;

/// Most notes kept (a huge folder could give thousands); the others are counted.
const MAX_NOTES: usize = 20;

/// The notes of one compile, each once, in the order met.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EnvNotes {
    pub kept: Vec<Note>,
    /// How many more there were, and whether one of those left a file out.
    pub more: usize,
    pub more_left_out: bool,
}

impl EnvNotes {
    pub fn add(&mut self, note: Note) {
        if self.kept.iter().any(|kept| kept.message == note.message) {
            return;
        }
        if self.kept.len() < MAX_NOTES {
            self.kept.push(note);
        } else {
            self.more += 1;
            self.more_left_out |= note.left_out;
        }
    }

    /// The notes no message of `reported` already holds.
    fn unreported<'a>(&'a self, reported: &'a [String]) -> impl Iterator<Item = &'a Note> + 'a {
        self.kept.iter().filter(move |note| {
            !reported
                .iter()
                .any(|message| message.contains(note.message.as_str()))
        })
    }

    /// Every note `reported` does not hold, as warning lines.
    pub fn lines(&self, reported: &[String]) -> Vec<String> {
        let mut lines: Vec<String> = self
            .unreported(reported)
            .map(|note| format!("puppet-eval: warning: {}", note.message))
            .collect();
        lines.extend(self.more_line());
        lines
    }

    /// Print [`EnvNotes::lines`] on standard error.
    pub fn print(&self, reported: &[String]) {
        for line in self.lines(reported) {
            eprintln!("{line}");
        }
    }

    /// Whether a file was left out that `reported` does not already say.
    pub fn left_out(&self, reported: &[String]) -> bool {
        self.more_left_out || self.unreported(reported).any(|note| note.left_out)
    }

    /// Make each file left out that the outcome does not already name an error of the outcome
    /// (at that file), before its own errors (it happened first, and may be their cause: a
    /// refused file is "not found" to the engine); return the warning lines of the rest.
    pub fn into_outcome(&self, outcome: &mut Outcome) -> Vec<String> {
        let reported: Vec<String> = outcome
            .diagnostics
            .iter()
            .map(|d| d.message.clone())
            .collect();
        let mut warnings = Vec::new();
        let mut errors = Vec::new();
        for note in self.unreported(&reported) {
            if !note.left_out {
                warnings.push(format!("puppet-eval: warning: {}", note.message));
                continue;
            }
            let at = outcome
                .sources
                .add(&note.path, puppet_core::FileText::from(""))
                .unwrap_or_default();
            errors.push(Diagnostic::error(
                Stage::Evaluation,
                "ENV_LIMIT",
                note.message.clone(),
                Span::new(at, at),
            ));
        }
        warnings.extend(self.more_line());
        if self.more_left_out && errors.is_empty() {
            errors.push(Diagnostic::error(
                Stage::Evaluation,
                "ENV_LIMIT",
                format!("{} more files were refused or left out", self.more),
                Span::new(0, 0),
            ));
        }
        outcome.diagnostics.splice(0..0, errors);
        warnings
    }

    fn more_line(&self) -> Option<String> {
        (self.more > 0).then(|| {
            format!(
                "puppet-eval: warning: and {} more files refused or left out",
                self.more
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_left_out_become_errors_loops_stay_warnings() {
        let mut notes = EnvNotes::default();
        notes.add(Note::left_out(
            "manifests/a.pp",
            "'manifests/a.pp' is not read".into(),
        ));
        notes.add(Note::left_out(
            "manifests/a.pp",
            "'manifests/a.pp' is not read".into(),
        ));
        notes.add(Note::passed_over(
            "manifests/up",
            "'manifests/up' loops".into(),
        ));
        notes.add(Note::left_out(
            "data/x.yaml",
            "'data/x.yaml' is not read".into(),
        ));
        assert_eq!(notes.kept.len(), 3);
        let mut outcome = puppet_core::evaluate("1", &puppet_core::EvalOptions::default());
        outcome.diagnostics.push(Diagnostic::error(
            Stage::Evaluation,
            "ENV_LIMIT",
            "Evaluation Error: 'data/x.yaml' is not read",
            Span::new(0, 0),
        ));
        let warnings = notes.into_outcome(&mut outcome);
        assert_eq!(warnings, ["puppet-eval: warning: 'manifests/up' loops"]);
        let errors: Vec<(String, String)> = outcome
            .diagnostics
            .iter()
            .map(|d| {
                let file = outcome.sources.locate(d.span.start).file;
                (file.to_string(), d.message.clone())
            })
            .collect();
        assert_eq!(
            errors[0],
            (
                "manifests/a.pp".to_string(),
                "'manifests/a.pp' is not read".to_string()
            )
        );
        assert_eq!(errors.len(), 2);
    }
}
