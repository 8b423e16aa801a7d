// The embedded view (/embed/): a small editor with Run, the result and its type, the output and the problems, on its own engine worker, sized to its content for the page that frames it.
import { startEarly } from '../early-worker.js';
import { createEditor } from '../editor.js';
import { Engine } from '../engine.js';
import { DEFAULT_FACTS_TEXT, nodeFacts, readFacts } from '../facts.js';
import { showOutput } from '../panes/output.js';
import { showProblems } from '../panes/problems.js';
import { placeResults } from '../results-by-file.js';
import { decodeLocation, DEFAULT_SETTINGS, encodeFragment } from '../share.js';
import { createStatus } from '../status.js';
import { SNIPPET } from '../workspace.js';
import { showEmbedFiles } from './files.js';
import { readFrameId, MESSAGE } from './messages.js';

performance.mark('boot');
startEarly();

const $ = (id) => document.getElementById(id);
const status = createStatus({ region: $('status'), time: $('status-time'), busy: $('busy') });
const frame = readFrameId(location.search);

// The code: from the address (a share link's fragment or ?code=), else what the framing page sends.
const link = decodeLocation(location);
const settings = { ...DEFAULT_SETTINGS, ...(link?.settings ?? {}) };
const files = link?.files ?? {};
let facts = readFacts(settings.facts);
if (facts.error) facts = readFacts(DEFAULT_FACTS_TEXT);
const certname = settings.certname ?? 'localhost';
/** What the status says of the link until the engine's first answer: why it could not be opened, or what it could not use. */
let linkNote = link?.error
  ? `This link could not be opened: ${link.error}.`
  : link?.problems?.length
    ? `This link was opened, but ${link.problems.join('; ')}.`
    : null;
if (linkNote) status.message(linkNote, 'error');
performance.mark('link-answered');
// Everything the engine runs is shown: the files of a v2 link are listed under the editor.
showEmbedFiles({ section: $('files'), summary: $('files-summary'), list: $('files-list') }, files);

const requests = new Map();
const editor = createEditor({
  parent: $('editor'),
  doc: link?.code ?? '',
  path: SNIPPET,
  onChange: () => {
    // The reader's edit is their answer to the link's note: results are announced again.
    linkNote = null;
    updateOpenLink();
    // The result shown is of the code before the edit: marked so until the next run.
    if (Number(document.body.dataset.runs ?? 0) > 0) markStale(true);
  },
  onRun: () => run(),
  label: 'Puppet code',
});

/** The playground's address for the code as it is now: the embed's parent folder, the code in the fragment. */
function updateOpenLink() {
  const playground = new URL('../', location.href);
  playground.search = '';
  playground.hash = encodeFragment(editor.text(), settings, { files, folders: link?.folders ?? [] });
  $('open-playground').href = playground.href;
}

/** Mark the results as those of older code (an edit since), or as current. */
function markStale(stale) {
  $('stale').hidden = !stale;
  if (stale) $('results').dataset.stale = 'true';
  else delete $('results').dataset.stale;
}

const engine = new Engine({
  onReady() {
    $('run').disabled = false;
    document.body.dataset.ready = 'true';
    if (!linkNote) status.message('ready', 'info');
  },
  onStart() {
    status.busy(true);
  },
  onResult({ id, result, logsTotal, ms }) {
    status.busy(false);
    const request = requests.get(id);
    requests.clear();
    if (!request) return;
    const { diagnostics, byFile } = placeResults(result, editor.mappersFor(id));
    const failed = result.value == null;
    $('result').hidden = failed;
    $('result-value').textContent = result.value ?? '';
    $('result-type').textContent = result.type ?? '';
    showOutput($('output'), $('output-hidden'), result.logs, { total: logsTotal });
    showProblems($('problems'), diagnostics, (d) => {
      if (d.file === SNIPPET) editor.select(d.from, Math.max(d.to, d.from));
    });
    editor.showResults(byFile, (path) => (path === SNIPPET ? request.source : files[path]));
    markStale(false);
    // One result line: the value and its type are said by the result line (a status region of its own); the
    // status line says only what went wrong, or nothing.
    if (linkNote) status.message(linkNote, 'error');
    else if (diagnostics.length) status.result({ value: result.value, type: result.type, diagnostics, ms });
    else status.message('', 'ok');
    document.body.dataset.runs = String(Number(document.body.dataset.runs ?? 0) + 1);
  },
  onRestart(reason) {
    status.busy(false);
    if (reason === 'timeout') status.message('The program ran too long and was stopped.', 'error');
    else if (reason === 'crashed') status.message('The engine stopped unexpectedly and was restarted.', 'error');
  },
  onCrash(message) {
    status.busy(false);
    status.message(`The engine failed: ${message}`, 'error');
  },
  onLoading(what) {
    status.message(`Loading ${what}…`, 'info');
  },
  onLoadFailed(message) {
    status.busy(false);
    status.message(message, 'error');
  },
});

function run() {
  const source = editor.text();
  const options = { strict: settings.strict, facts: nodeFacts(facts.text, certname), certname, files, record: true };
  const id = engine.run(source, options, { syntaxPath: null });
  editor.snapshot(id);
  requests.set(id, { source });
}

$('run').addEventListener('click', () => run());

// The framing page (embed.js) sends the block's code once the view says it is ready for it.
window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.data?.type !== MESSAGE.code) return;
  if (typeof event.data.code !== 'string') return;
  editor.replace(event.data.code);
  updateOpenLink();
  run();
});

// The framing page sizes the frame to the content.
function reportHeight() {
  if (window.parent === window) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  window.parent.postMessage({ type: MESSAGE.height, frame, height }, '*');
}
new ResizeObserver(reportHeight).observe(document.body);

updateOpenLink();
if (window.parent !== window && link?.code === undefined) {
  window.parent.postMessage({ type: MESSAGE.ready, frame }, '*');
} else if (link?.code !== undefined) {
  run();
}
