// Times environment compiles with the release .wasm (web/pkg) in headless Chromium, as the page calls
// the engine: `node bench/environment/browser.mjs BIG_DIR KEYSTROKE_DIR`. For BIG_DIR (the generated
// 50-module environment), the page's whole `evaluate('', { files, certname })`; for KEYSTROKE_DIR (an
// environment of about 100 files), the same call after a one-character edit of one of its module files,
// as the page re-evaluates on a keystroke (all files handed over; the engine reuses the trees of the
// files unchanged since its last call and parses the edited one again). Medians of 11 samples; a sample repeats the call for at least 50 ms. One JSON line each.
import { createServer } from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import { basename, join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(root, 'web', 'package.json'));
const { chromium } = require('playwright-core');
const { CHROMIUM_ARGS } = await import(join(root, 'web', 'e2e', 'helpers.mjs'));

async function environment(dir) {
  const files = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath ?? entry.path, entry.name);
    files[relative(dir, path)] = await readFile(path, 'utf8');
  }
  return files;
}

const [bigDir, keystrokeDir] = process.argv.slice(2);
if (!bigDir || !keystrokeDir) {
  console.error('usage: node bench/environment/browser.mjs BIG_DIR KEYSTROKE_DIR');
  process.exit(2);
}
const big = await environment(bigDir);
const small = await environment(keystrokeDir);

const pageHtml = '<!doctype html><meta charset="utf-8"><title>environment benchmark</title>';
const server = createServer(async (req, res) => {
  const name = basename(new URL(req.url, 'http://localhost').pathname);
  if (name === '' || name === '/') return res.writeHead(200, { 'Content-Type': 'text/html' }).end(pageHtml);
  if (!['puppet_wasm.js', 'puppet_wasm_bg.wasm'].includes(name)) return res.writeHead(404).end();
  const type = name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
  res.writeHead(200, { 'Content-Type': type }).end(await readFile(join(root, 'web', 'pkg', name)));
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const results = await page.evaluate(
    async ({ big, small }) => {
      const engine = await import('/puppet_wasm.js');
      await engine.default();
      const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const time = (f) => {
        f();
        const samples = [];
        for (let s = 0; s < 11; s++) {
          let n = 0;
          const started = performance.now();
          let elapsed = 0;
          do {
            f();
            n++;
            elapsed = performance.now() - started;
          } while (elapsed < 50);
          samples.push(elapsed / 1000 / n);
        }
        return median(samples);
      };
      const options = (files) => ({ files, certname: 'playground' });
      const run = (files) => engine.evaluate('', options(files));
      const first = run(big);
      const out = [
        {
          name: 'compile the generated environment',
          files: Object.keys(big).length,
          resources: first.catalogTotal,
          error: first.diagnostics[0]?.message ?? null,
          page_seconds: time(() => run(big)),
        },
      ];
      // A keystroke: one character more in one module file, then the page's whole call.
      const edited = Object.keys(small).find((p) => p.endsWith('/manifests/c1.pp'));
      let n = 0;
      const keystroke = () => {
        n++;
        const files = { ...small, [edited]: `${small[edited]}\n# ${n}` };
        return run(files);
      };
      const once = keystroke();
      out.push({
        name: 'a keystroke in a module file, then the page call',
        files: Object.keys(small).length,
        resources: once.catalogTotal,
        error: once.diagnostics[0]?.message ?? null,
        page_seconds: time(keystroke),
      });
      return out;
    },
    { big, small },
  );
  for (const r of results) console.log(JSON.stringify(r));
} finally {
  await browser.close();
  server.close();
}
