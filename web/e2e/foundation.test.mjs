// End to end, the basics: type code, run it with Ctrl+Enter or Run, read value, type and problems; headers as netlify.toml says.
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

test('typing 1 + 2 * 3 and pressing Ctrl+Enter shows 7 and Integer[7, 7]', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, '0'));
  const editor = page.getByTestId('editor');
  await replaceCode(page, '', editor);
  await editor.pressSequentially('1 + 2 * 3');
  await editor.press('Control+Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="result-value"]').textContent === '7');
  assert.equal(await text(page, 'result-type'), 'Integer[7, 7]');
  assert.equal(await text(page, 'result-generalized'), 'Integer');
  assert.deepEqual(errors, [], 'no page errors and no CSP violations');
  await close();
});

test('the Run button shows a division by zero pointing at the divisor (as real Puppet does)', async () => {
  const { page, close } = await openPage(env, codeLink(env, '0'));
  const before = await runs(page);
  await replaceCode(page, '1 / 0');
  await page.getByTestId('run').click();
  await nextResult(page, before);
  const problem = page.getByTestId('problems').locator('li').first();
  await problem.waitFor();
  assert.equal(await problem.textContent(), '1:5 error: Evaluation Error: Division by 0');
  assert.equal(await text(page, 'result-value'), '');
  await close();
});

test('the server sends the CSP of netlify.toml and serves .wasm as application/wasm', async () => {
  const page = await env.browser.newPage();
  const response = await page.goto(env.baseUrl);
  const csp = response.headers()['content-security-policy'];
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.match(csp, /style-src 'self'[;$]/);
  const wasmUrl = await page.evaluate(async () => {
    const html = await (await fetch('./')).text();
    // The entry and the chunks it preloads: one of them starts the worker.
    const scripts = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const js = (await Promise.all(scripts.map(async (s) => (await fetch(s)).text()))).join('\n');
    const worker = /(assets\/worker-[\w-]+\.js)/.exec(js)?.[1] ?? /(?<![\w-])worker-[\w-]+\.js/.exec(js)[0];
    const workerJs = await (await fetch(worker.startsWith('assets/') ? worker : `assets/${worker}`)).text();
    return /puppet_wasm_bg-[\w-]+\.wasm/.exec(workerJs)[0];
  });
  const wasm = await page.request.get(new URL(`assets/${wasmUrl}`, env.baseUrl).href);
  assert.equal(wasm.headers()['content-type'], 'application/wasm');
  assert.match(wasm.headers()['cache-control'], /immutable/);
  await page.close();
});
