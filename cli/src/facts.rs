//! Facts from JSON (what `puppet facts show` and `facter -j` print): checked by the core's reader
//! (`puppet_core::facts`) and handed to it as JSON text (`EvalOptions::facts`).

/// The facts a JSON text holds, as `EvalOptions::facts` takes them (the text itself), or why not
/// (an object at the top, JSON by Ruby's parser's rules).
pub fn facts_from_json(text: &str) -> Result<String, String> {
    puppet_core::facts::facts_from_json(text)?;
    Ok(text.to_string())
}

/// Facts already read as JSON data, as `EvalOptions::facts` takes them. `serde_json` keeps every
/// integer up to 64 bits exact and reads a wider one as a float, which is what the core makes of
/// it too (`puppet_core::facts`).
pub fn facts_text(value: &serde_json::Value) -> String {
    value.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_json_object_is_facts() {
        let text = r#"{"os": {"family": "Debian"}, "n": -3}"#;
        assert_eq!(facts_from_json(text).as_deref(), Ok(text));
        assert_eq!(
            facts_from_json("[1]"),
            Err("the facts must be a JSON object".into())
        );
        assert!(facts_from_json("{").is_err_and(|e| e.starts_with("the facts are not JSON: ")));
    }

    /// Wide integers through `serde_json::Value` end as they do read from the text: 2^53 + 1
    /// exact, 2^64 the nearest float.
    #[test]
    fn data_keeps_what_the_text_would_give() {
        let text = r#"{"a": 9007199254740993, "b": 18446744073709551616, "c": "x'y"}"#;
        let data: serde_json::Value = serde_json::from_str(text).expect("json");
        let read = |facts: &str| {
            puppet_core::facts::facts_from_json(facts).map(|v| puppet_core::value::programmatic(&v))
        };
        assert_eq!(read(&facts_text(&data)), read(text));
        assert_eq!(
            read(text).as_deref(),
            Ok("{'a' => 9007199254740993, 'b' => 1.8446744073709552e+19, 'c' => 'x\\'y'}")
        );
    }
}
