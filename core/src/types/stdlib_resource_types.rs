//! The resource types puppetlabs-stdlib 8.5.0 implements in Ruby, known to the full engine as
//! the built-in ones are (same shape as `resource_types.rs`): a compile checks their attribute
//! names; the checks of their values (`path` fully qualified, `line` required) are the agent's.

/// `file_line` (a line in a file; its namevar `name`) and `anchor` (a placeholder for ordering).
#[rustfmt::skip]
pub(crate) const STDLIB_RESOURCE_TYPES: &[(&str, &str, bool, &str)] = &[
    ("anchor", "name", true, ""),
    ("file_line", "name", true, "ensure line path match match_for_absence multiple after replace replace_all_matches_not_matching_line encoding append_on_no_match"),
];
