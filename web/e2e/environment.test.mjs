// End to end, workspaces (issue 18): the Files pane, files in the editor, problems by file, folders opened from disk, share links, .zip, autosave.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { codeLink, editorText, nextResult, openPage, runs, settledAnswer, startBrowserAndServer, text, replaceCode, showDeveloperPane } from './helpers.mjs';

let env;
let scratch;
before(async () => {
  env = await startBrowserAndServer();
  scratch = await mkdtemp(join(tmpdir(), 'playground-e2e-'));
});
after(async () => {
  await env?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Write `files` (path → text or bytes) under a new folder `name` in the scratch folder; returns its path. */
async function makeFolder(name, files) {
  const root = join(scratch, `${Date.now()}-${Math.random().toString(36).slice(2)}`, name);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return root;
}

const row = (page, path) => page.getByTestId('file-tree').locator(`[data-path="${path}"]`);
const openFileName = (page) => text(page, 'open-file');
const treePaths = (page) => page.getByTestId('file-tree').locator('[role="treeitem"]').evaluateAll((items) => items.map((i) => i.dataset.path));
const catalogRefs = (page) => page.getByTestId('catalog').locator('.catalog-resource').evaluateAll((items) => items.map((i) => i.dataset.reference));
/** A catalog entry by its reference (its accessible name is what it shows). */
const catalogEntry = (page, reference) => page.getByTestId('catalog').locator(`[data-reference="${reference}"]`);

/** Make a file in the top folder through the Files pane (the editor then shows it) and type `code` into it. */
async function newFile(page, path, code = '') {
  await row(page, 'snippet.pp').click(); // new files go into the selected folder: the top one here
  await page.getByTestId('new-file').click();
  await page.getByTestId('file-name').fill(path);
  await page.getByTestId('file-name').press('Enter');
  await page.waitForFunction((p) => document.querySelector('[data-testid="open-file"]').textContent === p, path);
  if (code) await page.keyboard.insertText(code);
}

/** Expand the folders down to `path` so that its row shows. */
async function reveal(page, path) {
  const parts = path.split('/');
  for (let i = 1; i < parts.length; i += 1) {
    const folder = row(page, parts.slice(0, i).join('/'));
    if ((await folder.getAttribute('aria-expanded')) === 'false') await folder.click();
  }
}

/** Expand every folder: the tree then lists the whole environment. */
async function expandAll(page) {
  for (;;) {
    const collapsed = page.getByTestId('file-tree').locator('[aria-expanded="false"]');
    if (!(await collapsed.count())) return;
    await collapsed.first().click();
  }
}

async function openInEditor(page, path) {
  await reveal(page, path);
  await row(page, path).click();
  await page.waitForFunction((p) => document.querySelector('[data-testid="open-file"]').textContent === p, path);
}

async function waitForCatalog(page, reference) {
  await page.getByRole('tab', { name: /Catalog/ }).click();
  await catalogEntry(page, reference).waitFor({ timeout: 10000 });
}

test('make a module in the Files pane, include it from snippet.pp, and see its catalog', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await newFile(page, 'modules/app/manifests/init.pp', "class app($port = 8080) { notify { 'app': message => \"port ${port}\" } }");
  // The new file's folders are in the tree, expanded; the file is open.
  assert.deepEqual(await treePaths(page), ['snippet.pp', 'modules', 'modules/app', 'modules/app/manifests', 'modules/app/manifests/init.pp']);
  assert.equal(await row(page, 'modules/app/manifests/init.pp').getAttribute('aria-current'), 'true');
  await openInEditor(page, 'snippet.pp');
  await replaceCode(page, 'include app');
  await waitForCatalog(page, 'Notify[app]');
  assert.deepEqual(await catalogRefs(page), ['Class[App]', 'Notify[app]']);
  assert.match(await text(page, 'catalog'), /message => 'port 8080'/);
  // Activating the resource opens the module's file with its declaration selected: typing replaces it.
  await catalogEntry(page, 'Notify[app]').click();
  assert.equal(await openFileName(page), 'modules/app/manifests/init.pp');
  await page.keyboard.type("notify { 'b': }");
  assert.equal(await editorText(page), "class app($port = 8080) { notify { 'b': } }");
  assert.deepEqual(errors, []);
  await close();
});

test('an error in a module file is listed with its path; clicking it opens that file at the position, squiggled', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await newFile(page, 'modules/app/manifests/init.pp', 'class app { $half = 1 / 0 }');
  await openInEditor(page, 'snippet.pp');
  const before = await runs(page);
  await replaceCode(page, 'include app');
  await nextResult(page, before);
  const problem = page.getByTestId('problems').locator('li').first();
  await page.waitForFunction(() => /init\.pp/.test(document.querySelector('[data-testid="problems"]').textContent));
  assert.equal(await problem.textContent(), 'modules/app/manifests/init.pp:1:25 error: Evaluation Error: Division by 0');
  // The file and its folders carry the problem count.
  // (The badge's text for screen readers says what the number counts.)
  assert.equal(await row(page, 'modules/app/manifests/init.pp').locator('.tree-badge').textContent(), '1 problem');
  assert.equal(await row(page, 'modules').locator('.tree-badge').textContent(), '1 problem');
  await problem.click();
  assert.equal(await openFileName(page), 'modules/app/manifests/init.pp');
  assert.equal(await page.locator('.cm-lintRange-error').textContent(), '0');
  const again = await runs(page);
  await page.keyboard.type('2'); // the divisor was selected
  await nextResult(page, again);
  assert.equal(await editorText(page), 'class app { $half = 1 / 2 }');
  await page.waitForFunction(() => document.querySelector('[data-testid="problems"]').children.length === 0);
  assert.equal(await page.locator('.cm-lintRange-error').count(), 0);
  assert.deepEqual(errors, []);
  await close();
});

