//! The explanation of a lookup as data: a tree of what was searched (data providers, hierarchy
//! levels and paths, merges, interpolations, sub-keys) and what each found, and its text as
//! `puppet lookup --explain` prints it (and Puppet's debug log of every lookup).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::value::Value;

/// What a node of the tree stands for.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    Root,
    /// `Searching for "key"` (the key itself, or `lookup_options`).
    Top(String),
    InvalidKey(String),
    /// `Environment Data Provider (hiera configuration version 5)`, with its configuration file.
    DataProvider {
        name: String,
        config_path: Option<String>,
    },
    /// `Hierarchy entry "name"`.
    Entry(String),
    /// A data file: its path and the path as the hierarchy wrote it.
    Location {
        path: String,
        original: String,
    },
    Interpolate(String),
    /// A merge of what several places found.
    Merge {
        strategy: &'static str,
        options: Option<Value>,
    },
    /// A module with no data: not found, or found without data.
    Module {
        name: String,
        has_module: bool,
    },
    /// A named part of the search (`Global Scope`, `Searching default_hierarchy ...`).
    Scope(String),
    SubLookup(String),
    Segment,
    MergeSource(String),
}

/// What a node found.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    None,
    Found(String, Value),
    FoundInDefaults(String, Value),
    FoundInOverrides(String, Value),
    NotFound(String),
    LocationNotFound,
    Result(Value),
}

#[derive(Debug, Clone)]
struct Node {
    kind: Kind,
    parent: usize,
    branches: Vec<usize>,
    event: Event,
    texts: Vec<String>,
}

/// Most nodes an explanation keeps: a lookup that interpolates lookups inside lookups would
/// otherwise grow it without bound (what follows is left out, and the text says so).
const MAX_NODES: usize = 10_000;

/// Most bytes of an explanation's text (each value found is printed whole in it).
const MAX_TEXT: usize = 1024 * 1024;

/// Deepest nesting of a value printed in an explanation; deeper parts print as `...`.
const MAX_VALUE_DEPTH: usize = 100;

/// The tree being built while a lookup runs.
#[derive(Debug, Clone)]
pub struct Explainer {
    nodes: Vec<Node>,
    current: usize,
    /// Nodes entered past [`MAX_NODES`] and not yet left (they are not kept).
    skipped: usize,
    /// Whether any node was left out.
    cut: bool,
}

impl Default for Explainer {
    fn default() -> Self {
        Explainer::new()
    }
}

impl Explainer {
    pub fn new() -> Self {
        // Room for a lookup's usual tree (its key, three layers, a level or two) without growing:
        // an automatic parameter lookup makes one for every parameter.
        let mut nodes = Vec::with_capacity(8);
        nodes.push(Node {
            kind: Kind::Root,
            parent: 0,
            branches: Vec::new(),
            event: Event::None,
            texts: Vec::new(),
        });
        Explainer {
            nodes,
            current: 0,
            skipped: 0,
            cut: false,
        }
    }

    /// Enter a node under the current one.
    pub fn push(&mut self, kind: Kind) {
        if self.skipped > 0 || self.nodes.len() >= MAX_NODES {
            self.skipped += 1;
            self.cut = true;
            return;
        }
        let at = self.nodes.len();
        self.nodes.push(Node {
            kind,
            parent: self.current,
            branches: Vec::new(),
            event: Event::None,
            texts: Vec::new(),
        });
        self.nodes[self.current].branches.push(at);
        self.current = at;
    }

    pub fn pop(&mut self) {
        if self.skipped > 0 {
            self.skipped -= 1;
            return;
        }
        self.current = self.nodes[self.current].parent;
    }

    /// A node that needs no branches (a merge source, a module without data).
    pub fn leaf(&mut self, kind: Kind) {
        self.push(kind);
        self.pop();
    }

    pub fn event(&mut self, event: Event) {
        if self.skipped == 0 {
            self.nodes[self.current].event = event;
        }
    }

    pub fn text(&mut self, text: String) {
        if self.skipped == 0 {
            self.nodes[self.current].texts.push(text);
        }
    }

