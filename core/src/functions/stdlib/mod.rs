//! puppetlabs-stdlib 8.5.0's functions written in Ruby, in Rust: declared once in [`DEFS`] (API,
//! signature, walk cost, a line of description) and run by [`crate::functions::signature::call`]. Written from
//! stdlib's documented behaviour and checked against real Puppet with the real module on the
//! modulepath (tests/conformance/stdlib/); messages are Puppet's own, word for word.

mod arrays;
mod catalog_refs;
mod crypt;
mod data;
mod digging;
mod encoding;
mod escapes;
mod hashes;
mod hashing;
mod interfaces;
mod introspect;
mod ip;
mod legacy;
mod legacy_checks;
mod module_metadata;
mod node;
mod paths;
mod ranges;
mod resources;
mod selection;
mod serialize;
mod strings;
mod validators;
mod values;
mod yaml_emit;

use alloc::string::String;

use crate::eval::limits::Walk;
use crate::functions::signature::{opt, rep, req, Api, Def, Dispatch};
use crate::value::Value;

pub(crate) use crate::functions::signature::call;

const V3: Api = Api::V3 { arity: None };
const READS: Option<Walk> = Some(Walk::Reads);
/// Functions that turn elements into text (Ruby's `to_s`): as deep and large as printing allows.
const PRINTS: Option<Walk> = Some(Walk::Prints);

/// `merge`'s argument type, as stdlib declares it (a hash, or what a 3.x caller passed for none).
const MERGEABLE: &str = "Variant[Hash[Scalar,Any], Undef, String[0,0]]";

/// `stdlib::start_with` and `stdlib::end_with`'s second parameter.
const AFFIXES: &str = "Variant[String[1],Array[String[1], 1]]";

