//! Puppet's own built-ins whose argument checks are declared as data (their 4.x dispatch, as
//! Puppet 7 declares it) and derived by [`super::signature::call`], instead of written by hand in
//! each function. Their walk cost stays in `walks_arguments` (charged before the dispatch).

use super::signature::{opt, rep, req, Api, Def, Dispatch};
use super::{collections, numbers, strings, types};

/// What `upcase` and `downcase` take: text, or arrays and hashes of it (numbers pass through).
const STRINGS: &str = "Variant[Numeric, String, Array, Hash]";

/// What the other string functions (`capitalize`, `strip`, ...) take, one dispatch each: a
/// number, text, or what iterates over them.
const TEXTS: &[Dispatch] = &[
    Dispatch {
        params: &[req("arg", "Numeric")],
        block: None,
    },
    Dispatch {
        params: &[req("arg", "String")],
        block: None,
    },
    Dispatch {
        params: &[req("arg", "Iterable[Variant[String, Numeric]]")],
        block: None,
    },
];

const DEFS: &[Def] = &[
    Def {
        name: "versioncmp",
        api: Api::V4(&[Dispatch {
            params: &[
                req("a", "String"),
                req("b", "String"),
                opt("ignore_trailing_zeroes", "Boolean"),
            ],
            block: None,
        }]),
        walk: None,
        doc: "-1, 0 or 1 as the first version is older, the same or newer",
        run: strings::versioncmp,
    },
    Def {
        name: "dig",
        api: Api::V4(&[Dispatch {
            params: &[req("data", "Optional[Collection]"), rep("args", "Any")],
            block: None,
        }]),
        walk: None,
        doc: "The value at a path of keys and indexes in nested data, undef where it stops",
        run: collections::dig,
    },
    Def {
        name: "keys",
        api: Api::V4(&[Dispatch {
            params: &[req("hsh", "Hash")],
            block: None,
        }]),
        walk: None,
        doc: "A hash's keys",
        run: collections::keys,
    },
    Def {
        name: "values",
        api: Api::V4(&[Dispatch {
            params: &[req("hsh", "Hash")],
            block: None,
        }]),
        walk: None,
        doc: "A hash's values",
        run: collections::values,
    },
    Def {
        name: "size",
        api: Api::V4(&[Dispatch {
            params: &[req("arg", "Variant[Collection, String, Binary]")],
            block: None,
        }]),
        walk: None,
        doc: "The number of elements, entries, characters or bytes",
        run: collections::size,
    },
    Def {
        name: "length",
        api: Api::V4(&[Dispatch {
            params: &[req("arg", "Variant[Collection, String, Binary]")],
            block: None,
        }]),
        walk: None,
        doc: "The number of elements, entries, characters or bytes",
        run: collections::size,
    },
    Def {
        name: "join",
        api: Api::V4(&[Dispatch {
            params: &[req("arg", "Array"), opt("delimiter", "String")],
            block: None,
        }]),
        walk: None,
        doc: "An array's elements (nested arrays flattened) as text, joined by a delimiter",
        run: strings::join,
    },
    Def {
        name: "abs",
        api: Api::V4(&[Dispatch {
            params: &[req("val", "Variant[Numeric, String]")],
            block: None,
        }]),
        walk: None,
        doc: "A number's absolute value",
        run: numbers::abs,
    },
    Def {
        name: "ceiling",
        api: Api::V4(&[Dispatch {
            params: &[req("val", "Variant[Numeric, String]")],
            block: None,
        }]),
        walk: None,
        doc: "The smallest integer not below a number",
        run: numbers::ceiling,
    },
    Def {
        name: "floor",
        api: Api::V4(&[Dispatch {
            params: &[req("val", "Variant[Numeric, String]")],
            block: None,
        }]),
        walk: None,
        doc: "The largest integer not above a number",
        run: numbers::floor,
    },
    Def {
        name: "round",
        api: Api::V4(&[Dispatch {
            params: &[req("val", "Numeric")],
            block: None,
        }]),
        walk: None,
        doc: "A number rounded to the nearest integer (halves away from zero)",
        run: numbers::round,
    },
    Def {
        name: "upcase",
        api: Api::V4(&[Dispatch {
            params: &[req("arg", STRINGS)],
            block: None,
        }]),
        walk: None,
        doc: "Text in upper case (strings inside arrays and hashes too)",
        run: strings::upcase,
    },
    Def {
        name: "downcase",
        api: Api::V4(&[Dispatch {
            params: &[req("arg", STRINGS)],
            block: None,
        }]),
        walk: None,
        doc: "Text in lower case (strings inside arrays and hashes too)",
        run: strings::downcase,
    },
    Def {
        name: "capitalize",
        api: Api::V4(TEXTS),
        walk: None,
        doc: "Text with its first letter in upper case, the rest lower",
        run: strings::capitalize,
    },
    Def {
        name: "camelcase",
        api: Api::V4(TEXTS),
        walk: None,
        doc: "Text from snake_case to CamelCase",
        run: strings::camelcase,
    },
    Def {
        name: "chomp",
        api: Api::V4(TEXTS),
        walk: None,
        doc: "Text without its final line break",
        run: strings::chomp,
    },
    Def {
        name: "chop",
        api: Api::V4(TEXTS),
        walk: None,
        doc: "Text without its last character (or final CR LF)",
        run: strings::chop,
    },
    Def {
        name: "lstrip",
        api: Api::V4(TEXTS),
        walk: None,
        doc: "Text without leading whitespace",
        run: strings::lstrip,
    },
    Def {
        name: "rstrip",
        api: Api::V4(TEXTS),
        walk: None,
        doc: "Text without trailing whitespace",
        run: strings::rstrip,
    },
    Def {
        name: "strip",
        api: Api::V4(TEXTS),
        walk: None,
        doc: "Text without leading and trailing whitespace",
        run: strings::strip,
    },
    Def {
        name: "type",
        api: Api::V4(&[Dispatch {
            params: &[
                req("value", "Any"),
                opt(
                    "inference_method",
                    "Enum['detailed', 'generalized', 'reduced']",
                ),
            ],
            block: None,
        }]),
        walk: None,
        doc: "A value's type: detailed, reduced or generalized",
        run: types::type_of,
    },
];

/// The declaration of Puppet's built-in `name`, if it has one.
pub(super) fn find(name: &str) -> Option<&'static Def> {
    DEFS.iter().find(|def| def.name == name)
}
