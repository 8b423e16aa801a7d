// The shipped .wasm engines (built by scripts/build-wasm.sh with the pinned nightly's rebuilt
// standard library, immediate-abort panics and wasm-opt's passes) against the same facade compiled
// natively: `evaluate(src, options)` must return the same object, field for field (value, types,
// logs, diagnostics with their positions, inline results, catalog). The light engine (web/pkg, what
// the page loads first) on every conformance case, the full one (web/pkg-full, loaded for YAML) on
// a sample of them and on the Hiera goldens, which the light one must hand over to the full one
// exactly when the worker's rule (src/engines.js) says so; the libraries one (web/pkg-libs) on
// another sample and on the HOCON and URI cases, which the full one hands over to it. The native engine is held to real
// Puppet's goldens by the Rust tests; this holds the release builds to the native one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { needsFullEngine } from '../src/engines.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The compile's current time both sides are given (2023-11-14T22:13:20Z, in milliseconds). */
const FIXED_NOW = 1_700_000_000_000;

function conformanceCases() {
  const cases = [];
  for (const folder of ['golden', 'golden-catalog']) {
    const dir = join(root, 'tests', 'conformance', folder);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        if (line.trim()) {
          const { id, src } = JSON.parse(line);
          // One fixed "now" on both sides, for the cases that read the clock (`Timestamp()`).
          cases.push({ id: `${folder}/${id}`, src, options: { now: FIXED_NOW } });
        }
      }
    }
  }
  return cases;
}

/** The Hiera goldens' program cases (explain.jsonl asks `puppet lookup`, the Lookup pane's test),
 * with the options the page would send: files sorted by path, the global layer as the CLI's protocol
 * places it (`@global/hiera.yaml`, its data beside it), facts as JSON text. */
function hieraCases() {
  const dir = join(root, 'tests', 'conformance', 'golden-hiera');
  const cases = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl') && f !== 'explain.jsonl').sort()) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n').filter((l) => l.trim())) {
      const golden = JSON.parse(line);
      const files = { ...golden.files };
      if (golden.global_hiera != null) files['@global/hiera.yaml'] = golden.global_hiera;
      for (const [path, text] of Object.entries(golden.global_data ?? {})) {
        files[`@global/${path}`] = typeof text === 'string' ? text : JSON.stringify(text);
      }
      const global = golden.global_hiera != null || golden.global_data != null;
      const options = {
        files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
        ...(golden.facts ? { facts: JSON.stringify(golden.facts) } : {}),
        ...(global ? { globalHiera: '@global/hiera.yaml' } : {}),
      };
      cases.push({ id: `golden-hiera/${golden.id}`, src: golden.src, options });
    }
  }
  return cases;
}

/**
 * What only the libraries engine reads: stdlib 9's HOCON goldens (golden-stdlib9/hocon.jsonl), and every
 * expression of the Ruby interpreter's cases that names URI (core/tests/ruby/cases.txt), in an inline
 * template as core/tests/ruby_core_methods.rs runs it (the value's inspect, or the error raised).
 */
