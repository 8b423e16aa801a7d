//! A node's compiled catalog as a diff reads it: resources with their parameters as data,
//! relationship edges, dependency cycles, or the error that stopped the compile.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::data::Data;

/// What one compile of one node gave: a catalog, or the error that stopped it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NodeCatalog {
    /// Classes (type `Class`) and resources, in the catalog's order.
    pub resources: Vec<Resource>,
    /// Relationship edges (not containment), each once.
    pub edges: Vec<Edge>,
    /// Each dependency cycle as the path Puppet prints (`Exec[a] => Exec[b] => Exec[a]`).
    pub cycles: Vec<Vec<String>>,
    /// The compile's error, as Puppet's first message line; the catalog is empty then.
    pub error: Option<String>,
}

impl NodeCatalog {
    /// The catalog of a compile that failed with `error`.
    pub fn failed(error: String) -> NodeCatalog {
        NodeCatalog {
            error: Some(error),
            ..NodeCatalog::default()
        }
    }
}

/// A class or resource of a catalog.
#[derive(Debug, Clone, PartialEq)]
pub struct Resource {
    /// As Puppet prints it: `File`, `Class`, `Apache::Vhost`.
    pub type_name: String,
    pub title: String,
    /// Its parameters, without the relationship metaparameters (those are [`Edge`]s).
    pub parameters: Vec<(String, Data)>,
    /// Where it was declared (not compared: only shown).
    pub position: Option<Position>,
}

impl Resource {
    /// `Type[title]`, as Puppet names a catalog resource.
    pub fn reference(&self) -> String {
        format!("{}[{}]", self.type_name, self.title)
    }
}

/// A place in an environment's file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// The file's path in the environment (`modules/ntp/manifests/init.pp`).
    pub file: String,
    /// 1-based.
    pub line: u32,
}

/// A relationship: `source` is applied before `target` (and, with `refresh`, refreshes it).
/// `before`, `require` and `->` make the same edge; `notify`, `subscribe` and `~>` a refreshing one.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    pub source: String,
    pub target: String,
    pub refresh: bool,
}

impl Edge {
    /// `Package[nginx] -> Service[nginx]`, or `~>` for a refreshing edge.
    pub fn text(&self) -> String {
        let arrow = if self.refresh { "~>" } else { "->" };
        format!("{} {arrow} {}", self.source, self.target)
    }
}
