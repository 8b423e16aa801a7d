//! Puppet's validation rules that are syntactic in nature (stub).

use alloc::vec::Vec;

use super::ast::Program;
use crate::diagnostic::Diagnostic;

pub fn validate(_program: &Program, _source: &str, _template: bool) -> Vec<Diagnostic> {
    Vec::new()
}
