// End to end, which puppetlabs-stdlib the built-in one follows: 9.7.0 by default (what current modules
// require: has_key is gone, merge warns), 8.5.0 when chosen (Debian 12's), and a link keeps the choice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, encodeFragment } from '../src/share.js';
import { codeLink, openPage, startBrowserAndServer } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const CODE = "notice(has_key({ 'a' => 1 }, 'a'))";
const problemsText = (page) => page.getByTestId('problems').textContent();
const outputHas = (page, text) =>
  page.waitForFunction((t) => document.querySelector('[data-testid="output"]')?.textContent.includes(t), text, { timeout: 30000 });

test('stdlib 9.7 by default: a function it removed is unknown; choosing 8.5 brings it back', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, CODE));
  assert.equal(await page.getByTestId('stdlib').inputValue(), '9.7');
  await page.waitForFunction(
    () => /Unknown function: 'has_key'/.test(document.querySelector('[data-testid="problems"]')?.textContent ?? ''),
    null,
    { timeout: 30000 },
  );
  await page.getByTestId('stdlib').selectOption('8.5');
  await outputHas(page, 'notice: true');
  assert.doesNotMatch(await problemsText(page), /Unknown function/);
  assert.deepEqual(errors, []);
  await close();
});

test("stdlib 9.7's shim warns once and runs; a link carries 8.5, which then keeps merge quiet", async () => {
  const code = "notice(merge({ 'a' => 1 }, { 'b' => 2 }))";
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  await outputHas(page, 'please use stdlib::merge instead');
  await close();
  const settings = { ...DEFAULT_SETTINGS, stdlib: '8.5' };
  const fragment = encodeFragment(code, settings);
  assert.match(fragment, /;stdlib=8\.5/);
  const opened = await openPage(env, `${env.baseUrl}#${fragment}`);
  assert.equal(await opened.page.getByTestId('stdlib').inputValue(), '8.5');
  await outputHas(opened.page, 'notice: {a => 1, b => 2}');
  const output = await opened.page.getByTestId('output').textContent();
  assert.doesNotMatch(output, /deprecated/);
  assert.deepEqual([...errors, ...opened.errors], []);
  await opened.close();
});