/// Every stdlib function the engine has, by name.
pub(crate) const DEFS: &[Def] = &[
    Def {
        name: "pick",
        api: V3,
        walk: None,
        doc: "The first argument that is neither undef nor empty",
        run: values::pick,
    },
    Def {
        name: "pick_default",
        api: V3,
        walk: None,
        doc: "The first argument that is neither undef nor empty, else the last",
        run: values::pick_default,
    },
    Def {
        name: "any2array",
        api: V3,
        walk: None,
        doc: "Any value as an array (a hash as its keys and values in turn)",
        run: values::any2array,
    },
    Def {
        name: "str2bool",
        api: V3,
        walk: None,
        doc: "A string such as 'yes', 'f' or '1' as a Boolean",
        run: values::str2bool,
    },
    Def {
        name: "bool2str",
        api: V3,
        walk: None,
        doc: "A Boolean as a string, 'true'/'false' or the two given",
        run: values::bool2str,
    },
    Def {
        name: "has_key",
        api: V3,
        walk: None,
        doc: "Whether a hash has a key (deprecated: use `in`)",
        run: hashes::has_key,
    },
    Def {
        name: "merge",
        api: Api::V4(&[
            Dispatch {
                params: &[rep("args", MERGEABLE)],
                block: None,
            },
            Dispatch {
                params: &[rep("args", "Iterable")],
                block: Some(3),
            },
            Dispatch {
                params: &[rep("args", "Iterable")],
                block: Some(2),
            },
        ]),
        walk: READS,
        doc:
            "Hashes merged left to right (later keys win), or the hashes a block gives per element",
        run: hashes::merge,
    },
    Def {
        name: "deep_merge",
        api: V3,
        walk: READS,
        doc: "Hashes merged recursively, later values winning",
        run: hashes::deep_merge,
    },
    Def {
        name: "delete_undef_values",
        api: V3,
        walk: None,
        doc: "An array or hash without its undef values",
        run: hashes::delete_undef_values,
    },
    Def {
        name: "delete_values",
        api: V3,
        walk: READS,
        doc: "A hash without the entries whose value is the one given",
        run: hashes::delete_values,
    },
    Def {
        name: "join_keys_to_values",
        api: V3,
        walk: PRINTS,
        doc: "Each key of a hash joined to its value(s) with a separator",
        run: hashes::join_keys_to_values,
    },
    Def {
        name: "member",
        api: V3,
        walk: READS,
        doc: "Whether an array holds a value (or all of an array's values)",
        run: arrays::member,
    },
    Def {
        name: "prefix",
        api: V3,
        walk: PRINTS,
        doc: "Each element of an array (key of a hash) with a prefix",
        run: arrays::prefix,
    },
    Def {
        name: "suffix",
        api: V3,
        walk: PRINTS,
        doc: "Each element of an array (key of a hash) with a suffix",
        run: arrays::suffix,
    },
    Def {
        name: "concat",
        api: V3,
        walk: None,
        doc: "An array with arrays or values appended",
        run: arrays::concat,
    },
    Def {
        name: "count",
        api: Api::V3 { arity: Some(-2) },
        walk: READS,
        doc: "How many elements are not undef or empty, or equal the one given",
        run: arrays::count,
    },
    Def {
        name: "delete",
        api: V3,
        walk: READS,
        doc: "An array, hash or string without the given element(s), key(s) or substring(s)",
        run: arrays::delete,
    },
    Def {
        name: "delete_at",
        api: V3,
        walk: None,
        doc: "An array without the element at an index",
        run: arrays::delete_at,
    },
    Def {
        name: "zip",
        api: V3,
        walk: None,
        doc: "Two arrays paired element by element (optionally flattened)",
        run: arrays::zip,
    },
    Def {
        name: "union",
        api: V3,
        walk: READS,
        doc: "The elements of all the arrays, each once",
        run: arrays::union,
    },
    Def {
        name: "intersection",
        api: V3,
        walk: READS,
        doc: "The elements found in both arrays, each once",
        run: arrays::intersection,
    },
    Def {
        name: "difference",
        api: V3,
        walk: READS,
        doc: "The elements of the first array that the second lacks",
        run: arrays::difference,
    },
    Def {
        name: "stdlib::start_with",
        api: Api::V4(&[Dispatch {
            params: &[req("test_string", "String"), req("prefixes", AFFIXES)],
            block: None,
        }]),
        walk: None,
        doc: "Whether a string starts with a prefix (or one of several)",
        run: strings::start_with,
    },
    Def {
        name: "stdlib::end_with",
        api: Api::V4(&[Dispatch {
            params: &[req("test_string", "String"), req("suffixes", AFFIXES)],
            block: None,
        }]),
        walk: None,
        doc: "Whether a string ends with a suffix (or one of several)",
        run: strings::end_with,
    },
    Def {
        name: "ensure_packages",
        api: Api::V4(&[Dispatch {
            params: &[
                req(
                    "packages",
                    "Variant[String[1], Array[String[1]], Hash[String[1], Any]]",
                ),
                opt("default_attributes", "Hash"),
            ],
            block: None,
        }]),
        walk: None,
        doc:
            "Packages declared (ensure => installed) unless declared with those attributes already",
        run: resources::ensure_packages,
    },
    Def {
        name: "ensure_resource",
        api: V3,
        walk: READS,
        doc: "Resources declared unless declared with those attributes already",
        run: resources::ensure_resource,
    },
    Def {
        name: "ensure_resources",
        api: V3,
        walk: READS,
        doc: "ensure_resource for each title of a hash, with default attributes",
        run: resources::ensure_resources,
    },
    Def {
        name: "defined_with_params",
        api: V3,
        walk: READS,
        doc: "Whether a resource is declared with the attributes given",
        run: resources::defined_with_params,
    },
    Def {
        name: "num2bool",
        api: V3,
        walk: None,
        doc: "A number (or numeric string) as a Boolean: true above zero",
        run: values::num2bool,
    },
    Def {
        name: "bool2num",
        api: V3,
        walk: None,
        doc: "A Boolean (or string str2bool reads) as 1 or 0",
        run: values::bool2num,
    },
    Def {
        name: "any2bool",
        api: V3,
        walk: None,
        doc: "Any value as a Boolean, numbers and strings read as num2bool and str2bool do",
        run: values::any2bool,
    },
    Def {
        name: "values_at",
        api: V3,
        walk: None,
        doc: "The elements of an array at indices or index ranges ('1-3')",
        run: selection::values_at,
    },
    Def {
        name: "grep",
        api: V3,
        walk: None,
        doc: "The elements of an array that match a regular expression",
        run: selection::grep,
    },
    Def {
        name: "reject",
        api: V3,
        walk: None,
        doc: "The elements of an array that do not match a regular expression",
        run: selection::reject,
    },
    Def {
        name: "reverse",
        api: V3,
        walk: None,
        doc: "An array or string in reverse order",
        run: selection::reverse,
    },
    Def {
        name: "hash",
        api: V3,
        walk: Some(Walk::Builds),
        doc: "A flat array of keys and values as a hash",
        run: selection::hash,
    },
    Def {
        name: "swapcase",
        api: V3,
        walk: None,
        doc: "A string (or each of an array's) with its letters' case swapped",
        run: strings::swapcase,
    },
    Def {
        name: "squeeze",
        api: V3,
        walk: None,
        doc: "A string (or each of an array's) with runs of one character as one",
        run: strings::squeeze,
    },
    Def {
        name: "stdlib::extname",
        api: Api::V4(&[Dispatch {
            params: &[req("filename", "String")],
            block: None,
        }]),
        walk: None,
        doc: "A file name's extension ('.conf')",
        run: strings::extname,
    },
    Def {
        name: "shell_escape",
        api: Api::V4(&[Dispatch {
            params: &[req("string", "Any")],
            block: None,
        }]),
        walk: None,
        doc: "A string escaped as one word of a shell command line",
        run: strings::shell_escape,
    },
    Def {
        name: "is_a",
        api: Api::V4(&[Dispatch {
            params: &[req("value", "Any"), req("type", "Type")],
            block: None,
        }]),
        walk: None,
        doc: "Whether a value is an instance of a type",
        run: data::is_a,
    },
    Def {
        name: "type_of",
        api: Api::V4(&[Dispatch {
            params: &[req("value", "Any")],
            block: None,
        }]),
        walk: Some(Walk::Builds),
        doc: "A value's detailed type (as type() gives it)",
        run: data::type_of,
    },
    Def {
        name: "to_json",
        api: Api::V4(&[Dispatch {
            params: &[req("data", "Any")],
            block: None,
        }]),
        walk: Some(Walk::Prints),
        doc: "A value as compact JSON text",
        run: data::to_json,
    },
    Def {
        name: "parsejson",
        api: V3,
        walk: None,
        doc: "The value of a JSON text (or a default)",
        run: data::parsejson,
    },
    Def {
        name: "parseyaml",
        api: V3,
        walk: None,
        doc: "The value of a YAML text (or a default)",
        run: data::parseyaml,
    },
    Def {
        name: "stdlib::ip_in_range",
        api: Api::V4(&[Dispatch {
            params: &[
                req("ipaddress", "String"),
                req("range", "Variant[String, Array]"),
            ],
            block: None,
        }]),
        walk: None,
        doc: "Whether an IP address is in a network (or one of several)",
        run: ip::ip_in_range,
    },
    Def {
        name: "fqdn_uuid",
        api: V3,
        walk: None,
        doc: "The name-based (SHA-1) UUID of a DNS name",
        run: node::fqdn_uuid,
    },
    Def {
        name: "seeded_rand",
        api: Api::V3 { arity: Some(2) },
        walk: None,
        doc: "A number below the maximum that the seed decides",
        run: node::seeded_rand,
    },
    Def {
        name: "clamp",
        api: Api::V3 { arity: Some(-2) },
        walk: None,
        doc: "The middle of three numbers (a value kept within bounds)",
        run: values::clamp,
    },
    Def {
        name: "regexpescape",
        api: V3,
        walk: None,
        doc: "A string (or each of an array's) with regex metacharacters escaped",
        run: strings::regexpescape,
    },
    Def {
        name: "dos2unix",
        api: Api::V3 { arity: Some(1) },
        walk: None,
        doc: "A text with CRLF line ends as LF",
        run: strings::line_ends,
    },
    Def {
        name: "unix2dos",
        api: Api::V3 { arity: Some(1) },
        walk: None,
        doc: "A text with LF line ends as CRLF",
        run: strings::line_ends,
    },
    Def {
        name: "assert_private",
        api: V3,
        walk: None,
        doc: "Fails unless the scope that declared this class or defined type is of its module",
        run: node::assert_private,
    },
    Def {
        name: "base64",
        api: V3,
        walk: None,
        doc: "A string encoded as base64 or decoded from it (default, strict or urlsafe)",
        run: encoding::base64,
    },
    Def {
        name: "uriescape",
        api: V3,
        walk: None,
        doc: "A string (or each of an array's) escaped for a URI",
        run: encoding::uriescape,
    },
    Def {
        name: "to_bytes",
        api: V3,
        walk: None,
        doc: "A size with a unit prefix ('4 kB', '1.5M') as bytes",
        run: encoding::to_bytes,
    },
    Def {
        name: "is_hash",
        api: V3,
        walk: None,
        doc: "Whether a value is a hash",
        run: values::is_hash,
    },
    Def {
        name: "is_integer",
        api: V3,
        walk: None,
        doc: "Whether a value is an integer or a string of one",
        run: node::is_integer_fn,
    },
    Def {
        name: "stdlib::xml_encode",
        api: Api::V4(&[Dispatch {
            params: &[req("str", "String"), opt("type", "Enum['text','attr']")],
            block: None,
        }]),
        walk: None,
        doc:
            "A string with XML's special characters as entities (as text or as a quoted attribute)",
        run: escapes::xml_encode,
    },
    Def {
        name: "powershell_escape",
        api: Api::V4(&[Dispatch {
            params: &[req("string", "Any")],
            block: None,
        }]),
        walk: None,
        doc: "A string escaped as one word of a PowerShell command line",
        run: escapes::script_escape,
    },
    Def {
        name: "batch_escape",
        api: Api::V4(&[Dispatch {
            params: &[req("string", "Any")],
            block: None,
        }]),
        walk: None,
        doc: "A string quoted as one word of a Windows batch command line",
        run: escapes::script_escape,
    },
    Def {
        name: "shell_split",
        api: V3,
        walk: None,
        doc: "A shell command line as its words",
        run: escapes::shell_split,
    },
    Def {
        name: "convert_base",
        api: Api::V3 { arity: Some(2) },
        walk: None,
        doc: "An integer written in another base (2 to 36)",
        run: values::convert_base,
    },
    Def {
        name: "is_mac_address",
        api: V3,
        walk: None,
        doc: "Whether a string is a MAC address (6 or 20 groups)",
        run: values::is_mac_address,
    },
    Def {
        name: "is_domain_name",
        api: V3,
        walk: None,
        doc: "Whether a string is a syntactically correct domain name",
        run: validators::is_name,
    },
    Def {
        name: "is_email_address",
        api: V3,
        walk: None,
        doc: "Whether a string is an email address (stdlib's pattern)",
        run: validators::is_name,
    },
    Def {
        name: "validate_domain_name",
        api: V3,
        walk: None,
        doc: "Fails unless every argument is a domain name",
        run: validators::validate_name,
    },
    Def {
        name: "validate_email_address",
        api: V3,
        walk: None,
        doc: "Fails unless every argument is an email address",
        run: validators::validate_name,
    },
    Def {
        name: "sprintf_hash",
        api: Api::V4(&[Dispatch {
            params: &[req("format", "String"), req("arguments", "Hash")],
            block: None,
        }]),
        walk: Some(Walk::Prints),
        doc: "sprintf with named references to a hash (deprecated: sprintf does it)",
        run: validators::sprintf_hash,
    },
    Def {
        name: "to_json_pretty",
        api: Api::V4(&[Dispatch {
            params: &[
                req("data", "Variant[Hash, Array]"),
                opt("skip_undef", "Optional[Boolean]"),
                opt("opts", "Struct[{indent => Optional[String], space => Optional[String], space_before => Optional[String], object_nl => Optional[String], array_nl => Optional[String], allow_nan => Optional[Boolean], max_nesting => Optional[Integer[-1,default]]}]"),
            ],
            block: None,
        }]),
        walk: Some(Walk::Prints),
        doc: "A hash or array as indented JSON text",
        run: data::to_json_pretty,
    },
    Def {
        name: "os_version_gte",
        api: Api::V4(&[Dispatch { params: &[req("os", "String[1]"), req("version", "String[1]")], block: None }]),
        walk: None,
        doc: "Whether the node runs this operating system at this major release or later",
        run: data::os_version_gte,
    },
    Def {
        name: "dirname",
        api: V3,
        walk: None,
        doc: "A path without its last component",
        run: paths::dirname,
    },
    Def {
        name: "basename",
        api: V3,
        walk: None,
        doc: "A path's last component, optionally without an extension",
        run: paths::basename,
    },
    Def {
        name: "shell_join",
        api: V3,
        walk: PRINTS,
        doc: "An array as one shell command line, each word escaped",
        run: paths::shell_join,
    },
    Def {
        name: "enclose_ipv6",
        api: V3,
        walk: None,
        doc: "IPv6 addresses in brackets, as URLs need them",
        run: ip::enclose_ipv6,
    },
    Def {
        name: "fact",
        api: Api::V4(&[Dispatch {
            params: &[req("fact_name", "String")],
            block: None,
        }]),
        walk: None,
        doc: "A fact by its dotted path ('os.release.major')",
        run: node::fact,
    },
    Def {
        name: "deprecation",
        api: Api::V4(&[Dispatch {
            params: &[req("key", "String"), req("message", "String")],
            block: None,
        }]),
        walk: None,
        doc: "A deprecation: an error under strict=error, else a warning once per key",
        run: node::deprecation,
    },
    Def {
        name: "fqdn_rotate",
        api: V3,
        walk: Some(Walk::Prints),
        doc: "An array or string rotated by an amount the node's fqdn decides",
        run: node::fqdn_rotate,
    },
    Def {
        name: "fqdn_rand_string",
        api: Api::V3 { arity: Some(-2) },
        walk: Some(Walk::Prints),
        doc: "A random string the node's fqdn decides",
        run: node::fqdn_rand_string,
    },
    Def {
        name: "to_yaml",
        api: Api::V4(&[Dispatch {
            params: &[req("data", "Any"), opt("options", "Hash")],
            block: None,
        }]),
        walk: PRINTS,
        doc: "A value as YAML text, as Ruby's Psych writes it",
        run: serialize::to_yaml,
    },
    Def {
        name: "to_toml",
        api: Api::V4(&[Dispatch {
            params: &[req("data", "Hash")],
            block: None,
        }]),
        walk: PRINTS,
        doc: "A hash as TOML text (plain keys, then tables, then arrays of tables)",
        run: serialize::to_toml,
    },
    Def {
        name: "to_ruby",
        api: Api::V4(&[Dispatch {
            params: &[req("object", "Any")],
            block: None,
        }]),
        walk: PRINTS,
        doc: "A value as a Ruby literal",
        run: serialize::to_ruby,
    },
    Def {
        name: "to_python",
        api: Api::V4(&[Dispatch {
            params: &[req("object", "Any")],
            block: None,
        }]),
        walk: PRINTS,
        doc: "A value as a Python literal",
        run: serialize::to_python,
    },
    Def {
        name: "parsepson",
        api: Api::V4(&[Dispatch {
            params: &[req("pson_string", "String[1]"), opt("default", "Any")],
            block: None,
        }]),
        walk: None,
        doc: "PSON text read as data, or the default where it is not PSON",
        run: data::parsepson,
    },
    Def {
        name: "seeded_rand_string",
        api: Api::V4(&[Dispatch {
            params: &[
                req("length", "Integer[1]"),
                req("seed", "String"),
                opt("charset", "String[2]"),
            ],
            block: None,
        }]),
        walk: None,
        doc: "A random string of a length, the same for the same seed",
        run: hashing::seeded_rand_string,
    },
    Def {
        name: "stdlib::str2resource",
        api: Api::V4(&[Dispatch {
            params: &[req("res_string", "String")],
            block: None,
        }]),
        walk: None,
        doc: "The resource reference a 'Type[title]' string names, if declared by then",
        run: catalog_refs::str2resource,
    },
    Def {
        name: "validate_legacy",
        // Its two dispatches count a scope Puppet passes first: checked in legacy_checks.rs.
        api: Api::V4(&[Dispatch {
            params: &[rep("args", "Any")],
            block: None,
        }]),
        walk: None,
        doc: "A value checked against a type, its old validate_* function deciding where they disagree",
        run: legacy_checks::validate_legacy,
    },
    Def {
        name: "range",
        api: V3,
        walk: None,
        doc: "The integers or strings from one to another ('a'..'e', 'host01..host03'), by a step",
        run: ranges::range,
    },
    Def {
        name: "dig44",
        api: V3,
        walk: None,
        doc: "The value at a path of keys and indexes in nested data, else a default",
        run: digging::dig44,
    },
    Def {
        name: "try_get_value",
        api: Api::V3 { arity: Some(-2) },
        walk: None,
        doc: "Deprecated: the value at a 'a/b/0' path in nested data, else a default",
        run: digging::try_get_value,
    },
    Def {
        name: "delete_regex",
        api: V3,
        walk: None,
        doc: "An array or hash without the elements (keys) a pattern matches",
        run: arrays::delete_regex,
    },
    Def {
        name: "type3x",
        api: V3,
        walk: None,
        doc: "Deprecated: a value's type as the 3.x parser named it ('string', 'integer', ...)",
        run: introspect::type3x,
    },
    Def {
        name: "is_function_available",
        api: V3,
        walk: None,
        doc: "Whether a 3.x function of that name exists",
        run: introspect::is_function_available,
    },
    Def {
        name: "getparam",
        api: V3,
        walk: None,
        doc: "A declared resource's parameter, '' when it is not set",
        run: catalog_refs::getparam,
    },
    Def {
        name: "str2saltedsha512",
        api: V3,
        walk: None,
        doc: "A password as a salted SHA-512 hash in hex (the salt from the password itself)",
        run: hashing::str2saltedsha512,
    },
    Def {
        name: "str2saltedpbkdf2",
        api: V3,
        walk: None,
        doc: "A password as PBKDF2-HMAC-SHA512 (hash, salt and iterations in hex)",
        run: hashing::str2saltedpbkdf2,
    },
    Def {
        name: "pw_hash",
        api: Api::V3 { arity: Some(3) },
        walk: None,
        doc: "A password hashed as crypt(3) does it: MD5, SHA-256 or SHA-512 with a salt",
        run: crypt::pw_hash,
    },
    Def {
        name: "has_interface_with",
        api: V3,
        walk: None,
        doc: "Whether the node has an interface of that name, or one with that fact value",
        run: interfaces::has_interface_with,
    },
    Def {
        name: "has_ip_address",
        api: V3,
        walk: None,
        doc: "Whether one of the node's interfaces has that IP address",
        run: interfaces::has_ip,
    },
    Def {
        name: "load_module_metadata",
        api: V3,
        walk: None,
        doc: "The metadata.json of one of the environment's modules, as data",
        run: module_metadata::load_module_metadata,
    },
    Def {
        name: "has_ip_network",
        api: V3,
        walk: None,
        doc: "Whether one of the node's interfaces is on that network",
        run: interfaces::has_ip,
    },
];

