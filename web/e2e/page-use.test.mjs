// End to end, the page as people use it (issue 38): work never thrown away by an example or a link, share links that open on the sender's file, cursor and pane, warning badges, the page's own advice after a cycle, Help and the command palette from the page's data, Format's preview.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, encodeFragment } from '../src/share.js';
import { PANES } from '../src/panes/registry.js';
import { codeLink, editorText, nextResult, openPage, runs, startBrowserAndServer, text } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const MODULE = 'modules/app/manifests/init.pp';
const link = (code, files = {}, view = null) => `${env.baseUrl}#${encodeFragment(code, DEFAULT_SETTINGS, { files }, view)}`;
const waitForValue = (page, value) =>
  page.waitForFunction((v) => document.querySelector('[data-testid="result-value"]').textContent === v, value);

test('an example chosen after an edit keeps the environment it replaces one click away', async () => {
  const { page, errors, close } = await openPage(env, link('include app\n1', { [MODULE]: 'class app { }\n' }));
  await waitForValue(page, '1');
  // The user's edit: snippet.pp now ends in 2.
  let before = await runs(page);
  const editor = page.getByTestId('editor');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText(' + 1');
  await nextResult(page, before);
  await waitForValue(page, '2');
  // An environment example replaces the files; the note offers the user's back.
  before = await runs(page);
  await page.getByTestId('examples').selectOption('roles-profiles');
  await nextResult(page, before);
  assert.match(await text(page, 'notice-text'), /Roles and profiles.*your environment \(snippet\.pp and 1 file\) is kept/);
  assert.match(await text(page, 'files-status'), /^Example: Roles and profiles: snippet\.pp and \d+ files\.$/);
  // The autosave now holds the example, the kept environment the user's work: a reload would not lose it.
  await page.waitForFunction(() => localStorage.getItem('puppet-playground/v1/kept')?.includes('include app'));
  before = await runs(page);
  await page.getByTestId('notice-action').click();
  await nextResult(page, before);
  await waitForValue(page, '2');
  assert.equal(await editorText(page), 'include app\n1 + 1');
  assert.equal(await text(page, 'files-status'), 'Your work, brought back: snippet.pp and 1 file.');
  assert.equal(await page.getByTestId('file-tree').locator('[data-path="modules/app"]').count(), 1);
  assert.deepEqual(errors, []);
  await close();
});

test('choosing one example after another keeps nothing (an example as loaded is not work)', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '5'));
  let before = await runs(page);
  await page.getByTestId('examples').selectOption('roles-profiles');
  await nextResult(page, before);
  // '5' from a link is the user's (it is kept); the example that replaces it next is not.
  await page.getByTestId('notice-close').click();
  before = await runs(page);
  await page.getByTestId('examples').selectOption('hiera');
  await nextResult(page, before);
  assert.equal(await page.getByTestId('notice').isHidden(), true);
  assert.deepEqual(errors, []);
  await close();
});

test('a link opened over autosaved work keeps that work, one click away', async () => {
  const context = await env.browser.newContext();
  const first = await openPage(env, codeLink(env, '40 + 2'), { context });
  await waitForValue(first.page, '42');
  await first.page.waitForFunction(() => localStorage.getItem('puppet-playground/v1')?.includes('40 + 2'));
  await first.close();
  const { page, errors, close } = await openPage(env, codeLink(env, '7'), { context });
  await waitForValue(page, '7');
  assert.match(await text(page, 'notice-text'), /This link replaced your code \(1 line\) from your last visit: it is kept\./);
  const before = await runs(page);
  await page.getByTestId('notice-action').click();
  await nextResult(page, before);
  await waitForValue(page, '42');
  assert.deepEqual(errors, []);
  await close();
  await context.close();
});

