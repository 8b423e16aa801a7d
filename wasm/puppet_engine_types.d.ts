// The data the engine's functions take and answer: derived from its Rust types
// (wasm/src/typescript.rs: UPDATE_TYPES=1 cargo test -p puppet-wasm typescript).

/**
 * How to evaluate: every field may be left out.
 */
export type EvaluateOptions = {
  /**
  * Puppet's `strict` setting; Puppet 8's default is `'error'` (also for any other text).
  */
  strict?: 'error' | 'warning' | 'off',
  
  /**
  * Which puppetlabs-stdlib the built-in one follows when the environment has no stdlib
  * module: `'9.7'` (the default, what current modules require) or `'8.5'` (Debian 12's).
 */
stdlib?: '9.7' | '8.5', 
/**
 * The node's facts: the text of a JSON object, as `puppet facts show` prints it.
 */
facts?: string, 
/**
 * Compile for this node (node definitions, `$trusted`), as `puppet apply --certname` does.
 */
certname?: string, 
/**
 * An environment's files by relative path (`modules/app/manifests/init.pp`,
 * `data/common.yaml`); with them an empty source compiles the environment's `manifests/`.
 */
files?: Record<string, string>, 
/**
 * The global Hiera layer's `hiera.yaml`: a path among `files`.
 */
globalHiera?: string, 
/**
 * Keep what each evaluated expression produced (`Outcome.recorded`): an editor's hover.
 */
record?: boolean, 
/**
 * The compile's current time, in milliseconds since the epoch (what `Timestamp()` answers);
 * left out, the browser's clock (`Date.now()`).
 */
now?: number,
};

/**
 * What `evaluate` answers: the last value in Puppet's `%p` form, its type, what was logged, the
 * problems found and the compiled catalog.
 */
export type Outcome = {
  /**
  * The value in Puppet's `%p` form, or null when evaluation failed.
  */
  value: string | null, 
  /**
  * `type(value)` as Puppet prints it.
  */
  type: string | null, 
  /**
  * `type(value, 'generalized')`.
  */
  generalized: string | null, logs: Array<Log>, diagnostics: Array<Diagnostic>, statements: Array<Statement>, 
  /**
  * The compiled catalog's first `MAX_CATALOG_SHOWN` classes and resources (empty on failure).
  */
  catalog: Array<CatalogResource>,
  
  /**
  * How many classes and resources the catalog has in all.
  */
  catalogTotal: number,
  
  /**
  * The Hiera lookups the program made (the first 500).
  */
  lookups: Array<LookupCall>,
  
  /**
  * How many lookups it made in all.
  */
  lookupsTotal: number,
  
  /**
  * The compiled catalog as a graph (`puppet apply --graph`),
  empty on failure (feature `ide`:
 * the page's full engine).
 */
graph: CatalogGraph, 
/**
 * Its dependency cycles, which `puppet apply` refuses to apply (Puppet's `Found N dependency
 * cycles` error is among the diagnostics when compiling for a node).
  */
  cycles: Array<DependencyCycle>,
  
  /**
  * With `EvalOptions::record`: what each evaluated expression produced,
  in source order (only
 * the full engine records, feature `ide`).
  */
  recorded: Array<Recorded>,
  };

/**
 * The light build's answer when the code needs what only the full build has; the full build's,
 * `"libraries"`, when it needs what only the libraries build has.
 */
export type NeedsFullEngine = { needsFullEngine: 'yaml' | 'stdlib' | 'erb' | 'ruby' | 'libraries',
  };

/**
 * A diagnostic: Puppet's message (with its stage's prefix, `Evaluation Error: `), where it is.
 */
export type Diagnostic = { message: string,
  severity: Severity,
  
  /**
  * A stable code for the kind of problem,
  e.g. `UNKNOWN_VARIABLE`.
  */
  code: string,
  
  /**
  * The span's offsets in `file`.
  */
  start: number, end: number, 
  /**
  * 1-based lines; 1-based columns counted in characters, as Puppet reports them.
  */
  line: number, column: number, endLine: number, endColumn: number, 
  /**
  * The file the place is in: `snippet.pp` for the main code, else its path in the environment.
  */
  file: string, 
  /**
  * Help beside Puppet's message ("did you mean ..."),
  each with its own place when it has one.
  */
  notes: Array<Note>,
  };

export type Severity = "error" | "warning";

/**
 * A diagnostic's note. When it points somewhere, `file` names the file (null otherwise) and
 * `start`, `end`, `line` and `column` the place in it.
 */
