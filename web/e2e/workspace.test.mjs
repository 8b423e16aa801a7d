// The page's environment logic without a browser: the Workspace model, folder plans (environment or module, skipped, left out), .zip and v2 links.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { strToU8 } from 'fflate';
import { describePlan, moduleNameFromMetadata, planFolder, skipReason } from '../src/folder.js';
import { entriesFromZip } from '../src/folder-read.js';
import { decodeLocation, encodeFragment, DEFAULT_SETTINGS } from '../src/share.js';
import { cleanPath, SNIPPET, Workspace } from '../src/workspace.js';
import { environmentZip } from '../src/zip.js';

const entries = (files) =>
  Object.entries(files).map(([path, text]) => {
    const bytes = typeof text === 'string' ? strToU8(text) : text;
    return { path, size: bytes.length, read: async () => bytes };
  });

test('paths are cleaned, and what cannot be a path is refused', () => {
  assert.equal(cleanPath(' /modules//app/manifests/init.pp/ '), 'modules/app/manifests/init.pp');
  assert.equal(cleanPath('a\\b.pp'), 'a/b.pp');
  assert.throws(() => cleanPath('../x'), /'\.\.' cannot be part of a path/);
  assert.throws(() => cleanPath('a/./b'), /'\.' cannot be part/);
  assert.throws(() => cleanPath('  '), /a name is needed/);
});

