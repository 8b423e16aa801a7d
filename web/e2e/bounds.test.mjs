// The page's bounds without a browser (issue 39): inflating under a cap, share links past their limits or with a
// broken field, .zip files that lie or climb, all-or-nothing module imports, the watchdog over every worker
// question, the dev server's paths and the graph's XML. Expected values come from the limits and the reasoning
// written beside each case.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync, strToU8, zipSync } from 'fflate';
import { inflateBounded, TooLarge } from '../src/bounded-inflate.js';
import { fileActions } from '../src/file-actions.js';
import { planFolder } from '../src/folder.js';
import { entriesFromZip, ZIP_LIMITS } from '../src/folder-read.js';
import { xmlSafe } from '../src/graph/xml-safe.js';
import { decodeLocation, DEFAULT_SETTINGS, encodeFragment, LINK_LIMITS } from '../src/share.js';
import { DEFAULT_LIMITS, Workspace } from '../src/workspace.js';
import { listZip, ZipRefused } from '../src/zip-read.js';
import { headersFor, sitePath } from '../scripts/serve.mjs';

const MIB = 1024 * 1024;
const base64url = (bytes) => Buffer.from(bytes).toString('base64url');
/** A raw-DEFLATE bomb: `size` zero bytes compress about 1,000 to 1. */
const bomb = (size) => deflateSync(new Uint8Array(size), { level: 9 });
const at = (hash) => ({ search: '', hash });

test('inflating under a cap: a bomb stops just past the cap, data within it comes back whole, a cut stream fails', () => {
  const cap = 1 * MIB;
  assert.throws(() => inflateBounded(bomb(64 * MIB), cap), (error) => error instanceof TooLarge && error.limit === cap);
  const text = strToU8('class a { notify { "x": } }\n'.repeat(1000));
  assert.deepEqual(inflateBounded(deflateSync(text), text.length), text, 'exactly at the cap is within it');
  assert.throws(() => inflateBounded(deflateSync(text), text.length - 1), TooLarge);
  assert.throws(() => inflateBounded(deflateSync(text).subarray(0, 20), cap), /unexpected EOF/);
  assert.throws(() => inflateBounded(new Uint8Array(0), cap), /no compressed data/);
});

test('a link whose text unpacks past 8 MiB (the environment\'s limit) is refused with a message, whichever field holds it', () => {
  // 17 MiB of zeros is past 8 MiB whether it is the code, a v2 environment's JSON or the facts.
  const big = base64url(bomb(17 * MIB));
  for (const hash of [`#v1/${big}`, `#v2/${big}`, `#v1/MwQA;facts=${big}`]) {
    const started = performance.now();
    const opened = decodeLocation(at(hash));
    assert.equal(opened.error, 'its text unpacks to more than 8 MiB, the most a link opens', hash.slice(0, 12));
    assert.ok(performance.now() - started < 5000, 'it stops at the cap, not at the end of the data');
  }
  // The code and the facts share the 8 MiB: 5 MiB of code and 5 MiB of facts are past it together.
  const code = base64url(deflateSync(strToU8('#'.repeat(5 * MIB))));
  const facts = base64url(deflateSync(strToU8(`{"a":"${'x'.repeat(5 * MIB)}"}`)));
  assert.match(decodeLocation(at(`#v1/${code};facts=${facts}`)).error, /more than 8 MiB/);
  assert.equal(decodeLocation(at(`#v1/${code}`)).code.length, 5 * MIB, 'alone, 5 MiB of code opens');
  // The case: a 13.8 KB link of 10 MB of code (it froze the tab for 5 s at 1.3 GB).
  const tenMegabytes = base64url(deflateSync(strToU8('notice(1)\n'.repeat(1_000_000)), { level: 9 }));
  assert.ok(tenMegabytes.length < 40_000, `a small link (${tenMegabytes.length} characters)`);
  assert.match(decodeLocation(at(`#v1/${tenMegabytes}`)).error, /more than 8 MiB/);
});

