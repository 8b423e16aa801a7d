// Shared set-up of the end-to-end tests: serve web/dist on a free port, launch Debian's Chromium, open pages that record errors.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
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

/**
 * `read()` again every 50 ms until it deep-equals `expected` or `timeout` ms have passed, and its last answer: for
 * what the page shows a moment before settling (a list an earlier key asked for, replaced by this key's). The
 * caller asserts on the answer, so a page that never settles still fails, with what it showed.
 */
export async function settledAnswer(read, expected, timeout = 5000) {
  const deadline = Date.now() + timeout;
  let answer = await read();
  while (!isDeepStrictEqual(answer, expected) && Date.now() < deadline) {
    await new Promise((wake) => setTimeout(wake, 50));
    answer = await read();
  }
  return answer;
}

/**
 * Whether the machine is quiet enough for a wall-clock bound to mean something: the load average under the number
 * of cores, and (where the kernel reports it) tasks waiting for a processor less than a tenth of the last 10 s. The
 * load average alone lags: a build that has just started holds both cores while it still reads low.
 */
export function machineIsQuiet() {
  if (loadavg()[0] >= availableParallelism()) return false;
  try {
    const waited = readFileSync('/proc/pressure/cpu', 'utf8').match(/^some avg10=([\d.]+)/m);
    return !waited || Number(waited[1]) < 10;
  } catch {
    return true;
  }
}

/** The number of results the page has shown so far. */
export const runs = (page) => page.evaluate(() => Number(document.body.dataset.runs ?? 0));

/** Wait for a result after `count` earlier ones. */
export async function nextResult(page, count, timeout = 10000) {
  // A result after `count`, for the text as it is: a key after a pause runs at once, so the result of the first of
  // several edits made together (replaceCode's lines) may come before the one for all of them.
  await page.waitForFunction(
    (n) => Number(document.body.dataset.runs ?? 0) > n && (document.body.dataset.resultEdits ?? '0') === (document.body.dataset.edits ?? '0'),
    count,
    { timeout },
  );
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

/** The browser's renderers: `[{ pid, cpuSeconds }]` (Chromium's SystemInfo domain, through a browser-wide CDP session). */
async function renderers(browser) {
  const session = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await session.send('SystemInfo.getProcessInfo');
    return processInfo.filter((p) => p.type === 'renderer').map((p) => ({ pid: p.id, cpuSeconds: p.cpuTime }));
  } finally {
    await session.detach();
  }
}

/** The process ids of the browser's renderers now, for `rendererUsage` to leave out. */
export async function rendererPids(browser) {
  return (await renderers(browser)).map((r) => r.pid);
}

/**
 * What the renderers started since `before` (from `rendererPids`) used: `peakMb`, the largest peak resident
 * memory (the kernel's VmHWM: the page's own process, its workers included, whatever it freed since), and
 * `cpuSeconds`, the processor time they took in all. On a machine shared with other work the processor time
 * is what the wall-clock time would be on an idle one (a page's work is mostly one thread).
 */
export async function rendererUsage(browser, before) {
  const { readFile } = await import('node:fs/promises');
  let peakMb = 0;
  let cpuSeconds = 0;
  for (const { pid, cpuSeconds: cpu } of await renderers(browser)) {
    if (before.includes(pid)) continue;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    peakMb = Math.max(peakMb, Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024);
    cpuSeconds += cpu;
  }
  return { peakMb, cpuSeconds };
}

/** Show a developer view (AST, Tokens): they are tucked away behind their button until asked for. */
export async function showDeveloperPane(page, name) {
  const toggle = page.getByTestId('developer-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await choosePane(page, name.toLowerCase());
}

/** Show the pane `id` (panes/registry.js) as a person does: on a phone the tabs are behind the pane menu. */
export async function choosePane(page, id) {
  const menu = page.getByTestId('pane-menu');
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.getByTestId(`tab-${id}`).click();
}

/** Type `text` at the end of the editor's text. */
export async function typeAtEnd(page, text) {
  const editor = page.getByTestId('editor');
  await editor.click();
  await editor.press('Control+End');
  await page.keyboard.type(text);
}

/** A manifest of `lines` lines: assignments and resources (every sixth line a resource of five lines), as
 * web/scripts/measure-typing.mjs types into. */
export function manifest(lines) {
  const out = [];
  for (let i = 0; out.length < lines; i += 1) {
    out.push(`$value_${i} = ${i} * 2 + ${i % 7}`);
    if (i % 2 === 0 && lines - out.length >= 5) out.push(`file { "/tmp/file_${i}":`, '  ensure  => file,', `  content => "v=\${value_${i}}",`, `  mode    => '0644',`, '}');
  }
  return out.join('\n');
}