test('the environment compiles for the node of the Facts pane: node definitions match its certname', async () => {
  const folder = await makeFolder('nodes', {
    'manifests/site.pp': "node 'web01.example.com' { notify { 'web01': } }\nnode default { notify { 'any node': } }\n",
  });
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await page.getByTestId('folder-input').setInputFiles(folder);
  // The default certname is web01.example.com (the default facts' node).
  await waitForCatalog(page, 'Notify[web01]');
  await page.getByRole('tab', { name: /Facts/ }).click();
  await page.getByTestId('certname').fill('db01.example.com');
  await waitForCatalog(page, 'Notify[any node]');
  assert.deepEqual(errors, []);
  await close();
});

test('a line logged in a module file says where; activating that opens the file at the line', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await newFile(page, 'modules/app/manifests/init.pp', "class app { notice('from app') }");
  await openInEditor(page, 'snippet.pp');
  await replaceCode(page, "include app\nnotice('from snippet')");
  await page.getByRole('tab', { name: 'Output' }).click();
  const where = page.getByTestId('output').getByRole('button', { name: 'modules/app/manifests/init.pp:1' });
  await where.waitFor();
  // The run of the first line alone (`include app`) may show first, with the same button: wait for the whole text's.
  const logged = () => page.getByTestId('output').locator('.log').allTextContents();
  const expectedLogs = ['notice: from app modules/app/manifests/init.pp:1', 'notice: from snippet'];
  assert.deepEqual(await settledAnswer(logged, expectedLogs), expectedLogs);
  await where.click();
  assert.equal(await openFileName(page), 'modules/app/manifests/init.pp');
  assert.deepEqual(errors, []);
  await close();
});

test('each file keeps its own text, undo history and cursor; only .pp and .epp files are highlighted as Puppet', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '10'));
  await page.getByTestId('editor').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' + 1');
  await newFile(page, 'notes.txt', 'if unless');
  await page.keyboard.press('Home'); // the cursor at the start of notes.txt
  assert.equal(await page.locator('.cm-content .tok-keyword').count(), 0, 'a .txt file is plain text');
  await openInEditor(page, 'snippet.pp');
  assert.equal(await editorText(page), '10 + 1');
  assert.ok(await page.locator('.cm-content .tok-number').count() > 0, 'snippet.pp is Puppet');
  // Undo in snippet.pp undoes snippet.pp's typing, not the other file's.
  await page.getByTestId('editor').focus();
  await page.keyboard.press('Control+z');
  assert.equal(await editorText(page), '10');
  await openInEditor(page, 'notes.txt');
  assert.equal(await editorText(page), 'if unless');
  await page.getByTestId('editor').focus();
  await page.keyboard.type('X'); // where the cursor was left: the start
  assert.equal(await editorText(page), 'Xif unless');
  await newFile(page, 'motd.epp', "<%= 'hi' %> text");
  assert.deepEqual(await page.locator('.cm-content .tok-string').allTextContents(), ["'hi'"]);
  assert.deepEqual(errors, []);
  await close();
});

