// End to end, a run whose results are those shown (Run pressed again, a keystroke that changes no statement's value): the editor's inline results and the gutter's marks are left as they are, not made again (a 3,000-line manifest has thousands).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { codeLink, nextResult, openPage, runs, startBrowserAndServer } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

/** Mark the elements the editor draws for results (inline results, the gutter's marks) to tell later whether they are the same ones. */
const mark = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('#editor');
    const drawn = root.querySelectorAll('.cm-inline-result, .cm-gutter-lint .cm-gutterElement > *');
    drawn.forEach((element) => (element.dataset.seen = 'yes'));
    return drawn.length;
  });
/** How many of those elements are the ones marked, and how many there are. */
const kept = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('#editor');
    const drawn = [...root.querySelectorAll('.cm-inline-result, .cm-gutter-lint .cm-gutterElement > *')];
    return { marked: drawn.filter((element) => element.dataset.seen === 'yes').length, all: drawn.length };
  });

/** The squiggles' texts, evaluation's and lint's. */
const squiggles = (page) => page.locator('.cm-lintRange').allTextContents();

test('running the same code again leaves the inline results and the gutter marks as they are', async () => {
  // A value per statement, an evaluation error (an unknown variable), and a lint finding (double quotes without a
  // variable): inline results, squiggles and the gutter's marks.
  const code = '$a = "x"\n$b = 1 + 2\nnotice($b)\n$c = $nosuch';
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  await page.waitForFunction(() => Number(document.body.dataset.lints ?? 0) > 0, null, { timeout: 20000 });
  await page.getByTestId('editor').click();
  await page.waitForTimeout(300);
  const drawn = await mark(page);
  assert.ok(drawn >= 5, `the editor shows inline results and marks (${drawn})`);
  const shown = await squiggles(page);
  assert.deepEqual(shown, ['"x"', '$nosuch']);
  const before = await runs(page);
  const lints = await page.evaluate(() => Number(document.body.dataset.lints));
  // Run again from the editor (Ctrl+Enter), the focus staying there.
  const editor = page.getByTestId('editor');
  await page.keyboard.press('Control+Enter');
  await nextResult(page, before);
  await page.waitForFunction((n) => Number(document.body.dataset.lints ?? 0) > n, lints, { timeout: 20000 });
  assert.deepEqual(await kept(page), { marked: drawn, all: drawn });
  assert.deepEqual(await squiggles(page), shown);
  // A change that does change them still shows it: $c = $b, known.
  const again = await runs(page);
  await editor.click();
  await editor.press('Control+End');
  for (let i = 0; i < '$nosuch'.length; i += 1) await page.keyboard.press('Backspace');
  await page.keyboard.type('$b');
  await nextResult(page, again);
  await page.waitForFunction(() => !document.querySelector('#editor').querySelector('.cm-lintRange.cm-eval'));
  assert.deepEqual(await squiggles(page), ['"x"']);
  assert.match(await page.locator('.cm-inline-result').last().textContent(), /⇒ 3 : Integer/);
  assert.deepEqual(errors, []);
  await close();
});

/**
 * Mark lint's own elements (its squiggles and its lines' gutter marks); then how many of them are still the marked ones.
 * The mark is a property, not an attribute: CodeMirror draws again the text's elements whose attributes change.
 */
const markLint = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('#editor');
    const drawn = root.querySelectorAll('.cm-lintRange.cm-lint, .cm-gutter-lint .cm-lint-marker-warning');
    drawn.forEach((element) => (element.lintSeen = true));
    return drawn.length;
  });
const keptLint = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('#editor');
    const drawn = [...root.querySelectorAll('.cm-lintRange.cm-lint, .cm-gutter-lint .cm-lint-marker-warning')];
    return { marked: drawn.filter((element) => element.lintSeen === true).length, all: drawn.length };
  });

