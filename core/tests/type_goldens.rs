//! Table tests of values and types against real Puppet's answers: the cases of the type areas
//! of tests/conformance/golden are read with a tiny reader for literal and type expressions
//! (no evaluator exists yet), run through the public API, and compared with the golden value,
//! type and error text. Cases using other language features are skipped and counted.

use std::collections::BTreeMap;
use std::fs;
use std::rc::Rc;

use puppet_core::types::{
    self, describe_mismatch, infer, infer_reduced, instance_of, is_assignable, parameterize_many,
    type_equals, AliasRegistry, Parameterized, Type,
};
use puppet_core::value::{
    interpolate, programmatic, puppet_compare, puppet_equals, to_string_default, Binary, Hash,
    Regexp, SemVer, SemVerRange, Timespan, Timestamp, Uri, Value,
};

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Name(String),
    Word(String),
    Variable(String),
    Integer(i64),
    Float(f64),
    Str(String),
    Regex(String),
    Punct(&'static str),
}

/// Why a case could not be run: outside what this reader handles.
#[derive(Debug)]
struct Unsupported(String);

fn tokenize(src: &str) -> Result<Vec<Token>, Unsupported> {
    let chars: Vec<char> = src.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            tokens.push(Token::Punct("\n"));
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric() || chars[i] == '.' || chars[i] == '_')
            {
                if chars[i] == '.' && !chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()) {
                    break;
                }
                if (chars[i] == 'e' || chars[i] == 'E') && chars.get(i + 1) == Some(&'-') {
                    i += 1;
                }
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            if text.contains(['.', 'e', 'E']) && !text.starts_with("0x") {
                tokens.push(Token::Float(
                    text.parse().map_err(|_| Unsupported(text.clone()))?,
                ));
            } else {
                tokens.push(Token::Integer(
                    text.parse().map_err(|_| Unsupported(text.clone()))?,
                ));
            }
            continue;
        }
        if c.is_alphabetic() || c == '_' || (c == ':' && chars.get(i + 1) == Some(&':')) {
            let start = i;
            while i < chars.len()
                && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == ':')
            {
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            let first = text.trim_start_matches(':').chars().next().unwrap_or('a');
            tokens.push(if first.is_uppercase() {
                Token::Name(text)
            } else {
                Token::Word(text)
            });
            continue;
        }
        if c == '$' {
            let start = i + 1;
            i += 1;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(Token::Variable(chars[start..i].iter().collect()));
            continue;
        }
        if c == '\'' || c == '"' {
            let quote = c;
            i += 1;
            let mut text = String::new();
            while i < chars.len() && chars[i] != quote {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    let next = chars[i + 1];
                    match (quote, next) {
                        (_, '\\') => text.push('\\'),
                        ('\'', '\'') => text.push('\''),
                        ('"', '"') => text.push('"'),
                        ('"', 'n') => text.push('\n'),
                        ('"', 't') => text.push('\t'),
                        ('"', '$') => text.push('$'),
                        _ => {
                            text.push('\\');
                            text.push(next);
                        }
                    }
                    i += 2;
                    continue;
                }
                if quote == '"' && chars[i] == '$' {
                    return Err(Unsupported("interpolation".into()));
                }
                text.push(chars[i]);
                i += 1;
            }
            i += 1;
            tokens.push(Token::Str(text));
            continue;
        }
        if c == '/' {
            let regex_allowed = matches!(
                tokens.last(),
                None | Some(Token::Punct(
                    "(" | "[" | "," | "=~" | "!~" | "=>" | "==" | "{" | "=" | "!="
                ))
            );
            if regex_allowed {
                i += 1;
                let mut text = String::new();
                while i < chars.len() && chars[i] != '/' {
                    if chars[i] == '\\' && chars.get(i + 1) == Some(&'/') {
                        text.push('/');
                        i += 2;
                        continue;
                    }
                    if chars[i] == '\\' && i + 1 < chars.len() {
                        text.push('\\');
                        text.push(chars[i + 1]);
                        i += 2;
                        continue;
                    }
                    text.push(chars[i]);
                    i += 1;
                }
                i += 1;
                tokens.push(Token::Regex(text));
                continue;
            }
        }
        let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
        let punct2 = ["=~", "!~", "==", "!=", "<=", ">=", "=>"]
            .into_iter()
            .find(|p| *p == two);
        if let Some(p) = punct2 {
            tokens.push(Token::Punct(p));
            i += 2;
            continue;
        }
        let punct1 = [
            "[", "]", "{", "}", "(", ")", ",", "<", ">", "=", ".", "-", "\n",
        ]
        .into_iter()
        .find(|p| p.starts_with(c));
        match punct1 {
            Some(p) => tokens.push(Token::Punct(p)),
            None => return Err(Unsupported(format!("character {c}"))),
        }
        i += 1;
    }
    Ok(tokens)
}