test('the tree by keyboard: arrows move, Enter opens, F2 renames, Delete deletes, a non-empty folder asks first', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await newFile(page, 'modules/web/manifests/init.pp', 'class web {}');
  await newFile(page, 'data/common.yaml', 'web::port: 80');
  assert.deepEqual(await treePaths(page), [
    'snippet.pp', 'data', 'data/common.yaml', 'modules', 'modules/web', 'modules/web/manifests', 'modules/web/manifests/init.pp',
  ]);
  // snippet.pp cannot be renamed or deleted.
  await row(page, 'snippet.pp').click();
  assert.equal(await page.getByTestId('rename').isDisabled(), true);
  assert.equal(await page.getByTestId('delete').isDisabled(), true);
  // Arrow keys move the selection; Left collapses a folder, Right expands it; Enter opens a file.
  await row(page, 'snippet.pp').focus();
  await page.keyboard.press('ArrowDown'); // data
  await page.keyboard.press('ArrowLeft'); // collapse data
  assert.equal(await row(page, 'data').getAttribute('aria-expanded'), 'false');
  assert.equal(await row(page, 'data/common.yaml').count(), 0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown'); // data/common.yaml
  await page.keyboard.press('Enter');
  assert.equal(await openFileName(page), 'data/common.yaml');
  assert.equal(await editorText(page), 'web::port: 80');
  // Enter moved the focus to the editor. Space opens too, leaving the focus in the tree; Home and End go to the ends.
  assert.equal(await page.evaluate(() => document.activeElement.closest('#editor')?.id), 'editor');
  await row(page, 'data/common.yaml').focus();
  await page.keyboard.press('Home');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.path), 'snippet.pp');
  await page.keyboard.press('Space');
  assert.equal(await openFileName(page), 'snippet.pp');
  await page.keyboard.press('End');
  await page.keyboard.press('Space');
  assert.equal(await openFileName(page), 'modules/web/manifests/init.pp');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.path), 'modules/web/manifests/init.pp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp'); // data/common.yaml
  await page.keyboard.press('Enter');
  // F2 renames (a path moves it); the open file follows.
  await row(page, 'data/common.yaml').focus();
  await page.keyboard.press('F2');
  assert.equal(await page.getByTestId('file-name').inputValue(), 'common.yaml');
  await page.getByTestId('file-name').fill('nodes/web01.yaml');
  await page.keyboard.press('Enter');
  assert.equal(await openFileName(page), 'data/nodes/web01.yaml');
  // A name that exists is refused, saying why.
  await row(page, 'modules/web').click();
  await page.getByTestId('rename').click();
  await page.getByTestId('file-name').fill('../x');
  await page.keyboard.press('Enter');
  assert.match(await text(page, 'file-name-error'), /'\.\.' cannot be part of a path/);
  await page.getByTestId('file-name').fill('app');
  await page.keyboard.press('Enter');
  await expandAll(page);
  assert.ok((await treePaths(page)).includes('modules/app/manifests/init.pp'));
  // Delete on a file deletes it at once; the open file falls back to snippet.pp.
  await row(page, 'data/nodes/web01.yaml').click();
  await row(page, 'data/nodes/web01.yaml').focus();
  await page.keyboard.press('Delete');
  assert.equal(await row(page, 'data/nodes/web01.yaml').count(), 0);
  assert.equal(await openFileName(page), 'snippet.pp');
  assert.equal(await row(page, 'data/nodes').count(), 1, 'the folder stays, empty');
  // A folder with files in it asks first: Cancel keeps it, Delete deletes it.
  await row(page, 'modules').focus();
  await page.keyboard.press('Delete');
  await page.getByTestId('confirm-cancel').waitFor();
  assert.match(await page.locator('#confirm-text').textContent(), /Delete the folder modules and the file in it\?/);
  await page.getByTestId('confirm-cancel').click();
  assert.equal(await row(page, 'modules').count(), 1);
  await row(page, 'modules').focus();
  await page.keyboard.press('Delete');
  await page.getByTestId('confirm-cancel').waitFor();
  await page.keyboard.press('Escape'); // Escape is Cancel too
  await page.getByTestId('confirm-cancel').waitFor({ state: 'hidden' });
  assert.equal(await row(page, 'modules').count(), 1);
  await row(page, 'modules').focus();
  await page.keyboard.press('Delete');
  await page.getByTestId('confirm-ok').click();
  assert.deepEqual(await treePaths(page), ['snippet.pp', 'data', 'data/nodes']);
  // New folder, by button; a new file goes into the selected folder.
  await row(page, 'data/nodes').click();
  await page.getByTestId('new-file').click();
  await page.getByTestId('file-name').fill('db01.yaml');
  await page.getByTestId('file-name-ok').click();
  assert.equal(await openFileName(page), 'data/nodes/db01.yaml');
  assert.deepEqual(errors, []);
  await close();
});

