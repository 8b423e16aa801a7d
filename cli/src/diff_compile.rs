//! The compiles of `puppet-eval diff`: every node at both versions, on every core. The engine
//! compiles on one thread at a time, so each worker thread takes the next node, compiles it at
//! both versions, diffs the two catalogs and hands the diff back; the main thread groups them
//! as they come, keeping each distinct diff once. Each worker keeps the files it parsed for each
//! version (`ParseCache`): its next node reuses the trees of the files read at the same place.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use puppet_cli::protocol::EVAL_STACK_BYTES;
use puppet_cli::workspace::EnvSource;
use puppet_core::diff::{self, DiffOptions, Grouper, NodeCatalog, NodeDiff};
use puppet_core::{evaluate_environment, Environment, EvalOptions, ParseCache};

use crate::diff_nodes::Node;

/// How to compile: the options every compile shares (certname and facts are the node's).
pub struct Compiles<'a> {
    pub from: &'a Path,
    pub to: &'a Path,
    pub options: &'a EvalOptions,
    pub diff: &'a DiffOptions,
    /// Worker threads.
    pub jobs: usize,
    /// Directories outside the environments that their symbolic links may lead into
    /// (`--allow-links-to`).
    pub link_targets: &'a [PathBuf],
}

/// Every node's diff, grouped.
pub fn diff_nodes(compiles: &Compiles<'_>, nodes: &[Node]) -> Grouper {
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel::<(String, NodeDiff)>();
    let mut grouper = Grouper::new();
    std::thread::scope(|scope| {
        let mut started = 0;
        for _ in 0..compiles.jobs.clamp(1, nodes.len().max(1)) {
            let send = send.clone();
            let next = &next;
            let work = move || {
                let caches = Caches::default();
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(node) = nodes.get(at) else {
                        break;
                    };
                    let diff = diff_node(compiles, node, &caches);
                    if send.send((node.name.clone(), diff)).is_err() {
                        break;
                    }
                }
            };
            let spawned = std::thread::Builder::new()
                .stack_size(EVAL_STACK_BYTES)
                .spawn_scoped(scope, work);
            started += usize::from(spawned.is_ok());
        }
        drop(send);
        for (node, diff) in receive {
            grouper.add(node, diff);
        }
        // No thread could start: the work is done here (the whole program runs on a big stack).
        if started == 0 {
            let caches = Caches::default();
            for node in nodes {
                grouper.add(node.name.clone(), diff_node(compiles, node, &caches));
            }
        }
    });
    grouper
}

/// A worker's parsed files of each version.
#[derive(Default)]
struct Caches {
    from: ParseCache,
    to: ParseCache,
}

/// One node's diff between the two versions.
fn diff_node(compiles: &Compiles<'_>, node: &Node, caches: &Caches) -> NodeDiff {
    let from = compile(compiles.from, node, compiles, Some(&caches.from));
    let to = compile(compiles.to, node, compiles, Some(&caches.to));
    diff::diff_catalogs(&from, &to, compiles.diff)
}

/// The catalog of `node` in the environment directory `dir`, reusing the files `cache` holds.
pub fn compile(
    dir: &Path,
    node: &Node,
    compiles: &Compiles<'_>,
    cache: Option<&ParseCache>,
) -> NodeCatalog {
    let options = EvalOptions {
        certname: Some(node.name.clone()),
        facts: node.facts.clone(),
        ..compiles.options.clone()
    };
    let source = EnvSource {
        dir: Some(dir.to_path_buf()),
        link_targets: compiles.link_targets.to_vec(),
        ..EnvSource::default()
    };
    let compiled = catch_unwind(AssertUnwindSafe(|| {
        source.with_environment(None, &options, |env| {
            let env = Environment {
                files: env.files,
                main: env.main.clone(),
                base_modulepath: env.base_modulepath.clone(),
                global_hiera: env.global_hiera.clone(),
                parse_cache: cache,
            };
            let env = &env;
            let mut catalog = diff::catalog_of(&evaluate_environment(env, &options));
            let modulepath = env.modulepath();
            diff::inline_file_sources(&mut catalog, |module, path| {
                read_module_file(dir, compiles.link_targets, &modulepath, module, path)
            });
            catalog
        })
    }));
    compiled.unwrap_or_else(|_| {
        NodeCatalog::failed(format!(
            "Internal error: the engine failed compiling {}",
            node.name
        ))
    })
}

/// The bytes of `<module>/files/<path>` in the first module directory that has it, read only
/// where the environment's files may be: inside it, or (through a symbolic link) inside a
/// directory of `--allow-links-to`.
fn read_module_file(
    env: &Path,
    link_targets: &[PathBuf],
    modulepath: &[String],
    module: &str,
    path: &str,
) -> Option<Vec<u8>> {
    if !puppet_core::environment::is_module_name(module) || !plain_relative(path) {
        return None;
    }
    modulepath
        .iter()
        .filter(|dir| plain_relative(dir))
        .map(|dir| env.join(dir).join(module).join("files").join(path))
        .find(|file| file.is_file())
        .filter(|file| inside_the_world(file, env, link_targets))
        .and_then(|file| std::fs::read(file).ok())
}

/// Whether `file`, every link resolved, lies inside the environment `env` or one of `link_targets`.
fn inside_the_world(file: &Path, env: &Path, link_targets: &[PathBuf]) -> bool {
    let Ok(file) = std::fs::canonicalize(file) else {
        return false;
    };
    let env = std::fs::canonicalize(env).ok();
    env.iter()
        .chain(link_targets)
        .any(|root| file.starts_with(root))
}

/// A relative path of plain names only (no `..`, no root).
fn plain_relative(path: &str) -> bool {
    !path.is_empty()
        && Path::new(path)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}
