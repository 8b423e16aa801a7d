//! `String(v, format)`: Puppet's string converter (format maps keyed by type, container formats,
//! indentation) over Ruby's one-directive `format`, plus the `sprintf` function.

pub(crate) mod ruby;
mod ruby_dtoa;
pub(crate) mod sprintf;

use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

pub(crate) use ruby::too_long;
use ruby::{format_float, format_int, format_str, Spec};

use crate::types::{infer, is_assignable, Type};
use crate::value::{
    format_float as float_p, programmatic, puppet_double_quote, puppet_quote, Value,
};

/// The type of `String`'s format argument, as Puppet prints it in its messages.
pub(crate) const FORMATS_TYPE: &str = "Formats = Variant[Default, String[1], TypeMap = Hash[Type, Variant[Format = Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/], ContainerFormat = Struct[{Optional['format'] => Format = Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/], Optional['separator'] => String, Optional['separator2'] => String, Optional['string_formats'] => Hash[Type, Format = Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/]]}]]]]";

/// One format of a format map: a directive and, for containers, separators and element formats.
#[derive(Debug, Clone)]
pub(crate) struct Format {
    spec: Spec,
    delimiters: Option<char>,
    separator: Option<Rc<str>>,
    separator2: Option<Rc<str>>,
    string_formats: Option<FormatMap>,
}

/// Type to format, most specific type first.
pub(crate) type FormatMap = Rc<Vec<(Type, Format)>>;

fn invalid_format(text: &str) -> String {
    format!(
        "The format '{text}' is not a valid format on the form '%<flags><width>.<prec><format>'"
    )
}

impl Format {
    /// Parses `%<flags><width>.<prec><format>` (the whole text must be one directive).
    pub(crate) fn parse(text: &str) -> Result<Format, String> {
        let invalid = || invalid_format(text);
        let rest = text.strip_prefix('%').ok_or_else(invalid)?;
        let bytes = rest.as_bytes();
        let mut i = 0;
        let mut spec = Spec::default();
        let mut flags = Vec::new();
        while let Some(&b) = bytes.get(i) {
            if b" [+#0{<(|-".contains(&b) || b.is_ascii_whitespace() {
                flags.push(b);
                i += 1;
            } else {
                break;
            }
        }
        if bytes.get(i).is_some_and(|b| (b'1'..=b'9').contains(b)) {
            let start = i;
            while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            spec.width = crate::value::parse_count(&rest[start..i]);
        }
        if bytes.get(i) == Some(&b'.') {
            let start = i + 1;
            i += 1;
            while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            if i == start {
                return Err(invalid());
            }
            spec.prec = crate::value::parse_count(&rest[start..i]);
        }
        spec.check_bounds()?;
        match bytes.get(i) {
            Some(b) if b.is_ascii_alphabetic() && i + 1 == bytes.len() => spec.conv = *b as char,
            _ => return Err(invalid()),
        }
        let mut seen = Vec::new();
        let mut delimiters = None;
        for flag in &flags {
            if seen.contains(flag) {
                return Err(format!("The same flag can only be used once, got '{text}'"));
            }
            seen.push(*flag);
            match flag {
                b'-' => spec.minus = true,
                b'#' => spec.alt = true,
                b'+' => spec.plus = true,
                b'0' => spec.zero = true,
                b'[' | b'{' | b'(' | b'<' | b'|' => {
                    if delimiters.is_some() {
                        return Err(format!("Only one of the delimiters [ {{ ( < | can be given in the format flags, got '{text}'"));
                    }
                    delimiters = Some(*flag as char);
                }
                _ => spec.space = true,
            }
        }
        Ok(Format {
            spec,
            delimiters,
            separator: None,
            separator2: None,
            string_formats: None,
        })
    }

    fn conv(&self) -> char {
        self.spec.conv
    }

    fn alt(&self) -> bool {
        self.spec.alt
    }

