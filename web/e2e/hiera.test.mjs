// End to end, Hiera on the page (issue 19): an environment folder whose class takes its parameters from Hiera data and renders an EPP template with a fact, shared, with its facts changed, explained in the Lookup pane, with a YAML error; and the Hiera example. Expected values: real Puppet's (hiera.golden.json, from web/scripts/hiera-golden.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BROKEN_DEBIAN, FOLDER, GLOBAL } from './hiera-fixture.mjs';
import { codeLink, editorText, openPage, startBrowserAndServer, text } from './helpers.mjs';

const GOLDEN = JSON.parse(await readFile(new URL('./hiera.golden.json', import.meta.url), 'utf8'));

let env;
let scratch;
before(async () => {
  env = await startBrowserAndServer();
  scratch = await mkdtemp(join(tmpdir(), 'playground-hiera-'));
});
after(async () => {
  await env?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Write `files` under a new folder `name` in the scratch folder; returns its path. */
async function makeFolder(name, files) {
  const root = join(scratch, `${Date.now()}-${Math.random().toString(36).slice(2)}`, name);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return root;
}

/** Open `files` as the Open-folder control does (the page then compiles the environment's manifests/). */
async function openFolder(page, files, name = 'hiera-env') {
  await page.getByTestId('folder-input').setInputFiles(await makeFolder(name, files));
  await page.waitForFunction(() => /Opened/.test(document.querySelector('[data-testid="files-status"]').textContent));
}

/** The Catalog pane as [reference, [[parameter, value]]], values as the pane prints them. */
function shownCatalog(page) {
  return page
    .getByTestId('catalog')
    .locator('.catalog-resource')
    .evaluateAll((items) =>
      items.map((item) => [
        item.dataset.reference,
        [...item.textContent.matchAll(/^ {2}(\w+)\s*=> (.*),$/gm)].map(([, name, value]) => [name, value]),
      ]),
    );
}

/** Wait until the Catalog pane shows real Puppet's catalog `listing`, and check it whole. */
async function seeCatalog(page, listing) {
  await page.getByRole('tab', { name: /Catalog/ }).click();
  const expected = listing;
  const first = expected[0][0];
  const content = expected.at(-1)[1].find(([name]) => name === 'content')?.[1];
  await page.waitForFunction(
    ([ref, wanted]) =>
      [...document.querySelectorAll('[data-testid="catalog"] .catalog-resource')].some(
        (e) => e.dataset.reference === ref) &&
      (!wanted || document.querySelector('[data-testid="catalog"]').textContent.includes(wanted)),
    [first, content],
    { timeout: 20000 },
  );
  assert.deepEqual(await shownCatalog(page), expected);
}

/** Replace the Facts pane's os.family (the default facts are a Debian node's). */
async function setFamily(page, family) {
  await page.getByRole('tab', { name: /Facts/ }).click();
  const facts = page.getByTestId('facts');
  const current = await facts.inputValue();
  const changed = current.replace(/"family": "\w+"/, `"family": "${family}"`);
  assert.notEqual(changed, current);
  await facts.fill(changed);
}

async function lookUp(page, key) {
  await page.getByTestId('tab-lookup').click();
  await page.getByTestId('lookup-key').fill(key);
  await page.getByTestId('lookup-key').press('Enter');
  await page.waitForFunction(() => !document.getElementById('lookup-form').dataset.pending, null, { timeout: 20000 });
}

test('an environment folder: the class takes its parameters from Hiera and its template renders a fact', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await openFolder(page, FOLDER);
  assert.equal(await text(page, 'main-manifest'), 'Runs manifests/ (snippet.pp is empty)');
  await seeCatalog(page, GOLDEN.debian.catalog);
  assert.deepEqual(await page.getByTestId('problems').locator('li').allTextContents(), []);
  // The program's lookups: automatic parameter lookup of both parameters, found.
  await page.getByTestId('tab-lookup').click();
  assert.deepEqual(await page.getByTestId('lookup-calls').locator('button').allTextContents(), [
    "motd::message (class parameter, manifests/site.pp:1) = 'Welcome to Debian'",
    "motd::owner (class parameter, manifests/site.pp:1) = 'root'",
  ]);
  assert.deepEqual(errors, []);
  await close();
});

test('share the environment and open the link in a fresh page: the same catalog', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'), { permissions: ['clipboard-read', 'clipboard-write'] });
  await openFolder(page, FOLDER);
  await seeCatalog(page, GOLDEN.debian.catalog);
  await page.getByTestId('share').click();
  await page.waitForFunction(() => /copied/.test(document.querySelector('[data-testid="status"]').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  // The environment, then where the sender was: the folder's first manifest open, the Catalog pane shown.
  assert.match(link, /#v2\/[\w-]+;open=manifests%2Fsite\.pp;pane=catalog$/);
  const fresh = await openPage(env, link);
  await seeCatalog(fresh.page, GOLDEN.debian.catalog);
  assert.equal(await fresh.page.getByTestId('tab-catalog').getAttribute('aria-selected'), 'true');
  assert.deepEqual([...errors, ...fresh.errors], []);
  await fresh.close();
  await close();
});

test('change os.family in the Facts pane: the looked-up values and the catalog change', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await openFolder(page, FOLDER);
  await seeCatalog(page, GOLDEN.debian.catalog);
  await setFamily(page, 'RedHat');
  await seeCatalog(page, GOLDEN.redhat.catalog);
  await page.getByTestId('tab-lookup').click();
  assert.deepEqual(await page.getByTestId('lookup-calls').locator('button').allTextContents(), [
    "motd::message (class parameter, manifests/site.pp:1) = 'Welcome to Red Hat'",
    "motd::owner (class parameter, manifests/site.pp:1) = 'adm'",
  ]);
  // The Lookup pane asks with the facts in use.
  await lookUp(page, 'motd::owner');
  assert.equal(await text(page, 'lookup-value'), "'adm'");
  await setFamily(page, 'Debian');
  await seeCatalog(page, GOLDEN.debian.catalog);
  assert.deepEqual(errors, []);
  await close();
});

test("the Lookup pane shows a key's value, its type and puppet lookup --explain's trace; a program's lookup goes to its call", async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await openFolder(page, FOLDER);
  await seeCatalog(page, GOLDEN.debian.catalog);
  await lookUp(page, 'motd::message');
  assert.equal(await text(page, 'lookup-value'), "'Welcome to Debian'");
  assert.equal(await text(page, 'lookup-type'), 'String');
  const explanation = await text(page, 'lookup-explanation');
  assert.match(explanation, /Hierarchy entry "Per OS family"\n\s+Path "data\/os\/Debian\.yaml"/);
  assert.match(explanation, /Found key: "motd::message" value: "Welcome to Debian"/);
  assert.equal(explanation, GOLDEN.explain['motd::message']);
  // What was found comes first, above the trace; the trace keeps its indentation (never wrapped) and scrolls sideways.
  assert.equal(await text(page, 'lookup-found'), 'Found key: "motd::message" value: "Welcome to Debian"');
  const trace = await page.getByTestId('lookup-explanation').evaluate((pre) => ({ wrap: getComputedStyle(pre).whiteSpace, scroll: getComputedStyle(pre).overflowX }));
  assert.deepEqual(trace, { wrap: 'pre', scroll: 'auto' });
  const above = await page.evaluate(() => document.getElementById('lookup-found').getBoundingClientRect().bottom <= document.getElementById('lookup-explanation').getBoundingClientRect().top);
  assert.ok(above, 'the found line is above the trace');
  // A key found nowhere: Puppet's failure, and the trace of the search.
  await lookUp(page, 'motd::nothing');
  assert.equal(await text(page, 'lookup-error'), "Function lookup() did not find a value for the name 'motd::nothing'");
  assert.equal(await page.getByTestId('lookup-value-list').isHidden(), true);
  assert.match(await text(page, 'lookup-explanation'), /No such key: "motd::nothing"/);
  assert.equal(await text(page, 'lookup-found'), '');
  // A lookup of the program: its call is selected in its file, its trace shown.
  await page.getByTestId('lookup-calls').getByRole('button', { name: /^motd::owner/ }).click();
  await page.waitForFunction(() => document.getElementById('lookup-key').value === 'motd::owner');
  await page.waitForFunction(() => !document.getElementById('lookup-form').dataset.pending);
  assert.equal(await text(page, 'open-file'), 'manifests/site.pp');
  assert.equal(await text(page, 'lookup-value'), "'root'");
  assert.match(await text(page, 'lookup-explanation'), /Path "data\/common\.yaml"\n\s+Original path: "common\.yaml"\n\s+Found key: "motd::owner" value: "root"/);
  // The call (the include that looked the parameter up) is selected: typing replaces it.
  await page.keyboard.type('contain');
  assert.equal(await editorText(page), 'contain motd\n');
  assert.deepEqual(errors, []);
  await close();
});

test('a global hiera.yaml at @global/hiera.yaml is the global layer, looked at first', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await openFolder(page, { ...FOLDER, ...GLOBAL });
  await lookUp(page, 'motd::owner');
  // Real Puppet with --hiera_config at that file: found in the global layer's data.
  assert.equal(await text(page, 'lookup-explanation'), GOLDEN.explain['motd::owner with @global']);
  assert.equal(await text(page, 'lookup-value'), "'operator'");
  // The class parameter takes the same value.
  await page.getByRole('tab', { name: /Catalog/ }).click();
  await page.waitForFunction(() => /owner\s+=> 'operator'/.test(document.querySelector('[data-testid="catalog"]').textContent));
  assert.deepEqual(errors, []);
  await close();
});