test('a link with more than 20,000 files and folders is refused; 20,000 open', () => {
  const environment = (count) => ({ files: Object.fromEntries(Array.from({ length: count }, (_, i) => [`f/${i}.pp`, ''])) });
  assert.equal(LINK_LIMITS.maxFiles, 20_000);
  const withFolder = encodeFragment('', DEFAULT_SETTINGS, { ...environment(20_000), folders: ['empty'] });
  assert.equal(decodeLocation(at(`#${withFolder}`)).error, 'it holds 20,001 files and folders; a link opens at most 20,000');
  assert.equal(Object.keys(decodeLocation(at(`#${encodeFragment('', DEFAULT_SETTINGS, environment(20_000))}`)).files).length, 20_000);
});

test('a link field that cannot be used keeps its default, says so, and the rest of the link opens (?code=x&facts=@@@@)', () => {
  const query = decodeLocation({ search: '?code=x&facts=@@@@', hash: '' });
  assert.equal(query.code, 'x');
  assert.equal(query.settings.facts, DEFAULT_SETTINGS.facts);
  assert.deepEqual(query.problems, ['its facts could not be read (it is not base64url): the default facts are used']);
  const fragment = decodeLocation(at('#v1/MwQA;facts=@@@@;strict=loose;log=trace;lint=maybe;certname=Web01'));
  assert.equal(encodeFragment('1'), 'v1/MwQA');
  assert.equal(fragment.code, '1');
  assert.deepEqual(fragment.problems, [
    "its strict setting 'loose' is not error, warning or off: error is used",
    'its facts could not be read (it is not base64url): the default facts are used',
    'its certname could not be used (Certificate names must be lower case): web01.example.com is used',
    "its log level 'trace' is not notice, info or debug: notice is used",
    "its lint setting 'maybe' is not off: the page lints",
  ]);
  assert.deepEqual(
    { strict: fragment.settings.strict, log: fragment.settings.log, lint: fragment.settings.lint, certname: fragment.settings.certname },
    { strict: 'error', log: 'notice', lint: true, certname: 'web01.example.com' },
  );
  // Facts that are valid DEFLATE but cut short, and a certname that is not URI-encoded.
  const cut = base64url(deflateSync(strToU8('{"fqdn": "db01"}')).subarray(0, 5));
  assert.match(decodeLocation(at(`#v1/MwQA;facts=${cut};certname=%E0%A4%A`)).problems.join('\n'), /facts could not be read \(unexpected EOF\)[^]*certname could not be used \(not URI-encoded\)/);
  // A well-formed link has no problems.
  assert.deepEqual(decodeLocation(at(`#${encodeFragment('1', { ...DEFAULT_SETTINGS, strict: 'off' })}`)).problems, []);
});

/** A .zip (fflate's zipSync) whose central directory declares `declared` bytes for its entry `name`. */
function withDeclaredSize(zip, name, declared) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let offset = 0; offset + 46 < zip.length; offset += 1) {
    if (view.getUint32(offset, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(offset + 28, true);
    if (Buffer.from(zip.subarray(offset + 46, offset + 46 + nameLength)).toString() === name) view.setUint32(offset + 24, declared, true);
  }
  return zip;
}

/** Entries whose reads are counted: `{ entries, inflated() }`. */
function counted(entries) {
  let total = 0;
  return {
    entries: entries.map((entry) => ({ ...entry, read: async () => {
      const data = await entry.read();
      total += data.length;
      return data;
    } })),
    inflated: () => total,
  };
}

test('a .zip entry that inflates past the size it declares is refused as it inflates', async () => {
  // 4 MiB of zeros declared as 100 bytes: the old reader gave it a 100-byte buffer and inflated on; this one stops.
  const zip = withDeclaredSize(zipSync({ 'manifests/site.pp': new Uint8Array(4 * MIB) }), 'manifests/site.pp', 100);
  const { entries, inflated } = counted(entriesFromZip(zip));
  await assert.rejects(planFolder(entries, { name: 'liar' }), (error) => {
    assert.ok(error instanceof ZipRefused);
    assert.equal(error.message, 'manifests/site.pp unpacks to more than the 100 bytes it declares: the .zip is damaged or made to exhaust memory');
    return true;
  });
  assert.equal(inflated(), 0);
});

test('a zip bomb of many large entries: the plan reads only what fits in 8 MiB, and says what it left out', async () => {
  // 40 entries of 1 MiB each (a 45 KB .zip): before, every one was inflated at the first read (40 MiB).
  const zip = zipSync(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`data/f${String(i).padStart(2, '0')}.yaml`, new Uint8Array(MIB).fill(32)])));
  assert.ok(zip.length < 100_000);
  const { entries, inflated } = counted(entriesFromZip(zip));
  const plan = await planFolder(entries, { name: 'bomb' });
  assert.equal(Object.keys(plan.files).length, 8, '8 MiB holds eight of them');
  assert.equal(plan.leftOut.length, 32);
  assert.equal(plan.leftOut[0].reason, 'it would take the environment past 8 MiB');
  assert.equal(inflated(), 8 * MIB);
});

