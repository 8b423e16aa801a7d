//! The Puppet type system: types, inference of a value's type, generalisation and printing.

mod infer;
mod print;

pub use infer::infer;

/// A Puppet type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Type {
    Undef,
    /// `Integer[from, to]`; `None` stands for an open end (`default`).
    Integer {
        from: Option<i64>,
        to: Option<i64>,
    },
}

impl Type {
    /// The general form of a type, as `type(v, 'generalized')` gives it (ranges dropped).
    pub fn generalize(&self) -> Type {
        match self {
            Type::Undef => Type::Undef,
            Type::Integer { .. } => Type::Integer {
                from: None,
                to: None,
            },
        }
    }
}