test('a YAML error in a data file points at its line, in that file', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await openFolder(page, { ...FOLDER, 'data/os/Debian.yaml': BROKEN_DEBIAN });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="problems"] li').length > 0, null, { timeout: 10000 });
  // Real Puppet: "Unable to parse (data/os/Debian.yaml): found unexpected end of stream while scanning a
  // quoted scalar at line 3 column 16".
  const [, line, column] = GOLDEN.broken.error.match(/at line (\d+) column (\d+)$/);
  const problems = await page.getByTestId('problems').locator('li').allTextContents();
  assert.equal(problems.length, 1);
  assert.ok(problems[0].startsWith(`data/os/Debian.yaml:${line}:${column} error: `), problems[0]);
  assert.ok(problems[0].includes(GOLDEN.broken.error), problems[0]);
  // The problem is counted on the data file in the Files pane, and a click opens that file.
  await page.getByTestId('problems').getByRole('button').first().click();
  await page.waitForFunction(() => document.querySelector('[data-testid="open-file"]').textContent === 'data/os/Debian.yaml');
  // Psych's place is a point (the quoted scalar's start): squiggled there, on that line.
  const mark = page.locator('.cm-lintRange-error, .cm-lintPoint-error').first();
  await mark.waitFor({ state: 'attached', timeout: 5000 });
  const lines = await page.locator('.cm-line').evaluateAll((all, m) => all.findIndex((l) => l.querySelector(m)) + 1, '.cm-lintRange-error, .cm-lintPoint-error');
  assert.equal(lines, Number(line));
  assert.deepEqual(errors, []);
  await close();
});

test('the Hiera example compiles to the catalog real Puppet compiles', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await page.getByTestId('examples').selectOption('hiera');
  await seeCatalog(page, GOLDEN.example.catalog);
  await page.getByRole('tab', { name: /Output/ }).click();
  // What puppet apply prints (the page adds where a line was logged from another file than snippet.pp).
  assert.equal(await text(page, 'output'), `${GOLDEN.example.logs.join('\n')} manifests/site.pp:5`);
  // The deep merge, explained.
  await lookUp(page, 'app::settings');
  assert.match(await text(page, 'lookup-explanation'), /Using merge options from "lookup_options" hash/);
  assert.deepEqual(errors, []);
  await close();
});