test('a .zip of entries that read as binary stops at the reader\'s running total (twice the environment, 16 MiB)', async () => {
  // Each entry has a NUL byte, so the plan skips it after reading and keeps going: the reader's total stops it.
  const zip = zipSync(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`manifests/f${i}.pp`, new Uint8Array(MIB)])));
  const { entries, inflated } = counted(entriesFromZip(zip, { maxInflated: 2 * DEFAULT_LIMITS.maxTotalBytes }));
  await assert.rejects(planFolder(entries, { name: 'nul' }), { name: 'ZipRefused', message: 'its files unpack to more than 16 MiB' });
  assert.equal(inflated(), 16 * MIB);
});

test('a .zip whose names climb out of the folder or are absolute is refused before anything is inflated', () => {
  for (const name of ['../evil.pp', 'a/../../evil.pp', '/etc/passwd', 'C:/x.pp', 'a\\..\\..\\evil.pp']) {
    const zip = zipSync({ 'manifests/site.pp': strToU8('1'), [name]: strToU8('2') });
    assert.throws(() => entriesFromZip(zip), ZipRefused, name);
  }
  assert.throws(() => entriesFromZip(zipSync({ [`${'a/'.repeat(70)}x`]: strToU8('') })), /nested deeper than 64 levels/);
});

test('a .zip listing more than 20,000 entries is refused from its directory alone', () => {
  const zip = zipSync(Object.fromEntries(Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => [`${i}`, new Uint8Array(0)])));
  assert.throws(() => listZip(zip, { maxEntries: ZIP_LIMITS.maxEntries }), { message: 'it holds 20,001 entries; the playground opens at most 20,000' });
  assert.equal(listZip(zip, { maxEntries: 20_001 }).length, 20_001);
  assert.throws(() => entriesFromZip(new Uint8Array(100)), /not a \.zip the playground can read/);
});

test('names the environment cannot hold are left out with why, not half-applied', async () => {
  const zip = zipSync({ 'manifests/site.pp': strToU8('1'), 'manifests/ bad.pp': strToU8('2'), 'manifests/c\u0001.pp': strToU8('3') });
  const plan = await planFolder(entriesFromZip(zip), { name: 'names' });
  assert.deepEqual(Object.keys(plan.files), ['manifests/site.pp']);
  assert.deepEqual(plan.leftOut.map((l) => l.reason).sort(), [
    'its name is refused: a name cannot hold control characters',
    'its name is refused: a name cannot start or end with a space',
  ]);
});

test('a module import refused on one of its paths changes nothing: the module it replaces keeps its files', () => {
  const workspace = new Workspace({ snippet: 'include app', files: { 'modules/app/manifests/old.pp': 'class app::old {}', 'manifests/site.pp': '' } });
  const before = workspace.toData();
  const page = {
    workspace: () => workspace,
    editor: { path: 'snippet.pp', drop() {}, replace() {} },
    limits: () => DEFAULT_LIMITS,
    openFile() {},
    runNow() {},
    named() {},
    filesPane: () => ({ expand() {} }),
  };
  // The second file would need init.pp to be a folder: refused, after the first was added and app's files removed.
  const plan = {
    kind: 'module',
    moduleName: 'app',
    prefix: 'modules/app/',
    files: { 'modules/app/manifests/init.pp': 'class app {}', 'modules/app/manifests/init.pp/x.pp': '' },
    folders: [],
  };
  assert.throws(() => fileActions(page).apply(plan), /modules\/app\/manifests\/init\.pp is a file, not a folder/);
  assert.deepEqual(workspace.toData(), before);
});

/** A stand-in for the browser's Worker: records what the page posts, and lets the test answer. */
class FakeWorker {
  static made = [];
  constructor() {
    this.posted = [];
    this.terminated = false;
    FakeWorker.made.push(this);
  }
  postMessage(message) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  say(data) {
    this.onmessage?.({ data });
  }
}

