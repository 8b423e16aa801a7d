//! The closed value sets of built-in types' attributes (the table of `attribute_values.rs`),
//! read into a list per type the first time a compile declares a resource of that type: a compile
//! checks every resource's attributes against them.

use alloc::vec::Vec;

use super::attribute_values::ATTRIBUTE_VALUES;

/// One attribute's closed set: the values as Puppet lists them and the aliases it also accepts.
#[derive(Clone, Copy)]
pub(crate) struct ClosedSet {
    pub attribute: &'static str,
    pub values: &'static str,
    pub aliases: &'static str,
}

/// The closed sets of each resource type met so far (none for a defined type).
#[derive(Default)]
pub(crate) struct ClosedValues {
    types: super::per_type::PerType<Vec<ClosedSet>>,
}

impl ClosedValues {
    /// The closed sets of `type_name`'s attributes (lower-cased), read from the table once.
    pub(crate) fn of(&mut self, type_name: &str) -> &[ClosedSet] {
        match self.types.get_or_make(type_name, || sets_of(type_name)) {
            Some(sets) => sets,
            None => &[],
        }
    }
}

fn sets_of(type_name: &str) -> Vec<ClosedSet> {
    ATTRIBUTE_VALUES
        .lines()
        .filter_map(|line| {
            let (attribute, rest) = line
                .strip_prefix(type_name)?
                .strip_prefix(' ')?
                .split_once(' ')?;
            let (values, aliases) = rest.split_once('|')?;
            Some(ClosedSet {
                attribute,
                values,
                aliases,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::ClosedValues;

    #[test]
    fn a_types_sets_are_its_own_lines_of_the_table() {
        let mut known = ClosedValues::default();
        let service: alloc::vec::Vec<_> = known.of("service").iter().map(|s| s.attribute).collect();
        assert_eq!(service, ["enable", "ensure", "hasrestart", "hasstatus"]);
        let ensure = known.of("service")[1];
        assert_eq!(
            (ensure.values, ensure.aliases),
            ("stopped running", "false true")
        );
        // `file` is a prefix of no other type's name in the table, and `user` not of `users`.
        assert!(known.of("fil").is_empty());
        assert!(known.of("m0::site").is_empty());
    }
}
