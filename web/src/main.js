// The playground page: loads the wasm engine, runs the editor's code and shows value, type and problems.
import init, { evaluate, version } from './pkg/puppet_wasm.js';

const $ = (id) => document.getElementById(id);
const editor = $('editor');

function show(result) {
  $('result-value').textContent = result.value ?? '';
  $('result-type').textContent = result.type ?? '';
  $('result-generalized').textContent = result.generalized ?? '';
  $('output').textContent = result.logs.map((l) => `${l.level}: ${l.message}`).join('\n');
  const problems = $('problems');
  problems.replaceChildren(
    ...result.diagnostics.map((d) => {
      const item = document.createElement('li');
      item.className = d.severity;
      item.textContent = `${d.line}:${d.column} ${d.severity}: ${d.message}`;
      item.tabIndex = 0;
      item.addEventListener('click', () => {
        editor.focus();
        editor.setSelectionRange(d.start, Math.max(d.end, d.start + 1));
      });
      return item;
    }),
  );
}

function run() {
  const started = performance.now();
  const result = evaluate(editor.value);
  show(result);
  const ms = (performance.now() - started).toFixed(1);
  $('status').textContent = result.diagnostics.some((d) => d.severity === 'error')
    ? `error (${ms} ms)`
    : `ok (${ms} ms)`;
}

await init();
$('status').textContent = `engine ${version()} ready`;
$('run').addEventListener('click', run);
editor.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    run();
  }
});
document.body.dataset.ready = 'true';
