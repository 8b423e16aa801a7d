// Take the README's screenshots of the built page (run by hand after `make dist`): desktop light, dark, catalog, compare, facts, files, learner, help, lookup, lint, phone; and a page of another origin with two embedded snippets.
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/helpers.mjs';
import { encodeFragment } from '../src/share.js';
import { startServer } from './serve.mjs';

const out = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
await mkdir(out, { recursive: true });
const server = await startServer(0);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

const code = `# Types, lambdas, interpolation and String formatting, evaluated in the browser.
type Port = Integer[1, 65535]
$ports = [80, 443, 8080]
$ok = $ports.all |$p| { $p =~ Port }
$by_kind = $ports.group_by |$p| { $p < 1024 ? { true => 'system', default => 'user' } }
notice("ports: \${ports.join(', ')}")
$summary = String($by_kind, '%p')
[$ok, type($by_kind), $summary]
`;
const LINT_CODE = `# puppet-lint's checks as you type: Fix all applies its fixes as one edit.
class motd($message = "Welcome") {
  file { '/etc/motd':
    ensure => file,
    content => $message,
    mode => 644,
  }
}
include motd
`;
const shots = [
  { name: 'desktop-light', viewport: { width: 1280, height: 720 }, colorScheme: 'light' },
  { name: 'desktop-dark', viewport: { width: 1280, height: 720 }, colorScheme: 'dark' },
  { name: 'desktop-catalog', viewport: { width: 1280, height: 720 }, colorScheme: 'light' },
  { name: 'desktop-compare', viewport: { width: 1280, height: 720 }, colorScheme: 'light' },
  { name: 'desktop-facts', viewport: { width: 1280, height: 720 }, colorScheme: 'light' },
  { name: 'desktop-files', viewport: { width: 1280, height: 720 }, colorScheme: 'light' },
  { name: 'desktop-files-problem', viewport: { width: 1280, height: 720 }, colorScheme: 'dark' },
  { name: 'desktop-learner', viewport: { width: 1280, height: 720 }, colorScheme: 'light' },
  { name: 'desktop-help', viewport: { width: 1280, height: 720 }, colorScheme: 'light' },
  { name: 'desktop-lookup', viewport: { width: 1280, height: 720 }, colorScheme: 'light' },
  { name: 'desktop-lint', viewport: { width: 1280, height: 720 }, colorScheme: 'light' },
  { name: 'phone', viewport: { width: 390, height: 844 }, colorScheme: 'light', deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { name: 'layout-1440', viewport: { width: 1440, height: 900 }, colorScheme: 'light' },
  // The phone's first screen: the editor and the result first, Files and the panes behind their menus.
  { name: 'layout-390', viewport: { width: 390, height: 844 }, colorScheme: 'light', deviceScaleFactor: 2, isMobile: true, hasTouch: true },
];
// `--only a,b`: just those shots.
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;
for (const { name, ...options } of shots.filter((shot) => !only || only.includes(shot.name))) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(`${base}?code=${encodeURIComponent(code)}`);
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  if (name === 'desktop-dark') {
    // Show a problem too: a division by zero, with its squiggle and its entry in Problems.
    await page.getByTestId('editor').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n1 / 0');
    await page.locator('.cm-lintRange-error').waitFor();
    await page.getByTestId('developer-toggle').click();
    await page.getByRole('tab', { name: 'AST' }).click();
  }
  if (name === 'layout-1440') {
    // The layout of issue 38: file tabs over the editor, the panes in their groups, the graph of an environment.
    const runs = Number(await page.evaluate(() => document.body.dataset.runs));
    await page.getByTestId('examples').selectOption('roles-profiles');
    await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, runs);
    await page.getByTestId('notice-close').click();
    for (const folder of ['modules/profile', 'modules/profile/manifests']) {
      const row = page.locator(`[data-path="${folder}"]`);
      if ((await row.getAttribute('aria-expanded')) === 'false') await row.click();
    }
    await page.locator('[data-path="modules/profile/manifests/web.pp"]').click();
    await page.getByTestId('tab-graph').click();
    await page.waitForSelector('[data-testid="graph"][data-graph-ready]');
  }
  if (name === 'desktop-catalog') {
    // The resources example, with its compiled catalog.
    const runs = Number(await page.evaluate(() => document.body.dataset.runs));
    await page.getByTestId('examples').selectOption('resources');
    await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, runs);
    await page.getByRole('tab', { name: /Catalog/ }).click();
  }
  if (name === 'desktop-compare') {
    // The Compare pane: the resources example's catalog pinned, then a resource's attribute edited and one added.
    let runs = Number(await page.evaluate(() => document.body.dataset.runs));
    await page.getByTestId('examples').selectOption('resources');
    await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, runs);
    await page.getByTestId('notice-close').click();
    await page.getByTestId('tab-compare').click();
    await page.getByTestId('compare-pin').click();
    runs = Number(await page.evaluate(() => document.body.dataset.runs));
    await page.locator('.cm-line', { hasText: "Greeting['alice'] { message => 'hey' }" }).click();
    await page.keyboard.press('End');
    for (let i = 0; i < "'hey' }".length; i += 1) await page.keyboard.press('Backspace');
    await page.keyboard.insertText("'hey there' }");
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText("\npackage { 'htop': ensure => installed }");
    await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, runs);
    await page.waitForFunction(() => /1 added, 0 removed, 1 changed/.test(document.querySelector('[data-testid="compare-summary"]')?.textContent));
    await page.mouse.move(1000, 650);
  }
  if (name === 'desktop-facts') {
    // The case example on the node's facts, with the Facts pane open.
    const runs = Number(await page.evaluate(() => document.body.dataset.runs));
    await page.getByTestId('examples').selectOption('case');
    await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, runs);
    await page.getByRole('tab', { name: /Facts/ }).click();
  }
  if (name === 'desktop-files') {
    // The roles and profiles environment: its tree, a profile open, the catalog of the whole environment.
    const runs = Number(await page.evaluate(() => document.body.dataset.runs));
    await page.getByTestId('examples').selectOption('roles-profiles');
    await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, runs);
    for (const folder of ['modules/profile', 'modules/profile/manifests']) {
      const row = page.locator(`[data-path="${folder}"]`);
      if ((await row.getAttribute('aria-expanded')) === 'false') await row.click();
    }
    await page.locator('[data-path="modules/profile/manifests/web.pp"]').click();
    await page.getByRole('tab', { name: /Catalog/ }).click();
    await page.getByTestId('catalog').locator('[data-reference="Nginx::Site[www.example.com]"]').waitFor();
  }
  if (name === 'desktop-files-problem') {
    // The module example with a mistake in its class: listed with its file, opened from Problems, squiggled there.
    const runs = Number(await page.evaluate(() => document.body.dataset.runs));
    await page.getByTestId('examples').selectOption('module');
    await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, runs);
    await page.locator('.cm-line', { hasText: /^\) \{$/ }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('$width = $message + 1');
    await page.locator('[data-path="manifests/site.pp"]').click();
    await page.getByTestId('problems').locator('li', { hasText: 'modules/motd/manifests/init.pp' }).click();
    await page.locator('.cm-lintRange-error').waitFor();
  }
  if (name === 'desktop-learner') {
    // Help for learners: a warning with the values a service's ensure takes, a "did you mean" note.
    const runs = Number(await page.evaluate(() => document.body.dataset.runs));
    await page.getByTestId('editor').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText("# A service, and a greeting\nservice { 'nginx':\n  ensure => runing,\n}\n$message = 'hello'\nnotice($mesage)\n");
    await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, runs);
    await page.getByTestId('problems').locator('.problem-note', { hasText: 'did you mean' }).waitFor();
  }
  if (name === 'desktop-help') {
    // Help: the shortcuts and the documentation of the function at the cursor.
    await page.locator('.cm-line', { hasText: 'notice(' }).click({ position: { x: 20, y: 8 } });
    await page.getByTestId('help').click();
    await page.getByTestId('docs-link').waitFor();
  }
  if (name === 'desktop-lookup') {
    // The Hiera example, the Lookup pane with the program's lookups and the trace of the first one.
    const runs = Number(await page.evaluate(() => document.body.dataset.runs));
    await page.getByTestId('examples').selectOption('hiera');
    await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, runs);
    await page.getByTestId('tab-lookup').click();
    await page.locator('.lookup-call').first().click();
    await page.getByTestId('lookup').locator('pre', { hasText: 'Searching for' }).waitFor();
  }
  if (name === 'desktop-lint') {
    // Lint: a class with puppet-lint's findings, the Lint pane, and a squiggle's hover.
    const lints = Number(await page.evaluate(() => document.body.dataset.lints ?? 0));
    const runs = Number(await page.evaluate(() => document.body.dataset.runs));
    await page.evaluate((hash) => {
      location.hash = hash;
    }, encodeFragment(LINT_CODE));
    await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, runs);
    await page.waitForFunction((n) => Number(document.body.dataset.lints ?? 0) > n, lints, { timeout: 20000 });
    await page.getByTestId('tab-lint').click();
    await page.locator('.cm-lintRange.cm-lint').first().hover();
    await page.locator('.cm-tooltip-lint').waitFor();
  }
  await page.screenshot({ path: resolve(out, `${name}.png`), fullPage: name === 'phone' });
  await context.close();
  console.log(`web/screenshots/${name}.png`);
}

