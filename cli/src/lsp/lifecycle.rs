//! `initialize` and the settings: the folders read, the capabilities announced, and what the
//! settings make of each folder's compile (the node, its facts, the main code, module
//! directories, `strict`, the step budget).

use std::path::{Path, PathBuf};

use lsp_types::InitializeParams;
use puppet_core::ide::CompileSettings;
use puppet_core::{EvalOptions, MainCode};
use serde_json::Value;

use super::folders::{Folder, FolderKind};
use super::server::{params, Answer, Server};
use super::settings::{self, FactsSource};

/// Answer `initialize`: read the folders and the settings, announce what the server does.
pub fn initialize(server: &mut Server, raw: Value) -> Answer {
    let init: InitializeParams = params(raw)?;
    server.client_renames_files = init
        .capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.workspace_edit.as_ref())
        .and_then(|e| e.resource_operations.as_ref())
        .is_some_and(|ops| ops.contains(&lsp_types::ResourceOperationKind::Rename));
    server.client_watches_files = init
        .capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.did_change_watched_files.as_ref())
        .and_then(|d| d.dynamic_registration)
        .unwrap_or(false);
    let now = server.now();
    let mut roots: Vec<PathBuf> = init
        .workspace_folders
        .iter()
        .flatten()
        .filter_map(|f| super::uri::to_path(&f.uri))
        .collect();
    #[allow(deprecated)]
    if roots.is_empty() {
        if let Some(root) = init.root_uri.as_ref().and_then(super::uri::to_path) {
            roots.push(root);
        }
    }
    let outside = server.folders.pop().unwrap_or_else(Folder::outside);
    for root in roots.iter().filter(|r| r.is_dir()) {
        server.folders.push(Folder::load(root, now));
    }
    server.folders.push(outside);
    if let Some(options) = &init.initialization_options {
        apply_settings(server, options);
    } else {
        refresh(server);
    }
    for folder in &server.folders {
        for note in &folder.notes {
            server.log(2, note);
        }
    }
    Ok(serde_json::json!({
        "capabilities": super::capabilities::capabilities(),
        "serverInfo": { "name": "puppet-eval", "version": puppet_core::VERSION },
    }))
}

/// Take new settings (`initializationOptions`, `workspace/didChangeConfiguration`).
pub fn apply_settings(server: &mut Server, value: &Value) {
    let (settings, problems) = settings::read(&server.settings, value);
    for problem in problems {
        server.log(2, &problem);
    }
    server.settings = settings;
    refresh(server);
}

/// Apply the current settings to every folder: facts, module directories, compile settings.
pub fn refresh(server: &mut Server) {
    let first_root = server.folders.first().and_then(|f| f.root.clone());
    server.facts = match &server.settings.facts {
        FactsSource::None => None,
        FactsSource::Preset(name) => report(server, super::facts::preset(name)),
        FactsSource::File(file) => {
            let path = resolve(first_root.as_deref(), file);
            report(server, super::facts::file(&path))
        }
    };
    let now = server.now();
    for index in 0..server.folders.len() {
        let root = server.folders[index].root.clone();
        let mut dirs = Vec::new();
        for dir in &server.settings.modulepath {
            match std::fs::canonicalize(resolve(root.as_deref(), dir)) {
                Ok(dir) if dir.is_dir() => dirs.push(dir),
                _ => server.log(2, &format!("the module directory '{dir}' is not a folder")),
            }
        }
        let settings = compile_settings(server, index, &dirs);
        let folder = &mut server.folders[index];
        folder.set_modulepath(dirs, now);
        folder
            .analysis
            .set_settings(settings.unwrap_or_default(), now);
        folder.lint_cache.clear();
    }
}

fn report(
    server: &Server,
    facts: Result<super::facts::Facts, String>,
) -> Option<super::facts::Facts> {
    facts.map_err(|e| server.log(1, &e)).ok()
}

