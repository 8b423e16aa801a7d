// Run one fuzz target for a given time: `node run.mjs <link|zip> <seconds>` (README.md). The target and the page's
// modules it imports are bundled into one CommonJS file first (jsfuzz instruments what `require` loads), then
// jsfuzz runs it with the target's seeds and its regressions, a working corpus under work/ and its findings
// under findings/.
import { spawn } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const TARGETS = ['link', 'zip'];
const [target, secondsText = '60'] = process.argv.slice(2);
const seconds = Number(secondsText);
if (!TARGETS.includes(target) || !(seconds > 0)) {
  console.error(`usage: node run.mjs <${TARGETS.join('|')}> <seconds>`);
  process.exit(2);
}

const bundle = join(here, 'build', `${target}.cjs`);
await build({
  configFile: false,
  logLevel: 'warn',
  root: here,
  build: {
    outDir: join(here, 'build'),
    emptyOutDir: false,
    minify: false,
    // Syntax jsfuzz's instrumenter reads (it predates `?.` and `??`).
    target: 'es2018',
    lib: { entry: join(here, 'targets', `${target}.mjs`), formats: ['cjs'], fileName: () => `${target}.cjs` },
  },
});

const work = join(here, 'work', target);
const findings = join(here, 'findings', target);
await mkdir(work, { recursive: true });
await mkdir(findings, { recursive: true });
const seeds = [join(here, 'seeds', target), join(here, 'regressions', target)];
const present = [];
for (const dir of seeds) if ((await readdir(dir).catch(() => [])).length) present.push(dir);

const jsfuzz = resolve(here, 'node_modules', '.bin', 'jsfuzz');
// jsfuzz runs in findings/ (it writes crash-<sha256> files where it runs) and takes the target relative to it.
const args = [relative(findings, bundle), ...[work, ...present].map((dir) => relative(findings, dir))];
args.push('--rss-limit-mb', '2048', '--timeout', '10', '--versifier', 'false');
const before = new Set(await readdir(findings));
console.log(`fuzzing ${target} for ${seconds} s in ${relative(process.cwd(), findings) || '.'}: jsfuzz ${args.join(' ')}`);
const started = Date.now();
// Its own process group: SIGINT to the group reaches jsfuzz's worker, which then stops after its current input.
const child = spawn(jsfuzz, args, { cwd: findings, stdio: 'inherit', detached: true });
const stop = () => process.kill(-child.pid, 'SIGINT');
const timer = setTimeout(stop, seconds * 1000);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', async () => {
  clearTimeout(timer);
  // jsfuzz writes each finding (a crash, a timeout, memory past the limit) as crash-<sha256 of the input>.
  const found = (await readdir(findings)).filter((name) => name.startsWith('crash-') && !before.has(name));
  const ran = ((Date.now() - started) / 1000).toFixed(0);
  console.log(found.length ? `finding after ${ran} s: ${found.map((f) => join(findings, f)).join(', ')}` : `no finding in ${ran} s`);
  process.exit(found.length ? 1 : 0);
});
