// End to end, the Compare pane (issue 37): pin the catalog, edit, and the pane shows exactly what the edit changed,
// linked to the declarations; a share link carries the pinned catalog; pinning under one system's facts and choosing
// another shows the resources that depend on the OS. Expected values are written from the code each test types
// (Puppet's own catalog for it: what the edit adds, removes or changes), never read from the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { choosePane, codeLink, nextResult, openPage, replaceCode, runs, startBrowserAndServer, text } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const BEFORE = [
  "file { '/etc/app.conf':",
  '  ensure => file,',
  "  mode   => '0644',",
  '}',
  "notify { 'old': }",
  "service { 'app': ensure => running }",
].join('\n');
// The edit: the file's mode changes, its owner is set, Notify[old] goes, Package[app] comes; Service[app] stays.
const AFTER = [
  "file { '/etc/app.conf':",
  '  ensure => file,',
  "  mode   => '0600',",
  "  owner  => 'root',",
  '}',
  "package { 'app': ensure => installed }",
  "service { 'app': ensure => running }",
].join('\n');

/** The Compare pane's lines: `[mark, reference]` each, and a changed one's attribute lines. */
const compareLines = (page) =>
  page.getByTestId('compare').locator('.compare-list > li').evaluateAll((items) =>
    items.map((item) => [
      item.querySelector('.compare-mark').textContent,
      item.querySelector('.compare-reference')?.textContent ?? item.lastChild.textContent,
      [...item.querySelectorAll('.compare-attributes li')].map((li) => li.textContent),
    ]),
  );

async function waitForSummary(page, summary) {
  await page.waitForFunction((s) => document.querySelector('[data-testid="compare-summary"]')?.textContent === s, summary, { timeout: 15000 });
}

const EXPECTED_EDIT = [
  ['+', 'Package[app]', []],
  ['-', 'Notify[old]', []],
  ['~', 'File[/etc/app.conf]', ["mode: '0644' → '0600'", "owner: (not set) → 'root'"]],
];

test('pin, edit: the Compare pane shows exactly the resources and attributes the edit changed, linked to their code', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, BEFORE));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await choosePane(page, 'compare');
  assert.match(await text(page, 'compare'), /^Pin the catalog/);
  await page.getByTestId('compare-pin').click();
  await waitForSummary(page, 'The catalog is the same as the pinned one.');
  assert.equal(await text(page, 'compare-note'), 'Pinned: 3 classes and resources.');

  const before = await runs(page);
  await replaceCode(page, AFTER);
  await nextResult(page, before);
  await waitForSummary(page, '1 added, 1 removed, 1 changed.');
  assert.deepEqual(await compareLines(page), EXPECTED_EDIT);
  assert.equal(await page.getByTestId('tab-compare').textContent(), 'Compare (3)');

  // The changed file links to its declaration in the code as it is now (line 1).
  await page.getByTestId('compare').getByRole('button', { name: 'File[/etc/app.conf]' }).click();
  const selected = await page.evaluate(() => getSelection().toString());
  assert.match(selected, /^file \{ '\/etc\/app\.conf':/);

  // Code that does not compile has nothing to compare; fixing it brings the difference back.
  const broken = await runs(page);
  await replaceCode(page, `${AFTER}\nnotice(`);
  await nextResult(page, broken);
  await page.waitForFunction(() => /does not compile/.test(document.querySelector('[data-testid="compare"]').textContent));
  const fixed = await runs(page);
  await replaceCode(page, AFTER);
  await nextResult(page, fixed);
  await waitForSummary(page, '1 added, 1 removed, 1 changed.');

  // Unpin: back to the invitation, no count on the tab.
  await page.getByTestId('compare-unpin').click();
  assert.match(await text(page, 'compare'), /^Pin the catalog/);
  assert.equal(await page.getByTestId('tab-compare').textContent(), 'Compare');
  assert.deepEqual(errors, []);
  await close();
});

test('a share link carries the pinned catalog: it reopens on the same difference', async () => {
  const context = await env.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const { page, errors, close } = await openPage(env, codeLink(env, BEFORE), { context });
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await choosePane(page, 'compare');
  await page.getByTestId('compare-pin').click();
  const before = await runs(page);
  await replaceCode(page, AFTER);
  await nextResult(page, before);
  await waitForSummary(page, '1 added, 1 removed, 1 changed.');
  await page.getByTestId('share').click();
  await page.getByTestId('share-link').waitFor();
  const link = await page.getByTestId('share-link').inputValue();
  assert.match(link, /;pane=compare;pin=[\w-]+$/);
  await close();
  await context.close();

  const reopened = await openPage(env, link);
  await reopened.page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  assert.equal(await reopened.page.getByTestId('tab-compare').getAttribute('aria-selected'), 'true');
  await waitForSummary(reopened.page, '1 added, 1 removed, 1 changed.');
  assert.deepEqual(await compareLines(reopened.page), EXPECTED_EDIT);
  assert.deepEqual([...errors, ...reopened.errors], []);
  await reopened.close();
});

test('pinned under Debian 12, compared under Red Hat Enterprise Linux 9: the OS-dependent resources', async () => {
  const code = "case $facts['os']['family'] {\n  'RedHat': { package { 'httpd': } }\n  'Debian': { package { 'apache2': } }\n  default: {}\n}\nfile { '/etc/motd': }";
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await choosePane(page, 'facts');
  let before = await runs(page);
  await page.getByLabel('System').selectOption({ label: 'Debian 12 (bookworm)' });
  await nextResult(page, before);
  await choosePane(page, 'compare');
  await page.getByTestId('compare-pin').click();
  await waitForSummary(page, 'The catalog is the same as the pinned one.');
  await choosePane(page, 'facts');
  before = await runs(page);
  await page.getByLabel('System').selectOption({ label: 'Red Hat Enterprise Linux 9' });
  await nextResult(page, before);
  await choosePane(page, 'compare');
  await waitForSummary(page, '1 added, 1 removed, 0 changed.');
  assert.deepEqual(await compareLines(page), [
    ['+', 'Package[httpd]', []],
    ['-', 'Package[apache2]', []],
  ]);
  assert.deepEqual(errors, []);
  await close();
});