/// A path from the settings: absolute, or relative to the folder.
fn resolve(root: Option<&Path>, path: &str) -> PathBuf {
    let path = Path::new(path);
    match root {
        Some(root) if path.is_relative() => root.join(path),
        _ => path.to_path_buf(),
    }
}

/// A document larger than this is not compiled as the main code after each edit: its compile
/// holds about ten times its size beside the document's own index (a 20 MB document took the
/// server past 400 MB), and takes seconds for each key. The same as the lint's limit, so that one
/// note says both.
pub const MAX_COMPILED_MAIN_BYTES: usize = super::lint_run::MAX_LINTED_BYTES;

/// What a folder compiles as its main code.
pub enum MainCodeSource {
    /// Nothing yet (loose manifests before one is edited).
    Nothing,
    /// Its `manifests/` folder (a control repository).
    ManifestsFolder,
    /// One file, by path.
    File(String),
}

impl MainCodeSource {
    /// The path of the one file compiled as the main code, if that is what it is.
    pub fn file(&self) -> Option<&str> {
        match self {
            MainCodeSource::File(path) => Some(path),
            _ => None,
        }
    }
}

/// What folder `index` compiles as its main code: the manifest the settings name, a module's
/// `examples/init.pp`, a control repository's `manifests/`, or the loose manifest edited last.
pub fn main_code_source(server: &Server, index: usize) -> MainCodeSource {
    let folder = &server.folders[index];
    match (&server.settings.manifest, &folder.kind) {
        (Some(manifest), _) => MainCodeSource::File(format!("{}{manifest}", folder.mount())),
        (None, FolderKind::ControlRepo) => MainCodeSource::ManifestsFolder,
        (None, FolderKind::Module { .. }) => {
            MainCodeSource::File(format!("{}examples/init.pp", folder.mount()))
        }
        (None, FolderKind::Loose) => match &folder.last_edited {
            Some(path) => MainCodeSource::File(path.clone()),
            None => MainCodeSource::Nothing,
        },
    }
}

/// How folder `index` compiles, or `None` when it has nothing to compile (or its main code is
/// over [`MAX_COMPILED_MAIN_BYTES`]): a control repository its `manifests/` (or the manifest the
/// settings name), a module its `examples/init.pp`, loose manifests the one edited last.
pub fn compile_settings(
    server: &Server,
    index: usize,
    dirs: &[PathBuf],
) -> Option<CompileSettings> {
    let folder = &server.folders[index];
    let settings = &server.settings;
    let main = match main_code_source(server, index) {
        MainCodeSource::Nothing => return None,
        MainCodeSource::File(path) => {
            let text = folder.analysis.text(&path)?;
            if text.len() > MAX_COMPILED_MAIN_BYTES {
                return None;
            }
            Some(MainCode {
                name: path,
                text: text.to_string(),
            })
        }
        MainCodeSource::ManifestsFolder => None,
    };
    let mut options = EvalOptions {
        strict: settings.strict,
        certname: Some(settings.node.clone()),
        facts: server.facts.as_ref().map(|f| f.text.clone()),
        now: crate::clock::now(),
        ..EvalOptions::default()
    };
    if let Some(steps) = settings.max_steps {
        options.limits.max_steps = steps;
    }
    Some(CompileSettings {
        main,
        base_modulepath: dirs.iter().map(|d| d.display().to_string()).collect(),
        global_hiera: None,
        options,
    })
}

/// After `initialized`: ask the client to tell of the environment's files changed on disk.
pub fn initialized(server: &mut Server) {
    if !server.client_watches_files {
        return;
    }
    let watchers: Vec<Value> = [
        "**/*.{pp,epp,erb,yaml,yml,json}",
        "**/environment.conf",
        "**/.puppet-lint.rc",
    ]
    .iter()
    .map(|glob| serde_json::json!({ "globPattern": glob }))
    .collect();
    server.request(
        "client/registerCapability",
        serde_json::json!({ "registrations": [{
            "id": "puppet-eval-files",
            "method": "workspace/didChangeWatchedFiles",
            "registerOptions": { "watchers": watchers },
        }]}),
    );
}
