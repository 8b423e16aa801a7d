//! Psych's (Ruby's YAML library's) scalar patterns that both Hiera's YAML reader and stdlib's YAML
//! writer follow.

/// Psych's FLOAT, `[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?`: a float needs its point
/// (stdlib's YAML writer quotes a string that reads as one).
#[cfg_attr(not(feature = "yaml"), allow(dead_code))]
pub(crate) fn is_float(text: &str) -> bool {
    let body = text.strip_prefix(['+', '-']).unwrap_or(text);
    let Some((whole, rest)) = body.split_once('.') else {
        return false;
    };
    let whole_ok = whole.is_empty()
        || (whole.starts_with(|c: char| c.is_ascii_digit())
            && whole
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'_' || b == b','));
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let exponent = &rest[digits..];
    let exponent_ok = exponent.is_empty()
        || exponent
            .strip_prefix(['e', 'E'])
            .and_then(|e| e.strip_prefix(['+', '-']))
            .is_some_and(|e| !e.is_empty() && e.bytes().all(|b| b.is_ascii_digit()));
    whole_ok && exponent_ok
}
