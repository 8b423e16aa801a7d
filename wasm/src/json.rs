//! The facade's results as JSON text, which `JSON.parse` turns into plain JS objects (smaller than serde).

use crate::data::{JsDiagnostic, JsLog, JsOutcome, JsStatement, JsToken};

/// A JSON text under construction: objects and arrays with string, number and null members.
struct Json(String);

impl Json {
    /// `"text"`, escaped as JSON requires (quote, backslash and control characters).
    fn string(&mut self, text: &str) {
        self.0.push('"');
        for c in text.chars() {
            match c {
                '"' => self.0.push_str("\\\""),
                '\\' => self.0.push_str("\\\\"),
                '\n' => self.0.push_str("\\n"),
                c if c < ' ' => {
                    let hex = b"0123456789abcdef";
                    self.0.push_str("\\u00");
                    self.0.push(hex[(c as usize) >> 4] as char);
                    self.0.push(hex[(c as usize) & 15] as char);
                }
                c => self.0.push(c),
            }
        }
        self.0.push('"');
    }

    /// `"name":`, preceded by a comma unless it opens the object.
    fn key(&mut self, name: &str) {
        if !self.0.ends_with('{') {
            self.0.push(',');
        }
        self.string(name);
        self.0.push(':');
    }

    fn str_field(&mut self, name: &str, text: &str) {
        self.key(name);
        self.string(text);
    }

    fn opt_field(&mut self, name: &str, text: Option<&str>) {
        match text {
            Some(text) => self.str_field(name, text),
            None => {
                self.key(name);
                self.0.push_str("null");
            }
        }
    }

    fn num_field(&mut self, name: &str, n: u32) {
        self.key(name);
        let mut digits = [0u8; 10];
        let (mut n, mut at) = (n, digits.len());
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[at..] {
            self.0.push(d as char);
        }
    }

    /// `"name":[...]`, each item written as an object by `write`.
    fn array<T>(&mut self, name: &str, items: &[T], write: fn(&mut Json, &T)) {
        self.key(name);
        self.list(items, write);
    }

    /// `[...]`, each item written as an object by `write`.
    fn list<T>(&mut self, items: &[T], write: fn(&mut Json, &T)) {
        self.0.push('[');
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            self.0.push('{');
            write(self, item);
            self.0.push('}');
        }
        self.0.push(']');
    }
}

fn log(json: &mut Json, log: &JsLog) {
    json.str_field("level", log.level);
    json.str_field("message", &log.message);
}

fn diagnostic(json: &mut Json, d: &JsDiagnostic) {
    json.str_field("message", &d.message);
    json.str_field("severity", d.severity);
    json.str_field("code", d.code);
    json.num_field("start", d.start);
    json.num_field("end", d.end);
    json.num_field("line", d.line);
    json.num_field("column", d.column);
    json.num_field("endLine", d.end_line);
    json.num_field("endColumn", d.end_column);
}

fn statement(json: &mut Json, s: &JsStatement) {
    json.num_field("start", s.start);
    json.num_field("end", s.end);
    json.num_field("endLine", s.end_line);
    json.str_field("value", &s.value);
    json.str_field("type", &s.type_);
}

fn token(json: &mut Json, t: &JsToken) {
    json.str_field("kind", t.kind);
    json.num_field("start", t.start);
    json.num_field("end", t.end);
}

/// `{ value, type, generalized, logs, diagnostics, statements }` as JSON.
pub fn outcome_json(outcome: &JsOutcome) -> String {
    let mut json = Json(String::from("{"));
    json.opt_field("value", outcome.value.as_deref());
    json.opt_field("type", outcome.type_.as_deref());
    json.opt_field("generalized", outcome.generalized.as_deref());
    json.array("logs", &outcome.logs, log);
    json.array("diagnostics", &outcome.diagnostics, diagnostic);
    json.array("statements", &outcome.statements, statement);
    json.0.push('}');
    json.0
}

/// `[{ kind, start, end }]` as JSON.
pub fn tokens_json(tokens: &[JsToken]) -> String {
    let mut json = Json(String::new());
    json.list(tokens, token);
    json.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_are_json_with_the_documented_fields() {
        let outcome = JsOutcome {
            value: Some("'a\"b\\c\n\u{1}é😀'".into()),
            type_: Some("String".into()),
            generalized: None,
            logs: vec![JsLog {
                level: "notice",
                message: "hi".into(),
            }],
            diagnostics: vec![JsDiagnostic {
                message: "m".into(),
                severity: "error",
                code: "C",
                start: 0,
                end: 1234567890,
                line: 1,
                column: 10,
                end_line: 2,
                end_column: 3,
            }],
            statements: vec![],
        };
        let text = outcome_json(&outcome);
        let parsed: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!(
            parsed,
            serde_json::json!({
                "value": "'a\"b\\c\n\u{1}é😀'",
                "type": "String",
                "generalized": null,
                "logs": [{"level": "notice", "message": "hi"}],
                "diagnostics": [{"message": "m", "severity": "error", "code": "C", "start": 0,
                    "end": 1234567890u32, "line": 1, "column": 10, "endLine": 2, "endColumn": 3}],
                "statements": [],
            })
        );
    }

    #[test]
    fn tokens_are_a_json_array() {
        let tokens = [
            JsToken {
                kind: "INTEGER",
                start: 0,
                end: 2,
            },
            JsToken {
                kind: "PLUS",
                start: 3,
                end: 4,
            },
        ];
        let parsed: serde_json::Value =
            serde_json::from_str(&tokens_json(&tokens)).expect("valid JSON");
        assert_eq!(
            parsed,
            serde_json::json!([{"kind": "INTEGER", "start": 0, "end": 2},
                {"kind": "PLUS", "start": 3, "end": 4}])
        );
        assert_eq!(tokens_json(&[]), "[]");
    }
}
