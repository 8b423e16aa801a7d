//! The JSON report of `puppet-eval diff` (its shape is in the README), and reading it back for
//! `--merge`: a value is written as the catalog's JSON has it; what JSON cannot say plainly (a
//! hash with keys that are not strings, a Sensitive digest, a data type, `default`) is written
//! as Puppet's rich data writes it, `{"__ptype": ..., "__pvalue": ...}`.

use serde_json::{json, Map, Value as Json};

use puppet_core::diff::{
    counts, headline, Data, Edge, ErrorChange, Group, NodeDiff, ParameterChange, Position,
    ResourceEntry,
};

/// The format's version: bumped when a field changes meaning.
pub const FORMAT_VERSION: u64 = 1;

/// A run's report: the versions compared and the nodes' groups.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub from: String,
    pub to: String,
    /// `I/N` for one shard's report.
    pub shard: Option<String>,
    pub groups: Vec<Group>,
}

pub fn to_json(report: &Report) -> Json {
    let counts = counts(&report.groups);
    let mut out = Map::new();
    out.insert("version".into(), json!(FORMAT_VERSION));
    out.insert("from".into(), json!(report.from));
    out.insert("to".into(), json!(report.to));
    if let Some(shard) = &report.shard {
        out.insert("shard".into(), json!(shard));
    }
    out.insert("nodes".into(), json!(counts.nodes()));
    out.insert(
        "counts".into(),
        json!({"errored": counts.errored, "changed": counts.changed, "unaffected": counts.unaffected}),
    );
    let groups: Vec<Json> = report.groups.iter().map(group_json).collect();
    out.insert("groups".into(), Json::Array(groups));
    Json::Object(out)
}

fn group_json(group: &Group) -> Json {
    let diff = &group.diff;
    json!({
        "status": diff.status().as_str(),
        "nodes": group.nodes,
        "headline": headline(diff),
        "error": diff.error.as_ref().map(|e| json!({"from": e.from, "to": e.to})),
        "resources_added": diff.resources_added.iter().map(entry_json).collect::<Vec<_>>(),
        "resources_removed": diff.resources_removed.iter().map(entry_json).collect::<Vec<_>>(),
        "parameters_changed": diff.parameters_changed.iter().map(change_json).collect::<Vec<_>>(),
        "classes_added": diff.classes_added,
        "classes_removed": diff.classes_removed,
        "edges_added": diff.edges_added.iter().map(edge_json).collect::<Vec<_>>(),
        "edges_removed": diff.edges_removed.iter().map(edge_json).collect::<Vec<_>>(),
        "cycles_added": diff.cycles_added,
        "cycles_removed": diff.cycles_removed,
    })
}

fn position_fields(out: &mut Map<String, Json>, position: &Option<Position>) {
    if let Some(position) = position {
        out.insert("file".into(), json!(position.file));
        out.insert("line".into(), json!(position.line));
    }
}

fn entry_json(entry: &ResourceEntry) -> Json {
    let mut out = Map::new();
    out.insert("resource".into(), json!(entry.resource));
    position_fields(&mut out, &entry.position);
    if !entry.parameters.is_empty() {
        let parameters: Map<String, Json> = entry
            .parameters
            .iter()
            .map(|(name, value)| (name.clone(), data_json(value)))
            .collect();
        out.insert("parameters".into(), Json::Object(parameters));
    }
    Json::Object(out)
}

fn change_json(change: &ParameterChange) -> Json {
    let mut out = Map::new();
    out.insert("resource".into(), json!(change.resource));
    out.insert("parameter".into(), json!(change.parameter));
    // A parameter that is not there is null (a catalog never holds an undef parameter).
    out.insert(
        "from".into(),
        change.from.as_ref().map_or(Json::Null, data_json),
    );
    out.insert(
        "to".into(),
        change.to.as_ref().map_or(Json::Null, data_json),
    );
    position_fields(&mut out, &change.position);
    Json::Object(out)
}

fn edge_json(edge: &Edge) -> Json {
    json!({"source": edge.source, "target": edge.target, "refresh": edge.refresh})
}

fn tagged(ptype: &str, value: Json) -> Json {
    json!({"__ptype": ptype, "__pvalue": value})
}

/// A value as the catalog's JSON has it.
pub fn data_json(data: &Data) -> Json {
    match data {
        Data::Null => Json::Null,
        Data::Boolean(b) => json!(b),
        Data::Integer(n) => json!(n),
        Data::Float(f) => serde_json::Number::from_f64(*f)
            .map(Json::Number)
            .unwrap_or_else(|| tagged("Puppet", json!(data.text()))),
        Data::String(text) => json!(text),
        Data::Array(items) => Json::Array(items.iter().map(data_json).collect()),
        Data::Hash(entries) => {
            let plain = entries
                .iter()
                .all(|(key, _)| matches!(key, Data::String(k) if k != "__ptype"));
            if plain {
                Json::Object(
                    entries
                        .iter()
                        .map(|(key, value)| {
                            (
                                key.as_str().unwrap_or_default().to_string(),
                                data_json(value),
                            )
                        })
                        .collect(),
                )
            } else {
                let flat: Vec<Json> = entries
                    .iter()
                    .flat_map(|(key, value)| [data_json(key), data_json(value)])
                    .collect();
                tagged("Hash", Json::Array(flat))
            }
        }
        Data::Sensitive(digest) => tagged("Sensitive", json!(digest)),
        Data::Other(text) => tagged("Puppet", json!(text)),
    }
}

