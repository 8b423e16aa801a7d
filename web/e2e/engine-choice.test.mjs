// The worker's rule for loading the full engine before a run (src/engines.js) gives the answers of the facade's own rule (wasm/src/engine_choice.rs), which the light release .wasm applies: the same table through both. The light release .wasm is also the light build's test in a real engine: it says it has no YAML reader and evaluates programs without YAML as the full engine does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { needsFullEngine } from '../src/engines.js';

const pkg = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'pkg');

const files = (...paths) => ({ files: Object.fromEntries(paths.map((path) => [path, ''])) });

const TABLE = [
  [undefined, false],
  [{}, false],
  [files(), false],
  [files('manifests/site.pp', 'modules/app/manifests/init.pp', 'data/common.json'), false],
  [files('notes.yaml.txt', 'yaml', 'modules/app/files/yml'), false],
  [{ globalHiera: '' }, false],
  [files('hiera.yaml'), true],
  [files('data/common.yaml'), true],
  [files('data/nodes/web.YML'), true],
  [files('modules/app/hiera.yaml', 'modules/app/manifests/init.pp'), true],
  [{ globalHiera: 'global/hiera.yaml' }, true],
  [{ ...files('a.pp'), globalHiera: 'elsewhere.json' }, true],
];

test('the worker sends a run to the full engine exactly when the light engine would hand it over', async () => {
  const light = await import(join(pkg, 'puppet_wasm.js'));
  light.initSync({ module: readFileSync(join(pkg, 'puppet_wasm_bg.wasm')) });
  for (const [options, expected] of TABLE) {
    const label = JSON.stringify(options);
    assert.equal(needsFullEngine(options), expected, `worker: ${label}`);
    const answer = light.evaluate('1', options);
    assert.equal(answer.needsFullEngine === 'yaml', expected, `light engine: ${label} → ${JSON.stringify(answer)}`);
    if (!expected) assert.equal(answer.value, '1', label);
  }
});

test('the light release engine says it has no YAML reader and looks up through the default hierarchy without one', async () => {
  const light = await import(join(pkg, 'puppet_wasm.js'));
  light.initSync({ module: readFileSync(join(pkg, 'puppet_wasm_bg.wasm')) });
  assert.equal(light.has_yaml(), false);
  const answer = light.evaluate("lookup('k', undef, undef, 7)", files('data/common.json'));
  assert.equal(answer.value, '7', JSON.stringify(answer));
  assert.equal(answer.needsFullEngine, undefined);
});
