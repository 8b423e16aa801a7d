// The reporter `make e2e` ends its log with (web/scripts/failures-last.mjs): the failed tests listed again with the
// file and line the error passed through and the error's first lines; a parent failing only for its subtests not
// listed; nothing added when every test passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const reporter = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'scripts', 'failures-last.mjs');

/** Run node's test runner over `files` (name → text) in a fresh folder with TAP and the reporter, as `make e2e` does. */
function runTests(files) {
  const folder = mkdtempSync(join(tmpdir(), 'failures-last-'));
  try {
    mkdirSync(join(folder, 'cases'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, 'cases', name), text);
    const run = spawnSync(
      process.execPath,
      ['--test', '--test-reporter=tap', '--test-reporter-destination=stdout', `--test-reporter=${reporter}`, '--test-reporter-destination=stdout', 'cases/'],
      // Without the variable the runner sets for the test files it starts (it would make this run one of its own).
      { cwd: folder, encoding: 'utf8', env: { ...process.env, NODE_TEST_CONTEXT: undefined } },
    );
    return { status: run.status, output: run.stdout };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('the failed tests are listed again at the end, with their place and the first lines of their error', () => {
  const { status, output } = runTests({
    'a.test.mjs': [
      "import test from 'node:test';",
      "test('passes', () => {});",
      "test('times out', () => { throw new Error('Timeout 20000ms exceeded.\\nline 2\\nline 3\\nline 4\\nline 5'); });",
      '',
    ].join('\n'),
    'b.test.mjs': [
      "import test from 'node:test';",
      "test('outer', async (t) => { await t.test('inner fails', () => { throw new Error('inner'); }); });",
      '',
    ].join('\n'),
  });
  assert.equal(status, 1);
  const listing = output.slice(output.lastIndexOf('\n# 2 failed, listed again:\n'));
  assert.equal(
    listing,
    [
      '',
      '# 2 failed, listed again:',
      'not ok: cases/a.test.mjs:3:33 - times out',
      '    Timeout 20000ms exceeded.',
      '    line 2',
      '    line 3',
      '    line 4',
      'not ok: cases/b.test.mjs:2:72 - inner fails',
      '    inner',
      '',
    ].join('\n'),
  );
});

test('a run without failures ends as TAP does', () => {
  const { status, output } = runTests({ 'a.test.mjs': "import test from 'node:test';\ntest('passes', () => {});\n" });
  assert.equal(status, 0);
  assert.doesNotMatch(output, /listed again/);
  assert.match(output, /# fail 0\n# cancelled 0\n# skipped 0\n# todo 0\n# duration_ms [\d.]+\n$/);
});
