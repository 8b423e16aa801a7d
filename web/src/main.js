// The playground page: wires the editor, the Files pane, the evaluation worker, the panes, lint, share links, examples and settings.
import { createEditor } from './editor.js';
import { Engine, WATCHDOG_MS } from './engine.js';
import { EXAMPLES } from './examples.js';
import { fileActions } from './file-actions.js';
import { certnameFor } from './facts.js';
import { setupHelp } from './help.js';
import { pageCommands, shortcutRows } from './commands.js';
import { createFileTabs } from './file-tabs.js';
import { setupFormatPreview } from './format-preview.js';
import { setupLayout } from './layout.js';
import { lazyPane } from './lazy-pane.js';
import { createNotice } from './notice.js';
import { setupWorkKeeping } from './work-keeping.js';
import { pageMessage } from './page-wording.js';
import { setupPalette } from './palette.js';
import { later } from './persist-later.js';
import { nextTask, staleResults as createStaleResults } from './stale-results.js';
import { normalizeChecks } from './lint-checks.js';
import { setupLint } from './lint-page.js';
import { setupOutline } from './outline-page.js';
import { liveDelay, liveRuns } from './live-delay.js';
import { setupNodePane } from './node-pane.js';
import { lineColumns, lineStart } from './offsets.js';
import { showAst } from './panes/ast.js';
import { showCatalog } from './panes/catalog.js';
import { setupCompare } from './compare-page.js';
import { createFilesPane } from './panes/files.js';
import { setupGraphPane } from './panes/graph.js';
import { setupLookupPane } from './panes/lookup.js';
import { showOutput } from './panes/output.js';
import { showProblems } from './panes/problems.js';
import { showResult } from './panes/result.js';
import { showTokens } from './panes/tokens.js';
import { setupOpenFolder } from './open-folder.js';
import { placeRecorded, placeResults } from './results-by-file.js';
import { decodeLocation, DEFAULT_SETTINGS, LOG_LEVELS, LONG_LINK, shareUrl, shareUrlWith, STDLIB_VERSIONS } from './share.js';
import { deflateFields } from './deflate-off-thread.js';
import { createStatus } from './status.js';
import { createReferencesList, lineAt } from './references.js';
import { loadSaved, save } from './storage.js';
import { setupTabs } from './tabs.js';
import { setupTheme } from './theme.js';
import { DEFAULT_LIMITS, GLOBAL_HIERA, SNIPPET, Workspace } from './workspace.js';
import { download } from './download.js';
import { environmentZip } from './zip.js';

/** The questions the worker answers besides runs, as a message names them (engine.js: `ask`). */
const QUESTIONS = {
  graph: "the Graph pane's compile",
  record: 'the hover values',
  complete: 'completion',
  docs: 'hover',
  signature: 'signature help',
  definition: 'go to definition',
  references: 'find references',
  outline: 'the outline',
  lookup: 'the Lookup pane',
};
/** Past this much text (characters) the address no longer carries the environment on every run (the autosave does). */
const ADDRESS_MAX_CHARS = 256 * 1024;
const $ = (id) => document.getElementById(id);
// The pane tabs first: they make the count marks the panes write to.
const tabs = setupTabs({ tablist: $('pane-tabs'), toggle: $('developer-toggle'), menu: $('pane-menu') });
const status = createStatus({ region: $('status'), time: $('status-time'), busy: $('busy') });
const setStatus = (text, kind = 'info') => status.message(text, kind);

/** Settings as links and the autosave keep them; an autosave from before the certname field compiled for the facts' node. */
const settingsOf = (given) => {
  const settings = { ...DEFAULT_SETTINGS, ...given };
  settings.certname ??= certnameFor(settings.facts);
  if (!LOG_LEVELS.includes(settings.log)) settings.log = DEFAULT_SETTINGS.log;
  if (!STDLIB_VERSIONS.has(settings.stdlib)) settings.stdlib = DEFAULT_SETTINGS.stdlib;
  settings.lint = settings.lint !== false;
  settings.lintChecks = normalizeChecks(settings.lintChecks);
  return settings;
};

// What to open: a link wins over the autosaved environment, which wins over the first example.
performance.mark('link-reading');
const link = decodeLocation(location);
performance.mark('link-read');
const saved = loadSaved();
const initial = link?.code !== undefined ? link : saved ?? { code: EXAMPLES[0].code, settings: DEFAULT_SETTINGS };
const settings = settingsOf(initial.settings);
/**
 * A link that could not be opened: its message stays, and the address stays as given, until the user edits
 * (then the address and the autosave follow the code again).
 */
let linkProblem = null;

/** The environment: snippet.pp (the main code) and the files beside it. */
let workspace;
let openProblem = null;
try {
  workspace = new Workspace({ snippet: initial.code, files: initial.files ?? {}, folders: initial.folders ?? [] });
} catch (error) {
  workspace = new Workspace({ snippet: initial.code });
  openProblem = `the environment's files could not be opened (${error.message})`;
}
/** Bumped when the whole environment is replaced: answers for an older one are dropped. */
let generation = 0;
/** The engine's limits for an environment (it reports them when it is ready). */
let limits = DEFAULT_LIMITS;
/** The name the .zip download gets. */
let environmentName = 'puppet-environment';

