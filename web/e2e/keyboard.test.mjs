// End to end, the keyboard: Tab passes through the editor until the user types in it (Escape then Tab leaves it), a skip link, the shortcut list in Help.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { codeLink, editorText, nextResult, openPage, runs, startBrowserAndServer } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const focusedId = (page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.dataset?.testid || document.activeElement?.tagName);
const editorFocused = (page) => page.evaluate(() => document.activeElement?.closest('#editor') !== null);

test('Tab moves through the editor until the user types in it; then Tab indents, and Escape then Tab leaves', async () => {
  const code = "notice('a')\nnotice('b')";
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  // From the control before the editor, Tab enters the editor ...
  // (the open file's tab above it)
  await page.locator('[data-testid="file-tab"][aria-current="page"]').focus();
  await page.keyboard.press('Tab');
  assert.ok(await editorFocused(page), 'Tab enters the editor');
  // ... and the next Tab leaves it, leaving the code alone.
  await page.keyboard.press('Tab');
  assert.ok(!(await editorFocused(page)), `Tab left the editor (focus on ${await focusedId(page)})`);
  assert.equal(await editorText(page), code);
  // Shift+Tab comes back, and once the user has typed, Tab indents.
  await page.keyboard.press('Shift+Tab');
  assert.ok(await editorFocused(page), 'Shift+Tab comes back');
  const before = await runs(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nnotice(1)');
  await nextResult(page, before);
  await page.keyboard.press('Home');
  await page.keyboard.press('Tab');
  assert.ok(await editorFocused(page), 'Tab indents once the user has typed');
  assert.equal(await editorText(page), `${code}\n  notice(1)`);
  // Escape, then Tab: out of the editor, the code as it was.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  assert.ok(!(await editorFocused(page)), 'Escape then Tab leaves the editor');
  assert.equal(await editorText(page), `${code}\n  notice(1)`);
  assert.deepEqual(errors, []);
  await close();
});

test('a skip link is the first stop and takes the keyboard to the editor (the link in the address stays)', async () => {
  const { page, close } = await openPage(env, codeLink(env, '1 + 1'));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  const hash = new URL(page.url()).hash;
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => ({ text: document.activeElement.textContent, visible: document.activeElement.getBoundingClientRect().height > 0 }));
  assert.deepEqual(first, { text: 'Skip to the editor', visible: true });
  await page.keyboard.press('Enter');
  assert.ok(await editorFocused(page), 'the editor has the focus');
  assert.equal(new URL(page.url()).hash, hash);
  await close();
});

test('Help lists the keyboard shortcuts, including how Tab works in the editor', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await page.getByTestId('help').click();
  const dialog = page.getByTestId('help-dialog');
  await dialog.waitFor();
  const shortcuts = await dialog.getByTestId('shortcuts').textContent();
  for (const key of ['Ctrl+Enter', 'Escape then Tab', 'Ctrl+M', 'Ctrl+F', 'Ctrl+Z', 'F2', 'Delete']) {
    assert.ok(shortcuts.includes(key), `the list names ${key}: ${shortcuts}`);
  }
  assert.match(shortcuts, /Tab indents once you have typed in the editor/);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.deepEqual(errors, []);
  await close();
});
