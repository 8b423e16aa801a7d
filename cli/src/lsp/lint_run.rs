//! puppet-lint's checks for the server: the options of a folder (its `.puppet-lint.rc`, then the
//! settings' checks), findings cached per text, and the text a fix makes.

use std::rc::Rc;

use puppet_core::ide::text_hash;
use puppet_core::lint::{self, Finding, Options};

use super::server::Server;

/// Documents larger than this are not linted (the checks walk every token several times).
pub const MAX_LINTED_BYTES: usize = 2 * 1024 * 1024;

/// The lint options of folder `folder`.
pub fn options(server: &Server, folder: usize) -> Options {
    let mut options = Options::default();
    if let Some(rc) = &server.folders[folder].lint_rc {
        // Problems of the rc file were logged when it was read; the rest applies.
        let _ = options.apply_rc(rc);
    }
    let lint = &server.settings.lint;
    if let Some(only) = &lint.only {
        options.only = Some(only.clone());
    }
    options.disabled.extend(lint.disabled.iter().cloned());
    options.enabled.extend(lint.enable.iter().cloned());
    options
}

/// The findings of the manifest at `path` (none when lint is off or the file is not one).
pub fn findings(server: &mut Server, folder: usize, path: &str) -> Rc<Vec<Finding>> {
    let empty = Rc::new(Vec::new());
    if !server.settings.lint.enabled || !path.ends_with(".pp") {
        return empty;
    }
    let Some(text) = server.folders[folder].analysis.text(path) else {
        return empty;
    };
    if text.len() > MAX_LINTED_BYTES {
        return empty;
    }
    let hash = text_hash(text);
    if let Some((cached, found)) = server.folders[folder].lint_cache.get(path) {
        if *cached == hash {
            return found.clone();
        }
    }
    let options = options(server, folder);
    let report = lint::lint(text, Some(path), &options);
    let found = Rc::new(report.findings);
    server.folders[folder]
        .lint_cache
        .insert(path.to_string(), (hash, found.clone()));
    found
}

/// The text after the fixes of the checks `only` lets run (every check the folder runs when
/// `None`); `None` when nothing would change or the manifest does not parse.
pub fn fixed(server: &Server, folder: usize, path: &str, only: Option<&str>) -> Option<String> {
    let analysis = &server.folders[folder].analysis;
    let text = analysis.text(path)?;
    if text.len() > MAX_LINTED_BYTES {
        return None;
    }
    // A manifest that does not parse is left as it is: its fixes would rest on a guess of
    // what the text means.
    let unparsed = analysis.index(path).is_some_and(|index| {
        index
            .syntax
            .iter()
            .any(|d| d.severity == puppet_core::diagnostic::Severity::Error)
    });
    if unparsed {
        return None;
    }
    let mut options = options(server, folder);
    options.fix = true;
    if let Some(check) = only {
        options.only = Some(vec![check.to_string()]);
    }
    let fixed = lint::lint(text, Some(path), &options).fixed?;
    (fixed != text).then_some(fixed)
}
