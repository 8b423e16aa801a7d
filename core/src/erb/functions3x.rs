//! The functions a template can call as `scope.function_<name>([args])`: Puppet's API gives that
//! method only to functions written for its 3.x API (Puppet's own, and puppetlabs-stdlib's when the
//! module is on the modulepath); `scope.call_function` reaches every function.

/// Puppet 7's functions that have a 3.x version (sorted).
const PUPPET: &[&str] = &[
    "assert_type", "binary_file", "break", "contain", "create_resources", "defined", "dig",
    "digest", "each", "epp", "fail", "file", "filter", "find_file", "fqdn_rand", "generate",
    "hiera", "hiera_array", "hiera_hash", "hiera_include", "include", "inline_epp",
    "inline_template", "lest", "lookup", "map", "match", "md5", "new", "next", "realize", "reduce",
    "regsubst", "require", "return", "reverse_each", "scanf", "sha1", "sha256", "shellquote",
    "slice", "split", "sprintf", "step", "strftime", "tag", "tagged", "template", "then", "type",
    "versioncmp", "with",
];

/// puppetlabs-stdlib 8.5's functions written for the 3.x API (sorted).
const STDLIB: &[&str] = &[
    "abs", "any2array", "any2bool", "assert_private", "base64", "basename", "bool2num", "bool2str",
    "camelcase", "capitalize", "ceiling", "chomp", "chop", "clamp", "concat", "convert_base",
    "count", "deep_merge", "defined_with_params", "delete", "delete_at", "delete_regex",
    "delete_undef_values", "delete_values", "deprecation", "difference", "dig", "dig44", "dirname",
    "dos2unix", "downcase", "empty", "enclose_ipv6", "ensure_packages", "ensure_resource",
    "ensure_resources", "flatten", "floor", "fqdn_rand_string", "fqdn_rotate", "fqdn_uuid",
    "get_module_path", "getparam", "getvar", "glob", "grep", "has_interface_with", "has_ip_address",
    "has_ip_network", "has_key", "hash", "intersection", "is_absolute_path", "is_array", "is_bool",
    "is_domain_name", "is_email_address", "is_float", "is_function_available", "is_hash",
    "is_integer", "is_ip_address", "is_ipv4_address", "is_ipv6_address", "is_mac_address",
    "is_numeric", "is_string", "join", "join_keys_to_values", "keys", "load_module_metadata",
    "loadjson", "loadyaml", "lstrip", "max", "member", "merge", "min", "num2bool", "parsejson",
    "parseyaml", "pick", "pick_default", "prefix", "private", "pry", "pw_hash", "range",
    "regexpescape", "reject", "reverse", "round", "rstrip", "seeded_rand", "shell_join",
    "shell_split", "shuffle", "size", "sort", "squeeze", "str2bool", "str2saltedpbkdf2",
    "str2saltedsha512", "strip", "suffix", "swapcase", "time", "to_bytes", "try_get_value", "type",
    "type3x", "union", "unique", "unix2dos", "upcase", "uriescape", "validate_absolute_path",
    "validate_array", "validate_augeas", "validate_bool", "validate_cmd", "validate_domain_name",
    "validate_email_address", "validate_hash", "validate_integer", "validate_ip_address",
    "validate_ipv4_address", "validate_ipv6_address", "validate_numeric", "validate_re",
    "validate_slength", "validate_string", "validate_x509_rsa_key_pair", "values", "values_at",
    "zip",
];

/// Whether `scope.function_<name>` exists (`stdlib`: the stdlib module is there).
pub(crate) fn has_3x_function(name: &str, stdlib: bool) -> bool {
    PUPPET.binary_search(&name).is_ok() || (stdlib && STDLIB.binary_search(&name).is_ok())
}

#[cfg(test)]
mod tests {
    #[test]
    fn lists_are_sorted() {
        assert!(super::PUPPET.windows(2).all(|w| w[0] < w[1]));
        assert!(super::STDLIB.windows(2).all(|w| w[0] < w[1]));
    }
}
