// End to end, the Facts pane's system picker: it offers every fact preset of facts/presets/index.json (and every
// preset file is in it), choosing one puts that file's facts in the pane and the code compiles for them, a note says
// where they come from and which facts are not Facter's, a link keeps them, and nothing of them is in the first load.
// Expected values come from the preset files themselves.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { choosePane, codeLink, openPage, startBrowserAndServer, text } from './helpers.mjs';

const PRESETS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'facts', 'presets');
const INDEX = JSON.parse(readFileSync(join(PRESETS_DIR, 'index.json'), 'utf8'));
const presetFile = (name) => readFileSync(join(PRESETS_DIR, `${name}.json`), 'utf8');
const DEFAULT_FACTS = JSON.parse(readFileSync(join(PRESETS_DIR, '..', '..', 'tests', 'conformance', 'facts.json'), 'utf8'));
const presetEntry = (name) => INDEX.presets.find((preset) => preset.name === name);
/** What the pane shows for a preset: its file, pretty-printed JSON, without the last newline. */
const paneText = (name) => presetFile(name).replace(/\n$/, '');

const CODE = "case $facts['os']['family'] {\n  'RedHat': { package { 'httpd': } }\n  'Debian': { package { 'apache2': } }\n  default: {}\n}";
const PACKAGE_FOR_FAMILY = { RedHat: 'httpd', Debian: 'apache2' };
/** The catalog CODE gives for facts, from their os.family. */
const catalogFor = (facts) => [`Package[${PACKAGE_FOR_FAMILY[facts.os.family]}]`];
/** The catalog CODE gives for a preset's facts. */
const expectedCatalog = (name) => catalogFor(JSON.parse(presetFile(name)));

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

async function waitForCatalog(page, refs) {
  await page.waitForFunction(
    (expected) =>
      JSON.stringify([...document.querySelectorAll('[data-testid="catalog"] .catalog-resource')].map((i) => i.dataset.reference)) ===
      expected,
    JSON.stringify(refs),
    { timeout: 15000 },
  );
}

/** Choose a system in the picker, as a person does, and wait until the pane holds `expected`. */
async function choose(page, label, expected) {
  await page.getByLabel('System').selectOption({ label });
  await page.waitForFunction((t) => document.querySelector('[data-testid="facts"]').value === t, expected, { timeout: 15000 });
}

/** A fresh context that records the paths the page asks for (the worker's included). */
async function recordingPage(url) {
  const context = await env.browser.newContext();
  const requested = [];
  context.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const opened = await openPage(env, url, { context });
  return {
    ...opened,
    context,
    requested,
    async close() {
      await opened.close();
      await context.close();
    },
  };
}

test('the picker lists the default facts, every preset of index.json (and every preset file), and no facts', async () => {
  const files = readdirSync(PRESETS_DIR)
    .filter((file) => file.endsWith('.json') && file !== 'index.json')
    .map((file) => file.replace(/\.json$/, ''));
  assert.deepEqual(INDEX.presets.map((preset) => preset.name).sort(), files.sort(), 'index.json describes every preset file');
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await choosePane(page, 'facts');
  const options = await page
    .getByTestId('facts-preset')
    .locator('option:not([hidden])')
    .evaluateAll((items) => items.map((o) => [o.value, o.textContent]));
  assert.deepEqual(options.slice(1, -1), INDEX.presets.map((preset) => [preset.name, preset.label]));
  assert.deepEqual([options[0][0], options.at(-1)[0]], ['default', 'none']);
  assert.equal(await page.getByLabel('System').inputValue(), 'default');
  assert.deepEqual(errors, []);
  await close();
});

test('choosing Red Hat Enterprise Linux 9 after Debian 12 changes the catalog of a case on the OS family; a note says where the facts come from', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, CODE));
  await choosePane(page, 'facts');
  await choose(page, presetEntry('debian-12').label, paneText('debian-12'));
  await choosePane(page, 'catalog');
  await waitForCatalog(page, expectedCatalog('debian-12'));

  await choosePane(page, 'facts');
  await choose(page, 'Red Hat Enterprise Linux 9', paneText('redhat-9'));
  await choosePane(page, 'catalog');
  await waitForCatalog(page, expectedCatalog('redhat-9'));
  assert.notDeepEqual(expectedCatalog('redhat-9'), expectedCatalog('debian-12'));

  await choosePane(page, 'facts');
  const { source, added } = presetEntry('redhat-9');
  const note = await text(page, 'facts-preset-note');
  assert.ok(note.includes(`Facter ${source.facterversion} output from facterdb ${source.version} (facts/4.2/redhat-9-x86_64.facts)`), note);
  assert.ok(note.includes(`${Object.keys(added).length} of its facts are not Facter's`), note);
  const facts = JSON.parse(presetFile('redhat-9'));
  assert.equal(await text(page, 'facts-status'), `The Red Hat Enterprise Linux 9 facts: ${Object.keys(facts).length} top-level facts.`);
  // Which facts are not Facter's, with where each comes from: index.json's `added`.
  await page.getByText("The facts Facter does not give").click();
  const items = page.getByTestId('facts-added-list').locator('li');
  await items.first().waitFor();
  assert.deepEqual(await items.allTextContents(), Object.entries(added).map(([fact, origin]) => `${fact}: ${origin}`));
  assert.deepEqual(errors, []);
  await close();
});

