//! The page's generated data about the engine's built-ins (`web/src/generated/builtins.js`) is
//! what `core/examples/page_builtins.rs` writes from the engine's declarations now: run
//! `cargo run -p puppet-core --example page_builtins -- web/src/generated/builtins.js` (or
//! `scripts/build-web.sh`) after changing a declaration.

#[path = "../examples/page_builtins.rs"]
mod generator;

#[test]
fn the_committed_page_data_is_current() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/generated/builtins.js");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generator::page_module(),
        "{} is stale: run `cargo run -p puppet-core --example page_builtins -- web/src/generated/builtins.js`",
        path.display()
    );
}
