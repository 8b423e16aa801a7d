// Signature help inside a call (the parameter at the cursor marked), hover over the environment's own classes, defined types and type aliases and over data types, and the parameters of a class offered inside `class { 'x': }`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { codeLink, openPage, settledAnswer, startBrowserAndServer } from './helpers.mjs';
import { DEFAULT_SETTINGS, encodeFragment } from '../src/share.js';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const ENVIRONMENT = {
  files: {
    'modules/app/manifests/init.pp': "# The app\nclass app(\n  Integer $port = 80,\n  String $root = '/srv',\n) {\n}\n",
    'modules/app/types/port.pp': 'type App::Port = Integer[1, 65535]\n',
    'modules/app/functions/scale.pp': 'function app::scale(Integer $x, Integer $by = 2) >> Integer { $x * $by }\n',
  },
};

const environmentLink = (code) => `${env.baseUrl}#${encodeFragment(code, DEFAULT_SETTINGS, ENVIRONMENT)}`;

/** Type `text` at the end of the editor's code, as a person does (the editor closes brackets and quotes). */
async function typeAtEnd(page, text) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text, { delay: 20 });
}

test('inside a call the signature shows with the parameter at the cursor marked; leaving the call or Escape hides it', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, ''));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  const help = page.locator('.cm-tooltip[data-testid="signature-help"]');
  const marked = help.locator('.cm-signature-active mark');
  await typeAtEnd(page, "$v = versioncmp('1.2', ");
  await help.waitFor();
  await page.waitForFunction(() => document.querySelector('#editor').querySelector('[data-testid="signature-help"] mark')?.textContent === 'String $b');
  assert.match(await help.locator('.cm-signature-active').textContent(), /^versioncmp\(String \$a, String \$b, Optional\[Boolean\] \$ignore_trailing_zeroes\)$/);
  await page.keyboard.type("'1.10', ", { delay: 20 });
  await page.waitForFunction(() => document.querySelector('#editor').querySelector('[data-testid="signature-help"] mark')?.textContent === 'Optional[Boolean] $ignore_trailing_zeroes');
  assert.equal(await marked.count(), 1);
  // Past the closing parenthesis the call is over.
  await page.keyboard.press('End');
  await help.waitFor({ state: 'detached' });
  // Back inside, then Escape.
  await page.keyboard.press('ArrowLeft');
  await help.waitFor();
  await page.keyboard.press('Escape');
  await help.waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
  await close();
});

test("a method call's receiver is the first argument; the environment's own function has its signature", async () => {
  const { page, errors, close } = await openPage(env, environmentLink(''));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  const help = page.locator('.cm-tooltip[data-testid="signature-help"]');
  await typeAtEnd(page, "$s = ['a', 'b'].join(");
  await help.waitFor();
  // join(Array $arg, Optional[String] $delimiter): the receiver is $arg, the cursor at the delimiter.
  await page.waitForFunction(() => document.querySelector('#editor').querySelector('[data-testid="signature-help"] mark')?.textContent === 'Optional[String] $delimiter');
  assert.equal(await help.locator('.cm-signature-active').textContent(), 'join(Array $arg, Optional[String] $delimiter)');
  await page.keyboard.press('End');
  await page.keyboard.type('\n$d = app::scale(3, ', { delay: 20 });
  await page.waitForFunction(() => document.querySelector('#editor').querySelector('[data-testid="signature-help"] mark')?.textContent === 'Integer $by = 2');
  assert.equal(await help.locator('.cm-signature-active').textContent(), 'app::scale(Integer $x, Integer $by = 2) >> Integer');
  assert.deepEqual(errors, []);
  await close();
});

test('hovering a class shows its parameters and file; a type alias its definition; a data type its parameters', async () => {
  const code = "class { 'app': port => 8080 }\n$p = 8080 =~ App::Port\n$i = 1 =~ Integer[0, 9]";
  const { page, errors, close } = await openPage(env, environmentLink(code));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  const docs = page.locator('.cm-tooltip-hover [data-testid="docs-hover"]');
  const hover = async (text) => {
    await page.mouse.move(0, 0);
    await docs.waitFor({ state: 'detached' }).catch(() => {});
    await page.locator('.cm-content span', { hasText: new RegExp(`^${text.replace(/[[\]]/g, '\\$&')}$`) }).first().hover();
    await docs.waitFor();
    return docs.innerText();
  };
  assert.equal(await hover("'app'"), "class app(\n  Integer $port = 80,\n  String $root = '/srv',\n)\nmodules/app/manifests/init.pp:2");
  assert.equal(await hover('App::Port'), 'type App::Port = Integer[1, 65535]\nmodules/app/types/port.pp:1');
  assert.equal(await hover('Integer'), 'Integer[Integer $from, Integer $to]: whole numbers within from..to');
  assert.deepEqual(errors, []);
  await close();
});

test("inside class { 'x': } the class names and then its parameters are offered", async () => {
  const { page, errors, close } = await openPage(env, environmentLink(''));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  const list = page.locator('.cm-tooltip-autocomplete');
  const labels = () => list.locator('li[role="option"] .cm-completionLabel').allTextContents();
  // The editor closes the brace and the quote as they are typed: `class { 'ap|'}`.
  await typeAtEnd(page, "class { 'ap");
  // The list may first show what an earlier key offered (`class`, typed above), even after this key's: wait for
  // this one, and for the list to hold it alone.
  const label = (text) => list.locator('li[role="option"] .cm-completionLabel').filter({ hasText: new RegExp(`^${text}$`) });
  await label('app').waitFor();
  assert.deepEqual(await settledAnswer(labels, ['app']), ['app']);
  // Then a body: the text replaced at once (no key to race the list), and `po` typed.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText("class { 'app':\n  ");
  await page.keyboard.type('po', { delay: 20 });
  await label('port').waitFor();
  assert.deepEqual(await settledAnswer(labels, ['port']), ['port']);
  assert.equal(await list.locator('li[role="option"] .cm-completionDetail').first().textContent(), 'Integer $port = 80');
  assert.deepEqual(errors, []);
  await close();
});
