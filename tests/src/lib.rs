//! Shared helpers of the conformance suites: reading case files, golden files and known differences.

pub mod cases;