/// An error as Puppet reports it (the text after `Evaluation Error: ` where Puppet has it).
#[derive(Debug)]
struct Failure(String);

enum Outcome {
    Value(Value),
    Failure(Failure),
}

struct Reader {
    tokens: Vec<Token>,
    position: usize,
    variables: BTreeMap<String, Value>,
    aliases: AliasRegistry,
    logs: Vec<String>,
    /// Inside `[...]` or an alias body an unknown name is a TypeReference, as in Puppet.
    reference_depth: usize,
}

type Step<T> = Result<Result<T, Failure>, Unsupported>;

macro_rules! attempt {
    ($e:expr) => {
        match $e? {
            Ok(value) => value,
            Err(failure) => return Ok(Err(failure)),
        }
    };
}

fn evaluation_error(text: impl Into<String>) -> Failure {
    Failure(format!("Evaluation Error: {}", text.into()))
}

impl Reader {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.position)
    }

    fn next(&mut self) -> Option<Token> {
        let token = self.tokens.get(self.position).cloned();
        self.position += 1;
        token
    }

    fn eat(&mut self, punct: &str) -> bool {
        if self.peek()
            == Some(&Token::Punct(match punct {
                "[" => "[",
                "]" => "]",
                "(" => "(",
                ")" => ")",
                "," => ",",
                "=>" => "=>",
                "}" => "}",
                "{" => "{",
                "=" => "=",
                "." => ".",
                _ => return false,
            }))
        {
            self.position += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, punct: &str) -> Result<(), Unsupported> {
        if self.eat(punct) {
            Ok(())
        } else {
            Err(Unsupported(format!(
                "expected {punct} at {:?}",
                self.peek()
            )))
        }
    }

    fn program(&mut self) -> Step<Value> {
        // Alias declarations first, as Puppet's loader sees them before evaluation.
        let mut index = 0;
        while index + 1 < self.tokens.len() {
            if self.is_alias_definition(index) {
                if let Token::Name(name) = &self.tokens[index + 1] {
                    if let Err(error) = self.aliases.declare(name) {
                        return Ok(Err(Failure(error.puppet_message())));
                    }
                }
            }
            index += 1;
        }
        let mut last = Value::Undef;
        loop {
            while self.eat_newline() {}
            if self.peek().is_none() {
                break;
            }
            if self.is_alias_definition(self.position) {
                self.next();
                let Some(Token::Name(name)) = self.next() else {
                    return Err(Unsupported("alias name".into()));
                };
                self.expect("=")?;
                self.reference_depth += 1;
                let target = self.expression();
                self.reference_depth -= 1;
                let target = attempt!(target);
                let Value::Type(target) = target else {
                    return Err(Unsupported("alias target".into()));
                };
                if let Some(alias) = self.aliases.lookup(&name) {
                    alias.set_target((*target).clone());
                }
                last = Value::Undef;
                continue;
            }
            if let Some(Token::Variable(name)) = self.peek().cloned() {
                if self.tokens.get(self.position + 1) == Some(&Token::Punct("=")) {
                    self.position += 2;
                    let value = attempt!(self.expression());
                    self.variables.insert(name, value);
                    last = Value::Undef;
                    continue;
                }
            }
            last = attempt!(self.expression());
        }
        Ok(Ok(last))
    }

    /// `type Name = ...` (not a call of the `type` function).
    fn is_alias_definition(&self, index: usize) -> bool {
        self.tokens.get(index) == Some(&Token::Word("type".into()))
            && matches!(self.tokens.get(index + 1), Some(Token::Name(_)))
            && self.tokens.get(index + 2) == Some(&Token::Punct("="))
    }

    fn eat_newline(&mut self) -> bool {
        if self.peek() == Some(&Token::Punct("\n")) {
            self.position += 1;
            true
        } else {
            false
        }
    }

    fn expression(&mut self) -> Step<Value> {
        let mut left = attempt!(self.postfix());
        loop {
            let operator = match self.peek() {
                Some(Token::Punct(p @ ("=~" | "!~" | "==" | "!=" | "<=" | ">=" | "<" | ">"))) => *p,
                Some(Token::Word(word)) if word == "and" => "and",
                _ => return Ok(Ok(left)),
            };
            self.next();
            let right = if operator == "and" {
                attempt!(self.expression())
            } else {
                attempt!(self.postfix())
            };
            left = match operator {
                "=~" | "!~" => {
                    let matched = match &right {
                        Value::Type(ty) => instance_of(ty, &left),
                        Value::Regexp(regexp) => {
                            left.as_str().is_some_and(|text| regexp.is_match(text))
                        }
                        _ => return Err(Unsupported("match operand".into())),
                    };
                    Value::Boolean(matched == (operator == "=~"))
                }
                "==" => Value::Boolean(puppet_equals(&left, &right)),
                "!=" => Value::Boolean(!puppet_equals(&left, &right)),
                "and" => Value::Boolean(truthy(&left) && truthy(&right)),
                _ => match puppet_compare(operator, &left, &right) {
                    Ok(flag) => Value::Boolean(flag),
                    Err(error) => return Ok(Err(evaluation_error(error.message()))),
                },
            };
        }
    }

    fn arguments(&mut self, close: &str) -> Step<Vec<Value>> {
        let mut values = Vec::new();
        let mut hash_entries: Vec<(Value, Value)> = Vec::new();
        loop {
            while self.eat_newline() {}
            if self.eat(close) {
                break;
            }
            let value = attempt!(self.expression());
            if self.eat("=>") {
                let item = attempt!(self.expression());
                hash_entries.push((value, item));
            } else {
                values.push(value);
            }
            if !self.eat(",") {
                self.expect(close)?;
                break;
            }
        }
        if !hash_entries.is_empty() {
            values.push(Value::Hash(hash_entries.into_iter().collect()));
        }
        Ok(Ok(values))
    }

    fn postfix(&mut self) -> Step<Value> {
        let mut value = attempt!(self.atom());
        loop {
            if self.peek() == Some(&Token::Punct("[")) {
                self.next();
                self.reference_depth += 1;
                let args = self.arguments("]");
                self.reference_depth -= 1;
                let args = attempt!(args);
                value = attempt!(access(&value, &args, &mut self.logs));
            } else if self.peek() == Some(&Token::Punct(".")) {
                self.next();
                let Some(Token::Word(method)) = self.next() else {
                    return Err(Unsupported("method".into()));
                };
                let mut args = vec![value];
                if self.eat("(") {
                    args.extend(attempt!(self.arguments(")")));
                }
                if self.peek() == Some(&Token::Punct("{"))
                    || self.peek() == Some(&Token::Punct("|"))
                {
                    return Err(Unsupported("lambda".into()));
                }
                value = attempt!(self.call(&method, args));
            } else {
                return Ok(Ok(value));
            }
        }
    }

    fn atom(&mut self) -> Step<Value> {
        let Some(token) = self.next() else {
            return Err(Unsupported("end of input".into()));
        };
        let value = match token {
            Token::Integer(n) => Value::Integer(n),
            Token::Float(f) => Value::Float(f),
            Token::Str(text) => Value::string(&text),
            Token::Regex(source) => match Regexp::new(&source) {
                Ok(regexp) => Value::Regexp(regexp),
                Err(error) => return Err(Unsupported(error.to_string())),
            },
            Token::Punct("-") => match self.next() {
                Some(Token::Integer(n)) => Value::Integer(-n),
                Some(Token::Float(f)) => Value::Float(-f),
                _ => return Err(Unsupported("unary minus".into())),
            },
            Token::Punct("[") => Value::array(attempt!(self.arguments("]"))),
            Token::Punct("(") => {
                let value = attempt!(self.expression());
                self.expect(")")?;
                value
            }
            Token::Punct("{") => {
                let mut entries = Vec::new();
                loop {
                    while self.eat_newline() {}
                    if self.eat("}") {
                        break;
                    }
                    let key = attempt!(self.expression());
                    self.expect("=>")?;
                    let item = attempt!(self.expression());
                    entries.push((key, item));
                    if !self.eat(",") {
                        self.expect("}")?;
                        break;
                    }
                }
                Value::Hash(entries.into_iter().collect::<Hash>())
            }
            Token::Variable(name) => match self.variables.get(&name) {
                Some(value) => value.clone(),
                None => return Err(Unsupported(format!("variable {name}"))),
            },
            Token::Word(word) => match word.as_str() {
                "true" => Value::Boolean(true),
                "false" => Value::Boolean(false),
                "undef" => Value::Undef,
                "default" => Value::Default,
                "type" | "assert_type" | "notice" => {
                    self.expect("(")?;
                    let args = attempt!(self.arguments(")"));
                    if self.peek() == Some(&Token::Punct("|")) {
                        return Err(Unsupported("lambda".into()));
                    }
                    attempt!(self.call(&word, args))
                }
                "function" | "case" | "if" | "with" | "unless" => return Err(Unsupported(word)),
                other if self.peek() == Some(&Token::Punct("(")) => {
                    return Err(Unsupported(format!("function {other}")))
                }
                other => Value::string(other),
            },
            Token::Name(name) => {
                if self.peek() == Some(&Token::Punct("(")) {
                    self.next();
                    let args = attempt!(self.arguments(")"));
                    return Ok(construct(&name, &args));
                }
                // A leading `::` names the same type; an unknown one keeps it in the message.
                let bare = name.strip_prefix("::").unwrap_or(&name);
                match self.aliases.lookup(bare) {
                    Some(alias) => {
                        if self.reference_depth > 0 {
                            return Ok(Ok(Value::from_type(Type::Alias(alias))));
                        }
                        if let Err(error) = self.aliases.check(&alias) {
                            return Ok(Err(evaluation_error(format!(
                                "Error while evaluating a Type-Name, {}",
                                error.message
                            ))));
                        }
                        Value::from_type(Type::Alias(alias))
                    }
                    None => match Type::from_name(bare) {
                        Some(ty) => Value::from_type(ty),
                        None if self.reference_depth > 0 => {
                            Value::from_type(Type::TypeReference(Rc::from(name.as_str())))
                        }
                        None => {
                            return Ok(Err(evaluation_error(format!(
                                "Resource type not found: {name}"
                            ))))
                        }
                    },
                }
            }
            other => return Err(Unsupported(format!("{other:?}"))),
        };
        Ok(Ok(value))
    }

    fn call(&mut self, name: &str, args: Vec<Value>) -> Step<Value> {
        match (name, args.as_slice()) {
            ("type", [value]) => Ok(Ok(Value::from_type(infer(value)))),
            ("type", [value, Value::String(mode)]) => {
                Ok(Ok(Value::from_type(match mode.as_ref() {
                    "detailed" => infer(value),
                    "reduced" => infer_reduced(value),
                    "generalized" => types::infer_generalized(value),
                    _ => return Err(Unsupported("type mode".into())),
                })))
            }
            ("assert_type", [Value::Type(expected), value]) => {
                Ok(match describe_mismatch(expected, value) {
                    None => Ok(value.clone()),
                    // Puppet drops the subject when the description is empty (`Collection[2]`
                    // normalises to `Collection`, which accepts the value).
                    Some(message) if message.is_empty() => {
                        Err(evaluation_error("Error while evaluating a Function Call, "))
                    }
                    Some(message) => Err(evaluation_error(format!(
                        "Error while evaluating a Function Call, assert_type(): {message}"
                    ))),
                })
            }
            ("notice", [value]) => {
                self.logs.push(format!("notice: {}", interpolate(value)));
                Ok(Ok(Value::Undef))
            }
            ("type", _) | ("assert_type", _) | ("notice", _) => {
                Err(Unsupported(format!("{name} arguments")))
            }
            _ => Err(Unsupported(format!("method {name}"))),
        }
    }
}

