//! The TypeScript declarations of what the facade's functions take and answer (the npm package's
//! `.d.ts`): `wasm/puppet_engine_types.d.ts`, derived from the Rust types by the test below, put
//! beside the functions wasm-bindgen declares.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const DECLARATIONS: &'static str = include_str!("../puppet_engine_types.d.ts");

/// The declarations from the types (the full build's: the default features), each with its doc
/// comment, compared with the committed file; `UPDATE_TYPES=1` writes it.
#[cfg(all(test, feature = "ide", feature = "yaml", feature = "lint"))]
mod tests {
    use puppet_core::{ide, lint, report, Severity};
    use ts_rs::{Config, TS};

    /// One declaration: the type's doc comment, `export`, and its fields one a line.
    fn declaration<T: TS>(config: &Config) -> String {
        let decl = T::decl(config);
        let mut out = T::docs().unwrap_or_default();
        out.push_str("export ");
        out.push_str(&fields_on_lines(&decl));
        out.push_str("\n\n");
        out
    }

    /// `type X = { a: A, b: B, };` laid out one field a line (ts-rs writes them on one line):
    /// a break after each comma outside brackets and strings, at the object's own depth.
    fn fields_on_lines(decl: &str) -> String {
        let mut out = String::new();
        let mut depth = 0i32;
        let mut quoted = false;
        let mut chars = decl.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '"' | '\'' => quoted = !quoted,
                '{' | '[' | '(' | '<' if !quoted => depth += 1,
                '}' | ']' | ')' | '>' if !quoted => depth -= 1,
                _ => {}
            }
            if c == ' ' && out.ends_with(',') && depth == 1 && !quoted {
                out.push_str("\n  ");
                continue;
            }
            if c == '\n' && depth == 1 {
                out.push_str("\n  ");
                while chars.peek() == Some(&' ') {
                    chars.next();
                }
                continue;
            }
            out.push(c);
        }
        out.replace("{ \n  ", "{\n  ").replace(", }", ",\n}")
    }

    fn declarations() -> String {
        let config = Config::default();
        let mut out = String::from(
            "// The data the engine's functions take and answer: derived from its Rust types\n\
             // (wasm/src/typescript.rs: UPDATE_TYPES=1 cargo test -p puppet-wasm typescript).\n\n",
        );
        for text in [
            declaration::<crate::Options>(&config),
            declaration::<report::RunReport>(&config),
            declaration::<crate::NeedsFullEngine>(&config),
            declaration::<report::DiagnosticReport>(&config),
            declaration::<Severity>(&config),
            declaration::<report::NoteReport>(&config),
            declaration::<report::LogReport>(&config),
            declaration::<puppet_core::LogLevel>(&config),
            declaration::<report::StatementReport>(&config),
            declaration::<report::ResourceReport>(&config),
            declaration::<report::LookupCallReport>(&config),
            declaration::<puppet_core::LookupKind>(&config),
            declaration::<report::GraphReport>(&config),
            declaration::<report::GraphNodeReport>(&config),
            declaration::<report::GraphEdgeReport>(&config),
            declaration::<puppet_core::EdgeKind>(&config),
            declaration::<report::CycleReport>(&config),
            declaration::<report::RecordedReport>(&config),
            declaration::<report::RecordedValueReport>(&config),
            declaration::<report::TokenReport>(&config),
            declaration::<crate::EnvironmentLimits>(&config),
            declaration::<crate::lookup::Query>(&config),
            declaration::<report::LookupReport>(&config),
            declaration::<ide::Completions>(&config),
            declaration::<ide::Completion>(&config),
            declaration::<ide::CompletionKind>(&config),
            declaration::<ide::Target>(&config),
            declaration::<ide::Docs>(&config),
            declaration::<ide::SignatureHelp>(&config),
            declaration::<ide::Signature>(&config),
            declaration::<ide::Symbol>(&config),
            declaration::<ide::SymbolKind>(&config),
            declaration::<crate::lint::LintOptions>(&config),
            declaration::<lint::Finding>(&config),
            declaration::<lint::Kind>(&config),
        ] {
            out.push_str(&text);
        }
        out.trim_end().to_string() + "\n"
    }

    #[test]
    fn the_committed_declarations_are_the_rust_types() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puppet_engine_types.d.ts");
        let derived = declarations();
        if std::env::var_os("UPDATE_TYPES").is_some() {
            std::fs::write(path, &derived).expect("write the declarations");
        }
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == derived,
            "{path} differs from the Rust types: run UPDATE_TYPES=1 cargo test -p puppet-wasm \
             typescript, and review the difference"
        );
    }

    /// Every name the functions' signatures give (`unchecked_return_type`, ...) is declared.
    #[test]
    fn the_functions_name_only_declared_types() {
        let declared = declarations();
        let lib = include_str!("lib.rs");
        for name in lib
            .split("_type = \"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .flat_map(|types| types.split(['|', '[', ']', ' ']))
            .filter(|name| !name.is_empty() && *name != "null")
        {
            assert!(
                declared.contains(&format!("export type {name} ")),
                "{name} is not declared"
            );
        }
    }
}
