//! Writes what the page knows of the engine's built-ins, generated from the engine itself:
//! `cargo run -p puppet-core --example page_builtins -- web/src/generated/builtins.js` (without
//! a path it prints the module). `scripts/build-web.sh` runs it; `core/tests/page_builtins.rs`
//! fails when the committed file is not what this writes.

/// The generated JavaScript module: Puppet's own functions (for the links to Puppet's function
/// reference), and puppet-lint's checks in their order with those off by default.
pub fn page_module() -> String {
    let functions: Vec<puppet_core::FunctionInfo> = puppet_core::builtin_functions().collect();
    let puppet: Vec<&str> = functions
        .iter()
        .filter(|f| f.origin == "puppet")
        .map(|f| f.name)
        .collect();
    let mut out = String::from(
        "// What the page knows of the engine's built-ins, generated from the engine's own declarations\n\
         // by core/examples/page_builtins.rs (scripts/build-web.sh runs it): do not edit.\n\n",
    );
    let mut export = |doc: &str, name: &str, value: String| {
        out.push_str(&format!("/** {doc} */\nexport const {name} = {value};\n\n"));
    };
    export(
        "Puppet's own functions: each has an entry in Puppet's function reference.",
        "PUPPET_FUNCTIONS",
        pretty(&puppet),
    );
    export(
        "puppet-lint's checks, in the order puppet-lint runs and reports them.",
        "LINT_CHECKS",
        pretty(puppet_core::lint::CHECKS),
    );
    export(
        "The checks puppet-lint leaves off unless asked for.",
        "LINT_OFF_BY_DEFAULT",
        pretty(puppet_core::lint::DISABLED_BY_DEFAULT),
    );
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// A list written as pretty JSON (which is JavaScript too).
fn pretty(names: &[&str]) -> String {
    serde_json::to_string_pretty(names).unwrap_or_default()
}

#[allow(dead_code)]
fn main() -> std::io::Result<()> {
    let module = page_module();
    match std::env::args().nth(1) {
        Some(path) => std::fs::write(path, module),
        None => {
            print!("{module}");
            Ok(())
        }
    }
}
