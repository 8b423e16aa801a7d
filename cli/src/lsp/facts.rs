//! The node's facts for the server: a preset of `facts/presets/` (the agents of nine systems, kept
//! in the binary) or a JSON facts file read through the bounded reader; as the engine's facts
//! text and as a value for completing `$facts['...']`.

use std::path::Path;

use puppet_core::Value;

use crate::bounded_read;

/// The presets, by name, as `facts/presets/` holds them.
const PRESETS: &[(&str, &str)] = &[
    (
        "almalinux-8",
        include_str!("../../../facts/presets/almalinux-8.json"),
    ),
    (
        "centos-9",
        include_str!("../../../facts/presets/centos-9.json"),
    ),
    (
        "debian-11",
        include_str!("../../../facts/presets/debian-11.json"),
    ),
    (
        "debian-12",
        include_str!("../../../facts/presets/debian-12.json"),
    ),
    (
        "redhat-8",
        include_str!("../../../facts/presets/redhat-8.json"),
    ),
    (
        "redhat-9",
        include_str!("../../../facts/presets/redhat-9.json"),
    ),
    (
        "rocky-8",
        include_str!("../../../facts/presets/rocky-8.json"),
    ),
    (
        "ubuntu-20.04",
        include_str!("../../../facts/presets/ubuntu-20.04.json"),
    ),
    (
        "windows-2019",
        include_str!("../../../facts/presets/windows-2019.json"),
    ),
];

/// The names of the presets.
pub fn preset_names() -> impl Iterator<Item = &'static str> {
    PRESETS.iter().map(|(name, _)| *name)
}

/// Facts ready for a compile and for completion.
#[derive(Debug, Clone)]
pub struct Facts {
    /// What `EvalOptions::facts` takes.
    pub text: String,
    /// The facts as a hash value.
    pub value: Value,
}

/// The facts of preset `name`.
pub fn preset(name: &str) -> Result<Facts, String> {
    let json = PRESETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, json)| *json)
        .ok_or_else(|| {
            format!(
                "there is no facts preset '{name}' (there are {})",
                preset_names().collect::<Vec<_>>().join(", ")
            )
        })?;
    from_json(json)
}

/// The facts of a JSON file.
pub fn file(path: &Path) -> Result<Facts, String> {
    let text = bounded_read::read_text(path, bounded_read::file_limit())
        .map_err(|e| format!("cannot read the facts file {}: {e}", path.display()))?;
    from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn from_json(json: &str) -> Result<Facts, String> {
    let value = puppet_core::facts::facts_from_json(json)?;
    Ok(Facts {
        text: json.to_string(),
        value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_reads_as_a_hash_with_its_os() {
        for name in preset_names() {
            let facts = preset(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            let Value::Hash(hash) = &facts.value else {
                panic!("{name}: not a hash");
            };
            assert!(hash
                .iter()
                .any(|(k, _)| matches!(k, Value::String(s) if &**s == "os")));
        }
        assert!(preset("plan9")
            .err()
            .is_some_and(|e| e.starts_with("there is no facts preset 'plan9'")));
    }

    #[test]
    fn a_file_that_is_not_facts() {
        let dir = std::env::temp_dir().join(format!("lsp-facts-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("f.json");
        let _ = std::fs::write(&path, "[1]");
        assert!(file(&path).is_err_and(|e| e.ends_with("the facts must be a JSON object")));
        let _ = std::fs::write(&path, r#"{"os": {"family": "Debian"}}"#);
        assert!(file(&path).is_ok());
        assert!(file(&dir.join("missing.json")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
