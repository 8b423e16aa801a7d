// The Facts pane's text as the engine gets it (web/src/facts.js): JSON text with the facts puppet apply adds,
// checked as Puppet's JSON reader checks it, and read by the light engine itself, so that integers above 2^53
// stay exact (JavaScript's numbers would round them). Runs in Node on the built engine (web/pkg).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MAX_FACTS_NESTING, nodeFacts, PUPPET_VERSION, readFacts } from '../src/facts.js';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..', 'pkg');
let engine;
before(async () => {
  engine = await import(pathToFileURL(join(pkg, 'puppet_wasm.js')).href);
  await engine.default({ module_or_path: readFileSync(join(pkg, 'puppet_wasm_bg.wasm')) });
});

const valueOf = (code, facts) => engine.evaluate(code, { facts, certname: 'web01' }).value;

test('the added facts follow the pane\'s, in JSON', () => {
  const added = `"clientcert":"web01","clientversion":"${PUPPET_VERSION}","clientnoop":false`;
  assert.equal(nodeFacts('{}', 'web01'), `{${added}}`);
  assert.equal(nodeFacts(' {\n} \n', 'web01'), `{${added}}`);
  assert.equal(nodeFacts('{"a": 1}\n', 'web01'), `{"a": 1, ${added}}`);
  assert.deepEqual(Object.keys(JSON.parse(nodeFacts('{"a": [1, {"b": 2}]}', 'x'))), ['a', 'clientcert', 'clientversion', 'clientnoop']);
});

test('integers above 2^53 and beyond 64 bits reach the engine and do not break the run', () => {
  const text = '{"big": 9007199254740993, "huge": 18446744073709551616, "clientcert": "mine"}';
  assert.ok(!readFacts(text).error);
  // Real Puppet (env_oracle.rb, OpenVox 8.28.1): 9007199254740993 exactly; a Bignum beyond 64 bits, which
  // the engine's 64-bit Integer reads as the nearest Float (core/src/facts.rs). A fact puppet apply adds
  // keeps the pane's place and takes the added value, as Puppet::Node::Facts#add_local_facts does.
  assert.equal(
    valueOf('[$big, $big + 1, $huge, $clientcert, $facts.keys]', nodeFacts(text, 'web01')),
    "[9007199254740993, 9007199254740994, 1.8446744073709552e+19, 'web01', ['big', 'huge', 'clientcert', 'clientversion', 'clientnoop']]",
  );
});

test('facts nested deeper than Puppet reads are refused before they reach the engine', () => {
  const nested = (depth) => `{"a": ${'['.repeat(depth - 1)}1${']'.repeat(depth - 1)}}`;
  assert.deepEqual(readFacts(nested(MAX_FACTS_NESTING)).error, undefined);
  assert.match(readFacts(nested(MAX_FACTS_NESTING + 1)).error, /nested 101 levels deep, more than the 100 Puppet reads/);
  // The engine refuses them too, with Ruby's parser's words.
  const outcome = engine.evaluate('1', { facts: nested(MAX_FACTS_NESTING + 1) });
  assert.match(outcome.diagnostics[0].message, /the facts are not JSON: nesting of 101 is too deep/);
  assert.equal(valueOf('$a.flatten', nested(MAX_FACTS_NESTING)), '[1]');
  assert.match(readFacts('[1]').error, /must be a JSON object/);
  assert.match(readFacts('{"a": ').error, /^not JSON/);
});
