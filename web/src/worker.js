// The evaluation worker: runs the wasm engine off the page's thread, so a slow program never freezes the editor.
import init, { ast, evaluate, tokens, version } from '../pkg/puppet_wasm.js';

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

function run({ id, source, options, hang }) {
  // Lexing and parsing first, so the Tokens and AST panes fill even if evaluation never ends.
  self.postMessage({ type: 'syntax', id, ...syntaxOf(source) });
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

self.onmessage = (event) => {
  try {
    run(event.data);
  } catch (error) {
    // A trap leaves the wasm instance unusable: the page restarts the worker.
    self.postMessage({ type: 'crash', id: event.data.id, message: String(error?.message ?? error) });
  }
};

init()
  .then(() => self.postMessage({ type: 'ready', version: version() }))
  .catch((error) => self.postMessage({ type: 'crash', id: null, message: `engine failed to load: ${error}` }));