/// stdlib's functions that need what a compile in the playground does not have: why.
const REFUSED: &[(&str, &str)] = &[
    ("loadyaml", "it reads a file or URL on the compiling host"),
    ("loadjson", "it reads a file or URL on the compiling host"),
    ("get_module_path", "it names a folder on the compiling host"),
    ("glob", "it lists files on the compiling host"),
    ("validate_cmd", "it runs a command on the compiling host"),
    ("validate_augeas", "it runs Augeas on the compiling host"),
    ("parsehocon", "it needs Ruby's HOCON library"),
    ("pry", "it stops Puppet in Ruby's debugger"),
    (
        "shuffle",
        "its order comes from Ruby's random generator, different on every run",
    ),
    ("time", "it reads the compiling host's clock"),
    (
        "validate_x509_rsa_key_pair",
        "it reads the certificate and key with Ruby's OpenSSL",
    ),
];

/// The names of the functions [`refused`] answers.
#[cfg(test)]
pub(crate) fn refused_names() -> impl Iterator<Item = &'static str> {
    REFUSED.iter().map(|(name, _)| *name)
}

/// Why the stdlib function `name` cannot run here, if it cannot.
pub(crate) fn refused(name: &str) -> Option<&'static str> {
    REFUSED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, why)| *why)
}

