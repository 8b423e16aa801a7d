// Hostile runs against the worker in Chromium (issue 39): the Graph pane's compile under the watchdog, the page
// surviving a worker whose engine traps (in a run, in a question, or on a value nested 20,000 deep), and the
// graph's .svg download staying valid XML when a title holds control characters.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { codeLink, nextResult, openPage, replaceCode, runs, startBrowserAndServer, text } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const waitForValue = (page, value, timeout = 15000) =>
  page.waitForFunction((v) => document.querySelector('[data-testid="result-value"]').textContent === v, value, { timeout });
const waitForStatus = (page, pattern, timeout = 15000) =>
  page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[data-testid="status"]').textContent), pattern.source, { timeout });

test('the Graph pane compile is under the watchdog: one that never ends restarts the worker, and the pane and the status say so', async () => {
  // The light engine runs the code (no graph); the Graph pane has the full engine compile it again: that spins.
  const code = "notify { 'spin': } # GRAPH-SPIN";
  const { page, errors, close } = await openPage(env, codeLink(env, code), { test: { hangOn: 'GRAPH-SPIN', hangIn: ['graph'] } });
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  const started = Date.now();
  await page.getByTestId('tab-graph').click();
  await page.waitForFunction(() => /^No graph/.test(document.querySelector('[data-testid="graph-status"]')?.textContent ?? ''), null, { timeout: 20000 });
  const elapsed = Date.now() - started;
  assert.equal(await text(page, 'graph-status'), 'No graph: compiling it took longer than 3 s, so the engine was restarted.');
  assert.equal(await text(page, 'status'), "Stopped: the Graph pane's compile gave no answer within 3 s, so the engine was restarted.");
  assert.ok(elapsed >= 3000 && elapsed < 15000, `the watchdog stopped it after ${elapsed} ms`);
  assert.equal(await page.evaluate(() => document.body.dataset.restarts), '1');
  // The restarted worker runs the next edit.
  const count = await runs(page);
  await replaceCode(page, '6 * 7');
  await nextResult(page, count);
  await waitForValue(page, '42');
  assert.deepEqual(errors, []);
  await close();
});

test('a worker whose engine traps in a run, or in a question, is restarted with a message, and the page goes on', async () => {
  // A run whose engine traps (a wasm RuntimeError, as an aborted or overflowed engine throws).
  const run = await openPage(env, codeLink(env, '1 + 1'), { test: { crashOn: 'TRAP', crashIn: ['run'] } });
  await waitForValue(run.page, '2');
  await replaceCode(run.page, "notify { 'x': } # TRAP");
  await waitForStatus(run.page, /^The engine crashed and was restarted\.$/);
  let count = await runs(run.page);
  await replaceCode(run.page, '3 * 3');
  await nextResult(run.page, count);
  await waitForValue(run.page, '9');
  assert.deepEqual(run.errors, []);
  await run.close();
  // The Graph pane's compile traps (the run itself does not): the pane and the status say so.
  const graph = await openPage(env, codeLink(env, "notify { 'x': } # TRAP"), { test: { crashOn: 'TRAP', crashIn: ['graph'] } });
  await graph.page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await graph.page.getByTestId('tab-graph').click();
  await graph.page.waitForFunction(() => /^No graph/.test(document.querySelector('[data-testid="graph-status"]')?.textContent ?? ''), null, { timeout: 20000 });
  assert.equal(await text(graph.page, 'graph-status'), 'No graph: the engine crashed compiling it, and was restarted.');
  await waitForStatus(graph.page, /^The engine crashed on the Graph pane's compile and was restarted\.$/);
  count = await runs(graph.page);
  await replaceCode(graph.page, '4 * 4');
  await nextResult(graph.page, count);
  await waitForValue(graph.page, '16');
  assert.deepEqual(graph.errors, []);
  await graph.close();
});

test('values nested 20,000 deep compared, sorted and flattened: the page survives whatever the engine does, and runs again', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await waitForValue(page, '1');
  for (const use of ['$deep == $deep', '[$deep, $deep].sort.size', '[$deep].flatten.size']) {
    const count = await runs(page);
    await replaceCode(page, `$deep = Integer[1, 20000].reduce([]) |$m, $i| { [$m] }\n${use}`);
    // An answer: a result, an error of the engine's, or a crash the page recovered from (the engine's fix is
    // another change; this holds with or without it).
    await page.waitForFunction(
      (n) => Number(document.body.dataset.runs ?? 0) > n || /crashed|failed|Stopped/.test(document.querySelector('[data-testid="status"]').textContent),
      count,
      { timeout: 20000 },
    );
    const after = await runs(page);
    await replaceCode(page, '2 + 3');
    await nextResult(page, after);
    await waitForValue(page, '5');
  }
  assert.deepEqual(errors.filter((e) => !/engine/.test(e)), []);
  await close();
});

test('the graph\'s .svg download parses as XML when a resource title holds control characters', async () => {
  const context = await env.browser.newContext({ acceptDownloads: true });
  const { page, errors, close } = await openPage(env, codeLink(env, 'notify { "bell\\u0007 and \\u0001": } -> notify { "tab\\tok": }'), { context });
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await page.getByTestId('tab-graph').click();
  await page.waitForSelector('[data-testid="graph"][data-graph-ready]');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('graph-export-svg').click()]);
  const svg = await readFile(await download.path(), 'utf8');
  // The browser's XML parser: a control character (even as &#7;) is a fatal error, reported as <parsererror>.
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    const error = doc.querySelector('parsererror');
    return error ? { error: error.textContent } : { titles: [...doc.querySelectorAll('title')].map((t) => t.textContent).sort() };
  }, svg);
  assert.deepEqual(parsed, { titles: ['Notify[bell\u2407 and \u2401]', 'Notify[tab\tok]'] });
  assert.deepEqual(errors, []);
  await close();
  await context.close();
});