    /// A container's separator between elements (`, ` unless given).
    fn element_separator(&self) -> Rc<str> {
        self.separator.clone().unwrap_or_else(|| Rc::from(", "))
    }

    /// The formats of a container's elements that are not containers (`%p` unless given).
    fn element_formats(&self) -> FormatMap {
        self.string_formats
            .clone()
            .unwrap_or_else(container_default)
    }

    fn delimiter_pair(
        &self,
        default: (&'static str, &'static str),
    ) -> (&'static str, &'static str) {
        match self.delimiters {
            Some('[') => ("[", "]"),
            Some('{') => ("{", "}"),
            Some('(') => ("(", ")"),
            Some('<') => ("<", ">"),
            Some('|') => ("|", "|"),
            _ if self.spec.space => ("", ""),
            _ => default,
        }
    }

    /// `other` over this one: its directive, and separators/element formats merged.
    fn merge(&self, other: &Format) -> Format {
        Format {
            separator: other.separator.clone().or_else(|| self.separator.clone()),
            separator2: other.separator2.clone().or_else(|| self.separator2.clone()),
            string_formats: merge_maps(self.string_formats.as_ref(), other.string_formats.as_ref()),
            ..other.clone()
        }
    }
}

fn must(text: &str) -> Format {
    match Format::parse(text) {
        Ok(format) => format,
        Err(_) => Format {
            spec: Spec::default(),
            delimiters: None,
            separator: None,
            separator2: None,
            string_formats: None,
        },
    }
}

fn container_default() -> FormatMap {
    Rc::new(alloc::vec![(Type::Any, must("%p"))])
}

fn default_map() -> FormatMap {
    let mut array = must("%a");
    array.separator = Some(Rc::from(", "));
    array.separator2 = Some(Rc::from(", "));
    array.string_formats = Some(container_default());
    let mut hash = must("%h");
    hash.separator = Some(Rc::from(", "));
    hash.separator2 = Some(Rc::from(" => "));
    hash.string_formats = Some(container_default());
    sort_formats(alloc::vec![
        (Type::Float(Default::default()), must("%f")),
        (Type::Numeric, must("%d")),
        (Type::array(Type::Any), array),
        (Type::hash_of(Type::Any, Type::Any), hash),
        (Type::Binary, must("%B")),
        (Type::Any, must("%s")),
    ])
}

fn type_rank(ty: &Type) -> u8 {
    match ty {
        Type::Struct(_) => 1,
        Type::Hash(..) => 2,
        Type::Tuple(_) => 3,
        Type::Array(..) => 4,
        Type::Pattern(_) => 10,
        Type::Enum(_) => 11,
        Type::String(_) => 12,
        _ => 0,
    }
}

fn compare_types(a: &Type, b: &Type) -> core::cmp::Ordering {
    use core::cmp::Ordering;
    if a == b {
        return Ordering::Equal;
    }
    let ab = is_assignable(b, a);
    let ba = is_assignable(a, b);
    if ab && !ba {
        Ordering::Less
    } else if !ab && ba {
        Ordering::Greater
    } else {
        let (ra, rb) = (type_rank(a), type_rank(b));
        if ra == 0 || rb == 0 {
            a.to_string().cmp(&b.to_string())
        } else {
            ra.cmp(&rb)
        }
    }
}

fn sort_formats(mut entries: Vec<(Type, Format)>) -> FormatMap {
    // Insertion sort: the comparison is not a total order, a stable simple sort keeps it sane.
    for i in 1..entries.len() {
        let mut j = i;
        while j > 0 && compare_types(&entries[j - 1].0, &entries[j].0).is_gt() {
            entries.swap(j - 1, j);
            j -= 1;
        }
    }
    Rc::new(entries)
}

