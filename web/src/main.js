// The playground page: wires the editor, the Files pane, the evaluation worker, the panes, share links, examples and settings.
import { createEditor } from './editor.js';
import { Engine, WATCHDOG_MS } from './engine.js';
import { EXAMPLES } from './examples.js';
import { fileActions } from './file-actions.js';
import { DEFAULT_FACTS_TEXT, readFacts } from './facts.js';
import { lineStart } from './offsets.js';
import { showAst } from './panes/ast.js';
import { showCatalog } from './panes/catalog.js';
import { createFilesPane } from './panes/files.js';
import { showOutput } from './panes/output.js';
import { showProblems } from './panes/problems.js';
import { showResult } from './panes/result.js';
import { showTokens } from './panes/tokens.js';
import { setupOpenFolder } from './open-folder.js';
import { placeResults } from './results-by-file.js';
import { decodeLocation, DEFAULT_SETTINGS, LONG_LINK, shareUrl } from './share.js';
import { loadSaved, save } from './storage.js';
import { setupTabs } from './tabs.js';
import { setupTheme } from './theme.js';
import { DEFAULT_LIMITS, SNIPPET, Workspace } from './workspace.js';
import { download, environmentZip } from './zip.js';

const LIVE_DELAY_MS = 300;
/** Past this much text (characters) the address no longer carries the environment on every run (the autosave does). */
const ADDRESS_MAX_CHARS = 256 * 1024;
const $ = (id) => document.getElementById(id);
const status = $('status');
const setStatus = (text, kind = 'info') => {
  status.textContent = text;
  status.dataset.kind = kind;
};

// What to open: a link wins over the autosaved environment, which wins over the first example.
const link = decodeLocation(location);
const saved = loadSaved();
const initial = link?.code !== undefined ? link : saved ?? { code: EXAMPLES[0].code, settings: DEFAULT_SETTINGS };
const settings = { ...DEFAULT_SETTINGS, ...initial.settings };

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

// The Facts pane: the facts the engine gets are the last text that was a JSON object.
const factsInput = $('facts');
factsInput.value = settings.facts;
let factsRead = readFacts(settings.facts);
if (factsRead.error) factsRead = readFacts(DEFAULT_FACTS_TEXT);
let factsPuppet = factsRead.puppet;
/** The node compiled for (node definitions, `$trusted`): the one the facts describe. */
let certname = factsRead.certname;
let factsTimer = null;
function showFactsState(text) {
  const read = readFacts(text);
  const custom = text !== DEFAULT_FACTS_TEXT;
  $('facts-status').textContent = read.error
    ? `These facts are not used: ${read.error}.`
    : `${custom ? 'Your facts' : 'The default facts (a Debian 12 node)'}: ${Object.keys(JSON.parse(text)).length} top-level facts.`;
  $('facts-status').dataset.kind = read.error ? 'error' : 'ok';
  $('facts-mark').textContent = read.error ? ' (!)' : custom ? ' *' : '';
  return read;
}
function factsChanged() {
  clearTimeout(factsTimer);
  const read = showFactsState(factsInput.value);
  if (read.error) return;
  settings.facts = factsInput.value;
  factsPuppet = read.puppet;
  certname = read.certname;
  runNow();
}
showFactsState(factsInput.value);
factsInput.addEventListener('input', () => {
  clearTimeout(factsTimer);
  factsTimer = setTimeout(factsChanged, LIVE_DELAY_MS);
});
const setFacts = (text) => {
  factsInput.value = text;
  factsChanged();
};
$('facts-reset').addEventListener('click', () => setFacts(DEFAULT_FACTS_TEXT));
$('facts-none').addEventListener('click', () => setFacts('{}'));

let liveTimer = null;
let firstResult = true;
// Requests in flight: id → { source, files, generation }: the texts they evaluate.
const requests = new Map();
const textIn = (request, path) => (path === SNIPPET ? request.source : request.files[path]);
const isPuppet = (path) => /\.pp$/i.test(path);

const editor = createEditor({
  parent: $('editor'),
  doc: workspace.snippet,
  path: SNIPPET,
  label: 'Puppet code',
  onRun: () => runNow(),
  onChange: (path, text) => {
    workspace.setText(path, text);
    clearTimeout(liveTimer);
    liveTimer = setTimeout(runNow, LIVE_DELAY_MS);
  },
});

