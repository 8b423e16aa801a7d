//! The `puppet/*` requests of Puppet's own VS Code extension (puppet-vscode, which can connect to
//! a language server over TCP): `puppet/getVersion`, which it asks first, answered with what this
//! server is. Its other requests (node graph, Puppetfile resolution, resource import) are answered
//! as unknown methods.

use serde_json::json;

use super::server::{Answer, Server};

pub fn version(server: &Server) -> Answer {
    let classes = server
        .folders
        .iter()
        .any(|f| f.analysis.paths().any(|p| p.ends_with(".pp")));
    Ok(json!({
        "puppetVersion": "8 (the OpenVox 8 language of puppet-eval)",
        "facterVersion": "none (facts from the settings)",
        "languageServerVersion": format!("puppet-eval {}", puppet_core::VERSION),
        "factsLoaded": server.facts.is_some(),
        "functionsLoaded": true,
        "typesLoaded": true,
        "classesLoaded": classes,
    }))
}