fn merge_maps(lower: Option<&FormatMap>, higher: Option<&FormatMap>) -> Option<FormatMap> {
    let (lower, higher) = match (lower, higher) {
        (Some(lower), Some(higher)) => (lower, higher),
        (lower, higher) => return lower.or(higher).cloned(),
    };
    let kept: Vec<&(Type, Format)> = lower
        .iter()
        .filter(|(lk, _)| {
            !higher
                .iter()
                .any(|(hk, _)| hk != lk && is_assignable(hk, lk))
        })
        .collect();
    let mut keys: Vec<Type> = Vec::new();
    for (key, _) in kept
        .iter()
        .map(|e| (&e.0, &e.1))
        .chain(higher.iter().map(|e| (&e.0, &e.1)))
    {
        if !keys.contains(key) {
            keys.push(key.clone());
        }
    }
    let merged = keys
        .into_iter()
        .filter_map(|key| {
            let low = kept.iter().find(|(k, _)| *k == key).map(|(_, f)| f);
            let high = higher.iter().find(|(k, _)| *k == key).map(|(_, f)| f);
            let format = match (low, high) {
                (Some(low), Some(high)) => low.merge(high),
                (Some(one), None) | (None, Some(one)) => one.clone(),
                (None, None) => return None,
            };
            Some((key, format))
        })
        .collect();
    Some(sort_formats(merged))
}

fn bad_formats(got: &Value) -> String {
    let mismatch = super::args::mismatch("", "", "", got);
    // What follows the last "got " (a byte search: `rsplit` with a string pattern adds the
    // reverse two-way searcher).
    let after = mismatch
        .as_bytes()
        .windows(4)
        .rposition(|w| w == b"got ")
        .map_or(0, |i| i + 4);
    format!(
        "'new_string' parameter 'string_formats' expects a {FORMATS_TYPE} value, got {}",
        &mismatch[after..]
    )
}

fn is_format_text(text: &str) -> bool {
    Format::parse(text).is_ok()
}

/// Validates a type-to-format hash as Puppet's `Formats` type does, then builds the map.
fn parse_map(value: &Value, top: &Value) -> Result<FormatMap, String> {
    let Value::Hash(hash) = value else {
        return Err(bad_formats(top));
    };
    // Type checks first (Puppet checks the argument type before converting).
    for (key, format) in hash.iter() {
        if !matches!(key, Value::Type(_)) {
            return Err(format!(
                "'new_string' expects (Convertible = Any from, {FORMATS_TYPE} string_formats?)"
            ));
        }
        let ok = match format {
            Value::String(text) => is_format_text(text),
            Value::Hash(container) => container.iter().all(|(k, v)| match k.as_str() {
                Some("format") => v.as_str().is_some_and(is_format_text),
                Some("separator") | Some("separator2") => v.as_str().is_some(),
                Some("string_formats") => match v {
                    Value::Hash(inner) => inner.iter().all(|(k, v)| {
                        matches!(k, Value::Type(_)) && v.as_str().is_some_and(is_format_text)
                    }),
                    _ => false,
                },
                _ => false,
            }),
            _ => false,
        };
        if !ok {
            return Err(bad_formats(top));
        }
    }
    let mut entries = Vec::new();
    for (key, format) in hash.iter() {
        let Value::Type(ty) = key else { continue };
        let format = match format {
            Value::String(text) => Format::parse(text)?,
            Value::Hash(container) => {
                let get = |name: &str| container.get(&Value::string(name));
                let text = get("format").and_then(Value::as_str).unwrap_or("");
                let mut format = Format::parse(text)?;
                format.separator = get("separator").and_then(Value::as_str).map(Rc::from);
                format.separator2 = get("separator2").and_then(Value::as_str).map(Rc::from);
                format.string_formats = match get("string_formats") {
                    Some(inner) => Some(parse_map(inner, top)?),
                    None => None,
                };
                format
            }
            _ => return Err(bad_formats(top)),
        };
        entries.push(((**ty).clone(), format));
    }
    Ok(sort_formats(entries))
}