function librariesCases() {
  const hocon = readFileSync(join(root, 'tests', 'conformance', 'golden-stdlib9', 'hocon.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const { id, src } = JSON.parse(line);
      return { id, src, options: { now: FIXED_NOW } };
    });
  const uri = readFileSync(join(root, 'core', 'tests', 'ruby', 'cases.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.includes('URI') && !line.startsWith('#'))
    .map((expr, i) => {
      const template = `<% __e = nil; __v = begin\n${expr}\nrescue => __x\n__e = __x\nend %><%= __e ? "raised " + __e.class.to_s + ": " + __e.message : __v.inspect %>`;
      const quoted = template.replaceAll('\\', '\\\\').replaceAll("'", "\\'");
      return { id: `ruby-uri/${i + 1}`, src: `inline_template('${quoted}')`, options: { now: FIXED_NOW } };
    });
  return [...hocon, ...uri];
}

/** The result through a JSON round trip (`undefined` as null), as the native program's serde_json prints it. */
const plain = (value) => JSON.parse(JSON.stringify(value, (_, v) => (v === undefined ? null : v)));

/** The native facade's program (wasm/examples/outcomes.rs) as the workspace's test build made it
 * (`make test` has built it by then: asking cargo costs a second). `cargo run -p puppet-wasm` would
 * compile the whole core once more: one package's features are not the workspace's. */
let outcomesPath;
function outcomesProgram() {
  outcomesPath ??= findOutcomesProgram();
  return outcomesPath;
}

function findOutcomesProgram() {
  const messages = execFileSync('cargo', ['test', '--workspace', '--no-run', '--message-format=json', '-q'], {
    cwd: root,
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for (const line of messages.toString().split('\n')) {
    if (!line.includes('"outcomes"')) continue;
    const message = JSON.parse(line);
    if (message.reason === 'compiler-artifact' && message.target?.name === 'outcomes' && message.executable) {
      return message.executable;
    }
  }
  throw new Error('the workspace build made no outcomes example');
}

/** The native facade's answers to `cases`, in order. */
function nativeOutcomes(cases) {
  const input = `${cases.map((c) => JSON.stringify({ id: c.id, src: c.src, ...(c.options ? { options: c.options } : {}) })).join('\n')}\n`;
  const native = execFileSync(outcomesProgram(), [], {
    cwd: root,
    input,
    maxBuffer: 1 << 30,
  })
    .toString()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  assert.equal(native.length, cases.length);
  return native;
}

/**
 * What the light engine answers of what the native (full-featured) facade answers: everything but the
 * full engine's own fields (`graph` for the Graph pane, `recorded` for hover: feature `ide`, which the page
 * asks the full engine for).
 */
function lightView(outcome) {
  if (!outcome || typeof outcome !== 'object' || outcome.needsFullEngine) return outcome;
  const { graph, recorded, ...rest } = outcome;
  return rest;
}

/** An engine of web/`dir`, instantiated in this process. */
async function loadEngine(dir, name) {
  const engine = await import(join(root, 'web', dir, `${name}.js`));
  engine.initSync({ module: readFileSync(join(root, 'web', dir, `${name}_bg.wasm`)) });
  return engine;
}

/** The cases where `engine` answers other than `expected(case, i)`, described. */
function differences(engine, cases, expected) {
  const differ = [];
  for (const [i, c] of cases.entries()) {
    const ours = plain(engine.evaluate(c.src, c.options));
    try {
      assert.deepStrictEqual(ours, expected(c, i));
    } catch {
      differ.push(`${c.id}: ${JSON.stringify(ours).slice(0, 300)}\n  expected: ${JSON.stringify(expected(c, i)).slice(0, 300)}`);
    }
  }
  return differ;
}

test('the light release .wasm returns what the native facade returns on every conformance case', async () => {
  const light = await loadEngine('pkg', 'puppet_wasm');
  assert.equal(light.has_yaml(), false);
  assert.equal(typeof light.lookup, 'undefined', 'the light engine has no lookup');
  const cases = conformanceCases();
  assert.ok(cases.length > 6000, `only ${cases.length} cases found`);
  const native = nativeOutcomes(cases);
  // A case that uses stdlib or ERB is handed over (the light engine has neither), and then the
  // full engine's answer must be the native one.
  const full = await loadEngine('pkg-full', 'puppet_wasm_full');
  const handed = [];
  let lastHanded = false;
  const handing = {
    evaluate(src, options) {
      const ours = light.evaluate(src, options);
      lastHanded = Boolean(ours.needsFullEngine);
      if (!lastHanded) return ours;
      handed.push(src);
      return full.evaluate(src, options);
    },
  };
  // `differences` asks for the expected answer right after evaluating the case.
  const differ = differences(handing, cases, (_, i) => (lastHanded ? native[i] : lightView(native[i])));
  assert.equal(differ.length, 0, `${differ.length} cases differ:\n${differ.slice(0, 20).join('\n')}`);
  assert.ok(handed.length > 0 && handed.length < cases.length / 10, `${handed.length} cases handed over`);
});

test('the full release .wasm agrees with the native facade on sampled conformance cases and the Hiera goldens', async () => {
  const full = await loadEngine('pkg-full', 'puppet_wasm_full');
  assert.equal(full.has_yaml(), true);
  const sample = conformanceCases().filter((_, i) => i % 10 === 0);
  const hiera = hieraCases();
  assert.ok(hiera.length > 600, `only ${hiera.length} Hiera cases found`);
  const cases = [...sample, ...hiera];
  const native = nativeOutcomes(cases);
  const differ = differences(full, cases, (_, i) => native[i]);
  assert.equal(differ.length, 0, `${differ.length} cases differ:\n${differ.slice(0, 20).join('\n')}`);
  // What the light engine does with the same Hiera cases: hands over exactly those the worker's
  // rule sends to the full engine (before calling), and answers the rest as the native facade.
  const light = await loadEngine('pkg', 'puppet_wasm');
  const handed = hiera.filter((c) => needsFullEngine(c.options)).length;
  assert.ok(handed > 600, `only ${handed} Hiera cases need the full engine`);
  const nativeHiera = native.slice(sample.length);
  const lightDiffer = differences(light, hiera, (c, i) =>
    needsFullEngine(c.options) ? { needsFullEngine: 'yaml' } : lightView(nativeHiera[i]),
  );
  assert.equal(lightDiffer.length, 0, `${lightDiffer.length} cases differ:\n${lightDiffer.slice(0, 20).join('\n')}`);
});

test('the libraries release .wasm agrees with the native facade on HOCON and URI cases, which the full one hands over to it', async () => {
  const libs = await loadEngine('pkg-libs', 'puppet_wasm_libs');
  assert.equal(libs.has_yaml(), true);
  const special = librariesCases();
  assert.ok(special.length > 150, `only ${special.length} HOCON and URI cases found`);
  const sample = conformanceCases().filter((_, i) => i % 10 === 5);
  const cases = [...special, ...sample];
  const native = nativeOutcomes(cases);
  // The native facade of the workspace's build has both libraries (the command line asks for them).
  assert.ok(native.slice(0, special.length).every((outcome) => !outcome.needsFullEngine));
  const differ = differences(libs, cases, (_, i) => native[i]);
  assert.equal(differ.length, 0, `${differ.length} cases differ:\n${differ.slice(0, 20).join('\n')}`);
  // The full engine hands over every case that reaches the HOCON reader or URI, and answers the rest (an
  // argument check fails before) as the native facade does.
  const full = await loadEngine('pkg-full', 'puppet_wasm_full');
  let handed = 0;
  const fullDiffer = [];
  for (const [i, c] of special.entries()) {
    const ours = plain(full.evaluate(c.src, c.options));
    if (ours.needsFullEngine === 'libraries') handed += 1;
    else {
      try {
        assert.deepStrictEqual(ours, native[i]);
      } catch {
        fullDiffer.push(`${c.id}: ${JSON.stringify(ours).slice(0, 300)}`);
      }
    }
  }
  assert.equal(fullDiffer.length, 0, `${fullDiffer.length} cases differ:\n${fullDiffer.slice(0, 20).join('\n')}`);
  assert.ok(handed > special.length * 0.9, `only ${handed} of ${special.length} cases handed over`);
});
