//! The fact presets of `facts/presets/` (what an OpenVox 8 agent of each system sends), built into
//! the binary so that `--facts debian-12` works wherever `puppet-eval` runs; `--facts FILE` still
//! reads a file, and a path that exists wins over a preset's name.

/// Each preset's name (as `facts/presets/index.json` lists it) and its facts, a JSON object.
pub const PRESETS: &[(&str, &str)] = &[
    (
        "debian-11",
        include_str!("../../facts/presets/debian-11.json"),
    ),
    (
        "debian-12",
        include_str!("../../facts/presets/debian-12.json"),
    ),
    (
        "ubuntu-20.04",
        include_str!("../../facts/presets/ubuntu-20.04.json"),
    ),
    (
        "redhat-8",
        include_str!("../../facts/presets/redhat-8.json"),
    ),
    (
        "redhat-9",
        include_str!("../../facts/presets/redhat-9.json"),
    ),
    ("rocky-8", include_str!("../../facts/presets/rocky-8.json")),
    (
        "almalinux-8",
        include_str!("../../facts/presets/almalinux-8.json"),
    ),
    (
        "centos-9",
        include_str!("../../facts/presets/centos-9.json"),
    ),
    (
        "windows-2019",
        include_str!("../../facts/presets/windows-2019.json"),
    ),
];

/// The facts `--facts VALUE` names, as `EvalOptions::facts` takes them: the file at that path when
/// there is one (read by `read_file`), else the preset of that name, else why neither.
pub fn facts_for(
    value: &str,
    read_file: impl Fn(&str) -> Result<String, String>,
) -> Result<String, String> {
    if std::path::Path::new(value).exists() {
        let json = read_file(value)?;
        return crate::facts::facts_from_json(&json).map_err(|e| format!("{value}: {e}"));
    }
    match PRESETS.iter().find(|(name, _)| *name == value) {
        Some((name, json)) => {
            crate::facts::facts_from_json(json).map_err(|e| format!("preset {name}: {e}"))
        }
        None => Err(format!(
            "--facts {value}: no such file, nor a preset of that name (presets: {})",
            preset_names().join(", ")
        )),
    }
}

/// The presets' names, in their order.
pub fn preset_names() -> Vec<&'static str> {
    PRESETS.iter().map(|(name, _)| *name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every preset `facts/presets/index.json` lists is built in, under its name, and nothing else.
    #[test]
    fn every_preset_of_the_index_is_built_in() {
        let index: serde_json::Value =
            serde_json::from_str(include_str!("../../facts/presets/index.json")).unwrap();
        let listed: Vec<&str> = index["presets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|preset| preset["name"].as_str().unwrap())
            .collect();
        assert_eq!(listed, preset_names());
    }

    #[test]
    fn a_preset_gives_its_facts() {
        let never = |_: &str| -> Result<String, String> { panic!("no file is read") };
        let facts = facts_for("redhat-9", never).unwrap();
        assert!(facts.contains(r#""family": "RedHat""#), "{facts}");
        let facts = facts_for("debian-12", never).unwrap();
        assert!(facts.contains(r#""family": "Debian""#), "{facts}");
    }

    #[test]
    fn an_unknown_name_lists_the_presets() {
        let error = facts_for("no-such-system-9", |_| Ok(String::new())).unwrap_err();
        assert!(error.contains("no such file, nor a preset"), "{error}");
        assert!(error.contains("debian-12, ubuntu-20.04"), "{error}");
    }
}