test('the main manifest: snippet.pp while it is not empty, else manifests/; Tokens and AST follow the open .pp file', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1 + 1'));
  assert.equal(await text(page, 'main-manifest'), 'Runs snippet.pp (manifests/ runs instead when snippet.pp is empty)');
  await newFile(page, 'manifests/site.pp', "notify { 'site': }");
  await showDeveloperPane(page, 'Tokens');
  await page.waitForFunction(() => /1:1 name "notify"/.test(document.querySelector('[data-testid="tokens"]').textContent));
  await newFile(page, 'hiera.yaml', 'version: 5');
  await page.waitForFunction(() => /shown for \.pp files; hiera\.yaml is not one/.test(document.querySelector('[data-testid="tokens"]').textContent));
  await openInEditor(page, 'snippet.pp');
  await replaceCode(page, '');
  await page.waitForFunction(() => /Runs manifests\/ \(snippet\.pp is empty\)/.test(document.querySelector('[data-testid="main-manifest"]').textContent));
  // With the engine's environments, manifests/ is compiled.
  await waitForCatalog(page, 'Notify[site]');
  assert.deepEqual(errors, []);
  await close();
});

/** A control repository as it is checked out: Git's data, Ruby tests and code, a binary file, tooling. */
const CONTROL_REPO = {
  '.git/HEAD': 'ref: refs/heads/production\n',
  '.git/config': '[core]\n',
  '.gitignore': '.bundle/\n',
  'Gemfile': "source 'https://rubygems.org'\n",
  'README.md': '# control repo\n',
  'environment.conf': 'modulepath = modules:$basemodulepath\n',
  'hiera.yaml': 'version: 5\n',
  'manifests/site.pp': "include app\nnotify { 'from site': }\n",
  'modules/app/manifests/init.pp': "class app { notify { 'from app': } app_setting { 'x': value => 1 } }\n",
  'modules/app/lib/facter/role.rb': 'Facter.add(:role) { setcode { "web" } }\n',
  'modules/app/lib/puppet/type/app_setting.rb': 'Puppet::Type.newtype(:app_setting) do\n  newparam(:name, namevar: true)\n  newproperty(:value)\nend\n',
  'modules/app/spec/classes/app_spec.rb': "describe 'app' do\nend\n",
  'modules/app/files/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
  'modules/app/files/blob.dat': Buffer.from([1, 2, 0, 3]),
  'modules/app/files/motd.txt': 'hello\n',
};