    /// The explanation as `puppet lookup --explain` prints it.
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.dump_children(0, &mut out, "", "");
        self.mark_cut(&mut out);
        out
    }

    /// An explanation cut short ends saying so (its nodes past [`MAX_NODES`] were not kept, or
    /// its text would pass [`MAX_TEXT`]).
    fn mark_cut(&self, out: &mut String) {
        let long = out.len() > MAX_TEXT;
        if long {
            crate::value::truncate_after(out, MAX_TEXT);
        }
        if long || self.cut {
            if !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&alloc::format!(
                "... (the explanation is cut here: it is longer than {MAX_NODES} entries or {MAX_TEXT} bytes)\n"
            ));
        }
    }

    /// Puppet's debug message after a lookup: the preamble, then the tree indented.
    pub fn render_debug(&self, preamble: &str) -> String {
        let mut out = String::from(preamble);
        out.push('\n');
        self.dump_children(0, &mut out, "  ", "  ");
        self.mark_cut(&mut out);
        while out.ends_with('\n') {
            out.pop();
        }
        out
    }

    fn dump_children(&self, at: usize, out: &mut String, indent: &str, first: &str) {
        for &child in &self.nodes[at].branches {
            self.dump(child, out, indent, first);
        }
        self.dump_texts(at, out, indent);
    }

    fn dump_texts(&self, at: usize, out: &mut String, indent: &str) {
        for text in &self.nodes[at].texts {
            out.push_str(indent);
            out.push_str(text);
            out.push('\n');
        }
    }

    fn dump_branches(&self, at: usize, out: &mut String, indent: &str) {
        for &child in &self.nodes[at].branches {
            self.dump(child, out, indent, indent);
        }
    }

    fn dump(&self, at: usize, out: &mut String, indent: &str, first: &str) {
        if out.len() > MAX_TEXT {
            return;
        }
        let node = &self.nodes[at];
        let inner = alloc::format!("{indent}  ");
        match &node.kind {
            Kind::Root => self.dump_children(at, out, indent, first),
            Kind::Top(key) => {
                out.push_str(first);
                out.push_str(&alloc::format!("Searching for \"{key}\"\n"));
                self.dump_branches(at, out, &inner);
            }
            Kind::InvalidKey(key) => {
                out.push_str(first);
                out.push_str(&alloc::format!("Invalid key \"{key}\"\n"));
            }
            Kind::MergeSource(source) => {
                out.push_str(first);
                out.push_str(&alloc::format!(
                    "Using merge options from \"{source}\" hash\n"
                ));
            }
            Kind::Module { name, has_module } => {
                out.push_str(indent);
                if *has_module {
                    out.push_str(&alloc::format!(
                        "Module data provider for module \"{name}\" not found\n"
                    ));
                } else {
                    out.push_str(&alloc::format!("Module \"{name}\" not found\n"));
                }
            }
            Kind::Interpolate(expression) => {
                out.push_str(first);
                out.push_str(&alloc::format!("Interpolation on \"{expression}\"\n"));
                self.dump_branches(at, out, &inner);
            }
            Kind::DataProvider { name, config_path } => {
                out.push_str(first);
                out.push_str(name);
                out.push('\n');
                if let Some(path) = config_path {
                    out.push_str(&alloc::format!("{inner}Using configuration \"{path}\"\n"));
                }
                self.dump_branches(at, out, &inner);
                self.dump_outcome(at, out, &inner);
            }
            Kind::Entry(name) => {
                let heading = alloc::format!("Hierarchy entry \"{name}\"");
                self.dump_section(at, out, first, &heading, &inner);
            }
            Kind::Location { path, original } => {
                out.push_str(indent);
                out.push_str(&alloc::format!("Path \"{path}\"\n"));
                out.push_str(&alloc::format!("{inner}Original path: \"{original}\"\n"));
                self.dump_branches(at, out, &inner);
                if node.event == Event::LocationNotFound {
                    out.push_str(&alloc::format!("{inner}Path not found\n"));
                }
                self.dump_outcome(at, out, &inner);
            }
            Kind::Merge { strategy, options } => {
                match node.branches.as_slice() {
                    [] => return,
                    [only] => return self.dump(*only, out, indent, first),
                    _ => {}
                }
                out.push_str(first);
                out.push_str(&alloc::format!("Merge strategy {strategy}\n"));
                if let Some(options) = options {
                    out.push_str(&inner);
                    out.push_str("Options: ");
                    dump_value(out, &inner, options);
                    out.push('\n');
                }
                self.dump_branches(at, out, &inner);
                if let Event::Result(value) = &node.event {
                    out.push_str(&inner);
                    out.push_str("Merged result: ");
                    dump_value(out, &inner, value);
                    out.push('\n');
                }
            }
            Kind::Scope(name) => self.dump_section(at, out, indent, name, &inner),
            Kind::SubLookup(key) => {
                let heading = alloc::format!("Sub key: \"{key}\"");
                self.dump_section(at, out, indent, &heading, &inner);
            }
            Kind::Segment => self.dump_outcome(at, out, indent),
        }
    }

    /// A node's heading line, then its branches and its outcome one level in.
    fn dump_section(&self, at: usize, out: &mut String, lead: &str, heading: &str, inner: &str) {
        out.push_str(lead);
        out.push_str(heading);
        out.push('\n');
        self.dump_branches(at, out, inner);
        self.dump_outcome(at, out, inner);
    }

    fn dump_outcome(&self, at: usize, out: &mut String, indent: &str) {
        let node = &self.nodes[at];
        let found = |key: &str, value: &Value, suffix: &str, out: &mut String| {
            out.push_str(indent);
            out.push_str(&alloc::format!("Found key: \"{key}\" value: "));
            dump_value(out, indent, value);
            out.push_str(suffix);
            out.push('\n');
        };
        match &node.event {
            Event::NotFound(key) => {
                out.push_str(indent);
                out.push_str(&alloc::format!("No such key: \"{key}\"\n"));
            }
            Event::Found(key, value) => found(key, value, "", out),
            Event::FoundInOverrides(key, value) => found(key, value, " in overrides", out),
            Event::FoundInDefaults(key, value) => found(key, value, " in defaults", out),
            _ => {}
        }
        self.dump_texts(at, out, indent);
    }
}

