// Compares builds of the light engine on the page's keystroke, paired: `node
// bench/environment/keystroke_pair.mjs ENV_DIR PKG_DIR...` loads each PKG_DIR's puppet_wasm.js and
// .wasm (as scripts/build-wasm.sh writes web/pkg) into this one process, then for 40 rounds lets each
// build repeat the keystroke of browser.mjs (one character more in a module's manifests/c1.pp, then
// the page's whole `evaluate` call) for 40 ms in turn. Prints each build's median time and the median
// over the rounds of its time divided by the first build's in the same round: the machine's spells move
// the times by half, the ratio of neighbouring batches far less (bench/README.md, "The light engine's
// speed, session 54").
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [envDir, ...pkgDirs] = process.argv.slice(2);
if (!envDir || pkgDirs.length === 0) {
  console.error('usage: node bench/environment/keystroke_pair.mjs ENV_DIR PKG_DIR...');
  process.exit(2);
}
const engines = [];
for (const dir of pkgDirs) {
  const engine = await import(pathToFileURL(resolve(dir, 'puppet_wasm.js')).href);
  engine.initSync({ module: readFileSync(resolve(dir, 'puppet_wasm_bg.wasm')) });
  engines.push(engine);
}
const files = {};
for (const entry of readdirSync(envDir, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile()) continue;
  const path = join(entry.parentPath ?? entry.path, entry.name);
  files[relative(envDir, path)] = readFileSync(path, 'utf8');
}
const edited = Object.keys(files).find((p) => p.endsWith('/manifests/c1.pp'));
if (!edited) {
  console.error(`no module manifests/c1.pp under ${envDir} (bench/environment/generate.py makes one)`);
  process.exit(2);
}
let edits = 0;
const keystroke = (engine) => {
  edits++;
  const answer = engine.evaluate('', { files: { ...files, [edited]: `${files[edited]}\n# ${edits}` }, certname: 'playground' });
  if (answer.diagnostics?.some((d) => d.severity === 'error')) throw new Error(answer.diagnostics[0].message);
};
for (const engine of engines) for (let i = 0; i < 30; i++) keystroke(engine);
const times = engines.map(() => []);
for (let round = 0; round < 40; round++) {
  engines.forEach((engine, i) => {
    let calls = 0;
    const started = performance.now();
    let elapsed;
    do {
      keystroke(engine);
      calls++;
      elapsed = performance.now() - started;
    } while (elapsed < 40);
    times[i].push(elapsed / calls);
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
pkgDirs.forEach((dir, i) => {
  const ratio = median(times[i].map((t, round) => t / times[0][round]));
  console.log(JSON.stringify({ build: dir, median_ms: +median(times[i]).toFixed(3), ratio_to_first: +ratio.toFixed(3) }));
});