/// Nesting deeper than this in a report is refused (the engine's values stop at 64).
const MAX_JSON_DEPTH: usize = 100;

/// A value read back from the report.
fn json_data(value: &Json, depth: usize) -> Result<Data, String> {
    if depth > MAX_JSON_DEPTH {
        return Err("a value nested too deep".into());
    }
    Ok(match value {
        Json::Null => Data::Null,
        Json::Bool(b) => Data::Boolean(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Data::Integer(i),
            None => Data::Float(n.as_f64().ok_or("a number out of range")?),
        },
        Json::String(text) => Data::String(text.clone()),
        Json::Array(items) => Data::Array(
            items
                .iter()
                .map(|item| json_data(item, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        Json::Object(object) => match (
            object.get("__ptype").and_then(Json::as_str),
            object.get("__pvalue"),
        ) {
            (Some("Hash"), Some(Json::Array(flat))) => {
                let items: Vec<Data> = flat
                    .iter()
                    .map(|v| json_data(v, depth + 1))
                    .collect::<Result<_, _>>()?;
                Data::Hash(
                    items
                        .chunks(2)
                        .filter(|pair| pair.len() == 2)
                        .map(|pair| (pair[0].clone(), pair[1].clone()))
                        .collect(),
                )
            }
            (Some("Sensitive"), Some(Json::String(digest))) => Data::Sensitive(digest.clone()),
            (Some("Puppet"), Some(Json::String(text))) => Data::Other(text.clone()),
            (Some(other), _) => return Err(format!("unknown value type {other}")),
            (None, _) => Data::Hash(
                object
                    .iter()
                    .map(|(key, item)| Ok((Data::String(key.clone()), json_data(item, depth + 1)?)))
                    .collect::<Result<_, String>>()?,
            ),
        },
    })
}

/// A report read back from its JSON.
pub fn from_json(value: &Json) -> Result<Report, String> {
    let object = value.as_object().ok_or("not a report: not a JSON object")?;
    if object.get("version").and_then(Json::as_u64) != Some(FORMAT_VERSION) {
        return Err(format!("not a report of version {FORMAT_VERSION}"));
    }
    let text = |key: &str| -> Result<String, String> {
        object
            .get(key)
            .and_then(Json::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("not a report: no \"{key}\""))
    };
    let groups = object
        .get("groups")
        .and_then(Json::as_array)
        .ok_or("not a report: no \"groups\"")?
        .iter()
        .map(read_group)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Report {
        from: text("from")?,
        to: text("to")?,
        shard: object
            .get("shard")
            .and_then(Json::as_str)
            .map(str::to_string),
        groups,
    })
}

fn strings(value: Option<&Json>, what: &str) -> Result<Vec<String>, String> {
    value
        .and_then(Json::as_array)
        .ok_or_else(|| format!("a group has no \"{what}\""))?
        .iter()
        .map(|item| {
            item.as_str()
                .map(str::to_string)
                .ok_or_else(|| format!("\"{what}\" holds a non-string"))
        })
        .collect()
}

fn list<'a>(group: &'a Map<String, Json>, key: &str) -> Result<&'a Vec<Json>, String> {
    group
        .get(key)
        .and_then(Json::as_array)
        .ok_or_else(|| format!("a group has no \"{key}\""))
}

fn read_position(object: &Map<String, Json>) -> Option<Position> {
    Some(Position {
        file: object.get("file")?.as_str()?.to_string(),
        line: u32::try_from(object.get("line")?.as_u64()?).ok()?,
    })
}

fn read_entry(value: &Json) -> Result<ResourceEntry, String> {
    let object = value
        .as_object()
        .ok_or("a resource entry is not an object")?;
    let parameters = match object.get("parameters") {
        None => Vec::new(),
        Some(Json::Object(map)) => map
            .iter()
            .map(|(name, value)| Ok((name.clone(), json_data(value, 0)?)))
            .collect::<Result<_, String>>()?,
        Some(_) => return Err("\"parameters\" is not an object".into()),
    };
    Ok(ResourceEntry {
        resource: object
            .get("resource")
            .and_then(Json::as_str)
            .ok_or("an entry has no \"resource\"")?
            .into(),
        position: read_position(object),
        parameters,
    })
}

