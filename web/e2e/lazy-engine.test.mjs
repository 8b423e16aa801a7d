// End to end, the two engines: the first result comes from the light .wasm, and the full one follows at idle for lint; with lint off a snippet page fetches only the light one; a call of stdlib's function or an environment with Hiera YAML makes the worker fetch the full one (once), with the status saying so, and its looked-up value shows; a full engine that cannot load is an error the page shows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { codeLink, nextResult, openPage, runs, startBrowserAndServer, text } from './helpers.mjs';
import { DEFAULT_SETTINGS, encodeFragment } from '../src/share.js';
import { HIERA_ENV, openEnvironment, recordingPage } from './engine-loading.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const LIGHT = /\/assets\/puppet_wasm_bg-[\w-]+\.wasm$/;
const FULL = /\/assets\/puppet_wasm_full_bg-[\w-]+\.wasm$/;

const HIERA_CODE = "include app\nlookup('app::port')";
/** Lint off: the page then loads the full engine only when a run needs it (lint on loads it at idle). */
const NO_LINT = { ...DEFAULT_SETTINGS, lint: false };
const noLintLink = (code) => `${codeLink(env, code)}&lint=off`;

test('the first result comes from the light engine; the full one follows at idle, silently, and lints', async () => {
  const context = await env.browser.newContext();
  const full = [];
  context.on('request', (request) => {
    if (FULL.test(new URL(request.url()).pathname)) full.push(request);
  });
  const { page, errors, close } = await openPage(env, codeLink(env, '$a = "x"\n1 + 2'), { context });
  await page.waitForFunction(() => document.body.dataset.lints, null, { timeout: 20000 });
  assert.equal(await text(page, 'result-value'), '3');
  assert.equal(full.length, 1);
  // The full engine was asked for after the first result was shown (both in ms since 1970).
  const firstResultAt = await page.evaluate(() => performance.timeOrigin + Number(document.body.dataset.firstResultMs));
  assert.ok(full[0].timing().startTime >= firstResultAt, `full engine requested at ${full[0].timing().startTime}, first result at ${firstResultAt}`);
  // Loading it for lint is not announced: the status still gives the result.
  assert.match(await text(page, 'status'), /^ok: 3/);
  await page.getByTestId('tab-lint').click();
  assert.deepEqual(await page.getByTestId('lint-findings').locator('button').allTextContents(), [
    '1:6 warning double_quoted_strings: double quoted string containing no variables',
  ]);
  assert.deepEqual(errors, []);
  await close();
  await context.close();
});

test('with lint off a snippet fetches only the light engine; Hiera YAML then loads the full one once and shows the looked-up value', async () => {
  const { page, errors, wasm, statusTexts, close } = await recordingPage(env, noLintLink('1 + 2'));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) >= 1);
  assert.equal(await text(page, 'result-value'), '3');
  // The page's preload (boot.js) and the worker's fetch of it, served once.
  assert.ok(wasm.length >= 1 && wasm.every((path) => LIGHT.test(path)), `fetched: ${wasm.join(', ')}`);
  const lightFetches = wasm.length;

  await openEnvironment(page, HIERA_CODE, HIERA_ENV, NO_LINT, 20000);
  assert.equal(await text(page, 'result-value'), '8081');
  assert.equal(await text(page, 'result-type'), 'Integer[8081, 8081]');
  await page.getByRole('tab', { name: /Catalog/ }).click();
  await page.getByTestId('catalog').locator('[data-reference="Notify[port 8081]"]').waitFor({ timeout: 5000 });
  assert.equal(wasm.filter((path) => FULL.test(path)).length, 1, `fetched: ${wasm.join(', ')}`);
  assert.ok((await statusTexts()).includes('Loading the full engine (Hiera, stdlib, templates)…'), (await statusTexts()).join(' | '));
  assert.match(await text(page, 'status'), /^ok: 8081/);

  // From now on the full engine runs everything, without fetching again: a snippet again, then YAML again.
  const count = await runs(page);
  await page.getByTestId('run').click();
  await nextResult(page, count);
  await openEnvironment(page, '2 * 21', { files: { 'data/common.json': '{}' } }, NO_LINT, 20000);
  assert.equal(await text(page, 'result-value'), '42');
  await openEnvironment(page, "lookup('app::port')", HIERA_ENV, NO_LINT, 20000);
  assert.equal(await text(page, 'result-value'), '8081');
  assert.equal(wasm.length, lightFetches + 1, `fetched: ${wasm.join(', ')}`);
  assert.deepEqual(errors, []);
  await close();
});