fn truthy(value: &Value) -> bool {
    !matches!(value, Value::Undef | Value::Boolean(false))
}

fn access(
    base: &Value,
    args: &[Value],
    logs: &mut Vec<String>,
) -> Result<Result<Value, Failure>, Unsupported> {
    let Value::Type(base) = base else {
        return Err(Unsupported("access on a value".into()));
    };
    Ok(match parameterize_many(base, args) {
        Ok(Parameterized::One(ty)) => Ok(Value::from_type(ty)),
        Ok(Parameterized::Many(types)) => Ok(Value::array(
            types.into_iter().map(Value::from_type).collect(),
        )),
        Ok(Parameterized::Empty { as_array }) => {
            logs.push("warning: Arguments to Resource[] are all empty/undefined".into());
            Ok(if as_array {
                Value::array(vec![])
            } else {
                Value::Undef
            })
        }
        Err(error) => Err(Failure(error.puppet_message())),
    })
}

fn construct(name: &str, args: &[Value]) -> Result<Value, Failure> {
    let unsupported = || Failure(format!("unsupported constructor {name}"));
    Ok(match (name, args) {
        ("SemVer", [Value::String(text)]) => Value::SemVer(Rc::new(
            SemVer::parse(text).map_err(|e| Failure(e.message))?,
        )),
        ("SemVerRange", [Value::String(text)]) => Value::SemVerRange(Rc::new(
            SemVerRange::parse(text).map_err(|e| Failure(e.message))?,
        )),
        ("Timespan", [Value::Integer(n)]) => Value::Timespan(Timespan::from_seconds(*n)),
        ("Timespan", [Value::Float(f)]) => Value::Timespan(Timespan::from_seconds_f64(*f)),
        ("Timestamp", [Value::Integer(n)]) => Value::Timestamp(Timestamp::from_seconds(*n)),
        ("Timestamp", [Value::String(text)]) => {
            Value::Timestamp(Timestamp::parse(text).map_err(|e| Failure(e.message))?)
        }
        ("Binary", [Value::String(text)]) => {
            Value::Binary(Binary::from_base64(text).ok_or_else(unsupported)?)
        }
        ("URI", [Value::String(text)]) => {
            Value::Uri(Rc::new(Uri::parse(text).ok_or_else(unsupported)?))
        }
        ("Sensitive", [value]) => Value::Sensitive(Rc::new(value.clone())),
        ("String", [value]) => Value::string(&to_string_default(value)),
        ("String", [value, Value::String(format)]) if format.as_ref() == "%p" => {
            Value::string(&programmatic(value))
        }
        ("String", [value, Value::String(format)]) if format.as_ref() == "%s" => {
            Value::string(&to_string_default(value))
        }
        _ => return Err(unsupported()),
    })
}

