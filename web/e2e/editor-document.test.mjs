// End to end, the editor in the page's document (no shadow root): its styles and CodeMirror's adopted as constructed stylesheets under the CSP, in an order that lets the page's look win, and its selection read from the document.
//
// Why no shadow root: Chromium lays the page out each time CodeMirror reads a shadow root's selection, which it does
// on every key and whenever a result redraws a line (docs/page.md, "Typing").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { codeLink, openPage, startBrowserAndServer } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

test('the editor lives in the document, styled by adopted stylesheets with no <style> element and no CSP violation', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '$a = [1, 2]\nnotice($a)'));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  const editor = page.getByTestId('editor');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Shift+Home');
  const seen = await page.evaluate(() => {
    const host = document.querySelector('#editor');
    const content = host.querySelector('.cm-content');
    const style = (selector, property) => getComputedStyle(host.querySelector(selector))[property];
    return {
      shadowRoot: host.shadowRoot !== null,
      focusedInDocument: document.activeElement === content,
      selected: document.getSelection().toString(),
      styleElements: document.querySelectorAll('style').length,
      adopted: document.adoptedStyleSheets.length,
      // CodeMirror's own styles (its base theme: the scroller is a flex box) ...
      scrollerDisplay: style('.cm-scroller', 'display'),
      // ... and the page's, which come after them: a focused editor has no outline (CodeMirror's theme gives one).
      focusedOutline: style('.cm-editor', 'outlineStyle'),
      hostDisplay: getComputedStyle(host).display,
      inlineResult: style('.cm-inline-result', 'display'),
    };
  });
  assert.deepEqual(seen, {
    shadowRoot: false,
    focusedInDocument: true,
    selected: 'notice($a)',
    styleElements: 0,
    adopted: 2,
    scrollerDisplay: 'flex',
    focusedOutline: 'none',
    hostDisplay: 'flex',
    inlineResult: 'inline-block',
  });
  // The editor's look stays the editor's: the page's text size does not reach its lines.
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('#editor .cm-line')).fontSize), '13.5px');
  assert.deepEqual(errors, [], 'no page errors and no CSP violations');
  await close();
});
