// Print the built site's sizes: the three .wasm engines raw and gzipped (the light one every visit loads, the full one
// loaded for YAML, the libraries one for HOCON and Ruby's URI), the page's JavaScript gzipped (the figures in the README), and the Graph pane's code with its
// layout library, and the fact presets, which must stay out of the first load (index.html must not name them).
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join, resolve, dirname } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const assets = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets');
const files = await readdir(assets);
const sizes = async (pattern) => {
  let raw = 0;
  let gz = 0;
  for (const file of files.filter((f) => pattern.test(f))) {
    const bytes = await readFile(join(assets, file));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gz };
};
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const light = await sizes(/^puppet_wasm_bg-.*\.wasm$/);
const full = await sizes(/^puppet_wasm_full_bg-.*\.wasm$/);
const libs = await sizes(/^puppet_wasm_libs_bg-.*\.wasm$/);
const js = await sizes(/^(?!graph-view-|graph-layout-worker-).*\.js$/);
const css = await sizes(/\.css$/);
console.log(
  `site built in web/dist: light wasm ${kb(light.raw)} raw, ${kb(light.gz)} gzipped (loaded first); ` +
    `full wasm ${kb(full.raw)} raw, ${kb(full.gz)} gzipped (loaded for YAML); ` +
    `libraries wasm ${kb(libs.raw)} raw, ${kb(libs.gz)} gzipped (loaded for HOCON and Ruby's URI); ` +
    `JavaScript ${kb(js.raw)} raw, ${kb(js.gz)} gzipped; CSS ${kb(css.gz)} gzipped`,
);

const index = await readFile(join(assets, '..', 'index.html'), 'utf8');

// Every engine is there, and only the light one is named by the first load.
const lazyNamed = files.filter((f) => /^puppet_wasm_(full|libs)_bg-.*\.wasm$/.test(f) && index.includes(f));
if (!light.raw || !full.raw || !libs.raw || lazyNamed.length) {
  console.error(lazyNamed.length ? `index.html loads a lazy engine: ${lazyNamed}` : 'an engine is missing from the site');
  process.exitCode = 1;
}

// The Graph pane's chunks (its view and the dagre layout worker): fetched when the pane opens, never before.
const graph = await sizes(/^(graph-view|graph-layout-worker)-.*\.js$/);
const named = files.filter((f) => /^(graph-view|graph-layout-worker)-.*\.js$/.test(f) && index.includes(f));
console.log(`Graph pane (view and dagre layout worker): ${kb(graph.raw)} raw, ${kb(graph.gz)} gzipped, not in the first load`);
if (graph.raw === 0 || named.length) {
  console.error(graph.raw === 0 ? 'the Graph pane chunks are missing' : `index.html loads the Graph pane chunks: ${named}`);
  process.exitCode = 1;
}

// The fact presets (facts/presets/*.json and their index.json): assets the Facts pane fetches when one is chosen.
const presets = await sizes(/\.json$/);
const presetFiles = files.filter((f) => /\.json$/.test(f));
console.log(`Fact presets (${presetFiles.length} files with their index): ${kb(presets.raw)} raw, ${kb(presets.gz)} gzipped, not in the first load`);
const presetsNamed = presetFiles.filter((f) => index.includes(f));
if (presets.raw === 0 || presetsNamed.length) {
  console.error(presets.raw === 0 ? 'the fact presets are missing' : `index.html loads fact presets: ${presetsNamed}`);
  process.exitCode = 1;
}
