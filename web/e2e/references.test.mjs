// End to end, find references: Shift+F12 on a name lists every place that names it (a module's class used twice from the snippet, a variable of the snippet), one row per place with its line; Enter or a click opens the place, Escape closes the list, and a name nothing refers to says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { openPage, startBrowserAndServer } from './helpers.mjs';
import { DEFAULT_SETTINGS, encodeFragment } from '../src/share.js';

const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const ENVIRONMENT = {
  files: { 'modules/app/manifests/init.pp': '# The app\nclass app(Integer $port = 80) {\n  notice($port)\n}\n' },
};
const CODE = "include app\n$greeting = 'hi'\nnotice($greeting)\ninclude app\n";

/** The rows of the references list: `path:line` and the marked name of each. */
const rows = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="references"] .reference')].map((row) => ({
      where: row.querySelector('.reference-where').textContent,
      line: row.querySelector('.reference-line').textContent,
      marked: row.querySelector('mark').textContent,
    })),
  );
const selected = (page) => page.evaluate(() => document.getSelection().toString());
const selectedLine = (page) =>
  page.evaluate(() => document.getSelection().anchorNode.parentElement.closest('.cm-line').textContent);

test('Shift+F12 lists the places that name a variable and a class; Enter and a click open them, Escape closes', async () => {
  const { page, errors, close } = await openPage(env, `${env.baseUrl}#${encodeFragment(CODE, DEFAULT_SETTINGS, ENVIRONMENT)}`);
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  const list = page.getByTestId('references');

  // A variable of the snippet: its assignment and its use.
  await page.locator('.cm-content span', { hasText: /^\$greeting$/ }).last().click();
  await page.keyboard.press('Shift+F12');
  await list.waitFor();
  assert.deepEqual(await rows(page), [
    { where: 'snippet.pp:2', line: "$greeting = 'hi'", marked: '$greeting' },
    { where: 'snippet.pp:3', line: 'notice($greeting)', marked: '$greeting' },
  ]);
  // The first row has the focus; ↓ then Enter opens the use.
  assert.equal(await page.evaluate(() => document.activeElement.closest('[data-testid="references"]') !== null), true);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getSelection().toString() === '$greeting');
  // (The line's inline result follows it.)
  assert.match(await selectedLine(page), /^notice\(\$greeting\)/);
  // Escape in the list closes it and gives the editor the focus back.
  await list.locator('.reference').first().focus();
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.activeElement.closest('#editor')?.id), 'editor');

  // The module's class: its definition and the snippet's two uses, sorted by path then line. The cursor goes
  // to the end of `include app` by keyboard (a value hover left by the mouse could cover the first line).
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+F12');
  await list.waitFor();
  assert.deepEqual(await rows(page), [
    { where: 'modules/app/manifests/init.pp:2', line: 'class app(Integer $port = 80) {', marked: 'app' },
    { where: 'snippet.pp:1', line: 'include app', marked: 'app' },
    { where: 'snippet.pp:4', line: 'include app', marked: 'app' },
  ]);
  assert.equal(await page.evaluate(() => document.querySelector('[data-testid="references"] h2').textContent), 'References (3)');
  // The open list passes axe (no critical or serious violation).
  await page.evaluate(AXE);
  const { violations } = await page.evaluate(() => axe.run(document.querySelector('[data-testid="references"]'), { resultTypes: ['violations'] }));
  assert.deepEqual(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id), []);
  // A click on the module's row opens that file at the class.
  await list.locator('.reference').first().click();
  await page.waitForFunction(() => document.querySelector('[data-testid="open-file"]').textContent === 'modules/app/manifests/init.pp');
  assert.equal(await selected(page), 'app');
  assert.match(await selectedLine(page), /^class app\(Integer \$port = 80\) \{/);
  assert.deepEqual(errors, []);
  await close();
});

test('Shift+F12 where nothing is named says no references were found; Help names the key', async () => {
  const { page, errors, close } = await openPage(env, `${env.baseUrl}#${encodeFragment(CODE, DEFAULT_SETTINGS, ENVIRONMENT)}`);
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await page.locator('.cm-content span', { hasText: /^'hi'$/ }).click();
  await page.keyboard.press('Shift+F12');
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent.startsWith('No references found'));
  assert.equal(await page.getByTestId('references').isHidden(), true);
  // Help's keyboard shortcuts name the key.
  await page.getByTestId('help').click();
  const shortcuts = await page.getByTestId('help-dialog').getByTestId('shortcuts').textContent();
  assert.match(shortcuts, /Shift\+F12.*list every place that names it/);
  assert.deepEqual(errors, []);
  await close();
});