test('the picker works from the keyboard; the last choice wins', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, CODE));
  await choosePane(page, 'facts');
  const picker = page.getByTestId('facts-preset');
  await picker.focus();
  // From the default facts down to the fifth preset: each step is a choice, only the last one stays.
  const target = INDEX.presets[4].name;
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowDown');
  await page.waitForFunction((t) => document.querySelector('[data-testid="facts"]').value === t, paneText(target), { timeout: 15000 });
  assert.equal(await picker.inputValue(), target);
  await choosePane(page, 'catalog');
  await waitForCatalog(page, expectedCatalog(target));
  assert.deepEqual(errors, []);
  await close();
});

test('edited preset facts are "your own facts"; a link keeps a preset, which the picker then names', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, CODE));
  await choosePane(page, 'facts');
  await choose(page, 'Red Hat Enterprise Linux 9', paneText('redhat-9'));
  await choosePane(page, 'catalog');
  await waitForCatalog(page, expectedCatalog('redhat-9'));
  // The address follows the facts: a fresh page from it has them, and the picker says which they are.
  await page.waitForFunction(() => /;facts=/.test(location.hash));
  const fresh = await openPage(env, page.url());
  await choosePane(fresh.page, 'facts');
  assert.equal(await fresh.page.getByTestId('facts').inputValue(), paneText('redhat-9'));
  assert.equal(await fresh.page.getByLabel('System').inputValue(), 'redhat-9');
  assert.match(await text(fresh.page, 'facts-preset-note'), /facts\/4\.2\/redhat-9-x86_64\.facts/);
  await choosePane(fresh.page, 'catalog');
  await waitForCatalog(fresh.page, expectedCatalog('redhat-9'));

  // Edited: no preset any more.
  await choosePane(fresh.page, 'facts');
  const edited = paneText('redhat-9').replace('"family": "RedHat"', '"family": "Debian"');
  await fresh.page.getByTestId('facts').fill(edited);
  await choosePane(fresh.page, 'catalog');
  await waitForCatalog(fresh.page, ['Package[apache2]']);
  await choosePane(fresh.page, 'facts');
  assert.equal(await fresh.page.getByLabel('System').inputValue(), 'custom');
  assert.equal(await fresh.page.getByTestId('facts-preset').locator('option:checked').textContent(), 'Your own facts');
  assert.equal(await text(fresh.page, 'facts-preset-note'), '');
  assert.match(await text(fresh.page, 'facts-status'), /^Your facts: /);
  assert.equal(await fresh.page.getByTestId('facts-added').isVisible(), false);
  // The default facts again, from the picker.
  await choose(fresh.page, 'Default: Debian 12 (web01.example.com)', JSON.stringify(DEFAULT_FACTS, null, 2));
  assert.match(await text(fresh.page, 'facts-status'), /^The default facts \(a Debian 12 node\)/);
  assert.deepEqual([...errors, ...fresh.errors], []);
  await fresh.close();
  await close();
});

test('the presets are not in the first load: a preset is fetched when chosen, the index when its facts are listed', async () => {
  const { page, errors, requested, close } = await recordingPage(codeLink(env, CODE));
  await choosePane(page, 'catalog');
  await waitForCatalog(page, catalogFor(DEFAULT_FACTS));
  const jsonAssets = () => requested.filter((path) => /^\/assets\/.*\.json$/.test(path));
  assert.deepEqual(jsonAssets(), []);
  // Nor are they inside the first load's scripts.
  const scripts = requested.filter((path) => path.endsWith('.js'));
  const distinctive = [JSON.parse(presetFile('redhat-9')).networking.fqdn, 'legacy_facts_removed'];
  for (const path of scripts) {
    const body = await page.evaluate(async (p) => (await fetch(p)).text(), path);
    for (const needle of distinctive) assert.ok(!body.includes(needle), `${path} holds ${needle}`);
  }
  await choosePane(page, 'facts');
  await choose(page, 'Red Hat Enterprise Linux 9', paneText('redhat-9'));
  assert.deepEqual(jsonAssets().map((path) => path.replace(/-[\w-]{8}\.json$/, '')), ['/assets/redhat-9']);
  await page.getByText('The facts Facter does not give').click();
  await page.getByTestId('facts-added-list').locator('li').first().waitFor();
  assert.deepEqual(jsonAssets().map((path) => path.replace(/-[\w-]{8}\.json$/, '')), ['/assets/redhat-9', '/assets/index']);
  assert.deepEqual(errors, []);
  await close();
});
