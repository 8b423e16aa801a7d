// The engine as an npm package (`make npm`): the packed tarball installs as an ES module that works
// from a plain <script type="module"> with no build step, from a bundler (Vite), and in Node; its
// TypeScript declarations type what `evaluate` takes and answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS } from './helpers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const npmDir = resolve(here, '..', '..', 'target', 'npm');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

let scratch;
let browser;
let server;
let baseUrl;

/** Serve `scratch` as static files (what any web server does with an installed package). */
function serve(root) {
  return createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
}

before(async () => {
  const tarball = readdirSync(npmDir).find((name) => name.endsWith('.tgz'));
  assert.ok(tarball, `no tarball under ${npmDir}: run 'make npm'`);
  scratch = mkdtempSync(join(tmpdir(), 'npm-package-'));
  const installed = join(scratch, 'node_modules', 'puppet-playground-engine');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', join(npmDir, tarball), '-C', installed, '--strip-components=1']);
  server = serve(scratch);
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await new Promise((done) => (server ? server.close(done) : done()));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Open `url` and wait for the page to publish `window.answer`. */
async function answerOf(url) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.waitForFunction(() => window.answer !== undefined, null, { timeout: 20000 });
  const answer = await page.evaluate(() => window.answer);
  await page.close();
  assert.deepEqual(errors, []);
  return answer;
}

const PROGRAM = `
  await init();
  const outcome = evaluate('1 + 2 * 3');
  const logged = evaluate("notice('hi')");
  window.answer = { value: outcome.value, type: outcome.type, log: logged.logs[0].message };
`;

test('a plain <script type="module"> imports the package with no build step', async () => {
  writeFileSync(
    join(scratch, 'index.html'),
    `<!doctype html><script type="module">
      import init, { evaluate } from './node_modules/puppet-playground-engine/puppet_engine.js';
      ${PROGRAM}
    </script>`,
  );
  assert.deepEqual(await answerOf(baseUrl), { value: '7', type: 'Integer[7, 7]', log: 'hi' });
});

test('a bundler (Vite) resolves the package by its name and bundles its .wasm', async () => {
  const app = join(scratch, 'app');
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
  writeFileSync(join(app, 'main.js'), `import init, { evaluate } from 'puppet-playground-engine';\n${PROGRAM}`);
  await build({ root: app, logLevel: 'silent', base: './', build: { outDir: join(scratch, 'bundled'), target: 'esnext' } });
  const assets = readdirSync(join(scratch, 'bundled', 'assets'));
  assert.ok(assets.some((name) => name.endsWith('.wasm')), `the .wasm is among the bundle's assets: ${assets}`);
  assert.deepEqual(await answerOf(`${baseUrl}bundled/index.html`), { value: '7', type: 'Integer[7, 7]', log: 'hi' });
});

test('Node imports the package and initialises it from the .wasm bytes', async () => {
  const dir = join(scratch, 'node_modules', 'puppet-playground-engine');
  const engine = await import(pathToFileURL(join(dir, 'puppet_engine.js')).href);
  await engine.default({ module_or_path: readFileSync(join(dir, 'puppet_engine_bg.wasm')) });
  assert.equal(engine.evaluate('1 + 2 * 3').value, '7');
  const hiera = engine.lookup(
    { files: { 'hiera.yaml': 'version: 5\n', 'data/common.yaml': 'a: 1\n' } },
    { key: 'a', explain: false },
  );
  assert.equal(hiera.value, '1');
  // The package's engine is the page's libraries engine: HOCON and Ruby's URI are read, never handed over.
  // OpenVox 8.28.1 with stdlib 9.7.0 (env_oracle.rb): {'a' => {'b' => 1}}; Ruby 3.1: 'example.com'.
  assert.equal(engine.evaluate("stdlib::parsehocon('a { b = 1 }')").value, "{'a' => {'b' => 1}}");
  assert.equal(engine.evaluate("inline_template('<%= URI.parse(\"http://example.com:8080/x\").host %>')").value, "'example.com'");
});

test('setPulse: a long run calls the function now and then; one that throws, unsets itself or calls the engine back is harmless', async () => {
  const dir = join(scratch, 'node_modules', 'puppet-playground-engine');
  const engine = await import(pathToFileURL(join(dir, 'puppet_engine.js')).href);
  await engine.default({ module_or_path: readFileSync(join(dir, 'puppet_engine_bg.wasm')) });
  // Four million iterations of loops, each one to three steps (one call every 65,536 steps: 61 to 183 calls),
  // and a program too short for any.
  const long = 'Integer[1, 2000].each |$j| { Integer[1, 2000].each |$i| { } }';
  let beats = 0;
  engine.setPulse(() => beats++);
  assert.equal(engine.evaluate('[1, 2].map |$x| { $x * 2 }').value, '[2, 4]');
  assert.equal(beats, 0);
  assert.equal(engine.evaluate(long).value, 'Integer[1, 2000]');
  assert.ok(beats >= 61 && beats <= 183, `${beats} calls`);
  engine.setPulse(() => {
    throw new Error('a watchdog that fails');
  });
  assert.equal(engine.evaluate(long).value, 'Integer[1, 2000]');
  let unset = 0;
  engine.setPulse(() => {
    unset++;
    engine.setPulse(null);
  });
  assert.equal(engine.evaluate(long).value, 'Integer[1, 2000]');
  assert.equal(unset, 1);
  let inner;
  engine.setPulse(() => {
    inner ??= engine.evaluate('1 + 1').value;
  });
  assert.equal(engine.evaluate(long).value, 'Integer[1, 2000]');
  assert.equal(inner, '2');
  engine.setPulse();
  assert.equal(engine.evaluate('6 * 7').value, '42');
});

test('the TypeScript declarations type the options and the answers', () => {
  const dir = join(scratch, 'node_modules', 'puppet-playground-engine');
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  assert.equal(manifest.type, 'module');
  assert.equal(manifest.types, 'puppet_engine.d.ts');
  const types = readFileSync(join(dir, manifest.types), 'utf8');
  assert.match(types, /export function evaluate\(source: string, options\?: EvaluateOptions\): Outcome \| NeedsFullEngine;/);
  assert.match(types, /export type Outcome = \{/);
  assert.match(types, /facts\?: string,/);
  assert.match(types, /export function setPulse\(callback\?: \(\(\) => void\) \| null\): void;/);
  assert.match(types, /export default function __wbg_init/);
  assert.match(readFileSync(join(dir, 'README.md'), 'utf8'), /evaluate\('1 \+ 2 \* 3'\)\.value; \/\/ '7'/);
});