const strictSelect = $('strict');
strictSelect.value = settings.strict;
const stdlibSelect = $('stdlib');
stdlibSelect.value = settings.stdlib;

// The Facts pane: the node's certname and facts (the last good ones stay in use).
let nodeTimer = null;
const nodePane = setupNodePane(
  {
    facts: $('facts'),
    factsStatus: $('facts-status'),
    factsMark: $('facts-mark'),
    factsPreset: $('facts-preset'),
    factsPresetNote: $('facts-preset-note'),
    factsAdded: $('facts-added'),
    factsAddedList: $('facts-added-list'),
    certname: $('certname'),
    certnameStatus: $('certname-status'),
  },
  settings,
  {
    changed() {
      userEdited();
      runNow();
      persistNow();
    },
    edited(apply) {
      clearTimeout(nodeTimer);
      nodeTimer = setTimeout(apply, liveDelay(lastRunMs));
    },
  },
);

const logLevel = $('log-level');
logLevel.value = settings.log;
/** Edits run at once after a pause in the typing, else once it pauses (web/src/live-delay.js). */
const live = liveRuns({ run: () => runNow(), lastRunMs: () => lastRunMs });
let firstResult = true;
/** How long the last run took, from the request to its result shown (ms): it sets the pause before the next. */
let lastRunMs = 0;
/** The last result's logs, shown again when the log level changes. */
let lastLogs = { logs: [], total: 0 };
// Requests in flight: id → { source, files, generation }: the texts they evaluate.
const requests = new Map();
/** Edits typed so far: a result whose request saw fewer is for a text typed over since. */
let edits = 0;
const staleResults = createStaleResults();
/** The panes' part of the result shown last, in a task after the editor's (the latest only). */
const panesLater = nextTask();
const textIn = (request, path) => (path === SNIPPET ? request.source : request.files[path]);
const isPuppet = (path) => /\.pp$/i.test(path);

const editor = createEditor({
  parent: $('editor'),
  doc: workspace.snippet,
  path: SNIPPET,
  label: 'Puppet code',
  onRun: () => runNow(),
  // The engine needs the files' paths (the classes they define), the data files' texts (their Hiera keys),
  // the manifests' texts (their classes' parameters) and the facts.
  complete: (path, text, pos) => {
    const files = workspace.filesObject();
    const read = (file) => /(^|\/)data\/.*\.(ya?ml|json)$/.test(file) || /\.pp$/.test(file);
    const paths = Object.fromEntries(Object.keys(files).map((file) => [file, read(file) ? files[file] : '']));
    return engine.complete(text, pos, { facts: nodePane.engineFacts(), files: paths });
  },
  // Hover and signature help read the environment's definitions; the open file's text is the editor's.
  docs: (path, text, pos) => engine.ask('docs', editorQuestion(path, text, pos)),
  signature: (path, text, pos) => engine.ask('signature', editorQuestion(path, text, pos)),
  // What each expression of the environment produced, for the open file: the full engine runs it with recording.
  record: async (path) => {
    const recorded = await engine.ask('record', { source: workspace.snippet, options: engineOptions(workspace.filesObject()) });
    return recorded?.filter((r) => (r.file ?? SNIPPET) === path).map((r) => ({ from: r.start, to: r.end, count: r.count, values: r.values })) ?? null;
  },
  // Go to definition: the engine reads the environment's files; the page opens the one it names there.
  onDefinition: async (path, pos) => {
    const options = { files: workspace.filesObject() };
    const target = await engine.ask('definition', { source: workspace.snippet, path, offset: pos, options });
    if (target) goTo(target.path, target.start, target.end);
    else setStatus('No definition found here: Ctrl+click or F12 on a class, defined type, function, type alias or variable');
  },
  onCursor: (path, pos) => outline.cursorMoved(path, pos),
  // Find references: the engine reads the environment's files; the list shows each place with its line.
  onReferences: async (path, pos) => {
    const options = { files: workspace.filesObject() };
    const places = await engine.ask('references', { source: workspace.snippet, path, offset: pos, options });
    if (!places?.length) {
      referencesList.hide();
      setStatus('No references found: Shift+F12 on a class, defined type, function, type alias, variable or looked-up key');
      return;
    }
    referencesList.show(places.map((place) => {
      const { line, start, text } = lineAt(workspace.textOf(place.path) ?? '', place.start);
      return { ...place, line, lineStart: start, lineText: text };
    }));
  },
  onChange: (path, text) => {
    edits += 1;
    document.body.dataset.edits = String(edits);
    workspace.setText(path, text);
    userEdited();
    // The address and the autosave follow after a pause; a tab closed before the run still keeps this edit.
    persist();
    outline.edited();
    // At once after a pause in the typing, else a pause only as long as the last run took (a busy engine keeps just
    // the latest request). (For the tests: the pause chosen, 0 for at once.)
    document.body.dataset.livePause = String(live.edited());
  },
});
const referencesList = createReferencesList($('editor'), {
  onOpen: (place) => goTo(place.path, place.start, place.end),
  onClose: () => editor.focus(),
});

