// End to end, accessibility: axe-core finds no critical or serious problem on the main views (light, dark, phone; panes and Help open),
// live regions announce results rather than work, touch targets on the phone are 44 px, the phone's toolbar takes two rows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { codeLink, nextResult, openPage, runs, startBrowserAndServer, choosePane, showDeveloperPane } from './helpers.mjs';

const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

// What the views show: a comment on the active line, inline results (one long), a problem (a warning: the
// catalog still compiles), a catalog, a lint finding (the double-quoted string without variables).
const CODE = [
  '# Users and their groups',
  "$groups = ['admin', 'dev']",
  '$motd = "Welcome"',
  '$squares = Integer[1, 300].map |$i| { $i * $i }',
  "user { 'alice': ensure => present, groups => $groups }",
  "service { 'web': ensure => runing }",
  'notice($groups.length)',
].join('\n');

/** axe's critical and serious violations on the page as it is now, as readable lines. */
async function seriousViolations(page) {
  await page.evaluate(AXE);
  const { violations } = await page.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim()})`).join('; ')}`);
}

const VIEWS = [
  { name: 'desktop light', options: { viewport: { width: 1280, height: 800 }, colorScheme: 'light' } },
  { name: 'desktop dark', options: { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'light' } },
];

for (const { name, options } of VIEWS) {
  test(`axe-core: no critical or serious violations (${name}: editor, Output, Catalog, Compare, Facts, Lookup, Lint, Outline, Graph, AST, Tokens, the palette, Help)`, async () => {
    const context = await env.browser.newContext(options);
    const { page, errors, close } = await openPage(env, codeLink(env, CODE), { context });
    await page.locator('.cm-inline-result').first().waitFor();
    await page.getByTestId('problems').locator('li').first().waitFor();
    // The comment's line is the active one.
    await page.locator('.cm-line').first().click();
    const found = { editor: await seriousViolations(page) };
    await page.evaluate(() => document.activeElement?.blur());
    await choosePane(page, 'catalog');
    found.catalog = await seriousViolations(page);
    // The Compare pane with a catalog pinned.
    await choosePane(page, 'compare');
    await page.getByTestId('compare-pin').click();
    await page.getByTestId('compare-summary').waitFor();
    found.compare = await seriousViolations(page);
    await choosePane(page, 'facts');
    found.facts = await seriousViolations(page);
    // The Lookup pane with an answer (a key found nowhere: the failure and the trace).
    await choosePane(page, 'lookup');
    await page.getByTestId('lookup-key').fill('ntp::servers');
    await page.getByTestId('lookup-run').click();
    await page.getByTestId('lookup-explanation').waitFor();
    found.lookup = await seriousViolations(page);
    // The Lint pane with findings and its list of checks open.
    await page.waitForFunction(() => document.body.dataset.lints, null, { timeout: 20000 });
    await choosePane(page, 'lint');
    await page.getByTestId('lint-findings').locator('li').first().waitFor();
    await page.getByText(/^Checks/).click();
    found.lint = await seriousViolations(page);
    // The Outline pane, a row gone to (the cursor's symbol marked).
    await choosePane(page, 'outline');
    await page.getByTestId('outline-tree').getByRole('button', { name: /user\['alice'\]/ }).click();
    await page.getByTestId('outline-tree').locator('[aria-current="true"]').waitFor();
    found.outline = await seriousViolations(page);
    await choosePane(page, 'graph');
    await page.waitForSelector('[data-testid="graph"][data-graph-ready]');
    found.graph = await seriousViolations(page);
    await showDeveloperPane(page, 'AST');
    found.ast = await seriousViolations(page);
    await showDeveloperPane(page, 'Tokens');
    found.tokens = await seriousViolations(page);
    await choosePane(page, 'output');
    found.output = await seriousViolations(page);
    await page.keyboard.press('F1');
    await page.getByTestId('palette-list').locator('[role="option"]').first().waitFor();
    found.palette = await seriousViolations(page);
    await page.keyboard.press('Escape');
    await page.getByTestId('help').click();
    await page.getByTestId('help-dialog').waitFor();
    found.help = await seriousViolations(page);
    const none = { editor: [], catalog: [], compare: [], facts: [], lookup: [], lint: [], outline: [], graph: [], ast: [], tokens: [], output: [], palette: [], help: [] };
    assert.deepEqual(found, none);
    assert.deepEqual(errors, []);
    await close();
    await context.close();
  });
}

