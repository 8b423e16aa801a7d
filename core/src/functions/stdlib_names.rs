//! The names of puppetlabs-stdlib's functions the engine knows (those it runs and those it refuses),
//! in every build: the page's light engine, built without the `stdlib` feature, hands a call of one
//! of them over to the full engine (the error NEEDS_STDLIB, which the facade turns into
//! `{ needsFullEngine: "stdlib" }`), and counts them as built-in as the full engine does.

use crate::eval::flow::{error, Unwind};
use crate::span::Span;

/// The code of the light build's hand-over error.
pub const NEEDS_STDLIB: &str = "NEEDS_STDLIB";

/// Sorted: every name `stdlib::find` or `stdlib::refused` answers (a test holds them together).
const NAMES: &[&str] = &[
    "any2array",
    "any2bool",
    "assert_private",
    "base64",
    "basename",
    "batch_escape",
    "bool2num",
    "bool2str",
    "clamp",
    "concat",
    "convert_base",
    "count",
    "deep_merge",
    "defined_with_params",
    "delete",
    "delete_at",
    "delete_regex",
    "delete_undef_values",
    "delete_values",
    "deprecation",
    "difference",
    "dig44",
    "dirname",
    "dos2unix",
    "enclose_ipv6",
    "ensure_packages",
    "ensure_resource",
    "ensure_resources",
    "fact",
    "fqdn_rand_string",
    "fqdn_rotate",
    "fqdn_uuid",
    "get_module_path",
    "getparam",
    "glob",
    "grep",
    "has_interface_with",
    "has_ip_address",
    "has_ip_network",
    "has_key",
    "hash",
    "intersection",
    "is_a",
    "is_absolute_path",
    "is_array",
    "is_bool",
    "is_domain_name",
    "is_email_address",
    "is_float",
    "is_function_available",
    "is_hash",
    "is_integer",
    "is_ip_address",
    "is_ipv4_address",
    "is_ipv6_address",
    "is_mac_address",
    "is_numeric",
    "is_string",
    "join_keys_to_values",
    "load_module_metadata",
    "loadjson",
    "loadyaml",
    "member",
    "merge",
    "num2bool",
    "os_version_gte",
    "parsehocon",
    "parsejson",
    "parsepson",
    "parseyaml",
    "pick",
    "pick_default",
    "powershell_escape",
    "prefix",
    "pry",
    "pw_hash",
    "range",
    "regexpescape",
    "reject",
    "reverse",
    "seeded_rand",
    "seeded_rand_string",
    "shell_escape",
    "shell_join",
    "shell_split",
    "shuffle",
    "sprintf_hash",
    "squeeze",
    "stdlib::end_with",
    "stdlib::extname",
    "stdlib::ip_in_range",
    "stdlib::start_with",
    "stdlib::str2resource",
    "stdlib::xml_encode",
    "str2bool",
    "str2saltedpbkdf2",
    "str2saltedsha512",
    "suffix",
    "swapcase",
    "time",
    "to_bytes",
    "to_json",
    "to_json_pretty",
    "to_python",
    "to_ruby",
    "to_toml",
    "to_yaml",
    "try_get_value",
    "type3x",
    "type_of",
    "union",
    "unix2dos",
    "uriescape",
    "validate_absolute_path",
    "validate_array",
    "validate_augeas",
    "validate_bool",
    "validate_cmd",
    "validate_domain_name",
    "validate_email_address",
    "validate_hash",
    "validate_integer",
    "validate_ip_address",
    "validate_ipv4_address",
    "validate_ipv6_address",
    "validate_legacy",
    "validate_numeric",
    "validate_re",
    "validate_slength",
    "validate_string",
    "validate_x509_rsa_key_pair",
    "values_at",
    "zip",
];

/// Whether `name` is one of stdlib's functions the engine knows.
#[cfg(feature = "ide")]
/// Every stdlib function name the engine knows, sorted.
pub(crate) fn names() -> impl Iterator<Item = &'static str> {
    NAMES.iter().copied()
}

pub(crate) fn is_stdlib(name: &str) -> bool {
    NAMES.binary_search(&name).is_ok()
}

/// The light build's answer to a call of stdlib's `name` at `span`: the run goes to the full engine.
#[cfg_attr(feature = "stdlib", allow(dead_code))]
pub(crate) fn needs_stdlib(name: &str, span: Span) -> Unwind {
    error(
        NEEDS_STDLIB,
        alloc::format!(
            "The function '{name}' is puppetlabs-stdlib's, which this build of the engine does not have (the playground loads the engine that has it)"
        ),
        span,
    )
}

/// The light build's answer where stdlib's Puppet-language side (`what`: "The type alias
/// 'Stdlib::Port'", "The resource type 'file_line'", ...) is wanted and no module provides it.
#[cfg_attr(feature = "stdlib", allow(dead_code))]
pub(crate) fn needs_stdlib_part(what: &str, span: Span) -> Unwind {
    error(
        NEEDS_STDLIB,
        alloc::format!(
            "{what} is puppetlabs-stdlib's, which this build of the engine does not have without the module (the playground loads the engine that has it)"
        ),
        span,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_sorted_for_the_binary_search() {
        assert!(NAMES.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(is_stdlib("pick") && is_stdlib("pw_hash") && is_stdlib("is_string"));
        assert!(!is_stdlib("notice") && !is_stdlib("pik"));
    }

    #[cfg(feature = "stdlib")]
    #[test]
    fn names_are_the_functions_the_stdlib_module_answers() {
        use alloc::collections::BTreeSet;
        let known: BTreeSet<&str> = super::super::stdlib::all()
            .map(|(name, _)| name)
            .chain(super::super::stdlib::refused_names())
            .collect();
        let listed: BTreeSet<&str> = NAMES.iter().copied().collect();
        assert_eq!(known, listed);
    }
}