let persistTimer = null;
let storageWarned = false;
/** The address and the autosave follow the environment (a large one is saved less often and left out of the address). */
function persist() {
  clearTimeout(persistTimer);
  let chars = workspace.snippet.length;
  for (const text of workspace.files.values()) chars += text.length;
  const large = chars > ADDRESS_MAX_CHARS;
  const write = () => {
    const data = workspace.toData();
    // replaceState: the address follows the code without adding history entries.
    history.replaceState(null, '', large ? location.pathname : shareUrl(location, data.snippet, settings, data));
    const fits = save(data.snippet, settings, { files: data.files, folders: data.folders, open: editor.path });
    if (!fits && !storageWarned) {
      storageWarned = true;
      setStatus('This environment is too large for the browser to keep: download it as a .zip to keep it.', 'error');
    }
  };
  if (large) persistTimer = setTimeout(write, 1500);
  else write();
}

function runNow() {
  clearTimeout(liveTimer);
  const source = workspace.snippet;
  const files = workspace.filesObject();
  persist();
  showMainManifest();
  const extra = testHang(source) ? { hang: true } : {};
  extra.syntaxPath = isPuppet(editor.path) ? editor.path : null;
  const id = engine.run(source, { strict: settings.strict, facts: factsPuppet, certname, files }, extra);
  editor.snapshot(id);
  requests.set(id, { source, files, generation });
}

function showMainManifest() {
  $('main-manifest').textContent =
    workspace.mainManifest() === 'snippet'
      ? 'Main manifest: snippet.pp (replaces manifests/ while not empty)'
      : 'Main manifest: manifests/ (snippet.pp is empty)';
}

/** Test hook: an e2e test may ask, before the page loads, that a marked snippet spins in the worker. */
function testHang(source) {
  const marker = globalThis.__PUPPET_PLAYGROUND_TEST__?.hangOn;
  return typeof marker === 'string' && marker !== '' && source.includes(marker);
}

function select(from, to) {
  editor.select(from, Math.max(to, from));
}

/** Show `path` in the editor (each file keeps its own text, undo history and cursor). */
function openFile(path, { focusEditor = false } = {}) {
  if (!workspace.isFile(path)) return false;
  if (editor.path !== path) {
    editor.open(path, workspace.textOf(path));
    $('open-file').textContent = path;
    filesPane.showOpen(path);
    runNow(); // the Tokens and AST panes show the open file
  }
  if (focusEditor) editor.focus();
  return true;
}

/** Open `path` and select `from..to` there (a problem, a catalog entry, a token). */
function goTo(path, from, to) {
  if (openFile(path)) select(from, to);
}

/** Replace the whole environment (an example, a link, an opened folder); `open` is the file to show. */
function loadEnvironment(data, { open = SNIPPET, name = 'puppet-environment' } = {}) {
  workspace = new Workspace(data);
  generation += 1;
  environmentName = name;
  editor.reset(SNIPPET, workspace.snippet);
  $('open-file').textContent = SNIPPET;
  filesPane.reset(SNIPPET);
  if (open !== SNIPPET && workspace.isFile(open)) {
    editor.open(open, workspace.textOf(open));
    $('open-file').textContent = open;
    filesPane.showOpen(open);
  }
  runNow();
}

function syntaxNote(text) {
  $('tokens').textContent = text;
  $('ast').textContent = text;
}