test('open a control repository from disk: its manifests/ compile; what Puppet does not read is skipped and listed', async () => {
  const folder = await makeFolder('control-repo', CONTROL_REPO);
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await page.getByTestId('folder-input').setInputFiles(folder);
  await page.waitForFunction(() => /Opened/.test(document.querySelector('[data-testid="files-status"]').textContent));
  assert.equal(
    (await text(page, 'files-status')).split('Left out')[0].split('Skipped (')[0],
    'Opened control-repo as the environment: 7 files. Skipped 8 files Puppet does not read.',
  );
  assert.deepEqual(await page.getByTestId('skipped').locator('li').allTextContents(), [
    ".git/ (Git's own data, 2 files)",
    '.gitignore (hidden)',
    'Gemfile (Ruby tooling)',
    'modules/app/files/blob.dat (binary)',
    'modules/app/files/logo.png (binary)',
    'modules/app/lib/ (Ruby code (facts, functions, providers))',
    'modules/app/spec/ (tests (Ruby))',
  ]);
  await expandAll(page);
  assert.deepEqual(
    (await treePaths(page)).filter((p) => p !== 'snippet.pp').sort(),
    [
      'README.md', 'environment.conf', 'hiera.yaml', 'manifests', 'manifests/site.pp', 'modules', 'modules/app',
      'modules/app/files', 'modules/app/files/motd.txt', 'modules/app/manifests', 'modules/app/manifests/init.pp',
      // A resource type implemented in Ruby stays: the engine knows the type by it.
      'modules/app/lib', 'modules/app/lib/puppet', 'modules/app/lib/puppet/type', 'modules/app/lib/puppet/type/app_setting.rb',
    ].sort(),
  );
  // snippet.pp is emptied so that the environment's manifests/ is the main manifest; site.pp is open.
  assert.equal(await text(page, 'main-manifest'), 'Runs manifests/ (snippet.pp is empty)');
  assert.equal(await openFileName(page), 'manifests/site.pp');
  await waitForCatalog(page, 'Notify[from app]');
  assert.deepEqual(await catalogRefs(page), ['Class[App]', 'Notify[from app]', 'App_setting[x]', 'Notify[from site]']);
  assert.deepEqual(errors, []);
  await close();
});

test('open a single module from disk: it goes under modules/<name from metadata.json>/ and snippet.pp includes it', async () => {
  const folder = await makeFolder('puppet-motd', {
    // Every field Puppet's module loader requires (without one it leaves the module out).
    'metadata.json': JSON.stringify({
      name: 'example-motd', version: '1.0.0', author: 'example', license: 'Apache-2.0', source: 'https://example.com/motd', dependencies: [],
    }),
    'manifests/init.pp': "class motd { notify { 'motd': } }\n",
    'spec/spec_helper.rb': '',
  });
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  await newFile(page, 'modules/other/manifests/init.pp', 'class other {}');
  await page.getByTestId('folder-input').setInputFiles(folder);
  await page.waitForFunction(() => /Opened/.test(document.querySelector('[data-testid="files-status"]').textContent));
  assert.match(await text(page, 'files-status'), /^Opened the module motd into modules\/motd\/: 2 files\. Skipped 1 file Puppet does not read\./);
  const paths = await treePaths(page);
  assert.ok(paths.includes('modules/motd/metadata.json') && paths.includes('modules/motd/manifests/init.pp'));
  assert.ok(paths.includes('modules/other/manifests/init.pp'), 'the environment keeps its other modules');
  assert.equal(await openFileName(page), 'modules/motd/manifests/init.pp');
  await openInEditor(page, 'snippet.pp');
  assert.equal(await editorText(page), 'include motd\n');
  await waitForCatalog(page, 'Notify[motd]');
  assert.deepEqual(errors, []);
  await close();
});

