// The evaluation worker: runs the wasm engine off the page's thread, so a slow program never freezes the editor.
import init, * as engine from '../pkg/puppet_wasm.js';

const { ast, evaluate, tokens, version } = engine;

/** Most log lines sent to the page per run; the rest are counted (a chatty program cannot flood the page). */
const MAX_LOGS = 2000;
/** Longest AST dump sent to the page, in characters. */
const MAX_AST = 200_000;

function syntaxOf(source) {
  const dump = ast(source);
  return {
    tokens: tokens(source),
    ast: dump.length > MAX_AST ? `${dump.slice(0, MAX_AST)}\n… (${dump.length - MAX_AST} more characters)` : dump,
  };
}

/** The environment's limits: the engine's, or these until it exports them. */
function limits() {
  const fallback = { maxFiles: 2000, maxTotalBytes: 8 * 1024 * 1024, maxPathLength: 256, maxDepth: 16 };
  return typeof engine.environment_limits === 'function' ? { ...fallback, ...engine.environment_limits() } : fallback;
}

/**
 * `source` is the main code (snippet.pp), `options.files` the environment's other files;
 * `syntaxPath` names the .pp file whose tokens and AST the page shows (null for none).
 */
function run({ id, source, options, hang, syntaxPath }) {
  // Lexing and parsing first, so the Tokens and AST panes fill even if evaluation never ends.
  const text = syntaxPath === 'snippet.pp' ? source : options.files?.[syntaxPath];
  self.postMessage({ type: 'syntax', id, path: syntaxPath, ...(typeof text === 'string' ? syntaxOf(text) : {}) });
  // Test hook (see e2e/playground.test.mjs): stands in for a program that never ends until the
  // engine can express one; the page only sets it when a test asks for it before the page loads.
  // (A loop with a call in it: minifiers drop an empty `for (;;);`.)
  if (hang) while (performance.now() >= 0);
  const started = performance.now();
  const result = evaluate(source, options);
  const logsTotal = result.logs.length;
  if (logsTotal > MAX_LOGS) result.logs = result.logs.slice(0, MAX_LOGS);
  self.postMessage({ type: 'result', id, result, logsTotal, ms: performance.now() - started });
}

/**
 * The Lookup pane's question, answered by `engine` (the loaded engine module): `options` as for a
 * run (files, facts, certname, globalHiera), `query` as `lookup` takes it ({ key, merge, explain }).
 */
function lookupWith(engine, { id, options, query }) {
  const started = performance.now();
  const answer = engine.lookup(options, query);
  self.postMessage({ type: 'lookup', id, answer, ms: performance.now() - started });
}

self.onmessage = (event) => {
  try {
    if (event.data.type === 'lookup') lookupWith(engine, event.data);
    else run(event.data);
  } catch (error) {
    // A trap leaves the wasm instance unusable: the page restarts the worker.
    self.postMessage({ type: 'crash', id: event.data.id, message: String(error?.message ?? error) });
  }
};

init()
  .then(() => self.postMessage({ type: 'ready', version: version(), limits: limits() }))
  .catch((error) => self.postMessage({ type: 'crash', id: null, message: `engine failed to load: ${error}` }));
