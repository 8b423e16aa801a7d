// Shared set-up of the end-to-end tests: serve web/dist on a free port, launch Debian's Chromium, open pages that record errors.
import { chromium } from 'playwright-core';
import { startServer } from '../scripts/serve.mjs';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function startBrowserAndServer() {
  const server = await startServer(0);
  const { port } = server.address();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return {
    browser,
    baseUrl: `http://127.0.0.1:${port}/`,
    async close() {
      await browser.close();
      await new Promise((done) => server.close(done));
    },
  };
}

/**
 * Open `url` in a fresh context (its own local storage) and wait until the engine is ready.
 * `errors` collects page errors, console errors and CSP violations (`securitypolicyviolation`).
 * `test` is put on `window.__PUPPET_PLAYGROUND_TEST__` before the page's scripts run.
 */
export async function openPage(env, url = env.baseUrl, { test, context: existing, permissions } = {}) {
  const context = existing ?? (await env.browser.newContext({ permissions }));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    d.dismiss();
  });
  await page.exposeFunction('__reportViolation', (text) => errors.push(`csp: ${text}`));
  await page.addInitScript((hooks) => {
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
    if (hooks) window.__PUPPET_PLAYGROUND_TEST__ = hooks;
  }, test ?? null);
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  return {
    page,
    errors,
    async close() {
      await page.close();
      if (!existing) await context.close();
    },
  };
}

/** The number of results the page has shown so far. */
export const runs = (page) => page.evaluate(() => Number(document.body.dataset.runs ?? 0));

/** Wait for a result after `count` earlier ones. */
export async function nextResult(page, count, timeout = 10000) {
  await page.waitForFunction((n) => Number(document.body.dataset.runs ?? 0) > n, count, { timeout });
}

/** The editor's text, without the inline result widgets. */
export function editorText(page) {
  return page.locator('.cm-line').evaluateAll((lines) =>
    lines
      .map((line) =>
        [...line.childNodes]
          .filter((n) => !n.classList?.contains('cm-inline-result') && !n.classList?.contains('cm-widgetBuffer'))
          .map((n) => n.textContent)
          .join(''),
      )
      .join('\n'),
  );
}

export const text = (page, testId) => page.getByTestId(testId).textContent();

/** A `?code=` link for `code`. */
export const codeLink = (env, code) => `${env.baseUrl}?code=${encodeURIComponent(code)}`;

/**
 * Replace the editor's code the way a person does: select all, then type. (Playwright's `fill`
 * inserts through `execCommand`, which now and then lets Chrome replace the styled text natively,
 * with inline styles the CSP rightly blocks; typing goes through the editor's own input handling.)
 */
export async function replaceCode(page, code, editor = page.getByTestId('editor')) {
  await editor.click();
  await page.keyboard.press('Control+A');
  if (code === '') {
    await page.keyboard.press('Backspace');
    return;
  }
  const lines = code.split('\n');
  for (const [index, line] of lines.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    if (line) await page.keyboard.insertText(line);
  }
}
