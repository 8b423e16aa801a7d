// Times the light wasm engine, the one every visit runs (web/pkg, built by scripts/build-wasm.sh) on the workloads in headless
// Chromium: `node bench/browser_bench.mjs [--parse DIR] FILE.pp...`; one JSON line per workload:
// `seconds` is the engine alone (`evaluate_only`, what the native figure measures), `page_seconds`
// the page's whole call (`evaluate`: the engine plus the result's texts, types and JS objects).
// Each figure is the median of 11 samples; a sample repeats the workload for at least 50 ms, so
// that the browser's coarse timer does not matter. Run by bench/puppet_compare.rb (make bench).
import { createServer } from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import { basename, join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'web', 'package.json'));
const { chromium } = require('playwright-core');
const { CHROMIUM_ARGS } = await import(join(root, 'web', 'e2e', 'helpers.mjs'));

async function manifests(dir) {
  const out = [];
  for (const entry of (await readdir(dir, { withFileTypes: true, recursive: true })).sort()) {
    if (entry.isFile() && entry.name.endsWith('.pp')) out.push(join(entry.parentPath ?? entry.path, entry.name));
  }
  return out.sort();
}

const args = process.argv.slice(2);
let parseDir = null;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--parse') parseDir = args[++i];
  else files.push(args[i]);
}
const workloads = await Promise.all(files.map(async (f) => ({ name: basename(f, '.pp'), src: await readFile(f, 'utf8') })));
const parseSources = parseDir ? await Promise.all((await manifests(parseDir)).map((f) => readFile(f, 'utf8'))) : [];

// The page: the engine's JS bindings and .wasm from web/pkg, nothing else.
const page_html = '<!doctype html><meta charset="utf-8"><title>puppet-core wasm benchmark</title>';
const server = createServer(async (req, res) => {
  const path = new URL(req.url, 'http://localhost').pathname;
  if (path === '/') return res.writeHead(200, { 'Content-Type': 'text/html' }).end(page_html);
  const name = basename(path);
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
    async ({ workloads, parseSources }) => {
      const engine = await import('/puppet_wasm.js');
      await engine.default();
      const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const time = (f) => {
        f(); // warm-up
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
      const out = [];
      for (const { name, src } of workloads) {
        const outcome = engine.evaluate(src);
        out.push({
          name,
          seconds: time(() => engine.evaluate_only(src)),
          page_seconds: time(() => engine.evaluate(src)),
          value: outcome.value ?? `error: ${outcome.diagnostics[0]?.message}`,
        });
      }
      if (parseSources.length) {
        // The engine's parse of UTF-8 text (as the native runner parses files already read), and the
        // same with each JS string encoded to UTF-8 first (what passing the page's text costs on top).
        const encoder = new TextEncoder();
        const encoded = parseSources.map((s) => encoder.encode(s));
        const bytes = encoded.reduce((n, b) => n + b.length, 0);
        out.push({
          name: 'parse',
          seconds: time(() => encoded.forEach((b) => engine.syntax_errors(b))),
          page_seconds: time(() => parseSources.forEach((s) => engine.syntax_errors(encoder.encode(s)))),
          bytes,
        });
      }
      return out;
    },
    { workloads, parseSources },
  );
  for (const r of results) console.log(JSON.stringify(r));
} finally {
  await browser.close();
  server.close();
}
