// End to end, the page's layout: long inline results never widen the editor or the page (phone and desktop), cut with an ellipsis and shown whole on hover.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { codeLink, openPage, startBrowserAndServer } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const SQUARES = 'Integer[1, 300].map |$i| { $i * $i }';

/** How far the document and the editor's scroller overflow sideways, in px. */
const overflow = (page) =>
  page.evaluate(() => {
    const scroller = document.querySelector('#editor').shadowRoot.querySelector('.cm-scroller');
    return {
      document: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      editor: scroller.scrollWidth - scroller.clientWidth,
    };
  });

test('phone (390 px): a long inline result leaves the page and the editor at the screen width', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page, errors, close } = await openPage(env, codeLink(env, `$squares = ${SQUARES}\n$squares.length`), { context });
  await page.locator('.cm-inline-result').first().waitFor();
  assert.equal(await page.evaluate(() => innerWidth), 390, 'no zoomed-out layout');
  assert.deepEqual(await overflow(page), { document: 0, editor: 0 });
  // The result and the editor both fit the screen.
  for (const selector of ['#editor', '.side']) {
    const box = await page.locator(selector).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `${selector} fits: ${JSON.stringify(box)}`);
  }
  assert.deepEqual(errors, []);
  await close();
  await context.close();
});

test('desktop: a long inline result is cut with an ellipsis at the editor\'s edge and shown whole on hover', async () => {
  const { page, errors, close } = await openPage(env, codeLink(env, `$squares = ${SQUARES}\n$squares.length`));
  const hint = page.locator('.cm-inline-result').first();
  await hint.waitFor();
  assert.deepEqual(await overflow(page), { document: 0, editor: 0 });
  const style = await hint.evaluate((el) => {
    const s = getComputedStyle(el);
    return { textOverflow: s.textOverflow, overflow: s.overflowX, cut: el.scrollWidth > el.clientWidth };
  });
  assert.deepEqual(style, { textOverflow: 'ellipsis', overflow: 'hidden', cut: true });
  // Hovering shows the whole value: the last square is 90000.
  const whole = await hint.getAttribute('title');
  assert.match(whole, /^⇒ \[1, 4, 9, .*, 89401, 90000\] : Tuple\[/);
  assert.deepEqual(errors, []);
  await close();
});
