// The playground page: wires the editor, the evaluation worker, the panes, share links, examples and settings.
import { createEditor } from './editor.js';
import { Engine, WATCHDOG_MS } from './engine.js';
import { EXAMPLES } from './examples.js';
import { DEFAULT_FACTS_TEXT, readFacts } from './facts.js';
import { showAst } from './panes/ast.js';
import { showCatalog } from './panes/catalog.js';
import { showOutput } from './panes/output.js';
import { showProblems } from './panes/problems.js';
import { showResult } from './panes/result.js';
import { showTokens } from './panes/tokens.js';
import { decodeLocation, DEFAULT_SETTINGS, shareUrl } from './share.js';
import { loadSaved, save } from './storage.js';
import { setupTabs } from './tabs.js';
import { setupTheme } from './theme.js';

const LIVE_DELAY_MS = 300;
const $ = (id) => document.getElementById(id);
const status = $('status');
const setStatus = (text, kind = 'info') => {
  status.textContent = text;
  status.dataset.kind = kind;
};

// What to open: a link wins over the autosaved code, which wins over the first example.
const link = decodeLocation(location);
const saved = loadSaved();
const initial = link?.code !== undefined ? link : saved ?? { code: EXAMPLES[0].code, settings: DEFAULT_SETTINGS };
const settings = { ...DEFAULT_SETTINGS, ...initial.settings };

const strictSelect = $('strict');
strictSelect.value = settings.strict;

// The Facts pane: the facts the engine gets are the last text that was a JSON object.
const factsInput = $('facts');
factsInput.value = settings.facts;
let factsPuppet = readFacts(settings.facts).puppet ?? readFacts(DEFAULT_FACTS_TEXT).puppet;
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
// Requests in flight: id → the source they evaluate.
const sources = new Map();

const editor = createEditor({
  parent: $('editor'),
  doc: initial.code,
  label: 'Puppet code',
  onRun: () => runNow(),
  onChange: () => {
    clearTimeout(liveTimer);
    liveTimer = setTimeout(runNow, LIVE_DELAY_MS);
  },
});

function updateAddress(code) {
  // replaceState: the address follows the code without adding history entries.
  history.replaceState(null, '', shareUrl(location, code, settings));
  save(code, settings);
}

function runNow() {
  clearTimeout(liveTimer);
  const source = editor.text();
  updateAddress(source);
  const extra = testHang(source) ? { hang: true } : {};
  const id = engine.run(source, { strict: settings.strict, facts: factsPuppet }, extra);
  editor.snapshot(id);
  sources.set(id, source);
}

/** Test hook: an e2e test may ask, before the page loads, that a marked snippet spins in the worker. */
function testHang(source) {
  const marker = globalThis.__PUPPET_PLAYGROUND_TEST__?.hangOn;
  return typeof marker === 'string' && marker !== '' && source.includes(marker);
}

function select(from, to) {
  editor.select(from, Math.max(to, from));
}

const engine = new Engine({
  onReady(version) {
    $('version').textContent = `engine ${version}`;
    document.body.dataset.ready = 'true';
  },
  onStart() {
    $('stop').disabled = false;
    setStatus('running…', 'busy');
  },
  onSyntax({ id, tokens, ast }) {
    const source = sources.get(id) ?? '';
    const map = editor.mapperFor(id, { keep: true }); // the result for the same request comes next
    const selectMapped = (from, to) => select(map(from), map(to, 1));
    showTokens($('tokens'), tokens, source, selectMapped);
    showAst($('ast'), ast, source, selectMapped);
  },
  onResult({ id, result, logsTotal, ms }) {
    for (const key of sources.keys()) if (key <= id) sources.delete(key); // older runs never answer now
    $('stop').disabled = true;
    const map = editor.mapperFor(id);
    showResult(result);
    showOutput($('output'), result.logs, logsTotal);
    showCatalog($('catalog'), result.catalog, result.catalogTotal, (r) => select(map(r.start), map(r.end, 1)));
    $('catalog-count').textContent = result.catalogTotal ? ` (${result.catalogTotal})` : '';
    const diagnostics = result.diagnostics.map((d) => ({ ...d, from: map(d.start), to: map(d.end, 1) }));
    showProblems($('problems'), diagnostics, (d) => select(d.from, d.to));
    $('problems-count').textContent = diagnostics.length ? ` (${diagnostics.length})` : '';
    editor.showDiagnostics(diagnostics);
    editor.showInlineResults(
      result.statements.map((s) => ({ pos: map(s.end), text: `⇒ ${s.value} : ${s.type}` })),
    );
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
  if (!example) return;
  editor.replace(example.code);
  runNow();
  examples.value = '';
});

const shareLink = $('share-link');
$('share').addEventListener('click', async () => {
  const url = shareUrl(location, editor.text(), settings);
  history.replaceState(null, '', url);
  shareLink.value = url;
  shareLink.hidden = false;
  try {
    await navigator.clipboard.writeText(url);
    setStatus('Link copied to the clipboard.', 'ok');
  } catch {
    shareLink.select();
    setStatus('Copy the link from the field next to Share.', 'info');
  }
});

setupTheme($('theme'));
setupTabs($('pane-tabs'));

if (link?.error) setStatus(`This link could not be opened: ${link.error}.`, 'error');
// An inbound ?code= link is replaced by the fragment form; the first run also writes the address.
runNow();