/// `String(value, formats)`: `formats` is `default`, a format string or a type-to-format hash.
/// `String(value, formats)`; a result longer than `max_len` bytes is refused while it is built.
pub(crate) fn convert(
    value: &Value,
    formats: Option<&Value>,
    max_len: usize,
) -> Result<String, String> {
    let value_type = infer(value);
    let options = match formats {
        None | Some(Value::Default) => default_map(),
        Some(Value::String(text)) => {
            if text.is_empty() {
                return Err(bad_formats(&Value::string("")));
            }
            let format = Format::parse(text)?;
            let key = match value {
                Value::Array(_) => Type::array(Type::Any),
                Value::Hash(_) => Type::hash_of(Type::Any, Type::Any),
                _ => value_type.clone(),
            };
            let higher = sort_formats(alloc::vec![(key, format)]);
            merge_maps(Some(&default_map()), Some(&higher)).unwrap_or_else(default_map)
        }
        Some(map @ Value::Hash(_)) => {
            let higher = parse_map(map, map)?;
            merge_maps(Some(&default_map()), Some(&higher)).unwrap_or_else(default_map)
        }
        Some(other) => return Err(bad_formats(other)),
    };
    let mut converter = Converter { depth: 0, max_len };
    converter.convert(&value_type, value, &options, Indentation::default())
}

#[derive(Clone, Copy, Default)]
struct Indentation {
    level: usize,
    not_first: bool,
    indenting: bool,
}

impl Indentation {
    fn subsequent(self) -> Indentation {
        Indentation {
            not_first: true,
            ..self
        }
    }

    fn indenting(self, flag: bool) -> Indentation {
        Indentation {
            indenting: flag,
            ..self
        }
    }

    fn increase(self, flag: bool) -> Indentation {
        Indentation {
            level: self.level + 1,
            not_first: false,
            indenting: flag,
        }
    }

    fn breaks(self) -> bool {
        self.indenting && self.level > 0 && self.not_first
    }

    fn padding(self) -> String {
        " ".repeat(2 * self.level)
    }
}

fn illegal(type_name: &str, conv: char, expected: &str) -> String {
    format!("Illegal format '{conv}' specified for value of {type_name} type - expected one of the characters '{expected}'")
}

/// `apply_string_flags`: width, precision and `-` applied as `%-W.Ps`.
fn string_flags(format: &Format, text: &str) -> String {
    let spec = Spec {
        minus: format.spec.minus,
        width: format.spec.width,
        prec: format.spec.prec,
        conv: 's',
        ..Spec::default()
    };
    format_str(&spec, text)
}

/// Ruby's `Kernel.format(fmt, integer)` for any integer conversion.
fn kernel_int(spec: &Spec, n: i128) -> Result<String, String> {
    Ok(match spec.conv {
        'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'b' | 'B' => format_int(spec, n),
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => format_float(spec, n as f64),
        's' | 'p' => format_str(spec, &n.to_string()),
        'c' => match char::from_u32(n as u32) {
            Some(c) => format_str(spec, c.encode_utf8(&mut [0; 4])),
            None => return Err(format!("invalid character: {n}")),
        },
        other => return Err(format!("malformed format string - %{other}")),
    })
}

fn is_container(value: &Value) -> bool {
    matches!(value, Value::Array(_) | Value::Hash(_))
}

struct Converter {
    depth: usize,
    /// The longest text (in bytes) any part of the result may have.
    max_len: usize,
}

impl Converter {
    fn convert(
        &mut self,
        ty: &Type,
        value: &Value,
        map: &FormatMap,
        indentation: Indentation,
    ) -> Result<String, String> {
        self.depth += 1;
        if self.depth > crate::types::MAX_DEPTH {
            self.depth -= 1;
            return Err("the value is nested too deeply to be converted to a String".to_string());
        }
        let result = self.convert_inner(ty, value, map, indentation);
        self.depth -= 1;
        match result {
            Ok(text) if text.len() > self.max_len => Err(too_long(self.max_len)),
            other => other,
        }
    }