test('a folder beyond the limits: what is left out is listed, with why; the large environment is still autosaved', async () => {
  const many = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`many/f${String(i).padStart(4, '0')}.txt`, `${i}\n`]));
  const folder = await makeFolder('big', {
    'manifests/site.pp': "notify { 'big': }\n",
    [`modules/deep/${'a/'.repeat(15)}x.pp`]: '# too deep\n',
    [`modules/long/${'l'.repeat(250)}.pp`]: '# too long a path\n',
    'data/a.yaml': `a: '${'x'.repeat(5 * 1024 * 1024)}'\n`,
    'data/b.yaml': `b: '${'y'.repeat(5 * 1024 * 1024)}'\n`,
    ...many,
  });
  const context = await env.browser.newContext();
  const { page, errors, close } = await openPage(env, codeLink(env, '1'), { context });
  await page.getByTestId('folder-input').setInputFiles(folder);
  await page.waitForFunction(() => /Opened/.test(document.querySelector('[data-testid="files-status"]').textContent), null, { timeout: 30000 });
  assert.match(await text(page, 'files-status'), /^Opened big as the environment: 2,000 files\. Left out 5 files beyond the playground's limits\./);
  const leftOut = await page.getByTestId('left-out').locator('li').allTextContents();
  assert.deepEqual(leftOut.map((l) => l.replace(/l{250}/, 'l…')), [
    `modules/deep/${'a/'.repeat(15)}x.pp: it is nested deeper than 16 levels`,
    'modules/long/l….pp: its path is longer than 256 characters',
    'data/b.yaml: it would take the environment past 8 MiB',
    'many/f1998.txt: the environment holds at most 2,000 files',
    'many/f1999.txt: the environment holds at most 2,000 files',
  ]);
  // Too large for a link: the address drops it, and the autosave keeps it (deflated) a moment later.
  await page.waitForFunction(() => location.hash === '' && /"packed"/.test(localStorage.getItem('puppet-playground/v1')));
  await close();
  const again = await openPage(env, env.baseUrl, { context });
  await reveal(again.page, 'data/a.yaml');
  assert.equal(await row(again.page, 'data/a.yaml').count(), 1);
  assert.equal(await row(again.page, 'many').count(), 1);
  assert.deepEqual([...errors, ...again.errors], []);
  await context.close();
});

/** A small environment of five files with non-ASCII text, made by opening a folder. */
const FIVE = {
  'manifests/site.pp': "include web\nnotify { 'site ☃': }\n",
  'modules/web/manifests/init.pp': "class web($port = 80) { web::vhost { 'www': port => $port } }\n",
  'modules/web/manifests/vhost.pp': "define web::vhost(Integer $port) { notify { \"vhost ${title}\": message => \"port ${port}\" } }\n",
  'modules/web/templates/vhost.epp': '<%- | Integer $port | -%>\nlisten <%= $port %>\n',
  'data/common.yaml': "web::port: 8080\n",
};

