// End to end, the page's layout: long inline results never widen the editor or the page (phone and desktop), cut with an ellipsis and shown whole on hover.
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

const SQUARES = 'Integer[1, 300].map |$i| { $i * $i }';

/** How far the document and the editor's scroller overflow sideways, in px. */
const overflow = (page) =>
  page.evaluate(() => {
    const scroller = document.querySelector('#editor').querySelector('.cm-scroller');
    return {
      document: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      editor: scroller.scrollWidth - scroller.clientWidth,
    };
  });

test('phone (390 px): a long inline result leaves the page and the editor at the screen width', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page, errors, close } = await openPage(env, codeLink(env, `$squares = ${SQUARES}\n$squares.length`), { context });
  await page.locator('.cm-inline-result').first().waitFor();
  assert.equal(await page.evaluate(() => innerWidth), 390, 'no zoomed-out layout');
  assert.deepEqual(await overflow(page), { document: 0, editor: 0 });
  // The result and the editor both fit the screen.
  for (const selector of ['#editor', '.side']) {
    const box = await page.locator(selector).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `${selector} fits: ${JSON.stringify(box)}`);
  }
  assert.deepEqual(errors, []);
  await close();
  await context.close();
});

test('desktop: a long inline result is cut with an ellipsis at the editor\'s edge and shown whole on hover', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, `$squares = ${SQUARES}\n$squares.length`));
  const hint = page.locator('.cm-inline-result').first();
  await hint.waitFor();
  assert.deepEqual(await overflow(page), { document: 0, editor: 0 });
  const style = await hint.evaluate((el) => {
    const s = getComputedStyle(el);
    return { textOverflow: s.textOverflow, overflow: s.overflowX, cut: el.scrollWidth > el.clientWidth };
  });
  assert.deepEqual(style, { textOverflow: 'ellipsis', overflow: 'hidden', cut: true });
  // Hovering shows the whole value: the last square is 90000.
  const whole = await hint.getAttribute('title');
  assert.match(whole, /^⇒ \[1, 4, 9, .*, 89401, 90000\] : Tuple\[/);
  assert.deepEqual(errors, []);
  await close();
});

/** The shown pane tabs' rows: their distinct tops. */
const tabRows = (page) =>
  page.locator('#pane-tabs [role="tab"]').evaluateAll((tabs) => new Set(tabs.filter((t) => !t.hidden).map((t) => Math.round(t.getBoundingClientRect().top))).size);

test('1440 px: the panes in groups on one row, the developer views tucked away, the results column resizable; a first visit is welcomed in plain words', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const { page, errors, close } = await openPage(env, env.baseUrl, { context });
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  assert.equal(await tabRows(page), 1, 'one row of tabs');
  assert.deepEqual(
    await page.locator('#pane-tabs [role="tab"]:not([hidden])').evaluateAll((tabs) => tabs.map((t) => [t.textContent.replace(/ \(\d+\)$/, ''), t.dataset.group])),
    [['Output', 'results'], ['Catalog', 'results'], ['Compare', 'results'], ['Facts', 'environment'], ['Lookup', 'environment'], ['Lint', 'environment'], ['Graph', 'environment'], ['Outline', 'environment']],
  );
  await page.getByTestId('developer-toggle').click();
  assert.equal(await tabRows(page), 1, 'the developer views join the row');
  // The separator between the editor and the results: each Left arrow widens the results by 16 px.
  const side = page.locator('#side');
  const width = (await side.boundingBox()).width;
  await page.getByTestId('side-separator').focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(Math.round((await side.boundingBox()).width - width), 32);
  // A first visit: the welcome, and "Type" before the exact type; no "Generalized".
  assert.equal(await page.getByTestId('welcome').isVisible(), true);
  assert.deepEqual(await page.locator('.result dt').allTextContents(), ['Value', 'Type', 'Exact type']);
  assert.doesNotMatch(await page.locator('body').innerText(), /Generalized/);
  await page.getByTestId('welcome-close').click();
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.getByTestId('welcome').isHidden(), true, 'dismissed once, gone');
  assert.deepEqual(errors, []);
  await close();
  await context.close();
});

test('390 px: the editor and the result first, Files behind the menu, every toolbar label shown, the panes behind their menu', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page, errors, close } = await openPage(env, codeLink(env, '1 + 1'), { context });
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  assert.equal(await page.getByTestId('files').isHidden(), true, 'Files is behind the menu');
  const editorBox = await page.locator('#editor').boundingBox();
  const resultBox = await page.locator('.result').boundingBox();
  assert.ok(editorBox.y < resultBox.y, 'the editor, then the result');
  assert.ok(resultBox.y + 40 < 844, `the result's first line is on the first screen (at ${resultBox.y})`);
  const strict = await page.getByText('strict', { exact: true }).boundingBox();
  assert.ok(strict && strict.width > 10, 'the strict label is visible');
  await page.getByTestId('menu').click();
  assert.equal(await page.getByTestId('files').isVisible(), true);
  await page.getByTestId('files-close').click();
  assert.equal(await page.getByTestId('files').isHidden(), true);
  // The panes: one button names the pane shown and opens the list.
  assert.equal(await page.getByTestId('pane-menu').textContent(), 'Pane: Output');
  await page.getByTestId('pane-menu').click();
  await page.getByRole('tab', { name: /Catalog/ }).click();
  assert.equal(await page.getByTestId('pane-menu').textContent(), 'Pane: Catalog');
  assert.equal(await page.locator('#pane-tabs').isHidden(), true, 'the list closes on a choice');
  assert.deepEqual(await overflow(page), { document: 0, editor: 0 });
  assert.deepEqual(errors, []);
  await close();
  await context.close();
});

test('the graph is drawn with its labels at least the size of the small text of the page, and no empty band above it', async () => {
  const code = "package { 'nginx': }\n-> file { '/etc/nginx/nginx.conf': }\n~> service { 'nginx': }";
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  await page.getByTestId('tab-graph').click();
  await page.waitForSelector('[data-testid="graph"][data-graph-ready]');
  const { label, gap } = await page.evaluate(() => {
    const svg = document.querySelector('[data-testid="graph-svg"]');
    const heights = [...svg.querySelectorAll('.graph-node text')].map((t) => t.getBoundingClientRect().height);
    const nodes = [...svg.querySelectorAll('.graph-node')].map((n) => n.getBoundingClientRect().top);
    return { label: Math.min(...heights), gap: Math.min(...nodes) - svg.getBoundingClientRect().top };
  });
  // 0.85 × 16 px: a label's box is at least that tall.
  assert.ok(label >= 13, `labels ${label} px tall`);
  assert.ok(gap <= 30, `${gap} px above the drawing`);
  assert.match(await page.locator('.graph-implicit').textContent(), /^ Show the containers every catalog has/);
  assert.deepEqual(errors, []);
  await close();
});
