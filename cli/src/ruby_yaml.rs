//! A value as Ruby's Psych writes it (`to_yaml`, libyaml's emitter): what `puppet lookup` prints
//! by default. Psych picks a style per string (literal for lines, quoted where a plain scalar
//! would read back as something else), libyaml checks the style is possible and folds long
//! lines at 80 columns.

use puppet_core::Value;

/// libyaml's preferred line width and indentation step.
const BEST_WIDTH: usize = 80;
const INDENT_STEP: usize = 2;

/// `value.to_yaml`: a document (`--- ...`), ending in a newline.
pub fn to_yaml(value: &Value) -> String {
    let mut writer = Writer {
        out: String::from("---"),
        column: 3,
        open_ended: false,
    };
    match value {
        Value::Array(items) if !items.is_empty() => writer.sequence(value, 0, false),
        Value::Hash(hash) if !hash.is_empty() => writer.mapping(value, 0, false),
        _ => writer.inline(value, INDENT_STEP),
    }
    // (A literal ending in a line break has ended its line already.)
    if writer.column > 0 {
        writer.newline();
    }
    if writer.open_ended {
        // A literal keeping its trailing line breaks ends the document explicitly.
        writer.out.push_str("...\n");
    }
    writer.out
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Style {
    Plain,
    Single,
    Double,
    Literal,
}

struct Writer {
    out: String,
    column: usize,
    open_ended: bool,
}

impl Writer {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_str(&mut self, s: &str) {
        self.out.push_str(s);
        self.column += s.chars().count();
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    /// A new line at `indent` (libyaml's `write_indent`).
    fn indent(&mut self, indent: usize) {
        if self.column > 0 {
            self.newline();
        }
        for _ in 0..indent {
            self.put(' ');
        }
    }

    /// A block sequence whose dashes are at `indent`; `inline_first`: its first entry follows
    /// on the current line (an entry of an enclosing sequence).
    fn sequence(&mut self, value: &Value, indent: usize, inline_first: bool) {
        let Value::Array(items) = value else { return };
        for (i, item) in items.iter().enumerate() {
            if !(i == 0 && inline_first) {
                self.indent(indent);
            }
            self.put('-');
            self.entry_value(item, indent + INDENT_STEP);
        }
    }

    /// A block mapping whose keys are at `indent`.
    fn mapping(&mut self, value: &Value, indent: usize, inline_first: bool) {
        let Value::Hash(hash) = value else { return };
        for (i, (key, item)) in hash.iter().enumerate() {
            if !(i == 0 && inline_first) {
                self.indent(indent);
            }
            self.key(key);
            self.put(':');
            match item {
                Value::Hash(h) if !h.is_empty() => self.mapping(item, indent + INDENT_STEP, false),
                // A sequence in a mapping is not indented further (libyaml's indentless sequence).
                Value::Array(a) if !a.is_empty() => self.sequence(item, indent, false),
                _ => self.inline(item, indent + INDENT_STEP),
            }
        }
    }

    /// What follows a sequence's dash: a nested collection starts on the same line.
    fn entry_value(&mut self, item: &Value, indent: usize) {
        match item {
            Value::Array(a) if !a.is_empty() => {
                self.put(' ');
                self.sequence(item, indent, true);
            }
            Value::Hash(h) if !h.is_empty() => {
                self.put(' ');
                self.mapping(item, indent, true);
            }
            _ => self.inline(item, indent),
        }
    }

    /// A scalar or empty collection after `---`, `-` or `key:`, with its separating space
    /// (none for an empty plain scalar).
    fn inline(&mut self, value: &Value, indent: usize) {
        match value {
            Value::Array(_) => self.put_str(" []"),
            Value::Hash(_) => self.put_str(" {}"),
            Value::Undef => {}
            Value::String(text) => {
                self.put(' ');
                self.string(text, indent, false);
            }
            other => {
                self.put(' ');
                self.put_str(&scalar_text(other));
            }
        }
    }

    fn key(&mut self, key: &Value) {
        match key {
            Value::String(text) => self.string(text, 0, true),
            Value::Undef => self.put_str("! ''"),
            other => self.put_str(&scalar_text(other)),
        }
    }

    fn string(&mut self, text: &str, indent: usize, simple_key: bool) {
        if text == "<<" {
            self.put_str("!!str '<<'");
            return;
        }
        let style = select_style(text, psych_style(text), simple_key);
        match style {
            Style::Plain => self.plain(text, indent, !simple_key),
            Style::Single => self.single_quoted(text, indent, !simple_key),
            Style::Double => self.double_quoted(text, indent, !simple_key),
            Style::Literal => self.literal(text, indent),
        }
    }

    fn plain(&mut self, text: &str, indent: usize, allow_breaks: bool) {
        let chars: Vec<char> = text.chars().collect();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                let next_space = chars.get(i + 1) == Some(&' ');
                if allow_breaks && !spaces && self.column > BEST_WIDTH && !next_space {
                    self.indent(indent);
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
    }

    fn single_quoted(&mut self, text: &str, indent: usize, allow_breaks: bool) {
        let chars: Vec<char> = text.chars().collect();
        self.put('\'');
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                let inner = i != 0 && i + 1 != chars.len();
                let next_space = chars.get(i + 1) == Some(&' ');
                if allow_breaks && !spaces && self.column > BEST_WIDTH && inner && !next_space {
                    self.indent(indent);
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.newline();
                }
                self.line_break(c);
                breaks = true;
            } else {
                if breaks {
                    self.indent(indent);
                }
                if c == '\'' {
                    self.put('\'');
                }
                self.put(c);
                spaces = false;
                breaks = false;
            }
        }
        if breaks {
            self.indent(indent);
        }
        self.put('\'');
    }

    /// A line break of the text itself (`\n` as a new line, others as they are).
    fn line_break(&mut self, c: char) {
        if c == '\n' {
            self.newline();
        } else {
            self.out.push(c);
            self.column = 0;
        }
    }

    fn double_quoted(&mut self, text: &str, indent: usize, allow_breaks: bool) {
        let chars: Vec<char> = text.chars().collect();
        self.put('"');
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if !is_printable(c) || c == '\u{feff}' || is_break(c) || c == '"' || c == '\\' {
                self.put_str(&escape(c));
                spaces = false;
            } else if c == ' ' {
                let inner = i != 0 && i + 1 != chars.len();
                if allow_breaks && !spaces && self.column > BEST_WIDTH && inner {
                    self.indent(indent);
                    if chars.get(i + 1) == Some(&' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.put('"');
    }

    fn literal(&mut self, text: &str, indent: usize) {
        let chars: Vec<char> = text.chars().collect();
        self.put('|');
        if chars.first().is_some_and(|&c| c == ' ' || is_break(c)) {
            self.put_str(&INDENT_STEP.to_string());
        }
        match chars.as_slice() {
            [.., last] if !is_break(*last) => self.put('-'),
            [_] => {
                self.put('+');
                self.open_ended = true;
            }
            [.., before, _] if is_break(*before) => {
                self.put('+');
                self.open_ended = true;
            }
            _ => {}
        }
        self.newline();
        let mut breaks = true;
        for &c in &chars {
            if is_break(c) {
                self.line_break(c);
                breaks = true;
            } else {
                if breaks {
                    self.indent(indent);
                }
                self.put(c);
                breaks = false;
            }
        }
    }
}

/// A non-string scalar as Psych writes it.
fn scalar_text(value: &Value) -> String {
    match value {
        Value::Boolean(b) => b.to_string(),
        Value::Integer(n) => n.to_string(),
        Value::Float(f) if f.is_nan() => ".nan".into(),
        Value::Float(f) if f.is_infinite() => {
            if *f > 0.0 {
                ".inf".into()
            } else {
                "-.inf".into()
            }
        }
        other => puppet_core::value::interpolate(other),
    }
}

/// The style Psych asks for (`YAMLTree#visit_String`).
fn psych_style(text: &str) -> Style {
    if has_inner_line_break(text) {
        Style::Literal
    } else if text == "y" || text == "n" || starts_line_with_non_word(text) {
        Style::Double
    } else if !puppet_core::hiera::yaml::reads_as_string(text) || octal_looking_decimal(text) {
        Style::Single
    } else {
        Style::Plain
    }
}

/// `/\n(?!\Z)/`: a line break that is not the last character nor just before a final one.
fn has_inner_line_break(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().any(|(i, &b)| {
        b == b'\n' && {
            let rest = &bytes[i + 1..];
            !(rest.is_empty() || rest == b"\n")
        }
    })
}

/// `/^[^[:word:]][^"]*$/` (Ruby's `^` and `$` match at every line): some line starts with a
/// character that is not a word character and holds no `"` after it.
fn starts_line_with_non_word(text: &str) -> bool {
    let mut line_start = true;
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if line_start && !(c.is_alphanumeric() || c == '_') {
            let rest = &chars[i + 1..];
            let line_end = rest.iter().position(|&r| r == '\n').unwrap_or(rest.len());
            if !rest[..line_end].contains(&'"') {
                return true;
            }
        }
        line_start = c == '\n';
    }
    false
}

/// `/\A0[0-7]*[89]/`: a decimal with a leading zero, which YAML 1.1 readers might take for octal.
fn octal_looking_decimal(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('0') else {
        return false;
    };
    let rest = rest.trim_start_matches(|c: char| ('0'..='7').contains(&c));
    rest.starts_with(['8', '9'])
}

/// What libyaml's analysis of the text allows (`yaml_emitter_analyze_scalar`).
struct Allowed {
    plain: bool,
    single: bool,
    block: bool,
    multiline: bool,
}

fn analyze(text: &str) -> Allowed {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Allowed {
            plain: false,
            single: true,
            block: false,
            multiline: false,
        };
    }
    let mut flow_indicators = false;
    let mut block_indicators = false;
    if text.starts_with("---") || text.starts_with("...") {
        flow_indicators = true;
        block_indicators = true;
    }
    let (mut leading_space, mut leading_break) = (false, false);
    let (mut trailing_space, mut trailing_break) = (false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut previous_space, mut previous_break) = (false, false);
    let (mut line_breaks, mut special) = (false, false);
    let mut preceded_by_whitespace = true;
    for (i, &c) in chars.iter().enumerate() {
        let followed_by_whitespace = chars.get(i + 1).is_none_or(|&n| is_blank(n));
        let first = i == 0;
        let last = i + 1 == chars.len();
        if first {
            if "#,[]{}&*!|>'\"%@`".contains(c) {
                flow_indicators = true;
                block_indicators = true;
            }
            if c == '?' || c == ':' {
                flow_indicators = true;
                block_indicators |= followed_by_whitespace;
            }
            if c == '-' && followed_by_whitespace {
                flow_indicators = true;
                block_indicators = true;
            }
        } else {
            if ",?[]{}".contains(c) {
                flow_indicators = true;
            }
            if c == ':' {
                flow_indicators = true;
                block_indicators |= followed_by_whitespace;
            }
            if c == '#' && preceded_by_whitespace {
                flow_indicators = true;
                block_indicators = true;
            }
        }
        if !is_printable(c) {
            special = true;
        }
        if is_break(c) {
            line_breaks = true;
        }
        if c == ' ' {
            leading_space |= first;
            trailing_space |= last;
            break_space |= previous_break;
            previous_space = true;
            previous_break = false;
        } else if is_break(c) {
            leading_break |= first;
            trailing_break |= last;
            space_break |= previous_space;
            previous_break = true;
            previous_space = false;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_whitespace = is_blank(c);
    }
    let _ = flow_indicators;
    let mut allowed = Allowed {
        plain: true,
        single: true,
        block: true,
        multiline: line_breaks,
    };
    if leading_space || leading_break || trailing_space || trailing_break {
        allowed.plain = false;
    }
    if trailing_space {
        allowed.block = false;
    }
    if break_space {
        allowed.plain = false;
        allowed.single = false;
    }
    if space_break || special {
        allowed.plain = false;
        allowed.single = false;
        allowed.block = false;
    }
    if line_breaks || block_indicators {
        allowed.plain = false;
    }
    allowed
}

/// libyaml's choice (`yaml_emitter_select_scalar_style`) from the style Psych asked for, in
/// block context.
fn select_style(text: &str, wanted: Style, simple_key: bool) -> Style {
    let allowed = analyze(text);
    let mut style = wanted;
    if style == Style::Plain && (!allowed.plain || (text.is_empty() && simple_key)) {
        style = Style::Single;
    }
    if style == Style::Single && !allowed.single {
        style = Style::Double;
    }
    if style == Style::Literal && (!allowed.block || simple_key) {
        style = Style::Double;
    }
    if simple_key && allowed.multiline && style != Style::Double {
        style = Style::Double;
    }
    style
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t' || is_break(c)
}

/// libyaml's printable characters (none beyond the Basic Multilingual Plane: libyaml escapes
/// emoji).
fn is_printable(c: char) -> bool {
    let n = c as u32;
    n == 0x0A
        || (0x20..=0x7E).contains(&n)
        || n == 0x85
        || (0xA0..=0xD7FF).contains(&n)
        || ((0xE000..=0xFFFD).contains(&n) && n != 0xFEFF)
}

/// A character in a double-quoted scalar, escaped as libyaml escapes it.
fn escape(c: char) -> String {
    let short = match c {
        '\0' => "0",
        '\u{7}' => "a",
        '\u{8}' => "b",
        '\t' => "t",
        '\n' => "n",
        '\u{b}' => "v",
        '\u{c}' => "f",
        '\r' => "r",
        '\u{1b}' => "e",
        '"' => "\"",
        '\\' => "\\",
        '\u{85}' => "N",
        '\u{a0}' => "_",
        '\u{2028}' => "L",
        '\u{2029}' => "P",
        _ => "",
    };
    if !short.is_empty() {
        return format!("\\{short}");
    }
    let n = c as u32;
    if n <= 0xFF {
        format!("\\x{n:02X}")
    } else if n <= 0xFFFF {
        format!("\\u{n:04X}")
    } else {
        format!("\\U{n:08X}")
    }
}
