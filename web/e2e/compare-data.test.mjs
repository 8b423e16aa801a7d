// The Compare pane's data without a browser: catalog-diff.js reads the engine's catalog texts and compares them as
// `puppet-eval diff` does (by reference, attributes as values in any order), and share links carry a pinned catalog
// (`;pin=`) that a hostile link cannot use to pass the link's limits. Catalog texts are written here in the form the
// engine prints (`puppet-eval --catalog`: one attribute a line, values in Puppet's %p form).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync, strToU8 } from 'fflate';
import { attributesOf, diffCatalogs, isEmptyDiff } from '../src/catalog-diff.js';
import { decodeLocation, encodeFragment, MAX_PINNED } from '../src/share.js';

const entry = (reference, text) => ({ reference, text });
const base64url = (bytes) => Buffer.from(bytes).toString('base64url');
const pinField = (json) => base64url(deflateSync(strToU8(json), { level: 9 }));
const locationOf = (fragment) => ({ search: '', hash: `#${fragment}` });

test('attributes are read one a line, their values as printed, a string holding "=>" or a comma kept whole', () => {
  const text = "file { '/etc/app.conf':\n  content => 'a => b, c',\n  mode    => '0644',\n  require => [Package['x'], Service['y']],\n}";
  assert.deepEqual(
    [...attributesOf(text)],
    [
      ['content', "'a => b, c'"],
      ['mode', "'0644'"],
      ['require', "[Package['x'], Service['y']]"],
    ],
  );
  assert.deepEqual([...attributesOf("class { 'app': }")], []);
});

test('a difference: added, removed, and changed attributes, whatever their order or alignment', () => {
  const before = [
    entry('File[/x]', "file { '/x':\n  mode  => '0644',\n  owner => 'root',\n}"),
    entry('Notify[old]', "notify { 'old': }"),
    entry('Class[App]', "class { 'app': }"),
  ];
  const after = [
    entry('Class[App]', "class { 'app': }"),
    entry('File[/x]', "file { '/x':\n  group => 'wheel',\n  mode  => '0600',\n}"),
    entry('Package[app]', "package { 'app':\n  ensure => 'installed',\n}"),
  ];
  const diff = diffCatalogs(before, after);
  assert.deepEqual(diff.added.map((e) => e.reference), ['Package[app]']);
  assert.deepEqual(diff.removed.map((e) => e.reference), ['Notify[old]']);
  assert.deepEqual(diff.changed, [
    {
      entry: after[1],
      attributes: [
        { name: 'group', before: undefined, after: "'wheel'" },
        { name: 'mode', before: "'0644'", after: "'0600'" },
        { name: 'owner', before: "'root'", after: undefined },
      ],
    },
  ]);
  // The same attributes in another order, or aligned differently, are no change.
  const reordered = [entry('File[/x]', "file { '/x':\n  owner => 'root',\n  mode => '0644',\n}")];
  assert.ok(isEmptyDiff(diffCatalogs([before[0]], reordered)));
});

test('a share link carries the pinned catalog, and opens it again', () => {
  const pinned = [entry('File[/x]', "file { '/x':\n  mode => '0644',\n}"), entry('Notify[old]', "notify { 'old': }")];
  const fragment = encodeFragment('notify { "new": }', undefined, null, { pane: 'compare', pinned });
  assert.match(fragment, /;pane=compare;pin=[\w-]+$/);
  const opened = decodeLocation(locationOf(fragment));
  assert.deepEqual(opened.pinned, pinned);
  assert.equal(opened.view.pane, 'compare');
  assert.equal(decodeLocation(locationOf(encodeFragment('1'))).pinned, null, 'no pin: null');
});

test('a pin that cannot be used is left out, and the link opens without it', () => {
  const code = encodeFragment('1 + 1');
  for (const pin of [
    'not base64 at all!',
    pinField('{"an": "object"}'),
    pinField('[["File[/x]", 7]]'),
    pinField('[["only a reference"]]'),
    pinField(JSON.stringify(Array.from({ length: MAX_PINNED + 1 }, (_, i) => [`Notify[${i}]`, `notify { '${i}': }`]))),
  ]) {
    const opened = decodeLocation(locationOf(`${code};pin=${pin}`));
    assert.equal(opened.code, '1 + 1', pin.slice(0, 20));
    assert.equal(opened.pinned, null, pin.slice(0, 20));
  }
});

test("a pin counts against the link's size limit: a pin that unpacks past it refuses the link", () => {
  const limits = { maxTextBytes: 64 * 1024, maxFiles: 20 };
  const bomb = base64url(deflateSync(new Uint8Array(limits.maxTextBytes + 1), { level: 9 }));
  const opened = decodeLocation(locationOf(`${encodeFragment('1')};pin=${bomb}`), limits);
  assert.match(opened.error, /unpacks to more than 64 KiB|unpacks to more than 65,536 bytes/);
});
