//! Runtime values of the Puppet language and their string forms.

mod display;

pub use display::programmatic;

/// A Puppet value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Undef,
    Integer(i64),
}