    fn convert_inner(
        &mut self,
        ty: &Type,
        value: &Value,
        map: &FormatMap,
        indentation: Indentation,
    ) -> Result<String, String> {
        let format = get_format(ty, map);
        let conv = format.conv();
        let alt = format.alt();
        let spec = &format.spec;
        Ok(match value {
            Value::Default => string_flags(
                &format,
                match conv {
                    'd' | 's' | 'p' => pick(alt, "default", "\"default\""),
                    'D' => pick(alt, "Default", "\"Default\""),
                    _ => return Err(illegal("Default", conv, "dDsp")),
                },
            ),
            Value::Undef => string_flags(
                &format,
                match conv {
                    'n' => pick(alt, "nil", "null"),
                    'u' => pick(alt, "undef", "undefined"),
                    'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => {
                        "NaN"
                    }
                    'v' => "n/a",
                    'V' => "N/A",
                    's' => pick(alt, "", "\"\""),
                    'p' => pick(alt, "undef", "\"undef\""),
                    _ => return Err(illegal("Undef", conv, "nudxXobBeEfgGaAvVsp")),
                },
            ),
            Value::Boolean(flag) => {
                let word = |t: &str, f: &str| {
                    let text = if *flag { t } else { f };
                    if alt {
                        text.chars().take(1).collect::<String>()
                    } else {
                        text.to_string()
                    }
                };
                match conv {
                    't' => string_flags(&format, &word("true", "false")),
                    'T' => string_flags(&format, &word("True", "False")),
                    'y' => string_flags(&format, &word("yes", "no")),
                    'Y' => string_flags(&format, &word("Yes", "No")),
                    'd' | 'x' | 'X' | 'o' | 'b' | 'B' => kernel_int(spec, i128::from(*flag))?,
                    'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => {
                        format_float(spec, if *flag { 1.0 } else { 0.0 })
                    }
                    's' | 'p' => string_flags(&format, if *flag { "true" } else { "false" }),
                    _ => return Err(illegal("Boolean", conv, "tTyYdxXobBeEfgGaAsp")),
                }
            }
            Value::Integer(n) => match conv {
                'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'p' => {
                    if conv == 'p' {
                        format_str(spec, &n.to_string())
                    } else {
                        format_int(spec, i128::from(*n))
                    }
                }
                'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => format_float(spec, *n as f64),
                'c' => {
                    let c = u32::try_from(*n)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or_else(|| format!("invalid character: {n}"))?;
                    let text = if alt {
                        format!("\"{c}\"")
                    } else {
                        c.to_string()
                    };
                    format_str(&spec.with_conv('s'), &text)
                }
                's' => {
                    let text = n.to_string();
                    if alt {
                        format_str(spec, &puppet_double_quote(&text))
                    } else {
                        format_str(spec, &text)
                    }
                }
                _ => return Err(illegal("Integer", conv, "dxXobBeEfgGaAspc")),
            },
            Value::Float(f) => match conv {
                'd' | 'x' | 'X' | 'o' | 'b' | 'B' => {
                    format_int(spec, crate::value::float_math::trunc(*f) as i128)
                }
                'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => format_float(spec, *f),
                'p' => format_str(spec, &float_p(*f)),
                's' => {
                    let text = float_p(*f);
                    let text = if alt { format!("\"{text}\"") } else { text };
                    format_str(spec, &text)
                }
                _ => return Err(illegal("Float", conv, "dxXobBeEfgGaAsp")),
            },
            Value::String(text) => return string(&format, text),
            Value::Regexp(regexp) => match conv {
                'p' => format_str(&spec.with_conv('s'), &regexp.with_delimiters()),
                's' => {
                    let source = regexp.to_string_form();
                    let text = if alt { puppet_quote(&source) } else { source };
                    format_str(spec, &text)
                }
                _ => return Err(illegal("Regexp", conv, "sp")),
            },
            Value::Type(ty) => match conv {
                's' => {
                    let text = if alt {
                        format!("\"{ty}\"")
                    } else {
                        ty.to_string()
                    };
                    format_str(spec, &text)
                }
                'p' => format_str(&spec.with_conv('s'), &ty.to_string()),
                _ => return Err(illegal("Type", conv, "sp")),
            },
            Value::Runtime(_) => format_str(spec, &programmatic(value)),
            // Puppet formats these with their inspect form, whatever the conversion.
            Value::Iterator(_) | Value::Deferred(_) | Value::Error(_) => {
                string_flags(&format, &programmatic(value))
            }
            Value::Uri(uri) => match conv {
                'p' => programmatic(value),
                's' => {
                    let text = uri.to_string();
                    format_str(spec, &if alt { puppet_quote(&text) } else { text })
                }
                _ => return Err(illegal("URI", conv, "sp")),
            },
            Value::Binary(bytes) => return binary(&format, bytes),
            Value::Array(items) => {
                return self.array(format, items.as_slice(), map, indentation);
            }
            Value::Hash(hash) => return self.hash(format, hash, map, indentation),
            Value::Sensitive(_)
            | Value::SemVer(_)
            | Value::SemVerRange(_)
            | Value::Timespan(_)
            | Value::Timestamp(_) => any_format(spec, value)?,
        })
    }

    /// A hash: `%h`/`%s`/`%p` its entries with the element formats (`#` breaks them over lines),
    /// `%a` as the array of its `[key, value]` pairs.
    fn hash(
        &mut self,
        format: Format,
        hash: &crate::value::Hash,
        map: &FormatMap,
        indentation: Indentation,
    ) -> Result<String, String> {
        let alt = format.alt();
        let sep = format.element_separator();
        let assoc = format
            .separator2
            .clone()
            .unwrap_or_else(|| Rc::from(" => "));
        let string_formats = format.element_formats();
        let (open, close) = format.delimiter_pair(("{", "}"));
        let sep: String = if alt {
            let s = if sep.ends_with('\n') {
                sep.to_string()
            } else {
                sep.trim_end().to_string()
            };
            format!("{s}\n")
        } else {
            sep.to_string()
        };
        Ok(match format.conv() {
            'a' => {
                let pairs: Vec<Value> = hash
                    .iter()
                    .map(|(k, v)| Value::array(alloc::vec![k.clone(), v.clone()]))
                    .collect();
                let array = Value::array(pairs);
                return self.convert(&infer(&array), &array, map, indentation);
            }
            'h' | 's' | 'p' => {
                let indentation = indentation.indenting(alt || indentation.indenting);
                let mut buf = String::new();
                if indentation.breaks() {
                    buf.push('\n');
                    buf.push_str(&indentation.padding());
                }
                let children = indentation.increase(false);
                let (cond_break, padding) = if alt {
                    ("\n", children.padding())
                } else {
                    ("", String::new())
                };
                buf.push_str(open);
                buf.push_str(cond_break);
                let mut parts: Vec<String> = Vec::with_capacity(hash.len());
                let mut parts_len = 0usize;
                for (k, v) in hash.iter() {
                    if parts_len > self.max_len {
                        return Err(too_long(self.max_len));
                    }
                    let key = self.element(k, map, &string_formats, children)?;
                    let val = self.element(v, map, &string_formats, children)?;
                    parts.push(format!("{padding}{key}{assoc}{val}"));
                    parts_len += parts.last().map_or(0, String::len);
                }
                buf.push_str(&crate::text::join(&parts, &sep));
                if alt {
                    buf.push_str(cond_break);
                    buf.push_str(&indentation.padding());
                }
                buf.push_str(close);
                buf
            }
            conv => return Err(illegal("Hash", conv, "hasp")),
        })
    }

    /// An element of a container: a container with the formats of the whole, anything else with
    /// the container's element formats.
    fn element(
        &mut self,
        value: &Value,
        map: &FormatMap,
        element_formats: &FormatMap,
        indentation: Indentation,
    ) -> Result<String, String> {
        let formats = if is_container(value) {
            map
        } else {
            element_formats
        };
        self.convert(&infer(value), value, formats, indentation)
    }

    fn array(
        &mut self,
        format: Format,
        items: &[Value],
        map: &FormatMap,
        indentation: Indentation,
    ) -> Result<String, String> {
        let alt = format.alt();
        let sep = format.element_separator();
        let string_formats = format.element_formats();
        let (open, close) = format.delimiter_pair(("[", "]"));
        let indentation = indentation.indenting(alt || indentation.indenting);
        if !matches!(format.conv(), 'a' | 's' | 'p') {
            return Err(illegal("Array", format.conv(), "asp"));
        }
        let mut buf = String::new();
        if indentation.breaks() {
            buf.push('\n');
            buf.push_str(&indentation.padding());
        }
        buf.push_str(open);
        let mut children = indentation.increase(alt);
        let mut mapped = Vec::with_capacity(items.len());
        let mut mapped_len = 0usize;
        for item in items {
            if mapped_len > self.max_len {
                return Err(too_long(self.max_len));
            }
            if !children.not_first {
                children = children.subsequent();
            }
            mapped.push(self.element(item, map, &string_formats, children)?);
            mapped_len += mapped.last().map_or(0, String::len);
        }
        let size_break = if alt && format.spec.width.is_some() {
            let mut widest = alloc::vec![0usize];
            for (index, item) in items.iter().enumerate() {
                if is_container(item) {
                    widest.push(0);
                } else if let Some(last) = widest.last_mut() {
                    *last += mapped.get(index).map_or(0, |m| m.chars().count());
                }
            }
            widest.into_iter().max().unwrap_or(0) > format.spec.width.unwrap_or(usize::MAX)
        } else {
            false
        };
        let mut children = indentation.increase(alt);
        for (index, item) in items.iter().enumerate() {
            let text = mapped.get(index).map_or("", String::as_str);
            if !children.not_first {
                children = children.subsequent();
                if size_break && !is_container(item) {
                    buf.push(' ');
                }
            } else {
                buf.push_str(&sep);
                let previous_container =
                    index > 0 && items.get(index - 1).is_some_and(is_container);
                if (size_break && !is_container(item))
                    || (alt && previous_container && !is_container(item))
                {
                    if !buf.ends_with('\n') {
                        let trimmed = buf.trim_end().len();
                        buf.truncate(trimmed);
                    }
                    buf.push('\n');
                    buf.push_str(&children.padding());
                }
            }
            if buf.ends_with(' ') && text.starts_with('\n') {
                let trimmed = buf.trim_end().len();
                buf.truncate(trimmed);
            }
            buf.push_str(text);
        }
        buf.push_str(close);
        Ok(buf)
    }
}