test('every worker question is under the watchdog: one that never answers, or traps, restarts the worker and says which', async () => {
  globalThis.Worker = FakeWorker;
  const { Engine } = await import('../src/engine.js');
  const restarts = [];
  const crashes = [];
  const engine = new Engine({ onRestart: (...args) => restarts.push(args), onCrash: (...args) => crashes.push(args) }, { watchdogMs: 50 });
  const first = FakeWorker.made.at(-1);
  first.say({ type: 'ready', version: 'test' });
  // The Graph pane's compile: the worker starts on it and never answers.
  const graph = engine.ask('graph', { source: 'x' }, { failures: true });
  const asked = first.posted.at(-1);
  assert.equal(asked.type, 'graph');
  first.say({ type: 'asking', id: asked.id });
  assert.deepEqual(await graph, { failed: 'timeout' });
  assert.ok(first.terminated, 'the stuck worker is terminated');
  assert.equal(restarts.length, 1);
  const [reason, elapsed, id, kind] = restarts[0];
  assert.deepEqual([reason, id, kind], ['timeout', asked.id, 'graph']);
  assert.ok(elapsed >= 40, `the watchdog waited (${elapsed} ms)`);
  // The restarted worker: a question waiting behind a run is not timed until the worker starts on it.
  const second = FakeWorker.made.at(-1);
  assert.notEqual(second, first);
  second.say({ type: 'ready', version: 'test' });
  const hover = engine.ask('docs', { source: 'x' });
  await new Promise((resolve) => setTimeout(resolve, 120));
  assert.equal(restarts.length, 1, 'no watchdog before "asking"');
  const docs = second.posted.at(-1);
  second.say({ type: 'answer', id: docs.id, answer: { text: 'ok' } });
  assert.deepEqual(await hover, { text: 'ok' });
  // A trap in a question (a wasm RuntimeError, a stack overflow): the worker is restarted, the question gets null.
  const outline = engine.ask('outline', { source: 'x' });
  const outlined = second.posted.at(-1);
  second.say({ type: 'asking', id: outlined.id });
  second.say({ type: 'crash', id: outlined.id, message: 'unreachable' });
  assert.equal(await outline, null);
  assert.ok(second.terminated);
  assert.deepEqual(crashes.at(-1), ['unreachable', outlined.id, false]);
  const [again, , againId, againKind] = restarts.at(-1);
  assert.deepEqual([again, againId, againKind], ['crashed', outlined.id, 'outline']);
  engine.worker.terminate();
  delete globalThis.Worker;
});

test('the dev server decodes a path once, then refuses one that climbs, instead of serving the playground as the embed', () => {
  assert.deepEqual(sitePath('/embed/x/..%2f..%2f/'), { refused: 'the path has . or .. segments' });
  assert.deepEqual(sitePath('/embed/%2e%2e/index.html'), { refused: 'the path has . or .. segments' });
  assert.deepEqual(sitePath('/embed/..%5c..%5cindex.html'), { refused: 'the path holds a backslash or a NUL' });
  assert.deepEqual(sitePath('/%E0%A4%A'), { refused: 'the path is not URI-encoded' });
  assert.deepEqual(sitePath('/embed/'), { path: '/embed/index.html' });
  assert.deepEqual(sitePath('/embed//index.html'), { path: '/embed/index.html' });
  assert.deepEqual(sitePath('/'), { path: '/index.html' });
  // The headers are the served file's: only the embed may be framed.
  assert.match(headersFor(sitePath('/embed/').path)['Content-Security-Policy'], /frame-ancestors \*/);
  assert.match(headersFor(sitePath('/').path)['Content-Security-Policy'], /frame-ancestors 'none'/);
});

test('text for the graph\'s .svg: control characters become their pictures, other characters XML refuses U+FFFD', () => {
  assert.equal(xmlSafe('Notify[a\u0001b\u001f]'), 'Notify[a\u2401b\u241f]');
  assert.equal(xmlSafe('tab\tnew\nline\rok'), 'tab\tnew\nline\rok');
  assert.equal(xmlSafe('\ufffe\uffff'), '\ufffd\ufffd');
  assert.equal(xmlSafe('lone \ud800 and \udc00; pair \ud83d\ude00'), 'lone \ufffd and \ufffd; pair \ud83d\ude00');
  assert.equal(xmlSafe('\u0000'), '\u2400');
});
