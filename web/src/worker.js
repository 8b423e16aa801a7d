// The evaluation worker: runs the wasm engine off the page's thread, so a slow program never freezes the editor (the light engine first, the full one when a run needs it, the libraries one when the full one says a run needs it: engines.js).
import { createEngines, LIBRARIES, LOADING_FULL, needsFullEngine } from './engines.js';
import { packTokens } from './packed-tokens.js';

/** How often, at most, a long run tells the page it is still working (the page's watchdog waits for silence). */
const ALIVE_EVERY_MS = 100;
let lastAlive = 0;

/** The engines' sign of life during a long run (`setPulse`), passed on to the page's watchdog. */
function alive() {
  const now = performance.now();
  if (now - lastAlive < ALIVE_EVERY_MS) return;
  lastAlive = now;
  self.postMessage({ type: 'alive' });
}

const engines = createEngines({ pulse: alive });

/** Most log lines sent to the page per run; the rest are counted (a chatty program cannot flood the page). */
const MAX_LOGS = 2000;
/** Longest AST dump sent to the page, in characters. */
const MAX_AST = 200_000;

/** The tokens (packed: packed-tokens.js) and the AST dump of `source`, and what to transfer with them. */
function syntaxOf(engine, source) {
  const dump = engine.ast(source);
  const tokens = packTokens(engine.tokens(source));
  return {
    fields: {
      tokens,
      ast: dump.length > MAX_AST ? `${dump.slice(0, MAX_AST)}\n… (${dump.length - MAX_AST} more characters)` : dump,
    },
    transfer: [tokens.packed.buffer],
  };
}

/** Send the page the tokens and AST of request `id`'s file `path` (`text`; none for a file that is not .pp). */
function sendSyntax(engine, id, path, text) {
  const { fields, transfer } = typeof text === 'string' ? syntaxOf(engine, text) : { fields: {}, transfer: [] };
  self.postMessage({ type: 'syntax', id, path, ...fields }, transfer);
}

/**
 * Whether the page has asked for another request since the running one sent its result: the work that follows a
 * result (the hidden panes' tokens and AST, lint) is then left for that request's run.
 */
let newerWaits = false;

/** Let the messages that came meanwhile be read (the page's `newer`). */
const readMessages = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The environment's limits: the engine's, or these until it exports them. */
function limits(engine) {
  const fallback = { maxFiles: 2000, maxTotalBytes: 8 * 1024 * 1024, maxPathLength: 256, maxDepth: 16 };
  return typeof engine.environment_limits === 'function' ? { ...fallback, ...engine.environment_limits() } : fallback;
}

/**
 * The full engine (`what`: LOADING_FULL) or the libraries one (LIBRARIES) for request `id`: the page hears
 * that it loads (its status says so, its watchdog waits) and that it has loaded, or why it failed (then null:
 * the request ends with that error).
 */
async function fullEngine(id, what = LOADING_FULL) {
  let loading = false;
  try {
    const onLoading = () => {
      loading = true;
      self.postMessage({ type: 'loading', id, what });
    };
    return await (what === LIBRARIES ? engines.libraries(onLoading) : engines.full(onLoading));
  } catch (error) {
    self.postMessage({ type: 'load-failed', id, message: String(error?.message ?? error) });
    return null;
  } finally {
    if (loading) self.postMessage({ type: 'loaded', id });
  }
}

/** The text of `path` in a run: snippet.pp is the main code, the rest are the environment's files. */
const textOf = (path, source, options) => (path === 'snippet.pp' ? source : options?.files?.[path]);

/**
 * puppet-lint's findings for one file and the text its fixes make, when the loaded engine has lint (the
 * full one): `lint` is { path, options } as the facade's `lint` takes them.
 */
/** A trap in lint's engine: the page restarts the worker, and does not lint that text again. */
class LintFailure extends Error {}

