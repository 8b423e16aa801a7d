// Whether two builds of the engine give the same results: `node bench/results_agree.mjs BEFORE_PKG AFTER_PKG
// DIR...` loads both (web/pkg-libs-like directories of wasm-bindgen's `--target web` output, with every
// function: build them with the libraries flavour) in node and calls each result-returning function on the
// same inputs: every `.pp` file under the DIRs (evaluate with and without recording, tokens, outline, lint,
// and complete/definition/references/docs/signatureHelp at three offsets), every line of their `.txt` files
// (the conformance cases: evaluate, tokens), the Hiera fixture of web/e2e (evaluate, lookup), options and
// queries of the wrong kinds (the error messages), and the generated environments /tmp/env100 and
// /tmp/env500 when present. It compares JSON.stringify of the results (key order included) and that the
// after build's hold no `undefined` and only plain objects and arrays. Prints `{ calls, diffs, bytes }`.
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [beforeDir, afterDir, ...ppRoots] = process.argv.slice(2);
async function load(dir) {
  const js = (await readdir(dir)).find((n) => n.endsWith('.js'));
  const m = await import(resolve(dir, js));
  m.initSync({ module: await readFile(resolve(dir, js.replace(/\.js$/, '_bg.wasm'))) });
  return m;
}
const A = await load(beforeDir), B = await load(afterDir);
async function walk(dir, out = []) {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) await walk(p, out); else out.push(p);
  }
  return out;
}
async function env(dir) { const f = {}; for (const p of await walk(dir)) f[relative(dir, p)] = await readFile(p, 'utf8'); return f; }
const noUndef = (v) => v === undefined ? false : (v && typeof v === 'object') ? Object.values(v).every(noUndef) && Object.getPrototypeOf(v) === (Array.isArray(v) ? Array.prototype : Object.prototype) : true;
let calls = 0, diffs = 0, bytes = 0;
function same(name, f) {
  let a, b, ea, eb;
  try { a = f(A); } catch (e) { ea = String(e); }
  try { b = f(B); } catch (e) { eb = String(e); }
  calls++;
  const sa = JSON.stringify(a) + (ea ?? ''), sb = JSON.stringify(b) + (eb ?? '');
  bytes += sa.length;
  if (sa !== sb || (eb === undefined && !noUndef(b))) { diffs++; if (diffs < 5) console.log('DIFF', name, sa.slice(0, 300), '\n   vs', sb.slice(0, 300)); }
}
const now = 1700000000000;
const pps = [];
for (const r of ppRoots) for (const p of await walk(r)) if (p.endsWith('.pp')) pps.push(p);
for (const p of pps) {
  const src = await readFile(p, 'utf8');
  for (const o of [{ now }, { now, record: true, strict: 'warning' }]) same('evaluate ' + p, (m) => m.evaluate(src, o));
  same('tokens ' + p, (m) => m.tokens(src));
  same('outline ' + p, (m) => m.outline(src));
  same('lint ' + p, (m) => m.lint(src));
  for (const off of [0, Math.floor(src.length / 3), Math.floor(src.length / 2)]) {
    same('complete ' + p, (m) => m.complete(src, off, { now }));
    same('definition ' + p, (m) => m.definition(src, 'snippet.pp', off, { now }));
    same('references ' + p, (m) => m.references(src, 'snippet.pp', off, { now }));
    same('docs ' + p, (m) => m.docs(src, 'snippet.pp', off, { now }));
    same('signatureHelp ' + p, (m) => m.signatureHelp(src, 'snippet.pp', off, { now }));
  }
}
for (const r of ppRoots) for (const p of await walk(r)) if (p.endsWith('.txt')) {
  for (const line of (await readFile(p, 'utf8')).split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    same('evaluate line ' + p, (m) => m.evaluate(line, { now, record: true }));
    same('tokens line ' + p, (m) => m.tokens(line));
  }
}
const throwing = Object.defineProperty({}, 'strict', { get() { throw new Error('boom'); } });
const proxy = new Proxy({ 'b.pp': 'notice(2)', 'a.pp': 'notice(1)' }, {});
for (const o of [5, [], 'x', null, { strict: 1 }, { files: [] }, { files: { 'a.pp': 1 } }, { files: proxy }, { files: { 'm/a.pp': 'class a {}', 'manifests/x.pp': 'include a' } }, throwing, { now: 1.5 }, { now: 2 ** 60 }, { record: 'yes' }])
  same('options ' + JSON.stringify(o), (m) => m.evaluate('notice(1)', o));
for (const o of [{ only: ['a', 1] }, { only: 'a' }, { disabled: ['arrow_alignment'] }, { rc: '--no-arrow_alignment-check' }, 7])
  same('lint options', (m) => m.lint("file { 'a':\n  ensure => present,\n  mode => '0644',\n}\n", o));
for (const q of [{ keys: 'a' }, { keys: [1] }, 3, { key: 'x', merge: 5 }])
  same('lookup query', (m) => m.lookup({ files: {} }, q));
same('limits', (m) => m.environment_limits());
const { FOLDER, GLOBAL } = await import(join(root, 'web', 'e2e', 'hiera-fixture.mjs'));
const facts = JSON.stringify({ os: { family: 'Debian' }, networking: { fqdn: 'a.example' } });
for (const files of [FOLDER, { ...FOLDER, ...GLOBAL }]) {
  same('evaluate hiera', (m) => m.evaluate('', { files, facts, now, record: true }));
  for (const q of [{ key: 'motd::message' }, { keys: ['motd::owner', 'nope'], merge: 'deep' }, { key: 'motd::owner', explain: false }])
    same('lookup', (m) => m.lookup({ files, facts, globalHiera: '@global/hiera.yaml' }, q));
}
for (const d of ['/tmp/env100', '/tmp/env500'].filter((d) => existsSync(d))) {
  const files = await env(d);
  same('evaluate ' + d, (m) => m.evaluate('', { files, certname: 'node1.example.com', now }));
  same('evaluate rec ' + d, (m) => m.evaluate('', { files, certname: 'node1.example.com', now, record: true }));
}
console.log(JSON.stringify({ calls, diffs, bytes }));
