// End to end, the address, the autosave and Share while typing in a large manifest: the address's compressed text is made in a worker after typing pauses, yet it, the autosave and a link made at once all hold the latest text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { decodeLocation, encodeFragment } from '../src/share.js';
import { editorText, manifest, openPage, startBrowserAndServer, typeAtEnd } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const BIG = manifest(3000);

test('after typing pauses, the address of a 3,000-line manifest is compressed in a worker into the same link the page makes', async () => {
  const { page, errors, close } = await openPage(env, `${env.baseUrl}#${encodeFragment(BIG)}`);
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await typeAtEnd(page, '\nnotice($value_1)');
  const expected = `#${encodeFragment(`${BIG}\nnotice($value_1)`)}`;
  await page.waitForFunction((hash) => location.hash === hash, expected, { timeout: 10000 });
  assert.ok(
    page.workers().some((worker) => /deflate-worker/.test(worker.url())),
    `the address was compressed in a worker (workers: ${page.workers().map((w) => w.url())})`,
  );
  assert.deepEqual(errors, []);
  await close();
});

/** The text the page keeps for the next visit (its autosave). */
const autosaved = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('puppet-playground/v1') ?? 'null')?.code ?? null);

/** The editor's last line, once the end of its text is in view (the editor draws only what is in view). */
async function lastLine(page) {
  const editor = page.getByTestId('editor');
  await editor.click();
  await editor.press('Control+End');
  return (await editorText(page)).split('\n').at(-1);
}

test('the autosave keeps what was typed last: on the next visit, whether the tab waited for the pause or closed at once', async () => {
  const context = await env.browser.newContext();
  const first = await openPage(env, `${env.baseUrl}#${encodeFragment(BIG)}`, { context });
  await first.page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await typeAtEnd(first.page, '\n$after_pause = 1');
  // After the pause the address follows (compressed off the page's thread), and the autosave with it.
  const typed = `${BIG}\n$after_pause = 1`;
  await first.page.waitForFunction((hash) => location.hash === hash, `#${encodeFragment(typed)}`, { timeout: 10000 });
  assert.equal(await autosaved(first.page), typed);
  await first.page.close();
  const second = await openPage(env, env.baseUrl, { context });
  await second.page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  assert.equal(await autosaved(second.page), typed);
  assert.equal(await lastLine(second.page), '$after_pause = 1');
  // Typing and closing the tab at once, before the pause: the page writes what it holds as it goes.
  await second.page.keyboard.type('\n$closed_at_once = 2');
  // With runBeforeUnload Playwright does not wait for the page to be gone: wait for it, so the next page reads
  // what the closing one wrote.
  await Promise.all([second.page.waitForEvent('close'), second.page.close({ runBeforeUnload: true })]);
  const third = await openPage(env, env.baseUrl, { context });
  assert.equal(await autosaved(third.page), `${typed}\n$closed_at_once = 2`);
  assert.equal(await lastLine(third.page), '$closed_at_once = 2');
  await third.page.close();
  await context.close();
});

test('a share link made right after typing holds the latest text', async () => {
  const { page, errors, close } = await openPage(env, `${env.baseUrl}#${encodeFragment(BIG)}`, { permissions: ['clipboard-write'] });
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  await typeAtEnd(page, '\n$shared = 42');
  await page.getByTestId('share').click();
  // The field beside Share shows the link (the clipboard gets it too; the status says so until a result replaces it).
  await page.getByTestId('share-link').waitFor();
  const link = await page.getByTestId('share-link').inputValue();
  const opened = decodeLocation(new URL(link));
  assert.equal(opened.code, `${BIG}\n$shared = 42`);
  // The same link the page's own encoder makes, with where the sender was.
  assert.ok(link.includes(`#${encodeFragment(opened.code)};at=`), 'the link is the one encodeFragment makes, then the cursor');
  assert.deepEqual(errors, []);
  await close();
});
