//! Divan benchmarks of the engine over bench/workloads (parse + evaluate, one per table row) and
//! over the real-world manifests of the puppetlabs modules (parse only):
//! `cargo bench -p puppet-core --bench engine`. Divan rather than criterion: it builds in a few
//! seconds with a handful of small dependencies and prints medians, which is all we need here.

use std::path::{Path, PathBuf};

use puppet_core::{evaluate, EvalOptions};

fn main() {
    divan::main();
}

fn workload(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../bench/workloads")
        .join(format!("{name}.pp"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[divan::bench(
    args = ["reduce_sum", "fib", "hash_build", "tuple_filter", "strings_join", "keystroke_example"],
    sample_count = 20
)]
fn eval(bencher: divan::Bencher, name: &str) {
    let source = workload(name);
    let options = EvalOptions::default();
    assert!(
        evaluate(&source, &options).error().is_none(),
        "{name} fails"
    );
    bencher.bench(|| evaluate(divan::black_box(&source), &options));
}

fn manifests(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            manifests(&path, out);
        } else if path.extension().is_some_and(|e| e == "pp") {
            out.push(path);
        }
    }
}

/// Parse every `.pp` of the puppetlabs modules (`apt-get install puppet-module-puppetlabs-*`);
/// the throughput is printed in bytes per second. Skipped when the modules are not installed.
#[divan::bench(sample_count = 20)]
fn parse_puppetlabs_modules(bencher: divan::Bencher) {
    let mut files = Vec::new();
    manifests(Path::new("/usr/share/puppet/modules.available"), &mut files);
    let sources: Vec<String> = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .collect();
    let bytes: usize = sources.iter().map(String::len).sum();
    bencher
        .counter(divan::counter::BytesCount::new(bytes))
        .bench(|| {
            for source in &sources {
                divan::black_box(puppet_core::syntax::parse(source));
            }
        });
}
