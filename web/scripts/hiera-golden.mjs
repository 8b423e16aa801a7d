// Writes web/e2e/hiera.golden.json: what real Puppet 7.23 makes of web/e2e/hiera-fixture.mjs and of the Hiera example (catalogs through ../shared/oracle/env_oracle.rb, the trace through `puppet lookup --explain`).
// Run from the repository: node web/scripts/hiera-golden.mjs (needs `puppet` and the oracle; the tests do not).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BROKEN_DEBIAN, FOLDER, GLOBAL } from '../e2e/hiera-fixture.mjs';
import { EXAMPLES } from '../src/examples.js';

const ORACLE = process.env.ENV_ORACLE ?? '../shared/oracle/env_oracle.rb';
const facts = JSON.parse(readFileSync('tests/conformance/facts.json', 'utf8'));
const redhat = structuredClone(facts);
redhat.os.family = 'RedHat';
const example = EXAMPLES.find((e) => e.id === 'hiera');

const cases = [
  { id: 'debian', src: '', files: FOLDER, facts },
  { id: 'redhat', src: '', files: FOLDER, facts: redhat },
  { id: 'broken', src: '', files: { ...FOLDER, 'data/os/Debian.yaml': BROKEN_DEBIAN }, facts },
  { id: 'example', src: example.code, files: example.files, facts },
];
const input = cases.map((c) => JSON.stringify(c)).join('\n');
const results = Object.fromEntries(
  execFileSync('ruby', [ORACLE], { input, encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .map(({ id, error, logs, catalog }) => [id, { error, logs, catalog }]),
);

/**
 * `puppet lookup --explain KEY` on the fixture for the default facts, paths relative to the environment;
 * with `global`, its `@global/...` files are the global layer (`--hiera_config`), named `@global` in the output.
 */
function explain(key, global = {}) {
  const tmp = mkdtempSync(join(tmpdir(), 'hiera-golden-'));
  const envDir = join(tmp, 'code/environments/production');
  for (const [path, text] of Object.entries(FOLDER)) {
    mkdirSync(dirname(join(envDir, path)), { recursive: true });
    writeFileSync(join(envDir, path), text);
  }
  for (const [path, text] of Object.entries(global)) {
    mkdirSync(dirname(join(tmp, path)), { recursive: true });
    writeFileSync(join(tmp, path), text);
  }
  const hieraConfig = global['@global/hiera.yaml'] ? `${tmp}/@global/hiera.yaml` : `${tmp}/conf/hiera.yaml`;
  for (const dir of ['conf', 'var', 'run', 'log', 'stdlibmods']) mkdirSync(join(tmp, dir), { recursive: true });
  // puppet lookup wants hostname, domain, fqdn and clientcert all given, or none.
  writeFileSync(join(tmp, 'facts.json'), JSON.stringify({ ...facts, clientcert: 'playground' }));
  const out = execFileSync(
    'puppet',
    ['lookup', '--confdir', `${tmp}/conf`, '--codedir', `${tmp}/code`, '--vardir', `${tmp}/var`, '--rundir', `${tmp}/run`,
      '--logdir', `${tmp}/log`, '--environmentpath', `${tmp}/code/environments`, '--environment', 'production',
      '--basemodulepath', `${tmp}/stdlibmods`, '--hiera_config', hieraConfig, '--strict', 'error',
      '--strict_variables', '--node', 'playground', '--facts', `${tmp}/facts.json`, '--explain', key],
    { encoding: 'utf8' },
  );
  rmSync(tmp, { recursive: true, force: true });
  return out.split(`${envDir}/`).join('').split(`${tmp}/@global`).join('@global');
}

const golden = {
  ...results,
  explain: { 'motd::message': explain('motd::message'), 'motd::owner with @global': explain('motd::owner', GLOBAL) },
};
writeFileSync('web/e2e/hiera.golden.json', `${JSON.stringify(golden, null, 2)}\n`);
console.log('wrote web/e2e/hiera.golden.json');