test('a Workspace adds, renames (moving folders with their files) and removes files and folders', () => {
  const ws = new Workspace({ snippet: 'include app', files: { 'modules/app/manifests/init.pp': 'class app {}' } });
  assert.throws(() => ws.addFile(SNIPPET), /main code's name/);
  assert.throws(() => ws.addFile('modules/app/manifests/init.pp'), /already exists/);
  assert.throws(() => ws.addFile('modules/app/manifests/init.pp/x.pp'), /is a file, not a folder/);
  ws.addFolder('data');
  ws.addFile('modules/app/templates/a.epp', 'x');
  assert.deepEqual([...ws.allFolders()].sort(), ['data', 'modules', 'modules/app', 'modules/app/manifests', 'modules/app/templates']);
  assert.deepEqual(ws.childrenOf('modules/app').map((c) => c.path), ['modules/app/manifests', 'modules/app/templates']);
  const { to, moves } = ws.rename('modules/app', 'modules/web');
  assert.equal(to, 'modules/web');
  assert.deepEqual(moves, [
    ['modules/app/manifests/init.pp', 'modules/web/manifests/init.pp'],
    ['modules/app/templates/a.epp', 'modules/web/templates/a.epp'],
  ]);
  assert.throws(() => ws.rename('modules/web', 'modules/web/inner'), /cannot move into itself/);
  assert.throws(() => ws.rename(SNIPPET, 'x.pp'), /cannot be renamed/);
  assert.deepEqual(ws.remove('modules/web/templates'), ['modules/web/templates/a.epp']);
  assert.deepEqual(ws.toData(), { snippet: 'include app', files: { 'modules/web/manifests/init.pp': 'class app {}' }, folders: ['data'] });
  assert.throws(() => ws.remove(SNIPPET), /cannot be deleted/);
  assert.equal(ws.mainManifest(), 'snippet');
  ws.setText(SNIPPET, '  \n');
  assert.equal(ws.mainManifest(), 'manifests');
});

test('limits apply to what the Files pane makes', () => {
  const limits = { maxFiles: 2, maxTotalBytes: 100, maxPathLength: 20, maxDepth: 3 };
  const ws = new Workspace();
  ws.addFile('a.pp', '', limits);
  assert.throws(() => ws.addFile('a/b/c/d.pp', '', limits), /nested deeper than 3 levels/);
  assert.throws(() => ws.addFile('x'.repeat(21), '', limits), /longer than 20 characters/);
  ws.addFile('b.pp', '', limits);
  assert.throws(() => ws.addFile('c.pp', '', limits), /at most 2 files/);
});

test('what Puppet would not read is skipped, with why; files/ and templates/ keep what they hold', () => {
  assert.deepEqual(skipReason('.git/objects/ab/cd'), { group: '.git/', reason: "Git's own data" });
  assert.deepEqual(skipReason('modules/x/lib/puppet/functions/f.rb'), { group: 'modules/x/lib/', reason: 'Ruby code (facts, functions, providers)' });
  // A resource type implemented in Ruby is kept: the engine knows the type by its file.
  assert.equal(skipReason('modules/x/lib/puppet/type/x_setting.rb'), null);
  assert.deepEqual(skipReason('modules/x/lib/puppet/provider/x_setting/ruby.rb'), { group: 'modules/x/lib/', reason: 'Ruby code (facts, functions, providers)' });
  assert.deepEqual(skipReason('modules/x/spec/x_spec.rb'), { group: 'modules/x/spec/', reason: 'tests (Ruby)' });
  assert.deepEqual(skipReason('vendor/bundle/x'), { group: 'vendor/', reason: 'vendored gems' });
  assert.deepEqual(skipReason('pkg/x.tar.gz'), { group: 'pkg/', reason: 'built module packages' });
  assert.deepEqual(skipReason('a/node_modules/x.js'), { group: 'a/node_modules/', reason: 'npm packages' });
  assert.deepEqual(skipReason('.fixtures.yml'), { group: '.fixtures.yml', reason: 'hidden' });
  assert.deepEqual(skipReason('Rakefile'), { group: 'Rakefile', reason: 'Ruby tooling' });
  assert.deepEqual(skipReason('modules/x/files/logo.PNG'), { group: 'modules/x/files/logo.PNG', reason: 'binary' });
  assert.equal(skipReason('modules/x/files/lib/.bashrc'), null);
  assert.equal(skipReason('modules/x/templates/spec/a.rb'), null);
  assert.equal(skipReason('modules/x/manifests/init.pp'), null);
  assert.equal(skipReason('data/common.yaml'), null);
});

test('a module folder goes under modules/<name>: metadata.json names it, else the folder', async () => {
  assert.equal(moduleNameFromMetadata('{"name": "puppetlabs-apache"}'), 'apache');
  assert.equal(moduleNameFromMetadata('{"name": "puppet/nginx"}'), 'nginx');
  assert.equal(moduleNameFromMetadata('{"name": "Bad-Name!"}'), null);
  let plan = await planFolder(entries({ 'x/metadata.json': '{"name": "acme-motd"}', 'x/manifests/init.pp': 'class motd {}' }), { name: 'x' });
  assert.equal(plan.kind, 'module');
  assert.deepEqual(Object.keys(plan.files).sort(), ['modules/motd/manifests/init.pp', 'modules/motd/metadata.json']);
  plan = await planFolder(entries({ 'puppet-ntp/manifests/init.pp': 'class ntp {}' }), { name: 'puppet-ntp' });
  assert.equal(plan.moduleName, 'ntp');
  plan = await planFolder(entries({ 'ntp/manifests/init.pp': 'class ntp {}', 'ntp/manifests/config.pp': '' }), { name: 'ntp' });
  assert.deepEqual(Object.keys(plan.files), ['modules/ntp/manifests/config.pp', 'modules/ntp/manifests/init.pp']);
});

test('an environment is found below single folders (a .zip of a repository, a folder holding one); snippet.pp is the snippet', async () => {
  const plan = await planFolder(
    entries({
      'outer/repo-main/manifests/site.pp': 'include role',
      'outer/repo-main/modules/role/manifests/init.pp': 'class role {}',
      'outer/repo-main/snippet.pp': 'notice(1)',
    }),
    { name: 'outer' },
  );
  assert.equal(plan.kind, 'environment');
  assert.equal(plan.name, 'repo-main');
  assert.equal(plan.snippet, 'notice(1)');
  assert.deepEqual(Object.keys(plan.files), ['manifests/site.pp', 'modules/role/manifests/init.pp']);
  // A folder with manifests/ and modules/ is an environment even with a manifests/init.pp.
  const both = await planFolder(entries({ 'e/manifests/init.pp': '', 'e/modules/a/manifests/init.pp': '' }), { name: 'e' });
  assert.equal(both.kind, 'environment');
});

test('binary content is skipped after reading; the limits leave out the least useful files first, and say why', async () => {
  const limits = { maxFiles: 4, maxTotalBytes: 30, maxPathLength: 40, maxDepth: 4 };
  const plan = await planFolder(
    entries({
      'e/manifests/site.pp': 'include a', // 9 bytes
      'e/modules/a/manifests/init.pp': 'class a {}', // 10 bytes
      'e/modules/a/files/blob': new Uint8Array([1, 0, 2]),
      'e/modules/a/files/bad-utf8.txt': new Uint8Array([0xff, 0xfe]),
      'e/modules/a/files/x/y/deep.txt': '',
      'e/data/common.yaml': 'a::x: 123456789012', // 18 bytes: past 30 in all
      'e/README.md': 'hi',
      'e/z.txt': 'z',
      'e/zz.txt': 'zz',
    }),
    { name: 'e', limits },
  );
  assert.deepEqual(Object.keys(plan.files), ['manifests/site.pp', 'modules/a/manifests/init.pp', 'README.md', 'z.txt']);
  assert.deepEqual(plan.leftOut, [
    { path: 'data/common.yaml', reason: 'it would take the environment past 30 bytes' },
    { path: 'modules/a/files/x/y/deep.txt', reason: 'it is nested deeper than 4 levels' },
    { path: 'zz.txt', reason: 'the environment holds at most 4 files' },
  ]);
  assert.deepEqual(plan.skipped.map((s) => `${s.path}: ${s.reason}`), ['modules/a/files/bad-utf8.txt: binary', 'modules/a/files/blob: binary']);
  assert.deepEqual(describePlan(plan), {
    summary: "Opened e as the environment: 4 files. Skipped 2 files Puppet does not read. Left out 3 files beyond the playground's limits.",
    skipped: ['modules/a/files/bad-utf8.txt (binary)', 'modules/a/files/blob (binary)'],
    leftOut: [
      'data/common.yaml: it would take the environment past 30 bytes',
      'modules/a/files/x/y/deep.txt: it is nested deeper than 4 levels',
      'zz.txt: the environment holds at most 4 files',
    ],
  });
});

test('a downloaded .zip opens as the same environment (files, empty folders, snippet.pp)', async () => {
  const ws = new Workspace({
    snippet: 'include web # ☃',
    files: { 'manifests/site.pp': '', 'modules/web/manifests/init.pp': 'class web {}' },
    folders: ['data/nodes'],
  });
  const plan = await planFolder(entriesFromZip(environmentZip(ws)), { name: 'env' });
  assert.equal(plan.kind, 'environment');
  assert.equal(plan.snippet, ws.snippet);
  assert.deepEqual(new Workspace({ snippet: plan.snippet, files: plan.files, folders: plan.folders }).toData(), ws.toData());
});

test('v2 links carry the whole environment; v1 stays for a snippet alone; published links keep decoding', () => {
  const data = { files: { 'manifests/site.pp': "notify { 'ü': }" }, folders: ['data'] };
  const fragment = encodeFragment('', { ...DEFAULT_SETTINGS, strict: 'warning' }, data);
  assert.match(fragment, /^v2\/[\w-]+;strict=warning$/);
  const decoded = decodeLocation({ search: '', hash: `#${fragment}` });
  assert.equal(decoded.code, '');
  assert.deepEqual(decoded.files, data.files);
  assert.deepEqual(decoded.folders, data.folders);
  assert.equal(decoded.settings.strict, 'warning');
  assert.match(encodeFragment('1 + 1', DEFAULT_SETTINGS, { files: {} }), /^v1\//);
  assert.equal(decodeLocation({ search: '', hash: '#v1/M1TQVjBS0FIwBgA' }).code, '1 + 2 * 3');
  assert.match(decodeLocation({ search: '', hash: '#v2/M1TQVjBS0FIwBgA' }).error, /could not be decoded/);
});
