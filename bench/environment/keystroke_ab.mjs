// Two builds of the engine side by side on the page's keystroke call, for a machine too loaded to compare
// runs taken apart: `node bench/environment/keystroke_ab.mjs A_PKG B_PKG KEYSTROKE_DIR [BLOCKS]` loads both
// (wasm-bindgen's `--target web` output, e.g. two copies of web/pkg) in one node process (V8, as Chromium)
// and times browser.mjs's keystroke (one character more in a module's `manifests/c1.pp`, then
// `evaluate('', { files, certname })` with all files) in blocks of at least 50 ms, A and B in turn, BLOCKS
// of each (41 by default). One JSON line: the medians and minimums of the blocks' mean call, in ms.
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';

const [aDir, bDir, envDir, blocks = '41'] = process.argv.slice(2);
if (!aDir || !bDir || !envDir) {
  console.error('usage: node bench/environment/keystroke_ab.mjs A_PKG B_PKG KEYSTROKE_DIR [BLOCKS]');
  process.exit(2);
}
async function load(dir) {
  const js = (await readdir(dir)).find((n) => n.endsWith('.js'));
  const engine = await import(resolve(dir, js));
  engine.initSync({ module: await readFile(resolve(dir, js.replace(/\.js$/, '_bg.wasm'))) });
  return engine;
}
const A = await load(aDir);
const B = await load(bDir);
const files = {};
for (const entry of await readdir(envDir, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile()) continue;
  const path = join(entry.parentPath ?? entry.path, entry.name);
  files[relative(envDir, path)] = await readFile(path, 'utf8');
}
const edited = Object.keys(files).find((p) => p.endsWith('/manifests/c1.pp'));
let n = 0;
const keystroke = (engine) => {
  n++;
  return engine.evaluate('', { files: { ...files, [edited]: `${files[edited]}\n# ${n}` }, certname: 'playground' });
};
const block = (engine) => {
  const started = performance.now();
  let calls = 0;
  do {
    keystroke(engine);
    calls++;
  } while (performance.now() - started < 50);
  return (performance.now() - started) / calls;
};
for (let i = 0; i < 5; i++) {
  keystroke(A);
  keystroke(B);
}
const a = [];
const b = [];
for (let i = 0; i < Number(blocks); i++) {
  a.push(block(A));
  b.push(block(B));
}
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const ms = (x) => Number(x.toFixed(3));
console.log(JSON.stringify({
  a_median_ms: ms(median(a)), b_median_ms: ms(median(b)),
  a_min_ms: ms(Math.min(...a)), b_min_ms: ms(Math.min(...b)), blocks: a.length,
}));