/// A value as the explanation prints it: hashes and arrays laid out one entry a line, other
/// values as Ruby's `inspect` shows them.
pub fn dump_value(out: &mut String, indent: &str, value: &Value) {
    dump_value_at(out, indent, value, 0);
}

/// [`dump_value`] of a value `depth` levels inside the one printed: it stops once the text is
/// past [`MAX_TEXT`] (a value built by sharing prints far larger than it is).
fn dump_value_at(out: &mut String, indent: &str, value: &Value, depth: usize) {
    if out.len() > MAX_TEXT {
        return;
    }
    if depth > MAX_VALUE_DEPTH {
        out.push_str("...");
        return;
    }
    let dump_value = |out: &mut String, indent: &str, value: &Value| {
        dump_value_at(out, indent, value, depth + 1)
    };
    let inner = alloc::format!("{indent}  ");
    match value {
        Value::Hash(hash) => {
            out.push('{');
            if !hash.is_empty() {
                let mut separator = "\n";
                for (k, v) in hash.iter() {
                    out.push_str(separator);
                    out.push_str(&inner);
                    dump_value(out, &inner, k);
                    out.push_str(" => ");
                    dump_value(out, &inner, v);
                    separator = ",\n";
                }
                out.push('\n');
                out.push_str(indent);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            if !items.is_empty() {
                let mut separator = "\n";
                for item in items.iter() {
                    out.push_str(separator);
                    out.push_str(&inner);
                    dump_value(out, &inner, item);
                    separator = ",\n";
                }
                out.push('\n');
                out.push_str(indent);
            }
            out.push(']');
        }
        Value::Sensitive(_) => out.push_str("#<Sensitive [value redacted]>"),
        Value::Runtime(runtime) => out.push_str(&alloc::format!(":{}", runtime.0)),
        other => out.push_str(&crate::value::ruby_inspect(other)),
    }
}

impl Kind {
    /// A data provider of a layer, named as Puppet names it.
    pub fn provider(
        place: &str,
        module: Option<&str>,
        version: u8,
        config_path: Option<&str>,
    ) -> Kind {
        // Room for the whole name: it is made for every layer of every lookup explained.
        let mut name = String::with_capacity(place.len() + module.map_or(0, str::len) + 56);
        name.push_str(place);
        name.push(' ');
        if let Some(module) = module {
            name.push('"');
            name.push_str(module);
            name.push_str("\" ");
        }
        name.push_str("Data Provider (hiera configuration version ");
        crate::value::push_integer(&mut name, i64::from(version));
        name.push(')');
        Kind::DataProvider {
            name,
            config_path: config_path.map(ToString::to_string),
        }
    }
}

/// A value as Ruby's `inspect` shows it (`{"a"=>1, "b"=>nil}`): `puppet lookup --render-as s`.
pub fn ruby_inspect(value: &Value) -> String {
    crate::value::ruby_inspect(value)
}
