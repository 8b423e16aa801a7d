// End to end: load the served page in Chromium, type code, run it, and read value, type and problems.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowserAndServer } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

async function openPage() {
  const page = await env.browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(env.baseUrl);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  return { page, errors };
}

test('typing 1 + 2 * 3 and pressing Ctrl+Enter shows 7 and Integer[7, 7]', async () => {
  const { page, errors } = await openPage();
  const editor = page.getByTestId('editor');
  await editor.fill('');
  await editor.pressSequentially('1 + 2 * 3');
  await editor.press('Control+Enter');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="result-value"]').textContent === '7',
  );
  assert.equal(await page.getByTestId('result-type').textContent(), 'Integer[7, 7]');
  assert.equal(await page.getByTestId('result-generalized').textContent(), 'Integer');
  assert.deepEqual(errors, [], 'no page errors (the CSP lets the page and its wasm run)');
  await page.close();
});

test('the Run button shows a division by zero pointing at the divisor', async () => {
  const { page } = await openPage();
  await page.getByTestId('editor').fill('1 / 0');
  await page.getByTestId('run').click();
  const problem = page.getByTestId('problems').locator('li').first();
  await problem.waitFor();
  assert.equal(await problem.textContent(), '1:5 error: Evaluation Error: Division by 0');
  assert.equal(await page.getByTestId('result-value').textContent(), '');
  await page.close();
});

test('the server sends the CSP of netlify.toml and serves .wasm as application/wasm', async () => {
  const page = await env.browser.newPage();
  const response = await page.goto(env.baseUrl);
  assert.match(response.headers()['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
  const wasm = await page.request.get(new URL('pkg/puppet_wasm_bg.wasm', env.baseUrl).href);
  assert.equal(wasm.headers()['content-type'], 'application/wasm');
  await page.close();
});
