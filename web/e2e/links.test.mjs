// End to end, share links in an open tab: a link pasted into the address bar opens its code; a broken link says so and keeps its address until the user edits.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { decodeLocation, encodeFragment } from '../src/share.js';
import { codeLink, editorText, nextResult, openPage, runs, startBrowserAndServer, text } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const value = (page) => text(page, 'result-value');
const waitForValue = (page, expected) =>
  page.waitForFunction((v) => document.querySelector('[data-testid="result-value"]').textContent === v, expected);

test('a share link pasted into the address bar of an open playground opens its code and settings', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1 + 1'));
  await waitForValue(page, '2');
  // Pasting a link to the same page changes only the fragment: the browser fires hashchange, no reload.
  const link = `${env.baseUrl}#${encodeFragment('6 * 7', { strict: 'warning' })}`;
  await page.goto(link);
  await waitForValue(page, '42');
  assert.equal(await editorText(page), '6 * 7');
  assert.equal(await page.getByTestId('strict').inputValue(), 'warning');
  assert.equal(page.url(), link, 'the address is the link');
  // The next edit changes the linked code, not the old one.
  const before = await runs(page);
  const editor = page.getByTestId('editor');
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially(' + 1');
  await nextResult(page, before);
  await waitForValue(page, '43');
  // The address follows after a pause, with where the sender was (issue 38: `;at=` the cursor) after the settings.
  const edited = `#${encodeFragment('6 * 7 + 1', { strict: 'warning' })}`;
  await page.waitForFunction((h) => location.hash === h || location.hash.startsWith(`${h};`), edited);
  const reread = decodeLocation(new URL(page.url()));
  assert.equal(reread.code, '6 * 7 + 1');
  assert.equal(reread.settings.strict, 'warning');
  // Back in history: the first code again.
  assert.deepEqual(errors, []);
  await close();
});

test('a link pasted into an open tab replaces an environment with files too', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await waitForValue(page, '1');
  const files = { 'modules/app/manifests/init.pp': "class app { notice('app') }\n" };
  await page.goto(`${env.baseUrl}#${encodeFragment('include app\n5', undefined, { files })}`);
  await waitForValue(page, '5');
  await page.getByTestId('file-tree').locator('[data-path="modules"]').waitFor();
  // The value is drawn a task before the Output pane.
  await page.waitForFunction(() => /notice: app/.test(document.querySelector('[data-testid="output"]').textContent));
  assert.match(await text(page, 'output'), /notice: app/);
  assert.deepEqual(errors, []);
  await close();
});

for (const broken of ['#v1/', '#v9/abc', '#v1/!!!']) {
  test(`a broken or unknown link (${broken}) keeps its message and its address until the user edits`, async () => {
    const { page, errors, close } = await openPage(env, env.baseUrl + broken);
    // The first run has finished: the message is still there, and the address is as given.
    await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
    await page.waitForTimeout(300);
    assert.match(await text(page, 'status'), /This link could not be opened/);
    assert.equal(new URL(page.url()).hash, broken);
    // An edit is the user's answer: the address follows the code again, the message goes.
    const before = await runs(page);
    const editor = page.getByTestId('editor');
    await editor.click();
    await editor.press('Control+End');
    await editor.pressSequentially('\n1 + 1');
    await nextResult(page, before);
    await page.waitForFunction(() => !/could not be opened/.test(document.querySelector('[data-testid="status"]').textContent));
    // The address follows once typing pauses (issue 38: off the keystroke's path).
    await page.waitForFunction(() => /^#v1\/[\w-]+$/.test(location.hash));
    assert.deepEqual(errors, []);
    await close();
  });
}

test('a broken link pasted into an open tab says so and keeps the code', async () => {
  const { page, close } = await openPage(env, codeLink(env, '3 * 3'));
  await waitForValue(page, '9');
  await page.goto(`${env.baseUrl}#v9/abc`);
  await page.waitForFunction(() => /could not be opened/.test(document.querySelector('[data-testid="status"]').textContent));
  assert.equal(await editorText(page), '3 * 3');
  assert.equal(await value(page), '9');
  assert.equal(new URL(page.url()).hash, '#v9/abc');
  await close();
});
