//! What the editor says about Puppet's built-in functions not yet declared as data (their
//! dispatches as Puppet's function reference lists them, in our words) and about the data types
//! (their parameters).

/// `(name, signatures, description)`; a block's parameters are written `|n parameters|`.
const FUNCTIONS: &[(&str, &[&str], &str)] = &[
    ("alert", &["alert(Any *$values)"], "logs the values at level alert"),
    ("all", &["all(Hash $hash) |1 or 2 parameters|", "all(Iterable $collection) |1 or 2 parameters|"], "true when the block is truthy for every element"),
    ("any", &["any(Hash $hash) |1 or 2 parameters|", "any(Iterable $collection) |1 or 2 parameters|"], "true when the block is truthy for some element"),
    ("assert_type", &["assert_type(Type $type, Any $value) |2 parameters|", "assert_type(String $type, Any $value) |2 parameters|"], "the value when it matches the type; else an error, or the block's answer"),
    ("binary_file", &["binary_file(String $path)"], "a module file's content as Binary"),
    ("break", &["break()"], "stops the iteration it is in"),
    ("call", &["call(String $function, Any *$args) |n parameters|"], "calls the function named by a string"),
    ("compare", &["compare(Any $a, Any $b)", "compare(String $a, String $b, Boolean $ignore_case)"], "-1, 0 or 1 as the first value is smaller, equal or greater"),
    ("contain", &["contain(Variant[String, Class, Resource, Array] *$names)"], "declares the classes and contains them in the current class"),
    ("convert_to", &["convert_to(Any $value, Type $type, Any *$args) |1 parameter|"], "the value converted to the type (as new does)"),
    ("create_resources", &["create_resources(String $type, Hash $resources, Optional[Hash] $defaults)"], "declares a resource per key of the hash"),
    ("crit", &["crit(Any *$values)"], "logs the values at level crit"),
    ("debug", &["debug(Any *$values)"], "logs the values at level debug"),
    ("defined", &["defined(Variant[String, Type, Resource] *$names)"], "whether the classes, types, resources or variables exist"),
    ("digest", &["digest(String $value)"], "the value's digest with the configured algorithm"),
    ("each", &["each(Hash $hash) |1 or 2 parameters|", "each(Iterable $collection) |1 or 2 parameters|"], "runs the block for every element; returns the collection"),
    ("emerg", &["emerg(Any *$values)"], "logs the values at level emerg"),
    ("empty", &["empty(Variant[Collection, String, Binary, Numeric, Undef] $value)"], "whether the value has no elements or characters"),
    ("epp", &["epp(String $template, Optional[Hash[Pattern[/^\\w+$/], Any]] $parameters)"], "renders a module's EPP template"),
    ("err", &["err(Any *$values)"], "logs the values at level err"),
    ("fail", &["fail(Any *$message)"], "stops the compilation with an error"),
    ("file", &["file(String *$paths)"], "the content of the first module file that exists"),
    ("filter", &["filter(Hash $hash) |1 or 2 parameters|", "filter(Iterable $collection) |1 or 2 parameters|"], "the elements for which the block is truthy"),
    ("find_file", &["find_file(String *$paths)"], "the absolute path of the first module file that exists"),
    ("find_template", &["find_template(String *$paths)"], "the absolute path of the first template that exists"),
    ("flatten", &["flatten(Any *$values)"], "an array of the values with nested arrays flattened"),
    ("fqdn_rand", &["fqdn_rand(Variant[Integer, String] $max, Any *$seed)"], "a number below max, random but stable for the node"),
    ("generate", &["generate(String $command, String *$arguments)"], "the output of a command run on the compiler"),
    ("get", &["get(Any $value, String $path, Optional[Any] $default) |1 parameter|"], "the value at a dotted path into the value"),
    ("getvar", &["getvar(String $name, Optional[Any] $default)"], "the value of a variable named by a string, with a dotted path"),
    ("group_by", &["group_by(Iterable $collection) |1 or 2 parameters|"], "a hash of the elements grouped by the block's answer"),
    ("hiera", &["hiera(String $key, Optional[Any] $default, Optional[Any] $override)"], "a Hiera value (deprecated: use lookup)"),
    ("hiera_array", &["hiera_array(String $key, Optional[Any] $default, Optional[Any] $override)"], "every level's values merged in an array (deprecated: use lookup)"),
    ("hiera_hash", &["hiera_hash(String $key, Optional[Any] $default, Optional[Any] $override)"], "every level's hashes merged (deprecated: use lookup)"),
    ("hiera_include", &["hiera_include(String $key, Optional[Any] $default, Optional[Any] $override)"], "includes the classes Hiera lists (deprecated: use lookup and include)"),
    ("include", &["include(Variant[String, Class, Resource, Array] *$names)"], "declares the classes, once each"),
    ("index", &["index(Iterable $collection, Any $value)", "index(String $string, String $substring)", "index(Iterable $collection) |1 or 2 parameters|"], "the index or key of the first match, or undef"),
    ("info", &["info(Any *$values)"], "logs the values at level info"),
    ("inline_epp", &["inline_epp(String $template, Optional[Hash[Pattern[/^\\w+$/], Any]] $parameters)"], "renders an EPP template given as a string"),
    ("inline_template", &["inline_template(String *$templates)"], "renders ERB templates given as strings"),
    ("lest", &["lest(Any $value) |0 parameters|"], "the value, or the block's answer when it is undef"),
    ("lookup", &["lookup(Variant[String, Array[String]] $name, Optional[Type] $value_type, Optional[Variant[String, Hash]] $merge, Optional[Any] $default_value)", "lookup(Variant[String, Array[String]] $name, Optional[Hash] $options) |1 parameter|"], "a value from Hiera's data, with type, merge and default"),
    ("map", &["map(Hash $hash) |1 or 2 parameters|", "map(Iterable $collection) |1 or 2 parameters|"], "an array of the block's answers for every element"),
    ("match", &["match(String $string, Variant[String, Regexp, Type[Pattern], Type[Regexp]] $pattern)", "match(Array[String] $strings, Variant[String, Regexp, Type[Pattern], Type[Regexp]] $pattern)"], "the match and its groups, or undef"),
    ("max", &["max(Any *$values) |2 parameters|"], "the greatest value"),
    ("md5", &["md5(String $value)"], "the value's MD5 as hex"),
    ("min", &["min(Any *$values) |2 parameters|"], "the smallest value"),
    ("module_directory", &["module_directory(String *$names)"], "the directory of the first module that exists"),
    ("new", &["new(Type $type, Any *$args) |1 parameter|"], "a new value of the type from the arguments"),
    ("next", &["next(Optional[Any] $value)"], "ends this element's block with the value"),
    ("notice", &["notice(Any *$values)"], "logs the values at level notice"),
    ("partition", &["partition(Hash $hash) |1 or 2 parameters|", "partition(Iterable $collection) |1 or 2 parameters|"], "two arrays: the elements for which the block is truthy, and the rest"),
    ("realize", &["realize(Variant[String, Resource, Array] *$resources)"], "makes virtual resources real"),
    ("reduce", &["reduce(Iterable $collection) |2 parameters|", "reduce(Iterable $collection, Any $start) |2 parameters|"], "the block applied to a memo and every element in turn"),
    ("regsubst", &["regsubst(Variant[Array[String], String] $target, Variant[String, Regexp] $pattern, String $replacement, Optional[String] $flags, Optional[Enum['N', 'E', 'S', 'U']] $encoding)"], "the target with the pattern's matches replaced"),
    ("require", &["require(Variant[String, Class, Resource, Array] *$names)"], "declares the classes and makes the current one depend on them"),
    ("return", &["return(Optional[Any] $value)"], "ends the function or class with the value"),
    ("reverse_each", &["reverse_each(Iterable $collection) |1 parameter|"], "the elements in reverse order, or the block run on them"),
    ("scanf", &["scanf(String $data, String $format) |1 parameter|"], "the values a scanf format reads from the string"),
    ("sha1", &["sha1(String $value)"], "the value's SHA-1 as hex"),
    ("sha256", &["sha256(String $value)"], "the value's SHA-256 as hex"),
    ("shellquote", &["shellquote(Variant[String, Array] *$args)"], "the arguments quoted for a POSIX shell"),
    ("slice", &["slice(Iterable $collection, Integer[1] $size) |n parameters|"], "the elements in slices of the size"),
    ("sort", &["sort(Variant[String, Array] $values) |2 parameters|"], "the values sorted, by the block when given"),
    ("split", &["split(String $string, Variant[String, Regexp, Type[Regexp]] $pattern)"], "the string's parts between the pattern's matches"),
    ("sprintf", &["sprintf(String $format, Any *$arguments)"], "the arguments formatted as the format says"),
    ("step", &["step(Iterable $collection, Integer[1] $step) |1 parameter|"], "every step-th element"),
    ("strftime", &["strftime(Variant[Timestamp, Timespan] $time, String $format, Optional[String] $timezone)", "strftime(String $format, Optional[String] $timezone)"], "the time formatted as the format says"),
    ("tag", &["tag(Variant[String, Array] *$tags)"], "adds the tags to the current class or define"),
    ("tagged", &["tagged(Variant[String, Array] *$tags)"], "whether the current class or define has all the tags"),
    ("template", &["template(String *$paths)"], "renders module ERB templates, concatenated"),
    ("then", &["then(Any $value) |1 parameter|"], "the block's answer for the value, or undef when it is undef"),
    ("tree_each", &["tree_each(Variant[Iterator, Array, Hash, Object] $tree, Optional[Hash] $options) |1 or 2 parameters|"], "runs the block for every node of a nested structure"),
    ("unique", &["unique(Iterable $values) |1 parameter|"], "the values without repeats"),
    ("unwrap", &["unwrap(Sensitive $value) |1 parameter|"], "the value a Sensitive wraps"),
    ("warning", &["warning(Any *$values)"], "logs the values at level warning"),
    ("with", &["with(Any *$args) |n parameters|"], "the block's answer for the arguments"),
];

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

/// A built-in function's signatures and description from the table.
pub fn function(name: &str) -> Option<(&'static [&'static str], &'static str)> {
    FUNCTIONS
        .iter()
        .find(|(n, ..)| *n == name)
        .map(|(_, signatures, doc)| (*signatures, *doc))
}

/// `Integer[Integer $from, Integer $to]: whole numbers within from..to`.
pub fn data_type(name: &str) -> Option<alloc::string::String> {
    let (name, parameters, doc) = TYPES.iter().find(|(n, ..)| *n == name)?;
    Some(alloc::format!("{name}{parameters}: {doc}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_and_undeclared_function_is_described() {
        for name in crate::eval::type_names() {
            assert!(data_type(name).is_some(), "{name}");
        }
        for name in crate::eval::function_names() {
            let described = function(name).is_some()
                || crate::functions::declaration(name).is_some()
                || name == "import"
                || name == "annotate";
            assert!(described, "{name}");
        }
    }

    #[test]
    fn every_signature_names_its_function() {
        for (name, signatures, _) in FUNCTIONS {
            for signature in *signatures {
                assert!(
                    signature.starts_with(&alloc::format!("{name}(")),
                    "{signature}"
                );
            }
        }
    }
}