test("a result whose evaluation squiggles change leaves lint's squiggles and gutter marks as they are", async () => {
  // Lint finds double quotes without a variable on lines 1 and 2; evaluation nothing until an unknown variable is typed
  // on line 4. Lint's findings are kept apart from evaluation's: a new evaluation squiggle does not make lint's again.
  const code = '$a = "x"\n$b = "y"\n$c = 1 + 2\n$d = $c';
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  await page.waitForFunction(() => Number(document.body.dataset.lints ?? 0) > 0, null, { timeout: 20000 });
  const editor = page.getByTestId('editor');
  await editor.click();
  await editor.press('Control+End');
  await page.waitForTimeout(300);
  const drawn = await markLint(page);
  assert.equal(drawn, 4, "lint's two squiggles and two gutter marks are drawn");
  const lints = await page.evaluate(() => Number(document.body.dataset.lints));
  // One edit ('c' replaced): a key after a pause is run at once, and a text part typed (`$d = $`) would be one lint
  // finds nothing in, which would take lint's squiggles away for a moment.
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.insertText('nosuch');
  await page.locator('.cm-lintRange.cm-eval').first().waitFor();
  await page.locator('.cm-lint-marker-error').first().waitFor();
  await page.waitForFunction((n) => Number(document.body.dataset.lints ?? 0) > n, lints, { timeout: 20000 });
  assert.deepEqual(await squiggles(page), ['"x"', '"y"', '$nosuch']);
  assert.deepEqual(await keptLint(page), { marked: drawn, all: drawn });
  // A gutter marker shows its line's diagnostics when the mouse rests on it.
  await page.locator('.cm-lint-marker-error').hover();
  await page.locator('.cm-tooltip-lint').waitFor();
  assert.match(await page.locator('.cm-tooltip-lint').textContent(), /Unknown variable: 'nosuch'/);
  await editor.focus();
  // The squiggled text deleted, its squiggle goes and so does its line's mark in the gutter.
  for (let i = 0; i < '$nosuch'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.insertText('$c');
  await page.waitForFunction(() => !document.querySelector('#editor').querySelector('.cm-lintRange.cm-eval, .cm-lint-marker-error'));
  assert.deepEqual(await squiggles(page), ['"x"', '"y"']);
  assert.deepEqual(await keptLint(page), { marked: drawn, all: drawn });
  assert.deepEqual(errors, []);
  await close();
});

test("a line that both evaluation and lint mark has one gutter marker, evaluation's words first, and lint's lines keep theirs", async () => {
  // Lint: double quotes without a variable on line 1, a string that is only a variable on line 2; evaluation: the
  // unknown variable on line 2. The gutter puts evaluation's few lines together with lint's, kept apart (src/marks.js).
  const code = '$a = "x"\n$b = "${nosuch}"';
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  await page.waitForFunction(() => Number(document.body.dataset.lints ?? 0) > 0, null, { timeout: 20000 });
  await page.locator('.cm-lint-marker-error').first().waitFor();
  const markers = await page.evaluate(() =>
    [...document.querySelectorAll('#editor .cm-gutter-lint .cm-gutterElement')]
      .filter((element) => element.firstElementChild)
      .map((element) => element.firstElementChild.className),
  );
  assert.deepEqual(markers, ['cm-lint-marker cm-lint-marker-warning', 'cm-lint-marker cm-lint-marker-error']);
  await page.locator('.cm-lint-marker-error').hover();
  await page.locator('.cm-tooltip-lint').waitFor();
  const words = await page.locator('.cm-tooltip-lint .cm-diagnosticText').allTextContents();
  assert.equal(words.length, 2, `both diagnostics of line 2 (${words.join(' | ')})`);
  assert.match(words[0], /Unknown variable: 'nosuch'/);
  assert.match(words[1], /only a variable|string containing only a variable/i);
  assert.deepEqual(errors, []);
  await close();
});

test("a failed run keeps the inline results shown, marked stale; the next result changes only the hints that differ", async () => {
  const code = '$a = 1\n$b = 2\n$c = $b';
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  await page.locator('.cm-inline-result', { hasText: '⇒ 2' }).first().waitFor();
  const editor = page.getByTestId('editor');
  await editor.click();
  await editor.press('Control+End');
  await page.waitForTimeout(300);
  assert.equal(await mark(page), 3, 'three inline results');
  const hints = () => page.locator('.cm-inline-result').allTextContents();
  const keptHints = () =>
    page.evaluate(() => {
      const drawn = [...document.querySelectorAll('#editor .cm-inline-result')];
      return { marked: drawn.filter((element) => element.dataset.seen === 'yes').length, all: drawn.length };
    });
  const stale = () => page.evaluate(() => document.querySelector('#editor .cm-editor').classList.contains('cm-results-stale'));
  // A failed run (a syntax error): no statements; the hints stay, dimmed, the same elements.
  let before = await runs(page);
  await page.keyboard.insertText(' +');
  await nextResult(page, before);
  assert.notEqual(await page.getByTestId('problems').textContent(), '', 'the run failed');
  assert.deepEqual(await hints(page), ['⇒ 1 : Integer[1, 1]', '⇒ 2 : Integer[2, 2]', '⇒ 2 : Integer[2, 2]']);
  assert.equal(await stale(page), true, 'marked stale');
  assert.deepEqual(await keptHints(), { marked: 3, all: 3 });
  // A result with statements again: only the changed hint is drawn again, the stale mark goes.
  before = await runs(page);
  await page.keyboard.insertText(' 3');
  await nextResult(page, before);
  await page.locator('.cm-inline-result', { hasText: '⇒ 5' }).waitFor();
  assert.deepEqual(await hints(page), ['⇒ 1 : Integer[1, 1]', '⇒ 2 : Integer[2, 2]', '⇒ 5 : Integer[5, 5]']);
  assert.equal(await stale(page), false, 'no longer stale');
  assert.deepEqual(await keptHints(), { marked: 2, all: 3 });
  // Text whose line is deleted takes its stale hint with it.
  before = await runs(page);
  await page.keyboard.insertText(' +');
  await nextResult(page, before);
  await page.waitForFunction(() => document.querySelector('#editor .cm-editor').classList.contains('cm-results-stale'));
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Backspace');
  // CodeMirror may read the deletion from the DOM a moment after the key event returns.
  await page.waitForFunction(() => document.querySelectorAll('#editor .cm-inline-result').length === 2);
  assert.deepEqual(await hints(page), ['⇒ 1 : Integer[1, 1]', '⇒ 2 : Integer[2, 2]']);
  assert.deepEqual(errors, []);
  await close();
});