/// A string as it is (`%s`), quoted (`%p`), or in another case (`%c`, `%C`, `%u`, `%d`, `%t`).
fn string(format: &Format, text: &str) -> Result<String, String> {
    let spec = &format.spec;
    let alt = format.alt();
    let cased = |text: String| {
        if alt {
            string_flags(format, &puppet_quote(&text))
        } else {
            format_str(spec, &text)
        }
    };
    Ok(match format.conv() {
        's' => format_str(spec, text),
        'p' => string_flags(
            format,
            &if alt {
                puppet_double_quote(text)
            } else {
                puppet_quote(text)
            },
        ),
        'c' => cased(crate::functions::strings::capitalize_str(text)),
        'C' => cased(crate::text::join(
            &text
                .split("::")
                .map(crate::functions::strings::capitalize_str)
                .collect::<Vec<_>>(),
            "::",
        )),
        'u' => cased(crate::value::case::upcase(text)),
        'd' => cased(crate::value::case::downcase(text)),
        't' => cased(crate::functions::strings::ruby_strip(text).to_string()),
        conv => return Err(illegal("String", conv, "cCudspt")),
    })
}

/// `plain`, or `quoted` with the `#` flag.
fn pick<'a>(alt: bool, plain: &'a str, quoted: &'a str) -> &'a str {
    if alt {
        quoted
    } else {
        plain
    }
}

