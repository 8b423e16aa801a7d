// Writes the fuzz targets' seeds (seeds/<target>/): honest links and .zip files the page makes, and the hostile
// shapes of issue 39 (bombs, lying sizes, names outside the folder), for the fuzzer to start from and mutate.
// `node make-seeds.mjs` rewrites them; they are small, and committed.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync, strToU8, zipSync } from 'fflate';

const here = dirname(fileURLToPath(import.meta.url));
const seeds = { link: {}, zip: {} };
const withMode = (mode, bytes) => Uint8Array.from([mode, ...bytes]);
const deflate = (text) => deflateSync(typeof text === 'string' ? strToU8(text) : text, { level: 9 });

// Links: the first byte picks the field (targets/link.mjs).
seeds.link['fragment-v1'] = withMode(0, strToU8('v1/MwQA;strict=warning;log=debug;lint=off;lint-checks=no-documentation,80chars'));
seeds.link['v1-code'] = withMode(1, deflate("notice('hello')\n$x = [1, 2, 3].map |$i| { $i * 2 }\n"));
seeds.link['v2-environment'] = withMode(
  2,
  deflate(JSON.stringify({ snippet: 'include app', files: { 'modules/app/manifests/init.pp': 'class app { notify { "x": } }' }, folders: ['data'] })),
);
seeds.link['facts'] = withMode(3, deflate(JSON.stringify({ fqdn: 'db01.example.com', os: { family: 'RedHat' } })));
seeds.link['query'] = withMode(4, strToU8('code=1%2B1&strict=off&certname=node1&log=info&lint=on'));
seeds.link['query-facts'] = withMode(5, deflate('{"kernel":"Linux"}'));
seeds.link['pin'] = withMode(6, deflate(JSON.stringify([['File[/etc/app.conf]', "file { '/etc/app.conf':\n  mode => '0644',\n}"], ['Notify[old]', "notify { 'old': }"]])));
seeds.link['bomb-pin'] = withMode(6, deflate(new Uint8Array(17 * 1024 * 1024)));
seeds.link['bomb-code'] = withMode(1, deflate(new Uint8Array(17 * 1024 * 1024)));
seeds.link['bomb-facts'] = withMode(3, deflate(new Uint8Array(17 * 1024 * 1024)));
seeds.link['many-files'] = withMode(
  2,
  deflate(JSON.stringify({ snippet: '', files: Object.fromEntries(Array.from({ length: 20_001 }, (_, i) => [`f${i}`, ''])) })),
);

// .zip files.
const u8 = strToU8;
seeds.zip['environment'] = zipSync({
  'snippet.pp': u8('include app\n'),
  'manifests/site.pp': u8("notify { 'site': }\n"),
  'modules/app/manifests/init.pp': u8('class app {}\n'),
  'data/common.yaml': u8('app::port: 80\n'),
  'data/empty/': new Uint8Array(0),
});
seeds.zip['module-stored'] = zipSync(
  { 'app-1.0/metadata.json': u8('{"name": "me-app"}'), 'app-1.0/manifests/init.pp': u8('class app {}\n'), 'app-1.0/.git/HEAD': u8('ref\n') },
  { level: 0 },
);
seeds.zip['bomb-entries'] = zipSync(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`data/f${i}.yaml`, new Uint8Array(1024 * 1024)])));

/** A .zip whose directory declares `declared` bytes for an entry that inflates to far more. */
function lyingZip(declared) {
  const zip = zipSync({ 'manifests/site.pp': new Uint8Array(4 * 1024 * 1024) });
  const view = new DataView(zip.buffer);
  for (let at = zip.length - 22; at >= 0; at -= 1) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    view.setUint32(at + 24, declared, true);
    break;
  }
  return zip;
}
seeds.zip['lying-size'] = lyingZip(100);
seeds.zip['outside'] = zipSync({ 'manifests/site.pp': u8('1'), '../evil.pp': u8('2') });

for (const [target, files] of Object.entries(seeds)) {
  const dir = join(here, 'seeds', target);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, name), bytes);
}
console.log(Object.entries(seeds).map(([t, f]) => `${t}: ${Object.keys(f).length} seeds`).join(', '));