test('share round trip: a 5-file environment opens whole in a fresh page (v2 link)', async () => {
  const folder = await makeFolder('five', FIVE);
  const { page, errors, close } = await openPage(env, codeLink(env, '1'), { permissions: ['clipboard-read', 'clipboard-write'] });
  await page.getByTestId('folder-input').setInputFiles(folder);
  await page.waitForFunction(() => /Opened/.test(document.querySelector('[data-testid="files-status"]').textContent));
  await page.getByTestId('share').click();
  await page.waitForFunction(() => /copied/.test(document.querySelector('[data-testid="status"]').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  // The environment, then the file the sender had open (an opened folder opens its first manifest).
  assert.match(link, /#v2\/[\w-]+;open=[\w%.-]+$/);
  assert.equal(await page.getByTestId('share-note').isHidden(), true, 'a short link needs no warning');
  const fresh = await openPage(env, link);
  assert.deepEqual(await treePaths(fresh.page), await treePaths(page));
  for (const [path, content] of Object.entries(FIVE)) {
    await openInEditor(fresh.page, path);
    assert.equal(await editorText(fresh.page), content, path);
  }
  await waitForCatalog(fresh.page, 'Notify[vhost www]');
  // Real Puppet's order (env_oracle.rb): a defined type's body is evaluated after the main manifest.
  assert.deepEqual(await catalogRefs(fresh.page), ['Class[Web]', 'Web::Vhost[www]', 'Notify[site ☃]', 'Notify[vhost www]']);
  assert.deepEqual([...errors, ...fresh.errors], []);
  await fresh.close();
  await close();
});

test('a link past 8,000 characters warns and offers the .zip instead', async () => {
  // Text that does not compress: the link grows with it.
  let seed = 1;
  const noise = Array.from({ length: 12000 }, () => String.fromCharCode(33 + ((seed = (seed * 16807) % 2147483647) % 90))).join('');
  const folder = await makeFolder('noisy', { 'manifests/site.pp': `# ${noise}\nnotify { 'x': }\n` });
  const { page, errors, close } = await openPage(env, codeLink(env, '1'), { permissions: ['clipboard-read', 'clipboard-write'] });
  await page.getByTestId('folder-input').setInputFiles(folder);
  await page.waitForFunction(() => /Opened/.test(document.querySelector('[data-testid="files-status"]').textContent));
  await page.getByTestId('share').click();
  await page.getByTestId('share-note').waitFor();
  assert.match(await text(page, 'share-note'), /This link is [\d,]+ characters long: chat tools and mail cut links past about 8,000/);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('share-zip').click();
  const download = await downloading;
  assert.equal(download.suggestedFilename(), 'noisy.zip');
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  assert.deepEqual(Object.keys(files), ['manifests/site.pp']);
  assert.deepEqual(errors, []);
  await close();
});

test('Download .zip holds every file, empty folders and snippet.pp; opening that .zip brings the environment back', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  let before = await runs(page);
  await page.getByTestId('examples').selectOption('roles-profiles');
  await nextResult(page, before);
  await openInEditor(page, 'snippet.pp');
  await replaceCode(page, '# ☃ a note');
  await row(page, 'snippet.pp').click();
  await page.getByTestId('new-folder').click();
  await page.getByTestId('file-name').fill('data');
  await page.keyboard.press('Enter');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('download-zip').click();
  const download = await downloading;
  assert.equal(download.suggestedFilename(), 'roles-profiles.zip');
  const bytes = await readFile(await download.path());
  const files = unzipSync(new Uint8Array(bytes));
  const { EXAMPLES } = await import('../src/examples.js');
  const example = EXAMPLES.find((e) => e.id === 'roles-profiles');
  assert.deepEqual(Object.keys(files).sort(), ['data/', 'snippet.pp', ...Object.keys(example.files)].sort());
  for (const [path, content] of Object.entries(example.files)) assert.equal(strFromU8(files[path]), content, path);
  assert.equal(strFromU8(files['snippet.pp']), '# ☃ a note');
  // Opening the .zip in a fresh page gives the same environment back (snippet.pp included).
  const zipPath = join(scratch, 'roles-profiles.zip');
  await writeFile(zipPath, bytes);
  const fresh = await openPage(env, codeLink(env, '0'));
  before = await runs(fresh.page);
  await fresh.page.getByTestId('zip-input').setInputFiles(zipPath);
  await fresh.page.waitForFunction(() => /Opened/.test(document.querySelector('[data-testid="files-status"]').textContent));
  await expandAll(page);
  await expandAll(fresh.page);
  assert.deepEqual(await treePaths(fresh.page), await treePaths(page));
  await openInEditor(fresh.page, 'snippet.pp');
  assert.equal(await editorText(fresh.page), '# ☃ a note');
  assert.deepEqual([...errors, ...fresh.errors], []);
  await fresh.close();
  await close();
});

test('a folder or a .zip dropped on the Files pane opens like a picked one', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  // A test cannot drag a real folder: the drop carries stand-ins for the browser's directory entries.
  await page.evaluate(() => {
    const file = (fullPath, text) => ({
      isFile: true, isDirectory: false, fullPath, name: fullPath.split('/').pop(),
      file: (done) => done(new File([text], fullPath.split('/').pop())),
    });
    const folder = (fullPath, children) => {
      let given = false;
      return {
        isFile: false, isDirectory: true, fullPath, name: fullPath.split('/').pop(),
        createReader: () => ({ readEntries: (done) => { done(given ? [] : children); given = true; } }),
      };
    };
    const root = folder('/dropped-env', [
      folder('/dropped-env/manifests', [file('/dropped-env/manifests/site.pp', "notify { 'dropped': }\n")]),
      folder('/dropped-env/.git', []),
      file('/dropped-env/hiera.yaml', 'version: 5\n'),
    ]);
    const dataTransfer = {
      types: ['Files'],
      files: [],
      items: [{ kind: 'file', webkitGetAsEntry: () => root }],
    };
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: dataTransfer });
    document.querySelector('[data-testid="files"]').dispatchEvent(drop);
  });
  await page.waitForFunction(() => /Opened/.test(document.querySelector('[data-testid="files-status"]').textContent));
  assert.match(await text(page, 'files-status'), /^Opened dropped-env as the environment: 2 files\. Skipped folders Puppet does not read\./);
  assert.deepEqual(await page.getByTestId('skipped').locator('li').allTextContents(), [".git/ (Git's own data)"]);
  assert.equal(await openFileName(page), 'manifests/site.pp');
  await waitForCatalog(page, 'Notify[dropped]');
  // A .zip dropped there opens too.
  const zip = [...zipSync({ 'zipped/manifests/site.pp': strToU8("notify { 'zipped': }\n") })];
  await page.evaluate((bytes) => {
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(new File([new Uint8Array(bytes)], 'zipped.zip', { type: 'application/zip' }));
    document.querySelector('[data-testid="files"]').dispatchEvent(new DragEvent('drop', { dataTransfer, bubbles: true, cancelable: true }));
  }, zip);
  await page.waitForFunction(() => /^Opened zipped/.test(document.querySelector('[data-testid="files-status"]').textContent));
  await waitForCatalog(page, 'Notify[zipped]');
  assert.deepEqual(errors, []);
  await close();
});