test("a snippet calling stdlib's functions is handed to the full engine, which answers as Puppet with stdlib does", async () => {
  const code = "$port = pick(undef, 8080)\n[stdlib::merge({'a' => 1}, {'b' => $port}), member(['a'], 'a')]";
  const { page, errors, wasm, statusTexts, close } = await recordingPage(env, codeLink(env, code));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) >= 1, null, { timeout: 20000 });
  // OpenVox 8.28.1 with stdlib 9.7.0 on the modulepath: notice() of it prints [{a => 1, b => 8080}, true].
  assert.equal(await text(page, 'result-value'), "[{'a' => 1, 'b' => 8080}, true]");
  assert.equal(wasm.filter((path) => FULL.test(path)).length, 1, `fetched: ${wasm.join(', ')}`);
  assert.ok((await statusTexts()).includes('Loading the full engine (Hiera, stdlib, templates)…'), (await statusTexts()).join(' | '));
  assert.deepEqual(errors, []);
  await close();
});

test("a snippet using stdlib's type aliases is handed to the full engine, which matches as Puppet with stdlib does", async () => {
  const code = '$p = 8080\n[$p =~ Stdlib::Port, "web01" =~ Stdlib::Fqdn, "/tmp" =~ Stdlib::Absolutepath, -1 =~ Stdlib::Port]';
  const { page, errors, wasm, close } = await recordingPage(env, codeLink(env, code));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) >= 1, null, { timeout: 20000 });
  // Real Puppet 7.23 with Debian's stdlib 8.5.0 on the modulepath (env_oracle.rb).
  assert.equal(await text(page, 'result-value'), '[true, true, true, false]');
  assert.equal(wasm.filter((path) => FULL.test(path)).length, 1, `fetched: ${wasm.join(', ')}`);
  assert.deepEqual(errors, []);
  await close();
});

test('the stdlib example runs on the full engine and logs what real Puppet with stdlib logs', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '0'));
  const before = await runs(page);
  await page.getByTestId('examples').selectOption('stdlib');
  await nextResult(page, before, 20000);
  await page.getByRole('tab', { name: 'Output' }).click();
  // OpenVox 8.28.1 with stdlib 9.7.0 on the modulepath, the example as puppet apply runs it.
  assert.deepEqual(await page.getByTestId('output').locator('.log').allTextContents(), ['notice: www-data on 8080: [1048576, 4194304]']);
  await page.getByRole('tab', { name: /Catalog/ }).click();
  for (const reference of ['Package[nginx]', 'Package[curl]']) {
    await page.getByTestId('catalog').locator(`[data-reference="${reference}"]`).waitFor({ timeout: 5000 });
  }
  assert.deepEqual(errors, []);
  await close();
});

test('a module rendering an ERB template is handed to the full engine, which renders it as Puppet does', async () => {
  const environment = {
    files: {
      'modules/app/manifests/init.pp': "class app($port = 8080) {\n  file { '/etc/app.conf': content => template('app/app.conf.erb') }\n}\n",
      'modules/app/templates/app.conf.erb': "# managed\nport=<%= @port %>\n<% ['a', 'b'].each do |n| -%>\nname=<%= n.upcase %>\n<% end -%>\n",
    },
  };
  const code = "include app\ninline_template('<%= [1, 2].map { |x| x * 2 }.join(\",\") %>')";
  const { page, errors, wasm, statusTexts, close } = await recordingPage(env, `${env.baseUrl}#${encodeFragment(code, DEFAULT_SETTINGS, environment)}`);
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) >= 1, null, { timeout: 20000 });
  // Real Puppet 7.23 (env_oracle.rb): the value '2,4' and the file's content "# managed\nport=8080\nname=A\nname=B\n".
  assert.equal(await text(page, 'result-value'), "'2,4'");
  assert.equal(wasm.filter((path) => FULL.test(path)).length, 1, `fetched: ${wasm.join(', ')}`);
  assert.ok((await statusTexts()).includes('Loading the full engine (Hiera, stdlib, templates)…'), (await statusTexts()).join(' | '));
  await page.getByRole('tab', { name: /Catalog/ }).click();
  const file = page.getByTestId('catalog').locator('[data-reference="File[/etc/app.conf]"]');
  await file.waitFor({ timeout: 5000 });
  assert.match(await file.textContent(), /# managed\\nport=8080\\nname=A\\nname=B\\n/);
  assert.deepEqual(errors, []);
  await close();
});

test('with lint off an environment without YAML runs on the light engine alone', async () => {
  const environment = { files: { 'modules/app/manifests/init.pp': "class app { notify { 'hi': } }\n" } };
  const { page, errors, wasm, close } = await recordingPage(env, `${env.baseUrl}#${encodeFragment('include app\n1', NO_LINT, environment)}`);
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) >= 1);
  assert.equal(await text(page, 'result-value'), '1');
  assert.ok(wasm.length >= 1 && wasm.every((path) => LIGHT.test(path)), `fetched: ${wasm.join(', ')}`);
  assert.deepEqual(errors, []);
  await close();
});

