// End to end, lint in the page: puppet-lint's findings as squiggles of their own and in the Lint pane, Fix all as one undoable edit, checks turned off and kept in the link, a finding's row going to its place; the page's list of checks is the engine's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { codeLink, editorText, openPage, startBrowserAndServer } from './helpers.mjs';
import { LINT_CHECKS, OFF_BY_DEFAULT } from '../src/lint-checks.js';
import { minimalChanges } from '../src/text-diff.js';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

// A double-quoted string without variables, a resource whose arrows are not aligned, and no trailing comma after
// its last attribute. Debian 12's puppet-lint 3.0.1 (`puppet-lint --json s.pp`) finds exactly two things:
// double_quoted_strings at 1:6 and arrow_alignment at 4:8. It has no check for a missing trailing comma (that is
// the separate puppet-lint-trailing_comma-check plugin), so the comma gives no finding here either.
const SNIPPET = "$x = \"hello\"\nfile { '/tmp/a':\n  ensure => file,\n  mode => '0644'\n}\n";
const FINDINGS = [
  '1:6 warning double_quoted_strings: double quoted string containing no variables',
  '4:8 warning arrow_alignment: indentation of => is not properly aligned (expected in column 10, but found it in column 8)',
];
// `puppet-lint --fix s.pp` (3.0.1) rewrote the file to this.
const FIXED = "$x = 'hello'\nfile { '/tmp/a':\n  ensure => file,\n  mode   => '0644'\n}\n";

const lints = (page) => page.evaluate(() => Number(document.body.dataset.lints ?? 0));
/** Wait for lint findings after `count` earlier ones (the first come once the full engine has loaded at idle). */
const nextLint = (page, count) =>
  page.waitForFunction((n) => Number(document.body.dataset.lints ?? 0) > n, count, { timeout: 20000 });
/** The lint squiggles' texts (a squiggle is a mark of its own kind; evaluation's are not counted). */
const squiggles = (page) => page.locator('.cm-lintRange.cm-lint').allTextContents();
const rows = (page) => page.getByTestId('lint-findings').locator('li button').allTextContents();

test('two lint squiggles; Fix all makes them go as puppet-lint --fix does, and one Ctrl+Z brings them back', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, SNIPPET));
  await nextLint(page, 0);
  assert.deepEqual(await squiggles(page), ['"hello"', '=>']);
  // Evaluation finds nothing wrong: the squiggles are lint's alone.
  assert.equal(await page.locator('.cm-lintRange:not(.cm-lint)').count(), 0);
  await page.getByTestId('tab-lint').click();
  assert.deepEqual(await rows(page), FINDINGS);
  assert.equal(await page.getByTestId('tab-lint').textContent(), 'Lint (2)');

  // The hover names the check and gives puppet-lint's message.
  await page.locator('.cm-lintRange.cm-lint').first().hover();
  const tooltip = page.locator('.cm-tooltip-lint');
  await tooltip.waitFor();
  assert.match(await tooltip.textContent(), /double quoted string containing no variables.*puppet-lint: double_quoted_strings/);

  let count = await lints(page);
  await page.getByTestId('lint-fix').click();
  await nextLint(page, count);
  assert.equal(await editorText(page), FIXED);
  assert.deepEqual(await squiggles(page), []);
  assert.deepEqual(await rows(page), []);
  assert.equal(await page.getByTestId('lint-fix').isDisabled(), true);

  count = await lints(page);
  await page.getByTestId('editor').focus();
  await page.keyboard.press('Control+z');
  await nextLint(page, count);
  assert.equal(await editorText(page), SNIPPET, 'one undo takes back every fix');
  assert.deepEqual(await squiggles(page), ['"hello"', '=>']);
  assert.deepEqual(await rows(page), FINDINGS);
  assert.deepEqual(errors, []);
  await close();
});

test('a check turned off hides its squiggle, and the link keeps the choice', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, SNIPPET));
  await nextLint(page, 0);
  await page.getByTestId('tab-lint').click();
  await page.getByText(/^Checks/).click();
  assert.equal(await page.getByTestId('lint-checks-count').textContent(), '33 of 37 on');
  const count = await lints(page);
  await page.getByTestId('lint-checks').locator('input[data-check="double_quoted_strings"]').uncheck();
  await nextLint(page, count);
  assert.deepEqual(await squiggles(page), ['=>']);
  assert.deepEqual(await rows(page), FINDINGS.slice(1));
  assert.equal(await page.getByTestId('lint-checks-count').textContent(), '32 of 37 on');

  // The address is the share link: opened afresh, the check is still off.
  const link = page.url();
  assert.match(link, /;lint-checks=no-double_quoted_strings/);
  const reopened = await openPage(env, link);
  await nextLint(reopened.page, 0);
  assert.deepEqual(await squiggles(reopened.page), ['=>']);
  await reopened.page.getByTestId('tab-lint').click();
  assert.deepEqual(await rows(reopened.page), FINDINGS.slice(1));
  assert.equal(await reopened.page.getByTestId('lint-checks').locator('input[data-check="double_quoted_strings"]').isChecked(), false);
  assert.equal(await editorText(reopened.page), SNIPPET);
  assert.deepEqual([...errors, ...reopened.errors], []);
  await reopened.close();
  await close();
});

test('a row of the Lint pane moves the cursor to its finding', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, SNIPPET));
  await nextLint(page, 0);
  await page.getByTestId('tab-lint').click();
  await page.getByTestId('lint-findings').getByRole('button', { name: /arrow_alignment/ }).click();
  assert.equal(await page.locator('.cm-activeLine').textContent(), "  mode => '0644'");
  const selected = await page.evaluate(() => document.getSelection().toString());
  assert.equal(selected, '=>');
  assert.deepEqual(errors, []);
  await close();
});

