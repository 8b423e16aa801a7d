// End to end, the Outline pane: the open file's classes, defines, functions, nodes, resources, assignments and statements nested as written, a row going to its name, the tree following edits and the file opened.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { codeLink, openPage, startBrowserAndServer } from './helpers.mjs';
import { DEFAULT_SETTINGS, encodeFragment } from '../src/share.js';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const SNIPPET = [
  'class web($port = 80) {',
  "  $docroot = '/var/www'",
  '  file { $docroot: ensure => directory }',
  '}',
  'define site($owner) { }',
  'function double(Integer $x) { $x * 2 }',
  "node 'web1' { }",
  'include web',
].join('\n');

/** The outline's rows, each indented two spaces per level: its kind label (if shown) and name. */
const rows = (page) =>
  page.getByTestId('outline-tree').evaluate((tree) =>
    [...tree.querySelectorAll('button.outline-row')].map((button) => {
      let depth = 0;
      for (let list = button.closest('ul'); list !== tree; list = list.parentElement.closest('ul')) depth += 1;
      const kind = button.querySelector('.outline-kind').textContent;
      const name = button.querySelector('.outline-name').textContent;
      return `${'  '.repeat(depth)}${kind ? `${kind} ` : ''}${name}`;
    }),
  );
const outlines = (page) => page.evaluate(() => Number(document.body.dataset.outlines ?? 0));
/** Wait for an outline after `count` earlier ones. */
const nextOutline = (page, count) =>
  page.waitForFunction((n) => Number(document.body.dataset.outlines ?? 0) > n, count, { timeout: 20000 });
const activeLine = (page) => page.locator('.cm-activeLine').textContent();

test('the outline nests a class body; a row puts the cursor on its name; an edit adds a row', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, SNIPPET));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await page.getByTestId('tab-outline').click();
  await nextOutline(page, 0);
  assert.deepEqual(await rows(page), [
    'class web',
    '  var $docroot',
    '  res file[$docroot]',
    'define site',
    'func double',
    "node 'web1'",
    'stmt include web',
  ]);
  assert.equal(await page.getByTestId('tab-outline').textContent(), 'Outline (7)');

  // The function's row: the cursor goes to its line, and that row is the current one.
  await page.getByTestId('outline-tree').getByRole('button', { name: /double/ }).click();
  assert.match(await activeLine(page), /^function double\(Integer \$x\)/);
  const selected = await page.evaluate(() => document.getSelection().toString());
  assert.equal(selected, 'double');
  await page.waitForFunction(() => document.querySelector('[data-testid="outline-tree"] [aria-current="true"] .outline-name')?.textContent === 'double');

  // Enter on the resource's row (keyboard): the cursor goes to the title, inside the class.
  await page.getByTestId('outline-tree').getByRole('button', { name: /file\[\$docroot\]/ }).focus();
  await page.keyboard.press('Enter');
  assert.match(await activeLine(page), /^ {2}file \{ \$docroot:/);
  await page.waitForFunction(() => document.querySelector('[data-testid="outline-tree"] [aria-current="true"] .outline-name')?.textContent === 'file[$docroot]');

  // Typing a statement at the end adds its row.
  const count = await outlines(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText("notice('done')");
  await nextOutline(page, count);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="outline-tree"] button.outline-row').length === 8);
  assert.equal((await rows(page)).at(-1), "stmt notice('done')");
  assert.deepEqual(errors, []);
  await close();
});

test("opening a module's file shows that file's outline", async () => {
  const environment = {
    files: { 'modules/app/manifests/init.pp': "class app {\n  package { 'nginx': }\n  if $facts['os']['family'] == 'Debian' {\n    service { 'nginx': }\n  }\n}\n" },
  };
  const { page, errors, close } = await openPage(env, `${env.baseUrl}#${encodeFragment('include app\n', DEFAULT_SETTINGS, environment)}`);
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await page.getByTestId('tab-outline').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="outline-tree"] .outline-name')?.textContent === 'include app');
  // Ctrl+click on `app` opens its file.
  await page.locator('.cm-content span', { hasText: /^app$/ }).click({ modifiers: ['Control'] });
  await page.waitForFunction(() => document.querySelector('[data-testid="open-file"]').textContent === 'modules/app/manifests/init.pp');
  await page.waitForFunction(() => document.querySelector('[data-testid="outline-tree"] .outline-name')?.textContent === 'app');
  assert.deepEqual(await rows(page), ['class app', "  res package['nginx']", "  if $facts['os']['family'] == 'Debian'", "    res service['nginx']"]);
  assert.match(await page.getByTestId('outline-note').textContent(), /modules\/app\/manifests\/init\.pp/);
  assert.deepEqual(errors, []);
  await close();
});
