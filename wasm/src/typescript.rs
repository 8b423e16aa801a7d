//! The TypeScript declarations of the facade's plain data (the npm package's `.d.ts`): what
//! `evaluate`, `tokens`, `lookup` and `environment_limits` take and return, written once here so
//! that wasm-bindgen puts them next to the functions it declares.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const DECLARATIONS: &'static str = r#"
/** How to evaluate: every field may be left out. */
export interface EvaluateOptions {
  /** Puppet's `strict` setting; Puppet 8's default is `'error'`. */
  strict?: 'error' | 'warning' | 'off';
  /** The node's facts as a Puppet hash literal, e.g. `"{'os' => {'family' => 'Debian'}}"`. */
  facts?: string;
  /** Compile for this node (node definitions, `$trusted`), as `puppet apply --certname` does. */
  certname?: string;
  /** An environment's files by relative path (`modules/app/manifests/init.pp`, `data/common.yaml`);
   * with them an empty source compiles the environment's `manifests/`. */
  files?: Record<string, string>;
  /** The global Hiera layer's `hiera.yaml`: a path among `files`. */
  globalHiera?: string;
  /** Keep what each evaluated expression produced (`Outcome.recorded`): an editor's hover. */
  record?: boolean;
}

/** A position in a file: UTF-16 offsets, 1-based lines and columns. */
export interface Place {
  file: string;
  start: number;
  end: number;
  line: number;
  column: number;
}

export interface Note {
  message: string;
  file: string | null;
  start: number;
  end: number;
  line: number;
  column: number;
}

export interface Diagnostic extends Place {
  message: string;
  severity: 'error' | 'warning';
  /** A stable code for the kind of problem, e.g. `UNKNOWN_VARIABLE`. */
  code: string;
  endLine: number;
  endColumn: number;
  notes: Note[];
}

export interface Log {
  level: 'debug' | 'info' | 'notice' | 'warning' | 'err' | 'alert' | 'emerg' | 'crit';
  message: string;
  file: string;
  line: number;
}

/** The value a top-level statement produced. */
export interface Statement {
  start: number;
  end: number;
  endLine: number;
  value: string;
  type: string;
  file: string;
  /** For a collector: the resources it collected. */
  collected: string[] | null;
}

/** A class or resource of the compiled catalog. */
export interface CatalogResource {
  /** `Notify[hello]`. */
  reference: string;
  /** As a manifest declares it. */
  text: string;
  start: number;
  end: number;
  file: string;
}

export interface LookupCall {
  kind: string;
  key: string;
  value: string | null;
  file: string;
  start: number;
  end: number;
}

/** What `evaluate` answers: the last value in Puppet's `%p` form, its type, what was logged, the
 * problems found and the compiled catalog. */
export interface Outcome {
  value: string | null;
  type: string | null;
  generalized: string | null;
  logs: Log[];
  diagnostics: Diagnostic[];
  statements: Statement[];
  catalog: CatalogResource[];
  catalogTotal: number;
  lookups: LookupCall[];
  lookupsTotal: number;
  /** The compiled catalog as a graph (`puppet apply --graph`): empty on failure. */
  graph: CatalogGraph;
  /** Its dependency cycles, which `puppet apply` refuses to apply. */
  cycles: DependencyCycle[];
  /** With `record`: what each evaluated expression produced, in source order. */
  recorded: Recorded[];
}

/** A class or resource of the catalog graph. */
export interface GraphNode {
  /** `Notify[a]`, `Class[Foo]`, `Stage[main]`. */
  reference: string;
  /** `Stage[main]`, `Class[Settings]`, `Class[Main]`, which every catalog has. */
  implicit: boolean;
  /** A stage, class, node or defined-type instance. */
  container: boolean;
  /** Where it was declared (null for the implicit ones). */
  file: string | null;
  start: number;
  end: number;
}

/** An edge, from what is applied first (or from the container): places in `nodes`. */
export interface GraphEdge {
  source: number;
  target: number;
  kind: 'contains' | 'before' | 'require' | 'notify' | 'subscribe';
}

/** The catalog graph: its first 5,000 nodes and the edges between them. */
export interface CatalogGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  nodesTotal: number;
}

/** A dependency cycle: the path Puppet prints, and its nodes and edges (places in the graph). */
export interface DependencyCycle {
  path: string[];
  nodes: number[];
  edges: number[];
}

/** What one source range produced in the run: how many times it ran and its last values (at most
 * three, oldest first). */
export interface Recorded {
  start: number;
  end: number;
  file: string;
  count: number;
  /** `evaluation`: which evaluation produced it (a collection in a loop is kept at powers of two only). */
  values: { value: string; type: string; evaluation: number }[];
}

/** What may be typed at an offset: the items replace the text from `from` to the cursor. */
export interface Completions {
  from: number;
  items: {
    label: string;
    kind: 'keyword' | 'function' | 'type' | 'resource' | 'attribute' | 'variable' | 'class' | 'fact' | 'hiera';
    /** A function's signatures and description, a fact's value, ... */
    detail: string | null;
  }[];
}

/** Where a name is defined: a file and the UTF-16 range of the defining name in it. */
export interface Target {
  path: string;
  start: number;
  end: number;
}

/** What hover says of a name: its UTF-16 range and the text (signatures, attributes). */
export interface Docs {
  start: number;
  end: number;
  text: string;
}

/** Signature help inside a call: each signature's text and its parameters' UTF-16 ranges within it,
 * the signature that fits the arguments typed and the parameter the cursor is on (null past the last). */
export interface SignatureHelp {
  name: string;
  signatures: { label: string; parameters: [number, number][] }[];
  activeSignature: number;
  activeParameter: number | null;
  doc: string;
}

/** The light build's answer when the code needs what only the full build has. */
export interface NeedsFullEngine {
  needsFullEngine: 'yaml' | 'stdlib' | 'erb';
}

export interface Token {
  kind: string;
  start: number;
  end: number;
}

export interface EnvironmentLimits {
  maxFiles: number;
  maxTotalBytes: number;
  maxPathLength: number;
  maxDepth: number;
}

/** A Hiera query: one key or several, with Puppet's merge, type and default. */
export interface LookupQuery {
  key?: string;
  keys?: string[];
  merge?: 'first' | 'unique' | 'hash' | 'deep';
  type?: string;
  default?: string;
  /** Whether to explain the lookup as `puppet lookup --explain` does (default: true). */
  explain?: boolean;
  explainOptions?: boolean;
  sortMergedArrays?: boolean;
  mergeHashArrays?: boolean;
}

export interface LookupAnswer {
  found: boolean;
  value: string | null;
  type: string | null;
  explanation: string | null;
  failure: string | null;
  error: Diagnostic | null;
  logs: Log[];
}
"#;
