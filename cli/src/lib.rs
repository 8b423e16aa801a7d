//! puppet-cli: terminal rendering of results and diagnostics, and the JSON protocol of conformance runs.

mod beside;
pub mod bounded_read;
pub mod clock;
pub mod confine;
mod dir_files;
mod env_notes;
pub mod facts;
pub mod facts_presets;
mod late_teardown;
pub mod lsp;
pub mod protocol;
mod read_ahead;
pub mod render;
pub mod ruby_render;
mod ruby_yaml;
pub mod walk;
pub mod workspace;