/// A Binary as its bytes (`%s`, escaped with `#`), in Base64 (`%b` MIME, `%B` strict, `%u`
/// URL-safe) or by name (`%t`, `%T`).
fn binary(format: &Format, bytes: &crate::value::Binary) -> Result<String, String> {
    let spec = &format.spec;
    let alt = format.alt();
    let quote = |text: &str| {
        if alt {
            format_str(&spec.with_conv('s'), &puppet_double_quote(text))
        } else {
            format_str(&spec.with_conv('s'), text)
        }
    };
    Ok(match format.conv() {
        's' => {
            if alt {
                let escaped: String = bytes
                    .bytes()
                    .iter()
                    .map(|b| {
                        if b.is_ascii() {
                            (*b as char).to_string()
                        } else {
                            format!("\\x{b:02X}")
                        }
                    })
                    .collect();
                format_str(&spec.with_conv('s'), &format!("\"{escaped}\""))
            } else {
                match core::str::from_utf8(bytes.bytes()) {
                    Ok(text) => format_str(spec, text),
                    Err(_) => return Err("\"\\xFF\" from ASCII-8BIT to UTF-8".to_string()),
                }
            }
        }
        'p' => format!(
            "Binary(\"{}\")",
            format_str(&spec.with_conv('s'), &bytes.to_base64())
        ),
        'b' => quote(&crate::functions::binary::base64_mime(bytes.bytes())),
        'B' => quote(&bytes.to_base64()),
        'u' => quote(&crate::functions::binary::base64_urlsafe(bytes.bytes())),
        't' => quote("Binary"),
        'T' => quote("BINARY"),
        conv => return Err(illegal("Binary", conv, "bButTsp")),
    })
}

