//! The nodes of `puppet-eval diff --nodes DIR`: one fact file each (`NAME.json`, `NAME.yaml`),
//! as `puppet facts show` (the facts alone), `puppet facts find --render-as json|yaml` (`name`
//! and `values`) or a PuppetDB export (`certname` and `values`) write them. The certname is the
//! one the file names, else the file's name.

use std::path::Path;

use puppet_cli::facts::facts_text;

/// A node to compile: its certname and its facts as the engine takes them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    pub name: String,
    /// The text of a JSON object (`EvalOptions::facts`); `None`: no facts.
    pub facts: Option<String>,
}

/// Fact files larger than this are refused (a fact set is tens of kilobytes).
const MAX_FACTS_BYTES: u64 = 64 * 1024 * 1024;

/// The nodes of a directory of fact files, sorted by certname.
pub fn read_nodes(dir: &Path) -> Result<Vec<Node>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("--nodes {}: {e}", dir.display()))?;
    let mut nodes: Vec<Node> = Vec::new();
    let mut paths: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        let Some(extension) = path.extension().and_then(|e| e.to_str()) else {
            continue;
        };
        if !matches!(extension, "json" | "yaml" | "yml") || !path.is_file() {
            continue;
        }
        let shown = path.display().to_string();
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        if size > MAX_FACTS_BYTES {
            return Err(format!("{shown}: larger than {MAX_FACTS_BYTES} bytes"));
        }
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{shown}: {e}"))?;
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let node = if extension == "json" {
            node_from_json(&text, stem)
        } else {
            node_from_yaml(&text, stem)
        }
        .map_err(|e| format!("{shown}: {e}"))?;
        if let Some(other) = nodes.iter().find(|n| n.name == node.name) {
            return Err(format!(
                "{shown}: the node {} has another fact file too",
                other.name
            ));
        }
        nodes.push(node);
    }
    if nodes.is_empty() {
        return Err(format!(
            "--nodes {}: no .json or .yaml fact files",
            dir.display()
        ));
    }
    nodes.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(nodes)
}

/// The certname and facts of a JSON fact file.
pub fn node_from_json(text: &str, file_name: String) -> Result<Node, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let serde_json::Value::Object(object) = &value else {
        return Err("the facts must be a JSON object".into());
    };
    let named = ["certname", "name"]
        .iter()
        .find_map(|key| object.get(*key).and_then(|v| v.as_str()));
    match (named, object.get("values")) {
        (Some(name), Some(values @ serde_json::Value::Object(_))) => Ok(Node {
            name: certname(name)?,
            facts: Some(facts_text(values)),
        }),
        _ => Ok(Node {
            name: certname(&file_name)?,
            facts: Some(facts_text(&value)),
        }),
    }
}

/// The certname and facts of a YAML fact file (Puppet's `!ruby/object:Puppet::Node::Facts`
/// document: only its `name` and `values` are read).
pub fn node_from_yaml(text: &str, file_name: String) -> Result<Node, String> {
    const FACTS_TAG: &str = "!ruby/object:Puppet::Node::Facts";
    let wrapped = text.contains(FACTS_TAG);
    let text: String = if wrapped {
        // The tag names a Ruby class, and the timestamps are YAML times: neither is data that a
        // safe YAML reader takes, and neither is needed.
        text.replacen(FACTS_TAG, "", 1)
            .lines()
            .filter(|line| !line.starts_with("timestamp:") && !line.starts_with("expiration:"))
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        text.to_string()
    };
    let value = puppet_core::hiera::yaml::load(&text)
        .map_err(|e| e.psych_text("facts"))?
        .ok_or("an empty YAML document")?;
    let puppet_core::Value::Hash(hash) = &value else {
        return Err("the facts must be a YAML mapping".into());
    };
    let get = |key: &str| hash.get(&puppet_core::Value::string(key));
    let named = ["certname", "name"].iter().find_map(|key| match get(key) {
        Some(puppet_core::Value::String(name)) => Some(name.to_string()),
        _ => None,
    });
    match (named, get("values")) {
        (Some(name), Some(values @ puppet_core::Value::Hash(_))) => Ok(Node {
            name: certname(&name)?,
            facts: Some(puppet_core::ruby_json(values)?),
        }),
        _ => Ok(Node {
            name: certname(&file_name)?,
            facts: Some(puppet_core::ruby_json(&value)?),
        }),
    }
}

/// A certname Puppet would take: not empty, no path separators or control characters.
fn certname(name: &str) -> Result<String, String> {
    if name.is_empty()
        || name
            .chars()
            .any(|c| c == '/' || c == '\\' || c.is_control())
    {
        return Err(format!("{name:?} is not a certname"));
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_facts_take_the_files_name() {
        let node = node_from_json(r#"{"os": {"family": "Debian"}}"#, "web01".into()).unwrap();
        assert_eq!(node.name, "web01");
        assert_eq!(node.facts.as_deref(), Some(r#"{"os":{"family":"Debian"}}"#));
    }

    #[test]
    fn a_file_that_names_its_node() {
        let find =
            r#"{"name": "db01.example.com", "values": {"kernel": "Linux"}, "timestamp": "x"}"#;
        assert_eq!(
            node_from_json(find, "f".into()).unwrap().name,
            "db01.example.com"
        );
        let puppetdb = r#"{"certname": "db02", "environment": "production", "values": {"a": 1}}"#;
        let node = node_from_json(puppetdb, "f".into()).unwrap();
        assert_eq!(
            (node.name.as_str(), node.facts.as_deref()),
            ("db02", Some(r#"{"a":1}"#))
        );
        let yaml =
            "--- !ruby/object:Puppet::Node::Facts\nname: web02\nvalues:\n  kernel: Linux\n  \
                    processors:\n    count: 2\ntimestamp: 2024-05-01 10:00:00.000000000 +00:00\n\
                    expiration: 2024-05-01 10:30:00.000000000 +00:00\n";
        let node = node_from_yaml(yaml, "f".into()).unwrap();
        assert_eq!(node.name, "web02");
        assert_eq!(
            node.facts.as_deref(),
            Some(r#"{"kernel":"Linux","processors":{"count":2}}"#)
        );
        let plain = node_from_yaml("os:\n  family: RedHat\n", "app01".into()).unwrap();
        assert_eq!(plain.name, "app01");
    }

    #[test]
    fn refusals() {
        assert!(node_from_json("[1]", "x".into()).is_err());
        assert!(node_from_json("{", "x".into()).is_err());
        assert!(node_from_json(r#"{"name": "../x", "values": {}}"#, "x".into()).is_err());
        assert!(node_from_yaml("- 1\n", "x".into()).is_err());
    }
}