// The Outline pane: the open file's symbols, asked of the worker's full engine while the pane is shown.
const outline = setupOutline(
  { panel: $('panel-outline'), list: $('outline-tree'), note: $('outline-note'), count: $('outline-count') },
  { editor, isPuppet, ask: (text) => engine.ask('outline', { source: text }), goTo },
);

let storageWarned = false;
/** The user changed something: a link that could not be opened has had its answer. */
function userEdited() {
  if (!linkProblem) return;
  linkProblem = null;
  setStatus('', 'info');
}

/** Where the user is, for links: the open file, the cursor (1-based line and column), the pane shown and the catalog pinned. */
function currentView() {
  const { path, text, pos } = editor.cursor();
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  return { open: path, at: { line, column: pos - before.lastIndexOf('\n') }, pane: tabs.selected(), pinned: compare.pinnedForLink() };
}

/** Bumped by every write of the address: an address compressed off the page's thread for an older one is dropped. */
let addressWrites = 0;

/** Show `address` in the address bar without adding a history entry. */
function setAddress(address) {
  if (address !== location.href) history.replaceState(null, '', address);
}

/**
 * Write the address and the autosave (a large environment is left out of the address): with `now`, at once;
 * else the address's compressed text is made off the page's thread and written when it comes, unless something
 * wrote the address since.
 */
function writePersisted(now = true) {
  const write = ++addressWrites;
  if (linkProblem) return;
  let chars = workspace.snippet.length;
  for (const text of workspace.files.values()) chars += text.length;
  const data = workspace.toData();
  // replaceState: the address follows the code without adding history entries. (It carries no cursor: Share's
  // link does, and says so.)
  if (chars > ADDRESS_MAX_CHARS) setAddress(location.pathname);
  else if (now) setAddress(shareUrl(location, data.snippet, settings, data));
  else {
    shareUrlWith(deflateFields, location, data.snippet, settings, data).then((address) => {
      if (write === addressWrites && !linkProblem) setAddress(address);
    });
  }
  const fits = save(data.snippet, settings, { files: data.files, folders: data.folders, open: editor.path });
  if (!fits && !storageWarned) {
    storageWarned = true;
    setStatus('This environment is too large for the browser to keep: download it as a .zip to keep it.', 'error');
  }
}
/** The address and the autosave follow the environment once typing pauses, off the keystroke's path. */
const persistLater = later(writePersisted);

function persist() {
  addressWrites += 1;
  if (linkProblem) persistLater.cancel();
  else persistLater.schedule();
}

/** A setting changed (not a keystroke): the address and the autosave follow at once. */
function persistNow() {
  persist();
  persistLater.flush();
}

function runNow() {
  live.cancel();
  const source = workspace.snippet;
  const files = workspace.filesObject();
  persist();
  showMainManifest();
  const extra = testHooks('run', source);
  extra.syntaxPath = isPuppet(editor.path) ? editor.path : null;
  // Tokens and the AST before evaluating only while their panes are shown (else after the result, for when they are).
  extra.syntaxFirst = tokensPane.visible() || astPane.visible();
  // The values recorded for hover in a message of their own, after the result.
  extra.recordedApart = true;
  extra.lint = lint.request(files);
  const id = engine.run(source, engineOptions(files), extra);
  editor.snapshot(id);
  track(id, { source, files, lintPath: extra.lint?.path });
}

/** A question of the editor about file `path` (its text as the editor has it) with the environment's files. */
function editorQuestion(path, text, pos) {
  const files = { ...workspace.filesObject() };
  if (path !== SNIPPET) files[path] = text;
  return { source: path === SNIPPET ? text : workspace.snippet, path, offset: pos, options: { files } };
}

/** What the engine compiles with: the settings, the node, the files, and the global hiera.yaml when the Files pane has one. */
function engineOptions(files) {
  // record: what each expression produced, for the editor's hover.
  const options = { strict: settings.strict, stdlib: settings.stdlib, facts: nodePane.engineFacts(), certname: nodePane.certname(), files, record: true };
  if (typeof files[GLOBAL_HIERA] === 'string') options.globalHiera = GLOBAL_HIERA;
  return options;
}

function showMainManifest() {
  $('main-manifest').textContent =
    workspace.mainManifest() === 'snippet'
      ? 'Runs snippet.pp (manifests/ runs instead when snippet.pp is empty)'
      : 'Runs manifests/ (snippet.pp is empty)';
}

/**
 * Test hooks: an e2e test may ask, before the page loads, that the worker spin (`hangOn`) or trap
 * (`crashOn`) on requests whose code holds a marker, of the kinds `hangIn` / `crashIn` list ('run' unless
 * they say otherwise; 'graph' for the Graph pane's compile). Returns the flags for a request of `kind`.
 */
function testHooks(kind, source) {
  const hooks = globalThis.__PUPPET_PLAYGROUND_TEST__;
  const marked = (marker) => typeof marker === 'string' && marker !== '' && source.includes(marker);
  const inKind = (kinds) => (Array.isArray(kinds) ? kinds : ['run']).includes(kind);
  const flags = {};
  if (marked(hooks?.hangOn) && inKind(hooks.hangIn)) flags.hang = true;
  if (marked(hooks?.crashOn) && inKind(hooks.crashIn)) flags.crash = true;
  return flags;
}

