// End to end, help for learners: "did you mean" notes, syntax-error notes that point where a comma belongs or which bracket is open,
// warnings for attribute values a built-in type cannot take, documentation links for the code at the cursor, examples one can extend.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { codeLink, nextResult, openPage, runs, startBrowserAndServer } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

/** The first problem's own text and its notes. */
async function firstProblem(page) {
  const item = page.getByTestId('problems').locator('li').first();
  await item.waitFor();
  return {
    message: await item.locator('.problem-message').textContent(),
    notes: await item.locator('.problem-note').allTextContents(),
  };
}

const MISTAKES = [
  {
    code: "$message = 'hello'\nnotice($mesage)",
    message: "2:8 error: Evaluation Error: Unknown variable: 'mesage'.",
    note: "did you mean '$message'?",
  },
  { code: "notic('hello')", message: "1:1 error: Evaluation Error: Unknown function: 'notic'.", note: "did you mean 'notice'?" },
  { code: "$port = Intger(80)", message: '1:9 error: Evaluation Error: Resource type not found: Intger', note: "did you mean 'Integer'?" },
  {
    code: "file { '/tmp/motd': ensur => file }",
    message: /error: .*no parameter named 'ensur'/,
    note: "did you mean 'ensure'?",
  },
  {
    code: 'define site($port = 80) { }\nsite { \'a\': prot => 8080 }',
    message: /error: .*has no parameter named 'prot'/,
    note: "did you mean 'port'?",
  },
];

for (const { code, message, note } of MISTAKES) {
  test(`a "did you mean" note comes with Puppet's message: ${code.split('\n').pop()}`, async () => {
    const { page, errors, close } = await openPage(env, codeLink(env, code));
    const problem = await firstProblem(page);
    if (typeof message === 'string') assert.equal(problem.message, message);
    else assert.match(problem.message, message);
    assert.deepEqual(problem.notes, [`note: ${note}`]);
    // The editor's hover text has the note too.
    assert.deepEqual(errors, []);
    await close();
  });
}

test('a missing comma: the note points where it belongs, and the editor marks that place', async () => {
  const { page, close } = await openPage(env, codeLink(env, "file { '/tmp/motd':\n  ensure => file\n  mode   => '0644',\n}"));
  const problem = await firstProblem(page);
  assert.equal(problem.message, "3:3 error: Syntax error at 'mode'");
  assert.deepEqual(problem.notes, ["note: a ',' may be missing after 'file' (line 2, column 17)"]);
  const mark = page.locator('.cm-lintPoint-info');
  await mark.waitFor({ state: 'attached' });
  // The mark is at the end of line 2.
  const line = await mark.evaluate((el) => el.closest('.cm-line').textContent);
  assert.equal(line, '  ensure => file');
  await close();
});

test('a missing => in a hash: the note says so', async () => {
  const { page, close } = await openPage(env, codeLink(env, "$h = { 'a' 1 }"));
  const problem = await firstProblem(page);
  assert.equal(problem.message, "1:12 error: Syntax error at '1'");
  assert.deepEqual(problem.notes, ["note: a '=>' may be missing after 'a' (line 1, column 11)"]);
  await close();
});

test('an unclosed bracket at the end of the input: the note names the bracket and the editor marks it', async () => {
  const { page, close } = await openPage(env, codeLink(env, "class web {\n  $a = [1, 2\n"));
  const problem = await firstProblem(page);
  assert.match(problem.message, /Syntax error at end of input/);
  assert.deepEqual(problem.notes, ["note: the '[' at line 2, column 8 is not closed"]);
  const mark = page.locator('.cm-lintRange-info');
  await mark.waitFor();
  assert.equal(await mark.textContent(), '[');
  await close();
});

test('an attribute value a built-in type cannot take is a warning listing the allowed values', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, "service { 'nginx':\n  ensure => runing,\n  enable => true,\n}"));
  const item = page.getByTestId('problems').locator('li.warning').first();
  await item.waitFor();
  assert.equal(
    await item.locator('.problem-message').textContent(),
    '2:13 warning: Parameter ensure failed on Service[nginx]: Invalid value "runing". Valid values are stopped, running.',
  );
  assert.deepEqual(await page.getByTestId('problems').locator('li.error').count(), 0);
  const squiggle = page.locator('.cm-lintRange-warning');
  await squiggle.waitFor();
  assert.equal(await squiggle.textContent(), 'runing');
  assert.deepEqual(errors, []);
  await close();
});

test('Help links to the Puppet documentation of the construct at the cursor, and says what the playground supports', async () => {
  const code = "service { 'nginx': ensure => running }\nif $facts['os']['family'] == 'Debian' {\n  notice('debian')\n}";
  const { page, close } = await openPage(env, codeLink(env, code));
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  const cases = [
    { line: 3, column: 4, href: 'https://www.puppet.com/docs/puppet/7/function.html#notice', text: /notice/ },
    { line: 1, column: 3, href: 'https://www.puppet.com/docs/puppet/7/types/service.html', text: /service/ },
    { line: 2, column: 1, href: 'https://www.puppet.com/docs/puppet/7/lang_conditional.html', text: /if/ },
    { line: 2, column: 6, href: 'https://www.puppet.com/docs/puppet/7/lang_facts_and_builtin_vars.html', text: /facts/ },
  ];
  for (const { line, column, href, text } of cases) {
    const target = page.locator('.cm-line').nth(line - 1);
    await target.click({ position: { x: 1, y: 5 } });
    await page.keyboard.press('Home');
    for (let i = 1; i < column; i += 1) await page.keyboard.press('ArrowRight');
    await page.getByTestId('help').click();
    const link = page.getByTestId('docs-link');
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), href);
    assert.match(await link.textContent(), text);
    // What it does not do: Ruby written for a machine (custom facts, providers), applying a catalog.
    assert.match(await page.getByTestId('help-dialog').textContent(), /Not run: Ruby written for a machine/);
    await page.keyboard.press('Escape');
    await page.getByTestId('help-dialog').waitFor({ state: 'hidden' });
  }
  await close();
});

test('every example ends where a learner can add a line (nothing after it has "no effect")', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '0'));
  const ids = await page.getByTestId('examples').locator('option').evaluateAll((options) => options.map((o) => o.value).filter(Boolean));
  for (const id of ids) {
    let before = await runs(page);
    await page.getByTestId('examples').selectOption(id);
    await nextResult(page, before);
    if ((await page.getByTestId('open-file').textContent()) !== 'snippet.pp') {
      await page.getByTestId('file-tree').locator('[data-path="snippet.pp"]').click();
    }
    before = await runs(page);
    const editor = page.getByTestId('editor');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText("\nnotice('one more line')");
    await nextResult(page, before);
    const problems = await page.getByTestId('problems').locator('li.error').allTextContents();
    assert.deepEqual(problems, [], `example '${id}' takes one more line`);
  }
  assert.deepEqual(errors, []);
  await close();
});
