//! What the editor says about the data types: their parameters and a line of description.

/// `(name, parameters, description)` of the data types.
const TYPES: &[(&str, &str, &str)] = &[
    ("Any", "", "every value"),
    (
        "Array",
        "[Type $element, Integer $min, Integer $max]",
        "arrays whose elements match the element type, of a size within min..max",
    ),
    ("Binary", "", "sequences of bytes"),
    ("Boolean", "", "true and false"),
    (
        "Callable",
        "[Type *$parameters, Integer $min, Integer $max, Callable $block]",
        "functions and lambdas taking such arguments",
    ),
    ("CatalogEntry", "", "resources and classes"),
    ("Class", "[String $name]", "classes (of that name)"),
    (
        "Collection",
        "[Integer $min, Integer $max]",
        "arrays and hashes of a size within min..max",
    ),
    (
        "Data",
        "",
        "what JSON holds: Scalar data, Undef, and arrays and hashes of Data with string keys",
    ),
    ("Default", "", "the default value"),
    (
        "Deferred",
        "",
        "calls run when the agent applies the catalog",
    ),
    (
        "Enum",
        "[String *$values, Boolean $case_insensitive]",
        "exactly those strings",
    ),
    (
        "Error",
        "[String $kind, String $issue_code]",
        "errors, as returned by catch_errors",
    ),
    (
        "Float",
        "[Float $from, Float $to]",
        "floating point numbers within from..to",
    ),
    (
        "Hash",
        "[Type $key, Type $value, Integer $min, Integer $max]",
        "hashes whose keys and values match, of a size within min..max",
    ),
    (
        "Init",
        "[Type $type, Any *$arguments]",
        "values new can turn into the type",
    ),
    (
        "Integer",
        "[Integer $from, Integer $to]",
        "whole numbers within from..to",
    ),
    (
        "Iterable",
        "[Type $element]",
        "what the iteration functions accept",
    ),
    (
        "Iterator",
        "[Type $element]",
        "lazy iterations, such as reverse_each's",
    ),
    (
        "NotUndef",
        "[Type $type]",
        "any value but undef (that also matches the type)",
    ),
    ("Numeric", "", "integers and floats"),
    (
        "Object",
        "[Hash $definition]",
        "objects with attributes and functions",
    ),
    ("Optional", "[Type $type]", "undef or the type"),
    (
        "Pattern",
        "[Variant[String, Regexp] *$patterns]",
        "strings matching one of the regular expressions",
    ),
    (
        "Regexp",
        "[Variant[String, Regexp] $pattern]",
        "regular expressions (that one)",
    ),
    (
        "Resource",
        "[String $type, String $title]",
        "resource references (of that type and title)",
    ),
    (
        "RichData",
        "",
        "Data plus the types Puppet can serialize (Binary, Timestamp, Sensitive, ...)",
    ),
    (
        "Runtime",
        "[String $runtime, String $name]",
        "values of the implementation language",
    ),
    (
        "Scalar",
        "",
        "strings, numbers, booleans, regexps, timestamps and timespans",
    ),
    ("ScalarData", "", "strings, integers, floats and booleans"),
    (
        "SemVer",
        "[SemVerRange *$ranges]",
        "semantic versions within the ranges",
    ),
    ("SemVerRange", "", "ranges of semantic versions"),
    (
        "Sensitive",
        "[Type $type]",
        "values kept out of logs and reports",
    ),
    (
        "String",
        "[Integer $min, Integer $max]",
        "strings of a length within min..max",
    ),
    (
        "Struct",
        "[Hash[Variant[String, Type], Type] $members]",
        "hashes with exactly those keys (Optional ones may be missing)",
    ),
    (
        "Timespan",
        "[Timespan $from, Timespan $to]",
        "durations within from..to",
    ),
    (
        "Timestamp",
        "[Timestamp $from, Timestamp $to]",
        "points in time within from..to",
    ),
    (
        "Tuple",
        "[Type *$elements, Integer $min, Integer $max]",
        "arrays whose elements match the types in order",
    ),
    ("Type", "[Type $type]", "types (those the type matches)"),
    ("TypeSet", "[Hash $definition]", "named sets of types"),
    (
        "URI",
        "[Variant[String, Hash] $parts]",
        "URIs (with those parts)",
    ),
    ("Undef", "", "undef"),
    (
        "Unit",
        "",
        "every value, and it is assignable to every type",
    ),
    ("Variant", "[Type *$types]", "a value of any of the types"),
];

/// `Integer[Integer $from, Integer $to]: whole numbers within from..to`.
pub fn data_type(name: &str) -> Option<alloc::string::String> {
    let (name, parameters, doc) = TYPES.iter().find(|(n, ..)| *n == name)?;
    Some(alloc::format!("{name}{parameters}: {doc}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_is_described() {
        for name in crate::eval::type_names() {
            assert!(data_type(name).is_some(), "{name}");
        }
    }
}
