//! The node's facts as callers give them: a JSON object, what `puppet facts show` and `facter -j`
//! print, read into the value of `$facts` (`EvalOptions::facts` holds the text).
//!
//! Puppet reads a facts file with Ruby's JSON parser, and so does this (`value/json.rs`): the same
//! values, nesting limit and messages. One difference is forced by the engine's Integer, which is
//! Puppet's 64 bits: Ruby reads a wider integer exactly (a Bignum, which Puppet prints, compares
//! and refuses in arithmetic), and this reads it as the nearest Float, as JSON readers that have
//! no wider integer do; an integer within 64 bits (above 2^53 too) stays an exact Integer.

use alloc::format;
use alloc::string::String;

use crate::value::Value;

/// The facts a JSON text holds (an object with string keys), or why not.
pub fn facts_from_json(text: &str) -> Result<Value, String> {
    match crate::value::json::load_with(text, true) {
        Ok(value @ Value::Hash(_)) => Ok(value),
        Ok(_) => Err("the facts must be a JSON object".into()),
        Err(message) => Err(format!("the facts are not JSON: {message}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::programmatic;

    fn read(text: &str) -> Result<String, String> {
        facts_from_json(text).map(|v| programmatic(&v))
    }

    #[test]
    fn an_object_is_facts() {
        assert_eq!(
            read(r#"{"os": {"family": "Debian", "n": -2}, "up": [true, null, 1.5], "s": "it's"}"#)
                .as_deref(),
            Ok("{'os' => {'family' => 'Debian', 'n' => -2}, 'up' => [true, undef, 1.5], 's' => 'it\\'s'}")
        );
    }

    /// Real Puppet (env_oracle.rb, OpenVox 8.28.1) with the fact `{"big": 9007199254740993}`:
    /// `notice($facts['big'])` prints `9007199254740993` and its type is
    /// `Integer[9007199254740993, 9007199254740993]`: exact above 2^53.
    #[test]
    fn integers_above_2_53_stay_exact() {
        assert_eq!(
            read(r#"{"big": 9007199254740993, "min": -9223372036854775808, "max": 9223372036854775807}"#)
                .as_deref(),
            Ok("{'big' => 9007199254740993, 'min' => -9223372036854775808, 'max' => 9223372036854775807}")
        );
    }

    /// Real Puppet keeps `{"big": 18446744073709551616}` as a Ruby Bignum (`notice` prints
    /// `18446744073709551616`, `$big > 5` is true, `$big + 1` is an error): beyond the engine's
    /// 64-bit Integer, the nearest Float keeps it a number that compares as Puppet's does.
    #[test]
    fn integers_beyond_64_bits_are_the_nearest_float() {
        assert_eq!(
            read(r#"{"big": 18446744073709551616, "low": -9223372036854775809}"#).as_deref(),
            Ok("{'big' => 1.8446744073709552e+19, 'low' => -9.223372036854776e+18}")
        );
    }

    #[test]
    fn anything_else_is_refused_with_a_reason() {
        assert_eq!(read("[1]"), Err("the facts must be a JSON object".into()));
        assert_eq!(
            read("{\"a\": 1"),
            Err("the facts are not JSON: 859: unexpected token at '{\"a\": 1'".into())
        );
        let deep = format!("{{\"a\": {}1{}}}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(
            read(&deep),
            Err("the facts are not JSON: nesting of 101 is too deep".into())
        );
    }
}
