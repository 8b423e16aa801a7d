// End to end, the node and what the page shows of a compile: one certname (next to the facts, in the link), $trusted, $clientcert,
// $settings::..., fqdn_rand as real Puppet computes it, log levels as puppet apply prints them, inline results of definitions and collectors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { codeLink, nextResult, openPage, runs, startBrowserAndServer, text, replaceCode } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const waitForValue = (page, expected) =>
  page.waitForFunction((v) => document.querySelector('[data-testid="result-value"]').textContent === v, expected);

const IDENTITY = "[$trusted['certname'], $clientcert, $facts['clientcert'], $environment, $settings::environment, $settings::certname, $trusted['hostname'], $trusted['domain']]";

test('the node has one certname: web01.example.com by default (what puppet apply uses for the default facts), set next to the facts and kept in the link', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, IDENTITY), { permissions: ['clipboard-read', 'clipboard-write'] });
  // What real Puppet 7.23 gives (tests/conformance/golden/node.jsonl).
  await waitForValue(page, "['web01.example.com', 'web01.example.com', 'web01.example.com', 'production', 'production', 'web01.example.com', 'web01', 'example.com']");
  await page.getByRole('tab', { name: /Facts/ }).click();
  assert.equal(await page.getByTestId('certname').inputValue(), 'web01.example.com');
  // Errors name that node.
  let before = await runs(page);
  await replaceCode(page, `include nosuch\n${IDENTITY}`);
  await nextResult(page, before);
  assert.match(await text(page, 'problems'), /Could not find class ::nosuch for web01\.example\.com/);
  // Another certname: everything follows, and a link keeps it.
  before = await runs(page);
  await replaceCode(page, IDENTITY);
  await page.getByTestId('certname').fill('db01');
  await waitForValue(page, "['db01', 'db01', 'db01', 'production', 'production', 'db01', 'db01', undef]");
  assert.match(new URL(page.url()).hash, /;certname=db01/);
  await page.getByTestId('share').click();
  await page.waitForFunction(() => /copied/.test(document.querySelector('[data-testid="status"]').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const fresh = await openPage(env, link);
  await waitForValue(fresh.page, "['db01', 'db01', 'db01', 'production', 'production', 'db01', 'db01', undef]");
  assert.deepEqual([...errors, ...fresh.errors], []);
  await fresh.close();
  await close();
});

test('a node definition matches the certname', async () => {
  const { page, close } = await openPage(env, codeLink(env, "node 'web01.example.com' { notice('web01 here') }\nnode default { notice('default') }"));
  await page.waitForFunction(() => /web01 here/.test(document.querySelector('[data-testid="output"]').textContent));
  await close();
});

test('fqdn_rand is the number real Puppet gives for the node (its fqdn fact and the seed)', async () => {
  // Real Puppet 7.23 with the default facts (fqdn web01.example.com): tests/conformance/golden/node.jsonl.
  const { page, errors, close } = await openPage(env, codeLink(env, "[fqdn_rand(60), fqdn_rand(60, 'cron'), fqdn_rand(1000)]"));
  await waitForValue(page, '[37, 18, 153]');
  assert.deepEqual(errors, []);
  await close();
});

test('Output shows notice and above as puppet apply does; info and debug on demand', async () => {
  const code = "info('details')\ndebug('more details')\n$port = lookup('app::port', Integer, 'first', 8080)\nnotice(\"port ${port}\")";
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  await page.waitForFunction(() => /port 8080/.test(document.querySelector('[data-testid="output"]').textContent));
  const lines = () => page.getByTestId('output').locator('.log').allTextContents();
  assert.deepEqual(await lines(), ['notice: port 8080']);
  assert.match(await text(page, 'log-hidden'), /info and debug lines? hidden|hidden/);
  await page.getByTestId('log-level').selectOption('info');
  assert.deepEqual((await lines()).filter((l) => !l.startsWith('debug')), ['info: details', 'notice: port 8080']);
  await page.getByTestId('log-level').selectOption('debug');
  const all = await lines();
  assert.ok(all.includes('debug: more details'), all.join('\n'));
  assert.ok(all.some((l) => /^debug: Lookup of 'app::port'/.test(l)), all.join('\n'));
  // The choice is kept in the link.
  assert.match(new URL(page.url()).hash, /;log=debug/);
  assert.deepEqual(errors, []);
  await close();
});

test('inline results: nothing after definitions, the collected resources after a collector', async () => {
  const code = [
    "class web { notice('web') }",
    'define site($port = 80) { }',
    'node default { }',
    "@user { 'alice': }",
    "@user { 'bob': }",
    "User <| title == 'alice' |>",
    'Group <| |>',
    '1 + 1',
  ].join('\n');
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  await page.locator('.cm-inline-result', { hasText: '⇒ 2' }).waitFor();
  const hints = await page.locator('.cm-line').evaluateAll((lines) => lines.map((l) => l.querySelector('.cm-inline-result')?.textContent ?? null));
  assert.deepEqual(hints, [
    null,
    null,
    null,
    "⇒ [User['alice']] : Tuple[Type[User['alice']]]",
    "⇒ [User['bob']] : Tuple[Type[User['bob']]]",
    '⇒ collected User[alice]',
    '⇒ collected nothing',
    '⇒ 2 : Integer[2, 2]',
  ]);
  assert.deepEqual(errors, []);
  await close();
});

test('facts with integers above 2^53 and beyond 64 bits are read by the engine, not rounded, and the code still runs', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '[$big, $big + 1, $huge]'));
  await page.getByRole('tab', { name: /Facts/ }).click();
  const before = await runs(page);
  await page.getByTestId('facts').fill('{"big": 9007199254740993, "huge": 18446744073709551616}');
  await nextResult(page, before);
  // Real Puppet: 9007199254740993 exactly (JavaScript's numbers would make it ...992); beyond 64 bits Puppet
  // keeps a Ruby Bignum, which the engine's 64-bit Integer reads as the nearest Float (core/src/facts.rs).
  await waitForValue(page, '[9007199254740993, 9007199254740994, 1.8446744073709552e+19]');
  assert.match(await text(page, 'facts-status'), /Your facts: 2 top-level facts/);
  assert.deepEqual(errors, []);
  await close();
});
