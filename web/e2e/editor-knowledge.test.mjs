// What the editor knows from the engine: the hover shows what the last run computed (the value and type an
// expression had, and for one evaluated in a loop its last values and how many times it ran), and completion
// offers functions with their signatures, the facts' keys and a resource type's attributes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { codeLink, nextResult, openPage, runs, settledAnswer, startBrowserAndServer } from './helpers.mjs';
import { DEFAULT_SETTINGS, encodeFragment } from '../src/share.js';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

/** Hover the token whose text is exactly `text` (the `nth` one) and read the value tooltip. */
async function hoverToken(page, text, nth = 0) {
  await page.mouse.move(0, 0);
  await page.locator('.cm-tooltip-hover').waitFor({ state: 'detached' }).catch(() => {});
  const token = page.locator('.cm-content span', { hasText: new RegExp(`^${text.replace(/[$()[\]]/g, '\\$&')}$`) }).nth(nth);
  await token.hover();
  const tooltip = page.locator('.cm-tooltip-hover [data-testid="value-hover"]');
  await tooltip.waitFor();
  return tooltip.innerText();
}

test('hovering $x in $x = [1, 2].map |$v| { $v * 2 } shows [2, 4] and its type', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '$x = [1, 2].map |$v| { $v * 2 }\nnotice($x)'));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  const shown = await hoverToken(page, '$x');
  assert.match(shown, /^\[2, 4\]\nTuple\[Integer\[2, 2\], Integer\[4, 4\]\]$/);
  assert.deepEqual(errors, []);
  await close();
});

test('hovering a call inside a loop shows its last value and how many times it ran', async () => {
  const code = "[1, 2, 3, 4, 5].each |$i| {\n  notice(sprintf('%03d', $i))\n}";
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  const shown = await hoverToken(page, 'sprintf');
  const [value, type, count] = shown.split('\n');
  assert.equal(value, "'005'");
  assert.equal(type, 'String');
  assert.equal(count, "evaluated 5 times; the last value shown, before it: '004', '003'");
  assert.deepEqual(errors, []);
  await close();
});

test('after an edit and a new run the hover shows the new value', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '$total = 1 + 2'));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  assert.match(await hoverToken(page, '$total'), /^3\nInteger\[3, 3\]$/);
  const before = await runs(page);
  await page.locator('.cm-content').click();
  await page.keyboard.press('End');
  await page.keyboard.insertText(' * 10');
  await nextResult(page, before);
  assert.match(await hoverToken(page, '$total'), /^21\nInteger\[21, 21\]$/);
  assert.deepEqual(errors, []);
  await close();
});

/** Type `text` at the end of the editor's code, as a person does. */
async function typeAtEnd(page, text) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text, { delay: 20 });
}

test('typing mer offers merge with its signature', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, "$a = {'x' => 1}\n"));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await typeAtEnd(page, '$b = mer');
  const list = page.locator('.cm-tooltip-autocomplete');
  await list.waitFor();
  const merge = list.locator('li[role="option"]', { hasText: /^merge/ });
  await merge.waitFor();
  // The signature beside the name: stdlib's merge takes hashes (or undef, or '') repeated.
  assert.match(await merge.locator('.cm-completionDetail').textContent(), /^\(.*Hash.* \*\$args\)/);
  // Choosing it puts it in the code.
  await merge.click();
  await page.waitForFunction(() => document.querySelector('#editor').querySelector('.cm-content').textContent.includes('$b = merge'));
  assert.deepEqual(errors, []);
  await close();
});

test("$facts['os'][' offers the facts' keys, family among them", async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, 'notice(1)\n'));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await typeAtEnd(page, "notice($facts['os']['");
  const list = page.locator('.cm-tooltip-autocomplete');
  // The list shown while typing `notice` may still be up: wait for the one of the facts' keys.
  await list.locator('li[role="option"] .cm-completionLabel').filter({ hasText: /^family$/ }).waitFor();
  const labels = await list.locator('li[role="option"] .cm-completionLabel').allTextContents();
  for (const key of ['family', 'name', 'release']) assert.ok(labels.includes(key), `${key} in ${labels}`);
  assert.deepEqual(errors, []);
  await close();
});

test('inside a resource body the attributes of its type are offered', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, ''));
  await typeAtEnd(page, "service { 'web':\nhasr");
  const list = page.locator('.cm-tooltip-autocomplete');
  await list.waitFor();
  // The list may first be the one of an earlier key (`service` itself): wait for it to hold this key's.
  const labels = () => list.locator('li[role="option"] .cm-completionLabel').allTextContents();
  assert.deepEqual(await settledAnswer(labels, ['hasrestart']), ['hasrestart']);
  assert.deepEqual(errors, []);
  await close();
});