const engine = new Engine({
  onReady(version, engineLimits) {
    if (engineLimits) limits = engineLimits;
    $('version').textContent = `engine ${version}`;
    document.body.dataset.ready = 'true';
  },
  onStart() {
    $('stop').disabled = false;
    setStatus('running…', 'busy');
  },
  onSyntax({ id, path, tokens, ast }) {
    const request = requests.get(id);
    if (!request || request.generation !== generation) return;
    if (!path || tokens === undefined) {
      syntaxNote(`Tokens and the AST are shown for .pp files; ${editor.path} is not one.`);
      return;
    }
    const source = textIn(request, path) ?? '';
    const map = editor.mappersFor(id, { keep: true })(path); // the result for the same request comes next
    const selectMapped = (from, to) => goTo(path, map(from), map(to, 1));
    showTokens($('tokens'), tokens, source, selectMapped);
    showAst($('ast'), ast, source, selectMapped);
  },
  onResult({ id, result, logsTotal, ms }) {
    const request = requests.get(id);
    for (const key of requests.keys()) if (key <= id) requests.delete(key); // older runs never answer now
    $('stop').disabled = true;
    if (!request || request.generation !== generation) return; // an environment since replaced
    const { at, diagnostics, byFile, counts } = placeResults(result, editor.mappersFor(id));
    showResult(result);
    showOutput($('output'), result.logs, logsTotal, (log) => {
      // A line logged by another file than snippet.pp says where, and opens that line.
      if (!log.file || log.file === SNIPPET || !log.line || !workspace.isFile(log.file)) return null;
      const { file, line } = log;
      const select = () => {
        const start = lineStart(workspace.textOf(file), line);
        goTo(file, start, start);
      };
      return { label: `${log.file}:${line}`, select };
    });
    showCatalog($('catalog'), result.catalog, result.catalogTotal, (r) => {
      const { file, from, to } = at(r);
      goTo(file, from, to);
    });
    $('catalog-count').textContent = result.catalogTotal ? ` (${result.catalogTotal})` : '';
    showProblems($('problems'), diagnostics, (d) => goTo(d.file, d.from, d.to), { nameSnippet: !workspace.isEmpty });
    $('problems-count').textContent = diagnostics.length ? ` (${diagnostics.length})` : '';
    editor.showResults(byFile, (path) => textIn(request, path));
    filesPane.showProblems(counts);
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    setStatus(errors ? `${errors} error${errors > 1 ? 's' : ''} (${ms.toFixed(1)} ms)` : `ok (${ms.toFixed(1)} ms)`, errors ? 'error' : 'ok');
    if (firstResult) {
      firstResult = false;
      performance.mark('first-result');
      document.body.dataset.firstResultMs = String(Math.round(performance.now()));
    }
    document.body.dataset.runs = String(Number(document.body.dataset.runs ?? 0) + 1);
  },
  onRestart(reason, elapsed) {
    $('stop').disabled = true;
    const seconds = (elapsed / 1000).toFixed(1);
    const text = {
      stopped: `Stopped after ${seconds} s; the engine was restarted.`,
      timeout: `Stopped: no answer within ${WATCHDOG_MS / 1000} s, so the engine was restarted. Edit the code or press Run to try again.`,
      crashed: 'The engine crashed and was restarted.',
    }[reason];
    setStatus(text, 'error');
    document.body.dataset.restarts = String(Number(document.body.dataset.restarts ?? 0) + 1);
  },
  onCrash(message) {
    setStatus(`The engine failed: ${message}`, 'error');
  },
});

$('run').addEventListener('click', runNow);
$('stop').addEventListener('click', () => engine.stop());
strictSelect.addEventListener('change', () => {
  settings.strict = strictSelect.value;
  runNow();
});

const examples = $('examples');
for (const example of EXAMPLES) examples.append(new Option(example.title, example.id));
examples.addEventListener('change', () => {
  const example = EXAMPLES.find((e) => e.id === examples.value);
  examples.value = '';
  if (!example) return;
  if (example.files) {
    // An environment example replaces the whole environment.
    loadEnvironment({ snippet: example.code, files: example.files }, { open: example.open, name: example.id });
    return;
  }
  // A single-snippet example replaces the main code (one undoable change); the files stay.
  openFile(SNIPPET);
  editor.replace(example.code);
  runNow();
});

const downloadZip = () => download(environmentZip(workspace), `${environmentName}.zip`);

const shareLink = $('share-link');
$('share').addEventListener('click', async () => {
  const data = workspace.toData();
  const url = shareUrl(location, data.snippet, settings, data);
  if (url.length <= ADDRESS_MAX_CHARS) history.replaceState(null, '', url);
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
});

$('share-zip').addEventListener('click', downloadZip);
$('download-zip').addEventListener('click', downloadZip);

// The Files pane, and what it (and an opened folder) does to the environment.
const actions = fileActions({
  workspace: () => workspace,
  editor,
  limits: () => limits,
  openFile,
  runNow,
  loadEnvironment,
  filesPane: () => filesPane,
  showOpen(path) {
    $('open-file').textContent = path;
    filesPane.showOpen(path);
  },
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
  { workspace: () => workspace, open: openFile, ...actions },
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

setupTheme($('theme'));
setupTabs($('pane-tabs'));

if (initial.open && initial.open !== SNIPPET) openFile(initial.open);
if (link?.error) setStatus(`This link could not be opened: ${link.error}.`, 'error');
if (openProblem) setStatus(`This ${link ? 'link' : 'saved environment'} could not be opened: ${openProblem}.`, 'error');
// An inbound ?code= link is replaced by the fragment form; the first run also writes the address.
runNow();