/// The deprecated `is_*` and `validate_*` functions, all declared alike (`legacy.rs`).
const LEGACY: Def = Def {
    name: "",
    api: Api::V4(&[Dispatch { params: &[rep("args", "Any")], block: None }]),
    walk: None,
    doc: "Deprecated: announces its deprecation (an error under strict = error), then checks its arguments",
    run: legacy::legacy,
};

/// `value.to_yaml` as Psych writes it, or `None` for what Psych writes as a tagged Ruby object.
pub(crate) fn yaml_text(value: &Value) -> Option<String> {
    yaml_emit::to_yaml(value, 2).ok()
}

/// The stdlib function `name`, if the engine has it.
pub(crate) fn find(name: &str) -> Option<&'static Def> {
    DEFS.iter()
        .find(|def| def.name == name)
        .or_else(|| legacy::names().any(|n| n == name).then_some(&LEGACY))
}

/// Every function the engine has: name, API and description.
pub(crate) fn all() -> impl Iterator<Item = (&'static str, &'static Def)> {
    DEFS.iter()
        .map(|def| (def.name, def))
        .chain(legacy::names().map(|name| (name, &LEGACY)))
}

/// Ruby's `inspect` of the value Puppet hands a Ruby function (for messages: a value nested
/// deeper than the native stack allows, or too large to print at once, is named by its class).
fn inspect(value: &Value) -> String {
    if too_large_to_show(value, 1000, 100_000) {
        return alloc::format!("#<{}>", class(value));
    }
    crate::functions::format::sprintf::ruby_inspect(value)
}

