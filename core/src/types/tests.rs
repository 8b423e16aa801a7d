//! Unit tests of the type system built directly from types and values.

use super::*;

#[test]
fn debug_data() {
    let expansion = assignable::data_expansion();
    std::eprintln!("{}", expansion.normalize());
    std::eprintln!(
        "{:?}",
        describe_type_mismatch(
            &Type::Data,
            &Type::hash_of(
                Type::integer(Some(1), Some(1)),
                Type::integer(Some(2), Some(2))
            )
        )
    );
}
