// Measure how fast the editor's knowledge answers in the page (headless Chromium, localhost, the full engine loaded):
// completion (typing the last letter of `mer` until the list shows merge) and hover (the mouse on `$x` until its value
// shows), medians of 15 each. CodeMirror waits before it asks (hover 300 ms, completion as configured), so the
// figures are printed with that wait and without it: the latter is the engine's answer and the page's drawing.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/helpers.mjs';
import { startServer } from './serve.mjs';

/** CodeMirror's hover tooltip delay (hoverTooltip's default `hoverTime`). */
const HOVER_DELAY_MS = 300;
const ROUNDS = 15;

const server = await startServer(0);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
/** Wait, checking every animation frame (Playwright's own waits poll at growing intervals, up to 500 ms), until `selector` matches inside the editor. */
const shown = (selector) =>
  page.waitForFunction((css) => document.querySelector('#editor').shadowRoot.querySelector(css), selector, { polling: 'raf' });
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const context = await browser.newContext();
const page = await context.newPage();
const code = "$x = [1, 2].map |$v| { $v * 2 }\nnotice($x)\n";
await page.goto(`${base}?code=${encodeURIComponent(code)}`);
await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
// The full engine (which answers completion and records values) loads at idle; wait for its first lint.
await page.waitForFunction(() => document.body.dataset.firstLintMs, null, { timeout: 60000 });

const hover = [];
const x = page.locator('.cm-content span', { hasText: /^\$x$/ }).first();
for (let i = 0; i < ROUNDS; i += 1) {
  await page.mouse.move(0, 0);
  await page.locator('.cm-tooltip-hover').waitFor({ state: 'detached' }).catch(() => {});
  const box = await x.boundingBox();
  const started = await page.evaluate(() => performance.now());
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await shown('.cm-tooltip-hover [data-testid="value-hover"]');
  hover.push((await page.evaluate(() => performance.now())) - started);
}

const completion = [];
for (let i = 0; i < ROUNDS; i += 1) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('$y = me');
  const started = await page.evaluate(() => performance.now());
  await page.keyboard.type('r');
  await shown('.cm-tooltip-autocomplete li[role="option"]');
  await page.locator('.cm-tooltip-autocomplete li', { hasText: /^merge/ }).first().waitFor();
  completion.push((await page.evaluate(() => performance.now())) - started);
  await page.keyboard.press('Escape');
  for (let k = 0; k < 8; k += 1) await page.keyboard.press('Backspace');
}

const fmt = (ms) => `${ms.toFixed(0)} ms`;
console.log(`completion: typing the r of "mer" to the list with merge: median ${fmt(median(completion))} (min ${fmt(Math.min(...completion))}, max ${fmt(Math.max(...completion))}), CodeMirror's own wait included`);
console.log(`hover: the mouse on $x to its value: median ${fmt(median(hover))}, ${fmt(median(hover) - HOVER_DELAY_MS)} after CodeMirror's ${HOVER_DELAY_MS} ms hover delay`);
await browser.close();
server.close();
