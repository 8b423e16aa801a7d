// The fuzz targets' seeds and regressions (web/fuzz), replayed without a browser or the fuzzer: each input
// under the page's limits and under the small ones the fuzzer uses. A finding of the fuzzer, once fixed,
// goes into fuzz/regressions/<target>/ and is replayed here for good.
import { test } from 'node:test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as link from '../fuzz/targets/link.mjs';
import * as zip from '../fuzz/targets/zip.mjs';

const fuzzDir = new URL('../fuzz/', import.meta.url).pathname;

async function inputsOf(target) {
  const inputs = [];
  for (const kind of ['seeds', 'regressions']) {
    const dir = join(fuzzDir, kind, target);
    for (const name of (await readdir(dir).catch(() => [])).filter((n) => !n.startsWith('.'))) {
      inputs.push({ name: `${kind}/${target}/${name}`, bytes: await readFile(join(dir, name)) });
    }
  }
  return inputs;
}

for (const [name, target] of Object.entries({ link, zip })) {
  test(`fuzz target ${name}: every seed and regression keeps the invariants, under the page's limits and the fuzzer's`, async () => {
    const inputs = await inputsOf(name);
    if (inputs.length === 0) throw new Error(`no seeds for ${name}: run node fuzz/make-seeds.mjs`);
    for (const { name: input, bytes } of inputs) {
      for (const limits of [target.PAGE_LIMITS, target.SMALL_LIMITS]) {
        try {
          await target.checkInput(bytes, limits);
        } catch (error) {
          throw new Error(`${input} (maxFiles ${limits.maxFiles}): ${error.stack ?? error}`);
        }
      }
    }
  });
}
