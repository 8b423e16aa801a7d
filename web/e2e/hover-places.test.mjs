// End to end, what hover and the problems say belongs to the code under the pointer (issue 38, items 1 and 4): a class's
// parameter shows the value it was bound to, a function's name its documentation, each file of an environment its own
// values; an unknown attribute is marked at its name with the place said by the mark, not inside the message.
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

const MODULE = 'modules/app/manifests/init.pp';
const link = (code, files = {}, view = null) => `${env.baseUrl}#${encodeFragment(code, DEFAULT_SETTINGS, { files }, view)}`;
const ran = (page) => page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);

/** Hover the `nth` token whose text is exactly `text`; the hover's `testid` part (value-hover or docs-hover). */
async function hover(page, text, testid, nth = 0) {
  await page.mouse.move(0, 0);
  await page.locator('.cm-tooltip-hover').waitFor({ state: 'detached' }).catch(() => {});
  const token = page.locator('.cm-content span', { hasText: new RegExp(`^${text.replace(/[$()[\]]/g, '\\$&')}$`) }).nth(nth);
  await token.hover();
  const part = page.locator(`.cm-tooltip-hover [data-testid="${testid}"]`);
  // The first hover may wait for the full engine to load (the values it records): the default timeout.
  await part.waitFor();
  return part.innerText();
}

test("hovering a class's parameter shows the value it was bound to (8080)", async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, 'class app (\n  Integer $port = 8080,\n) { notice($port) }\ninclude app'));
  await ran(page);
  // The first `$port` is the parameter's, in the parameter list.
  assert.equal(await hover(page, '$port', 'value-hover', 0), '8080\nInteger[8080, 8080]');
  assert.deepEqual(errors, []);
  await close();
});

test("hovering notice shows its documentation; hovering the resource type file shows the type, not the file() function", async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, "$x = [1, 2].map |$v| { $v * 2 }\nnotice($x)\nfile { '/tmp/a': ensure => file }"));
  await ran(page);
  assert.match(await hover(page, 'notice', 'docs-hover'), /^notice\(Any \*\$values\)\nLogs the values at level notice/);
  const file = await hover(page, 'file', 'docs-hover', 0);
  assert.match(file, /^resource type file\n/);
  assert.doesNotMatch(file, /^file\(/);
  assert.deepEqual(errors, []);
  await close();
});

test('in an environment each file shows its own values where their ranges sit at the same offsets', async () => {
  // `$x = 6 * 7` and `$y = 1 + 2` at 2..12 of their own files, the class parameter's `$port` at 14..19 of the module.
  const files = { [MODULE]: 'class app (\n  Integer $port = 8080,\n) {\n  $x = 6 * 7\n}\n' };
  const { page, errors, close } = await openPage(env, link('# site\n$y = 1 + 2\ninclude app\n', files, { open: MODULE }));
  await ran(page);
  await page.waitForFunction((m) => document.querySelector('[data-testid="open-file"]').textContent === m, MODULE);
  assert.equal(await hover(page, '$port', 'value-hover'), '8080\nInteger[8080, 8080]');
  assert.equal(await hover(page, '$x', 'value-hover'), '42\nInteger[42, 42]');
  // Back in snippet.pp, its own.
  await page.getByTestId('file-tree').locator('[data-path="snippet.pp"]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="open-file"]').textContent === 'snippet.pp');
  assert.equal(await hover(page, '$y', 'value-hover'), '3\nInteger[3, 3]');
  assert.deepEqual(errors, []);
  await close();
});

test('an unknown attribute is marked at its name, the message without its own file and line', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, "file { '/tmp/motd':\n  ensur => file,\n}"));
  await ran(page);
  const problem = page.getByTestId('problems').locator('li').first();
  await problem.waitFor();
  const shown = await problem.innerText();
  assert.match(shown, /^2:3 error: no parameter named 'ensur' on File\[\/tmp\/motd\]/);
  assert.doesNotMatch(shown, /\(file: snippet\.pp/);
  assert.deepEqual(await page.locator('.cm-lintRange-error').allInnerTexts(), ['ensur']);
  assert.deepEqual(errors, []);
  await close();
});

test("Help says ERB templates and modules' Ruby functions run, and lists Graph and Outline", async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await page.getByTestId('help').click();
  const runs = await page.locator('[aria-labelledby="help-runs-title"]').innerText();
  assert.match(runs, /ERB templates/);
  assert.match(runs, /Ruby functions modules ship/);
  assert.doesNotMatch(runs, /Not run:[^.]*functions of modules/);
  const panes = await page.getByTestId('help-panes').locator('dt').allTextContents();
  assert.ok(panes.some((t) => t.startsWith('Graph')) && panes.some((t) => t.startsWith('Outline')), panes.join(', '));
  assert.deepEqual(errors, []);
  await close();
});