test('live regions announce results, never "running…", and only the status is live', async () => {
  const { page, close } = await openPage(env, codeLink(env, '1'));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await page.evaluate(() => {
    window.__announced = [];
    const live = [...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], output:not([aria-live="off"])')];
    window.__liveIds = live.map((el) => el.id || el.dataset.testid);
    const observer = new MutationObserver(() => {
      for (const el of live) if (el.textContent) window.__announced.push(el.textContent);
    });
    for (const el of live) observer.observe(el, { childList: true, characterData: true, subtree: true });
  });
  const before = await runs(page);
  const editor = page.getByTestId('editor');
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially(' + 41');
  await nextResult(page, before);
  await page.waitForFunction(() => document.querySelector('[data-testid="result-value"]').textContent === '42');
  await page.waitForTimeout(200);
  const { announced, ids } = await page.evaluate(() => ({ announced: window.__announced, ids: window.__liveIds }));
  assert.deepEqual(announced.filter((t) => /running/i.test(t)), [], 'work is not announced');
  assert.ok(announced.some((t) => t.includes('42') && t.includes('Integer[42, 42]')), `the result is announced: ${JSON.stringify(announced)}`);
  // The value, type and problems are not live regions of their own (one announcement per result).
  for (const id of ['result-value', 'result-type', 'result-generalized']) assert.ok(!ids.includes(id), `${id} is not live`);
  await close();
});

test('Problems lists buttons inside list items; catalog entries are named by what they show', async () => {
  const { page, close } = await openPage(env, codeLink(env, CODE));
  await page.getByTestId('problems').locator('li').first().waitFor();
  const problems = await page.getByTestId('problems').evaluate((ul) => [...ul.children].map((li) => `${li.tagName} > ${li.firstElementChild?.tagName} ${li.getAttribute('role')}`));
  assert.deepEqual(problems, ['LI > BUTTON null']);
  await choosePane(page, 'catalog');
  const user = page.getByTestId('catalog').locator('[data-reference="User[alice]"]');
  await user.waitFor();
  const name = await user.evaluate((el) => el.getAttribute('aria-label'));
  assert.equal(name, null, 'no label hiding the parameters');
  assert.match(await user.textContent(), /groups => \['admin', 'dev'\]/);
  await close();
});

test('phone: touch targets are at least 44 px and the toolbar takes at most two rows', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page, close } = await openPage(env, codeLink(env, CODE), { context });
  await page.getByTestId('problems').locator('li').first().waitFor();
  const smallTargets = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('button, select, input:not([type="file"]), a[href], [role="tab"], [role="treeitem"], textarea, summary')]
        .filter((el) => !el.closest('[hidden], dialog:not([open])') && !el.classList.contains('range') && el.getClientRects().length)
        .filter((el) => !el.classList.contains('skip-link'))
        .map((el) => ({ what: el.id || el.dataset.testid || el.dataset.check || el.textContent.trim().slice(0, 20), box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.height < 44 || box.width < 44)
        .map(({ what, box }) => `${what}: ${Math.round(box.width)}x${Math.round(box.height)}`),
    );
  assert.deepEqual(await smallTargets(), []);
  // The Lint pane with its list of checks open.
  await choosePane(page, 'lint');
  await page.getByText(/^Checks/).click();
  assert.deepEqual(await smallTargets(), []);
  // The Outline pane's rows.
  await choosePane(page, 'outline');
  await page.getByTestId('outline-tree').locator('button').first().waitFor();
  assert.deepEqual(await smallTargets(), []);
  // Rows: items whose vertical extents overlap are on one row.
  const rows = await page.evaluate(() => {
    const boxes = [...document.querySelector('.toolbar').children]
      .map((el) => el.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0)
      .sort((a, b) => a.top - b.top);
    let count = 0;
    let bottom = -Infinity;
    for (const box of boxes) {
      if (box.top >= bottom - 1) count += 1;
      bottom = Math.max(bottom, box.bottom);
    }
    return count;
  });
  assert.ok(rows <= 2, `the toolbar takes ${rows} rows`);
  await close();
  await context.close();
});