// embed.js on a page of another origin (another host name and port): two snippets, one with a mistake.
const hostPage = `<!doctype html><html><head><title>A post</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/post.css"></head>
<body><h1>A post about Puppet</h1><p>Try this:</p><pre data-puppet>notice('hello')
[1, 2, 3].map |$x| { $x * 2 }</pre><p>And this mistake:</p><pre data-puppet>$x = 1 +</pre>
<script src="${base}embed.js"></script></body></html>`;
const host = createServer((request, response) =>
  request.url === '/post.css'
    ? response.writeHead(200, { 'Content-Type': 'text/css' }).end('body { font-family: sans-serif; max-width: 700px; margin: 2em auto; }')
    : response.writeHead(200, { 'Content-Type': 'text/html' }).end(hostPage),
);
await new Promise((done) => host.listen(0, '127.0.0.1', done));
{
  const context = await browser.newContext({ viewport: { width: 800, height: 520 }, colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto(`http://localhost:${host.address().port}/`);
  await page.waitForFunction(() => document.querySelectorAll('iframe[data-puppet-embed]').length === 2);
  for (const frame of await page.locator('iframe[data-puppet-embed]').elementHandles()) {
    await (await frame.contentFrame()).waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  }
  await page.screenshot({ path: resolve(out, 'embed.png') });
  await context.close();
  console.log('web/screenshots/embed.png');
}
host.close();
await browser.close();
server.close();