test('the environment is autosaved: files, folders and the open file come back on the next visit', async () => {
  const context = await env.browser.newContext();
  const first = await openPage(env, codeLink(env, '1'), { context });
  await newFile(first.page, 'modules/app/manifests/init.pp', 'class app {}');
  await row(first.page, 'snippet.pp').click();
  await first.page.getByTestId('new-folder').click();
  await first.page.getByTestId('file-name').fill('data');
  await first.page.keyboard.press('Enter');
  await openInEditor(first.page, 'modules/app/manifests/init.pp');
  const paths = await treePaths(first.page);
  await first.page.close();
  const second = await openPage(env, env.baseUrl, { context });
  assert.deepEqual(await treePaths(second.page), paths);
  assert.equal(await openFileName(second.page), 'modules/app/manifests/init.pp');
  assert.equal(await editorText(second.page), 'class app {}');
  assert.deepEqual([...first.errors, ...second.errors], []);
  await context.close();
});

test('environment examples open whole; a snippet example afterwards keeps the files', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '1'));
  let before = await runs(page);
  await page.getByTestId('examples').selectOption('module');
  await nextResult(page, before);
  assert.equal(await openFileName(page), 'modules/motd/manifests/init.pp');
  await expandAll(page);
  assert.ok((await treePaths(page)).includes('modules/motd/templates/motd.epp'));
  assert.equal(await text(page, 'main-manifest'), 'Runs manifests/ (snippet.pp is empty)');
  await waitForCatalog(page, 'File[/etc/motd]');
  assert.match(await text(page, 'catalog'), /Welcome to the playground on web01\.example\.com\./);
  before = await runs(page);
  await page.getByTestId('examples').selectOption('arithmetic');
  await nextResult(page, before);
  assert.equal(await openFileName(page), 'snippet.pp');
  assert.ok((await treePaths(page)).includes('modules/motd/manifests/init.pp'));
  assert.deepEqual(errors, []);
  await close();
});

test('old links keep opening: v1 and ?code= give an environment of snippet.pp alone', async () => {
  for (const url of [`${env.baseUrl}#v1/M1TQVjBS0FIwBgA`, codeLink(env, '1 + 2 * 3')]) {
    const { page, errors, close } = await openPage(env, url);
    await page.waitForFunction(() => document.querySelector('[data-testid="result-value"]').textContent === '7');
    assert.deepEqual(await treePaths(page), ['snippet.pp']);
    assert.match(new URL(page.url()).hash, /^#v1\//, 'an environment of the snippet alone keeps the v1 form');
    assert.deepEqual(errors, []);
    await close();
  }
});

test('the phone layout: the editor and the results in one column, the Files pane a drawer behind the menu', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page, errors, close } = await openPage(env, codeLink(env, '1'), { context });
  const box = async (selector) => page.locator(selector).boundingBox();
  const editor = await box('.editor-pane');
  const side = await box('.side');
  assert.ok(editor.width <= 390 && side.width <= 390);
  assert.ok(editor.y + editor.height <= side.y + 1, 'the editor is above the results');
  await page.getByTestId('menu').click();
  const files = await box('[data-testid="files"]');
  assert.ok(files.x >= 0 && files.x + files.width <= 390, 'the drawer fits the screen');
  // Opening a file closes the drawer on it.
  await page.getByTestId('file-tree').locator('[data-path="snippet.pp"]').click();
  assert.equal(await page.getByTestId('files').isHidden(), true);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing wider than the screen');
  assert.deepEqual(errors, []);
  await close();
  await context.close();
});