export type Note = { message: string,
  file: string | null,
  start: number,
  end: number,
  line: number,
  column: number,
  };

/**
 * A line the program logged (`notice`, `warning`, ...), with the file and line of the call.
 */
export type Log = { level: LogLevel,
  message: string,
  file: string,
  line: number,
  };

/**
 * A log message's level, by Puppet's name for it.
 */
export type LogLevel = "debug" | "info" | "notice" | "warning" | "err" | "alert" | "emerg" | "crit";

/**
 * The value a top-level statement produced, for an editor's inline results.
 */
export type Statement = { start: number,
  end: number,
  
  /**
  * The 1-based line on which the statement ends (where an editor shows its value).
  */
  endLine: number,
  
  /**
  * `%p` form and `type(v)`,
  each cut to `INLINE_MAX_CHARS` characters.
  */
  value: string,
  type: string,
  
  /**
  * The main code's file the statement is in.
  */
  file: string, 
  /**
  * For a collector: the resources it collected (`User[alice]`), shown instead of its value.
  */
  collected: Array<string> | null,
};

/**
 * A class or resource of the compiled catalog.
 */
export type CatalogResource = {
  /**
  * `Notify[hello]`.
  */
  reference: string,
  
  /**
  * As a manifest declares it: `notify { 'hello':\n  message => 'hi',\n}`.
 */
text: string, 
/**
 * Its declaration's offsets in `file`.
 */
start: number, end: number, file: string,
};

/**
 * One lookup the program made.
 */
export type LookupCall = { kind: LookupKind,
  
  /**
  * The name found,
  else the first asked for (what to look up when the call is clicked).
  */
  key: string,
  
  /**
  * The value found in `%p` form (cut as inline results are),
  null when nothing was found.
  */
  value: string | null,
  
  /**
  * The call (for automatic parameter lookup, the class's declaration) and its offsets.
 */
file: string, start: number, end: number,
};

/**
 * What made a lookup.
 */
export type LookupKind = "lookup" | "hiera" | "hiera_array" | "hiera_hash" | "hiera_include" | "automatic";

/**
 * The catalog graph: its first `MAX_GRAPH_NODES` nodes and the edges between them.
 */
export type CatalogGraph = { nodes: Array<GraphNode>,
  edges: Array<GraphEdge>,
  
  /**
  * How many nodes the catalog has in all.
  */
  nodesTotal: number,
  };

/**
 * A class or resource of the graph.
 */
export type GraphNode = {
  /**
  * `Notify[a]`,
  `Class[Foo]`,
  `Stage[main]`.
  */
  reference: string,
  
  /**
  * `Stage[main]`,
  `Class[Settings]`,
  `Class[Main]`,
  which every catalog has.
  */
  implicit: boolean,
  
  /**
  * A stage,
  class,
  node or defined-type instance.
  */
  container: boolean,
  
  /**
  * Where it was declared (null for the implicit ones),
  and the declaration's offsets there.
  */
  file: string | null, start: number, end: number,
};

/**
 * An edge, from what is applied first (or from the container): places in `nodes`.
 */
export type GraphEdge = { source: number,
  target: number,
  kind: EdgeKind,
  };

/**
 * What an edge of the catalog graph stands for.
 */
export type EdgeKind = "contains" | "before" | "require" | "notify" | "subscribe";

/**
 * A dependency cycle: the path Puppet prints, and its nodes and relationship edges (places in
 * the graph's `nodes` and `edges`).
 */
export type DependencyCycle = {
  /**
  * `['Notify[a]', 'Notify[b]', 'Notify[a]']`.
  */
  path: Array<string>,
  nodes: Array<number>,
  edges: Array<number>,
  };

/**
 * What one source range produced in the run: how many times it ran and its last values.
 */
export type Recorded = { start: number,
  end: number,
  file: string,
  
  /**
  * How many times it was evaluated.
  */
  count: bigint,
  
  /**
  * Its last values (at most three),
  oldest first.
  */
  values: Array<RecordedValue>,
  };

/**
 * A recorded value: `%p` form and `type(v)`, each cut.
 */
export type RecordedValue = { value: string,
  type: string,
  
  /**
  * Which evaluation of the range produced it (1 for the first): a collection produced in a
  * loop is kept at powers of two only,
  so the last one kept may be an earlier evaluation's.
  */
  evaluation: bigint,
};

/**
 * One token: its kind's name (`variable`, `string`, `keyword`, ...) and offsets.
 */
export type Token = { kind: string,
  start: number,
  end: number,
  };

