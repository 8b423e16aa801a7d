// The shipped .wasm (web/pkg: built by scripts/build-wasm.sh with the pinned nightly's rebuilt
// standard library, immediate-abort panics and wasm-opt's passes) against the same facade compiled
// natively, on every conformance case: `evaluate(src)` must return the same object, field for field
// (value, types, logs, diagnostics with their positions, inline results, catalog). The native engine
// is held to real Puppet's goldens by the Rust tests; this holds the release build to the native one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function conformanceCases() {
  const cases = [];
  for (const folder of ['golden', 'golden-catalog']) {
    const dir = join(root, 'tests', 'conformance', folder);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        if (line.trim()) {
          const { id, src } = JSON.parse(line);
          cases.push({ id: `${folder}/${id}`, src });
        }
      }
    }
  }
  return cases;
}

/** `undefined` (serde-wasm-bindgen's None) as null (serde_json's), through a JSON round trip. */
const plain = (value) => JSON.parse(JSON.stringify(value, (_, v) => (v === undefined ? null : v)));

test('the release .wasm returns what the native facade returns on every conformance case', async () => {
  const { initSync, evaluate } = await import(join(root, 'web', 'pkg', 'puppet_wasm.js'));
  initSync({ module: readFileSync(join(root, 'web', 'pkg', 'puppet_wasm_bg.wasm')) });
  const cases = conformanceCases();
  assert.ok(cases.length > 6000, `only ${cases.length} cases found`);
  const input = `${cases.map((c) => JSON.stringify({ id: c.id, src: c.src })).join('\n')}\n`;
  const native = execFileSync('cargo', ['run', '-q', '-p', 'puppet-wasm', '--example', 'outcomes'], {
    cwd: root,
    input,
    maxBuffer: 1 << 30,
  })
    .toString()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  assert.equal(native.length, cases.length);
  const differ = [];
  for (const [i, c] of cases.entries()) {
    const ours = plain(evaluate(c.src, undefined));
    try {
      assert.deepStrictEqual(ours, native[i]);
    } catch {
      differ.push(`${c.id}: ${JSON.stringify(ours).slice(0, 300)}\n  native: ${JSON.stringify(native[i]).slice(0, 300)}`);
    }
  }
  assert.equal(differ.length, 0, `${differ.length} cases differ:\n${differ.slice(0, 20).join('\n')}`);
});