/** Test hook: a shorter watchdog (`watchdogMs`, set before the page loads), so a test can show a long run outlasting it. */
function watchdogHook() {
  const ms = globalThis.__PUPPET_PLAYGROUND_TEST__?.watchdogMs;
  return Number.isInteger(ms) && ms > 0 ? ms : undefined;
}

function select(from, to) {
  editor.select(from, Math.max(to, from));
}

/** Show `path` in the editor (each file keeps its own text, undo history and cursor). */
function openFile(path, { focusEditor = false } = {}) {
  if (!workspace.isFile(path)) return false;
  if (editor.path !== path) {
    editor.open(path, workspace.textOf(path));
    showOpen(path);
    runNow(); // the Tokens and AST panes show the open file
  }
  if (focusEditor) editor.focus();
  return true;
}

/** The open file's name where the page shows it: the file tabs, the Files pane, the editor's label. */
function showOpen(path) {
  $('open-file').textContent = path;
  filesPane.showOpen(path);
  fileTabs.opened(path);
}

/** Open `path` and select `from..to` there (a problem, a catalog entry, a token). */
function goTo(path, from, to) {
  if (openFile(path)) select(from, to);
}

/** Replace the whole environment (an example, a link, an opened folder); `open` is the file to show. */
function loadEnvironment(data, { open = SNIPPET, name = 'puppet-environment', label = null } = {}) {
  workspace = new Workspace(data);
  generation += 1;
  environmentName = name;
  editor.reset(SNIPPET, workspace.snippet);
  filesPane.reset(SNIPPET);
  fileTabs.reset(SNIPPET);
  showOpen(SNIPPET);
  if (open !== SNIPPET && workspace.isFile(open)) {
    editor.open(open, workspace.textOf(open));
    showOpen(open);
  }
  // The Files pane says what it now holds (an opened folder writes its own report after this).
  if (label !== null) {
    const files = workspace.files.size;
    const status = $('files-status');
    status.textContent = `${label}: ${files ? `snippet.pp and ${files.toLocaleString('en')} file${files === 1 ? '' : 's'}` : 'snippet.pp'}.`;
    status.dataset.kind = 'info';
  }
  runNow();
}

function syntaxNote(text) {
  tokensPane.update({ note: text });
  astPane.update({ note: text });
}

// The panes that draw a result draw only while shown (a hidden one draws the latest when its tab is chosen).
const tokensPane = lazyPane($('panel-tokens'), ({ note, tokens, source, selectMapped }) =>
  note === undefined ? showTokens($('tokens'), tokens, source, selectMapped) : ($('tokens').textContent = note),
);
const astPane = lazyPane($('panel-ast'), ({ note, ast, source, selectMapped }) =>
  note === undefined ? showAst($('ast'), ast, source, selectMapped) : ($('ast').textContent = note),
);
const catalogPane = lazyPane($('panel-catalog'), ({ catalog, total, at }) =>
  showCatalog($('catalog'), catalog, total, (r) => {
    const { file, from, to } = at(r);
    goTo(file, from, to);
  }),
);
const outputPane = lazyPane($('panel-output'), () => renderOutput());
// The Compare pane: the catalog against one pinned (its Pin button, or a link's).
const compare = setupCompare(
  { panel: $('panel-compare'), list: $('compare'), pin: $('compare-pin'), unpin: $('compare-unpin'), note: $('compare-note'), count: $('compare-count') },
  { goTo },
);

const graphPane = setupGraphPane({
  panel: $('panel-graph'),
  count: $('graph-count'),
  onSelect: ({ file, from, to }) => goTo(file, from, to),
  // A run of the light engine has no graph: the full engine compiles the same code for it.
  // Under the watchdog as a run is: a compile that takes too long, or traps, leaves the pane with why.
  fetchGraph: async ({ source, files }) => {
    const answer = await engine.ask('graph', { source, options: engineOptions(files), ...testHooks('graph', source) }, { failures: true });
    if (!answer?.failed) return answer;
    const why = {
      timeout: `compiling it took longer than ${WATCHDOG_MS / 1000} s, so the engine was restarted`,
      crashed: 'the engine crashed compiling it, and was restarted',
    }[answer.failed] ?? 'the engine was restarted before it answered';
    return { failure: `No graph: ${why}.` };
  },
});

/** Remember what request `id` (a run, or lint alone) sees: the texts and the environment's generation. */
function track(id, request) {
  requests.set(id, { ...request, generation, edits, started: performance.now() });
}

// Lint: puppet-lint's checks on the open file, in the full engine the worker loads at idle after the first result.
const lint = setupLint(
  {
    panel: $('panel-lint'),
    on: $('lint-on'),
    fix: $('lint-fix'),
    preview: $('lint-preview'),
    note: $('lint-note'),
    list: $('lint-findings'),
    count: $('lint-count'),
    checks: $('lint-checks'),
    checksCount: $('lint-checks-count'),
  },
  {
    settings,
    editor,
    engine: () => engine,
    workspace: () => workspace,
    snippet: SNIPPET,
    isPuppet,
    track,
    request(id) {
      const request = requests.get(id);
      return request && request.generation === generation ? request : null;
    },
    textIn,
    persist: persistNow,
    userEdited,
    goTo,
    firstResultShown: () => !firstResult,
    showPreview: (path, before, after, apply) => formatPreview.show(path, before, after, apply),
  },
);
const formatPreview = setupFormatPreview({
  dialog: $('preview'),
  summary: $('preview-summary'),
  diff: $('preview-diff'),
  apply: $('preview-apply'),
  cancel: $('preview-cancel'),
});

