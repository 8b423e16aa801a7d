//! The string form of types, exactly as Puppet prints them (`Integer[1, 10]`, `Integer[default, 5]`).

use core::fmt;

use super::Type;

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Undef => f.write_str("Undef"),
            Type::Integer {
                from: None,
                to: None,
            } => f.write_str("Integer"),
            Type::Integer { from, to } => {
                f.write_str("Integer[")?;
                match from {
                    Some(n) => write!(f, "{n}")?,
                    None => f.write_str("default")?,
                }
                match to {
                    Some(n) => write!(f, ", {n}]"),
                    None => f.write_str("]"),
                }
            }
        }
    }
}
