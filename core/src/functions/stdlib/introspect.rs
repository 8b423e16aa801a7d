//! stdlib's functions that ask about values and functions the old way: `type3x` (a value's
//! 3.x type name) and `is_function_available` (whether a 3.x function of that name exists).

use alloc::format;
use alloc::vec::Vec;

use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::value::Value;

/// Puppet 7's own functions written with the 3.x API (what `Puppet::Parser::Functions.function`
/// finds), the log functions among them.
const PUPPET_3X: &[&str] = &[
    "alert",
    "assert_type",
    "binary_file",
    "break",
    "contain",
    "create_resources",
    "crit",
    "debug",
    "defined",
    "dig",
    "digest",
    "each",
    "emerg",
    "epp",
    "err",
    "fail",
    "file",
    "filter",
    "find_file",
    "fqdn_rand",
    "generate",
    "hiera",
    "hiera_array",
    "hiera_hash",
    "hiera_include",
    "include",
    "info",
    "inline_epp",
    "inline_template",
    "lest",
    "lookup",
    "map",
    "match",
    "md5",
    "new",
    "next",
    "notice",
    "realize",
    "reduce",
    "regsubst",
    "require",
    "return",
    "reverse_each",
    "scanf",
    "sha1",
    "sha256",
    "shellquote",
    "slice",
    "split",
    "sprintf",
    "step",
    "strftime",
    "tag",
    "tagged",
    "template",
    "then",
    "type",
    "versioncmp",
    "warning",
    "with",
];

/// puppetlabs-stdlib 8.5.0's functions written with the 3.x API.
const STDLIB_3X: &[&str] = &[
    "abs",
    "any2array",
    "any2bool",
    "assert_private",
    "base64",
    "basename",
    "bool2num",
    "bool2str",
    "camelcase",
    "capitalize",
    "ceiling",
    "chomp",
    "chop",
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
    "dig",
    "dig44",
    "dirname",
    "dos2unix",
    "downcase",
    "empty",
    "enclose_ipv6",
    "ensure_packages",
    "ensure_resource",
    "ensure_resources",
    "flatten",
    "floor",
    "fqdn_rand_string",
    "fqdn_rotate",
    "fqdn_uuid",
    "get_module_path",
    "getparam",
    "getvar",
    "glob",
    "grep",
    "has_interface_with",
    "has_ip_address",
    "has_ip_network",
    "has_key",
    "hash",
    "intersection",
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
    "join",
    "join_keys_to_values",
    "keys",
    "load_module_metadata",
    "loadjson",
    "loadyaml",
    "lstrip",
    "max",
    "member",
    "merge",
    "min",
    "num2bool",
    "parsejson",
    "parseyaml",
    "pick",
    "pick_default",
    "prefix",
    "private",
    "pry",
    "pw_hash",
    "range",
    "regexpescape",
    "reject",
    "reverse",
    "round",
    "rstrip",
    "seeded_rand",
    "shell_join",
    "shell_split",
    "shuffle",
    "size",
    "sort",
    "squeeze",
    "str2bool",
    "str2saltedpbkdf2",
    "str2saltedsha512",
    "strip",
    "suffix",
    "swapcase",
    "time",
    "to_bytes",
    "try_get_value",
    "type",
    "type3x",
    "union",
    "unique",
    "unix2dos",
    "upcase",
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
    "validate_numeric",
    "validate_re",
    "validate_slength",
    "validate_string",
    "validate_x509_rsa_key_pair",
    "values",
    "values_at",
    "zip",
];

pub(super) fn is_function_available(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    if args.len() != 1 {
        return Err(site.fail(format!(
            "is_function_available?(): Wrong number of arguments given {} for 1",
            args.len()
        )));
    }
    let Value::String(name) = &args[0] else {
        return Ok(Value::Boolean(false));
    };
    let name = &**name;
    Ok(Value::Boolean(
        PUPPET_3X.contains(&name) || STDLIB_3X.contains(&name),
    ))
}

/// Ruby's `to_f.to_s` of a string equals the string: a float as Ruby prints it.
fn prints_as_float(text: &str) -> bool {
    let ok = !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'));
    ok && crate::value::parse_f64(text).is_some_and(|f| crate::value::format_float(f) == text)
}

pub(super) fn type3x(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    if args.len() != 1 {
        return Err(site.fail(format!(
            "type3x(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    let name = match &args[0] {
        Value::Boolean(_) => "boolean",
        Value::Integer(_) => "integer",
        Value::Float(_) => "float",
        Value::Array(_) => "array",
        Value::Hash(_) => "hash",
        Value::String(text) => {
            let text = &**text;
            let int = crate::functions::fqdn_rand::ruby_to_i(text).unwrap_or(0);
            if format!("{int}") == text {
                "integer"
            } else if prints_as_float(text) {
                "float"
            } else {
                "string"
            }
        }
        _ => return Err(site.fail("type3x(): Unknown type")),
    };
    Ok(Value::string(name))
}