const engine = new Engine({
  onReady(version, engineLimits) {
    lint.workerStarted();
    if (engineLimits) limits = engineLimits;
    $('version').textContent = `engine ${version}`;
    document.body.dataset.ready = 'true';
  },
  onStart() {
    $('stop').disabled = false;
    status.busy(true);
  },
  onSyntax({ id, path, tokens, ast }) {
    const request = requests.get(id);
    if (!request || request.generation !== generation) return;
    if (!path || tokens === undefined) {
      syntaxNote(`Tokens and the AST are shown for .pp files; ${editor.path} is not one.`);
      return;
    }
    const source = textIn(request, path) ?? '';
    const map = editor.mappersFor(id, { keep: true })(path); // kept: more of its run may follow
    const selectMapped = (from, to) => goTo(path, map(from), map(to, 1));
    tokensPane.update({ tokens, source, selectMapped });
    astPane.update({ ast, source, selectMapped });
  },
  onResult({ id, result, logsTotal, ms, recordedFollows = false }) {
    const request = requests.get(id);
    // Older runs never answer now; this one's lint and tokens may still come.
    for (const key of requests.keys()) if (key < id) requests.delete(key);
    $('stop').disabled = true;
    status.busy(false);
    if (!request || request.generation !== generation) return; // an environment since replaced
    request.resulted = true;
    // A result for a text edited since is shown when the page is idle (web/src/stale-results.js).
    const arrived = performance.now();
    staleResults.result(id, request.edits !== edits, () => showRunResult(id, request, { result, logsTotal, ms, recordedFollows, arrived }));
    document.body.dataset.resultsDeferred = String(staleResults.counts.deferred);
    document.body.dataset.resultsDropped = String(staleResults.counts.dropped);
  },
  onRecorded({ id, recorded }) {
    const request = requests.get(id);
    if (!request || request.generation !== generation) return;
    staleResults.follow(id, () => {
      if (request.generation !== generation) return;
      editor.showRecorded(placeRecorded(recorded, editor.mappersFor(id, { keep: true })));
    });
  },
  onLint(message) {
    if (message.done) {
      // A lint-only request has ended (a run's lint comes before its result, which ends the run).
      $('stop').disabled = true;
      status.busy(false);
    }
    lint.show(message);
  },
  onFullReady: () => lint.fullReady(),
  onFullFailed: (message) => lint.fullFailed(message),
  onLookup({ id, answer }) {
    $('stop').disabled = true;
    status.busy(false);
    if (id === lookupAsked) lookupPane.showAnswer(answer);
  },
  onRestart(reason, elapsed, id, kind) {
    $('stop').disabled = true;
    status.busy(false);
    const seconds = (elapsed / 1000).toFixed(1);
    const question = QUESTIONS[kind];
    const text = {
      stopped: `Stopped after ${seconds} s; the engine was restarted.`,
      timeout: question
        ? `Stopped: ${question} gave no answer within ${WATCHDOG_MS / 1000} s, so the engine was restarted.`
        : `Stopped: no answer within ${WATCHDOG_MS / 1000} s, so the engine was restarted. Edit the code or press Run to try again.`,
      crashed: question ? `The engine crashed on ${question} and was restarted.` : 'The engine crashed and was restarted.',
    }[reason];
    setStatus(text, 'error');
    if (kind === 'lookup' && id === lookupAsked) lookupPane.showAnswer({ found: false, failure: text });
    // Lint trapped before the run could evaluate: it runs again without lint, on the restarted worker.
    if (lint.rerunAfterRestart(reason, id)) runNow();
    document.body.dataset.restarts = String(Number(document.body.dataset.restarts ?? 0) + 1);
  },
  onCrash(message, id, inLint) {
    setStatus(`The engine failed: ${message}`, 'error');
    // Lint trapped on this text: it is not linted again (the restarted worker would only trap again) until edited.
    lint.crashed(message, id, inLint);
  },
  // The environment has YAML, or the code calls stdlib: the worker loads the full engine (once per visit); it reads
  // HOCON or uses Ruby's URI: the libraries engine (once per visit).
  onLoading(what) {
    if (what === 'libraries') setStatus("Loading the libraries engine (HOCON, Ruby's URI)…");
    else setStatus('Loading the full engine (Hiera, stdlib, templates)…');
  },
  onLoadFailed(message) {
    $('stop').disabled = true;
    status.busy(false);
    setStatus(`The YAML reader could not be loaded (${message}); edit the code or press Run to try again.`, 'error');
  },
}, { watchdogMs: watchdogHook() ?? WATCHDOG_MS });

/**
 * Show run `id`'s result (`request`: what it was asked for) in two tasks: the editor and the result line at once,
 * the panes in a task of their own right after (so that neither makes one long task of the other; a newer result
 * that comes first leaves them to it). `arrived`: when the worker's message came.
 */