/// `Kernel.format(fmt, value)` for values without their own converter (SemVer, time, Sensitive).
fn any_format(spec: &Spec, value: &Value) -> Result<String, String> {
    let seconds = match value {
        Value::Timespan(span) => Some(span.as_seconds_f64()),
        Value::Timestamp(stamp) => Some(stamp.as_seconds_f64()),
        _ => None,
    };
    let whole = match value {
        Value::Timespan(span) => Some(span.nanoseconds().div_euclid(1_000_000_000)),
        Value::Timestamp(stamp) => Some(stamp.nanoseconds().div_euclid(1_000_000_000)),
        _ => None,
    };
    Ok(match spec.conv {
        's' => format_str(spec, &crate::value::interpolate(value)),
        'p' => format_str(spec, &programmatic(value)),
        'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'b' | 'B' => match whole {
            Some(n) => format_int(spec, n),
            None => return Err(format!("can't convert {} into Integer", ruby_class(value))),
        },
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => match seconds {
            Some(f) => format_float(spec, f),
            None => return Err(format!("can't convert {} into Float", ruby_class(value))),
        },
        other => return Err(format!("malformed format string - %{other}")),
    })
}

fn ruby_class(value: &Value) -> &'static str {
    match value {
        Value::SemVer(_) => "SemanticPuppet::Version",
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange",
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive",
        _ => "Object",
    }
}

fn get_format(ty: &Type, map: &FormatMap) -> Format {
    map.iter()
        .find(|(key, _)| is_assignable(key, ty))
        .map(|(_, format)| format.clone())
        .unwrap_or_else(|| must("%s"))
}