struct Case {
    id: String,
    src: String,
    value: Option<String>,
    ty: Option<String>,
    generalized: Option<String>,
    logs: Vec<String>,
    error: Option<String>,
}

fn load(area: &str) -> Vec<Case> {
    let path = format!(
        "{}/../tests/conformance/golden/{area}.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|line| {
            let json: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            let text = |key: &str| json[key].as_str().map(String::from);
            Case {
                id: text("id").unwrap_or_default(),
                src: text("src").unwrap_or_default(),
                value: text("value"),
                ty: text("type"),
                generalized: text("generalized"),
                logs: json["logs"]
                    .as_array()
                    .map(|logs| {
                        logs.iter()
                            .filter_map(|l| l.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default(),
                error: text("error"),
            }
        })
        .collect()
}

/// The golden error without Puppet's position suffix.
fn error_text(error: &str) -> &str {
    match error.find(" (file: ") {
        Some(index) => &error[..index],
        None => error,
    }
}

enum Verdict {
    Pass,
    Skip(String),
    Fail(String),
}

/// Errors from the parser or validator, which are not this library's business.
fn is_syntax_or_validation(error: &str) -> bool {
    [
        "Syntax error",
        "This ",
        "Expression is not valid",
        "Unacceptable name",
        "Language validation",
        "Classes, definitions",
        "A Type Alias may only",
    ]
    .iter()
    .any(|prefix| error.starts_with(prefix))
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").replace("  ", " ")
}

fn run(case: &Case) -> Verdict {
    if case.error.as_deref().is_some_and(is_syntax_or_validation) {
        return Verdict::Skip("syntax or validation error".into());
    }
    let tokens = match tokenize(&case.src) {
        Ok(tokens) => tokens,
        Err(Unsupported(why)) => return Verdict::Skip(why),
    };
    let mut reader = Reader {
        tokens,
        position: 0,
        variables: BTreeMap::new(),
        aliases: AliasRegistry::new(),
        logs: Vec::new(),
        reference_depth: 0,
    };
    let outcome = match reader.program() {
        Ok(Ok(value)) => Outcome::Value(value),
        Ok(Err(failure)) => Outcome::Failure(failure),
        Err(Unsupported(why)) => return Verdict::Skip(why),
    };
    match (outcome, &case.error) {
        (Outcome::Value(value), None) => {
            let printed = programmatic(&value);
            let ty = infer(&value).to_string();
            // The oracle's `generalized` is `infer_set(v).generalize`, the detailed type generalized
            // (not what `type(v, 'generalized')` returns, which is `types::infer_generalized`).
            let generalized = infer(&value).generalize().to_string();
            let expected_value = case.value.clone().unwrap_or_default();
            let expected_type = case.ty.clone().unwrap_or_default();
            let expected_generalized = case.generalized.clone().unwrap_or_default();
            if printed != expected_value
                || ty != expected_type
                || generalized != expected_generalized
            {
                Verdict::Fail(format!(
                    "got {printed} | {ty} | {generalized}, expected {expected_value} | {expected_type} | {expected_generalized}"
                ))
            } else if reader.logs != case.logs {
                Verdict::Fail(format!("logs {:?}, expected {:?}", reader.logs, case.logs))
            } else {
                Verdict::Pass
            }
        }
        (Outcome::Failure(Failure(message)), Some(expected)) => {
            if first_line(&message) == first_line(error_text(expected)) {
                Verdict::Pass
            } else if message.starts_with("unsupported constructor") {
                Verdict::Skip(message)
            } else {
                Verdict::Fail(format!(
                    "error {message:?}, expected {:?}",
                    error_text(expected)
                ))
            }
        }
        (Outcome::Value(value), Some(expected)) => Verdict::Fail(format!(
            "got {}, expected error {expected:?}",
            programmatic(&value)
        )),
        (Outcome::Failure(Failure(message)), None) => {
            if message.starts_with("unsupported constructor") {
                Verdict::Skip(message)
            } else {
                Verdict::Fail(format!("error {message:?}, expected {:?}", case.value))
            }
        }
    }
}

/// Cases that disagree on purpose or for a known, documented reason.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[
    (
        "type_aliases/94",
        "this reader checks an alias where it is named, not inside a type's parameters (the evaluator does)",
    ),
    (
        "type_aliases/95",
        "this reader does not follow an alias into the aliases it refers to (the evaluator does)",
    ),
    (
        "type_aliases/97",
        "where the first definition was made is added by the evaluator, not the alias registry",
    ),
    (
        "type_aliases/98",
        "this reader does not name the alias met again first while resolving (the evaluator does)",
    ),
    (
        "access_types/129",
        "regexp compile errors are worded by the regex engine, not Ruby",
    ),
    (
        "access_types/136",
        "regexp compile errors are worded by the regex engine, not Ruby",
    ),
    (
        "type_errors/156",
        "regexp compile errors are worded by the regex engine, not Ruby",
    ),
    (
        "access_types/166",
        "Timespan[77.3]: Ruby keeps the float artefact 77.299999999 and prints '.300000000'",
    ),
    (
        "access_types/181",
        "SemVer with overlapping ranges: Puppet 7 merges them into a nonsensical '>=3.0.0 <1.0.0'",
    ),
    (
        "type_aliases/25",
        "the position of the first definition is the evaluator's to add",
    ),
    (
        "type_aliases/26",
        "the position of the first definition is the evaluator's to add",
    ),
    (
        "comparison/83",
        "`==` binds tighter than `<=` in Puppet's grammar; this reader has no precedence",
    ),    (
        "access_types/227",
        "this reader reads types as Puppet's type parser does, where an unknown name is a reference resolved later; the evaluator (tests/conformance) gives the golden's 'Resource type not found'",
    ),
    (
        "access_types/228",
        "this reader reads types as Puppet's type parser does, where an unknown name is a reference resolved later; the evaluator (tests/conformance) gives the golden's 'Resource type not found'",
    ),
    (
        "access_types/229",
        "this reader reads types as Puppet's type parser does, where an unknown name is a reference resolved later; the evaluator (tests/conformance) gives the golden's 'Resource type not found'",
    ),
    (
        "access_types/230",
        "this reader reads types as Puppet's type parser does, where an unknown name is a reference resolved later; the evaluator (tests/conformance) gives the golden's 'Resource type not found'",
    ),
    (
        "access_types/231",
        "this reader reads types as Puppet's type parser does, where an unknown name is a reference resolved later; the evaluator (tests/conformance) gives the golden's 'Resource type not found'",
    ),
    (
        "access_types/232",
        "this reader reads types as Puppet's type parser does, where an unknown name is a reference resolved later; the evaluator (tests/conformance) gives the golden's 'Resource type not found'",
    ),
    (
        "access_types/233",
        "this reader reads types as Puppet's type parser does, where an unknown name is a reference resolved later; the evaluator (tests/conformance) gives the golden's 'Resource type not found'",
    ),
    (
        "access_types/235",
        "this reader reads types as Puppet's type parser does, where an unknown name is a reference resolved later; the evaluator (tests/conformance) gives the golden's 'Resource type not found'",
    ),
];

fn check_area(area: &str, minimum_passing: usize) {
    let mut passed = 0;
    let mut skipped = Vec::new();
    let mut failures = Vec::new();
    for case in load(area) {
        match run(&case) {
            Verdict::Pass => passed += 1,
            Verdict::Skip(why) => skipped.push(format!("{}: {why}", case.id)),
            Verdict::Fail(why) => {
                if !KNOWN_DIFFERENCES.iter().any(|(id, _)| *id == case.id) {
                    failures.push(format!(
                        "{} `{}`: {why}",
                        case.id,
                        case.src.replace('\n', "↵")
                    ));
                }
            }
        }
    }
    eprintln!(
        "{area}: {passed} passed, {} skipped, {} failed",
        skipped.len(),
        failures.len()
    );
    if std::env::var("SHOW_SKIPPED").is_ok() {
        for skip in &skipped {
            eprintln!("  skipped {skip}");
        }
    }
    assert!(
        failures.is_empty(),
        "{area}: {} failing cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        passed >= minimum_passing,
        "{area}: only {passed} cases passed, expected at least {minimum_passing}"
    );
}

#[test]
fn type_print() {
    check_area("type_print", 188);
}

#[test]
fn type_infer() {
    check_area("type_infer", 121);
}

#[test]
fn type_match() {
    check_area("type_match", 214);
}

#[test]
fn type_assign() {
    check_area("type_assign", 264);
}

#[test]
fn type_errors() {
    check_area("type_errors", 168);
}

#[test]
fn access_types() {
    check_area("access_types", 203);
}

#[test]
fn type_aliases() {
    check_area("type_aliases", 60);
}

#[test]
fn equality() {
    check_area("equality", 97);
}

#[test]
fn comparison() {
    check_area("comparison", 90);
}

#[test]
fn api_used_by_the_evaluator_compiles() {
    let integer = Type::integer(Some(1), Some(10));
    assert!(is_assignable(&Type::Numeric, &integer));
    assert!(type_equals(&integer, &integer));
    assert_eq!(
        types::common_type(
            &Type::integer(Some(1), Some(1)),
            &Type::integer(Some(3), Some(3))
        )
        .to_string(),
        "Integer[1, 3]"
    );
}

/// Exploration helper: `AREAS=logging,strings cargo test --test type_goldens explore -- --nocapture`
/// prints how the other areas fare (cases outside the reader are skipped).
#[test]
fn explore() {
    let Ok(areas) = std::env::var("AREAS") else {
        return;
    };
    for area in areas.split(',') {
        let mut passed = 0;
        let mut skipped = 0;
        for case in load(area) {
            match run(&case) {
                Verdict::Pass => passed += 1,
                Verdict::Skip(_) => skipped += 1,
                Verdict::Fail(why) => {
                    eprintln!("{} `{}`: {why}", case.id, case.src.replace('\n', "↵"))
                }
            }
        }
        eprintln!("{area}: {passed} passed, {skipped} skipped");
    }
}
