//! A YAML file's text loaded for Hiera, or, in an engine built without the `yaml` feature (the
//! page's light engine), the error `NEEDS_YAML` as data: that build has no YAML reader
//! (hiera/light.rs gives it for the first hiera.yaml a lookup would read).

#[cfg(feature = "yaml")]
use alloc::string::String;

use crate::host::Unwind;
use crate::span::Span;
#[cfg(feature = "yaml")]
use crate::value::Value;

/// The stable code of the error a build without the `yaml` feature gives for a YAML file.
pub const NEEDS_YAML: &str = "NEEDS_YAML";

/// What loading gives: the first document (`None` for an empty stream), or Psych's text of the
/// file's error with its 1-based line and column when it has one.
#[cfg(feature = "yaml")]
pub(super) type Loaded = Result<Option<Value>, (String, Option<(usize, usize)>)>;

/// Load the YAML `text` of the file at `path`.
#[cfg(feature = "yaml")]
pub(super) fn load(text: &str, path: &str) -> Loaded {
    super::yaml::load(text).map_err(|e| (e.psych_text(path), e.at))
}

/// The error of a build without the `yaml` feature for the YAML file at `path`.
#[cfg_attr(feature = "yaml", allow(dead_code))]
pub(crate) fn needs_yaml(path: &str, span: Span) -> Unwind {
    crate::host::error(
        NEEDS_YAML,
        alloc::format!(
            "Cannot read '{path}': this build of the engine has no YAML reader (the playground loads the engine that has one when the environment has YAML files)"
        ),
        span,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_is_data_with_a_stable_code_naming_the_file() {
        let Unwind::Error(d) = needs_yaml("data/common.yaml", Span::new(3, 4)) else {
            panic!("an error");
        };
        assert_eq!(d.code, NEEDS_YAML);
        assert!(d.message.contains("'data/common.yaml'"), "{}", d.message);
        assert!(d.message.contains("no YAML reader"), "{}", d.message);
        assert_eq!(d.span, Span::new(3, 4));
    }

    #[cfg(feature = "yaml")]
    #[test]
    fn with_the_feature_yaml_is_read_and_its_errors_are_psychs() {
        let loaded = load("a: 1\n", "x.yaml");
        assert!(matches!(loaded, Ok(Some(Value::Hash(_)))));
        let Err((message, at)) = load("a: [\n", "x.yaml") else {
            panic!("a syntax error as data");
        };
        assert!(message.starts_with("(x.yaml): "), "{message}");
        assert!(at.is_some());
    }
}