test('Ctrl+click on a class name opens its file in the Files pane at the class; F12 on a variable goes to its assignment', async () => {
  const environment = {
    files: {
      'modules/app/manifests/init.pp': '# The app\nclass app(Integer $port = 80) {\n  notice($port)\n}\n',
      'modules/app/manifests/web.pp': 'class app::web {\n  include app\n}\n',
    },
  };
  const code = "$greeting = 'hi'\ninclude app::web\nnotice($greeting)";
  const { page, errors, close } = await openPage(env, `${env.baseUrl}#${encodeFragment(code, DEFAULT_SETTINGS, environment)}`);
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  // Ctrl+click on `app::web` in `include app::web`.
  await page.locator('.cm-content span', { hasText: /^app::web$/ }).click({ modifiers: ['Control'] });
  await page.waitForFunction(() => document.querySelector('[data-testid="open-file"]').textContent === 'modules/app/manifests/web.pp');
  const selected = () => page.evaluate(() => document.getSelection().toString());
  assert.equal(await selected(), 'app::web');
  assert.equal(await page.getByTestId('file-tree').locator('[aria-selected="true"]').textContent().then((t) => t.includes('web.pp')), true);
  // From there, Ctrl+click on `app` goes to the class in init.pp.
  await page.locator('.cm-content span', { hasText: /^app$/ }).click({ modifiers: ['Control'] });
  await page.waitForFunction(() => document.querySelector('[data-testid="open-file"]').textContent === 'modules/app/manifests/init.pp');
  assert.equal(await selected(), 'app');
  // F12 on `$port` in notice($port) goes to the parameter.
  await page.locator('.cm-content span', { hasText: /^\$port$/ }).last().click();
  await page.keyboard.press('F12');
  await page.waitForFunction(() => document.getSelection().toString() === '$port');
  const line = await page.evaluate(() => document.getSelection().anchorNode.parentElement.closest('.cm-line').textContent);
  assert.match(line, /^class app\(Integer \$port = 80\)/);
  assert.deepEqual(errors, []);
  await close();
});

test('hovering a function name shows its signatures and description; a resource type its attributes', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, "notice(versioncmp('1.2', '1.10'))\nservice { 'web': ensure => running }"));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await page.locator('.cm-content span', { hasText: /^versioncmp$/ }).hover();
  const docs = page.locator('.cm-tooltip-hover [data-testid="docs-hover"]');
  await docs.waitFor();
  assert.match(await docs.innerText(), /^versioncmp\(String \$a, String \$b, Optional\[Boolean\] \$ignore_trailing_zeroes\)\n/);
  await page.mouse.move(0, 0);
  await docs.waitFor({ state: 'detached' });
  await page.locator('.cm-content span', { hasText: /^service$/ }).hover();
  await docs.waitFor();
  assert.match(await docs.innerText(), /^resource type service\nattributes: .*hasrestart/);
  assert.deepEqual(errors, []);
  await close();
});

test("inside lookup(' the environment's Hiera keys are offered; Ctrl+click on a key opens its data file there", async () => {
  const environment = { files: { 'hiera.yaml': 'version: 5\n', 'data/common.yaml': "---\n# ports\napp::port: 8080\napp::name: 'web'\n" } };
  const { page, errors, close } = await openPage(env, `${env.baseUrl}#${encodeFragment("notice(lookup('app::port'))\n", DEFAULT_SETTINGS, environment)}`);
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await typeAtEnd(page, "$n = lookup('app::");
  const list = page.locator('.cm-tooltip-autocomplete');
  // The list may first be the one of an earlier key (the function `lookup` itself, on a loaded machine).
  await list.locator('li[role="option"] .cm-completionLabel').filter({ hasText: /^app::name$/ }).waitFor();
  const labels = () => list.locator('li[role="option"] .cm-completionLabel').allTextContents();
  assert.deepEqual(await settledAnswer(labels, ['app::name', 'app::port']), ['app::name', 'app::port']);
  await page.keyboard.press('Escape');
  await page.locator('.cm-content span', { hasText: /^'app::port'$/ }).click({ modifiers: ['Control'] });
  await page.waitForFunction(() => document.querySelector('[data-testid="open-file"]').textContent === 'data/common.yaml');
  assert.equal(await page.evaluate(() => document.getSelection().toString()), 'app::port');
  assert.deepEqual(errors, []);
  await close();
});