test('lint off: no squiggles, no findings, and the link says so', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, SNIPPET));
  await nextLint(page, 0);
  await page.getByTestId('tab-lint').click();
  await page.getByTestId('lint-on').uncheck();
  await page.waitForFunction(() => !document.querySelector('#editor').querySelector('.cm-lint'));
  assert.deepEqual(await rows(page), []);
  assert.equal(await page.getByTestId('lint-note').textContent(), 'Lint is off.');
  assert.match(page.url(), /;lint=off/);
  assert.deepEqual(errors, []);
  await close();
});

test("an environment's file is linted with its path and the environment's .puppet-lint.rc", async () => {
  const { DEFAULT_SETTINGS, encodeFragment } = await import('../src/share.js');
  const environment = {
    files: {
      // autoloader_layout sees the file's path: app is where Puppet looks for it, app::extra is not.
      'modules/app/manifests/init.pp': 'class app {\n  $port = "80"\n}\nclass app::extra {\n}\n',
      '.puppet-lint.rc': '--no-documentation-check\n',
    },
  };
  const url = `${env.baseUrl}#${encodeFragment('include app', DEFAULT_SETTINGS, environment)}`;
  const { page, errors, close } = await openPage(env, url);
  await nextLint(page, 0); // snippet.pp: no findings
  const count = await lints(page);
  const tree = page.getByTestId('file-tree');
  for (const folder of ['modules', 'modules/app', 'modules/app/manifests']) {
    const item = tree.locator(`[data-path="${folder}"]`);
    if ((await item.getAttribute('aria-expanded')) === 'false') await item.click();
  }
  await tree.locator('[data-path="modules/app/manifests/init.pp"]').click();
  await nextLint(page, count);
  await page.getByTestId('tab-lint').click();
  // Debian 12's puppet-lint 3.0.1 in the environment's folder (reading its .puppet-lint.rc) on
  // modules/app/manifests/init.pp: these two, and no "class not documented"; the pane lists them by place.
  assert.deepEqual(await rows(page), [
    '2:11 warning double_quoted_strings: double quoted string containing no variables',
    '4:7 error autoloader_layout: app::extra not in autoload module layout',
  ]);
  assert.deepEqual(await squiggles(page), ['"80"', 'app::extra']);
  assert.deepEqual(errors, []);
  await close();
});

test("the page's checks are the engine's: the same 37 names, the same four off by default", async () => {
  const source = await readFile(new URL('../../core/src/lint/mod.rs', import.meta.url), 'utf8');
  const list = (name) => [...source.match(new RegExp(`pub const ${name}: &\\[&str\\] = &\\[([^\\]]*)\\]`))[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual([...LINT_CHECKS], list('CHECKS'));
  assert.deepEqual([...OFF_BY_DEFAULT], list('DISABLED_BY_DEFAULT'));
});

test("Fix all's edit replaces only what the fixes change", () => {
  assert.deepEqual(minimalChanges(SNIPPET, FIXED), [
    { from: 5, to: 12, insert: "'hello'" },
    { from: 55, to: 55, insert: '  ' },
  ]);
  // Any two texts: the changes are in order, apart, and make the second of the first.
  const apply = (text, changes) => {
    let out = '';
    let at = 0;
    for (const c of changes) {
      assert.ok(c.from >= at && c.to >= c.from, JSON.stringify(changes));
      out += text.slice(at, c.from) + c.insert;
      at = c.to;
    }
    return out + text.slice(at);
  };
  let seed = 7;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const pieces = ['a\n', 'b\n', '  c => 1,\n', '\n', 'x', '"y"\n', '\r\n'];
  const text = () => Array.from({ length: random(14) }, () => pieces[random(pieces.length)]).join('');
  for (let i = 0; i < 3000; i += 1) {
    const [before, after] = [text(), text()];
    assert.equal(apply(before, minimalChanges(before, after)), after, JSON.stringify({ before, after }));
  }
});

test('links carry the lint settings in puppet-lint\'s words; links from before lint open with its defaults', async () => {
  const { DEFAULT_SETTINGS, decodeLocation, encodeFragment } = await import('../src/share.js');
  const settings = { ...DEFAULT_SETTINGS, lint: false, lintChecks: ['no-documentation', '80chars'] };
  const fragment = encodeFragment('1', settings);
  assert.match(fragment, /;lint=off;lint-checks=no-documentation,80chars$/);
  const opened = decodeLocation({ search: '', hash: `#${fragment}` });
  assert.equal(opened.settings.lint, false);
  assert.deepEqual(opened.settings.lintChecks, ['no-documentation', '80chars']);
  // Defaults add nothing to a link, and a link without them (every link before lint) gets them.
  assert.doesNotMatch(encodeFragment('1', DEFAULT_SETTINGS), /lint/);
  const old = decodeLocation({ search: '', hash: '#v1/MwQA' });
  assert.equal(old.settings.lint, true);
  assert.deepEqual(old.settings.lintChecks, []);
  // Unknown checks and choices that are puppet-lint's defaults are dropped; the query form works too.
  const query = decodeLocation({ search: '?code=1&lint-checks=no-bogus,documentation,no-140chars&lint=off', hash: '' });
  assert.deepEqual(query.settings.lintChecks, ['no-140chars']);
  assert.equal(query.settings.lint, false);
});