function showRunResult(id, request, { result, logsTotal, ms, recordedFollows, arrived }) {
  if (request.generation !== generation) return; // an environment since replaced while it waited
  const applying = performance.now();
  const placed = placeResults(result, editor.mappersFor(id, { keep: true }), pageMessage);
  // The editor first: it reads the page's layout, which the panes' changes would make it compute again.
  // (A failed run has no statements: the inline results shown stay, marked stale, rather than all go and come back.)
  editor.showResults(placed.byFile, (path) => textIn(request, path), { recordedFollows, failed: result.value === null });
  showResult(result);
  // The status announces the result (a link's problem stays until the user edits).
  if (!linkProblem) status.result({ value: result.value, type: result.type, diagnostics: placed.diagnostics, ms });
  const editorMs = performance.now() - applying;
  const detail = { requested: request.started, engineMs: ms };
  performance.measure('result-applied', { start: applying, detail });
  panesLater.schedule(() => {
    const panes = performance.now();
    showPanes(request, { result, logsTotal }, placed);
    // (Not counting the time a stale result waited for the page to be idle.)
    lastRunMs = performance.now() - request.started - (applying - arrived);
    if (firstResult) {
      firstResult = false;
      performance.mark('first-result');
      document.body.dataset.firstResultMs = String(Math.round(performance.now()));
      persistLater.flush(); // an inbound ?code= link becomes the fragment form now
      lint.firstResult();
    }
    document.body.dataset.runs = String(Number(document.body.dataset.runs ?? 0) + 1);
    // For the tests: the edits the text shown had seen (a key after a pause is run at once, so the result of the first
    // of several edits made together can come before theirs; the tests wait for the result of the text as it is).
    document.body.dataset.resultEdits = String(request.edits);
    // For web/scripts/measure-typing.mjs: when the run was asked for, what the engine took, how long applying took.
    performance.measure('result-applied', { start: panes, detail: { ...detail, editorMs } });
  });
}

/** The panes' part of a result (`placed`: its places in the texts now, as placeResults gives them). */
function showPanes(request, { result, logsTotal }, { at, diagnostics, counts }) {
  outline.refresh();
  lastLogs = { logs: result.logs, total: logsTotal };
  outputPane.update(lastLogs);
  catalogPane.update({ catalog: result.catalog, total: result.catalogTotal, at });
  compare.update({ catalog: result.catalog, total: result.catalogTotal, failed: result.value === null, at });
  $('catalog-count').textContent = result.catalogTotal ? ` (${result.catalogTotal})` : '';
  graphPane.show(result, at, request);
  const lineIndex = new Map();
  lookupPane.showCalls(
    (result.lookups ?? []).map((call) => {
      const place = at(call);
      // The line in the text that was run, each file's line index made once.
      if (!lineIndex.has(place.file)) lineIndex.set(place.file, lineColumns(textIn(request, place.file) ?? ''));
      return { ...call, ...place, line: lineIndex.get(place.file)(call.start).line };
    }),
    result.lookupsTotal ?? 0,
  );
  showProblems($('problems'), diagnostics, (d) => goTo(d.file, d.from, d.to), { nameSnippet: !workspace.isEmpty });
  $('problems-count').textContent = diagnostics.length ? ` (${diagnostics.length})` : '';
  filesPane.showProblems(counts);
}

$('run').addEventListener('click', runNow);
$('stop').addEventListener('click', () => engine.stop());
strictSelect.addEventListener('change', () => {
  settings.strict = strictSelect.value;
  userEdited();
  runNow();
  persistNow();
});
stdlibSelect.addEventListener('change', () => {
  settings.stdlib = stdlibSelect.value;
  userEdited();
  runNow();
  persistNow();
});

/** Output at the chosen level: notice and above (as puppet apply prints), or info (--verbose) or debug (--debug) too. */
function renderOutput() {
  showOutput($('output'), $('log-hidden'), lastLogs.logs, {
    total: lastLogs.total,
    lowest: settings.log,
    whereOf(log) {
      // A line logged by another file than snippet.pp says where, and opens that line.
      if (!log.file || log.file === SNIPPET || !log.line || !workspace.isFile(log.file)) return null;
      const { file, line } = log;
      const select = () => {
        const start = lineStart(workspace.textOf(file), line);
        goTo(file, start, start);
      };
      return { label: `${log.file}:${line}`, select };
    },
  });
}
logLevel.addEventListener('change', () => {
  settings.log = logLevel.value;
  userEdited();
  outputPane.redraw();
  persistNow();
});

const examples = $('examples');
for (const example of EXAMPLES) examples.append(new Option(example.title, example.id));
examples.addEventListener('change', async () => {
  const example = EXAMPLES.find((e) => e.id === examples.value);
  examples.value = '';
  if (!example) return;
  userEdited();
  if (example.files) {
    // An environment example replaces the whole environment: the user's is kept aside first.
    if (!(await keeping.beforeReplacing(`the example ${example.title}`))) return;
    loadEnvironment({ snippet: example.code, files: example.files }, { open: example.open, name: example.id, label: `Example: ${example.title}` });
    return;
  }
  // A single-snippet example replaces the main code (one undoable change); the files stay, and so does the
  // code replaced (kept aside too: the autosave will hold the example).
  if (!(await keeping.beforeReplacing(`the example ${example.title}`, { codeOnly: true }))) return;
  openFile(SNIPPET);
  editor.replace(example.code);
  runNow();
});

