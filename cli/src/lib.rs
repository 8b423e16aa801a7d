//! puppet-cli: terminal rendering of results and diagnostics, and the JSON protocol of conformance runs.

pub mod facts;
pub mod protocol;
pub mod render;