/**
 * The limits an environment the page hands over must keep, for the page's folder opening (an
 * environment beyond them is reported as an ordinary diagnostic).
 */
export type EnvironmentLimits = { maxFiles: number,
  maxTotalBytes: number,
  maxPathLength: number,
  maxDepth: number,
  };

/**
 * A Hiera query: one key or several, with Puppet's merge, type and default.
 */
export type LookupQuery = { key?: string,
  keys?: Array<string>,
  merge: 'first' | 'unique' | 'hash' | 'deep',
  knockoutPrefix?: string,
  type?: string,
  default?: string,
  
  /**
  * Whether to explain the lookup as `puppet lookup --explain` does (default: true).
  */
  explain?: boolean,
  explainOptions?: boolean,
  sortMergedArrays?: boolean,
  mergeHashArrays?: boolean,
  };

/**
 * The answer to a lookup asked of an environment's data.
 */
export type LookupAnswer = {
  /**
  * Whether a value was found (or the default given).
  */
  found: boolean,
  
  /**
  * The value in Puppet's `%p` form, and its type.
  */
  value: string | null, type: string | null, 
  /**
  * The explanation as `puppet lookup --explain` prints it.
  */
  explanation: string | null, 
  /**
  * Why nothing was found, or why the lookup failed as lookups fail (a data file's syntax).
 */
failure: string | null, 
/**
 * An error that stops the lookup (a wrong hiera.yaml,
  a value of the wrong type).
 */
error: Diagnostic | null, logs: Array<Log>,
};

/**
 * The completions at an offset: they replace the text from `from` (a byte offset) to the cursor.
 */
export type Completions = { from: number,
  items: Array<Completion>,
  };

export type Completion = { label: string,
  kind: CompletionKind,
  
  /**
  * A function's signatures, a variable's origin,
  a fact's value...
  */
  detail: string | null,
};

/**
 * What a completion names.
 */
export type CompletionKind = "keyword" | "function" | "type" | "resource" | "attribute" | "variable" | "class" | "fact" | "hiera";

/**
 * Where a name is defined: a file of the environment and the byte range of the defining name.
 */
export type Target = { path: string,
  start: number,
  end: number,
  };

/**
 * What hover says of a name: its range and the text (signatures, attributes, a definition).
 */
export type Docs = { start: number,
  end: number,
  text: string,
  };

/**
 * What the editor shows inside a call.
 */
export type SignatureHelp = {
  /**
  * The called function as written (`merge`, `app::double`).
  */
  name: string,
  signatures: Array<Signature>,
  
  /**
  * The signature that fits the number of arguments typed so far.
  */
  activeSignature: number,
  
  /**
  * The active signature's parameter that takes that argument; `None` past its last parameter.
  */
  activeParameter: number | null, 
  /**
  * The one-line description, when there is one.
  */
  doc: string,
};

/**
 * One signature: its text and the byte ranges of its parameters within it.
 */
export type Signature = { label: string,
  parameters: Array<[number, number]>,
  };

/**
 * One symbol: its kind, name and detail as the outline shows them, the byte range of the whole
 * construct (`start..end`) and of its name, and the symbols of its body.
 */
export type OutlineSymbol = { kind: SymbolKind,
  name: string,
  detail: string | null,
  start: number,
  end: number,
  nameStart: number,
  nameEnd: number,
  children: Array<OutlineSymbol>,
  };

/**
 * What a symbol of the outline is.
 */
export type SymbolKind = "class" | "define" | "function" | "type alias" | "node" | "resource" | "variable" | "statement" | "if" | "unless" | "case" | "branch";

/**
 * How to lint: `rc` is the text of a `.puppet-lint.rc`; `only`, `disabled`, `enabled` are lists of
 * check names; `path` is the file's path (autoloader_layout runs only with one).
 */
export type LintOptions = { rc?: string,
  only?: Array<string>,
  disabled?: Array<string>,
  enabled?: Array<string>,
  relative?: boolean,
  path?: string,
  showIgnored?: boolean,
  };

/**
 * One finding, as data.
 */
export type LintFinding = { check: string,
  kind: LintKind,
  message: string,
  line: number,
  column: number,
  
  /**
  * The byte range in the source the finding is about (for the editor).
  */
  start: number,
  end: number,
  
  /**
  * The reason given in the control comment that ignores it.
  */
  reason?: string,
  };

/**
 * How serious a finding is; `Fixed` when `--fix` repaired it, `Ignored` under a control comment.
 */
export type LintKind = "warning" | "error" | "fixed" | "ignored";