test('a full engine that cannot be fetched is an error the page shows, and the next run tries again', async () => {
  const { page, errors, close } = await recordingPage(env, noLintLink('1'));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) >= 1);
  await page.context().route(FULL, (route) => route.abort());
  await page.evaluate((hash) => {
    location.hash = hash;
  }, encodeFragment(HIERA_CODE, NO_LINT, HIERA_ENV));
  await page.waitForFunction(
    () => document.getElementById('status').dataset.kind === 'error',
    null,
    { timeout: 10000 },
  );
  assert.match(await text(page, 'status'), /^The YAML reader could not be loaded/);
  assert.equal(await page.getByTestId('stop').isDisabled(), true);
  assert.equal(await page.getByTestId('busy').isHidden(), true);

  await page.context().unroute(FULL);
  const count = await runs(page);
  await page.getByTestId('run').click();
  await nextResult(page, count, 20000);
  assert.equal(await text(page, 'result-value'), '8081');
  // The aborted fetch is the browser's console error; nothing else went wrong.
  assert.deepEqual(
    errors.filter((e) => !/Failed to load resource|net::ERR_FAILED/.test(e)),
    [],
  );
  await close();
});

test('a slow full engine is waited for: the watchdog neither stops the load nor does a new edit restart it', async () => {
  const { page, errors, close } = await recordingPage(env, noLintLink('1'));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) >= 1);
  // Longer than the watchdog's 3 s.
  await page.context().route(FULL, async (route) => {
    await new Promise((done) => setTimeout(done, 3500));
    await route.continue();
  });
  const count = await runs(page);
  await page.evaluate((hash) => {
    location.hash = hash;
  }, encodeFragment(HIERA_CODE, NO_LINT, HIERA_ENV));
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Loading the full engine (Hiera, stdlib, templates)…');
  await page.waitForTimeout(500);
  await page.getByTestId('run').click(); // a newer request while the first waits for the engine
  await nextResult(page, count, 20000);
  await page.waitForFunction(() => document.getElementById('stop').disabled);
  assert.equal(await text(page, 'result-value'), '8081');
  assert.equal(await page.evaluate(() => document.body.dataset.restarts), undefined);
  assert.deepEqual(errors, []);
  await close();
});

test('a run that needs the full engine while the idle load for lint is under way waits for that load, which the status says', async () => {
  const context = await env.browser.newContext();
  // The full engine takes longer than the watchdog's 3 s to come.
  await context.route(FULL, async (route) => {
    await new Promise((done) => setTimeout(done, 3500));
    await route.continue();
  });
  const asked = [];
  const requested = new Promise((done) => {
    context.on('request', (request) => {
      if (!FULL.test(new URL(request.url()).pathname)) return;
      asked.push(request.url());
      done();
    });
  });
  const { page, errors, close } = await openPage(env, codeLink(env, '1'), { context });
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) >= 1);
  await requested; // the idle load has started on its own, and is held up
  const count = await runs(page);
  await page.evaluate((hash) => {
    location.hash = hash;
  }, encodeFragment('pick(undef, 8080)', DEFAULT_SETTINGS));
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Loading the full engine (Hiera, stdlib, templates)…');
  await nextResult(page, count, 20000);
  assert.equal(await text(page, 'result-value'), '8080');
  assert.equal(await page.evaluate(() => document.body.dataset.restarts), undefined);
  assert.equal(asked.length, 1, 'one load of the full engine, shared by lint and the run');
  assert.deepEqual(errors, []);
  await close();
  await context.close();
});

test("a lookup message makes the worker load the full engine and answer with the engine's lookup", async () => {
  const { page, errors, close } = await recordingPage(env, codeLink(env, '1'));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) >= 1);
  // A second worker from the same script (the page's own one answers to engine.js).
  const messages = await page.evaluate(async (files) => {
    const url = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .find((name) => /\/worker-[\w-]+\.js$/.test(name));
    const worker = new Worker(url, { type: 'module' });
    const seen = [];
    return new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error(`no answer: ${JSON.stringify(seen)}`)), 15000);
      worker.onmessage = ({ data }) => {
        seen.push(data);
        if (data.type === 'ready') worker.postMessage({ type: 'lookup', id: 7, options: { files }, query: { key: 'app::port' } });
        if (['lookup', 'load-failed', 'crash'].includes(data.type)) {
          worker.terminate();
          resolve(seen);
        }
      };
    });
  }, HIERA_ENV.files);
  assert.deepEqual(
    messages.map((m) => [m.type, m.id ?? null]),
    [
      ['ready', null],
      ['loading', 7],
      ['loaded', 7],
      ['lookup', 7],
    ],
  );
  const { answer } = messages[3];
  assert.equal(answer.found, true);
  assert.equal(answer.value, '8081');
  assert.match(answer.explanation, /common\.yaml/);
  assert.deepEqual(errors, []);
  await close();
});
