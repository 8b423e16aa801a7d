// End to end, the third engine: a run that reads HOCON (stdlib's parsehocon) or uses Ruby's URI (a module's Ruby function, a template) is handed by the full engine to the libraries engine, which the worker fetches once (the status says so) and which then shows what real Puppet gives; a snippet, an environment with Hiera YAML and lint never fetch it.
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

const FULL = /\/assets\/puppet_wasm_full_bg-[\w-]+\.wasm$/;
const LIBS = /\/assets\/puppet_wasm_libs_bg-[\w-]+\.wasm$/;
const LOADING_LIBS = "Loading the libraries engine (HOCON, Ruby's URI)…";

/** A module whose Ruby function and template use Ruby's uri library. */
const URI_ENV = {
  files: {
    'modules/app/lib/puppet/functions/app/host_of.rb':
      "require 'uri'\nPuppet::Functions.create_function(:'app::host_of') do\n  dispatch :host_of do\n    param 'String', :url\n  end\n  def host_of(url)\n    URI.parse(url).host\n  end\nend\n",
    'modules/app/templates/client.conf.erb': "<% require 'uri' -%>\nserver=<%= URI.parse(@url).host %>:<%= URI.parse(@url).port %>\n",
    'modules/app/manifests/init.pp':
      "class app($url = 'https://puppet.example.com:8140/x') {\n  file { '/etc/app/client.conf': content => template('app/client.conf.erb') }\n}\n",
  },
};

test('stdlib::parsehocon loads the libraries engine once, which shows the data; it then runs everything, Hiera YAML included', async () => {
  const code = "stdlib::parsehocon('server { host = puppet.example.com, port = 8140 }\nserver.ca = true')";
  const { page, errors, wasm, statusTexts, close } = await recordingPage(env, codeLink(env, code));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) >= 1, null, { timeout: 30000 });
  // OpenVox 8.28.1 with stdlib 9.7.0 on the modulepath (env_oracle.rb).
  assert.equal(await text(page, 'result-value'), "{'server' => {'ca' => true, 'host' => 'puppet.example.com', 'port' => 8140}}");
  assert.equal(wasm.filter((path) => LIBS.test(path)).length, 1, `fetched: ${wasm.join(', ')}`);
  assert.ok((await statusTexts()).includes(LOADING_LIBS), (await statusTexts()).join(' | '));
  assert.match(await text(page, 'status'), /^ok: /);

  // The libraries engine has all the full one has: Hiera's YAML and the deprecated shim, without another fetch.
  const fetched = wasm.length;
  await openEnvironment(page, "include app\nlookup('app::port')", HIERA_ENV, DEFAULT_SETTINGS, 30000);
  assert.equal(await text(page, 'result-value'), '8081');
  await openEnvironment(page, "parsehocon('a = 1')", null, DEFAULT_SETTINGS, 30000);
  // OpenVox 8.28.1 with stdlib 9.7.0: {'a' => 1}, with the shim's deprecation warning.
  assert.equal(await text(page, 'result-value'), "{'a' => 1}");
  assert.equal(wasm.length, fetched, `fetched: ${wasm.join(', ')}`);
  assert.deepEqual(errors, []);
  await close();
});

test("a module's Ruby function and template using require 'uri' give what Puppet gives, on the libraries engine", async () => {
  const code = "include app\napp::host_of('https://puppet.example.com:8140/puppet/v3')";
  const url = `${env.baseUrl}#${encodeFragment(code, DEFAULT_SETTINGS, URI_ENV)}`;
  const { page, errors, wasm, statusTexts, close } = await recordingPage(env, url);
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) >= 1, null, { timeout: 30000 });
  // OpenVox 8.28.1 (env_oracle.rb): the value 'puppet.example.com', the file's content "server=puppet.example.com:8140\n".
  assert.equal(await text(page, 'result-value'), "'puppet.example.com'");
  assert.equal(wasm.filter((path) => LIBS.test(path)).length, 1, `fetched: ${wasm.join(', ')}`);
  assert.ok((await statusTexts()).includes(LOADING_LIBS), (await statusTexts()).join(' | '));
  await page.getByRole('tab', { name: /Catalog/ }).click();
  const file = page.getByTestId('catalog').locator('[data-reference="File[/etc/app/client.conf]"]');
  await file.waitFor({ timeout: 5000 });
  assert.match(await file.textContent(), /server=puppet\.example\.com:8140\\n/);
  assert.deepEqual(errors, []);
  await close();
});

test('a snippet, lint and an environment with Hiera YAML never fetch the libraries engine', async () => {
  const { page, errors, wasm, close } = await recordingPage(env, codeLink(env, '$a = "x"\n1 + 2'));
  // Lint at idle loads the full engine.
  await page.waitForFunction(() => document.body.dataset.lints, null, { timeout: 30000 });
  assert.equal(await text(page, 'result-value'), '3');
  await openEnvironment(page, "include app\nlookup('app::port')", HIERA_ENV, DEFAULT_SETTINGS, 30000);
  assert.equal(await text(page, 'result-value'), '8081');
  await openEnvironment(page, "inline_template('<%= [1, 2].map { |x| x * 2 }.join(\",\") %>')", null, DEFAULT_SETTINGS, 30000);
  assert.equal(await text(page, 'result-value'), "'2,4'");
  assert.equal(wasm.filter((path) => FULL.test(path)).length, 1, `fetched: ${wasm.join(', ')}`);
  assert.equal(wasm.filter((path) => LIBS.test(path)).length, 0, `fetched: ${wasm.join(', ')}`);
  assert.deepEqual(errors, []);
  await close();
});