fn read_change(value: &Json) -> Result<ParameterChange, String> {
    let object = value.as_object().ok_or("a change is not an object")?;
    let side = |key: &str| -> Result<Option<Data>, String> {
        match object.get(key) {
            None | Some(Json::Null) => Ok(None),
            Some(value) => json_data(value, 0).map(Some),
        }
    };
    let text = |key: &str| -> Result<String, String> {
        object
            .get(key)
            .and_then(Json::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("a change has no \"{key}\""))
    };
    Ok(ParameterChange {
        resource: text("resource")?,
        parameter: text("parameter")?,
        from: side("from")?,
        to: side("to")?,
        position: read_position(object),
    })
}

fn read_edge(value: &Json) -> Result<Edge, String> {
    let object = value.as_object().ok_or("an edge is not an object")?;
    let text = |key: &str| -> Result<String, String> {
        object
            .get(key)
            .and_then(Json::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("an edge has no \"{key}\""))
    };
    Ok(Edge {
        source: text("source")?,
        target: text("target")?,
        refresh: object
            .get("refresh")
            .and_then(Json::as_bool)
            .unwrap_or(false),
    })
}

fn read_cycles(group: &Map<String, Json>, key: &str) -> Result<Vec<Vec<String>>, String> {
    list(group, key)?
        .iter()
        .map(|path| strings(Some(path), key))
        .collect()
}

fn read_group(value: &Json) -> Result<Group, String> {
    let group = value.as_object().ok_or("a group is not an object")?;
    let error = match group.get("error") {
        None | Some(Json::Null) => None,
        Some(Json::Object(e)) => Some(ErrorChange {
            from: e.get("from").and_then(Json::as_str).map(str::to_string),
            to: e.get("to").and_then(Json::as_str).map(str::to_string),
        }),
        Some(_) => return Err("\"error\" is not an object".into()),
    };
    let entries = |key: &str| -> Result<Vec<ResourceEntry>, String> {
        list(group, key)?.iter().map(read_entry).collect()
    };
    let edges = |key: &str| -> Result<Vec<Edge>, String> {
        list(group, key)?.iter().map(read_edge).collect()
    };
    let diff = NodeDiff {
        error,
        resources_added: entries("resources_added")?,
        resources_removed: entries("resources_removed")?,
        parameters_changed: list(group, "parameters_changed")?
            .iter()
            .map(read_change)
            .collect::<Result<_, _>>()?,
        classes_added: strings(group.get("classes_added"), "classes_added")?,
        classes_removed: strings(group.get("classes_removed"), "classes_removed")?,
        edges_added: edges("edges_added")?,
        edges_removed: edges("edges_removed")?,
        cycles_added: read_cycles(group, "cycles_added")?,
        cycles_removed: read_cycles(group, "cycles_removed")?,
    };
    Ok(Group {
        nodes: strings(group.get("nodes"), "nodes")?,
        diff,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_as_they_were() {
        let values = [
            Data::Null,
            Data::Boolean(true),
            Data::Integer(-3),
            Data::Float(1.0),
            Data::Float(2.5),
            Data::String("0644".into()),
            Data::Array(vec![Data::Integer(1), Data::String("a".into())]),
            Data::Hash(vec![
                (Data::String("b".into()), Data::Integer(1)),
                (Data::String("a".into()), Data::Null),
            ]),
            Data::Hash(vec![(Data::Integer(1), Data::String("one".into()))]),
            Data::Hash(vec![(
                Data::String("__ptype".into()),
                Data::String("x".into()),
            )]),
            Data::Sensitive("0123456789abcdef0123456789abcdef".into()),
            Data::Other("Integer[1, 2]".into()),
        ];
        for value in values {
            let json = data_json(&value);
            let text = serde_json::to_string(&json).unwrap();
            let back = json_data(&serde_json::from_str(&text).unwrap(), 0).unwrap();
            assert_eq!(back, value, "{text}");
            if let (Data::Hash(a), Data::Hash(b)) = (&value, &back) {
                assert_eq!(
                    a.iter().map(|e| &e.0).collect::<Vec<_>>(),
                    b.iter().map(|e| &e.0).collect::<Vec<_>>()
                );
            }
        }
        assert_eq!(data_json(&Data::Float(1.0)).to_string(), "1.0");
    }

    #[test]
    fn malformed_reports_are_refused() {
        for text in [
            r#"[]"#,
            r#"{"version": 2}"#,
            r#"{"version": 1, "from": "a", "to": "b", "groups": [{"nodes": []}]}"#,
        ] {
            assert!(
                from_json(&serde_json::from_str(text).unwrap()).is_err(),
                "{text}"
            );
        }
        let mut deep = String::from("1");
        for _ in 0..110 {
            deep = format!("[{deep}]");
        }
        assert!(json_data(&serde_json::from_str(&deep).unwrap(), 0).is_err());
    }
}