// An example, a link or an opened folder never throws the user's work away: it is kept aside, one click from
// coming back (and when the browser cannot keep it, the page asks first).
const notice = createNotice({ bar: $('notice'), text: $('notice-text'), action: $('notice-action'), close: $('notice-close') });
/** The environment shown, as the keeper stores it. */
function currentEntry() {
  const data = workspace.toData();
  const label = environmentName === 'puppet-environment' ? null : environmentName;
  return { code: data.snippet, settings: { ...settings }, files: data.files, folders: data.folders, open: editor.path, label };
}
const keeping = setupWorkKeeping({
  notice,
  current: currentEntry,
  restore(kept) {
    Object.assign(settings, settingsOf(kept.settings));
    showSettings();
    loadEnvironment(
      { snippet: kept.code, files: kept.files ?? {}, folders: kept.folders ?? [] },
      { open: kept.open ?? SNIPPET, name: kept.label ?? 'puppet-environment', label: 'Your work, brought back' },
    );
  },
  say: (text) => setStatus(text, 'info'),
});

const downloadZip = () => download(environmentZip(workspace), `${environmentName}.zip`, 'application/zip');

const shareLink = $('share-link');
$('share').addEventListener('click', share);
/** Copy a link to the environment, the open file, the cursor and the pane shown. */
async function share() {
  const data = workspace.toData();
  // The environment as it is at the click (compressed off the page's thread: a large one would stall it).
  const write = ++addressWrites;
  const url = await shareUrlWith(deflateFields, location, data.snippet, settings, data, currentView());
  if (url.length <= ADDRESS_MAX_CHARS && write === addressWrites) history.replaceState(null, '', url);
  shareLink.value = url;
  shareLink.hidden = false;
  // Chat tools cut long links: offer the .zip instead.
  $('share-note').hidden = url.length <= LONG_LINK;
  $('share-note-text').textContent =
    `This link is ${url.length.toLocaleString('en')} characters long: chat tools and mail cut links past about ` +
    `${LONG_LINK.toLocaleString('en')}. Share the environment as a .zip instead:`;
  try {
    await navigator.clipboard.writeText(url);
    setStatus('Link copied to the clipboard.', 'ok');
  } catch {
    shareLink.select();
    setStatus('Copy the link from the field next to Share.', 'info');
  }
}

$('share-zip').addEventListener('click', downloadZip);
$('download-zip').addEventListener('click', downloadZip);

// The Files pane, and what it (and an opened folder) does to the environment.
const actions = fileActions({
  workspace: () => workspace,
  editor,
  limits: () => limits,
  openFile,
  runNow() {
    userEdited();
    runNow();
  },
  loadEnvironment(data, options) {
    userEdited();
    // An opened folder replaces the environment: the user's is kept aside first (too large to keep: said so).
    keeping.afterReplacing(options.name, currentEntry());
    loadEnvironment(data, options);
  },
  filesPane: () => filesPane,
  showOpen,
  renamed: (moves) => fileTabs.renamed(moves),
  removed: (paths) => fileTabs.removed(paths),
  named(name) {
    environmentName = name;
  },
});
const filesPane = createFilesPane(
  {
    tree: $('file-tree'),
    form: $('file-name-form'),
    label: $('file-name-label'),
    input: $('file-name'),
    ok: $('file-name-ok'),
    cancel: $('file-name-cancel'),
    error: $('file-name-error'),
    newFile: $('new-file'),
    newFolder: $('new-folder'),
    rename: $('rename'),
    remove: $('delete'),
  },
  {
    workspace: () => workspace,
    open(path, options) {
      const opened = openFile(path, options);
      layout.fileOpened(); // on a phone the drawer closes on the file opened
      return opened;
    },
    ...actions,
  },
);
filesPane.reset(SNIPPET);

setupOpenFolder(
  {
    folderButton: $('open-folder'),
    folderInput: $('folder-input'),
    zipButton: $('open-zip'),
    zipInput: $('zip-input'),
    dropZone: $('files'),
    status: $('files-status'),
  },
  { limits: () => limits, budget: actions.budget, apply: actions.apply },
);

// The Lookup pane: a key asked of the environment's Hiera data, and the program's lookups.
/** The id of the Lookup pane's latest question (older answers are dropped). */
let lookupAsked = null;
const lookupPane = setupLookupPane(
  {
    panel: $('panel-lookup'),
    form: $('lookup-form'),
    key: $('lookup-key'),
    merge: $('lookup-merge'),
    valueList: $('lookup-value-list'),
    value: $('lookup-value'),
    type: $('lookup-type'),
    error: $('lookup-error'),
    found: $('lookup-found'),
    explanation: $('lookup-explanation'),
    calls: $('lookup-calls'),
    callsNote: $('lookup-calls-note'),
    count: $('lookup-count'),
  },
  {
    ask(query) {
      lookupAsked = engine.lookup(engineOptions(workspace.filesObject()), query);
    },
    goTo: (call) => goTo(call.file, call.from, call.to),
  },
);

setupTheme($('theme'));
lint.showSetting();

