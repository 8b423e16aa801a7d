// The extension's settings as puppet-eval's language server reads them (the real server, started as the
// extension starts it), and the packaged .vsix (what it holds, the program and arguments it runs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..');
const require = createRequire(import.meta.url);
const { serverSettings, serverCommand } = require('../out/settings.js');

const config = (values) => (key) => values[key];
// scripts/build-vscode.sh sets it: then nothing may be skipped for want of the server or the package.
const everything = process.env.VSCODE_EXTENSION_CHECK === 'all';

test('unset settings are sent as the server defaults, set ones as given', () => {
  assert.deepEqual(serverSettings(config({})), {
    node: 'playground', facts: '', manifest: null, strict: 'error', modulepath: [], lint: true, compile: true, compileDelay: 300,
  });
  assert.deepEqual(
    serverSettings(config({ node: ' web1 ', facts: 'redhat-9', manifest: 'site.pp', strict: 'warning', modulepath: ['vendor', 3], lint: false, compile: false, compileDelay: 12.6 })),
    { node: 'web1', facts: 'redhat-9', manifest: 'site.pp', strict: 'warning', modulepath: ['vendor'], lint: false, compile: false, compileDelay: 13 },
  );
  assert.equal(serverSettings(config({ strict: 'sometimes', compileDelay: -1 })).strict, 'error');
  assert.deepEqual(serverCommand(config({})), { command: 'puppet-eval', args: ['lsp'] });
  assert.deepEqual(serverCommand(config({ path: '/opt/bin/puppet-eval ' })), { command: '/opt/bin/puppet-eval', args: ['lsp'] });
});

/** A language server client over stdio, as vscode-languageclient speaks to the server. */
function startServer(program) {
  const child = spawn(program, ['lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = Buffer.alloc(0);
  const messages = [];
  const waiters = [];
  child.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())[1]);
      if (buffer.length < end + 4 + length) return;
      messages.push(JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString()));
      buffer = buffer.subarray(end + 4 + length);
      for (const waiter of waiters.splice(0)) waiter();
    }
  });
  const send = (message) => {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  };
  const next = async (matches, what) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const at = messages.findIndex(matches);
      if (at >= 0) return messages.splice(at, 1)[0];
      assert.ok(Date.now() < deadline, `no ${what} from the server`);
      await new Promise((resolve) => { waiters.push(resolve); setTimeout(resolve, 200); });
    }
  };
  return { child, send, next, messages };
}

test("the server takes the extension's settings, at start and when they change", { timeout: 120_000 }, async (t) => {
  const program = process.env.PUPPET_EVAL ?? join(repo, 'target', 'debug', 'puppet-eval');
  if (!existsSync(program)) {
    assert.ok(!everything, `no puppet-eval at ${program}`);
    t.skip(`no puppet-eval at ${program} (build it, or set PUPPET_EVAL)`);
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'vscode-ext-'));
  mkdirSync(join(folder, 'manifests'));
  writeFileSync(join(folder, 'environment.conf'), '');
  const site = join(folder, 'manifests', 'site.pp');
  const text = "if $facts['os']['family'] == 'Debian' {\n  fail('a Debian node')\n}\n";
  writeFileSync(site, text);
  const server = startServer(program);
  t.after(() => server.child.kill());
  const uri = pathToFileURL(site).href;
  server.send({
    id: 1,
    method: 'initialize',
    params: {
      processId: process.pid,
      rootUri: pathToFileURL(folder).href,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'env' }],
      capabilities: {},
      initializationOptions: serverSettings(config({ node: 'web1.example.com', facts: 'debian-12', compileDelay: 0 })),
    },
  });
  const initialized = await server.next((m) => m.id === 1, 'initialize answer');
  assert.equal(initialized.result.serverInfo.name, 'puppet-eval');
  server.send({ method: 'initialized', params: {} });
  server.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'puppet', version: 1, text } } });
  const failing = await server.next(
    (m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri && m.params.diagnostics.some((d) => /a Debian node/.test(d.message)),
    "the compile's error for the Debian 12 facts",
  );
  assert.equal(failing.params.diagnostics.find((d) => /a Debian node/.test(d.message)).range.start.line, 1);
  // The extension sends every setting on a change: the RHEL 9 preset compiles without the error.
  server.send({ method: 'workspace/didChangeConfiguration', params: { settings: serverSettings(config({ facts: 'redhat-9', compileDelay: 0 })) } });
  await server.next(
    (m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri && !m.params.diagnostics.some((d) => /a Debian node/.test(d.message)),
    'diagnostics without the error once the facts are Red Hat 9',
  );
  const refused = server.messages.filter((m) => m.method === 'window/logMessage' && m.params.type <= 2);
  assert.deepEqual(refused, [], 'no setting refused');
});

test('the .vsix holds the compiled extension and its client library, and starts `puppet-eval lsp`', (t) => {
  const dir = join(repo, 'target', 'vscode');
  const vsix = existsSync(dir) ? readdirSync(dir).find((name) => name.endsWith('.vsix')) : undefined;
  if (!vsix) {
    assert.ok(!everything, 'no .vsix in target/vscode');
    t.skip('no .vsix in target/vscode (scripts/build-vscode.sh makes it)');
    return;
  }
  const path = join(dir, vsix);
  const listing = execFileSync('unzip', ['-Z1', path]).toString().split('\n');
  for (const entry of ['extension/package.json', 'extension/out/extension.js', 'extension/out/settings.js', 'extension/node_modules/vscode-languageclient/package.json']) {
    assert.ok(listing.includes(entry), `${entry} in the .vsix`);
  }
  assert.ok(!listing.some((entry) => entry.startsWith('extension/src/') || entry.startsWith('extension/node_modules/typescript/')), 'sources and build tools left out');
  const manifest = JSON.parse(execFileSync('unzip', ['-p', path, 'extension/package.json']).toString());
  assert.equal(manifest.main, './out/extension.js');
  assert.ok(manifest.contributes.languages.some((l) => l.id === 'puppet' && l.extensions.includes('.pp')));
  assert.equal(manifest.contributes.configuration.properties['puppetEval.path'].default, 'puppet-eval');
  const settings = execFileSync('unzip', ['-p', path, 'extension/out/settings.js']).toString();
  assert.match(settings, /args: \['lsp'\]/);
});