function lintOf(engine, id, lint, source, options, done = false) {
  const text = textOf(lint.path, source, options);
  if (typeof engine.lint !== 'function' || typeof text !== 'string') {
    if (done) self.postMessage({ type: 'lint', id, path: lint.path, findings: null, done });
    return;
  }
  let findings;
  let fixed;
  try {
    findings = engine.lint(text, lint.options);
    fixed = engine.lintFix(text, lint.options);
  } catch (error) {
    throw new LintFailure(String(error?.message ?? error));
  }
  self.postMessage({ type: 'lint', id, path: lint.path, findings, fixed, done });
}

/**
 * `source` is the main code (snippet.pp), `options.files` the environment's other files;
 * `syntaxPath` names the .pp file whose tokens and AST the page shows (null for none), `syntaxFirst` says that
 * the Tokens or AST pane is shown (then they come first, before evaluating); `lint` ({ path, options }) the
 * file to lint, when the page lints; `recordedApart`, that the values recorded for hover come in a message of their
 * own after the result (`recordedFollows` says so). The result comes first, then what does not hold it up: the tokens and AST
 * for the panes not shown, and lint; then `done` ends the run (the page sends nothing else meanwhile but
 * `newer`, which cuts that work short: a later request's run does it for its text).
 */
async function run({ id, source, options, hang, crash, syntaxPath, syntaxFirst = true, lint, recordedApart = false }) {
  newerWaits = false;
  let engine = engines.current;
  if (!engines.hasFull && needsFullEngine(options)) engine = await fullEngine(id);
  if (!engine) return;
  const text = textOf(syntaxPath, source, options);
  // Lexing and parsing first when their panes are shown, so they fill even if evaluation never ends.
  if (syntaxFirst) sendSyntax(engine, id, syntaxPath, text);
  // Test hook (see e2e/playground.test.mjs): stands in for a program that never ends until the
  // engine can express one; the page only sets it when a test asks for it before the page loads.
  // (A loop with a call in it: minifiers drop an empty `for (;;);`.)
  if (hang) while (performance.now() >= 0);
  if (crash) throw new WebAssembly.RuntimeError('unreachable (a test asked for a trap)');
  let started = performance.now();
  let result = engine.evaluate(source, options);
  // An engine that lacks what the run needs says so (the facade decides): the light one when the check
  // above missed a reason (then the full engine runs it, which may say in turn that it needs the libraries
  // engine), the full one with `'libraries'` (HOCON, Ruby's URI).
  for (let handOvers = 0; result.needsFullEngine && handOvers < 2; handOvers += 1) {
    engine = await fullEngine(id, result.needsFullEngine === LIBRARIES ? LIBRARIES : LOADING_FULL);
    if (!engine) return;
    started = performance.now();
    result = engine.evaluate(source, options);
  }
  const logsTotal = result.logs.length;
  if (logsTotal > MAX_LOGS) result.logs = result.logs.slice(0, MAX_LOGS);
  const ms = performance.now() - started;
  // The values recorded for hover, when asked for apart: a message of their own right after the result (a
  // 3,000-line manifest's are 600 KB: receiving them with the result made one long task of it).
  const recorded = recordedApart ? result.recorded : undefined;
  if (recorded !== undefined) delete result.recorded;
  self.postMessage({ type: 'result', id, result, logsTotal, ms, recordedFollows: recorded !== undefined });
  if (recorded !== undefined) self.postMessage({ type: 'recorded', id, recorded });
  // Then the panes not shown and lint (a 3,000-line manifest's tokens, AST and lint take longer than its
  // evaluation), each unless the page has a newer request waiting.
  await readMessages();
  if (!syntaxFirst && !newerWaits) sendSyntax(engine, id, syntaxPath, text);
  await readMessages();
  if (lint && !newerWaits) lintOf(engine, id, lint, source, options);
  self.postMessage({ type: 'done', id });
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

/** A lookup needs the full engine (the light one has no `lookup`): loaded first when it is not yet. */
async function lookup(message) {
  const engine = await fullEngine(message.id);
  if (engine) lookupWith(engine, message);
}

/**
 * The page asks for the full engine ahead of need (at idle, for lint): loaded without a request waiting,
 * then the page hears that it is there, or why not.
 */
async function loadFull() {
  try {
    await engines.full();
    self.postMessage({ type: 'full-ready' });
  } catch (error) {
    self.postMessage({ type: 'full-failed', message: String(error?.message ?? error) });
  }
}

/**
 * The editor's questions: completion at `offset` of `source`, what hover says of the name there (`docs`), the
 * signature help of the call there (`signature`),
 * where the name at `offset` of file `path` is defined and every place that names it (`references`), the
 * symbols of `source` (`outline`), or what each expression produced (`record`: a run
 * of `source` with recording, which only the full engine keeps) or the catalog's graph (`graph`: only the full
 * engine sends it). The full engine answers (the light one loads it the first time); null when it cannot.
 */
async function answer({ type, id, source, path, offset, options, hang, crash }) {
  let engine;
  try {
    engine = typeof engines.current.complete === 'function' ? engines.current : await engines.full();
  } catch {
    self.postMessage({ type: 'answer', id, answer: null });
    return;
  }
  // From here the page's watchdog counts (loading the full engine is not answering).
  self.postMessage({ type: 'asking', id });
  let result = null;
  try {
    // Test hooks (see e2e/hostile.test.mjs): a question that never ends, or one whose engine traps.
    if (hang) while (performance.now() >= 0);
    if (crash) throw new WebAssembly.RuntimeError('unreachable (a test asked for a trap)');
    if (type === 'complete') result = engine.complete(source, offset, options);
    else if (type === 'docs') result = engine.docs(source, path, offset, options);
    else if (type === 'signature') result = engine.signatureHelp(source, path, offset, options);
    else if (type === 'outline') result = engine.outline(source);
    else if (type === 'record') result = (await evaluateFully(engine, source, { ...options, record: true })).recorded;
    else if (type === 'graph') {
      const { graph, cycles } = await evaluateFully(engine, source, options);
      result = { graph, cycles };
    }
    else if (type === 'references') result = engine.references(source, path, offset, options);
    else result = engine.definition(source, path, offset, options);
  } catch (error) {
    // A trap or an exhausted stack leaves the wasm instance unusable: the page restarts the worker.
    if (error instanceof WebAssembly.RuntimeError || error instanceof RangeError) {
      self.postMessage({ type: 'crash', id, message: String(error?.message ?? error) });
      return;
    }
    result = null;
  }
  self.postMessage({ type: 'answer', id, answer: result ?? null });
}

/**
 * `engine.evaluate`, on the libraries engine when `engine` (the full one) says the run needs it (a run of
 * the same program has normally loaded it already).
 */
async function evaluateFully(engine, source, options) {
  const result = engine.evaluate(source, options);
  if (result.needsFullEngine !== LIBRARIES) return result;
  return (await engines.libraries()).evaluate(source, options);
}

self.onmessage = async (event) => {
  if (event.data.type === 'newer') {
    newerWaits = true;
    return;
  }
  if (event.data.type === 'load-full') {
    loadFull();
    return;
  }
  if (['complete', 'docs', 'signature', 'definition', 'references', 'record', 'graph', 'outline'].includes(event.data.type)) {
    answer(event.data);
    return;
  }
  try {
    const { type } = event.data;
    if (type === 'lint') {
      const { id, source, options, lint } = event.data;
      lintOf(engines.current, id, lint, source, options, true);
    } else await (type === 'lookup' ? lookup(event.data) : run(event.data));
  } catch (error) {
    // A trap leaves the wasm instance unusable: the page restarts the worker.
    self.postMessage({ type: 'crash', id: event.data.id, message: String(error?.message ?? error), lint: error instanceof LintFailure });
  }
};

engines
  .start()
  .then((engine) => self.postMessage({ type: 'ready', version: engine.version(), limits: limits(engine) }))
  .catch((error) => self.postMessage({ type: 'crash', id: null, message: `engine failed to load: ${error}` }));
