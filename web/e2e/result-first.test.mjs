// End to end, what a run sends and in which order: the result first, the values recorded for hover right after it, then what does not hold it up (the hidden Tokens and AST panes' data, lint), each left to a newer run when one waits; the Tokens and AST panes, while shown, still fill before evaluating.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFragment } from '../src/share.js';
import { codeLink, manifest, nextResult, openPage, runs, showDeveloperPane, startBrowserAndServer, text, typeAtEnd } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

test('the Tokens pane opened after typing shows the latest text; while it is shown, its tokens come with each run', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1 + 2'));
  await page.waitForFunction(() => document.querySelector('[data-testid="result-value"]').textContent === '3');
  let before = await runs(page);
  await typeAtEnd(page, ' + 3');
  await nextResult(page, before);
  await page.waitForFunction(() => document.querySelector('[data-testid="result-value"]').textContent === '6');
  // Hidden, the pane got the tokens after the result: shown now, it has the text's.
  await showDeveloperPane(page, 'Tokens');
  await page.waitForFunction(() => /1:9 number "3"/.test(document.querySelector('[data-testid="tokens"]').textContent));
  assert.equal(await text(page, 'tokens'), '1:1 number "1"1:3 operator "+"1:5 number "2"1:7 operator "+"1:9 number "3"');
  // Shown, it gets them before the result, so they are there as soon as the result is.
  before = await runs(page);
  await typeAtEnd(page, ' + 4');
  await nextResult(page, before);
  await page.waitForFunction(() => document.querySelector('[data-testid="result-value"]').textContent === '10');
  assert.match(await text(page, 'tokens'), /1:13 number "4"/);
  assert.deepEqual(errors, []);
  await close();
});

/** Hover the first token whose text is `text` and return the value hover's text. */
async function hoverValue(page, text) {
  await page.mouse.move(0, 0);
  await page.locator('.cm-tooltip-hover').waitFor({ state: 'detached' }).catch(() => {});
  await page.locator('.cm-content span', { hasText: new RegExp(`^\\${text}$`) }).first().hover();
  const part = page.locator('.cm-tooltip-hover [data-testid="value-hover"]');
  await part.waitFor({ timeout: 5000 });
  return part.innerText();
}

test('the values for hover, sent after the result, are those of the latest run', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '$x = 40 + 1\nnotice($x)'));
  // Lint's engine (the full one, which records) is there: runs now bring their recorded values.
  await page.waitForFunction(() => Number(document.body.dataset.lints ?? 0) > 0, null, { timeout: 20000 });
  assert.equal(await hoverValue(page, '$x'), '41\nInteger[41, 41]');
  const before = await runs(page);
  const editor = page.getByTestId('editor');
  await editor.click();
  await editor.press('Control+Home');
  await editor.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await nextResult(page, before);
  await page.waitForFunction(() => document.querySelector('[data-testid="output"]').textContent.includes('notice: 42'));
  assert.equal(await hoverValue(page, '$x'), '42\nInteger[42, 42]');
  assert.deepEqual(errors, []);
  await close();
});


test('a run with its result sent is not restarted for a newer one: it leaves its tokens and lint to it', async () => {
  const context = await env.browser.newContext();
  // The engine's workers (not the link compressor's): a run cut short by a restart would start another.
  const engines = [];
  context.on('page', (page) => page.on('worker', (worker) => /\/worker-[\w-]+\.js$/.test(worker.url()) && engines.push(worker.url())));
  // A bracket closed that was never opened: each text fails to parse, so its result comes at once, while its tokens and lint (an
  // 8,000-line manifest's take longer) would keep the engine busy past the point where a newer request restarts a
  // run that has not answered. In the link, not typed: the text without it (while the bracket's newline alone was
  // typed) evaluates the whole manifest, which on a loaded machine outlasts that point when the next key asks.
  const { page, errors, close } = await openPage(env, `${env.baseUrl}#${encodeFragment(`${manifest(8000)}\n)`)}`, { context });
  await page.waitForFunction(() => Number(document.body.dataset.lints ?? 0) > 0, null, { timeout: 30000 });
  await typeAtEnd(page, ''); // the cursor at the end
  const before = await runs(page);
  const lints = await page.evaluate(() => Number(document.body.dataset.lints));
  for (const key of '1, 2, 3') {
    // Each key once the run before it has sent its result (on a loaded machine a parse error's result can take longer
    // than the page lets an unanswered run go on before a newer request restarts it), and not before that time has
    // passed: the run is then busy with what follows its result.
    const typed = Date.now();
    const count = await runs(page);
    await page.keyboard.type(key);
    await nextResult(page, count, 20000);
    await page.waitForTimeout(Math.max(0, 450 - (Date.now() - typed)));
  }
  await nextResult(page, before);
  await page.waitForFunction((n) => Number(document.body.dataset.lints ?? 0) > n, lints, { timeout: 20000 });
  assert.match(await text(page, 'status'), /error/);
  assert.equal(engines.length, 1, `one engine worker, never restarted (${engines.length} started)`);
  assert.equal(await page.evaluate(() => document.body.dataset.restarts ?? '0'), '0');
  assert.deepEqual(errors, []);
  await close();
  await context.close();
});