// The file tabs above the editor, and the columns (resizable; Files behind the menu button on a phone).
const fileTabs = createFileTabs($('file-tabs'), { open: (path) => openFile(path, { focusEditor: true }) });
fileTabs.reset(SNIPPET);
const layout = setupLayout(
  {
    main: $('layout'),
    files: $('files'),
    filesSeparator: $('files-separator'),
    side: $('side'),
    sideSeparator: $('side-separator'),
    menu: $('menu'),
    filesClose: $('files-close'),
    welcome: $('welcome'),
    welcomeClose: $('welcome-close'),
    focusFiles: () => ($('file-tree').querySelector('[tabindex="0"]') ?? $('new-file')).focus(),
  },
  { firstVisit: !link && !saved },
);

// Every action, in the command palette and in Help, from one list.
const commands = pageCommands({
  run: runNow,
  stop: () => engine.stop(),
  canStop: () => !$('stop').disabled,
  share,
  downloadZip,
  openFolder: () => $('open-folder').click(),
  openZip: () => $('open-zip').click(),
  newFile: () => $('new-file').click(),
  format: () => lint.preview(),
  canFormat: () => lint.canFormat(),
  fixAll: () => $('lint-fix').click(),
  toggleFiles: () => layout.showFiles(document.body.dataset.files !== 'shown'),
  toggleTheme: () => $('theme').click(),
  help: () => $('help').click(),
  showPane: (id) => tabs.select(id, { focus: true }),
  focusEditor: () => editor.focus(),
});
setupPalette({ dialog: $('palette'), input: $('palette-input'), list: $('palette-list'), button: $('commands') }, () => commands);
setupHelp(
  {
    button: $('help'),
    dialog: $('help-dialog'),
    close: $('help-close'),
    link: $('docs-link'),
    where: $('docs-where'),
    shortcuts: $('shortcuts'),
    panes: $('help-panes'),
  },
  () => editor.cursor(),
  () => shortcutRows(commands),
);
// The skip link focuses the editor without touching the address (whose fragment is the share link).
$('skip-link').addEventListener('click', (event) => {
  event.preventDefault();
  editor.focus();
});

/** A link that could not be opened: say so, and keep the address as given until the user edits. */
function showLinkProblem(message) {
  linkProblem = `This link could not be opened: ${message}.`;
  setStatus(linkProblem, 'error');
  performance.mark('link-answered');
}

/**
 * A link opened with defaults for settings it carries that could not be used: say which, and keep the
 * address (and the autosave) as they were until the user edits.
 */
function showLinkDefaults(problems) {
  linkProblem = `This link was opened, but ${problems.join('; ')}.`;
  setStatus(linkProblem, 'error');
  performance.mark('link-answered');
}

/** A link opened in the open tab (pasted into the address bar: only the fragment changed). */
function showSettings() {
  strictSelect.value = settings.strict;
  stdlibSelect.value = settings.stdlib;
  logLevel.value = settings.log;
  lint.showSetting();
  nodePane.show(settings);
}

async function openLink(opened) {
  if (!(await keeping.beforeReplacing('this link'))) return;
  Object.assign(settings, settingsOf(opened.settings));
  showSettings();
  linkProblem = null;
  setStatus('', 'info');
  if (opened.problems?.length) showLinkDefaults(opened.problems);
  try {
    loadEnvironment({ snippet: opened.code, files: opened.files ?? {}, folders: opened.folders ?? [] }, { open: opened.view?.open });
    showView(opened.view);
    compare.pin(opened.pinned);
  } catch (error) {
    showLinkProblem(`the environment's files could not be opened (${error.message})`);
  }
}

/** Go where a link's sender was: the file is opened by then; the cursor and the pane follow. */
function showView(view) {
  if (!view) return;
  if (view.at) {
    const text = workspace.textOf(editor.path) ?? '';
    const start = lineStart(text, view.at.line);
    const end = text.indexOf('\n', start);
    const lineEnd = end < 0 ? text.length : end;
    const pos = Math.min(start + view.at.column - 1, lineEnd);
    select(pos, pos);
  }
  if (view.pane) tabs.select(view.pane);
}

addEventListener('hashchange', () => {
  addressWrites += 1; // the address is the user's now: an older one being compressed is not written over it
  const opened = decodeLocation(location);
  if (!opened) return;
  if (opened.error) showLinkProblem(opened.error);
  else openLink(opened);
});

if (initial.open && initial.open !== SNIPPET) openFile(initial.open);
if (link?.code !== undefined && !link.error) {
  if (link.view?.open && link.view.open !== SNIPPET) openFile(link.view.open);
  showView(link.view);
  compare.pin(link.pinned);
  // A link opened over autosaved work: the work is kept aside, one click from coming back.
  keeping.linkOverSaved(saved, { code: link.code, files: link.files ?? {}, folders: link.folders ?? [] });
}
if (link?.error) showLinkProblem(link.error);
else if (link?.problems?.length) showLinkDefaults(link.problems);
if (openProblem && link) showLinkProblem(openProblem);
else if (openProblem) setStatus(`This saved environment could not be opened: ${openProblem}.`, 'error');
// An inbound ?code= link is replaced by the fragment form; the first run also writes the address.
runNow();