/// Whether arrays and hashes nest deeper than `max_depth` in `value`, or hold more than
/// `max_values` (shared parts counted each time), walked without recursion.
fn too_large_to_show(value: &Value, max_depth: usize, max_values: usize) -> bool {
    let mut pending = alloc::vec![(value, 0usize)];
    let mut visits = 0;
    while let Some((next, depth)) = pending.pop() {
        visits += 1;
        if depth > max_depth || visits > max_values {
            return true;
        }
        match next {
            Value::Array(items) => pending.extend(items.iter().map(|v| (v, depth + 1))),
            Value::Hash(hash) => pending.extend(
                hash.iter()
                    .flat_map(|(k, v)| [(k, depth + 1), (v, depth + 1)]),
            ),
            _ => {}
        }
    }
    false
}

/// Ruby's `to_s` of the value Puppet hands a Ruby function.
fn to_s(value: &Value) -> String {
    crate::functions::format::sprintf::ruby_to_s(value)
}

/// Ruby's class name of the value Puppet hands a Ruby function.
fn class(value: &Value) -> String {
    crate::types::ruby_class(value)
}

/// Ruby's `flatten` of `value` (nested arrays opened, without recursion: a value may nest
/// deeper than the native stack allows), with `compact` when `drop_nil`.
fn flattened(value: &Value, drop_nil: bool) -> alloc::vec::Vec<Value> {
    let mut out = alloc::vec::Vec::new();
    let mut pending = alloc::vec![value];
    while let Some(next) = pending.pop() {
        match next {
            Value::Array(items) => pending.extend(items.iter().rev()),
            Value::Undef if drop_nil => {}
            other => out.push(other.clone()),
        }
    }
    out
}

/// How Ruby's TypeErrors name a value's class (`nil`, `true` and `false` by name).
fn type_error_name(value: &Value) -> String {
    match value {
        Value::Undef => "nil".into(),
        Value::Boolean(b) => alloc::format!("{b}"),
        other => class(other),
    }
}

/// Ruby's TypeError when a value is not a String: `no implicit conversion of Integer into String`.
fn no_implicit(value: &Value) -> String {
    alloc::format!(
        "no implicit conversion of {} into String",
        type_error_name(value)
    )
}

/// Ruby's `==` between the values Puppet hands a Ruby function (strings by case, 1 == 1.0).
fn ruby_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Integer(i), Value::Float(f)) | (Value::Float(f), Value::Integer(i)) => {
            *i as f64 == *f
        }
        _ => a == b,
    }
}

/// Ruby's truthiness: all but `nil` and `false`.
fn truthy(value: &Value) -> bool {
    !matches!(value, Value::Undef | Value::Boolean(false))
}