test("a shared environment opens on the sender's file, cursor and pane; Share's link says where the sender is", async () => {
  const files = { [MODULE]: 'class app {\n  $port = 8080\n  notice($port)\n}\n' };
  const { page, errors, close } = await openPage(env, link('include app', files, { open: MODULE, at: { line: 3, column: 10 }, pane: 'catalog' }), {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  assert.equal(await text(page, 'open-file'), MODULE);
  assert.equal(await page.getByRole('tab', { name: /Catalog/ }).getAttribute('aria-selected'), 'true');
  // The cursor, as Help reads it: line 3, column 10 (after "  notice(").
  await page.getByTestId('help').click();
  assert.equal(await page.locator('#docs-where').textContent(), `${MODULE}, line 3, column 10`);
  await page.keyboard.press('Escape');
  // The file tab of the open file is marked.
  assert.equal(await page.locator('[data-testid="file-tab"][aria-current="page"]').textContent(), 'init.pp');
  await page.getByTestId('share').click();
  await page.waitForFunction(() => /copied/.test(document.querySelector('[data-testid="status"]').textContent));
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(shared, /;open=modules%2Fapp%2Fmanifests%2Finit\.pp;at=3:10;pane=catalog$/);
  assert.deepEqual(errors, []);
  await close();
});

test('a file with only warnings gets a warning badge, one with an error a red one', async () => {
  // An unrecognized escape in double quotes is a warning (Puppet's lexer); an undefined variable an error.
  // (snippet.pp holds the warning: the lexer's warnings of autoloaded files are not reported yet.)
  const files = { 'modules/bad/manifests/init.pp': 'class bad { notice($nope) }\n' };
  const { page, errors, close } = await openPage(env, link('notice("a\\q")\ninclude bad', files));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  // snippet.pp and the folders under modules/ show (the top folder is expanded) with what their files hold.
  const badge = (path) => page.getByTestId('file-tree').locator(`[data-path="${path}"] [data-testid="problem-badge"]`);
  await badge('snippet.pp').waitFor();
  assert.equal(await badge('snippet.pp').getAttribute('class'), 'tree-badge warning');
  assert.equal(await badge('snippet.pp').textContent(), '1 warning');
  assert.equal(await badge('modules/bad').getAttribute('class'), 'tree-badge error');
  assert.equal(await badge('modules/bad').textContent(), '1 problem');
  assert.equal(await badge('modules').getAttribute('class'), 'tree-badge error', 'a folder with an error anywhere in it is red');
  assert.deepEqual(errors, []);
  await close();
});

test("a dependency cycle's message points at the Graph pane, not at puppet apply's --graph", async () => {
  const code = "notify { 'a': require => Notify['b'] }\nnotify { 'b': require => Notify['a'] }";
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  const problem = page.getByTestId('problems').locator('li').first();
  await problem.waitFor();
  const message = await problem.textContent();
  assert.match(message, /Found 1 dependency cycle/);
  assert.match(message, /Open the Graph pane to see the cycle drawn in red/);
  assert.doesNotMatch(message, /OmniGraffle/);
  assert.deepEqual(errors, []);
  await close();
});

test('Help lists every pane and every shortcut from the same data as the tabs and the palette, and says what runs', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await page.getByTestId('help').click();
  const panes = await page.getByTestId('help-panes').locator('dt').allTextContents();
  assert.deepEqual(panes.map((t) => t.replace(/ \(.*\)$/, '')), PANES.map((p) => p.title));
  assert.ok(panes.some((t) => t.startsWith('Graph')) && panes.some((t) => t.startsWith('Outline')));
  const shortcuts = await page.getByTestId('shortcuts').textContent();
  assert.match(shortcuts, /Ctrl\+Shift\+P/);
  assert.match(shortcuts, /Shift\+Alt\+F/);
  // ERB and stdlib's Ruby functions run; Help must not say otherwise.
  const runsText = await page.locator('[aria-labelledby="help-runs-title"]').textContent();
  assert.match(runsText, /EPP and ERB templates/);
  assert.match(runsText, /puppetlabs-stdlib's functions/);
  assert.doesNotMatch(runsText, /Not supported: ERB/);
  assert.deepEqual(errors, []);
  await close();
});

test('the command palette lists every action with its shortcut, filters as you type and runs the chosen one', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await page.getByTestId('editor').click();
  await page.keyboard.press('Control+Shift+P');
  await page.getByTestId('palette-input').waitFor();
  const titles = await page.getByTestId('palette-list').locator('[role="option"]').allTextContents();
  for (const pane of PANES) assert.ok(titles.some((t) => t.startsWith(`Show the ${pane.title} pane`)), pane.title);
  assert.ok(titles.some((t) => /^Format.*Shift\+Alt\+F$/.test(t)), 'Format with its shortcut');
  await page.keyboard.insertText('lint pane');
  assert.deepEqual(await page.getByTestId('palette-list').locator('[role="option"]').allTextContents(), ['Show the Lint pane']);
  await page.keyboard.press('Enter');
  assert.equal(await page.getByRole('tab', { name: /Lint/ }).getAttribute('aria-selected'), 'true');
  assert.equal(await page.getByTestId('palette').isHidden(), true);
  // A developer view, tucked away until asked for, comes out when the palette shows it.
  assert.equal(await page.getByRole('tab', { name: 'AST' }).count(), 0);
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.insertText('AST');
  await page.keyboard.press('Enter');
  assert.equal(await page.getByRole('tab', { name: 'AST' }).getAttribute('aria-selected'), 'true');
  assert.deepEqual(errors, []);
  await close();
});

test("Format previews puppet-lint's fixes, and Apply makes them one edit that one undo takes back", async () => {
  const code = 'notice("plain")';
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  await page.getByRole('tab', { name: /Lint/ }).click();
  await page.waitForFunction(() => !document.querySelector('[data-testid="lint-preview"]').disabled, null, { timeout: 30000 });
  await page.getByTestId('editor').click();
  await page.keyboard.press('Shift+Alt+F');
  await page.getByTestId('preview-summary').waitFor();
  assert.equal(await text(page, 'preview-summary'), 'In snippet.pp: 1 line removed, 1 added (Ctrl+Z takes the whole edit back).');
  const lines = await page.getByTestId('preview-diff').locator('.diff-line').evaluateAll((rows) => rows.map((r) => [r.dataset.kind, r.childNodes[1].textContent]));
  assert.deepEqual(lines, [['del', 'notice("plain")'], ['ins', "notice('plain')"]]);
  await page.getByTestId('preview-apply').click();
  assert.equal(await editorText(page), "notice('plain')");
  await page.getByTestId('editor').click();
  await page.keyboard.press('Control+Z');
  assert.equal(await editorText(page), code);
  assert.deepEqual(errors, []);
  await close();
});

test("the Lint pane's empty state is said once", async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, "notice('fine')\n"));
  await page.getByRole('tab', { name: /Lint/ }).click();
  await page.waitForFunction(() => /No findings/.test(document.querySelector('[data-testid="lint-note"]').textContent), null, { timeout: 30000 });
  const shown = await page.getByTestId('lint').evaluate((panel) => panel.innerText);
  assert.doesNotMatch(shown, /\bnone\b/);
  assert.deepEqual(errors, []);
  await close();
});
